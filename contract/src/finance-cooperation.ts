import { z } from 'zod';
import { auditedOnce, type BillFieldDef, billLine, billRow, billSave, defineBill, instant, savedFields } from './bills.js';
import { date, memo } from './platform.js';

// 合作项目单 (coopbillhead, DOMAIN-DETAIL §9.8): a partner's project money taken at shops on days, and the
// shop's share of it deducted from the shop's performance. Each line takes its project's shop rate at the
// save: smoney = round(money × shopRate %), rmoney = money − smoney. One step (审核).

const coopItemOptions = { url: '/api-finance/diccooperate/list/all', value: 'id', label: 'name' } as const;

/** A line: a project's money (signed cents, not 0) at a shop on a day. */
export const coopLine = billLine({
  rq: date,
  shopId: z.number().int().positive(),
  coopItemId: z.number().int().positive(),
  money: z
    .number()
    .int()
    .min(-10_000_000_00)
    .max(10_000_000_00)
    .refine((v) => v !== 0, '金额不能为 0'),
  memo,
});

/** A percentage of money in cents, rounded half away from zero (the rate has 2 decimals). */
export function shareOf(money: number, ratePercent: number) {
  const part = Math.round((Math.abs(money) * Math.round(ratePercent * 100)) / 10_000);
  return money < 0 ? -part : part;
}

export const coopLineRow = z.object({
  id: z.number(),
  billId: z.number(),
  ...savedFields(coopLine),
  shopName: z.string(),
  coopItemName: z.string(),
  shopRate: z.number(),
  smoney: z.number(),
  rmoney: z.number(),
});

export const coopBillRow = billRow(['draft', 'audited'] as const, {
  billDate: z.string(),
  totalMoney: z.number(),
  totalSmoney: z.number(),
  memo: z.string().nullable(),
  createdByName: z.string().nullable(),
  auditedByName: z.string().nullable(),
  auditedAt: instant.nullable(),
  createdAt: instant,
  lines: z.array(coopLineRow),
});

export const coopBill = defineBill({
  docType: 'finance.coop',
  locks: ['close'],
  label: ['合作项目单', 'Partner project bill'],
  basePath: '/api-finance/coopbillhead',
  webPath: '/admin/finance/coop-bills',
  ...auditedOnce({ audited: 'audited', perm: 'finance.coop.audit' }),
  save: billSave({ billDate: date.optional(), memo, lines: z.array(coopLine).min(1).max(500) }),
  filterFields: {
    billNo: true,
    billDate: { label: ['单据日期', 'Bill date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'] },
    state: true,
    shopid: { label: ['门店', 'Shop'], kind: 'shop', keys: ['shopid'], fields: ['lines.shopId'] },
    coopid: { label: ['合作项目', 'Project'], kind: 'select', keys: ['coopid'], fields: ['lines.coopItemId'], options: coopItemOptions },
  },
  row: coopBillRow,
  headFields: {
    billNo: { label: ['单号', 'Bill no.'], kind: 'text', column: { width: 170, sortable: true } },
    billDate: { label: ['单据日期', 'Bill date'], kind: 'date', column: { width: 110, sortable: true }, form: {} },
    state: { label: ['状态', 'State'], kind: 'select', column: { width: 90 } },
    totalMoney: { label: ['合计金额', 'Total'], kind: 'money', column: { width: 120 } },
    totalSmoney: { label: ['门店业绩扣减', 'Shop deduction'], kind: 'money', column: { width: 120 } },
    createdByName: { label: ['制单人', 'Made by'], kind: 'text', column: { width: 100 } },
    auditedByName: { label: ['审核人', 'Audited by'], kind: 'text', column: { width: 100 } },
    memo: { label: ['备注', 'Memo'], kind: 'text', form: { span: 16 }, detail: true },
  } satisfies Record<string, BillFieldDef>,
  lineFields: {
    rq: { label: ['日期', 'Day'], kind: 'date', column: { width: 110 }, form: {} },
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { width: 150, display: 'shopName' }, form: {} },
    coopItemId: {
      label: ['合作项目', 'Project'],
      kind: 'select',
      options: coopItemOptions,
      column: { width: 130, display: 'coopItemName' },
      form: {},
    },
    money: { label: ['金额', 'Money'], kind: 'money', column: { width: 110 }, form: {} },
    // text, not number: a rate is not added up under the lines
    shopRate: { label: ['扣减比例(%)', 'Rate (%)'], kind: 'text', column: { width: 100 } },
    smoney: { label: ['门店业绩扣减', 'Shop deduction'], kind: 'money', column: { width: 120 } },
    rmoney: { label: ['剩余业绩', 'Remaining'], kind: 'money', column: { width: 110 } },
    memo: { label: ['备注', 'Memo'], kind: 'text', column: {}, form: {} },
  } satisfies Record<string, BillFieldDef>,
  paths: {
    list: ['billList'],
    pick: 'list/all',
    save: ['saveBill'],
    detail: 'detail/:id',
    remove: 'deleteBill',
    export: 'export',
    import: 'saveSystem',
  },
});
