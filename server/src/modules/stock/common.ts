import { type OrderConfig, orderConfig, type StockConfig, stockConfig } from '@headoffice/contract';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { type Auth, can, visibleShops } from '../../platform/auth.js';
import { fieldError, forbidden } from '../../platform/errors.js';
import type { Lang } from '../../platform/i18n.js';
import { getSetting } from '../../platform/settings.js';
import { products } from '../catalog/public.js';
import { shops } from '../org/public.js';
import './messages.js';

/** Users limited to some shops see the head-office warehouse (bills, balances) only with this permission. */
export const WAREHOUSE_PERM = 'stock.warehouse';
export const WAREHOUSE_NAME = ['总部仓库', 'Head-office warehouse'] as const;
export const STOCK_CONFIG_KEY = 'stock.config';
/** The product-order settings (before migration 0019 they were kept under `order.config`, served as makeorderconfig). */
export const ORDER_CONFIG_KEY = 'stock.order';

export const pick = (lang: Lang, pair: readonly [string, string]) => pair[lang === 'en-US' ? 1 : 0];
export const locationName = (lang: Lang, shopId: number | null, shopName: string | null | undefined) =>
  shopId === null ? pick(lang, WAREHOUSE_NAME) : (shopName ?? '');

/** Whether the user may work with a location: a shop they see, or the warehouse (null) with its permission. */
export function mayUseLocation(auth: Auth, shopId: number | null): boolean {
  const visible = visibleShops(auth);
  if (!visible) return true;
  return shopId === null ? can(auth, WAREHOUSE_PERM) : visible.includes(shopId);
}

export function assertLocation(auth: Auth, shopId: number | null) {
  if (!mayUseLocation(auth, shopId)) throw forbidden('shopForbidden');
}

/** Rows of locations the user may see, on a `shop_id` column where null is the warehouse. */
export function locationScope(auth: Auth, column: PgColumn): SQL | undefined {
  const visible = visibleShops(auth);
  if (!visible) return undefined;
  const ofShops = visible.length ? inArray(column, visible) : undefined;
  if (can(auth, WAREHOUSE_PERM)) return ofShops ? or(ofShops, isNull(column)) : isNull(column);
  return ofShops ?? sql`false`;
}

/**
 * The location filter of a list: `shopid` (or its alias `shopId`), `warehouse=1`, or nothing (every
 * location the user may see). Asking for a location the user may not see answers 403.
 */
export function locationFilter(
  auth: Auth,
  column: PgColumn,
  q: { shopid?: number; shopId?: number; warehouse?: boolean },
): SQL | undefined {
  const shopId = q.shopid ?? q.shopId;
  if (shopId !== undefined) {
    assertLocation(auth, shopId);
    return eq(column, shopId);
  }
  if (q.warehouse) {
    assertLocation(auth, null);
    return isNull(column);
  }
  return locationScope(auth, column);
}

export async function getStockConfig(tx: Db): Promise<StockConfig> {
  return stockConfig.parse({ ...(await getSetting<Partial<StockConfig>>(tx, STOCK_CONFIG_KEY, {})) });
}

export async function getOrderConfig(tx: Db): Promise<OrderConfig> {
  return orderConfig.parse({ ...(await getSetting<Partial<OrderConfig>>(tx, ORDER_CONFIG_KEY, {})) });
}

/** A shop of the tenant (400 on `field` when it does not exist). */
export async function requireShop(tx: Db, shopId: number, field: string) {
  const [shop] = await tx.select({ id: shops.id, name: shops.name }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw fieldError(field, 'missingReference', { field: '@shop' });
  return shop;
}

export interface ProductInfo {
  id: number;
  pcode: string;
  name: string;
  unit: string;
  purchasePrice: number;
}

/** Products that may go on a bill (not deleted), by id. */
export async function productsById(tx: Db, ids: number[]): Promise<Map<number, ProductInfo>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await tx
    .select({ id: products.id, pcode: products.pcode, name: products.name, unit: products.unit, purchasePrice: products.purchasePrice })
    .from(products)
    .where(and(inArray(products.id, unique), eq(products.isDel, 0)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Lines of a save: every product exists, none twice; answers the products by id. */
export async function checkLineProducts(tx: Db, lines: { productId: number }[], path = 'lines'): Promise<Map<number, ProductInfo>> {
  const found = await productsById(
    tx,
    lines.map((l) => l.productId),
  );
  const seen = new Set<number>();
  for (const [i, line] of lines.entries()) {
    const product = found.get(line.productId);
    if (!product) throw fieldError(`${path}.${i}.productId`, 'missingReference', { field: '@product' });
    if (seen.has(line.productId)) throw fieldError(`${path}.${i}.productId`, 'duplicateProduct', { product: product.name });
    seen.add(line.productId);
  }
  return found;
}

/** The product's name for messages («「洗发水 500ml」库存不足»). */
export async function productLabel(tx: Db, productId: number): Promise<string> {
  const [row] = await tx.select({ name: products.name, spec: products.spec }).from(products).where(eq(products.id, productId));
  if (!row) return `#${productId}`;
  return row.spec ? `${row.name} ${row.spec}` : row.name;
}

/** Shop names by id (one query). */
export async function shopNames(tx: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((v): v is number => typeof v === 'number'))];
  if (!unique.length) return new Map();
  const rows = await tx.select({ id: shops.id, name: shops.name }).from(shops).where(inArray(shops.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** `amount = quantity × unit price` (cents). */
export const lineAmount = (quantity: number, price: number) => quantity * price;

/**
 * Each line's price in `field` (left out: the product's purchase price) and its amount, the lines'
 * products checked: the line values of stock bills (`unitCost`) and product orders (`price`).
 */
export async function priced<F extends string>(
  tx: Db,
  lines: ({ productId: number; quantity: number } & Partial<Record<F, number>>)[],
  field: F,
) {
  const found = await checkLineProducts(tx, lines);
  return lines.map((l) => {
    const price = l[field] ?? found.get(l.productId)?.purchasePrice ?? 0;
    return { [field]: price, amount: lineAmount(l.quantity, price) } as Record<F | 'amount', number>;
  });
}
