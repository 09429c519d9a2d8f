import type { EeSpecialLevel } from '@headoffice/contract';
import { and, asc, desc, eq, exists, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { keywordMatch, offsetOf, pageOf } from '../../platform/paging.js';
import { services } from '../catalog/public.js';
import { loadShop, positionLevels, positions, shops } from '../org/public.js';
import { assertUnique, assertVisible, assertWithinControl, loadItems, refNotFound, updatePricesById } from './common.js';
import { serviceShopPrices, serviceSpecialLogs, serviceSpecials } from './schema.js';

/** Scope of level prices: the chain default (null) or one shop. */
const scopeOf = (shopId: number | null) => (shopId === null ? isNull(serviceSpecials.shopId) : eq(serviceSpecials.shopId, shopId));

/** Level prices of a service: chain only (null), one shop plus the chain ('withChain'), or a shop's own. */
export async function specialRows(tx: Db, serviceId: number, where: SQL | undefined) {
  return tx
    .select({
      id: serviceSpecials.id,
      serviceId: serviceSpecials.serviceId,
      shopId: serviceSpecials.shopId,
      levelId: serviceSpecials.levelId,
      levelName: positionLevels.name,
      positionName: positions.name,
      price: serviceSpecials.price,
      updatedAt: serviceSpecials.updatedAt,
    })
    .from(serviceSpecials)
    .innerJoin(positionLevels, eq(positionLevels.id, serviceSpecials.levelId))
    .leftJoin(positions, eq(positions.id, positionLevels.positionId))
    .where(and(eq(serviceSpecials.serviceId, serviceId), where))
    .orderBy(sql`${serviceSpecials.shopId} nulls first`, asc(positions.sort), asc(positionLevels.sort), asc(serviceSpecials.id));
}

async function loadLevels(tx: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await tx.select({ id: positionLevels.id, name: positionLevels.name }).from(positionLevels).where(inArray(positionLevels.id, unique))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of unique) if (!byId.has(id)) throw refNotFound('level', id);
  return byId;
}

interface Change {
  serviceId: number;
  shopId: number | null;
  levelId: number;
  oldPrice: number | null;
  newPrice: number | null;
}

interface Plan {
  serviceId: number;
  shopId: number | null;
  levelId: number;
  /** The current row, if any. */
  row?: { id: number; price: number };
  /** The new price; null removes the row. */
  price: number | null;
}

/** Applies level-price changes (any services and scopes) and logs each: at most four statements. */
async function applyChanges(tx: Db, auth: Auth, plans: Plan[]) {
  const removed: number[] = [];
  const updated: { id: number; price: number }[] = [];
  const added: Plan[] = [];
  const changes: Change[] = [];
  for (const plan of plans) {
    const { row, price } = plan;
    const base = { serviceId: plan.serviceId, shopId: plan.shopId, levelId: plan.levelId };
    if (price === null) {
      if (row) {
        removed.push(row.id);
        changes.push({ ...base, oldPrice: row.price, newPrice: null });
      }
    } else if (!row) {
      added.push(plan);
      changes.push({ ...base, oldPrice: null, newPrice: price });
    } else if (row.price !== price) {
      updated.push({ id: row.id, price });
      changes.push({ ...base, oldPrice: row.price, newPrice: price });
    }
  }
  if (removed.length) await tx.delete(serviceSpecials).where(inArray(serviceSpecials.id, removed));
  await updatePricesById(tx, serviceSpecials, updated);
  for (let i = 0; i < added.length; i += 2000) {
    await tx.insert(serviceSpecials).values(
      added.slice(i, i + 2000).map((a) => ({
        tenantId: auth.tenantId,
        serviceId: a.serviceId,
        shopId: a.shopId,
        levelId: a.levelId,
        price: a.price as number,
      })),
    );
  }
  await logChanges(tx, auth, changes);
  return changes.length;
}

async function logChanges(tx: Db, auth: Auth, changes: Change[]) {
  for (let i = 0; i < changes.length; i += 2000) {
    await tx
      .insert(serviceSpecialLogs)
      .values(changes.slice(i, i + 2000).map((c) => ({ tenantId: auth.tenantId, ...c, userId: auth.userId, username: auth.username })));
  }
}

/** Current level prices of the services (every scope): `${serviceId}:${shopId ?? 0}:${levelId}` → row. One query. */
async function existingOf(tx: Db, serviceIds: number[]) {
  const rows = serviceIds.length
    ? await tx
        .select({
          id: serviceSpecials.id,
          serviceId: serviceSpecials.serviceId,
          shopId: serviceSpecials.shopId,
          levelId: serviceSpecials.levelId,
          price: serviceSpecials.price,
        })
        .from(serviceSpecials)
        .where(inArray(serviceSpecials.serviceId, [...new Set(serviceIds)]))
    : [];
  return new Map(rows.map((r) => [specialKey(r.serviceId, r.shopId, r.levelId), r]));
}

const specialKey = (serviceId: number, shopId: number | null, levelId: number) => `${serviceId}:${shopId ?? 0}:${levelId}`;

/**
 * savespecials: the level prices of a service at the chain (no shop) or one shop become exactly
 * `items`; levels left out lose their price. Shop prices pass price control. Every change is logged.
 */
export async function saveSpecials(
  tx: Db,
  auth: Auth,
  body: { serviceId: number; shopId?: number | null; items: { levelId: number; price: number }[] },
) {
  const shopId = body.shopId ?? null;
  await loadItems(tx, 'service', [body.serviceId]);
  if (shopId !== null) await loadShop(tx, auth, shopId);
  assertUnique(
    body.items,
    (i) => i.levelId,
    (i) => `items.${i}.levelId`,
    (i) => String(i.levelId),
  );
  await loadLevels(
    tx,
    body.items.map((i) => i.levelId),
  );
  if (shopId !== null) {
    await assertWithinControl(
      tx,
      'service',
      body.items.map((i, n) => ({ itemId: body.serviceId, price: i.price, path: `items.${n}.price` })),
    );
  }
  const existing = await existingOf(tx, [body.serviceId]);
  const plans: Plan[] = [...existing.values()]
    .filter((r) => r.shopId === shopId && !body.items.some((i) => i.levelId === r.levelId))
    .map((r) => ({ serviceId: r.serviceId, shopId, levelId: r.levelId, row: r, price: null }));
  for (const item of body.items) {
    const row = existing.get(specialKey(body.serviceId, shopId, item.levelId));
    plans.push({ serviceId: body.serviceId, shopId, levelId: item.levelId, row, price: item.price });
  }
  const changed = await applyChanges(tx, auth, plans);
  return { serviceId: body.serviceId, shopId, changed, list: await specialRows(tx, body.serviceId, scopeOf(shopId)) };
}

/** setEeSpecial: a shop's own level prices; `price: null` removes the override (the chain price applies again). */
export async function setShopSpecials(
  tx: Db,
  auth: Auth,
  shopId: number,
  body: { serviceId: number; items: { levelId: number; price: number | null }[] },
) {
  await loadShop(tx, auth, shopId);
  await loadItems(tx, 'service', [body.serviceId]);
  assertUnique(
    body.items,
    (i) => i.levelId,
    (i) => `items.${i}.levelId`,
    (i) => String(i.levelId),
  );
  await loadLevels(
    tx,
    body.items.map((i) => i.levelId),
  );
  const priced = body.items.flatMap((i, n) =>
    i.price === null ? [] : [{ itemId: body.serviceId, price: i.price, path: `items.${n}.price` }],
  );
  await assertWithinControl(tx, 'service', priced);
  const existing = await existingOf(tx, [body.serviceId]);
  const plans: Plan[] = body.items.map((i) => ({
    serviceId: body.serviceId,
    shopId,
    levelId: i.levelId,
    row: existing.get(specialKey(body.serviceId, shopId, i.levelId)),
    price: i.price,
  }));
  const changed = await applyChanges(tx, auth, plans);
  return { changed, ...(await shopSpecialView(tx, auth, shopId, body.serviceId)) };
}

/** DELETE servicespecial/{id}: removes one level price (logged). */
export async function deleteSpecial(tx: Db, auth: Auth, id: number) {
  const [row] = await tx.select().from(serviceSpecials).where(eq(serviceSpecials.id, id));
  if (!row) throw refNotFound('special', id);
  if (row.shopId !== null) assertVisible(auth, row.shopId);
  await tx.delete(serviceSpecials).where(eq(serviceSpecials.id, id));
  await logChanges(tx, auth, [{ serviceId: row.serviceId, shopId: row.shopId, levelId: row.levelId, oldPrice: row.price, newPrice: null }]);
  return { id };
}

/** selectEeSpecial: every enabled level with the chain price, the shop's override and the price that applies. */
export async function shopSpecialView(tx: Db, auth: Auth, shopId: number, serviceId: number) {
  await loadShop(tx, auth, shopId);
  const service = (await loadItems(tx, 'service', [serviceId])).get(serviceId);
  const levels = await tx
    .select({ levelId: positionLevels.id, levelName: positionLevels.name, positionId: positions.id, positionName: positions.name })
    .from(positionLevels)
    .innerJoin(positions, eq(positions.id, positionLevels.positionId))
    .where(eq(positionLevels.status, 1))
    .orderBy(asc(positions.sort), asc(positions.id), asc(positionLevels.sort), asc(positionLevels.id));
  const specials = await tx
    .select({ id: serviceSpecials.id, levelId: serviceSpecials.levelId, shopId: serviceSpecials.shopId, price: serviceSpecials.price })
    .from(serviceSpecials)
    .where(and(eq(serviceSpecials.serviceId, serviceId), or(isNull(serviceSpecials.shopId), eq(serviceSpecials.shopId, shopId))));
  const [shopRow] = await tx
    .select({ price: serviceShopPrices.price })
    .from(serviceShopPrices)
    .where(and(eq(serviceShopPrices.shopId, shopId), eq(serviceShopPrices.serviceId, serviceId)));
  const list: EeSpecialLevel[] = levels.map((l) => {
    const chain = specials.find((s) => s.levelId === l.levelId && s.shopId === null);
    const own = specials.find((s) => s.levelId === l.levelId && s.shopId === shopId);
    return {
      ...l,
      chainPrice: chain?.price ?? null,
      shopPrice: own?.price ?? null,
      price: own?.price ?? chain?.price ?? null,
      chainSpecialId: chain?.id ?? null,
      shopSpecialId: own?.id ?? null,
    };
  });
  return { serviceId, code: service?.code ?? '', name: service?.name ?? '', shopPrice: shopRow?.price ?? null, levels: list };
}

/** findEeSpecialList: services with level prices (chain or this shop), paged; the prices that apply in the shop. */
export async function shopSpecialList(
  tx: Db,
  auth: Auth,
  shopId: number,
  q: { page: number; pageSize: number; keyword?: string; serviceTypeId?: number },
) {
  await loadShop(tx, auth, shopId);
  const hasSpecials = exists(
    tx
      .select({ one: sql`1` })
      .from(serviceSpecials)
      .where(
        and(
          eq(serviceSpecials.tenantId, services.tenantId),
          eq(serviceSpecials.serviceId, services.id),
          or(isNull(serviceSpecials.shopId), eq(serviceSpecials.shopId, shopId)),
        ),
      ),
  );
  const where = and(
    eq(services.isDel, 0),
    hasSpecials,
    q.keyword ? keywordMatch(q.keyword, services.code, services.name) : undefined,
    q.serviceTypeId ? eq(services.serviceTypeId, q.serviceTypeId) : undefined,
  );
  const result = await pageOf(
    tx,
    q,
    tx
      .select({
        serviceId: services.id,
        code: services.code,
        name: services.name,
        basePrice: services.basePrice,
        shopPrice: serviceShopPrices.price,
      })
      .from(services)
      .leftJoin(
        serviceShopPrices,
        and(
          eq(serviceShopPrices.tenantId, services.tenantId),
          eq(serviceShopPrices.shopId, shopId),
          eq(serviceShopPrices.serviceId, services.id),
        ),
      )
      .where(where)
      .orderBy(asc(services.code), asc(services.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    () => tx.select({ id: services.id }).from(services).where(where),
  );
  const rows = result.list;
  const ids = rows.map((r) => r.serviceId);
  const specials = ids.length
    ? await tx
        .select({
          serviceId: serviceSpecials.serviceId,
          levelId: serviceSpecials.levelId,
          shopId: serviceSpecials.shopId,
          price: serviceSpecials.price,
          levelName: positionLevels.name,
        })
        .from(serviceSpecials)
        .innerJoin(positionLevels, eq(positionLevels.id, serviceSpecials.levelId))
        .where(and(inArray(serviceSpecials.serviceId, ids), or(isNull(serviceSpecials.shopId), eq(serviceSpecials.shopId, shopId))))
    : [];
  const list = rows.map((r) => {
    const levels: Record<string, { price: number; source: 'shop' | 'chain'; levelName: string }> = {};
    for (const s of specials
      .filter((x) => x.serviceId === r.serviceId)
      .sort((a, b) => (a.shopId === null ? 0 : 1) - (b.shopId === null ? 0 : 1))) {
      levels[String(s.levelId)] = { price: s.price, source: s.shopId === null ? 'chain' : 'shop', levelName: s.levelName };
    }
    return { ...r, levels };
  });
  return { ...result, list };
}

/** selectSpecialLog: history of a service's level prices, newest first; shopId null = chain only, absent = chain and the user's shops. */
export async function specialLog(tx: Db, auth: Auth, body: { serviceId: number; shopId?: number | null; page: number; pageSize: number }) {
  await loadItems(tx, 'service', [body.serviceId]);
  let scope: SQL | undefined;
  if (body.shopId === null) scope = isNull(serviceSpecialLogs.shopId);
  else if (body.shopId !== undefined) {
    await loadShop(tx, auth, body.shopId);
    scope = eq(serviceSpecialLogs.shopId, body.shopId);
  } else {
    const allowed = visibleShops(auth);
    if (allowed) scope = or(isNull(serviceSpecialLogs.shopId), allowed.length ? inArray(serviceSpecialLogs.shopId, allowed) : undefined);
  }
  const where = and(eq(serviceSpecialLogs.serviceId, body.serviceId), scope);
  return pageOf(
    tx,
    body,
    tx
      .select({
        id: serviceSpecialLogs.id,
        serviceId: serviceSpecialLogs.serviceId,
        shopId: serviceSpecialLogs.shopId,
        shopName: shops.name,
        levelId: serviceSpecialLogs.levelId,
        levelName: positionLevels.name,
        oldPrice: serviceSpecialLogs.oldPrice,
        newPrice: serviceSpecialLogs.newPrice,
        username: serviceSpecialLogs.username,
        at: serviceSpecialLogs.at,
      })
      .from(serviceSpecialLogs)
      .leftJoin(shops, eq(shops.id, serviceSpecialLogs.shopId))
      .leftJoin(positionLevels, eq(positionLevels.id, serviceSpecialLogs.levelId))
      .where(where)
      .orderBy(desc(serviceSpecialLogs.at), desc(serviceSpecialLogs.id))
      .limit(body.pageSize)
      .offset(offsetOf(body)),
    () => tx.select({ id: serviceSpecialLogs.id }).from(serviceSpecialLogs).where(where),
  );
}

/** Import rows already checked by the importer: each row sets one level price (chain or shop). All rows at once. */
export async function importSpecials(
  tx: Db,
  auth: Auth,
  rows: { serviceId: number; shopId: number | null; levelId: number; price: number }[],
) {
  const existing = await existingOf(
    tx,
    rows.map((r) => r.serviceId),
  );
  const last = new Map<string, Plan>();
  for (const r of rows) {
    const k = specialKey(r.serviceId, r.shopId, r.levelId);
    last.set(k, { ...r, row: existing.get(k) });
  }
  return applyChanges(tx, auth, [...last.values()]);
}
