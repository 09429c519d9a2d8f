import { z } from 'zod';
import { auditedOnce, billSave, defineBill, yesNoOptions } from './bills.js';
import { date, type Label, memo } from './platform.js';
import { billPerfRow, serviceBillRow, stationLabels } from './till.js';

// ------------------------------ 充值单业绩调整单 (csadjrecords) ------------------------------
// A new performance split of a settled, not revoked card bill (充值单), applied on audit through the
// revise machinery: per line and station the employees (or 公单, a shared bill: no one's credit) and
// their performance, each station adding up to the line's performance exactly.

/** A performance row of no employee: 公单, a shared bill (the station's performance credited to no one). */
export const sharedPerfLabel = ['公单', 'Shared (公单)'] as const satisfies Label;

export const csadjLineInput = z.strictObject({
  /** The card bill's line; may be left out when the card bill has one line. */
  lineId: z.number().int().positive().optional(),
  /** 1 第一工位 | 2 第二工位 | 3 第三工位 (a select's value may come as text). */
  station: z.coerce.number().int().min(1).max(3),
  /** Null or left out: 公单. */
  employeeId: z.number().int().positive().nullish(),
  appointed: z.boolean().default(false),
  /** Performance in cents. */
  yj: z.number().int().min(1).max(100_000_000),
});
export const csadjSave = billSave({
  /** The adjustment's date (today when left out); the card bill's own period is checked too. */
  billDate: date.optional(),
  /** The card bill's number (充值单号). */
  refbillcode: z.string().trim().min(1).max(40),
  memo,
  lines: z.array(csadjLineInput).min(1).max(60),
});

export const csadjBill = defineBill({
  docType: 'cashier.csadj',
  locks: ['close'],
  label: ['充值单业绩调整单', 'Recharge performance adjustment'],
  basePath: '/api-cashier/csadjrecords',
  webPath: '/admin/cashier/csadjrecords',
  ...auditedOnce({ audited: 'audited', perm: 'cashier.csadj.audit', path: 'audit', batchPath: 'auditBatch' }),
  save: csadjSave,
  filterFields: {
    shopid: { label: ['门店', 'Shop'], kind: 'shop', keys: ['shopid'] },
    billcode: { label: ['调整单号', 'Adjustment no.'], kind: 'text', keys: ['billcode'], fields: ['billNo'] },
    refbillcode: true,
    created: { label: ['创建日期', 'Made on'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'], fields: ['createdAt'], maxDays: 31 },
    audited: { label: ['审核日期', 'Audited on'], kind: 'dateRange', keys: ['auditFrom', 'auditTo'], fields: ['auditedAt'] },
    state: true,
  },
  rowFields: {
    shopId: z.number(),
    shopName: z.string(),
    refBillId: z.number(),
  },
  lineRowFields: {
    lineName: z.string(),
    /** Null: 公单. */
    employeeName: z.string().nullable(),
    sort: z.number(),
  },
  detailFields: {
    /** The card bill the adjustment names (`amount`: its ysje). */
    card: serviceBillRow
      .pick({ id: true, billNo: true, shopName: true, businessDate: true, memberName: true, cardNo: true, amount: true, isHc: true })
      .extend({
        payments: z.array(z.object({ payname: z.string(), payje: z.number() })),
        /** Each line's performance: what every station's split adds up to. */
        lines: z.array(z.object({ lineId: z.number(), lineName: z.string(), perf: z.number() })),
      }),
    /** The split before, as its performance rows (null employee: 公单): the current ones while unaudited, those the audit replaced once audited. */
    before: z.array(billPerfRow.omit({ id: true, employeeCode: true, cause: true, causeBillNo: true, createdAt: true })),
  },
  headFields: {
    billNo: { label: ['调整单号', 'Adjustment no.'], kind: 'text', column: { width: 170, sortable: true } },
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { width: 140, display: 'shopName' } },
    refbillcode: { label: ['充值单号', 'Card bill no.'], kind: 'text', column: { width: 170 }, form: { span: 12 } },
    createdByName: { label: ['创建人', 'Made by'], kind: 'text', column: { width: 100 } },
    createdAt: { label: ['创建时间', 'Made at'], kind: 'datetime', column: { width: 160, sortable: true } },
    auditedByName: { label: ['审核人', 'Audited by'], kind: 'text', column: { width: 100 } },
    auditedAt: { label: ['审核时间', 'Audited at'], kind: 'datetime', column: { width: 160 } },
    state: { label: ['状态', 'State'], kind: 'select', column: { width: 90, sortable: true } },
    billDate: { label: ['单据日期', 'Bill date'], kind: 'date', form: { span: 12 } },
    memo: { label: ['备注', 'Memo'], kind: 'text', form: { span: 12 }, detail: true },
  },
  lineFields: {
    station: { label: ['工位', 'Station'], kind: 'select', options: stationLabels, column: { width: 110 }, form: {} },
    employeeId: {
      label: ['员工（空为公单）', 'Employee (empty: shared)'],
      kind: 'employee',
      column: { display: 'employeeName', width: 160 },
      form: {},
      empty: sharedPerfLabel,
    },
    appointed: { label: ['指定', 'Requested'], kind: 'select', options: yesNoOptions, column: { width: 80 } },
    yj: { label: ['业绩', 'Performance'], kind: 'money', column: { width: 120 }, form: {} },
    lineName: { label: ['充值项目', 'Card line'], kind: 'text', column: { width: 160 } },
  },
  paths: {
    list: ['list/listBypageForChain'],
    pick: 'list/all',
    save: ['save'],
    detail: 'getCsadjBillForSaas/:id',
    detailByNo: { path: 'getCsadjBillForSaas', key: 'billcode' },
    remove: 'delete',
    export: 'pageAll',
  },
});
