import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  createdAt,
  isDel,
  makerColumns,
  memo,
  refId,
  status,
  tenantKeys,
  tenantPrimaryKey,
  tenantReference,
  versionedTimestamps,
} from '../../db/columns.js';
import { dictionaryTable } from '../../db/dictionary-table.js';
import { fileListTable } from '../../db/file-list-table.js';
import { gramTable } from '../../platform/search.js';

export const regions = dictionaryTable('regions', { parentId: refId('parent_id') }, (t) => [tenantReference(t, t.parentId, t)]);
export const brands = dictionaryTable('brands', { logo: text('logo'), isDel: isDel() });
export const channels = dictionaryTable('channels', {});
export const branches = dictionaryTable('branches', {});
export const positions = dictionaryTable('positions', {});
export const positionLevels = dictionaryTable('position_levels', { positionId: refId('position_id').notNull() }, (t) => [
  tenantReference(t, t.positionId, positions),
]);
export const serviceTypes = dictionaryTable('service_types', {});
export const productCategories = dictionaryTable('product_categories', { parentId: refId('parent_id') }, (t) => [
  tenantReference(t, t.parentId, t),
]);
export const packageTypes = dictionaryTable('package_types', {});
export const distChannels = dictionaryTable('dist_channels', {});
export const memberStatuses = dictionaryTable('member_statuses', {});
export const memberGrades = dictionaryTable('member_grades', { discount: integer('discount').notNull().default(100) });

export const shops = pgTable(
  'shops',
  {
    ...tenantKeys(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    brandId: refId('brand_id').notNull(),
    regionId: refId('region_id').notNull(),
    type: smallint('type').notNull().default(1),
    provinceCode: text('province_code').notNull(),
    cityCode: text('city_code').notNull(),
    areaCode: text('area_code').notNull(),
    address: text('address'),
    phone: text('phone'),
    openDate: date('open_date', { mode: 'string' }),
    openTime: text('open_time').notNull().default('09:00'),
    closeTime: text('close_time').notNull().default('21:00'),
    stations: integer('stations').notNull().default(0),
    status: status(),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('shops_tenant_code').on(t.tenantId, t.code),
    index('shops_tenant_region').on(t.tenantId, t.regionId),
    index('shops_tenant_brand').on(t.tenantId, t.brandId),
    index('shops_tenant_name').using('btree', t.tenantId, sql`lower(${t.name})`),
    tenantReference(t, t.brandId, brands),
    tenantReference(t, t.regionId, regions),
  ],
);

export const shopImages = fileListTable('shop_images', 'shopId', shops);

/** Skill / commission levels of employees (技术等级, the seed's jfclevel). */
export const skillLevels = dictionaryTable('skill_levels', {});

export const employees = pgTable(
  'employees',
  {
    ...tenantKeys(),
    eecode: text('eecode').notNull(),
    name: text('name').notNull(),
    /** 1 male, 2 female. */
    gender: smallint('gender').notNull().default(2),
    mobile: text('mobile'),
    birthday: date('birthday', { mode: 'string' }),
    idCard: text('id_card'),
    shopId: refId('shop_id'),
    branchId: refId('branch_id'),
    positionId: refId('position_id'),
    levelId: refId('level_id'),
    skillLevelId: refId('skill_level_id'),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    leaveDate: date('leave_date', { mode: 'string' }),
    /** 1 on the job, 0 left. */
    status: status(),
    /** Bookable online (yystatus). */
    bookable: smallint('bookable').notNull().default(0),
    /** Display order in online booking (orderid). */
    bookingOrder: integer('booking_order').notNull().default(0),
    avatar: text('avatar'),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('employees_tenant_eecode').on(t.tenantId, t.eecode),
    index('employees_tenant_shop').on(t.tenantId, t.shopId, t.status),
    index('employees_tenant_mobile').on(t.tenantId, t.mobile),
    index('employees_tenant_position').on(t.tenantId, t.positionId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.branchId, branches),
    tenantReference(t, t.positionId, positions),
    tenantReference(t, t.levelId, positionLevels),
    tenantReference(t, t.skillLevelId, skillLevels),
  ],
);

/** Every 2-character piece of each employee's code, name and mobile (lower case): their keyword search. */
export const employeeGrams = gramTable('employee_grams', employees);

/**
 * The employee stream: every entry, transfer, leave and return, with what changed and when it takes
 * effect. A transfer dated in the future waits (appliedAt null) until its day.
 */
export const employeeStream = pgTable(
  'employee_stream',
  {
    ...tenantKeys(),
    employeeId: refId('employee_id').notNull(),
    /** entry | transfer | leave | rejoin */
    kind: text('kind').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    fromShopId: refId('from_shop_id'),
    toShopId: refId('to_shop_id'),
    fromBranchId: refId('from_branch_id'),
    toBranchId: refId('to_branch_id'),
    fromPositionId: refId('from_position_id'),
    toPositionId: refId('to_position_id'),
    fromLevelId: refId('from_level_id'),
    toLevelId: refId('to_level_id'),
    memo: memo(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    ...makerColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('employee_stream_tenant_employee').on(t.tenantId, t.employeeId, t.effectiveDate),
    index('employee_stream_tenant_date').on(t.tenantId, t.effectiveDate),
    index('employee_stream_pending').on(t.effectiveDate).where(sql`${t.appliedAt} is null and ${t.kind} = 'transfer'`),
    tenantReference(t, t.employeeId, employees).onDelete('cascade'),
  ],
);
