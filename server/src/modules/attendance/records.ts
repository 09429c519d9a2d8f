import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  bkSignInBody,
  correctionRow,
  editBcBody,
  editKqBody,
  editStatusBody,
  idParam,
  MY_SCHEDULE_PATH,
  monthGrid,
  monthQuery,
  myAttendance,
  mySchedule,
  myScheduleQuery,
  qrCodeAnswer,
  recordDetail,
  recordRow,
  recordsQuery,
  shopConfigQuery,
  shopDay,
  signInBody,
  signInResult,
  signMethodLabels,
} from '@headoffice/contract';
import { and, asc, between, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineHook } from '../../platform/hooks.js';
import { translate } from '../../platform/i18n.js';
import { addDays } from '../../platform/numbering.js';
import { route } from '../../platform/route.js';
import { users } from '../identity/public.js';
import { employees, shops } from '../org/public.js';
import {
  assertNotTooEarly,
  lockRecord,
  logCorrection,
  present,
  recordSelect,
  rulesOf,
  shiftFor,
  shopConfigOf,
  shopOf,
  shopScope,
  storeJudged,
  todayOf,
} from './common.js';
import { attendanceDay, distanceMetres, timeOfDay } from './judge.js';
import { shopMonthGrid } from './schedules.js';
import { checkCorrections, checkRecords } from './schema.js';

/** A QR code is good for the window it was made in and the next: two to four minutes. */
const QR_WINDOW_MS = 120_000;

function qrSignature(secret: Uint8Array, tenantId: number, shopId: number, window: number) {
  return createHmac('sha256', Buffer.from(secret)).update(`attendance-qr:${tenantId}.${shopId}.${window}`).digest('base64url').slice(0, 32);
}

/** Someone signed in or out at a shop, in the sign-in's transaction (the till's wheel follows who is in). */
export const signedInOrOut = defineHook<[tx: Db, auth: Auth, shopId: number]>();

/** The shop's current QR token: tenant, shop and time window, signed with the server's secret. */
export function qrToken(secret: Uint8Array, tenantId: number, shopId: number, now = Date.now()) {
  const window = Math.floor(now / QR_WINDOW_MS);
  return {
    token: `${tenantId}.${shopId}.${window}.${qrSignature(secret, tenantId, shopId, window)}`,
    expiresAt: new Date((window + 2) * QR_WINDOW_MS),
  };
}

/** The shop a QR token names, when it is ours, of the tenant and not expired. */
export function readQrToken(secret: Uint8Array, tenantId: number, token: string, now = Date.now()): number | undefined {
  const [t, s, w, sig] = token.split('.');
  const window = Number(w);
  const current = Math.floor(now / QR_WINDOW_MS);
  if (Number(t) !== tenantId || !/^\d+$/.test(s ?? '') || !(window === current || window === current - 1) || !sig) return undefined;
  const expected = Buffer.from(qrSignature(secret, tenantId, Number(s), window));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? Number(s) : undefined;
}

/** The signed-in user's employee (409 when the user is not linked to one). */
async function myEmployee(tx: Db, auth: Auth) {
  const [row] = await tx
    .select({ id: employees.id, name: employees.name, shopId: employees.shopId, status: employees.status, shopName: shops.name })
    .from(users)
    .innerJoin(employees, eq(employees.id, users.employeeId))
    .leftJoin(shops, eq(shops.id, employees.shopId))
    .where(eq(users.id, auth.userId));
  return row;
}

async function detail(tx: Db, auth: Auth, id: number) {
  const [row] = await recordSelect(tx).where(and(eq(checkRecords.id, id), shopScope(auth, checkRecords.shopId)));
  if (!row) throw notFound();
  const config = await shopConfigOf(tx, row.record.shopId);
  const { today } = await todayOf(tx, auth, config);
  const corrections = await tx
    .select()
    .from(checkCorrections)
    .where(eq(checkCorrections.recordId, id))
    .orderBy(desc(checkCorrections.createdAt), desc(checkCorrections.id));
  return {
    record: present(row, today, await rulesOf(tx, config)),
    corrections: corrections.map((c) => correctionRow.parse({ ...c, createdAt: c.createdAt.toISOString() })),
  };
}

/** The record of an employee's attendance day, locked; made (unscheduled, no shift) when there is none. */
async function dayRecord(tx: Db, auth: Auth, shopId: number, employeeId: number, cdate: string) {
  await tx
    .insert(checkRecords)
    .values({ tenantId: auth.tenantId, shopId, employeeId, cdate, classId: null, scheduled: false })
    .onConflictDoNothing();
  const [record] = await tx
    .select()
    .from(checkRecords)
    .where(and(eq(checkRecords.employeeId, employeeId), eq(checkRecords.cdate, cdate)))
    .for('update');
  return record;
}

export function registerRecordRoutes(app: FastifyInstance) {
  const R = '/api-pers/checkrecords';

  route(
    app,
    'POST',
    `${R}/signIn`,
    {
      summary: "Sign in or out, as the signed-in user's employee, by QR code, location or Wi-Fi",
      description:
        'Not in the seed (the employee app made it). The first punch of the attendance day signs in, any later one signs out (the last counts). ' +
        "The punch belongs to the attendance day by the shop's day start (before it: the day before) and is judged against the day's shift, the grace and the rules. " +
        "A sign-in more than the shop's `earlyLimit` minutes before the day's shift starts answers 409 naming the earliest time. " +
        "qr: `token` from the shop's current QR code (2–4 minutes); location: `lat`/`lng` within the radius of one of the shop's places; wifi: `bssid` of one of the shop's access points.",
      perm: null,
      self: true,
      body: signInBody,
      entity: 'checkrecords',
      verb: 'create',
      response: signInResult,
    },
    async ({ tx, body, auth, lang, req }) => {
      const employee = await myEmployee(tx, auth);
      if (employee?.status !== 1) throw conflict('noEmployeeLink');
      if (!employee.shopId) throw conflict('noShop', { name: employee.name });
      const shopId = employee.shopId;
      const config = await shopConfigOf(tx, shopId);
      const methodName = signMethodLabels[body.method][lang === 'en-US' ? 1 : 0];
      const shopName = employee.shopName ?? '';
      if (body.method === 'qr') {
        if (!config.isQr) throw conflict('methodOff', { shop: shopName, method: methodName });
        const scanned = body.token ? readQrToken(req.server.secret, auth.tenantId, body.token) : undefined;
        if (scanned === undefined) throw fieldError('token', 'qrInvalid');
        if (scanned !== shopId) {
          const [other] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, scanned));
          throw conflict('qrOtherShop', { shop: other?.name ?? '' });
        }
      } else if (body.method === 'location') {
        if (!config.isAddress) throw conflict('methodOff', { shop: shopName, method: methodName });
        if (body.lat === undefined || body.lng === undefined) throw fieldError('lat', 'locationRequired');
        const here = { lat: body.lat, lng: body.lng };
        const nearest = config.places
          .map((p) => ({ distance: distanceMetres(here, p), limit: p.accuracy }))
          .sort((a, b) => a.distance - a.limit - (b.distance - b.limit))[0];
        if (!nearest || nearest.distance > nearest.limit)
          throw conflict('tooFar', { distance: Math.round(nearest?.distance ?? 0), limit: nearest?.limit ?? 0 });
      } else {
        if (!config.isWifi) throw conflict('methodOff', { shop: shopName, method: methodName });
        if (!body.bssid) throw fieldError('bssid', 'wifiRequired');
        if (!config.wifis.some((w) => w.bssid === body.bssid)) throw conflict('wifiUnknown');
      }
      const now = new Date();
      const { zone } = await todayOf(tx, auth, config, now);
      const cdate = attendanceDay(now, config.cstartTime, zone);
      const record = await dayRecord(tx, auth, shopId, employee.id, cdate);
      const type = body.type ?? (record.onWork ? 'off' : 'on');
      if (type === 'on' && record.onWork) throw conflict('alreadySignedIn');
      if (type === 'on') await assertNotTooEarly(tx, record, config, zone, now);
      const saved = await storeJudged(
        tx,
        auth,
        record,
        type === 'on'
          ? { onWork: now, onMethod: body.method, onBk: false, onStatusSet: false }
          : { offWork: now, offMethod: body.method, offBk: false, offStatusSet: false },
      );
      await signedInOrOut.run(tx, auth, saved.shopId);
      const shift = saved.classId ? await shiftFor(tx, saved.shopId, saved.classId).catch(() => null) : null;
      return {
        type,
        cdate,
        at: now.toISOString(),
        status: (type === 'on' ? saved.onStatus : saved.offStatus) as 0,
        shopName,
        eename: employee.name,
        className: shift?.name ?? null,
      };
    },
  );

  route(
    app,
    'GET',
    `${R}/shopToday`,
    {
      summary: "A shop's attendance day now (its day start, the company's time zone)",
      description: 'Not in the seed: the day view opens on it, whatever the time zone of the browser.',
      perm: 'attendance.record.view',
      query: shopConfigQuery,
      response: shopDay,
    },
    async ({ tx, query, auth }) => {
      await shopOf(tx, auth, query.shopid);
      return { shopId: query.shopid, ...(await todayOf(tx, auth, await shopConfigOf(tx, query.shopid))) };
    },
  );

  route(
    app,
    'GET',
    `${R}/my`,
    {
      summary: "The signed-in user's employee and today's attendance (the phone's sign-in page)",
      description: 'Not in the seed. `eeid` null: the user is not linked to an employee.',
      perm: null,
      self: true,
      response: myAttendance,
    },
    async ({ tx, auth }) => {
      const employee = await myEmployee(tx, auth);
      if (!employee?.shopId) return { eeid: employee?.id ?? null, eename: employee?.name ?? null, shopName: null, today: null, zone: null };
      const config = await shopConfigOf(tx, employee.shopId);
      const { today, zone } = await todayOf(tx, auth, config);
      const [row] = await recordSelect(tx).where(and(eq(checkRecords.employeeId, employee.id), eq(checkRecords.cdate, today)));
      return {
        eeid: employee.id,
        eename: employee.name,
        shopName: employee.shopName,
        today: row ? present(row, today, await rulesOf(tx, config)) : null,
        zone,
      };
    },
  );

  route(
    app,
    'GET',
    MY_SCHEDULE_PATH,
    {
      summary: "The signed-in user's employee's month: each scheduled or punched day with its shift and punches (the phone's schedule)",
      description:
        "Not in the seed. Only the caller's own employee (none: `eeid` null and no days); the days of the month in the employee's shop.",
      perm: null,
      self: true,
      query: myScheduleQuery,
      response: mySchedule,
    },
    async ({ tx, auth, query }) => {
      const employee = await myEmployee(tx, auth);
      const none = {
        eeid: employee?.id ?? null,
        eename: employee?.name ?? null,
        shopName: null,
        month: query.month,
        today: null,
        zone: null,
      };
      if (!employee?.shopId) return { ...none, days: [] };
      const config = await shopConfigOf(tx, employee.shopId);
      const { today, zone } = await todayOf(tx, auth, config);
      const first = `${query.month}-01`;
      const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
      const rules = await rulesOf(tx, config);
      const rows = await recordSelect(tx)
        .where(and(eq(checkRecords.employeeId, employee.id), between(checkRecords.cdate, first, last)))
        .orderBy(asc(checkRecords.cdate));
      return { ...none, shopName: employee.shopName, today, zone, days: rows.map((row) => present(row, today, rules)) };
    },
  );

  route(
    app,
    'GET',
    `${R}/qrCode`,
    {
      summary: "The shop's current sign-in QR token (changes every two minutes; each is good for two to four)",
      description: 'Not in the seed. The QR code holds the web address of the sign-in page with this token.',
      perm: 'attendance.qrcode.view',
      query: shopConfigQuery,
      response: qrCodeAnswer,
    },
    async ({ tx, query, auth, req }) => {
      const shop = await shopOf(tx, auth, query.shopid);
      const { token, expiresAt } = qrToken(req.server.secret, auth.tenantId, shop.id);
      return { shopId: shop.id, shopName: shop.name, token, expiresAt: expiresAt.toISOString() };
    },
  );

  route(
    app,
    'GET',
    `${R}/getRecordsList`,
    {
      summary: "A shop's attendance on one day: every employee's shift, punches, statuses, absence, rest and study",
      perm: 'attendance.record.view',
      query: recordsQuery,
      response: z.array(recordRow),
    },
    async ({ tx, query, auth }) => {
      await shopOf(tx, auth, query.shopid);
      const config = await shopConfigOf(tx, query.shopid);
      const { today } = await todayOf(tx, auth, config);
      const rules = await rulesOf(tx, config);
      const rows = await recordSelect(tx)
        .where(
          and(
            eq(checkRecords.shopId, query.shopid),
            eq(checkRecords.cdate, query.date),
            query.eeid ? eq(checkRecords.employeeId, query.eeid) : undefined,
          ),
        )
        .orderBy(asc(employees.eecode));
      return rows.map((row) => present(row, today, rules));
    },
  );
  route(
    app,
    'GET',
    `${R}/getShopMonthRecords`,
    {
      summary: "A shop's month of attendance: employees × days, each cell the day's shift and statuses",
      perm: 'attendance.record.view',
      query: monthQuery,
      response: monthGrid,
    },
    ({ tx, query, auth }) => shopMonthGrid(tx, auth, query.shopid, query.month),
  );
  route(
    app,
    'GET',
    `${R}/:id`,
    {
      summary: 'One attendance day with its corrections (who, when, why, the old and the new value)',
      description: 'Not in the seed: the detail the day view opens.',
      perm: 'attendance.record.view',
      params: idParam,
      response: recordDetail,
    },
    ({ tx, params, auth }) => detail(tx, auth, params.id),
  );

  const correction = { perm: 'attendance.record.edit', entity: 'checkrecords', verb: 'update' as const, response: recordDetail };
  route(
    app,
    'POST',
    `${R}/editBc`,
    {
      ...correction,
      summary: "Change a day's shift (null: rest) with a reason; the punches are judged again",
      body: editBcBody,
    },
    async ({ tx, body, auth }) => {
      const record = await lockRecord(tx, auth, body.id);
      const shift = await shiftFor(tx, record.shopId, body.classId);
      if (record.classId === body.classId) throw conflict('nothingChanged');
      const old = record.classId ? await shiftFor(tx, record.shopId, record.classId, 'id').catch(() => null) : null;
      await storeJudged(tx, auth, record, { classId: body.classId });
      await logCorrection(
        tx,
        auth,
        record,
        'bc',
        'classId',
        { classId: record.classId, name: old?.name ?? null },
        { classId: body.classId, name: shift?.name ?? null },
        body.reason,
      );
      return detail(tx, auth, record.id);
    },
  );
  route(
    app,
    'POST',
    `${R}/editKq`,
    {
      ...correction,
      summary: 'Mark a morning, an afternoon or a whole day as rest, study or absence (none: clear) with a reason',
      body: editKqBody,
    },
    async ({ tx, body, auth }) => {
      const record = await lockRecord(tx, auth, body.id);
      const value = body.type === 'none' ? null : body.type;
      const next = {
        kqAm: body.kqid === 'pm' ? record.kqAm : value,
        kqPm: body.kqid === 'am' ? record.kqPm : value,
      };
      if (next.kqAm === record.kqAm && next.kqPm === record.kqPm) throw conflict('nothingChanged');
      await storeJudged(tx, auth, record, next);
      await logCorrection(tx, auth, record, 'kq', body.kqid, { kqAm: record.kqAm, kqPm: record.kqPm }, next, body.reason);
      return detail(tx, auth, record.id);
    },
  );
  route(
    app,
    'POST',
    `${R}/editStatus`,
    {
      ...correction,
      summary: 'Set the status of a sign-in or a sign-out by hand, with a reason',
      description:
        'A sign-in may be 1 正常, 2 迟到 or 4 旷工 (never 早退); a sign-out 1, 3 早退 or 4 (never 迟到). 旷工 counts a whole day. A missing punch is added with bkSignIn.',
      body: editStatusBody,
    },
    async ({ tx, body, auth, lang }) => {
      const record = await lockRecord(tx, auth, body.id);
      if (body.type === 'on' && body.status === 3) throw fieldError('status', 'signInNotEarly');
      if (body.type === 'off' && body.status === 2) throw fieldError('status', 'signOutNotLate');
      const punch = body.type === 'on' ? record.onWork : record.offWork;
      if (!punch) throw conflict('noPunch', { type: translate(lang, body.type === 'on' ? 'signIn' : 'signOut') });
      const old = body.type === 'on' ? record.onStatus : record.offStatus;
      if (old === body.status) throw conflict('nothingChanged');
      await storeJudged(
        tx,
        auth,
        record,
        body.type === 'on' ? { onStatus: body.status, onStatusSet: true } : { offStatus: body.status, offStatusSet: true },
      );
      await logCorrection(tx, auth, record, 'status', body.type === 'on' ? 'onStatus' : 'offStatus', old, body.status, body.reason);
      return detail(tx, auth, record.id);
    },
  );
  route(
    app,
    'POST',
    `${R}/bkSignIn`,
    {
      ...correction,
      summary: 'Add a missing sign-in or sign-out (make-up, shown with 补) at a time of the day, with a reason',
      description:
        "A time before the shop's day start belongs to the next calendar day. Not for a future day; a punch already there answers 409; " +
        "a sign-in more than the shop's `earlyLimit` minutes before the day's shift starts answers 400 on `time`.",
      body: bkSignInBody,
    },
    async ({ tx, body, auth, lang }) => {
      await shopOf(tx, auth, body.shopid);
      const [employee] = await tx
        .select({ id: employees.id, name: employees.name, shopId: employees.shopId })
        .from(employees)
        .where(eq(employees.id, body.eeid));
      if (!employee) throw fieldError('eeid', 'missingReference', { field: '@employee' });
      const [existing] = await tx
        .select({ shopId: checkRecords.shopId })
        .from(checkRecords)
        .where(and(eq(checkRecords.employeeId, body.eeid), eq(checkRecords.cdate, body.date)));
      const shopId = existing?.shopId ?? employee.shopId;
      if (shopId !== body.shopid) throw fieldError('eeid', 'employeeNotInShop', { name: employee.name });
      const config = await shopConfigOf(tx, body.shopid);
      const { today, zone } = await todayOf(tx, auth, config);
      if (body.date > today) throw fieldError('date', 'futureDay');
      const at = timeOfDay(body.date, body.time, config.cstartTime, zone);
      const record = await dayRecord(tx, auth, body.shopid, body.eeid, body.date);
      const punch = body.type === 'on' ? record.onWork : record.offWork;
      const typeName = translate(lang, body.type === 'on' ? 'signIn' : 'signOut');
      if (punch) throw conflict('punchExists', { type: typeName, time: body.time });
      if (body.type === 'off' && record.onWork && at < record.onWork) throw fieldError('time', 'signOutBeforeIn');
      if (body.type === 'on' && record.offWork && at > record.offWork) throw fieldError('time', 'signOutBeforeIn');
      if (body.type === 'on') await assertNotTooEarly(tx, record, config, zone, at, 'time');
      await storeJudged(
        tx,
        auth,
        record,
        body.type === 'on'
          ? { onWork: at, onBk: true, onMethod: 'makeup', onStatusSet: false }
          : { offWork: at, offBk: true, offMethod: 'makeup', offStatusSet: false },
      );
      await logCorrection(tx, auth, record, 'bk', body.type === 'on' ? 'onWork' : 'offWork', null, at.toISOString(), body.reason);
      return detail(tx, auth, record.id);
    },
  );
}
