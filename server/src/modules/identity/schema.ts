import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  memo,
  refId,
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
    parentId: refId('parent_id'),
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
    roleTypeId: refId('role_type_id'),
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
    roleId: refId('role_id').notNull(),
    menuId: refId('menu_id').notNull(),
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
    employeeId: refId('employee_id'),
    /** An employee's own account (员工自助账号): no role, no shop; it reaches only the routes serving the employee's own data. */
    selfService: boolean('self_service').notNull().default(false),
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
    userId: refId('user_id').notNull(),
    roleId: refId('role_id').notNull(),
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
    userId: refId('user_id').notNull(),
    shopId: refId('shop_id').notNull(),
    kind: text('kind').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.kind, t.shopId] }), tenantReference(t, t.userId, users).onDelete('cascade')],
);

export const userAppPasswords = pgTable(
  'user_app_passwords',
  {
    tenantId: tenantColumn(),
    userId: refId('user_id').notNull(),
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
    shopId: refId('shop_id').notNull(),
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
    positionId: refId('position_id').notNull(),
    authorityId: refId('authority_id').notNull(),
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
