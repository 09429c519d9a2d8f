import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  auditColumns,
  billDate,
  billHeadColumns,
  billNo,
  billNoIndex,
  billState,
  billTraceIndex,
  createdAt,
  ledgerTraceColumns,
  makerColumns,
  memo,
  refId,
  reviewColumns,
  sort,
  status,
  tenantColumn,
  tenantKeys,
  tenantPrimaryKey,
  tenantReference,
  timestamps,
  updatedAt,
  versionedTimestamps,
} from '../../db/columns.js';
import { dictionaryTable } from '../../db/dictionary-table.js';
import { fileListTable } from '../../db/file-list-table.js';
import { deposits, memberCards, memberPackageLines, refunds } from '../assets/public.js';
import { members } from '../members/public.js';
import { branches, shops } from '../org/public.js';

// The finance dictionaries (DOMAIN-DETAIL §9.1); money in cents.

/** 一级收支项目. type: 1 income, 2 expense. */
export const financeGroups = dictionaryTable('finance_groups', { type: smallint('type').notNull().default(2) });

/** 收支项目, each under a group, with its opening budget. */
export const financeItems = dictionaryTable(
  'finance_items',
  {
    groupId: refId('group_id').notNull(),
    type: smallint('type').notNull().default(2),
    budget: bigint('budget', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('finance_items_tenant_group').on(t.tenantId, t.groupId), tenantReference(t, t.groupId, financeGroups)],
);

/** Which department approves an item's requests (dicfunddescribe), and what the item covers. */
export const fundDescriptions = dictionaryTable(
  'fund_descriptions',
  {
    itemId: refId('item_id').notNull(),
    departmentId: refId('department_id').notNull(),
    description: text('description'),
  },
  (t) => [
    index('fund_descriptions_tenant_item').on(t.tenantId, t.itemId),
    tenantReference(t, t.itemId, financeItems),
    tenantReference(t, t.departmentId, branches),
  ],
);

export const financialAreas = dictionaryTable('financial_areas', {});
export const shopFinanceTypes = dictionaryTable('shop_finance_types', {});
export const banks = dictionaryTable('banks', {});
export const reserveTypes = dictionaryTable('reserve_types', {});

/** What reserve money may pay for (kind 1 reserve spending, 2 rent), and from which reserve types. */
export const reserveSpendItems = dictionaryTable('reserve_spend_items', {
  kind: smallint('kind').notNull().default(1),
  reserveTypeIds: jsonb('reserve_type_ids').$type<number[]>().notNull().default([]),
});

/** Landlords (房东) and the account their rent is paid to; state 1 current, 2 expired. */
export const landlords = dictionaryTable(
  'landlords',
  {
    tel: text('tel'),
    payee: text('payee').notNull(),
    bank: text('bank').notNull(),
    bankno: text('bankno').notNull(),
    state: smallint('state').notNull().default(1),
  },
  (t) => [index('landlords_tenant_bankno').on(t.tenantId, t.bankno)],
);

/** A shop's finance profile (shopext): payee accounts, finance area, company type, fee ratio, dates. */
export const shopFinanceProfiles = pgTable(
  'shop_finance_profiles',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    payee: text('payee'),
    bank: text('bank'),
    bankno: text('bankno'),
    branchBank: text('branch_bank'),
    corporatePayee: text('corporate_payee'),
    corporateBank: text('corporate_bank'),
    corporateBankno: text('corporate_bankno'),
    corporateBranchBank: text('corporate_branch_bank'),
    financialAreaId: refId('financial_area_id'),
    companyTypeId: refId('company_type_id'),
    /** Basis points of the takings. */
    feeRatio: integer('fee_ratio').notNull().default(0),
    openedOn: date('opened_on', { mode: 'string' }),
    closedOn: date('closed_on', { mode: 'string' }),
    clearOnClose: smallint('clear_on_close').notNull().default(0),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('shop_finance_profiles_tenant_shop').on(t.tenantId, t.shopId),
    index('shop_finance_profiles_tenant_area').on(t.tenantId, t.financialAreaId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.financialAreaId, financialAreas),
    tenantReference(t, t.companyTypeId, shopFinanceTypes),
  ],
);

/** A shop's petty-cash setting (fundshop): the daily float, and whether large requests must be covered by takings. */
export const shopPettyCash = pgTable(
  'shop_petty_cash',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    float: bigint('float', { mode: 'number' }).notNull().default(0),
    largeNeedsTakings: smallint('large_needs_takings').notNull().default(0),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('shop_petty_cash_tenant_shop').on(t.tenantId, t.shopId), tenantReference(t, t.shopId, shops)],
);

/** Where a shop's expenses of an item are paid (ioaccount): one account per shop and item. */
export const payeeAccounts = pgTable(
  'payee_accounts',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    itemId: refId('item_id').notNull(),
    payee: text('payee').notNull(),
    bank: text('bank').notNull(),
    bankno: text('bankno').notNull(),
    branchBank: text('branch_bank'),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('payee_accounts_tenant_shop_item').on(t.tenantId, t.shopId, t.itemId),
    index('payee_accounts_tenant_item').on(t.tenantId, t.itemId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.itemId, financeItems),
  ],
);

// ---- shop funds: petty-cash requests, their photos, day and month locks, expense limits and budgets ----

/** A shop's petty-cash request (fundbillhead): type 1 daily, 2 large; approved by the item's department, reviewed by finance. */
export const fundBills = pgTable(
  'fund_bills',
  {
    ...billHeadColumns(),
    billDate: billDate(),
    type: smallint('type').notNull().default(1),
    groupId: refId('group_id').notNull(),
    itemId: refId('item_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    payee: text('payee'),
    bankno: text('bankno'),
    bank: text('bank'),
    branchBank: text('branch_bank'),
    /** 0 not the shop's account for the item, 1 it is, 2 the shop has none for the item. */
    matched: smallint('matched').notNull().default(2),
    departmentId: refId('department_id'),
    gathertype: smallint('gathertype'),
    isLimit: smallint('is_limit').notNull().default(0),
    state: billState(),
    rejectReason: text('reject_reason'),
    approvedBy: refId('approved_by'),
    approvedByName: text('approved_by_name'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    ...reviewColumns(),
    memo: memo(),
    ...makerColumns(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('fund_bills_tenant_date').on(t.tenantId, t.billDate, t.id),
    index('fund_bills_tenant_shop_item').on(t.tenantId, t.shopId, t.itemId, t.billDate),
    index('fund_bills_tenant_state_department').on(t.tenantId, t.state, t.departmentId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.groupId, financeGroups),
    tenantReference(t, t.itemId, financeItems),
    tenantReference(t, t.departmentId, branches),
  ],
);

/** The photos of a request (receipts, quotations): uploaded files' addresses. */
export const fundBillPhotos = fileListTable('fund_bill_photos', 'billId', fundBills);

/** A shop's spending limit for an item in a month (iolimitbillhead adjustments, setLimitbill), in cents. */
export const expenseLimits = pgTable(
  'expense_limits',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    itemId: refId('item_id').notNull(),
    month: text('month').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('expense_limits_tenant_shop_item_month').on(t.tenantId, t.shopId, t.itemId, t.month),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.itemId, financeItems),
  ],
);

/** A shop's yearly budget of an item by quarter (iolimitys): the quarters add up to the year. */
export const expenseBudgets = pgTable(
  'expense_budgets',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    itemId: refId('item_id').notNull(),
    year: integer('year').notNull(),
    yearAmount: bigint('year_amount', { mode: 'number' }).notNull(),
    q1: bigint('q1', { mode: 'number' }).notNull(),
    q2: bigint('q2', { mode: 'number' }).notNull(),
    q3: bigint('q3', { mode: 'number' }).notNull(),
    q4: bigint('q4', { mode: 'number' }).notNull(),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('expense_budgets_tenant_shop_item_year').on(t.tenantId, t.shopId, t.itemId, t.year),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.itemId, financeItems),
  ],
);

/** Petty cash a shop pays back (fundhcbill, 备用金回存单): 1 unaudited → 2 audited → 3 reviewed. */
export const fundRedeposits = pgTable(
  'fund_redeposits',
  {
    ...billHeadColumns(),
    billDate: billDate(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    handler: text('handler'),
    witness: text('witness'),
    reason: text('reason'),
    state: billState(),
    rejectReason: text('reject_reason'),
    auditedByName: text('audited_by_name'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    reviewedByName: text('reviewed_by_name'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    memo: memo(),
    /** Bank reconciliation's mark (isFa): 0 对账 (counted in the day's 回存), 2 非对账; and its note (famemo). */
    isFa: smallint('is_fa').notNull().default(0),
    faMemo: text('fa_memo'),
    ...makerColumns(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('fund_redeposits_tenant_shop_date').on(t.tenantId, t.shopId, t.billDate),
    tenantReference(t, t.shopId, shops),
  ],
);

/**
 * A manual entry of a shop's petty-cash ledger (fundrecords/save): signed cents, never 0, with its
 * reason. Append-only: a wrong entry is revoked by one of the opposite amount that points at it
 * (`revokes_id`, unique: an entry is revoked once).
 */
export const fundAdjustments = pgTable(
  'fund_adjustments',
  {
    ...tenantKeys(),
    entryNo: text('entry_no').notNull(),
    shopId: refId('shop_id').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    revokesId: refId('revokes_id'),
    ...makerColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('fund_adjustments_tenant_entry_no').on(t.tenantId, t.entryNo),
    uniqueIndex('fund_adjustments_tenant_revokes').on(t.tenantId, t.revokesId),
    index('fund_adjustments_tenant_shop_date').on(t.tenantId, t.shopId, t.entryDate),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.revokesId, t, 'fund_adjustments_revokes_fk'),
  ],
);

/**
 * A shop's own income or expense bill (ioaccountbillhead, made at the till): type 1 other income, 2 daily
 * expense paid from the petty cash; its pay lines in `details`; a revoked bill (红冲) has isHc 1.
 */
export const shopIoBills = pgTable(
  'shop_io_bills',
  {
    ...billHeadColumns(),
    billDate: billDate(),
    type: smallint('type').notNull(),
    itemId: refId('item_id'),
    total: bigint('total', { mode: 'number' }).notNull(),
    details: jsonb('details').$type<{ paycode: string; money: number; freeRateJe?: number }[]>().notNull().default([]),
    isHc: smallint('is_hc').notNull().default(0),
    memo: memo(),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('shop_io_bills_tenant_shop_date').on(t.tenantId, t.shopId, t.billDate),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.itemId, financeItems),
  ],
);

/** The deposit slips of a redeposit: uploaded files' addresses. */
export const fundRedepositPhotos = fileListTable('fund_redeposit_photos', 'billId', fundRedeposits);

// ---- reserve money (预留款) and rents: balances per shop × reserve type on the ledger, the bills that move them ----

/** A shop's money in one reserve type, in cents; changed only by the ledger (`reserveBook`). */
export const reserveBalances = pgTable(
  'reserve_balances',
  {
    tenantId: tenantColumn(),
    shopId: refId('shop_id').notNull(),
    reserveTypeId: refId('reserve_type_id').notNull(),
    money: bigint('money', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.shopId, t.reserveTypeId] }),
    index('reserve_balances_tenant_type').on(t.tenantId, t.reserveTypeId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.reserveTypeId, reserveTypes),
  ],
);

/** Append-only: every movement of reserve money, with the balance after it, traced to its bill and line. */
export const reserveLedger = pgTable(
  'reserve_ledger',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    reserveTypeId: refId('reserve_type_id').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    ...ledgerTraceColumns(),
  },
  (t) => [tenantPrimaryKey(t), index('reserve_ledger_tenant_key').on(t.tenantId, t.shopId, t.reserveTypeId, t.id), billTraceIndex(t)],
);

/** Reserve bills: kind adjust (调整单, head office, shop per line), spend (支出单) or convert (转换单), one shop each. */
export const reserveBills = pgTable(
  'reserve_bills',
  {
    ...tenantKeys(),
    kind: text('kind').$type<'adjust' | 'spend' | 'convert'>().notNull(),
    billNo: billNo(),
    shopId: refId('shop_id'),
    billDate: billDate(),
    state: billState(),
    totalMoney: bigint('total_money', { mode: 'number' }).notNull().default(0),
    memo: memo(),
    rejectMemo: text('reject_memo'),
    ...makerColumns(),
    ...auditColumns(),
    ...reviewColumns(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('reserve_bills_tenant_kind_date').on(t.tenantId, t.kind, t.billDate, t.id),
    index('reserve_bills_tenant_shop').on(t.tenantId, t.shopId),
    tenantReference(t, t.shopId, shops),
  ],
);

export const reserveBillLines = pgTable(
  'reserve_bill_lines',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    shopId: refId('shop_id').notNull(),
    reserveTypeId: refId('reserve_type_id').notNull(),
    /** A conversion's receiving type. */
    toReserveTypeId: refId('to_reserve_type_id'),
    /** A spending's item. */
    spendItemId: refId('spend_item_id'),
    /** Signed on adjustments; positive on spending and conversions (the amount taken out). */
    money: bigint('money', { mode: 'number' }).notNull(),
    balanceBefore: bigint('balance_before', { mode: 'number' }),
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    memo: memo(),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('reserve_bill_lines_tenant_bill').on(t.tenantId, t.billId),
    tenantReference(t, t.billId, reserveBills, 'reserve_bill_lines_bill_fk').onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.reserveTypeId, reserveTypes),
    tenantReference(t, t.toReserveTypeId, reserveTypes),
    tenantReference(t, t.spendItemId, reserveSpendItems),
  ],
);

/**
 * Rent contracts of shops (kind store, 门店房租合同) and dormitories (kind dorm, 宿舍合同). A contract's
 * schedule (`rent_periods`) is generated from its dates, cycle, total, rent-free first period and
 * yearly increase; `paid_to` (pldate) is the end of the last paid period.
 */
export const rentContracts = pgTable(
  'rent_contracts',
  {
    ...tenantKeys(),
    kind: text('kind').$type<'store' | 'dorm'>().notNull(),
    code: text('code').notNull(),
    shopId: refId('shop_id').notNull(),
    landlordId: refId('landlord_id'),
    landlordName: text('landlord_name'),
    payee: text('payee'),
    bank: text('bank'),
    bankno: text('bankno'),
    tel: text('tel'),
    address: text('address'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    cycle: text('cycle').$type<'month' | 'quarter' | 'year'>().notNull(),
    totalMoney: bigint('total_money', { mode: 'number' }).notNull(),
    deposit: bigint('deposit', { mode: 'number' }).notNull().default(0),
    firstPeriodFree: smallint('first_period_free').notNull().default(0),
    /** Basis points added to the rent at each contract year. */
    increaseRate: integer('increase_rate').notNull().default(0),
    /** 1 normal, 2 temporary. */
    rentType: smallint('rent_type').notNull().default(1),
    /** 1 in force, 2 void. */
    status: status(),
    paidTo: date('paid_to', { mode: 'string' }),
    /** A dormitory contract's approval (billstatus 2 → 3 | 0): submitted, approved, rejected; null for store contracts. */
    approval: text('approval').$type<'submitted' | 'approved' | 'rejected'>(),
    rejectMemo: text('reject_memo'),
    ...makerColumns(),
    ...auditColumns(),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('rent_contracts_tenant_code').on(t.tenantId, t.kind, t.code),
    index('rent_contracts_tenant_shop').on(t.tenantId, t.shopId),
    index('rent_contracts_tenant_bankno').on(t.tenantId, t.bankno),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.landlordId, landlords),
  ],
);

/** One period of a contract's schedule; `payment_id` is the approved payment that covered it. */
export const rentPeriods = pgTable(
  'rent_periods',
  {
    ...tenantKeys(),
    contractId: refId('contract_id').notNull(),
    seq: integer('seq').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    paymentId: refId('payment_id'),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('rent_periods_tenant_contract_seq').on(t.tenantId, t.contractId, t.seq),
    index('rent_periods_tenant_due').on(t.tenantId, t.dueDate),
    tenantReference(t, t.contractId, rentContracts, 'rent_periods_contract_fk').onDelete('cascade'),
  ],
);

/** Rent payments (房租/宿舍租金付款单): whole periods of one contract, paid from the shop's reserve types (lines). */
export const rentPayments = pgTable(
  'rent_payments',
  {
    ...tenantKeys(),
    kind: text('kind').$type<'store' | 'dorm'>().notNull(),
    billNo: billNo(),
    shopId: refId('shop_id').notNull(),
    contractId: refId('contract_id').notNull(),
    billDate: billDate(),
    /** The covered periods, first and last seq. */
    periodFrom: integer('period_from').notNull(),
    periodTo: integer('period_to').notNull(),
    totalMoney: bigint('total_money', { mode: 'number' }).notNull().default(0),
    /** 汇总类型: 1 paid singly, 2 in a summary batch. */
    sumType: smallint('sum_type').notNull().default(1),
    state: billState(),
    memo: memo(),
    rejectMemo: text('reject_memo'),
    ...makerColumns(),
    ...auditColumns(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('rent_payments_tenant_kind_date').on(t.tenantId, t.kind, t.billDate, t.id),
    index('rent_payments_tenant_contract').on(t.tenantId, t.contractId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.contractId, rentContracts),
  ],
);

export const rentPaymentLines = pgTable(
  'rent_payment_lines',
  {
    ...tenantKeys(),
    paymentId: refId('payment_id').notNull(),
    reserveTypeId: refId('reserve_type_id').notNull(),
    money: bigint('money', { mode: 'number' }).notNull(),
    balanceBefore: bigint('balance_before', { mode: 'number' }),
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    memo: memo(),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('rent_payment_lines_tenant_payment').on(t.tenantId, t.paymentId),
    tenantReference(t, t.paymentId, rentPayments, 'rent_payment_lines_payment_fk').onDelete('cascade'),
    tenantReference(t, t.reserveTypeId, reserveTypes),
  ],
);

/** 宿舍扣款比率: the share of a shop's dormitory rent deducted from staff pay, basis points. */
export const dormRates = pgTable(
  'dorm_rates',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    rate: integer('rate').notNull().default(0),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('dorm_rates_tenant_shop').on(t.tenantId, t.shopId), tenantReference(t, t.shopId, shops)],
);

/** A one-step adjustment of monthly expense limits (支出限额调整单, iolimitbillhead): `month` is the limits' month. */
export const expenseLimitBills = pgTable(
  'expense_limit_bills',
  {
    /** `shop_id` always null: head office's bill, a shop per line (the documents engine reads it). */
    ...billHeadColumns({ headOffice: true }),
    billDate: billDate(),
    month: text('month').notNull(),
    state: billState(),
    totalChange: bigint('total_change', { mode: 'number' }).notNull().default(0),
    memo: memo(),
    ...makerColumns(),
    ...auditColumns(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), billNoIndex(t), index('expense_limit_bills_tenant_date').on(t.tenantId, t.billDate, t.id)],
);

/** A line: one shop × item's change (signed cents); `before`/`after` are the month's limit around the audit (smoney, rmoney). */
export const expenseLimitBillLines = pgTable(
  'expense_limit_bill_lines',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    shopId: refId('shop_id').notNull(),
    itemId: refId('item_id').notNull(),
    change: bigint('change', { mode: 'number' }).notNull(),
    before: bigint('before', { mode: 'number' }),
    after: bigint('after', { mode: 'number' }),
    memo: memo(),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('expense_limit_bill_lines_tenant_bill').on(t.tenantId, t.billId),
    tenantReference(t, t.billId, expenseLimitBills, 'expense_limit_bill_lines_bill_fk').onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.itemId, financeItems),
  ],
);

/** A shop's business trip (出差记录, fundtravel): who, when, what for, and whether it was reimbursed. */
export const fundTravels = dictionaryTable(
  'fund_travels',
  {
    shopId: refId('shop_id').notNull(),
    traveller: text('traveller').notNull(),
    idName: text('id_name'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    reimbursed: smallint('reimbursed').notNull().default(0),
  },
  (t) => [index('fund_travels_tenant_shop_start').on(t.tenantId, t.shopId, t.startDate), tenantReference(t, t.shopId, shops)],
);

/**
 * Card refunds through approval (退卡审批, cardtkhead): what a shop asks to refund and how it is paid
 * out; the amounts are the lines' as priced at the save. The review posts the refund (`refundId`) and
 * the payout (reserve ledger, or `creditBillId`, the card bill crediting `targetCardId`).
 */
export const cardRefundBills = pgTable(
  'card_refund_bills',
  {
    ...billHeadColumns(),
    billDate: billDate(),
    memberId: refId('member_id').notNull(),
    isKd: boolean('is_kd').notNull().default(false),
    tkattr: smallint('tkattr').notNull(),
    tkcontent: text('tkcontent').notNull(),
    tkname: text('tkname').notNull(),
    tkmobile: text('tkmobile').notNull(),
    tktype: smallint('tktype').notNull(),
    reserveTypeId: refId('reserve_type_id'),
    targetCardId: refId('target_card_id'),
    payee: text('payee'),
    bank: text('bank'),
    bankno: text('bankno'),
    hstkattr: smallint('hstkattr'),
    hstkcontent: text('hstkcontent'),
    hsmemo: text('hsmemo'),
    freeCard: bigint('free_card', { mode: 'number' }).notNull().default(0),
    freePackage: bigint('free_package', { mode: 'number' }).notNull().default(0),
    freeProduct: bigint('free_product', { mode: 'number' }).notNull().default(0),
    autokcard: boolean('autokcard').notNull().default(false),
    cardMoney: bigint('card_money', { mode: 'number' }).notNull().default(0),
    packageMoney: bigint('package_money', { mode: 'number' }).notNull().default(0),
    productMoney: bigint('product_money', { mode: 'number' }).notNull().default(0),
    giftMoney: bigint('gift_money', { mode: 'number' }).notNull().default(0),
    totalMoney: bigint('total_money', { mode: 'number' }).notNull().default(0),
    refundId: refId('refund_id'),
    creditBillId: refId('credit_bill_id'),
    state: billState(),
    rejectMemo: text('reject_memo'),
    ...auditColumns(),
    ...reviewColumns(),
    memo: memo(),
    ...makerColumns(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('card_refund_bills_tenant_date').on(t.tenantId, t.billDate, t.id),
    index('card_refund_bills_tenant_state_total').on(t.tenantId, t.state, t.totalMoney),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.memberId, members),
    tenantReference(t, t.reserveTypeId, reserveTypes),
    tenantReference(t, t.targetCardId, memberCards),
    tenantReference(t, t.refundId, refunds),
  ],
);

/** A refund bill's lines: a card bucket, a package line or a deposited product, with the amount it refunds. */
export const cardRefundLines = pgTable(
  'card_refund_lines',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    kind: text('kind').$type<'card' | 'package' | 'product'>().notNull(),
    cardId: refId('card_id'),
    bucketShopId: refId('bucket_shop_id'),
    tkje: bigint('tkje', { mode: 'number' }).notNull().default(0),
    tzje: bigint('tzje', { mode: 'number' }).notNull().default(0),
    packageLineId: refId('package_line_id'),
    depositId: refId('deposit_id'),
    num: integer('num').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('card_refund_lines_tenant_bill').on(t.tenantId, t.billId, t.sort),
    tenantReference(t, t.billId, cardRefundBills),
    tenantReference(t, t.cardId, memberCards),
    tenantReference(t, t.bucketShopId, shops),
    tenantReference(t, t.packageLineId, memberPackageLines),
    tenantReference(t, t.depositId, deposits),
  ],
);

/**
 * Bank reconciliation (financialdaily): a match of one system row (shop × day × money type) with statement
 * lines of its pay code. One per system row (the unique key), and a line belongs to at most one match.
 */
export const bankMatches = pgTable(
  'bank_matches',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    type: smallint('type').notNull(),
    /** The system amount and the lines' sum when matched. */
    sysAmount: bigint('sys_amount', { mode: 'number' }).notNull(),
    linesAmount: bigint('lines_amount', { mode: 'number' }).notNull(),
    auto: boolean('auto').notNull().default(false),
    ...makerColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('bank_matches_tenant_shop_day_type').on(t.tenantId, t.shopId, t.day, t.type),
    tenantReference(t, t.shopId, shops),
  ],
);

/** The bank's statement lines (银行流水) imported for reconciliation, and the parts split off them. */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    /** serirq: the statement's day. */
    day: date('day', { mode: 'string' }).notNull(),
    /** rowindex: the row of the workbook it came from. */
    rowIndex: integer('row_index').notNull(),
    /** je: what the line holds now (an imported line less the parts split off it). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** serije: the bank's amount as imported. */
    statementAmount: bigint('statement_amount', { mode: 'number' }).notNull(),
    payCode: text('pay_code').notNull(),
    memo: memo(),
    /** 1 imported, 2 split off `splitFrom`. */
    inputType: smallint('input_type').notNull().default(1),
    splitFrom: refId('split_from'),
    matchId: refId('match_id'),
    ...makerColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('bank_statement_lines_tenant_shop_day').on(t.tenantId, t.shopId, t.day),
    index('bank_statement_lines_tenant_match').on(t.tenantId, t.matchId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.matchId, bankMatches),
  ],
);

/**
 * 代扣代缴 / 财务拨款 items (dicdjitem): each a column of the daily report named by `colname` (unique in the
 * chain). isBk 0 代扣代缴 / 1 财务拨款; direction 1 adds, −1 takes; isDkdj: counts in the 代扣代缴 total;
 * type 1 覆盖 (a bill's amount replaces the day's) / 2 累加 (adds to it).
 */
export const djItems = dictionaryTable(
  'dj_items',
  {
    colname: text('colname').notNull(),
    isBk: smallint('is_bk').notNull().default(0),
    direction: smallint('direction').notNull().default(1),
    isDkdj: smallint('is_dkdj').notNull().default(1),
    type: smallint('type').notNull().default(1),
  },
  (t) => [uniqueIndex('dj_items_tenant_colname').on(t.tenantId, t.colname)],
);

/** 合作项目 (diccooperate): a partner's project, and the shop's and the staff's performance deduction in percent (2 decimals). */
export const cooperateItems = dictionaryTable('cooperate_items', {
  shopRate: numeric('shop_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
  staffRate: numeric('staff_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
});

/** 代缴单 (djbillhead): head office enters dj items' amounts of shops for a day `rq`; one step. */
export const djBills = pgTable(
  'dj_bills',
  {
    ...billHeadColumns({ headOffice: true }),
    rq: date('rq', { mode: 'string' }).notNull(),
    state: billState(),
    totalMoney: bigint('total_money', { mode: 'number' }).notNull().default(0),
    memo: memo(),
    ...makerColumns(),
    ...auditColumns(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), billNoIndex(t), index('dj_bills_tenant_rq').on(t.tenantId, t.rq, t.id)],
);

/** A line: one shop × item's entry (umoney); smoney/rmoney the day's amount before and after (stamped again at the audit). */
export const djBillLines = pgTable(
  'dj_bill_lines',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    shopId: refId('shop_id').notNull(),
    djItemId: refId('dj_item_id').notNull(),
    smoney: bigint('smoney', { mode: 'number' }).notNull().default(0),
    umoney: bigint('umoney', { mode: 'number' }).notNull(),
    rmoney: bigint('rmoney', { mode: 'number' }).notNull().default(0),
    memo: memo(),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('dj_bill_lines_tenant_bill').on(t.tenantId, t.billId),
    tenantReference(t, t.billId, djBills, 'dj_bill_lines_bill_fk').onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.djItemId, djItems),
  ],
);

/** The amount of a dj item for a shop and day, as the audited dj bills left it (what the daily report reads). */
export const djAmounts = pgTable(
  'dj_amounts',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    djItemId: refId('dj_item_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('dj_amounts_tenant_shop_day_item').on(t.tenantId, t.shopId, t.day, t.djItemId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.djItemId, djItems),
  ],
);

/** 收支变动维护单 (the month kind of djbillhead): head office enters 代扣代缴 items of shops for a month; one step. */
export const djMonthBills = pgTable(
  'dj_month_bills',
  {
    ...billHeadColumns({ headOffice: true }),
    yearmonth: text('yearmonth').notNull(),
    state: billState(),
    totalMoney: bigint('total_money', { mode: 'number' }).notNull().default(0),
    memo: memo(),
    ...makerColumns(),
    ...auditColumns(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), billNoIndex(t), index('dj_month_bills_tenant_month').on(t.tenantId, t.yearmonth, t.id)],
);

/** A line of the month form: smoney/rmoney the month's amount before and after (stamped again at the audit). */
export const djMonthBillLines = pgTable(
  'dj_month_bill_lines',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    shopId: refId('shop_id').notNull(),
    djItemId: refId('dj_item_id').notNull(),
    smoney: bigint('smoney', { mode: 'number' }).notNull().default(0),
    umoney: bigint('umoney', { mode: 'number' }).notNull(),
    rmoney: bigint('rmoney', { mode: 'number' }).notNull().default(0),
    memo: memo(),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('dj_month_bill_lines_tenant_bill').on(t.tenantId, t.billId),
    tenantReference(t, t.billId, djMonthBills, 'dj_month_bill_lines_bill_fk').onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.djItemId, djItems),
  ],
);

/** The amount of a 代扣代缴 item for a shop and month (`YYYY-MM`), as the audited month forms left it. */
export const djMonthAmounts = pgTable(
  'dj_month_amounts',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    djItemId: refId('dj_item_id').notNull(),
    month: text('month').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('dj_month_amounts_tenant_shop_month_item').on(t.tenantId, t.shopId, t.month, t.djItemId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.djItemId, djItems),
  ],
);

/** 合作项目单 (coopbillhead): partners' project takings per shop and day, and the shop's share deducted; one step. */
export const coopBills = pgTable(
  'coop_bills',
  {
    ...billHeadColumns({ headOffice: true }),
    billDate: billDate(),
    state: billState(),
    totalMoney: bigint('total_money', { mode: 'number' }).notNull().default(0),
    totalSmoney: bigint('total_smoney', { mode: 'number' }).notNull().default(0),
    memo: memo(),
    ...makerColumns(),
    ...auditColumns(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), billNoIndex(t), index('coop_bills_tenant_date').on(t.tenantId, t.billDate, t.id)],
);

/** A line: money of a project on a day at a shop; smoney = round(money × shopRate %), rmoney = money − smoney. */
export const coopBillLines = pgTable(
  'coop_bill_lines',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    rq: date('rq', { mode: 'string' }).notNull(),
    shopId: refId('shop_id').notNull(),
    coopItemId: refId('coop_item_id').notNull(),
    money: bigint('money', { mode: 'number' }).notNull(),
    shopRate: numeric('shop_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    smoney: bigint('smoney', { mode: 'number' }).notNull(),
    rmoney: bigint('rmoney', { mode: 'number' }).notNull(),
    memo: memo(),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('coop_bill_lines_tenant_bill').on(t.tenantId, t.billId),
    index('coop_bill_lines_tenant_shop_rq').on(t.tenantId, t.shopId, t.rq),
    tenantReference(t, t.billId, coopBills, 'coop_bill_lines_bill_fk').onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.coopItemId, cooperateItems),
  ],
);

/**
 * A reviewed card refund's return visit (退卡回访, cardtkhfhead): at most one not voided per refund
 * (a partial unique index); its shop and member are the refund's.
 */
export const refundVisits = pgTable(
  'card_refund_visits',
  {
    ...billHeadColumns(),
    billDate: billDate(),
    refundId: refId('refund_id').notNull(),
    memberId: refId('member_id').notNull(),
    hstkattr: smallint('hstkattr'),
    hsmemo: text('hsmemo'),
    state: text('state').notNull().default('pending'),
    visitedBy: refId('visited_by'),
    visitedByName: text('visited_by_name'),
    visitedAt: timestamp('visited_at', { withTimezone: true }),
    ...makerColumns(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('card_refund_visits_tenant_date').on(t.tenantId, t.billDate, t.id),
    uniqueIndex('card_refund_visits_tenant_open_refund').on(t.tenantId, t.refundId).where(sql`state <> 'voided'`),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.refundId, cardRefundBills),
    tenantReference(t, t.memberId, members),
  ],
);

/** The calls of a return visit: the day, who called, what was found, the member's satisfaction (1–5). */
export const refundVisitCalls = pgTable(
  'card_refund_visit_calls',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    hfTime: date('hf_time', { mode: 'string' }).notNull(),
    hfBy: text('hf_by'),
    finding: smallint('finding').notNull(),
    satisfaction: smallint('satisfaction'),
    memo: memo(),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('card_refund_visit_calls_tenant_bill').on(t.tenantId, t.billId, t.sort),
    tenantReference(t, t.billId, refundVisits).onDelete('cascade'),
  ],
);

/**
 * A refund paid outside the member's card assets (线下退款, xxtkrecords): a group-buy order, a product, a
 * cross-shop card …, approved by customer service and reviewed by finance; the review draws it from the
 * shop's reserve money of `reserveTypeId` (退款方式).
 */
export const offlineRefunds = pgTable(
  'offline_refunds',
  {
    ...billHeadColumns(),
    billDate: billDate(),
    memType: smallint('mem_type').notNull(),
    memberId: refId('member_id'),
    serveType: text('serve_type').notNull(),
    tkBillcode: text('tk_billcode'),
    tkMoney: bigint('tk_money', { mode: 'number' }).notNull(),
    tkName: text('tk_name').notNull(),
    tkMobile: text('tk_mobile').notNull(),
    tkAttr: smallint('tk_attr').notNull(),
    tkContent: text('tk_content').notNull(),
    reserveTypeId: refId('reserve_type_id').notNull(),
    payType: smallint('pay_type').notNull(),
    payee: text('payee'),
    bank: text('bank'),
    bankno: text('bankno'),
    state: billState(),
    rejectMemo: text('reject_memo'),
    ...auditColumns(),
    ...reviewColumns(),
    memo: memo(),
    ...makerColumns(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('offline_refunds_tenant_date').on(t.tenantId, t.billDate, t.id),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.memberId, members),
    tenantReference(t, t.reserveTypeId, reserveTypes),
  ],
);
export const offlineRefundPhotos = fileListTable('offline_refund_photos', 'billId', offlineRefunds);

/**
 * A shop's UnionPay merchant accounts (银联商户账户, uplshopaccount): the merchant and terminal numbers of its
 * private (对私) and corporate (对公) accounts, for B扫C (the till scans the customer) and C扫B (the customer
 * scans the shop's QR), and the corporate account's limit (cents); one per shop.
 */
export const unionpayAccounts = dictionaryTable(
  'unionpay_accounts',
  {
    shopId: refId('shop_id').notNull(),
    bcMerchantCode: text('bc_merchant_code'),
    bcTerminalCode: text('bc_terminal_code'),
    cbMerchantCode: text('cb_merchant_code'),
    cbTerminalCode: text('cb_terminal_code'),
    pubBcMerchantCode: text('pub_bc_merchant_code'),
    pubBcTerminalCode: text('pub_bc_terminal_code'),
    pubCbMerchantCode: text('pub_cb_merchant_code'),
    pubCbTerminalCode: text('pub_cb_terminal_code'),
    limitMoney: bigint('limit_money', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('unionpay_accounts_tenant_shop').on(t.tenantId, t.shopId), tenantReference(t, t.shopId, shops)],
);

/**
 * 月结表栏目 (dicbalance): the columns of the shops' month sheet, `code` col1…col50 (unique in the chain),
 * its name, order and kind (1 金额 in cents, 2 数值, 3 文本).
 */
export const monthSheetColumns = dictionaryTable('month_sheet_columns', {
  type: smallint('type').notNull().default(1),
});

/** 门店月结表 (shopmonthbalance): a shop's month (`yearmonth`) and its values by column code (col1…col50). */
export const shopMonthSheets = pgTable(
  'shop_month_sheets',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    yearmonth: text('yearmonth').notNull(),
    /** By column code: cents of a 金额 column, a number of a 数值 column, the text of a 文本 column. */
    values: jsonb('values').$type<Record<string, number | string>>().notNull().default({}),
    memo: memo(),
    ...makerColumns(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('shop_month_sheets_tenant_shop_month').on(t.tenantId, t.shopId, t.yearmonth),
    tenantReference(t, t.shopId, shops),
  ],
);

/** 门店月度亏损 (shopmonthloss): a shop's month of losses and what covers them, imported from a workbook (cents). */
export const shopMonthLosses = pgTable(
  'shop_month_losses',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    /** 亏损 */
    ks: bigint('ks', { mode: 'number' }).notNull().default(0),
    /** 管理处借款（预留） */
    orgjkyl: bigint('orgjkyl', { mode: 'number' }).notNull().default(0),
    /** 分店内借款 */
    shopjk: bigint('shopjk', { mode: 'number' }).notNull().default(0),
    /** 借风险金 */
    jfxj: bigint('jfxj', { mode: 'number' }).notNull().default(0),
    /** 还工程公司借款 */
    gcjk: bigint('gcjk', { mode: 'number' }).notNull().default(0),
    /** 未发工资 */
    wfgz: bigint('wfgz', { mode: 'number' }).notNull().default(0),
    /** 房租缺口 */
    fzqk: bigint('fzqk', { mode: 'number' }).notNull().default(0),
    /** 亏损合计 */
    totalks: bigint('totalks', { mode: 'number' }).notNull().default(0),
    ...makerColumns(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('shop_month_losses_tenant_shop_month').on(t.tenantId, t.shopId, t.year, t.month),
    tenantReference(t, t.shopId, shops),
  ],
);
