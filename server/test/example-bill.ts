import { billLine, billRow, billSave, date, defineBill, id, memo } from '@headoffice/contract';
import { sql } from 'drizzle-orm';
import { date as dateColumn, integer, pgPolicy, pgSchema, text } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../src/db/client.js';
import * as columns from '../src/db/columns.js';
import { shops } from '../src/db/schema.js';
import { billType, registerBill } from '../src/platform/bills.js';
import { makeTables } from './helpers.js';

// An expense voucher (报销单), the example of a bill type with two-step approval (approve by someone
// other than its maker, then review), an undo (cancel the review), a zero-amount shortcut, a batch
// approval, a zero-amount batch, an after-approval field (payment method), a status log by number, a
// chain setting and the period lock. Its tables live in a schema of their own, made by the test from
// their declaration.

const stateNames = ['draft', 'approved', 'reviewed', 'rejected'] as const;
const voucherLine = billLine({ item: z.string().trim().min(1).max(60), amount: z.number().int().min(0).max(10_000_000) });
const voucherLineRow = z.object({ id: z.number(), billId: z.number(), item: z.string(), amount: z.number() });
const approve = { label: ['审批', 'approve'], perm: 'example.voucher.approve' } as const;
const review = { label: ['复核', 'review'], perm: 'example.voucher.review' } as const;

export const voucherBill = defineBill({
  docType: 'example.voucher',
  locks: ['close'],
  label: ['报销单', 'Expense voucher'],
  perm: 'example.voucher',
  basePath: '/api-example/voucher',
  webPath: '/admin/example/vouchers',
  states: {
    draft: { label: ['草稿', 'Draft'], color: 'default' },
    approved: { label: ['已审批', 'Approved'], color: 'blue' },
    reviewed: { label: ['已复核', 'Reviewed'], color: 'green' },
    rejected: { label: ['已驳回', 'Rejected'], color: 'red' },
  },
  initial: 'draft',
  editable: ['draft', 'rejected'],
  transitions: {
    approve: {
      ...approve,
      from: ['draft'],
      to: 'approved',
      path: 'approve',
      batchPath: 'approveBatch',
      inbox: true,
      notByMaker: true,
      zeroBatch: { path: 'approveZero', field: 'amount' },
    },
    reject: { ...approve, label: ['驳回', 'reject'], from: ['draft'], to: 'rejected', path: 'reject', memoRequired: true },
    review: { ...review, from: ['approved'], to: 'reviewed', path: 'review', inbox: true },
    cancelReview: {
      ...review,
      label: ['取消复核', 'cancel the review of'],
      from: ['reviewed'],
      to: 'approved',
      path: 'cancelReview',
      undoes: 'review',
      confirm: true,
    },
    auditZero: {
      ...review,
      label: ['零金额审核', 'pass as zero-amount'],
      from: ['draft'],
      to: 'reviewed',
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
  settings: { value: z.strictObject({ printAfterReview: z.boolean() }), initial: { printAfterReview: false } },
  save: billSave({ shopId: id, voucherDate: date.optional(), memo, lines: z.array(voucherLine).max(50).optional() }),
  line: voucherLine,
  filterFields: { state: { label: ['状态', 'State'], kind: 'state', keys: ['state'] } },
  row: billRow(stateNames, {
    shopId: z.number(),
    shopName: z.string(),
    voucherDate: z.string(),
    amount: z.number(),
    payMethod: z.enum(['cash', 'bank']).nullable(),
    memo: z.string().nullable(),
    reviewedBy: z.number().nullable(),
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
  paths: {
    list: ['list'],
    save: ['save'],
    detail: ':id',
    remove: 'delete',
    export: 'export',
    logByNo: { path: '/api-example/voucherlog/list', key: 'billNo' },
  },
});

// Row-level security like every tenant table, for the application's role.
const schema = pgSchema('bill_example');
const tenantRows = pgPolicy('tenant_isolation', { to: 'headoffice_app', using: sql`tenant_id = app_current_tenant()` });
export const vouchers = schema.table(
  'vouchers',
  {
    ...columns.billHeadColumns(),
    voucherDate: dateColumn('voucher_date', { mode: 'string' }).notNull(),
    amount: integer('amount').notNull().default(0),
    payMethod: text('pay_method'),
    state: columns.billState(),
    memo: text('memo'),
    rejectReason: text('reject_reason'),
    ...columns.reviewColumns(),
    ...columns.makerColumns(),
    ...columns.versionedTimestamps(),
  },
  (t) => [columns.tenantPrimaryKey(t), columns.tenantReference(t, t.shopId, shops), tenantRows],
);
const line = { voucherId: columns.refId('voucher_id').notNull(), item: text('item').notNull(), amount: integer('amount').notNull() };
const voucherLines = schema.table('voucher_lines', { ...columns.tenantKeys(), ...line }, (t) => [columns.tenantPrimaryKey(t), tenantRows]);

export const voucherType = billType(voucherBill, {
  table: vouchers,
  dateField: 'voucherDate',
  numberPrefix: 'BX',
  lines: { table: voucherLines, billKey: voucherLines.voucherId },
  prepare: async (_ctx, body) => ({ amount: body.lines?.reduce((sum, l) => sum + l.amount, 0) }),
  signs: { review: 'reviewed' },
  reasons: { reject: 'rejectReason' },
  conditions: { zeroAmount: (_tx, bill) => bill.amount === 0 },
});

/** Makes the example's tables and serves the type on the app. */
export async function serveVouchers(app: FastifyInstance, database: Database) {
  await makeTables(database, schema, { vouchers, voucherLines });
  registerBill(app, voucherType);
}
