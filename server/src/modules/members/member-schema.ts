import { integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, refId, tenantKeys, tenantPrimaryKey, tenantReference } from '../../db/columns.js';
import { shops } from '../org/public.js';

/**
 * Member imports (`queryMemberImplogs`): one row per import tried, kept whether it was stored or
 * refused: how many rows the sheet had, how many were stored (all or none) and the problems found.
 */
export const memberImportLogs = pgTable(
  'member_import_logs',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    /** 1 members only (2, 3: with cards / packages, refused for now). */
    type: smallint('type').notNull().default(1),
    fileName: text('file_name'),
    expected: integer('expected').notNull(),
    succeeded: integer('succeeded').notNull(),
    failed: integer('failed').notNull(),
    /** The first problems found: [{row, column, message}]. */
    errors: jsonb('errors').$type<{ row: number; column: string; message: string }[]>().notNull().default([]),
    createdBy: refId('created_by'),
    createdAt: createdAt(),
  },
  (t) => [tenantPrimaryKey(t), tenantReference(t, t.shopId, shops)],
);
