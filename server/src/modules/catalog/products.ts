import {
  idParam,
  inPackageAnswer,
  pcodeCheck,
  productBatchSave,
  productListQuery,
  productPick,
  productPickQuery,
  productSave,
} from '@headoffice/contract';
import { and, asc, eq, inArray, like, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { dateTimeText, statusText, yuanCell } from '../../platform/excel.js';
import { listExport } from '../../platform/list-export.js';
import { nextSeriesCode } from '../../platform/numbering.js';
import { afterKey, containsPattern, keyset, offsetOf, pageOf, sentFields } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { gramMatch } from '../../platform/search.js';
import { productCategories } from '../org/public.js';
import { assertNotInPackage, assertRefs, duplicateField, PICK_LIMIT, packagesUsing } from './common.js';
import { productBrands, productGrams, products } from './schema.js';

export const PRODUCT_CODE_PREFIX = 'SP';
const topCategory = alias(productCategories, 'top_category');

export const productColumns = {
  id: products.id,
  pcode: products.pcode,
  name: products.name,
  barcode: products.barcode,
  brandId: products.brandId,
  brandName: productBrands.name,
  categoryId: products.categoryId,
  categoryName: productCategories.name,
  topCategoryId: sql<number | null>`coalesce(${topCategory.id}, ${productCategories.id})`.mapWith(Number),
  topCategoryName: sql<string | null>`coalesce(${topCategory.name}, ${productCategories.name})`,
  spec: products.spec,
  unit: products.unit,
  purchaseUnit: products.purchaseUnit,
  purchaseFactor: products.purchaseFactor,
  purchasePrice: products.purchasePrice,
  retailPrice: products.retailPrice,
  usage: products.usage,
  image: products.image,
  status: products.status,
  isDel: products.isDel,
  memo: products.memo,
  version: products.version,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

/** Products with their brand and category names (left joins: both are optional). */
export function selectProducts(tx: Db) {
  return tx
    .select(productColumns)
    .from(products)
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(topCategory, eq(topCategory.id, productCategories.parentId))
    .$dynamic();
}

type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number];
const fixNulls = (r: ProductRow) => ({ ...r, topCategoryId: r.categoryId === null ? null : r.topCategoryId });

export async function getProduct(tx: Db, id: number) {
  const [row] = await selectProducts(tx).where(and(eq(products.id, id), eq(products.isDel, 0)));
  if (!row) throw notFound();
  return fixNulls(row);
}

/** A category and, for a first-level one, its children: the ids the category filter matches. */
export async function categoryWithChildren(tx: Db, categoryId: number): Promise<number[]> {
  const children = await tx.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.parentId, categoryId));
  return [categoryId, ...children.map((c) => c.id)];
}

/**
 * The keyword filter (docs/DECISIONS.md, "Keyword search on products and employees"). A keyword
 * equal to a product's code or barcode (a typed code, a scanned barcode) finds that product through
 * the indexes; one of two characters or more is a fragment of the code, name or barcode, looked up
 * in `product_grams`; a single character is a contains-match on the lower-case `search_text`.
 */
export async function productKeyword(tx: Db, keyword: string): Promise<SQL> {
  const [hit] = await tx
    .select({ pcode: products.pcode })
    .from(products)
    .where(and(or(eq(products.pcode, keyword), eq(products.barcode, keyword)), eq(products.isDel, 0)))
    .limit(1);
  if (hit) return hit.pcode === keyword ? eq(products.pcode, keyword) : eq(products.barcode, keyword);
  return (
    gramMatch(productGrams, products.id, products.searchText, keyword) ?? like(products.searchText, containsPattern(keyword.toLowerCase()))
  );
}

type ListQuery = z.output<typeof productListQuery>;
type PickQuery = z.output<typeof productPickQuery>;

export async function productFilters(tx: Db, q: Partial<ListQuery & PickQuery>): Promise<SQL[]> {
  const where: SQL[] = [eq(products.isDel, 0)];
  if (q.keyword) where.push(await productKeyword(tx, q.keyword));
  if (q.barcode) where.push(eq(products.barcode, q.barcode));
  if (q.categoryId) where.push(inArray(products.categoryId, await categoryWithChildren(tx, q.categoryId)));
  if (q.brandId) where.push(eq(products.brandId, q.brandId));
  if (q.usage) where.push(eq(products.usage, q.usage));
  if (q.status !== undefined) where.push(eq(products.status, q.status));
  return where;
}

export async function listProducts(tx: Db, q: ListQuery) {
  const where = and(...(await productFilters(tx, q)));
  const sortable = {
    pcode: products.pcode,
    name: products.name,
    barcode: products.barcode,
    retailPrice: products.retailPrice,
    purchasePrice: products.purchasePrice,
    status: products.status,
    createdAt: products.createdAt,
    updatedAt: products.updatedAt,
  };
  const keys = keyset(q.sort, sortable, [{ field: 'pcode', column: products.pcode }], products.id);
  const rows = selectProducts(tx)
    .where(and(where, afterKey(keys, q)))
    .orderBy(...keys.order)
    .limit(q.pageSize)
    .offset(offsetOf(q, keys));
  const result = await pageOf(tx, q, rows, () => tx.select({ id: products.id }).from(products).where(where), keys);
  return { ...result, list: result.list.map(fixNulls) };
}

/** The short product row of pickers, with brand and category names. */
export function selectPickRows(tx: Db) {
  return tx
    .select({
      id: products.id,
      pcode: products.pcode,
      name: products.name,
      barcode: products.barcode,
      spec: products.spec,
      unit: products.unit,
      categoryId: products.categoryId,
      categoryName: productCategories.name,
      brandId: products.brandId,
      brandName: productBrands.name,
      usage: products.usage,
      retailPrice: products.retailPrice,
      purchasePrice: products.purchasePrice,
    })
    .from(products)
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .$dynamic();
}

/** Enabled products for pickers (bounded), short rows. */
export async function pickProducts(tx: Db, q: PickQuery, extra: SQL[] = []) {
  const where = [...(await productFilters(tx, q)), eq(products.status, 1), ...extra];
  return selectPickRows(tx)
    .where(and(...where))
    .orderBy(asc(products.pcode))
    .limit(PICK_LIMIT);
}

export type ProductInput = z.output<typeof productSave>;

/**
 * Checks a batch of product saves before any is written: brand and category exist (and are enabled
 * when newly chosen), codes are not repeated within the batch nor used by another product, and each
 * id to update exists. `at(i)` names the body path of the i-th product.
 */
async function checkProducts(
  tx: Db,
  inputs: { value: ProductInput; raw: unknown }[],
  at: (i: number, field: string) => string,
): Promise<Map<number, ProductRow>> {
  const updateIds = inputs.map((p) => p.value.id).filter((v): v is number => !!v);
  const firstWithId = new Map<number, number>();
  inputs.forEach((p, i) => {
    const id = p.value.id;
    if (!id) return;
    const first = firstWithId.get(id);
    if (first !== undefined)
      throw new AppError(400, 'validation', {}, [
        { path: at(i, 'id'), key: 'catalogDuplicateInBatch', params: { row: first + 1, field: 'id', value: id } },
      ]);
    firstWithId.set(id, i);
  });
  const current = new Map<number, ProductRow>();
  if (updateIds.length) {
    const rows = await selectProducts(tx).where(and(inArray(products.id, updateIds), eq(products.isDel, 0)));
    for (const r of rows) current.set(r.id, r);
    if (updateIds.some((id) => !current.has(id))) throw notFound();
  }
  const changed = (i: number, field: 'brandId' | 'categoryId') => {
    const { value, raw } = inputs[i];
    const next = value[field];
    if (!next) return false;
    if (!value.id) return true;
    const sent = raw && typeof raw === 'object' && field in raw;
    return sent && current.get(value.id)?.[field] !== next;
  };
  const brandRefs = inputs.flatMap((p, i) => (changed(i, 'brandId') ? [{ path: at(i, 'brandId'), id: p.value.brandId as number }] : []));
  const categoryRefs = inputs.flatMap((p, i) =>
    changed(i, 'categoryId') ? [{ path: at(i, 'categoryId'), id: p.value.categoryId as number }] : [],
  );
  await assertRefs(tx, productBrands, brandRefs, 'catalogProductBrand', { enabledOnly: true });
  await assertRefs(tx, productCategories, categoryRefs, 'catalogProductCategory', { enabledOnly: true });

  const seen = new Map<string, number>();
  inputs.forEach((p, i) => {
    const first = seen.get(p.value.pcode);
    if (first !== undefined)
      throw new AppError(400, 'validation', {}, [
        { path: at(i, 'pcode'), key: 'catalogDuplicateInBatch', params: { row: first + 1, field: '@pcode', value: p.value.pcode } },
      ]);
    seen.set(p.value.pcode, i);
  });
  const taken = await tx
    .select({ id: products.id, pcode: products.pcode })
    .from(products)
    .where(inArray(products.pcode, [...seen.keys()]));
  for (const row of taken) {
    const i = seen.get(row.pcode) as number;
    if (inputs[i].value.id !== row.id) throw duplicateField(at(i, 'pcode'), 'pcode', row.pcode);
  }
  return current;
}

/** Saves products (create without id, update with id and optional version): all or none. */
export async function saveProducts(
  tx: Db,
  auth: Auth,
  inputs: { value: ProductInput; raw: unknown }[],
  at: (i: number, f: string) => string,
) {
  await checkProducts(tx, inputs, at);
  const creates = inputs.filter((p) => !p.value.id);
  const savedIds: number[] = new Array(inputs.length);
  if (creates.length) {
    const created = await tx
      .insert(products)
      .values(creates.map(({ value: { id: _id, version: _v, ...fields } }) => ({ ...fields, tenantId: auth.tenantId })))
      .returning({ id: products.id });
    let k = 0;
    inputs.forEach((p, i) => {
      if (!p.value.id) savedIds[i] = created[k++].id;
    });
  }
  for (const [i, { value, raw }] of inputs.entries()) {
    if (!value.id) continue;
    const { id, version, ...fields } = value;
    const sent = sentFields(fields, raw);
    const conditions = [eq(products.id, id), eq(products.isDel, 0)];
    if (version !== undefined) conditions.push(eq(products.version, version));
    const updated = await tx
      .update(products)
      .set({ ...sent, version: sql`${products.version} + 1`, updatedAt: new Date() })
      .where(and(...conditions))
      .returning({ id: products.id });
    if (!updated.length) throw conflict('staleVersion');
    savedIds[i] = id;
  }
  const rows = await selectProducts(tx).where(inArray(products.id, savedIds));
  const byId = new Map(rows.map((r) => [r.id, fixNulls(r)]));
  return savedIds.map((id) => byId.get(id) as ProductRow);
}

export async function deleteProduct(tx: Db, id: number) {
  await getProduct(tx, id);
  await assertNotInPackage(tx, 'product', id);
  await tx
    .update(products)
    .set({ isDel: 1, status: 0, version: sql`${products.version} + 1`, updatedAt: new Date() })
    .where(eq(products.id, id));
  return { id };
}

export function registerProductRoutes(app: FastifyInstance) {
  const P = '/api-chain/product';
  const view = 'catalog.product.view';
  const edit = 'catalog.product.edit';
  const entity = 'product';

  for (const url of [P, `${P}/list`]) {
    route(
      app,
      'GET',
      url,
      {
        summary: 'Products: paged list (keyword on code/name/barcode, category with its children, brand, usage, status)',
        perm: view,
        query: productListQuery,
      },
      ({ tx, query }) => listProducts(tx, query),
    );
  }
  listExport(app, `${P}/export`, {
    perm: view,
    query: productListQuery,
    list: ({ tx }, query) => listProducts(tx, query),
    title: ['产品档案', 'Products'],
    columns: [
      { key: 'pcode', title: ['产品编码', 'Code'] },
      { key: 'name', title: ['产品名称', 'Name'], width: 24 },
      { key: 'barcode', title: ['条码', 'Barcode'] },
      { key: 'brandName', title: ['品牌', 'Brand'] },
      { key: 'categoryName', title: ['分类', 'Category'] },
      { key: 'spec', title: ['规格', 'Spec'] },
      { key: 'unit', title: ['单位', 'Unit'], width: 8 },
      {
        key: 'usage',
        title: ['用途', 'Usage'],
        value: (r, lang) => (r.usage === 1 ? (lang === 'en-US' ? 'Retail' : '零售') : lang === 'en-US' ? 'In service' : '院用'),
      },
      { key: 'purchasePrice', title: ['进货价', 'Purchase price'], value: (r) => yuanCell(r.purchasePrice) },
      { key: 'retailPrice', title: ['零售价', 'Retail price'], value: (r) => yuanCell(r.retailPrice) },
      { key: 'status', title: ['状态', 'Status'], value: (r, lang) => statusText(r.status, lang) },
      { key: 'updatedAt', title: ['更新时间', 'Updated'], width: 20, value: (r, _lang, zone) => dateTimeText(r.updatedAt, zone) },
    ],
  });
  route(
    app,
    'GET',
    `${P}/list/all`,
    {
      summary: 'Enabled products for pickers (at most 2000; keyword, category, brand, usage filters)',
      perm: null,
      query: productPickQuery,
      response: z.array(productPick),
    },
    ({ tx, query }) => pickProducts(tx, query),
  );
  route(
    app,
    'GET',
    `${P}/inlist`,
    {
      summary: 'Products that can go into packages and orders: enabled retail products (usage 1), at most 2000',
      description: 'Reading of the seed: "in list" = the products sellable to customers, i.e. enabled, not deleted, retail usage.',
      perm: null,
      query: productPickQuery.omit({ usage: true }),
    },
    ({ tx, query }) => pickProducts(tx, { ...query, usage: 1 }),
  );
  route(app, 'GET', `${P}/getCode`, { summary: 'The next free product code (SP0001...)', perm: view }, ({ tx }) =>
    nextSeriesCode(tx, products, products.pcode, PRODUCT_CODE_PREFIX, 4),
  );
  route(
    app,
    'GET',
    `${P}/checkPackage/:id`,
    {
      summary: 'Is the product in a package? (a product in a package cannot be deleted)',
      perm: view,
      params: idParam,
      response: inPackageAnswer,
    },
    async ({ tx, params }) => {
      await getProduct(tx, params.id);
      const packages = await packagesUsing(tx, 'product', params.id);
      return { inPackage: packages.length > 0, packages };
    },
  );
  route(
    app,
    'POST',
    `${P}/checkPcode`,
    {
      summary: 'Is this product code free? (id: the product being edited; codes of deleted products stay taken)',
      description:
        'Codes are unique in the company and products belong to it, not to a shop: the answer says only whether the code is ' +
        'taken. id must be a product of the company (404 otherwise).',
      read: true,
      perm: null,
      body: pcodeCheck,
    },
    async ({ tx, body }) => {
      if (body.id) await getProduct(tx, body.id);
      const [row] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.pcode, body.pcode), body.id ? ne(products.id, body.id) : undefined));
      return { available: !row };
    },
  );
  route(
    app,
    'POST',
    P,
    { summary: 'Create (no id) or update (id, version) a product; 409 when the code is taken', perm: edit, body: productSave, entity },
    async ({ tx, auth, body, req }) => (await saveProducts(tx, auth, [{ value: body, raw: req.body }], (_i, f) => f))[0],
  );
  route(
    app,
    'POST',
    `${P}/batchSave`,
    { summary: 'Create or update many products in one go: all are saved or none', perm: edit, body: productBatchSave, entity },
    async ({ tx, auth, body, req }) => {
      const raws = ((req.body as { products?: unknown[] }).products ?? []) as unknown[];
      const saved = await saveProducts(
        tx,
        auth,
        body.products.map((value, i) => ({ value, raw: raws[i] })),
        (i, f) => `products.${i}.${f}`,
      );
      return { saved: saved.length, list: saved };
    },
  );
  route(app, 'GET', `${P}/:id`, { summary: 'One product', perm: view, params: idParam }, ({ tx, params }) => getProduct(tx, params.id));
  route(
    app,
    'DELETE',
    `${P}/:id`,
    { summary: 'Delete a product (marked deleted; 409 while a package holds it)', perm: edit, params: idParam, entity },
    ({ tx, params }) => deleteProduct(tx, params.id),
  );
}
