import { type BillStateDef, date, defineBill, id, instant, memo, pageQuery } from '@headoffice/contract';
import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { bigint, date as dateColumn, integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../src/db/client.js';
import { shops } from '../src/db/schema.js';
import { type BillCtx, billType, registerBill } from '../src/platform/bills.js';
import { type BillRow, logBill } from '../src/platform/documents.js';
import { nextNumber } from '../src/platform/numbering.js';

// An expense voucher (报销单), the example of a bill type with two-step approval (approve by someone
// other than its maker, then review), an undo (cancel the review), a zero-amount shortcut, a batch
// approval, an after-approval field (payment method) and the period lock. Its tables live in a schema
// of their own, made by the test: the example is not part of the product's database.

const states = {
  draft: { label: ['草稿', 'Draft'], color: 'default' },
  approved: { label: ['已审批', 'Approved'], color: 'blue' },
  reviewed: { label: ['已复核', 'Reviewed'], color: 'green' },
  rejected: { label: ['已驳回', 'Rejected'], color: 'red' },
} as const satisfies Record<string, BillStateDef>;

const voucherLine = z.strictObject({
  id: id.optional(),
  item: z.string().trim().min(1).max(60),
  amount: z.number().int().min(0).max(10_000_000),
});
const voucherLineRow = z.object({ id: z.number(), billId: z.number(), item: z.string(), amount: z.number() });

export const voucherBill = defineBill({
  docType: 'example.voucher',
  locks: ['close'],
  label: ['报销单', 'Expense voucher'],
  perm: 'example.voucher',
  basePath: '/api-example/voucher',
  webPath: '/admin/example/vouchers',
  states,
  initial: 'draft',
  editable: ['draft', 'rejected'],
  transitions: {
    approve: {
      label: ['审批', 'approve'],
      from: ['draft'],
      to: 'approved',
      perm: 'example.voucher.approve',
      path: 'approve',
      batchPath: 'approveBatch',
      inbox: true,
      notByMaker: true,
    },
    reject: {
      label: ['驳回', 'reject'],
      from: ['draft'],
      to: 'rejected',
      perm: 'example.voucher.approve',
      path: 'reject',
      memoRequired: true,
    },
    review: { label: ['复核', 'review'], from: ['approved'], to: 'reviewed', perm: 'example.voucher.review', path: 'review', inbox: true },
    cancelReview: {
      label: ['取消复核', 'cancel the review of'],
      from: ['reviewed'],
      to: 'approved',
      perm: 'example.voucher.review',
      path: 'cancelReview',
      undoes: 'review',
      confirm: true,
    },
    auditZero: {
      label: ['零金额审核', 'pass as zero-amount'],
      from: ['draft'],
      to: 'reviewed',
      perm: 'example.voucher.review',
      path: 'auditZero',
      when: 'zeroAmount',
    },
  },
  after: {
    payMethod: {
      label: ['付款方式', 'payment method'],
      perm: 'example.voucher.pay',
      states: ['approved', 'reviewed'],
      path: 'changePayMethod',
      batchPath: 'changePayMethodBatch',
      kind: 'select',
      options: { cash: ['现金', 'Cash'], bank: ['转账', 'Bank transfer'] },
      value: z.enum(['cash', 'bank']),
    },
  },
  save: z.strictObject({
    id: id.optional(),
    version: z.number().int().positive().optional(),
    shopId: id,
    voucherDate: date.optional(),
    memo,
    lines: z.array(voucherLine).max(50).optional(),
  }),
  line: voucherLine,
  filters: pageQuery.extend({ state: z.enum(['draft', 'approved', 'reviewed', 'rejected']).optional() }).shape,
  filterFields: { state: { label: ['状态', 'State'], kind: 'state', keys: ['state'] } },
  row: z.object({
    id: z.number(),
    billNo: z.string(),
    shopId: z.number(),
    shopName: z.string(),
    voucherDate: z.string(),
    amount: z.number(),
    payMethod: z.enum(['cash', 'bank']).nullable(),
    state: z.enum(['draft', 'approved', 'reviewed', 'rejected']),
    reviewedBy: z.number().nullable(),
    createdBy: z.number().nullable(),
    version: z.number(),
    updatedAt: instant,
    lines: z.array(voucherLineRow),
  }),
  lineRow: voucherLineRow,
  headFields: {
    billNo: { label: ['单号', 'Bill no.'], kind: 'text', column: { width: 170 } },
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { display: 'shopName' }, form: {} },
    voucherDate: { label: ['日期', 'Date'], kind: 'date', column: { sortable: true }, form: {} },
    state: { label: ['状态', 'State'], kind: 'select', column: {} },
    amount: { label: ['金额', 'Amount'], kind: 'money', column: {} },
  },
  lineFields: {
    item: { label: ['费用项目', 'Item'], kind: 'text', form: {} },
    amount: { label: ['金额', 'Amount'], kind: 'money', form: {} },
  },
  paths: { list: ['list'], save: ['save'], detail: ':id', remove: 'delete', export: 'export' },
});

const schema = pgSchema('bill_example');
export const vouchers = schema.table('vouchers', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
  billNo: text('bill_no').notNull(),
  shopId: bigint('shop_id', { mode: 'number' }).notNull(),
  voucherDate: dateColumn('voucher_date', { mode: 'string' }).notNull(),
  amount: integer('amount').notNull().default(0),
  payMethod: text('pay_method'),
  state: text('state').notNull().default('draft'),
  memo: text('memo'),
  rejectReason: text('reject_reason'),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  createdBy: bigint('created_by', { mode: 'number' }),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
const voucherLines = schema.table('voucher_lines', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
  voucherId: bigint('voucher_id', { mode: 'number' }).notNull(),
  item: text('item').notNull(),
  amount: integer('amount').notNull(),
});

async function save({ tx, auth }: BillCtx, body: z.output<typeof voucherBill.save>, bill?: BillRow) {
  const head = { shopId: body.shopId, memo: body.memo ?? null, ...(body.voucherDate ? { voucherDate: body.voucherDate } : {}) };
  const amount = body.lines?.reduce((sum, l) => sum + l.amount, 0);
  let billId = bill?.id;
  if (billId)
    await tx
      .update(vouchers)
      .set({ ...head, amount })
      .where(eq(vouchers.id, billId));
  else {
    const voucherDate = body.voucherDate ?? new Date().toISOString().slice(0, 10);
    const billNo = await nextNumber(tx, auth.tenantId, 'BX', voucherDate);
    const values = { ...head, voucherDate, billNo, amount: amount ?? 0, tenantId: auth.tenantId, createdBy: auth.userId };
    [{ id: billId }] = await tx.insert(vouchers).values(values).returning({ id: vouchers.id });
    await logBill(tx, voucherType.doc, billId, 'create', null, 'draft', auth);
  }
  if (body.lines) {
    await tx.delete(voucherLines).where(eq(voucherLines.voucherId, billId));
    const lines = body.lines.map((l) => ({ tenantId: auth.tenantId, voucherId: billId, item: l.item, amount: l.amount }));
    if (lines.length) await tx.insert(voucherLines).values(lines);
  }
  return billId;
}

export const voucherType = billType(voucherBill, {
  table: vouchers,
  dateField: 'voucherDate',
  select: (tx) =>
    tx
      .select({ ...getTableColumns(vouchers), shopName: shops.name })
      .from(vouchers)
      .innerJoin(shops, eq(shops.id, vouchers.shopId))
      .$dynamic(),
  lines: {
    table: voucherLines,
    billKey: voucherLines.voucherId,
    of: (tx, ids) =>
      tx
        .select({ id: voucherLines.id, billId: voucherLines.voucherId, item: voucherLines.item, amount: voucherLines.amount })
        .from(voucherLines)
        .where(inArray(voucherLines.voucherId, ids))
        .orderBy(voucherLines.id),
  },
  list: {
    where: (_ctx, q) => (q.state ? [eq(vouchers.state, q.state as string)] : []),
    sortable: { voucherDate: vouchers.voucherDate },
    order: [
      { field: 'voucherDate', column: vouchers.voucherDate, desc: true },
      { field: 'id', column: vouchers.id, desc: true },
    ],
  },
  save,
  reopen: { rejectReason: null },
  effects: {
    reject: async (_tx, _bill, { memo }) => ({ rejectReason: memo?.trim() ?? null }),
    review: async (_tx, _bill, { auth }) => ({ reviewedBy: auth.userId }),
  },
  reversals: { review: async () => ({ reviewedBy: null }) },
  conditions: { zeroAmount: (_tx, bill) => bill.amount === 0 },
});

/** Makes the example's tables (row-level security like every tenant table) and serves the type on the app. */
export async function serveVouchers(app: FastifyInstance, database: Database) {
  const statements = [
    'create schema if not exists bill_example',
    `create table if not exists bill_example.vouchers (id bigint generated always as identity primary key, tenant_id bigint not null,
      bill_no text not null, shop_id bigint not null, voucher_date date not null, amount integer not null default 0, pay_method text,
      state text not null default 'draft', memo text, reject_reason text, reviewed_by bigint, created_by bigint,
      version integer not null default 1, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
    `create table if not exists bill_example.voucher_lines (id bigint generated always as identity primary key,
      tenant_id bigint not null, voucher_id bigint not null, item text not null, amount integer not null)`,
    'grant usage on schema bill_example to headoffice_app',
    'grant select, insert, update, delete on all tables in schema bill_example to headoffice_app',
    'grant usage, select on all sequences in schema bill_example to headoffice_app',
  ];
  for (const table of ['vouchers', 'voucher_lines'])
    statements.push(
      `alter table bill_example.${table} enable row level security`,
      `drop policy if exists tenant_isolation on bill_example.${table}`,
      `create policy tenant_isolation on bill_example.${table} using (tenant_id = app_current_tenant()) with check (tenant_id = app_current_tenant())`,
    );
  for (const statement of statements) await database.db.execute(sql.raw(statement));
  registerBill(app, voucherType);
}
