import { bigint, index, jsonb, smallint, text } from 'drizzle-orm/pg-core';
import { tenantReference } from '../../db/columns.js';
import { dictionaryTable } from '../../db/dictionary-table.js';
import { branches } from '../org/schema.js';

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
