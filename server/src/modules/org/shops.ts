import { shopListQuery, shopPick, shopSave } from '@headoffice/contract';
import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { type ExcelColumn, sendXlsx } from '../../platform/excel.js';
import { nextSeriesCode, tenantZone } from '../../platform/numbering.js';
import { afterKey, keyset, keywordMatch, offsetOf, pageOf, sentFields } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { divisionName, divisions, isValidDivision } from './pca.js';
import { brands, regions, shopImages, shops } from './schema.js';
import { loadShops } from './shop-lookup.js';

/** Shop codes the create form proposes: MD001, MD002... (any other code may be typed). */
export const SHOP_CODE_PREFIX = 'MD';

const shopColumns = {
  id: shops.id,
  code: shops.code,
  name: shops.name,
  shortName: shops.shortName,
  brandId: shops.brandId,
  brandName: brands.name,
  regionId: shops.regionId,
  regionName: regions.name,
  type: shops.type,
  provinceCode: shops.provinceCode,
  cityCode: shops.cityCode,
  areaCode: shops.areaCode,
  address: shops.address,
  phone: shops.phone,
  openDate: shops.openDate,
  openTime: shops.openTime,
  closeTime: shops.closeTime,
  stations: shops.stations,
  status: shops.status,
  memo: shops.memo,
  version: shops.version,
  createdAt: shops.createdAt,
  updatedAt: shops.updatedAt,
};

type ShopRow = Awaited<ReturnType<typeof selectShops>>[number];

function selectShops(tx: Db) {
  return tx
    .select(shopColumns)
    .from(shops)
    .innerJoin(brands, eq(brands.id, shops.brandId))
    .innerJoin(regions, eq(regions.id, shops.regionId))
    .$dynamic();
}

async function withImagesAndPlaces(tx: Db, rows: ShopRow[]) {
  const ids = rows.map((r) => r.id);
  const images = ids.length
    ? await tx.select().from(shopImages).where(inArray(shopImages.shopId, ids)).orderBy(asc(shopImages.sort), asc(shopImages.id))
    : [];
  return rows.map((r) => ({
    ...r,
    provinceName: divisionName(r.provinceCode),
    cityName: divisionName(r.cityCode),
    areaName: divisionName(r.areaCode),
    images: images.filter((i) => i.shopId === r.id).map((i) => i.url),
  }));
}

/** Shops the user may see: every shop for head office, else their login and manager shops. */
function scope(auth: Auth): SQL | undefined {
  const visible = visibleShops(auth);
  return visible ? inArray(shops.id, visible.length ? visible : [0]) : undefined;
}

type ListQuery = z.output<typeof shopListQuery>;

function listFilters(auth: Auth, q: Partial<ListQuery> & { regionIds?: number[] }): SQL[] {
  const where: SQL[] = [];
  const s = scope(auth);
  if (s) where.push(s);
  if (q.keyword) where.push(keywordMatch(q.keyword, shops.code, shops.name, shops.address));
  if (q.regionId) where.push(or(eq(shops.regionId, q.regionId), eq(regions.parentId, q.regionId)) as SQL);
  if (q.brandId) where.push(eq(shops.brandId, q.brandId));
  if (q.status !== undefined) where.push(eq(shops.status, q.status));
  if (q.type !== undefined) where.push(eq(shops.type, q.type));
  return where;
}

async function listShops(tx: Db, auth: Auth, q: ListQuery) {
  const where = and(...listFilters(auth, q));
  const sortable = {
    code: shops.code,
    name: shops.name,
    status: shops.status,
    openDate: shops.openDate,
    createdAt: shops.createdAt,
    regionId: shops.regionId,
  };
  const keys = keyset(q.sort, sortable, [{ field: 'code', column: shops.code }], shops.id);
  const result = await pageOf(
    tx,
    q,
    selectShops(tx)
      .where(and(where, afterKey(keys, q)))
      .orderBy(...keys.order)
      .limit(q.pageSize)
      .offset(offsetOf(q, keys)),
    () => tx.select({ id: shops.id }).from(shops).innerJoin(regions, eq(regions.id, shops.regionId)).where(where),
    keys,
  );
  return { ...result, list: await withImagesAndPlaces(tx, result.list) };
}

export async function getShop(tx: Db, auth: Auth, id: number) {
  const [row] = await selectShops(tx).where(and(eq(shops.id, id), scope(auth)));
  if (!row) throw notFound();
  const [shop] = await withImagesAndPlaces(tx, [row]);
  return shop;
}

async function checkReferences(tx: Db, value: z.output<typeof shopSave>) {
  const [brand] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, value.brandId), eq(brands.isDel, 0)));
  if (!brand) throw fieldError('brandId', 'missingReference', { field: '@brand' });
  const [region] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, value.regionId));
  if (!region) throw fieldError('regionId', 'missingReference', { field: '@region' });
  if (!isValidDivision(value.provinceCode, value.cityCode, value.areaCode)) throw fieldError('areaCode', 'badCascade');
}

async function saveShop(tx: Db, auth: Auth, value: z.output<typeof shopSave>, raw: unknown, createOnly = false) {
  const { id, version, images, ...fields } = value;
  let shopId: number;
  let replaceImages = true;
  if (!id || createOnly) {
    await checkReferences(tx, value);
    const [created] = await tx
      .insert(shops)
      .values({ ...fields, tenantId: auth.tenantId })
      .returning({ id: shops.id });
    shopId = created.id;
  } else {
    const current = await getShop(tx, auth, id);
    const sent = sentFields(fields, raw);
    replaceImages = raw !== null && typeof raw === 'object' && 'images' in raw;
    await checkReferences(tx, { ...current, ...sent, images } as z.output<typeof shopSave>);
    const conditions = [eq(shops.id, id)];
    if (version !== undefined) conditions.push(eq(shops.version, version));
    const updated = await tx
      .update(shops)
      .set({ ...sent, version: sql`${shops.version} + 1`, updatedAt: new Date() })
      .where(and(...conditions))
      .returning({ id: shops.id });
    if (!updated.length) throw conflict('staleVersion');
    shopId = id;
    if (replaceImages) await tx.delete(shopImages).where(eq(shopImages.shopId, id));
  }
  if (replaceImages && images.length) {
    await tx.insert(shopImages).values(images.map((url, sort) => ({ tenantId: auth.tenantId, shopId, url, sort })));
  }
  return getShop(tx, auth, shopId);
}

async function pickerShops(tx: Db, auth: Auth, extra: SQL[] = []) {
  return tx
    .select({ id: shops.id, code: shops.code, name: shops.name, regionId: shops.regionId, brandId: shops.brandId, status: shops.status })
    .from(shops)
    .where(and(eq(shops.status, 1), scope(auth), ...extra))
    .orderBy(asc(shops.code))
    .limit(5000);
}

const exportColumns: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'code', title: ['门店编码', 'Code'] },
  { key: 'name', title: ['门店名称', 'Name'], width: 24 },
  { key: 'brandName', title: ['品牌', 'Brand'] },
  { key: 'regionName', title: ['区域', 'Region'] },
  {
    key: 'type',
    title: ['类型', 'Type'],
    value: (r, lang) => (r.type === 1 ? (lang === 'en-US' ? 'Direct' : '直营') : lang === 'en-US' ? 'Franchise' : '加盟'),
  },
  { key: 'place', title: ['省市区', 'Province/city/area'], width: 24, value: (r) => [r.provinceName, r.cityName, r.areaName].join(' ') },
  { key: 'address', title: ['地址', 'Address'], width: 30 },
  { key: 'phone', title: ['电话', 'Phone'] },
  { key: 'openDate', title: ['开业日期', 'Opened'] },
  {
    key: 'status',
    title: ['状态', 'Status'],
    value: (r, lang) => (r.status === 1 ? (lang === 'en-US' ? 'Open' : '营业') : lang === 'en-US' ? 'Closed' : '停业'),
  },
];

const idsQuery = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .transform((s) => s.split(',').map(Number))
    .pipe(z.array(z.number().int().positive()).max(1000)),
});

export function registerShopRoutes(app: FastifyInstance) {
  const view = 'org.shop.view';
  const edit = 'org.shop.edit';
  const idParam = z.object({ id: z.coerce.number().int().positive() });
  const idQuery = z.object({ id: z.coerce.number().int().positive() });

  route(
    app,
    'GET',
    '/api-chain/shop',
    { summary: 'Shops: paged list with filters (region, brand, status, type, keyword)', perm: view, query: shopListQuery },
    ({ tx, auth, query }) => listShops(tx, auth, query),
  );
  route(
    app,
    'GET',
    '/api-chain/shop/export',
    {
      summary: 'Shops: Excel export of the filtered list',
      perm: view,
      query: shopListQuery.omit({ page: true, pageSize: true }),
      raw: true,
    },
    async ({ tx, auth, query, reply, lang }) => {
      const result = await listShops(tx, auth, { ...query, page: 1, pageSize: 50_000 });
      return sendXlsx(reply, lang, lang === 'en-US' ? 'Shops' : '门店', exportColumns, result.list, await tenantZone(tx, auth.tenantId));
    },
  );
  for (const prefix of ['/api-chain/shop', '/api-base/shop']) {
    route(
      app,
      'GET',
      `${prefix}/list/all`,
      { summary: 'Open shops the user may see, for pickers', perm: null, response: z.array(shopPick) },
      ({ tx, auth }) => pickerShops(tx, auth),
    );
    route(
      app,
      'GET',
      `${prefix}/getProCityArea`,
      { summary: 'Province → city → area tree (GB/T 2260)', perm: null },
      async () => divisions,
    );
  }
  route(
    app,
    'GET',
    '/api-chain/shop/getShopInfo/:id',
    { summary: 'One shop with images and place names', perm: view, params: idParam },
    ({ tx, auth, params }) => getShop(tx, auth, params.id),
  );
  route(
    app,
    'GET',
    '/api-base/shop/getShopInfo',
    { summary: 'One shop (id as query parameter)', perm: view, query: idQuery },
    ({ tx, auth, query }) => getShop(tx, auth, query.id),
  );
  route(
    app,
    'GET',
    '/api-chain/shop/regionShopList',
    {
      summary: 'Open shops of a region (and its sub-regions)',
      perm: view,
      query: z.object({ regionId: z.coerce.number().int().positive() }),
    },
    ({ tx, auth, query }) =>
      pickerShops(tx, auth, [
        or(
          eq(shops.regionId, query.regionId),
          inArray(shops.regionId, tx.select({ id: regions.id }).from(regions).where(eq(regions.parentId, query.regionId))),
        ) as SQL,
      ]),
  );
  route(
    app,
    'GET',
    '/api-chain/shop/regionShopListAll',
    { summary: 'Every region with its open shops', perm: view },
    async ({ tx, auth }) => {
      const regionRows = await tx
        .select({ id: regions.id, code: regions.code, name: regions.name, parentId: regions.parentId })
        .from(regions)
        .where(eq(regions.status, 1))
        .orderBy(asc(regions.sort), asc(regions.code));
      const shopRows = await pickerShops(tx, auth);
      return regionRows.map((r) => ({ ...r, shops: shopRows.filter((s) => s.regionId === r.id) }));
    },
  );
  route(
    app,
    'GET',
    '/api-chain/shop/list/shop',
    { summary: "The signed-in user's login shops (where they may work)", perm: null },
    ({ tx, auth }) =>
      auth.isSuper ? pickerShops(tx, auth) : pickerShops(tx, auth, [inArray(shops.id, auth.loginShops.length ? auth.loginShops : [0])]),
  );
  route(
    app,
    'GET',
    '/api-chain/shop/findShopByCode',
    { summary: 'A shop by its code', perm: view, query: z.object({ code: z.string().min(1).max(32) }) },
    async ({ tx, auth, query }) => {
      const [row] = await tx
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.code, query.code), scope(auth)));
      if (!row) throw notFound();
      return getShop(tx, auth, row.id);
    },
  );
  route(
    app,
    'GET',
    '/api-chain/shop/getShopListByIds',
    { summary: 'Shops by ids (comma separated)', perm: view, query: idsQuery },
    async ({ tx, auth, query }) => {
      const rows = await selectShops(tx)
        .where(and(inArray(shops.id, query.ids), scope(auth)))
        .orderBy(asc(shops.code));
      return withImagesAndPlaces(tx, rows);
    },
  );
  route(
    app,
    'GET',
    '/api-chain/shop/list/withRoyalty',
    { summary: 'Shops with their commission scheme (none until a scheme is assigned)', perm: view },
    async ({ tx, auth }) => {
      const rows = await pickerShops(tx, auth);
      return rows.map((r) => ({ ...r, royaltySchemeId: null, royaltySchemeName: null }));
    },
  );
  for (const url of ['/api-chain/shop/saveShop', '/api-base/shop/saveShop']) {
    route(
      app,
      'POST',
      url,
      { summary: 'Create (no id) or update (id, version) a shop with its images', perm: edit, body: shopSave, entity: 'shop' },
      ({ tx, auth, body, req }) => saveShop(tx, auth, body, req.body),
    );
  }
  route(
    app,
    'POST',
    '/api-chain/shop/addShop',
    { summary: 'Create a shop', perm: edit, body: shopSave.omit({ id: true, version: true }), entity: 'shop' },
    ({ tx, auth, body, req }) => saveShop(tx, auth, body, req.body, true),
  );
  route(
    app,
    'GET',
    '/api-chain/shop/getCode',
    { summary: 'The next free shop code (MD001...): what the create form proposes', perm: edit, response: z.string() },
    ({ tx }) => nextSeriesCode(tx, shops, shops.code, SHOP_CODE_PREFIX, 3),
  );
  route(
    app,
    'POST',
    '/api-chain/shop/checkShopcode',
    {
      summary: 'Is this shop code free? (id: the shop being edited)',
      description:
        'Codes are unique in the company: a code any shop holds is taken, and the answer says no more (not which shop). ' +
        'id must be a shop the caller sees (404 unknown, 403 another shop), so it cannot test the code of a shop out of sight.',
      read: true,
      perm: edit,
      body: z.object({ code: z.string().trim().min(1).max(32), id: z.number().int().positive().optional() }),
    },
    async ({ tx, auth, body }) => {
      if (body.id) await loadShops(tx, auth, [body.id]);
      const [row] = await tx
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.code, body.code), body.id ? ne(shops.id, body.id) : undefined));
      return { available: !row };
    },
  );
  route(
    app,
    'POST',
    '/api-chain/shop/batchRegion',
    {
      summary: 'Move many shops to one region',
      perm: edit,
      body: z.object({ shopIds: z.array(z.number().int().positive()).min(1).max(1000), regionId: z.number().int().positive() }),
      entity: 'shop',
    },
    async ({ tx, auth, body }) => {
      const [region] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, body.regionId));
      if (!region) throw fieldError('regionId', 'missingReference', { field: '@region' });
      const shopIds = [...new Set(body.shopIds)];
      const moved = await tx
        .update(shops)
        .set({ regionId: body.regionId, version: sql`${shops.version} + 1`, updatedAt: new Date() })
        .where(and(inArray(shops.id, shopIds), scope(auth)))
        .returning({ id: shops.id });
      if (moved.length !== shopIds.length) throw notFound();
      return { moved: moved.length };
    },
  );
  const images = async (tx: Db, auth: Auth, id: number) => {
    await getShop(tx, auth, id);
    return tx
      .select({ id: shopImages.id, url: shopImages.url, sort: shopImages.sort })
      .from(shopImages)
      .where(eq(shopImages.shopId, id))
      .orderBy(asc(shopImages.sort));
  };
  route(
    app,
    'GET',
    '/api-chain/shopbanner/getShopImages/:id',
    { summary: "A shop's images", perm: view, params: idParam },
    ({ tx, auth, params }) => images(tx, auth, params.id),
  );
  route(
    app,
    'GET',
    '/api-base/shopbanner/getShopImages',
    { summary: "A shop's images (id as query parameter)", perm: view, query: idQuery },
    ({ tx, auth, query }) => images(tx, auth, query.id),
  );
}
