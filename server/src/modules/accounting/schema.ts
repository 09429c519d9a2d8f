import { index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { atColumn, refId, tenantKeys, tenantPrimaryKey, tenantReference } from '../../db/columns.js';
import { accountingOutbox } from '../../platform/schema.js';

/** Every try of pushing an outbox row to the accounting system (billheadlog): when, through what, the answer. */
export const accountingPushLogs = pgTable(
  'accounting_push_logs',
  {
    ...tenantKeys(),
    outboxId: refId('outbox_id').notNull(),
    /** `file` or `http`. */
    adapter: text('adapter').notNull(),
    /** 1 pushed, 0 failed. */
    ok: smallint('ok').notNull(),
    message: text('message'),
    at: atColumn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('accounting_push_logs_tenant_outbox').on(t.tenantId, t.outboxId, t.id),
    tenantReference(t, t.outboxId, accountingOutbox).onDelete('cascade'),
  ],
);
