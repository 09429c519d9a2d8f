import type { VoucherChannel } from '@headoffice/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  atColumn,
  auditColumns,
  billDate,
  billHeadColumns,
  billNoIndex,
  billState,
  createdAt,
  isDel,
  makerColumns,
  memo,
  refId,
  sort,
  status,
  tenantColumn,
  tenantKeys,
  tenantPrimaryKey,
  tenantReference,
  timestamps,
  updatedAt,
  versionedTimestamps,
} from '../../db/columns.js';
import { dictionaryTable } from '../../db/dictionary-table.js';
import { memberCards, memberCoupons } from '../assets/public.js';
import { members } from '../members/public.js';
import { employees, shops } from '../org/public.js';

/** Pay classes (`paymold`): 01 现金类, 02 赠送类 ... */
export const payClasses = dictionaryTable('pay_classes', {});

/**
 * Pay types (`paytype`): 2-digit code, class, fee and performance rates in basis points. `kind`
 * marks the system types the till depends on (card principal/gift, package, coupon, red envelope):
 * they cannot be deleted or have their code changed.
 */
export const payTypes = dictionaryTable(
  'pay_types',
  {
    classId: refId('class_id').notNull(),
    feeRate: integer('fee_rate').notNull().default(0),
    perfRate: integer('perf_rate').notNull().default(10000),
    kind: text('kind'),
  },
  (t) => [tenantReference(t, t.classId, payClasses), index('pay_types_tenant_class').on(t.tenantId, t.classId)],
);

/** Pay templates (`paytemplate`): per business type and pay type, what the till offers and at which rates. */
export const payTemplates = dictionaryTable('pay_templates', {});

export const payTemplateItems = pgTable(
  'pay_template_items',
  {
    tenantId: tenantColumn(),
    templateId: refId('template_id').notNull(),
    /** 1 项目, 2 商品, 3 开卡, 4 充值/续卡, 5 购买套餐, 6 预收款. */
    businessType: smallint('business_type').notNull(),
    payTypeId: refId('pay_type_id').notNull(),
    enable: boolean('enable').notNull().default(true),
    isOften: boolean('is_often').notNull().default(false),
    isMixed: boolean('is_mixed').notNull().default(true),
    perfRate: integer('perf_rate').notNull(),
    classRate: integer('class_rate').notNull().default(10000),
    feeRate: integer('fee_rate').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.templateId, t.businessType, t.payTypeId] }),
    index('pay_template_items_tenant_type').on(t.tenantId, t.payTypeId),
    tenantReference(t, t.templateId, payTemplates).onDelete('cascade'),
    tenantReference(t, t.payTypeId, payTypes),
  ],
);

/** The one pay template of a shop (`batchSave` assigns many). */
export const payTemplateShops = pgTable(
  'pay_template_shops',
  {
    tenantId: tenantColumn(),
    shopId: refId('shop_id').notNull(),
    templateId: refId('template_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.shopId] }),
    index('pay_template_shops_tenant_template').on(t.tenantId, t.templateId),
    tenantReference(t, t.shopId, shops).onDelete('cascade'),
    tenantReference(t, t.templateId, payTemplates).onDelete('cascade'),
  ],
);

/** Stations (工位) per business type (1 美发, 2 美容, 3 综合): rows 第一/第二/第三工位 and the positions that fill them. */
export const stations = pgTable(
  'stations',
  {
    ...tenantKeys(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    businessType: smallint('business_type').notNull(),
    rows: jsonb('rows').$type<{ postion: number; name: string; positionIds: number[] }[]>().notNull().default([]),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('stations_tenant_code').on(t.tenantId, t.code)],
);

/** Wheel schemes (`wheelconfig`, 轮牌方案): rows and the shops that use them. */
export const wheelSchemes = pgTable(
  'wheel_schemes',
  {
    ...tenantKeys(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    shopType: smallint('shop_type').notNull(),
    rows: jsonb('rows')
      .$type<
        {
          cwcname: string;
          postion: 1 | 2 | 3;
          positionIds: number[];
          levelIds: number[];
          dayClean: boolean;
          withCashier: boolean;
          dksffp: boolean;
        }[]
      >()
      .notNull()
      .default([]),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('wheel_schemes_tenant_code').on(t.tenantId, t.code)],
);

/** A shop follows one wheel scheme. */
export const wheelSchemeShops = pgTable(
  'wheel_scheme_shops',
  {
    tenantId: tenantColumn(),
    shopId: refId('shop_id').notNull(),
    schemeId: refId('scheme_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.shopId] }),
    index('wheel_scheme_shops_tenant_scheme').on(t.tenantId, t.schemeId),
    tenantReference(t, t.shopId, shops).onDelete('cascade'),
    tenantReference(t, t.schemeId, wheelSchemes).onDelete('cascade'),
  ],
);

/** Temporary rest kinds of a shop (`wheelrest`, 轮牌临休: 吃饭 30 minutes); deleted by `isDel`. */
export const wheelRests = pgTable(
  'wheel_rests',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    name: text('name').notNull(),
    minutes: integer('minutes').notNull(),
    isDel: isDel(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('wheel_rests_tenant_shop_name').on(t.tenantId, t.shopId, t.name).where(sql`is_del = 0`),
    tenantReference(t, t.shopId, shops).onDelete('cascade'),
  ],
);

/** The cashier's bill settings of a shop (`makeorderconfig`): hand tags, member lookup, signature, printing. */
export const billConfigs = pgTable(
  'cashier_bill_configs',
  {
    tenantId: tenantColumn(),
    shopId: refId('shop_id').notNull(),
    isAutoNo: boolean('is_auto_no').notNull().default(true),
    noMin: integer('no_min').notNull().default(1),
    noMax: integer('no_max').notNull().default(100),
    isAllowMobile: boolean('is_allow_mobile').notNull().default(true),
    isAllowCardno: boolean('is_allow_cardno').notNull().default(true),
    isNeedSign: boolean('is_need_sign').notNull().default(false),
    isAutoPrint: boolean('is_auto_print').notNull().default(true),
    isPushWxmsg: boolean('is_push_wxmsg').notNull().default(false),
    isRate: boolean('is_rate').notNull().default(false),
    /** Who gets the card's prices when a member's bill is paid by other money (`cardPriceRules`). */
    cardPriceRule: text('card_price_rule').notNull().default('cardPays'),
    /** 抹零: what is paid by other money than the card rounded down to the jiao or the yuan (`roundingModes`). */
    rounding: text('rounding').notNull().default('none'),
    revision: integer('revision').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.shopId] }), tenantReference(t, t.shopId, shops).onDelete('cascade')],
);

/** Meituan accounts (`mtkeys`); the secret is stored as given and never answered in full. */
export const mtKeys = pgTable(
  'mt_keys',
  {
    ...tenantKeys(),
    account: text('account').notNull(),
    secret: text('secret'),
    expiresDate: date('expires_date', { mode: 'string' }),
    remainRefreshCount: integer('remain_refresh_count'),
    accountName: text('account_name'),
    tel: text('tel'),
    memo: memo(),
    ...timestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('mt_keys_tenant_account').on(t.tenantId, t.account)],
);

/** Meituan shop ↔ shop (`mtshops`: openShopUuid). */
export const mtShops = pgTable(
  'mt_shops',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    openShopUuid: text('open_shop_uuid').notNull(),
    mtKeyId: refId('mt_key_id'),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('mt_shops_tenant_shop').on(t.tenantId, t.shopId),
    uniqueIndex('mt_shops_tenant_uuid').on(t.tenantId, t.openShopUuid),
    index('mt_shops_tenant_key').on(t.tenantId, t.mtKeyId),
    tenantReference(t, t.shopId, shops).onDelete('cascade'),
    tenantReference(t, t.mtKeyId, mtKeys),
  ],
);

/** Douyin POI ↔ shop (`dyshops`). */
export const dyShops = pgTable(
  'dy_shops',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    poiId: text('poi_id').notNull(),
    poiName: text('poi_name').notNull(),
    address: text('address'),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('dy_shops_tenant_shop').on(t.tenantId, t.shopId),
    uniqueIndex('dy_shops_tenant_poi').on(t.tenantId, t.poiId),
    tenantReference(t, t.shopId, shops).onDelete('cascade'),
  ],
);

/**
 * Service bills (服务单, `servicerecords`): opened at the till with a hand tag, settled with split
 * payments. Status 1 open | 2 expired | 3 voided | 4 settled; `isHc` 1 = revoked (撤单). What a
 * settle decided (prices, allocations, performance) is stored and never recomputed.
 */
export const serviceBills = pgTable(
  'service_bills',
  {
    ...billHeadColumns(),
    /** The hand tag (手牌号) held while the bill is open. */
    handTag: integer('hand_tag').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    memberId: refId('member_id'),
    /** The card whose prices and discounts the bill uses. */
    cardId: refId('card_id'),
    memberName: text('member_name'),
    mobile: text('mobile'),
    sex: smallint('sex'),
    isCompute: smallint('is_compute').notNull().default(1),
    status: status(),
    listTotal: integer('list_total').notNull().default(0),
    discountTotal: integer('discount_total').notNull().default(0),
    amount: integer('amount').notNull().default(0),
    /** 抹零: cents rounded off the bill on settle (within the amount's discount; its lines carry their part). */
    roundOff: integer('round_off').notNull().default(0),
    openedBy: refId('opened_by'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: refId('settled_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: refId('cancelled_by'),
    cancelReason: text('cancel_reason'),
    isHc: smallint('is_hc').notNull().default(0),
    hcAt: timestamp('hc_at', { withTimezone: true }),
    hcBy: refId('hc_by'),
    hcMemo: text('hc_memo'),
    /** The preset reason of the 撤单 (`REVOKE_REASONS` in the contract), beside the free text of `hcMemo`. */
    hcReason: text('hc_reason'),
    /** A line sells a package or uses package counts: the bill is among the package bills (套餐消费单). */
    hasPackageLines: boolean('has_package_lines').notNull().default(false),
    /** The bill opens or recharges cards: it is among the card bills (充值单). */
    hasCards: boolean('has_cards').notNull().default(false),
    isDel: isDel(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    uniqueIndex('service_bills_tenant_open_tag').on(t.tenantId, t.shopId, t.handTag).where(sql`status = 1`),
    index('service_bills_tenant_shop_date').on(t.tenantId, t.shopId, t.businessDate, t.id),
    // Migration 0047 rebuilds it with INCLUDE (shop, flags, totals), which drizzle cannot declare: a list's
    // totals over a month of the chain then read the index alone.
    index('service_bills_tenant_status_date').on(t.tenantId, t.status, t.businessDate, t.id),
    index('service_bills_tenant_package_date').on(t.tenantId, t.businessDate, t.id).where(sql`has_package_lines`),
    index('service_bills_tenant_card_date').on(t.tenantId, t.businessDate, t.id).where(sql`has_cards`),
    // A member's settled bills: the history on the member's page, newest first, and the figures kept on the member.
    index('service_bills_tenant_member_settled').on(t.tenantId, t.memberId, t.settledAt, t.id).where(sql`status = 4`),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.memberId, members),
    tenantReference(t, t.cardId, memberCards),
  ],
);

/**
 * Lines of a service bill: `kind` service | product | package | cardOpen | cardRecharge. `listAmount`
 * is num × the shop's price; `amount` (ysje) is what the line is charged once its card's part and 抹零
 * are known (`priceBill` in the contract): between num × plainPrice and num × price, + additional.
 */
export const serviceBillLines = pgTable(
  'service_bill_lines',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    lineNo: smallint('line_no').notNull(),
    kind: text('kind').notNull(),
    itemId: refId('item_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    num: integer('num').notNull(),
    listPrice: integer('list_price').notNull(),
    /** The price without the card (the shop's, or the level special of the station-1 employee). */
    plainPrice: integer('plain_price').notNull(),
    /** The price with the bill's card (its card price or discount), else the plain price; never above it. */
    price: integer('price').notNull(),
    /** Where `price` comes from: shop, special-*, card-*, card-discount, package, card. */
    priceSource: text('price_source').notNull(),
    additional: integer('additional').notNull().default(0),
    listAmount: integer('list_amount').notNull(),
    amount: integer('amount').notNull(),
    /** The card's discount (basis points) that made `price` from the shop's price; 0: none. */
    discount: integer('discount').notNull().default(0),
    /** This line's part of the bill's 抹零 (already out of `amount`). */
    roundOff: integer('round_off').notNull().default(0),
    /** The staff entered while the bill is open: [{employeeId, station, appointed, share (bp of the station)}]. */
    staff: jsonb('staff').$type<{ employeeId: number; station: number; appointed: boolean; share: number }[]>().notNull().default([]),
    /** A service or product line paid with counts of this member package line (套餐消费). */
    packageLineId: refId('package_line_id'),
    /** The package bill written on settle: the sale of a `package` line, the use of a line paid with package counts. */
    packageBillId: refId('package_bill_id'),
    /** A service line: the service's 大/小项目 mark when the line was priced (1 大, 2 小); null on other lines. */
    serType: smallint('ser_type'),
    /** A product line sold to a member of staff (内购, the original's pricetype 3) rather than taken home by a customer (客装). */
    staffPurchase: boolean('staff_purchase').notNull().default(false),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('service_bill_lines_tenant_bill_no').on(t.tenantId, t.billId, t.lineNo),
    tenantReference(t, t.billId, serviceBills).onDelete('cascade'),
  ],
);

/** The payments of a settled bill; a card payment becomes a principal row and a gift row with the card bill they came from. */
export const serviceBillPayments = pgTable(
  'service_bill_payments',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    payTypeId: refId('pay_type_id').notNull(),
    payCode: text('pay_code').notNull(),
    payName: text('pay_name').notNull(),
    classCode: text('class_code').notNull(),
    amount: integer('amount').notNull(),
    /** payyj: the part that counts as performance; fee: the pay type's fee (payyjzke = amount − perf). */
    perf: integer('perf').notNull(),
    fee: integer('fee').notNull(),
    cardId: refId('card_id'),
    cardBillId: refId('card_bill_id'),
    /** The member's coupon or red envelope this payment spent (given back by 撤单). */
    memberCouponId: refId('member_coupon_id'),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('service_bill_payments_tenant_bill').on(t.tenantId, t.billId),
    index('service_bill_payments_tenant_coupon').on(t.tenantId, t.memberCouponId).where(sql`${t.memberCouponId} is not null`),
    tenantReference(t, t.billId, serviceBills).onDelete('cascade'),
    tenantReference(t, t.payTypeId, payTypes),
    tenantReference(t, t.cardId, memberCards),
    tenantReference(t, t.memberCouponId, memberCoupons),
  ],
);

/** 分摊: each payment's share of each line (payftje) and of its performance; rows of a payment add up to it, rows of a line to the line. */
export const serviceBillShares = pgTable(
  'service_bill_shares',
  {
    tenantId: tenantColumn(),
    billId: refId('bill_id').notNull(),
    paymentId: refId('payment_id').notNull(),
    lineId: refId('line_id').notNull(),
    amount: integer('amount').notNull(),
    perf: integer('perf').notNull(),
    fee: integer('fee').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.paymentId, t.lineId] }),
    index('service_bill_shares_tenant_bill').on(t.tenantId, t.billId),
    tenantReference(t, t.billId, serviceBills).onDelete('cascade'),
    tenantReference(t, t.paymentId, serviceBillPayments).onDelete('cascade'),
    tenantReference(t, t.lineId, serviceBillLines).onDelete('cascade'),
  ],
);

/**
 * Performance rows (业绩) per line, station and employee, append-only: a settle writes them, a
 * revise negates the current ones and writes the new split, a revoke negates them. Commission reads them.
 */
export const serviceBillPerf = pgTable(
  'service_bill_perf',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    lineId: refId('line_id').notNull(),
    /** Null: 公单 (a shared bill), the station's performance credited to no one (commission skips it). */
    employeeId: refId('employee_id'),
    station: smallint('station').notNull(),
    appointed: boolean('appointed').notNull(),
    amount: integer('amount').notNull(),
    /** settle | revise | revoke | adjust */
    cause: text('cause').notNull(),
    /** The recharge performance adjustment bill (充值单业绩调整单) whose audit wrote the row. */
    causeBillNo: text('cause_bill_no'),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    reversesId: refId('reverses_id'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('service_bill_perf_tenant_bill').on(t.tenantId, t.billId, t.id),
    index('service_bill_perf_tenant_employee').on(t.tenantId, t.employeeId, t.businessDate),
    // Commission reads a month of every employee, and the corrections written in a month.
    index('service_bill_perf_tenant_date').on(t.tenantId, t.businessDate),
    index('service_bill_perf_tenant_created').on(t.tenantId, t.createdAt),
    uniqueIndex('service_bill_perf_tenant_reverses').on(t.tenantId, t.reversesId),
    tenantReference(t, t.billId, serviceBills).onDelete('cascade'),
    tenantReference(t, t.lineId, serviceBillLines).onDelete('cascade'),
    tenantReference(t, t.employeeId, employees),
  ],
);

/**
 * 充值单业绩调整单 (`csadjrecords`): a new performance split of a settled, not revoked card bill
 * (`refBillId`, its number `refbillcode`), applied by the audit through the revise machinery.
 * `billDate` is the adjustment's date. At most one draft per card bill.
 */
export const csadjBills = pgTable(
  'csadj_bills',
  {
    ...billHeadColumns(),
    refBillId: refId('ref_bill_id').notNull(),
    refbillcode: text('refbillcode').notNull(),
    billDate: billDate(),
    state: billState(),
    memo: memo(),
    ...makerColumns(),
    ...auditColumns(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    uniqueIndex('csadj_bills_tenant_ref_draft').on(t.tenantId, t.refBillId).where(sql`state = 'draft'`),
    index('csadj_bills_tenant_created').on(t.tenantId, t.createdAt, t.id),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.refBillId, serviceBills),
  ],
);

/** The new split of an adjustment: per card-bill line and station, an employee (null: 公单) and performance. */
export const csadjBillLines = pgTable(
  'csadj_bill_lines',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    lineId: refId('line_id').notNull(),
    station: smallint('station').notNull(),
    employeeId: refId('employee_id'),
    appointed: boolean('appointed').notNull().default(false),
    yj: integer('yj').notNull(),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('csadj_bill_lines_tenant_bill').on(t.tenantId, t.billId),
    check('csadj_bill_lines_yj_positive', sql`${t.yj} > 0`),
    tenantReference(t, t.billId, csadjBills).onDelete('cascade'),
    tenantReference(t, t.lineId, serviceBillLines),
    tenantReference(t, t.employeeId, employees),
  ],
);

/**
 * 预付订单 (`prepaidorder`): money a customer paid beforehand (online, UnionPay) for a shop, through a
 * pay type; used whole, at most once, as a payment of a service bill at settle. Status 1 unused |
 * 2 used (billId, paymentId set) | 3 refunded (only an unused order, with a reason). A revoke of
 * the bill gives the order back (status 1). `adjShopId` names the shop the order was moved to.
 */
export const prepaidOrders = pgTable(
  'prepaid_orders',
  {
    ...tenantKeys(),
    orderNo: text('order_no').notNull(),
    shopId: refId('shop_id').notNull(),
    payTypeId: refId('pay_type_id').notNull(),
    amount: integer('amount').notNull(),
    customerName: text('customer_name'),
    mobile: text('mobile'),
    status: status(),
    billId: refId('bill_id'),
    paymentId: refId('payment_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: refId('refunded_by'),
    memo: memo(),
    createdBy: refId('created_by'),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('prepaid_orders_tenant_order_no').on(t.tenantId, t.orderNo),
    index('prepaid_orders_tenant_shop_status').on(t.tenantId, t.shopId, t.status, t.id),
    index('prepaid_orders_tenant_bill').on(t.tenantId, t.billId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.payTypeId, payTypes),
    tenantReference(t, t.billId, serviceBills),
  ],
);

/**
 * The cards a bill's card lines opened or recharged (充值单): one row per card, with the card bill the
 * assets module wrote, the gift it got and the gift rule's part of it (`activityGift`). 撤销活动 takes
 * that part back as an adjustment card bill (`giftBackBillId`) without revoking the bill.
 */
export const serviceBillCards = pgTable(
  'service_bill_cards',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    lineId: refId('line_id').notNull(),
    cardId: refId('card_id').notNull(),
    memberId: refId('member_id').notNull(),
    /** 1 开卡 | 0 充值 */
    isOpen: smallint('is_open').notNull(),
    amount: integer('amount').notNull(),
    gift: integer('gift').notNull(),
    activityGift: integer('activity_gift').notNull().default(0),
    cardBillId: refId('card_bill_id').notNull(),
    giftBackBillId: refId('gift_back_bill_id'),
    giftBackAt: timestamp('gift_back_at', { withTimezone: true }),
    giftBackBy: refId('gift_back_by'),
    giftBackMemo: text('gift_back_memo'),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('service_bill_cards_tenant_bill').on(t.tenantId, t.billId),
    index('service_bill_cards_tenant_card').on(t.tenantId, t.cardId),
    tenantReference(t, t.billId, serviceBills).onDelete('cascade'),
    tenantReference(t, t.lineId, serviceBillLines).onDelete('cascade'),
    tenantReference(t, t.cardId, memberCards),
    tenantReference(t, t.memberId, members),
  ],
);

/**
 * The live wheel (轮牌) of a shop: one entry per scheme row (`row_no`, the row's index) and employee
 * signed in today, at a place (1 first). A rest keeps the place until `rest_until`; `assigned_at`
 * marks a customer given by the wheel whose bill is not open yet (that bill does not turn the card
 * again). Entries of an earlier attendance day (`day`) are rebuilt in sign-in order for rows with
 * 每日洗牌.
 */
export const wheelEntries = pgTable(
  'wheel_entries',
  {
    tenantId: tenantColumn(),
    shopId: refId('shop_id').notNull(),
    rowNo: smallint('row_no').notNull(),
    employeeId: refId('employee_id').notNull(),
    place: integer('place').notNull(),
    day: date('day').notNull(),
    restUntil: timestamp('rest_until', { withTimezone: true }),
    restName: text('rest_name'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.shopId, t.rowNo, t.employeeId] }),
    tenantReference(t, t.shopId, shops).onDelete('cascade'),
    tenantReference(t, t.employeeId, employees).onDelete('cascade'),
  ],
);

/** Every move of the wheel: who moved whom, when, from which place to which, why (turn disputes are settled from it). */
export const wheelLogs = pgTable(
  'wheel_logs',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    rowNo: smallint('row_no'),
    rowName: text('row_name'),
    employeeId: refId('employee_id').notNull(),
    employeeName: text('employee_name').notNull(),
    action: text('action').notNull(),
    fromPlace: integer('from_place'),
    toPlace: integer('to_place'),
    reason: text('reason'),
    billId: refId('bill_id'),
    byUser: refId('by_user'),
    byName: text('by_name'),
    at: atColumn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('wheel_logs_tenant_shop_at').on(t.tenantId, t.shopId, t.at),
    tenantReference(t, t.shopId, shops).onDelete('cascade'),
  ],
);

/**
 * 平台券 (`thirdorder`): a Meituan or Douyin voucher verified at the till in a shop mapped to that
 * platform (`openShopUuid` holds the platform's shop: Meituan openShopUuid, Douyin poiId).
 * Status 1 verified | 2 used (billId, paymentId set) | 4 refunded (revoked at the platform). A code is
 * held by one live row per channel (the partial unique index): a voucher is verified once; after a
 * refund the platform gives it back to the customer and it may be verified again.
 */
export const thirdOrders = pgTable(
  'third_orders',
  {
    ...tenantKeys(),
    channel: text('channel').$type<VoucherChannel>().notNull(),
    code: text('code').notNull(),
    productName: text('product_name').notNull(),
    /** The platform's deal id of the product, when it names one. */
    dealId: text('deal_id'),
    amount: integer('amount').notNull(),
    shopId: refId('shop_id').notNull(),
    openShopUuid: text('open_shop_uuid').notNull(),
    status: status(),
    /** The platform's receipt of the verification (what a refund names). */
    receiptId: text('receipt_id'),
    billId: refId('bill_id'),
    paymentId: refId('payment_id'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedBy: refId('verified_by'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: refId('refunded_by'),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('third_orders_tenant_live_code').on(t.tenantId, t.channel, t.code).where(sql`status <> 4`),
    index('third_orders_tenant_shop_status').on(t.tenantId, t.shopId, t.status, t.id),
    index('third_orders_tenant_bill').on(t.tenantId, t.billId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.billId, serviceBills),
    check('third_orders_amount_status', sql`${t.amount} > 0 and ${t.status} in (1, 2, 4)`),
  ],
);

/**
 * 骁骁网 (XXW) orders as the mall's adapter records them: vouchers verified in a shop (`kind`
 * voucher) and take-home products bought online and picked up in a shop (`kind` product).
 * Status 1 verified / picked up | 2 refunded.
 */
export const xxwOrders = pgTable(
  'xxw_orders',
  {
    ...tenantKeys(),
    kind: text('kind').notNull(),
    orderNo: text('order_no').notNull(),
    code: text('code'),
    itemName: text('item_name').notNull(),
    productId: refId('product_id'),
    num: integer('num').notNull().default(1),
    amount: integer('amount').notNull(),
    shopId: refId('shop_id').notNull(),
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
    customerName: text('customer_name'),
    mobile: text('mobile'),
    status: status(),
    refBillNo: text('ref_bill_no'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('xxw_orders_tenant_kind_order').on(t.tenantId, t.kind, t.orderNo),
    index('xxw_orders_tenant_shop_time').on(t.tenantId, t.shopId, t.happenedAt),
    tenantReference(t, t.shopId, shops),
    check('xxw_orders_kind', sql`${t.kind} in ('voucher', 'product') and ${t.amount} >= 0 and ${t.num} > 0`),
  ],
);

/** 预付订单调整 (`prepaidadj`): an unused prepaid order moved from one shop to another, with the reason. */
export const prepaidAdjustments = pgTable(
  'prepaid_adjustments',
  {
    ...tenantKeys(),
    orderId: refId('order_id').notNull(),
    fromShopId: refId('from_shop_id').notNull(),
    toShopId: refId('to_shop_id').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    createdBy: refId('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('prepaid_adjustments_tenant_order').on(t.tenantId, t.orderId),
    index('prepaid_adjustments_tenant_created').on(t.tenantId, t.createdAt),
    tenantReference(t, t.orderId, prepaidOrders),
    tenantReference(t, t.fromShopId, shops),
    tenantReference(t, t.toShopId, shops),
    check('prepaid_adjustments_shops', sql`${t.fromShopId} <> ${t.toShopId}`),
  ],
);
