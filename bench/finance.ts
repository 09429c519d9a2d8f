/**
 * Finance benchmark of the issue "Close the day" (run `npm run bench:data` first; the till's year is in every full run):
 *
 *   DATABASE_URL=postgres://… npm run bench:finance [-- --runs 20 --write]
 *
 * The bench server as a child process (bench/server.ts), signed in as the bench tenant's admin. Sequentially, `--runs`
 * times each (after one unmeasured warm-up): the chain's daily report (门店日报汇总) for the chain's busiest day of the last
 * full month and for that month, one shop's daily report (日报表) for its busiest day, the chain's turnover (营业额) and the
 * home page's figures for the month, and that shop's bank reconciliation screen (银行对账: its month of system rows, then its unmatched statement lines).
 * Beside each, on one connection as the app role under the tenant's row security (what the server's requests run as):
 * (a) the same answer's SQL over the daily figures (`day_figures`), (b) the same totals computed from the records: the
 * till's settled, not revoked bills, their lines, payments and shares (and the card sales, refunds, income and dj items
 * outside the till). The API's answer, (a) and (b) must give the same totals, cell by cell: a difference is printed and
 * the run exits 1. Finance reads the primary (it does not read through `app.reports`): there is no replica here.
 * Results: a markdown table on stdout and, with `--write`, in bench/results/finance-<date>.md.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { CHAIN_REPORT, DAY_REPORT, DAY_REPORT_FUND_ITEMS, HOME_PATH, RECONCILE, TURNOVER_PATH } from '@headoffice/contract';
import pg from 'pg';
import { MAIN_CODES } from '../server/src/modules/finance/day-report.js';
import { TILL_MONEY_KINDS } from '../server/src/platform/day-figures.js';
import { APP_ROLE } from '../server/src/platform/tenancy.js';
import { type BenchInfo, benchFile, busiestShopDay, lastFullMonth, markdown, type RawSql, timeGet, timeRaw } from './common.js';
import { f1, pct, signIn, startChild } from './load.js';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    write: { type: 'boolean', default: false },
  },
});
const RUNS = Number(flags.runs);
const URL_ = process.env.DATABASE_URL ?? '';
if (!URL_) throw new Error('DATABASE_URL is required (PostgreSQL with the bench tenant: npm run bench:data)');
const info = JSON.parse(fs.readFileSync(benchFile({ databaseUrl: URL_ }), 'utf8')) as BenchInfo;
const T = info.tenantId;

const owner = new pg.Client({ connectionString: URL_ });
await owner.connect();

// The inputs, from the data: the last full month, the chain's busiest day in it, the shop with the most bills in it and its busiest day.
const month = await lastFullMonth(owner, T);
const chainDay = (
  await owner.query(
    `select business_date::text as day from service_bills where tenant_id = $1 and status = 4 and business_date between $2 and $3
     group by 1 order by count(*) desc, 1 limit 1`,
    [T, ...month],
  )
).rows[0].day as string;
const { rows: busy } = await owner.query(
  `select shop_id from service_bills where tenant_id = $1 and status = 4 and business_date between $2 and $3
   group by 1 order by count(*) desc, 1 limit 1`,
  [T, ...month],
);
const shop = await busiestShopDay(owner, T, month, Number(busy[0].shop_id));
// head office's shops: the chain's report and turnover cover every shop the admin sees
const allShops = (await owner.query('select array_agg(id order by id) as ids from shops where tenant_id = $1', [T])).rows[0]
  .ids as number[];
const counts = (
  await owner.query(
    `select (select count(*) from service_bills where tenant_id = $1 and status = 4)::int as bills,
            (select count(*) from service_bill_lines where tenant_id = $1)::int as lines,
            (select count(*) from day_figures where tenant_id = $1)::int as figures`,
    [T],
  )
).rows[0] as { bills: number; lines: number; figures: number };

// ---- the SQL ----

/** A settled till bill that counts (not revoked, not deleted), as the till's figures and the reports read it. */
const COUNTED = 'b.status = 4 and b.is_hc = 0 and b.is_del = 0';
const joinShares = `join service_bill_shares s on s.tenant_id = b.tenant_id and s.bill_id = b.id
  join service_bill_payments p on p.tenant_id = s.tenant_id and p.id = s.payment_id`;
/** The kind a share of the till counts as in the daily figures (modules/cashier/day-figures.ts). */
const SHARE_KIND = `case when p.card_id is not null then 'cardUse' when l.kind in ('cardOpen', 'cardRecharge') then 'cardSale' else l.kind end`;
/** A record's day in the company's calendar (what the daily figures file card sales and refunds under). */
const dayOf = (column: string) => `(${column} at time zone z.time_zone)::date`;
const FUND_CODES = DAY_REPORT_FUND_ITEMS.map((f) => f.code);
/** The fees of the main pay codes' shares per shop ($1–$2, shops $3, main codes $5): 主营资金 is net of them, and the daily figures keep none. */
const FEES_SQL = `select b.shop_id, sum(s.fee) as fee
    from service_bills b ${joinShares}
    where b.shop_id = any($3::bigint[]) and b.business_date between $1::date and $2::date and ${COUNTED} and p.pay_code = any($5::text[])
    group by b.shop_id`;

/**
 * The chain's daily report's figures per shop of $3 (bigint[]) from $1 to $2, as chain-report.ts answers them: 主营资金
 * (the main pay codes' money net of their fees), 营业外资金 and 日常支出 (the income and expense bills), the dj items
 * (signed by direction), 退卡资金, 开充卡, 耗卡. Over the daily figures (`figures`) or the records (`bills`). The fees
 * come from the till's shares either way: the daily figures keep none.
 */
function chainSql(source: 'figures' | 'bills'): string {
  const money =
    source === 'figures'
      ? `f as (
    select d.shop_id,
      sum(d.amount) filter (where d.kind = any($4::text[]) and t.code = any($5::text[])) as gross,
      sum(d.amount) filter (where d.kind = 'cardSale') as card_sales,
      sum(d.amount) filter (where d.kind = 'cardUse') as card_use,
      sum(d.amount) filter (where d.kind = 'refund') as refunds
    from day_figures d
    left join pay_types t on t.tenant_id = d.tenant_id and t.id = d.pay_type_id
    where d.shop_id = any($3::bigint[]) and d.day between $1::date and $2::date and (d.kind = any($4::text[]) or d.kind = 'refund')
    group by d.shop_id),
  fees as (${FEES_SQL})`
      : `till as (
    select b.shop_id, t.code, p.pay_code, s.amount, s.fee, ${SHARE_KIND} as kind
    from service_bills b ${joinShares}
    join service_bill_lines l on l.tenant_id = s.tenant_id and l.id = s.line_id
    left join pay_types t on t.tenant_id = p.tenant_id and t.id = p.pay_type_id
    where b.shop_id = any($3::bigint[]) and b.business_date between $1::date and $2::date and ${COUNTED}),
  paid as (
    select shop_id,
      sum(amount) filter (where kind = any($4::text[]) and code = any($5::text[])) as gross,
      sum(amount) filter (where kind = 'cardSale') as card_sales,
      sum(amount) filter (where kind = 'cardUse') as card_use,
      sum(fee) filter (where pay_code = any($5::text[])) as fee
    from till group by shop_id),
  -- cards opened or recharged outside the till (no pay type), on the day made
  sold as (
    select c.shop_id, sum(c.amount) as amount
    from card_bills c join tenants z on z.id = c.tenant_id
    where c.kind in ('open', 'recharge') and c.owner_doc is null and c.revoked_at is null and c.shop_id = any($3::bigint[])
      and ${dayOf('c.created_at')} between $1::date and $2::date
    group by c.shop_id),
  -- refunds not taken back, and offline refunds reviewed, on their day
  refunded as (
    select shop_id, sum(amount) as amount from (
      select r.shop_id, r.total_amount as amount
      from refunds r join tenants z on z.id = r.tenant_id
      where r.revoked_at is null and r.shop_id = any($3::bigint[]) and ${dayOf('r.created_at')} between $1::date and $2::date
      union all
      select o.shop_id, o.tk_money
      from offline_refunds o join tenants z on z.id = o.tenant_id
      where o.state = 'reviewed' and o.reviewed_at is not null and o.shop_id = any($3::bigint[])
        and ${dayOf('o.reviewed_at')} between $1::date and $2::date) x
    group by shop_id),
  f as (
    select x.shop_id, coalesce(paid.gross, 0) as gross, coalesce(paid.card_sales, 0) + coalesce(sold.amount, 0) as card_sales,
      paid.card_use, refunded.amount as refunds
    from unnest($3::bigint[]) x (shop_id)
    left join paid on paid.shop_id = x.shop_id
    left join sold on sold.shop_id = x.shop_id
    left join refunded on refunded.shop_id = x.shop_id),
  fees as (select shop_id, fee from paid)`;
  return `with ${money},
  io as (
    select shop_id, sum(total) filter (where type = 1) as income, sum(total) filter (where type = 2) as expenses
    from shop_io_bills
    where shop_id = any($3::bigint[]) and bill_date between $1::date and $2::date and is_hc = 0
    group by shop_id),
  dj as (
    select a.shop_id,
      sum(a.amount * case when i.direction < 0 then -1 else 1 end) filter (where i.code = ($6::text[])[1]) as weimu,
      sum(a.amount * case when i.direction < 0 then -1 else 1 end) filter (where i.code = ($6::text[])[2]) as group_buy,
      sum(a.amount * case when i.direction < 0 then -1 else 1 end) filter (where i.code = ($6::text[])[3]) as e_coupon,
      sum(a.amount * case when i.direction < 0 then -1 else 1 end) filter (where i.is_dkdj = 1) as withheld
    from dj_amounts a join dj_items i on i.tenant_id = a.tenant_id and i.id = a.dj_item_id
    where a.shop_id = any($3::bigint[]) and a.day between $1::date and $2::date
    group by a.shop_id)
select s.id as shop_id, s.code as shop_code, s.name as shop_name, r.name as region_name, s.status,
  coalesce(f.gross, 0) - coalesce(fees.fee, 0) as main, coalesce(io.income, 0) as non_operating, coalesce(dj.weimu, 0) as weimu,
  coalesce(dj.group_buy, 0) as group_buy, coalesce(dj.e_coupon, 0) as e_coupon, coalesce(dj.withheld, 0) as withheld,
  coalesce(io.expenses, 0) as expenses, coalesce(f.refunds, 0) as refunds, coalesce(f.card_sales, 0) as card_sales,
  coalesce(f.card_use, 0) as card_use
from shops s
left join regions r on r.tenant_id = s.tenant_id and r.id = s.region_id
left join f on f.shop_id = s.id
left join fees on fees.shop_id = s.id
left join io on io.shop_id = s.id
left join dj on dj.shop_id = s.id
where s.tenant_id = $7 and s.id = any($3::bigint[])
order by s.code`;
}

const chainValues = (days: [string, string], shopIds: number[]) => [...days, shopIds, TILL_MONEY_KINDS, MAIN_CODES, FUND_CODES, T];

/**
 * Turnover (营业额, cashier/turnover.ts) of the chain from $1 to $2: the money per shop and pay type with the bills each
 * pay type took part in, then each shop's bills. Every line kind of the till is one of its money kinds, so the records'
 * side needs no lines.
 */
function turnoverSql(source: 'figures' | 'bills'): RawSql[] {
  const values = source === 'figures' ? [...month, T, TILL_MONEY_KINDS] : [...month, T];
  const names = `join shops sh on sh.tenant_id = x.tenant_id and sh.id = x.shop_id
    join pay_types t on t.tenant_id = x.tenant_id and t.id = x.pay_type_id
    join pay_classes c on c.tenant_id = t.tenant_id and c.id = t.class_id`;
  const columns = 'x.shop_id, sh.name as shop_name, x.pay_type_id, t.code as pay_code, t.name as pay_name, c.code as class_code';
  if (source === 'figures')
    return [
      {
        text: `select ${columns},
           coalesce(sum(x.amount) filter (where x.kind = any($4::text[])), 0)::bigint as amount,
           coalesce(sum(x.count) filter (where x.kind = 'bill'), 0)::int as bills
         from day_figures x ${names}
         where x.tenant_id = $3 and x.day between $1::date and $2::date and (x.kind = any($4::text[]) or x.kind = 'bill')
         group by 1, 2, 3, 4, 5, 6
         having sum(x.count) filter (where x.kind = 'bill') > 0
         order by sh.name, t.code`,
        values,
      },
      {
        text: `select shop_id, sum(count)::int as bills from day_figures
         where tenant_id = $3 and day between $1::date and $2::date and kind = 'bill' and pay_type_id = 0 group by 1`,
        values: [...month, T],
      },
    ];
  return [
    {
      text: `with paid as (
           select b.tenant_id, b.shop_id, p.pay_type_id, sum(s.amount)::bigint as amount
           from service_bills b ${joinShares}
           where b.tenant_id = $3 and b.business_date between $1::date and $2::date and ${COUNTED}
           group by 1, 2, 3),
         used as (
           select b.tenant_id, b.shop_id, p.pay_type_id, count(distinct b.id)::int as bills
           from service_bills b join service_bill_payments p on p.tenant_id = b.tenant_id and p.bill_id = b.id
           where b.tenant_id = $3 and b.business_date between $1::date and $2::date and ${COUNTED}
           group by 1, 2, 3)
         select ${columns}, coalesce(paid.amount, 0) as amount, x.bills
         from used x left join paid using (tenant_id, shop_id, pay_type_id) ${names}
         order by sh.name, t.code`,
      values,
    },
    {
      text: `select b.shop_id, count(*)::int as bills from service_bills b
         where b.tenant_id = $3 and b.business_date between $1::date and $2::date and ${COUNTED} group by 1`,
      values,
    },
  ];
}

/**
 * The home page's figures (home/dashboard.ts) per shop for the month to $2 (from $1) and for the day $2: 现金业绩 (the
 * cash class's payments), 耗卡 (paid by card), 客数 (the bills that count as a visit), 售卡 (cards opened and recharged,
 * at the till and in head office). The page's approvals, open bills and stock warnings are not in it.
 */
function homeSql(source: 'figures' | 'bills'): RawSql {
  const sums = (x: string) => `coalesce(${x}.day, 0) as day_${x}, coalesce(${x}.month, 0) as month_${x}`;
  const select = `select s.id as shop_id, s.name as shop_name, coalesce(pr.name, r.name) as region_name,
      ${sums('cash')}, ${sums('card')}, ${sums('visits')}, ${sums('cards')}
    from shops s
    join regions r on r.tenant_id = s.tenant_id and r.id = s.region_id
    left join regions pr on pr.tenant_id = r.tenant_id and pr.id = r.parent_id
    left join visits on visits.shop_id = s.id
    left join cash on cash.shop_id = s.id
    left join card on card.shop_id = s.id
    left join cards on cards.shop_id = s.id
    where s.tenant_id = $3 and (s.status = 1 or visits.shop_id is not null or cash.shop_id is not null or cards.shop_id is not null)
    order by s.code`;
  const both = (filter: string) =>
    `sum(amount) filter (where ${filter} and day = $2::date) as day, sum(amount) filter (where ${filter}) as month`;
  if (source === 'figures')
    return {
      text: `with f as (
      select d.shop_id, d.day, d.kind, d.amount, d.count, c.code as class_code
      from day_figures d
      left join pay_types t on t.tenant_id = d.tenant_id and t.id = d.pay_type_id
      left join pay_classes c on c.tenant_id = t.tenant_id and c.id = t.class_id
      where d.tenant_id = $3 and d.day between $1::date and $2::date),
    visits as (
      select shop_id, sum(count) filter (where kind = 'visit' and day = $2::date) as day, sum(count) filter (where kind = 'visit') as month
      from f where kind in ('bill', 'visit') group by shop_id having sum(count) filter (where kind = 'bill') > 0),
    cash as (select shop_id, ${both("class_code = '01'")} from f where kind = any($4::text[]) group by shop_id having sum(count) > 0),
    card as (select shop_id, ${both("kind = 'cardUse'")} from f where kind = any($4::text[]) group by shop_id having sum(count) > 0),
    cards as (select shop_id, ${both('true')} from f where kind = 'cardSale' group by shop_id having sum(count) > 0)
    ${select}`,
      values: [`${month[1].slice(0, 8)}01`, month[1], T, TILL_MONEY_KINDS],
    };
  return {
    text: `with till as (
      select b.shop_id, b.business_date as day, c.code as class_code, p.card_id is not null as by_card, l.kind as line_kind, s.amount
      from service_bills b ${joinShares}
      join service_bill_lines l on l.tenant_id = s.tenant_id and l.id = s.line_id
      left join pay_types t on t.tenant_id = p.tenant_id and t.id = p.pay_type_id
      left join pay_classes c on c.tenant_id = t.tenant_id and c.id = t.class_id
      where b.tenant_id = $3 and b.business_date between $1::date and $2::date and ${COUNTED}),
    visits as (
      select b.shop_id, count(*) filter (where b.is_compute = 1 and b.business_date = $2::date) as day, count(*) filter (where b.is_compute = 1) as month
      from service_bills b where b.tenant_id = $3 and b.business_date between $1::date and $2::date and ${COUNTED} group by 1),
    cash as (select shop_id, ${both("class_code = '01'")} from till group by shop_id),
    card as (select shop_id, ${both('by_card')} from till group by shop_id),
    cards as (
      select shop_id, ${both('true')} from (
        select shop_id, day, amount from till where not by_card and line_kind in ('cardOpen', 'cardRecharge')
        union all
        select c.shop_id, ${dayOf('c.created_at')}, c.amount
        from card_bills c join tenants z on z.id = c.tenant_id
        where c.tenant_id = $3 and c.kind in ('open', 'recharge') and c.owner_doc is null and c.revoked_at is null
          and ${dayOf('c.created_at')} between $1::date and $2::date) x
      group by shop_id)
    ${select}`,
    values: [`${month[1].slice(0, 8)}01`, month[1], T],
  };
}

/** The home page's totals of raw rows per shop, as the page adds them up. */
function homeTotals(rows: Rows): Totals {
  const t: Totals = {};
  for (const period of ['day', 'month'])
    for (const [key, column] of Object.entries({ cash: 'cash', cardUse: 'card', visits: 'visits', cardSales: 'cards' }))
      t[`${period} ${key}`] = rows[0].reduce((n, r) => n + Number(r[`${period}_${column}`]), 0);
  return t;
}

/** The reconciliation screen's pay codes and their money types (finance/reconcile.ts); 4 is 回存 (redeposits). */
const TYPE_OF_CODE: Record<string, number> = { '01': 1, '07': 2, '23': 3, '26': 5, '33': 6 };
const monthKey = month[0].slice(0, 7);

/** A shop's month of system rows (getFd): the shop, the takings per day and pay code, the redeposits, the matches. */
function reconcileSql(source: 'figures' | 'bills'): RawSql[] {
  const days = [shop.shopId, ...month];
  const codes = Object.keys(TYPE_OF_CODE);
  const taken =
    source === 'figures'
      ? {
          text: `select d.day::text as day, t.code, sum(d.amount)::bigint as amount
           from day_figures d join pay_types t on t.tenant_id = d.tenant_id and t.id = d.pay_type_id
           where d.shop_id = $1 and d.day between $2::date and $3::date and d.kind = any($4::text[]) and t.code = any($5::text[])
           group by 1, 2`,
          values: [...days, TILL_MONEY_KINDS, codes],
        }
      : {
          text: `select b.business_date::text as day, t.code, sum(s.amount)::bigint as amount
           from service_bills b ${joinShares}
           join pay_types t on t.tenant_id = p.tenant_id and t.id = p.pay_type_id
           where b.shop_id = $1 and b.business_date between $2::date and $3::date and ${COUNTED} and t.code = any($4::text[])
           group by 1, 2`,
          values: [...days, codes],
        };
  return [
    { text: 'select id, code, name from shops where id = any($1::bigint[])', values: [[shop.shopId]] },
    taken,
    {
      text: `select bill_date::text as day, sum(amount)::bigint as amount from fund_redeposits
       where shop_id = $1 and bill_date between $2::date and $3::date and state = 'reviewed' and is_fa = 0 group by 1`,
      values: days,
    },
    { text: 'select * from bank_matches where shop_id = $1 and day between $2::date and $3::date', values: days },
  ];
}

// ---- the totals each side gives ----

type Totals = Record<string, number>;
type Rows = Record<string, unknown>[][];
const CHAIN_KEYS = {
  main: 'main',
  nonOperating: 'non_operating',
  weimu: 'weimu',
  groupBuy: 'group_buy',
  eCoupon: 'e_coupon',
  withheld: 'withheld',
  expenses: 'expenses',
  refunds: 'refunds',
  cardSales: 'card_sales',
  cardUse: 'card_use',
} as const;

/** The chain's totals of raw rows per shop (资金总业绩 computed, as the report does). */
function chainTotals(rows: Rows, keys: (keyof typeof CHAIN_KEYS)[] = Object.keys(CHAIN_KEYS) as (keyof typeof CHAIN_KEYS)[]): Totals {
  const t: Totals = {};
  for (const k of keys) t[k] = rows[0].reduce((n, r) => n + Number(r[CHAIN_KEYS[k]]), 0);
  t.funds = t.main + t.nonOperating + t.weimu + t.groupBuy + t.eCoupon;
  return t;
}
const DAY_REPORT_KEYS = ['main', 'nonOperating', 'weimu', 'groupBuy', 'eCoupon', 'withheld', 'expenses', 'refunds'] as const;
const picked = (o: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, Number(o[k])]));

/** Turnover: the money and bills per shop × pay type, each shop's bills, the total. */
function turnoverTotals(
  rows: { shop_id?: unknown; shopId?: unknown; pay_type_id?: unknown; payTypeId?: unknown; amount: unknown; bills: unknown }[],
  shops: { shop_id?: unknown; shopId?: unknown; bills: unknown }[],
): Totals {
  const t: Totals = { total: 0 };
  for (const r of rows) {
    const key = `${r.shop_id ?? r.shopId}|${r.pay_type_id ?? r.payTypeId}`;
    t[`amount ${key}`] = Number(r.amount);
    t[`bills ${key}`] = Number(r.bills);
    t.total += Number(r.amount);
  }
  const withRows = new Set(rows.map((r) => String(r.shop_id ?? r.shopId)));
  for (const s of shops) if (withRows.has(String(s.shop_id ?? s.shopId))) t[`shop bills ${s.shop_id ?? s.shopId}`] = Number(s.bills);
  return t;
}

/** Reconciliation: the system amount per day and money type (zeros left out). */
function reconcileTotals(rows: Rows): Totals {
  const t: Totals = {};
  for (const r of rows[1]) if (Number(r.amount)) t[`${r.day}|${TYPE_OF_CODE[String(r.code)]}`] = Number(r.amount);
  for (const r of rows[2]) if (Number(r.amount)) t[`${r.day}|4`] = Number(r.amount);
  return t;
}

// ---- the cells ----

interface Cell {
  label: string;
  path: string;
  figures: RawSql[];
  /** The part of (a) that reads the bills, timed alone too (the chain's report: the fees). */
  feesOnly?: RawSql[];
  bills?: RawSql[];
  /** The totals of the API's answer (`data`) and of a raw run's rows; compared when both are given. */
  api?: (data: never) => Totals;
  raw?: (rows: Rows) => Totals;
}

const q = (p: string, params: Record<string, string | number>) =>
  `${p}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
const chainCell = (label: string, days: [string, string], params: Record<string, string>): Cell => ({
  label,
  path: q(CHAIN_REPORT.path, params),
  figures: [{ text: chainSql('figures'), values: chainValues(days, allShops) }],
  bills: [{ text: chainSql('bills'), values: chainValues(days, allShops) }],
  feesOnly: [{ text: FEES_SQL.replace('$5::', '$4::'), values: [...days, allShops, MAIN_CODES] }],
  api: (data: { total: Totals }) => picked(data.total, [...Object.keys(CHAIN_KEYS), 'funds']),
  raw: (rows) => chainTotals(rows),
});

const cells: Cell[] = [
  chainCell(`the chain's daily report, a day (${chainDay})`, [chainDay, chainDay], { srq: chainDay }),
  chainCell(`the chain's daily report, a month (${month.join(' – ')})`, month, { srq: month[0], erq: month[1] }),
  {
    label: `a shop's daily report (shop ${shop.shopId}, ${shop.day}: ${shop.bills} bills; raw: its totals)`,
    path: q(DAY_REPORT.path, { shopid: shop.shopId, day: shop.day }),
    figures: [{ text: chainSql('figures'), values: chainValues([shop.day, shop.day], [shop.shopId]) }],
    bills: [{ text: chainSql('bills'), values: chainValues([shop.day, shop.day], [shop.shopId]) }],
    api: (data: { totals: Totals }) => picked(data.totals, [...DAY_REPORT_KEYS, 'funds']),
    raw: (rows) => chainTotals(rows, [...DAY_REPORT_KEYS]),
  },
  {
    label: `turnover, the chain's month (${TURNOVER_PATH})`,
    path: q(TURNOVER_PATH, { dateFrom: month[0], dateTo: month[1] }),
    figures: turnoverSql('figures'),
    bills: turnoverSql('bills'),
    api: (data: { rows: never[]; shops: never[] }) => turnoverTotals(data.rows, data.shops),
    raw: (rows) => turnoverTotals(rows[0] as never[], rows[1] as never[]),
  },
  {
    label: `the home page, the month's figures (date ${month[1]}; raw: its figures)`,
    path: q(HOME_PATH, { date: month[1] }),
    figures: [homeSql('figures')],
    bills: [homeSql('bills')],
    api: (data: { today: Totals; month: Totals }) =>
      Object.fromEntries(
        (['today', 'month'] as const).flatMap((period) =>
          Object.entries(data[period]).map(([k, v]) => [`${period === 'today' ? 'day' : 'month'} ${k}`, Number(v)]),
        ),
      ),
    raw: homeTotals,
  },
  {
    label: `a shop's reconciliation, its month of system rows (shop ${shop.shopId}, getFd)`,
    path: q(RECONCILE.paths.getFd, { shopid: shop.shopId, month: monthKey }),
    figures: reconcileSql('figures'),
    bills: reconcileSql('bills'),
    api: (data: { day: string; type: number; amount: number }[]) =>
      Object.fromEntries(data.filter((r) => r.amount).map((r) => [`${r.day}|${r.type}`, r.amount])),
    raw: reconcileTotals,
  },
  {
    label: "the same screen's unmatched statement lines (getUnbalance, the month and a week)",
    path: q(RECONCILE.paths.getUnbalance, { shopid: shop.shopId, from: month[0], to: plusDays(month[1], 7) }),
    figures: [
      { text: 'select id, code, name from shops where id = any($1::bigint[])', values: [[shop.shopId]] },
      {
        text: `select * from bank_statement_lines where shop_id = $1 and day between $2::date and $3::date and match_id is null
         order by day, row_index, id`,
        values: [shop.shopId, month[0], plusDays(month[1], 7)],
      },
    ],
  },
];

function plusDays(day: string, n: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The keys where two totals differ, as lines. */
function differences(a: Totals, b: Totals): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.filter((k) => (a[k] ?? 0) !== (b[k] ?? 0)).map((k) => `${k}: ${a[k] ?? 0} ≠ ${b[k] ?? 0}`);
}

// ---- the run ----

const { say, write } = markdown();
const cell = (t: number[]) => `${f1(pct(t, 0.5))} / ${f1(pct(t, 0.99))}`;
const ratio = (api: number[], raw: number[]) => `${f1((pct(api, 0.5) / pct(raw, 0.5)) * 100)}%`;

say(`# Finance: the daily report, turnover and reconciliation (${new Date().toISOString().slice(0, 10)})`);
say();
say(
  `Tenant ${T}: ${allShops.length} shops, ${counts.bills.toLocaleString('en')} settled bills, ${counts.lines.toLocaleString('en')} service lines, ` +
    `${counts.figures.toLocaleString('en')} rows of daily figures; month ${month.join(' – ')}, the chain's busiest day ${chainDay}, ` +
    `shop ${shop.shopId} (the most bills in the month; its busiest day ${shop.day}). ${RUNS} runs each, sequential, after one warm-up; ` +
    `raw SQL on one connection as ${APP_ROLE} under the tenant's row security.`,
);

const mismatches: string[] = [];
const notes: string[] = [];
const child = await startChild({ DATABASE_URL: URL_ });
try {
  const token = await signIn(child.port, info, 0);
  say();
  say(
    '| request | API p50 / p99 ms | (a) daily figures p50 / p99 ms | (b) from the bills p50 / p99 ms | API / (a) (p50) | (b) / (a) (p50) | totals |',
  );
  say('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const c of cells) {
    const api = await timeGet(child.port, token, c.path, RUNS);
    const figures = await timeRaw(owner, T, APP_ROLE, c.figures, RUNS);
    const bills = c.bills ? await timeRaw(owner, T, APP_ROLE, c.bills, RUNS) : null;
    if (c.feesOnly) notes.push(`${c.label}: ${cell((await timeRaw(owner, T, APP_ROLE, c.feesOnly, RUNS)).times)} ms of (a) alone`);
    let check = '–';
    if (c.api && c.raw) {
      const answer = c.api((JSON.parse(api.body) as { data: never }).data);
      const found = [
        ...differences(answer, c.raw(figures.rows)).map((d) => `API ≠ (a): ${d}`),
        ...(bills ? differences(answer, c.raw(bills.rows)).map((d) => `API ≠ (b): ${d}`) : []),
      ];
      const total = answer.funds ?? answer.total ?? answer['month cash'] ?? Object.values(answer).reduce((n, v) => n + v, 0);
      check = found.length
        ? `**MISMATCH** (${found.length})`
        : `same (${(total / 100).toLocaleString('en', { minimumFractionDigits: 2 })} 元)`;
      for (const f of found) mismatches.push(`${c.label}: ${f}`);
    }
    say(
      `| ${c.label} | ${cell(api.times)} | ${cell(figures.times)} | ${bills ? cell(bills.times) : '–'} | ${ratio(api.times, figures.times)} | ${
        bills ? ratio(bills.times, figures.times) : '–'
      } | ${check} |`,
    );
  }
} finally {
  await child.stop();
  await owner.end();
}
say();
say(
  "主营资金 is net of the main pay codes' fees, which the daily figures do not keep: the chain's report reads them from the till's shares " +
    '(what (a) includes too). That read, p50 / p99:',
);
say();
for (const n of notes) say(`- ${n}`);

if (mismatches.length) {
  say();
  say(`**MISMATCH**: the API, the daily figures and the bills do not give the same totals (${mismatches.length}):`);
  for (const m of mismatches.slice(0, 40)) say(`- ${m}`);
}
if (flags.write) write('finance');
if (mismatches.length) {
  console.error(`\nFAILED: ${mismatches.length} totals differ`);
  process.exit(1);
}
