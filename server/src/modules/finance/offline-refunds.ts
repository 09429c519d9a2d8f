import { offlineRefundBill } from '@headoffice/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type BillCtx, billType } from '../../platform/bills.js';
import { addDayFigures, addDayFiguresOf } from '../../platform/day-figures.js';
import { fieldError } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { tenantToday } from '../../platform/numbering.js';
import { assertMemberVisible } from '../assets/public.js';
import { offlineRefundFigures } from './day-figures.js';
import { postReserve, reverseReserve } from './reserve.js';
import { offlineRefundPhotos, offlineRefunds } from './schema.js';

// Offline refunds (线下退款, xxtkrecords): saved and submitted by the shop, approved by customer service
// (auditBillsp), reviewed by finance (auditBillfh). The review draws the amount from the shop's reserve
// money of the chosen type (a balance short refuses it, 409); cancelling the review (cancelFhBill) puts it back.

defineMessages({
  offlineRefundMember: ['退款人为会员时须选择会员', 'Choose the member refunded'],
  offlineRefundWalkIn: ['散客退款不能选择会员', 'A walk-in customer has no member'],
});

type Save = z.output<typeof offlineRefundBill.save>;

/** A member's refund names the member (seen by the user), a walk-in's names none. */
async function prepare(ctx: BillCtx, body: Save) {
  if (body.memType === 1 && !body.memberId) throw fieldError('memberId', 'offlineRefundMember');
  if (body.memType === 2 && body.memberId) throw fieldError('memberId', 'offlineRefundWalkIn');
  if (body.memberId) await assertMemberVisible(ctx.tx, ctx.auth, body.memberId);
}

export const offlineRefundType = billType(offlineRefundBill, {
  table: offlineRefunds,
  numberPrefix: 'XXTK',
  lines: { table: offlineRefundPhotos },
  prepare,
  accounting: { push: ['review'], reverse: ['cancelReview'], amount: 'tkMoney' },
  effects: {
    review: async (tx, bill, { auth, doc }) => {
      await postReserve(tx, auth.tenantId, doc.docType, bill.id, [
        { shopId: bill.shopId, reserveTypeId: bill.reserveTypeId, delta: -bill.tkMoney, lineId: null },
      ]);
      // Signed now: today's refund in the daily figures (the review's time, as the source reads it, is stamped with it).
      const day = await tenantToday(tx, auth.tenantId);
      await addDayFigures(tx, [{ shopId: bill.shopId, day, payTypeId: 0, kind: 'refund', amount: bill.tkMoney, count: 1 }]);
    },
  },
  reversals: {
    review: async (tx, bill, { auth, doc }) => {
      // Still reviewed: what it counted, on its review's day, is taken away before the state goes back.
      await addDayFiguresOf(tx, offlineRefundFigures(sql`r.id = ${bill.id}`), -1);
      await reverseReserve(tx, auth.tenantId, doc.docType, bill.id);
    },
  },
  describe: {
    saveBill:
      'shopId, memType (1 会员: memberId | 2 散客), serveType (MF1–MF6 美发, MR1–MR5 美容), tkBillcode, tkMoney (cents), tkName, tkMobile, tkAttr 1–8, tkContent, reserveTypeId (退款方式: the reserve money paying it), payType (1 店内支出卡 | 2 顾客银行卡 | 4 微慕卡), payee, bank, bankno, lines: attachments { url }. Nothing moves before the review (auditBillfh).',
  },
});
