import { FUNDS_API, type ShopFunds, shopFunds, shopFundsQuery } from '@headoffice/contract';
import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { assertShopVisible } from '../../platform/auth.js';
import { tenantToday } from '../../platform/numbering.js';
import { route } from '../../platform/route.js';
import { shopTakingsOf } from './day-report.js';
import { pettyCashPositionOf } from './fund-records.js';
import { expenseBudgets, expenseLimits, fundBills, shopPettyCash } from './schema.js';

// What a petty-cash request form shows of its shop: the petty-cash balance, and the item's month
// limit and quarter budget with what requests already take of them.

const sum = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
/** Requests that take from a month's limit or a quarter's budget: every one on its way or done. */
const counting = inArray(fundBills.state, ['submitted', 'approved', 'reviewed']);

/** `count` months from a month (0-based) of a year: the first day and the first day after them. */
function monthRange(year: number, month: number, count: number) {
  const day = (m: number) => new Date(Date.UTC(year, m, 1)).toISOString().slice(0, 10);
  return { from: day(month), to: day(month + count) };
}

/**
 * The room a shop's takings leave for large requests (§9.2, fundshop isCheck), when the shop's setting asks
 * for it (null otherwise): its takings (资金, dayshoppay) of the month up to `day`, and what the month's large
 * requests on their way or done (but `excludeId`) already take.
 */
export async function largeRequestRoomOf(tx: Db, shopId: number, day: string, excludeId?: number) {
  const [setting] = await tx.select({ needs: shopPettyCash.largeNeedsTakings }).from(shopPettyCash).where(eq(shopPettyCash.shopId, shopId));
  if (setting?.needs !== 1) return null;
  const from = `${day.slice(0, 8)}01`;
  const { funds } = await shopTakingsOf(tx, shopId, from, day);
  const [{ used }] = await tx
    .select({ used: sum(fundBills.amount) })
    .from(fundBills)
    .where(
      and(
        eq(fundBills.shopId, shopId),
        eq(fundBills.type, 2),
        counting,
        gte(fundBills.billDate, from),
        sql`${fundBills.billDate} <= ${day}::date`,
        excludeId ? ne(fundBills.id, excludeId) : undefined,
      ),
    );
  return { takings: funds, used };
}

/** The petty-cash position (§9.2, the one definition in fund-records.ts) and the item's limit and budget. */
async function shopFundsOf(tx: Db, tenantId: number, query: z.output<typeof shopFundsQuery>): Promise<ShopFunds> {
  const { shopId, itemId } = query;
  const date = query.billDate ?? (await tenantToday(tx, tenantId));
  const room = await largeRequestRoomOf(tx, shopId, date, query.excludeId);
  const funds: ShopFunds = {
    ...(await pettyCashPositionOf(tx, shopId)),
    monthLimit: null,
    monthUsed: 0,
    quarterBudget: null,
    quarterUsed: 0,
    largeRoom: room,
  };
  if (!itemId) return funds;
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

export function registerShopFunds(app: FastifyInstance) {
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
      return shopFundsOf(tx, auth.tenantId, query);
    },
  );
}
