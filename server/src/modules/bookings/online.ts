import { randomBytes } from 'node:crypto';
import { ONLINE_PATHS, type OnlineBooking, type OnlineShop, type onlineBookBody, type onlineTimesQuery } from '@headoffice/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { tenants } from '../../db/tenants.js';
import { AppError, fieldError, notFound, RefusalKept } from '../../platform/errors.js';
import { Counter } from '../../platform/login-guard.js';
import { addDays } from '../../platform/numbering.js';
import { posBillChanged } from '../../platform/pos-documents.js';
import { checkCode, sendCode, useVerification } from '../../platform/sms.js';
import { inTenant } from '../../platform/tenancy.js';
import { scheduledDay } from '../attendance/public.js';
import { services } from '../catalog/public.js';
import { employees, shops } from '../org/public.js';
import { bookSlot, nowOf } from './bookings.js';
import { instantOf, scheduleBooked, scheduleClose } from './clock.js';
import { configOf } from './config.js';
import { customerCancel, payDeposit } from './deposits.js';
import { actorOf, bookingDoc } from './doc.js';
import { checkSlot, clockOf, freeSpans, minutesOf, occupiedMinutes } from './rules.js';
import { bookingShopLinks, bookings } from './schema.js';

/**
 * Customers book online (顾客在线预约): a shop's public page by its key, a booking by its token. Both are
 * `<tenant id>-<random>`: the tenant's number says whose rows to open (inside its row security), the
 * random part (144 bits) is what nobody can guess. Nothing here has a signed-in user: changes are the
 * customer's (顾客, source 1), logged and announced to the shop as a staff change is.
 */

/** A new random part of a key or token. */
const randomPart = () => randomBytes(18).toString('base64url');
const split = (value: string) => {
  const dash = value.indexOf('-');
  return { tenantId: Number(value.slice(0, dash)), random: value.slice(dash + 1) };
};
/** `minutes` before a slot on the company's calendar, as the page shows it (`YYYY-MM-DD HH:mm`). */
function wallTimeBefore(day: string, startMin: number, minutes: number) {
  const at = startMin - minutes;
  const days = Math.floor(at / 1440);
  return `${addDays(day, days)} ${clockOf(at - days * 1440)}`;
}

export const publicKeyOf = (tenantId: number, random: string) => `${tenantId}-${random}`;

/** Codes asked for from one address: 20 in 10 minutes (a salon's Wi-Fi has many customers); per mobile the code store allows one a minute. */
const codesPerAddress = new Counter(20, 10 * 60_000);
/** Codes asked for one mobile: 5 in an hour, whichever address asks. */
const codesPerMobile = new Counter(5, 60 * 60_000);

/** Runs `fn` in the tenant of a public key: an unknown or stopped tenant is 404 like an unknown key. */
async function inTenantOf<T>(db: Db, value: string, fn: (tx: Db, tenantId: number, random: string) => Promise<T>): Promise<T> {
  const { tenantId, random } = split(value);
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw notFound();
  return inTenant(db, tenantId, async (tx) => {
    const [tenant] = await tx.select({ status: tenants.status }).from(tenants).where(eq(tenants.id, tenantId));
    if (tenant?.status !== 1) throw notFound();
    return fn(tx, tenantId, random);
  });
}

type ShopOfKey = { id: number; name: string; address: string | null; phone: string | null };

/** The enabled shop whose page the key opens, in its tenant's transaction. */
function withShop<T>(db: Db, key: string, fn: (tx: Db, tenantId: number, shop: ShopOfKey) => Promise<T>): Promise<T> {
  return inTenantOf(db, key, async (tx, tenantId, random) => {
    const [shop] = await tx
      .select({ id: shops.id, name: shops.name, address: shops.address, phone: shops.phone })
      .from(bookingShopLinks)
      .innerJoin(shops, eq(shops.id, bookingShopLinks.shopId))
      .where(and(eq(bookingShopLinks.key, random), eq(shops.status, 1)));
    if (!shop) throw notFound();
    return fn(tx, tenantId, shop);
  });
}

/** The stylists a customer may choose at a shop: on the job and bookable online (在线预约), in the booking order. */
const onlineStylists = (tx: Db, shopId: number) =>
  tx
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(and(eq(employees.shopId, shopId), eq(employees.status, 1), eq(employees.bookable, 1)))
    .orderBy(asc(employees.bookingOrder), asc(employees.id));

const bookableServices = (tx: Db) =>
  tx
    .select({ id: services.id, name: services.name, minutes: services.durationMinutes })
    .from(services)
    .where(and(eq(services.status, 1), eq(services.isDel, 0)))
    .orderBy(asc(services.code));

/** The page's shop: its name, the services, the stylists and the rules a customer meets. */
export function onlineShopOf(db: Db, key: string): Promise<OnlineShop> {
  return withShop(db, key, async (tx, tenantId, shop) => {
    const config = await configOf(tx);
    const now = await nowOf(tx, tenantId);
    return {
      shopName: shop.name,
      address: shop.address,
      phone: shop.phone,
      today: now.day,
      firstDay: addDays(now.day, config.earlierday),
      lastDay: addDays(now.day, config.maxday > 0 ? config.maxday : 30),
      stime: config.stime,
      etime: config.etime,
      deposit: config.deposit,
      canceltime: config.canceltime,
      timeType: config.timeType,
      services: await bookableServices(tx),
      stylists: await onlineStylists(tx, shop.id),
    };
  });
}

/** Start times are offered every half hour of the bookable hours. */
const STEP = 30;

/**
 * The start times of a day at which the services fit: the settings' rules for a customer, and a chosen
 * stylist (or, 不指定, any bookable one) scheduled, at work and free for all the minutes.
 */
async function freeTimes(tx: Db, tenantId: number, shopId: number, q: { date: string; serviceIds: number[]; eeid?: number | null }) {
  const config = await configOf(tx);
  const chosen = await tx
    .select({ minutes: services.durationMinutes })
    .from(services)
    .where(and(inArray(services.id, q.serviceIds), eq(services.status, 1), eq(services.isDel, 0)));
  if (!q.serviceIds.length || chosen.length !== new Set(q.serviceIds).size) throw fieldError('serviceIds', 'serviceNotBookable');
  const minutes = occupiedMinutes(
    config.timeType,
    chosen.map((s) => s.minutes),
  );
  const stylists = (await onlineStylists(tx, shopId)).filter((s) => !q.eeid || s.id === q.eeid);
  if (q.eeid && !stylists.length) throw fieldError('eeid', 'stylistNotOnline');
  const now = await nowOf(tx, tenantId);
  // one after the other: a transaction is one connection, which runs one query at a time anyway
  const schedule = await scheduledDay(tx, shopId, q.date);
  const taken = stylists.length
    ? await tx
        .select({ eeid: bookings.eeid, startMin: bookings.startMin, hjtimes: bookings.hjtimes })
        .from(bookings)
        .where(
          and(
            eq(bookings.yyday, q.date),
            inArray(
              bookings.eeid,
              stylists.map((s) => s.id),
            ),
            inArray(bookings.status, [1, 2, 3, 4, 5]),
          ),
        )
    : [];
  const free = stylists.map((s) =>
    freeSpans(
      schedule.find((d) => d.employeeId === s.id) ?? null,
      taken.filter((b) => b.eeid === s.id),
      config,
    ).map((f) => ({ start: minutesOf(f.start), end: minutesOf(f.end) })),
  );
  const times: string[] = [];
  for (let start = minutesOf(config.stime); start + minutes <= minutesOf(config.etime); start += STEP) {
    try {
      checkSlot(config, { day: q.date, start, minutes }, now, 1);
    } catch (error) {
      if (error instanceof AppError) continue;
      throw error;
    }
    if (free.some((spans) => spans.some((f) => f.start <= start && start + minutes <= f.end))) times.push(clockOf(start));
  }
  return { date: q.date, minutes, times };
}

export function onlineTimesOf(db: Db, key: string, q: z.output<typeof onlineTimesQuery>) {
  return withShop(db, key, (tx, tenantId, shop) =>
    freeTimes(tx, tenantId, shop.id, { date: q.date, serviceIds: q.serviceIds.split(',').map(Number), eeid: q.eeid }),
  );
}

/** Texts a code to the customer's mobile (the code store's one a minute), within the limits per address and per mobile (429). */
export function sendOnlineCode(db: Db, key: string, mobile: string, address: string) {
  if (codesPerAddress.exceeded(address) || codesPerMobile.exceeded(mobile)) throw new AppError(429, 'tooManyRequests', { after: '10 min' });
  return withShop(db, key, async (tx, tenantId, shop) => {
    const sent = await sendCode(tx, tenantId, mobile, [shop.name, 'booking']);
    codesPerAddress.add(address);
    codesPerMobile.add(mobile);
    return sent;
  });
}

/** A refused code is answered as the field's error (400), whatever the code store calls it. */
const codeRefused = (error: AppError) =>
  new AppError(400, error.key, error.params, [{ path: 'code', key: error.key, params: error.params }]);

/**
 * Books online: the code texted to the mobile first (a wrong try counts, and is kept), then every rule a
 * customer's booking meets. With a deposit asked the booking awaits it (待支付, closed after `payTimeout`),
 * else it is booked (预约中). Answers the booking by its new token.
 */
export async function bookOnline(db: Db, key: string, body: z.output<typeof onlineBookBody>): Promise<OnlineBooking> {
  const result = await withShop(db, key, async (tx, tenantId, shop) => {
    const checked = await checkCode(tx, tenantId, body.mobile, body.code);
    if ('error' in checked) return new RefusalKept(codeRefused(checked.error));
    await useVerification(tx, body.mobile);
    const stylists = await onlineStylists(tx, shop.id);
    if (body.eeid && !stylists.some((s) => s.id === body.eeid)) throw fieldError('eeid', 'stylistNotOnline');
    // Nobody chosen (不指定): some bookable stylist must be free at that time, as the page offered it.
    if (!body.eeid) {
      const { times } = await freeTimes(tx, tenantId, shop.id, { date: body.yydate.slice(0, 10), serviceIds: body.serviceIds });
      if (!times.includes(body.yydate.slice(11))) throw new AppError(409, 'onlineSlotTaken');
    }
    const config = await configOf(tx);
    const status = config.deposit > 0 ? 1 : 3;
    const token = randomPart();
    const row = await bookSlot(
      tx,
      tenantId,
      {
        shopId: shop.id,
        custname: body.custname,
        custmobile: body.mobile,
        eeid: body.eeid ?? null,
        yydate: body.yydate,
        serviceIds: body.serviceIds,
        perNum: 1,
        memo: body.memo ?? null,
      },
      { source: 1, status, payje: status === 1 ? config.deposit : 0, token, by: { id: null, name: body.custname } },
    );
    if (status === 1) await scheduleClose(tx, tenantId, row.id, row.createdAt);
    else await scheduleBooked(tx, tenantId, row);
    await posBillChanged(
      tx,
      bookingDoc,
      { id: row.id, state: String(status), version: row.version, shopId: shop.id, billNo: row.billNo },
      { action: 'book', fromState: null, change: { field: 'ctype', from: null, to: 1 } },
      actorOf(tenantId, '顾客'),
    );
    return viewOf(tx, tenantId, publicKeyOf(tenantId, token));
  });
  if (result instanceof RefusalKept) throw result.error;
  return result;
}

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

async function viewOf(tx: Db, tenantId: number, token: string): Promise<OnlineBooking> {
  const { random } = split(token);
  const [b] = await tx
    .select({
      billNo: bookings.billNo,
      shopName: shops.name,
      address: shops.address,
      custname: bookings.custname,
      custmobile: bookings.custmobile,
      yyday: bookings.yyday,
      startMin: bookings.startMin,
      hjtimes: bookings.hjtimes,
      stylist: employees.name,
      sersnames: bookings.sersnames,
      status: bookings.status,
      payje: bookings.payje,
      suretyState: bookings.suretyState,
    })
    .from(bookings)
    .innerJoin(shops, eq(shops.id, bookings.shopId))
    .leftJoin(employees, eq(employees.id, bookings.eeid))
    .where(eq(bookings.token, random));
  if (!b) throw notFound();
  const { canceltime } = await configOf(tx);
  const refundUntil = new Date(Date.parse(await instantOf(tx, tenantId, b.yyday, b.startMin)) - canceltime * 60_000);
  const cancellable = b.status === 1 || b.status === 3;
  return {
    token,
    billNo: b.billNo,
    shopName: b.shopName,
    address: b.address,
    custname: b.custname,
    mobile: masked(b.custmobile),
    yydate: `${b.yyday} ${clockOf(b.startMin)}`,
    hjtimes: b.hjtimes,
    stylist: b.stylist,
    sersnames: b.sersnames,
    state: String(b.status) as OnlineBooking['state'],
    payje: b.payje,
    suretyState: b.suretyState,
    refundUntil: wallTimeBefore(b.yyday, b.startMin, canceltime),
    refundable: cancellable && Date.now() <= refundUntil.getTime(),
    cancellable,
  };
}

/** The booking of a token, locked for a step of its customer. */
async function withBooking<T>(db: Db, token: string, fn: (tx: Db, tenantId: number, id: number) => Promise<T>) {
  return inTenantOf(db, token, async (tx, tenantId, random) => {
    const [b] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.token, random));
    if (!b) throw notFound();
    return fn(tx, tenantId, b.id);
  });
}

export const onlineBookingOf = (db: Db, token: string) => inTenantOf(db, token, (tx, tenantId) => viewOf(tx, tenantId, token));

/** The customer pays the deposit through the payment adapter (the sandbox pays at once): 待支付 → 预约中. */
export const payOnline = (db: Db, token: string, payType: 1 | 2) =>
  withBooking(db, token, async (tx, tenantId, id) => {
    await payDeposit(tx, tenantId, id, payType);
    return viewOf(tx, tenantId, token);
  });

/** The customer cancels: the deposit back until `canceltime` minutes before the slot, kept after. */
export const cancelOnline = (db: Db, token: string) =>
  withBooking(db, token, async (tx, tenantId, id) => {
    const { refunded } = await customerCancel(tx, tenantId, id);
    return { ...(await viewOf(tx, tenantId, token)), refunded };
  });

/** Head office: a shop's booking link, or none until one is made. */
export async function shopLink(tx: Db, tenantId: number, shopId: number) {
  const [row] = await tx
    .select({ key: bookingShopLinks.key })
    .from(shops)
    .leftJoin(bookingShopLinks, eq(bookingShopLinks.shopId, shops.id))
    .where(eq(shops.id, shopId));
  if (!row) throw notFound();
  const key = row.key ? publicKeyOf(tenantId, row.key) : null;
  return { shopId, key, path: key ? ONLINE_PATHS.page(key) : null };
}

/** Head office makes a shop's link, or a new one (the old address stops working). */
export async function newShopLink(tx: Db, tenantId: number, shopId: number) {
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  if (!shop) throw notFound();
  const random = randomPart();
  await tx
    .insert(bookingShopLinks)
    .values({ tenantId, shopId, key: random })
    .onConflictDoUpdate({ target: [bookingShopLinks.tenantId, bookingShopLinks.shopId], set: { key: random, updatedAt: new Date() } });
  const key = publicKeyOf(tenantId, random);
  return { shopId, key, path: ONLINE_PATHS.page(key) };
}
