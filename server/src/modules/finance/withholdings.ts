import { djBill, djConvertPath, djImportedLine } from '@headoffice/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inVisibleShops } from '../../platform/auth.js';
import { registerBillImport, registerLinesImport } from '../../platform/bill-import.js';
import { billType } from '../../platform/bills.js';
import { fieldError } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { shops } from '../org/public.js';
import { djAmounts, djBillLines, djBills, djItems } from './schema.js';

// 代缴单 (djbillhead, §9.8): the audit writes each line's rmoney as the day's amount of its shop × item
// (覆盖: umoney; 累加: the day's amount + umoney), read under a row lock and stamped on the line with smoney.
// Until then a line shows smoney/rmoney as of its save. Head office's bills, a shop per line.

defineMessages({
  djLineTwice: ['第 {first} 行已有该门店的该项目，请合并为一行', 'Line {first} already has this item of this shop; put them on one line'],
});
defineLabels({ dj_bills: ['代缴单', 'withholding and allocation bills'], djItem: ['代缴项目', 'withholding item'] });

type Entry = { shopId: number; djItemId: number; umoney: number };
const keyOf = (l: Omit<Entry, 'umoney'>) => `${l.shopId}:${l.djItemId}`;
const rmoneyOf = (type: number | undefined, smoney: number, umoney: number) => (type === 2 ? smoney + umoney : umoney);

/** smoney (the day's amount so far) and rmoney (after the entry, by the item's entry type) of lines, as of now. */
async function priced<L extends Entry>(tx: Db, rq: string, lines: L[]) {
  const itemIds = [...new Set(lines.map((l) => l.djItemId))];
  const items = await tx.select({ id: djItems.id, type: djItems.type }).from(djItems).where(inArray(djItems.id, itemIds));
  const ofDay = and(eq(djAmounts.day, rq), inArray(djAmounts.shopId, [...new Set(lines.map((l) => l.shopId))]));
  const amounts = await tx
    .select()
    .from(djAmounts)
    .where(and(ofDay, inArray(djAmounts.djItemId, itemIds)));
  const typeOf = new Map(items.map((i) => [i.id, i.type]));
  const before = new Map(amounts.map((a) => [keyOf(a), a.amount]));
  return lines.map((l) => {
    const smoney = before.get(keyOf(l)) ?? 0;
    return { ...l, smoney, rmoney: rmoneyOf(typeOf.get(l.djItemId), smoney, l.umoney) };
  });
}

/** The audit: each line's shop × item amount of the day, locked in key order, becomes its rmoney. */
async function applyLines(tx: Db, tenantId: number, billId: number, day: string) {
  const lines = await tx
    .select({
      id: djBillLines.id,
      shopId: djBillLines.shopId,
      djItemId: djBillLines.djItemId,
      umoney: djBillLines.umoney,
      type: djItems.type,
    })
    .from(djBillLines)
    .innerJoin(djItems, and(eq(djItems.tenantId, djBillLines.tenantId), eq(djItems.id, djBillLines.djItemId)))
    .where(eq(djBillLines.billId, billId))
    .orderBy(asc(djBillLines.shopId), asc(djBillLines.djItemId));
  for (const l of lines) {
    await tx.insert(djAmounts).values({ tenantId, shopId: l.shopId, djItemId: l.djItemId, day }).onConflictDoNothing();
    const [row] = await tx
      .select({ id: djAmounts.id, amount: djAmounts.amount })
      .from(djAmounts)
      .where(and(eq(djAmounts.shopId, l.shopId), eq(djAmounts.djItemId, l.djItemId), eq(djAmounts.day, day)))
      .for('update');
    const rmoney = rmoneyOf(l.type, row.amount, l.umoney);
    await tx.update(djAmounts).set({ amount: rmoney, updatedAt: sql`now()` }).where(eq(djAmounts.id, row.id));
    await tx.update(djBillLines).set({ smoney: row.amount, rmoney }).where(eq(djBillLines.id, l.id));
  }
}

export const djType = billType(djBill, {
  table: djBills,
  numberPrefix: 'DJ',
  dateField: 'rq',
  headOfficePerm: 'finance.dj.view',
  lines: { table: djBillLines, shopKey: 'shopId' },
  prepare: async (_ctx, body) => {
    const seen = new Map<string, number>();
    for (const [i, l] of body.lines.entries()) {
      const first = seen.get(keyOf(l));
      if (first !== undefined) throw fieldError(`lines.${i}.djItemId`, 'djLineTwice', { first: first + 1 });
      seen.set(keyOf(l), i);
    }
    return { totalMoney: body.lines.reduce((sum, l) => sum + l.umoney, 0) };
  },
  lineValues: async ({ tx }, lines, body) => (await priced(tx, body.rq, lines)).map(({ smoney, rmoney }) => ({ smoney, rmoney })),
  effects: { audit: (tx, bill, { auth }) => applyLines(tx, auth.tenantId, bill.id, bill.rq) },
  describe: {
    saveBill:
      'rq (the day), lines: shopId, djItemId, umoney (signed cents; one line per shop × item). Audit (auditBill) sets the day’s amount of each shop × item to rmoney: umoney for an item entered by 覆盖 (type 1), the day’s amount + umoney for 累加 (type 2).',
  },
});

export const lineColumns = [
  { key: 'shopId', title: ['门店', 'Shop'], required: true, lookup: { table: shops, scope: (auth) => inVisibleShops(auth, shops.id) } },
  { key: 'djItemId', title: ['项目', 'Item'], required: true, lookup: { table: djItems } },
  { key: 'umoney', title: ['金额(元)', 'Amount (yuan)'], required: true, example: '300.00' },
  { key: 'memo', title: ['备注', 'Memo'] },
] satisfies Parameters<typeof registerBillImport>[2]['columns'];
export const lineSchema = z.object({
  shopId: z.number().int().positive(),
  djItemId: z.number().int().positive(),
  umoney: z.coerce
    .number()
    .refine((v) => Math.abs(v) <= 10_000_000, '金额超出范围')
    .transform((v) => Math.round(v * 100)),
  memo: z.string().nullish(),
});

/** saveSystem: each row a line with its day (the rows of a day make one draft); saveSystemdj: rows into lines of the form's day. */
export function registerDjImports(app: FastifyInstance) {
  registerBillImport(app, djType, {
    name: ['代缴单', 'Withholding bills'],
    columns: [{ key: 'rq', title: ['日期', 'Day'], type: 'date', required: true, example: '2026-01-31' }, ...lineColumns],
    schema: lineSchema.extend({ rq: z.iso.date() }),
    bills: (rows) =>
      [...new Set(rows.map((r) => r.rq))].map((rq) => ({
        rq,
        memo: '导入',
        lines: rows.filter((r) => r.rq === rq).map(({ rq: _, ...l }) => l),
      })),
  });
  registerLinesImport(app, djType, {
    path: djConvertPath,
    name: ['代缴单明细', 'Withholding lines'],
    columns: lineColumns,
    schema: lineSchema,
    maxRows: 500,
    query: z.object({ rq: z.iso.date() }),
    response: z.array(djImportedLine),
    lines: (tx, rows, query) =>
      priced(
        tx,
        query.rq,
        rows.map((r) => ({ ...r, memo: r.memo ?? null })),
      ),
  });
}
