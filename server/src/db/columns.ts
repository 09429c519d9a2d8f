import { getTableName } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  date,
  foreignKey,
  index,
  integer,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

/**
 * Column builders every tenant table shares. The id is an identity column (unique across tenants in
 * practice); the table's primary key is (tenant_id, id), see `tenantPrimaryKey`.
 */
export const idColumn = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();
export const tenantColumn = () =>
  bigint('tenant_id', { mode: 'number' })
    .notNull()
    .references(() => tenants.id);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const version = () => integer('version').notNull().default(1);
export const status = () => smallint('status').notNull().default(1);
export const memo = () => text('memo');
export const isDel = () => smallint('is_del').notNull().default(0);
export const refId = (name: string) => bigint(name, { mode: 'number' });
export const sort = () => integer('sort').notNull().default(0);
/** When an append-only row (a ledger move, a log line) was written. */
export const atColumn = () => timestamp('at', { withTimezone: true }).notNull().defaultNow();

// ---- runs of columns tables repeat, spread into a table's columns where the run stands ----

/** The key of a tenant table: `{ id, tenantId }`, keyed by `tenantPrimaryKey`. */
export const tenantKeys = () => ({ id: idColumn(), tenantId: tenantColumn() });
/** `{ createdAt, updatedAt }`. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/** A row edited with optimistic locking: `{ version, createdAt, updatedAt }`. */
export const versionedTimestamps = () => ({ version: version(), ...timestamps() });
/** Who made a record, and the name they had then: `{ createdBy, createdByName }`. */
export const makerColumns = () => ({ createdBy: refId('created_by'), createdByName: text('created_by_name') });
/** Who audited a bill and when: `{ auditedBy, auditedByName, auditedAt }`. */
export const auditColumns = () => ({
  auditedBy: refId('audited_by'),
  auditedByName: text('audited_by_name'),
  auditedAt: timestamp('audited_at', { withTimezone: true }),
});
/** Who reviewed a bill after its audit and when: `{ reviewedBy, reviewedByName, reviewedAt }`. */
export const reviewColumns = () => ({
  reviewedBy: refId('reviewed_by'),
  reviewedByName: text('reviewed_by_name'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
});

/**
 * What a ledger row traces to (platform/ledger.ts): `{ docType, billId, lineId, reversesId, at }`,
 * the bill and line that moved the balance and the row a reversal negates.
 */
export const ledgerTraceColumns = () => ({
  docType: text('doc_type').notNull(),
  billId: refId('bill_id').notNull(),
  lineId: refId('line_id'),
  reversesId: refId('reverses_id'),
  at: atColumn(),
});

/** A bill's number, unique in the tenant (`billNoIndex`). */
export const billNo = () => text('bill_no').notNull();
const shopBillHead = () => ({ ...tenantKeys(), billNo: billNo(), shopId: refId('shop_id').notNull() });
const headOfficeBillHead = () => ({ ...tenantKeys(), billNo: billNo(), shopId: refId('shop_id') });

/**
 * The head columns of a bill the documents engine serves (platform/bills.ts, documents.ts read
 * `id`, `billNo`, `shopId`, `state`, `version`): `{ id, tenantId, billNo, shopId }`. A shop's bill
 * has a shop; `{ headOffice: true }` leaves `shop_id` nullable (null: head office's bill, or a bill
 * whose lines name the shops). The bill's state, maker, audit and version follow with
 * `billState`, `makerColumns`, `auditColumns`, `versionedTimestamps`.
 */
export function billHeadColumns(): ReturnType<typeof shopBillHead>;
export function billHeadColumns(of: { headOffice: true }): ReturnType<typeof headOfficeBillHead>;
export function billHeadColumns(of?: { headOffice: true }) {
  return of?.headOffice ? headOfficeBillHead() : shopBillHead();
}
/** A bill's date (`bill_date`, a calendar day). */
export const billDate = () => date('bill_date', { mode: 'string' }).notNull();
/** A bill's state in its definition's state machine, `draft` first. */
export const billState = () => text('state').notNull().default('draft');

interface TenantKeyed {
  tenantId: AnyPgColumn;
  id: AnyPgColumn;
}

/** The primary key of a tenant table with an id: the tenant leads every key (docs/SCALE.md). */
export const tenantPrimaryKey = (t: TenantKeyed) => primaryKey({ columns: [t.tenantId, t.id] });

/**
 * A reference to another tenant table that carries the tenant: (tenant_id, column) → target
 * (tenant_id, id), so the database itself refuses a record of one tenant pointing at another's.
 * A null column skips the check (MATCH SIMPLE). Named `<table>_<column>_fk` unless `name` is given
 * (the name an older migration gave it).
 */
export const tenantReference = (t: { tenantId: AnyPgColumn }, column: AnyPgColumn, target: TenantKeyed, name?: string) =>
  foreignKey({
    name: name ?? `${getTableName(column.table)}_${column.name}_fk`,
    columns: [t.tenantId, column],
    foreignColumns: [target.tenantId, target.id],
  });

/**
 * ON DELETE SET NULL of the reference column alone (PostgreSQL 15+): a plain SET NULL on a
 * reference that carries the tenant would clear tenant_id too. drizzle has no word for the column
 * list, so the text goes into the migration as written.
 */
export const setNullOf = (column: string) => `set null (${column})` as 'set null';

/** The number of a bill is unique in the tenant: `<table>_tenant_bill_no`. */
export const billNoIndex = (t: { tenantId: AnyPgColumn; billNo: AnyPgColumn }) =>
  uniqueIndex(`${getTableName(t.billNo.table)}_tenant_bill_no`).on(t.tenantId, t.billNo);

/** The rows of one bill of a type (a ledger's, the bill log's): `<table>_tenant_bill` on (tenant, doc type, bill). */
export const billTraceIndex = (t: { tenantId: AnyPgColumn; docType: AnyPgColumn; billId: AnyPgColumn }) =>
  index(`${getTableName(t.billId.table)}_tenant_bill`).on(t.tenantId, t.docType, t.billId);
