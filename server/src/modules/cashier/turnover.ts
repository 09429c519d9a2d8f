import { TURNOVER_PATH, turnoverAnswer, turnoverQuery } from '@headoffice/contract';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { route } from '../../platform/route.js';
import { shops } from '../org/public.js';
import { serviceBillPayments, serviceBills } from './schema.js';

/**
 * 营业额: the payments of settled, not revoked bills per shop and pay type over the business days
 * asked, within the shops the user sees; each shop's total and the whole total add up to the rows.
 */
export async function turnover(tx: Db, auth: Auth, q: z.output<typeof turnoverQuery>): Promise<z.output<typeof turnoverAnswer>> {
  const where = and(
    eq(serviceBills.status, 4),
    eq(serviceBills.isHc, 0),
    eq(serviceBills.isDel, 0),
    inVisibleShops(auth, serviceBills.shopId),
    q.shopid ? eq(serviceBills.shopId, q.shopid) : undefined,
    q.dateFrom ? gte(serviceBills.businessDate, q.dateFrom) : undefined,
    q.dateTo ? lte(serviceBills.businessDate, q.dateTo) : undefined,
  );
  const rows = await tx
    .select({
      shopId: serviceBills.shopId,
      shopName: shops.name,
      payTypeId: serviceBillPayments.payTypeId,
      payCode: serviceBillPayments.payCode,
      payName: serviceBillPayments.payName,
      classCode: serviceBillPayments.classCode,
      amount: sql<number>`sum(${serviceBillPayments.amount})::bigint`.mapWith(Number),
      bills: sql<number>`count(distinct ${serviceBills.id})::int`.mapWith(Number),
    })
    .from(serviceBillPayments)
    .innerJoin(serviceBills, eq(serviceBills.id, serviceBillPayments.billId))
    .innerJoin(shops, eq(shops.id, serviceBills.shopId))
    .where(where)
    .groupBy(
      serviceBills.shopId,
      shops.name,
      serviceBillPayments.payTypeId,
      serviceBillPayments.payCode,
      serviceBillPayments.payName,
      serviceBillPayments.classCode,
    )
    .orderBy(asc(shops.name), asc(serviceBillPayments.payCode));
  const billCounts = await tx
    .select({ shopId: serviceBills.shopId, bills: sql<number>`count(*)::int`.mapWith(Number) })
    .from(serviceBills)
    .where(where)
    .groupBy(serviceBills.shopId);
  const byShop = new Map<number, { shopId: number; shopName: string; amount: number; bills: number }>();
  for (const r of rows) {
    const s = byShop.get(r.shopId) ?? { shopId: r.shopId, shopName: r.shopName, amount: 0, bills: 0 };
    s.amount += r.amount;
    byShop.set(r.shopId, s);
  }
  for (const c of billCounts) {
    const s = byShop.get(c.shopId);
    if (s) s.bills = c.bills;
  }
  return { rows, shops: [...byShop.values()], total: rows.reduce((s, r) => s + r.amount, 0) };
}

export function registerTurnoverRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    TURNOVER_PATH,
    {
      summary: '营业额: money taken per shop and pay type over business days (settled bills, revoked ones left out)',
      perm: 'cashier.turnover.view',
      query: turnoverQuery,
      response: turnoverAnswer,
    },
    ({ tx, auth, query }) => turnover(tx, auth, query),
  );
}
