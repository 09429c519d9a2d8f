import { dgzhzjbAnswer, UNIONPAY_REPORT_PATHS as P, unionpayReportQuery, type YltlstjbRow, yltlstjbAnswer } from '@headoffice/contract';
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { daySql, tenantZone } from '../../platform/numbering.js';
import { route } from '../../platform/route.js';
import { shops } from '../org/public.js';

type Query = z.output<typeof unionpayReportQuery>;

/** The shops a report covers: the one asked for, else those the user sees (every shop for head office). */
function shopFilter(auth: Auth, q: Query, column: SQL): SQL {
  const visible = visibleShops(auth);
  const parts: SQL[] = [sql`true`];
  if (q.shopid) parts.push(sql`${column} = ${q.shopid}`);
  if (visible) parts.push(visible.length ? sql`${column} in (${sql.join(visible, sql`, `)})` : sql`false`);
  return sql.join(parts, sql` and `);
}

const rowsOf = <T>(answer: unknown) => ((answer as { rows?: T[] }).rows ?? (answer as T[])) as T[];
const n = (v: unknown) => Number(v ?? 0);
/** The company's day an order was taken on. */
const orderDay = (zone: string) => daySql(sql`p.created_at`, zone);

/**
 * The period's prepaid orders per (current) shop: collected, used, unused, and where the bills that
 * used them were settled. A used order counts as used by a shop only through a settled bill that is
 * not revoked, so an order marked used without such a bill shows in c3.
 */
async function periodOrders(tx: Db, auth: Auth, q: Query) {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select p.shop_id,
        sum(p.amount) filter (where p.status <> 3) as m1,
        sum(round(p.amount * t.fee_rate / 10000.0)) filter (where p.status <> 3) as fee1,
        sum(p.amount) filter (where p.status = 2) as m3,
        sum(p.amount) filter (where p.status = 1) as m4,
        sum(p.amount) filter (where p.status = 2 and b.id is not null and b.shop_id = p.shop_id) as m5,
        sum(p.amount) filter (where p.status = 2 and b.id is not null and b.shop_id <> p.shop_id) as m9,
        sum(p.amount) as m7,
        sum(round(p.amount * t.fee_rate / 10000.0)) as fee7
      from prepaid_orders p
      join pay_types t on t.id = p.pay_type_id
      left join service_bills b on b.id = p.bill_id and b.status = 4 and b.is_hc = 0 and b.is_del = 0
      where ${orderDay(await tenantZone(tx, auth.tenantId))} between ${q.dateFrom}::date and ${q.dateTo}::date and ${shopFilter(auth, q, sql`p.shop_id`)}
      group by p.shop_id`),
  );
  return new Map(rows.map((r) => [n(r.shop_id), r]));
}

/** Orders collected before the period that this shop's bills of the period used (m6), by the bill's shop. */
async function earlierOrdersUsed(tx: Db, auth: Auth, q: Query) {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select b.shop_id, sum(p.amount) as m6
      from prepaid_orders p
      join service_bills b on b.id = p.bill_id and b.status = 4 and b.is_hc = 0 and b.is_del = 0
      where p.status = 2 and ${orderDay(await tenantZone(tx, auth.tenantId))} < ${q.dateFrom}::date
        and b.business_date between ${q.dateFrom}::date and ${q.dateTo}::date and ${shopFilter(auth, q, sql`b.shop_id`)}
      group by b.shop_id`),
  );
  return new Map(rows.map((r) => [n(r.shop_id), n(r.m6)]));
}

/** Cash-class money (class 01) the shop's settled, valid bills of the period took, net of fees, not counting prepaid orders. */
async function billMoney(tx: Db, auth: Auth, q: Query) {
  const rows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      select b.shop_id, sum(pay.amount - pay.fee) as net
      from service_bill_payments pay
      join service_bills b on b.id = pay.bill_id and b.status = 4 and b.is_hc = 0 and b.is_del = 0
      where pay.class_code = '01' and b.business_date between ${q.dateFrom}::date and ${q.dateTo}::date
        and not exists (select 1 from prepaid_orders o where o.payment_id = pay.id)
        and ${shopFilter(auth, q, sql`b.shop_id`)}
      group by b.shop_id`),
  );
  return new Map(rows.map((r) => [n(r.shop_id), n(r.net)]));
}

async function shopNames(tx: Db, ids: number[]) {
  if (!ids.length) return [];
  return tx.select({ id: shops.id, code: shops.code, name: shops.name }).from(shops).where(inArray(shops.id, ids)).orderBy(asc(shops.code));
}

/** 银联通流水统计表 (DOMAIN-DETAIL §9.9), per shop with any figure in the period, and the total. */
export async function yltlstjb(tx: Db, auth: Auth, q: Query): Promise<z.output<typeof yltlstjbAnswer>> {
  const orders = await periodOrders(tx, auth, q);
  const earlier = await earlierOrdersUsed(tx, auth, q);
  const list = await shopNames(tx, [...new Set([...orders.keys(), ...earlier.keys()])]);
  const rows: YltlstjbRow[] = list.map((s) => {
    const o = orders.get(s.id) ?? {};
    const m1 = n(o.m1);
    const m3 = n(o.m3);
    const m4 = n(o.m4);
    const m5 = n(o.m5);
    const m7 = n(o.m7);
    const m9 = n(o.m9);
    return {
      shopId: s.id,
      shopCode: s.code,
      shopName: s.name,
      m1,
      m2: m1 - n(o.fee1),
      m3,
      m4,
      m5,
      m6: earlier.get(s.id) ?? 0,
      m7,
      m8: m7 - n(o.fee7),
      m9,
      c1: m7 - m1,
      c2: m1 - m3 - m4,
      c3: m3 - m5 - m9,
    };
  });
  const keys = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9', 'c1', 'c2', 'c3'] as const;
  const total = Object.fromEntries(keys.map((k) => [k, rows.reduce((sum, r) => sum + r[k], 0)])) as Record<(typeof keys)[number], number>;
  return { rows, total };
}

/** 对公账户资金表, per shop with any figure in the period, and the total. */
export async function dgzhzjb(tx: Db, auth: Auth, q: Query): Promise<z.output<typeof dgzhzjbAnswer>> {
  const orders = await periodOrders(tx, auth, q);
  const money = await billMoney(tx, auth, q);
  const list = await shopNames(tx, [...new Set([...orders.keys(), ...money.keys()])]);
  const rows = list.map((s) => {
    const o = orders.get(s.id) ?? {};
    const ylt = n(o.m1);
    const fee = n(o.fee1);
    return {
      shopId: s.id,
      shopCode: s.code,
      shopName: s.name,
      funds: (money.get(s.id) ?? 0) + ylt - fee,
      ylt,
      corporateYlt: ylt,
      corporateFee: fee,
    };
  });
  const sum = (k: 'funds' | 'ylt' | 'corporateYlt' | 'corporateFee') => rows.reduce((s, r) => s + r[k], 0);
  return { rows, total: { funds: sum('funds'), ylt: sum('ylt'), corporateYlt: sum('corporateYlt'), corporateFee: sum('corporateFee') } };
}

export function registerUnionpayRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    P.dgzhzjb,
    {
      summary: '对公账户资金表: per shop over business days, funds taken, UnionPay QR collections, the corporate part and its fees',
      description: 'Original path report/dgzhzjb. Definitions in docs/DECISIONS.md (UnionPay reports).',
      perm: 'cashier.dgzhzjb.view',
      query: unionpayReportQuery,
      response: dgzhzjbAnswer,
    },
    ({ tx, auth, query }) => dgzhzjb(tx, auth, query),
  );
  route(
    app,
    'GET',
    P.yltlstjb,
    {
      summary:
        '银联通流水统计表: per shop over business days, m1…m9 and the differences c1…c3 over prepaid orders, their use and the bills',
      description: 'Original path report/yltlstjb. Definitions in docs/DECISIONS.md (UnionPay reports).',
      perm: 'cashier.yltlstjb.view',
      query: unionpayReportQuery,
      response: yltlstjbAnswer,
    },
    ({ tx, auth, query }) => yltlstjb(tx, auth, query),
  );
}
