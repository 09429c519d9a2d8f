import type { BillLineKind, MemberCouponKind, settleBody } from '@headoffice/contract';
import { memberCouponStateLabels } from '@headoffice/contract';
import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { conflict, fieldError } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { yuan } from '../../platform/money.js';
import { memberCoupons } from '../assets/public.js';
import { coupons, redEnvelopes } from '../marketing/public.js';
import { shops } from '../org/public.js';
import { type serviceBillLines, serviceBillPayments, serviceBills } from './schema.js';

defineMessages({
  memberCouponUnknown: ['该会员没有这张券或红包', 'The bill member holds no such coupon or red envelope'],
  memberCouponTwice: ['同一张券或红包只能用于一笔支付', 'A coupon or red envelope pays once on a bill'],
  memberCouponNotUnused: ['{code} {state}，不能再用于支付', '{code} is {stateEn} and cannot pay'],
  memberCouponOtherShop: ['{code} 仅限「{shop}」使用', '{code} can be used only at {shop}'],
  memberCouponExpired: ['{code} 已于 {date} 过期', '{code} expired on {date}'],
  memberCouponNotYetValid: ['{code} 自 {date} 起才能使用', '{code} can be used from {date}'],
  memberCouponAmount: ['{code} 最多可付 {amount}', '{code} pays at most {amount}'],
  couponNoLines: ['「{name}」不能用于本单的项目', '"{name}" cannot pay for anything on this bill'],
  couponMinSpend: [
    '「{name}」须消费满 {minSpend} 才能使用（本单可用项目 {spend}）',
    '"{name}" needs a spend of {minSpend} (this bill: {spend})',
  ],
  couponOverLines: [
    '本单可用「{name}」的项目共 {amount}，券最多付这么多',
    'The lines "{name}" may pay amount to {amount}: it pays at most that',
  ],
  couponNotCombinable: ['「{name}」不能与其他券或红包同时使用', '"{name}" cannot be used together with another coupon or red envelope'],
  couponsCannotFit: [
    '这几张券不能同时用在本单的项目上，请减少券的金额',
    'These coupons cannot all be placed on the lines they may pay: lower their amounts',
  ],
  couponPayTypeMissing: [
    '门店的支付模板没有「{name}」支付方式，不能用{name}支付',
    'The shop\'s pay template has no "{name}" pay type: it cannot be paid with',
  ],
});

type Payments = z.output<typeof settleBody>['payments'];
type Line = Pick<typeof serviceBillLines.$inferSelect, 'kind' | 'amount' | 'packageLineId'>;
const lineKindsCouponsPay: readonly BillLineKind[] = ['service', 'product', 'package'];

/** What a coupon or red envelope payment may do: its item, the lines it may pay, how its performance counts. */
export interface CouponPayment {
  id: number;
  kind: MemberCouponKind;
  /** The lines it may pay (package-count and card lines never). */
  only: boolean[];
  /** Performance rate (bp) of a coupon by its definition's 业绩补贴; red envelopes follow the pay template. */
  perfRate?: number;
}

/**
 * A payment with the bill member's coupon or red envelope (its row locked, so that of concurrent
 * settles naming it one spends it and the others find it used): unused, valid today and, when an
 * activity made it usable only at the issuing shop, a bill of that shop; at most
 * what it has left, at most the lines it may pay (a coupon: its `usableOn` kinds, with its minimum
 * spend counted on those lines); a coupon not combinable pays alone among coupons and red envelopes.
 */
export async function couponForPayment(
  tx: Db,
  bill: { memberId: number | null; shopId: number; businessDate: string },
  lines: Line[],
  payments: Payments,
  i: number,
): Promise<CouponPayment> {
  const p = payments[i];
  const [item] = await tx
    .select()
    .from(memberCoupons)
    .where(eq(memberCoupons.id, p.memberCouponId as number))
    .for('update');
  if (!item || item.memberId !== bill.memberId) throw fieldError(`payments.${i}.memberCouponId`, 'memberCouponUnknown');
  if (payments.some((o, k) => k !== i && o.memberCouponId === p.memberCouponId))
    throw fieldError(`payments.${i}.memberCouponId`, 'memberCouponTwice');
  if (item.state !== 'unused') {
    const [zh, en] = memberCouponStateLabels[item.state as 'used' | 'withdrawn'];
    throw conflict('memberCouponNotUnused', { code: item.code, state: zh, stateEn: en.toLowerCase() });
  }
  if (item.usableShopId !== null && item.usableShopId !== bill.shopId) {
    const [shop] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, item.usableShopId));
    throw conflict('memberCouponOtherShop', { code: item.code, shop: shop?.name ?? String(item.usableShopId) });
  }
  if (item.validTo < bill.businessDate) throw conflict('memberCouponExpired', { code: item.code, date: item.validTo });
  if (item.validFrom > bill.businessDate) throw conflict('memberCouponNotYetValid', { code: item.code, date: item.validFrom });
  if (p.amount > item.remaining)
    throw fieldError(`payments.${i}.amount`, 'memberCouponAmount', { code: item.code, amount: yuan(item.remaining) });
  const payable = (l: Line, kinds: readonly string[]) =>
    l.packageLineId === null && lineKindsCouponsPay.includes(l.kind as BillLineKind) && kinds.includes(l.kind);
  const spendOn = (only: boolean[]) => lines.reduce((s, l, j) => s + (only[j] ? l.amount : 0), 0);
  const others = payments.filter((o, k) => k !== i && o.memberCouponId !== undefined).length;
  if (item.kind === 'redEnvelope') {
    const only = lines.map((l) => payable(l, lineKindsCouponsPay));
    const [def] = await tx
      .select({ name: redEnvelopes.name })
      .from(redEnvelopes)
      .where(eq(redEnvelopes.id, item.redEnvelopeId as number));
    const spend = spendOn(only);
    if (!spend) throw conflict('couponNoLines', { name: def.name });
    if (p.amount > spend) throw fieldError(`payments.${i}.amount`, 'couponOverLines', { name: def.name, amount: yuan(spend) });
    return { id: item.id, kind: 'redEnvelope', only };
  }
  const [def] = await tx
    .select()
    .from(coupons)
    .where(eq(coupons.id, item.couponId as number));
  const only = lines.map((l) => payable(l, def.usableOn));
  const spend = spendOn(only);
  if (!spend) throw conflict('couponNoLines', { name: def.name });
  if (spend < def.minSpend) throw conflict('couponMinSpend', { name: def.name, minSpend: yuan(def.minSpend), spend: yuan(spend) });
  if (p.amount > spend) throw fieldError(`payments.${i}.amount`, 'couponOverLines', { name: def.name, amount: yuan(spend) });
  if (!def.combinable && others) throw conflict('couponNotCombinable', { name: def.name });
  return { id: item.id, kind: 'coupon', only, perfRate: def.perfSubsidy ? 10_000 : 0 };
}

/**
 * The bill spends its coupons and red envelopes: a coupon, and a red envelope spent at once, are used
 * whole (what the bill did not need is forfeited, 不找零); a red envelope spent over several bills
 * keeps what is left and stays unused until nothing is.
 */
export async function spendCoupons(tx: Db, bill: { id: number; billNo: string }, spent: { id: number; amount: number }[]) {
  for (const s of spent) {
    const [done] = await tx
      .update(memberCoupons)
      .set({
        remaining: sql`case when ${memberCoupons.manyTimes} = 1 then ${memberCoupons.remaining} - ${s.amount} else 0 end`,
        state: sql`case when ${memberCoupons.manyTimes} = 1 and ${memberCoupons.remaining} > ${s.amount} then 'unused' else 'used' end`,
        usedBillId: bill.id,
        usedBillNo: bill.billNo,
        usedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(memberCoupons.id, s.id), eq(memberCoupons.state, 'unused'), gte(memberCoupons.remaining, s.amount)))
      .returning({ id: memberCoupons.id });
    if (!done) throw conflict('memberCouponUnknown');
  }
}

/**
 * 撤单: the coupons and red envelopes the bill spent are given back: a whole-use item unused again at
 * its face value, a red envelope spent over several bills gets this bill's amount back (and names the
 * last other bill still using it). An item withdrawn since stays withdrawn; one past its validity
 * reads as expired.
 */
export async function giveBackCoupons(tx: Db, billId: number) {
  const spent = await tx
    .select({ id: serviceBillPayments.memberCouponId, amount: serviceBillPayments.amount })
    .from(serviceBillPayments)
    .where(and(eq(serviceBillPayments.billId, billId), sql`${serviceBillPayments.memberCouponId} is not null`))
    .orderBy(asc(serviceBillPayments.id));
  for (const s of spent) {
    const [other] = await tx
      .select({ id: serviceBills.id, billNo: serviceBills.billNo, at: serviceBills.settledAt })
      .from(serviceBillPayments)
      .innerJoin(serviceBills, eq(serviceBills.id, serviceBillPayments.billId))
      .where(and(eq(serviceBillPayments.memberCouponId, s.id as number), ne(serviceBillPayments.billId, billId), eq(serviceBills.isHc, 0)))
      .orderBy(desc(serviceBillPayments.id))
      .limit(1);
    await tx
      .update(memberCoupons)
      .set({
        remaining: sql`case when ${memberCoupons.manyTimes} = 1 then ${memberCoupons.remaining} + ${s.amount} else ${memberCoupons.faceValue} end`,
        state: sql`case when ${memberCoupons.state} = 'used' then 'unused' else ${memberCoupons.state} end`,
        usedBillId: other?.id ?? null,
        usedBillNo: other?.billNo ?? null,
        usedAt: other?.at ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(memberCoupons.id, s.id as number));
  }
}
