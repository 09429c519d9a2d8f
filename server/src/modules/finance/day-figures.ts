import { type SQL, sql } from 'drizzle-orm';
import type { DayFigureSource } from '../../platform/day-figures.js';

// Finance's daily figures (platform/day-figures.ts), as SQL over its records; each takes the condition that
// picks the records a write touched.

/**
 * The daily figures of offline refunds (platform/day-figures.ts): a reviewed one is money paid out (kind
 * `refund`, no pay type) at its shop on the day of its review; cancelling the review takes it away again.
 */
export const offlineRefundFigures = (where: SQL = sql`true`) => sql`
  select r.tenant_id, r.shop_id, (r.reviewed_at at time zone z.time_zone)::date as day, 0::bigint as pay_type_id,
    'refund' as kind, sum(r.tk_money)::bigint as amount, count(*)::int as count
  from offline_refunds r
  join tenants z on z.id = r.tenant_id
  where r.state = 'reviewed' and r.reviewed_at is not null and ${where}
  group by 1, 2, 3`;

export const financeDayFigures: DayFigureSource[] = [{ name: 'offline refunds', query: () => offlineRefundFigures() }];
