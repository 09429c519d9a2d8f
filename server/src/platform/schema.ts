import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantColumn } from '../db/columns.js';

export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    userId: bigint('user_id', { mode: 'number' }),
    username: text('username'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }),
    detail: jsonb('detail'),
    requestId: text('request_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_tenant_at').on(t.tenantId, t.at), index('audit_log_tenant_entity').on(t.tenantId, t.entity, t.entityId)],
);

export const numberSeries = pgTable(
  'number_series',
  {
    tenantId: tenantColumn(),
    key: text('key').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

export const files = pgTable(
  'files',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    path: text('path').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_tenant_path').on(t.tenantId, t.path)],
);

/** Per-tenant settings by key (e.g. `identity.requireBoundDevice`), each a JSON value. */
export const tenantSettings = pgTable(
  'tenant_settings',
  {
    tenantId: tenantColumn(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

/** Every transition of every document: who, when, from which state to which, and why. */
export const billLogs = pgTable(
  'bill_logs',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    docType: text('doc_type').notNull(),
    billId: bigint('bill_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    memo: text('memo'),
    userId: bigint('user_id', { mode: 'number' }),
    username: text('username'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bill_logs_tenant_bill').on(t.tenantId, t.docType, t.billId)],
);
