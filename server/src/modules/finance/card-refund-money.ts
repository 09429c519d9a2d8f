import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { BillOf } from '../../platform/bills.js';
import type { TransitionContext } from '../../platform/documents.js';
import { creditRefund, postRefund, refundOfLines, reverseRefund, revoke } from '../assets/public.js';
import { dropVisit, openVisit } from './refund-visits.js';
import { postReserve, reverseReserve } from './reserve.js';
import { type cardRefundBills, cardRefundLines } from './schema.js';

type Bill = BillOf<typeof cardRefundBills>;

const actorOf = (ctx: TransitionContext) => ({ tenantId: ctx.auth.tenantId, userId: ctx.auth.userId });
const ownerOf = (bill: Bill, ctx: TransitionContext) => ({ doc: ctx.doc.docType, id: bill.id, no: bill.billNo });

/**
 * The money of a review, all of it here: the member's assets refunded (the direct refund's posting),
 * then the payout: credited to the target card as principal at the bill's shop (tktype 3), or drawn
 * from the shop's reserve money of the chosen type (a balance short refuses the whole review, 409); its return visit opened.
 */
export async function reviewMoney(tx: Db, bill: Bill, ctx: TransitionContext) {
  const lines = await tx.select().from(cardRefundLines).where(eq(cardRefundLines.billId, bill.id)).orderBy(asc(cardRefundLines.sort));
  const refund = await postRefund(tx, actorOf(ctx), refundOfLines(bill, lines, bill.billNo));
  const [shopId, amount] = [bill.shopId as number, refund.totalAmount];
  let creditBillId: number | null = null;
  if (bill.tktype === 3 && amount > 0) {
    const credit = {
      cardId: bill.targetCardId as number,
      memberId: bill.memberId,
      shopId,
      amount,
      memo: bill.billNo,
      owner: ownerOf(bill, ctx),
    };
    creditBillId = (await creditRefund(tx, actorOf(ctx), credit)).billId;
  } else if (amount > 0)
    await postReserve(tx, ctx.auth.tenantId, ctx.doc.docType, bill.id, [
      { shopId, reserveTypeId: bill.reserveTypeId as number, delta: -amount, lineId: null },
    ]);
  await openVisit(tx, ctx.auth, { id: bill.id, shopId, memberId: bill.memberId });
  return { refundId: refund.id, creditBillId, totalMoney: amount };
}

/** Cancelling the review: the reserve money put back, the credited card's money taken back, the refund reversed exactly. */
export async function undoReviewMoney(tx: Db, bill: Bill, ctx: TransitionContext) {
  const memo = ctx.memo?.trim() || bill.billNo;
  await reverseReserve(tx, ctx.auth.tenantId, ctx.doc.docType, bill.id);
  await dropVisit(tx, ctx.auth, bill.id);
  if (bill.creditBillId) await revoke(tx, actorOf(ctx), { billId: bill.creditBillId, memo }, ownerOf(bill, ctx));
  if (bill.refundId) await reverseRefund(tx, actorOf(ctx), bill.refundId, memo);
  return { refundId: null, creditBillId: null };
}
