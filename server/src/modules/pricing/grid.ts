import type { PriceCell, PriceKind } from '@headoffice/contract';
import { and, asc, eq, exists, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { keywordMatch, offsetOf, orderBy, type PageInput, pageOf } from '../../platform/paging.js';
import { productBrands, products, services } from '../catalog/public.js';
import { productCategories, serviceTypes } from '../org/public.js';
import { gridShops, nothing, priceColumns } from './common.js';
import { priceControls, productShopPrices, serviceShopPrices } from './schema.js';

/** Grid rows hold at most this many items when not paged. */
export const GRID_LIMIT = 1000;

/** shopId → cell for each item: one query over shops × items. */
async function cellsOf(tx: Db, kind: PriceKind, shopIds: number[], itemIds: number[]) {
  const cells = new Map<number, Record<string, PriceCell>>();
  for (const id of itemIds) cells.set(id, {});
  if (!shopIds.length || !itemIds.length) return cells;
  const p = priceColumns(kind);
  const rows = await tx
    .select({
      id: p.table.id,
      shopId: p.table.shopId,
      itemId: sql<number>`${p.item}`,
      price: p.table.price,
      status: p.table.status,
      templateId: p.table.templateId,
    })
    .from(p.table)
    .where(and(inArray(p.item, itemIds), inArray(p.table.shopId, shopIds)));
  for (const r of rows) {
    const cell = cells.get(Number(r.itemId));
    if (cell) cell[String(r.shopId)] = { id: r.id, price: r.price, status: r.status, templateId: r.templateId };
  }
  return cells;
}

interface GridFilters {
  shopIds?: number[];
  keyword?: string;
  sold?: number;
}

/** Sold in at least one of the grid's shops (1) or in none (0). */
function soldFilter(tx: Db, kind: PriceKind, sold: number | undefined, shopIds: number[]): SQL | undefined {
  if (sold === undefined) return undefined;
  if (!shopIds.length) return sold === 1 ? nothing : undefined;
  const subquery =
    kind === 'service'
      ? tx
          .select({ one: sql`1` })
          .from(serviceShopPrices)
          .where(
            and(
              eq(serviceShopPrices.tenantId, services.tenantId),
              eq(serviceShopPrices.serviceId, services.id),
              inArray(serviceShopPrices.shopId, shopIds),
              eq(serviceShopPrices.status, 1),
            ),
          )
      : tx
          .select({ one: sql`1` })
          .from(productShopPrices)
          .where(
            and(
              eq(productShopPrices.tenantId, products.tenantId),
              eq(productShopPrices.productId, products.id),
              inArray(productShopPrices.shopId, shopIds),
              eq(productShopPrices.status, 1),
            ),
          );
  return sold === 1 ? exists(subquery) : not(exists(subquery));
}

export async function serviceGrid(
  tx: Db,
  auth: Auth,
  query: GridFilters & { serviceTypeId?: number; line?: string },
  paging: PageInput | undefined,
) {
  const shopList = await gridShops(tx, auth, query.shopIds);
  const shopIds = shopList.map((s) => s.id);
  const where = and(
    eq(services.isDel, 0),
    query.serviceTypeId ? eq(services.serviceTypeId, query.serviceTypeId) : undefined,
    query.line ? eq(services.line, query.line) : undefined,
    query.keyword ? keywordMatch(query.keyword, services.code, services.name) : undefined,
    soldFilter(tx, 'service', query.sold, shopIds),
  );
  const sortable = { code: services.code, name: services.name, basePrice: services.basePrice, line: services.line };
  const rowsQuery = tx
    .select({
      serviceId: services.id,
      code: services.code,
      name: services.name,
      serviceTypeId: services.serviceTypeId,
      serviceTypeName: serviceTypes.name,
      line: services.line,
      basePrice: services.basePrice,
      perfRatio: services.perfRatio,
      status: services.status,
      minPrice: priceControls.minPrice,
      maxPrice: priceControls.maxPrice,
    })
    .from(services)
    .leftJoin(serviceTypes, eq(serviceTypes.id, services.serviceTypeId))
    .leftJoin(
      priceControls,
      and(eq(priceControls.tenantId, services.tenantId), eq(priceControls.kind, 'service'), eq(priceControls.itemId, services.id)),
    )
    .where(where)
    .orderBy(...orderBy(paging?.sort, sortable, [asc(services.code)], services.id))
    .limit(paging?.pageSize ?? GRID_LIMIT)
    .offset(paging ? offsetOf(paging) : 0);
  const paged = paging ? await pageOf(tx, paging, rowsQuery, () => tx.select({ id: services.id }).from(services).where(where)) : undefined;
  const rows = paged ? paged.list : await rowsQuery;
  const cells = await cellsOf(
    tx,
    'service',
    shopIds,
    rows.map((r) => r.serviceId),
  );
  const list = rows.map((r) => ({ ...r, prices: cells.get(r.serviceId) ?? {} }));
  return paged ? { shops: shopList, ...paged, list } : { shops: shopList, list };
}

export async function productGrid(
  tx: Db,
  auth: Auth,
  query: GridFilters & { categoryId?: number; brandId?: number },
  paging: PageInput | undefined,
) {
  const shopList = await gridShops(tx, auth, query.shopIds);
  const shopIds = shopList.map((s) => s.id);
  const categoryFilter = query.categoryId
    ? sql`(${products.categoryId} = ${query.categoryId} or ${products.categoryId} in (select c.id from ${productCategories} c where c.parent_id = ${query.categoryId}))`
    : undefined;
  const where = and(
    eq(products.isDel, 0),
    eq(products.usage, 1),
    categoryFilter,
    query.brandId ? eq(products.brandId, query.brandId) : undefined,
    query.keyword ? keywordMatch(query.keyword, products.pcode, products.name, products.barcode) : undefined,
    soldFilter(tx, 'product', query.sold, shopIds),
  );
  const sortable = { pcode: products.pcode, code: products.pcode, name: products.name, retailPrice: products.retailPrice };
  const rowsQuery = tx
    .select({
      productId: products.id,
      pcode: products.pcode,
      name: products.name,
      spec: products.spec,
      unit: products.unit,
      categoryId: products.categoryId,
      categoryName: productCategories.name,
      brandId: products.brandId,
      brandName: productBrands.name,
      retailPrice: products.retailPrice,
      status: products.status,
      minPrice: priceControls.minPrice,
      maxPrice: priceControls.maxPrice,
    })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .leftJoin(
      priceControls,
      and(eq(priceControls.tenantId, products.tenantId), eq(priceControls.kind, 'product'), eq(priceControls.itemId, products.id)),
    )
    .where(where)
    .orderBy(...orderBy(paging?.sort, sortable, [asc(products.pcode)], products.id))
    .limit(paging?.pageSize ?? GRID_LIMIT)
    .offset(paging ? offsetOf(paging) : 0);
  const paged = paging ? await pageOf(tx, paging, rowsQuery, () => tx.select({ id: products.id }).from(products).where(where)) : undefined;
  const rows = paged ? paged.list : await rowsQuery;
  const cells = await cellsOf(
    tx,
    'product',
    shopIds,
    rows.map((r) => r.productId),
  );
  const list = rows.map((r) => ({ ...r, prices: cells.get(r.productId) ?? {} }));
  return paged ? { shops: shopList, ...paged, list } : { shops: shopList, list };
}
