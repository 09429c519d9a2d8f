import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, visibleShops } from '../../platform/auth.js';
import { rowsOf } from '../../platform/ledger.js';
import { dayStartSql, tenantZone } from '../../platform/numbering.js';

/**
 * The SMS statistics (smsdstatis per day, smsmstatis per month) per shop, and the chain's pool as
 * the row without a shop: texts sent by kind (parts, failed deliveries left out), verification codes
 * (the chain's, no shop), bought (充值, the pool), assigned (分配: received by a shop, given out by
 * the pool) and what was left at the period's end, all read from the ledger and the texts.
 */
export async function smsStatistics(tx: Db, auth: Auth, q: { shopid?: number; from: string; to: string }, per: 'day' | 'month') {
  if (q.shopid) assertShopVisible(auth, q.shopid);
  const zone = await tenantZone(tx, auth.tenantId);
  const start = dayStartSql(zone, q.from);
  const end = dayStartSql(zone, q.to, 1);
  const fmt = per === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const period = (column: SQL) => sql`to_char((${column} at time zone ${zone})::date, ${fmt})`;
  const visible = visibleShops(auth);
  const shopFilter = (column: SQL) =>
    q.shopid
      ? sql`and ${column} = ${q.shopid}`
      : visible
        ? sql`and ${column} in (${sql.join(
            (visible.length ? visible : [0]).map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``;
  const periodEnd = per === 'day' ? sql`(x.period::date + 1)` : sql`((x.period || '-01')::date + interval '1 month')::date`;
  const result = await tx.execute(sql`
    with x as (
      select period, shop_id, sum(code)::int as code, sum(task)::int as task, sum(rv)::int as rv, sum(bd)::int as bd,
             sum(recharge)::int as recharge, sum(assign)::int as assign
      from (
        select ${period(sql`l.at`)} as period, l.shop_id, 0 as code, 0 as task, 0 as rv, 0 as bd,
               case when l.doc_type = 'messaging.order' then l.delta else 0 end as recharge,
               case when l.doc_type = 'messaging.assign' then (case when l.shop_id is null then -l.delta else l.delta end) else 0 end as assign
        from sms_ledger l
        where l.tenant_id = app_current_tenant() and l.at >= ${start} and l.at < ${end}
          and l.doc_type in ('messaging.order', 'messaging.assign')
          ${q.shopid || visible ? shopFilter(sql`l.shop_id`) : sql``}
        union all
        select ${period(sql`m.created_at`)}, m.shop_id, 0,
               case when m.kind = 'task' then m.parts else 0 end,
               case when m.kind = 'returnVisit' then m.parts else 0 end,
               case when m.kind = 'birthday' then m.parts else 0 end, 0, 0
        from sms_messages m
        where m.tenant_id = app_current_tenant() and m.created_at >= ${start} and m.created_at < ${end} and m.state <> 'failed'
          ${shopFilter(sql`m.shop_id`)}
        ${
          q.shopid || visible
            ? sql``
            : sql`union all
        select ${period(sql`o.created_at`)}, null, 1, 0, 0, 0, 0, 0
        from sms_outbox o where o.tenant_id = app_current_tenant() and o.created_at >= ${start} and o.created_at < ${end}`
        }
      ) moves
      group by period, shop_id
    )
    select x.*, s.name as shop_name,
      coalesce((select l.balance from sms_ledger l
                where l.tenant_id = app_current_tenant() and coalesce(l.shop_id, 0) = coalesce(x.shop_id, 0)
                  and l.at < ${dayStartSql(zone, sql`${periodEnd}`)}
                order by l.id desc limit 1), 0) as remaining
    from x left join shops s on s.tenant_id = app_current_tenant() and s.id = x.shop_id
    order by x.period, s.code nulls first, x.shop_id nulls first`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    period: String(r.period),
    shopId: r.shop_id === null ? null : Number(r.shop_id),
    shopName: (r.shop_name as string | null) ?? null,
    code: Number(r.code),
    task: Number(r.task),
    returnVisit: Number(r.rv),
    birthday: Number(r.bd),
    recharge: Number(r.recharge),
    assign: Number(r.assign),
    remaining: Number(r.remaining),
  }));
}
