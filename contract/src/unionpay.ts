import { z } from 'zod';
import { date, pageQuery } from './platform.js';
import { prepaidOrderRow } from './prepaid.js';

/**
 * 预付订单调整 (`prepaidadj`): an unused prepaid order paid at the wrong shop's QR is moved to the
 * shop that served the customer; each move is kept. `getAdjUnionpay` finds the order by its merchant
 * order number (the UnionPay 商户订单号, our `orderNo`).
 */
const C = '/api-cashier';
export const PREPAID_ADJ_PATHS = {
  list: `${C}/prepaidadj/list`,
  queryList: `${C}/prepaidadj/queryList`,
  save: `${C}/prepaidadj/save`,
  lookup: `${C}/prepaidorder/getAdjUnionpay`,
} as const;

export const prepaidAdjListQuery = pageQuery.extend({
  /** Moves from or to this shop. */
  shopid: z.coerce.number().int().positive().optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
  /** Order number. */
  keyword: z.string().trim().max(64).optional(),
});
export const prepaidAdjRow = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  payName: z.string(),
  amount: z.number(),
  paidAt: z.string(),
  fromShopId: z.number(),
  fromShopName: z.string(),
  toShopId: z.number(),
  toShopName: z.string(),
  reason: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export const prepaidAdjPage = z.object({
  list: z.array(prepaidAdjRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** Orders that may be moved: unused ones, found by order number, shop or date. */
export const prepaidAdjQueryListQuery = pageQuery.extend({
  shopid: z.coerce.number().int().positive().optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
  keyword: z.string().trim().max(64).optional(),
});
export const prepaidAdjCandidates = z.object({
  list: z.array(prepaidOrderRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const prepaidAdjSaveBody = z.strictObject({
  orderId: z.number().int().positive(),
  /** The shop the order belongs to from now on. */
  adjShopId: z.number().int().positive(),
  reason: z.string().trim().min(1).max(200),
  /** The order's version as read: a move based on a stale read is refused (409). */
  version: z.number().int().positive().optional(),
});

export const prepaidLookupQuery = z.object({ paymentNo: z.string().trim().min(1).max(64) });

/**
 * The UnionPay reports over prepaid orders (the 银联通 QR collections), their use by bills and the
 * bills: 对公账户资金表 (`dgzhzjb`) and 银联通流水统计表 (`yltlstjb`), per shop over business days.
 */
export const UNIONPAY_REPORT_PATHS = {
  dgzhzjb: `${C}/prepaidorder/dgzhzjb`,
  yltlstjb: `${C}/prepaidorder/yltlstjb`,
} as const;

export const unionpayReportQuery = z
  .object({
    shopid: z.coerce.number().int().positive().optional(),
    dateFrom: date,
    dateTo: date,
  })
  .refine((q) => q.dateFrom <= q.dateTo, { path: ['dateTo'], message: 'dateTo ≥ dateFrom' })
  .refine((q) => Date.parse(q.dateTo) - Date.parse(q.dateFrom) <= 366 * 86_400_000, {
    path: ['dateTo'],
    message: '≤ 366 days',
  });

/** 对公账户资金表, one row per shop. */
export const dgzhzjbRow = z.object({
  shopId: z.number(),
  shopCode: z.string(),
  shopName: z.string(),
  /** 资金总业绩: money taken, net of fees (cash-class payments of bills not paid by prepaid orders, plus prepaid orders collected). */
  funds: z.number(),
  /** 银联通实收金额: prepaid orders collected, not refunded. */
  ylt: z.number(),
  /** 对公银联通实收金额: the part collected to the corporate account (all of it until per-shop merchant accounts exist). */
  corporateYlt: z.number(),
  /** 银联对公手续费: the fees of those collections at their pay types' fee rates. */
  corporateFee: z.number(),
});
export const dgzhzjbAnswer = z.object({
  rows: z.array(dgzhzjbRow),
  total: dgzhzjbRow.omit({ shopId: true, shopCode: true, shopName: true }),
});

/** 银联通流水统计表, one row per shop (DOMAIN-DETAIL §9.9; the definitions in docs/DECISIONS.md). */
export const yltlstjbFigures = z.object({
  /** 本期流水: orders collected in the period, not refunded. */
  m1: z.number(),
  /** m1 after fees. */
  m2: z.number(),
  /** Of m1: used by bills. */
  m3: z.number(),
  /** Of m1: not used yet. */
  m4: z.number(),
  /** Of m3: used at this shop (the bill settled, not revoked). */
  m5: z.number(),
  /** Orders of earlier periods used by this shop's bills in the period. */
  m6: z.number(),
  /** 对账单金额: every order collected in the period as the channel collected it (refunded ones too). */
  m7: z.number(),
  /** m7 after fees. */
  m8: z.number(),
  /** Of m3: used at another shop (the bill settled, not revoked). */
  m9: z.number(),
  /** 对账差异 m7 − m1 (refunds of the period's orders). */
  c1: z.number(),
  /** 流水差异 m1 − m3 − m4. */
  c2: z.number(),
  /** 单据差异 m3 − m5 − m9 (used orders whose bill is not a settled, valid bill). */
  c3: z.number(),
});
export const yltlstjbRow = yltlstjbFigures.extend({ shopId: z.number(), shopCode: z.string(), shopName: z.string() });
export const yltlstjbAnswer = z.object({ rows: z.array(yltlstjbRow), total: yltlstjbFigures });
export type YltlstjbRow = z.infer<typeof yltlstjbRow>;
