import { refundVisitBill } from '@headoffice/contract';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { type BillCtx, billType, insertDraft } from '../../platform/bills.js';
import { logBill } from '../../platform/documents.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { tenantToday } from '../../platform/numbering.js';
import { cardRefundBills, refundVisitCalls, refundVisits } from './schema.js';

// 退卡回访 (cardtkhfhead): opened by a refund's review or by hand; a call recorded (保存回访) makes it 回访中; then 已回访 or 免回访.

defineMessages({
  visitRefundNotReviewed: ['只能回访财务已复核的退卡单', 'Only a refund finance has reviewed can be visited'],
  visitOpenAlready: ['退卡单 {refundNo} 已有回访单 {billNo}', 'Refund {refundNo} already has the return visit {billNo}'],
  visitNoCall: ['请先保存至少一条回访记录', 'Record at least one call first'],
});

const ofRefund = (auth: Auth, refundId: number) =>
  and(eq(refundVisits.tenantId, auth.tenantId), eq(refundVisits.refundId, refundId), ne(refundVisits.state, 'voided'));

/** The refund visited: reviewed, its shop seen by the user (the engine checks `shopId`), no other visit not voided. */
async function prepare({ tx, auth }: BillCtx, body: { refundId: number }, bill?: { id: number }) {
  const where = and(eq(cardRefundBills.tenantId, auth.tenantId), eq(cardRefundBills.id, body.refundId));
  const [refund] = await tx.select().from(cardRefundBills).where(where);
  if (refund?.state !== 'reviewed') throw fieldError('refundId', 'visitRefundNotReviewed');
  const others = and(ofRefund(auth, refund.id), bill ? ne(refundVisits.id, bill.id) : undefined);
  const [other] = await tx.select({ billNo: refundVisits.billNo }).from(refundVisits).where(others);
  if (other) throw new AppError(409, 'visitOpenAlready', { refundNo: refund.billNo, billNo: other.billNo });
  return { shopId: refund.shopId, memberId: refund.memberId };
}

export const refundVisitType = billType(refundVisitBill, {
  table: refundVisits,
  numberPrefix: 'HF',
  lines: { table: refundVisitCalls },
  displays: {
    refundNo: ['refundId', 'billNo'],
    refundAt: ['refundId', 'reviewedAt'],
    totalMoney: ['refundId', 'totalMoney'],
    tkattr: ['refundId', 'tkattr'],
    mobile: ['memberId', 'mobile'],
  },
  prepare,
  conditions: {
    called: async (tx, bill) =>
      (await tx.select({ id: refundVisitCalls.id }).from(refundVisitCalls).where(eq(refundVisitCalls.billId, bill.id)).limit(1)).length >
        0 || new AppError(409, 'visitNoCall'),
  },
  actions: {
    record: async ({ tx, auth }, bill, { hstkattr, hfTime, note, ...call }) => {
      const [{ n }] = await tx.select({ n: count() }).from(refundVisitCalls).where(eq(refundVisitCalls.billId, bill.id));
      const day = hfTime ?? (await tenantToday(tx, auth.tenantId));
      await tx
        .insert(refundVisitCalls)
        .values({ tenantId: auth.tenantId, billId: bill.id, hfTime: day, hfBy: auth.name, ...call, memo: note, sort: n });
      return { state: 'visiting', ...(hstkattr ? { hstkattr } : {}) };
    },
  },
});

/** The refund's review opens its return visit (未回访), made by the reviewer; a refund visited already keeps its visit. */
export async function openVisit(tx: Db, auth: Auth, refund: { id: number; shopId: number; memberId: number }) {
  const [kept] = await tx.select({ id: refundVisits.id }).from(refundVisits).where(ofRefund(auth, refund.id));
  if (!kept)
    await insertDraft(refundVisitType, { tx, auth }, { refundId: refund.id, shopId: refund.shopId, memberId: refund.memberId }, []);
}

/** Cancelling the refund's review voids its visit not concluded (visited or waived ones stay, as what was done). */
export async function dropVisit(tx: Db, auth: Auth, refundId: number) {
  const open = and(ofRefund(auth, refundId), inArray(refundVisits.state, ['pending', 'visiting']));
  const changed = { state: 'voided', version: sql`${refundVisits.version} + 1`, updatedAt: new Date() };
  const voided = await tx.select({ id: refundVisits.id, state: refundVisits.state }).from(refundVisits).where(open).for('update');
  await tx.update(refundVisits).set(changed).where(open);
  for (const v of voided) await logBill(tx, refundVisitType.doc, v.id, 'void', v.state, 'voided', auth);
}
