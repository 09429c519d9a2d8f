import { bigint, date, foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, memo, tenantColumn, tenantPrimaryKey, tenantReference, updatedAt, version } from '../../db/columns.js';
import { shops } from '../org/schema.js';

/**
 * Physical card dispatch bills (实体卡分拨单): head office hands ranges of printed card numbers to
 * shops. States draft (未审核) → audited (已审核); `shop_id` is always null (a head-office bill).
 */
export const cardDispatches = pgTable(
  'card_dispatches',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    billNo: text('bill_no').notNull(),
    shopId: bigint('shop_id', { mode: 'number' }),
    billDate: date('bill_date', { mode: 'string' }).notNull(),
    state: text('state').notNull().default('draft'),
    memo: memo(),
    totalCount: integer('total_count').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdByName: text('created_by_name'),
    auditedBy: bigint('audited_by', { mode: 'number' }),
    auditedByName: text('audited_by_name'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('card_dispatches_tenant_bill_no').on(t.tenantId, t.billNo),
    index('card_dispatches_tenant_date').on(t.tenantId, t.billDate, t.id),
    tenantReference(t, t.shopId, shops),
  ],
);

/**
 * A range of card numbers for one shop. Numbers are digit strings; two ranges can only clash when
 * their numbers have the same width (`0001` and `1` are different cards), and then compare as text.
 */
export const cardDispatchLines = pgTable(
  'card_dispatch_lines',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    dispatchId: bigint('dispatch_id', { mode: 'number' }).notNull(),
    shopId: bigint('shop_id', { mode: 'number' }).notNull(),
    startNo: text('start_no').notNull(),
    endNo: text('end_no').notNull(),
    count: integer('count').notNull(),
    memo: text('memo'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('card_dispatch_lines_tenant_dispatch').on(t.tenantId, t.dispatchId),
    index('card_dispatch_lines_tenant_range').on(t.tenantId, t.startNo, t.endNo),
    foreignKey({
      name: 'card_dispatch_lines_dispatch_id_fk',
      columns: [t.tenantId, t.dispatchId],
      foreignColumns: [cardDispatches.tenantId, cardDispatches.id],
    }).onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
  ],
);
