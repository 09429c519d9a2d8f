import { refundStatsQuery, refundStatsRow } from '@headoffice/contract';
import { and, asc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { route } from '../../platform/route.js';
import { shops } from '../org/public.js';
import { cardRefundBills as r } from './schema.js';

// Refund statistics (退卡统计, findListWithProtj; the original's hyrefundtj): per shop, the card refunds
// finance reviewed in a period of bill dates, counted and added up by payout and by reason. The reason
// is customer service's verified one (hstkattr) where it gave one, else the shop's (tkattr).

const n = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const money = (condition: SQL = sql`true`) => sql<number>`coalesce(sum(${r.totalMoney}) filter (where ${condition}), 0)`.mapWith(Number);
const reason = (...codes: number[]) =>
  sql`coalesce(${r.hstkattr}, ${r.tkattr}) in (${sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  )})`;

/** Served on the visits' resource and the refunds' (the seed names it under cardtkhead; the original calls it under cardtkhfhead). */
export function registerRefundStats(app: FastifyInstance) {
  for (const base of ['/api-finance/cardtkhfhead', '/api-finance/cardtkhead'])
    route(
      app,
      'GET',
      `${base}/findListWithProtj`,
      {
        summary: 'Card refund statistics: per shop, the reviewed refunds of the period (dateFrom–dateTo, bill dates)',
        description: 'Counts (tknum, zeronum 0-元, stnum paid out, cardnum to card money) and cents by payout and by reason.',
        perm: 'finance.cardtk.view',
        query: refundStatsQuery,
        response: z.array(refundStatsRow),
      },
      async ({ tx, auth, query }) => {
        if (query.shopId) assertShopVisible(auth, query.shopId);
        return tx
          .select({
            shopId: r.shopId,
            shopName: shops.name,
            tknum: sql<number>`count(*)`.mapWith(Number),
            zeronum: n(sql`${r.totalMoney} = 0`),
            stnum: n(sql`${r.totalMoney} > 0 and ${r.tktype} <> 3`),
            cardnum: n(sql`${r.tktype} = 3`),
            totalmoney: money(),
            cardmoney: money(sql`${r.tktype} = 3`),
            closemoney: money(reason(7)),
            leavemoney: money(reason(2)),
            gerenmoney: money(reason(3)),
            jishumoney: money(reason(4)),
            xiaofeimoney: money(reason(5)),
            fuwumoney: money(reason(6)),
            qitamoney: money(reason(1, 8)),
          })
          .from(r)
          .innerJoin(shops, and(eq(shops.tenantId, r.tenantId), eq(shops.id, r.shopId)))
          .where(
            and(
              eq(r.tenantId, auth.tenantId),
              eq(r.state, 'reviewed'),
              inVisibleShops(auth, r.shopId),
              query.shopId ? eq(r.shopId, query.shopId) : undefined,
              query.dateFrom ? gte(r.billDate, query.dateFrom) : undefined,
              query.dateTo ? lte(r.billDate, query.dateTo) : undefined,
            ),
          )
          .groupBy(r.shopId, shops.name, shops.code)
          .orderBy(asc(shops.code));
      },
    );
}
