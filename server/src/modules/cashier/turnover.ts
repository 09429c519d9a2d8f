import { TURNOVER_PATH, turnoverAnswer, turnoverQuery } from '@headoffice/contract';
import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { TILL_MONEY_KINDS } from '../../platform/day-figures.js';
import { route } from '../../platform/route.js';
import { dayFigures } from '../../platform/schema.js';
import { shops } from '../org/public.js';
import { payClasses, payTypes } from './schema.js';

/**
 * 营业额: the payments of settled, not revoked bills per shop and pay type over the business days
 * asked, within the shops the user sees, read from the daily figures (the till's money kinds and its bills
 * per pay type); each shop's total and the whole total add up to the rows. Pay types are named as they
 * are now.
 */
export async function turnover(tx: Db, auth: Auth, q: z.output<typeof turnoverQuery>): Promise<z.output<typeof turnoverAnswer>> {
  const where = and(
    eq(dayFigures.tenantId, auth.tenantId),
    inVisibleShops(auth, dayFigures.shopId),
    q.shopid ? eq(dayFigures.shopId, q.shopid) : undefined,
    q.dateFrom ? gte(dayFigures.day, q.dateFrom) : undefined,
    q.dateTo ? lte(dayFigures.day, q.dateTo) : undefined,
  );
  const money = inArray(dayFigures.kind, TILL_MONEY_KINDS);
  const billsPaid = sql`sum(${dayFigures.count}) filter (where ${dayFigures.kind} = 'bill')`;
  const rows = await tx
    .select({
      shopId: dayFigures.shopId,
      shopName: shops.name,
      payTypeId: dayFigures.payTypeId,
      payCode: payTypes.code,
      payName: payTypes.name,
      classCode: payClasses.code,
      amount: sql<number>`coalesce(sum(${dayFigures.amount}) filter (where ${money}), 0)::bigint`.mapWith(Number),
      bills: sql<number>`coalesce(${billsPaid}, 0)::int`.mapWith(Number),
    })
    .from(dayFigures)
    .innerJoin(shops, and(eq(shops.tenantId, dayFigures.tenantId), eq(shops.id, dayFigures.shopId)))
    .innerJoin(payTypes, and(eq(payTypes.tenantId, dayFigures.tenantId), eq(payTypes.id, dayFigures.payTypeId)))
    .innerJoin(payClasses, and(eq(payClasses.tenantId, payTypes.tenantId), eq(payClasses.id, payTypes.classId)))
    .where(and(where, or(money, eq(dayFigures.kind, 'bill'))))
    .groupBy(dayFigures.shopId, shops.name, dayFigures.payTypeId, payTypes.code, payTypes.name, payClasses.code)
    .having(sql`${billsPaid} > 0`)
    .orderBy(asc(shops.name), asc(payTypes.code));
  const billCounts = await tx
    .select({ shopId: dayFigures.shopId, bills: sql<number>`sum(${dayFigures.count})::int`.mapWith(Number) })
    .from(dayFigures)
    .where(and(where, eq(dayFigures.kind, 'bill'), eq(dayFigures.payTypeId, 0)))
    .groupBy(dayFigures.shopId);
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
