import { memberPackagesQuery, TILL_PATHS as T, type TillDay, tillDay, tillMemberCards, todayQuery } from '@headoffice/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { assertMemberVisible } from '../assets/public.js';
import { shops } from '../org/public.js';
import { cardsOf, expireOpenBills } from './checkout.js';
import { serviceBills } from './schema.js';
import { turnover } from './turnover.js';

/**
 * The till's day of one shop: its settled bills of today (company calendar) and what each pay type
 * took, as 营业额 counts them (revoked and deleted bills left out), and its open bills.
 */
export async function tillDayOf(tx: Db, auth: Auth, shopId: number): Promise<TillDay> {
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw notFound();
  const today = await expireOpenBills(tx, auth.tenantId);
  const taken = await turnover(tx, auth, { shopid: shopId, dateFrom: today, dateTo: today });
  const sums = {
    bills: sql<number>`count(*)::int`.mapWith(Number),
    amount: sql<number>`coalesce(sum(${serviceBills.amount}), 0)::bigint`.mapWith(Number),
  };
  const mine = and(eq(serviceBills.shopId, shopId), eq(serviceBills.isDel, 0));
  // A bill paid by nothing (gift package counts only) has no payment row, yet it is one of the day's bills.
  const [settled] = await tx
    .select(sums)
    .from(serviceBills)
    .where(and(mine, eq(serviceBills.status, 4), eq(serviceBills.isHc, 0), eq(serviceBills.businessDate, today)));
  const [open] = await tx
    .select(sums)
    .from(serviceBills)
    .where(and(mine, eq(serviceBills.status, 1)));
  return {
    date: today,
    bills: settled.bills,
    amount: taken.total,
    payTypes: taken.rows.map((r) => ({ payCode: r.payCode, payName: r.payName, amount: r.amount, bills: r.bills })),
    open,
  };
}

export function registerTillDayRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    T.day,
    {
      summary: "The till's day of a shop: settled bills, takings by pay type, open bills (revoked bills left out)",
      description: 'Not in the seed (docs/DECISIONS.md). Today on the company calendar; the shop must be one the user sees.',
      perm: 'till.checkout.view',
      query: todayQuery,
      response: tillDay,
    },
    ({ tx, auth, query }) => tillDayOf(tx, auth, query.shopid),
  );
  route(
    app,
    'GET',
    T.memberCards,
    {
      summary: "A member's cards with what each holds, beside the till's card payments",
      description: 'Not in the seed (docs/DECISIONS.md). The member must be of a shop the user sees.',
      perm: 'till.checkout.view',
      query: memberPackagesQuery,
      response: tillMemberCards,
    },
    async ({ tx, auth, query }) => {
      await assertMemberVisible(tx, auth, query.memberId);
      return (await cardsOf(tx, [query.memberId])).map(({ memberId: _m, ...c }) => c);
    },
  );
}
