CREATE TABLE "day_figures" (
	"tenant_id" bigint NOT NULL,
	"shop_id" bigint NOT NULL,
	"day" date NOT NULL,
	"pay_type_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "day_figures_tenant_id_shop_id_day_pay_type_id_kind_pk" PRIMARY KEY("tenant_id","shop_id","day","pay_type_id","kind")
);
--> statement-breakpoint
ALTER TABLE "day_figures" ADD CONSTRAINT "day_figures_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "day_figures_tenant_day" ON "day_figures" USING btree ("tenant_id","day");--> statement-breakpoint
-- Back-fill: the figures of every record already written, by the same SQL as a rebuild (platform/day-figures.ts:
-- the sources of modules/cashier/day-figures.ts and modules/assets/day-figures.ts, summed per key).
insert into day_figures (tenant_id, shop_id, day, pay_type_id, kind, amount, count)
select tenant_id, shop_id, day, pay_type_id, kind, sum(amount)::bigint, sum(count)::int
from ((
  select c.tenant_id, c.shop_id, (c.created_at at time zone z.time_zone)::date as day, 0::bigint as pay_type_id, 'cardSale' as kind,
    sum(c.amount)::bigint as amount, count(*)::int as count
  from card_bills c
  join tenants z on z.id = c.tenant_id
  where c.kind in ('open', 'recharge') and c.owner_doc is null and c.revoked_at is null and true
  group by 1, 2, 3) union all (
  select r.tenant_id, coalesce(r.shop_id, 0) as shop_id, (r.created_at at time zone z.time_zone)::date as day, 0::bigint as pay_type_id,
    'refund' as kind, sum(r.total_amount)::bigint as amount, count(*)::int as count
  from refunds r
  join tenants z on z.id = r.tenant_id
  where true
  group by 1, 2, 3) union all (
  select b.tenant_id, b.shop_id, b.business_date as day, p.pay_type_id,
    case when p.card_id is not null then 'cardUse' when l.kind in ('cardOpen', 'cardRecharge') then 'cardSale' else l.kind end as kind,
    sum(s.amount)::bigint as amount, count(distinct b.id)::int as count
  from service_bills b
  join service_bill_shares s on s.tenant_id = b.tenant_id and s.bill_id = b.id
  join service_bill_payments p on p.tenant_id = s.tenant_id and p.id = s.payment_id
  join service_bill_lines l on l.tenant_id = s.tenant_id and l.id = s.line_id
  where b.status = 4 and b.is_hc = 0 and b.is_del = 0 and true
  group by 1, 2, 3, 4, 5
  union all
  select b.tenant_id, b.shop_id, b.business_date, p.pay_type_id, 'bill', 0, count(distinct b.id)::int
  from service_bills b
  join service_bill_payments p on p.tenant_id = b.tenant_id and p.bill_id = b.id
  where b.status = 4 and b.is_hc = 0 and b.is_del = 0 and true
  group by 1, 2, 3, 4
  union all
  select b.tenant_id, b.shop_id, b.business_date, 0, case when v.visit then 'visit' else 'bill' end, 0, count(*)::int
  from service_bills b
  cross join lateral (values (false), (true)) v (visit)
  where b.status = 4 and b.is_hc = 0 and b.is_del = 0 and true and (not v.visit or b.is_compute = 1)
  group by 1, 2, 3, 4, 5) union all (
  select v.tenant_id, v.shop_id, (e.at at time zone z.time_zone)::date as day, 0::bigint as pay_type_id, 'voucher' as kind,
    sum(e.sign * v.amount)::bigint as amount, sum(e.sign)::int as count
  from third_orders v
  join tenants z on z.id = v.tenant_id
  cross join lateral (values (v.verified_at, 1), (v.refunded_at, -1)) e (at, sign)
  where e.at is not null and (e.sign = 1 or v.status = 4) and true
  group by 1, 2, 3) union all (
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
  where true
  group by 1, 2, 3, 4)) figures
group by tenant_id, shop_id, day, pay_type_id, kind
having sum(amount) <> 0 or sum(count) <> 0;
