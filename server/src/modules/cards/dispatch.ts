import { cardDispatchBill, type dispatchLineInput } from '@headoffice/contract';
import { and, asc, eq, getTableColumns, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { visibleShops } from '../../platform/auth.js';
import { type BillCtx, billType } from '../../platform/bills.js';
import { type BillRow, logBill, nextBillNumber, type TransitionContext } from '../../platform/documents.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { lockFor } from '../../platform/locks.js';
import { tenantToday } from '../../platform/numbering.js';
import { keywordMatch } from '../../platform/paging.js';
import { loadShops, shops } from '../org/public.js';
import { cardDispatches, cardDispatchLines } from './schema.js';

// The physical card dispatch bill (分拨单) on the bill engine: ranges of card numbers per shop, saved
// as a draft and audited; no range may overlap another on the bill or on any other bill.

defineMessages({
  dispatchOverlapLines: ['第 {a} 行和第 {b} 行的卡号重叠（{from}–{to}）', 'Lines {a} and {b} overlap (card numbers {from}–{to})'],
  dispatchOverlapBill: ['卡号 {from}–{to} 已在分拨单 {billNo} 中', 'Card numbers {from}–{to} are already on dispatch bill {billNo}'],
});

type Line = z.output<typeof dispatchLineInput>;
type Range = { startNo: string; endNo: string };

const countOf = (l: Range) => Number(BigInt(l.endNo) - BigInt(l.startNo) + 1n);
const overlap = (a: Range, b: Range) => a.startNo.length === b.startNo.length && a.startNo <= b.endNo && b.startNo <= a.endNo;
/** The numbers two overlapping ranges share (numbers of one width compare as text). */
function clash(a: Range, b: Range) {
  const starts = [a.startNo, b.startNo].sort();
  const ends = [a.endNo, b.endNo].sort();
  return { from: starts[1], to: ends[0] };
}

/** Ranges of one bill that overlap each other: 400 on the later line, naming both lines and the numbers. */
function checkOwnLines(lines: Range[]) {
  for (let j = 1; j < lines.length; j++)
    for (let i = 0; i < j; i++)
      if (overlap(lines[i], lines[j]))
        throw fieldError(`lines.${j}.startNo`, 'dispatchOverlapLines', { a: i + 1, b: j + 1, ...clash(lines[i], lines[j]) });
}

/**
 * Ranges that overlap a range of another bill (any state): 409 naming the numbers and that bill.
 * Dispatches of a tenant are checked one at a time (an advisory lock), so two bills saved or audited
 * at once cannot both take the same numbers.
 */
async function checkOtherBills(tx: Db, tenantId: number, billId: number | undefined, lines: Range[]) {
  await lockFor(tx, 'cardDispatch', tenantId);
  for (const line of lines) {
    const [hit] = await tx
      .select({ startNo: cardDispatchLines.startNo, endNo: cardDispatchLines.endNo, billNo: cardDispatches.billNo })
      .from(cardDispatchLines)
      .innerJoin(cardDispatches, eq(cardDispatches.id, cardDispatchLines.dispatchId))
      .where(
        and(
          sql`length(${cardDispatchLines.startNo}) = ${line.startNo.length}`,
          sql`${cardDispatchLines.startNo} collate "C" <= ${line.endNo}`,
          sql`${cardDispatchLines.endNo} collate "C" >= ${line.startNo}`,
          billId ? ne(cardDispatchLines.dispatchId, billId) : undefined,
        ),
      )
      .orderBy(asc(cardDispatchLines.startNo))
      .limit(1);
    if (hit) throw new AppError(409, 'dispatchOverlapBill', { ...clash(line, hit), billNo: hit.billNo });
  }
}

async function writeLines(tx: Db, tenantId: number, billId: number, lines: Line[]) {
  await tx.delete(cardDispatchLines).where(eq(cardDispatchLines.dispatchId, billId));
  await tx.insert(cardDispatchLines).values(
    lines.map((l, i) => ({
      tenantId,
      dispatchId: billId,
      shopId: l.shopId,
      startNo: l.startNo,
      endNo: l.endNo,
      count: countOf(l),
      memo: l.memo ?? null,
      sort: (i + 1) * 10,
    })),
  );
  await tx
    .update(cardDispatches)
    .set({ totalCount: lines.reduce((s, l) => s + countOf(l), 0) })
    .where(eq(cardDispatches.id, billId));
}

async function save({ tx, auth }: BillCtx, body: z.output<typeof cardDispatchBill.save>, bill?: BillRow) {
  await loadShops(
    tx,
    auth,
    body.lines.map((l) => l.shopId),
  );
  checkOwnLines(body.lines);
  await checkOtherBills(tx, auth.tenantId, bill?.id, body.lines);
  if (bill) {
    await tx
      .update(cardDispatches)
      .set({ ...(body.billDate ? { billDate: body.billDate } : {}), memo: body.memo ?? null })
      .where(eq(cardDispatches.id, bill.id));
    await writeLines(tx, auth.tenantId, bill.id, body.lines);
    return bill.id;
  }
  const date = await tenantToday(tx, auth.tenantId);
  const [created] = await tx
    .insert(cardDispatches)
    .values({
      tenantId: auth.tenantId,
      billNo: await nextBillNumber(tx, dispatchType.doc, auth.tenantId, date),
      billDate: body.billDate ?? date,
      memo: body.memo ?? null,
      createdBy: auth.userId,
      createdByName: auth.name,
    })
    .returning({ id: cardDispatches.id });
  await writeLines(tx, auth.tenantId, created.id, body.lines);
  await logBill(tx, dispatchType.doc, created.id, 'create', null, 'draft', auth);
  return created.id;
}

/** Audit issues the numbers to the shops: the ranges are checked again against every other bill. */
async function auditEffect(tx: Db, bill: BillRow, ctx: TransitionContext) {
  const lines = await tx
    .select({ startNo: cardDispatchLines.startNo, endNo: cardDispatchLines.endNo })
    .from(cardDispatchLines)
    .where(eq(cardDispatchLines.dispatchId, bill.id));
  checkOwnLines(lines);
  await checkOtherBills(tx, ctx.auth.tenantId, bill.id, lines);
  return { auditedBy: ctx.auth.userId, auditedByName: ctx.auth.name, auditedAt: new Date() };
}

const { tenantId: _tenant, ...columns } = getTableColumns(cardDispatches);

async function linesOf(tx: Db, billIds: number[]) {
  if (!billIds.length) return [];
  return tx
    .select({
      id: cardDispatchLines.id,
      billId: cardDispatchLines.dispatchId,
      shopId: cardDispatchLines.shopId,
      shopName: shops.name,
      startNo: cardDispatchLines.startNo,
      endNo: cardDispatchLines.endNo,
      count: cardDispatchLines.count,
      memo: cardDispatchLines.memo,
      sort: cardDispatchLines.sort,
    })
    .from(cardDispatchLines)
    .innerJoin(shops, eq(shops.id, cardDispatchLines.shopId))
    .where(inArray(cardDispatchLines.dispatchId, billIds))
    .orderBy(asc(cardDispatchLines.dispatchId), asc(cardDispatchLines.sort), asc(cardDispatchLines.id));
}

function listWhere({ auth }: BillCtx, q: Record<string, unknown>): SQL[] {
  const where: SQL[] = [];
  const visible = visibleShops(auth);
  if (visible)
    where.push(
      sql`${cardDispatches.id} in (select ${cardDispatchLines.dispatchId} from ${cardDispatchLines}
        where ${cardDispatchLines.tenantId} = ${auth.tenantId} and ${inArray(cardDispatchLines.shopId, visible.length ? visible : [0])})`,
    );
  if (q.billNo) where.push(keywordMatch(q.billNo as string, cardDispatches.billNo));
  if (q.state) where.push(eq(cardDispatches.state, q.state as string));
  if (q.dateFrom) where.push(gte(cardDispatches.billDate, q.dateFrom as string));
  if (q.dateTo) where.push(lte(cardDispatches.billDate, q.dateTo as string));
  if (q.shopid)
    where.push(
      sql`${cardDispatches.id} in (select ${cardDispatchLines.dispatchId} from ${cardDispatchLines}
        where ${cardDispatchLines.tenantId} = ${auth.tenantId} and ${cardDispatchLines.shopId} = ${q.shopid})`,
    );
  if (q.cardNo) {
    const no = q.cardNo as string;
    where.push(
      sql`${cardDispatches.id} in (select ${cardDispatchLines.dispatchId} from ${cardDispatchLines}
        where ${cardDispatchLines.tenantId} = ${auth.tenantId} and length(${cardDispatchLines.startNo}) = ${no.length}
        and ${cardDispatchLines.startNo} collate "C" <= ${no} and ${cardDispatchLines.endNo} collate "C" >= ${no})`,
    );
  }
  return where;
}

export const dispatchType = billType(cardDispatchBill, {
  table: cardDispatches,
  dateField: 'billDate',
  numberPrefix: 'FB',
  // Head office's bills: whoever may view dispatches sees them; a user limited to some shops, only the lines of theirs.
  headOfficePerm: 'cards.dispatch.view',
  select: (tx) => tx.select(columns).from(cardDispatches).$dynamic(),
  lines: { table: cardDispatchLines, billKey: cardDispatchLines.dispatchId, of: linesOf, shopKey: 'shopId' },
  list: {
    where: listWhere,
    sortable: {
      billNo: cardDispatches.billNo,
      billDate: cardDispatches.billDate,
      state: cardDispatches.state,
      totalCount: cardDispatches.totalCount,
    },
    order: [
      { field: 'billDate', column: cardDispatches.billDate, desc: true },
      { field: 'id', column: cardDispatches.id, desc: true },
    ],
  },
  save,
  effects: { audit: auditEffect },
  describe: {
    '': 'Paged dispatch bills with their lines. Filters billNo, state (draft 未审核, audited 已审核), dateFrom/dateTo, shopId, cardNo (bills with a range holding that number).',
    saveBill:
      'lines: shopId, startNo, endNo (digit strings of the same width; count = endNo − startNo + 1, at most 100000 a line). Ranges overlapping each other (400, naming the lines) or a range of any other bill (409, naming the numbers and the bill) are refused.',
  },
});
