import type { BatchChangeRow, PriceKind } from '@headoffice/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError, type FieldProblem } from '../../platform/errors.js';
import { type Lang, translate } from '../../platform/i18n.js';
import { yuan } from '../../platform/money.js';
import { keywordMatch, offsetOf, orderBy, pageOf } from '../../platform/paging.js';
import { services } from '../catalog/public.js';
import { loadShop, loadShops, shops } from '../org/public.js';
import {
  assertSellable,
  assertUnique,
  assertVisible,
  assertWithinControl,
  type ItemRef,
  itemColumns,
  loadControls,
  loadItems,
  loadShopPrices,
  type PriceEntry,
  priceColumns,
  problems,
  refNotFound,
  type ShopPriceWrite,
  seesShop,
  upsertShopPrices,
  violationOf,
} from './common.js';
import type { PricingMessage } from './messages.js';
import { priceTemplates, serviceShopPrices } from './schema.js';

const key = (shopId: number, itemId: number) => `${shopId}:${itemId}`;

/** One shop price row as the API shows it. */
export async function shopPriceRow(tx: Db, kind: PriceKind, shopId: number, itemId: number) {
  const p = priceColumns(kind);
  const [row] = await tx
    .select({
      id: p.table.id,
      shopId: p.table.shopId,
      itemId: sql<number>`${p.item}`,
      price: p.table.price,
      status: p.table.status,
      templateId: p.table.templateId,
      version: p.table.version,
      updatedAt: p.table.updatedAt,
    })
    .from(p.table)
    .where(and(eq(p.table.shopId, shopId), eq(p.item, itemId)));
  return row ? { ...row, itemId: Number(row.itemId), [kind === 'service' ? 'serviceId' : 'productId']: Number(row.itemId) } : undefined;
}

/**
 * The items become sold in the shop: missing rows are added at the base price, listed-but-not-sold
 * rows are switched on at their own price; every resulting price passes price control.
 */
export async function addItemsToShop(tx: Db, auth: Auth, kind: PriceKind, shopId: number, itemIds: number[], path: string) {
  await loadShop(tx, auth, shopId);
  const items = await loadItems(tx, kind, itemIds);
  assertSellable(kind, items.values());
  const existing = await loadShopPrices(tx, kind, [shopId], itemIds);
  const writes: ShopPriceWrite[] = [];
  const checks: PriceEntry[] = [];
  let added = 0;
  let enabled = 0;
  let already = 0;
  for (const [i, itemId] of [...new Set(itemIds)].entries()) {
    const row = existing.get(key(shopId, itemId));
    const item = items.get(itemId) as ItemRef;
    if (row?.status === 1) {
      already++;
      continue;
    }
    const price = row ? row.price : item.basePrice;
    if (row) enabled++;
    else added++;
    writes.push({ shopId, itemId, price, status: 1, templateId: row?.templateId ?? null });
    checks.push({ itemId, price, path: `${path}.${i}` });
  }
  await assertWithinControl(tx, kind, checks);
  await upsertShopPrices(tx, auth.tenantId, kind, writes);
  return { added, enabled, existing: already };
}

/**
 * The shops sell (1) or stop selling (0) the items. Selling adds missing rows at the base price and
 * switches listed rows on (within price control); stopping switches listed rows off and adds nothing.
 */
export async function setShopStatus(
  tx: Db,
  auth: Auth,
  kind: PriceKind,
  shopIds: number[],
  itemIds: number[],
  status: number,
  itemPath: string,
) {
  const shopMap = await loadShops(tx, auth, shopIds);
  const items = await loadItems(tx, kind, itemIds);
  if (status === 1) assertSellable(kind, items.values());
  const existing = await loadShopPrices(tx, kind, shopIds, itemIds);
  const writes: ShopPriceWrite[] = [];
  const checks: PriceEntry[] = [];
  let added = 0;
  for (const shopId of [...new Set(shopIds)]) {
    for (const [i, itemId] of [...new Set(itemIds)].entries()) {
      const row = existing.get(key(shopId, itemId));
      if (row?.status === status) continue;
      if (!row && status === 0) continue;
      const price = row ? row.price : (items.get(itemId) as ItemRef).basePrice;
      if (!row) added++;
      writes.push({ shopId, itemId, price, status, templateId: row?.templateId ?? null });
      if (status === 1) checks.push({ itemId, price, path: `${itemPath}.${i}`, shop: shopMap.get(shopId)?.name });
    }
  }
  await assertWithinControl(tx, kind, checks);
  await upsertShopPrices(tx, auth.tenantId, kind, writes);
  return { changed: writes.length, added };
}

/** For one item: every shop the user may see, and whether (and at what price) it sells it. */
export async function shopStatusOfItem(tx: Db, auth: Auth, kind: PriceKind, itemId: number) {
  await loadItems(tx, kind, [itemId]);
  const p = priceColumns(kind);
  const allowed = visibleShops(auth);
  if (allowed && !allowed.length) return [];
  const rows = await tx
    .select({
      shopId: shops.id,
      shopCode: shops.code,
      shopName: shops.name,
      status: p.table.status,
      price: p.table.price,
      priceId: p.table.id,
    })
    .from(shops)
    .leftJoin(p.table, and(eq(p.table.tenantId, shops.tenantId), eq(p.table.shopId, shops.id), eq(p.item, itemId)))
    .where(allowed ? inArray(shops.id, allowed) : undefined)
    .orderBy(asc(shops.code), asc(shops.id));
  return rows.map((r) => ({ ...r, listed: r.priceId !== null }));
}

/** Which of the items the shop sells now. */
export async function checkShopStatus(tx: Db, auth: Auth, kind: PriceKind, shopId: number, itemIds: number[]) {
  await loadShop(tx, auth, shopId);
  const items = await loadItems(tx, kind, itemIds);
  const existing = await loadShopPrices(tx, kind, [shopId], itemIds);
  const list = [...new Set(itemIds)].map((itemId) => {
    const row = existing.get(key(shopId, itemId));
    const sold = Boolean(row && row.status === 1 && items.get(itemId)?.active);
    return { itemId, listed: Boolean(row), sold, price: row?.price ?? null };
  });
  return {
    shopId,
    sold: list.filter((i) => i.sold).map((i) => i.itemId),
    notSold: list.filter((i) => !i.sold).map((i) => i.itemId),
    items: list,
  };
}

/** Sets one shop's price (and status) of one item; the row stops following its template. */
export async function saveOneShopPrice(
  tx: Db,
  auth: Auth,
  kind: PriceKind,
  input: { id?: number; shopId: number; itemId: number; price: number; status: number },
  paths: { item: string; price: string },
) {
  await loadShop(tx, auth, input.shopId);
  const items = await loadItems(tx, kind, [input.itemId]);
  if (input.status === 1) assertSellable(kind, items.values());
  if (input.id !== undefined) {
    const p = priceColumns(kind);
    const [row] = await tx
      .select({ shopId: p.table.shopId, itemId: sql<number>`${p.item}` })
      .from(p.table)
      .where(eq(p.table.id, input.id));
    // A row of a shop out of sight answers as one that is not there: the id tells nothing of other shops.
    if (!row || !seesShop(auth, row.shopId)) throw refNotFound('priceRow', input.id);
    if (row.shopId !== input.shopId || Number(row.itemId) !== input.itemId) {
      throw new AppError(400, 'validation', {}, [{ path: paths.item, key: 'badValue' }]);
    }
  }
  await assertWithinControl(tx, kind, [{ itemId: input.itemId, price: input.price, path: paths.price }]);
  await upsertShopPrices(tx, auth.tenantId, kind, [
    { shopId: input.shopId, itemId: input.itemId, price: input.price, status: input.status, templateId: null },
  ]);
  return shopPriceRow(tx, kind, input.shopId, input.itemId);
}

/** Many shop × item prices at once; all or nothing. */
export async function saveManyShopPrices(
  tx: Db,
  auth: Auth,
  kind: PriceKind,
  rows: { shopId: number; itemId: number; price: number; status: number }[],
  itemField: string,
) {
  assertUnique(
    rows,
    (r) => key(r.shopId, r.itemId),
    (i) => `items.${i}.${itemField}`,
    (r) => `${r.shopId}/${r.itemId}`,
  );
  const shopMap = await loadShops(
    tx,
    auth,
    rows.map((r) => r.shopId),
  );
  const items = await loadItems(
    tx,
    kind,
    rows.map((r) => r.itemId),
  );
  const sold = rows.filter((r) => r.status === 1).map((r) => items.get(r.itemId) as ItemRef);
  assertSellable(kind, sold);
  await assertWithinControl(
    tx,
    kind,
    rows.map((r, i) => ({ itemId: r.itemId, price: r.price, path: `items.${i}.price`, shop: shopMap.get(r.shopId)?.name })),
  );
  await upsertShopPrices(
    tx,
    auth.tenantId,
    kind,
    rows.map((r) => ({ ...r, templateId: null })),
  );
  return { saved: rows.length };
}

/** Deletes a shop price row (the shop no longer lists the item). */
export async function deleteShopPrice(tx: Db, auth: Auth, kind: PriceKind, id: number) {
  const p = priceColumns(kind);
  const [row] = await tx.select({ shopId: p.table.shopId }).from(p.table).where(eq(p.table.id, id));
  if (!row || !seesShop(auth, row.shopId)) throw refNotFound('priceRow', id);
  await tx.delete(p.table).where(eq(p.table.id, id));
  return { id };
}

/** Status of a shop's price rows by their ids (api-base updateServStatus). */
export async function updateStatusByIds(tx: Db, auth: Auth, kind: PriceKind, shopId: number, ids: number[], status: number) {
  await loadShop(tx, auth, shopId);
  const p = priceColumns(kind);
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ id: p.table.id, itemId: sql<number>`${p.item}`, price: p.table.price })
    .from(p.table)
    .where(and(inArray(p.table.id, unique), eq(p.table.shopId, shopId)));
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw refNotFound('priceRow', missing);
  if (status === 1) {
    const items = await loadItems(
      tx,
      kind,
      rows.map((r) => Number(r.itemId)),
    );
    assertSellable(kind, items.values());
    await assertWithinControl(
      tx,
      kind,
      rows.map((r) => ({ itemId: Number(r.itemId), price: r.price, path: `ids.${ids.indexOf(r.id)}` })),
    );
  }
  await tx
    .update(p.table)
    .set({ status, version: sql`${p.table.version} + 1`, updatedAt: new Date() })
    .where(and(inArray(p.table.id, unique), eq(p.table.shopId, shopId)));
  return { updated: rows.length };
}

/**
 * Batch change of listed shop prices by a percentage or an amount. The preview answers every row
 * with its before/after price and any price-control violation; the real run stores all or nothing.
 */
export async function batchChangePrices(
  tx: Db,
  auth: Auth,
  lang: Lang,
  kind: PriceKind,
  body: { shopIds: number[]; itemIds: number[]; mode: 'percent' | 'amount'; value: number; preview: boolean },
) {
  const shopMap = await loadShops(tx, auth, body.shopIds);
  const items = await loadItems(tx, kind, body.itemIds);
  const existing = await loadShopPrices(tx, kind, body.shopIds, body.itemIds);
  const controls = await loadControls(tx, kind, body.itemIds);
  const rows: BatchChangeRow[] = [];
  const found: (FieldProblem & { key: PricingMessage })[] = [];
  const writes: ShopPriceWrite[] = [];
  let skipped = 0;
  for (const shop of [...shopMap.values()].sort((a, b) => a.code.localeCompare(b.code))) {
    for (const itemId of [...new Set(body.itemIds)]) {
      const item = items.get(itemId) as ItemRef;
      const row = existing.get(key(shop.id, itemId));
      if (!row) {
        skipped++;
        continue;
      }
      const before = row.price;
      const after = body.mode === 'amount' ? before + Math.round(body.value) : Math.round((before * (100 + body.value)) / 100);
      let violation: BatchChangeRow['violation'] = null;
      if (after < 0 || after > 1_000_000_000) {
        const k: PricingMessage = after < 0 ? 'priceNegative' : 'priceTooHigh';
        const params = { item: `${shop.name} ${item.name}`, price: yuan(after) };
        found.push({ path: 'value', key: k, params });
        violation = { bound: after < 0 ? 'min' : 'max', limit: after < 0 ? 0 : 1_000_000_000, message: translate(lang, k, params) };
      } else {
        const v = violationOf(controls.get(itemId), after, shop.name);
        if (v) {
          found.push({ path: 'value', key: v.key, params: v.params });
          violation = { bound: v.bound, limit: v.limit, message: translate(lang, v.key, v.params) };
        }
      }
      rows.push({ shopId: shop.id, shopName: shop.name, serviceId: itemId, serviceName: item.name, before, after, violation });
      if (after !== before) writes.push({ shopId: shop.id, itemId, price: after, status: row.status, templateId: null });
    }
  }
  if (body.preview) return { preview: true, rows, skipped, changed: 0 };
  if (found.length) throw problems(found);
  await upsertShopPrices(tx, auth.tenantId, kind, writes);
  return { preview: false, rows, skipped, changed: writes.length };
}

/** list/search: shop price rows (shop × service), paged, with names; only shops the user may see. */
export async function searchServicePrices(
  tx: Db,
  auth: Auth,
  q: {
    page: number;
    pageSize: number;
    sort?: string;
    shopId?: number;
    serviceId?: number;
    serviceTypeId?: number;
    line?: string;
    status?: number;
    templateId?: number;
    keyword?: string;
  },
) {
  const allowed = visibleShops(auth);
  if (q.shopId) assertVisible(auth, q.shopId);
  const where: (SQL | undefined)[] = [
    allowed ? (allowed.length ? inArray(serviceShopPrices.shopId, allowed) : sql`false`) : undefined,
    q.shopId ? eq(serviceShopPrices.shopId, q.shopId) : undefined,
    q.serviceId ? eq(serviceShopPrices.serviceId, q.serviceId) : undefined,
    q.serviceTypeId ? eq(services.serviceTypeId, q.serviceTypeId) : undefined,
    q.line ? eq(services.line, q.line) : undefined,
    q.status !== undefined ? eq(serviceShopPrices.status, q.status) : undefined,
    q.templateId ? eq(serviceShopPrices.templateId, q.templateId) : undefined,
    q.keyword ? keywordMatch(q.keyword, services.code, services.name) : undefined,
    eq(services.isDel, 0),
  ];
  const condition = and(...where);
  const sortable = {
    shopCode: shops.code,
    itemCode: services.code,
    itemName: services.name,
    price: serviceShopPrices.price,
    updatedAt: serviceShopPrices.updatedAt,
  };
  return pageOf(
    tx,
    q,
    tx
      .select({
        id: serviceShopPrices.id,
        shopId: serviceShopPrices.shopId,
        shopCode: shops.code,
        shopName: shops.name,
        itemId: serviceShopPrices.serviceId,
        itemCode: services.code,
        itemName: services.name,
        basePrice: services.basePrice,
        price: serviceShopPrices.price,
        status: serviceShopPrices.status,
        templateId: serviceShopPrices.templateId,
        templateName: priceTemplates.name,
        version: serviceShopPrices.version,
        updatedAt: serviceShopPrices.updatedAt,
      })
      .from(serviceShopPrices)
      .innerJoin(shops, eq(shops.id, serviceShopPrices.shopId))
      .innerJoin(services, eq(services.id, serviceShopPrices.serviceId))
      .leftJoin(priceTemplates, eq(priceTemplates.id, serviceShopPrices.templateId))
      .where(condition)
      .orderBy(...orderBy(q.sort, sortable, [asc(shops.code), asc(services.code)], serviceShopPrices.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    () =>
      tx
        .select({ id: serviceShopPrices.id })
        .from(serviceShopPrices)
        .innerJoin(shops, eq(shops.id, serviceShopPrices.shopId))
        .innerJoin(services, eq(services.id, serviceShopPrices.serviceId))
        .where(condition),
  );
}

/** A shop's view of the items: every item (not deleted) with the shop's row if any, paged. */
export async function shopItemList(
  tx: Db,
  kind: PriceKind,
  shopId: number,
  q: { page: number; pageSize: number; sort?: string; keyword?: string; status?: number; extra?: SQL },
) {
  const c = itemColumns(kind);
  const p = priceColumns(kind);
  const joined = and(eq(p.table.tenantId, c.tenant), eq(p.table.shopId, shopId), eq(p.item, c.id));
  const statusFilter =
    q.status === undefined ? undefined : q.status === 1 ? eq(p.table.status, 1) : sql`(${p.table.status} is null or ${p.table.status} = 0)`;
  const where = and(eq(c.isDel, 0), q.keyword ? keywordMatch(q.keyword, c.code, c.name) : undefined, statusFilter, q.extra);
  const sortable = { code: c.code, name: c.name, basePrice: c.base, price: p.table.price };
  const result = await pageOf(
    tx,
    q,
    tx
      .select({
        itemId: sql<number>`${c.id}`,
        code: sql<string>`${c.code}`,
        name: sql<string>`${c.name}`,
        basePrice: sql<number>`${c.base}`,
        active: c.active,
        line: c.line,
        priceId: p.table.id,
        price: p.table.price,
        status: p.table.status,
        templateId: p.table.templateId,
      })
      .from(c.table)
      .leftJoin(p.table, joined)
      .where(where)
      .orderBy(...orderBy(q.sort, sortable, [asc(c.code)], c.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    () => tx.select({ id: c.id }).from(c.table).leftJoin(p.table, joined).where(where),
  );
  return {
    ...result,
    list: result.list.map((r) => ({
      ...r,
      itemId: Number(r.itemId),
      [kind === 'service' ? 'serviceId' : 'productId']: Number(r.itemId),
      listed: r.priceId !== null,
    })),
  };
}
