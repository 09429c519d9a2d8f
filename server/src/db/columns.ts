import { getTableName } from 'drizzle-orm';
import { type AnyPgColumn, bigint, foreignKey, integer, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
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

interface TenantKeyed {
  tenantId: AnyPgColumn;
  id: AnyPgColumn;
}

/** The primary key of a tenant table with an id: the tenant leads every key (docs/SCALE.md). */
export const tenantPrimaryKey = (t: TenantKeyed) => primaryKey({ columns: [t.tenantId, t.id] });

/**
 * A reference to another tenant table that carries the tenant: (tenant_id, column) → target
 * (tenant_id, id), so the database itself refuses a record of one tenant pointing at another's.
 * A null column skips the check (MATCH SIMPLE). Named `<table>_<column>_fk`.
 */
export const tenantReference = (t: { tenantId: AnyPgColumn }, column: AnyPgColumn, target: TenantKeyed) =>
  foreignKey({
    name: `${getTableName(column.table)}_${column.name}_fk`,
    columns: [t.tenantId, column],
    foreignColumns: [target.tenantId, target.id],
  });

/**
 * ON DELETE SET NULL of the reference column alone (PostgreSQL 15+): a plain SET NULL on a
 * reference that carries the tenant would clear tenant_id too. drizzle has no word for the column
 * list, so the text goes into the migration as written.
 */
export const setNullOf = (column: string) => `set null (${column})` as 'set null';
