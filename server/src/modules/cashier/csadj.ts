import { csadjBill } from '@headoffice/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type BillType, billLines, billType, registerBill } from '../../platform/bills.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { refuseLocked } from '../../platform/period-locks.js';
import { csadjBillLines, csadjBills, serviceBillCards, serviceBillLines, serviceBillPerf, serviceBills } from './schema.js';
import { billDetail as cardBillDetail, checkSplit, currentPerf, linePerf, lockSettled, writeSplit } from './service-bills.js';

defineMessages({
  csadjNotCardBill: ['单据 {billNo} 不是充值单，不能做业绩调整', 'Bill {billNo} is not a card bill; its performance cannot be adjusted'],
  csadjNotSettled: ['充值单 {billNo} 未结账，不能做业绩调整', 'Card bill {billNo} is not settled; its performance cannot be adjusted'],
  csadjRevoked: ['充值单 {billNo} 已撤单，不能做业绩调整', 'Card bill {billNo} is revoked; its performance cannot be adjusted'],
  csadjDraftExists: [
    '充值单 {refbillcode} 已有未审核的调整单 {billNo}，请先审核或删除它',
    'Card bill {refbillcode} already has an unaudited adjustment, {billNo}: audit or delete it first',
  ],
  csadjLineRequired: ['充值单有多个项目，请选择要调整的项目', 'The card bill has several lines: choose the line to adjust'],
});

export const csadjType: BillType<typeof csadjBill> = billType(csadjBill, {
  table: csadjBills,
  numberPrefix: 'CZTZ',
  numberedToday: true,
  lines: { table: csadjBillLines },
  openOnce: { column: 'refBillId', message: 'csadjDraftExists' },
  list: { order: 'createdAt' },
  /** The card bill the draft names by its number, locked: of a shop the user sees (else 404); the adjustment takes its shop. */
  prepare: async ({ tx, auth }, body) => {
    const [found] = await tx
      .select({ id: serviceBills.id })
      .from(serviceBills)
      .where(and(eq(serviceBills.billNo, body.refbillcode), eq(serviceBills.isDel, 0)));
    if (!found) throw notFound();
    const card = await lockSettled(tx, auth, found.id);
    const [opened] = await tx
      .select({ id: serviceBillCards.id })
      .from(serviceBillCards)
      .where(eq(serviceBillCards.billId, card.id))
      .limit(1);
    if (!opened) throw new AppError(409, 'csadjNotCardBill', { billNo: card.billNo });
    if (card.status !== 4) throw new AppError(409, 'csadjNotSettled', { billNo: card.billNo });
    if (card.isHc) throw new AppError(409, 'csadjRevoked', { billNo: card.billNo });
    // Its performance rows are dated in its period: a closed one is not re-split.
    await refuseLocked(tx, csadjBill.locks ?? [], card.shopId, card.businessDate);
    return { shopId: card.shopId, refBillId: card.id, refbillcode: card.billNo };
  },
  /** The lines as split rows of the card bill: a line left out is its only line (400 when it has several); the revise rules checked. */
  lineValues: async ({ tx, lang }, lines, _body, head) => {
    const card = { id: head.refBillId as number, shopId: head.shopId as number };
    const lineIds = await tx.select({ id: serviceBillLines.id }).from(serviceBillLines).where(eq(serviceBillLines.billId, card.id));
    const rows = lines.map((l, i) => {
      if (l.lineId === undefined && lineIds.length !== 1) throw fieldError(`lines.${i}.lineId`, 'csadjLineRequired');
      return { ...l, lineId: l.lineId ?? lineIds[0].id, employeeId: l.employeeId ?? null };
    });
    await checkSplit(tx, lang, card, rows, 'lines', { shopId: card.shopId, exact: true });
    return rows;
  },
  // The card bill may have been revoked, or its period closed, since the draft was saved.
  recheck: ['audit'],
  effects: {
    audit: async (tx, bill, { auth }) =>
      writeSplit(tx, auth, await lockSettled(tx, auth, bill.refBillId), await billLines(csadjType, tx, bill.id), 'adjust', bill.billNo),
  },
  detail: async ({ tx }, row) => {
    const card = await cardBillDetail(tx, row.refBillId);
    const perf = await linePerf(tx, card.id);
    const audited = row.state === 'audited';
    // Once audited, the rows its audit negated: the card bill's rows of its number that reverse another.
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
