import type { stockBalanceQuery, stockHistoryQuery } from '@headoffice/contract';
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { documentType } from '../../platform/documents.js';
import type { Lang } from '../../platform/i18n.js';
import { tenantZone } from '../../platform/numbering.js';
import { keywordMatch, offsetOf, orderBy, page, pageOf } from '../../platform/paging.js';
import { products } from '../catalog/public.js';
import { productCategories, shops } from '../org/public.js';
import { locationFilter, locationName } from './common.js';
import { stockBalances, stockBills, stockLedger, stockReasons } from './schema.js';

const value = sql<number>`(${stockBalances.quantity}::bigint * ${products.purchasePrice})`;

/**
 * `GET /api-stock/balance`: a page of balances by location × product with their value (quantity ×
 * the product's purchase price), and the sums over every row that matches the filters.
 */
export async function listBalances(tx: Db, auth: Auth, lang: Lang, q: z.output<typeof stockBalanceQuery>) {
  const where: SQL[] = [eq(stockBalances.tenantId, auth.tenantId)];
  const location = locationFilter(auth, stockBalances.shopId, q);
  if (location) where.push(location);
  if (q.productId) where.push(eq(stockBalances.productId, q.productId));
  if (q.keyword) where.push(keywordMatch(q.keyword, products.pcode, products.name, products.barcode));
  if (q.categoryId)
    where.push(
      or(
        eq(products.categoryId, q.categoryId),
        inArray(
          products.categoryId,
          tx.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.parentId, q.categoryId)),
        ),
      ) as SQL,
    );
  if (q.nonZero) where.push(ne(stockBalances.quantity, 0));
  const filter = and(...where);
  const sortable = { quantity: stockBalances.quantity, pcode: products.pcode, productName: products.name, shopId: stockBalances.shopId };
  const order = q.sort
    ? orderBy(q.sort, sortable, [], stockBalances.id)
    : [asc(sql`coalesce(${stockBalances.shopId}, 0)`), asc(products.pcode), asc(stockBalances.id)];
  const rows = await tx
    .select({
      id: stockBalances.id,
      shopId: stockBalances.shopId,
      shopName: shops.name,
      productId: stockBalances.productId,
      pcode: products.pcode,
      productName: products.name,
      barcode: products.barcode,
      spec: products.spec,
      unit: products.unit,
      quantity: stockBalances.quantity,
      purchasePrice: products.purchasePrice,
      value: value.mapWith(Number),
      updatedAt: stockBalances.updatedAt,
    })
    .from(stockBalances)
    .innerJoin(products, eq(products.id, stockBalances.productId))
    .leftJoin(shops, eq(shops.id, stockBalances.shopId))
    .where(filter)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset(offsetOf(q));
  // The sums are over every matching row, so they give the exact total as well.
  const [sums] = await tx
    .select({
      total: count(),
      quantity: sql<number>`coalesce(sum(${stockBalances.quantity}), 0)`.mapWith(Number),
      value: sql<number>`coalesce(sum(${value}), 0)`.mapWith(Number),
    })
    .from(stockBalances)
    .innerJoin(products, eq(products.id, stockBalances.productId))
    .where(filter);
  const list = rows.map((r) => ({ ...r, shopName: locationName(lang, r.shopId, r.shopName) }));
  return { ...page(list, sums.total, q), summary: { quantity: sums.quantity, value: sums.value } };
}

/**
 * `GET /api-stock/balance/history`: the ledger rows of a product, newest first, at one location (or
 * every location the user may see); each row names its bill and links to it.
 */
export async function balanceHistory(tx: Db, auth: Auth, lang: Lang, q: z.output<typeof stockHistoryQuery>) {
  const where: SQL[] = [eq(stockLedger.tenantId, auth.tenantId), eq(stockLedger.productId, q.productId)];
  const shopId = q.shopid ?? q.shopId;
  const location = locationFilter(auth, stockLedger.shopId, q);
  // The ledger's index is on coalesce(shop_id, 0): filter by the same expression.
  if (shopId !== undefined) where.push(sql`coalesce(${stockLedger.shopId}, 0) = ${shopId}`);
  else if (q.warehouse) where.push(sql`coalesce(${stockLedger.shopId}, 0) = 0`);
  else if (location) where.push(location);
  if (q.dateFrom || q.dateTo) {
    const zone = await tenantZone(tx, auth.tenantId);
    const day = sql`(${stockLedger.at} at time zone ${zone})::date`;
    if (q.dateFrom) where.push(sql`${day} >= ${q.dateFrom}::date`);
    if (q.dateTo) where.push(sql`${day} <= ${q.dateTo}::date`);
  }
  const filter = and(...where);
  const rows = tx
    .select({
      id: stockLedger.id,
      at: stockLedger.at,
      shopId: stockLedger.shopId,
      shopName: shops.name,
      delta: stockLedger.delta,
      balance: stockLedger.balance,
      docType: stockLedger.docType,
      billId: stockLedger.billId,
      billNo: stockBills.billNo,
      billDate: stockBills.billDate,
      reasonName: stockReasons.name,
      lineId: stockLedger.lineId,
      reversesId: stockLedger.reversesId,
    })
    .from(stockLedger)
    .leftJoin(stockBills, and(eq(stockBills.id, stockLedger.billId), inArray(stockLedger.docType, ['stock.entry', 'stock.out'])))
    .leftJoin(stockReasons, eq(stockReasons.id, stockBills.reasonId))
    .leftJoin(shops, eq(shops.id, stockLedger.shopId))
    .where(filter)
    .orderBy(desc(stockLedger.id))
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const result = await pageOf(tx, q, rows, () => tx.select({ id: stockLedger.id }).from(stockLedger).where(filter));
  const list = result.list.map((r) => ({
    ...r,
    shopName: locationName(lang, r.shopId, r.shopName),
    link: documentType(r.docType)?.link(r.billId) ?? null,
  }));
  return { ...result, list };
}
