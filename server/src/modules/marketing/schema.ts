import type { ActivityRule } from '@headoffice/contract';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  createdAt,
  memo,
  refId,
  sort,
  status,
  tenantColumn,
  tenantKeys,
  tenantPrimaryKey,
  tenantReference,
  versionedTimestamps,
} from '../../db/columns.js';
import { members } from '../members/public.js';
import { brands, shops } from '../org/public.js';

/** The validity of a coupon or envelope: fixed dates (1) or N days after issue (2). */
const validity = () => ({
  timeType: smallint('time_type').notNull().default(2),
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  validDays: integer('valid_days'),
});

/** Coupon definitions (优惠券): amount off (1, cents) or discount (2, basis points). */
export const coupons = pgTable(
  'coupons',
  {
    ...tenantKeys(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    brandId: refId('brand_id'),
    couponType: smallint('coupon_type').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    minSpend: bigint('min_spend', { mode: 'number' }).notNull().default(0),
    usableOn: jsonb('usable_on').$type<('service' | 'product' | 'package')[]>().notNull().default(['service', 'product', 'package']),
    isOnline: smallint('is_online').notNull().default(0),
    ...validity(),
    combinable: smallint('combinable').notNull().default(0),
    /** Does the coupon's amount still count as staff performance (yjSubsidy). */
    perfSubsidy: smallint('perf_subsidy').notNull().default(1),
    sort: sort(),
    status: status(),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('coupons_tenant_code').on(t.tenantId, t.code), tenantReference(t, t.brandId, brands)],
);

/** Red envelope definitions (红包): an amount, spent at once or over several bills. */
export const redEnvelopes = pgTable(
  'red_envelopes',
  {
    ...tenantKeys(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    money: bigint('money', { mode: 'number' }).notNull(),
    manyTimes: smallint('many_times').notNull().default(0),
    isOnline: smallint('is_online').notNull().default(0),
    ...validity(),
    sort: sort(),
    status: status(),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('red_envelopes_tenant_code').on(t.tenantId, t.code)],
);

/** Marketing activities (营销活动). Status 1 未开始, 2 进行中, 3 暂停中, 4 已结束. */
export const activities = pgTable(
  'mkt_activities',
  {
    ...tenantKeys(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    brandId: refId('brand_id'),
    kind: smallint('kind').notNull(),
    status: status(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    shopIds: jsonb('shop_ids').$type<number[]>().notNull().default([]),
    useShopType: smallint('use_shop_type').notNull().default(1),
    perfDiscount: integer('perf_discount').notNull().default(10_000),
    priority: integer('priority').notNull().default(0),
    timesPerMember: integer('times_per_member'),
    combinable: smallint('combinable').notNull().default(1),
    rules: jsonb('rules').$type<ActivityRule[]>().notNull().default([]),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('mkt_activities_tenant_code').on(t.tenantId, t.code),
    index('mkt_activities_tenant_status').on(t.tenantId, t.status, t.startDate),
    tenantReference(t, t.brandId, brands),
  ],
);

/**
 * A birthday activity's (kind 1) gifts given to a member in a year: one row per activity, member and
 * year, written by the daily birthday job before it issues the items. The primary key makes the gift
 * once a year even when two instances run the job at once; the rows also count `timesPerMember`.
 */
export const activityBirthdayGifts = pgTable(
  'mkt_activity_birthday_gifts',
  {
    tenantId: tenantColumn(),
    activityId: refId('activity_id').notNull(),
    memberId: refId('member_id').notNull(),
    year: smallint('year').notNull(),
    /** The birthday the gifts were given for (the job's day). */
    giftDate: date('gift_date', { mode: 'string' }).notNull(),
    /** The member's home shop, where the items were issued. */
    shopId: refId('shop_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.activityId, t.memberId, t.year] }),
    tenantReference(t, t.activityId, activities),
    tenantReference(t, t.memberId, members),
    tenantReference(t, t.shopId, shops),
  ],
);
