import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import {
  auditColumns,
  billDate,
  billHeadColumns,
  billNoIndex,
  billState,
  makerColumns,
  memo,
  refId,
  sort,
  tenantKeys,
  tenantPrimaryKey,
  tenantReference,
  versionedTimestamps,
} from '../../db/columns.js';
import { shops } from '../org/public.js';

/**
 * Physical card dispatch bills (实体卡分拨单): head office hands ranges of printed card numbers to
 * shops. States draft (未审核) → audited (已审核); `shop_id` is always null (a head-office bill).
 */
export const cardDispatches = pgTable(
  'card_dispatches',
  {
    ...billHeadColumns({ headOffice: true }),
    billDate: billDate(),
    state: billState(),
    memo: memo(),
    totalCount: integer('total_count').notNull().default(0),
    ...makerColumns(),
    ...auditColumns(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
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
    ...tenantKeys(),
    dispatchId: refId('dispatch_id').notNull(),
    shopId: refId('shop_id').notNull(),
    startNo: text('start_no').notNull(),
    endNo: text('end_no').notNull(),
    count: integer('count').notNull(),
    memo: memo(),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('card_dispatch_lines_tenant_dispatch').on(t.tenantId, t.dispatchId),
    index('card_dispatch_lines_tenant_range').on(t.tenantId, t.startNo, t.endNo),
    tenantReference(t, t.dispatchId, cardDispatches).onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
  ],
);
