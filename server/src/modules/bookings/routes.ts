import {
  availabilityAnswer,
  availabilityQuery,
  billLogQuery,
  bookableService,
  bookingBill,
  bookingConfig,
  bookingLogRow,
  bookingSaveBody,
  channelOption,
  moveBookingBody,
  movedBooking,
  statisEmployeeRow,
  statisQuery,
  statisShopRow,
  suretyRow,
  YY_PATHS,
} from '@headoffice/contract';
import { and, asc, eq, gt, gte, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { definedEntityLabels } from '../../platform/audit.js';
import { type Auth, assertShopVisible, inVisibleShops, visibleShops } from '../../platform/auth.js';
import { billLog } from '../../platform/documents.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { sendXlsx } from '../../platform/excel.js';
import { tenantZone } from '../../platform/numbering.js';
import { keywordMatch } from '../../platform/paging.js';
import { registerPosBill } from '../../platform/pos-documents.js';
import { route } from '../../platform/route.js';
import { setSetting } from '../../platform/settings.js';
import { billStateSql, serviceBills } from '../cashier/public.js';
import { services } from '../catalog/public.js';
import { channels, employees, shops } from '../org/public.js';
import { arriveBooking, availability, cancelBooking, createBooking, moveBooking, rates, statisCounts } from './bookings.js';
import { CONFIG_KEY, configOf } from './config.js';
import { bookingDoc } from './doc.js';
import './messages.js';
import { onlineRoutes } from './online-routes.js';
import { bookings } from './schema.js';

definedEntityLabels.set('booking', ['预约单', 'booking']);
definedEntityLabels.set('yyconfig', ['预约设置', 'booking settings']);

const yydateSql = sql<string>`to_char(${bookings.yyday}, 'YYYY-MM-DD') || ' ' || lpad((${bookings.startMin} / 60)::text, 2, '0') || ':' || lpad((${bookings.startMin} % 60)::text, 2, '0')`;

/** The bookings a statistics query covers: its days and shop, within the shops the user sees. */
function statisWhere(auth: Auth, q: z.output<typeof statisQuery>): SQL | undefined {
  assertShopVisible(auth, q.shopId);
  return and(
    inVisibleShops(auth, bookings.shopId),
    q.shopId ? eq(bookings.shopId, q.shopId) : undefined,
    q.dateFrom ? gte(bookings.yyday, q.dateFrom) : undefined,
    q.dateTo ? lte(bookings.yyday, q.dateTo) : undefined,
  );
}

async function statisShops(tx: Db, auth: Auth, q: z.output<typeof statisQuery>) {
  const rows = await tx
    .select({ shopId: bookings.shopId, shopName: shops.name, ycid: bookings.ycid, ycName: channels.name, ...statisCounts })
    .from(bookings)
    .leftJoin(shops, eq(shops.id, bookings.shopId))
    .leftJoin(channels, eq(channels.id, bookings.ycid))
    .where(statisWhere(auth, q))
    .groupBy(bookings.shopId, shops.name, bookings.ycid, channels.name)
    .orderBy(asc(shops.name), asc(channels.name));
  return rows.map(rates);
}

/** The revision a change was made at: the seed's `revision`, or the bill pages' `version`; without either, 400. */
function seen(body: { revision?: number }, version: number | undefined): number {
  const revision = body.revision ?? version;
  if (revision === undefined) throw fieldError('revision', 'revisionRequired');
  return revision;
}

const percent = (v: number) => `${(v * 100).toFixed(1)}%`;

export async function bookingsModule(app: FastifyInstance) {
  onlineRoutes(app);
  route(
    app,
    'GET',
    YY_PATHS.config,
    { summary: 'Booking settings (getYYconfig)', perm: 'bookings.config.view', response: bookingConfig },
    ({ tx }) => configOf(tx),
  );
  route(
    app,
    'POST',
    YY_PATHS.setConfig,
    {
      summary: 'Save the booking settings (setYYconfig)',
      perm: 'bookings.config.edit',
      body: bookingConfig,
      entity: 'yyconfig',
      verb: 'update',
      response: bookingConfig,
    },
    async ({ tx, auth, body }) => {
      await setSetting(tx, auth.tenantId, CONFIG_KEY, body);
      return body;
    },
  );
  route(
    app,
    'GET',
    YY_PATHS.channels,
    { summary: 'Booking channels in use (渠道)', perm: null, response: z.array(channelOption) },
    ({ tx }) =>
      tx
        .select({ id: channels.id, code: channels.code, name: channels.name })
        .from(channels)
        .where(eq(channels.status, 1))
        .orderBy(asc(channels.sort), asc(channels.id)),
  );

  route(
    app,
    'GET',
    YY_PATHS.services,
    { summary: 'Services that may be booked, with their minutes', perm: null, response: z.array(bookableService) },
    ({ tx }) =>
      tx
        .select({ id: services.id, name: services.name, minutes: services.durationMinutes })
        .from(services)
        .where(and(eq(services.status, 1), eq(services.isDel, 0)))
        .orderBy(asc(services.code)),
  );

  registerPosBill(app, bookingBill, {
    doc: bookingDoc,
    state: sql<string>`${bookings.status}::text`,
    displays: {
      eeName: ['eeid', 'name', employees],
      ycName: ['ycid', 'name', channels],
      yydate: yydateSql,
      revision: sql<number>`${bookings.version}`,
      tillBillNo: ['tillBillId', 'billNo', serviceBills],
      // The bill's state as the till names it, read where the booking links one.
      tillBillState: sql<
        string | null
      >`(select ${billStateSql} from ${serviceBills} where ${serviceBills.id} = ${bookings.tillBillId} and ${serviceBills.tenantId} = ${bookings.tenantId})`,
    },
    lines: { table: bookings, billKey: bookings.id },
    filters: {
      state: (_ctx, value) => eq(bookings.status, Number(value)),
      keyword: (_ctx, value) => keywordMatch(String(value), bookings.custname, bookings.custmobile, bookings.billNo),
    },
    detail: async () => ({}),
    actions: {
      yysure: async (ctx, bill, body, version) => {
        await arriveBooking(ctx.tx, ctx.auth, bill.id as number, seen(body, version), body.handTag);
      },
      cancel: (ctx, bill, body, version) => cancelBooking(ctx.tx, ctx.auth, bill.id as number, seen(body, version)),
    },
  });

  route(
    app,
    'POST',
    YY_PATHS.editDate,
    {
      summary: 'Move a booking of 预约中 to another time or stylist, under every rule a new booking passes (editYYdate)',
      perm: 'bookings.booking.edit',
      body: moveBookingBody,
      entity: 'booking',
      verb: 'update',
      idempotent: 'optional',
      response: movedBooking,
    },
    async ({ tx, auth, body }) => {
      await moveBooking(tx, auth, body.id, body);
      const [moved] = await tx
        .select({
          id: bookings.id,
          yydate: yydateSql,
          eeid: bookings.eeid,
          revision: bookings.version,
          state: sql<z.infer<typeof movedBooking>['state']>`${bookings.status}::text`,
        })
        .from(bookings)
        .where(eq(bookings.id, body.id));
      return moved;
    },
  );
  route(
    app,
    'POST',
    YY_PATHS.save,
    {
      summary: 'Book a customer (front desk or head office): every rule of the settings, the schedule and the other bookings',
      perm: 'bookings.booking.edit',
      body: bookingSaveBody,
      entity: 'booking',
      verb: 'create',
      idempotent: 'optional',
      response: z.object({ id: z.number() }),
    },
    async ({ tx, auth, body }) => ({ id: await createBooking(tx, auth, body) }),
  );

  route(
    app,
    'GET',
    YY_PATHS.log,
    {
      summary: "A booking's changes, each with its source (billlog)",
      perm: 'bookings.booking.view',
      query: billLogQuery,
      response: z.array(bookingLogRow),
    },
    async ({ tx, auth, query }) => {
      const [b] = await tx.select({ shopId: bookings.shopId }).from(bookings).where(eq(bookings.id, query.billId));
      const seen = visibleShops(auth);
      if (!b || (seen && !seen.includes(b.shopId))) throw notFound();
      return (await billLog(tx, bookingDoc, query.billId)).map((l) => ({
        id: l.id,
        billId: l.billId,
        status: Number(l.toState),
        action: l.action,
        ctype: l.change?.field === 'ctype' ? Number(l.change.to) : null,
        createdBy: l.username,
        createdTime: l.at,
      }));
    },
  );

  route(
    app,
    'GET',
    YY_PATHS.availability,
    {
      summary: "A shop's day per stylist: shift, leave, bookings and free time",
      perm: 'bookings.calendar.view',
      query: availabilityQuery,
      response: availabilityAnswer,
    },
    ({ tx, auth, query }) => availability(tx, auth, query.shopId, query.date),
  );

  route(
    app,
    'GET',
    YY_PATHS.surety,
    {
      summary: 'Deposits of bookings (surety), newest first, at most 2,000',
      perm: 'bookings.booking.view',
      query: statisQuery,
      response: z.array(suretyRow),
    },
    ({ tx, auth, query }) =>
      tx
        .select({
          id: bookings.id,
          billNo: bookings.billNo,
          shopId: bookings.shopId,
          shopName: shops.name,
          custname: bookings.custname,
          custmobile: bookings.custmobile,
          payje: bookings.payje,
          suretyState: bookings.suretyState,
          extorderid: bookings.extorderid,
          refundNo: bookings.refundNo,
          tkDate: bookings.tkDate,
          state: sql<z.infer<typeof suretyRow>['state']>`${bookings.status}::text`,
          yydate: yydateSql,
        })
        .from(bookings)
        .leftJoin(shops, eq(shops.id, bookings.shopId))
        .where(and(statisWhere(auth, query), gt(bookings.payje, 0), isNotNull(bookings.suretyState)))
        .orderBy(sql`${bookings.yyday} desc`, sql`${bookings.id} desc`)
        .limit(2000),
  );

  route(
    app,
    'GET',
    YY_PATHS.statisShop,
    {
      summary: 'Bookings per shop and channel: booked, arrived, no-shows, rates',
      perm: 'bookings.statistics.view',
      query: statisQuery,
      response: z.array(statisShopRow),
    },
    ({ tx, auth, query }) => statisShops(tx, auth, query),
  );
  route(
    app,
    'GET',
    YY_PATHS.statisShopExcel,
    { summary: 'Bookings per shop and channel as a workbook', perm: 'bookings.statistics.view', query: statisQuery, raw: true },
    async (c) => {
      const rows = await statisShops(c.tx, c.auth, c.query);
      type R = (typeof rows)[number];
      const columns: { key: keyof R & string; title: readonly [string, string]; value?: (r: R) => string | number | null }[] = [
        { key: 'shopName', title: ['门店', 'Shop'] },
        { key: 'ycName', title: ['渠道', 'Channel'] },
        { key: 'yyNum', title: ['预约数', 'Bookings'] },
        { key: 'doneNum', title: ['到店数', 'Arrived'] },
        { key: 'missNum', title: ['爽约数', 'No-shows'] },
        { key: 'cancelNum', title: ['取消数', 'Cancelled'] },
        { key: 'keptje', title: ['扣留定金(元)', 'Deposits kept (¥)'], value: (r) => (r.keptje / 100).toFixed(2) },
        { key: 'doneRate', title: ['到店率', 'Arrival rate'], value: (r) => percent(r.doneRate) },
        { key: 'missRate', title: ['爽约率', 'No-show rate'], value: (r) => percent(r.missRate) },
      ];
      return sendXlsx(
        c.reply,
        c.lang,
        c.lang === 'en-US' ? 'Booking statistics' : '预约统计',
        columns,
        rows,
        await tenantZone(c.tx, c.auth.tenantId),
      );
    },
  );
  route(
    app,
    'GET',
    YY_PATHS.statisEmployee,
    {
      summary: 'Bookings per stylist: booked, arrived, no-shows, rates',
      perm: 'bookings.statistics.view',
      query: statisQuery,
      response: z.array(statisEmployeeRow),
    },
    async ({ tx, auth, query }) => {
      const rows = await tx
        .select({ shopId: bookings.shopId, shopName: shops.name, eeid: bookings.eeid, eeName: employees.name, ...statisCounts })
        .from(bookings)
        .leftJoin(shops, eq(shops.id, bookings.shopId))
        .leftJoin(employees, eq(employees.id, bookings.eeid))
        .where(statisWhere(auth, query))
        .groupBy(bookings.shopId, shops.name, bookings.eeid, employees.name)
        .orderBy(asc(shops.name), asc(employees.name));
      return rows.map(rates);
    },
  );
}
