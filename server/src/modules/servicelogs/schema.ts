import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { makerColumns, refId, tenantKeys, tenantPrimaryKey, tenantReference, timestamps, versionedTimestamps } from '../../db/columns.js';
import { fileListTable } from '../../db/file-list-table.js';
import { serviceBills } from '../cashier/public.js';
import { employees, shops } from '../org/public.js';

/**
 * 服务日志: what the stylist wrote about one settled service bill (at most one per bill). A bill without
 * a row is 未填写; the row holds the bill's shop (the scope and the list's index) as the bill has it.
 */
export const serviceLogs = pgTable(
  'service_logs',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    shopId: refId('shop_id').notNull(),
    content: text('content').notNull(),
    /** 问题分析 (content1). */
    problem: text('problem'),
    /** 铺垫项目 (pdsers): catalogue services suggested for the next visit, in the order picked. */
    suggestedServiceIds: jsonb('suggested_service_ids').$type<number[]>().notNull().default([]),
    /** 回访状态: 1 待回访 | 2 已取消 | 3 已预约. */
    returnState: smallint('return_state'),
    returnAt: timestamp('return_at', { withTimezone: true }),
    /** 反预约: 1 成功 | 2 失败 | 3 已预约. */
    rebook: smallint('rebook'),
    ...makerColumns(),
    updatedBy: refId('updated_by'),
    updatedByName: text('updated_by_name'),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('service_logs_tenant_bill').on(t.tenantId, t.billId),
    index('service_logs_tenant_shop_updated').on(t.tenantId, t.shopId, t.updatedAt),
    index('service_logs_tenant_updated').on(t.tenantId, t.updatedAt),
    index('service_logs_tenant_return').on(t.tenantId, t.returnAt).where(sql`${t.returnAt} is not null`),
    tenantReference(t, t.billId, serviceBills).onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
  ],
);

/** The log's photos (at most three), uploaded through the files platform. */
export const serviceLogPhotos = fileListTable('service_log_photos', 'logId', serviceLogs);

/** 顾客评价: the customer's review of one settled bill (at most one), of one who served it; the shop's reply. */
export const serviceReviews = pgTable(
  'service_reviews',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    shopId: refId('shop_id').notNull(),
    /** 点评对象. */
    employeeId: refId('employee_id').notNull(),
    /** 整体评价: 1 好评 | 2 中评 | 3 差评. */
    rate: smallint('rate').notNull(),
    comment: text('comment'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
    ...makerColumns(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: refId('replied_by'),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('service_reviews_tenant_bill').on(t.tenantId, t.billId),
    index('service_reviews_tenant_reviewed').on(t.tenantId, t.reviewedAt, t.id),
    index('service_reviews_tenant_shop_reviewed').on(t.tenantId, t.shopId, t.reviewedAt),
    tenantReference(t, t.billId, serviceBills).onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.employeeId, employees),
  ],
);
