import { type SQL, sql } from 'drizzle-orm';
import type { DayFigureSource } from '../../platform/day-figures.js';

/*
 * The member assets' daily figures (platform/day-figures.ts), as SQL over their records; migration 0052
 * back-fills the table with the same SQL. Each takes the condition that picks the records a write touched.
 */

/**
 * Cards opened or recharged outside the till (no owner: the till's card lines count as its bills'), not
 * revoked, on the day they were made, with no pay type.
 */
export const cardSaleFigures = (where: SQL = sql`true`) => sql`
  select c.tenant_id, c.shop_id, (c.created_at at time zone z.time_zone)::date as day, 0::bigint as pay_type_id, 'cardSale' as kind,
    sum(c.amount)::bigint as amount, count(*)::int as count
  from card_bills c
  join tenants z on z.id = c.tenant_id
  where c.kind in ('open', 'recharge') and c.owner_doc is null and c.revoked_at is null and ${where}
  group by 1, 2, 3`;

/** Refunds not taken back: what was paid out, on the day, at the refunding shop (0: head office). */
export const refundFigures = (where: SQL = sql`true`) => sql`
  select r.tenant_id, coalesce(r.shop_id, 0) as shop_id, (r.created_at at time zone z.time_zone)::date as day, 0::bigint as pay_type_id,
    'refund' as kind, sum(r.total_amount)::bigint as amount, count(*)::int as count
  from refunds r
  join tenants z on z.id = r.tenant_id
  where r.revoked_at is null and ${where}
  group by 1, 2, 3`;

export const assetsDayFigures: DayFigureSource[] = [
  { name: 'card sales', query: () => cardSaleFigures() },
  { name: 'refunds', query: () => refundFigures() },
];
