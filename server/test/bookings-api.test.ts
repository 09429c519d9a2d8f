import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bookings, checkRecords, serviceShopPrices, services, smsMessages } from '../src/db/schema.js';
import { scheduleClose, scheduleMissingClocks } from '../src/modules/bookings/clock.js';
import { customerCancel, payDeposit } from '../src/modules/bookings/deposits.js';
import { smsBook } from '../src/modules/messaging/allowance.js';
import { JobRunner } from '../src/platform/jobs.js';
import { rowsOf } from '../src/platform/ledger.js';
import { inTenant } from '../src/platform/tenancy.js';
import { key, makeMember } from './assets-support.js';
import { build, type Client, XLSX } from './helpers.js';
import { expect400, expectStatus, foreignTenant } from './staff-support.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const YY = '/api-yy';
const CONFIG = '/api-chain/config/getYYconfig';
const SET_CONFIG = '/api-chain/config/setYYconfig';
const uniq = () => randomBytes(3).toString('hex').toUpperCase();
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const day = addDays(today, 2);
let mobiles = 0;
/** A fresh customer's mobile: the per-customer limits start from nothing. */
const mobile = () => `139${String(Date.now() % 10_000_000).padStart(7, '0')}`.slice(0, 7) + String(1000 + (mobiles++ % 9000));

describe('bookings API', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await foreignTenant(t);
  const anon = t.client();
  const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as any[];
  const mine = shops.find((s) => s.code === 'HZ001');
  const other = shops.find((s) => s.code === 'BJ001');

  const employee = async (shopId: number, name = `发型师${uniq()}`) => {
    const res = await a.admin.post('/api-chain/employee', { eecode: `Y${uniq()}`, name, shopId, entryDate: '2024-01-01' });
    expectStatus(res, 200);
    return res.body.data as { id: number; name: string };
  };
  const schedule = async (shopId: number, eeids: number[], startTime = '09:00', endTime = '19:00') => {
    const color = (await a.admin.get('/api-pers/checkclass/getMaxColor', { shopid: shopId })).body.data ?? '#8c8c8c';
    const shift = await a.admin.post('/api-pers/checkclass/save', {
      code: `BC${uniq()}`,
      name: `班${uniq()}`,
      shopId,
      startTime,
      endTime,
      color,
    });
    expectStatus(shift, 200);
    const res = await a.admin.post('/api-pers/employeeschedule/batchPb', {
      shopid: shopId,
      eeids,
      startDate: today,
      endDate: addDays(today, 5),
      classId: shift.body.data.id,
    });
    expectStatus(res, 200);
  };
  const e1 = await employee(mine.id);
  const e2 = await employee(mine.id);
  const unscheduled = await employee(mine.id);
  const eOther = await employee(other.id);
  await schedule(mine.id, [e1.id, e2.id]);
  await schedule(other.id, [eOther.id]);
  const [cut, colour] = await inTenant(t.database.db, a.tenantId, (tx) =>
    tx
      .insert(services)
      .values([
        { tenantId: a.tenantId, code: `YS${uniq()}`, name: '剪发', durationMinutes: 30 },
        { tenantId: a.tenantId, code: `YS${uniq()}`, name: '染发', durationMinutes: 45 },
      ])
      .returning({ id: services.id }),
  );
  // Both are sold at the booking shop, so that an arrival's till bill prices them.
  await inTenant(t.database.db, a.tenantId, (tx) =>
    tx.insert(serviceShopPrices).values([
      { tenantId: a.tenantId, shopId: mine.id, serviceId: cut.id, price: 8_800 },
      { tenantId: a.tenantId, shopId: mine.id, serviceId: colour.id, price: 20_000 },
    ]),
  );
  const channel = (await a.admin.get(`${YY}/channel/list/all`)).body.data[0];

  const limited = await createLimitedUser(t, a, {
    perms: ['bookings.booking.view', 'bookings.booking.edit', 'bookings.calendar.view', 'bookings.statistics.view'],
    loginShops: [mine.id],
  });
  const lim = limited.client;
  const nobody = (await createLimitedUser(t, a, { perms: [], loginShops: [mine.id] })).client;
  const viewer = (await createLimitedUser(t, a, { perms: ['bookings.booking.view', 'bookings.config.view'] })).client;

  const book = (fields: Record<string, unknown> = {}, client: Client = a.admin, headers?: Record<string, string>) =>
    client.post(
      `${YY}/billhead/save`,
      {
        shopId: mine.id,
        custname: '王女士',
        custmobile: mobile(),
        eeid: e1.id,
        yydate: `${day} 10:00`,
        serviceIds: [cut.id],
        ycid: channel?.id,
        ...fields,
      },
      headers,
    );
  const detail = async (id: number, client: Client = a.admin) => (await client.get(`${YY}/billhead/id/${id}`)).body.data;
  let slot = 9 * 60;
  /** A free half hour of e2's day for a test of its own. */
  const nextSlot = () => {
    slot += 30;
    return `${day} ${String(Math.floor(slot / 60)).padStart(2, '0')}:${String(slot % 60).padStart(2, '0')}`;
  };

  describe('settings (getYYconfig / setYYconfig) and channels', () => {
    it('reads the defaults, saves and reads back; 400 names a bad field; 401, 403', async () => {
      const got = await a.admin.get(CONFIG);
      expectStatus(got, 200);
      expect(got.body.data).toMatchObject({ stime: '09:00', etime: '21:00', timeType: 2 });
      const saved = await a.admin.post(SET_CONFIG, { ...got.body.data, earliertime: 45 });
      expectStatus(saved, 200);
      expect((await a.admin.get(CONFIG)).body.data.earliertime).toBe(45);
      expect400(await a.admin.post(SET_CONFIG, { ...got.body.data, stime: '25:00' }), 'stime');
      const backwards = await a.admin.post(SET_CONFIG, { ...got.body.data, stime: '20:00', etime: '10:00' }, EN);
      expect400(backwards, 'etime');
      expect400(await a.admin.post(SET_CONFIG, { ...got.body.data, timeType: 3 }), 'timeType');
      expectStatus(await anon.get(CONFIG), 401);
      expectStatus(await nobody.get(CONFIG), 403);
      expectStatus(await viewer.post(SET_CONFIG, got.body.data), 403);
      expectStatus(await a.admin.post(SET_CONFIG, got.body.data), 200);
    });
    it('lists the bookable services with their minutes to any signed-in user', async () => {
      const res = await nobody.get(`${YY}/service/list/all`);
      expectStatus(res, 200);
      expect(res.body.data).toContainEqual({ id: colour.id, name: '染发', minutes: 45 });
      expectStatus(await anon.get(`${YY}/service/list/all`), 401);
    });
    it('lists the channels in use to any signed-in user', async () => {
      const res = await nobody.get(`${YY}/channel/list/all`);
      expectStatus(res, 200);
      expect(res.body.data.length).toBeGreaterThan(0);
      expect(res.body.data[0]).toHaveProperty('name');
    });
  });

  describe('bookings (billhead)', () => {
    it('books a customer: 预约中, numbered, services and minutes, logged with its source, listed', async () => {
      const res = await book({ serviceIds: [cut.id, colour.id] });
      expectStatus(res, 200);
      const d = await detail(res.body.data.id);
      expect(d).toMatchObject({
        state: '3',
        shopId: mine.id,
        eeid: e1.id,
        eeName: e1.name,
        yydate: `${day} 10:00`,
        hjtimes: 75,
        sersnames: '剪发、染发',
        ctype: 4,
        revision: 1,
      });
      expect(d.billNo).toMatch(/^YY\d{8}-\d{4}$/);
      expect(d.log.map((l: any) => l.action)).toEqual(['book']);
      const log = await a.admin.get(`${YY}/billlog/list/all`, { billId: d.id });
      expectStatus(log, 200);
      expect(log.body.data).toEqual([expect.objectContaining({ billId: d.id, status: 3, ctype: 4, action: 'book' })]);
      const list = await a.admin.get(`${YY}/billhead/chain/list`, { shopId: mine.id, dateFrom: day, dateTo: day, pageSize: 100 });
      expectStatus(list, 200);
      expect(list.body.data.list.some((r: any) => r.id === d.id)).toBe(true);
      const byState = await a.admin.get(`${YY}/billhead/chain/list`, { state: '-2', dateFrom: day, dateTo: day });
      expect(byState.body.data.list.some((r: any) => r.id === d.id)).toBe(false);
      // The slot is taken now: another booking of e1 at 10:30 overlaps the 75 minutes.
      const clash = await book({ yydate: `${day} 10:30` });
      expectStatus(clash, 409);
      expect(clash.body.resp_msg).toContain(e1.name);
    });
    it('a shop user books as 门店; sees only its shop: another shop is 403, its booking 404', async () => {
      const res = await book({ eeid: e2.id, yydate: nextSlot() }, lim);
      expectStatus(res, 200);
      expect((await detail(res.body.data.id)).ctype).toBe(3);
      const theirs = await book({ shopId: other.id, eeid: eOther.id, yydate: `${day} 11:00` });
      expectStatus(theirs, 200);
      expectStatus(await book({ shopId: other.id, eeid: eOther.id, yydate: `${day} 15:00` }, lim), 403);
      expectStatus(await lim.get(`${YY}/billhead/id/${theirs.body.data.id}`), 404);
      expectStatus(await lim.get(`${YY}/billlog/list/all`, { billId: theirs.body.data.id }), 404);
      const list = await lim.get(`${YY}/billhead/chain/list`, { pageSize: 100 });
      expect(list.body.data.list.every((r: any) => r.shopId === mine.id)).toBe(true);
      expectStatus(await lim.get(`${YY}/billhead/chain/list`, { shopId: other.id }), 403);
      const rev = (await detail(theirs.body.data.id)).revision;
      expectStatus(await lim.post(`${YY}/billhead/cancel`, { id: theirs.body.data.id, revision: rev }), 404);
      const move = { id: theirs.body.data.id, revision: rev, yydate: `${day} 12:00` };
      expectStatus(await lim.post(`${YY}/billhead/editYYdate`, move), 404);
      expectStatus(await lim.get(`${YY}/billhead/availability`, { shopId: other.id, date: day }), 403);
    });
    it('400 with a message on bad input; 401; 403 without the right; 404 for another tenant', async () => {
      expect400(await book({ custmobile: '123' }), 'custmobile');
      expect400(await book({ yydate: '2026-13-01 10:00' }), 'yydate');
      const none = await book({ serviceIds: [], hjtimes: undefined }, a.admin, EN);
      expect400(none, 'serviceIds');
      expect(none.body.errors?.[0]?.message).toContain('minutes');
      expect400(await book({ eeid: eOther.id, yydate: nextSlot() }), 'eeid');
      expect400(await book({ eeid: b.employee.id, yydate: nextSlot() }), 'eeid');
      expectStatus(await anon.post(`${YY}/billhead/save`, {}), 401);
      expectStatus(await book({}, nobody), 403);
      expectStatus(await book({}, viewer), 403);
      const mineBooking = await book({ eeid: e2.id, yydate: nextSlot() });
      const foreign = b.admin;
      expectStatus(await foreign.get(`${YY}/billhead/id/${mineBooking.body.data.id}`), 404);
      expectStatus(await foreign.post(`${YY}/billhead/yysure`, { id: mineBooking.body.data.id, revision: 1 }), 404);
      expectStatus(await foreign.get(`${YY}/billlog/list/all`, { billId: mineBooking.body.data.id }), 404);
    });
    it('editYYdate moves under the rules and bumps the revision; a stale revision is 409; only from 预约中', async () => {
      const res = await book({ eeid: e2.id, yydate: `${day} 16:00` });
      const id = res.body.data.id;
      const moved = await a.admin.post(`${YY}/billhead/editYYdate`, { id, revision: 1, yydate: `${day} 16:30` });
      expectStatus(moved, 200);
      expect(moved.body.data).toMatchObject({ yydate: `${day} 16:30`, revision: 2, state: '3' });
      const stale = await a.admin.post(`${YY}/billhead/editYYdate`, { id, revision: 1, yydate: `${day} 17:00` });
      expectStatus(stale, 409);
      // Moved onto another stylist's taken time: 409; to the other stylist's free time: done.
      const blocker = await book({ eeid: e1.id, yydate: `${day} 17:30` });
      expectStatus(blocker, 200);
      expectStatus(await a.admin.post(`${YY}/billhead/editYYdate`, { id, revision: 2, yydate: `${day} 17:30`, eeid: e1.id }), 409);
      const toE1 = await a.admin.post(`${YY}/billhead/editYYdate`, { id, revision: 2, yydate: `${day} 18:00`, eeid: e1.id });
      expectStatus(toE1, 200);
      expect(toE1.body.data.eeid).toBe(e1.id);
      expect400(await a.admin.post(`${YY}/billhead/editYYdate`, { id, revision: 3, yydate: `${day} 22:00` }), 'yydate');
      expect400(await a.admin.post(`${YY}/billhead/editYYdate`, { id, yydate: `${day} 12:00` }), 'revision');
      const arrived = await a.admin.post(`${YY}/billhead/yysure`, { id, revision: 3 });
      expectStatus(arrived, 200);
      expect(arrived.body.data.state).toBe('4');
      expect(arrived.body.data.log.map((l: any) => l.action)).toEqual(['book', 'editYYdate', 'editYYdate', 'yysure']);
      const late = await a.admin.post(`${YY}/billhead/cancel`, { id, revision: 4 });
      expectStatus(late, 409);
      expect(late.body.resp_msg).toContain('已到店');
      expectStatus(await a.admin.post(`${YY}/billhead/editYYdate`, { id, revision: 4, yydate: `${day} 12:00` }), 409);
    });
    it('cancel (商家取消) frees the slot; the log names the source of each change', async () => {
      const time = `${day} 18:30`;
      const res = await book({ eeid: e2.id, yydate: time });
      const id = res.body.data.id;
      const stale = await lim.post(`${YY}/billhead/cancel`, { id, revision: 7 });
      expectStatus(stale, 409);
      // The bill pages send the revision as the bill's version.
      const cancelled = await lim.post(`${YY}/billhead/cancel`, { id, version: 1 });
      expectStatus(cancelled, 200);
      expect(cancelled.body.data.state).toBe('-2');
      const again = await book({ eeid: e2.id, yydate: time });
      expectStatus(again, 200);
      // The calendar shows the slot's new booking alone: the cancelled one has left it.
      const calendar = (await lim.get(`${YY}/billhead/availability`, { shopId: mine.id, date: day })).body.data;
      const atTime = calendar.stylists.find((s: any) => s.eeid === e2.id).bookings.filter((b: any) => b.start === '18:30');
      expect(atTime.map((b: any) => [b.id, b.state])).toEqual([[again.body.data.id, '3']]);
      const log = (await a.admin.get(`${YY}/billlog/list/all`, { billId: id })).body.data;
      expect(log.map((l: any) => [l.status, l.ctype])).toEqual([
        [3, 4],
        [-2, 3],
      ]);
    });
    it('exports the list under its filters', async () => {
      const res = await a.admin.get(`${YY}/billhead/chain/export`, { dateFrom: day, dateTo: day, shopId: mine.id });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain(XLSX);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.raw as never);
      expect(wb.worksheets[0].rowCount).toBeGreaterThan(1);
    });
  });

  describe('arrival (yysure) opens the till bill', () => {
    const TILL = '/api-cashier';
    it("opens a member's bill with the booked services and stylist; the booking and the calendar show it", async () => {
      const member = await makeMember(t, a, mine.id);
      const res = await book({
        eeid: e2.id,
        yydate: `${day} 14:00`,
        serviceIds: [cut.id, colour.id],
        memid: member.id,
        custmobile: member.mobile,
      });
      expectStatus(res, 200);
      const id = res.body.data.id;
      const arrived = await lim.post(`${YY}/billhead/yysure`, { id, revision: 1 });
      expectStatus(arrived, 200);
      const booking = arrived.body.data;
      expect(booking).toMatchObject({ state: '4', tillBillState: 'open' });
      const bill = (await a.admin.get(`${TILL}/checkout/bill/${booking.tillBillId}`)).body.data;
      expect(bill).toMatchObject({ shopId: mine.id, memberId: member.id, billNo: booking.tillBillNo, amount: 28_800 });
      expect(bill.lines.map((l: any) => [l.itemId, l.amount, l.staff.map((s: any) => [s.employeeId, s.station, s.appointed])])).toEqual([
        [cut.id, 8_800, [[e2.id, 1, true]]],
        [colour.id, 20_000, [[e2.id, 1, true]]],
      ]);
      const calendar = (await lim.get(`${YY}/billhead/availability`, { shopId: mine.id, date: day })).body.data;
      const shown = calendar.stylists.find((s: any) => s.eeid === e2.id).bookings.find((b: any) => b.id === id);
      expect(shown).toMatchObject({ state: '4', tillBillId: booking.tillBillId, tillBillNo: booking.tillBillNo });
    });
    it("a walk-in's bill with a typed hand tag; a tag in use is 409 and the booking stays booked", async () => {
      const first = (await book({ eeid: null, yydate: `${day} 12:00` })).body.data.id;
      const second = (await book({ eeid: null, yydate: `${day} 12:00` })).body.data.id;
      const opened = await a.admin.post(`${YY}/billhead/yysure`, { id: first, revision: 1, handTag: 9_001 });
      expectStatus(opened, 200);
      const bill = (await a.admin.get(`${TILL}/checkout/bill/${opened.body.data.tillBillId}`)).body.data;
      expect(bill).toMatchObject({ memberId: null, handTag: 9_001 });
      expect(bill.lines.map((l: any) => [l.itemId, l.staff])).toEqual([[cut.id, []]]);
      expectStatus(await a.admin.post(`${YY}/billhead/yysure`, { id: second, revision: 1, handTag: 9_001 }), 409);
      expect(await detail(second)).toMatchObject({ state: '3', tillBillId: null });
    });
    it('a voided or revoked bill leaves the booking arrived, counted once, its bill shown in that state', async () => {
      const setup = (await a.admin.get(`${TILL}/checkout/setup`, { shopid: mine.id })).body.data;
      const cashId = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;
      const voided = (await book({ eeid: null, yydate: `${day} 13:00` })).body.data.id;
      const revoked = (await book({ eeid: null, yydate: `${day} 13:00` })).body.data.id;
      const before = (await a.admin.get(`${YY}/statisshop/chain/list/all`, { dateFrom: day, dateTo: day, shopId: mine.id })).body.data;
      const v = (await a.admin.post(`${YY}/billhead/yysure`, { id: voided, revision: 1 })).body.data;
      expectStatus(await a.admin.post(`${TILL}/checkout/void`, { id: v.tillBillId, reason: '顾客改期' }), 200);
      const r = (await a.admin.post(`${YY}/billhead/yysure`, { id: revoked, revision: 1 })).body.data;
      const open = (await a.admin.get(`${TILL}/checkout/bill/${r.tillBillId}`)).body.data;
      const payments = [{ payTypeId: cashId, amount: open.amount }];
      expectStatus(await a.admin.post(`${TILL}/checkout/settle`, { id: open.id, version: open.version, payments }, key()), 200);
      expectStatus(await a.admin.post(`${TILL}/servicerecords/chain/revoke`, { id: open.id, hcMemo: '录错' }), 200);
      expect(await detail(voided)).toMatchObject({ state: '4', tillBillId: v.tillBillId, tillBillState: 'voided' });
      expect(await detail(revoked)).toMatchObject({ state: '4', tillBillId: r.tillBillId, tillBillState: 'revoked' });
      const list = await a.admin.get(`${YY}/billhead/chain/list`, { dateFrom: day, dateTo: day, state: '4' });
      expectStatus(list, 200);
      expect(
        list.body.data.list
          .filter((b: any) => [voided, revoked].includes(b.id))
          .map((b: any) => b.tillBillState)
          .sort(),
      ).toEqual(['revoked', 'voided']);
      const after = (await a.admin.get(`${YY}/statisshop/chain/list/all`, { dateFrom: day, dateTo: day, shopId: mine.id })).body.data;
      const done = (rows: any[]) => rows.reduce((n, row) => n + row.doneNum, 0);
      expect(done(after) - done(before)).toBe(2);
    });
  });

  describe('availability rules', () => {
    it('refuses a slot before the bookable hours, after them, in the past or beyond maxday', async () => {
      const early = await book({ eeid: null, yydate: `${day} 08:30` }, a.admin, EN);
      expect400(early, 'yydate');
      expect(early.body.errors?.[0]?.message).toContain('09:00');
      expect400(await book({ eeid: null, yydate: `${day} 20:45` }), 'yydate'); // 30 minutes end past 21:00
      expect400(await book({ eeid: null, yydate: `${addDays(today, -1)} 10:00` }), 'yydate');
      const far = await book({ eeid: null, yydate: `${addDays(today, 15)} 10:00` }, a.admin, EN);
      expect400(far, 'yydate');
      expect(far.body.errors?.[0]?.message).toContain('14 days');
      expectStatus(await book({ eeid: null, yydate: `${addDays(today, 14)} 10:00` }), 200);
    });
    it('a stylist is bookable only on a scheduled day, inside the shift, not on leave', async () => {
      const notScheduled = await book({ eeid: unscheduled.id, yydate: nextSlot() }, a.admin, EN);
      expectStatus(notScheduled, 409);
      expect(notScheduled.body.resp_msg).toContain('not scheduled');
      expectStatus(await book({ eeid: e2.id, yydate: `${addDays(today, 7)} 10:00` }), 409); // beyond the schedule
      const afterShift = await book({ eeid: e2.id, yydate: `${day} 19:00` }, a.admin, EN);
      expectStatus(afterShift, 409);
      expect(afterShift.body.resp_msg).toContain('09:00–19:00');
      const leaveDay = addDays(today, 3);
      await inTenant(t.database.db, a.tenantId, (tx) =>
        tx
          .update(checkRecords)
          .set({ kqPm: 'rest' })
          .where(and(eq(checkRecords.employeeId, e2.id), eq(checkRecords.cdate, leaveDay))),
      );
      const onLeave = await book({ eeid: e2.id, yydate: `${leaveDay} 14:00` }, a.admin, EN);
      expectStatus(onLeave, 409);
      expect(onLeave.body.resp_msg).toContain('on leave');
      expectStatus(await book({ eeid: e2.id, yydate: `${leaveDay} 11:45` }), 409); // runs past noon into the leave
      expectStatus(await book({ eeid: e2.id, yydate: `${leaveDay} 11:00` }), 200);
      const av = (await a.admin.get(`${YY}/billhead/availability`, { shopId: mine.id, date: leaveDay })).body.data;
      const theirs = av.stylists.find((s: any) => s.eeid === e2.id);
      expect(theirs.leave).toEqual([{ start: '12:00', end: '19:00' }]);
      expect(theirs.free).toEqual([
        { start: '09:00', end: '11:00' },
        { start: '11:30', end: '12:00' },
      ]);
    });
    it('occupied minutes follow timeType: 累计 the sum, 叠加 the longest service', async () => {
      const config = (await a.admin.get(CONFIG)).body.data;
      const sumDay = addDays(today, 4);
      const summed = await book({ eeid: e1.id, yydate: `${sumDay} 09:00`, serviceIds: [cut.id, colour.id] });
      expect((await detail(summed.body.data.id)).hjtimes).toBe(75);
      expectStatus(await book({ eeid: e1.id, yydate: `${sumDay} 10:00` }), 409);
      expectStatus(await book({ eeid: e1.id, yydate: `${sumDay} 10:15` }), 200);
      expectStatus(await a.admin.post(SET_CONFIG, { ...config, timeType: 1 }), 200);
      try {
        const longest = await book({ eeid: e1.id, yydate: `${sumDay} 12:00`, serviceIds: [cut.id, colour.id] });
        expect((await detail(longest.body.data.id)).hjtimes).toBe(45);
        expectStatus(await book({ eeid: e1.id, yydate: `${sumDay} 12:45` }), 200);
      } finally {
        expectStatus(await a.admin.post(SET_CONFIG, config), 200);
      }
    });
    it('dayLimit: bookings per customer and day; miss: N no-shows in M days block the customer', async () => {
      const config = (await a.admin.get(CONFIG)).body.data;
      const customer = mobile();
      expectStatus(await a.admin.post(SET_CONFIG, { ...config, dayLimit: 1, miss: 2, restrictedDay: 30 }), 200);
      try {
        expectStatus(await book({ eeid: null, custmobile: customer, yydate: `${day} 12:00` }), 200);
        const second = await book({ eeid: null, custmobile: customer, yydate: `${day} 13:00` }, a.admin, EN);
        expectStatus(second, 409);
        expect(second.body.resp_msg).toContain('limit');
        expectStatus(await book({ eeid: null, custmobile: customer, yydate: `${addDays(day, 1)} 13:00` }), 200);
        const missing = mobile();
        const ids: number[] = [];
        for (const d of [1, 2])
          ids.push((await book({ eeid: null, custmobile: missing, yydate: `${addDays(day, d)} 14:00` })).body.data.id);
        // Two no-shows (the clock's job marks them; here they are set so), recent: blocked.
        await inTenant(t.database.db, a.tenantId, (tx) =>
          Promise.all(
            ids.map((id) =>
              tx
                .update(bookings)
                .set({ status: -3, yyday: addDays(today, -3) })
                .where(eq(bookings.id, id)),
            ),
          ),
        );
        const blocked = await book({ eeid: null, custmobile: missing, yydate: `${day} 15:00` }, a.admin, EN);
        expectStatus(blocked, 409);
        expect(blocked.body.resp_msg).toContain('missed 2');
        // Older than restrictedDay: they no longer count.
        await inTenant(t.database.db, a.tenantId, (tx) =>
          Promise.all(
            ids.map((id) =>
              tx
                .update(bookings)
                .set({ yyday: addDays(today, -40) })
                .where(eq(bookings.id, id)),
            ),
          ),
        );
        expectStatus(await book({ eeid: null, custmobile: missing, yydate: `${day} 15:00` }), 200);
      } finally {
        expectStatus(await a.admin.post(SET_CONFIG, config), 200);
      }
    });
    it('20 concurrent bookings of one stylist’s slot: exactly one wins', async () => {
      const time = `${addDays(today, 5)} 15:00`;
      const answers = await Promise.all(Array.from({ length: 20 }, () => book({ eeid: e2.id, yydate: time })));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      const av = (await a.admin.get(`${YY}/billhead/availability`, { shopId: mine.id, date: addDays(today, 5) })).body.data;
      expect(av.stylists.find((s: any) => s.eeid === e2.id).bookings.filter((x: any) => x.start === '15:00')).toHaveLength(1);
    });
  });

  describe('availability and statistics', () => {
    it("a shop's day: each stylist's shift, bookings and free time; 400, 401, 403", async () => {
      const res = await lim.get(`${YY}/billhead/availability`, { shopId: mine.id, date: day });
      expectStatus(res, 200);
      const s1 = res.body.data.stylists.find((s: any) => s.eeid === e1.id);
      expect(s1.work).toEqual({ start: '09:00', end: '19:00' });
      expect(s1.bookings.some((x: any) => x.start === '10:00' && x.end === '11:15')).toBe(true);
      expect(s1.free[0]).toEqual({ start: '09:00', end: '10:00' });
      expect(res.body.data.stylists.find((s: any) => s.eeid === unscheduled.id)).toMatchObject({ work: null, free: [] });
      expect400(await lim.get(`${YY}/billhead/availability`, { shopId: mine.id, date: 'tomorrow' }), 'date');
      expectStatus(await anon.get(`${YY}/billhead/availability`, { shopId: mine.id, date: day }), 401);
      expectStatus(await nobody.get(`${YY}/billhead/availability`, { shopId: mine.id, date: day }), 403);
    });
    it('statistics per shop × channel and per employee count from the bookings; the workbook; shop scope', async () => {
      const q = { dateFrom: day, dateTo: day };
      const res = await a.admin.get(`${YY}/statisshop/chain/list/all`, q);
      expectStatus(res, 200);
      const rows = res.body.data as any[];
      const truth = await inTenant(t.database.db, a.tenantId, (tx) =>
        tx.select({ status: bookings.status, shopId: bookings.shopId }).from(bookings).where(eq(bookings.yyday, day)),
      );
      const ofMine = truth.filter((r) => r.shopId === mine.id);
      const mineRows = rows.filter((r) => r.shopId === mine.id);
      expect(mineRows.reduce((s, r) => s + r.yyNum, 0)).toBe(ofMine.length);
      expect(mineRows.reduce((s, r) => s + r.doneNum, 0)).toBe(ofMine.filter((r) => r.status === 4 || r.status === 5).length);
      for (const r of rows) expect(r.doneRate).toBeCloseTo(r.doneNum / r.yyNum, 3);
      const perEmployee = (await a.admin.get(`${YY}/statisemployee/chain/list/all`, q)).body.data as any[];
      expect(perEmployee.find((r) => r.eeid === e1.id).yyNum).toBeGreaterThan(0);
      const limRows = (await lim.get(`${YY}/statisshop/chain/list/all`, q)).body.data as any[];
      expect(limRows.every((r) => r.shopId === mine.id)).toBe(true);
      expectStatus(await lim.get(`${YY}/statisshop/chain/list/all`, { ...q, shopId: other.id }), 403);
      expectStatus(await viewer.get(`${YY}/statisshop/chain/list/all`, q), 403);
      const xlsx = await a.admin.get(`${YY}/statisshop/list/excel`, q);
      expect(xlsx.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.raw as never);
      expect(wb.worksheets[0].rowCount).toBe(rows.length + 1);
    });
  });

  describe('the clock (jobs run at a moved time)', () => {
    const later = addDays(today, 3);
    const at = (dayTime: string) => new Date(`${dayTime.replace(' ', 'T')}:00+08:00`);
    const runner = new JobRunner(t.database.db, { batch: 50 });
    const runAt = async (when: Date) => {
      for (let i = 0; i < 10 && (await runner.runDue(when)) > 0; i++);
    };
    const stateOf = async (id: number) => (await detail(id)).state;

    it('texts a reminder the day before at the set time, once, from the shop’s allowance; not for a cancelled booking', async () => {
      const config = (await a.admin.get(CONFIG)).body.data;
      expectStatus(await a.admin.post(SET_CONFIG, { ...config, remind: true, remindTime: '10:00' }), 200);
      expectStatus(await a.admin.post('/api-chain/smsorder/create', { rechargenum: 1000, payje: 8000 }), 200);
      expectStatus(await a.admin.post('/api-push/smsshop/batchAssign', { shopIds: [mine.id], count: 100 }), 200);
      const reminded = (await book({ eeid: e1.id, yydate: `${later} 15:00` })).body.data.id;
      const cancelled = (await book({ eeid: e1.id, yydate: `${later} 16:00` })).body.data.id;
      expectStatus(await a.admin.post(`${YY}/billhead/cancel`, { id: cancelled, revision: 1 }), 200);
      const texts = async (id: number) => {
        const b = await detail(id);
        return inTenant(t.database.db, a.tenantId, (tx) =>
          tx
            .select()
            .from(smsMessages)
            .where(and(eq(smsMessages.kind, 'bookingReminder'), eq(smsMessages.mobile, b.custmobile))),
        );
      };
      const [before] = await inTenant(t.database.db, a.tenantId, (tx) => smsBook.balances(tx, [{ shopId: mine.id }]));
      await runAt(at(`${addDays(later, -1)} 09:59`));
      expect(await texts(reminded)).toHaveLength(0);
      await runAt(at(`${addDays(later, -1)} 10:01`));
      await runAt(at(`${addDays(later, -1)} 11:00`));
      const sent = await texts(reminded);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ shopId: mine.id, state: 'sent', text: expect.stringContaining('15:00') });
      expect(await texts(cancelled)).toHaveLength(0);
      const [after] = await inTenant(t.database.db, a.tenantId, (tx) => smsBook.balances(tx, [{ shopId: mine.id }]));
      expect(before - after).toBe(sent[0].parts);
      expectStatus(await a.admin.post(SET_CONFIG, { ...config, remind: false }), 200);
    });

    it('预约中 becomes 未到店 after its slot and the grace, by the back end; a moved or arrived booking is not touched', async () => {
      const missed = (await book({ eeid: e2.id, yydate: `${later} 10:00` })).body.data.id;
      const moved = (await book({ eeid: e1.id, yydate: `${later} 10:00` })).body.data.id;
      expectStatus(await a.admin.post(`${YY}/billhead/editYYdate`, { id: moved, revision: 1, yydate: `${later} 12:00` }), 200);
      const arrived = (await book({ eeid: null, yydate: `${later} 10:00` })).body.data.id;
      expectStatus(await a.admin.post(`${YY}/billhead/yysure`, { id: arrived, revision: 1 }), 200);
      // 10:00 + 30 minutes + the default grace of 30.
      await runAt(at(`${later} 10:59`));
      expect(await stateOf(missed)).toBe('3');
      await runAt(at(`${later} 11:01`));
      expect(await stateOf(missed)).toBe('-3');
      expect(await stateOf(moved)).toBe('3');
      expect(await stateOf(arrived)).toBe('4');
      const log = (await a.admin.get(`${YY}/billlog/list/all`, { billId: missed })).body.data;
      expect(log.at(-1)).toMatchObject({ action: 'noShow', status: -3, ctype: 4 });
      await runAt(at(`${later} 13:01`));
      expect(await stateOf(moved)).toBe('-3');
    });

    it('a booking awaiting its deposit (待支付) is closed (交易关闭) after the payment timeout', async () => {
      const [awaiting] = await inTenant(t.database.db, a.tenantId, async (tx) => {
        const rows = await tx
          .insert(bookings)
          .values({
            tenantId: a.tenantId,
            billNo: `YY${uniq()}`,
            shopId: mine.id,
            custname: '线上顾客',
            custmobile: mobile(),
            yyday: later,
            startMin: 17 * 60,
            hjtimes: 30,
            ctype: 1,
            status: 1,
          })
          .returning({ id: bookings.id, createdAt: bookings.createdAt });
        await scheduleClose(tx, a.tenantId, rows[0].id, rows[0].createdAt);
        return rows;
      });
      await runAt(new Date(awaiting.createdAt.getTime() + 14 * 60_000));
      expect(await stateOf(awaiting.id)).toBe('1');
      await runAt(new Date(awaiting.createdAt.getTime() + 16 * 60_000));
      expect(await stateOf(awaiting.id)).toBe('-4');
    });

    it('at start, queues the clock of open bookings made before it existed, once, and leaves the others alone', async () => {
      const old = (status: number, startMin: number) => ({
        tenantId: a.tenantId,
        billNo: `YY${uniq()}`,
        shopId: mine.id,
        custname: '旧预约',
        custmobile: mobile(),
        yyday: later,
        startMin,
        hjtimes: 30,
        ctype: 3,
        status,
      });
      const [booked, awaiting] = await inTenant(t.database.db, a.tenantId, (tx) =>
        tx
          .insert(bookings)
          .values([old(3, 18 * 60), old(1, 18 * 60 + 30)])
          .returning({ id: bookings.id, createdAt: bookings.createdAt }),
      );
      const jobsOf = async (id: number) =>
        rowsOf<{ name: string }>(
          await t.database.db.execute(
            sql`select name from jobs where tenant_id = ${a.tenantId} and payload->>'id' = ${String(id)} and state = 'queued' order by name`,
          ),
        ).map((j) => j.name);
      expect(await jobsOf(booked.id)).toEqual([]);
      await scheduleMissingClocks(t.database.db, a.tenantId);
      await scheduleMissingClocks(t.database.db, a.tenantId);
      expect(await jobsOf(booked.id)).toEqual(['bookings.noShow']);
      expect(await jobsOf(awaiting.id)).toEqual(['bookings.close']);
      await runAt(new Date(awaiting.createdAt.getTime() + 16 * 60_000));
      expect(await stateOf(awaiting.id)).toBe('-4');
      await runAt(at(`${later} 19:01`));
      expect(await stateOf(booked.id)).toBe('-3');
    });
  });

  describe('deposits (surety)', () => {
    const on = addDays(today, 4);
    const inA = <T>(work: Parameters<typeof inTenant<T>>[2]) => inTenant(t.database.db, a.tenantId, work);
    /** A customer's booking awaiting a ¥50 deposit at `time` of the deposits' day, then paid in the sandbox. */
    const paidBooking = async (time: string) => {
      const [row] = await inA((tx) =>
        tx
          .insert(bookings)
          .values({
            tenantId: a.tenantId,
            billNo: `YY${uniq()}`,
            shopId: mine.id,
            custname: '线上顾客',
            custmobile: mobile(),
            yyday: on,
            startMin: minutes(time),
            hjtimes: 30,
            ctype: 1,
            status: 1,
            payje: 5_000,
          })
          .returning({ id: bookings.id }),
      );
      await inA((tx) => payDeposit(tx, a.tenantId, row.id, 1));
      return row.id;
    };
    const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
    const at = (time: string) => new Date(`${on}T${time}:00+08:00`);

    it('paid, refunded on the shop’s cancel or a cancel in time, kept on a late cancel or a no-show; kept ones counted once', async () => {
      const before = (await a.admin.get(`${YY}/statisshop/chain/list/all`, { dateFrom: on, dateTo: on, shopId: mine.id })).body.data;
      expect(before.reduce((n: number, r: any) => n + r.keptje, 0)).toBe(0);
      const shopCancelled = await paidBooking('10:00');
      const inTime = await paidBooking('11:00');
      const late = await paidBooking('12:00');
      const missed = await paidBooking('13:00');
      expect(await detail(missed)).toMatchObject({ state: '3', suretyState: 0, extorderid: expect.stringContaining('SBX-PAY-') });
      await expect(inA((tx) => payDeposit(tx, a.tenantId, missed, 1))).rejects.toMatchObject({ status: 409 });
      expectStatus(await a.admin.post(`${YY}/billhead/cancel`, { id: shopCancelled, revision: 2 }), 200);
      // canceltime is 120 minutes: three hours before the slot is in time, one hour is late.
      expect(await inA((tx) => customerCancel(tx, a.tenantId, inTime, at('08:00')))).toEqual({ refunded: true });
      expect(await inA((tx) => customerCancel(tx, a.tenantId, late, at('11:00')))).toEqual({ refunded: false });
      const runner = new JobRunner(t.database.db, { batch: 50 });
      for (let i = 0; i < 10 && (await runner.runDue(at('14:01'))) > 0; i++);
      expect(await detail(missed)).toMatchObject({ state: '-3', suretyState: 2 });
      const surety = (await a.admin.get(`${YY}/billhead/surety/list`, { dateFrom: on, dateTo: on, shopId: mine.id })).body.data as any[];
      const byId = new Map(surety.map((r) => [r.id, r]));
      expect(byId.get(shopCancelled)).toMatchObject({ state: '-2', suretyState: 1, refundNo: expect.stringContaining('SBX-REFUND-') });
      expect(byId.get(inTime)).toMatchObject({ state: '-1', suretyState: 1 });
      expect(byId.get(late)).toMatchObject({ state: '-1', suretyState: 2, refundNo: null });
      expect(byId.get(missed)).toMatchObject({ state: '-3', suretyState: 2 });
      const log = (await a.admin.get(`${YY}/billlog/list/all`, { billId: late })).body.data;
      expect(log.map((l: any) => [l.action, l.ctype])).toEqual([
        ['pay', 1],
        ['customerCancel', 1],
      ]);
      const after = (await a.admin.get(`${YY}/statisshop/chain/list/all`, { dateFrom: on, dateTo: on, shopId: mine.id })).body.data;
      expect(after.reduce((n: number, r: any) => n + r.keptje, 0)).toBe(2 * 5_000);
    });
  });
});
