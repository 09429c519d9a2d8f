import type { PriceKind } from '@headoffice/contract';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { AppError, conflict } from '../../platform/errors.js';
import { yuan } from '../../platform/money.js';
import { keywordMatch, offsetOf, pageOf } from '../../platform/paging.js';
import { products, services } from '../catalog/public.js';
import { loadItems, problems, refNotFound } from './common.js';
import { priceControls, productShopPrices, serviceShopPrices } from './schema.js';

/** Price control: head-office minimum and maximum per service or product for every shop price. */
const controlColumns = {
  id: priceControls.id,
  kind: priceControls.kind,
  itemId: priceControls.itemId,
  itemCode: sql<string>`coalesce(${services.code}, ${products.pcode})`,
  itemName: sql<string>`coalesce(${services.name}, ${products.name})`,
  basePrice: sql<number>`coalesce(${services.basePrice}, ${products.retailPrice})`,
  minPrice: priceControls.minPrice,
  maxPrice: priceControls.maxPrice,
  memo: priceControls.memo,
  version: priceControls.version,
  updatedAt: priceControls.updatedAt,
  violations: sql<number>`(case when ${priceControls.kind} = 'service' then
      (select count(*)::int from ${serviceShopPrices} x where x.tenant_id = ${priceControls.tenantId} and x.service_id = ${priceControls.itemId}
        and (x.price < ${priceControls.minPrice} or x.price > ${priceControls.maxPrice}))
    else
      (select count(*)::int from ${productShopPrices} x where x.tenant_id = ${priceControls.tenantId} and x.product_id = ${priceControls.itemId}
        and (x.price < ${priceControls.minPrice} or x.price > ${priceControls.maxPrice}))
    end)`,
};

function selectControls(tx: Db) {
  return tx
    .select(controlColumns)
    .from(priceControls)
    .leftJoin(services, and(eq(priceControls.kind, 'service'), eq(services.id, priceControls.itemId)))
    .leftJoin(products, and(eq(priceControls.kind, 'product'), eq(products.id, priceControls.itemId)))
    .$dynamic();
}

export async function listControls(tx: Db, q: { page: number; pageSize: number; kind?: PriceKind; keyword?: string }) {
  const where = and(
    q.kind ? eq(priceControls.kind, q.kind) : undefined,
    q.keyword
      ? or(keywordMatch(q.keyword, services.code, services.name), keywordMatch(q.keyword, products.pcode, products.name, products.barcode))
      : undefined,
  );
  return pageOf(
    tx,
    q,
    selectControls(tx).where(where).orderBy(desc(priceControls.updatedAt), desc(priceControls.id)).limit(q.pageSize).offset(offsetOf(q)),
    () =>
      tx
        .select({ id: priceControls.id })
        .from(priceControls)
        .leftJoin(services, and(eq(priceControls.kind, 'service'), eq(services.id, priceControls.itemId)))
        .leftJoin(products, and(eq(priceControls.kind, 'product'), eq(products.id, priceControls.itemId)))
        .where(where),
  );
}

async function controlRow(tx: Db, id: number) {
  const [row] = await selectControls(tx).where(eq(priceControls.id, id));
  if (!row) throw refNotFound('control', id);
  return row;
}

/**
 * saveOrUpdate: no id creates the control of an item (one per item: a second is 409), an id updates
 * it (only the fields sent; `version` checks for concurrent edits). At least one bound; min ≤ max.
 * Shop prices already outside the new bounds stay until changed (the answer counts them).
 */
export async function saveControl(
  tx: Db,
  auth: Auth,
  body: {
    id?: number;
    version?: number;
    kind: PriceKind;
    itemId: number;
    minPrice?: number | null;
    maxPrice?: number | null;
    memo?: string | null;
  },
  raw: unknown,
) {
  const sent = new Set(Object.keys((raw as object) ?? {}));
  let current: typeof priceControls.$inferSelect | undefined;
  if (body.id !== undefined) {
    [current] = await tx.select().from(priceControls).where(eq(priceControls.id, body.id));
    if (!current) throw refNotFound('control', body.id);
    if (body.version !== undefined && body.version !== current.version) throw conflict('staleVersion');
  }
  const minPrice = sent.has('minPrice') ? (body.minPrice ?? null) : (current?.minPrice ?? null);
  const maxPrice = sent.has('maxPrice') ? (body.maxPrice ?? null) : (current?.maxPrice ?? null);
  if (minPrice === null && maxPrice === null) throw problems([{ path: 'minPrice', key: 'controlNoBound' }]);
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    throw problems([{ path: 'minPrice', key: 'controlMinAboveMax', params: { min: yuan(minPrice), max: yuan(maxPrice) } }]);
  }
  const item = (await loadItems(tx, body.kind, [body.itemId])).get(body.itemId);
  const [other] = await tx
    .select({ id: priceControls.id })
    .from(priceControls)
    .where(and(eq(priceControls.kind, body.kind), eq(priceControls.itemId, body.itemId)));
  if (other && other.id !== body.id) {
    const params = { item: item?.name ?? String(body.itemId) };
    throw new AppError(409, 'controlDuplicate', params, [{ path: 'itemId', key: 'controlDuplicate', params }]);
  }
  const values = {
    kind: body.kind,
    itemId: body.itemId,
    minPrice,
    maxPrice,
    memo: sent.has('memo') ? (body.memo ?? null) : (current?.memo ?? null),
  };
  let id: number;
  if (current) {
    id = current.id;
    await tx
      .update(priceControls)
      .set({ ...values, version: sql`${priceControls.version} + 1`, updatedAt: new Date() })
      .where(eq(priceControls.id, id));
  } else {
    const [row] = await tx
      .insert(priceControls)
      .values({ tenantId: auth.tenantId, ...values })
      .returning({ id: priceControls.id });
    id = row.id;
  }
  return controlRow(tx, id);
}

/** deleteData: removes controls; all or nothing (404 naming the first unknown id). */
export async function deleteControls(tx: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await tx.select({ id: priceControls.id }).from(priceControls).where(inArray(priceControls.id, unique));
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw refNotFound('control', missing);
  await tx.delete(priceControls).where(inArray(priceControls.id, unique));
  return { deleted: unique.length };
}
