import { z } from 'zod';
import { auditedOnce, type BillFieldDef, billLine, billRow, billSave, defineBill, instant, savedFields } from './bills.js';
import { date, memo } from './platform.js';

// 代缴单 (djbillhead, §9.8): head office enters the 代扣代缴 / 财务拨款 items of shops for a day `rq` in one step;
// a line's rmoney is the day's amount after its umoney: umoney (覆盖), or smoney, the amount so far, + umoney
// (累加). The audit writes rmoney as the day's amount, which the daily report reads.

const djItemOptions = { url: '/api-finance/dicdjitem/list/all', value: 'id', label: 'name' } as const;
const amount = z.number().int().min(-10_000_000_00).max(10_000_000_00);

/** A line: one shop's entry of one item (signed cents). */
export const djLine = billLine({ shopId: z.number().int().positive(), djItemId: z.number().int().positive(), umoney: amount, memo });

export const djLineRow = z.object({
  id: z.number(),
  billId: z.number(),
  ...savedFields(djLine),
  shopName: z.string(),
  djItemName: z.string(),
  /** The day's amount before and after this line: as of the save until the audit stamps them again. */
  smoney: z.number(),
  rmoney: z.number(),
});

/** What saveSystemdj answers: the uploaded rows as lines of the form, with smoney/rmoney as of now. */
export const djImportedLine = djLineRow.omit({ id: true, billId: true, shopName: true, djItemName: true });

export const djBillRow = billRow(['draft', 'audited'] as const, {
  rq: z.string(),
  totalMoney: z.number(),
  memo: z.string().nullable(),
  createdByName: z.string().nullable(),
  auditedByName: z.string().nullable(),
  auditedAt: instant.nullable(),
  createdAt: instant,
  lines: z.array(djLineRow),
});

export const djBill = defineBill({
  docType: 'finance.dj',
  locks: ['close'],
  label: ['代缴单', 'Withholding and allocation bill'],
  basePath: '/api-finance/djbillhead',
  webPath: '/admin/finance/dj-bills',
  ...auditedOnce({ audited: 'audited', perm: 'finance.dj.audit' }),
  save: billSave({ rq: date, memo, lines: z.array(djLine).min(1).max(500) }),
  filterFields: {
    billNo: true,
    rqRange: { label: ['日期', 'Day'], kind: 'dateRange', keys: ['rqFrom', 'rqTo'], fields: ['rq'] },
    rq: { label: ['日期', 'Day'], kind: 'text', keys: ['rq'], match: 'eq', value: date, hidden: true },
    state: true,
    shopid: { label: ['门店', 'Shop'], kind: 'shop', keys: ['shopid'], fields: ['lines.shopId'] },
    djid: { label: ['项目', 'Item'], kind: 'select', keys: ['djid'], fields: ['lines.djItemId'], options: djItemOptions },
  },
  row: djBillRow,
  headFields: {
    billNo: { label: ['单号', 'Bill no.'], kind: 'text', column: { width: 170, sortable: true } },
    rq: { label: ['日期', 'Day'], kind: 'date', column: { width: 110, sortable: true }, form: {} },
    state: { label: ['状态', 'State'], kind: 'select', column: { width: 90 } },
    totalMoney: { label: ['合计金额', 'Total'], kind: 'money', column: { width: 120 } },
    createdByName: { label: ['制单人', 'Made by'], kind: 'text', column: { width: 100 } },
    auditedByName: { label: ['审核人', 'Audited by'], kind: 'text', column: { width: 100 } },
    memo: { label: ['备注', 'Memo'], kind: 'text', form: { span: 16 }, detail: true },
  } satisfies Record<string, BillFieldDef>,
  lineFields: {
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { width: 150, display: 'shopName' }, form: {} },
    djItemId: { label: ['项目', 'Item'], kind: 'select', options: djItemOptions, column: { width: 130, display: 'djItemName' }, form: {} },
    smoney: { label: ['已录金额', 'Entered'], kind: 'money', column: { width: 110 } },
    umoney: { label: ['修改金额', 'Entry'], kind: 'money', column: { width: 110 }, form: {} },
    rmoney: { label: ['修改后金额', 'After'], kind: 'money', column: { width: 110 } },
    memo: { label: ['备注', 'Memo'], kind: 'text', column: {}, form: {} },
  } satisfies Record<string, BillFieldDef>,
  paths: { list: ['billList'], pick: 'list/all', save: ['saveBill'], detail: 'detail/:id', remove: 'deleteBill', export: 'export' },
});

/** saveSystemdj: an uploaded workbook's rows converted into lines for the form (nothing is saved). */
export const djConvertPath = '/api-finance/djbillhead/saveSystemdj';
