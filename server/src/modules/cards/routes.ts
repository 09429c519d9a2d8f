import {
  cardShopBatchBody,
  cardShopBody,
  cardShopQuery,
  cardShopRow,
  cardSystemRecord,
  cardTypeListQuery,
  cardTypePick,
  cardTypeRow,
  cardTypeSave,
  cardTypeStatusBody,
  giftPreview,
  giftPreviewQuery,
  giftRuleRow,
  giftRulesQuery,
  idParam,
  saveGiftRulesBody,
  shopCardTypeListQuery,
  shopCardTypeQuery,
  shopGiftRulesQuery,
} from '@headoffice/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { can } from '../../platform/auth.js';
import { registerBill } from '../../platform/bills.js';
import { forbidden } from '../../platform/errors.js';
import { type Row, registerRecord, serveRecord } from '../../platform/records.js';
import { route } from '../../platform/route.js';
import { applicableRule, cardSystems, giftOf } from '../members/public.js';
import { brands, loadShop } from '../org/public.js';
import { listCardShops, setCardShops } from './card-shops.js';
import {
  allCardTypes,
  deleteRule,
  enabledAt,
  findCardType,
  listCardTypes,
  listRules,
  nextCardTypeCode,
  saveCardType,
  saveRules,
  setCardTypeStatus,
} from './card-types.js';
import { dispatchType } from './dispatch.js';

/** Names of linked brands on rows that carry `brandId`. */
export async function withBrandNames(tx: Parameters<NonNullable<Parameters<typeof serveRecord>[1]['decorate']>>[0], rows: Row[]) {
  const ids = [...new Set(rows.map((r) => r.brandId).filter((x): x is number => typeof x === 'number'))];
  const names = ids.length ? await tx.select({ id: brands.id, name: brands.name }).from(brands).where(inArray(brands.id, ids)) : [];
  return rows.map((r) => ({ ...r, brandName: names.find((b) => b.id === r.brandId)?.name ?? null }));
}

export const cardSystemDef = serveRecord(cardSystemRecord, { table: cardSystems, decorate: withBrandNames });

const C = '/api-chain/cardinfo';
const B = '/api-base/cardinfo';
const view = 'cards.type.view';
const edit = 'cards.type.edit';
/** Who may list card types for pickers: card type viewers, and whoever sets card prices. */
const pickers = [view, 'catalog.service.view', 'pricing.serviceprice.view'];
const pageOf = (row: z.ZodObject) => z.object({ list: z.array(row), total: z.number(), page: z.number(), pageSize: z.number() });

/**
 * Cards: card systems, card types and their gift rules (the chain's view and a shop's), card types
 * per shop, and the physical card dispatch bill.
 */
export async function cardsModule(app: FastifyInstance) {
  registerRecord(app, cardSystemDef);
  registerBill(app, dispatchType);

  // ---- card types, head office ----
  route(
    app,
    'GET',
    `${C}/list/all`,
    {
      summary: 'Every card type of the chain for pickers: [{id, code, name, kind, status}], at most 2000',
      description:
        'kind 1 stored value (储值卡), 2 qualification (资格卡); status 1 issued, 2 no longer issued (停办), listed too so that ' +
        'prices set on them still show a name. Ordered by sort, then code. Users who may view card types (cards.type.view), ' +
        'services (catalog.service.view) or service prices (pricing.serviceprice.view); 403 otherwise.',
      perm: null,
      response: z.array(cardTypePick),
    },
    ({ tx, auth }) => {
      if (!pickers.some((perm) => can(auth, perm))) throw forbidden();
      return allCardTypes(tx);
    },
  );
  route(
    app,
    'GET',
    `${C}/search/all`,
    {
      summary: 'Card types, paged, with their card system, enabled shops and rule counts',
      description:
        'Filters keyword (code, name), kind (1 储值卡, 2 资格卡), status (1 正常, 2 停办), cardSystemId. Discounts in basis points.',
      perm: view,
      query: cardTypeListQuery,
      response: pageOf(cardTypeRow),
    },
    ({ tx, query }) => listCardTypes(tx, query),
  );
  route(
    app,
    'GET',
    `${C}/cardInfo/:id`,
    { summary: 'One card type', perm: view, params: idParam, response: cardTypeRow },
    ({ tx, params }) => findCardType(tx, params.id),
  );
  route(
    app,
    'GET',
    `${C}/newcode`,
    {
      summary: 'The next card type code (001, 002…)',
      description: 'Not in the seed under api-chain; as api-base newcode.',
      perm: view,
      response: z.string(),
    },
    ({ tx }) => nextCardTypeCode(tx),
  );
  route(
    app,
    'POST',
    C,
    {
      summary: 'Create (no id) or update (id, version) a card type',
      description:
        'code: three digits, left out = the next one (409 when taken). kind cannot change. Money in cents; serviceDiscount/productDiscount in basis points (8500 = 8.5折, 0 = none). paySplit: proportional | principalFirst | giftFirst.',
      perm: edit,
      body: cardTypeSave,
      entity: 'cardinfo',
      response: cardTypeRow,
    },
    ({ tx, auth, body, req }) => saveCardType(tx, auth, body, req.body),
  );
  route(
    app,
    'POST',
    `${C}/status`,
    { summary: 'Issue (1 正常) or stop (2 停办) card types', perm: edit, body: cardTypeStatusBody, entity: 'cardinfo' },
    ({ tx, body }) => setCardTypeStatus(tx, body.ids, body.status),
  );
  route(
    app,
    'GET',
    `${C}/cardRules`,
    {
      summary: 'The gift rules of a card type',
      description: 'kind 1 开卡, 2 充值, 3 both; giftType 1 fixed (cents), 2 percent (basis points); threshold in cents.',
      perm: view,
      query: giftRulesQuery,
      response: z.array(giftRuleRow),
    },
    ({ tx, query }) => listRules(tx, query.cardTypeId),
  );
  route(
    app,
    'POST',
    `${C}/saveCardRules`,
    {
      summary: 'Add (no id) or change (id) gift rules of a stored-value card type; answers its rules',
      description: 'Two rules applying on a common occasion (3 applies with 1 and 2) from the same threshold: 409.',
      perm: edit,
      body: saveGiftRulesBody,
      entity: 'cardinfo',
      response: z.array(giftRuleRow),
    },
    ({ tx, auth, body }) => saveRules(tx, auth, body),
  );
  route(
    app,
    'DELETE',
    `${C}/delCardRule/:id`,
    { summary: 'Delete a gift rule', perm: edit, params: idParam, entity: 'cardinfo' },
    ({ tx, params }) => deleteRule(tx, params.id),
  );
  route(
    app,
    'GET',
    `${C}/giftPreview`,
    {
      summary: 'The gift rule that applies to an amount, and its gift, as the cashier applies it',
      description:
        'Not in the seed: the card type page shows which rule applies to a typed amount (the same function as opening and recharging).',
      perm: view,
      query: giftPreviewQuery,
      response: giftPreview,
    },
    async ({ tx, query }) => {
      await findCardType(tx, query.cardTypeId);
      const rule = await applicableRule(tx, query.cardTypeId, query.occasion, query.amount);
      return { ruleId: rule?.id ?? null, gift: rule ? giftOf(rule, query.amount) : 0 };
    },
  );

  // ---- card types, a shop's view (?shopid=): the card types the shop sells ----
  const shopOf = async (tx: Parameters<typeof loadShop>[0], auth: Parameters<typeof loadShop>[1], shopid: number) =>
    (await loadShop(tx, auth, shopid)).id;
  route(
    app,
    'GET',
    `${B}/list/all`,
    {
      summary: 'Card types the shop sells (enabled there and issued), for pickers',
      perm: view,
      query: shopCardTypeQuery,
      response: z.array(cardTypePick),
    },
    async ({ tx, auth, query }) => allCardTypes(tx, [enabledAt(await shopOf(tx, auth, query.shopid))]),
  );
  route(
    app,
    'GET',
    `${B}/search/all`,
    {
      summary: 'Card types enabled at the shop, paged',
      description: 'Not in the seed; the shop-side list.',
      perm: view,
      query: shopCardTypeListQuery,
      response: pageOf(cardTypeRow),
    },
    async ({ tx, auth, query }) => listCardTypes(tx, query, [enabledAt(await shopOf(tx, auth, query.shopid))]),
  );
  route(
    app,
    'GET',
    `${B}/newcode`,
    { summary: 'The next card type code (001, 002…)', perm: view, query: shopCardTypeQuery, response: z.string() },
    async ({ tx, auth, query }) => {
      await shopOf(tx, auth, query.shopid);
      return nextCardTypeCode(tx);
    },
  );
  route(
    app,
    'GET',
    `${B}/cardInfo/:id`,
    {
      summary: 'One card type the shop sells (404 when not enabled there)',
      perm: view,
      params: idParam,
      query: shopCardTypeQuery,
      response: cardTypeRow,
    },
    async ({ tx, auth, params, query }) => findCardType(tx, params.id, await shopOf(tx, auth, query.shopid)),
  );
  route(
    app,
    'POST',
    `${B}/save`,
    {
      summary: 'A shop creates a card type (enabled at the shop) or changes one it sells',
      perm: edit,
      query: shopCardTypeQuery,
      body: cardTypeSave,
      entity: 'cardinfo',
      response: cardTypeRow,
    },
    async ({ tx, auth, query, body, req }) => saveCardType(tx, auth, body, req.body, await shopOf(tx, auth, query.shopid)),
  );
  route(
    app,
    'POST',
    `${B}/status`,
    {
      summary: 'Issue (1) or stop (2) card types the shop sells',
      perm: edit,
      query: shopCardTypeQuery,
      body: cardTypeStatusBody,
      entity: 'cardinfo',
    },
    async ({ tx, auth, query, body }) => setCardTypeStatus(tx, body.ids, body.status, await shopOf(tx, auth, query.shopid)),
  );
  route(
    app,
    'GET',
    `${B}/cardRules`,
    { summary: 'Gift rules of a card type the shop sells', perm: view, query: shopGiftRulesQuery, response: z.array(giftRuleRow) },
    async ({ tx, auth, query }) => listRules(tx, query.cardTypeId, await shopOf(tx, auth, query.shopid)),
  );
  route(
    app,
    'POST',
    `${B}/saveCardRules`,
    {
      summary: 'Gift rules of a card type the shop sells',
      perm: edit,
      query: shopCardTypeQuery,
      body: saveGiftRulesBody,
      entity: 'cardinfo',
      response: z.array(giftRuleRow),
    },
    async ({ tx, auth, query, body }) => saveRules(tx, auth, body, await shopOf(tx, auth, query.shopid)),
  );
  route(
    app,
    'DELETE',
    `${B}/delCardRule/:id`,
    {
      summary: 'Delete a gift rule of a card type the shop sells',
      perm: edit,
      params: idParam,
      query: shopCardTypeQuery,
      entity: 'cardinfo',
    },
    async ({ tx, auth, params, query }) => deleteRule(tx, params.id, await shopOf(tx, auth, query.shopid)),
  );

  // ---- card types per shop ----
  route(
    app,
    'POST',
    '/api-chain/cardishop',
    {
      summary: 'Enable (1) or disable (2) a card type at a shop',
      description: 'A stopped (停办) card type cannot be enabled: 409.',
      perm: 'cards.shop.edit',
      body: cardShopBody,
      entity: 'cardishop',
    },
    ({ tx, auth, body }) => setCardShops(tx, auth, [body.cardTypeId], [body.shopId], body.status),
  );
  route(
    app,
    'POST',
    '/api-chain/cardishop/batchSave',
    {
      summary: 'Enable (1) or disable (2) card types at shops, every pair',
      perm: 'cards.shop.edit',
      body: cardShopBatchBody,
      entity: 'cardishop',
    },
    ({ tx, auth, body }) => setCardShops(tx, auth, body.cardTypeIds, body.shopIds, body.status),
  );
  route(
    app,
    'GET',
    '/api-chain/cardishop/search/all',
    {
      summary: 'Card type × shop rows (status 1 enabled, 2 disabled) of the shops the user sees',
      perm: 'cards.shop.view',
      query: cardShopQuery,
      response: z.array(cardShopRow),
    },
    ({ tx, auth, query }) => listCardShops(tx, auth, query),
  );
}
