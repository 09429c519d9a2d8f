import { djImportedLine, djMonthBill, djMonthConvert } from '@headoffice/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { registerLinesImport } from '../../platform/bill-import.js';
import { billType } from '../../platform/bills.js';
import { fieldError } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { djItems, djMonthAmounts, djMonthBillLines, djMonthBills } from './schema.js';
import { lineColumns, lineSchema } from './withholdings.js';

// 收支变动维护单 (the month kind of djbillhead): the day's 代缴单 (withholdings.ts) keyed by a month, 代扣代缴 items only (isBk 0);
// the audit makes each line's rmoney the month's amount of its shop × item (覆盖: umoney; 累加: + umoney) under a row lock.

defineMessages({
  djMonthNotWithheld: [
    '「{name}」是财务拨款项目，收支变动维护单只录入代扣代缴项目',
    '"{name}" is an allocation; the monthly bill takes withholding items only',
  ],
});
defineLabels({ dj_month_bills: ['收支变动维护单', 'monthly withholding bills'] });

type Entry = { shopId: number; djItemId: number; umoney: number };
const keyOf = (l: Omit<Entry, 'umoney'>) => `${l.shopId}:${l.djItemId}`;
const rmoneyOf = (type: number | undefined, smoney: number, umoney: number) => (type === 2 ? smoney + umoney : umoney);

/** smoney (the month's amount so far) and rmoney (after the entry, by the item's entry type), as of now. */
async function priced<L extends Entry>(tx: Db, month: string, lines: L[]) {
  const itemIds = [...new Set(lines.map((l) => l.djItemId))];
  const items = await tx.select({ id: djItems.id, type: djItems.type }).from(djItems).where(inArray(djItems.id, itemIds));
  const amounts = await tx
    .select()
    .from(djMonthAmounts)
    .where(
      and(
        eq(djMonthAmounts.month, month),
        inArray(djMonthAmounts.shopId, [...new Set(lines.map((l) => l.shopId))]),
        inArray(djMonthAmounts.djItemId, itemIds),
      ),
    );
  const typeOf = new Map(items.map((i) => [i.id, i.type]));
  const before = new Map(amounts.map((a) => [keyOf(a), a.amount]));
  return lines.map((l) => {
    const smoney = before.get(keyOf(l)) ?? 0;
    return { ...l, smoney, rmoney: rmoneyOf(typeOf.get(l.djItemId), smoney, l.umoney) };
  });
}

/** The audit: each line's shop × item amount of the month, locked in key order, becomes its rmoney. */
async function applyLines(tx: Db, tenantId: number, billId: number, month: string) {
  const lines = await tx
    .select({
      id: djMonthBillLines.id,
      shopId: djMonthBillLines.shopId,
      djItemId: djMonthBillLines.djItemId,
      umoney: djMonthBillLines.umoney,
      type: djItems.type,
    })
    .from(djMonthBillLines)
    .innerJoin(djItems, and(eq(djItems.tenantId, djMonthBillLines.tenantId), eq(djItems.id, djMonthBillLines.djItemId)))
    .where(eq(djMonthBillLines.billId, billId))
    .orderBy(asc(djMonthBillLines.shopId), asc(djMonthBillLines.djItemId));
  for (const l of lines) {
    await tx.insert(djMonthAmounts).values({ tenantId, shopId: l.shopId, djItemId: l.djItemId, month }).onConflictDoNothing();
    const [row] = await tx
      .select({ id: djMonthAmounts.id, amount: djMonthAmounts.amount })
      .from(djMonthAmounts)
      .where(and(eq(djMonthAmounts.shopId, l.shopId), eq(djMonthAmounts.djItemId, l.djItemId), eq(djMonthAmounts.month, month)))
      .for('update');
    const rmoney = rmoneyOf(l.type, row.amount, l.umoney);
    await tx.update(djMonthAmounts).set({ amount: rmoney, updatedAt: sql`now()` }).where(eq(djMonthAmounts.id, row.id));
    await tx.update(djMonthBillLines).set({ smoney: row.amount, rmoney }).where(eq(djMonthBillLines.id, l.id));
  }
}

export const djMonthType = billType(djMonthBill, {
  table: djMonthBills,
  numberPrefix: 'DM',
  numberedToday: true,
  dateField: 'yearmonth',
  headOfficePerm: 'finance.djmonth.view',
  lines: { table: djMonthBillLines, shopKey: 'shopId' },
  prepare: async ({ tx }, body) => {
    const seen = new Map<string, number>();
    const ids = [...new Set(body.lines.map((l) => l.djItemId))];
    const allocations = await tx
      .select({ id: djItems.id, name: djItems.name })
      .from(djItems)
      .where(and(inArray(djItems.id, ids), eq(djItems.isBk, 1)));
    for (const [i, l] of body.lines.entries()) {
      const allocation = allocations.find((a) => a.id === l.djItemId);
      if (allocation) throw fieldError(`lines.${i}.djItemId`, 'djMonthNotWithheld', { name: allocation.name });
      const first = seen.get(keyOf(l));
      if (first !== undefined) throw fieldError(`lines.${i}.djItemId`, 'djLineTwice', { first: first + 1 });
      seen.set(keyOf(l), i);
    }
    return { totalMoney: body.lines.reduce((sum, l) => sum + l.umoney, 0) };
  },
  lineValues: async ({ tx }, lines, body) => (await priced(tx, body.yearmonth, lines)).map(({ smoney, rmoney }) => ({ smoney, rmoney })),
  effects: { audit: (tx, bill, { auth }) => applyLines(tx, auth.tenantId, bill.id, bill.yearmonth) },
  describe: {
    saveBill:
      'yearmonth (YYYY-MM), lines: shopId, djItemId (a 代扣代缴 item, isBk 0), umoney (signed cents; one line per shop × item). Audit (auditBill) sets the month’s amount of each shop × item to rmoney: umoney (覆盖, type 1) or the month’s amount + umoney (累加, type 2).',
  },
});

/** The month form's reader (saveSystemdj): the day form's sheet, its rows as lines of the form's month (nothing saved). */
export function registerDjMonthImport(app: FastifyInstance) {
  registerLinesImport(app, djMonthType, {
    ...djMonthConvert,
    name: ['收支变动维护单明细', 'Monthly withholding lines'],
    columns: lineColumns,
    schema: lineSchema,
    maxRows: 500,
    response: z.array(djImportedLine),
    lines: async (tx, rows, q) => (await priced(tx, q.yearmonth, rows)).map((l) => ({ ...l, memo: l.memo ?? null })),
  });
}
