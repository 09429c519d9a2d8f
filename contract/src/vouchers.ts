import { z } from 'zod';
import type { Label } from './platform.js';
import { date, pageQuery } from './platform.js';

/**
 * 平台券 (`thirdorder`): group-buying vouchers of Meituan (美团/点评) and Douyin (抖音) verified (核销)
 * at the till in a shop mapped to a shop of that platform (`mtshops`, `dyshops`), through the voucher
 * adapter; a verified voucher pays a service bill once (the channel's pay type of kind `voucher`:
 * 27 美团, 36 抖音) and, while no settled bill uses it, may be refunded (revoked at the platform,
 * `mt/tkbill` for both channels). The seed shows the resource as "(not shown)"; the original
 * names it `thirdorder`. Status 1 已核销 | 2 已使用 | 4 已退款 (the original's 0 未核销 and 3 核销失败
 * are never stored: a voucher that fails is answered, not kept).
 */
const C = '/api-cashier';
export const VOUCHER_PATHS = {
  list: `${C}/thirdorder/chain/orderList`,
  refund: `${C}/thirdorder/mt/tkbill`,
  /** Ours: the till verifies a voucher code in its shop. */
  verify: `${C}/thirdorder/verify`,
  /** Ours: the shop's verified vouchers not used by a bill yet (the till's pay picker). */
  unused: `${C}/thirdorder/unused`,
} as const;

export const voucherChannels = ['meituan', 'douyin'] as const;
export type VoucherChannel = (typeof voucherChannels)[number];
export const voucherChannelLabels: Record<VoucherChannel, Label> = { meituan: ['美团', 'Meituan'], douyin: ['抖音', 'Douyin'] };
/**
 * The pay type a channel's vouchers pay with: the system pay type of kind `voucher` with this code
 * (system pay types keep their code), shipped as 27 美团 and 36 抖音.
 */
export const voucherChannelPayCodes: Record<VoucherChannel, string> = { meituan: '27', douyin: '36' };
export const voucherStatuses = [1, 2, 4] as const;
export const voucherStatusLabels: Record<(typeof voucherStatuses)[number], Label> = {
  1: ['已核销', 'Verified'],
  2: ['已使用', 'Used'],
  4: ['已退款', 'Refunded'],
};

export const voucherListQuery = pageQuery.extend({
  shopid: z.coerce.number().int().positive().optional(),
  status: z.coerce
    .number()
    .int()
    .refine((v) => (voucherStatuses as readonly number[]).includes(v), '1, 2 or 4')
    .optional(),
  /** Verified on these business days (Asia/Shanghai). */
  dateFrom: date.optional(),
  dateTo: date.optional(),
  /** Voucher code, product or bill number. */
  keyword: z.string().trim().max(64).optional(),
});

export const voucherRow = z.object({
  id: z.number(),
  channel: z.enum(voucherChannels),
  code: z.string(),
  productName: z.string(),
  amount: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  openShopUuid: z.string(),
  status: z.number(),
  receiptId: z.string().nullable(),
  billId: z.number().nullable(),
  billNo: z.string().nullable(),
  verifiedAt: z.string(),
  verifiedByName: z.string().nullable(),
  usedAt: z.string().nullable(),
  refundReason: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type VoucherRow = z.infer<typeof voucherRow>;

export const voucherListPage = z.object({
  list: z.array(voucherRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /**
   * Over every row the filters select: the vouchers that count (verified and used) and their amounts by
   * status; a refunded voucher counts in no total, its count and amount apart.
   */
  sums: z.object({
    count: z.number(),
    amount: z.number(),
    verified: z.number(),
    used: z.number(),
    apart: z.object({ refunded: z.object({ count: z.number(), amount: z.number() }) }),
  }),
});

export const voucherVerifyBody = z.strictObject({
  shopId: z.number().int().positive(),
  channel: z.enum(voucherChannels).default('meituan'),
  /** The customer's voucher code (券码), as typed or scanned. */
  code: z
    .string()
    .trim()
    .min(4)
    .max(32)
    .regex(/^[0-9A-Za-z-]+$/, 'letters, digits and -'),
});

export const voucherRefundBody = z.strictObject({
  id: z.number().int().positive(),
  reason: z.string().trim().min(1).max(200),
});

export const voucherUnusedQuery = z.object({ shopid: z.coerce.number().int().positive() });

/**
 * 骁骁网 (XXW), the chain's own online mall: its vouchers verified in shops (`orderListForChain`)
 * and the take-home products bought online and picked up in a shop (`xxwFindProductList`, the count
 * `xxwFindProductNum`). The mall is not part of HeadOffice: these are lists over the orders its
 * adapter records (`xxw_orders`).
 */
export const XXW_PATHS = {
  vouchers: `${C}/xxwbusinesslog/orderListForChain`,
  products: `${C}/servicerecords/xxwFindProductList`,
  productNum: `${C}/servicerecords/xxwFindProductNum`,
} as const;

export const xxwKinds = ['voucher', 'product'] as const;
export const xxwStatusLabels: Record<number, Label> = {
  1: ['已核销', 'Verified'],
  2: ['已退款', 'Refunded'],
};

export const xxwListQuery = pageQuery.extend({
  shopid: z.coerce.number().int().positive().optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
  /** Order number, code, item name, customer or mobile. */
  keyword: z.string().trim().max(64).optional(),
});
export const xxwRow = z.object({
  id: z.number(),
  kind: z.string(),
  orderNo: z.string(),
  code: z.string().nullable(),
  itemName: z.string(),
  num: z.number(),
  amount: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  happenedAt: z.string(),
  customerName: z.string().nullable(),
  mobile: z.string().nullable(),
  status: z.number(),
  refBillNo: z.string().nullable(),
});
/** What a list of XXW orders adds up: the orders, the items, the amount. */
const xxwTotals = z.object({ orders: z.number(), num: z.number(), amount: z.number() });
export const xxwListPage = z.object({
  list: z.array(xxwRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Over every row the filters select; a refunded order counts in no total, its figures apart. */
  sums: xxwTotals.extend({ apart: z.object({ refunded: xxwTotals }) }),
});
export const xxwProductNum = xxwTotals.extend({ apart: z.object({ refunded: xxwTotals }) });
