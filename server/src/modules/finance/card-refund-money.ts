import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { BillOf } from '../../platform/bills.js';
import type { TransitionContext } from '../../platform/documents.js';
import { conflict } from '../../platform/errors.js';
import { lockCard, type PostedRefundRequest, postCardBill, postRefund, reverseRefund, revoke } from '../assets/public.js';
import { postReserve, reverseReserve } from './reserve.js';
import { type cardRefundBills, cardRefundLines } from './schema.js';

type Bill = BillOf<typeof cardRefundBills>;
type Head = Pick<Bill, 'shopId' | 'memberId' | 'isKd' | 'freeCard' | 'freePackage' | 'freeProduct' | 'autokcard'>;
type Line = Pick<
  typeof cardRefundLines.$inferSelect,
  'kind' | 'cardId' | 'bucketShopId' | 'tkje' | 'tzje' | 'packageLineId' | 'depositId' | 'num'
>;

/** A refund bill as the member assets refund it (the direct refund's request): its card buckets, package lines and deposits. */
export function refundRequestOf(head: Head, lines: Line[], memo?: string): PostedRefundRequest {
  const of = (kind: string) => lines.filter((l) => l.kind === kind);
  return {
    memid: head.memberId,
    shopId: head.shopId ?? undefined,
    crossShop: head.isKd,
    cards: of('card').map((l) => ({ cardid: l.cardId as number, shopId: l.bucketShopId as number, tkje: l.tkje, tzje: l.tzje })),
    packages: of('package').map((l) => ({ pdid: l.packageLineId as number, tkNum: l.num })),
    products: of('product').map((l) => ({ dbid: l.depositId as number, thNum: l.num })),
    freeCard: head.freeCard,
    freePackage: head.freePackage,
    freeProduct: head.freeProduct,
    autokcard: head.autokcard,
    memo,
  };
}

const actorOf = (ctx: TransitionContext) => ({ tenantId: ctx.auth.tenantId, userId: ctx.auth.userId });
const ownerOf = (bill: Bill, ctx: TransitionContext) => ({ doc: ctx.doc.docType, id: bill.id, no: bill.billNo });

/**
 * The money of a review, all of it here: the member's assets refunded (principal ≤ each bucket, gift
 * written off, fees kept, package counts and deposited units given back: the direct refund's posting),
 * then the payout: credited to the target card as principal at the bill's shop (tktype 3), or drawn
 * from the shop's reserve money of the chosen type (a balance short refuses the whole review, 409).
 */
export async function reviewMoney(tx: Db, bill: Bill, ctx: TransitionContext) {
  const lines = await tx.select().from(cardRefundLines).where(eq(cardRefundLines.billId, bill.id)).orderBy(asc(cardRefundLines.sort));
  const refund = await postRefund(tx, actorOf(ctx), refundRequestOf(bill, lines, bill.billNo));
  let creditBillId: number | null = null;
  if (bill.tktype === 3 && refund.totalAmount > 0) {
    const card = await lockCard(tx, ctx.auth.tenantId, { id: bill.targetCardId as number });
    if (card.memberId !== bill.memberId || card.status !== 1) throw conflict('cardRefundTargetCard', { cardNo: card.cardNo });
    const credit = await postCardBill(tx, actorOf(ctx), {
      kind: 'refund',
      card,
      shopId: bill.shopId as number,
      amount: refund.totalAmount,
      memo: bill.billNo,
      owner: ownerOf(bill, ctx),
      movements: [{ shopId: bill.shopId as number, bucket: 'principal', delta: refund.totalAmount }],
    });
    creditBillId = credit.billId;
  } else if (refund.totalAmount > 0) {
    if (!bill.reserveTypeId) throw conflict('cardRefundNoSource');
    await postReserve(tx, ctx.auth.tenantId, ctx.doc.docType, bill.id, [
      { shopId: bill.shopId as number, reserveTypeId: bill.reserveTypeId, delta: -refund.totalAmount, lineId: null },
    ]);
  }
  // The shop's day figures take the refund here (kind refund, the bill's shop and today, refund.totalAmount).
  return { refundId: refund.id, creditBillId, totalMoney: refund.totalAmount };
}

/** Cancelling the review: the reserve money put back, the credited card's money taken back, the refund reversed exactly. */
export async function undoReviewMoney(tx: Db, bill: Bill, ctx: TransitionContext) {
  const memo = ctx.memo?.trim() || bill.billNo;
  await reverseReserve(tx, ctx.auth.tenantId, ctx.doc.docType, bill.id);
  if (bill.creditBillId) await revoke(tx, actorOf(ctx), { billId: bill.creditBillId, memo }, ownerOf(bill, ctx));
  if (bill.refundId) await reverseRefund(tx, actorOf(ctx), bill.refundId, memo);
  // The shop's day figures give the refund back here, as they took it at the review.
  return { refundId: null, creditBillId: null };
}
