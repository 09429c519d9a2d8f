import { z } from 'zod';
import { auditedOnce, type BillFieldDef, billLine, billRow, billSave, defineBill, instant, savedFields } from './bills.js';
import { date, memo } from './platform.js';

// Monthly expense limits (支出限额调整单, iolimitbillhead, DOMAIN-DETAIL §9.3): head office changes the
// limits of shops × items for a month `rq` in one step; the audit sets each line's limit to its
// before (smoney) + change (umoney) = after (rmoney). getAllShopIolimitMoney lists the limits.

const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');
const itemOptions = { url: '/api-finance/dicioitem/list/all', value: 'id', label: 'name' } as const;

/** A line: the change of one shop's limit for one item (signed cents, not 0). */
export const expenseLimitLine = billLine({
  shopId: z.number().int().positive(),
  itemId: z.number().int().positive(),
  change: z
    .number()
    .int()
    .min(-10_000_000_00)
    .max(10_000_000_00)
    .refine((v) => v !== 0, '调整金额不能为 0'),
  memo,
});

export const expenseLimitLineRow = z.object({
  id: z.number(),
  billId: z.number(),
  ...savedFields(expenseLimitLine),
  shopName: z.string(),
  itemName: z.string(),
  /** The month's limit before and after the audit (smoney, rmoney); null until audited. */
  before: z.number().nullable(),
  after: z.number().nullable(),
});

const limitStates = ['draft', 'approved'] as const;
export const expenseLimitBillRow = billRow(limitStates, {
  billDate: z.string(),
  month: z.string(),
  totalChange: z.number(),
  memo: z.string().nullable(),
  createdByName: z.string().nullable(),
  auditedByName: z.string().nullable(),
  auditedAt: instant.nullable(),
  createdAt: instant,
  lines: z.array(expenseLimitLineRow),
});

export const expenseLimitBill = defineBill({
  docType: 'finance.iolimit',
  locks: ['close'],
  label: ['支出限额调整单', 'Expense limit adjustment'],
  basePath: '/api-finance/iolimitbillhead',
  webPath: '/admin/finance/expense-limits',
  ...auditedOnce({ audited: 'approved', perm: 'finance.iolimit.audit' }),
  save: billSave({ billDate: date.optional(), month: yearMonth, memo, lines: z.array(expenseLimitLine).min(1).max(500) }),
  filterFields: {
    billNo: true,
    month: { label: ['月份', 'Month'], kind: 'text', keys: ['month'], match: 'eq', value: yearMonth },
    state: true,
    shopid: { label: ['门店', 'Shop'], kind: 'shop', keys: ['shopid'], fields: ['lines.shopId'] },
  },
  row: expenseLimitBillRow,
  headFields: {
    billNo: { label: ['单号', 'Bill no.'], kind: 'text', column: { width: 170, sortable: true } },
    month: { label: ['月份', 'Month'], kind: 'text', column: { width: 90, sortable: true }, form: { placeholder: ['YYYY-MM', 'YYYY-MM'] } },
    billDate: { label: ['单据日期', 'Bill date'], kind: 'date', column: { width: 110, sortable: true }, form: {} },
    state: { label: ['状态', 'State'], kind: 'select', column: { width: 90 } },
    totalChange: { label: ['调整合计', 'Total change'], kind: 'money', column: { width: 120 } },
    createdByName: { label: ['制单人', 'Made by'], kind: 'text', column: { width: 100 } },
    auditedByName: { label: ['审核人', 'Audited by'], kind: 'text', column: { width: 100 } },
    memo: { label: ['备注', 'Memo'], kind: 'text', form: { span: 16 }, detail: true },
  } satisfies Record<string, BillFieldDef>,
  lineFields: {
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { width: 150, display: 'shopName' }, form: {} },
    itemId: { label: ['收支项目', 'Item'], kind: 'select', options: itemOptions, column: { width: 130, display: 'itemName' }, form: {} },
    change: { label: ['调整金额', 'Change'], kind: 'money', column: { width: 110 }, form: {} },
    before: { label: ['期初限额', 'Limit before'], kind: 'money', column: { width: 110 } },
    after: { label: ['调整后限额', 'Limit after'], kind: 'money', column: { width: 110 } },
    memo: { label: ['备注', 'Memo'], kind: 'text', column: {}, form: {} },
  } satisfies Record<string, BillFieldDef>,
  paths: { list: ['billList'], pick: 'list/all', save: ['saveBill'], detail: 'detail/:id', remove: 'deleteBill', export: 'export' },
});
