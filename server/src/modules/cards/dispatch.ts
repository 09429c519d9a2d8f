import { cardDispatchBill } from '@headoffice/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type BillCtx, billType } from '../../platform/bills.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { lockFor } from '../../platform/locks.js';
import { cardDispatches, cardDispatchLines } from './schema.js';

// The physical card dispatch bill (分拨单) on the bill engine: ranges of card numbers per shop, saved
// as a draft and audited; no range may overlap another on the bill or on any other bill.

defineMessages({
  dispatchOverlapLines: ['第 {a} 行和第 {b} 行的卡号重叠（{from}–{to}）', 'Lines {a} and {b} overlap (card numbers {from}–{to})'],
  dispatchOverlapBill: ['卡号 {from}–{to} 已在分拨单 {billNo} 中', 'Card numbers {from}–{to} are already on dispatch bill {billNo}'],
});

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

/** A draft's ranges: none overlapping another of the bill or of any other bill; the bill's total count. */
async function prepare({ tx, auth }: BillCtx, body: z.output<typeof cardDispatchBill.save>, bill?: { id: number }) {
  checkOwnLines(body.lines);
  await checkOtherBills(tx, auth.tenantId, bill?.id, body.lines);
  return { totalCount: body.lines.reduce((s, l) => s + countOf(l), 0) };
}

export const dispatchType = billType(cardDispatchBill, {
  table: cardDispatches,
  numberPrefix: 'FB',
  // Head office's bills: whoever may view dispatches sees them; a user limited to some shops, only the lines of theirs.
  headOfficePerm: 'cards.dispatch.view',
  lines: { table: cardDispatchLines, shopKey: 'shopId' },
  filters: {
    cardNo: ({ auth }, no) =>
      sql`${cardDispatches.id} in (select ${cardDispatchLines.dispatchId} from ${cardDispatchLines}
        where ${cardDispatchLines.tenantId} = ${auth.tenantId} and length(${cardDispatchLines.startNo}) = ${String(no).length}
        and ${cardDispatchLines.startNo} collate "C" <= ${no} and ${cardDispatchLines.endNo} collate "C" >= ${no})`,
  },
  prepare,
  lineValues: (_ctx, lines) => lines.map((l) => ({ count: countOf(l) })),
  // Audit issues the numbers to the shops: another bill may have taken some since the draft was saved.
  recheck: ['audit'],
  describe: {
    '': 'Paged dispatch bills with their lines. Filters billNo, state (draft 未审核, audited 已审核), dateFrom/dateTo, shopId, cardNo (bills with a range holding that number).',
    saveBill:
      'lines: shopId, startNo, endNo (digit strings of the same width; count = endNo − startNo + 1, at most 100000 a line). Ranges overlapping each other (400, naming the lines) or a range of any other bill (409, naming the numbers and the bill) are refused.',
  },
});
