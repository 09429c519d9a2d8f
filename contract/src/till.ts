import { z } from 'zod';
import { type BillStateDef, billDetailExtra, billLogRow, billSums, definePosBill, instant, type StateColor } from './bills.js';
import { cardPriceRules, roundingModes } from './cashier.js';
import { memberCouponRow } from './member-coupons.js';
import type { Label } from './platform.js';
import { date, pageQuery } from './platform.js';
import { voucherChannels } from './vouchers.js';

/**
 * The till's checkout (the cashier application) and head office's service-bill records.
 * Seed paths are `servicerecords/*`; the checkout calls the seed does not show are under
 * `/api-cashier/checkout/*` (docs/DECISIONS.md).
 */
const C = '/api-cashier';
export const TILL_PATHS = {
  open: `${C}/checkout/open`,
  lines: `${C}/checkout/lines`,
  settle: `${C}/checkout/settle`,
  void: `${C}/checkout/void`,
  bill: (id: number) => `${C}/checkout/bill/${id}`,
  today: `${C}/checkout/today`,
  setup: `${C}/checkout/setup`,
  member: `${C}/checkout/member`,
  memberPackages: `${C}/checkout/packages`,
  memberCoupons: `${C}/checkout/coupons`,
  memberCards: `${C}/checkout/cards`,
  day: `${C}/checkout/day`,
  list: `${C}/servicerecords/chain/list`,
  listOver: `${C}/servicerecords/listOver`,
  perf: `${C}/servicerecords/yj`,
  pageAll: `${C}/servicerecords/pageAll`,
  detail: (id: number) => `${C}/servicerecords/detail/${id}`,
  revoke: `${C}/servicerecords/chain/revoke`,
  revise: `${C}/servicerecords/revise`,
  cancel: `${C}/servicerecords/chain/mainPage/cancel`,
  saveOrUpdate: `${C}/servicerecords/saveOrUpdate`,
} as const;

/**
 * The document type of the till's bills: a service bill, a package bill (套餐消费单) and a card bill
 * (充值单) are one bill of this type, listed by what its lines hold. The bill log, the `bill.changed`
 * events and the stock and card ledgers' `doc_type` all name it.
 */
export const SERVICE_DOC = 'cashier.service';
/**
 * The point-of-sale states of a till bill, as its log and events name them: derived from its status
 * and revoke flag (`serviceBillState`). Its life is the till's own: open → settled (or voided, or
 * expired then voided), a settled bill revoked (撤单) or revised (改单, same state).
 */
export const serviceBillStates = {
  open: ['未结账', 'Open'],
  expired: ['已过期', 'Expired'],
  voided: ['已作废', 'Voided'],
  settled: ['已结账', 'Settled'],
  revoked: ['已撤单', 'Revoked'],
} as const satisfies Record<string, Label>;
export type ServiceBillState = keyof typeof serviceBillStates;
/** A bill's state from its status (1 open, 2 expired, 3 voided, 4 settled) and revoke flag. */
export const serviceBillState = (bill: { status: number; isHc: number }): ServiceBillState =>
  bill.status === 4 ? (bill.isHc ? 'revoked' : 'settled') : bill.status === 1 ? 'open' : bill.status === 2 ? 'expired' : 'voided';

/** Bill status: 1 open | 2 expired | 3 voided | 4 settled. */
export const serviceBillStatuses = [1, 2, 3, 4] as const;
export const serviceBillStatusLabels: Record<(typeof serviceBillStatuses)[number], Label> = {
  1: ['未结账', 'Open'],
  2: ['已过期', 'Expired'],
  3: ['已作废', 'Voided'],
  4: ['已结账', 'Settled'],
};
/** 第一/第二/第三工位 */
export const stationLabels: Record<1 | 2 | 3, Label> = {
  1: ['第一工位', 'Station 1'],
  2: ['第二工位', 'Station 2'],
  3: ['第三工位', 'Station 3'],
};
/**
 * Line kinds: a service, a product, a package sold (itemId: the catalogue package, one per line), a
 * card opened (`cardOpen`, itemId: the card type) or recharged (`cardRecharge`, itemId: the bill
 * member's card) with `amount` paid into it. A service or product line may be paid with counts of a
 * member package line (`packageLineId`).
 */
export const billLineKinds = ['service', 'product', 'package', 'cardOpen', 'cardRecharge'] as const;
/** The card lines: a bill with one is a card bill (充值单, `cardrecords`) and is not paid from a card. */
export const cardLineKinds: readonly BillLineKind[] = ['cardOpen', 'cardRecharge'];
/**
 * The lines whose amounts are a member's spending (累计消费): what they were served and took home,
 * whatever paid it. Cards opened or recharged and packages sold are money kept for later, counted when
 * it is spent (docs/DECISIONS.md, "A member's visits and spending").
 */
export const spendingLineKinds: readonly BillLineKind[] = ['service', 'product'];
export type BillLineKind = (typeof billLineKinds)[number];

const cents = z.number().int().min(0).max(100_000_000);
const shortText = z.string().trim().max(30);

export const openBillBody = z.strictObject({
  shopId: z.number().int().positive(),
  /** Typed hand tag; without it the next free one of the shop's range. */
  handTag: z.number().int().min(1).max(9999).optional(),
  memberId: z.number().int().positive().optional(),
  /** The card whose prices and discounts apply (one of the member's). */
  cardId: z.number().int().positive().optional(),
});

export const lineStaff = z.strictObject({
  employeeId: z.number().int().positive(),
  station: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  appointed: z.boolean(),
  /** Share of the station's performance in basis points; absent: an equal split of the station. */
  share: z.number().int().min(1).max(10_000).optional(),
});
export const billLineInput = z.strictObject({
  kind: z.enum(billLineKinds),
  itemId: z.number().int().positive(),
  num: z.number().int().min(1).max(999),
  /** 加收 (+) or 扣减 (−), cents. */
  additional: z.number().int().min(-10_000_000).max(10_000_000).default(0),
  staff: z.array(lineStaff).max(12).default([]),
  /** 套餐消费: pay this line with `num` counts of the bill member's package line (same item). */
  packageLineId: z.number().int().positive().optional(),
  /** Card lines: the money paid into the card (cents). */
  amount: cents.min(1).optional(),
  /** Product lines: sold to a member of staff (内购) rather than taken home by a customer (客装). */
  staffPurchase: z.boolean().default(false),
});
export const billLinesBody = z.strictObject({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  lines: z.array(billLineInput).max(50),
});

export const paymentInput = z.strictObject({
  /** A pay type of the shop's template (not a card, package or coupon type). */
  payTypeId: z.number().int().positive().optional(),
  /** Pay from this stored-value card: principal and gift by the card type's rule. */
  cardId: z.number().int().positive().optional(),
  /** Pay with this prepaid order (预付订单) of the shop, whole: the amount is the order's. */
  prepaidOrderId: z.number().int().positive().optional(),
  /** Pay with this verified platform voucher (平台券) of the shop, whole: the amount is the voucher's. */
  voucherId: z.number().int().positive().optional(),
  /**
   * Pay with this coupon or red envelope of the bill member: at most what it has left and at most the
   * lines it may pay; a coupon is used whole (不找零), a red envelope spent over several bills keeps the rest.
   */
  memberCouponId: z.number().int().positive().optional(),
  amount: cents.min(1),
});
export const settleBody = z.strictObject({
  id: z.number().int().positive(),
  version: z.number().int().positive(),
  /** The money payments; the lines paid with package counts are paid by the package pay type on their own. */
  payments: z.array(paymentInput).max(10),
});
export const voidBillBody = z.strictObject({ id: z.number().int().positive(), reason: shortText.min(1) });

export const billStaffRow = z.object({
  employeeId: z.number(),
  employeeCode: z.string(),
  employeeName: z.string(),
  station: z.number(),
  appointed: z.boolean(),
  share: z.number(),
});
export const billLineRow = z.object({
  id: z.number(),
  lineNo: z.number(),
  kind: z.string(),
  itemId: z.number(),
  code: z.string(),
  name: z.string(),
  num: z.number(),
  /** The shop's price (原价). */
  listPrice: z.number(),
  /** The price without the card: the shop's, or the level special of the station-1 employee. */
  plainPrice: z.number(),
  /** The price with the bill's card (never above the plain price). */
  price: z.number(),
  /** Where `price` comes from (`priceSourceLabels`). */
  priceSource: z.string(),
  /** The card's discount, or the activity's (source `activity`), in basis points that made `price`; 0: none. */
  discount: z.number(),
  additional: z.number(),
  listAmount: z.number(),
  /** 实收: with the card's part and the line's 抹零 (open bills: as if the bill's card paid it all). */
  amount: z.number(),
  /** The line's part of the bill's 抹零. */
  roundOff: z.number(),
  /** payftje: the payments' shares of this line (settled bills). */
  paid: z.number(),
  staff: z.array(billStaffRow),
  /** The member package line whose counts pay this line. */
  packageLineId: z.number().nullable(),
  /** The package bill of this line once settled (the sale, or the use of counts). */
  packageBillId: z.number().nullable(),
  /** Service lines: 1 大项目, 2 小项目 as the service was marked when the line was priced. */
  serType: z.number().nullable(),
  /** Product lines: 内购 (sold to staff). */
  staffPurchase: z.boolean(),
});
export const billPaymentRow = z.object({
  id: z.number(),
  payTypeId: z.number(),
  payCode: z.string(),
  payName: z.string(),
  classCode: z.string(),
  amount: z.number(),
  perf: z.number(),
  fee: z.number(),
  cardId: z.number().nullable(),
  cardNo: z.string().nullable(),
  /** The member's coupon or red envelope this payment spent. */
  memberCouponId: z.number().nullable(),
  couponCode: z.string().nullable(),
  /** A card payment: what the card held once this bill took its money (卡内余额), by its card bill. */
  cardBalance: z.object({ principal: z.number(), gift: z.number() }).nullable(),
});
export const billPerfRow = z.object({
  id: z.number(),
  lineId: z.number(),
  lineName: z.string(),
  /** Null: 公单 (set by a recharge performance adjustment), credited to no one. */
  employeeId: z.number().nullable(),
  employeeCode: z.string().nullable(),
  employeeName: z.string().nullable(),
  station: z.number(),
  appointed: z.boolean(),
  amount: z.number(),
  cause: z.string(),
  /** The adjustment bill whose audit wrote the row (cause `adjust`). */
  causeBillNo: z.string().nullable(),
  createdAt: z.string(),
});
export const serviceBillRow = z.object({
  id: z.number(),
  billNo: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  handTag: z.number(),
  businessDate: z.string(),
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  mobile: z.string().nullable(),
  cardId: z.number().nullable(),
  cardNo: z.string().nullable(),
  status: z.number(),
  isHc: z.number(),
  listTotal: z.number(),
  discountTotal: z.number(),
  amount: z.number(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  hcAt: z.string().nullable(),
  hcMemo: z.string().nullable(),
  /** 撤单: the preset reason (`revokeReasons`) and who revoked it. */
  hcReason: z.string().nullable(),
  hcByName: z.string().nullable(),
  cancelReason: z.string().nullable(),
  version: z.number(),
});
export type ServiceBillRow = z.infer<typeof serviceBillRow>;
/** A card a card line opened or recharged: its card bill, the gift it got and the activity's part of it. */
export const billCardRow = z.object({
  lineId: z.number(),
  cardId: z.number(),
  cardNo: z.string(),
  physicalNo: z.string().nullable(),
  memberId: z.number(),
  memberName: z.string(),
  isOpen: z.number(),
  amount: z.number(),
  gift: z.number(),
  /** The gift rule's part of the gift (撤销活动 takes it back). */
  activityGift: z.number(),
  cardBillId: z.number(),
  giftBackAt: z.string().nullable(),
  giftBackMemo: z.string().nullable(),
});
export const serviceBillDetail = serviceBillRow.extend({
  /** 抹零: cents rounded off (its own line on the receipt; within `discountTotal`). */
  roundOff: z.number().default(0),
  /** Who settled the bill (the cashier). */
  cashierName: z.string().nullable().default(null),
  /** An open bill's card whose type gives no discount on gift money: its money, as `priceBill` takes it. */
  giftMoney: z.object({ principal: z.number(), gift: z.number() }).nullish(),
  lines: z.array(billLineRow),
  payments: z.array(billPaymentRow),
  perf: z.array(billPerfRow),
  cards: z.array(billCardRow),
  /** The coupons and red envelopes marketing activities gave the member on this bill (赠送). */
  gifts: z.array(memberCouponRow),
  /** The bill log (open, settle, void, revoke, revise...), oldest first: the same rows as every bill's. */
  log: z.array(billLogRow).default([]),
});
export type ServiceBillDetail = z.infer<typeof serviceBillDetail>;

const serviceBillColors: Record<ServiceBillState, StateColor> = {
  open: 'blue',
  expired: 'orange',
  voided: 'default',
  settled: 'green',
  revoked: 'red',
};
const serviceBillStateDefs = Object.fromEntries(
  Object.entries(serviceBillStates).map(([state, label]) => [state, { label, color: serviceBillColors[state as ServiceBillState] }]),
) as Record<ServiceBillState, BillStateDef>;
/** A row of head office's service-bill list: the bill's row with its point-of-sale state. */
const serviceRecordRow = serviceBillRow.extend({
  state: z.enum(Object.keys(serviceBillStates) as [ServiceBillState, ...ServiceBillState[]]),
  createdAt: instant,
  settledAt: instant.nullable(),
  hcAt: instant.nullable(),
});
const serviceBillParts = serviceBillDetail.pick({
  roundOff: true,
  cashierName: true,
  lines: true,
  payments: true,
  perf: true,
  cards: true,
  gifts: true,
}).shape;
/** Head office's service bill (`/admin/cashier/servicerecords`): its row, what the till adds, its log and the user's actions. */
export const serviceRecordDetail = serviceRecordRow.extend(serviceBillParts).extend(billDetailExtra.shape);
export type ServiceRecordDetail = z.infer<typeof serviceRecordDetail>;
const walkIn = ['散客', 'Walk-in'] as const;
/** What the lists of till bills add up. */
const recordSumFields = ['listTotal', 'discountTotal', 'amount'] as const;
/** The preset reasons of a 撤单, beside its free text (which 其他 requires). */
export const revokeReasons = {
  wrongItem: ['录错项目', 'Wrong item entered'],
  wrongAmount: ['录错金额', 'Wrong amount entered'],
  customerCancelled: ['顾客退单', 'Customer cancelled'],
  duplicate: ['重复录单', 'Entered twice'],
  other: ['其他', 'Other'],
} as const satisfies Record<string, Label>;
export type RevokeReason = keyof typeof revokeReasons;

/**
 * One of head office's lists of the till's settled bills as a point-of-sale bill type: the list (shop,
 * business days, keyword, revoked or not) with its totals, the export, the detail with the bill log, and
 * 撤单 with a reason under the list's own right; the till's open → settle protocol stays the till's. The
 * three lists show one bill type (`SERVICE_DOC`), so they share its states, steps, fields and filters.
 */
function tillRecordBill(o: {
  label: Label;
  perm: string;
  /** The seed's folder of the list's calls, also its page's (`servicerecords`). */
  records: string;
  list: string;
  revoke: string;
}) {
  return definePosBill({
    docType: SERVICE_DOC,
    label: o.label,
    perm: o.perm,
    basePath: `${C}/${o.records}`,
    webPath: `/admin/cashier/${o.records}`,
    states: serviceBillStateDefs,
    initial: 'open',
    // A closed month or day of the shop: no 撤单 of its bills (the platform's guard).
    locks: ['close'],
    steps: {
      open: { label: ['开单', 'open'], from: [], to: 'open', perm: 'till.checkout.edit' },
      settle: { label: ['结账', 'settle'], from: ['open'], to: 'settled', perm: 'till.checkout.edit' },
      void: { label: ['作废', 'void'], from: ['open'], to: 'voided', perm: 'till.checkout.edit' },
      // An open bill of an earlier business day, when the next day's first till call comes.
      expire: { label: ['过期', 'expire'], from: ['open'], to: 'expired', perm: 'till.checkout.edit' },
      cancel: { label: ['作废', 'void'], from: ['expired'], to: 'voided', perm: 'cashier.servicerecord.edit' },
      revoke: { label: ['撤单', 'revoke'], from: ['settled'], to: 'revoked', perm: 'cashier.servicerecord.revoke' },
      revise: { label: ['改单', 'revise'], from: ['settled'], to: 'settled', perm: 'cashier.servicerecord.revise' },
      delete: { label: ['删除', 'delete'], from: ['voided'], to: 'voided', perm: 'cashier.servicerecord.edit' },
      adjust: { label: ['调整业绩', 'adjust'], from: ['settled'], to: 'settled', perm: 'cashier.csadj.audit' },
    },
    actions: {
      revoke: {
        label: ['撤单', 'revoke'],
        perm: `${o.perm}.revoke`,
        path: o.revoke,
        states: ['settled'],
        // The seed sends the free text alone; a preset reason may come instead of it or with it.
        body: z.strictObject({
          hcMemo: shortText.optional(),
          hcReason: z.enum(Object.keys(revokeReasons) as [RevokeReason, ...RevokeReason[]]).optional(),
        }),
        reason: 'hcMemo',
        presets: { field: 'hcReason', options: revokeReasons, textFor: ['other'] },
        preview: 'revokePreview',
        onRows: true,
        confirm: true,
      },
    },
    filterFields: {
      shopid: { label: ['门店', 'Shop'], kind: 'shop', keys: ['shopid'] },
      date: { label: ['营业日', 'Business date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'], initial: 'thisMonth' },
      // The hand tag is matched whole, the other fields by a part: the server's own condition.
      keyword: { label: ['单号/手牌/会员/手机', 'Bill, tag, member, mobile'], kind: 'text', keys: ['keyword'], match: 'named' },
      isHc: {
        label: ['撤单', 'Revoked'],
        kind: 'select',
        keys: ['isHc'],
        options: { 0: ['未撤单', 'Not revoked'], 1: ['已撤单', 'Revoked'] },
      },
    },
    row: serviceRecordRow,
    lineRow: billLineRow,
    detail: serviceRecordDetail,
    headFields: {
      billNo: { label: ['单号', 'Bill no.'], kind: 'text', column: { width: 140 } },
      shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { display: 'shopName', width: 106 } },
      businessDate: { label: ['营业日', 'Business date'], kind: 'date', column: { width: 100, sortable: true } },
      handTag: { label: ['手牌号', 'Hand tag'], kind: 'number', column: { width: 64, optional: true } },
      memberName: { label: ['会员', 'Member'], kind: 'text', column: { width: 76 }, empty: walkIn },
      cardNo: { label: ['卡号', 'Card no.'], kind: 'text', column: { width: 136, optional: true } },
      listTotal: { label: ['原价合计', 'List total'], kind: 'money', column: { width: 90 } },
      discountTotal: { label: ['优惠', 'Discount'], kind: 'money', column: { width: 76 } },
      amount: { label: ['实收', 'Amount'], kind: 'money', column: { width: 90, sortable: true } },
      state: { label: ['状态', 'State'], kind: 'select', column: { width: 70 } },
      mobile: { label: ['手机号', 'Mobile'], kind: 'text', detail: true },
      settledAt: { label: ['结账时间', 'Settled at'], kind: 'datetime', detail: true },
      hcAt: { label: ['撤单时间', 'Revoked at'], kind: 'datetime', detail: true },
      hcByName: { label: ['撤单人', 'Revoked by'], kind: 'text', detail: true },
      hcReason: { label: ['撤单原因', 'Revoke reason'], kind: 'select', options: revokeReasons, detail: true },
      hcMemo: { label: ['撤单说明', 'Revoke note'], kind: 'text', detail: true },
    },
    lineFields: {
      name: { label: ['项目', 'Item'], kind: 'text', column: {} },
      num: { label: ['数量', 'Qty'], kind: 'number', column: { width: 70 } },
      listAmount: { label: ['原价金额', 'List amount'], kind: 'money', column: { width: 110 } },
      amount: { label: ['金额', 'Amount'], kind: 'money', column: { width: 110 } },
      paid: { label: ['已付', 'Paid'], kind: 'money', column: { width: 110 } },
    },
    sums: recordSumFields,
    // A revoked bill counts in no total: the lists show it apart.
    sumsApart: ['revoked'],
    paths: { list: [o.list], export: 'pageAll', detail: 'detail/:id' },
  });
}

/** Head office's settled service bills (服务单, `/admin/cashier/servicerecords`): every till bill. */
export const serviceBill = tillRecordBill({
  label: ['服务单', 'Service bill'],
  perm: 'cashier.servicerecord',
  records: 'servicerecords',
  list: 'chain/list',
  revoke: 'chain/revoke',
});
/** 套餐消费单: the settled bills that sell a package or pay a line with package counts. */
export const packageBill = tillRecordBill({
  label: ['套餐消费单', 'Package bill'],
  perm: 'cashier.packagerecord',
  records: 'packagerecords',
  list: 'admin/list',
  revoke: 'chain/revoke',
});
/** 充值单: the settled bills that open or recharge stored-value cards. */
export const cardBill = tillRecordBill({
  label: ['充值单', 'Card bill'],
  perm: 'cashier.cardrecord',
  records: 'cardrecords',
  list: 'chain/admin/cardRecordsList',
  revoke: 'chain/recall',
});

export const todayQuery = z.object({ shopid: z.coerce.number().int().positive() });
export const memberLookupQuery = z.object({
  shopid: z.coerce.number().int().positive(),
  /** Mobile (or its last 4+ digits) or a card number. */
  q: z.string().trim().min(4).max(32),
});
export const memberLookupRow = z.object({
  memberId: z.number(),
  name: z.string(),
  mobile: z.string(),
  sex: z.number().nullable(),
  cards: z.array(
    z.object({
      cardId: z.number(),
      cardNo: z.string(),
      cardTypeName: z.string(),
      principal: z.number(),
      gift: z.number(),
      status: z.number(),
    }),
  ),
});
/** The till's day of one shop (today on the company's calendar): settled bills, takings by pay type, open bills; revoked bills count nowhere. */
export const tillDay = z.object({
  date: z.string(),
  bills: z.number(),
  amount: z.number(),
  payTypes: z.array(z.object({ payCode: z.string(), payName: z.string(), amount: z.number(), bills: z.number() })),
  open: z.object({ bills: z.number(), amount: z.number() }),
});
export type TillDay = z.infer<typeof tillDay>;
/** A member's stored-value cards with what they hold (the till's card payment rows show it). */
export const tillMemberCards = memberLookupRow.shape.cards;
export const tillSetup = z.object({
  shopId: z.number(),
  shopName: z.string(),
  /** The shop's address and phone, for the receipt. */
  shopAddress: z.string().nullable(),
  shopPhone: z.string().nullable(),
  /** The shop's bill settings that price a bill (`makeorderconfig`): who gets the card's prices, 抹零. */
  cardPriceRule: z.enum(cardPriceRules),
  rounding: z.enum(roundingModes),
  /** The receipt prints itself once the bill is settled (\`isAutoPrint\`). */
  isAutoPrint: z.boolean(),
  /** The receipt has a line for the customer's signature (\`isNeedSign\`). */
  isNeedSign: z.boolean(),
  handTags: z.object({ isAutoNo: z.boolean(), noMin: z.number(), noMax: z.number(), held: z.array(z.number()) }),
  payTypes: z.array(
    z.object({ payTypeId: z.number(), code: z.string(), name: z.string(), kind: z.string().nullable(), isOften: z.boolean() }),
  ),
  services: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), price: z.number() })),
  products: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), price: z.number() })),
  employees: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  /** Catalogue packages on sale (购买套餐). */
  packages: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), price: z.number() })),
  /** Stored-value card types sold in the shop (开卡), with the least opening and recharge amounts. */
  cardTypes: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), openAmount: z.number(), minRecharge: z.number() })),
  /** The voucher platforms the shop is mapped to (美团 by `mtshops`, 抖音 by `dyshops`): what 核销团购券 offers. */
  voucherChannels: z.array(z.enum(voucherChannels)),
});
export type TillSetup = z.infer<typeof tillSetup>;
/** Head office's 开卡 form: the shop's pay types, staff and card types, as the till's. */
export const cardOpenSetup = tillSetup.pick({ payTypes: true, employees: true, cardTypes: true });

export const serviceRecordsQuery = pageQuery.extend({
  shopid: z.coerce.number().int().positive().optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
  /** Bill number, hand tag, member name or mobile. */
  keyword: z.string().trim().max(64).optional(),
  /** 1: revoked only; 0: valid only. */
  isHc: z.coerce.number().int().min(0).max(1).optional(),
});
export const serviceRecordsPage = z.object({
  list: z.array(serviceBillRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalCapped: z.literal(true).optional(),
  /** Σ over every matching bill, not only the page; voided and revoked bills apart, counted in no total. */
  sum: billSums(recordSumFields, ['voided', 'revoked']),
});
export const perfQuery = z.object({ id: z.coerce.number().int().positive() });
export const reviseBody = z.strictObject({
  id: z.number().int().positive(),
  eeyjList: z
    .array(
      z.strictObject({
        lineId: z.number().int().positive(),
        employeeId: z.number().int().positive(),
        station: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        appointed: z.boolean(),
        yj: z.number().int().min(1).max(100_000_000),
      }),
    )
    .min(1)
    .max(200),
});
export const cancelBody = z
  .array(z.strictObject({ id: z.number().int().positive(), revision: z.number().int().positive(), cancelReason: shortText.min(1) }))
  .min(1)
  .max(200);
export const deleteBillBody = z.strictObject({ id: z.number().int().positive(), isDel: z.literal('1') });

// ---- receipts ----

/** Receipt paper widths in columns (58 mm: 32, 80 mm: 48). */
export const RECEIPT_COLUMNS = { 58: 32, 80: 48 } as const;
/** The seed's width rule: a character with code ≤ 128 takes one column, any other two. */
export const charColumns = (ch: string) => ((ch.codePointAt(0) ?? 0) <= 128 ? 1 : 2);
export const textColumns = (text: string) => [...text].reduce((s, ch) => s + charColumns(ch), 0);
/** Pads (or cuts) a text to exactly `width` columns; a wide character that would cross the edge becomes a space. */
export function fitColumns(text: string, width: number, align: 'left' | 'right' = 'left') {
  let out = '';
  let used = 0;
  for (const ch of text) {
    const w = charColumns(ch);
    if (used + w > width) break;
    out += ch;
    used += w;
  }
  const pad = ' '.repeat(width - used);
  return align === 'left' ? out + pad : pad + out;
}

/**
 * Head office's package bills (套餐消费记录: service bills that sell a package or use package counts)
 * and card bills (充值单: service bills that open or recharge cards): the same service bills,
 * filtered, with the same revoke and revise. Every call of the seed's, the list, export, detail and
 * 撤单 of `packageBill` and `cardBill` among them. Detail paths are not in the seed (docs/DECISIONS.md).
 */
export const PACKAGE_RECORD_PATHS = {
  list: `${C}/packagerecords/admin/list`,
  sum: `${C}/packagerecords/list/sum`,
  perf: `${C}/packagerecords/yj`,
  gifts: `${C}/packagerecords/zs`,
  pageAll: `${C}/packagerecords/pageAll`,
  detail: (id: number) => `${C}/packagerecords/detail/${id}`,
  revoke: `${C}/packagerecords/chain/revoke`,
  revise: `${C}/packagerecords/revise`,
} as const;
export const CARD_RECORD_PATHS = {
  list: `${C}/cardrecords/chain/admin/cardRecordsList`,
  sum: `${C}/cardrecords/cardRecordsListSum`,
  perf: `${C}/cardrecords/chain/cardrecordyj`,
  pageAll: `${C}/cardrecords/pageAll`,
  detail: (id: number) => `${C}/cardrecords/detail/${id}`,
  revoke: `${C}/cardrecords/chain/recall`,
  revise: `${C}/cardrecords/revise`,
  revokeMkt: `${C}/cardrecords/chain/revokeMktBill`,
  batchOpen: `${C}/cardrecords/saveRecord`,
  batchSetup: `${C}/cardrecords/batchSetup`,
  linkPhysical: `${C}/cardrecords/updateMemberCardCmcode`,
} as const;
/** Cards opened in one batch bill at most (批量开卡). */
export const BATCH_CARDS_MAX = 200;
/**
 * 批量开卡: `cardnum` stored-value cards of one type with `money` each, in one bill of the shop, paid
 * with `pays` (pay types of the shop's template, not a card); the staff share the performance as on
 * a till line. The Idempotency-Key header makes a retry answer the first bill; `cashUuid` (the
 * original's) names one filled-in form, so that the same batch sold twice is two requests.
 */
export const batchOpenBody = z.strictObject({
  shopId: z.number().int().positive(),
  cardTypeId: z.number().int().positive(),
  money: cents.min(1),
  cardnum: z.number().int().min(1).max(BATCH_CARDS_MAX),
  pays: z
    .array(z.strictObject({ payTypeId: z.number().int().positive(), amount: cents.min(1) }))
    .min(1)
    .max(10),
  yjs: z.array(lineStaff).max(12).default([]),
  cashUuid: z.string().trim().max(64).optional(),
});
/** Links a card opened by a card bill to a physical card number dispatched to the bill's shop. */
export const linkPhysicalBody = z.strictObject({
  billcode: z.string().trim().min(1).max(40),
  cardno: z.string().trim().min(1).max(32),
  cardcmcode: z
    .string()
    .trim()
    .regex(/^\d{1,18}$/),
});
/** 撤销活动: take back the activity gift one card of a card bill got, without revoking the bill. */
export const revokeMktBody = z.strictObject({
  id: z.number().int().positive(),
  cardno: z.string().trim().min(1).max(32),
  hcMemo: shortText.min(1),
});
/** Which service bills a record list shows: all, those with package lines, those with card lines. */
export type BillRecordKind = 'service' | 'package' | 'card';
export const recordsSum = billSums(recordSumFields, ['revoked']);
/** zs: the lines of settled package bills paid with counts of gift package lines (赠送). */
export const packageGiftRow = z.object({
  billId: z.number(),
  billNo: z.string(),
  shopName: z.string(),
  businessDate: z.string(),
  memberName: z.string().nullable(),
  lineId: z.number(),
  name: z.string(),
  num: z.number(),
  packageLineId: z.number(),
  isHc: z.number(),
});
export const packageGiftsPage = z.object({
  list: z.array(packageGiftRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalCapped: z.literal(true).optional(),
});

export const memberPackagesQuery = z.object({ memberId: z.coerce.number().int().positive() });
/** A member's package line that can pay a line at the till: counts left, not expired. */
export const tillPackageLine = z.object({
  id: z.number(),
  packageName: z.string(),
  kind: z.enum(['service', 'product']),
  itemId: z.number(),
  name: z.string(),
  remaining: z.number(),
  unitPrice: z.number(),
  isGift: z.boolean(),
  expiresOn: z.string().nullable(),
});

/** 营业额: money taken per shop and pay type over business days (settled bills not revoked). */
export const TURNOVER_PATH = `${C}/turnover/chain/list`;
export const turnoverQuery = z.object({
  shopid: z.coerce.number().int().positive().optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
});
export const turnoverAnswer = z.object({
  rows: z.array(
    z.object({
      shopId: z.number(),
      shopName: z.string(),
      payTypeId: z.number(),
      payCode: z.string(),
      payName: z.string(),
      classCode: z.string(),
      amount: z.number(),
      /** Bills the pay type took part in. */
      bills: z.number(),
    }),
  ),
  shops: z.array(z.object({ shopId: z.number(), shopName: z.string(), amount: z.number(), bills: z.number() })),
  total: z.number(),
});

// ---- a member's bills (消费记录 on the member's page) ----

/** A member's settled bills in the shops the user sees, newest first (`memid`), paged. */
export const MEMBER_BILLS_PATH = `${C}/servicerecords/memberBills`;
export const memberBillsQuery = pageQuery.pick({ page: true, pageSize: true }).extend({ memid: z.coerce.number().int().positive() });
export const memberBillRow = z.object({
  id: z.number(),
  billNo: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  businessDate: z.string(),
  settledAt: z.string().nullable(),
  /** A revoked bill is listed, marked, and counts in no figure of the member. */
  state: z.enum(['settled', 'revoked']),
  amount: z.number(),
  items: z.array(z.object({ kind: z.enum(billLineKinds), name: z.string(), num: z.number(), amount: z.number() })),
  /** Who served: the employees credited with the bill's performance (after any 改单), by name. */
  staff: z.array(z.string()),
  /** The payments by pay type. */
  payments: z.array(z.object({ payName: z.string(), amount: z.number() })),
});
export type MemberBillRow = z.infer<typeof memberBillRow>;
export const memberBillsPage = z.object({
  list: z.array(memberBillRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalCapped: z.literal(true).optional(),
});
