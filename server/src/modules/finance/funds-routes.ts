import {
  billBatchBody,
  billBatchResult,
  billDetailSchema,
  FUNDS_API,
  fundBill,
  fundPhotoLine,
  gathertypeLogQuery,
  gathertypeLogRow,
  type ShopFunds,
  setLimitBody,
  shopFunds,
  shopFundsQuery,
} from '@headoffice/contract';
import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { assertShopVisible } from '../../platform/auth.js';
import { type BillCtx, batch, billDetail, lockEditable, registerBill, touched } from '../../platform/bills.js';
import { type BillRow, loadBill, logBill } from '../../platform/documents.js';
import { AppError, conflict } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { businessDate } from '../../platform/numbering.js';
import { route } from '../../platform/route.js';
import { billLogs } from '../../platform/schema.js';
import { registerFundLocks } from './fund-locks.js';
import { pettyCashPositionOf, registerFundRecords } from './fund-records.js';
import { fundType } from './funds.js';
import { registerExpenseControl } from './funds-expense.js';
import { redepositType, registerRedepositImport } from './funds-redeposits.js';
import { expenseBudgets, expenseLimits, fundBillPhotos, fundBills } from './schema.js';

// The routes of petty-cash requests besides the bill engine's: what the form shows of the shop (the
// petty-cash balance, the item's month limit and quarter budget), turning a reviewed large request
// into the shop's spending limit (setLimitbill), the payout regroupings (fundbillgtlog) and the photos.

defineMessages({
  fundLimitOnlyLarge: ['只有大额备用金申请可以转为支出限额', 'Only a large petty-cash request can become a spending limit'],
  fundLimitNotReviewed: ['申请复核后才能转为支出限额', 'A request becomes a spending limit only once reviewed'],
  fundLimitAlready: ['这张申请已转为支出限额', 'This request is already a spending limit'],
});

const sum = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
/** Requests that take from a month's limit or a quarter's budget: every one on its way or done. */
const counting = inArray(fundBills.state, ['submitted', 'approved', 'reviewed']);

/** `count` months from a month (0-based) of a year: the first day and the first day after them. */
function monthRange(year: number, month: number, count: number) {
  const day = (m: number) => new Date(Date.UTC(year, m, 1)).toISOString().slice(0, 10);
  return { from: day(month), to: day(month + count) };
}

/** The petty-cash position (§9.2, the one definition in fund-records.ts) and the item's limit and budget. */
export async function shopFundsOf(tx: Db, query: z.output<typeof shopFundsQuery>): Promise<ShopFunds> {
  const { shopId, itemId } = query;
  const funds: ShopFunds = {
    ...(await pettyCashPositionOf(tx, shopId)),
    monthLimit: null,
    monthUsed: 0,
    quarterBudget: null,
    quarterUsed: 0,
  };
  if (!itemId) return funds;
  const date = query.billDate ?? businessDate();
  const year = Number(date.slice(0, 4));
  const monthIndex = Number(date.slice(5, 7)) - 1;
  const quarter = Math.floor(monthIndex / 3);
  const month = monthRange(year, monthIndex, 1);
  const quarterRange = monthRange(year, quarter * 3, 3);
  const ofItem = and(
    eq(fundBills.shopId, shopId),
    eq(fundBills.itemId, itemId),
    counting,
    query.excludeId ? ne(fundBills.id, query.excludeId) : undefined,
  );
  const [limit] = await tx
    .select({ amount: expenseLimits.amount })
    .from(expenseLimits)
    .where(and(eq(expenseLimits.shopId, shopId), eq(expenseLimits.itemId, itemId), eq(expenseLimits.month, month.from.slice(0, 7))));
  const [{ monthUsed }] = await tx
    .select({ monthUsed: sum(fundBills.amount) })
    .from(fundBills)
    .where(and(ofItem, gte(fundBills.billDate, month.from), lt(fundBills.billDate, month.to)));
  const [budget] = await tx
    .select({ q1: expenseBudgets.q1, q2: expenseBudgets.q2, q3: expenseBudgets.q3, q4: expenseBudgets.q4 })
    .from(expenseBudgets)
    .where(and(eq(expenseBudgets.shopId, shopId), eq(expenseBudgets.itemId, itemId), eq(expenseBudgets.year, year)));
  const [{ quarterUsed }] = await tx
    .select({ quarterUsed: sum(fundBills.amount) })
    .from(fundBills)
    .where(and(ofItem, gte(fundBills.billDate, quarterRange.from), lt(fundBills.billDate, quarterRange.to)));
  return {
    ...funds,
    monthLimit: limit?.amount ?? null,
    monthUsed,
    quarterBudget: budget ? [budget.q1, budget.q2, budget.q3, budget.q4][quarter] : null,
    quarterUsed,
  };
}

/**
 * A reviewed large request becomes the shop's spending limit for its item in its month (§9.2 setLimitbill):
 * the month's limit grows by the request's amount, once.
 */
async function setLimit(ctx: BillCtx, id: number, version?: number): Promise<BillRow> {
  const bill = await loadBill(ctx.tx, fundType.doc, id, ctx.auth, true);
  if (version !== undefined && version !== bill.version) throw conflict('staleVersion');
  if (bill.type !== 2) throw new AppError(409, 'fundLimitOnlyLarge');
  if (bill.state !== 'reviewed') throw new AppError(409, 'fundLimitNotReviewed');
  if (bill.isLimit === 1) throw new AppError(409, 'fundLimitAlready');
  const month = String(bill.billDate).slice(0, 7);
  await ctx.tx
    .insert(expenseLimits)
    .values({
      tenantId: ctx.auth.tenantId,
      shopId: bill.shopId as number,
      itemId: bill.itemId as number,
      month,
      amount: bill.amount as number,
    })
    .onConflictDoUpdate({
      target: [expenseLimits.tenantId, expenseLimits.shopId, expenseLimits.itemId, expenseLimits.month],
      set: { amount: sql`${expenseLimits.amount} + ${bill.amount as number}`, updatedAt: new Date() },
    });
  const [now] = (await ctx.tx
    .update(fundBills)
    .set({ isLimit: 1, version: sql`${fundBills.version} + 1`, updatedAt: new Date() })
    .where(eq(fundBills.id, bill.id))
    .returning()) as BillRow[];
  await logBill(ctx.tx, fundType.doc, bill.id, 'setLimit', bill.state, bill.state, ctx.auth, null, { field: 'isLimit', from: 0, to: 1 });
  return now;
}

/** The photos of a request replaced while it may still be edited. */
const photosBody = z.strictObject({
  id: z.number().int().positive(),
  version: z.number().int().positive().optional(),
  lines: z.array(fundPhotoLine).max(9),
});

const LIMIT_PERM = 'finance.fundbill.limit';

export function registerFunds(app: FastifyInstance) {
  registerBill(app, fundType);
  registerFundLocks(app);
  registerExpenseControl(app);
  registerFundRecords(app);
  registerBill(app, redepositType);
  registerRedepositImport(app);
  const ctxOf = (c: BillCtx) => ({ tx: c.tx, auth: c.auth, lang: c.lang });
  const detail = billDetailSchema(fundBill);
  route(
    app,
    'GET',
    FUNDS_API.shopFunds,
    {
      summary: "A shop's petty-cash balance, and an item's month limit and quarter budget with what requests already take",
      perm: 'finance.fundbill.view',
      query: shopFundsQuery,
      response: shopFunds,
    },
    ({ tx, auth, query }) => {
      assertShopVisible(auth, query.shopId);
      return shopFundsOf(tx, query);
    },
  );
  route(
    app,
    'POST',
    FUNDS_API.setLimit,
    {
      summary: 'Turn a reviewed large request into the shop’s spending limit for its item and month',
      perm: LIMIT_PERM,
      body: setLimitBody,
      entity: 'fundbillhead',
      idempotent: 'optional',
      response: detail,
    },
    async (c) => {
      await setLimit(ctxOf(c), c.body.id, c.body.version);
      return billDetail(fundType, ctxOf(c), c.body.id);
    },
  );
  route(
    app,
    'POST',
    FUNDS_API.setLimitBatch,
    {
      summary: 'Turn several reviewed large requests into spending limits, each on its own',
      perm: LIMIT_PERM,
      body: billBatchBody,
      entity: 'fundbillhead',
      idempotent: 'optional',
      response: billBatchResult,
    },
    (c) => batch(fundType, ctxOf(c), c.body.ids, (tx, id) => setLimit({ ...ctxOf(c), tx }, id)),
  );
  route(
    app,
    'POST',
    FUNDS_API.photo,
    {
      summary: 'Replace the photos of a request that may still be edited',
      perm: 'finance.fundbill.edit',
      body: photosBody,
      entity: 'fundbillhead',
      idempotent: 'optional',
      response: detail,
    },
    async (c) => {
      const ctx = ctxOf(c);
      const bill = await lockEditable(fundType, ctx, c.body.id, c.body.version);
      await c.tx.delete(fundBillPhotos).where(eq(fundBillPhotos.billId, bill.id));
      if (c.body.lines.length)
        await c.tx
          .insert(fundBillPhotos)
          .values(c.body.lines.map((l, i) => ({ tenantId: c.auth.tenantId, billId: bill.id, url: l.url, sort: (i + 1) * 10 })));
      await touched(fundType, ctx, bill);
      return billDetail(fundType, ctx, bill.id);
    },
  );
  route(
    app,
    'GET',
    FUNDS_API.gathertypeLog,
    {
      summary: 'The payout regroupings of a request (changeGathertype), oldest first',
      perm: 'finance.fundbill.view',
      query: gathertypeLogQuery,
      response: z.array(gathertypeLogRow),
    },
    async ({ tx, auth, query }) => {
      const bill = await loadBill(tx, fundType.doc, query.billId, auth);
      const rows = await tx
        .select()
        .from(billLogs)
        .where(and(eq(billLogs.docType, fundBill.docType), eq(billLogs.billId, bill.id), eq(billLogs.action, 'gathertype')))
        .orderBy(asc(billLogs.id));
      return rows.map((r) => ({
        id: r.id,
        billId: r.billId,
        from: (r.change?.from as number | null | undefined) ?? null,
        to: (r.change?.to as number | null | undefined) ?? null,
        memo: r.memo,
        username: r.username,
        at: r.at,
      }));
    },
  );
}
