import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  auditColumns,
  billDate,
  billHeadColumns,
  billNo,
  billNoIndex,
  billState,
  billTraceIndex,
  createdAt,
  ledgerTraceColumns,
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
  version,
  versionedTimestamps,
} from '../../db/columns.js';
import { users } from '../identity/public.js';
import { activities, coupons, redEnvelopes } from '../marketing/public.js';
import { cardTypes, members } from '../members/public.js';
import { shops } from '../org/public.js';

/**
 * The bill a card or package movement was made for (a till bill, a refund), when it is not a bill of
 * its own: its document type, id and number. Such a movement is reversed only with its owner, by the
 * owner's own revoke; the standalone revoke refuses it naming the owner.
 */
const ownerColumns = () => ({
  ownerDoc: text('owner_doc'),
  ownerId: refId('owner_id'),
  ownerNo: text('owner_no'),
});

/**
 * Member cards (会员卡): one card of a card type held by a member. A stored-value card's money is
 * kept per shop bucket in `card_balances` (the shop that took the money in), principal and gift apart.
 */
export const memberCards = pgTable(
  'member_cards',
  {
    ...tenantKeys(),
    /** Unique in the tenant (cardno). */
    cardNo: text('card_no').notNull(),
    memberId: refId('member_id').notNull(),
    cardTypeId: refId('card_type_id').notNull(),
    /** The shop that opened the card. */
    shopId: refId('shop_id').notNull(),
    openedOn: date('opened_on', { mode: 'string' }).notNull(),
    /** Null: never expires (exprite). */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** 1 normal, 2 closed. */
    status: status(),
    /** Copied from the card type when the card is opened (serDis, proDis), basis points. */
    serviceDiscount: integer('service_discount').notNull().default(0),
    productDiscount: integer('product_discount').notNull().default(0),
    /** The member's electronic card number (dcardno) and the physical card linked to it (scardno / dawncmcode). */
    electronicNo: text('electronic_no').notNull(),
    physicalNo: text('physical_no'),
    memo: memo(),
    version: version(),
    createdBy: refId('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('member_cards_tenant_card_no').on(t.tenantId, t.cardNo),
    uniqueIndex('member_cards_tenant_physical_no').on(t.tenantId, t.physicalNo),
    index('member_cards_tenant_member').on(t.tenantId, t.memberId),
    tenantReference(t, t.memberId, members),
    tenantReference(t, t.cardTypeId, cardTypes),
    tenantReference(t, t.shopId, shops),
  ],
);

/** The money of a card per shop and bucket (principal 本金 | gift 赠送), cents: the card ledger's balances. */
export const cardBalances = pgTable(
  'card_balances',
  {
    tenantId: tenantColumn(),
    cardId: refId('card_id').notNull(),
    shopId: refId('shop_id').notNull(),
    bucket: text('bucket').$type<'principal' | 'gift'>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    /** When the shop first took money in for this card: other shops' buckets pay oldest first. */
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.cardId, t.shopId, t.bucket] }),
    tenantReference(t, t.cardId, memberCards),
    tenantReference(t, t.shopId, shops),
  ],
);

/**
 * A card's money operations (开卡/充值/消费/退款/调整/转卡): one row per operation with the card's
 * principal and gift before, change and after; its ledger rows in `card_ledger` carry its id.
 */
export const cardBills = pgTable(
  'card_bills',
  {
    ...tenantKeys(),
    billNo: billNo(),
    /** open | recharge | consume | refund | adjust | transfer. */
    kind: text('kind').notNull(),
    cardId: refId('card_id').notNull(),
    /** The card's holder when the bill was made (the giver, for a transfer). */
    memberId: refId('member_id').notNull(),
    /** A transfer's receiver. */
    toMemberId: refId('to_member_id'),
    /** Where it happened (the paying or recharging shop; a head-office action: the bucket's shop). */
    shopId: refId('shop_id').notNull(),
    /** Money paid in (open, recharge) or the amount paid with the card (consume), cents. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    principalBefore: bigint('principal_before', { mode: 'number' }).notNull(),
    giftBefore: bigint('gift_before', { mode: 'number' }).notNull(),
    principalChange: bigint('principal_change', { mode: 'number' }).notNull(),
    giftChange: bigint('gift_change', { mode: 'number' }).notNull(),
    principalAfter: bigint('principal_after', { mode: 'number' }).notNull(),
    giftAfter: bigint('gift_after', { mode: 'number' }).notNull(),
    /** Why (an adjustment's reason), or the till's reference. */
    memo: memo(),
    createdBy: refId('created_by'),
    createdAt: createdAt(),
    /** Revoked (撤单): who, when, why; its ledger rows are reversed. */
    revokedBy: refId('revoked_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeMemo: text('revoke_memo'),
    ...ownerColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('card_bills_tenant_card').on(t.tenantId, t.cardId, t.id),
    index('card_bills_tenant_member').on(t.tenantId, t.memberId, t.id),
    // Card sales of a range of days (the daily figures' source, their rebuild).
    index('card_bills_tenant_created').on(t.tenantId, t.createdAt),
    tenantReference(t, t.cardId, memberCards),
    tenantReference(t, t.memberId, members),
    tenantReference(t, t.toMemberId, members),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.createdBy, users),
  ],
);

/** Append-only: every movement of a card's money, per shop bucket, with the bucket's balance after it. */
export const cardLedger = pgTable(
  'card_ledger',
  {
    ...tenantKeys(),
    cardId: refId('card_id').notNull(),
    shopId: refId('shop_id').notNull(),
    bucket: text('bucket').$type<'principal' | 'gift'>().notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    ...ledgerTraceColumns(),
  },
  (t) => [tenantPrimaryKey(t), index('card_ledger_tenant_card').on(t.tenantId, t.cardId, t.shopId, t.bucket, t.id), billTraceIndex(t)],
);

/** Unbindings of a member's electronic card from its physical card (解除关联), and bindings again. */
export const cardBindingLogs = pgTable(
  'card_binding_logs',
  {
    ...tenantKeys(),
    cardId: refId('card_id').notNull(),
    memberId: refId('member_id').notNull(),
    /** unbind | bind. */
    action: text('action').notNull(),
    physicalNo: text('physical_no').notNull(),
    /** 挂失实体卡 | 坏卡 | 顾客要求 | 其他 | 卡转赠 (unbind only). */
    type: text('type'),
    reason: text('reason').notNull(),
    createdBy: refId('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('card_binding_logs_tenant_member').on(t.tenantId, t.memberId, t.id),
    tenantReference(t, t.cardId, memberCards),
    tenantReference(t, t.memberId, members),
  ],
);

/** Direct refunds (退款单, tkhead) of a member's assets by a shop or by head office (shop null). */
export const refunds = pgTable(
  'refunds',
  {
    ...tenantKeys(),
    billNo: billNo(),
    memberId: refId('member_id').notNull(),
    /** The refunding shop (only its buckets); null: head office. */
    shopId: refId('shop_id'),
    /** Σ principal refunded − the fee: paid out for the cards (cardJe). */
    cardAmount: bigint('card_amount', { mode: 'number' }).notNull(),
    /** The fee kept (freeCard). */
    cardFee: bigint('card_fee', { mode: 'number' }).notNull(),
    /** Paid out in all (totalJe). */
    totalAmount: bigint('total_amount', { mode: 'number' }).notNull(),
    /** Gift written off (Σ tzje), never paid. */
    giftWrittenOff: bigint('gift_written_off', { mode: 'number' }).notNull(),
    /** Σ counts × unit price of the package lines − the fee (packageJe), and the fee (freePackage). */
    packageAmount: bigint('package_amount', { mode: 'number' }).notNull().default(0),
    packageFee: bigint('package_fee', { mode: 'number' }).notNull().default(0),
    /** Σ units × price of the deposited products − the fee (productJe), and the fee (freeProduct). */
    productAmount: bigint('product_amount', { mode: 'number' }).notNull().default(0),
    productFee: bigint('product_fee', { mode: 'number' }).notNull().default(0),
    memo: memo(),
    createdBy: refId('created_by'),
    createdAt: createdAt(),
    /** Taken back with the bill that posted it (an approval's review cancelled): it counts nowhere. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('refunds_tenant_shop').on(t.tenantId, t.shopId, t.id),
    index('refunds_tenant_member').on(t.tenantId, t.memberId),
    tenantReference(t, t.memberId, members),
    tenantReference(t, t.shopId, shops),
  ],
);

/** A refund's card lines: one bucket each, principal refunded and gift written off, and the card bill that posted it. */
export const refundLines = pgTable(
  'refund_lines',
  {
    ...tenantKeys(),
    refundId: refId('refund_id').notNull(),
    cardId: refId('card_id').notNull(),
    shopId: refId('shop_id').notNull(),
    principal: bigint('principal', { mode: 'number' }).notNull(),
    gift: bigint('gift', { mode: 'number' }).notNull(),
    cardBillId: refId('card_bill_id').notNull(),
    /** The card was closed at zero by this refund. */
    closedCard: smallint('closed_card').notNull().default(0),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('refund_lines_tenant_refund').on(t.tenantId, t.refundId),
    tenantReference(t, t.refundId, refunds).onDelete('cascade'),
    tenantReference(t, t.cardId, memberCards),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.cardBillId, cardBills),
  ],
);

/**
 * A package sold to a member (会员套餐, the 次卡/疗程): one sale, one batch. Its lines hold the counts;
 * `card_id` links it to a card (it moves with the card when the card is transferred).
 */
export const memberPackages = pgTable(
  'member_packages',
  {
    ...tenantKeys(),
    memberId: refId('member_id').notNull(),
    cardId: refId('card_id'),
    /** The catalogue's package it was sold from (null: lines typed by hand, an import). */
    packageId: refId('package_id'),
    /** mpname. */
    name: text('name').notNull(),
    /** The selling shop. */
    shopId: refId('shop_id').notNull(),
    soldOn: date('sold_on', { mode: 'string' }).notNull(),
    /** The sale's package bill (kind sell), set once the sale is posted. */
    billId: refId('bill_id'),
    memo: memo(),
    createdBy: refId('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('member_packages_tenant_member').on(t.tenantId, t.memberId, t.id),
    index('member_packages_tenant_shop').on(t.tenantId, t.shopId, t.id),
    tenantReference(t, t.memberId, members),
    tenantReference(t, t.cardId, memberCards),
    tenantReference(t, t.shopId, shops),
  ],
);

/**
 * A package line: a service (stype 1) or a product (stype 2) × a count, at the batch's unit price
 * (singlePrice: what the member paid per use). The count left is the package ledger's balance.
 */
export const memberPackageLines = pgTable(
  'member_package_lines',
  {
    ...tenantKeys(),
    memberPackageId: refId('member_package_id').notNull(),
    memberId: refId('member_id').notNull(),
    /** 1 service 项目 | 2 product 产品. */
    itemType: smallint('item_type').notNull(),
    serviceId: refId('service_id'),
    productId: refId('product_id'),
    itemCode: text('item_code').notNull(),
    itemName: text('item_name').notNull(),
    total: integer('total').notNull(),
    /** Cents per use. */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    /** Null: never expires. */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** A gift line (isGift): refunds 0. */
    isGift: smallint('is_gift').notNull().default(0),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('member_package_lines_tenant_package').on(t.tenantId, t.memberPackageId),
    index('member_package_lines_tenant_member').on(t.tenantId, t.memberId, t.id),
    tenantReference(t, t.memberPackageId, memberPackages).onDelete('cascade'),
    tenantReference(t, t.memberId, members),
  ],
);

/** The counts left per package line: the package ledger's balances. */
export const packageBalances = pgTable(
  'package_balances',
  {
    tenantId: tenantColumn(),
    packageLineId: refId('package_line_id').notNull(),
    remaining: integer('remaining').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.packageLineId] }), tenantReference(t, t.packageLineId, memberPackageLines)],
);

/** A package operation (售/消费/退/转/撤): one row each; its ledger rows carry its id. */
export const packageBills = pgTable(
  'package_bills',
  {
    ...tenantKeys(),
    billNo: billNo(),
    /** sell | consume | refund. */
    kind: text('kind').notNull(),
    memberId: refId('member_id').notNull(),
    shopId: refId('shop_id').notNull(),
    /** The till's reference or the refund's number. */
    memo: memo(),
    createdBy: refId('created_by'),
    createdAt: createdAt(),
    revokedBy: refId('revoked_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeMemo: text('revoke_memo'),
    ...ownerColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('package_bills_tenant_member').on(t.tenantId, t.memberId, t.id),
    tenantReference(t, t.memberId, members),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.createdBy, users),
  ],
);

/** Append-only: every change of a package line's count, with the count left after it. */
export const packageLedger = pgTable(
  'package_ledger',
  {
    ...tenantKeys(),
    packageLineId: refId('package_line_id').notNull(),
    delta: integer('delta').notNull(),
    balance: integer('balance').notNull(),
    ...ledgerTraceColumns(),
  },
  (t) => [tenantPrimaryKey(t), index('package_ledger_tenant_line').on(t.tenantId, t.packageLineId, t.id), billTraceIndex(t)],
);

/** The package extension bill (会员套餐延期单, mempackageorder): save → audit moves each line's expiry. */
export const packageExtensions = pgTable(
  'package_extensions',
  {
    /** `shop_id` always null: a head-office bill. */
    ...billHeadColumns({ headOffice: true }),
    billDate: billDate(),
    state: billState(),
    memo: memo(),
    lineCount: integer('line_count').notNull().default(0),
    ...makerColumns(),
    ...auditColumns(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('package_extensions_tenant_date').on(t.tenantId, t.billDate, t.id),
    tenantReference(t, t.shopId, shops),
  ],
);

/** A line of an extension: the package line, its expiry when saved (or audited) and the new one. */
export const packageExtensionLines = pgTable(
  'package_extension_lines',
  {
    ...tenantKeys(),
    extensionId: refId('extension_id').notNull(),
    packageLineId: refId('package_line_id').notNull(),
    memberId: refId('member_id').notNull(),
    /** Null: never expired. */
    expiryTime: date('expiry_time', { mode: 'string' }),
    nexpiryTime: date('nexpiry_time', { mode: 'string' }).notNull(),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('package_extension_lines_tenant_bill').on(t.tenantId, t.extensionId),
    tenantReference(t, t.extensionId, packageExtensions).onDelete('cascade'),
    tenantReference(t, t.packageLineId, memberPackageLines),
    tenantReference(t, t.memberId, members),
  ],
);

/** Products a member left at a shop (寄存): the count left (checknum) never below zero. */
export const deposits = pgTable(
  'deposits',
  {
    ...tenantKeys(),
    memberId: refId('member_id').notNull(),
    shopId: refId('shop_id').notNull(),
    productId: refId('product_id'),
    /** pcode, pname. */
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    total: integer('total').notNull(),
    /** checknum: left at the shop. */
    remaining: integer('remaining').notNull(),
    /** Cents per unit as sold (0: a gift): what a refund pays per unit. */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** Where it came from: purchase 购买 | package 套餐 | gift 赠送 | import 导入. */
    source: text('source').notNull(),
    /** The bill it came from (billcode). */
    sourceBillNo: text('source_bill_no'),
    memo: memo(),
    createdBy: refId('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('deposits_tenant_member').on(t.tenantId, t.memberId, t.id),
    index('deposits_tenant_shop').on(t.tenantId, t.shopId, t.id),
    tenantReference(t, t.memberId, members),
    tenantReference(t, t.shopId, shops),
    check('deposits_remaining_range', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.total}`),
  ],
);

/** What left a deposit: taken out at a shop (take-out) or refunded; their sum is total − remaining. */
export const depositMovements = pgTable(
  'deposit_movements',
  {
    ...tenantKeys(),
    depositId: refId('deposit_id').notNull(),
    /** takeout | refund. */
    kind: text('kind').notNull(),
    num: integer('num').notNull(),
    shopId: refId('shop_id').notNull(),
    /** The refund that took it. */
    refundId: refId('refund_id'),
    memo: memo(),
    createdBy: refId('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('deposit_movements_tenant_deposit').on(t.tenantId, t.depositId, t.id),
    tenantReference(t, t.depositId, deposits),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.refundId, refunds),
  ],
);

/** A refund's package lines: counts taken back at the batch's unit price (gift lines: 0). */
export const refundPackageLines = pgTable(
  'refund_package_lines',
  {
    ...tenantKeys(),
    refundId: refId('refund_id').notNull(),
    packageLineId: refId('package_line_id').notNull(),
    num: integer('num').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    packageBillId: refId('package_bill_id').notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('refund_package_lines_tenant_refund').on(t.tenantId, t.refundId),
    tenantReference(t, t.refundId, refunds).onDelete('cascade'),
    tenantReference(t, t.packageLineId, memberPackageLines),
    tenantReference(t, t.packageBillId, packageBills),
  ],
);

/** A refund's deposited-product lines: units refunded at the deposit's price. */
export const refundProductLines = pgTable(
  'refund_product_lines',
  {
    ...tenantKeys(),
    refundId: refId('refund_id').notNull(),
    depositId: refId('deposit_id').notNull(),
    num: integer('num').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('refund_product_lines_tenant_refund').on(t.tenantId, t.refundId),
    tenantReference(t, t.refundId, refunds).onDelete('cascade'),
    tenantReference(t, t.depositId, deposits),
  ],
);

/**
 * Coupons (优惠券) and red envelopes (红包) held by members: one row per issued item, of exactly one
 * definition (its kind). `state` stores unused | used | withdrawn; expired is read from `valid_to`.
 * Face value in cents, fixed at issue from the definition.
 */
export const memberCoupons = pgTable(
  'member_coupons',
  {
    ...tenantKeys(),
    memberId: refId('member_id').notNull(),
    /** coupon | redEnvelope. */
    kind: text('kind').notNull(),
    couponId: refId('coupon_id'),
    redEnvelopeId: refId('red_envelope_id'),
    code: text('code').notNull(),
    faceValue: bigint('face_value', { mode: 'number' }).notNull(),
    /** What is left to pay with: the face value until used; a red envelope spent over several bills (many_times) spends it down. */
    remaining: bigint('remaining', { mode: 'number' }).notNull(),
    /** 1: a red envelope that may be spent over several bills (fixed at issue from its definition). */
    manyTimes: smallint('many_times').notNull().default(0),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    state: text('state').notNull().default('unused'),
    /** manual | activity. */
    source: text('source').notNull(),
    /** The issuing shop. */
    shopId: refId('shop_id').notNull(),
    usedBillId: refId('used_bill_id'),
    usedBillNo: text('used_bill_no'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    withdrawReason: text('withdraw_reason'),
    /** The marketing activity that gave it (source `activity`). */
    activityId: refId('activity_id'),
    /** The till bill whose settle gave it (no foreign key: the cashier's tables refer to this module's). */
    issuedBillId: refId('issued_bill_id'),
    issuedBillNo: text('issued_bill_no'),
    /** Usable only at this shop (an activity's `useShopType` 2); null: wherever the definition allows. */
    usableShopId: refId('usable_shop_id'),
    memo: memo(),
    createdBy: refId('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('member_coupons_tenant_code').on(t.tenantId, t.code),
    index('member_coupons_tenant_member').on(t.tenantId, t.memberId, t.id),
    index('member_coupons_tenant_issued_bill').on(t.tenantId, t.issuedBillId).where(sql`${t.issuedBillId} is not null`),
    tenantReference(t, t.memberId, members),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.usableShopId, shops),
    tenantReference(t, t.activityId, activities),
    tenantReference(t, t.couponId, coupons),
    tenantReference(t, t.redEnvelopeId, redEnvelopes),
    check(
      'member_coupons_definition',
      sql`(${t.kind} = 'coupon' and ${t.couponId} is not null and ${t.redEnvelopeId} is null) or (${t.kind} = 'redEnvelope' and ${t.redEnvelopeId} is not null and ${t.couponId} is null)`,
    ),
    check('member_coupons_state', sql`${t.state} in ('unused', 'used', 'withdrawn')`),
    check('member_coupons_face_value', sql`${t.faceValue} >= 0 and ${t.remaining} >= 0 and ${t.remaining} <= ${t.faceValue}`),
    check('member_coupons_activity', sql`(${t.source} = 'activity') = (${t.activityId} is not null)`),
  ],
);
