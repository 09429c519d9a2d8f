import { boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  createdAt,
  memo,
  refId,
  sort,
  status,
  tenantColumn,
  tenantKeys,
  tenantPrimaryKey,
  tenantReference,
  updatedAt,
  versionedTimestamps,
} from '../../db/columns.js';
import { dictionaryTable } from '../../db/dictionary-table.js';
import { employees, shops } from '../org/public.js';

/** Royalty types (提成分类 `royaltytype`). */
export const royaltyTypes = dictionaryTable('royalty_types', {
  /** The till lines its groups pay on (service, product, package, card); null: any line. */
  lineKind: text('line_kind'),
});

/** Schemes (提成方案 `royaltymanage`): type 1 a shop scheme, 2 a personal one; `bracket` chooses bracket tiering. */
export const royaltySchemes = pgTable(
  'royalty_schemes',
  {
    ...tenantKeys(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    memo: memo(),
    status: status(),
    type: smallint('type').notNull().default(1),
    bracket: boolean('bracket').notNull().default(false),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('royalty_schemes_tenant_code').on(t.tenantId, t.code)],
);

/** A shop has one scheme. */
export const royaltySchemeShops = pgTable(
  'royalty_scheme_shops',
  {
    tenantId: tenantColumn(),
    schemeId: refId('scheme_id').notNull(),
    shopId: refId('shop_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.shopId] }),
    index('royalty_scheme_shops_scheme').on(t.tenantId, t.schemeId),
    tenantReference(t, t.schemeId, royaltySchemes).onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
  ],
);

/** An employee has at most one personal scheme. */
export const royaltySchemeEmployees = pgTable(
  'royalty_scheme_employees',
  {
    tenantId: tenantColumn(),
    schemeId: refId('scheme_id').notNull(),
    employeeId: refId('employee_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.employeeId] }),
    index('royalty_scheme_employees_scheme').on(t.tenantId, t.schemeId),
    tenantReference(t, t.schemeId, royaltySchemes).onDelete('cascade'),
    tenantReference(t, t.employeeId, employees).onDelete('cascade'),
  ],
);

/** Groups (分组, the original's 子集 `royaltygroup`): within a scheme and a royalty type, for positions and levels. */
export const royaltyGroups = pgTable(
  'royalty_groups',
  {
    ...tenantKeys(),
    schemeId: refId('scheme_id').notNull(),
    royaltyTypeId: refId('royalty_type_id').notNull(),
    name: text('name').notNull(),
    psList: jsonb('ps_list').$type<{ psid: number; type: 'position' | 'level'; psname?: string }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('royalty_groups_scheme').on(t.tenantId, t.schemeId),
    tenantReference(t, t.schemeId, royaltySchemes).onDelete('cascade'),
    tenantReference(t, t.royaltyTypeId, royaltyTypes),
  ],
);

/** Items (提成项 `royaltyitem`): one desc each; `body` holds what earns, rates, cost, pay types and tiers. */
export const royaltyItems = pgTable(
  'royalty_items',
  {
    ...tenantKeys(),
    groupId: refId('group_id').notNull(),
    sort: sort(),
    status: status(),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('royalty_items_group').on(t.tenantId, t.groupId),
    tenantReference(t, t.groupId, royaltyGroups).onDelete('cascade'),
  ],
);

/**
 * What a scheme was from a day on: every change of the scheme, its shops, employees, groups or items
 * writes the whole scheme as it now stands, effective from that day (one row a day, the last wins).
 * Commission reads the version on or before the bill's date.
 */
export const royaltySchemeVersions = pgTable(
  'royalty_scheme_versions',
  {
    tenantId: tenantColumn(),
    schemeId: refId('scheme_id').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    snapshot: jsonb('snapshot').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.schemeId, t.effectiveFrom] }),
    tenantReference(t, t.schemeId, royaltySchemes).onDelete('cascade'),
  ],
);

/** Award and penalty items (padtype 1 award, 2 penalty). */
export const awardItems = dictionaryTable('award_items', { padtype: smallint('padtype').notNull().default(1) });

/** A month's award or penalty amount of an employee (`awarddesc`). */
export const awardAmounts = pgTable(
  'award_amounts',
  {
    tenantId: tenantColumn(),
    month: text('month').notNull(),
    employeeId: refId('employee_id').notNull(),
    itemId: refId('item_id').notNull(),
    amount: integer('amount').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.month, t.employeeId, t.itemId] }),
    tenantReference(t, t.employeeId, employees).onDelete('cascade'),
    tenantReference(t, t.itemId, awardItems).onDelete('cascade'),
  ],
);

/** An employee's monthly base pay, paid in proportion to the days attended. */
export const basePays = pgTable(
  'base_pays',
  {
    tenantId: tenantColumn(),
    employeeId: refId('employee_id').notNull(),
    amount: integer('amount').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.employeeId] }), tenantReference(t, t.employeeId, employees).onDelete('cascade')],
);

/** A locked month: its statement rows as they were when locked (final). */
export const royaltyMonthLocks = pgTable(
  'royalty_month_locks',
  {
    tenantId: tenantColumn(),
    month: text('month').notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: refId('locked_by'),
    lockedByName: text('locked_by_name'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.month] })],
);

/** The rows of a locked month, one per performance row, as the statement showed them. */
export const royaltyLockedRows = pgTable(
  'royalty_locked_rows',
  {
    tenantId: tenantColumn(),
    month: text('month').notNull(),
    perfId: refId('perf_id').notNull(),
    employeeId: refId('employee_id').notNull(),
    shopId: refId('shop_id').notNull(),
    royalty: integer('royalty').notNull(),
    row: jsonb('row').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.month, t.perfId] }),
    index('royalty_locked_rows_perf').on(t.tenantId, t.perfId),
    index('royalty_locked_rows_employee').on(t.tenantId, t.month, t.employeeId),
  ],
);
