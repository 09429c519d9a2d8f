import type { cardShopQuery } from '@headoffice/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { cardTypeShops, cardTypes } from '../members/public.js';
import { loadShops } from '../org/public.js';

defineMessages({
  cardTypeStopped: [
    '该会员卡已经是停用状态（{name}），不能在门店启用',
    'The card type {name} is stopped (停办) and cannot be enabled at a shop',
  ],
});

/**
 * Enables (1) or disables (2) card types at shops: every pair is written (an upsert). The card types
 * must be the tenant's (404), the shops visible to the user (403), and a stopped card type (停办)
 * cannot be enabled anywhere (409).
 */
export async function setCardShops(tx: Db, auth: Auth, cardTypeIds: number[], shopIds: number[], status: 1 | 2) {
  const ids = [...new Set(cardTypeIds)];
  const types = await tx
    .select({ id: cardTypes.id, name: cardTypes.name, status: cardTypes.status })
    .from(cardTypes)
    .where(inArray(cardTypes.id, ids))
    .for('update');
  if (types.length !== ids.length) throw notFound();
  await loadShops(tx, auth, shopIds);
  const stopped = types.find((t) => t.status === 2);
  if (status === 1 && stopped) throw new AppError(409, 'cardTypeStopped', { name: stopped.name });
  const rows = ids.flatMap((cardTypeId) =>
    [...new Set(shopIds)].map((shopId) => ({ tenantId: auth.tenantId, cardTypeId, shopId, status })),
  );
  await tx
    .insert(cardTypeShops)
    .values(rows)
    .onConflictDoUpdate({
      target: [cardTypeShops.tenantId, cardTypeShops.cardTypeId, cardTypeShops.shopId],
      set: { status, updatedAt: new Date() },
    });
  return { updated: rows.length };
}

/** The card type × shop rows, narrowed by card type and shop, of the shops the user may see. */
export async function listCardShops(tx: Db, auth: Auth, q: z.output<typeof cardShopQuery>) {
  const visible = visibleShops(auth);
  if (q.shopId) await loadShops(tx, auth, [q.shopId]);
  return tx
    .select({ cardTypeId: cardTypeShops.cardTypeId, shopId: cardTypeShops.shopId, status: cardTypeShops.status })
    .from(cardTypeShops)
    .where(
      and(
        q.cardTypeId ? eq(cardTypeShops.cardTypeId, q.cardTypeId) : undefined,
        q.shopId ? eq(cardTypeShops.shopId, q.shopId) : undefined,
        visible ? (visible.length ? inArray(cardTypeShops.shopId, visible) : sql`false`) : undefined,
      ),
    )
    .orderBy(asc(cardTypeShops.cardTypeId), asc(cardTypeShops.shopId))
    .limit(20_000);
}
