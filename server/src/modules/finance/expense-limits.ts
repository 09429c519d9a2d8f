import { expenseLimitBill } from '@headoffice/contract';
import { asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, inVisibleShops, visibleShops } from '../../platform/auth.js';
import { type BillCtx, billType } from '../../platform/bills.js';
import { type BillRow, logBill, nextBillNumber } from '../../platform/documents.js';
import { AppError, fieldError } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { registerImport } from '../../platform/importer.js';
import { yuanAmount } from '../../platform/money.js';
import { tenantToday } from '../../platform/numbering.js';
import { keywordMatch } from '../../platform/paging.js';
import { checkLocks } from '../../platform/period-locks.js';
import { loadShops, shops } from '../org/public.js';
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

type Line = { shopId: number; itemId: number; change: number; memo?: string | null };

async function checkItems(tx: Db, lines: Line[]) {
  const ids = [...new Set(lines.map((l) => l.itemId))];
  const found = new Set(
    (await tx.select({ id: financeItems.id }).from(financeItems).where(inArray(financeItems.id, ids))).map((r) => r.id),
  );
  lines.forEach((l, i) => {
    if (!found.has(l.itemId)) throw fieldError(`lines.${i}.itemId`, 'missingReference', { field: '@item' });
  });
}

async function saveLimitBill(
  { tx, auth }: BillCtx,
  head: { month: string; billDate?: string; memo?: string | null },
  lines: Line[],
  bill?: BillRow,
): Promise<number> {
  await loadShops(
    tx,
    auth,
    lines.map((l) => l.shopId),
  );
  await checkItems(tx, lines);
  const totalChange = lines.reduce((s, l) => s + l.change, 0);
  let id: number | undefined = bill?.id;
  if (id) {
    await tx
      .update(expenseLimitBills)
      .set({ month: head.month, memo: head.memo ?? null, totalChange, ...(head.billDate ? { billDate: head.billDate } : {}) })
      .where(eq(expenseLimitBills.id, id));
    await tx.delete(expenseLimitBillLines).where(eq(expenseLimitBillLines.billId, id));
  } else {
    const billDate = head.billDate ?? (await tenantToday(tx, auth.tenantId));
    [{ id }] = await tx
      .insert(expenseLimitBills)
      .values({
        tenantId: auth.tenantId,
        billNo: await nextBillNumber(tx, expenseLimitType.doc, auth.tenantId, billDate),
        billDate,
        month: head.month,
        totalChange,
        memo: head.memo ?? null,
        createdBy: auth.userId,
        createdByName: auth.name,
      })
      .returning({ id: expenseLimitBills.id });
    await logBill(tx, expenseLimitType.doc, id, 'create', null, 'draft', auth);
  }
  const billId = id;
  await tx
    .insert(expenseLimitBillLines)
    .values(lines.map((l, i) => ({ tenantId: auth.tenantId, billId, ...l, memo: l.memo ?? null, sort: (i + 1) * 10 })));
  return billId;
}

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

const linesOf = async (tx: Db, billIds: number[]) =>
  billIds.length
    ? tx
        .select({ ...getTableColumns(expenseLimitBillLines), shopName: shops.name, itemName: financeItems.name })
        .from(expenseLimitBillLines)
        .innerJoin(shops, eq(shops.id, expenseLimitBillLines.shopId))
        .innerJoin(financeItems, eq(financeItems.id, expenseLimitBillLines.itemId))
        .where(inArray(expenseLimitBillLines.billId, billIds))
        .orderBy(asc(expenseLimitBillLines.billId), asc(expenseLimitBillLines.sort), asc(expenseLimitBillLines.id))
    : [];

const linesInShops = (tenantId: number, shopIds: number[]) =>
  sql`${expenseLimitBills.id} in (select ${expenseLimitBillLines.billId} from ${expenseLimitBillLines}
    where ${expenseLimitBillLines.tenantId} = ${tenantId} and ${inArray(expenseLimitBillLines.shopId, shopIds.length ? shopIds : [0])})`;

const { tenantId: _tenant, ...columns } = getTableColumns(expenseLimitBills);

export const expenseLimitType = billType(expenseLimitBill, {
  table: expenseLimitBills,
  dateField: 'billDate',
  numberPrefix: 'XE',
  headOfficePerm: 'finance.iolimit.view',
  select: (tx: Db) => tx.select(columns).from(expenseLimitBills).$dynamic(),
  lines: { table: expenseLimitBillLines, billKey: expenseLimitBillLines.billId, of: linesOf, shopKey: 'shopId' },
  list: {
    where: ({ auth }, q) => {
      const where: SQL[] = [];
      const visible = visibleShops(auth);
      if (visible) where.push(linesInShops(auth.tenantId, visible));
      if (q.billNo) where.push(keywordMatch(q.billNo as string, expenseLimitBills.billNo));
      if (q.state) where.push(eq(expenseLimitBills.state, q.state as string));
      if (q.month) where.push(eq(expenseLimitBills.month, q.month as string));
      if (q.shopid) {
        assertShopVisible(auth, q.shopid as number);
        where.push(linesInShops(auth.tenantId, [q.shopid as number]));
      }
      return where;
    },
    sortable: { billNo: expenseLimitBills.billNo, billDate: expenseLimitBills.billDate, month: expenseLimitBills.month },
    order: [
      { field: 'billDate', column: expenseLimitBills.billDate, desc: true },
      { field: 'id', column: expenseLimitBills.id, desc: true },
    ],
  },
  save: (ctx, body, bill): Promise<number> => saveLimitBill(ctx, body, body.lines, bill),
  effects: {
    audit: async (tx, bill, { auth }) => {
      await applyLines(tx, auth, bill.id, bill.month as string);
      return { auditedBy: auth.userId, auditedByName: auth.name, auditedAt: new Date() };
    },
  },
  describe: {
    saveBill:
      'month (YYYY-MM), lines: shopId, itemId, change (signed cents, not 0). Audit (auditBill) sets each shop × item limit of the month to before + change; below 0 is refused (409).',
  },
});

/** The import (saveSystem): each row a line (shop, item, change in yuan); all rows make one draft bill of the month given. */
const limitImport = {
  name: ['支出限额调整', 'Expense limit adjustments'] as const,
  columns: [
    { key: 'month', title: ['月份', 'Month'] as const, required: true, example: '2026-01' },
    {
      key: 'shopId',
      title: ['门店', 'Shop'] as const,
      required: true,
      lookup: { table: shops, scope: (auth: Auth) => inVisibleShops(auth, shops.id) },
    },
    { key: 'itemId', title: ['收支项目', 'Item'] as const, required: true, lookup: { table: financeItems } },
    { key: 'change', title: ['调整金额(元)', 'Change (yuan)'] as const, required: true, example: '500.00' },
    { key: 'memo', title: ['备注', 'Memo'] as const },
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
  insert: async (tx: Db, rows: (Line & { month: string })[], auth: Auth) => {
    if (!rows.length) return 0;
    const byMonth = new Map<string, Line[]>();
    for (const { month, ...line } of rows) byMonth.set(month, [...(byMonth.get(month) ?? []), line]);
    for (const [month, lines] of byMonth) {
      const id = await saveLimitBill({ tx, auth, lang: 'zh-CN' }, { month, memo: '导入' }, lines);
      const [bill] = await tx.select().from(expenseLimitBills).where(eq(expenseLimitBills.id, id));
      await checkLocks(tx, { doc: expenseLimitType.doc, bill, operation: 'save' });
    }
    return rows.length;
  },
};

export function registerExpenseLimitImport(app: FastifyInstance) {
  registerImport(app, limitImport as never, {
    templateUrl: '/api-finance/iolimitbillhead/excelTemplate',
    importUrl: '/api-finance/iolimitbillhead/saveSystem',
    perm: 'finance.iolimit.edit',
    entity: 'iolimitbillhead',
  });
}
