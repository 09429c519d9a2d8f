import { z } from 'zod';
import type { AuditChange } from './audit.js';
import { code, id, memo, name, pageQuery, status } from './platform.js';

const password = z.string().min(8).max(64);
const mobile = z
  .string()
  .trim()
  .regex(/^1\d{10}$/);
const ids = z.array(z.number().int().positive()).max(5000);

// ---- users (api-user/users, loginshop, mangershop, users-anon) ----

export const userListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  roleId: id.optional(),
  shopId: id.optional(),
});

/** Create (no id, password required) or update (id; password ignored: use updateUser). */
export const userSave = z.strictObject({
  id: id.optional(),
  version: z.number().int().positive().optional(),
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.@-]{2,32}$/),
  name,
  mobile: mobile.nullish(),
  status: status.default(1),
  employeeId: id.nullish(),
  roleIds: ids.default([]),
  loginShopIds: ids.default([]),
  managerShopIds: ids.default([]),
  password: password.optional(),
  memo,
});

/** Partial changes of one user: status, password reset, app passwords, employee link. */
export const userUpdate = z.strictObject({
  id,
  status: status.optional(),
  password: password.optional(),
  /** Independent password per application; null removes it. */
  appPasswords: z
    .array(z.strictObject({ appId: z.string().min(1).max(32), password: password.nullable() }))
    .max(20)
    .optional(),
  employeeId: id.nullish(),
});

export const shopIdsBody = z.strictObject({ shopIds: ids });

export interface UserRow {
  id: number;
  username: string;
  name: string;
  mobile: string | null;
  status: number;
  employeeId: number | null;
  employeeName: string | null;
  /** An employee's own account (员工自助账号): no role, no shop; only its sign-in, schedule and commission. */
  selfService: boolean;
  roles: { id: number; name: string }[];
  loginShops: { id: number; code: string; name: string }[];
  managerShops: { id: number; code: string; name: string }[];
  appPasswords: string[];
  memo: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

// ---- roles and role types (api-user/roles, roletype) ----

export const roleSave = z.strictObject({
  id: id.optional(),
  version: z.number().int().positive().optional(),
  code,
  name,
  roleTypeId: id.nullish(),
  status: status.default(1),
  memo,
});
export const roleListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  roleTypeId: id.optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});
export const roleMenusBody = z.strictObject({ menuIds: ids });
export const copyRoleMenusBody = z.strictObject({ fromRoleId: id, toRoleIds: ids.min(1) });

export interface RoleRow {
  id: number;
  code: string;
  name: string;
  roleTypeId: number | null;
  roleTypeName: string | null;
  isSuper: boolean;
  status: number;
  memo: string | null;
  userCount: number;
  version: number;
}

// ---- menus (api-user/menus) ----

export const menuType = z.enum(['dir', 'page', 'action']);
export const menuSave = z.strictObject({
  id: id.optional(),
  appId: z.string().min(1).max(32),
  parentId: id.nullish(),
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/),
  type: menuType,
  name,
  nameEn: z.string().trim().max(64).nullish(),
  icon: z.string().trim().max(64).nullish(),
  url: z.string().trim().max(200).nullish(),
  permKey: z.string().trim().max(64).nullish(),
  sort: z.number().int().min(0).max(99999).default(0),
  status: status.default(1),
});

export interface MenuNode {
  id: number;
  appId: string;
  parentId: number | null;
  key: string;
  type: 'dir' | 'page' | 'action';
  name: string;
  nameEn: string | null;
  icon: string | null;
  url: string | null;
  permKey: string | null;
  sort: number;
  status: number;
  children: MenuNode[];
}

// ---- devices (api-user/mac) ----

export const deviceSave = z.strictObject({
  id: id.optional(),
  version: z.number().int().positive().optional(),
  mac: z.string().trim().min(4).max(64),
  name,
  shopId: id,
  status: status.default(1),
  memo,
});
export const deviceListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  shopId: id.optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
});
export const deviceSettings = z.strictObject({ requireBoundDevice: z.boolean() });

// ---- cashier model authority and position roles (api-cashier/modelauthority) ----

export const authoritySave = z.strictObject({
  id: id.optional(),
  version: z.number().int().positive().optional(),
  code,
  name,
  discountFloor: z.number().int().min(0).max(100).default(100),
  canRevoke: z.boolean().default(false),
  canRefund: z.boolean().default(false),
  canChangePrice: z.boolean().default(false),
  status: status.default(1),
  memo,
});
export const positionRoleSave = z.strictObject({
  id: id.optional(),
  version: z.number().int().positive().optional(),
  positionId: id,
  authorityId: id,
  memo,
});

// ---- operation log (api-chain/logger, api-pers/employeelog) ----

export const logQuery = pageQuery.extend({
  username: z.string().trim().max(64).optional(),
  entity: z.string().trim().max(64).optional(),
  entityId: id.optional(),
  action: z.string().trim().max(200).optional(),
  dateFrom: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  dateTo: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

export interface LogRow {
  id: number;
  at: string;
  userId: number | null;
  username: string | null;
  action: string;
  entity: string;
  entityId: number | null;
  detail: unknown;
  requestId: string | null;
  /** What was done to which record, in the reader's language: "新增门店 北京国贸店". */
  text: string;
  /** The record's name or bill number, when known. */
  target: string | null;
  /** The fields an update changed (several records: the first ones, each field once per record). */
  changes: AuditChange[];
}

/** Background jobs an administrator watches: state tabs, and a failed job can be run again. */
export const jobStates = ['queued', 'running', 'done', 'failed'] as const;
/** Each state's name [zh-CN, en-US], read by the server's messages and the web's page alike. */
export const jobStateLabels: Record<(typeof jobStates)[number], readonly [string, string]> = {
  queued: ['排队中', 'queued'],
  running: ['执行中', 'running'],
  done: ['已完成', 'done'],
  failed: ['已失败', 'failed'],
};
export const jobListQuery = pageQuery.extend({
  state: z.enum(jobStates).optional(),
  name: z.string().trim().max(64).optional(),
});
export const jobRow = z.object({
  id: z.number(),
  name: z.string(),
  state: z.enum(jobStates),
  payload: z.unknown(),
  runAt: z.string(),
  attempts: z.number(),
  maxAttempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobRow = z.output<typeof jobRow>;
export const jobPage = z.object({
  list: z.array(jobRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalCapped: z.literal(true).optional(),
  next: z.string().optional(),
});
