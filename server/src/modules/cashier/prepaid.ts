import {
  PREPAID_PATHS as P,
  prepaidCreateBody,
  prepaidListPage,
  prepaidListQuery,
  prepaidOrderRow,
  prepaidRefundBody,
} from '@headoffice/contract';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queueForAccounting } from '../../platform/accounting-outbox.js';
import { type Auth, assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { registerDocumentType } from '../../platform/documents.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { nextNumber, tenantToday, tenantZone, withinDays } from '../../platform/numbering.js';
import { containsPattern, countWhere, offsetOf, sumWhere } from '../../platform/paging.js';
import { coverWriteWithLocks, refuseLocked } from '../../platform/period-locks.js';
import { route } from '../../platform/route.js';
import { shops } from '../org/public.js';
import './checkout-messages.js';
import { addDayFiguresOf, withDayFigures } from '../../platform/day-figures.js';
import { prepaidFigures } from './day-figures.js';
import { withIsoTimes } from './record-rows.js';
import { payTypes, prepaidOrders, serviceBills } from './schema.js';

type Row = z.output<typeof prepaidOrderRow>;

/**
 * A prepaid order is money taken outside any bill type: a document type of its own for the accounting
 * outbox only (no states, no steps of the engine). Its taking is pushed on the day it is taken, its refund
 * reversed; the writer queues them with the head it holds (`queueForAccounting` reads no table of it).
 */
export const prepaidDoc = registerDocumentType({
  docType: 'cashier.prepaidOrder',
  label: ['预付订单', 'Prepaid order'],
  table: prepaidOrders,
  states: {},
  initial: 'unused',
  editable: [],
  transitions: [],
  link: () => '/admin/cashier/prepaidorder',
  dateField: 'businessDate',
  accounting: { push: ['create'], reverse: ['refund'], amount: 'amount' },
});

const queueOrder = (
  tx: Db,
  auth: Auth,
  action: 'create' | 'refund',
  o: { id: number; orderNo: string; shopId: number; amount: number },
  day: string,
) =>
  queueForAccounting(
    tx,
    auth.tenantId,
    prepaidDoc,
    { id: o.id, billNo: o.orderNo, shopId: o.shopId, businessDate: day, amount: o.amount },
    action,
  );

function rowSelect(tx: Db) {
  return tx
    .select({
      id: prepaidOrders.id,
      orderNo: prepaidOrders.orderNo,
      shopId: prepaidOrders.shopId,
      shopName: shops.name,
      payTypeId: prepaidOrders.payTypeId,
      payName: payTypes.name,
      amount: prepaidOrders.amount,
      customerName: prepaidOrders.customerName,
      mobile: prepaidOrders.mobile,
      status: prepaidOrders.status,
      billId: prepaidOrders.billId,
      billNo: serviceBills.billNo,
      usedAt: prepaidOrders.usedAt,
      refundReason: prepaidOrders.refundReason,
      refundedAt: prepaidOrders.refundedAt,
      memo: prepaidOrders.memo,
      createdAt: prepaidOrders.createdAt,
      version: prepaidOrders.version,
    })
    .from(prepaidOrders)
    .innerJoin(shops, eq(shops.id, prepaidOrders.shopId))
    .innerJoin(payTypes, eq(payTypes.id, prepaidOrders.payTypeId))
    .leftJoin(serviceBills, eq(serviceBills.id, prepaidOrders.billId))
    .$dynamic();
}

type Raw = Awaited<ReturnType<ReturnType<typeof rowSelect>['execute']>>[number];
const toRow = (r: Raw): Row => withIsoTimes(r, ['usedAt', 'refundedAt', 'createdAt']);

export async function orderRow(tx: Db, id: number): Promise<Row> {
  const [r] = await rowSelect(tx).where(eq(prepaidOrders.id, id));
  return toRow(r);
}

/** The head-office list: a page of orders within the user's shops, with the amounts of every order the filters select. */
export async function listPrepaid(tx: Db, auth: Auth, q: z.output<typeof prepaidListQuery>): Promise<z.output<typeof prepaidListPage>> {
  const where = and(
    inVisibleShops(auth, prepaidOrders.shopId),
    q.shopid ? eq(prepaidOrders.shopId, q.shopid) : undefined,
    q.status ? eq(prepaidOrders.status, q.status) : undefined,
    ...withinDays(prepaidOrders.createdAt, await tenantZone(tx, auth.tenantId), q.dateFrom, q.dateTo),
    q.keyword
      ? or(
          ilike(prepaidOrders.orderNo, containsPattern(q.keyword)),
          ilike(prepaidOrders.customerName, containsPattern(q.keyword)),
          ilike(prepaidOrders.mobile, containsPattern(q.keyword)),
        )
      : undefined,
  );
  const rows = await rowSelect(tx).where(where).orderBy(desc(prepaidOrders.id)).limit(q.pageSize).offset(offsetOf(q));
  // A refunded order (status 3) counts in no total: its count and amount come apart.
  const countOf = (statuses: number[]) => countWhere(prepaidOrders.status, statuses);
  const sumOf = (statuses: number[]) => sumWhere(prepaidOrders.amount, prepaidOrders.status, statuses);
  const [s] = await tx
    .select({
      count: countOf([1, 2]),
      amount: sumOf([1, 2]),
      unused: sumOf([1]),
      used: sumOf([2]),
      refundedCount: countOf([3]),
      refunded: sumOf([3]),
    })
    .from(prepaidOrders)
    .where(where);
  return {
    list: rows.map(toRow),
    total: s.count + s.refundedCount,
    page: q.page,
    pageSize: q.pageSize,
    sums: {
      count: s.count,
      amount: s.amount,
      unused: s.unused,
      used: s.used,
      apart: { refunded: { count: s.refundedCount, amount: s.refunded } },
    },
  };
}

coverWriteWithLocks(
  'cashier.prepaidOrder',
  ['预付订单：收款、退款与调整门店', 'Prepaid orders: taken, refunded and moved between shops'],
  ['close'],
);

/** Records an order paid beforehand for a shop through a cash-like pay type. */
export async function createPrepaid(tx: Db, auth: Auth, body: z.output<typeof prepaidCreateBody>): Promise<Row> {
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, body.shopId));
  if (!shop) throw notFound();
  assertShopVisible(auth, body.shopId);
  const [payType] = await tx.select({ kind: payTypes.kind, status: payTypes.status }).from(payTypes).where(eq(payTypes.id, body.payTypeId));
  if (!payType || payType.kind || payType.status !== 1) throw fieldError('payTypeId', 'validation');
  // The money is taken in today: a closed today of the shop refuses it.
  await refuseLocked(tx, ['close'], body.shopId, await tenantToday(tx, auth.tenantId));
  const today = await tenantToday(tx, auth.tenantId);
  const orderNo = body.orderNo ?? (await nextNumber(tx, auth.tenantId, 'YF', today));
  const [taken] = await tx.select({ id: prepaidOrders.id }).from(prepaidOrders).where(eq(prepaidOrders.orderNo, orderNo));
  if (taken) throw conflict('prepaidOrderNoTaken', { orderNo });
  const [row] = await tx
    .insert(prepaidOrders)
    .values({
      tenantId: auth.tenantId,
      orderNo,
      shopId: body.shopId,
      payTypeId: body.payTypeId,
      amount: body.amount,
      customerName: body.customerName ?? null,
      mobile: body.mobile ?? null,
      memo: body.memo ?? null,
      createdBy: auth.userId,
    })
    .returning({ id: prepaidOrders.id });
  await addDayFiguresOf(tx, prepaidFigures(sql`o.id = ${row.id}`));
  await queueOrder(tx, auth, 'create', { id: row.id, orderNo, shopId: body.shopId, amount: body.amount }, today);
  return orderRow(tx, row.id);
}

/** 退款: only an unused order, with the reason; a used or refunded one is refused (409). */
export async function refundPrepaid(tx: Db, auth: Auth, body: z.output<typeof prepaidRefundBody>): Promise<Row> {
  const [order] = await tx.select().from(prepaidOrders).where(eq(prepaidOrders.id, body.id)).for('update');
  if (!order) throw notFound();
  assertShopVisible(auth, order.shopId);
  if (order.status === 2) throw conflict('prepaidOrderUsed', { orderNo: order.orderNo });
  if (order.status === 3) throw conflict('prepaidOrderRefunded', { orderNo: order.orderNo });
  const today = await tenantToday(tx, auth.tenantId);
  await refuseLocked(tx, ['close'], order.shopId, today);
  await withDayFigures(tx, prepaidFigures(sql`o.id = ${order.id}`), () =>
    tx
      .update(prepaidOrders)
      .set({
        status: 3,
        refundReason: body.reason,
        refundedAt: sql`now()`,
        refundedBy: auth.userId,
        version: sql`${prepaidOrders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(prepaidOrders.id, order.id), eq(prepaidOrders.status, 1))),
  );
  await queueOrder(tx, auth, 'refund', order, today);
  return orderRow(tx, order.id);
}

export function registerPrepaidRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    P.list,
    {
      summary: '预付订单: orders paid beforehand, filtered, with the amounts by status over every matching order',
      perm: 'cashier.prepaidorder.view',
      query: prepaidListQuery,
      response: prepaidListPage,
    },
    ({ tx, auth, query }) => listPrepaid(tx, auth, query),
  );
  route(
    app,
    'POST',
    P.create,
    {
      summary: '预付订单: record an order paid beforehand for a shop (used whole at settle, once)',
      perm: 'cashier.prepaidorder.edit',
      body: prepaidCreateBody,
      verb: 'create',
      moves: { what: ['money'], locks: ['close'], on: 'today, the shop paid for' },
      idempotent: 'optional',
      response: prepaidOrderRow,
    },
    ({ tx, auth, body }) => createPrepaid(tx, auth, body),
  );
  route(
    app,
    'POST',
    P.refund,
    {
      summary: '预付订单退款: refund an unused order with a reason (409 once used or refunded)',
      perm: 'cashier.prepaidorder.refund',
      body: prepaidRefundBody,
      verb: 'update',
      moves: { what: ['money'], locks: ['close'], on: "today, the order's shop" },
      idempotent: 'optional',
      response: prepaidOrderRow,
    },
    ({ tx, auth, body }) => refundPrepaid(tx, auth, body),
  );
}
