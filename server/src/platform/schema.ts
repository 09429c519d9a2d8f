import type { LockKind, LockPeriod } from '@headoffice/contract';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { atColumn, billTraceIndex, createdAt, memo, refId, tenantColumn, tenantKeys, tenantPrimaryKey, timestamps } from '../db/columns.js';

export const auditLog = pgTable(
  'audit_log',
  {
    ...tenantKeys(),
    userId: bigint('user_id', { mode: 'number' }),
    username: text('username'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: bigint('entity_id', { mode: 'number' }),
    detail: jsonb('detail'),
    requestId: text('request_id'),
    at: atColumn(),
    /** What was done (contract auditVerbLabels): the log reads "verb entity target". */
    verb: text('verb'),
    /** The record's name or bill number as the request knew it. */
    target: text('target'),
    /** The records the write touched, as the audit triggers saw them: [{table, op, id, name, fields: {column: [old, new]}}]. */
    changes: jsonb('changes'),
  },
  // Partitioned by month of `at` (migration 0015, docs/SCALE.md): the key includes it.
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id, t.at] }),
    index('audit_log_tenant_at').on(t.tenantId, t.at),
    index('audit_log_tenant_entity').on(t.tenantId, t.entity, t.entityId),
  ],
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
    ...tenantKeys(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    path: text('path').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('files_tenant_path').on(t.tenantId, t.path)],
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
    ...tenantKeys(),
    docType: text('doc_type').notNull(),
    billId: bigint('bill_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    memo: memo(),
    /** An after-approval field change: `{ field, from, to }`. */
    change: jsonb('change').$type<{ field: string; from: unknown; to: unknown }>(),
    userId: bigint('user_id', { mode: 'number' }),
    username: text('username'),
    at: atColumn(),
  },
  (t) => [tenantPrimaryKey(t), billTraceIndex(t)],
);

/**
 * Closed periods: no bill of a guarded type dated in them may be saved, moved or changed. `shopId`
 * null closes the period for every shop; `period` is `2026-03` (kind month) or `2026-03-31` (kind day).
 */
export const periodLocks = pgTable(
  'period_locks',
  {
    ...tenantKeys(),
    /** null: every shop. */
    shopId: bigint('shop_id', { mode: 'number' }),
    /** The named lock kind (contract LOCK_KINDS): `close`, `fund`, `reserveDeclaration`, `fundRequestDay`. */
    lock: text('lock').$type<LockKind>().notNull().default('close'),
    /** What the period is: a month (`2026-03`) or a day (`2026-03-31`). */
    kind: text('kind').$type<LockPeriod>().notNull(),
    period: text('period').notNull(),
    /** 1 locked, 0 unlocked again (the row stays, with who unlocked it). */
    status: smallint('status').notNull().default(1),
    memo: memo(),
    createdBy: bigint('created_by', { mode: 'number' }),
    changedBy: bigint('changed_by', { mode: 'number' }),
    changedByName: text('changed_by_name'),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('period_locks_tenant_shop_lock_period').on(t.tenantId, sql`coalesce(${t.shopId}, 0)`, t.lock, t.kind, t.period),
  ],
);

/**
 * A money or stock write sent with an `Idempotency-Key`: the key, a hash of the request and, once
 * the write committed, its answer. A repeat answers the stored answer; kept for at least 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.key] }), index('idempotency_keys_created').on(t.createdAt)],
);

/**
 * The outbox: events a write records in its own transaction, pushed to browsers after commit.
 * `shopId` and `perm` say who may see an event (null: anyone of the tenant).
 */
export const events = pgTable(
  'events',
  {
    ...tenantKeys(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    shopId: bigint('shop_id', { mode: 'number' }),
    perm: text('perm'),
    at: atColumn(),
  },
  // The primary key (tenant_id, id) serves reading a tenant's events after an id.
  (t) => [tenantPrimaryKey(t), index('events_at').on(t.at)],
);

/**
 * Scheduled and background work: each job runs once across instances (claimed with a lease), is
 * retried with backoff, and a failed one stays visible with its error until it is run again.
 */
export const jobs = pgTable(
  'jobs',
  {
    ...tenantKeys(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    /** At most one queued or running job per tenant and key (e.g. one transfer run per day). */
    singletonKey: text('singleton_key'),
    state: text('state').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('jobs_due').on(t.state, t.runAt),
    index('jobs_tenant_state').on(t.tenantId, t.state, t.createdAt),
    uniqueIndex('jobs_tenant_singleton').on(t.tenantId, t.name, t.singletonKey).where(sql`${t.state} in ('queued', 'running')`),
  ],
);

/**
 * Text messages the product sends (platform/sms.ts). With the default provider this table is the
 * outbox an administrator reads; with an HTTP provider a job sends each row after its write committed.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    ...tenantKeys(),
    mobile: text('mobile').notNull(),
    text: text('text').notNull(),
    /** What sent it: `outbox` (kept here) or `http`. */
    provider: text('provider').notNull(),
    /** queued | sent | failed (`outbox`: sent when written). */
    state: text('state').notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [tenantPrimaryKey(t), index('sms_outbox_tenant_created').on(t.tenantId, t.id)],
);

/** A verification code sent to a mobile: kept hashed, valid five minutes, five wrong tries end it. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    tenantId: tenantColumn(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tries: integer('tries').notNull().default(0),
    /** Set when the code was entered right; a verification is good until the code's expiry. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set when an action used the verification up. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.mobile] })],
);

/**
 * The daily figures (platform/day-figures.ts): per shop (0: head office), business day, pay type (0: none)
 * and kind, the money (cents) and the count the records give, kept by every write that changes them in its
 * own transaction and rebuilt from the records by `rebuildDayFigures`.
 */
export const dayFigures = pgTable(
  'day_figures',
  {
    tenantId: tenantColumn(),
    shopId: refId('shop_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    payTypeId: refId('pay_type_id').notNull(),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.shopId, t.day, t.payTypeId, t.kind] }),
    // A chain's day or month: every shop of those days.
    index('day_figures_tenant_day').on(t.tenantId, t.day),
  ],
);

/**
 * The accounting system's outbox (platform/accounting-outbox.ts): one row per money bill's change to push
 * (a settle, a review: its amount; a 撤单, a review undone: the reversal `is_hc` of the row it undoes, its
 * amount negated), written in the transaction of the change. The accounting module's job pushes the rows
 * through its adapter and keeps each try (`job_count`, the last error in `job_log`, its own log table).
 */
export const accountingOutbox = pgTable(
  'accounting_outbox',
  {
    ...tenantKeys(),
    docType: text('doc_type').notNull(),
    billId: refId('bill_id').notNull(),
    billNo: text('bill_no').notNull(),
    /** The bill's step that queued it (`settle`, `revoke`, `review`, `cancelReview`). */
    action: text('action').notNull(),
    shopId: refId('shop_id'),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    /** `2026-03`: the accounting month (yearmonth). */
    yearMonth: text('year_month').notNull(),
    /** Cents; negative on a reversal. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** 1: a reversal (红冲) of the row `reverses_id`. */
    isHc: smallint('is_hc').notNull().default(0),
    reversesId: refId('reverses_id'),
    /** 1: pushed (isTs). */
    isTs: smallint('is_ts').notNull().default(0),
    /** Tries since it was (re)queued (jobcount); the last failure's message (joblog). */
    jobCount: integer('job_count').notNull().default(0),
    jobLog: text('job_log'),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull().defaultNow(),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billTraceIndex(t),
    // The job's due rows.
    index('accounting_outbox_tenant_due').on(t.tenantId, t.nextTryAt).where(sql`is_ts = 0`),
    // The list's filters: a month (and a shop), a day range.
    index('accounting_outbox_tenant_month_shop').on(t.tenantId, t.yearMonth, t.shopId, t.id),
    index('accounting_outbox_tenant_date').on(t.tenantId, t.businessDate, t.id),
  ],
);
