import type { ReportDict } from '@headoffice/contract';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { makerColumns, memo, refId, status, tenantKeys, tenantPrimaryKey, tenantReference, versionedTimestamps } from '../../db/columns.js';
import { users } from '../identity/public.js';

/**
 * A report's head (报表 `report/head`): how its page behaves and its SQL, one SELECT checked and run by
 * `platform/report-sql.ts`. `shipped` reports come with HeadOffice: they run as they are, and a chain
 * copies one to change it.
 */
export const reportHeads = pgTable(
  'report_heads',
  {
    ...tenantKeys(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    isAuto: boolean('is_auto').notNull().default(true),
    hideQuery: boolean('hide_query').notNull().default(false),
    isPage: boolean('is_page').notNull().default(true),
    isSummary: boolean('is_summary').notNull().default(false),
    isPrint: boolean('is_print').notNull().default(true),
    isExcel: boolean('is_excel').notNull().default(true),
    isUdiy: boolean('is_udiy').notNull().default(true),
    isContent: boolean('is_content').notNull().default(false),
    content: text('content'),
    testParams: jsonb('test_params').$type<Record<string, string>>().notNull().default({}),
    reportSql: text('report_sql').notNull(),
    roles: jsonb('roles').$type<number[]>().notNull().default([]),
    shipped: boolean('shipped').notNull().default(false),
    status: status(),
    memo: memo(),
    ...makerColumns(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('report_heads_tenant_code').on(t.tenantId, t.code)],
);

/** A column of a report, and (`isSearch`) one of its filters (`report/item`; `report/param` lists the filters). */
export const reportItems = pgTable(
  'report_items',
  {
    ...tenantKeys(),
    headId: refId('head_id').notNull(),
    fieldName: text('field_name').notNull(),
    fieldTxt: text('field_txt').notNull(),
    fieldWidth: integer('field_width'),
    fieldType: text('field_type').notNull().default('text'),
    isRange: boolean('is_range').notNull().default(false),
    dict: jsonb('dict').$type<ReportDict>(),
    /** The page a click on the cell opens, `:column` taking the row's values. */
    link: text('link'),
    fieldGroup: text('field_group'),
    memo: memo(),
    isShow: boolean('is_show').notNull().default(true),
    isSearch: boolean('is_search').notNull().default(false),
    isOrder: boolean('is_order').notNull().default(false),
    isFixed: boolean('is_fixed').notNull().default(false),
    isNonull: boolean('is_nonull').notNull().default(false),
    isSum: boolean('is_sum').notNull().default(false),
    fieldRole: jsonb('field_role').$type<number[]>().notNull().default([]),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('report_items_head_field').on(t.tenantId, t.headId, t.fieldName),
    tenantReference(t, t.headId, reportHeads).onDelete('cascade'),
  ],
);

/** The columns a user hides in one report (`report/udiy`). */
export const reportLayouts = pgTable(
  'report_layouts',
  {
    ...tenantKeys(),
    userId: refId('user_id').notNull(),
    headId: refId('head_id').notNull(),
    hidden: jsonb('hidden').$type<string[]>().notNull().default([]),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('report_layouts_user_head').on(t.tenantId, t.userId, t.headId),
    index('report_layouts_head').on(t.tenantId, t.headId),
    tenantReference(t, t.userId, users).onDelete('cascade'),
    tenantReference(t, t.headId, reportHeads).onDelete('cascade'),
  ],
);
