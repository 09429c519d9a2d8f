import type { ReportHeadSave } from '@headoffice/contract';
import { CHART_REPORTS, payTypeRecord, regionRecord, reportHeadSave, serviceBill, shopListPath } from '@headoffice/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { reportHeads, reportItems } from './schema.js';

type Shipped = Omit<ReportHeadSave, 'id'>;
type ShippedItem = NonNullable<Shipped['items']>[number];

/** The columns in the order written. */
const inOrder = (items: ShippedItem[]) => items.map((item, i) => ({ ...item, sort: i + 1 }));

/** The business-day range every shipped report is filtered by: required, a range picker. */
const dayRange = {
  fieldName: 'day',
  fieldTxt: '营业日期',
  fieldType: 'date',
  isShow: false,
  isSearch: true,
  isRange: true,
  isNonull: true,
} as const;
const shopFilter = {
  fieldName: 'shop_id',
  fieldTxt: '门店',
  fieldType: 'select',
  isShow: false,
  isSearch: true,
  dict: { url: shopListPath, label: 'name', value: 'id' },
} as const;
const shopColumns = [
  shopFilter,
  { fieldName: 'shop_code', fieldTxt: '门店编码', fieldWidth: 100, isFixed: true, isOrder: true },
  { fieldName: 'shop_name', fieldTxt: '门店名称', fieldWidth: 160, isFixed: true },
] as const;
const regionFilter = {
  fieldName: 'region_id',
  fieldTxt: '区域',
  fieldType: 'select',
  isShow: false,
  isSearch: true,
  dict: { url: regionRecord.paths.all, label: 'name', value: 'id' },
} as const;
/** The till's money by the daily figures' kinds: takings (收款, what was paid other than by card) and 耗卡. */
const TAKINGS = `sum(f.amount) filter (where f.kind in ('service', 'product', 'package', 'cardSale'))`;
const CARD_USE = `sum(f.amount) filter (where f.kind = 'cardUse')`;
const VISITS = `sum(f.count) filter (where f.kind = 'visit')`;
const BILLS = `sum(f.count) filter (where f.kind = 'bill' and f.pay_type_id = 0)`;
/** A hidden column a link or a chart reads. */
const hidden = (fieldName: string, fieldTxt: string) => ({ fieldName, fieldTxt, fieldType: 'number' as const, isShow: false });
const money = (fieldName: string, fieldTxt: string) => ({
  fieldName,
  fieldTxt,
  fieldType: 'money' as const,
  fieldWidth: 120,
  isOrder: true,
  isSum: true,
});
const number = (fieldName: string, fieldTxt: string) => ({
  fieldName,
  fieldTxt,
  fieldType: 'number' as const,
  fieldWidth: 90,
  isOrder: true,
  isSum: true,
});

/**
 * The chain's usual reports, shipped with HeadOffice: the daily figures (`day_figures`, kept by every bill
 * that changes them) for money by shop, day and pay kind; the till's settled bills, not revoked, for staff,
 * services and members. A chain copies one to change it.
 */
export const SHIPPED_REPORTS: Shipped[] = [
  {
    code: 'TURNOVER_SHOP_DAY',
    name: '营业额（门店·日·支付方式）',
    memo: '每个门店每天按支付方式的收款和耗卡，来自每日汇总数字',
    isSummary: true,
    reportSql: `select f.shop_id, s.code as shop_code, s.name as shop_name, f.day, p.name as pay_name,
  sum(f.amount) filter (where f.kind in ('service', 'product', 'package', 'cardSale')) as takings,
  sum(f.amount) filter (where f.kind = 'cardUse') as card_use,
  sum(f.count) filter (where f.kind = 'bill') as bills
from day_figures f
join shops s on s.id = f.shop_id
join pay_types p on p.id = f.pay_type_id
where f.day between :day_from and :day_to and f.shop_id = any(:shop_ids)
group by f.shop_id, s.code, s.name, f.day, p.name
order by s.code, f.day, p.name`,
    items: inOrder([
      ...shopColumns,
      { ...dayRange, isShow: true, fieldWidth: 110, isOrder: true },
      { fieldName: 'pay_name', fieldTxt: '支付方式', fieldWidth: 110 },
      money('takings', '收款'),
      money('card_use', '耗卡'),
      number('bills', '单数'),
    ]),
  },
  {
    code: 'CARD_SALES_USE',
    name: '售卡与耗卡（门店）',
    memo: '每个门店的开卡充值金额与会员卡消费金额',
    isSummary: true,
    reportSql: `select f.shop_id, s.code as shop_code, s.name as shop_name,
  coalesce(sum(f.amount) filter (where f.kind = 'cardSale'), 0) as card_sales,
  coalesce(sum(f.amount) filter (where f.kind = 'cardUse'), 0) as card_use
from day_figures f
join shops s on s.id = f.shop_id
where f.day between :day_from and :day_to and f.shop_id = any(:shop_ids) and f.kind in ('cardSale', 'cardUse')
group by f.shop_id, s.code, s.name
order by s.code`,
    items: inOrder([dayRange, ...shopColumns, money('card_sales', '售卡'), money('card_use', '耗卡')]),
  },
  {
    code: CHART_REPORTS.staffPerformance,
    name: '员工业绩',
    memo: '员工在结账单上的业绩（撤单冲回），按门店',
    isSummary: true,
    reportSql: `select b.shop_id, s.code as shop_code, s.name as shop_name, e.eecode as employee_code, e.name as employee_name,
  count(distinct p.bill_id) filter (where b.is_hc = 0) as bills,
  sum(p.amount) as performance
from service_bill_perf p
join service_bills b on b.id = p.bill_id
join shops s on s.id = b.shop_id
join employees e on e.id = p.employee_id
where p.business_date between :day_from and :day_to and b.shop_id = any(:shop_ids)
group by b.shop_id, s.code, s.name, e.eecode, e.name
order by performance desc`,
    items: inOrder([
      dayRange,
      ...shopColumns,
      { fieldName: 'employee_code', fieldTxt: '员工编号', fieldWidth: 100, isSearch: true },
      { fieldName: 'employee_name', fieldTxt: '员工姓名', fieldWidth: 100, isSearch: true },
      number('bills', '单数'),
      money('performance', '业绩'),
    ]),
  },
  {
    code: CHART_REPORTS.tillBills,
    name: '结账单明细',
    memo: '结账且未撤单的收银单，可按门店、区域、支付方式、员工查看；点单号打开单据',
    isSummary: true,
    reportSql: `select b.id as bill_id, b.bill_no, b.shop_id, s.code as shop_code, s.name as shop_name, b.business_date as day,
  b.settled_at, m.name as member_name, b.amount
from service_bills b
join shops s on s.id = b.shop_id
left join members m on m.id = b.member_id
where b.status = 4 and b.is_hc = 0
  and b.business_date between :day_from and :day_to and b.shop_id = any(:shop_ids)
  and (:region_id::bigint is null or s.region_id = :region_id::bigint)
  and (:pay_type_id::bigint is null or exists (
    select 1 from service_bill_payments p where p.bill_id = b.id and p.pay_type_id = :pay_type_id::bigint))
  and (:employee_code::text is null or exists (
    select 1 from service_bill_perf e join employees w on w.id = e.employee_id
    where e.bill_id = b.id and w.eecode = :employee_code::text))
order by b.settled_at desc`,
    items: inOrder([
      { ...dayRange, isShow: true, fieldWidth: 110, isOrder: true },
      shopFilter,
      regionFilter,
      {
        fieldName: 'pay_type_id',
        fieldTxt: '支付方式',
        fieldType: 'select',
        isShow: false,
        isSearch: true,
        dict: { url: payTypeRecord.paths.all, label: 'name', value: 'id' },
      },
      { fieldName: 'employee_code', fieldTxt: '员工编号', isShow: false, isSearch: true },
      hidden('bill_id', '单据'),
      { fieldName: 'bill_no', fieldTxt: '单号', fieldWidth: 170, isFixed: true, link: `${serviceBill.webPath}/:bill_id` },
      { fieldName: 'shop_code', fieldTxt: '门店编码', fieldWidth: 100, isOrder: true },
      { fieldName: 'shop_name', fieldTxt: '门店名称', fieldWidth: 160 },
      { fieldName: 'settled_at', fieldTxt: '结账时间', fieldType: 'datetime', fieldWidth: 150, isOrder: true },
      { fieldName: 'member_name', fieldTxt: '会员', fieldWidth: 100 },
      money('amount', '实收'),
    ]),
  },
  {
    code: CHART_REPORTS.turnoverDay,
    name: '营业走势（日）',
    memo: '每天的收款、耗卡、客数和单数，可限定门店或区域，来自每日汇总数字',
    isPage: false,
    isSummary: true,
    reportSql: `select f.day, coalesce(${TAKINGS}, 0) as takings, coalesce(${CARD_USE}, 0) as card_use,
  coalesce(${VISITS}, 0)::int as visits, coalesce(${BILLS}, 0)::int as bills
from day_figures f
join shops s on s.id = f.shop_id
where f.day between :day_from and :day_to and f.shop_id = any(:shop_ids)
  and (:shop_id::bigint is null or f.shop_id = :shop_id::bigint)
  and (:region_id::bigint is null or s.region_id = :region_id::bigint)
group by f.day
order by f.day`,
    items: inOrder([
      { ...dayRange, isShow: true, fieldWidth: 110, isOrder: true },
      shopFilter,
      regionFilter,
      money('takings', '收款'),
      money('card_use', '耗卡'),
      number('visits', '客数'),
      number('bills', '单数'),
    ]),
  },
  {
    code: CHART_REPORTS.turnoverShop,
    name: '门店营业对比',
    memo: '期间内每个门店的收款、耗卡、客数和单数，来自每日汇总数字',
    isPage: false,
    isSummary: true,
    reportSql: `select f.shop_id, s.code as shop_code, s.name as shop_name, r.name as region_name,
  coalesce(${TAKINGS}, 0) as takings, coalesce(${CARD_USE}, 0) as card_use,
  coalesce(${VISITS}, 0)::int as visits, coalesce(${BILLS}, 0)::int as bills
from day_figures f
join shops s on s.id = f.shop_id
join regions r on r.id = s.region_id
where f.day between :day_from and :day_to and f.shop_id = any(:shop_ids)
  and (:region_id::bigint is null or s.region_id = :region_id::bigint)
group by f.shop_id, s.code, s.name, r.name
order by takings desc, s.code`,
    items: inOrder([
      dayRange,
      regionFilter,
      ...shopColumns,
      { fieldName: 'region_name', fieldTxt: '区域', fieldWidth: 100 },
      money('takings', '收款'),
      money('card_use', '耗卡'),
      number('visits', '客数'),
      number('bills', '单数'),
    ]),
  },
  {
    code: CHART_REPORTS.turnoverRegion,
    name: '区域营业对比',
    memo: '期间内每个区域的收款、耗卡、客数和单数，来自每日汇总数字',
    isPage: false,
    isSummary: true,
    reportSql: `select s.region_id, r.code as region_code, r.name as region_name, count(distinct f.shop_id)::int as shops,
  coalesce(${TAKINGS}, 0) as takings, coalesce(${CARD_USE}, 0) as card_use,
  coalesce(${VISITS}, 0)::int as visits, coalesce(${BILLS}, 0)::int as bills
from day_figures f
join shops s on s.id = f.shop_id
join regions r on r.id = s.region_id
where f.day between :day_from and :day_to and f.shop_id = any(:shop_ids)
group by s.region_id, r.code, r.name
order by takings desc, r.code`,
    items: inOrder([
      dayRange,
      hidden('region_id', '区域'),
      { fieldName: 'region_code', fieldTxt: '区域编码', fieldWidth: 100, isFixed: true },
      { fieldName: 'region_name', fieldTxt: '区域', fieldWidth: 120, isFixed: true },
      number('shops', '门店数'),
      money('takings', '收款'),
      money('card_use', '耗卡'),
      number('visits', '客数'),
      number('bills', '单数'),
    ]),
  },
  {
    code: CHART_REPORTS.payMix,
    name: '支付方式构成',
    memo: '期间内收银按支付方式的金额（含会员卡支付），来自每日汇总数字',
    isPage: false,
    isSummary: true,
    reportSql: `select f.pay_type_id, p.code as pay_code, p.name as pay_name, sum(f.amount) as amount
from day_figures f
join shops s on s.id = f.shop_id
join pay_types p on p.id = f.pay_type_id
where f.day between :day_from and :day_to and f.shop_id = any(:shop_ids)
  and f.kind in ('service', 'product', 'package', 'cardSale', 'cardUse')
  and (:shop_id::bigint is null or f.shop_id = :shop_id::bigint)
  and (:region_id::bigint is null or s.region_id = :region_id::bigint)
group by f.pay_type_id, p.code, p.name
having sum(f.amount) <> 0
order by amount desc`,
    items: inOrder([
      dayRange,
      shopFilter,
      regionFilter,
      hidden('pay_type_id', '支付方式'),
      { fieldName: 'pay_code', fieldTxt: '编码', fieldWidth: 70 },
      { fieldName: 'pay_name', fieldTxt: '支付方式', fieldWidth: 140, isFixed: true },
      money('amount', '金额'),
    ]),
  },
  {
    code: CHART_REPORTS.memberGrowth,
    name: '会员增长（月）',
    memo: '每月新登记的会员和月末会员总数（按会员的归属门店）',
    isPage: false,
    reportSql: `select to_char(date_trunc('month', m.registered_on), 'YYYY-MM') as month, count(*)::int as new_members,
  ((select count(*) from members o where o.registered_on < :day_from::date and o.shop_id = any(:shop_ids)
      and (:shop_id::bigint is null or o.shop_id = :shop_id::bigint))
    + sum(count(*)) over (order by date_trunc('month', m.registered_on)))::int as members
from members m
where m.registered_on between :day_from and :day_to and m.shop_id = any(:shop_ids)
  and (:shop_id::bigint is null or m.shop_id = :shop_id::bigint)
group by date_trunc('month', m.registered_on)
order by month`,
    items: inOrder([
      { ...dayRange, fieldTxt: '登记日期' },
      shopFilter,
      { fieldName: 'month', fieldTxt: '月份', fieldWidth: 90, isFixed: true, isOrder: true },
      number('new_members', '新会员'),
      { ...number('members', '会员总数'), isSum: false },
    ]),
  },
  {
    code: CHART_REPORTS.newMembers,
    name: '新会员明细',
    memo: '期间内登记的会员，点编号打开会员',
    reportSql: `select m.id as member_id, m.code as member_code, m.name as member_name, m.shop_id, s.name as shop_name,
  m.registered_on as day
from members m
join shops s on s.id = m.shop_id
where m.registered_on between :day_from and :day_to and m.shop_id = any(:shop_ids)
order by m.registered_on desc, m.id desc`,
    items: inOrder([
      { ...dayRange, fieldTxt: '登记日期', isShow: true, fieldWidth: 110, isOrder: true },
      shopFilter,
      hidden('member_id', '会员'),
      { fieldName: 'member_code', fieldTxt: '会员编号', fieldWidth: 120, isFixed: true, link: '/admin/members/list/:member_id' },
      { fieldName: 'member_name', fieldTxt: '会员姓名', fieldWidth: 100, isSearch: true },
      { fieldName: 'shop_name', fieldTxt: '门店', fieldWidth: 160 },
    ]),
  },
  {
    code: 'SERVICE_RANKING',
    name: '服务项目排行',
    memo: '结账且未撤单的服务项目，按金额从高到低',
    isSummary: true,
    reportSql: `select l.code as service_code, l.name as service_name, sum(l.num)::int as times, sum(l.amount) as amount,
  rank() over (order by sum(l.amount) desc) as ranking
from service_bill_lines l
join service_bills b on b.id = l.bill_id
where l.kind = 'service' and b.status = 4 and b.is_hc = 0
  and b.business_date between :day_from and :day_to and b.shop_id = any(:shop_ids)
  and (:shop_id::bigint is null or b.shop_id = :shop_id::bigint)
group by l.code, l.name
order by amount desc`,
    items: inOrder([
      dayRange,
      shopFilter,
      { fieldName: 'ranking', fieldTxt: '排名', fieldType: 'number', fieldWidth: 70, isFixed: true },
      { fieldName: 'service_code', fieldTxt: '项目编码', fieldWidth: 100 },
      { fieldName: 'service_name', fieldTxt: '项目名称', fieldWidth: 180, isSearch: true },
      number('times', '次数'),
      money('amount', '金额'),
    ]),
  },
  {
    code: 'MEMBER_VISITS',
    name: '会员到店',
    memo: '会员在期间内计客数的结账单：到店次数、消费金额、最近一次',
    isSummary: true,
    reportSql: `select m.code as member_code, m.name as member_name, count(*)::int as visits, sum(b.amount) as spend,
  max(b.business_date) as last_visit
from service_bills b
join members m on m.id = b.member_id
where b.status = 4 and b.is_hc = 0 and b.is_compute = 1
  and b.business_date between :day_from and :day_to and b.shop_id = any(:shop_ids)
  and (:shop_id::bigint is null or b.shop_id = :shop_id::bigint)
group by m.code, m.name
order by visits desc, spend desc`,
    items: inOrder([
      dayRange,
      shopFilter,
      { fieldName: 'member_code', fieldTxt: '会员编号', fieldWidth: 110, isFixed: true, isSearch: true },
      { fieldName: 'member_name', fieldTxt: '会员姓名', fieldWidth: 100, isSearch: true },
      number('visits', '到店次数'),
      money('spend', '消费金额'),
      { fieldName: 'last_visit', fieldTxt: '最近到店', fieldType: 'date', fieldWidth: 110, isOrder: true },
    ]),
  },
];

/** Do the stored values hold every value given (a head's fields, or a column's)? */
const holds = (stored: Record<string, unknown>, given: Record<string, unknown>) =>
  Object.entries(given).every(([key, value]) => JSON.stringify(stored[key] ?? null) === JSON.stringify(value ?? null));

/**
 * Gives a tenant the shipped reports, as they are in this version (idempotent, at every start): a shipped
 * report cannot be changed by the chain, so a definition that differs from this version's is written over;
 * one that is the same is left untouched. A chain's own report under a shipped code is left alone.
 */
export async function ensureShippedReports(tx: Db, tenantId: number) {
  const stored = await tx
    .select()
    .from(reportHeads)
    .where(
      inArray(
        reportHeads.code,
        SHIPPED_REPORTS.map((report) => report.code),
      ),
    );
  const storedItems = stored.length
    ? await tx
        .select()
        .from(reportItems)
        .where(
          inArray(
            reportItems.headId,
            stored.map((head) => head.id),
          ),
        )
        .orderBy(asc(reportItems.sort))
    : [];
  for (const shipped of SHIPPED_REPORTS) {
    const { items = [], id: _, ...head } = reportHeadSave.parse(shipped);
    const existing = stored.find((row) => row.code === head.code);
    if (existing && !existing.shipped) continue;
    const itemsOfExisting = storedItems.filter((item) => item.headId === existing?.id);
    const same =
      existing &&
      holds(existing, head) &&
      itemsOfExisting.length === items.length &&
      items.every((item, i) => holds(itemsOfExisting[i], item));
    if (same) continue;
    const [saved] = await tx
      .insert(reportHeads)
      .values({ ...head, tenantId, shipped: true })
      .onConflictDoUpdate({ target: [reportHeads.tenantId, reportHeads.code], set: { ...head, updatedAt: sql`now()` } })
      .returning({ id: reportHeads.id });
    await tx.delete(reportItems).where(eq(reportItems.headId, saved.id));
    await tx.insert(reportItems).values(items.map(({ id: _i, ...item }) => ({ ...item, tenantId, headId: saved.id })));
  }
}
