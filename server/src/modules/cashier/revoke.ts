import { type ActionPreview, type ActionPreviewItem, type Label, type RevokeReason, revokeReasons } from '@headoffice/contract';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fieldError } from '../../platform/errors.js';
import { defineMessages, type Lang } from '../../platform/i18n.js';
import { cardBillReversals, itemsIssuedBy, memberCoupons } from '../assets/public.js';
import { employees } from '../org/public.js';
import { payTypes, prepaidOrders, serviceBillCards, serviceBillLines, serviceBillPayments, thirdOrders } from './schema.js';
import { currentPerf } from './service-bills.js';

defineMessages({
  revokeReasonRequired: ['请选择撤单原因或写明原因', 'Choose a reason for the revoke or write one'],
  revokeOtherText: ['撤单原因为“其他”时，请写明原因', 'With the reason "Other", say what it is'],
});

/**
 * The reason a 撤单 gives, as its bill log and the ledgers' memos keep it: the preset reason in the
 * user's language, then the free text. 400 when there is neither, or 其他 without the text.
 */
export function revokeText(lang: Lang, body: { hcMemo?: string; hcReason?: RevokeReason }) {
  const text = body.hcMemo?.trim() ?? '';
  if (!body.hcReason && !text) throw fieldError('hcMemo', 'revokeReasonRequired');
  if (body.hcReason === 'other' && !text) throw fieldError('hcMemo', 'revokeOtherText');
  const preset = body.hcReason ? revokeReasons[body.hcReason][lang === 'en-US' ? 1 : 0] : '';
  return [preset, text].filter(Boolean).join(lang === 'en-US' ? ': ' : '：');
}

const item = (what: Label, detail: string, amount: number | null = null): ActionPreviewItem => ({ what, detail, amount });

const L = {
  cardBack: { principal: ['储值卡本金退回', 'Card principal paid back'], gift: ['储值卡赠送金退回', 'Card gift money paid back'] },
  cardTaken: {
    principal: ['开卡/充值的本金收回', 'Principal of the card opened or recharged taken back'],
    gift: ['开卡/充值的赠送金收回', 'Gift of the card opened or recharged taken back'],
  },
  packageUse: ['套餐次数退回', 'Package counts given back'],
  packageSold: ['售出的套餐收回', 'Package sold taken back'],
  stock: ['商品退回库存', 'Products back in stock'],
  perf: ['员工业绩冲销', 'Staff performance reversed'],
  coupon: ['优惠券/红包退回会员', 'Coupon or red envelope given back to the member'],
  gifts: ['活动赠送收回', 'Activity gifts taken back'],
  prepaid: ['预付订单恢复为未使用', 'Prepaid order unused again'],
  voucher: ['平台券恢复为已核销未使用', 'Platform voucher free to use again'],
  byHand: ['需手工退还顾客', 'To be refunded to the customer by hand'],
} as const satisfies Record<string, Label | Record<string, Label>>;

/**
 * What a 撤单 of a settled bill will undo by itself, read from its records (nothing written): card money
 * back to each card's buckets, cards opened or recharged taken back, package counts, products back in
 * stock, the staff's performance, coupons and red envelopes, activity gifts, prepaid orders and platform
 * vouchers; and what the cashier must refund by hand: the payments that moved money outside HeadOffice
 * (cash, WeChat, Alipay, POS, group-buy settlements).
 */
export async function revokePreview(tx: Db, billId: number): Promise<ActionPreview> {
  const undone: ActionPreviewItem[] = [];
  const payments = await tx
    .select({
      id: serviceBillPayments.id,
      payName: serviceBillPayments.payName,
      amount: serviceBillPayments.amount,
      cardId: serviceBillPayments.cardId,
      cardBillId: serviceBillPayments.cardBillId,
      memberCouponId: serviceBillPayments.memberCouponId,
      couponCode: memberCoupons.code,
      kind: payTypes.kind,
    })
    .from(serviceBillPayments)
    .innerJoin(payTypes, eq(payTypes.id, serviceBillPayments.payTypeId))
    .leftJoin(memberCoupons, eq(memberCoupons.id, serviceBillPayments.memberCouponId))
    .where(eq(serviceBillPayments.billId, billId))
    .orderBy(asc(serviceBillPayments.id));

  // Card money: what each card bill of the payments gives back, and what the card lines' bills take away.
  const paidFrom = [...new Set(payments.flatMap((p) => (p.cardBillId === null ? [] : [p.cardBillId])))];
  const opened = await tx
    .select({ cardBillId: serviceBillCards.cardBillId })
    .from(serviceBillCards)
    .where(eq(serviceBillCards.billId, billId))
    .orderBy(asc(serviceBillCards.id));
  for (const m of await cardBillReversals(tx, [...paidFrom, ...opened.map((c) => c.cardBillId)])) {
    if (m.delta === 0) continue;
    const labels = m.delta > 0 ? L.cardBack : L.cardTaken;
    undone.push(item(labels[m.bucket], `${m.cardNo} · ${m.shopName}`, m.delta));
  }

  const lines = await tx.select().from(serviceBillLines).where(eq(serviceBillLines.billId, billId)).orderBy(asc(serviceBillLines.lineNo));
  for (const l of lines.filter((x) => x.packageLineId !== null)) undone.push(item(L.packageUse, `${l.name} ×${l.num}`));
  for (const l of lines.filter((x) => x.kind === 'package')) undone.push(item(L.packageSold, `${l.name} ×${l.num}`, l.amount));
  for (const l of lines.filter((x) => x.kind === 'product')) undone.push(item(L.stock, `${l.name} ×${l.num}`));

  const perf = await currentPerf(tx, billId);
  const credited = perf.filter((r) => r.employeeId !== null && r.amount !== 0);
  if (credited.length) {
    const ids = [...new Set(credited.map((r) => r.employeeId as number))];
    const people = await tx.select({ id: employees.id, name: employees.name }).from(employees).where(inArray(employees.id, ids));
    for (const id of ids) {
      const name = people.find((p) => p.id === id)?.name ?? String(id);
      undone.push(
        item(
          L.perf,
          name,
          credited.filter((r) => r.employeeId === id).reduce((s, r) => s + r.amount, 0),
        ),
      );
    }
  }

  for (const p of payments.filter((x) => x.memberCouponId !== null)) undone.push(item(L.coupon, p.couponCode ?? p.payName, p.amount));
  const gifts = await itemsIssuedBy(tx, billId);
  for (const g of gifts) undone.push(item(L.gifts, `${g.definitionName} ${g.code}`, g.faceValue));

  const prepaid = await tx
    .select({ paymentId: prepaidOrders.paymentId, orderNo: prepaidOrders.orderNo, amount: prepaidOrders.amount })
    .from(prepaidOrders)
    .where(and(eq(prepaidOrders.billId, billId), eq(prepaidOrders.status, 2)));
  for (const o of prepaid) undone.push(item(L.prepaid, o.orderNo, o.amount));
  const vouchers = await tx
    .select({ paymentId: thirdOrders.paymentId, code: thirdOrders.code, productName: thirdOrders.productName, amount: thirdOrders.amount })
    .from(thirdOrders)
    .where(and(eq(thirdOrders.billId, billId), eq(thirdOrders.status, 2), isNotNull(thirdOrders.paymentId)));
  for (const v of vouchers) undone.push(item(L.voucher, `${v.productName} ${v.code}`, v.amount));

  // Money that left through a pay type HeadOffice does not hold: the cashier gives it back.
  const heldElsewhere = new Set([...prepaid, ...vouchers].map((o) => o.paymentId));
  const byHand = payments
    .filter((p) => p.cardId === null && p.memberCouponId === null && p.kind !== 'package' && !heldElsewhere.has(p.id))
    .map((p) => item(L.byHand, p.payName, p.amount));
  return { undone, byHand };
}
