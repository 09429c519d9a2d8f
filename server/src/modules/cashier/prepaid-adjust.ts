import {
  PREPAID_ADJ_PATHS as P,
  prepaidAdjCandidates,
  prepaidAdjListQuery,
  prepaidAdjPage,
  prepaidAdjQueryListQuery,
  prepaidAdjSaveBody,
  prepaidLookupQuery,
  prepaidOrderRow,
} from '@headoffice/contract';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { definedEntityLabels } from '../../platform/audit.js';
import { type Auth, assertShopVisible, inVisibleShops, visibleShops } from '../../platform/auth.js';
import { withDayFigures } from '../../platform/day-figures.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { tenantToday, tenantZone, withinDays } from '../../platform/numbering.js';
import { containsPattern } from '../../platform/paging.js';
import { refuseLocked } from '../../platform/period-locks.js';
import { route } from '../../platform/route.js';
import { users } from '../identity/public.js';
import { shops } from '../org/public.js';
import { prepaidFigures } from './day-figures.js';
import { listPrepaid, orderRow as prepaidRow } from './prepaid.js';
import { payTypes, prepaidAdjustments, prepaidOrders } from './schema.js';

defineMessages({
  prepaidAdjSameShop: ['调整后的门店与原门店相同', 'The order already belongs to that shop'],
  prepaidAdjUsed: ['预付订单 {orderNo} 已使用，不能调整门店', 'Prepaid order {orderNo} is used; it cannot move to another shop'],
  prepaidAdjRefunded: ['预付订单 {orderNo} 已退款，不能调整门店', 'Prepaid order {orderNo} is refunded; it cannot move to another shop'],
  prepaidAdjStale: ['预付订单已被他人修改，请刷新后再试', 'Someone else changed this order; reload and try again'],
});
defineLabels({ prepaid_adjustments: ['预付订单调整', 'prepaid order moves'] });
definedEntityLabels.set('prepaidadj', ['预付订单调整', 'prepaid order move']);

const iso = (v: Date | string) => new Date(v).toISOString();

/** The moves: from or to the shops the user sees (both ends when narrowed to a shop). */
async function listAdjustments(tx: Db, auth: Auth, q: z.output<typeof prepaidAdjListQuery>) {
  const from = alias(shops, 'from_shop');
  const to = alias(shops, 'to_shop');
  const visibleFrom = inVisibleShops(auth, prepaidAdjustments.fromShopId);
  const visibleTo = inVisibleShops(auth, prepaidAdjustments.toShopId);
  const where = and(
    visibleFrom && visibleTo ? or(visibleFrom, visibleTo) : undefined,
    q.shopid ? or(eq(prepaidAdjustments.fromShopId, q.shopid), eq(prepaidAdjustments.toShopId, q.shopid)) : undefined,
    ...withinDays(prepaidAdjustments.createdAt, await tenantZone(tx, auth.tenantId), q.dateFrom, q.dateTo),
    q.keyword ? ilike(prepaidOrders.orderNo, containsPattern(q.keyword)) : undefined,
  );
  const rows = await tx
    .select({
      id: prepaidAdjustments.id,
      orderId: prepaidAdjustments.orderId,
      orderNo: prepaidOrders.orderNo,
      payName: payTypes.name,
      amount: prepaidAdjustments.amount,
      paidAt: prepaidOrders.createdAt,
      fromShopId: prepaidAdjustments.fromShopId,
      fromShopName: from.name,
      toShopId: prepaidAdjustments.toShopId,
      toShopName: to.name,
      reason: prepaidAdjustments.reason,
      createdByName: users.name,
      createdAt: prepaidAdjustments.createdAt,
    })
    .from(prepaidAdjustments)
    .innerJoin(prepaidOrders, eq(prepaidOrders.id, prepaidAdjustments.orderId))
    .innerJoin(payTypes, eq(payTypes.id, prepaidOrders.payTypeId))
    .innerJoin(from, eq(from.id, prepaidAdjustments.fromShopId))
    .innerJoin(to, eq(to.id, prepaidAdjustments.toShopId))
    .leftJoin(users, eq(users.id, prepaidAdjustments.createdBy))
    .where(where)
    .orderBy(desc(prepaidAdjustments.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
    .from(prepaidAdjustments)
    .innerJoin(prepaidOrders, eq(prepaidOrders.id, prepaidAdjustments.orderId))
    .where(where);
  return {
    list: rows.map((r) => ({ ...r, paidAt: iso(r.paidAt), createdAt: iso(r.createdAt) })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * 调整: an unused order moves to another shop, in one transaction with its log row. The order row is
 * locked; a used or refunded order, or one changed since it was read (`version`), is refused (409).
 * The user must see the order's shop (else 404) and the shop it moves to (else 403).
 */
export async function moveOrder(tx: Db, auth: Auth, body: z.output<typeof prepaidAdjSaveBody>) {
  const [order] = await tx.select().from(prepaidOrders).where(eq(prepaidOrders.id, body.orderId)).for('update');
  const visible = visibleShops(auth);
  if (!order || (visible && !visible.includes(order.shopId))) throw notFound();
  const [target] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, body.adjShopId));
  if (!target) throw fieldError('adjShopId', 'notFound');
  assertShopVisible(auth, body.adjShopId);
  if (order.status === 2) throw conflict('prepaidAdjUsed', { orderNo: order.orderNo });
  if (order.status === 3) throw conflict('prepaidAdjRefunded', { orderNo: order.orderNo });
  if (body.version !== undefined && body.version !== order.version) throw conflict('prepaidAdjStale');
  if (order.shopId === body.adjShopId) throw fieldError('adjShopId', 'prepaidAdjSameShop');
  // Money leaves one shop for another today: a closed today of either refuses the move.
  const today = await tenantToday(tx, auth.tenantId);
  for (const shopId of [order.shopId, body.adjShopId].sort((x, y) => x - y)) await refuseLocked(tx, ['close'], shopId, today);
  await withDayFigures(tx, prepaidFigures(sql`o.id = ${order.id}`), async () => {
    await tx.insert(prepaidAdjustments).values({
      tenantId: auth.tenantId,
      orderId: order.id,
      fromShopId: order.shopId,
      toShopId: body.adjShopId,
      amount: order.amount,
      reason: body.reason,
      createdBy: auth.userId,
    });
    await tx
      .update(prepaidOrders)
      .set({ shopId: body.adjShopId, version: sql`${prepaidOrders.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(prepaidOrders.id, order.id), eq(prepaidOrders.status, 1)));
  });
  return prepaidRow(tx, order.id);
}

export function registerPrepaidAdjustRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    P.list,
    {
      summary: '预付订单调整: the moves of prepaid orders between shops (prepaidadj; the seed shows "(not shown)/list")',
      perm: 'cashier.prepaidadj.view',
      query: prepaidAdjListQuery,
      response: prepaidAdjPage,
    },
    ({ tx, auth, query }) => listAdjustments(tx, auth, query),
  );
  route(
    app,
    'GET',
    P.queryList,
    {
      summary: '预付订单调整: the unused orders that may be moved, by order number, shop or day',
      perm: 'cashier.prepaidadj.view',
      query: prepaidAdjQueryListQuery,
      response: prepaidAdjCandidates,
    },
    async ({ tx, auth, query }) => {
      const { sums: _sums, ...page } = await listPrepaid(tx, auth, { ...query, status: 1 });
      return page;
    },
  );
  route(
    app,
    'POST',
    P.save,
    {
      summary: "预付订单调整: move an unused order paid at the wrong shop's QR to another shop (409 once used or refunded)",
      perm: 'cashier.prepaidadj.edit',
      body: prepaidAdjSaveBody,
      entity: 'prepaidadj',
      verb: 'create',
      moves: { what: ['money'], locks: ['close'], on: "today, the order's shop and the shop it moves to" },
      idempotent: 'optional',
      response: prepaidOrderRow,
    },
    ({ tx, auth, body }) => moveOrder(tx, auth, body),
  );
  route(
    app,
    'GET',
    P.lookup,
    {
      summary: "The prepaid order of a merchant order number (商户订单号), for an adjustment; another shop's or unknown: 404",
      perm: 'cashier.prepaidadj.view',
      query: prepaidLookupQuery,
      response: prepaidOrderRow,
    },
    async ({ tx, auth, query }) => {
      const [order] = await tx
        .select({ id: prepaidOrders.id, shopId: prepaidOrders.shopId })
        .from(prepaidOrders)
        .where(eq(prepaidOrders.orderNo, query.paymentNo));
      const visible = visibleShops(auth);
      if (!order || (visible && !visible.includes(order.shopId))) throw notFound();
      return prepaidRow(tx, order.id);
    },
  );
}
