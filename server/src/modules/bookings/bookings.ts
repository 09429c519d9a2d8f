import {
  type Availability,
  type BookingConfig,
  type BookingSource,
  type bookingSaveBody,
  CALENDAR_STATES,
  OCCUPYING_STATES,
} from '@headoffice/contract';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, visibleShops } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { lockFor } from '../../platform/locks.js';
import { addDays, momentIn, nextNumber, tenantZone } from '../../platform/numbering.js';
import { posBillChanged } from '../../platform/pos-documents.js';
import { scheduledDay } from '../attendance/public.js';
import { openBookedBill, serviceBills } from '../cashier/public.js';
import { services } from '../catalog/public.js';
import { channels, employees, shops } from '../org/public.js';
import { scheduleBooked } from './clock.js';
import { configOf } from './config.js';
import { refundedDeposit } from './deposits.js';
import { bookingDoc } from './doc.js';
import {
  checkAtWork,
  checkCustomer,
  checkSlot,
  clockOf,
  freeSpans,
  minutesOf,
  type Now,
  occupiedMinutes,
  overlapping,
  type Slot,
  type WorkDay,
} from './rules.js';
import { bookings } from './schema.js';

/** Who the change is by, as the log names it: a user of some shops is the shop (门店), others head office (后端). */
export const sourceOf = (auth: Auth): BookingSource => (visibleShops(auth) ? 3 : 4);

export async function nowOf(tx: Db, tenantId: number): Promise<Now> {
  const moment = momentIn(await tenantZone(tx, tenantId), new Date());
  return { day: moment.slice(0, 10), minute: minutesOf(moment.slice(11)) };
}

const splitWallTime = (yydate: string) => ({ day: yydate.slice(0, 10), start: minutesOf(yydate.slice(11)) });

async function stylistOf(tx: Db, shopId: number, eeid: number) {
  const [e] = await tx
    .select({ id: employees.id, name: employees.name, shopId: employees.shopId, status: employees.status })
    .from(employees)
    .where(eq(employees.id, eeid));
  if (!e) throw fieldError('eeid', 'missingReference', { field: '@employee' });
  if (e.shopId !== shopId || e.status !== 1) throw fieldError('eeid', 'employeeNotInShop', { name: e.name });
  return e;
}

async function workDayOf(tx: Db, shopId: number, day: string, eeid: number): Promise<WorkDay | null> {
  return (await scheduledDay(tx, shopId, day)).find((d) => d.employeeId === eeid) ?? null;
}

const occupying = inArray(bookings.status, [...OCCUPYING_STATES]);

/**
 * Every rule a slot must pass: the settings', the customer's limits, and for a stylist the schedule,
 * leave and the other bookings of their day. The stylist's day is locked first, so that of two
 * requests for one slot the second sees the first's booking (exactly one wins).
 */
async function checkBookable(
  tx: Db,
  o: {
    config: BookingConfig;
    shopId: number;
    eeid: number | null;
    mobile: string;
    slot: Slot;
    source: BookingSource;
    self?: number;
    now: Now;
  },
) {
  const { config, slot } = o;
  checkSlot(config, slot, o.now, o.source);
  const notSelf = o.self ? ne(bookings.id, o.self) : undefined;
  const customer = eq(bookings.custmobile, o.mobile);
  const [counts] = await tx
    .select({
      sameDay: sql<number>`count(*) filter (where ${bookings.yyday} = ${slot.day} and ${occupying})`.mapWith(Number),
      recentMisses:
        sql<number>`count(*) filter (where ${bookings.status} = -3 and ${bookings.yyday} >= ${addDays(o.now.day, -config.restrictedDay)})`.mapWith(
          Number,
        ),
      allMisses: sql<number>`count(*) filter (where ${bookings.status} = -3)`.mapWith(Number),
    })
    .from(bookings)
    .where(and(customer, notSelf));
  checkCustomer(config, counts, o.source);
  if (o.eeid === null) return;
  const stylist = await stylistOf(tx, o.shopId, o.eeid);
  checkAtWork(await workDayOf(tx, o.shopId, slot.day, o.eeid), slot, stylist.name);
  await lockFor(tx, 'bookingDay', `${o.eeid}:${slot.day}`);
  const taken = await tx
    .select({ startMin: bookings.startMin, hjtimes: bookings.hjtimes })
    .from(bookings)
    .where(and(eq(bookings.eeid, o.eeid), eq(bookings.yyday, slot.day), occupying, notSelf));
  const clash = overlapping(taken, slot);
  if (clash)
    throw conflict('stylistBooked', { name: stylist.name, time: `${clockOf(clash.startMin)}–${clockOf(clash.startMin + clash.hjtimes)}` });
}

export type BookingSave = z.output<typeof bookingSaveBody>;

/** A booking made by the shop or head office: checked, numbered, logged (预约) and announced; it starts booked (3). */
export async function createBooking(tx: Db, auth: Auth, body: BookingSave) {
  assertShopVisible(auth, body.shopId);
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, body.shopId));
  if (!shop) throw fieldError('shopId', 'missingReference', { field: '@shop' });
  // A stylist of a shop the user does not see is refused as that shop is (403) before the rest is checked.
  if (body.eeid) {
    const [stylist] = await tx.select({ shopId: employees.shopId }).from(employees).where(eq(employees.id, body.eeid));
    if (stylist) assertShopVisible(auth, stylist.shopId);
  }
  const source = sourceOf(auth);
  const row = await bookSlot(tx, auth.tenantId, body, { source, status: 3, by: { id: auth.userId, name: auth.name } });
  await scheduleBooked(tx, auth.tenantId, row);
  await changed(tx, auth, { id: row.id, status: 3, version: row.version, shopId: body.shopId, billNo: row.billNo }, 'book', null, source);
  return row.id;
}

/**
 * A new booking of any source, checked under every rule (the customer's own: `earlierday`, `restricted`)
 * and stored, numbered, in `status`; the caller queues its clock and announces it.
 */
export async function bookSlot(
  tx: Db,
  tenantId: number,
  body: BookingSave,
  o: { source: BookingSource; status: 1 | 3; by: { id: number | null; name: string }; payje?: number; token?: string },
) {
  const config = await configOf(tx);
  const chosen = body.serviceIds.length
    ? await tx
        .select({ serviceId: services.id, name: services.name, minutes: services.durationMinutes })
        .from(services)
        .where(and(inArray(services.id, body.serviceIds), eq(services.status, 1), eq(services.isDel, 0)))
    : [];
  if (chosen.length !== new Set(body.serviceIds).size) throw fieldError('serviceIds', 'serviceNotBookable');
  const minutes = chosen.length
    ? occupiedMinutes(
        config.timeType,
        chosen.map((s) => s.minutes),
      )
    : body.hjtimes;
  if (!minutes) throw fieldError('serviceIds', 'bookingNoServices');
  if (body.ycid) {
    const [channel] = await tx
      .select({ id: channels.id })
      .from(channels)
      .where(and(eq(channels.id, body.ycid), eq(channels.status, 1)));
    if (!channel) throw fieldError('ycid', 'channelNotFound');
  }
  const { day, start } = splitWallTime(body.yydate);
  const now = await nowOf(tx, tenantId);
  await checkBookable(tx, {
    config,
    shopId: body.shopId,
    eeid: body.eeid ?? null,
    mobile: body.custmobile,
    slot: { day, start, minutes },
    source: o.source,
    now,
  });
  const [row] = await tx
    .insert(bookings)
    .values({
      tenantId,
      billNo: await nextNumber(tx, tenantId, 'YY', now.day),
      shopId: body.shopId,
      custname: body.custname,
      custmobile: body.custmobile,
      custsex: body.custsex ?? null,
      memid: body.memid ?? null,
      eeid: body.eeid ?? null,
      yyday: day,
      startMin: start,
      hjtimes: minutes,
      perNum: body.perNum,
      ycid: body.ycid ?? null,
      sersnames: chosen.map((s) => s.name).join('、'),
      services: chosen,
      memo: body.memo ?? null,
      ctype: o.source,
      status: o.status,
      payje: o.payje ?? 0,
      token: o.token ?? null,
      createdBy: o.by.id,
      createdByName: o.by.name,
    })
    .returning({ id: bookings.id, version: bookings.version, billNo: bookings.billNo, createdAt: bookings.createdAt });
  return { ...row, yyday: day, startMin: start, hjtimes: minutes };
}

export async function changed(
  tx: Db,
  auth: Auth,
  bill: { id: number; status: number; version: number; shopId: number; billNo: string },
  action: string,
  from: number | null,
  source: BookingSource,
) {
  await posBillChanged(
    tx,
    bookingDoc,
    { id: bill.id, state: String(bill.status), version: bill.version, shopId: bill.shopId, billNo: bill.billNo },
    // The log keeps who made the change as the seed's `ctype` (顾客, 员工APP, 门店, 后端).
    { action, fromState: from === null ? null : String(from), change: { field: 'ctype', from: null, to: source } },
    auth,
  );
}

/** The booking locked for a change from 预约中 (3) at the revision the user saw (another: 409). */
async function lockForChange(tx: Db, auth: Auth, id: number, revision: number, action: string) {
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
  const seen = visibleShops(auth);
  if (!b || (seen && !seen.includes(b.shopId))) throw notFound();
  if (b.status !== 3)
    throw conflict('transitionNotAllowed', { state: `@${bookingDoc.docType}:${b.status}`, action: `@${bookingDoc.docType}!${action}` });
  if (b.version !== revision) throw conflict('bookingRevision');
  return b;
}

/** Moves a booking to another time (and stylist) under every rule a new one passes (`editYYdate`). */
export async function moveBooking(tx: Db, auth: Auth, id: number, body: { revision: number; yydate: string; eeid?: number | null }) {
  const b = await lockForChange(tx, auth, id, body.revision, 'editYYdate');
  const { day, start } = splitWallTime(body.yydate);
  const eeid = body.eeid === undefined ? b.eeid : body.eeid;
  const source = sourceOf(auth);
  await checkBookable(tx, {
    config: await configOf(tx),
    shopId: b.shopId,
    eeid,
    mobile: b.custmobile,
    slot: { day, start, minutes: b.hjtimes },
    source,
    self: b.id,
    now: await nowOf(tx, auth.tenantId),
  });
  const version = b.version + 1;
  // A reminder texted for another day is owed again for the new one.
  const remindedAt = day === b.yyday ? b.remindedAt : null;
  await tx
    .update(bookings)
    .set({ yyday: day, startMin: start, eeid, remindedAt, version, updatedAt: new Date() })
    .where(eq(bookings.id, id));
  await scheduleBooked(tx, auth.tenantId, { id, yyday: day, startMin: start, hjtimes: b.hjtimes });
  await changed(tx, auth, { ...b, version }, 'editYYdate', b.status, source);
}

/** Cancels a booking that is booked (3): 商家取消 (−2), its paid deposit refunded. */
export async function cancelBooking(tx: Db, auth: Auth, id: number, revision: number) {
  const b = await lockForChange(tx, auth, id, revision, 'cancel');
  const version = b.version + 1;
  // The shop's cancel always gives a paid deposit back.
  const deposit = await refundedDeposit(b);
  await tx
    .update(bookings)
    .set({ status: -2, version, updatedAt: new Date(), ...deposit })
    .where(eq(bookings.id, id));
  await changed(tx, auth, { ...b, status: -2, version }, 'cancel', b.status, sourceOf(auth));
}

/**
 * Marks a booked (3) customer arrived (到店, 4) and opens their till bill in the same transaction: the
 * booked services at the booking's shop, the booked stylist on the lines. The booking keeps the bill's id;
 * what becomes of the bill later (settled, voided, revoked) is the till's and leaves the booking arrived.
 */
export async function arriveBooking(tx: Db, auth: Auth, id: number, revision: number, handTag?: number) {
  const b = await lockForChange(tx, auth, id, revision, 'yysure');
  const bill = await openBookedBill(tx, auth, {
    shopId: b.shopId,
    memberId: b.memid,
    handTag,
    serviceIds: b.services.map((s) => s.serviceId),
    employeeId: b.eeid,
  });
  const version = b.version + 1;
  await tx.update(bookings).set({ status: 4, tillBillId: bill.id, version, updatedAt: new Date() }).where(eq(bookings.id, id));
  await changed(tx, auth, { ...b, status: 4, version }, 'yysure', b.status, sourceOf(auth));
  return bill;
}

/** A shop's day per stylist of the shop: their shift, leave, bookings and the free time between. */
export async function availability(tx: Db, auth: Auth, shopId: number, day: string): Promise<Availability> {
  assertShopVisible(auth, shopId);
  const config = await configOf(tx);
  // one after the other: a transaction is one connection, which runs one query at a time anyway
  const staff = await tx
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(and(eq(employees.shopId, shopId), eq(employees.status, 1)))
    .orderBy(employees.bookingOrder, employees.id);
  const schedule = await scheduledDay(tx, shopId, day);
  const booked = await tx
    .select({
      id: bookings.id,
      eeid: bookings.eeid,
      startMin: bookings.startMin,
      hjtimes: bookings.hjtimes,
      status: bookings.status,
      custname: bookings.custname,
      sersnames: bookings.sersnames,
      version: bookings.version,
      tillBillId: bookings.tillBillId,
      tillBillNo: serviceBills.billNo,
    })
    .from(bookings)
    .leftJoin(serviceBills, eq(serviceBills.id, bookings.tillBillId))
    .where(and(eq(bookings.shopId, shopId), eq(bookings.yyday, day), inArray(bookings.status, [...CALENDAR_STATES])))
    .orderBy(bookings.startMin);
  const span = (b: { startMin: number; hjtimes: number }) => ({ start: clockOf(b.startMin), end: clockOf(b.startMin + b.hjtimes) });
  const stateOf = (status: number) => String(status) as Availability['unassigned'][number]['state'];
  return {
    date: day,
    stime: config.stime,
    etime: config.etime,
    stylists: staff.map((e) => {
      const work = schedule.find((d) => d.employeeId === e.id) ?? null;
      const theirs = booked.filter((b) => b.eeid === e.id);
      const holding = theirs.filter((b) => (OCCUPYING_STATES as readonly number[]).includes(b.status));
      const shiftStart = work ? minutesOf(work.start) : 0;
      const shiftEnd = work ? (minutesOf(work.end) <= shiftStart ? 24 * 60 : minutesOf(work.end)) : 0;
      const noon = 12 * 60;
      const leave = work
        ? [
            ...(work.amOff && shiftStart < noon ? [{ start: clockOf(shiftStart), end: clockOf(Math.min(noon, shiftEnd)) }] : []),
            ...(work.pmOff && shiftEnd > noon ? [{ start: clockOf(Math.max(noon, shiftStart)), end: clockOf(shiftEnd) }] : []),
          ]
        : [];
      return {
        eeid: e.id,
        name: e.name,
        work: work ? { start: work.start, end: work.end } : null,
        leave,
        bookings: theirs.map((b) => ({
          id: b.id,
          ...span(b),
          state: stateOf(b.status),
          custname: b.custname,
          sersnames: b.sersnames,
          revision: b.version,
          tillBillId: b.tillBillId,
          tillBillNo: b.tillBillNo,
        })),
        free: freeSpans(work, holding, config),
      };
    }),
    unassigned: booked
      .filter((b) => b.eeid === null)
      .map((b) => ({
        id: b.id,
        ...span(b),
        state: stateOf(b.status),
        custname: b.custname,
        tillBillId: b.tillBillId,
        tillBillNo: b.tillBillNo,
      })),
  };
}

/** Rows counted per group: bookings, arrived (4, 5), no-shows (−3), cancelled (−1, −2). */
export const statisCounts = {
  yyNum: count(),
  doneNum: sql<number>`count(*) filter (where ${bookings.status} in (4, 5))`.mapWith(Number),
  missNum: sql<number>`count(*) filter (where ${bookings.status} = -3)`.mapWith(Number),
  cancelNum: sql<number>`count(*) filter (where ${bookings.status} in (-1, -2))`.mapWith(Number),
  keptje: sql<number>`coalesce(sum(${bookings.payje}) filter (where ${bookings.suretyState} = 2), 0)`.mapWith(Number),
};
export const rates = <T extends { yyNum: number; doneNum: number; missNum: number }>(r: T) => ({
  ...r,
  doneRate: r.yyNum ? Math.round((r.doneNum / r.yyNum) * 10_000) / 10_000 : 0,
  missRate: r.yyNum ? Math.round((r.missNum / r.yyNum) * 10_000) / 10_000 : 0,
});
