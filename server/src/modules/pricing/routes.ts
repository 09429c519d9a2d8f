import {
  addServsBody,
  batchChangePricesBody,
  batchServiceCardsBody,
  cardPriceRow,
  checkProductShopStatusBody,
  checkServShopStatusBody,
  copyTemplateBody,
  findEeSpecialListBody,
  getProductShopStatusBody,
  getServShopStatusBody,
  id,
  idParam,
  newTemplateBody,
  type PriceKind,
  type PriceLine,
  perfRatio as perfRatioAnswer,
  priceControlDeleteBody,
  priceControlListBody,
  priceControlSave,
  productPriceBatchSave,
  productPriceGridPageQuery,
  productPriceGridQuery,
  productPriceSave,
  productShopStatusBody,
  resolvedPrice,
  resolvePriceQuery,
  saveBasePriceBody,
  savePerfRatioBody,
  saveServCardsBody,
  saveShopServicePriceBody,
  saveSpecialsBody,
  saveSystemTemplateBody,
  saveTemplatePricesBody,
  saveTemplateShopsBody,
  selectEeSpecialBody,
  servicePriceGridPageQuery,
  servicePriceGridQuery,
  servicePriceSearchQuery,
  servPriceCardsQuery,
  servShopStatusBody,
  setEeSpecialBody,
  shopCardsQuery,
  shopPriceListQuery,
  shopQuery,
  shopSaveServCardsBody,
  shopSaveSpecialsBody,
  shopServiceQuery,
  shopServStatusBody,
  specialLogBody,
  stopTemplateBody,
  templateDetail as templateDetailAnswer,
  templateListQuery,
  templatePage,
  unableShopRow,
  unableShopsQuery,
  updateServStatusBody,
} from '@headoffice/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type ExcelColumn, statusText, yuanCell } from '../../platform/excel.js';
import { registerImport } from '../../platform/importer.js';
import { listExport } from '../../platform/list-export.js';
import { route } from '../../platform/route.js';
import { services } from '../catalog/public.js';
import { loadShop } from '../org/public.js';
import { batchServiceCards, cardInfos, deleteCard, saveServiceCards, serviceCards, shopCards } from './cards.js';
import { assertVisible, loadControls, loadItems, refNotFound } from './common.js';
import { deleteControls, listControls, saveControl } from './controls.js';
import { productGrid, serviceGrid } from './grid.js';
import './messages.js';
import { priceOf } from './resolve.js';
import { serviceSpecials } from './schema.js';
import {
  addItemsToShop,
  batchChangePrices,
  checkShopStatus,
  deleteShopPrice,
  saveManyShopPrices,
  saveOneShopPrice,
  searchServicePrices,
  setShopStatus,
  shopItemList,
  shopPriceRow,
  shopStatusOfItem,
  updateStatusByIds,
} from './shop-prices.js';
import { specialImportDef } from './special-import.js';
import { deleteSpecial, saveSpecials, setShopSpecials, shopSpecialList, shopSpecialView, specialLog, specialRows } from './specials.js';
import {
  allTemplates,
  copyTemplate,
  listTemplates,
  newTemplate,
  nextTemplateCode,
  saveSystemTemplate,
  saveTemplatePrices,
  saveTemplateShops,
  stopTemplate,
  templateDetail,
  unableShops,
} from './templates.js';

const SP = '/api-chain/serviceprice';
const SI = '/api-chain/serviceinfo';

/** A price grid's column per shop: the shop's price, or 未上架 / 停售 when it does not sell the item. */
function shopPriceColumns<T extends { prices: Record<string, { price: number; status: number }> }>(
  shops: { id: number; name: string }[],
): ExcelColumn<T>[] {
  return shops.map((shop) => ({
    key: `shop${shop.id}`,
    title: [shop.name, shop.name] as const,
    value: (r, lang) => {
      const cell = r.prices[String(shop.id)];
      if (!cell) return lang === 'en-US' ? 'Not listed' : '未上架';
      return cell.status === 1 ? yuanCell(cell.price) : `${yuanCell(cell.price)} (${statusText(0, lang)})`;
    },
  }));
}
const BSP = '/api-base/serviceprice';
const BSI = '/api-base/serviceinfo';
const PP = '/api-chain/productprice';
const CTRL = '/api-chain/shopPriceControl';

const perm = {
  serviceView: 'pricing.serviceprice.view',
  serviceEdit: 'pricing.serviceprice.edit',
  productView: 'pricing.productprice.view',
  productEdit: 'pricing.productprice.edit',
  controlView: 'pricing.control.view',
  controlEdit: 'pricing.control.edit',
};

async function perfRatio(tx: Db, serviceId: number) {
  const [row] = await tx
    .select({ serviceId: services.id, perfRatio: services.perfRatio })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.isDel, 0)));
  if (!row) throw refNotFound('service', serviceId);
  return row;
}

/** Writes only services.perf_ratio (the catalogue owns the rest of the row). */
async function setPerfRatio(tx: Db, serviceId: number, ratio: number | null) {
  const updated = await tx
    .update(services)
    .set({ perfRatio: ratio })
    .where(and(eq(services.id, serviceId), eq(services.isDel, 0)))
    .returning({ serviceId: services.id, perfRatio: services.perfRatio });
  if (!updated.length) throw refNotFound('service', serviceId);
  return updated[0];
}

/** findShopServprice: a service as one shop sells it, with its bounds, level prices and card prices. */
async function shopServiceDetail(tx: Db, auth: Parameters<typeof loadShop>[1], shopId: number, serviceId: number) {
  await loadShop(tx, auth, shopId);
  const service = (await loadItems(tx, 'service', [serviceId])).get(serviceId);
  if (!service) throw refNotFound('service', serviceId);
  const row = await shopPriceRow(tx, 'service', shopId, serviceId);
  const controls = await loadControls(tx, 'service', [serviceId]);
  const specials = await specialRows(tx, serviceId, or(isNull(serviceSpecials.shopId), eq(serviceSpecials.shopId, shopId)));
  const cards = await serviceCards(tx, auth, serviceId, shopId);
  const control = controls.get(serviceId);
  return {
    shopId,
    serviceId,
    code: service.code,
    name: service.name,
    basePrice: service.basePrice,
    listed: Boolean(row),
    status: row?.status ?? null,
    price: row?.price ?? null,
    priceId: row?.id ?? null,
    minPrice: control?.min ?? null,
    maxPrice: control?.max ?? null,
    specials,
    cards,
  };
}

function serviceShopPriceRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    `${SP}/findServPriceList`,
    {
      summary: 'Shop × service price grid (at most 1000 services)',
      description:
        'Columns are `shops` (`shopIds=3,5,8`, default every open shop the user may see, at most 200); rows are services with `prices` = {shopId: {id, price, status, templateId}}. A shop missing from a row does not list the service. Filters: serviceTypeId, line (mf hair, mr beauty), keyword (code or name), sold (1 sold in at least one grid shop, 0 in none).',
      perm: perm.serviceView,
      query: servicePriceGridQuery,
    },
    ({ tx, auth, query }) => serviceGrid(tx, auth, query, undefined),
  );
  route(
    app,
    'GET',
    `${SP}/findServPriceListPage`,
    {
      summary: 'Shop × service price grid, paged over services',
      description:
        'As findServPriceList, with page/pageSize/sort (code, name, basePrice, line); answers {shops, list, total, page, pageSize}.',
      perm: perm.serviceView,
      query: servicePriceGridPageQuery,
    },
    ({ tx, auth, query }) => serviceGrid(tx, auth, query, query),
  );
  listExport(app, `${SP}/exportServPriceList`, {
    perm: perm.serviceView,
    query: servicePriceGridPageQuery,
    list: ({ tx, auth }, query) => serviceGrid(tx, auth, query, query),
    title: ['门店服务价格', 'Shop service prices'],
    columns: (first) => [
      { key: 'code', title: ['项目编码', 'Code'] },
      { key: 'name', title: ['项目名称', 'Service'], width: 24 },
      { key: 'serviceTypeName', title: ['项目类别', 'Type'] },
      { key: 'basePrice', title: ['标准价', 'Base price'], value: (r) => yuanCell(r.basePrice) },
      ...shopPriceColumns(first.shops),
    ],
  });
  route(
    app,
    'GET',
    `${SP}/list/search`,
    {
      summary: 'Shop service prices: flat paged search (one row per shop × service)',
      description:
        'Filters shopId, serviceId, serviceTypeId, line, status (1 sold, 0 not sold), templateId, keyword (service code or name). Only shops the user may see.',
      perm: perm.serviceView,
      query: servicePriceSearchQuery,
    },
    ({ tx, auth, query }) => searchServicePrices(tx, auth, query),
  );
  route(
    app,
    'GET',
    `${SP}/resolve`,
    {
      summary: 'What shop S charges for item X, paying with card type C, served by level L, on a date (not in the seed)',
      description:
        "The one price question, answered by resolvePrice (modules/pricing/resolve.ts) as the cashier will. Precedence: item disabled → null (inactive); the shop does not list it → null (not-listed) or lists it as not sold → null (not-sold); paying with card type C: the shop's card price, else the chain's (card-shop, card-chain); served by level L: the shop's level price, else the chain's (special-shop, special-chain); else the shop price (shop). The chain base price is never a fallback. `date` is accepted (default today in the tenant's time zone); prices are not effective-dated yet. Any signed-in user who may see the shop (403 otherwise).",
      perm: null,
      query: resolvePriceQuery,
      response: resolvedPrice,
    },
    async ({ tx, auth, query }) => {
      assertVisible(auth, query.shopId);
      const result = await priceOf(tx, query);
      if (!result) {
        await loadShop(tx, auth, query.shopId);
        throw refNotFound(query.kind, query.itemId);
      }
      const { facts: _facts, ...answer } = result;
      return answer;
    },
  );
  route(
    app,
    'POST',
    `${SP}/addServs`,
    {
      summary: 'Add services to a shop at their base price',
      description:
        'Missing services are added at their base price and sold; listed-but-not-sold ones are switched on at their shop price; sold ones are left. Each resulting price must lie within price control (400 naming the bound). Answers {added, enabled, existing}.',
      perm: perm.serviceEdit,
      body: addServsBody,
      entity: 'serviceprice',
    },
    ({ tx, auth, body }) => addItemsToShop(tx, auth, 'service', body.shopId, body.serviceIds, 'serviceIds'),
  );
  route(
    app,
    'POST',
    `${SP}/batchChangPrices`,
    {
      summary: 'Batch price change of shops × services by percent or amount, with preview',
      description:
        'mode percent: price × (1 + value/100), rounded to the cent; mode amount: price + value (cents, may be negative). Only pairs the shop lists change (others count as skipped). preview: true answers rows {before, after, violation} and stores nothing; otherwise all rows are stored or none (400 naming each bound broken).',
      perm: perm.serviceEdit,
      body: batchChangePricesBody,
      entity: 'serviceprice',
      read: (input) => (input.body as { preview?: boolean } | undefined)?.preview === true,
    },
    ({ tx, auth, lang, body }) => batchChangePrices(tx, auth, lang, 'service', { ...body, itemIds: body.serviceIds }),
  );
  route(
    app,
    'POST',
    `${SP}/saveBasePrice`,
    {
      summary: 'Change the chain base price of a service',
      description:
        'services.base_price: the price a shop starts from when the service is added (addServs, switching it on). Existing shop prices do not change. Not subject to price control (which bounds shop prices).',
      perm: perm.serviceEdit,
      body: saveBasePriceBody,
      entity: 'serviceprice',
    },
    async ({ tx, body }) => {
      const updated = await tx
        .update(services)
        .set({ basePrice: body.basePrice, version: sql`${services.version} + 1`, updatedAt: new Date() })
        .where(and(eq(services.id, body.serviceId), eq(services.isDel, 0)))
        .returning({ serviceId: services.id, basePrice: services.basePrice, version: services.version });
      if (!updated.length) throw refNotFound('service', body.serviceId);
      return updated[0];
    },
  );
  route(
    app,
    'POST',
    `${SP}/saveServShopStatus`,
    {
      summary: 'Shops sell (1) or stop selling (0) services',
      description:
        'status 1: every listed shop sells every listed service — missing ones are added at the base price, listed ones switched on (within price control). status 0: listed rows are switched off; nothing is added. Answers {changed, added}.',
      perm: perm.serviceEdit,
      body: servShopStatusBody,
      entity: 'serviceprice',
    },
    ({ tx, auth, body }) => setShopStatus(tx, auth, 'service', body.shopIds, body.serviceIds, body.status, 'serviceIds'),
  );
  route(
    app,
    'POST',
    `${SP}/getServShopStatus`,
    {
      summary: 'For one service: every shop the user may see and whether it sells it',
      read: true,
      description:
        'Rows {shopId, shopCode, shopName, listed, status, price, priceId}; listed false means the shop does not list the service.',
      perm: perm.serviceView,
      body: getServShopStatusBody,
    },
    ({ tx, auth, body }) => shopStatusOfItem(tx, auth, 'service', body.serviceId),
  );
  route(
    app,
    'POST',
    `${SP}/checkServShopStatus`,
    {
      summary: 'Which of the services a shop sells now',
      read: true,
      description:
        'The check before selling or adding: answers {shopId, sold: [ids], notSold: [ids], items: [{itemId, listed, sold, price}]}. A disabled service is never sold.',
      perm: perm.serviceView,
      body: checkServShopStatusBody,
    },
    ({ tx, auth, body }) => checkShopStatus(tx, auth, 'service', body.shopId, body.serviceIds),
  );
  route(
    app,
    'GET',
    `${SP}/queryPerfratio/:id`,
    {
      summary: 'Performance ratio of a service (basis points; null: not set)',
      perm: perm.serviceView,
      params: idParam,
      response: perfRatioAnswer,
    },
    ({ tx, params }) => perfRatio(tx, params.id),
  );
  route(
    app,
    ['GET', 'POST'],
    `${SP}/deletePerfratio/:id`,
    {
      summary: 'Clear the performance ratio of a service (the seed calls it by GET)',
      perm: perm.serviceEdit,
      params: idParam,
      write: true,
      entity: 'serviceprice',
    },
    ({ tx, params }) => setPerfRatio(tx, params.id, null),
  );
  route(
    app,
    'POST',
    `${SP}/savePerfratio`,
    {
      summary: 'Set the performance ratio of a service',
      description:
        "ratio in basis points, 0..10000 (10000 = the whole price counts as the employee's performance). Stored in services.perf_ratio.",
      perm: perm.serviceEdit,
      body: savePerfRatioBody,
      entity: 'serviceprice',
    },
    ({ tx, body }) => setPerfRatio(tx, body.serviceId, body.ratio),
  );

  // Shop side (api-base, ?shopid=)
  route(
    app,
    'POST',
    `${BSP}/saveServPrice`,
    {
      summary: 'A shop sets its own price (and status) of a service',
      description: 'Within price control (400 naming the bound). The row stops following its template (templateId null).',
      perm: perm.serviceEdit,
      query: shopQuery,
      body: saveShopServicePriceBody,
      entity: 'serviceprice',
    },
    ({ tx, auth, query, body }) =>
      saveOneShopPrice(
        tx,
        auth,
        'service',
        { shopId: query.shopid, itemId: body.serviceId, price: body.price, status: body.status },
        { item: 'serviceId', price: 'price' },
      ),
  );
  route(
    app,
    'GET',
    `${BSI}/findShopServprice`,
    {
      summary: 'One service as a shop sells it: shop price and status, bounds, level prices, card prices',
      perm: perm.serviceView,
      query: shopServiceQuery,
    },
    ({ tx, auth, query }) => shopServiceDetail(tx, auth, query.shopid, query.serviceId),
  );
  route(
    app,
    'GET',
    `${BSI}/findShopServpriceList`,
    {
      summary: "A shop's services: every service with the shop's price and status, paged",
      description: 'status 1: sold; 0: not sold (listed off, or not listed). Filters serviceTypeId, line, keyword.',
      perm: perm.serviceView,
      query: shopPriceListQuery,
    },
    async ({ tx, auth, query }) =>
      shopItemList(tx, 'service', (await loadShop(tx, auth, query.shopid)).id, {
        ...query,
        extra: and(
          query.serviceTypeId ? eq(services.serviceTypeId, query.serviceTypeId) : undefined,
          query.line ? eq(services.line, query.line) : undefined,
        ),
      }),
  );
  route(
    app,
    'POST',
    `${BSI}/saveServShopStatus`,
    {
      summary: 'The shop sells (1) or stops selling (0) services',
      description: 'As the chain saveServShopStatus for the one shop of ?shopid=.',
      perm: perm.serviceEdit,
      query: shopQuery,
      body: shopServStatusBody,
      entity: 'serviceprice',
    },
    ({ tx, auth, query, body }) => setShopStatus(tx, auth, 'service', [query.shopid], body.serviceIds, body.status, 'serviceIds'),
  );
  route(
    app,
    'POST',
    `${BSI}/updateServStatus`,
    {
      summary: "Status of the shop's price rows by their ids",
      description:
        'ids are shop price row ids (prices[shopId].id of the grid) of the shop of ?shopid= (404 otherwise). Switching on checks price control.',
      perm: perm.serviceEdit,
      query: shopQuery,
      body: updateServStatusBody,
      entity: 'serviceprice',
    },
    ({ tx, auth, query, body }) => updateStatusByIds(tx, auth, 'service', query.shopid, body.ids, body.status),
  );
}

function specialRoutes(app: FastifyInstance) {
  const saveSpecialsSpec = {
    summary: 'Level prices of a service: chain default (no shopId) or one shop',
    description:
      'The level prices of the scope become exactly `items` ([{levelId, price}]); levels left out lose their price. Shop prices must lie within price control. Every change is logged (selectSpecialLog).',
    perm: perm.serviceEdit,
    body: saveSpecialsBody,
    entity: 'servicespecial',
  };
  for (const url of [`${SP}/savespecials`, `${SI}/savespecials`]) {
    route(app, 'POST', url, saveSpecialsSpec, ({ tx, auth, body }) => saveSpecials(tx, auth, body));
  }
  route(
    app,
    'POST',
    `${BSP}/savespecials`,
    { ...saveSpecialsSpec, summary: "A shop's own level prices of a service (?shopid=)", query: shopQuery, body: shopSaveSpecialsBody },
    ({ tx, auth, query, body }) => saveSpecials(tx, auth, { ...body, shopId: query.shopid }),
  );
  route(
    app,
    'DELETE',
    `${SP}/servicespecial/:id`,
    { summary: 'Delete one level price (logged)', perm: perm.serviceEdit, params: idParam, entity: 'servicespecial' },
    ({ tx, auth, params }) => deleteSpecial(tx, auth, params.id),
  );
  route(
    app,
    'POST',
    `${BSI}/selectEeSpecial`,
    {
      summary: "A service's level prices as a shop charges them",
      read: true,
      description:
        "Every enabled position level with the chain price, the shop's own price and the one that applies (shop over chain; null: the shop price of the service applies).",
      perm: perm.serviceView,
      query: shopQuery,
      body: selectEeSpecialBody,
    },
    ({ tx, auth, query, body }) => shopSpecialView(tx, auth, query.shopid, body.serviceId),
  );
  route(
    app,
    'POST',
    `${BSI}/findEeSpecialList`,
    {
      summary: 'Services with level prices in a shop (chain or its own), paged',
      read: true,
      description: 'Rows {serviceId, code, name, basePrice, shopPrice, levels: {levelId: {price, source shop|chain, levelName}}}.',
      perm: perm.serviceView,
      query: shopQuery,
      body: findEeSpecialListBody,
    },
    ({ tx, auth, query, body }) => shopSpecialList(tx, auth, query.shopid, body),
  );
  route(
    app,
    'POST',
    `${BSI}/setEeSpecial`,
    {
      summary: 'A shop overrides (or, with price null, stops overriding) level prices of a service',
      description: 'Only the levels sent change. Within price control; logged. Answers the selectEeSpecial view.',
      perm: perm.serviceEdit,
      query: shopQuery,
      body: setEeSpecialBody,
      entity: 'servicespecial',
    },
    ({ tx, auth, query, body }) => setShopSpecials(tx, auth, query.shopid, body),
  );
  route(
    app,
    'POST',
    `${BSI}/selectSpecialLog`,
    {
      summary: "Change history of a service's level prices, newest first",
      read: true,
      description:
        'shopId null: chain default only; a shopId: that shop; absent: chain and every shop the user may see (or ?shopid=). Paged.',
      perm: perm.serviceView,
      query: z.object({ shopid: id.optional() }),
      body: specialLogBody,
    },
    ({ tx, auth, query, body }) => specialLog(tx, auth, { ...body, shopId: body.shopId === undefined ? query.shopid : body.shopId }),
  );
  registerImport(app, specialImportDef, {
    templateUrl: `${BSI}/specialExcelTemplate`,
    importUrl: `${BSI}/specialBatchImport`,
    perm: perm.serviceEdit,
    templatePerm: perm.serviceView,
    entity: 'servicespecial',
  });
}

function cardRoutes(app: FastifyInstance) {
  const saveSpec = {
    summary: 'Card prices of a service: chain default (no shopId) or one shop',
    description:
      'The card prices of the scope become exactly `items` ([{cardTypeId, price}]). Each cardTypeId must be a card type of the tenant (400 naming `items.<n>.cardTypeId`, nothing written). Shop card prices must lie within price control.',
    perm: perm.serviceEdit,
    body: saveServCardsBody,
    entity: 'servicecard',
  };
  for (const url of [`${SP}/saveServcards`, `${SI}/saveServcards`]) {
    route(app, 'POST', url, saveSpec, ({ tx, auth, body }) => saveServiceCards(tx, auth, body));
  }
  route(
    app,
    'POST',
    `${BSP}/saveServcards`,
    { ...saveSpec, summary: "A shop's own card prices of a service (?shopid=)", query: shopQuery, body: shopSaveServCardsBody },
    ({ tx, auth, query, body }) => saveServiceCards(tx, auth, { ...body, shopId: query.shopid }),
  );
  for (const url of [`${SP}/batchServiceCards`, `${SI}/batchServiceCards`]) {
    route(
      app,
      'POST',
      url,
      {
        summary: 'Set card prices on many services at once',
        description:
          'Every service of serviceIds gets every [{cardTypeId, price}] of items (added or overwritten) at the chain (no shopId) or one shop; their other card prices stay. Each cardTypeId must be a card type of the tenant (400 naming `items.<n>.cardTypeId`, nothing written).',
        perm: perm.serviceEdit,
        body: batchServiceCardsBody,
        entity: 'servicecard',
      },
      ({ tx, auth, body }) => batchServiceCards(tx, auth, body),
    );
  }
  route(
    app,
    'GET',
    `${SI}/findServPriceCards`,
    {
      summary: 'Card prices of a service (chain and shops)',
      description:
        "shopId given: the chain's and that shop's; absent: the chain's and every shop's the user may see, with the card type's name.",
      perm: perm.serviceView,
      query: servPriceCardsQuery,
      response: z.array(cardPriceRow),
    },
    ({ tx, auth, query }) => serviceCards(tx, auth, query.serviceId, query.shopId),
  );
  route(
    app,
    'GET',
    `${SI}/findShopCards`,
    {
      summary: "Card prices that apply in a shop (its own, else the chain's)",
      description: 'One row per service × card type; shopId null marks a chain price. Optional serviceId.',
      perm: perm.serviceView,
      query: shopCardsQuery,
    },
    ({ tx, auth, query }) => shopCards(tx, auth, query.shopid, query.serviceId),
  );
  route(
    app,
    'GET',
    `${SI}/cardinfos`,
    {
      summary: 'Card types that have service prices',
      description: '[{cardTypeId, name, services}]: the card types that have prices, and how many services they price.',
      perm: perm.serviceView,
    },
    ({ tx, auth }) => cardInfos(tx, auth),
  );
  route(
    app,
    'GET',
    `${BSI}/cardinfos`,
    {
      summary: 'Card types that have service prices applying in a shop (?shopid=)',
      description: "As the chain cardinfos, counting the chain's and the shop's own card prices.",
      perm: perm.serviceView,
      query: shopQuery,
    },
    ({ tx, auth, query }) => cardInfos(tx, auth, query.shopid),
  );
  route(
    app,
    'DELETE',
    `${SP}/servicecard/:id`,
    { summary: 'Delete one card price', perm: perm.serviceEdit, params: idParam, entity: 'servicecard' },
    ({ tx, auth, params }) => deleteCard(tx, auth, params.id),
  );
}

function productPriceRoutes(app: FastifyInstance) {
  route(
    app,
    'POST',
    PP,
    {
      summary: 'Price (and status) of a product in a shop',
      description:
        'Create or update by shop × product (an id must be that row). Within price control (400 naming the bound). Only enabled retail products can be sold (409).',
      perm: perm.productEdit,
      body: productPriceSave,
      entity: 'productprice',
    },
    ({ tx, auth, body }) =>
      saveOneShopPrice(
        tx,
        auth,
        'product',
        { id: body.id, shopId: body.shopId, itemId: body.productId, price: body.price, status: body.status },
        { item: 'productId', price: 'price' },
      ),
  );
  route(
    app,
    'POST',
    `${PP}/batchSave`,
    {
      summary: 'Many shop × product prices at once, all or nothing',
      description: 'items [{shopId, productId, price, status}], each pair once; every price within price control.',
      perm: perm.productEdit,
      body: productPriceBatchSave,
      entity: 'productprice',
    },
    ({ tx, auth, body }) =>
      saveManyShopPrices(
        tx,
        auth,
        'product',
        body.items.map((i) => ({ shopId: i.shopId, itemId: i.productId, price: i.price, status: i.status })),
        'productId',
      ),
  );
  route(
    app,
    'GET',
    `${PP}/productPriceList`,
    {
      summary: 'Shop × product price grid (retail products, at most 1000)',
      description:
        'As the service grid: {shops, list: [{productId, pcode, name, ..., retailPrice, minPrice, maxPrice, prices: {shopId: cell}}]}. Filters categoryId (with its sub-categories), brandId, keyword (code, name, barcode), sold.',
      perm: perm.productView,
      query: productPriceGridQuery,
    },
    ({ tx, auth, query }) => productGrid(tx, auth, query, undefined),
  );
  route(
    app,
    'GET',
    `${PP}/productPriceListByPage`,
    { summary: 'Shop × product price grid, paged over products', perm: perm.productView, query: productPriceGridPageQuery },
    ({ tx, auth, query }) => productGrid(tx, auth, query, query),
  );
  listExport(app, `${PP}/exportProductPriceList`, {
    perm: perm.productView,
    query: productPriceGridPageQuery,
    list: ({ tx, auth }, query) => productGrid(tx, auth, query, query),
    title: ['门店产品价格', 'Shop product prices'],
    columns: (first) => [
      { key: 'pcode', title: ['产品编码', 'Code'] },
      { key: 'name', title: ['产品名称', 'Product'], width: 24 },
      { key: 'brandName', title: ['品牌', 'Brand'] },
      { key: 'retailPrice', title: ['零售价', 'Retail price'], value: (r) => yuanCell(r.retailPrice) },
      ...shopPriceColumns(first.shops),
    ],
  });
  route(
    app,
    'POST',
    `${PP}/getProductShopStatus`,
    {
      summary: 'For one product: every shop the user may see and whether it sells it',
      read: true,
      perm: perm.productView,
      body: getProductShopStatusBody,
    },
    ({ tx, auth, body }) => shopStatusOfItem(tx, auth, 'product', body.productId),
  );
  route(
    app,
    'POST',
    `${PP}/saveProductShopStatus`,
    {
      summary: 'Shops sell (1) or stop selling (0) products',
      description:
        'status 1 adds missing rows at the retail price and switches listed rows on (within price control); 0 switches listed rows off.',
      perm: perm.productEdit,
      body: productShopStatusBody,
      entity: 'productprice',
    },
    ({ tx, auth, body }) => setShopStatus(tx, auth, 'product', body.shopIds, body.productIds, body.status, 'productIds'),
  );
  route(
    app,
    'POST',
    `${PP}/checkProductShopStatus`,
    { summary: 'Which of the products a shop sells now', perm: perm.productView, body: checkProductShopStatusBody, read: true },
    ({ tx, auth, body }) => checkShopStatus(tx, auth, 'product', body.shopId, body.productIds),
  );
  route(
    app,
    'DELETE',
    `${PP}/:id`,
    {
      summary: 'Delete a shop product price row (the shop no longer lists the product)',
      perm: perm.productEdit,
      params: idParam,
      entity: 'productprice',
    },
    ({ tx, auth, params }) => deleteShopPrice(tx, auth, 'product', params.id),
  );
}

/** One template mechanism for both kinds; the seed's names differ a little between them. */
function templateRoutes(app: FastifyInstance, kind: PriceKind) {
  const B = kind === 'service' ? '/api-chain/servicepricetemp' : '/api-chain/productpricetemp';
  const view = kind === 'service' ? 'pricing.servicetemplate.view' : 'pricing.producttemplate.view';
  const edit = kind === 'service' ? 'pricing.servicetemplate.edit' : 'pricing.producttemplate.edit';
  const what = kind === 'service' ? 'Service price templates' : 'Product price templates';
  const entity = kind === 'service' ? 'servicepricetemp' : 'productpricetemp';

  route(app, 'GET', `${B}/list/all`, { summary: `${what}: templates in force, for pickers`, perm: view }, ({ tx }) =>
    allTemplates(tx, kind),
  );
  route(
    app,
    'GET',
    kind === 'service' ? `${B}/listPage` : `${B}/list/listByPage`,
    {
      summary: `${what}: paged list`,
      description: 'Filters keyword (code, name), status (1 in force, 0 stopped), line, isSystem; rows carry itemCount and shopCount.',
      perm: view,
      query: templateListQuery,
      response: templatePage,
    },
    ({ tx, query }) => listTemplates(tx, kind, query),
  );
  route(
    app,
    'GET',
    `${B}/:id`,
    {
      summary: `${what}: one template with its prices and shops (not in the seed)`,
      perm: view,
      params: idParam,
      response: templateDetailAnswer,
    },
    ({ tx, auth, params }) => templateDetail(tx, kind, params.id, auth),
  );
  route(
    app,
    'GET',
    `${B}/unableSelectShopList`,
    {
      summary: `${what}: shops already on another template (not selectable)`,
      description: `A shop is on at most one ${kind} template. templateId: the template being edited (its own shops are selectable).${kind === 'service' ? ' Not in the seed for services; served for symmetry with productpricetemp.' : ''}`,
      perm: view,
      query: unableShopsQuery,
      response: z.array(unableShopRow),
    },
    ({ tx, auth, query }) => unableShops(tx, auth, kind, query.templateId),
  );
  route(
    app,
    'POST',
    `${B}/newCode`,
    {
      summary: `${what}: create a template (code generated when absent)`,
      description: `Reading of the seed's newCode: creates a named price set (then saveShopPrice fills its prices, saveShop applies it); without \`code\` the next free code (${kind === 'service' ? 'FWMB0001' : 'CPMB0001'}…) is used. GET ${B}/newCode only answers the next free code.${kind === 'product' ? ' Not in the seed for products; served for symmetry.' : ''}`,
      perm: edit,
      body: newTemplateBody,
      entity,
    },
    ({ tx, auth, body }) => newTemplate(tx, auth, kind, body),
  );
  route(app, 'GET', `${B}/newCode`, { summary: `${what}: the next free template code`, perm: view }, async ({ tx }) => ({
    code: await nextTemplateCode(tx, kind),
  }));
  route(
    app,
    'POST',
    `${B}/saveShopPrice`,
    {
      summary: `${what}: save a template's prices`,
      description:
        "items [{itemId, price}] replace the template's prices (each item once, enabled, within price control). No templateId creates a template (name required). The shops on a template in force get the new prices at once, all or nothing.",
      perm: edit,
      body: saveTemplatePricesBody,
      entity,
    },
    ({ tx, auth, body }) => saveTemplatePrices(tx, auth, kind, body),
  );
  route(
    app,
    'POST',
    `${B}/saveShop`,
    {
      summary: `${what}: apply a template to shops`,
      description:
        "The template's shops become shopIds (among those the user may see); every shop gets the template's prices (sold, marked with the template) — all or nothing, each price within price control. Shops taken off keep their prices. 409 when the template is stopped or a shop is on another template of the same kind.",
      perm: edit,
      body: saveTemplateShopsBody,
      entity,
    },
    ({ tx, auth, body }) => saveTemplateShops(tx, auth, kind, body),
  );
  route(
    app,
    'POST',
    `${B}/stopPrice`,
    {
      summary: `${what}: stop (status 0) or restart (1) a template`,
      description:
        "Stopping releases the template's shops (their prices stay) and it can no longer be applied (saveShop answers 409) until restarted.",
      perm: edit,
      body: stopTemplateBody,
      entity,
    },
    ({ tx, body }) => stopTemplate(tx, kind, body),
  );
  route(
    app,
    'POST',
    `${B}/copyShopPrice`,
    {
      summary: `${what}: copy a template's prices into a new template`,
      description: `A new template in force with the given code and name and the source's prices, without shops.${kind === 'product' ? ' Not in the seed for products; served for symmetry.' : ''}`,
      perm: edit,
      body: copyTemplateBody,
      entity,
    },
    ({ tx, auth, body }) => copyTemplate(tx, auth, kind, body),
  );
  const systemSpec = (line: PriceLine | null) => ({
    summary:
      kind === 'product'
        ? `${what}: save the head-office default product template`
        : `${what}: save the head-office default template of the ${line === 'mf' ? 'hair (美发, mf)' : 'beauty (美容, mr)'} line`,
    description:
      kind === 'product'
        ? 'Reading of saveSystem: creates (first time) or updates the one system product template (isSystem true, code SYS-CP): its prices are replaced by items; shops on it get them.'
        : `Reading of saveSystem${line === 'mf' ? 'Mf' : 'Mr'}: the head-office default price template of the ${line === 'mf' ? 'hair (美发)' : 'beauty (美容)'} service line — created the first time, updated after (isSystem true, line ${line}, code SYS-${line?.toUpperCase()}). Every item must be a ${line} service; its prices replace the template's; shops on it get them.`,
    perm: edit,
    body: saveSystemTemplateBody,
    entity,
  });
  if (kind === 'service') {
    for (const line of ['mf', 'mr'] as const) {
      route(app, 'POST', `${B}/saveSystem${line === 'mf' ? 'Mf' : 'Mr'}`, systemSpec(line), ({ tx, auth, body }) =>
        saveSystemTemplate(tx, auth, kind, line, body),
      );
    }
  } else {
    route(app, 'POST', `${B}/saveSystem`, systemSpec(null), ({ tx, auth, body }) => saveSystemTemplate(tx, auth, kind, null, body));
  }
}

function controlRoutes(app: FastifyInstance) {
  route(
    app,
    'POST',
    `${CTRL}/findlistPage`,
    {
      summary: 'Price controls: paged list',
      read: true,
      description:
        'Filters kind (service | product), keyword (item code or name). Rows carry the item, its base price and `violations`: shop prices currently outside the bounds.',
      perm: perm.controlView,
      body: priceControlListBody,
    },
    ({ tx, body }) => listControls(tx, body),
  );
  route(
    app,
    'POST',
    `${CTRL}/saveOrUpdate`,
    {
      summary: 'Create or update the price control of a service or product',
      description:
        'No id creates (one control per item: a second is 409); an id updates the fields sent (version for concurrent edits). At least one of minPrice/maxPrice; min ≤ max. From then on every shop price of the item — set directly, by batch change or by a template — must lie within the bounds (400 naming the bound).',
      perm: perm.controlEdit,
      body: priceControlSave,
      entity: 'shopPriceControl',
    },
    ({ tx, auth, body, req }) => saveControl(tx, auth, body, req.body),
  );
  route(
    app,
    'POST',
    `${CTRL}/deleteData`,
    { summary: 'Delete price controls (all or nothing)', perm: perm.controlEdit, body: priceControlDeleteBody, entity: 'shopPriceControl' },
    ({ tx, body }) => deleteControls(tx, body.ids),
  );
}

/** What each shop charges: shop prices, specials, card prices, templates, price control, price resolution. */
export async function pricingModule(app: FastifyInstance) {
  serviceShopPriceRoutes(app);
  specialRoutes(app);
  cardRoutes(app);
  productPriceRoutes(app);
  templateRoutes(app, 'service');
  templateRoutes(app, 'product');
  controlRoutes(app);
}
