import { expenseLimitBill } from '@headoffice/contract';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { registerBillImport } from '../../platform/bill-import.js';
import { billType } from '../../platform/bills.js';
import { AppError } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { yuanAmount } from '../../platform/money.js';
import { shops } from '../org/public.js';
import { expenseLimitBillLines, expenseLimitBills, expenseLimits, financeItems } from './schema.js';

// Monthly expense limits adjusted in one step (支出限额调整单, iolimitbillhead, §9.3): the audit sets each
// line's shop × item limit of the bill's month to before + change, stamping both on the line. A limit
// never goes below 0. Head office's bills, a shop per line: a shop-limited user reads only its lines.

defineMessages({
  expenseLimitNegative: [
    '「{item}」的支出限额不能小于 0：当前 {before} 元，调整 {change} 元',
    'The expense limit of "{item}" cannot go below 0: ¥{before} now, ¥{change} change',
  ],
});
defineLabels({ expense_limit_bills: ['支出限额调整单', 'expense limit adjustments'], item: ['收支项目', 'item'] });

/** The audit: each line's limit of the month becomes before + change (rows locked in key order). */
async function applyLines(tx: Db, auth: Auth, billId: number, month: string) {
  const lines = await tx
    .select({ ...getTableColumns(expenseLimitBillLines), itemName: financeItems.name })
    .from(expenseLimitBillLines)
    .innerJoin(financeItems, eq(financeItems.id, expenseLimitBillLines.itemId))
    .where(eq(expenseLimitBillLines.billId, billId))
    .orderBy(asc(expenseLimitBillLines.shopId), asc(expenseLimitBillLines.itemId), asc(expenseLimitBillLines.id));
  for (const l of lines) {
    // one atomic upsert: a new limit starts at the change, an existing one moves by it
    const [{ after }] = await tx
      .insert(expenseLimits)
      .values({ tenantId: auth.tenantId, shopId: l.shopId, itemId: l.itemId, month, amount: l.change })
      .onConflictDoUpdate({
        target: [expenseLimits.tenantId, expenseLimits.shopId, expenseLimits.itemId, expenseLimits.month],
        set: { amount: sql`${expenseLimits.amount} + ${l.change}`, updatedAt: new Date() },
      })
      .returning({ after: expenseLimits.amount });
    if (after < 0)
      throw new AppError(409, 'expenseLimitNegative', {
        item: l.itemName,
        before: yuanAmount(after - l.change),
        change: yuanAmount(l.change),
      });
    await tx
      .update(expenseLimitBillLines)
      .set({ before: after - l.change, after })
      .where(eq(expenseLimitBillLines.id, l.id));
  }
}

export const expenseLimitType = billType(expenseLimitBill, {
  table: expenseLimitBills,
  numberPrefix: 'XE',
  headOfficePerm: 'finance.iolimit.view',
  lines: { table: expenseLimitBillLines, shopKey: 'shopId' },
  prepare: async (_ctx, body) => ({ totalChange: body.lines.reduce((sum, l) => sum + l.change, 0) }),
  effects: { audit: (tx, bill, { auth }) => applyLines(tx, auth, bill.id, bill.month) },
  describe: {
    saveBill:
      'month (YYYY-MM), lines: shopId, itemId, change (signed cents, not 0). Audit (auditBill) sets each shop × item limit of the month to before + change; below 0 is refused (409).',
  },
});

/** The import (saveSystem): each row a line (shop, item, change in yuan); all rows of a month make one draft bill. */
export function registerExpenseLimitImport(app: FastifyInstance) {
  registerBillImport(app, expenseLimitType, {
    name: ['支出限额调整', 'Expense limit adjustments'],
    columns: [
      { key: 'month', title: ['月份', 'Month'], required: true, example: '2026-01' },
      { key: 'shopId', title: ['门店', 'Shop'], required: true, lookup: { table: shops, scope: (auth) => inVisibleShops(auth, shops.id) } },
      { key: 'itemId', title: ['收支项目', 'Item'], required: true, lookup: { table: financeItems } },
      { key: 'change', title: ['调整金额(元)', 'Change (yuan)'], required: true, example: '500.00' },
      { key: 'memo', title: ['备注', 'Memo'] },
    ],
    schema: z.object({
      month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM'),
      shopId: z.number().int().positive(),
      itemId: z.number().int().positive(),
      change: z.coerce
        .number()
        .refine((v) => v !== 0 && Math.abs(v) <= 10_000_000, '调整金额须为非 0 的金额')
        .transform((v) => Math.round(v * 100)),
      memo: z.string().nullish(),
    }),
    bills: (rows) =>
      [...new Set(rows.map((r) => r.month))].map((month) => ({
        month,
        memo: '导入',
        lines: rows.filter((r) => r.month === month).map(({ month: _, ...line }) => line),
      })),
  });
}
