import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  memo,
  setNullOf,
  sort,
  status,
  tenantColumn,
  tenantKeys,
  tenantPrimaryKey,
  tenantReference,
  versionedTimestamps,
} from '../../db/columns.js';
import { dictionaryTable } from '../../db/dictionary-table.js';
import { employees, positions, shops } from '../org/public.js';

export const applications = pgTable(
  'applications',
  {
    ...tenantKeys(),
    appId: text('app_id').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    icon: text('icon'),
    url: text('url'),
    sort: sort(),
    needsOwnPassword: boolean('needs_own_password').notNull().default(false),
    status: status(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('applications_tenant_app').on(t.tenantId, t.appId)],
);

/** Menu tree per application: dir → page → action; `permKey` is what routes check. */
export const menus = pgTable(
  'menus',
  {
    ...tenantKeys(),
    appId: text('app_id').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    key: text('key').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    icon: text('icon'),
    url: text('url'),
    permKey: text('perm_key'),
    sort: sort(),
    status: status(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('menus_tenant_key').on(t.tenantId, t.key),
    index('menus_tenant_parent').on(t.tenantId, t.parentId),
  ],
);

/** Role types group roles (head office, shop, finance...). */
export const roleTypes = dictionaryTable('role_types', {});

export const roles = pgTable(
  'roles',
  {
    ...tenantKeys(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    roleTypeId: bigint('role_type_id', { mode: 'number' }),
    isSuper: boolean('is_super').notNull().default(false),
    status: status(),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('roles_tenant_code').on(t.tenantId, t.code), tenantReference(t, t.roleTypeId, roleTypes)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    tenantId: tenantColumn(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    menuId: bigint('menu_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.menuId] }),
    tenantReference(t, t.roleId, roles).onDelete('cascade'),
    tenantReference(t, t.menuId, menus).onDelete('cascade'),
  ],
);

export const users = pgTable(
  'users',
  {
    ...tenantKeys(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    mobile: text('mobile'),
    passwordHash: text('password_hash').notNull(),
    status: status(),
    employeeId: bigint('employee_id', { mode: 'number' }),
    tokenVersion: integer('token_version').notNull().default(1),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('users_tenant_username').on(t.tenantId, t.username),
    uniqueIndex('users_tenant_employee').on(t.tenantId, t.employeeId).where(sql`${t.employeeId} is not null`),
    tenantReference(t, t.employeeId, employees).onDelete(setNullOf('employee_id')),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: tenantColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.roleId] }),
    tenantReference(t, t.userId, users).onDelete('cascade'),
    tenantReference(t, t.roleId, roles),
  ],
);

/** `login`: shops the user may work in; `manager`: shops whose data chain-wide lists show them. */
export const userShops = pgTable(
  'user_shops',
  {
    tenantId: tenantColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    shopId: bigint('shop_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.kind, t.shopId] }), tenantReference(t, t.userId, users).onDelete('cascade')],
);

export const userAppPasswords = pgTable(
  'user_app_passwords',
  {
    tenantId: tenantColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    appId: text('app_id').notNull(),
    passwordHash: text('password_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.appId] }), tenantReference(t, t.userId, users).onDelete('cascade')],
);

export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    tenantId: tenantColumn(),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.jti] }), index('revoked_tokens_expiry').on(t.expiresAt)],
);

/** Cashier terminals bound to a shop (the seed's `mac`). */
export const devices = pgTable(
  'devices',
  {
    ...tenantKeys(),
    mac: text('mac').notNull(),
    name: text('name').notNull(),
    shopId: bigint('shop_id', { mode: 'number' }).notNull(),
    status: status(),
    memo: memo(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('devices_tenant_mac').on(t.tenantId, t.mac),
    index('devices_tenant_shop').on(t.tenantId, t.shopId),
    tenantReference(t, t.shopId, shops),
  ],
);

/** Model authority: a named set of what may be done at the till. */
export const cashierAuthorities = pgTable(
  'cashier_authorities',
  {
    ...tenantKeys(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Lowest discount the holder may give, in percent of the price (100 = no discount). */
    discountFloor: integer('discount_floor').notNull().default(100),
    canRevoke: boolean('can_revoke').notNull().default(false),
    canRefund: boolean('can_refund').notNull().default(false),
    canChangePrice: boolean('can_change_price').notNull().default(false),
    status: status(),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('cashier_authorities_tenant_code').on(t.tenantId, t.code)],
);

/** Position role: which model authority an employee position has at the till (one per position). */
export const positionAuthorities = pgTable(
  'position_authorities',
  {
    ...tenantKeys(),
    positionId: bigint('position_id', { mode: 'number' }).notNull(),
    authorityId: bigint('authority_id', { mode: 'number' }).notNull(),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('position_authorities_tenant_position').on(t.tenantId, t.positionId),
    tenantReference(t, t.positionId, positions),
    tenantReference(t, t.authorityId, cashierAuthorities),
  ],
);
