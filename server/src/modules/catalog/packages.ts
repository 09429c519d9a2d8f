import {
  idBody,
  idParam,
  packageAllQuery,
  packageItemsTotal,
  packageListQuery,
  packageProductPriceQuery,
  packageProductQuery,
  packageSave,
  packageSaveDuo,
  packageShopsBody,
  servicePickQuery,
  statusBody,
} from '@headoffice/contract';
import { and, asc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.js';
import { dateTimeText, statusText, yuanCell } from '../../platform/excel.js';
import { listExport } from '../../platform/list-export.js';
import { yuan } from '../../platform/money.js';
import { nextSeriesCode } from '../../platform/numbering.js';
import { afterKey, keyset, keywordMatch, offsetOf, orderBy, pageOf, sentFields } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { packageTypes, shops } from '../org/public.js';
import { assertRefs, PICK_LIMIT } from './common.js';
import { pickProducts, productFilters, selectPickRows } from './products.js';
import { products, servicePackageItems, servicePackageShops, servicePackages, services } from './schema.js';
import { pickServices } from './services.js';

export const PACKAGE_CODE_PREFIX = 'TC';

const packageColumns = {
  id: servicePackages.id,
  code: servicePackages.code,
  name: servicePackages.name,
  packageTypeId: servicePackages.packageTypeId,
  packageTypeName: packageTypes.name,
  price: servicePackages.price,
  validityDays: servicePackages.validityDays,
  isSystem: servicePackages.isSystem,
  status: servicePackages.status,
  isDel: servicePackages.isDel,
  memo: servicePackages.memo,
  version: servicePackages.version,
  createdAt: servicePackages.createdAt,
  updatedAt: servicePackages.updatedAt,
  itemCount:
    sql<number>`(select count(*) from ${servicePackageItems} where ${servicePackageItems.packageId} = ${servicePackages.id})`.mapWith(
      Number,
    ),
  shopCount:
    sql<number>`(select count(*) from ${servicePackageShops} where ${servicePackageShops.packageId} = ${servicePackages.id})`.mapWith(
      Number,
    ),
};

function selectPackages(tx: Db) {
  return tx
    .select(packageColumns)
    .from(servicePackages)
    .leftJoin(packageTypes, eq(packageTypes.id, servicePackages.packageTypeId))
    .$dynamic();
}

/** One package; with `auth`, only the shops that user sees among those selling it. */
async function getPackage(tx: Db, id: number, auth?: Auth) {
  const [row] = await selectPackages(tx).where(and(eq(servicePackages.id, id), eq(servicePackages.isDel, 0)));
  if (!row) throw notFound();
  const serviceItems = await tx
    .select({
      id: servicePackageItems.id,
      serviceId: servicePackageItems.serviceId,
      itemCode: services.code,
      itemName: services.name,
      quantity: servicePackageItems.quantity,
      amount: servicePackageItems.amount,
      listPrice: services.basePrice,
      sort: servicePackageItems.sort,
    })
    .from(servicePackageItems)
    .innerJoin(services, eq(services.id, servicePackageItems.serviceId))
    .where(eq(servicePackageItems.packageId, id));
  const productItems = await tx
    .select({
      id: servicePackageItems.id,
      productId: servicePackageItems.productId,
      itemCode: products.pcode,
      itemName: products.name,
      unit: products.unit,
      quantity: servicePackageItems.quantity,
      amount: servicePackageItems.amount,
      listPrice: products.retailPrice,
      sort: servicePackageItems.sort,
    })
    .from(servicePackageItems)
    .innerJoin(products, eq(products.id, servicePackageItems.productId))
    .where(eq(servicePackageItems.packageId, id));
  const visible = auth && visibleShops(auth);
  const shopRows = await tx
    .select({ id: shops.id, code: shops.code, name: shops.name })
    .from(servicePackageShops)
    .innerJoin(shops, eq(shops.id, servicePackageShops.shopId))
    .where(
      and(eq(servicePackageShops.packageId, id), visible ? inArray(servicePackageShops.shopId, visible.length ? visible : [0]) : undefined),
    )
    .orderBy(asc(shops.code));
  const items = [
    ...serviceItems.map((i) => ({ ...i, productId: null, unit: null })),
    ...productItems.map((i) => ({ ...i, serviceId: null })),
  ].sort((a, b) => a.sort - b.sort || a.id - b.id);
  return { ...row, items, shops: shopRows };
}

type ListQuery = z.output<typeof packageListQuery>;

async function listPackages(tx: Db, q: ListQuery) {
  const where: SQL[] = [eq(servicePackages.isDel, 0)];
  if (q.keyword) where.push(keywordMatch(q.keyword, servicePackages.code, servicePackages.name));
  if (q.packageTypeId) where.push(eq(servicePackages.packageTypeId, q.packageTypeId));
  if (q.status !== undefined) where.push(eq(servicePackages.status, q.status));
  if (q.isSystem !== undefined) where.push(eq(servicePackages.isSystem, q.isSystem === 1));
  if (q.shopId) where.push(soldIn(tx, q.shopId));
  const sortable = {
    code: servicePackages.code,
    name: servicePackages.name,
    price: servicePackages.price,
    status: servicePackages.status,
    createdAt: servicePackages.createdAt,
    updatedAt: servicePackages.updatedAt,
  };
  const keys = keyset(q.sort, sortable, [{ field: 'code', column: servicePackages.code }], servicePackages.id);
  return pageOf(
    tx,
    q,
    selectPackages(tx)
      .where(and(...where, afterKey(keys, q)))
      .orderBy(...keys.order)
      .limit(q.pageSize)
      .offset(offsetOf(q, keys)),
    () =>
      tx
        .select({ id: servicePackages.id })
        .from(servicePackages)
        .where(and(...where)),
    keys,
  );
}

const soldIn = (tx: Db, shopId: number) =>
  exists(
    tx
      .select({ one: sql`1` })
      .from(servicePackageShops)
      .where(and(eq(servicePackageShops.packageId, servicePackages.id), eq(servicePackageShops.shopId, shopId))),
  );

type SaveBody = z.output<typeof packageSave>;

/** Items: each a service or a product that exists and is enabled; the amounts add up to the price. */
async function checkPackage(tx: Db, body: Pick<SaveBody, 'items' | 'price' | 'packageTypeId'>, currentTypeId?: number | null) {
  const problems = body.items.flatMap((item, i) =>
    !item.serviceId === !item.productId ? [{ path: `items.${i}.serviceId`, key: 'catalogPackageItemEither' as const }] : [],
  );
  if (problems.length) throw new AppError(400, 'validation', {}, problems);
  const total = packageItemsTotal(body.items);
  if (total !== body.price)
    throw new AppError(400, 'validation', {}, [
      { path: 'items', key: 'catalogPackageSplitMismatch', params: { items: yuan(total), price: yuan(body.price) } },
    ]);
  if (body.packageTypeId && body.packageTypeId !== currentTypeId)
    await assertRefs(tx, packageTypes, [{ path: 'packageTypeId', id: body.packageTypeId }], 'catalogPackageType', { enabledOnly: true });
  const serviceRefs = body.items.flatMap((item, i) => (item.serviceId ? [{ path: `items.${i}.serviceId`, id: item.serviceId }] : []));
  const productRefs = body.items.flatMap((item, i) => (item.productId ? [{ path: `items.${i}.productId`, id: item.productId }] : []));
  await assertRefs(tx, services, serviceRefs, 'catalogService', { enabledOnly: true, extra: [eq(services.isDel, 0)] });
  await assertRefs(tx, products, productRefs, 'catalogProduct', { enabledOnly: true, extra: [eq(products.isDel, 0)] });
}

/** The shops of a package: every one must exist and be visible to the user. */
async function checkShops(tx: Db, auth: Auth, shopIds: number[]) {
  const visible = visibleShops(auth);
  if (visible && shopIds.some((id) => !visible.includes(id))) throw forbidden('shopForbidden');
  await assertRefs(
    tx,
    shops,
    shopIds.map((id, i) => ({ path: `shopIds.${i}`, id })),
    'catalogShop',
  );
}

async function replaceShops(tx: Db, auth: Auth, packageId: number, shopIds: number[]) {
  const unique = [...new Set(shopIds)];
  // A user who sees only some shops replaces those; the other shops' rows stay.
  const visible = visibleShops(auth);
  await tx
    .delete(servicePackageShops)
    .where(
      and(
        eq(servicePackageShops.packageId, packageId),
        visible ? inArray(servicePackageShops.shopId, visible.length ? visible : [0]) : undefined,
      ),
    );
  if (unique.length) await tx.insert(servicePackageShops).values(unique.map((shopId) => ({ tenantId: auth.tenantId, packageId, shopId })));
}

async function savePackage(tx: Db, auth: Auth, body: SaveBody, raw: unknown, options: { isSystem?: boolean } = {}) {
  const { id, version, items, shopIds, ...fields } = body;
  let current: Awaited<ReturnType<typeof getPackage>> | undefined;
  if (id) current = await getPackage(tx, id);
  await checkPackage(tx, body, current?.packageTypeId);
  if (shopIds) await checkShops(tx, auth, shopIds);
  let packageId: number;
  const flags = options.isSystem !== undefined ? { isSystem: options.isSystem } : {};
  if (!id) {
    const [created] = await tx
      .insert(servicePackages)
      .values({ ...fields, ...flags, tenantId: auth.tenantId })
      .returning({ id: servicePackages.id });
    packageId = created.id;
  } else {
    const conditions = [eq(servicePackages.id, id), eq(servicePackages.isDel, 0)];
    if (version !== undefined) conditions.push(eq(servicePackages.version, version));
    const updated = await tx
      .update(servicePackages)
      .set({
        ...sentFields(fields, raw),
        price: fields.price,
        ...flags,
        version: sql`${servicePackages.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(...conditions))
      .returning({ id: servicePackages.id });
    if (!updated.length) throw conflict('staleVersion');
    packageId = id;
    await tx.delete(servicePackageItems).where(eq(servicePackageItems.packageId, id));
  }
  await tx.insert(servicePackageItems).values(
    items.map((item, sort) => ({
      tenantId: auth.tenantId,
      packageId,
      serviceId: item.serviceId ?? null,
      productId: item.productId ?? null,
      quantity: item.quantity,
      amount: item.amount,
      sort,
    })),
  );
  if (shopIds) await replaceShops(tx, auth, packageId, shopIds);
  return getPackage(tx, packageId, auth);
}

export function registerPackageRoutes(app: FastifyInstance) {
  const P = '/api-chain/servicepackage';
  const view = 'catalog.package.view';
  const edit = 'catalog.package.edit';
  const entity = 'servicepackage';

  route(
    app,
    'GET',
    `${P}/list`,
    {
      summary: 'Packages: paged list (keyword, packageTypeId, status, shopId sold in, isSystem)',
      perm: view,
      query: packageListQuery,
    },
    ({ tx, query }) => listPackages(tx, query),
  );
  listExport(app, `${P}/export`, {
    perm: view,
    query: packageListQuery,
    list: ({ tx }, query) => listPackages(tx, query),
    title: ['套餐', 'Packages'],
    columns: [
      { key: 'code', title: ['套餐编码', 'Code'] },
      { key: 'name', title: ['套餐名称', 'Name'], width: 24 },
      { key: 'packageTypeName', title: ['套餐类别', 'Type'] },
      { key: 'price', title: ['套餐价', 'Price'], value: (r) => yuanCell(r.price) },
      { key: 'validityDays', title: ['有效天数', 'Valid days'] },
      { key: 'itemCount', title: ['项目数', 'Items'] },
      { key: 'shopCount', title: ['门店数', 'Shops'] },
      { key: 'status', title: ['状态', 'Status'], value: (r, lang) => statusText(r.status, lang) },
      { key: 'updatedAt', title: ['更新时间', 'Updated'], width: 20, value: (r, _lang, zone) => dateTimeText(r.updatedAt, zone) },
    ],
  });
  route(
    app,
    'GET',
    `${P}/list/all`,
    { summary: 'Enabled packages for pickers (shopid: those the shop sells), at most 2000', perm: null, query: packageAllQuery },
    ({ tx, query }) => {
      const where: SQL[] = [eq(servicePackages.isDel, 0), eq(servicePackages.status, 1)];
      if (query.keyword) where.push(keywordMatch(query.keyword, servicePackages.code, servicePackages.name));
      if (query.shopid) where.push(soldIn(tx, query.shopid));
      return selectPackages(tx)
        .where(and(...where))
        .orderBy(asc(servicePackages.code))
        .limit(PICK_LIMIT);
    },
  );
  route(app, 'GET', `${P}/newcode`, { summary: 'The next free package code (TC0001...)', perm: view }, ({ tx }) =>
    nextSeriesCode(tx, servicePackages, servicePackages.code, PACKAGE_CODE_PREFIX, 4),
  );
  route(
    app,
    'GET',
    `${P}/servinfo`,
    { summary: 'Services that can go into a package (enabled), with their base price; at most 2000', perm: view, query: servicePickQuery },
    ({ tx, query }) => pickServices(tx, query),
  );
  route(
    app,
    'GET',
    `${P}/product`,
    {
      summary: 'Products that can go into a package: enabled, retail unless usage=2 is asked; paged',
      perm: view,
      query: packageProductQuery,
    },
    async ({ tx, query }) => {
      const where = and(...(await productFilters(tx, { ...query, usage: query.usage ?? 1 })), eq(products.status, 1));
      return pageOf(
        tx,
        query,
        selectPickRows(tx)
          .where(where)
          .orderBy(...orderBy(query.sort, { pcode: products.pcode, name: products.name }, [asc(products.pcode)], products.id))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        () => tx.select({ id: products.id }).from(products).where(where),
      );
    },
  );
  route(
    app,
    'GET',
    `${P}/productForPrice`,
    {
      summary: 'Enabled products with their retail price, for splitting a package price (ids=1,2,3 prices the lines of a form)',
      perm: view,
      query: packageProductPriceQuery,
    },
    ({ tx, query }) => pickProducts(tx, { keyword: query.keyword }, query.ids ? [inArray(products.id, query.ids)] : []),
  );
  route(
    app,
    'GET',
    `${P}/findById/:id`,
    { summary: 'One package with its items (names, list prices) and the shops that sell it', perm: view, params: idParam },
    ({ tx, auth, params }) => getPackage(tx, params.id, auth),
  );
  route(
    app,
    'POST',
    `${P}/save`,
    {
      summary: 'Create (no id) or update (id, version) a package; the items’ amounts must add up to the price',
      perm: edit,
      body: packageSave,
      entity,
    },
    ({ tx, auth, body, req }) => savePackage(tx, auth, body, req.body),
  );
  route(
    app,
    'POST',
    `${P}/saveDuo`,
    {
      summary: 'Save one package definition for several shops at once (shopIds: the shops that sell it)',
      perm: edit,
      body: packageSaveDuo,
      entity,
    },
    ({ tx, auth, body, req }) => savePackage(tx, auth, body, req.body),
  );
  route(
    app,
    'POST',
    `${P}/saveSystem`,
    {
      summary: 'Save a package as a head-office template (isSystem true)',
      perm: edit,
      body: packageSave,
      entity,
    },
    ({ tx, auth, body, req }) => savePackage(tx, auth, body, req.body, { isSystem: true }),
  );
  route(
    app,
    'POST',
    `${P}/saveShop`,
    { summary: 'Set the shops that sell a package (replaces them)', perm: edit, body: packageShopsBody, entity },
    async ({ tx, auth, body }) => {
      await getPackage(tx, body.packageId);
      await checkShops(tx, auth, body.shopIds);
      await replaceShops(tx, auth, body.packageId, body.shopIds);
      await tx
        .update(servicePackages)
        .set({ version: sql`${servicePackages.version} + 1`, updatedAt: new Date() })
        .where(eq(servicePackages.id, body.packageId));
      return getPackage(tx, body.packageId, auth);
    },
  );
  route(
    app,
    'POST',
    `${P}/editStatus`,
    { summary: 'Enable (1, on sale) or disable (0, off sale) packages', perm: edit, body: statusBody, entity },
    async ({ tx, body }) => {
      const ids = [...new Set(body.ids)];
      const changed = await tx
        .update(servicePackages)
        .set({ status: body.status, version: sql`${servicePackages.version} + 1`, updatedAt: new Date() })
        .where(and(inArray(servicePackages.id, ids), eq(servicePackages.isDel, 0)))
        .returning({ id: servicePackages.id });
      if (changed.length !== ids.length) throw notFound();
      return { updated: changed.length };
    },
  );
  route(
    app,
    'POST',
    `${P}/delete`,
    { summary: 'Delete a package (marked deleted: packages already sold keep their record)', perm: edit, body: idBody, entity },
    async ({ tx, body }) => {
      await getPackage(tx, body.id);
      await tx
        .update(servicePackages)
        .set({ isDel: 1, status: 0, version: sql`${servicePackages.version} + 1`, updatedAt: new Date() })
        .where(eq(servicePackages.id, body.id));
      return { id: body.id };
    },
  );
}
