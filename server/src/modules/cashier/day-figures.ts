import { type SQL, sql } from 'drizzle-orm';
import type { DayFigureSource } from '../../platform/day-figures.js';

/*
 * The till's daily figures (platform/day-figures.ts), as SQL over its records; migration 0052 back-fills the
 * table with the same SQL. Each takes the condition that picks the records a write touched.
 */

/** A settled bill that counts: not revoked, not deleted. */
const counted = sql.raw('b.status = 4 and b.is_hc = 0 and b.is_del = 0');

/** The settled bills' money by line kind and pay type (a card's share: 耗卡), the bills per pay type, the bills and visits. */
export const tillFigures = (where: SQL = sql`true`) => sql`
  select b.tenant_id, b.shop_id, b.business_date as day, p.pay_type_id,
    case when p.card_id is not null then 'cardUse' when l.kind in ('cardOpen', 'cardRecharge') then 'cardSale' else l.kind end as kind,
    sum(s.amount)::bigint as amount, count(distinct b.id)::int as count
  from service_bills b
  join service_bill_shares s on s.tenant_id = b.tenant_id and s.bill_id = b.id
  join service_bill_payments p on p.tenant_id = s.tenant_id and p.id = s.payment_id
  join service_bill_lines l on l.tenant_id = s.tenant_id and l.id = s.line_id
  where ${counted} and ${where}
  group by 1, 2, 3, 4, 5
  union all
  select b.tenant_id, b.shop_id, b.business_date, p.pay_type_id, 'bill', 0, count(distinct b.id)::int
  from service_bills b
  join service_bill_payments p on p.tenant_id = b.tenant_id and p.bill_id = b.id
  where ${counted} and ${where}
  group by 1, 2, 3, 4
  union all
  select b.tenant_id, b.shop_id, b.business_date, 0, case when v.visit then 'visit' else 'bill' end, 0, count(*)::int
  from service_bills b
  cross join lateral (values (false), (true)) v (visit)
  where ${counted} and ${where} and (not v.visit or b.is_compute = 1)
  group by 1, 2, 3, 4, 5`;

/** Platform vouchers: verified on their day, taken off on the day they were refunded. */
export const voucherFigures = (where: SQL = sql`true`) => sql`
  select v.tenant_id, v.shop_id, (e.at at time zone z.time_zone)::date as day, 0::bigint as pay_type_id, 'voucher' as kind,
    sum(e.sign * v.amount)::bigint as amount, sum(e.sign)::int as count
  from third_orders v
  join tenants z on z.id = v.tenant_id
  cross join lateral (values (v.verified_at, 1), (v.refunded_at, -1)) e (at, sign)
  where e.at is not null and (e.sign = 1 or v.status = 4) and ${where}
  group by 1, 2, 3`;

/**
 * Prepaid orders: taken on their day at the shop that took them (before any move), moved from shop to shop on
 * the day of the move, refunded on the day of the refund.
 */
export const prepaidFigures = (where: SQL = sql`true`) => sql`
  select o.tenant_id, e.shop_id, (e.at at time zone z.time_zone)::date as day, o.pay_type_id, 'prepaid' as kind,
    sum(e.sign * o.amount)::bigint as amount, sum(e.sign)::int as count
  from prepaid_orders o
  join tenants z on z.id = o.tenant_id
  cross join lateral (
    select coalesce(
      (select a.from_shop_id from prepaid_adjustments a where a.tenant_id = o.tenant_id and a.order_id = o.id order by a.id limit 1),
      o.shop_id) as shop_id, o.created_at as at, 1 as sign
    union all
    select a.from_shop_id, a.created_at, -1 from prepaid_adjustments a where a.tenant_id = o.tenant_id and a.order_id = o.id
    union all
    select a.to_shop_id, a.created_at, 1 from prepaid_adjustments a where a.tenant_id = o.tenant_id and a.order_id = o.id
    union all
    select o.shop_id, o.refunded_at, -1 where o.status = 3
  ) e
  where ${where}
  group by 1, 2, 3, 4`;

export const cashierDayFigures: DayFigureSource[] = [
  { name: 'till', query: () => tillFigures() },
  { name: 'vouchers', query: () => voucherFigures() },
  { name: 'prepaid', query: () => prepaidFigures() },
];
