import { bigint, date, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantColumn, tenantPrimaryKey, tenantReference, updatedAt, version } from '../../db/columns.js';
import { dictionaryTable } from '../../db/dictionary-table.js';
import { branches, shops } from '../org/schema.js';

// The finance dictionaries (DOMAIN-DETAIL §9.1); money in cents.

/** 一级收支项目. type: 1 income, 2 expense. */
export const financeGroups = dictionaryTable('finance_groups', { type: smallint('type').notNull().default(2) });

/** 收支项目, each under a group, with its opening budget. */
export const financeItems = dictionaryTable(
  'finance_items',
  {
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    type: smallint('type').notNull().default(2),
    budget: bigint('budget', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('finance_items_tenant_group').on(t.tenantId, t.groupId), tenantReference(t, t.groupId, financeGroups)],
);

/** Which department approves an item's requests (dicfunddescribe), and what the item covers. */
export const fundDescriptions = dictionaryTable(
  'fund_descriptions',
  {
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    departmentId: bigint('department_id', { mode: 'number' }).notNull(),
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
    id: idColumn(),
    tenantId: tenantColumn(),
    shopId: bigint('shop_id', { mode: 'number' }).notNull(),
    payee: text('payee'),
    bank: text('bank'),
    bankno: text('bankno'),
    branchBank: text('branch_bank'),
    corporatePayee: text('corporate_payee'),
    corporateBank: text('corporate_bank'),
    corporateBankno: text('corporate_bankno'),
    corporateBranchBank: text('corporate_branch_bank'),
    financialAreaId: bigint('financial_area_id', { mode: 'number' }),
    companyTypeId: bigint('company_type_id', { mode: 'number' }),
    /** Basis points of the takings. */
    feeRatio: integer('fee_ratio').notNull().default(0),
    openedOn: date('opened_on', { mode: 'string' }),
    closedOn: date('closed_on', { mode: 'string' }),
    clearOnClose: smallint('clear_on_close').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: idColumn(),
    tenantId: tenantColumn(),
    shopId: bigint('shop_id', { mode: 'number' }).notNull(),
    float: bigint('float', { mode: 'number' }).notNull().default(0),
    largeNeedsTakings: smallint('large_needs_takings').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('shop_petty_cash_tenant_shop').on(t.tenantId, t.shopId), tenantReference(t, t.shopId, shops)],
);

/** Where a shop's expenses of an item are paid (ioaccount): one account per shop and item. */
export const payeeAccounts = pgTable(
  'payee_accounts',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    shopId: bigint('shop_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    payee: text('payee').notNull(),
    bank: text('bank').notNull(),
    bankno: text('bankno').notNull(),
    branchBank: text('branch_bank'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('payee_accounts_tenant_shop_item').on(t.tenantId, t.shopId, t.itemId),
    index('payee_accounts_tenant_item').on(t.tenantId, t.itemId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.itemId, financeItems),
  ],
);
