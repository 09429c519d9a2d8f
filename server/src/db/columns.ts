import { bigint, integer, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

/** Column builders every tenant table shares. */
export const idColumn = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
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
