import {
  CHAIN_REPORT,
  CHAIN_REPORT_COLUMNS,
  type ChainReport,
  type ChainReportColumn,
  chainReport,
  chainReportQuery,
  DAY_REPORT_FUND_ITEMS,
} from '@headoffice/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { TILL_MONEY_KINDS } from '../../platform/day-figures.js';
import { notFound } from '../../platform/errors.js';
import { sendXlsx, yuanCell } from '../../platform/excel.js';
import { tenantZone } from '../../platform/numbering.js';
import { route } from '../../platform/route.js';
import { dayFigures } from '../../platform/schema.js';
import { payTypes, serviceBills } from '../cashier/public.js';
import { regions, shops } from '../org/public.js';
import { MAIN_CODES, mainCodeFees, num } from './day-report.js';
import { djAmounts, djItems, djMonthAmounts, shopIoBills } from './schema.js';

// The chain's daily report (门店日报汇总): the daily report's totals (day-report.ts) for every shop the user sees
// over a day or a month, one query per group of columns over all the shops at once (the daily figures; the fees
// of the main pay codes, which the figures do not keep; the income and expense bills; the dj items), never
// shop by shop. docs/DECISIONS.md ("The chain's daily report").

type Query = z.output<typeof chainReportQuery>;
type Figures = Record<ChainReportColumn, number>;
type Row = ChainReport['rows'][number];

const FUND_CODES = DAY_REPORT_FUND_ITEMS.map((f) => f.code);
const zero = (): Figures => Object.fromEntries(CHAIN_REPORT_COLUMNS.map((c) => [c.key, 0])) as Figures;

/** The shops of the filter the user sees: picked ones must be theirs (403) and the chain's (404), a region the chain's (404). */
async function shopsOf(tx: Db, auth: Auth, q: Query) {
  for (const id of q.shopIds ?? []) assertShopVisible(auth, id);
  if (q.regionId) {
    const [region] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, q.regionId));
    if (!region) throw notFound();
  }
  // A region covers the regions under it.
  const inRegion = q.regionId
    ? sql`${shops.regionId} in (
        with recursive under (id) as (
          select ${q.regionId}::bigint
          union all
          select r.id from ${regions} r join under on r.parent_id = under.id
        )
        select id from under)`
    : undefined;
  const picked = await tx
    .select({ shopId: shops.id, shopCode: shops.code, shopName: shops.name, regionName: regions.name, status: shops.status })
    .from(shops)
    .leftJoin(regions, and(eq(regions.tenantId, shops.tenantId), eq(regions.id, shops.regionId)))
    .where(
      and(
        eq(shops.tenantId, auth.tenantId),
        inVisibleShops(auth, shops.id),
        q.shopIds ? inArray(shops.id, q.shopIds) : undefined,
        inRegion,
      ),
    )
    .orderBy(asc(shops.code));
  if (q.shopIds && picked.length !== q.shopIds.length) throw notFound();
  return picked;
}

export async function chainReportOf(tx: Db, auth: Auth, q: Query): Promise<ChainReport> {
  const from = q.srq;
  const to = q.erq ?? q.srq;
  const picked = await shopsOf(tx, auth, q);
  const ids = picked.map((s) => s.shopId);
  const byShop = new Map<number, Figures>(ids.map((id) => [id, zero()]));
  const put = (shopId: number, figures: Partial<Figures>) => {
    const row = byShop.get(shopId);
    if (!row) return;
    for (const [k, v] of Object.entries(figures)) row[k as ChainReportColumn] += v;
  };
  if (ids.length) {
    const figures = await tx
      .select({
        shopId: dayFigures.shopId,
        gross: num(
          sql`sum(${dayFigures.amount}) filter (where ${inArray(dayFigures.kind, TILL_MONEY_KINDS)} and ${inArray(payTypes.code, MAIN_CODES)})`,
        ),
        cardSales: num(sql`sum(${dayFigures.amount}) filter (where ${dayFigures.kind} = 'cardSale')`),
        cardUse: num(sql`sum(${dayFigures.amount}) filter (where ${dayFigures.kind} = 'cardUse')`),
        refunds: num(sql`sum(${dayFigures.amount}) filter (where ${dayFigures.kind} = 'refund')`),
      })
      .from(dayFigures)
      .leftJoin(payTypes, and(eq(payTypes.tenantId, dayFigures.tenantId), eq(payTypes.id, dayFigures.payTypeId)))
      .where(
        and(
          inArray(dayFigures.shopId, ids),
          sql`${dayFigures.day} between ${from}::date and ${to}::date`,
          inArray(dayFigures.kind, [...TILL_MONEY_KINDS, 'refund']),
        ),
      )
      .groupBy(dayFigures.shopId);
    for (const f of figures) put(f.shopId, { main: f.gross, cardSales: f.cardSales, cardUse: f.cardUse, refunds: f.refunds });

    // 主营资金 is net of fees; the daily figures keep no fee, so the fees of the main pay codes come from the till's shares.
    const fees = await mainCodeFees(
      tx,
      and(inArray(serviceBills.shopId, ids), sql`${serviceBills.businessDate} between ${from}::date and ${to}::date`),
      serviceBills.shopId,
    );
    for (const f of fees) put(Number(f.key), { main: -f.fee });

    const io = await tx
      .select({
        shopId: shopIoBills.shopId,
        income: num(sql`sum(${shopIoBills.total}) filter (where ${shopIoBills.type} = 1)`),
        expenses: num(sql`sum(${shopIoBills.total}) filter (where ${shopIoBills.type} = 2)`),
      })
      .from(shopIoBills)
      .where(
        and(inArray(shopIoBills.shopId, ids), sql`${shopIoBills.billDate} between ${from}::date and ${to}::date`, eq(shopIoBills.isHc, 0)),
      )
      .groupBy(shopIoBills.shopId);
    for (const x of io) put(x.shopId, { nonOperating: x.income, expenses: x.expenses });

    // Each dj amount counts with its item's direction, as on the daily report.
    const signed = sql`${djAmounts.amount} * (case when ${djItems.direction} < 0 then -1 else 1 end)`;
    const fund = (code: string) => num(sql`sum(${signed}) filter (where ${djItems.code} = ${code})`);
    const [weimu, groupBuy, eCoupon] = FUND_CODES;
    const dj = await tx
      .select({
        shopId: djAmounts.shopId,
        weimu: fund(weimu),
        groupBuy: fund(groupBuy),
        eCoupon: fund(eCoupon),
        withheld: num(sql`sum(${signed}) filter (where ${djItems.isDkdj} = 1)`),
      })
      .from(djAmounts)
      .innerJoin(djItems, and(eq(djItems.tenantId, djAmounts.tenantId), eq(djItems.id, djAmounts.djItemId)))
      .where(and(inArray(djAmounts.shopId, ids), sql`${djAmounts.day} between ${from}::date and ${to}::date`))
      .groupBy(djAmounts.shopId);
    for (const d of dj) put(d.shopId, { weimu: d.weimu, groupBuy: d.groupBuy, eCoupon: d.eCoupon, withheld: d.withheld });
    // The month form's 代扣代缴 amounts (收支变动维护单) count in 代扣代缴合计 for a range holding their whole month.
    const monthStart = sql`to_date(${djMonthAmounts.month} || '-01', 'YYYY-MM-DD')`;
    const monthly = await tx
      .select({
        shopId: djMonthAmounts.shopId,
        withheld: num(sql`sum(${djMonthAmounts.amount} * (case when ${djItems.direction} < 0 then -1 else 1 end))`),
      })
      .from(djMonthAmounts)
      .innerJoin(djItems, and(eq(djItems.tenantId, djMonthAmounts.tenantId), eq(djItems.id, djMonthAmounts.djItemId)))
      .where(
        and(
          inArray(djMonthAmounts.shopId, ids),
          eq(djItems.isDkdj, 1),
          sql`${monthStart} >= ${from}::date and (${monthStart} + interval '1 month')::date <= ${to}::date + 1`,
        ),
      )
      .groupBy(djMonthAmounts.shopId);
    for (const m of monthly) put(m.shopId, { withheld: m.withheld });
  }

  const rows: Row[] = [];
  const total = zero();
  for (const s of picked) {
    const f = byShop.get(s.shopId) as Figures;
    f.funds = f.main + f.nonOperating + f.weimu + f.groupBuy + f.eCoupon;
    // A disabled shop with nothing in the range is left out; an enabled one shows its zeros.
    if (s.status !== 1 && CHAIN_REPORT_COLUMNS.every((c) => f[c.key] === 0)) continue;
    rows.push({ shopId: s.shopId, shopCode: s.shopCode, shopName: s.shopName, regionName: s.regionName, ...f });
    for (const c of CHAIN_REPORT_COLUMNS) total[c.key] += f[c.key];
  }
  return { srq: from, erq: to, rows, total };
}

export function registerChainReport(app: FastifyInstance) {
  route(
    app,
    'GET',
    CHAIN_REPORT.path,
    {
      summary: "The chain's daily report (门店日报汇总): per shop the daily report's totals over srq–erq, and the chain's sum",
      description:
        'Not in the seed (docs/DECISIONS.md, "The chain\'s daily report"). srq, erq (at most 31 days), regionId (with the regions ' +
        'under it), shopIds (comma-separated); the shops the caller sees. Read from the daily figures.',
      perm: CHAIN_REPORT.perm,
      query: chainReportQuery,
      response: chainReport,
    },
    ({ tx, auth, query }) => chainReportOf(tx, auth, query),
  );
  route(
    app,
    'GET',
    CHAIN_REPORT.exportPath,
    {
      summary: "Excel export of the chain's daily report: the same rows and the chain's total",
      perm: CHAIN_REPORT.perm,
      query: chainReportQuery,
      raw: true,
    },
    async ({ tx, auth, query, reply, lang }) => {
      const report = await chainReportOf(tx, auth, query);
      const zone = await tenantZone(tx, auth.tenantId);
      const totalRow: Row = {
        shopId: 0,
        shopCode: '',
        shopName: lang === 'en-US' ? 'Chain total' : '合计',
        regionName: null,
        ...report.total,
      };
      const title = `${CHAIN_REPORT.label[lang === 'en-US' ? 1 : 0]} ${report.srq}${report.erq === report.srq ? '' : `~${report.erq}`}`;
      return sendXlsx(
        reply,
        lang,
        title,
        [
          { key: 'shopCode', title: ['门店编码', 'Shop code'], width: 12 },
          { key: 'shopName', title: ['门店', 'Shop'], width: 20 },
          { key: 'regionName', title: ['区域', 'Region'], width: 14 },
          ...CHAIN_REPORT_COLUMNS.map((c) => ({ key: c.key, title: c.label, width: 14, value: (r: Row) => yuanCell(r[c.key]) })),
        ],
        [...report.rows, totalRow],
        zone,
      );
    },
  );
}
