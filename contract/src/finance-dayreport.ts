import { z } from 'zod';
import { instant } from './bills.js';
import { idsQueryParam } from './catalog.js';
import { date, type Label } from './platform.js';

// The daily report (日报表, DOMAIN-DETAIL §9.8): one shop's business day, every section answered by one
// call so that no two screens can disagree. Not in the seed (the original built it in the browser from six
// lists); docs/DECISIONS.md ("The daily report"). One definition read by the server (route, right, menu) and
// the web (page, labels, the pay summary's columns).

export const DAY_REPORT = {
  label: ['日报表', 'Daily report'] satisfies Label,
  page: '/admin/finance/day-report',
  path: '/api-finance/dayreport',
  perm: 'finance.dayreport.view',
} as const;

/** The pay summary's rows: the till's sales, packages sold, cards opened and recharged, other income; and their total. */
export const DAY_REPORT_ROWS = {
  till: ['收银', 'Sales'],
  package: ['套餐购买', 'Packages sold'],
  cardSale: ['开充卡', 'Cards opened and recharged'],
  income: ['营业外收入', 'Other income'],
  total: ['合计', 'Total'],
} as const satisfies Record<string, Label>;
export type DayReportRow = keyof typeof DAY_REPORT_ROWS;

/**
 * The pay summary's columns and the pay codes each gathers. A pay code no column names lands in `other`,
 * so that a pay type added later shows there rather than vanishing. `fee`: the column shows the fee apart
 * (net + fee); `main`: its money, net of fees, is 主营资金.
 */
export const DAY_REPORT_COLUMNS = [
  { key: 'cash', label: ['现金', 'Cash'], codes: ['01'], fee: false, main: true },
  { key: 'pos', label: ['POS', 'POS'], codes: ['07'], fee: true, main: true },
  { key: 'wechat', label: ['微信', 'WeChat'], codes: ['23'], fee: true, main: true },
  { key: 'unionpay', label: ['银联通', 'UnionPay'], codes: ['52'], fee: true, main: true },
  { key: 'icbc', label: ['工行爱购', 'ICBC e-Buy'], codes: ['33'], fee: true, main: true },
  { key: 'groupBuy', label: ['团购消费', 'Group-buy vouchers'], codes: ['27', '18', '35', '36'], fee: false, main: false },
  { key: 'cardPrincipal', label: ['储值卡卡金', 'Card money'], codes: ['02'], fee: false, main: false },
  { key: 'cardGift', label: ['储值卡赠送', 'Card gift'], codes: ['03'], fee: false, main: false },
  { key: 'birthday', label: ['生日赠送', 'Birthday gift'], codes: ['11'], fee: false, main: false },
  { key: 'redEnvelope', label: ['红包', 'Red envelopes'], codes: ['29'], fee: false, main: false },
  { key: 'other', label: ['其他', 'Other'], codes: [], fee: false, main: false },
] as const satisfies readonly { key: string; label: Label; codes: readonly string[]; fee: boolean; main: boolean }[];
export type DayReportColumn = (typeof DAY_REPORT_COLUMNS)[number]['key'];

/** The column of a pay code: the one that names it, else 其他 (`other`; also money with no pay type). */
export function dayReportColumnOf(payCode: string | null): DayReportColumn {
  return DAY_REPORT_COLUMNS.find((c) => (c.codes as readonly string[]).includes(payCode ?? ''))?.key ?? 'other';
}

/** The consumption lines: what was paid with stored money rather than taken (pay codes, or a pay class). */
export const DAY_REPORT_CONSUMPTION = {
  cardMoney: { label: ['卡金消费', 'Paid by card money'], codes: ['02'] },
  package: { label: ['套餐消费', 'Paid by packages'], codes: ['06', '50'] },
  /** Every pay type of the gift class (赠送类, pay class 02). */
  gift: { label: ['赠送消费', 'Paid by gifts'], classCode: '02' },
  oldCard: { label: ['老卡消费', 'Paid by old cards'], codes: ['09'] },
} as const;

/**
 * The head-office allocations that count in 资金总业绩: the dj items (代缴项目) the report finds by their
 * code (the original's ids 55, 94 and 54 kept as codes). docs/DECISIONS.md ("The daily report's dj items").
 */
export const DAY_REPORT_FUND_ITEMS = [
  { key: 'weimu', code: '55', label: ['微慕拨款', 'Weimu allocation'] },
  { key: 'groupBuy', code: '94', label: ['团购拨款', 'Group-buy allocation'] },
  { key: 'eCoupon', code: '54', label: ['电商券拨款', 'E-coupon allocation'] },
] as const satisfies readonly { key: string; code: string; label: Label }[];

export const dayReportQuery = z.object({
  shopid: z.coerce.number().int().positive(),
  day: date,
});

const money = z.number();
/** A dj item's amount on the report: `amount` as entered, `signed` = amount × the item's direction. */
const djRow = z.object({
  djItemId: z.number(),
  code: z.string(),
  name: z.string(),
  colname: z.string(),
  isBk: z.number(),
  direction: z.number(),
  isDkdj: z.number(),
  amount: money,
  signed: money,
});
const cell = z.object({ amount: money, fee: money });
/** Quantity, amount (Σ payftje) and performance of a group of lines. */
const figures = z.object({ qty: z.number(), amount: money, perf: money });

export const dayReport = z.object({
  shopId: z.number(),
  shopName: z.string(),
  day: z.string(),
  /** The settled till bills of the day that count (not revoked, not deleted). */
  bills: z.array(
    z.object({ id: z.number(), billNo: z.string(), memberName: z.string().nullable(), amount: money, settledAt: instant.nullable() }),
  ),
  /** 客数: the bills, and those that count as a visit. */
  customers: z.object({ bills: z.number(), visits: z.number() }),
  /**
   * Per service and its 大/小项目 mark as sold (`serType` 1 大, 2 小; a service sold under both marks has a row for
   * each): quantity, amount (Σ payftje) and performance (amount − Σ payftyjzke).
   */
  services: z.array(
    z.object({ itemId: z.number(), code: z.string(), name: z.string(), serType: z.number(), qty: z.number(), amount: money, perf: money }),
  ),
  /** 大项目合计 and 小项目合计: the sums of `services` by their mark. */
  serviceTotals: z.object({ big: figures, small: figures }),
  /** Per product, taken home by a customer (客装) or sold to staff (内购, `staffPurchase`): quantity, amount, performance. */
  products: z.array(
    z.object({
      itemId: z.number(),
      code: z.string(),
      name: z.string(),
      staffPurchase: z.boolean(),
      qty: z.number(),
      amount: money,
      perf: money,
    }),
  ),
  /** 客装合计 and 内购合计: the sums of `products` by `staffPurchase`. */
  productTotals: z.object({ takeHome: figures, staff: figures }),
  /** Cards sold per card type: opened and recharged, count and money. */
  cards: z.array(
    z.object({
      cardTypeId: z.number(),
      cardTypeName: z.string(),
      openQty: z.number(),
      openAmount: money,
      rechargeQty: z.number(),
      rechargeAmount: money,
      total: money,
    }),
  ),
  /** The pay summary: per row, per column, the money (gross) and its fee. */
  pay: z.array(z.object({ row: z.enum(['till', 'package', 'cardSale', 'income', 'total']), cells: z.record(z.string(), cell) })),
  /**
   * 主营资金 (net of fees), 营业外资金, the three allocations, 资金总业绩 = 主营资金 + 营业外资金 + 微慕 + 团购 + 电商券
   * (computed here, never stored), 日常支出, 退卡资金 (the daily figures' refunds of the shop and day: the reviewed
   * card and offline refunds and the refunds made directly).
   */
  totals: z.object({
    main: money,
    nonOperating: money,
    weimu: money,
    groupBuy: money,
    eCoupon: money,
    funds: money,
    expenses: money,
    refunds: money,
    /** 代扣代缴合计: the signed amounts (× the item's direction) of the items that count in it (isDkdj). */
    withheld: money,
  }),
  /** The dj items of the day (audited 代缴单): each item's amount, by the item's order. */
  /** `amount` as entered, `signed` = amount × the item's direction (1 adds, −1 takes): what the totals add. */
  dj: z.array(djRow),
  /**
   * The month's 代扣代缴 amounts of the shop (audited 收支变动维护单 of the day's month), shown beside the day's items but
   * not in the day's totals: they are the month's; the chain's report over the whole month counts them in 代扣代缴合计.
   */
  djMonth: z.array(djRow).default([]),
  consumption: z.object({ cardMoney: money, package: money, gift: money, oldCard: money }),
  expenses: z.array(
    z.object({ id: z.number(), billNo: z.string(), itemName: z.string().nullable(), total: money, memo: z.string().nullable() }),
  ),
  /** The refunds reviewed that day: card refunds (`card`, 退卡审批) and offline refunds (`offline`, 线下退款). */
  refunds: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(['card', 'offline']),
      billNo: z.string(),
      memberId: z.number().nullable(),
      totalMoney: money,
      reviewedAt: instant.nullable(),
    }),
  ),
});
export type DayReport = z.infer<typeof dayReport>;

/**
 * A shop's takings (资金, `dayshoppay/funds/shop`): the daily report's 主营资金 of each business day from `srq`
 * to `erq` (one day when left out), read from the daily figures (the main columns' pay codes), net of their
 * fees. The petty-cash request's large-request check reads it (§9.2). Its own read right or the fund bill's.
 */
export const SHOP_TAKINGS = {
  path: '/api-finance/dayshoppay/funds/shop',
  perm: 'finance.dayshoppay.view',
  label: ['门店资金查询', "A shop's takings"] satisfies Label,
} as const;

export const shopTakingsQuery = z
  .object({ shopid: z.coerce.number().int().positive(), srq: date, erq: date.optional() })
  .refine((q) => !q.erq || q.erq >= q.srq, { path: ['erq'], message: '结束日期不能早于开始日期' })
  .refine((q) => !q.erq || Date.parse(q.erq) - Date.parse(q.srq) <= 366 * 86_400_000, {
    path: ['erq'],
    message: '日期范围不能超过一年',
  });

export const shopTakings = z.object({
  shopId: z.number(),
  srq: z.string(),
  erq: z.string(),
  /** 资金: 主营资金 of the range (net of fees). */
  funds: money,
  /** The days that took any, in order. */
  days: z.array(z.object({ day: z.string(), funds: money })),
});
export type ShopTakings = z.infer<typeof shopTakings>;

/**
 * The chain's daily report (门店日报汇总): for a day or a month (a range of at most 31 days) and the shops the user
 * sees (narrowed to a region or to picked shops), one row per shop with the daily report's totals and a chain row
 * that is their sum. Not in the seed; docs/DECISIONS.md ("The chain's daily report").
 */
export const CHAIN_REPORT = {
  label: ['门店日报汇总', "The chain's daily report"] satisfies Label,
  page: '/admin/finance/chain-report',
  path: '/api-finance/dayreport/chain',
  exportPath: '/api-finance/dayreport/chain/export',
  perm: 'finance.chainreport.view',
} as const;

/** The longest range the chain's report covers: a month. */
export const CHAIN_REPORT_MAX_DAYS = 31;

export const chainReportQuery = z
  .object({
    srq: date,
    /** The last day (the first when left out). */
    erq: date.optional(),
    /** Only the shops of this region and the regions under it. */
    regionId: z.coerce.number().int().positive().optional(),
    /** Only these shops (comma-separated ids). */
    shopIds: idsQueryParam.optional(),
  })
  .refine((q) => !q.erq || q.erq >= q.srq, { path: ['erq'], message: '结束日期不能早于开始日期' })
  .refine((q) => !q.erq || Date.parse(q.erq) - Date.parse(q.srq) < CHAIN_REPORT_MAX_DAYS * 86_400_000, {
    path: ['erq'],
    message: `日期范围不能超过 ${CHAIN_REPORT_MAX_DAYS} 天`,
  });

/** The money columns of a row, in the order the page and the workbook show them. */
export const CHAIN_REPORT_COLUMNS = [
  { key: 'funds', label: ['资金总业绩', 'Total funds'] },
  { key: 'main', label: ['主营资金', 'Main takings'] },
  { key: 'nonOperating', label: ['营业外资金', 'Other income'] },
  { key: 'weimu', label: ['微慕拨款', 'Weimu allocation'] },
  { key: 'groupBuy', label: ['团购拨款', 'Group-buy allocation'] },
  { key: 'eCoupon', label: ['电商券拨款', 'E-coupon allocation'] },
  { key: 'withheld', label: ['代扣代缴合计', 'Withheld total'] },
  { key: 'expenses', label: ['日常支出', 'Daily expenses'] },
  { key: 'refunds', label: ['退卡资金', 'Refunds'] },
  { key: 'cardSales', label: ['开充卡', 'Cards sold'] },
  { key: 'cardUse', label: ['耗卡', 'Paid by card'] },
] as const satisfies readonly { key: string; label: Label }[];
export type ChainReportColumn = (typeof CHAIN_REPORT_COLUMNS)[number]['key'];

const chainFigures = z.object(
  Object.fromEntries(CHAIN_REPORT_COLUMNS.map((c) => [c.key, money])) as Record<ChainReportColumn, typeof money>,
);

export const chainReport = z.object({
  srq: z.string(),
  erq: z.string(),
  /** One per shop, by code: the shops in the filter that are enabled or have any figure in the range. */
  rows: z.array(chainFigures.extend({ shopId: z.number(), shopCode: z.string(), shopName: z.string(), regionName: z.string().nullable() })),
  /** The chain: the sum of the rows. */
  total: chainFigures,
});
export type ChainReport = z.infer<typeof chainReport>;
