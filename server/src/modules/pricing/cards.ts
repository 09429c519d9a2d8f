import { and, asc, count, countDistinct, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { services } from '../catalog/public.js';
import { cardTypes } from '../members/public.js';
import { loadShop } from '../org/public.js';
import { assertUnique, assertVisible, assertWithinControl, loadItems, refNotFound, updatePricesById } from './common.js';
import { serviceCardPrices } from './schema.js';

/**
 * Card prices: the price of a service when paid with a card type. A card price points at a card type
 * of the tenant (foreign key); the card types themselves are kept by the members module.
 */
const cardColumns = {
  id: serviceCardPrices.id,
  serviceId: serviceCardPrices.serviceId,
  serviceCode: services.code,
  serviceName: services.name,
  cardTypeId: serviceCardPrices.cardTypeId,
  cardTypeName: cardTypes.name,
  shopId: serviceCardPrices.shopId,
  price: serviceCardPrices.price,
  updatedAt: serviceCardPrices.updatedAt,
};

function cardRows(tx: Db, where: SQL | undefined) {
  return tx
    .select(cardColumns)
    .from(serviceCardPrices)
    .innerJoin(services, eq(services.id, serviceCardPrices.serviceId))
    .innerJoin(cardTypes, eq(cardTypes.id, serviceCardPrices.cardTypeId))
    .where(and(eq(services.isDel, 0), where))
    .orderBy(
      asc(services.code),
      asc(cardTypes.sort),
      asc(cardTypes.code),
      sql`${serviceCardPrices.shopId} nulls first`,
      asc(serviceCardPrices.id),
    )
    .limit(5000);
}

const scopeOf = (shopId: number | null) => (shopId === null ? isNull(serviceCardPrices.shopId) : eq(serviceCardPrices.shopId, shopId));
const cardKey = (serviceId: number, cardTypeId: number) => `${serviceId}:${cardTypeId}`;

/** Current card prices of the services in one scope: `${serviceId}:${cardTypeId}` → row. */
async function existingOf(tx: Db, serviceIds: number[], shopId: number | null) {
  const rows = await tx
    .select({
      id: serviceCardPrices.id,
      serviceId: serviceCardPrices.serviceId,
      cardTypeId: serviceCardPrices.cardTypeId,
      price: serviceCardPrices.price,
    })
    .from(serviceCardPrices)
    .where(and(inArray(serviceCardPrices.serviceId, [...new Set(serviceIds)]), scopeOf(shopId)));
  return new Map(rows.map((r) => [cardKey(r.serviceId, r.cardTypeId), r]));
}

/** Writes card prices (add or overwrite) and removes `removed`: three statements at most. */
async function write(
  tx: Db,
  auth: Auth,
  shopId: number | null,
  existing: Map<string, { id: number; price: number }>,
  wanted: { serviceId: number; cardTypeId: number; price: number }[],
  removed: number[],
) {
  const updated: { id: number; price: number }[] = [];
  const added: typeof wanted = [];
  for (const w of wanted) {
    const row = existing.get(cardKey(w.serviceId, w.cardTypeId));
    if (!row) added.push(w);
    else if (row.price !== w.price) updated.push({ id: row.id, price: w.price });
  }
  if (removed.length) await tx.delete(serviceCardPrices).where(inArray(serviceCardPrices.id, removed));
  await updatePricesById(tx, serviceCardPrices, updated);
  for (let i = 0; i < added.length; i += 2000) {
    await tx.insert(serviceCardPrices).values(added.slice(i, i + 2000).map((a) => ({ tenantId: auth.tenantId, shopId, ...a })));
  }
  return { added: added.length, updated: updated.length, removed: removed.length };
}

/**
 * Every card type of `items` must be one of the tenant's (stopped ones included: their prices stay
 * editable). 400 naming each offending `items.<n>.cardTypeId`; another tenant's ids look missing.
 */
async function assertCardTypes(tx: Db, items: { cardTypeId: number }[]) {
  const ids = [...new Set(items.map((i) => i.cardTypeId))];
  if (!ids.length) return;
  const found = new Set((await tx.select({ id: cardTypes.id }).from(cardTypes).where(inArray(cardTypes.id, ids))).map((r) => r.id));
  const missing = items.flatMap((i, n) => (found.has(i.cardTypeId) ? [] : [n]));
  if (missing.length) {
    throw new AppError(
      400,
      'validation',
      {},
      missing.map((n) => ({ path: `items.${n}.cardTypeId`, key: 'missingReference', params: { field: '@pricing.cardType' } })),
    );
  }
}

async function checkScope(tx: Db, auth: Auth, serviceIds: number[], shopId: number | null, items: { cardTypeId: number; price: number }[]) {
  await loadItems(tx, 'service', serviceIds);
  if (shopId !== null) await loadShop(tx, auth, shopId);
  assertUnique(
    items,
    (i) => i.cardTypeId,
    (i) => `items.${i}.cardTypeId`,
    (i) => String(i.cardTypeId),
  );
  await assertCardTypes(tx, items);
  if (shopId !== null) {
    await assertWithinControl(
      tx,
      'service',
      serviceIds.flatMap((serviceId) => items.map((i, n) => ({ itemId: serviceId, price: i.price, path: `items.${n}.price` }))),
    );
  }
}

/** saveServcards: the card prices of a service at the chain (no shop) or one shop become exactly `items`. */
export async function saveServiceCards(
  tx: Db,
  auth: Auth,
  body: { serviceId: number; shopId?: number | null; items: { cardTypeId: number; price: number }[] },
) {
  const shopId = body.shopId ?? null;
  await checkScope(tx, auth, [body.serviceId], shopId, body.items);
  const existing = await existingOf(tx, [body.serviceId], shopId);
  const keep = new Set(body.items.map((i) => cardKey(body.serviceId, i.cardTypeId)));
  const removed = [...existing.entries()].filter(([k]) => !keep.has(k)).map(([, r]) => r.id);
  const result = await write(
    tx,
    auth,
    shopId,
    existing,
    body.items.map((i) => ({ serviceId: body.serviceId, ...i })),
    removed,
  );
  return {
    serviceId: body.serviceId,
    shopId,
    ...result,
    list: await cardRows(tx, and(eq(serviceCardPrices.serviceId, body.serviceId), scopeOf(shopId))),
  };
}

/** batchServiceCards: sets these card prices on every listed service; their other card prices stay. */
export async function batchServiceCards(
  tx: Db,
  auth: Auth,
  body: { serviceIds: number[]; shopId?: number | null; items: { cardTypeId: number; price: number }[] },
) {
  const shopId = body.shopId ?? null;
  const serviceIds = [...new Set(body.serviceIds)];
  await checkScope(tx, auth, serviceIds, shopId, body.items);
  const existing = await existingOf(tx, serviceIds, shopId);
  const wanted = serviceIds.flatMap((serviceId) => body.items.map((i) => ({ serviceId, ...i })));
  return { shopId, ...(await write(tx, auth, shopId, existing, wanted, [])) };
}

/** findServPriceCards: a service's card prices: the chain's and those of one shop (or of every shop the user sees). */
export async function serviceCards(tx: Db, auth: Auth, serviceId: number, shopId?: number) {
  await loadItems(tx, 'service', [serviceId]);
  let scope: SQL | undefined;
  if (shopId !== undefined) {
    await loadShop(tx, auth, shopId);
    scope = or(isNull(serviceCardPrices.shopId), eq(serviceCardPrices.shopId, shopId));
  } else {
    const allowed = visibleShops(auth);
    if (allowed) scope = or(isNull(serviceCardPrices.shopId), allowed.length ? inArray(serviceCardPrices.shopId, allowed) : undefined);
  }
  return cardRows(tx, and(eq(serviceCardPrices.serviceId, serviceId), scope));
}

/** findShopCards: the card prices that apply in a shop: its own, else the chain's, per service × card type. */
export async function shopCards(tx: Db, auth: Auth, shopId: number, serviceId?: number) {
  await loadShop(tx, auth, shopId);
  const rows = await cardRows(
    tx,
    and(
      or(isNull(serviceCardPrices.shopId), eq(serviceCardPrices.shopId, shopId)),
      serviceId ? eq(serviceCardPrices.serviceId, serviceId) : undefined,
    ),
  );
  const effective = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const k = cardKey(r.serviceId, r.cardTypeId);
    const seen = effective.get(k);
    if (!seen || (seen.shopId === null && r.shopId !== null)) effective.set(k, r);
  }
  return [...effective.values()];
}

/** DELETE servicecard/{id}. */
export async function deleteCard(tx: Db, auth: Auth, id: number) {
  const [row] = await tx.select({ shopId: serviceCardPrices.shopId }).from(serviceCardPrices).where(eq(serviceCardPrices.id, id));
  if (!row) throw refNotFound('cardPrice', id);
  if (row.shopId !== null) assertVisible(auth, row.shopId);
  await tx.delete(serviceCardPrices).where(eq(serviceCardPrices.id, id));
  return { id };
}

/** cardinfos: card types that have prices (chain-wide, or that apply in one shop), with their names. */
export async function cardInfos(tx: Db, auth: Auth, shopId?: number) {
  if (shopId !== undefined) await loadShop(tx, auth, shopId);
  const rows = await tx
    .select({
      cardTypeId: serviceCardPrices.cardTypeId,
      name: cardTypes.name,
      services: countDistinct(serviceCardPrices.serviceId),
      prices: count(),
    })
    .from(serviceCardPrices)
    .innerJoin(cardTypes, eq(cardTypes.id, serviceCardPrices.cardTypeId))
    .where(shopId === undefined ? undefined : or(isNull(serviceCardPrices.shopId), eq(serviceCardPrices.shopId, shopId)))
    .groupBy(serviceCardPrices.cardTypeId, cardTypes.name, cardTypes.sort, cardTypes.code)
    .orderBy(asc(cardTypes.sort), asc(cardTypes.code), asc(serviceCardPrices.cardTypeId));
  return rows.map((r) => ({ cardTypeId: r.cardTypeId, name: r.name, services: Number(r.services) }));
}
