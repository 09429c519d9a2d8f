import { z } from 'zod';
import { auditedOnce, type BillFieldDef, billLine, billRow, billSave, defineBill, instant, savedFields } from './bills.js';
import { memo } from './platform.js';

// 收支变动维护单 (the month kind of djbillhead, the original's djBill.vue, type 2): head office enters the
// 代扣代缴 items (isBk 0) of shops for a month `yearmonth` in one step, beside the day's 代缴单. A line's rmoney is
// the month's amount after its umoney: umoney (覆盖) or smoney + umoney (累加). The audit writes rmoney as the
// month's amount, which the chain's report counts for a range holding the whole month. docs/DECISIONS.md.

const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式须为年-月，如 2026-03');
const withholdingItems = { url: '/api-finance/dicdjitem/list/all?isBk=0', value: 'id', label: 'name' } as const;

/** A line: one shop's entry of one 代扣代缴 item for the month (signed cents). */
export const djMonthLine = billLine({
  shopId: z.number().int().positive(),
  djItemId: z.number().int().positive(),
  umoney: z.number().int().min(-10_000_000_00).max(10_000_000_00),
  memo,
});

export const djMonthLineRow = z.object({
  id: z.number(),
  billId: z.number(),
  ...savedFields(djMonthLine),
  shopName: z.string(),
  djItemName: z.string(),
  /** The month's amount before and after this line: as of the save until the audit stamps them again. */
  smoney: z.number(),
  rmoney: z.number(),
});

export const djMonthBillRow = billRow(['draft', 'audited'] as const, {
  yearmonth: z.string(),
  totalMoney: z.number(),
  memo: z.string().nullable(),
  createdByName: z.string().nullable(),
  auditedByName: z.string().nullable(),
  auditedAt: instant.nullable(),
  createdAt: instant,
  lines: z.array(djMonthLineRow),
});

export const djMonthBill = defineBill({
  docType: 'finance.djmonth',
  locks: ['close'],
  label: ['收支变动维护单', 'Monthly withholding bill'],
  basePath: '/api-finance/djmonthbill',
  webPath: '/admin/finance/dj-month-bills',
  ...auditedOnce({ audited: 'audited', perm: 'finance.djmonth.audit' }),
  save: billSave({ yearmonth: yearMonth, memo, lines: z.array(djMonthLine).min(1).max(500) }),
  filterFields: {
    billNo: true,
    yearmonth: { label: ['年月', 'Month'], kind: 'text', keys: ['yearmonth'], match: 'eq', value: yearMonth },
    state: true,
    shopid: { label: ['门店', 'Shop'], kind: 'shop', keys: ['shopid'], fields: ['lines.shopId'] },
    djid: { label: ['项目', 'Item'], kind: 'select', keys: ['djid'], fields: ['lines.djItemId'], options: withholdingItems },
  },
  row: djMonthBillRow,
  headFields: {
    billNo: { label: ['单号', 'Bill no.'], kind: 'text', column: { width: 170, sortable: true } },
    yearmonth: {
      label: ['年月', 'Month'],
      kind: 'text',
      column: { width: 90, sortable: true },
      form: { placeholder: ['如 2026-03', 'e.g. 2026-03'] },
    },
    state: { label: ['状态', 'State'], kind: 'select', column: { width: 90 } },
    totalMoney: { label: ['合计金额', 'Total'], kind: 'money', column: { width: 120 } },
    createdByName: { label: ['制单人', 'Made by'], kind: 'text', column: { width: 100 } },
    auditedByName: { label: ['审核人', 'Audited by'], kind: 'text', column: { width: 100 } },
    memo: { label: ['备注', 'Memo'], kind: 'text', form: { span: 16 }, detail: true },
  } satisfies Record<string, BillFieldDef>,
  lineFields: {
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { width: 150, display: 'shopName' }, form: {} },
    djItemId: {
      label: ['项目', 'Item'],
      kind: 'select',
      options: withholdingItems,
      column: { width: 130, display: 'djItemName' },
      form: {},
    },
    smoney: { label: ['已录金额', 'Entered'], kind: 'money', column: { width: 110 } },
    umoney: { label: ['修改金额', 'Entry'], kind: 'money', column: { width: 110 }, form: {} },
    rmoney: { label: ['修改后金额', 'After'], kind: 'money', column: { width: 110 } },
    memo: { label: ['备注', 'Memo'], kind: 'text', column: {}, form: {} },
  } satisfies Record<string, BillFieldDef>,
  paths: { list: ['billList'], pick: 'list/all', save: ['saveBill'], detail: 'detail/:id', remove: 'deleteBill', export: 'export' },
});

/** saveSystemdj of the month form: an uploaded sheet's rows (门店, 项目, 金额, 备注) read into lines of the form's month. */
export const djMonthConvert = { path: '/api-finance/djmonthbill/saveSystemdj', query: z.object({ yearmonth: yearMonth }) };
