import { cardRefundBill } from '@headoffice/contract';
import { billType } from '../../platform/bills.js';
import { assertMemberVisible, priceRefundLines } from '../assets/public.js';
import { reviewMoney, undoReviewMoney } from './card-refund-money.js';
import { cardRefundBills, cardRefundLines } from './schema.js';

export const cardRefundType = billType(cardRefundBill, {
  table: cardRefundBills,
  numberPrefix: 'TKSP',
  lines: { table: cardRefundLines },
  // The save's checks and amounts: the member seen, the lines priced as the refund will post them (nothing moves).
  prepare: async (ctx, body) => {
    await assertMemberVisible(ctx.tx, ctx.auth, body.memberId);
    const priced = await priceRefundLines(ctx.tx, ctx.auth.tenantId, body, body.lines);
    return {
      cardMoney: priced.cardAmount,
      packageMoney: priced.packageAmount,
      productMoney: priced.productAmount,
      giftMoney: priced.giftTotal,
      totalMoney: priced.totalAmount,
    };
  },
  lineValues: async (ctx, lines, body) =>
    (await priceRefundLines(ctx.tx, ctx.auth.tenantId, body, lines)).lineAmounts.map((amount) => ({ amount })),
  // What held at the save may not at the submit or the approval (the card spent since): priced again.
  recheck: ['submit', 'approve'],
  accounting: { push: ['review'], reverse: ['cancelReview'], amount: 'totalMoney' },
  effects: { review: reviewMoney },
  reversals: { review: undoReviewMoney },
  describe: {
    saveBill:
      'shopId, memberId, tkattr, tkcontent, tkname, tkmobile, tktype (1 店内支出卡 | 2 顾客银行卡 | 3 退为卡金: targetCardId), reserveTypeId (the seed’s tkway: the reserve money paying it out), fees, lines: kind card (cardId, bucketShopId, tkje ≤ the bucket’s principal, tzje ≤ its gift) | package (packageLineId, num) | product (depositId, num). Priced at the save; nothing moves before the review (auditFhBill), which refunds the assets and draws the payout; cancelFhBill gives all back.',
  },
});
