import { cardRefundBill } from '@headoffice/contract';
import type { z } from 'zod';
import { type BillCtx, billType } from '../../platform/bills.js';
import { fieldError } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { assertMemberVisible, priceRefundLines } from '../assets/public.js';
import { reviewMoney, undoReviewMoney } from './card-refund-money.js';
import { cardRefundBills, cardRefundLines } from './schema.js';

defineMessages({
  cardRefundNoSource: ['请选择退款方式（从哪项预留款支出）', 'Choose the reserve money the refund is paid from'],
  cardRefundNoCard: ['退为卡金须选择转入的会员卡', 'Choose the card the refund is credited to'],
});

type Save = z.output<typeof cardRefundBill.save>;

/** A payout from reserve money names its type; one credited to a card names the card. */
function checkPayout(body: Pick<Save, 'tktype' | 'reserveTypeId' | 'targetCardId'>) {
  if (body.tktype === 3 && !body.targetCardId) throw fieldError('targetCardId', 'cardRefundNoCard');
  if (body.tktype !== 3 && !body.reserveTypeId) throw fieldError('reserveTypeId', 'cardRefundNoSource');
}

/** The save's checks and amounts: the member seen, the lines priced as the refund will post them (nothing moves). */
async function prepare(ctx: BillCtx, body: Save) {
  checkPayout(body);
  await assertMemberVisible(ctx.tx, ctx.auth, body.memberId);
  const priced = await priceRefundLines(ctx.tx, ctx.auth.tenantId, body, body.lines);
  return {
    cardMoney: priced.cardAmount,
    packageMoney: priced.packageAmount,
    productMoney: priced.productAmount,
    giftMoney: priced.giftTotal,
    totalMoney: priced.totalAmount,
  };
}

export const cardRefundType = billType(cardRefundBill, {
  table: cardRefundBills,
  numberPrefix: 'TKSP',
  lines: { table: cardRefundLines },
  prepare,
  lineValues: async (ctx, lines, body) =>
    (await priceRefundLines(ctx.tx, ctx.auth.tenantId, body, lines)).lineAmounts.map((amount) => ({ amount })),
  // What held at the save may not at the submit or the approval (the card spent since): priced again.
  recheck: ['submit', 'approve'],
  reasons: { reject: 'rejectMemo', rejectFh: 'rejectMemo' },
  effects: { review: reviewMoney },
  reversals: { review: undoReviewMoney },
  actions: {
    savesp: async (_ctx, bill, body) => {
      checkPayout({ ...bill, ...body });
      return body;
    },
  },
  describe: {
    saveBill:
      'shopId, memberId, tkattr, tkcontent, tkname, tkmobile, tktype (1 店内支出卡 | 2 顾客银行卡 | 3 退为卡金: targetCardId), reserveTypeId (the seed’s tkway: the reserve money paying it out), fees, lines: kind card (cardId, bucketShopId, tkje ≤ the bucket’s principal, tzje ≤ its gift) | package (packageLineId, num) | product (depositId, num). Priced at the save; nothing moves before the review (auditFhBill), which refunds the assets and draws the payout; cancelFhBill gives all back.',
  },
});
