import { z } from 'zod';
import {
  auditedOnce,
  type BillFieldDef,
  type BillFilterInput,
  billLine,
  billRow,
  billSave,
  defineBill,
  instant,
  submitApproveStates,
  submitThenApprove,
} from './bills.js';
import { reserveTypesOfItemPath } from './finance-records.js';
import { date, id, type Label, memo, pageQuery } from './platform.js';

// Reserve money (预留款, DOMAIN-DETAIL §9.4): a balance per shop × reserve type, in cents, kept on
// the ledger. It changes only through approved bills: adjustments (预留款调整单, one step),
// spending (预留款支出单: submit → approve) and conversions between types (预留款转换单: sp → fh).

const money = z.number().int().min(1).max(10_000_000_000);
const reserveTypeOptions = { url: '/api-finance/dicreserve/list/all', value: 'id', label: 'name' } as const;

/** A reserve type picked by name: what a bill moves, or what a refund or a rent is paid from. */
export const reserveTypeField = (label: Label, width = 130) =>
  ({
    label,
    kind: 'select',
    options: reserveTypeOptions,
    column: { width, display: 'reserveTypeName' },
    form: {},
  }) as const satisfies BillFieldDef;
const spendItemOptions = { url: '/api-finance/dicreserveioitem/list/all', value: 'id', label: 'name', params: { kind: 1 } } as const;

/** One line of any reserve bill as listed: the reserve type it moves, and what it read at approval. */
export const reserveLineRow = z.object({
  id: z.number(),
  billId: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  reserveTypeId: z.number(),
  reserveTypeName: z.string(),
  toReserveTypeId: z.number().nullable(),
  toReserveTypeName: z.string().nullable(),
  spendItemId: z.number().nullable(),
  spendItemName: z.string().nullable(),
  money: z.number(),
  /** The balance of `reserveTypeId` before and after the line posted (set at the final approval). */
  balanceBefore: z.number().nullable(),
  balanceAfter: z.number().nullable(),
  memo: z.string().nullable(),
});
export type ReserveLineRow = z.output<typeof reserveLineRow>;

const reserveStates = ['draft', 'submitted', 'approved', 'reviewed', 'rejected'] as const;
export const reserveBillRow = billRow(reserveStates, {
  shopId: z.number().nullable(),
  shopName: z.string().nullable(),
  billDate: z.string(),
  totalMoney: z.number(),
  memo: z.string().nullable(),
  rejectMemo: z.string().nullable(),
  createdByName: z.string().nullable(),
  auditedByName: z.string().nullable(),
  auditedAt: instant.nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: instant.nullable(),
  createdAt: instant,
  lines: z.array(reserveLineRow),
});
export type ReserveBillRow = z.output<typeof reserveBillRow>;

/** The filters of the three types; an adjustment's shop is on its lines. */
const reserveFilterFields = (shopOnLines: boolean) =>
  ({
    billNo: true,
    dateRange: { label: ['单据日期', 'Bill date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'] },
    state: true,
    shopid: { label: ['门店', 'Shop'], kind: 'shop', keys: ['shopid'], ...(shopOnLines ? { fields: ['lines.shopId'] } : {}) },
  }) as const satisfies Record<string, BillFilterInput>;

const headFields = (withShop: boolean) =>
  ({
    billNo: { label: ['单号', 'Bill no.'], kind: 'text', column: { width: 170, sortable: true } },
    ...(withShop ? { shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { width: 150, display: 'shopName' }, form: {} } } : {}),
    billDate: { label: ['单据日期', 'Bill date'], kind: 'date', column: { width: 110, sortable: true }, form: {} },
    state: { label: ['状态', 'State'], kind: 'select', column: { width: 90, sortable: true } },
    totalMoney: { label: ['金额', 'Amount'], kind: 'money', column: { width: 120, sortable: true } },
    createdByName: { label: ['制单人', 'Made by'], kind: 'text', column: { width: 100 } },
    auditedByName: { label: ['审核人', 'Approved by'], kind: 'text', column: { width: 100 } },
    rejectMemo: { label: ['驳回原因', 'Rejection reason'], kind: 'text', detail: true },
    memo: { label: ['备注', 'Memo'], kind: 'text', form: { span: 16 }, detail: true },
  }) as const satisfies Record<string, BillFieldDef>;

const balanceFields = {
  balanceBefore: { label: ['调整前', 'Before'], kind: 'money', column: { width: 110 } },
  balanceAfter: { label: ['调整后', 'After'], kind: 'money', column: { width: 110 } },
} as const satisfies Record<string, BillFieldDef>;

const saveHead = { billDate: date.optional(), memo };

// ---------------------------- adjustments (预留款调整单) ----------------------------

/** An adjustment line: a signed amount on one shop's reserve type (head office sets or corrects balances). */
export const reserveAdjustLine = billLine({
  shopId: z.number().int().positive(),
  reserveTypeId: z.number().int().positive(),
  money: z
    .number()
    .int()
    .min(-10_000_000_000)
    .max(10_000_000_000)
    .refine((v) => v !== 0, '调整金额不能为 0'),
  memo,
});

export const reserveAdjustBill = defineBill({
  docType: 'finance.reserveAdjust',
  locks: ['close', 'reserveDeclaration'],
  label: ['预留款调整单', 'Reserve adjustment'],
  perm: 'finance.reserve.adjust',
  basePath: '/api-finance/reservebillhead',
  webPath: '/admin/finance/reserve/adjustments',
  ...auditedOnce({ audited: 'approved', perm: 'finance.reserve.adjust.audit' }),
  save: billSave({ ...saveHead, lines: z.array(reserveAdjustLine).min(1).max(500) }),
  filterFields: reserveFilterFields(true),
  row: reserveBillRow,
  headFields: headFields(false),
  lineFields: {
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { width: 150, display: 'shopName' }, form: {} },
    reserveTypeId: reserveTypeField(['预留款项目', 'Reserve type']),
    money: { label: ['调整金额', 'Change'], kind: 'money', column: { width: 110 }, form: {} },
    ...balanceFields,
    memo: { label: ['备注', 'Memo'], kind: 'text', column: {}, form: {} },
  },
  paths: {
    list: ['billList'],
    pick: 'list/all',
    save: ['saveBill'],
    detail: 'detail/:id',
    remove: 'deleteBill',
    export: 'export',
  },
});

// ---------------------------- spending (预留款支出单) ----------------------------

/** A spending line: what for (a 预留支出 item) and from which reserve type the item may be paid. */
export const reserveSpendLine = billLine({
  spendItemId: z.number().int().positive(),
  reserveTypeId: z.number().int().positive(),
  money,
  memo,
});

export const reserveSpendBill = defineBill({
  docType: 'finance.reserveSpend',
  locks: ['close', 'reserveDeclaration'],
  label: ['预留款支出单', 'Reserve spending'],
  perm: 'finance.reserve.spend',
  basePath: '/api-finance/reserveiobillhead',
  webPath: '/admin/finance/reserve/spending',
  ...submitThenApprove('finance.reserve.spend'),
  save: billSave({ ...saveHead, shopId: z.number().int().positive(), lines: z.array(reserveSpendLine).min(1).max(50) }),
  filterFields: reserveFilterFields(false),
  row: reserveBillRow,
  headFields: headFields(true),
  lineFields: {
    spendItemId: {
      label: ['支出项目', 'Spending item'],
      kind: 'select',
      options: spendItemOptions,
      column: { width: 140, display: 'spendItemName' },
      form: {},
    },
    reserveTypeId: {
      label: ['预留款项目', 'Reserve type'],
      kind: 'select',
      // only the types the line's item may be paid from (what the server accepts)
      options: { ...reserveTypeOptions, url: reserveTypesOfItemPath, lineParams: { riid: 'spendItemId' } },
      column: { width: 130, display: 'reserveTypeName' },
      form: {},
    },
    money: { label: ['金额', 'Amount'], kind: 'money', column: { width: 110 }, form: {} },
    ...balanceFields,
    memo: { label: ['备注', 'Memo'], kind: 'text', column: {}, form: {} },
  },
  paths: { list: ['billListForChain'], save: ['saveBill'], detail: 'detail/:id', remove: 'deleteBill', export: 'export' },
});

// ---------------------------- conversions (预留款转换单) ----------------------------

/** A conversion line: money moved from one reserve type of the shop to another (the server refuses the same type twice). */
export const reserveConvertLine = billLine({
  reserveTypeId: z.number().int().positive(),
  toReserveTypeId: z.number().int().positive(),
  money,
  memo,
});

export const reserveConvertBill = defineBill({
  docType: 'finance.reserveConvert',
  locks: ['close', 'reserveDeclaration'],
  label: ['预留款转换单', 'Reserve conversion'],
  perm: 'finance.reserve.convert',
  basePath: '/api-finance/reserveadjbillhead',
  webPath: '/admin/finance/reserve/conversions',
  states: { ...submitApproveStates, reviewed: { label: ['已复核', 'Reviewed'], color: 'cyan' } },
  initial: 'draft',
  editable: ['draft', 'rejected'],
  transitions: {
    submit: {
      label: ['提交', 'submit'],
      from: ['draft', 'rejected'],
      to: 'submitted',
      perm: 'finance.reserve.convert.edit',
      path: 'submitBill',
    },
    auditSp: {
      label: ['审批', 'approve'],
      from: ['submitted'],
      to: 'approved',
      perm: 'finance.reserve.convert.sp',
      path: 'auditBillsp',
      inbox: true,
      notByMaker: true,
    },
    auditFh: {
      label: ['复核', 'review'],
      from: ['approved'],
      to: 'reviewed',
      perm: 'finance.reserve.convert.fh',
      path: 'auditBillfh',
      inbox: true,
    },
    reject: {
      label: ['驳回', 'reject'],
      from: ['submitted', 'approved'],
      to: 'rejected',
      perm: 'finance.reserve.convert.sp',
      path: 'rejectBill',
      memoRequired: true,
    },
  },
  save: billSave({ ...saveHead, shopId: z.number().int().positive(), lines: z.array(reserveConvertLine).min(1).max(50) }),
  filterFields: reserveFilterFields(false),
  row: reserveBillRow,
  headFields: {
    ...headFields(true),
    reviewedByName: { label: ['复核人', 'Reviewed by'], kind: 'text', column: { width: 100 } },
  },
  lineFields: {
    reserveTypeId: reserveTypeField(['转出项目', 'From']),
    toReserveTypeId: {
      label: ['转入项目', 'To'],
      kind: 'select',
      options: reserveTypeOptions,
      column: { width: 130, display: 'toReserveTypeName' },
      form: {},
    },
    money: { label: ['金额', 'Amount'], kind: 'money', column: { width: 110 }, form: {} },
    ...balanceFields,
    memo: { label: ['备注', 'Memo'], kind: 'text', column: {}, form: {} },
  },
  paths: { list: ['billListForChain'], save: ['saveBill'], detail: 'detail/:id', remove: 'deleteBill', export: 'export' },
});

// ---------------------------- balances (reservemoney) ----------------------------

export const reserveBalanceQuery = pageQuery.extend({
  shopid: id.optional(),
  reserveTypeId: id.optional(),
});
export const reserveBalanceRow = z.object({
  /** A key for lists only: shop and type in one number. */
  id: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  reserveTypeId: z.number(),
  reserveTypeName: z.string(),
  money: z.number(),
  updatedAt: instant.nullable(),
});
export type ReserveBalanceRow = z.output<typeof reserveBalanceRow>;

/** One balance (`getReseveJe`): a shop's money in one reserve type. */
export const reserveOneQuery = z.object({ shopid: id, reserveTypeId: id });
export const reserveOneAnswer = z.object({ shopId: z.number(), reserveTypeId: z.number(), money: z.number() });

export const reserveLedgerQuery = pageQuery.extend({ shopid: id, reserveTypeId: id.optional() });
export const reserveLedgerRow = z.object({
  id: z.number(),
  shopId: z.number(),
  reserveTypeId: z.number(),
  reserveTypeName: z.string(),
  delta: z.number(),
  balance: z.number(),
  docType: z.string(),
  billId: z.number(),
  billNo: z.string().nullable(),
  at: instant,
});
export type ReserveLedgerRow = z.output<typeof reserveLedgerRow>;
