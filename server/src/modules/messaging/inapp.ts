import { INAPP_TOPIC, type inappListQuery } from '@headoffice/contract';
import { and, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, visibleShops } from '../../platform/auth.js';
import { fieldError, forbidden, notFound } from '../../platform/errors.js';
import { emit } from '../../platform/events.js';
import { defineMessages } from '../../platform/i18n.js';
import { pageOf } from '../../platform/paging.js';
import { shops } from '../org/public.js';
import { inappMessages, inappReads } from './schema.js';

defineMessages({
  inappShopNeeded: ['请选择发出消息的门店', 'Choose the shop the message comes from'],
});

export type InappKind = 'system' | 'admin' | 'inside';

/**
 * The messages an account may read: notices to every shop, or to a shop it sees; inside messages to
 * a shop it sees; a shop's messages to head office are head office's (an account limited to shops
 * sees those of its own shops that it sent).
 */
function readable(auth: Auth): SQL | undefined {
  const seen = visibleShops(auth);
  if (!seen) return undefined;
  const mine = seen.length ? seen : [0];
  return or(
    and(inArray(inappMessages.kind, ['system', 'admin']), isNull(inappMessages.toShopId)),
    inArray(inappMessages.toShopId, mine),
    and(isNull(inappMessages.toShopId), isNotNull(inappMessages.fromShopId), inArray(inappMessages.fromShopId, mine)),
  );
}

const readByMe = (auth: Auth) =>
  sql<boolean>`exists (select 1 from ${inappReads} r where r.tenant_id = ${inappMessages.tenantId} and r.message_id = ${inappMessages.id} and r.user_id = ${auth.userId})`;

/**
 * Publishes a message and tells the accounts that may read it, live. `from` a shop (publishchain):
 * the message goes to head office; otherwise to `shopId`, or every shop when none.
 */
export async function publish(
  tx: Db,
  auth: Auth,
  kind: InappKind,
  body: { title: string; content: string; shopid?: number },
  fromShop: boolean,
) {
  if (body.shopid) {
    assertShopVisible(auth, body.shopid);
    const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, body.shopid));
    if (!shop) throw notFound();
  } else if (fromShop) throw fieldError('shopid', 'inappShopNeeded');
  // A message to every shop is head office's to send.
  else if (visibleShops(auth)) throw forbidden('shopForbidden');
  const [row] = await tx
    .insert(inappMessages)
    .values({
      tenantId: auth.tenantId,
      kind,
      title: body.title,
      content: body.content,
      fromShopId: fromShop ? (body.shopid ?? null) : null,
      toShopId: fromShop ? null : (body.shopid ?? null),
      createdBy: auth.userId,
      createdByName: auth.name,
    })
    .returning();
  // A message to head office reaches the accounts that see every shop: no shop, and the publishing right.
  await emit(tx, auth, {
    topic: INAPP_TOPIC,
    payload: { id: row.id, kind, title: row.title },
    shopId: row.toShopId,
    ...(fromShop ? { perm: 'messaging.sms.view' } : {}),
  });
  return toRow({ m: row, read: false });
}

function toRow({ m, read }: { m: typeof inappMessages.$inferSelect; read: boolean }) {
  return {
    id: m.id,
    kind: m.kind,
    title: m.title,
    content: m.content,
    fromShopId: m.fromShopId,
    toShopId: m.toShopId,
    publishedByName: m.createdByName,
    createdAt: m.createdAt.toISOString(),
    read: Boolean(read),
  };
}

/**
 * A page of messages of a kind the account may read, with its read state and its unread count.
 * `shop`: only those to (or from) one shop.
 */
export async function listMessages(tx: Db, auth: Auth, kind: InappKind, q: z.output<typeof inappListQuery>) {
  if (q.shopid) assertShopVisible(auth, q.shopid);
  const base = and(
    eq(inappMessages.kind, kind),
    readable(auth),
    q.shopid ? or(eq(inappMessages.toShopId, q.shopid), eq(inappMessages.fromShopId, q.shopid)) : undefined,
  );
  const where = and(base, q.unread === 'true' ? sql`not ${readByMe(auth)}` : q.unread === 'false' ? readByMe(auth) : undefined);
  const page = await pageOf(
    tx,
    q,
    tx
      .select({ m: inappMessages, read: readByMe(auth) })
      .from(inappMessages)
      .where(where)
      .orderBy(desc(inappMessages.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () => tx.select({ id: inappMessages.id }).from(inappMessages).where(where),
  );
  const [{ unread }] = await tx
    .select({ unread: count() })
    .from(inappMessages)
    .where(and(base, sql`not ${readByMe(auth)}`));
  return { ...page, list: page.list.map(toRow), unread: Number(unread) };
}

/**
 * The messages of a kind sent to shops (not a shop's to head office) that the account may read,
 * newest first, each with how many accounts have read it: what a publisher follows up.
 */
export async function listPublished(tx: Db, auth: Auth, kind: InappKind, q: z.output<typeof inappListQuery>) {
  if (q.shopid) assertShopVisible(auth, q.shopid);
  const where = and(
    eq(inappMessages.kind, kind),
    isNull(inappMessages.fromShopId),
    readable(auth),
    q.shopid ? eq(inappMessages.toShopId, q.shopid) : undefined,
  );
  const readers = sql<number>`(select count(*) from ${inappReads} r where r.tenant_id = ${inappMessages.tenantId} and r.message_id = ${inappMessages.id})::int`;
  const page = await pageOf(
    tx,
    q,
    tx
      .select({ m: inappMessages, read: readByMe(auth), readers })
      .from(inappMessages)
      .where(where)
      .orderBy(desc(inappMessages.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () => tx.select({ id: inappMessages.id }).from(inappMessages).where(where),
  );
  return { ...page, list: page.list.map((r) => ({ ...toRow(r), readers: Number(r.readers) })) };
}

/** Marks messages read by the account (those it may read; the others are not there for it). */
export async function markRead(tx: Db, auth: Auth, ids: number[]) {
  const found = await tx
    .select({ id: inappMessages.id })
    .from(inappMessages)
    .where(and(inArray(inappMessages.id, ids), readable(auth)));
  if (found.length !== new Set(ids).size) throw notFound();
  const added = await tx
    .insert(inappReads)
    .values(found.map((m) => ({ tenantId: auth.tenantId, messageId: m.id, userId: auth.userId })))
    .onConflictDoNothing()
    .returning({ id: inappReads.messageId });
  return { read: added.length };
}
