import type { PriceKind } from '@headoffice/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError, type FieldProblem, forbidden } from '../../platform/errors.js';
import { yuan } from '../../platform/money.js';
import { products, services } from '../catalog/public.js';
import { loadShops, type ShopRef, shops } from '../org/public.js';
import type { PricingMessage } from './messages.js';
import { priceControls, productShopPrices, serviceShopPrices } from './schema.js';

export interface ItemRef {
  id: number;
  code: string;
  name: string;
  basePrice: number;
  /** Enabled, not deleted (and for products: sold at retail). */
  active: boolean;
  /** Services only: 'mf' | 'mr'. */
  line: string | null;
}

/** 404 naming the missing record, e.g. «服务项目不存在（编号 42）»; another tenant's ids look the same. */
export const refNotFound = (entity: string, id: number) => new AppError(404, 'refNotFound', { entity: `@pricing.${entity}`, id });

/** A 400 whose message is the first problem's, with every problem listed by field. */
export function problems(list: (FieldProblem & { key: PricingMessage })[]): AppError {
  const first = list[0];
  return new AppError(400, first.key, first.params ?? {}, list);
}

export function seesShop(auth: Auth, shopId: number) {
  const allowed = visibleShops(auth);
  return !allowed || allowed.includes(shopId);
}

export function assertVisible(auth: Auth, shopId: number) {
  if (!seesShop(auth, shopId)) throw forbidden('shopForbidden');
}

/** Shops a grid shows: the ones asked for (checked), else every open shop the user may see (at most 200). */
export async function gridShops(tx: Db, auth: Auth, ids: number[] | undefined): Promise<ShopRef[]> {
  if (ids?.length) {
    const map = await loadShops(tx, auth, ids);
    return [...map.values()].sort((a, b) => a.code.localeCompare(b.code));
  }
  const allowed = visibleShops(auth);
  if (allowed && allowed.length === 0) return [];
  return tx
    .select({ id: shops.id, code: shops.code, name: shops.name })
    .from(shops)
    .where(and(eq(shops.status, 1), allowed ? inArray(shops.id, allowed) : undefined))
    .orderBy(asc(shops.code), asc(shops.id))
    .limit(200);
}

/** The columns of the items a price kind is about: services or products. */
export function itemColumns(kind: PriceKind) {
  return kind === 'service'
    ? {
        table: services as PgTable,
        tenant: services.tenantId as PgColumn,
        id: services.id as PgColumn,
        code: services.code as PgColumn,
        name: services.name as PgColumn,
        base: services.basePrice as PgColumn,
        isDel: services.isDel as PgColumn,
        active: sql<boolean>`(${services.status} = 1 and ${services.isDel} = 0)`,
        line: sql<string | null>`${services.line}`,
      }
    : {
        table: products as PgTable,
        tenant: products.tenantId as PgColumn,
        id: products.id as PgColumn,
        code: products.pcode as PgColumn,
        name: products.name as PgColumn,
        base: products.retailPrice as PgColumn,
        isDel: products.isDel as PgColumn,
        active: sql<boolean>`(${products.status} = 1 and ${products.isDel} = 0 and ${products.usage} = 1)`,
        line: sql<string | null>`null::text`,
      };
}

/** The shop price table of a kind, with its item column. */
export function priceColumns(kind: PriceKind) {
  return kind === 'service'
    ? { table: serviceShopPrices, item: serviceShopPrices.serviceId as PgColumn }
    : { table: productShopPrices, item: productShopPrices.productId as PgColumn };
}

/** Items of `ids` (not deleted) of this tenant; 404 naming the first missing one. */
export async function loadItems(tx: Db, kind: PriceKind, ids: number[]): Promise<Map<number, ItemRef>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const c = itemColumns(kind);
  const rows = (await tx
    .select({ id: c.id, code: c.code, name: c.name, basePrice: c.base, active: c.active, line: c.line })
    .from(c.table)
    .where(and(inArray(c.id, unique), eq(c.isDel, 0)))) as ItemRef[];
  const byId = new Map(rows.map((r) => [r.id, { ...r, active: Boolean(r.active) }]));
  for (const id of unique) if (!byId.has(id)) throw refNotFound(kind, id);
  return byId;
}

/** A shop may sell only enabled items (and only retail products). 409 naming the first that is not. */
export function assertSellable(kind: PriceKind, items: Iterable<ItemRef>) {
  for (const item of items) {
    if (!item.active) throw new AppError(409, kind === 'product' ? 'productNotSellable' : 'itemDisabled', { item: item.name });
  }
}

export interface PriceEntry {
  itemId: number;
  price: number;
  /** Field path the problem is reported on. */
  path: string;
  /** Shop name when the same item is priced for several shops. */
  shop?: string;
}

export interface Violation {
  bound: 'min' | 'max';
  limit: number;
  key: PricingMessage;
  params: Record<string, string | number>;
}

/** Head-office bounds of the items: itemId → {min, max, name}. One query. */
export async function loadControls(tx: Db, kind: PriceKind, itemIds: number[]) {
  const unique = [...new Set(itemIds)];
  const map = new Map<number, { min: number | null; max: number | null; name: string }>();
  if (!unique.length) return map;
  const c = itemColumns(kind);
  const rows = await tx
    .select({ itemId: priceControls.itemId, min: priceControls.minPrice, max: priceControls.maxPrice, name: sql<string>`${c.name}` })
    .from(priceControls)
    .innerJoin(c.table, eq(c.id, priceControls.itemId))
    .where(and(eq(priceControls.kind, kind), inArray(priceControls.itemId, unique)));
  for (const r of rows) map.set(r.itemId, { min: r.min, max: r.max, name: r.name });
  return map;
}

export function violationOf(
  control: { min: number | null; max: number | null; name: string } | undefined,
  price: number,
  shop?: string,
): Violation | null {
  if (!control) return null;
  const at = shop !== undefined;
  if (control.min !== null && price < control.min) {
    return {
      bound: 'min',
      limit: control.min,
      key: at ? 'priceBelowMinAt' : 'priceBelowMin',
      params: { item: control.name, price: yuan(price), min: yuan(control.min), ...(at ? { shop } : {}) },
    };
  }
  if (control.max !== null && price > control.max) {
    return {
      bound: 'max',
      limit: control.max,
      key: at ? 'priceAboveMaxAt' : 'priceAboveMax',
      params: { item: control.name, price: yuan(price), max: yuan(control.max), ...(at ? { shop } : {}) },
    };
  }
  return null;
}

/**
 * Every price must lie within the head-office bounds of its item; otherwise 400 naming the bound
 * («“洗剪吹”价格 ¥58.00 低于总部最低价 ¥68.00»), every offending entry listed by field. Nothing is
 * written by the caller before this passes.
 */
export async function assertWithinControl(tx: Db, kind: PriceKind, entries: PriceEntry[]) {
  if (!entries.length) return;
  const controls = await loadControls(
    tx,
    kind,
    entries.map((e) => e.itemId),
  );
  if (!controls.size) return;
  const found: (FieldProblem & { key: PricingMessage })[] = [];
  for (const e of entries) {
    const v = violationOf(controls.get(e.itemId), e.price, e.shop);
    if (v) found.push({ path: e.path, key: v.key, params: v.params });
  }
  if (found.length) throw problems(found);
}

/** Items listed twice in one request: 400 on the second occurrence. */
export function assertUnique<T>(list: T[], keyOf: (t: T) => string | number, path: (i: number) => string, name: (t: T) => string) {
  const seen = new Set<string | number>();
  list.forEach((t, i) => {
    const key = keyOf(t);
    if (seen.has(key)) throw problems([{ path: path(i), key: 'duplicateItem', params: { item: name(t) } }]);
    seen.add(key);
  });
}

export interface ShopPriceWrite {
  shopId: number;
  itemId: number;
  price: number;
  status: number;
  templateId: number | null;
}

/**
 * Creates or overwrites shop price rows (shop × item), bumping their version. One statement per
 * 2000 rows. Callers check bounds and references first.
 */
export async function upsertShopPrices(tx: Db, tenantId: number, kind: PriceKind, rows: ShopPriceWrite[]) {
  for (let i = 0; i < rows.length; i += 2000) {
    const chunk = rows.slice(i, i + 2000);
    if (kind === 'service') {
      await tx
        .insert(serviceShopPrices)
        .values(
          chunk.map((r) => ({
            tenantId,
            shopId: r.shopId,
            serviceId: r.itemId,
            price: r.price,
            status: r.status,
            templateId: r.templateId,
          })),
        )
        .onConflictDoUpdate({
          target: [serviceShopPrices.tenantId, serviceShopPrices.shopId, serviceShopPrices.serviceId],
          set: {
            price: sql`excluded.price`,
            status: sql`excluded.status`,
            templateId: sql`excluded.template_id`,
            version: sql`${serviceShopPrices.version} + 1`,
            updatedAt: sql`now()`,
          },
        });
    } else {
      await tx
        .insert(productShopPrices)
        .values(
          chunk.map((r) => ({
            tenantId,
            shopId: r.shopId,
            productId: r.itemId,
            price: r.price,
            status: r.status,
            templateId: r.templateId,
          })),
        )
        .onConflictDoUpdate({
          target: [productShopPrices.tenantId, productShopPrices.shopId, productShopPrices.productId],
          set: {
            price: sql`excluded.price`,
            status: sql`excluded.status`,
            templateId: sql`excluded.template_id`,
            version: sql`${productShopPrices.version} + 1`,
            updatedAt: sql`now()`,
          },
        });
    }
  }
}

/** The existing price rows of shops × items: `${shopId}:${itemId}` → row. One query. */
export async function loadShopPrices(tx: Db, kind: PriceKind, shopIds: number[], itemIds: number[]) {
  const p = priceColumns(kind);
  const map = new Map<string, { id: number; shopId: number; itemId: number; price: number; status: number; templateId: number | null }>();
  if (!shopIds.length || !itemIds.length) return map;
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
    .where(and(inArray(p.table.shopId, [...new Set(shopIds)]), inArray(p.item, [...new Set(itemIds)])));
  for (const r of rows) map.set(`${r.shopId}:${Number(r.itemId)}`, { ...r, itemId: Number(r.itemId) });
  return map;
}

/** `update <table> set price = v.price … from (values …)`: many rows' prices in one statement. */
export async function updatePricesById(tx: Db, table: PgTable, pairs: { id: number; price: number }[]) {
  if (!pairs.length) return;
  const values = sql.join(
    pairs.map((p) => sql`(${p.id}::bigint, ${p.price}::integer)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${table} set price = v.price, updated_at = now() from (values ${values}) as v(id, price) where ${table}.id = v.id`,
  );
}

/** A filter that matches nothing, for users without shops. */
export const nothing: SQL = sql`false`;
