import { z } from 'zod';
import type { StateColor } from './bills.js';
import { id, type Label } from './platform.js';

// Coupons (优惠券) and red envelopes (红包) held by members: one issued item of a definition, with its
// face value in cents, its validity and its state. Head office issues by hand and withdraws an unused one;
// marketing activities give them on the settle of a till bill, and 撤单 / 撤销活动 take them back.

export const memberCouponPaths = {
  list: '/api-member/membercoupon/list',
  issue: '/api-member/membercoupon/issue',
  withdraw: '/api-member/membercoupon/withdraw',
} as const;

export const memberCouponKinds = ['coupon', 'redEnvelope'] as const;
export type MemberCouponKind = (typeof memberCouponKinds)[number];
export const memberCouponKindLabels: Record<MemberCouponKind, Label> = {
  coupon: ['优惠券', 'Coupon'],
  redEnvelope: ['红包', 'Red envelope'],
};

/** unused 未使用 | used 已使用 | expired 已过期 (read from the dates, never stored) | withdrawn 已收回. */
export const memberCouponStates = ['unused', 'used', 'expired', 'withdrawn'] as const;
export type MemberCouponState = (typeof memberCouponStates)[number];
export const memberCouponStateLabels: Record<MemberCouponState, Label> = {
  unused: ['未使用', 'Unused'],
  used: ['已使用', 'Used'],
  expired: ['已过期', 'Expired'],
  withdrawn: ['已收回', 'Withdrawn'],
};
/** The tag colour of each state, wherever a member's coupon is listed. */
export const memberCouponStateColors: Record<MemberCouponState, StateColor> = {
  unused: 'green',
  used: 'blue',
  expired: 'default',
  withdrawn: 'orange',
};

/** How an item came to the member: by hand 手工发放 | activity 活动赠送. */
export const memberCouponSources = ['manual', 'activity'] as const;
export const memberCouponSourceLabels: Record<(typeof memberCouponSources)[number], Label> = {
  manual: ['手工发放', 'By hand'],
  activity: ['活动赠送', 'Activity'],
};

export const memberCouponIssueBody = z.strictObject({
  memberId: id,
  /** The issuing shop. */
  shopId: id,
  kind: z.enum(memberCouponKinds),
  /** The coupon or red envelope definition. */
  definitionId: id,
  count: z.number().int().min(1).max(20).default(1),
  memo: z.string().trim().max(200).optional(),
});
export const memberCouponWithdrawBody = z.strictObject({
  id,
  reason: z.string().trim().min(1, '请填写收回原因 / enter a reason').max(200),
});
export const memberCouponListQuery = z.object({ memid: id });

export const memberCouponRow = z.object({
  id: z.number(),
  memberId: z.number(),
  kind: z.enum(memberCouponKinds),
  definitionId: z.number(),
  definitionCode: z.string(),
  definitionName: z.string(),
  code: z.string(),
  /** Cents. */
  faceValue: z.number(),
  /** Cents left to pay with: the face value until used; a red envelope spent over several bills spends it down. */
  remaining: z.number(),
  /** A red envelope that may be spent over several bills. */
  manyTimes: z.boolean(),
  validFrom: z.string(),
  validTo: z.string(),
  state: z.enum(memberCouponStates),
  source: z.enum(memberCouponSources),
  shopId: z.number(),
  shopName: z.string(),
  /** The marketing activity that gave it (source `activity`). */
  activityId: z.number().nullable(),
  activityName: z.string().nullable(),
  /** The till bill whose settle gave it. */
  issuedBillId: z.number().nullable(),
  issuedBillNo: z.string().nullable(),
  /** Usable only at this shop (the activity's 仅限发放门店); null: wherever the definition allows. */
  usableShopId: z.number().nullable(),
  usedBillNo: z.string().nullable(),
  usedAt: z.string().nullable(),
  withdrawReason: z.string().nullable(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberCouponRow = z.infer<typeof memberCouponRow>;
