import { z } from 'zod';
import { date, pageQuery } from './platform.js';

/**
 * 预付订单 (`prepaidorder`): money paid beforehand (online, UnionPay) for a shop through a pay type,
 * used whole and at most once as a payment of a service bill at settle (`prepaidOrderId` of a
 * payment), refunded only while unused. Status 1 unused | 2 used | 3 refunded.
 */
const C = '/api-cashier/prepaidorder';
export const PREPAID_PATHS = {
  list: `${C}/chain/list/orderList`,
  create: `${C}/payOrder`,
  refund: `${C}/refound`,
} as const;

export const prepaidStatusLabels: Record<number, [string, string]> = {
  1: ['未使用', 'Unused'],
  2: ['已使用', 'Used'],
  3: ['已退款', 'Refunded'],
};

export const prepaidListQuery = pageQuery.extend({
  shopid: z.coerce.number().int().positive().optional(),
  status: z.coerce.number().int().min(1).max(3).optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
  /** Order number, customer name or mobile. */
  keyword: z.string().trim().max(64).optional(),
});

export const prepaidOrderRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  payTypeId: z.number(),
  payName: z.string(),
  amount: z.number(),
  customerName: z.string().nullable(),
  mobile: z.string().nullable(),
  status: z.number(),
  billId: z.number().nullable(),
  billNo: z.string().nullable(),
  usedAt: z.string().nullable(),
  refundReason: z.string().nullable(),
  refundedAt: z.string().nullable(),
  memo: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type PrepaidOrderRow = z.infer<typeof prepaidOrderRow>;

export const prepaidListPage = z.object({
  list: z.array(prepaidOrderRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /**
   * Over every row the filters select (not only this page): the orders that count (unused and used) and
   * their amounts by status; a refunded order counts in no total, its count and amount apart.
   */
  sums: z.object({
    count: z.number(),
    amount: z.number(),
    unused: z.number(),
    used: z.number(),
    apart: z.object({ refunded: z.object({ count: z.number(), amount: z.number() }) }),
  }),
});

export const prepaidCreateBody = z.strictObject({
  shopId: z.number().int().positive(),
  /** The pay type the money came through (a cash-like pay type, not card/package/coupon). */
  payTypeId: z.number().int().positive(),
  amount: z.number().int().min(1).max(100_000_000),
  /** The channel's order number; made up when left out. */
  orderNo: z.string().trim().min(1).max(64).optional(),
  customerName: z.string().trim().max(40).optional(),
  mobile: z.string().trim().max(20).optional(),
  memo: z.string().trim().max(200).optional(),
});

export const prepaidRefundBody = z.strictObject({
  id: z.number().int().positive(),
  reason: z.string().trim().min(1).max(200),
});
