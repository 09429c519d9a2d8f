import {
  statusBody,
  stockProductAllQuery,
  stockProductBatchSave,
  stockProductByProduct,
  stockProductChainQuery,
  stockProductListQuery,
  stockProductSave,
} from '@headoffice/contract';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.js';
import { dateTimeText, statusText } from '../../platform/excel.js';
import { type Lang, label } from '../../platform/i18n.js';
import { listExport } from '../../platform/list-export.js';
import { offsetOf, orderBy, pageOf, sentFields } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { productCategories, shops } from '../org/public.js';
import { assertRefs, PICK_LIMIT } from './common.js';
import { categoryWithChildren, productKeyword } from './products.js';
import { productBrands, products, stockProducts } from './schema.js';

const columns = {
  id: stockProducts.id,
  shopId: stockProducts.shopId,
  shopName: shops.name,
  productId: stockProducts.productId,
  pcode: products.pcode,
  productName: products.name,
  barcode: products.barcode,
  spec: products.spec,
  unit: products.unit,
  categoryId: products.categoryId,
  categoryName: productCategories.name,
  brandName: productBrands.name,
  retailPrice: products.retailPrice,
  productStatus: products.status,
  safetyStock: stockProducts.safetyStock,
  status: stockProducts.status,
  memo: stockProducts.memo,
  version: stockProducts.version,
  updatedAt: stockProducts.updatedAt,
};

function selectRows(tx: Db) {
  return tx
    .select(columns)
    .from(stockProducts)
    .innerJoin(products, and(eq(products.id, stockProducts.productId), eq(products.isDel, 0)))
    .leftJoin(shops, eq(shops.id, stockProducts.shopId))
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof selectRows>>[number];
const named = (lang: Lang) => (r: Row) => ({ ...r, shopName: r.shopName ?? label(lang, 'catalogWarehouse') });

/** The location of a query or body: a shop (which the user must see) or the warehouse (null). */
const locationIs = (shopId: number | null | undefined): SQL => (shopId ? eq(stockProducts.shopId, shopId) : isNull(stockProducts.shopId));

/** Rows of the locations the user may see: their shops, and the warehouse for head office. */
function scope(auth: Auth): SQL | undefined {
  const visible = visibleShops(auth);
  return visible ? inArray(stockProducts.shopId, visible.length ? visible : [0]) : undefined;
}

/** A shop id sent in a body must be one the user may see; the warehouse (null) is head office's. */
function assertLocation(auth: Auth, shopId: number | null | undefined) {
  const visible = visibleShops(auth);
  if (!visible) return;
  if (!shopId || !visible.includes(shopId)) throw forbidden('shopForbidden');
}

async function assertShop(tx: Db, shopId: number | null | undefined) {
  if (!shopId) return;
  await assertRefs(tx, shops, [{ path: 'shopId', id: shopId }], 'catalogShop');
}

async function filters(tx: Db, q: { keyword?: string; categoryId?: number; status?: number; productId?: number }): Promise<SQL[]> {
  const where: SQL[] = [];
  if (q.keyword) where.push(await productKeyword(tx, q.keyword));
  if (q.categoryId) where.push(inArray(products.categoryId, await categoryWithChildren(tx, q.categoryId)));
  if (q.status !== undefined) where.push(eq(stockProducts.status, q.status));
  if (q.productId) where.push(eq(stockProducts.productId, q.productId));
  return where;
}

const sortable = {
  shopId: shops.code,
  product: products.pcode,
  pcode: products.pcode,
  productName: products.name,
  safetyStock: stockProducts.safetyStock,
  status: stockProducts.status,
  updatedAt: stockProducts.updatedAt,
};

async function listPage(tx: Db, lang: Lang, where: SQL | undefined, q: { page: number; pageSize: number; sort?: string }) {
  const result = await pageOf(
    tx,
    q,
    selectRows(tx)
      .where(where)
      .orderBy(...orderBy(q.sort, sortable, [sql`${shops.code} nulls first`, asc(products.pcode)], stockProducts.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    () =>
      tx
        .select({ id: stockProducts.id })
        .from(stockProducts)
        .innerJoin(products, and(eq(products.id, stockProducts.productId), eq(products.isDel, 0)))
        .where(where),
  );
  return { ...result, list: result.list.map(named(lang)) };
}

async function getRow(tx: Db, auth: Auth, lang: Lang, id: number) {
  const [row] = await selectRows(tx).where(and(eq(stockProducts.id, id), scope(auth)));
  if (!row) throw notFound();
  return named(lang)(row);
}

type SaveBody = z.output<typeof stockProductSave>;

async function save(tx: Db, auth: Auth, lang: Lang, body: SaveBody, raw: unknown) {
  const { id, version, ...fields } = body;
  assertLocation(auth, fields.shopId);
  await assertShop(tx, fields.shopId);
  if (id) await getRow(tx, auth, lang, id);
  const [product] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.id, fields.productId), eq(products.isDel, 0)));
  if (!product)
    throw new AppError(400, 'validation', {}, [{ path: 'productId', key: 'missingReference', params: { field: '@catalogProduct' } }]);
  const [existing] = await tx
    .select({ id: stockProducts.id })
    .from(stockProducts)
    .where(and(locationIs(fields.shopId), eq(stockProducts.productId, fields.productId)));
  if (existing && existing.id !== id) throw await stockExists(tx, lang, fields.shopId, product.name);
  if (!id) {
    const [created] = await tx
      .insert(stockProducts)
      .values({ ...fields, tenantId: auth.tenantId })
      .returning({ id: stockProducts.id });
    return getRow(tx, auth, lang, created.id);
  }
  const conditions = [eq(stockProducts.id, id)];
  if (version !== undefined) conditions.push(eq(stockProducts.version, version));
  const updated = await tx
    .update(stockProducts)
    .set({ ...sentFields(fields, raw), version: sql`${stockProducts.version} + 1`, updatedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: stockProducts.id });
  if (!updated.length) throw conflict('staleVersion');
  return getRow(tx, auth, lang, id);
}

async function stockExists(tx: Db, lang: Lang, shopId: number | null, productName: string) {
  const [shop] = shopId ? await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId)) : [];
  return conflict('catalogStockProductExists', { shop: shop?.name ?? label(lang, 'catalogWarehouse'), name: productName });
}

export function registerStockProductRoutes(app: FastifyInstance) {
  const S = '/api-stock/product';
  const view = 'catalog.stockproduct.view';
  const edit = 'catalog.stockproduct.edit';
  const entity = 'stockproduct';

  route(
    app,
    'GET',
    S,
    {
      summary: 'Products one location stocks, paged: shopid, or the head-office warehouse when absent (keyword, category, status)',
      perm: view,
      query: stockProductListQuery,
    },
    async ({ tx, auth, lang, query }) => {
      if (!query.shopid) assertLocation(auth, null);
      return listPage(tx, lang, and(locationIs(query.shopid), ...(await filters(tx, query))), query);
    },
  );
  const chainList = async ({ tx, auth, lang }: { tx: Db; auth: Auth; lang: Lang }, query: z.output<typeof stockProductChainQuery>) => {
    if (query.warehouse) assertLocation(auth, null);
    const where = [...(await filters(tx, query))];
    const s = scope(auth);
    if (s) where.push(s);
    if (query.shopid) where.push(locationIs(query.shopid));
    if (query.warehouse === 1) where.push(locationIs(null));
    return listPage(tx, lang, and(...where), query);
  };
  route(
    app,
    'GET',
    `${S}/chain/list`,
    {
      summary: 'Stock products of every location the user may see, paged (shopid, warehouse=1, productId, keyword, category, status)',
      perm: view,
      query: stockProductChainQuery,
    },
    (ctx) => chainList(ctx, ctx.query),
  );
  listExport(app, `${S}/chain/export`, {
    perm: view,
    query: stockProductChainQuery,
    list: chainList,
    title: ['门店产品', 'Shop products'],
    columns: [
      { key: 'shopName', title: ['门店/仓库', 'Shop / warehouse'], width: 20 },
      { key: 'pcode', title: ['产品编码', 'Code'] },
      { key: 'productName', title: ['产品名称', 'Product'], width: 24 },
      { key: 'safetyStock', title: ['安全库存', 'Safety stock'] },
      { key: 'status', title: ['状态', 'Status'], value: (r, lang) => statusText(r.status, lang) },
      { key: 'updatedAt', title: ['更新时间', 'Updated'], width: 20, value: (r, _lang, zone) => dateTimeText(r.updatedAt, zone) },
    ],
  });
  route(
    app,
    'GET',
    `${S}/list/all`,
    {
      summary: 'Enabled products one location stocks (shopid, or the warehouse when absent), for pickers; at most 2000',
      perm: null,
      query: stockProductAllQuery,
    },
    async ({ tx, auth, lang, query }) => {
      if (!query.shopid) assertLocation(auth, null);
      const rows = await selectRows(tx)
        .where(
          and(
            locationIs(query.shopid),
            eq(stockProducts.status, 1),
            eq(products.status, 1),
            ...(await filters(tx, { keyword: query.keyword })),
          ),
        )
        .orderBy(asc(products.pcode))
        .limit(PICK_LIMIT);
      return rows.map(named(lang));
    },
  );
  route(
    app,
    'POST',
    S,
    {
      summary: 'Create (no id) or update a stock product (shopId null: the warehouse); 409 when already stocked',
      perm: edit,
      body: stockProductSave,
      entity,
    },
    ({ tx, auth, lang, body, req }) => save(tx, auth, lang, body, req.body),
  );
  route(
    app,
    'POST',
    `${S}/batchSave`,
    {
      summary: 'Stock many products at one location; those already there get the new safety stock and are enabled',
      perm: edit,
      body: stockProductBatchSave,
      entity,
    },
    async ({ tx, auth, body }) => {
      assertLocation(auth, body.shopId);
      await assertShop(tx, body.shopId);
      const productIds = [...new Set(body.productIds)];
      await assertRefs(
        tx,
        products,
        body.productIds.map((id, i) => ({ path: `productIds.${i}`, id })),
        'catalogProduct',
        { extra: [eq(products.isDel, 0)] },
      );
      const existing = await tx
        .select({ id: stockProducts.id, productId: stockProducts.productId })
        .from(stockProducts)
        .where(and(locationIs(body.shopId), inArray(stockProducts.productId, productIds)));
      const have = new Set(existing.map((e) => e.productId));
      const fresh = productIds.filter((id) => !have.has(id));
      if (fresh.length)
        await tx
          .insert(stockProducts)
          .values(
            fresh.map((productId) => ({ tenantId: auth.tenantId, shopId: body.shopId, productId, safetyStock: body.safetyStock ?? 0 })),
          );
      if (existing.length)
        await tx
          .update(stockProducts)
          .set({
            status: 1,
            ...(body.safetyStock !== undefined ? { safetyStock: body.safetyStock } : {}),
            version: sql`${stockProducts.version} + 1`,
            updatedAt: new Date(),
          })
          .where(
            inArray(
              stockProducts.id,
              existing.map((e) => e.id),
            ),
          );
      return { added: fresh.length, updated: existing.length };
    },
  );
  route(
    app,
    'POST',
    `${S}/updateStatus`,
    { summary: 'Enable (1) or disable (0) stock products', perm: edit, body: statusBody, entity },
    async ({ tx, auth, body }) => {
      const ids = [...new Set(body.ids)];
      const changed = await tx
        .update(stockProducts)
        .set({ status: body.status, version: sql`${stockProducts.version} + 1`, updatedAt: new Date() })
        .where(and(inArray(stockProducts.id, ids), scope(auth)))
        .returning({ id: stockProducts.id });
      if (changed.length !== ids.length) throw notFound();
      return { updated: changed.length };
    },
  );
  route(
    app,
    'POST',
    `${S}/updateBypid`,
    {
      summary: 'Set safety stock and/or status of one product at every location the user may see',
      perm: edit,
      body: stockProductByProduct,
      entity,
    },
    async ({ tx, auth, body }) => {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, body.productId), eq(products.isDel, 0)));
      if (!product) throw notFound();
      if (body.safetyStock === undefined && body.status === undefined)
        throw new AppError(400, 'validation', {}, [{ path: 'safetyStock', key: 'catalogNothingToChange' }]);
      const changed = await tx
        .update(stockProducts)
        .set({
          ...(body.safetyStock !== undefined ? { safetyStock: body.safetyStock } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
          version: sql`${stockProducts.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(stockProducts.productId, body.productId), scope(auth)))
        .returning({ id: stockProducts.id });
      return { id: body.productId, updated: changed.length };
    },
  );
}
