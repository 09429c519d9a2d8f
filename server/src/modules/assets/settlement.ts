import type { CardSettlementAnswer, cardSettlementQuery } from '@headoffice/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { rowsOf } from '../../platform/ledger.js';
import { tenantToday, tenantZone } from '../../platform/numbering.js';
import { shops } from '../org/public.js';

defineMessages({
  settlementMonths: [
    '结束月份不能早于开始月份，且最多查询 24 个月',
    'The last month cannot come before the first, and at most 24 months are shown',
  ],
});

const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;

/**
 * The cross-shop settlement (跨店结算), read from the card ledger: for each month (in the company's
 * time zone), each shop where a card paid (the card bill's shop) and each shop whose bucket the money
 * came from, when the two differ. Payment rows (`card.consume`) count as spent; the reversal rows of a
 * revoked payment carry the same bill and count back in the month of the revocation. The holding shop
 * took the money in, the serving shop gave the service: the holding shop owes the serving shop the
 * principal; the gift is shown apart (it was never paid in).
 */
export async function cardSettlement(tx: Db, auth: Auth, q: z.output<typeof cardSettlementQuery>): Promise<CardSettlementAnswer> {
  if (q.shopId) {
    const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, q.shopId));
    if (!shop) throw notFound();
  }
  const to = q.to ?? (await tenantToday(tx, auth.tenantId)).slice(0, 7);
  const from = q.from ?? to;
  const span = monthIndex(to) - monthIndex(from);
  if (span < 0 || span >= 24) throw fieldError('to', 'settlementMonths');
  const zone = await tenantZone(tx, auth.tenantId);
  const visible = visibleShops(auth);
  const shopFilter = q.shopId ? sql`and (b.shop_id = ${q.shopId} or l.shop_id = ${q.shopId})` : sql``;
  const scope = visible
    ? sql`and (b.shop_id = any(${sql.param(visible)}::bigint[]) or l.shop_id = any(${sql.param(visible)}::bigint[]))`
    : sql``;
  const result = await tx.execute(sql`
    select to_char(l.at at time zone ${zone}, 'YYYY-MM') as month, b.shop_id as serving, l.shop_id as holding,
      coalesce(sum(-l.delta) filter (where l.bucket = 'principal'), 0) as principal,
      coalesce(sum(-l.delta) filter (where l.bucket = 'gift'), 0) as gift,
      count(distinct b.id) filter (where l.reverses_id is null and b.revoked_at is null) as bills,
      sv.name as serving_name, hd.name as holding_name
    from card_ledger l
    join card_bills b on b.tenant_id = l.tenant_id and b.id = l.bill_id
    join shops sv on sv.tenant_id = b.tenant_id and sv.id = b.shop_id
    join shops hd on hd.tenant_id = l.tenant_id and hd.id = l.shop_id
    where l.doc_type = 'card.consume' and l.shop_id <> b.shop_id
      and l.at >= (${`${from}-01`}::date::timestamp at time zone ${zone})
      and l.at < ((${`${to}-01`}::date + interval '1 month')::timestamp at time zone ${zone})
      ${shopFilter} ${scope}
    group by 1, 2, 3, sv.name, hd.name, sv.code, hd.code
    having sum(l.delta) <> 0
    order by 1, sv.code, hd.code`);
  const rows = rowsOf<Record<string, unknown>>(result).map((r) => {
    const principal = Number(r.principal);
    const gift = Number(r.gift);
    return {
      month: String(r.month),
      servingShopId: Number(r.serving),
      servingShopName: String(r.serving_name),
      holdingShopId: Number(r.holding),
      holdingShopName: String(r.holding_name),
      principal,
      gift,
      total: principal + gift,
      bills: Number(r.bills),
    };
  });
  const balances = new Map<number, { shopId: number; shopName: string; receivable: number; payable: number; net: number }>();
  const of = (id: number, name: string) => {
    const found = balances.get(id) ?? { shopId: id, shopName: name, receivable: 0, payable: 0, net: 0 };
    balances.set(id, found);
    return found;
  };
  for (const r of rows) {
    const serving = of(r.servingShopId, r.servingShopName);
    const holding = of(r.holdingShopId, r.holdingShopName);
    serving.receivable += r.principal;
    holding.payable += r.principal;
  }
  const owed = [...balances.values()]
    .filter((s) => !visible || visible.includes(s.shopId))
    .map((s) => ({ ...s, net: s.receivable - s.payable }))
    .sort((x, y) => y.net - x.net || x.shopId - y.shopId);
  return { rows, shops: owed };
}
