import { z } from 'zod';
import { billApproval, billPhotoLine, billPhotoRow, billRow, billSave, defineBill, instant, savedFields } from './bills.js';
import { bankAccountNumber } from './finance-records.js';
import { LOCK_KINDS, type LockKind } from './locks.js';
import { date, id, memo, pageQuery, optionalText as text } from './platform.js';

// Shop funds (DOMAIN-DETAIL §9.2): a shop's petty-cash request (备用金申请, fundbillhead), approved by
// the department owning the item (sp) and reviewed by finance (fh); the day and month locks over fund
// bills; the petty-cash balance a request form shows. Money in cents.

export const FUNDS_API = {
  shopFunds: '/api-finance/fundbillhead/shopFunds',
  dayLocks: '/api-finance/fundlock/list',
  dayLocksForFund: '/api-finance/fundlock/listForfund',
  dayLockSave: '/api-finance/fundlock/saveFundLock',
  monthLocks: '/api-finance/monthlock/list',
  monthLocksAll: '/api-finance/monthlock/list/all',
  monthLockSave: '/api-finance/monthlock/save',
} as const;

/** 1 日常备用金 (daily petty cash), 2 大额备用金 (large petty cash or an expense paid for the shop). */
export const fundRequestTypes = { 1: ['日常备用金', 'Daily petty cash'], 2: ['大额备用金', 'Large petty cash'] } as const;
/** How finance pays a reviewed request out: 1 单笔 (on its own), 2 汇总 (in a summary transfer), 3 工资 (with the salaries). */
export const gathertypes = { 1: ['单笔', 'Single'], 2: ['汇总', 'Summary'], 3: ['工资', 'Salary'] } as const;
/** Whether the payee is the shop's account for the item (ioaccount): 0 not matched, 1 matched, 2 no account set. */
export const payeeMatches = { 0: ['不匹配', 'Not matched'], 1: ['匹配', 'Matched'], 2: ['未设置', 'Not set'] } as const;

export const fundBillSave = billSave({
  shopId: id,
  /** The request's date (申请日期): day locks and month locks look at it; today when left out. */
  billDate: date.optional(),
  type: z.coerce.number().int().min(1).max(2),
  /** The second-level item (收支项目); its group is the first level. */
  itemId: id,
  amount: z.number().int().min(1).max(10_000_000_00),
  reason: z.string().trim().min(1).max(500),
  /** The period the expense covers (申请费所属周期). */
  startDate: date.nullish(),
  endDate: date.nullish(),
  payee: text(64),
  bankno: bankAccountNumber.nullish(),
  bank: text(64),
  branchBank: text(64),
  memo,
  lines: z.array(billPhotoLine).max(9).default([]),
});

/**
 * 全部门审批: approves petty-cash requests of every department (head office's finance manager, the owner).
 * Without it, a request is approved by the users of the department its item names (dicfunddescribe).
 */
export const FUND_APPROVE_ALL = 'finance.fundbill.approveAll';

export const fundBill = defineBill({
  docType: 'finance.fund',
  locks: ['close', 'fund', 'fundRequestDay'],
  label: ['备用金申请', 'Petty-cash request'],
  perm: 'finance.fundbill',
  basePath: '/api-finance/fundbillhead',
  webPath: '/admin/finance/fund-requests',
  states: {
    draft: { label: ['未提交', 'Draft'], color: 'default' },
    submitted: { label: ['已提交', 'Submitted'], color: 'blue' },
    approved: { label: ['已审批', 'Approved'], color: 'cyan' },
    reviewed: { label: ['已复核', 'Reviewed'], color: 'green' },
    rejected: { label: ['已驳回', 'Rejected'], color: 'red' },
  },
  initial: 'draft',
  editable: ['draft', 'rejected'],
  transitions: {
    submit: { label: ['提交', 'submit'], from: ['draft'], to: 'submitted', perm: 'finance.fundbill.edit', path: 'submitBill' },
    approve: {
      label: ['审批', 'approve'],
      from: ['submitted'],
      to: 'approved',
      perm: 'finance.fundbill.approve',
      path: 'auditSpBill',
      batchPath: 'auditSpBilllBatch',
      inbox: true,
      notByMaker: true,
      signs: 'approved',
      // The item's department approves (sp); 全部门审批 approves for any.
      department: { field: 'departmentId', every: { perm: FUND_APPROVE_ALL, label: ['全部门审批', 'Approve for every department'] } },
    },
    review: {
      label: ['复核', 'review'],
      from: ['approved'],
      to: 'reviewed',
      perm: 'finance.fundbill.review',
      path: 'auditFhBill',
      batchPath: 'auditFhBilllBatch',
      inbox: true,
      signs: 'reviewed',
    },
    reject: {
      label: ['驳回', 'reject'],
      from: ['submitted', 'approved'],
      to: 'rejected',
      perm: 'finance.fundbill.reject',
      path: 'rejectBill',
      batchPath: 'rejectBillBatch',
      memoRequired: true,
      byWaitingStep: true,
    },
    cancelReview: {
      label: ['取消复核', 'cancel the review of'],
      button: ['取消复核', 'Cancel review'],
      from: ['reviewed'],
      to: 'approved',
      perm: 'finance.fundbill.review',
      path: 'cancleFhBill',
      batchPath: 'cancleFhBilllBatch',
      undoes: 'review',
      confirm: true,
    },
  },
  after: {
    gathertype: {
      label: ['付款方式', 'payout'],
      perm: 'finance.fundbill.pay',
      states: ['reviewed'],
      path: 'changeGathertype',
      batchPath: 'changeGathertypeBatch',
      kind: 'select',
      options: gathertypes,
      value: z.coerce.number().int().min(1).max(3),
      log: '/api-finance/fundbillgtlog/list',
    },
  },
  actions: {
    // A reviewed large request becomes the shop's spending limit for its item and month (§9.2).
    setLimit: {
      label: ['设置限额', 'make a spending limit of'],
      button: ['设置限额', 'Set as spending limit'],
      perm: 'finance.fundbill.limit',
      path: 'setLimitbill',
      batchPath: 'setLimitbillBatch',
      confirm: true,
    },
  },
  save: fundBillSave,
  rowFields: {
    shopName: z.string(),
    groupId: z.number(),
    groupName: z.string(),
    itemName: z.string(),
    matched: z.number(),
    departmentId: z.number().nullable(),
    departmentName: z.string().nullable(),
    gathertype: z.number().nullable(),
    isLimit: z.number(),
    rejectReason: z.string().nullable(),
  },
  detailFields: { approval: billApproval },
  filterFields: {
    state: true,
    shopId: true,
    type: true,
    itemId: true,
    departmentId: true,
    date: { label: ['申请日期', 'Date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'] },
    keyword: { label: ['单号', 'Bill no.'], kind: 'text', keys: ['keyword'], fields: ['billNo', 'reason'] },
  },
  headFields: {
    billNo: { label: ['单号', 'Bill no.'], kind: 'text', column: { width: 170 } },
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { display: 'shopName', width: 130 }, form: {} },
    billDate: { label: ['申请日期', 'Date'], kind: 'date', column: { sortable: true, width: 110 }, form: {} },
    type: { label: ['类型', 'Type'], kind: 'select', options: fundRequestTypes, column: { width: 110 }, form: {} },
    groupId: { label: ['一级项目', 'Item group'], kind: 'text', column: { display: 'groupName', width: 110 } },
    itemId: {
      label: ['收支项目', 'Item'],
      kind: 'select',
      options: { url: '/api-finance/dicioitem/list/all', value: 'id', label: 'name' },
      column: { display: 'itemName', width: 120 },
      form: {},
    },
    amount: { label: ['金额', 'Amount'], kind: 'money', column: { sortable: true, width: 110 }, form: {} },
    reason: { label: ['申请原因', 'Reason'], kind: 'text', column: { width: 160 }, form: { span: 16 } },
    startDate: { label: ['费用开始', 'Covers from'], kind: 'date', form: {} },
    endDate: { label: ['费用结束', 'Covers to'], kind: 'date', form: {} },
    payee: { label: ['收款人', 'Payee'], kind: 'text', form: {} },
    bankno: { label: ['收款账号', 'Account no.'], kind: 'text', form: {} },
    bank: { label: ['开户行', 'Bank'], kind: 'text', form: {} },
    branchBank: { label: ['开户支行', 'Branch'], kind: 'text', form: {} },
    matched: { label: ['账户匹配', 'Account match'], kind: 'select', options: payeeMatches, column: { width: 100 } },
    departmentId: {
      label: ['审批部门', 'Approving department'],
      kind: 'select',
      options: { url: '/api-chain/branch/list/all', value: 'id', label: 'name' },
      column: { display: 'departmentName', width: 110 },
    },
    gathertype: { label: ['付款方式', 'Payout'], kind: 'select', options: gathertypes, column: { width: 90 } },
    state: { label: ['状态', 'State'], kind: 'select', column: { width: 90 } },
    rejectReason: { label: ['驳回原因', 'Reject reason'], kind: 'text', detail: true },
    approvedByName: { label: ['审批人', 'Approved by'], kind: 'text', detail: true },
    reviewedByName: { label: ['复核人', 'Reviewed by'], kind: 'text', detail: true },
    memo: { label: ['备注', 'Memo'], kind: 'textarea', form: { span: 24 } },
  },
  lineFields: { url: { label: ['照片', 'Photo'], kind: 'image', column: {}, form: {} } },
  paths: {
    list: ['billListForchain', 'billListForchainSp'],
    pick: 'list/all',
    save: ['saveBill'],
    detail: ':id',
    remove: 'deleteBill',
    export: 'expRecordsList',
    replaceLines: 'saveFundPhoto',
  },
});
export type FundBillRow = z.infer<typeof fundBill.row>;

/** What a request form shows of its shop (§9.2): the petty-cash balance and the item's month limit and year budget. */
export const shopFundsQuery = z.object({ shopId: id, itemId: id.optional(), billDate: date.optional(), excludeId: id.optional() });
/**
 * A shop's petty-cash position (§9.2): the float, reviewed requests paid in, the shop's expenses and
 * reviewed redeposits paid out, manual adjustments (signed); balance = float + paid − spent −
 * redeposited + adjusted.
 */
export const pettyCashPosition = z.object({
  float: z.number(),
  paid: z.number(),
  spent: z.number(),
  redeposited: z.number(),
  adjusted: z.number(),
  balance: z.number(),
});
export type PettyCashPosition = z.infer<typeof pettyCashPosition>;
export const shopFunds = pettyCashPosition.extend({
  /** The item's limit for the month (null: no limit set) and what the month's requests already take. */
  monthLimit: z.number().nullable(),
  monthUsed: z.number(),
  /** The item's budget for the quarter (null: no budget) and what the quarter's requests already take. */
  quarterBudget: z.number().nullable(),
  quarterUsed: z.number(),
  /**
   * When the shop's large requests must be covered by its takings (fundshop 大额备用金校验): its takings (资金,
   * dayshoppay) of the month up to the date and what the month's large requests on their way or done take;
   * a large request beyond the difference is refused. Null: the shop has no such check.
   */
  largeRoom: z.object({ takings: z.number(), used: z.number() }).nullable(),
});
export type ShopFunds = z.infer<typeof shopFunds>;

/** A locked (or unlocked) day of petty-cash requests (fundlock). */
export const fundDayLockSave = z.strictObject({ day: date, status: z.union([z.literal(0), z.literal(1)]), memo });
export const fundDayLockRow = z.object({
  id: z.number(),
  day: z.string(),
  status: z.number(),
  memo: z.string().nullable(),
  changedByName: z.string().nullable(),
  updatedAt: instant,
});
export const fundDayLockQuery = pageQuery.extend({
  dateFrom: date.optional(),
  dateTo: date.optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});
/** The locked days between two dates (listForfund: the days a request may not be dated on). */
export const fundLocksForFundQuery = z.object({ dateFrom: date, dateTo: date });

/** 1 资金锁 (fund bills), 2 预留申报锁 (reserve declarations). */
export const monthLockKinds = { 1: LOCK_KINDS.fund.label, 2: LOCK_KINDS.reserveDeclaration.label } as const;
const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');
export const monthLockSave = z.strictObject({
  yearmonth: yearMonth,
  type: z.union([z.literal(1), z.literal(2)]),
  status: z.union([z.literal(0), z.literal(1)]),
  memo,
});
export const monthLockRow = z.object({
  id: z.number(),
  yearmonth: z.string(),
  type: z.number(),
  status: z.number(),
  memo: z.string().nullable(),
  changedByName: z.string().nullable(),
  updatedAt: instant,
});
export const monthLockQuery = pageQuery.extend({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  type: z.coerce.number().int().min(1).max(2).optional(),
});

// ---- expense control (§9.3) and the petty-cash ledger ----

export const EXPENSE_API = {
  allShopLimits: '/api-finance/iolimitbillhead/getAllShopIolimitMoney',
  budgets: '/api-finance/iolimitys/list',
  budgetsAll: '/api-finance/iolimitys/list/all',
  budgetSave: '/api-finance/iolimitys/save',
  shopIoBills: '/api-finance/ioaccountbillhead/ioAccountList',
  chainIoBills: '/api-finance/ioaccountbillhead/billListChain',
  fundRecords: '/api-finance/fundrecords/list',
  fundPositions: '/api-finance/fundrecords/list/all',
  fundAdjustmentSave: '/api-finance/fundrecords/save',
  fundAdjustmentRevoke: '/api-finance/fundrecords/revoke',
} as const;

const yearMonthQuery = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');

/** Every shop's spending limits of a month (getAllShopIolimitMoney). */
export const shopLimitsQuery = z.object({ month: yearMonthQuery, shopId: id.optional(), itemId: id.optional() });
export const shopLimitRow = z.object({
  shopId: z.number(),
  shopName: z.string(),
  itemId: z.number(),
  itemName: z.string(),
  month: z.string(),
  amount: z.number(),
});

const quarterMoney = z.number().int().min(0).max(10_000_000_00);
/** A shop's yearly budget of an item, by quarter (iolimitys): the quarters must add up to the year. */
export const budgetSave = z.strictObject({
  id: id.optional(),
  version: z.number().int().positive().optional(),
  shopId: id,
  itemId: id,
  year: z.number().int().min(2000).max(2100),
  yearAmount: quarterMoney,
  q1: quarterMoney,
  q2: quarterMoney,
  q3: quarterMoney,
  q4: quarterMoney,
  memo,
});
export const budgetQuery = pageQuery.extend({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  shopId: id.optional(),
  itemId: id.optional(),
});
export const budgetAllQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100), shopId: id.optional() });
export const budgetRow = z.object({
  id: z.number(),
  version: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  itemId: z.number(),
  itemName: z.string(),
  year: z.number(),
  yearAmount: z.number(),
  q1: z.number(),
  q2: z.number(),
  q3: z.number(),
  q4: z.number(),
  memo: z.string().nullable(),
});

/** A shop's own income (1) or expense (2) bills, made at the till (ioaccountbillhead). */
export const ioBillQuery = pageQuery.extend({
  shopId: id.optional(),
  type: z.coerce.number().int().min(1).max(2).optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
});
export const shopIoBillQuery = ioBillQuery.extend({ shopId: id });
export const ioBillRow = z.object({
  id: z.number(),
  billNo: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  billDate: z.string(),
  type: z.number(),
  itemId: z.number().nullable(),
  itemName: z.string().nullable(),
  total: z.number(),
  details: z.array(z.object({ paycode: z.string(), money: z.number(), freeRateJe: z.number().optional() })),
  isHc: z.number(),
  memo: z.string().nullable(),
  createdByName: z.string().nullable(),
});

/** The petty-cash ledger of a shop (fundrecords): every movement after the float, with the running balance. */
export const fundRecordsQuery = z.object({ shopId: id });
export const fundRecordKind = z.enum(['request', 'expense', 'redeposit', 'adjustment']);
export const fundRecordRow = z.object({
  /** The bill's or the adjustment's id (unique within its kind). */
  id: z.number(),
  date: z.string(),
  kind: fundRecordKind,
  billNo: z.string(),
  amount: z.number(),
  balance: z.number(),
  /** An adjustment's reason (null for the bills). */
  reason: z.string().nullable(),
  /** An adjustment that may still be revoked: not itself a revocation, not revoked yet. */
  revocable: z.boolean(),
});
export const fundRecords = z.object({ float: z.number(), balance: z.number(), rows: z.array(fundRecordRow) });

/** Every shop the user sees with its petty-cash position (fundrecords/list/all), and their totals. */
export const fundPositionsQuery = z.object({ shopId: id.optional() });
export const fundPositionRow = pettyCashPosition.extend({ shopId: z.number(), shopCode: z.string(), shopName: z.string() });
export const fundPositions = z.object({ rows: z.array(fundPositionRow), total: pettyCashPosition });

/**
 * A manual petty-cash ledger entry (备用金台账调整: a cash count difference, an opening correction):
 * signed cents, never 0, with its reason. Entries are never edited or deleted; a wrong one is revoked
 * by an entry of the opposite amount. Locked as petty-cash requests are (a locked fund day or month).
 */
export const fundAdjustment = {
  label: ['备用金台账调整', 'Petty-cash adjustment'],
  perm: 'finance.fundrecords.adjust',
  locks: ['close', 'fund', 'fundRequestDay'],
} as const satisfies { label: readonly [string, string]; perm: string; locks: readonly LockKind[] };

const adjustmentReason = z.string().trim().min(1, { error: '请填写调整原因' }).max(200);
export const fundAdjustmentSave = z.strictObject({
  shopId: id,
  /** The day the entry counts on; today when left out. */
  date: date.optional(),
  amount: z
    .number()
    .int()
    .min(-10_000_000_00)
    .max(10_000_000_00)
    .refine((v) => v !== 0, { error: '调整金额不能为 0' }),
  reason: adjustmentReason,
});
/** Revoke an adjustment: an entry of the opposite amount, dated today unless given, pointing at it. */
export const fundAdjustmentRevoke = z.strictObject({ id, date: date.optional(), reason: adjustmentReason });
export const fundAdjustmentRow = z.object({
  id: z.number(),
  entryNo: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  date: z.string(),
  amount: z.number(),
  reason: z.string(),
  /** The entry this one revokes. */
  revokesId: z.number().nullable(),
  createdByName: z.string().nullable(),
  createdAt: instant,
  /** The shop's petty-cash balance once the entry is in. */
  balance: z.number(),
});

// ---- petty cash paid back (fundhcbill, 备用金回存单) ----

export const redepositState = z.enum(['draft', 'audited', 'reviewed', 'rejected']);

export const fundRedepositSave = billSave({
  shopId: id,
  /** The day the money was paid back; today when left out. */
  billDate: date.optional(),
  amount: z.number().int().min(1).max(10_000_000_00),
  /** 经办人 and 证明人: who paid it in and who witnessed it. */
  handler: text(32),
  witness: text(32),
  reason: text(500),
  memo,
  lines: z.array(billPhotoLine).max(9).default([]),
});

export const fundRedepositRow = billRow(redepositState.options, {
  ...savedFields(fundRedepositSave),
  shopName: z.string(),
  rejectReason: z.string().nullable(),
  auditedByName: z.string().nullable(),
  auditedAt: instant.nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: instant.nullable(),
  createdByName: z.string().nullable(),
  lines: z.array(billPhotoRow),
});

export const fundRedepositBill = defineBill({
  docType: 'finance.fundhc',
  locks: ['close', 'fund'],
  label: ['备用金回存', 'Petty-cash redeposit'],
  basePath: '/api-finance/fundhcbill',
  webPath: '/admin/finance/fund-redeposits',
  states: {
    draft: { label: ['未审核', 'Unaudited'], color: 'default' },
    audited: { label: ['已审核', 'Audited'], color: 'blue' },
    reviewed: { label: ['已复核', 'Reviewed'], color: 'green' },
    rejected: { label: ['已驳回', 'Rejected'], color: 'red' },
  },
  initial: 'draft',
  editable: ['draft', 'rejected'],
  transitions: {
    audit: {
      label: ['审核', 'audit'],
      from: ['draft'],
      to: 'audited',
      perm: 'finance.fundhc.audit',
      path: 'auditBill',
      inbox: true,
      notByMaker: true,
    },
    review: {
      label: ['复核', 'review'],
      from: ['audited'],
      to: 'reviewed',
      perm: 'finance.fundhc.review',
      path: 'auditFhBill',
      inbox: true,
    },
    reject: {
      label: ['驳回', 'reject'],
      from: ['draft', 'audited'],
      to: 'rejected',
      perm: 'finance.fundhc.review',
      path: 'rejectBill',
      memoRequired: true,
    },
    cancelReview: {
      label: ['取消复核', 'cancel the review of'],
      button: ['取消复核', 'Cancel review'],
      from: ['reviewed'],
      to: 'audited',
      perm: 'finance.fundhc.review',
      path: 'cancelFhBill',
      undoes: 'review',
      confirm: true,
    },
  },
  save: fundRedepositSave,
  filterFields: {
    state: true,
    shopId: true,
    date: { label: ['回存日期', 'Date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'] },
  },
  row: fundRedepositRow,
  headFields: {
    billNo: { label: ['单号', 'Bill no.'], kind: 'text', column: { width: 170 } },
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { display: 'shopName', width: 130 }, form: {} },
    billDate: { label: ['回存日期', 'Date'], kind: 'date', column: { sortable: true, width: 110 }, form: {} },
    amount: { label: ['金额', 'Amount'], kind: 'money', column: { sortable: true, width: 110 }, form: {} },
    handler: { label: ['经办人', 'Paid in by'], kind: 'text', column: { width: 100 }, form: {} },
    witness: { label: ['证明人', 'Witness'], kind: 'text', column: { width: 100 }, form: {} },
    reason: { label: ['回存原因', 'Reason'], kind: 'text', column: { width: 160 }, form: { span: 16 } },
    state: { label: ['状态', 'State'], kind: 'select', column: { width: 90 } },
    rejectReason: { label: ['驳回原因', 'Reject reason'], kind: 'text', detail: true },
    auditedByName: { label: ['审核人', 'Audited by'], kind: 'text', detail: true },
    reviewedByName: { label: ['复核人', 'Reviewed by'], kind: 'text', detail: true },
    memo: { label: ['备注', 'Memo'], kind: 'textarea', form: { span: 24 } },
  },
  lineFields: { url: { label: ['回存凭证', 'Deposit slip'], kind: 'image', column: {}, form: {} } },
  paths: {
    list: ['billList', 'billListChain'],
    pick: 'list/all',
    save: ['saveBill'],
    detail: ':id',
    remove: 'deleteBill',
    export: 'export',
  },
});
