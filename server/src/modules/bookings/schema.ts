import { date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  billNo,
  billNoIndex,
  makerColumns,
  memo,
  refId,
  tenantKeys,
  tenantPrimaryKey,
  tenantReference,
  timestamps,
  versionedTimestamps,
} from '../../db/columns.js';
import { serviceBills } from '../cashier/public.js';
import { channels, employees, shops } from '../org/public.js';

/**
 * Bookings (预约 `billhead`): a customer's slot in a shop, with a stylist or none (不指定). The slot is
 * kept on the company's calendar (`yyday`, `startMin` minutes after midnight) so that the overlap of
 * two bookings and the bookable hours are plain minute arithmetic; `status` is the seed's number.
 */
export const bookings = pgTable(
  'bookings',
  {
    ...tenantKeys(),
    billNo: billNo(),
    shopId: refId('shop_id').notNull(),
    custname: text('custname').notNull(),
    custmobile: text('custmobile').notNull(),
    custsex: smallint('custsex'),
    memid: refId('memid'),
    eeid: refId('eeid'),
    yyday: date('yyday', { mode: 'string' }).notNull(),
    startMin: integer('start_min').notNull(),
    hjtimes: integer('hjtimes').notNull(),
    perNum: integer('per_num').notNull().default(1),
    ycid: refId('ycid'),
    sersnames: text('sersnames').notNull().default(''),
    services: jsonb('services').$type<{ serviceId: number; name: string; minutes: number }[]>().notNull().default([]),
    memo: memo(),
    /** Where the booking came from: 1 顾客, 2 员工APP, 3 门店, 4 后端. */
    ctype: smallint('ctype').notNull(),
    /** The deposit asked or paid, in cents. */
    payje: integer('payje').notNull().default(0),
    /** The deposit (`surety.billstatus`): null none, 0 已付款 paid, 1 已退还 refunded, 2 已扣留 kept on a no-show or a late cancel. */
    suretyState: smallint('surety_state'),
    /** The payment's trade number (`extorderid`) and, once refunded, the refund's and when (`tkDate`). */
    extorderid: text('extorderid'),
    refundNo: text('refund_no'),
    tkDate: timestamp('tk_date', { withTimezone: true }),
    status: smallint('status').notNull(),
    /** The till's service bill opened when the customer arrived (到店). */
    tillBillId: refId('till_bill_id'),
    /** When the day-before reminder was texted: once per booking. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** The random part of the address by which a customer who booked online sees, pays and cancels it. */
    token: text('token'),
    ...makerColumns(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('bookings_tenant_shop_day').on(t.tenantId, t.shopId, t.yyday),
    index('bookings_tenant_employee_day').on(t.tenantId, t.eeid, t.yyday),
    index('bookings_tenant_mobile').on(t.tenantId, t.custmobile, t.yyday),
    uniqueIndex('bookings_tenant_token').on(t.tenantId, t.token),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.eeid, employees),
    tenantReference(t, t.ycid, channels),
    tenantReference(t, t.tillBillId, serviceBills),
  ],
);

/**
 * A shop's online booking page (顾客在线预约): the random key of its public address, one per shop, made
 * when head office first asks for the link and made anew (the old address stops working) on a reset.
 */
export const bookingShopLinks = pgTable(
  'booking_shop_links',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    key: text('key').notNull(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('booking_shop_links_tenant_shop').on(t.tenantId, t.shopId),
    uniqueIndex('booking_shop_links_tenant_key').on(t.tenantId, t.key),
    tenantReference(t, t.shopId, shops),
  ],
);
