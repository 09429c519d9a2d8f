import { billDetailSchema, CSADJ_PATHS, csadjBill, csadjByCodeQuery, csadjEmployee } from '@headoffice/contract';
import { and, asc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { type BillCtx, type BillOf, billDetail, billType, registerBill } from '../../platform/bills.js';
import type { TransitionContext } from '../../platform/documents.js';
import { AppError, fieldError, notFound } from '../../platform/errors.js';
import { defineMessages, type Lang } from '../../platform/i18n.js';
import { refuseLocked } from '../../platform/period-locks.js';
import { route } from '../../platform/route.js';
import { memberCards } from '../assets/public.js';
import { employees, shops } from '../org/public.js';
import {
  csadjBillLines,
  csadjBills,
  serviceBillCards,
  serviceBillLines,
  serviceBillPayments,
  serviceBillPerf,
  serviceBills,
} from './schema.js';
import { checkSplit, currentPerf, linePerf, lockSettled, type SplitRow, writeSplit } from './service-bills.js';

// 充值单业绩调整单 (csadjrecords) on the bill engine: a draft names a settled, not revoked card bill and
// a new performance split; the audit re-splits the card bill's performance rows through the revise
// machinery (`checkSplit`, `writeSplit`), the adjustment's number recorded on the rows it wrote. The
// close lock covers the adjustment's own date (the engine) and the card bill's business date (here).

defineMessages({
  csadjNotCardBill: ['单据 {billNo} 不是充值单，不能做业绩调整', 'Bill {billNo} is not a card bill; its performance cannot be adjusted'],
  csadjNotSettled: ['充值单 {billNo} 未结账，不能做业绩调整', 'Card bill {billNo} is not settled; its performance cannot be adjusted'],
  csadjRevoked: ['充值单 {billNo} 已撤单，不能做业绩调整', 'Card bill {billNo} is revoked; its performance cannot be adjusted'],
  csadjDraftExists: [
    '充值单 {billNo} 已有未审核的调整单 {draft}，请先审核或删除它',
    'Card bill {billNo} already has an unaudited adjustment, {draft}: audit or delete it first',
  ],
  csadjLineRequired: ['充值单有多个项目，请选择要调整的项目', 'The card bill has several lines: choose the line to adjust'],
  csadjDateRange: ['创建日期的范围不能超过 31 天', 'The date range may span at most 31 days'],
});

type Save = z.output<typeof csadjBill.save>;
type CardBill = typeof serviceBills.$inferSelect;

/**
 * The card bill a draft names: of a shop the user sees (else 404), a card bill (409), settled (409), not
 * revoked (409); locked for the audit.
 */
async function cardBillOf(tx: Db, auth: Auth, ref: { id?: number; billNo?: string }): Promise<CardBill> {
  let id = ref.id;
  if (id === undefined) {
    const [found] = await tx
      .select({ id: serviceBills.id })
      .from(serviceBills)
      .where(and(eq(serviceBills.billNo, ref.billNo ?? ''), eq(serviceBills.isDel, 0)));
    if (!found) throw notFound();
    id = found.id;
  }
  const bill = await lockSettled(tx, auth, id);
  const [card] = await tx.select({ id: serviceBillCards.id }).from(serviceBillCards).where(eq(serviceBillCards.billId, bill.id)).limit(1);
  if (!card) throw new AppError(409, 'csadjNotCardBill', { billNo: bill.billNo });
  if (bill.status !== 4) throw new AppError(409, 'csadjNotSettled', { billNo: bill.billNo });
  if (bill.isHc) throw new AppError(409, 'csadjRevoked', { billNo: bill.billNo });
  // The card bill's performance rows are dated in its period: a closed one is not re-split.
  await refuseLocked(tx, csadjBill.locks ?? [], bill.shopId, bill.businessDate);
  return bill;
}

/** The lines as split rows of the card bill: a line left out is its only line (400 when it has several); the revise rules checked. */
async function splitOf(tx: Db, lang: Lang, card: { id: number; shopId: number }, lines: Save['lines']): Promise<SplitRow[]> {
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
async function refuseSecondDraft(tx: Db, card: CardBill, self?: number) {
  const [other] = await tx
    .select({ billNo: csadjBills.billNo })
    .from(csadjBills)
    .where(and(eq(csadjBills.refBillId, card.id), eq(csadjBills.state, 'draft'), self ? ne(csadjBills.id, self) : undefined));
  if (other) throw new AppError(409, 'csadjDraftExists', { billNo: card.billNo, draft: other.billNo });
}

/** Audit: the card bill (locked, still settled and not revoked) gets the new split, checked again, through the revise machinery. */
async function auditEffect(tx: Db, bill: BillOf<typeof csadjBills>, ctx: TransitionContext) {
  const card = await cardBillOf(tx, ctx.auth, { id: bill.refBillId });
  const rows = await tx
    .select()
    .from(csadjBillLines)
    .where(eq(csadjBillLines.billId, bill.id))
    .orderBy(asc(csadjBillLines.sort), asc(csadjBillLines.id));
  await checkSplit(tx, 'zh-CN', card, rows, 'lines', { shopId: card.shopId, exact: true });
  await writeSplit(tx, ctx.auth, card, rows, 'adjust', bill.billNo);
  return undefined;
}

/** The original limits the made-on range to 30 days apart. */
function madeWithinAMonth(_ctx: BillCtx, q: Record<string, unknown>): SQL[] {
  const [from, to] = [q.dateFrom, q.dateTo] as (string | undefined)[];
  if (from && to && (Date.parse(to) - Date.parse(from)) / 86_400_000 > 30) throw fieldError('dateTo', 'csadjDateRange');
  return [];
}

/** Performance rows of the card bill as the adjustment shows them, in the order given. */
const perfRows = (tx: Db, where: SQL | undefined, ...order: SQL[]) =>
  tx
    .select({
      lineId: serviceBillPerf.lineId,
      lineName: serviceBillLines.name,
      station: serviceBillPerf.station,
      employeeId: serviceBillPerf.employeeId,
      employeeName: employees.name,
      appointed: serviceBillPerf.appointed,
      amount: serviceBillPerf.amount,
    })
    .from(serviceBillPerf)
    .innerJoin(serviceBillLines, eq(serviceBillLines.id, serviceBillPerf.lineId))
    .leftJoin(employees, eq(employees.id, serviceBillPerf.employeeId))
    .where(where)
    .orderBy(...order);

/**
 * What the detail adds: the card bill (member, card, amount, payments, each line's performance) and
 * the split before: the card bill's current rows while unaudited; once audited, the rows its audit
 * negated (rows of the card bill with the adjustment's number that reverse another one).
 */
async function detail({ tx }: BillCtx, row: Record<string, unknown>) {
  const cardId = row.refBillId as number;
  // The card opened or recharged by the bill (a card bill carries no paying card).
  const opened = tx
    .select({ cardNo: memberCards.cardNo })
    .from(serviceBillCards)
    .innerJoin(memberCards, eq(memberCards.id, serviceBillCards.cardId))
    .where(eq(serviceBillCards.billId, cardId))
    .orderBy(asc(serviceBillCards.id))
    .limit(1);
  const [card] = await tx
    .select({
      id: serviceBills.id,
      billNo: serviceBills.billNo,
      shopName: shops.name,
      businessDate: serviceBills.businessDate,
      memberName: serviceBills.memberName,
      cardNo: sql<string | null>`coalesce((${opened}), ${memberCards.cardNo})`,
      amount: serviceBills.amount,
      isHc: serviceBills.isHc,
    })
    .from(serviceBills)
    .innerJoin(shops, eq(shops.id, serviceBills.shopId))
    .leftJoin(memberCards, eq(memberCards.id, serviceBills.cardId))
    .where(eq(serviceBills.id, cardId));
  const payments = await tx
    .select({ payname: serviceBillPayments.payName, payje: serviceBillPayments.amount })
    .from(serviceBillPayments)
    .where(eq(serviceBillPayments.billId, cardId))
    .orderBy(asc(serviceBillPayments.id));
  const lines = await tx
    .select({ lineId: serviceBillLines.id, lineName: serviceBillLines.name })
    .from(serviceBillLines)
    .where(eq(serviceBillLines.billId, cardId))
    .orderBy(asc(serviceBillLines.lineNo));
  const perf = await linePerf(tx, cardId);
  const current = async () => {
    const ids = (await currentPerf(tx, cardId)).map((r) => r.id);
    return ids.length ? perfRows(tx, inArray(serviceBillPerf.id, ids), asc(serviceBillPerf.station), asc(serviceBillPerf.id)) : [];
  };
  const replaced = and(
    eq(serviceBillPerf.billId, cardId),
    eq(serviceBillPerf.causeBillNo, row.billNo as string),
    isNotNull(serviceBillPerf.reversesId),
  );
  const before =
    row.state === 'audited'
      ? (await perfRows(tx, replaced, asc(serviceBillPerf.id))).map((r) => ({ ...r, amount: -r.amount }))
      : await current();
  return { card: { ...card, payments, lines: lines.map((l) => ({ ...l, perf: perf.get(l.lineId) ?? 0 })) }, before };
}

export const csadjType = billType(csadjBill, {
  table: csadjBills,
  dateField: 'billDate',
  numberPrefix: 'CZTZ',
  numberedToday: true,
  lines: { table: csadjBillLines, billKey: csadjBillLines.billId },
  list: {
    where: madeWithinAMonth,
    order: [
      { field: 'createdAt', column: csadjBills.createdAt, desc: true },
      { field: 'id', column: csadjBills.id, desc: true },
    ],
  },
  prepare: async ({ tx, auth }, body, bill) => {
    const card = await cardBillOf(tx, auth, { billNo: body.refbillcode });
    await refuseSecondDraft(tx, card, bill?.id);
    return { shopId: card.shopId, refBillId: card.id, refbillcode: card.billNo };
  },
  lineValues: ({ tx, lang }, lines, _body, head) =>
    splitOf(tx, lang, { id: head.refBillId as number, shopId: head.shopId as number }, lines),
  signs: { audit: 'audited' },
  effects: { audit: auditEffect },
  detail,
  describe: {
    'list/listBypageForChain':
      'Paged adjustment bills with their lines. Filters shopid, billcode, refbillcode (the card bill), dateFrom/dateTo (made on, at most 31 days), auditFrom/auditTo, state (draft 未审核, audited 已审核).',
    save: "refbillcode: a settled, not revoked card bill (充值单) of a shop the user sees. lines: per card-bill line (lineId, optional when it has one) and station, employeeId (null: 公单) and yj (cents); each station given adds up to the line's performance exactly. One draft per card bill.",
    audit:
      "Re-splits the card bill's performance rows (the current ones negated, the new ones written, cause adjust, with this bill's number).",
  },
});

/** The adjustment's routes: the engine's, its detail by number, and the staff an adjustment may credit. */
export function registerCsadjRoutes(app: FastifyInstance) {
  registerBill(app, csadjType);
  route(
    app,
    'GET',
    CSADJ_PATHS.detailByCode,
    {
      summary: 'Recharge performance adjustment: one bill by its number (billcode), as the detail by id answers it',
      perm: 'cashier.csadj.view',
      query: csadjByCodeQuery,
      // The engine's detail schema (the type's `detail`), as the route by id answers.
      response: billDetailSchema(csadjBill),
    },
    async ({ tx, auth, lang, query }) => {
      const [found] = await tx
        .select({ id: csadjBills.id })
        .from(csadjBills)
        .where(and(eq(csadjBills.tenantId, auth.tenantId), eq(csadjBills.billNo, query.billcode)));
      // Another tenant's number, or none: 404, as the detail by id (which also hides other shops' bills).
      if (!found) throw notFound();
      return billDetail(csadjType, { tx, auth, lang }, found.id);
    },
  );
  route(
    app,
    'GET',
    CSADJ_PATHS.employees,
    {
      summary: 'Recharge performance adjustment: the employees of the shops the user sees (a select; 公单 is no employee)',
      perm: 'cashier.csadj.view',
      response: z.array(csadjEmployee),
    },
    async ({ tx, auth }) =>
      (
        await tx
          .select({ id: employees.id, name: employees.name, eecode: employees.eecode, shopId: employees.shopId, shopName: shops.name })
          .from(employees)
          .innerJoin(shops, eq(shops.id, employees.shopId))
          .where(and(inVisibleShops(auth, employees.shopId), eq(employees.status, 1)))
          .orderBy(asc(employees.shopId), asc(employees.eecode))
          .limit(2000)
      ).map((e) => ({ id: e.id, shopId: e.shopId as number, label: `${e.name} ${e.eecode}（${e.shopName}）` })),
  );
}
