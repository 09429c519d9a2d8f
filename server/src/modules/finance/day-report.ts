import {
  DAY_REPORT,
  DAY_REPORT_COLUMNS,
  DAY_REPORT_CONSUMPTION,
  DAY_REPORT_FUND_ITEMS,
  type DayReportColumn,
  type DayReportRow,
  dayReport,
  dayReportColumnOf,
  dayReportQuery,
  SHOP_TAKINGS,
  type ShopTakings,
  shopTakings,
  shopTakingsQuery,
} from '@headoffice/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, can } from '../../platform/auth.js';
import { TILL_MONEY_KINDS } from '../../platform/day-figures.js';
import { forbidden } from '../../platform/errors.js';
import { tenantZone, withinDays } from '../../platform/numbering.js';
import { route } from '../../platform/route.js';
import { dayFigures } from '../../platform/schema.js';
import { cardBills, memberCards } from '../assets/public.js';
import { payClasses, payTypes, serviceBillLines, serviceBillPayments, serviceBillShares, serviceBills } from '../cashier/public.js';
import { cardTypes } from '../members/public.js';
import { loadShop } from '../org/public.js';
import { cardRefundBills, djAmounts, djItems, djMonthAmounts, financeItems, offlineRefunds, shopIoBills } from './schema.js';

// The daily report (日报表, DOMAIN-DETAIL §9.8) of one shop and business day: one query per section, the
// daily figures where they hold the number (customer counts, what stored money paid, head office's card
// sales), the records otherwise (the bills, the lines per service, the pay summary's fees, the cards per type,
// the income and expense bills, the reviewed refunds, the dj items the audited 代缴单 left). docs/DECISIONS.md ("The daily report").

export const num = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);
type Rows<T> = { rows: T[] };

/** A settled till bill that counts (a revoked or deleted one counts nowhere). */
const counted = and(eq(serviceBills.status, 4), eq(serviceBills.isHc, 0), eq(serviceBills.isDel, 0));

/** The pay summary's row of a till line's kind. */
const rowOfLine: Record<string, DayReportRow> = {
  service: 'till',
  product: 'till',
  package: 'package',
  cardOpen: 'cardSale',
  cardRecharge: 'cardSale',
};

/**
 * A service line's 大/小项目 mark; lines priced before services had the mark count as 小项目, which every service
 * was until then (the column's default).
 */
const serTypeOfLine = sql<number>`coalesce(${serviceBillLines.serType}, 2)`.mapWith(Number);

type Figures = { qty: number; amount: number; perf: number };
const sumOf = (rows: Figures[]): Figures =>
  rows.reduce((n, r) => ({ qty: n.qty + r.qty, amount: n.amount + r.amount, perf: n.perf + r.perf }), { qty: 0, amount: 0, perf: 0 });

type Cells = Record<DayReportColumn, { amount: number; fee: number }>;
const emptyCells = (): Cells => Object.fromEntries(DAY_REPORT_COLUMNS.map((c) => [c.key, { amount: 0, fee: 0 }])) as Cells;

export async function dayReportOf(tx: Db, auth: Auth, q: z.output<typeof dayReportQuery>): Promise<z.input<typeof dayReport>> {
  const shop = await loadShop(tx, auth, q.shopid);
  const zone = await tenantZone(tx, auth.tenantId);
  const ofDay = and(eq(serviceBills.shopId, shop.id), eq(serviceBills.businessDate, q.day), counted);
  const figuresOfDay = and(eq(dayFigures.shopId, shop.id), eq(dayFigures.day, q.day));

  const bills = await tx
    .select({
      id: serviceBills.id,
      billNo: serviceBills.billNo,
      memberName: serviceBills.memberName,
      amount: serviceBills.amount,
      settledAt: serviceBills.settledAt,
    })
    .from(serviceBills)
    .where(ofDay)
    .orderBy(asc(serviceBills.id));

  const [customers] = await tx
    .select({
      bills: num(sql`sum(${dayFigures.count}) filter (where ${dayFigures.kind} = 'bill')`),
      visits: num(sql`sum(${dayFigures.count}) filter (where ${dayFigures.kind} = 'visit')`),
    })
    .from(dayFigures)
    .where(and(figuresOfDay, eq(dayFigures.payTypeId, 0), inArray(dayFigures.kind, ['bill', 'visit'])));

  // Lines of services and products: quantity once per line, the payments' shares for amount and performance.
  const shares = tx
    .select({
      lineId: serviceBillShares.lineId,
      amount: num(sql`sum(${serviceBillShares.amount})`).as('share_amount'),
      perf: num(sql`sum(${serviceBillShares.perf})`).as('share_perf'),
    })
    .from(serviceBillShares)
    .innerJoin(serviceBills, and(eq(serviceBills.tenantId, serviceBillShares.tenantId), eq(serviceBills.id, serviceBillShares.billId)))
    .where(ofDay)
    .groupBy(serviceBillShares.lineId)
    .as('shares');
  const lines = await tx
    .select({
      kind: serviceBillLines.kind,
      itemId: serviceBillLines.itemId,
      code: serviceBillLines.code,
      name: serviceBillLines.name,
      serType: serTypeOfLine,
      staffPurchase: serviceBillLines.staffPurchase,
      qty: num(sql`sum(${serviceBillLines.num})`),
      amount: num(sql`sum(${shares.amount})`),
      perf: num(sql`sum(${shares.perf})`),
    })
    .from(serviceBillLines)
    .innerJoin(serviceBills, and(eq(serviceBills.tenantId, serviceBillLines.tenantId), eq(serviceBills.id, serviceBillLines.billId)))
    .leftJoin(shares, eq(shares.lineId, serviceBillLines.id))
    .where(and(ofDay, inArray(serviceBillLines.kind, ['service', 'product'])))
    .groupBy(
      serviceBillLines.kind,
      serviceBillLines.itemId,
      serviceBillLines.code,
      serviceBillLines.name,
      serTypeOfLine,
      serviceBillLines.staffPurchase,
    )
    .orderBy(asc(serviceBillLines.code), asc(serTypeOfLine), asc(serviceBillLines.staffPurchase));
  const services = lines.filter((l) => l.kind === 'service').map(({ kind: _, staffPurchase: __, ...l }) => l);
  const products = lines.filter((l) => l.kind === 'product').map(({ kind: _, serType: __, ...l }) => l);

  const cards = await tx
    .select({
      cardTypeId: cardTypes.id,
      cardTypeName: cardTypes.name,
      openQty: num(sql`count(*) filter (where ${cardBills.kind} = 'open')`),
      openAmount: num(sql`sum(${cardBills.amount}) filter (where ${cardBills.kind} = 'open')`),
      rechargeQty: num(sql`count(*) filter (where ${cardBills.kind} = 'recharge')`),
      rechargeAmount: num(sql`sum(${cardBills.amount}) filter (where ${cardBills.kind} = 'recharge')`),
      total: num(sql`sum(${cardBills.amount})`),
    })
    .from(cardBills)
    .innerJoin(memberCards, and(eq(memberCards.tenantId, cardBills.tenantId), eq(memberCards.id, cardBills.cardId)))
    .innerJoin(cardTypes, and(eq(cardTypes.tenantId, memberCards.tenantId), eq(cardTypes.id, memberCards.cardTypeId)))
    .where(
      and(
        eq(cardBills.shopId, shop.id),
        inArray(cardBills.kind, ['open', 'recharge']),
        sql`${cardBills.revokedAt} is null`,
        ...withinDays(cardBills.createdAt, zone, q.day, q.day),
      ),
    )
    .groupBy(cardTypes.id, cardTypes.code, cardTypes.name)
    .orderBy(asc(cardTypes.code));

  // The pay summary: the till's shares by the line's row and the payment's code (money and fee), head
  // office's card sales (no pay type) from the daily figures, the other income bills by their pay lines.
  const tillPaid = await tx
    .select({
      kind: serviceBillLines.kind,
      payCode: serviceBillPayments.payCode,
      amount: num(sql`sum(${serviceBillShares.amount})`),
      fee: num(sql`sum(${serviceBillShares.fee})`),
    })
    .from(serviceBillShares)
    .innerJoin(serviceBills, and(eq(serviceBills.tenantId, serviceBillShares.tenantId), eq(serviceBills.id, serviceBillShares.billId)))
    .innerJoin(
      serviceBillPayments,
      and(eq(serviceBillPayments.tenantId, serviceBillShares.tenantId), eq(serviceBillPayments.id, serviceBillShares.paymentId)),
    )
    .innerJoin(
      serviceBillLines,
      and(eq(serviceBillLines.tenantId, serviceBillShares.tenantId), eq(serviceBillLines.id, serviceBillShares.lineId)),
    )
    .where(ofDay)
    .groupBy(serviceBillLines.kind, serviceBillPayments.payCode);
  const [headOffice] = await tx
    .select({ amount: num(sql`sum(${dayFigures.amount})`) })
    .from(dayFigures)
    .where(and(figuresOfDay, eq(dayFigures.kind, 'cardSale'), eq(dayFigures.payTypeId, 0)));
  const ioOfDay = (type: number) =>
    and(eq(shopIoBills.shopId, shop.id), eq(shopIoBills.billDate, q.day), eq(shopIoBills.type, type), eq(shopIoBills.isHc, 0));
  const income = (await tx.execute(sql`
    select d->>'paycode' as pay_code, coalesce(sum((d->>'money')::bigint), 0)::bigint as amount,
      coalesce(sum((d->>'freeRateJe')::bigint), 0)::bigint as fee
    from ${shopIoBills} cross join lateral jsonb_array_elements(${shopIoBills.details}) d
    where ${ioOfDay(1)}
    group by 1`)) as unknown as Rows<{ pay_code: string | null; amount: unknown; fee: unknown }>;
  const [incomeTotal] = await tx
    .select({ total: num(sql`sum(${shopIoBills.total})`) })
    .from(shopIoBills)
    .where(ioOfDay(1));

  const pay = new Map<DayReportRow, Cells>((['till', 'package', 'cardSale', 'income', 'total'] as const).map((r) => [r, emptyCells()]));
  const add = (row: DayReportRow, code: string | null, amount: number, fee: number) => {
    const column = dayReportColumnOf(code);
    for (const r of [row, 'total'] as const) {
      const c = (pay.get(r) as Cells)[column];
      c.amount += amount;
      c.fee += fee;
    }
  };
  for (const p of tillPaid) add(rowOfLine[p.kind] ?? 'till', p.payCode, p.amount, p.fee);
  if (headOffice?.amount) add('cardSale', null, headOffice.amount, 0);
  for (const p of income.rows) add('income', p.pay_code, Number(p.amount), Number(p.fee));

  const consumption = DAY_REPORT_CONSUMPTION;
  const paidWith = (codes: readonly string[]) => num(sql`sum(${dayFigures.amount}) filter (where ${inArray(payTypes.code, [...codes])})`);
  const [used] = await tx
    .select({
      cardMoney: paidWith(consumption.cardMoney.codes),
      package: paidWith(consumption.package.codes),
      gift: num(sql`sum(${dayFigures.amount}) filter (where ${payClasses.code} = ${consumption.gift.classCode})`),
      oldCard: paidWith(consumption.oldCard.codes),
    })
    .from(dayFigures)
    .innerJoin(payTypes, and(eq(payTypes.tenantId, dayFigures.tenantId), eq(payTypes.id, dayFigures.payTypeId)))
    .innerJoin(payClasses, and(eq(payClasses.tenantId, payTypes.tenantId), eq(payClasses.id, payTypes.classId)))
    .where(and(figuresOfDay, inArray(dayFigures.kind, TILL_MONEY_KINDS)));

  const expenses = await tx
    .select({
      id: shopIoBills.id,
      billNo: shopIoBills.billNo,
      itemName: financeItems.name,
      total: shopIoBills.total,
      memo: shopIoBills.memo,
    })
    .from(shopIoBills)
    .leftJoin(financeItems, and(eq(financeItems.tenantId, shopIoBills.tenantId), eq(financeItems.id, shopIoBills.itemId)))
    .where(ioOfDay(2))
    .orderBy(asc(shopIoBills.id));

  // The refunds reviewed that day: card refunds (退卡审批) and offline refunds (线下退款); the total is the daily
  // figures' (what the rebuild agrees with), which also hold the refunds made directly without approval.
  const cardRefunds = await tx
    .select({
      id: cardRefundBills.id,
      billNo: cardRefundBills.billNo,
      memberId: cardRefundBills.memberId,
      totalMoney: cardRefundBills.totalMoney,
      reviewedAt: cardRefundBills.reviewedAt,
    })
    .from(cardRefundBills)
    .where(
      and(
        eq(cardRefundBills.shopId, shop.id),
        eq(cardRefundBills.state, 'reviewed'),
        ...withinDays(cardRefundBills.reviewedAt, zone, q.day, q.day),
      ),
    )
    .orderBy(asc(cardRefundBills.id));
  const offline = await tx
    .select({
      id: offlineRefunds.id,
      billNo: offlineRefunds.billNo,
      memberId: offlineRefunds.memberId,
      totalMoney: offlineRefunds.tkMoney,
      reviewedAt: offlineRefunds.reviewedAt,
    })
    .from(offlineRefunds)
    .where(
      and(
        eq(offlineRefunds.shopId, shop.id),
        eq(offlineRefunds.state, 'reviewed'),
        ...withinDays(offlineRefunds.reviewedAt, zone, q.day, q.day),
      ),
    )
    .orderBy(asc(offlineRefunds.id));
  const refunds = [
    ...cardRefunds.map((r) => ({ ...r, kind: 'card' as const })),
    ...offline.map((r) => ({ ...r, kind: 'offline' as const })),
  ];
  const [refunded] = await tx
    .select({ amount: num(sql`sum(${dayFigures.amount})`) })
    .from(dayFigures)
    .where(and(figuresOfDay, eq(dayFigures.kind, 'refund')));

  // The dj items of the day: what the audited 代缴单 left as the day's amount of each item.
  const dj = await tx
    .select({
      djItemId: djItems.id,
      code: djItems.code,
      name: djItems.name,
      colname: djItems.colname,
      isBk: djItems.isBk,
      direction: djItems.direction,
      isDkdj: djItems.isDkdj,
      amount: djAmounts.amount,
    })
    .from(djAmounts)
    .innerJoin(djItems, and(eq(djItems.tenantId, djAmounts.tenantId), eq(djItems.id, djAmounts.djItemId)))
    .where(and(eq(djAmounts.shopId, shop.id), eq(djAmounts.day, q.day)))
    .orderBy(asc(djItems.sort), asc(djItems.code));
  // The month's 代扣代缴 amounts (收支变动维护单) of the day's month: shown, not in the day's totals.
  const djMonth = await tx
    .select({
      djItemId: djItems.id,
      code: djItems.code,
      name: djItems.name,
      colname: djItems.colname,
      isBk: djItems.isBk,
      direction: djItems.direction,
      isDkdj: djItems.isDkdj,
      amount: djMonthAmounts.amount,
    })
    .from(djMonthAmounts)
    .innerJoin(djItems, and(eq(djItems.tenantId, djMonthAmounts.tenantId), eq(djItems.id, djMonthAmounts.djItemId)))
    .where(and(eq(djMonthAmounts.shopId, shop.id), eq(djMonthAmounts.month, q.day.slice(0, 7))))
    .orderBy(asc(djItems.sort), asc(djItems.code));
  // Each item's amount counts with its direction (1 adds, −1 takes); 代扣代缴合计 adds the items marked isDkdj.
  const signedDj = dj.map((d) => ({ ...d, signed: d.amount * (d.direction < 0 ? -1 : 1) }));
  const allocated = (code: string) => signedDj.filter((d) => d.code === code).reduce((n, d) => n + d.signed, 0);
  const withheld = signedDj.filter((d) => d.isDkdj === 1).reduce((n, d) => n + d.signed, 0);
  const [weimu, groupBuy, eCoupon] = DAY_REPORT_FUND_ITEMS.map((f) => allocated(f.code));

  const mainColumns = DAY_REPORT_COLUMNS.filter((c) => c.main).map((c) => c.key);
  const main = (['till', 'package', 'cardSale'] as const).reduce(
    (n, row) => n + mainColumns.reduce((m, k) => m + (pay.get(row) as Cells)[k].amount - (pay.get(row) as Cells)[k].fee, 0),
    0,
  );
  const nonOperating = incomeTotal?.total ?? 0;
  return {
    shopId: shop.id,
    shopName: shop.name,
    day: q.day,
    bills,
    customers: { bills: customers?.bills ?? 0, visits: customers?.visits ?? 0 },
    services,
    serviceTotals: {
      big: sumOf(services.filter((l) => l.serType === 1)),
      small: sumOf(services.filter((l) => l.serType !== 1)),
    },
    products,
    productTotals: { takeHome: sumOf(products.filter((l) => !l.staffPurchase)), staff: sumOf(products.filter((l) => l.staffPurchase)) },
    cards,
    pay: [...pay].map(([row, cells]) => ({ row, cells })),
    totals: {
      main,
      nonOperating,
      weimu,
      groupBuy,
      eCoupon,
      funds: main + nonOperating + weimu + groupBuy + eCoupon,
      expenses: expenses.reduce((n, e) => n + e.total, 0),
      refunds: refunded?.amount ?? 0,
      withheld,
    },
    consumption: used ?? { cardMoney: 0, package: 0, gift: 0, oldCard: 0 },
    expenses,
    refunds,
    dj: signedDj,
    djMonth: djMonth.map((d) => ({ ...d, signed: d.amount * (d.direction < 0 ? -1 : 1) })),
  };
}

export const MAIN_CODES = DAY_REPORT_COLUMNS.filter((c) => c.main).flatMap((c) => [...c.codes]);

/**
 * 资金 of a shop per business day from `from` to `to`: the daily report's 主营资金, i.e. what the till took
 * with the main columns' pay codes (the daily figures of the till's money kinds), less those payments' fees
 * (the daily figures hold no fees: they are read from the till's shares of the same days).
 */
/** The fees of the main pay codes' shares on the counted bills `where` names, summed by `by` (a day, a shop): 主营资金 is net of them. */
export function mainCodeFees(tx: Db, where: SQL | undefined, by: PgColumn) {
  return tx
    .select({ key: by, fee: num(sql`sum(${serviceBillShares.fee})`) })
    .from(serviceBillShares)
    .innerJoin(serviceBills, and(eq(serviceBills.tenantId, serviceBillShares.tenantId), eq(serviceBills.id, serviceBillShares.billId)))
    .innerJoin(
      serviceBillPayments,
      and(eq(serviceBillPayments.tenantId, serviceBillShares.tenantId), eq(serviceBillPayments.id, serviceBillShares.paymentId)),
    )
    .where(and(where, counted, inArray(serviceBillPayments.payCode, MAIN_CODES)))
    .groupBy(by);
}

export async function shopTakingsOf(tx: Db, shopId: number, from: string, to: string): Promise<ShopTakings> {
  const gross = await tx
    .select({ day: dayFigures.day, amount: num(sql`sum(${dayFigures.amount})`) })
    .from(dayFigures)
    .innerJoin(payTypes, and(eq(payTypes.tenantId, dayFigures.tenantId), eq(payTypes.id, dayFigures.payTypeId)))
    .where(
      and(
        eq(dayFigures.shopId, shopId),
        sql`${dayFigures.day} between ${from}::date and ${to}::date`,
        inArray(dayFigures.kind, TILL_MONEY_KINDS),
        inArray(payTypes.code, MAIN_CODES),
      ),
    )
    .groupBy(dayFigures.day);
  const fees = await mainCodeFees(
    tx,
    and(eq(serviceBills.shopId, shopId), sql`${serviceBills.businessDate} between ${from}::date and ${to}::date`),
    serviceBills.businessDate,
  );
  const byDay = new Map<string, number>();
  for (const g of gross) byDay.set(String(g.day).slice(0, 10), g.amount);
  for (const f of fees) {
    const day = String(f.key).slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) - f.fee);
  }
  const days = [...byDay]
    .filter(([, funds]) => funds !== 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, funds]) => ({ day, funds }));
  return { shopId, srq: from, erq: to, funds: days.reduce((n, d) => n + d.funds, 0), days };
}

export function registerDayReport(app: FastifyInstance) {
  route(
    app,
    'GET',
    SHOP_TAKINGS.path,
    {
      summary: "A shop's takings (资金): the daily report's 主营资金 of each business day from srq to erq, net of fees",
      description:
        'shopid, srq and erq (YYYY-MM-DD; erq defaults to srq, at most a year). Read from the daily figures. Needs ' +
        `${SHOP_TAKINGS.perm} or finance.fundbill.view (the petty-cash request's large-request check reads it); a shop the caller does not see answers 403.`,
      perm: null,
      query: shopTakingsQuery,
      response: shopTakings,
    },
    async ({ tx, auth, query }) => {
      if (!can(auth, SHOP_TAKINGS.perm) && !can(auth, 'finance.fundbill.view')) throw forbidden();
      const shop = await loadShop(tx, auth, query.shopid);
      return shopTakingsOf(tx, shop.id, query.srq, query.erq ?? query.srq);
    },
  );
  route(
    app,
    'GET',
    DAY_REPORT.path,
    {
      summary:
        "The daily report (日报表) of a shop's business day: bills, visits, services, products, cards sold, the pay summary and its funds, expenses, refunds",
      description: 'Not in the seed (the original built it in the browser from six lists; docs/DECISIONS.md, "The daily report").',
      perm: DAY_REPORT.perm,
      query: dayReportQuery,
      response: dayReport,
    },
    ({ tx, auth, query }) => dayReportOf(tx, auth, query),
  );
}
