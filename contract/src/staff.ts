import { z } from 'zod';
import { date, id, memo, name, pageQuery } from './platform.js';

const mobile = z
  .string()
  .trim()
  .regex(/^1\d{10}$/);

/**
 * An employee's own account (员工自助账号): a username and a password, no role and no shop. It signs
 * in on a phone and reaches only the employee's sign-in, schedule and commission.
 */
export const employeeAccount = z.strictObject({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.@-]{2,32}$/),
  password: z.string().min(8).max(64),
});
/** 开通账号: opens the own account of an employee who has no user yet. */
export const EMPLOYEE_ACCOUNT_PATH = '/api-chain/employee/openAccount';
export const employeeAccountBody = employeeAccount.extend({ id: z.number().int().positive() });

export const employeeListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  shopId: id.optional(),
  branchId: id.optional(),
  positionId: id.optional(),
  levelId: id.optional(),
  skillLevelId: id.optional(),
  /** 1 on the job, 0 left. */
  status: z.coerce.number().int().min(0).max(1).optional(),
  bookable: z.coerce.number().int().min(0).max(1).optional(),
});

/** Create (no id) or update; shop, department, position and level change through saveTransfer once created. */
export const employeeSave = z.strictObject({
  id: id.optional(),
  version: z.number().int().positive().optional(),
  eecode: z.string().trim().min(1).max(32),
  name,
  gender: z.union([z.literal(1), z.literal(2)]).default(2),
  mobile: mobile.nullish(),
  birthday: date.nullish(),
  idCard: z
    .string()
    .trim()
    .regex(/^\d{17}[\dXx]$/)
    .nullish(),
  shopId: id.nullish(),
  branchId: id.nullish(),
  positionId: id.nullish(),
  levelId: id.nullish(),
  skillLevelId: id.nullish(),
  entryDate: date,
  bookable: z.union([z.literal(0), z.literal(1)]).default(0),
  avatar: z.string().max(300).nullish(),
  memo,
  /** Opens the employee's own account with the save (an employee without a user yet). */
  account: employeeAccount.optional(),
});

export const employeeStatusBody = z.strictObject({
  ids: z.array(id).min(1).max(1000),
  /** 1 on the job (rejoin), 0 left. */
  status: z.union([z.literal(0), z.literal(1)]),
  /** The leave (or return) date; today when absent. */
  date: date.optional(),
  memo,
});

/** Transfer to another shop, department, position or level, effective on a date (today or later). */
export const transferBody = z.strictObject({
  employeeIds: z.array(id).min(1).max(1000),
  effectiveDate: date,
  shopId: id.nullish(),
  branchId: id.nullish(),
  positionId: id.nullish(),
  levelId: id.nullish(),
  memo,
});

export const bookableBody = z.strictObject({ ids: z.array(id).min(1).max(1000), bookable: z.union([z.literal(0), z.literal(1)]) });
/** Booking display order: the ids in their new order (first shows first). */
export const orderBody = z.strictObject({ ids: z.array(id).min(1).max(1000) });
export const skillLevelBody = z.strictObject({ ids: z.array(id).min(1).max(1000), skillLevelId: id.nullable() });

export const streamQuery = pageQuery.extend({
  employeeId: id.optional(),
  shopId: id.optional(),
  kind: z.enum(['entry', 'transfer', 'leave', 'rejoin']).optional(),
  keyword: z.string().trim().max(64).optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
});

export interface EmployeeRow {
  id: number;
  eecode: string;
  name: string;
  gender: number;
  mobile: string | null;
  birthday: string | null;
  idCard: string | null;
  shopId: number | null;
  shopName: string | null;
  branchId: number | null;
  branchName: string | null;
  positionId: number | null;
  positionName: string | null;
  levelId: number | null;
  levelName: string | null;
  skillLevelId: number | null;
  skillLevelName: string | null;
  entryDate: string;
  leaveDate: string | null;
  status: number;
  bookable: number;
  bookingOrder: number;
  avatar: string | null;
  memo: string | null;
  userId: number | null;
  username: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface StreamRow {
  id: number;
  employeeId: number;
  eecode: string;
  employeeName: string;
  kind: 'entry' | 'transfer' | 'leave' | 'rejoin';
  effectiveDate: string;
  fromShopName: string | null;
  toShopName: string | null;
  fromBranchName: string | null;
  toBranchName: string | null;
  fromPositionName: string | null;
  toPositionName: string | null;
  fromLevelName: string | null;
  toLevelName: string | null;
  memo: string | null;
  applied: boolean;
  createdByName: string | null;
  createdAt: string;
}

/** One problem of an imported sheet: row number as Excel shows it (header is row 1), column title. */
export interface ImportError {
  row: number;
  column: string;
  message: string;
}
