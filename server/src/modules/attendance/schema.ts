import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  createdAt,
  makerColumns,
  refId,
  tenantKeys,
  tenantPrimaryKey,
  tenantReference,
  updatedAt,
  version,
  versionedTimestamps,
} from '../../db/columns.js';
import { dictionaryTable } from '../../db/dictionary-table.js';
import { employees, shops } from '../org/public.js';

/** Shifts (checkclass): a shop's working times; an end before the start crosses midnight. */
export const checkClasses = dictionaryTable(
  'check_classes',
  {
    shopId: refId('shop_id').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    color: text('color').notNull(),
  },
  (t) => [index('check_classes_tenant_shop').on(t.tenantId, t.shopId, t.status), tenantReference(t, t.shopId, shops)],
);

/** The chain's absence rules (checkrule): type 1 late, 2 early, 3 missing punch; over `value` minutes gives `kgDays`. */
export const checkRules = pgTable(
  'check_rules',
  {
    ...tenantKeys(),
    type: smallint('type').notNull(),
    value: integer('value').notNull(),
    kgDays: doublePrecision('kg_days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('check_rules_tenant_type_value').on(t.tenantId, t.type, t.value)],
);

/** A shop's attendance settings (shopconfig): grace, day start, sign-in methods, its own rules. */
export const attendanceConfigs = pgTable(
  'attendance_configs',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    allowCd: integer('allow_cd').notNull().default(0),
    allowZt: integer('allow_zt').notNull().default(0),
    cstartTime: text('cstart_time').notNull().default('03:00'),
    /** A sign-in counts for the day's shift from this many minutes before its start (提前打卡不超过 N 分钟). */
    earlyLimit: integer('early_limit').notNull().default(120),
    isQr: boolean('is_qr').notNull().default(true),
    isAddress: boolean('is_address').notNull().default(false),
    places: jsonb('places').notNull().default([]),
    isWifi: boolean('is_wifi').notNull().default(false),
    wifis: jsonb('wifis').notNull().default([]),
    ownRules: boolean('own_rules').notNull().default(false),
    rules: jsonb('rules').notNull().default([]),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('attendance_configs_tenant_shop').on(t.tenantId, t.shopId), tenantReference(t, t.shopId, shops)],
);

/**
 * One employee's attendance day: the schedule (the shift, or null for a scheduled rest day) and
 * what happened (sign-in, sign-out, their judgement, half days marked rest/study/absent). The
 * schedule grid and the day's records read the same row, so a correction's record id exists for
 * every scheduled day. `cdate` is the attendance day (punches before the shop's day start belong to
 * the day before).
 */
export const checkRecords = pgTable(
  'check_records',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    employeeId: refId('employee_id').notNull(),
    cdate: date('cdate', { mode: 'string' }).notNull(),
    classId: refId('class_id'),
    /** Scheduled (by the schedule grid) rather than made by a punch on an unscheduled day. */
    scheduled: boolean('scheduled').notNull().default(true),
    onWork: timestamp('on_work', { withTimezone: true }),
    onStatus: smallint('on_status').notNull().default(0),
    onBk: boolean('on_bk').notNull().default(false),
    onMethod: text('on_method'),
    offWork: timestamp('off_work', { withTimezone: true }),
    offStatus: smallint('off_status').notNull().default(0),
    offBk: boolean('off_bk').notNull().default(false),
    offMethod: text('off_method'),
    /** A status set by hand (editStatus) stays until the punch changes. */
    onStatusSet: boolean('on_status_set').notNull().default(false),
    offStatusSet: boolean('off_status_set').notNull().default(false),
    delay: integer('delay').notNull().default(0),
    zt: integer('zt').notNull().default(0),
    /** Days of absence from the rules (late, early); marked half days come on top. */
    ruleKg: doublePrecision('rule_kg').notNull().default(0),
    kqAm: text('kq_am'),
    kqPm: text('kq_pm'),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('check_records_tenant_employee_day').on(t.tenantId, t.employeeId, t.cdate),
    index('check_records_tenant_shop_day').on(t.tenantId, t.shopId, t.cdate),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.employeeId, employees).onDelete('cascade'),
    tenantReference(t, t.classId, checkClasses),
  ],
);

/** Every correction of a record (editBc, editKq, editStatus, bkSignIn): the reason, the old and new value. */
export const checkCorrections = pgTable(
  'check_corrections',
  {
    ...tenantKeys(),
    recordId: refId('record_id').notNull(),
    shopId: refId('shop_id').notNull(),
    kind: text('kind').notNull(),
    field: text('field').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    reason: text('reason').notNull(),
    ...makerColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('check_corrections_tenant_record').on(t.tenantId, t.recordId),
    tenantReference(t, t.recordId, checkRecords).onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
  ],
);
