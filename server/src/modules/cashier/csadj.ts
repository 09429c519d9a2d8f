import { csadjBill } from '@headoffice/contract';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { type BillType, billLines, billType, registerBill } from '../../platform/bills.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { defineMessages, type Lang } from '../../platform/i18n.js';
import { refuseLocked } from '../../platform/period-locks.js';
import { csadjBillLines, csadjBills, serviceBillCards, serviceBillLines, serviceBillPerf, serviceBills } from './schema.js';
import { billDetail as cardBillDetail, checkSplit, currentPerf, linePerf, lockSettled, writeSplit } from './service-bills.js';

// 充值单业绩调整单 on the bill engine: the audit re-splits the card bill's performance through the revise machinery
// (`checkSplit`, `writeSplit`), with the adjustment's number. The close lock covers the adjustment's date and the card bill's (here).

defineMessages({
  csadjNotCardBill: ['单据 {billNo} 不是充值单，不能做业绩调整', 'Bill {billNo} is not a card bill; its performance cannot be adjusted'],
  csadjNotSettled: ['充值单 {billNo} 未结账，不能做业绩调整', 'Card bill {billNo} is not settled; its performance cannot be adjusted'],
  csadjRevoked: ['充值单 {billNo} 已撤单，不能做业绩调整', 'Card bill {billNo} is revoked; its performance cannot be adjusted'],
  csadjDraftExists: [
    '充值单 {billNo} 已有未审核的调整单 {draft}，请先审核或删除它',
    'Card bill {billNo} already has an unaudited adjustment, {draft}: audit or delete it first',
  ],
  csadjLineRequired: ['充值单有多个项目，请选择要调整的项目', 'The card bill has several lines: choose the line to adjust'],
});

type Save = z.output<typeof csadjBill.save>;

/**
 * The card bill a draft names by its number: of a shop the user sees (else 404), a card bill (409),
 * settled (409), not revoked (409); locked.
 */
async function cardBillOf(tx: Db, auth: Auth, billNo: string) {
  const [found] = await tx
    .select({ id: serviceBills.id })
    .from(serviceBills)
    .where(and(eq(serviceBills.billNo, billNo), eq(serviceBills.isDel, 0)));
  if (!found) throw notFound();
  const bill = await lockSettled(tx, auth, found.id);
  const [card] = await tx.select({ id: serviceBillCards.id }).from(serviceBillCards).where(eq(serviceBillCards.billId, bill.id)).limit(1);
  if (!card) throw new AppError(409, 'csadjNotCardBill', { billNo: bill.billNo });
  if (bill.status !== 4) throw new AppError(409, 'csadjNotSettled', { billNo: bill.billNo });
  if (bill.isHc) throw new AppError(409, 'csadjRevoked', { billNo: bill.billNo });
  // The card bill's performance rows are dated in its period: a closed one is not re-split.
  await refuseLocked(tx, csadjBill.locks ?? [], bill.shopId, bill.businessDate);
  return bill;
}

/** The lines as split rows of the card bill: a line left out is its only line (400 when it has several); the revise rules checked. */
async function splitOf(tx: Db, lang: Lang, card: { id: number; shopId: number }, lines: Save['lines']) {
  const ids = (await tx.select({ id: serviceBillLines.id }).from(serviceBillLines).where(eq(serviceBillLines.billId, card.id))).map(
    (l) => l.id,
  );
  const rows = lines.map((l, i) => {
    if (l.lineId === undefined && ids.length !== 1) throw fieldError(`lines.${i}.lineId`, 'csadjLineRequired');
    return { lineId: l.lineId ?? ids[0], station: l.station, employeeId: l.employeeId ?? null, appointed: l.appointed, yj: l.yj };
  });
  await checkSplit(tx, lang, card, rows, 'lines', { shopId: card.shopId, exact: true });
  return rows;
}

/** 409 when the card bill already has another unaudited adjustment (the partial unique index holds the race). */
async function refuseSecondDraft(tx: Db, card: { id: number; billNo: string }, self?: number) {
  const [other] = await tx
    .select({ billNo: csadjBills.billNo })
    .from(csadjBills)
    .where(and(eq(csadjBills.refBillId, card.id), eq(csadjBills.state, 'draft'), self ? ne(csadjBills.id, self) : undefined));
  if (other) throw new AppError(409, 'csadjDraftExists', { billNo: card.billNo, draft: other.billNo });
}

export const csadjType: BillType<typeof csadjBill> = billType(csadjBill, {
  table: csadjBills,
  numberPrefix: 'CZTZ',
  numberedToday: true,
  lines: { table: csadjBillLines, billKey: csadjBillLines.billId },
  list: { order: 'createdAt' },
  prepare: async ({ tx, auth }, body, bill) => {
    const card = await cardBillOf(tx, auth, body.refbillcode);
    await refuseSecondDraft(tx, card, bill?.id);
    return { shopId: card.shopId, refBillId: card.id, refbillcode: card.billNo };
  },
  lineValues: ({ tx, lang }, lines, _body, head) =>
    splitOf(tx, lang, { id: head.refBillId as number, shopId: head.shopId as number }, lines),
  // The card bill may have been revoked, or its period closed, since the draft was saved.
  recheck: ['audit'],
  effects: {
    audit: async (tx, bill, { auth }) =>
      writeSplit(tx, auth, await lockSettled(tx, auth, bill.refBillId), await billLines(csadjType, tx, bill.id), 'adjust', bill.billNo),
  },
  /**
   * The card bill (member, card, amount, payments, each line's performance) and the split before: the
   * card bill's current rows while unaudited; once audited, the rows its audit negated (rows of the card
   * bill with the adjustment's number that reverse another one).
   */
  detail: async ({ tx }, row) => {
    const card = await cardBillDetail(tx, row.refBillId);
    const perf = await linePerf(tx, card.id);
    const audited = row.state === 'audited';
    const negated = and(
      eq(serviceBillPerf.billId, card.id),
      eq(serviceBillPerf.causeBillNo, row.billNo),
      isNotNull(serviceBillPerf.reversesId),
    );
    const before = audited
      ? await tx.select({ id: serviceBillPerf.id }).from(serviceBillPerf).where(negated)
      : await currentPerf(tx, card.id);
    const rows = card.perf.filter((r) => before.some((b) => b.id === r.id));
    return {
      card: {
        ...card,
        // The card opened or recharged by the bill (a card bill carries no paying card).
        cardNo: card.cards[0]?.cardNo ?? card.cardNo,
        payments: card.payments.map((p) => ({ payname: p.payName, payje: p.amount })),
        lines: card.lines.map((l) => ({ lineId: l.id, lineName: l.name, perf: perf.get(l.id) ?? 0 })),
      },
      before: audited ? rows.map((r) => ({ ...r, amount: -r.amount })) : rows.sort((x, y) => x.station - y.station || x.id - y.id),
    };
  },
  describe: {
    save: "refbillcode: a settled, not revoked card bill (充值单) of a shop the user sees. lines: per card-bill line (lineId, optional when it has one) and station, employeeId (null: 公单) and yj (cents); each station given adds up to the line's performance exactly. One draft per card bill.",
    audit:
      "Re-splits the card bill's performance rows (the current ones negated, the new ones written, cause adjust, with this bill's number).",
  },
});

export const registerCsadjRoutes = (app: FastifyInstance) => registerBill(app, csadjType);
