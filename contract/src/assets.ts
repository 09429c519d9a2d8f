import { z } from 'zod';
import { date, id, type Label, pageQuery } from './platform.js';
import { lineStaff } from './till.js';

/** Member assets: cards with money per shop bucket, the card ledger, SMS codes, transfers, binding. */

/** Cents, at most ¥100,000,000 in one operation. */
const cents = z.number().int().min(0).max(10_000_000_000);
const positiveCents = z.number().int().min(1).max(10_000_000_000);
const mobile = z.string().regex(/^1\d{10}$/, '11 位手机号 / 11-digit mobile');
const reason = z.string().trim().min(1).max(200);

/** The two money buckets of a stored-value card. */
export const moneyBuckets = ['principal', 'gift'] as const;
export type MoneyBucket = (typeof moneyBuckets)[number];
export const moneyBucketLabels: Record<MoneyBucket, Label> = { principal: ['本金', 'Principal'], gift: ['赠送', 'Gift'] };

/** Card bill kinds (btype); `revoke` is how a reversed row reads in the ledger. */
export const cardBillKinds = ['open', 'recharge', 'consume', 'refund', 'adjust', 'transfer', 'revoke'] as const;
export type CardBillKind = (typeof cardBillKinds)[number];
export const cardBillKindLabels: Record<CardBillKind, Label> = {
  open: ['开卡', 'Open'],
  recharge: ['充值', 'Recharge'],
  consume: ['消费', 'Payment'],
  refund: ['退款', 'Refund'],
  adjust: ['调整', 'Adjustment'],
  transfer: ['转卡', 'Transfer'],
  revoke: ['撤单', 'Revoked'],
};
/** Kinds a head office may revoke (撤单). */
export const revocableKinds: CardBillKind[] = ['open', 'recharge', 'consume', 'adjust'];

export const cardStatusLabels: Record<number, Label> = { 1: ['正常', 'Active'], 2: ['已关闭', 'Closed'] };

/** Open a card for a member (head office or the till). */
export const openCardBody = z.strictObject({
  memberId: id,
  cardTypeId: id,
  shopId: id,
  /** Paid in, cents: principal at the opening shop. */
  amount: cents,
  /** Typed or read from a physical card; given by the system when left out. */
  cardNo: z.string().trim().min(1).max(32).optional(),
  memo: z.string().trim().max(200).optional(),
  /** How it was paid, with the shop's pay types as at the till: adding up to `amount`. */
  pays: z
    .array(z.strictObject({ payTypeId: id, amount: cents.min(1) }))
    .max(10)
    .default([]),
  /** Who sold it (开卡业绩), by station as on a till bill. */
  yjs: z.array(lineStaff).max(12).default([]),
});
/** The gift a card type gives on opening with an amount (its opening gift and the one rule that applies). */
export const openGiftQuery = z.object({ cardTypeId: id, amount: z.coerce.number().int().min(0).max(10_000_000_000) });
export const openGiftAnswer = z.object({ gift: z.number() });
export const rechargeBody = z.strictObject({
  cardId: id,
  shopId: id,
  amount: positiveCents,
  memo: z.string().trim().max(200).optional(),
});
export const consumeBody = z.strictObject({
  cardId: id,
  shopId: id,
  amount: positiveCents,
  memo: z.string().trim().max(200).optional(),
});
/** updateCardmoney: new principal (nmoney) and gift (ngmoney) per shop bucket. */
export const adjustBody = z.strictObject({
  cardId: id,
  buckets: z
    .array(z.strictObject({ shopId: id, principal: cents, gift: cents }))
    .min(1)
    .max(100),
  reason,
});
export const revokeBody = z.strictObject({ billId: id, memo: z.string().trim().min(1).max(30) });

/** One movement of a bill: which shop's bucket, signed cents, the bucket's balance after. */
export const cardMovement = z.object({
  shopId: z.number(),
  bucket: z.enum(moneyBuckets),
  amount: z.number(),
  balance: z.number(),
});
export const cardBillAnswer = z.object({
  billId: z.number(),
  billNo: z.string(),
  cardId: z.number(),
  cardNo: z.string(),
  kind: z.enum(cardBillKinds),
  principalBefore: z.number(),
  giftBefore: z.number(),
  principalChange: z.number(),
  giftChange: z.number(),
  principalAfter: z.number(),
  giftAfter: z.number(),
  rows: z.array(cardMovement),
});
export type CardBillAnswer = z.infer<typeof cardBillAnswer>;

/** queryCardRecords: the card ledger, newest first. */
export const cardRecordsQuery = z.object({
  ...pageQuery.shape,
  memberId: id.optional(),
  cardId: id.optional(),
  cardNo: z.string().trim().max(32).optional(),
  shopId: id.optional(),
  kind: z.enum(cardBillKinds).optional(),
  bucket: z.enum(moneyBuckets).optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
});
export const cardRecordRow = z.object({
  id: z.number(),
  cardId: z.number(),
  cardNo: z.string(),
  memberId: z.number(),
  memberName: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  billId: z.number(),
  billNo: z.string(),
  kind: z.enum(cardBillKinds),
  bucket: z.enum(moneyBuckets),
  amount: z.number(),
  balanceBefore: z.number(),
  balance: z.number(),
  memo: z.string().nullable(),
  at: z.string(),
  by: z.string().nullable(),
});
export type CardRecordRow = z.infer<typeof cardRecordRow>;
export const cardRecordsPage = z.object({
  list: z.array(cardRecordRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalCapped: z.literal(true).optional(),
});

/** A member's assets: cards with their buckets. */
export const cardBucketRow = z.object({ shopId: z.number(), shopName: z.string(), principal: z.number(), gift: z.number() });
export const memberCardRow = z.object({
  id: z.number(),
  cardNo: z.string(),
  cardTypeId: z.number(),
  cardTypeName: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  openedOn: z.string(),
  expiresOn: z.string().nullable(),
  status: z.number(),
  serviceDiscount: z.number(),
  productDiscount: z.number(),
  electronicNo: z.string(),
  physicalNo: z.string().nullable(),
  transferable: z.boolean(),
  principal: z.number(),
  gift: z.number(),
  buckets: z.array(cardBucketRow),
});
export type MemberCardRow = z.infer<typeof memberCardRow>;
export const memberAssetsAnswer = z.object({
  memberId: z.number(),
  memberName: z.string(),
  mobile: z.string(),
  status: z.number(),
  principal: z.number(),
  gift: z.number(),
  packageValue: z.number(),
  cards: z.array(memberCardRow),
});
export type MemberAssets = z.infer<typeof memberAssetsAnswer>;
/** By member id, or by the member's whole mobile. */
export const memberAssetsQuery = z.object({
  memberId: id.optional(),
  mobile: z
    .string()
    .trim()
    .regex(/^\d{11}$/)
    .optional(),
});

/**
 * The card page's search (会员资产 › 会员卡): the members of the user's shops found as the member list and
 * the till find them: a whole mobile or its last 4+ digits, a card's electronic or physical number, a
 * member number, two characters of the name or its initials. At most `MEMBER_FIND_MAX`, by number.
 */
export const MEMBER_FIND_PATH = '/api-member/membercard/findMembers';
export const MEMBER_FIND_MAX = 20;
export const memberFindQuery = z.object({ keyword: z.string().trim().min(1).max(32) });
export const memberFindRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  mobile: z.string(),
  shopName: z.string().nullable(),
  status: z.number(),
  /** Stored value over all cards (principal + gift), cents. */
  balance: z.number(),
});
export type MemberFindRow = z.infer<typeof memberFindRow>;

/** SMS codes (smsmsgctrl). */
export const sendCodeBody = z.strictObject({ mobile });
export const checkCodeBody = z.strictObject({ mobile, code: z.string().regex(/^\d{6}$/, '6 位数字 / 6 digits') });
export const smsOutboxQuery = z.object({ ...pageQuery.shape, mobile: z.string().trim().max(11).optional() });
export const smsOutboxRow = z.object({
  id: z.number(),
  mobile: z.string(),
  text: z.string(),
  provider: z.string(),
  state: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const smsOutboxPage = z.object({ list: z.array(smsOutboxRow), total: z.number(), page: z.number(), pageSize: z.number() });

/** Card transfer (转卡). */
export const memberByMobileQuery = z.object({ mobile, memid: id });
export const memberBrief = z.object({ memid: z.number(), memcode: z.string(), memname: z.string(), mobile: z.string() });
export const checkCardQuery = z.object({ cardno: z.string().trim().min(1).max(32) });
export const changeCardBody = z.strictObject({
  cardno: z.string().trim().min(1).max(32),
  omemid: id,
  memid: id,
  nmemname: z.string().trim().max(10).optional(),
});

/** Electronic ↔ physical card binding. */
export const unbindTypes = ['挂失实体卡', '坏卡', '顾客要求', '其他', '卡转赠'] as const;
export const unbindTypeLabels: Record<(typeof unbindTypes)[number], Label> = {
  挂失实体卡: ['挂失实体卡', 'Physical card lost'],
  坏卡: ['坏卡', 'Card damaged'],
  顾客要求: ['顾客要求', "Customer's request"],
  其他: ['其他', 'Other'],
  卡转赠: ['卡转赠', 'Card given away'],
};
export const unbindBody = z.strictObject({ cardno: z.string().trim().min(1).max(32), type: z.enum(unbindTypes), reason });
export const rebindBody = z.strictObject({
  cardno: z.string().trim().min(1).max(32),
  scardno: z.string().trim().min(1).max(32).optional(),
  reason,
});

/**
 * Direct refunds (退款单, tkhead): card lines refund principal (paid out) and write off gift (never
 * paid); package lines refund counts at the batch's unit price (gift lines 0); deposited products
 * refund units at their price. Each part has its fee.
 */
export const refundBody = z.strictObject({
  memid: id,
  /** A shop's refund: only this shop's buckets, packages it sold and products it keeps. Left out: head office refunds any. */
  shopId: id.optional(),
  cards: z
    .array(
      z.strictObject({
        cardid: id,
        /** The bucket's shop. */
        shopId: id,
        /** Principal refunded (paid out), ≤ the bucket's principal. */
        tkje: cents,
        /** Gift written off, ≤ the bucket's gift; never paid out. */
        tzje: cents,
      }),
    )
    .max(100)
    .default([]),
  /** Package lines: counts refunded (tkNum ≤ the count left), paid at the batch's unit price. */
  packages: z
    .array(z.strictObject({ pdid: id, tkNum: z.number().int().min(1).max(100_000) }))
    .max(100)
    .default([]),
  /** Deposited products: units refunded (thNum ≤ checknum), paid at the deposit's price. */
  products: z
    .array(z.strictObject({ dbid: id, thNum: z.number().int().min(1).max(100_000) }))
    .max(100)
    .default([]),
  /** Fee kept from the card refund: 0 ≤ freeCard ≤ Σ tkje. */
  freeCard: cents.default(0),
  /** Fee kept from the package refund: 0 ≤ freePackage ≤ Σ package amounts. */
  freePackage: cents.default(0),
  /** Fee kept from the product refund: 0 ≤ freeProduct ≤ Σ product amounts. */
  freeProduct: cents.default(0),
  /** Close a card whose balances reach 0. */
  autokcard: z.boolean().default(false),
  /** At least one card, package or product line (checked after the shop: a 400 for it). */
  memo: z.string().trim().max(200).optional(),
});
export const refundPackageLineRow = z.object({
  pdid: z.number(),
  mpname: z.string(),
  servname: z.string(),
  tkNum: z.number(),
  singlePrice: z.number(),
  isGift: z.boolean(),
  tkje: z.number(),
});
export const refundProductLineRow = z.object({
  dbid: z.number(),
  pcode: z.string(),
  pname: z.string(),
  thNum: z.number(),
  price: z.number(),
  tkje: z.number(),
});
export const refundLineRow = z.object({
  cardId: z.number(),
  cardNo: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  tkje: z.number(),
  tzje: z.number(),
  closed: z.boolean(),
});
export const refundRow = z.object({
  id: z.number(),
  billNo: z.string(),
  memberId: z.number(),
  memberName: z.string(),
  mobile: z.string(),
  shopId: z.number().nullable(),
  shopName: z.string().nullable(),
  cardJe: z.number(),
  freeCard: z.number(),
  totalJe: z.number(),
  giftWrittenOff: z.number(),
  /** Paid out for packages (Σ counts × unit price − freePackage), and the fee. */
  packageJe: z.number(),
  freePackage: z.number(),
  /** Paid out for deposited products (Σ units × price − freeProduct), and the fee. */
  productJe: z.number(),
  freeProduct: z.number(),
  memo: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** Taken back with the approval bill that posted it (its review cancelled): counts nowhere. */
  revokedAt: z.string().nullable(),
});
export const refundDetail = refundRow.extend({
  lines: z.array(refundLineRow),
  packageLines: z.array(refundPackageLineRow),
  productLines: z.array(refundProductLineRow),
});
export const refundListQuery = z.object({
  ...pageQuery.shape,
  shopid: id.optional(),
  keyword: z.string().trim().max(32).optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
});
export const refundPage = z.object({
  list: z.array(refundRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalCapped: z.literal(true).optional(),
});
export const refundMemberQuery = z.object({ mobile, shopid: id.optional() });
/** The card refund bill's pickers: a member's refundable package lines, deposited products and card buckets (a shop's only, with `shopid`). */
export const REFUND_PICKS = {
  packages: '/api-member/financecardtk/queryMemPackageTk',
  products: '/api-member/financecardtk/queryMemProductTk',
  cards: '/api-member/financecardtk/queryCardRecords',
} as const;
export const refundPickQuery = z.object({ memid: id, shopid: id.optional() });
export const refundMemberAnswer = memberAssetsAnswer.extend({
  /** getDiffMember: the cards with this shop's buckets only, and with the other shops' only. */
  thisShop: z.array(memberCardRow).nullable(),
  otherShops: z.array(memberCardRow).nullable(),
});

// ---- Cross-shop settlement (跨店结算) ----

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');

/**
 * The cross-shop settlement view: months `from`..`to` (YYYY-MM, at most 24; empty: the current month,
 * and `from` = `to`), optionally one shop (the rows where it served or where its money was spent).
 */
export const cardSettlementQuery = z.object({ from: month.optional(), to: month.optional(), shopId: id.optional() });

/**
 * One month × serving shop × holding shop: what the serving shop's card payments took from money the
 * holding shop took in (its buckets), net of revoked payments. The holding shop owes the serving shop
 * the principal (the gift was never paid in; shown apart).
 */
export const cardSettlementRow = z.object({
  month: z.string(),
  servingShopId: z.number(),
  servingShopName: z.string(),
  holdingShopId: z.number(),
  holdingShopName: z.string(),
  principal: z.number(),
  gift: z.number(),
  total: z.number(),
  /** Card payments (not revoked) that took from the holding shop’s buckets. */
  bills: z.number(),
});
/** Per shop over the whole period: what it is owed (served with others' money) and what it owes, principal. */
export const cardSettlementBalance = z.object({
  shopId: z.number(),
  shopName: z.string(),
  receivable: z.number(),
  payable: z.number(),
  net: z.number(),
});
export const cardSettlementAnswer = z.object({ rows: z.array(cardSettlementRow), shops: z.array(cardSettlementBalance) });
export type CardSettlementRow = z.output<typeof cardSettlementRow>;
export type CardSettlementAnswer = z.output<typeof cardSettlementAnswer>;
