import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { shops } from './schema.js';

export interface ShopRef {
  id: number;
  code: string;
  name: string;
}

/** The shops of `ids`, all of this tenant (404) and visible to the user (403). */
export async function loadShops(tx: Db, auth: Auth, ids: number[]): Promise<Map<number, ShopRef>> {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await tx.select({ id: shops.id, code: shops.code, name: shops.name }).from(shops).where(inArray(shops.id, unique))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of unique) if (!byId.has(id)) throw new AppError(404, 'refNotFound', { entity: '@shop', id });
  for (const id of unique) assertShopVisible(auth, id);
  return byId;
}

export async function loadShop(tx: Db, auth: Auth, id: number): Promise<ShopRef> {
  return (await loadShops(tx, auth, [id])).get(id) as ShopRef;
}
