import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { checkRecords, users } from '../src/db/schema.js';
import { signedInToday } from '../src/modules/attendance/signed-in.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type Client } from './helpers.js';
import { expect400, expectStatus, foreignTenant } from './staff-support.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const C = '/api-pers/checkclass';
const P = '/api-pers/employeeschedule';
const R = '/api-pers/checkrecords';
const uniq = () => randomBytes(3).toString('hex').toUpperCase();
const SH = 'Asia/Shanghai';
/** A wall-clock time `HH:MM` in Shanghai, `minutes` from now. */
const clock = (minutes: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: SH, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.now() + minutes * 60_000),
  );
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('attendance API', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await foreignTenant(t);
  const anon = t.client();
  const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as any[];
  const shop = (code: string) => shops.find((s) => s.code === code);
  const mine = shop('HZ001');
  const other = shop('BJ001');

  const employee = async (shopId: number) => {
    const res = await a.admin.post('/api-chain/employee', { eecode: `K${uniq()}`, name: `考勤${uniq()}`, shopId, entryDate: '2024-01-01' });
    expectStatus(res, 200);
    return res.body.data as { id: number; name: string };
  };
  const e1 = await employee(mine.id);
  const e2 = await employee(mine.id);
  const eOther = await employee(other.id);
  const shift = async (shopId: number, fields: Record<string, unknown> = {}, client: Client = a.admin) => {
    const color = (await client.get(`${C}/getMaxColor`, { shopid: shopId })).body.data ?? '#8c8c8c';
    return client.post(`${C}/save`, {
      code: `BC${uniq()}`,
      name: `班次${uniq()}`,
      shopId,
      startTime: '10:00',
      endTime: '19:00',
      color,
      ...fields,
    });
  };
  // The shop's day starts six hours ago (so that "now" is well inside today's attendance day), the shift two hours ago.
  await a.admin.post('/api-pers/shopconfig/save', { shopid: mine.id, allowCd: 5, allowZt: 10, cstartTime: clock(-360) });
  const todayShift = (await shift(mine.id, { startTime: clock(-120), endTime: clock(240) })).body.data;
  const otherShift = (await shift(other.id)).body.data;
  const my = await a.admin.get(`${R}/my`);
  const today = await (async () => {
    // Today's attendance day of the shop, read from the grid of a schedule made for it.
    const now = new Date();
    const d = new Intl.DateTimeFormat('en-CA', { timeZone: SH }).format(now);
    return clock(0) < clock(-360) ? addDays(d, -1) : d;
  })();
  const limited = await createLimitedUser(t, a, {
    perms: [
      'attendance.shift.view',
      'attendance.shift.edit',
      'attendance.schedule.view',
      'attendance.schedule.edit',
      'attendance.record.view',
      'attendance.record.edit',
      'attendance.config.view',
      'attendance.config.edit',
      'attendance.statistics.view',
      'attendance.qrcode.view',
    ],
    loginShops: [mine.id],
  });
  const lim = limited.client;
  const nobody = (await createLimitedUser(t, a, { perms: [], loginShops: [mine.id] })).client;
  /** A user of the chain linked to an employee: the one who signs in. */
  const staffUser = async (employeeId: number) => {
    const u = await createLimitedUser(t, a, { perms: [], loginShops: [mine.id] });
    await inTenant(t.database.db, a.tenantId, (tx) => tx.update(users).set({ employeeId }).where(eq(users.id, u.userId)));
    return u.client;
  };

  it('the signed-in admin has no employee: /my says so', () => {
    expectStatus(my, 200);
    expect(my.body.data).toMatchObject({ eeid: null, today: null });
  });

  describe('shifts (checkclass)', () => {
    it('saves a shift with an unused colour; the colour list marks it used', async () => {
      const before = (await a.admin.get(`${C}/getMaxColor`, { shopid: mine.id })).body.data;
      const res = await shift(mine.id, { startTime: '22:00', endTime: '06:00', name: '夜班' });
      expectStatus(res, 200);
      expect(res.body.data).toMatchObject({ name: '夜班', startTime: '22:00', endTime: '06:00', color: before, shopName: mine.name });
      const after = (await a.admin.get(`${C}/getMaxColor`, { shopid: mine.id })).body.data;
      expect(after).not.toBe(before);
      const colors = (await a.admin.get(`${C}/getColorList`, { shopid: mine.id })).body.data as any[];
      expect(colors.find((c) => c.value === before).used).toBe(true);
      const list = (await a.admin.get(`${C}/getCheckClassList`, { shopId: mine.id, pageSize: 100 })).body.data;
      expect(list.list.every((s: any) => s.shopId === mine.id)).toBe(true);
      const all = (await a.admin.get(`${C}/list/all`, { shopId: mine.id })).body.data as any[];
      expect(all.some((s) => s.name === '夜班')).toBe(true);
    });
    it('400 on a bad time, 401 without a token, 403 without the right, 409 on a duplicate code', async () => {
      expect400(await shift(mine.id, { startTime: '25:00' }, a.admin), 'startTime');
      expectStatus(await anon.get(`${C}/getCheckClassList`), 401);
      expectStatus(await shift(mine.id, {}, nobody), 403);
      const code = `BC${uniq()}`;
      expectStatus(await shift(mine.id, { code }), 200);
      const dup = await shift(mine.id, { code });
      expectStatus(dup, 409);
    });
    it("409 naming the name on a repeated shift name of the shop, also when two saves come at once; another shop's may repeat it", async () => {
      const name = `早班${uniq()}`;
      const first = await shift(mine.id, { name });
      expectStatus(first, 200);
      const again = await shift(mine.id, { name }, a.admin);
      expectStatus(again, 409);
      expect(again.body.errors).toEqual([{ path: 'name', message: `名称“${name}”已存在` }]);
      const { id, version, code, endTime, color } = first.body.data;
      const en = await a.admin.post(`${C}/save`, { code: `BC${uniq()}`, name, shopId: mine.id, startTime: '08:00', endTime, color }, EN);
      expectStatus(en, 409);
      expect(en.body.errors?.[0]).toEqual({ path: 'name', message: `Name "${name}" already exists` });
      // the shift itself keeps its name when saved again; another one may not take it
      expectStatus(await a.admin.post(`${C}/save`, { id, version, code, name, shopId: mine.id, startTime: '09:00', endTime, color }), 200);
      const second = (await shift(mine.id)).body.data;
      const renamed = await a.admin.post(`${C}/save`, {
        id: second.id,
        version: second.version,
        code: second.code,
        name,
        shopId: mine.id,
        startTime: second.startTime,
        endTime: second.endTime,
        color: second.color,
      });
      expectStatus(renamed, 409);
      expect(renamed.body.errors?.[0].path).toBe('name');
      expectStatus(await shift(other.id, { name }), 200);
      const twice = `晚班${uniq()}`;
      const both = await Promise.all([shift(mine.id, { name: twice }), shift(mine.id, { name: twice })]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const listed = (await a.admin.get(`${C}/list/all`, { shopId: mine.id })).body.data as { name: string }[];
      expect(listed.filter((s) => s.name === twice)).toHaveLength(1);
      expect(listed.filter((s) => s.name === name)).toHaveLength(1);
    });
    it("404 for another tenant's shift; a user of one shop sees and changes only its shifts", async () => {
      const foreign = (
        await b.admin.post(`${C}/save`, {
          code: 'BCX',
          name: '别家班次',
          shopId: b.shop.id,
          startTime: '09:00',
          endTime: '18:00',
          color: '#1677ff',
        })
      ).body.data;
      expectStatus(await a.admin.post(`${C}/updateStatus`, { ids: [foreign.id], status: 0 }), 404);
      const seen = (await lim.get(`${C}/list`, { pageSize: 200 })).body.data.list as any[];
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((s) => s.shopId === mine.id)).toBe(true);
      expectStatus(await lim.post(`${C}/updateStatus`, { ids: [otherShift.id], status: 0 }), 404);
      expectStatus(await shift(other.id, {}, lim), 403);
      const { id, code, shopId, startTime, endTime, color } = otherShift;
      expectStatus(await lim.post(`${C}/save`, { id, code, name: '改别店', shopId, startTime, endTime, color }), 404);
      expectStatus(await lim.get(`${C}/getColorList`, { shopid: other.id }), 403);
    });
  });

  describe('shop settings and chain rules', () => {
    it('reads defaults, saves, refuses a stale version (409) and places missing (400)', async () => {
      const fresh = (await a.admin.get('/api-pers/shopconfig/list', { shopid: shop('SH002').id })).body.data;
      expect(fresh).toMatchObject({ saved: false, cstartTime: '03:00', isQr: true, version: 0 });
      const saved = await a.admin.post('/api-pers/shopconfig/save', { shopid: shop('SH002').id, allowCd: 10, version: 0 });
      expectStatus(saved, 200);
      expect(saved.body.data).toMatchObject({ saved: true, allowCd: 10, version: 1 });
      expectStatus(await a.admin.post('/api-pers/shopconfig/save', { shopid: shop('SH002').id, allowCd: 3, version: 0 }), 409);
      const res = await a.admin.post('/api-pers/shopconfig/save', { shopid: shop('SH002').id, isAddress: true }, EN);
      expect400(res, 'places');
      expect(res.body.errors?.[0].message).toContain('place');
      expect400(
        await a.admin.post('/api-pers/shopconfig/save', { shopid: shop('SH002').id, isWifi: true, wifis: [{ bssid: 'zz' }] }),
        'wifis.0.bssid',
      );
    });
    it("401, 403, 404 for another tenant's shop, 403 for another shop of a limited user", async () => {
      expectStatus(await anon.get('/api-pers/shopconfig/list', { shopid: mine.id }), 401);
      expectStatus(await nobody.get('/api-pers/shopconfig/list', { shopid: mine.id }), 403);
      expectStatus(await a.admin.get('/api-pers/shopconfig/list', { shopid: b.shop.id }), 404);
      expectStatus(await lim.get('/api-pers/shopconfig/list', { shopid: other.id }), 403);
      expectStatus(await lim.post('/api-pers/shopconfig/save', { shopid: other.id, allowCd: 1 }), 403);
      expectStatus(await lim.get('/api-pers/shopconfig/list', { shopid: mine.id }), 200);
    });
    it("saves the chain's rules whole; a duplicate is 400", async () => {
      const rules = [
        { type: 1, value: 60, kgDays: 0.5 },
        { type: 2, value: 120, kgDays: 0.5 },
      ];
      expectStatus(await a.admin.post('/api-pers/checkrule/save', { rules }), 200);
      const list = (await a.admin.get('/api-pers/checkrule/list/all')).body.data as any[];
      expect(list.map(({ id: _id, ...r }) => r)).toEqual(rules);
      expect400(await a.admin.post('/api-pers/checkrule/save', { rules: [...rules, rules[0]] }), 'rules');
      expect400(await a.admin.post('/api-pers/checkrule/save', { rules: [{ type: 1, value: 5, kgDays: 0.3 }] }), 'rules.0.kgDays');
      expectStatus(await nobody.post('/api-pers/checkrule/save', { rules }), 403);
      expectStatus(await anon.get('/api-pers/checkrule/list/all'), 401);
      // Another tenant does not see them.
      expect((await b.admin.get('/api-pers/checkrule/list/all')).body.data).toEqual([]);
    });
  });

  describe('schedules', () => {
    const from = addDays(today, 1);
    const to = addDays(today, 7);
    it('batchPb fills employees × days; the grid shows them; changePb changes a cell; list pages them', async () => {
      const res = await a.admin.post(`${P}/batchPb`, {
        shopid: mine.id,
        eeids: [e1.id, e2.id],
        startDate: from,
        endDate: to,
        classId: todayShift.id,
      });
      expectStatus(res, 200);
      expect(res.body.data.changed).toBe(14);
      const grid = (await a.admin.get(`${P}/shopEeScheduleList`, { shopid: mine.id, month: from.slice(0, 7) })).body.data;
      const row = grid.employees.find((e: any) => e.eeid === e1.id);
      expect(row.cells[from].classId).toBe(todayShift.id);
      expect(grid.shifts.some((s: any) => s.id === todayShift.id)).toBe(true);
      // The shop's attendance day, which the page offers as the first day to schedule.
      expect(grid.today).toBe(today);
      const day = await a.admin.get('/api-pers/checkrecords/shopToday', { shopid: mine.id });
      expect(day.body.data).toEqual({ shopId: mine.id, today, zone: 'Asia/Shanghai' });
      expectStatus(await a.admin.get('/api-pers/checkrecords/shopToday', { shopid: b.shop.id }), 404);
      expectStatus(await lim.get('/api-pers/checkrecords/shopToday', { shopid: other.id }), 403);
      expectStatus(await anon.get('/api-pers/checkrecords/shopToday', { shopid: mine.id }), 401);
      expectStatus(await a.admin.post(`${P}/changePb`, { shopid: mine.id, eeid: e1.id, date: from, classId: null }), 200);
      const list = (await a.admin.get(`${P}/list`, { shopid: mine.id, eeid: e1.id, dateFrom: from, dateTo: to })).body.data;
      expect(list.total).toBe(7);
      expect(list.list[0]).toMatchObject({ cdate: from, classId: null, eename: e1.name });
    });
    it('400: end before start, an employee of another shop, a shift of another shop, over 62 days', async () => {
      const body = { shopid: mine.id, eeids: [e1.id], startDate: from, endDate: to, classId: todayShift.id };
      expect400(await a.admin.post(`${P}/batchPb`, { ...body, endDate: today }), 'endDate');
      const res = await a.admin.post(`${P}/batchPb`, { ...body, eeids: [eOther.id] }, EN);
      expect400(res, 'eeids');
      expect(res.body.errors?.[0].message).toContain('does not work in this shop');
      expect400(await a.admin.post(`${P}/batchPb`, { ...body, classId: otherShift.id }), 'classId');
      expect400(await a.admin.post(`${P}/batchPb`, { ...body, endDate: addDays(from, 70) }), 'endDate');
      expect400(await a.admin.post(`${P}/batchPb`, { ...body, eeids: [] }), 'eeids');
    });
    it('409: a past day; a copy into a month that has a schedule unless overwritten', async () => {
      const past = await a.admin.post(`${P}/changePb`, { shopid: mine.id, eeid: e1.id, date: addDays(today, -1), classId: todayShift.id });
      expectStatus(past, 409);
      const month = from.slice(0, 7);
      const next = addDays(`${month}-28`, 40).slice(0, 7);
      const copy = await a.admin.post(`${P}/batchPbCopy`, { shopid: mine.id, omon: month, nmon: next });
      expectStatus(copy, 200);
      expect(copy.body.data.changed).toBeGreaterThan(0);
      expectStatus(await a.admin.post(`${P}/batchPbCopy`, { shopid: mine.id, omon: month, nmon: next }), 409);
      expectStatus(await a.admin.post(`${P}/batchPbCopy`, { shopid: mine.id, omon: month, nmon: next, overwrite: true }), 200);
      expect400(await a.admin.post(`${P}/batchPbCopy`, { shopid: mine.id, omon: month, nmon: month }), 'nmon');
    });
    it('401, 403, another tenant (404), and shop scope (403 for another shop, its rows never listed)', async () => {
      const body = { shopid: mine.id, eeids: [e1.id], startDate: from, endDate: from, classId: todayShift.id };
      expectStatus(await anon.post(`${P}/batchPb`, body), 401);
      expectStatus(await nobody.post(`${P}/batchPb`, body), 403);
      expectStatus(await a.admin.post(`${P}/batchPb`, { ...body, shopid: b.shop.id }), 404);
      expectStatus(await lim.post(`${P}/batchPb`, { ...body, shopid: other.id, eeids: [eOther.id], classId: otherShift.id }), 403);
      expectStatus(await lim.get(`${P}/shopEeScheduleList`, { shopid: other.id, month: from.slice(0, 7) }), 403);
      await a.admin.post(`${P}/batchPb`, { shopid: other.id, eeids: [eOther.id], startDate: from, endDate: from, classId: otherShift.id });
      const seen = (await lim.get(`${P}/list`, { pageSize: 200 })).body.data.list as any[];
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((r) => r.shopId === mine.id)).toBe(true);
      expectStatus(await lim.post(`${P}/batchPb`, body), 200);
    });
    it("a transfer to another shop moves the employee's days from its date to the new shop", async () => {
      const e = await employee(mine.id);
      await a.admin.post(`${P}/batchPb`, { shopid: mine.id, eeids: [e.id], startDate: today, endDate: to, classId: todayShift.id });
      const moved = await a.admin.post('/api-chain/employee/saveTransfer', { employeeIds: [e.id], effectiveDate: from, shopId: other.id });
      expectStatus(moved, 200);
      const rows = await inTenant(t.database.db, a.tenantId, (tx) =>
        tx.select().from(checkRecords).where(eq(checkRecords.employeeId, e.id)),
      );
      expect(rows.filter((r) => r.cdate === today).map((r) => r.shopId)).toEqual([mine.id]);
      expect(rows.filter((r) => r.cdate >= from).every((r) => r.shopId === other.id)).toBe(true);
      const otherGrid = (await a.admin.get(`${P}/shopEeScheduleList`, { shopid: other.id, month: from.slice(0, 7) })).body.data;
      expect(otherGrid.employees.find((x: any) => x.eeid === e.id)?.cells[from]?.classId).toBe(todayShift.id);
    });
  });

  describe('sign-in, records and corrections', async () => {
    // The shop's own rules (none), so that the chain's rules saved above do not turn lateness into absence.
    await a.admin.post('/api-pers/shopconfig/save', { shopid: mine.id, ownRules: true, rules: [] });
    await a.admin.post(`${P}/batchPb`, {
      shopid: mine.id,
      eeids: [e1.id, e2.id],
      startDate: today,
      endDate: today,
      classId: todayShift.id,
    });
    const phone1 = await staffUser(e1.id);
    const phone2 = await staffUser(e2.id);
    const qr = async () => (await a.admin.get(`${R}/qrCode`, { shopid: mine.id })).body.data.token as string;
    let recordId = 0;

    it('signs in by the QR code: the day of the shop, late against the shift two hours ago', async () => {
      const res = await phone1.post(`${R}/signIn`, { method: 'qr', token: await qr() });
      expectStatus(res, 200);
      expect(res.body.data).toMatchObject({ type: 'on', cdate: today, status: 2, className: todayShift.name, shopName: mine.name });
      const day = (await a.admin.get(`${R}/getRecordsList`, { shopid: mine.id, date: today })).body.data as any[];
      const row = day.find((r) => r.eeid === e1.id);
      expect(row).toMatchObject({ onStatus: 2, onMethod: 'qr', offStatus: 0, onBk: false });
      expect(row.delay).toBeGreaterThanOrEqual(119);
      recordId = row.id;
      const me = (await phone1.get(`${R}/my`)).body.data;
      expect(me).toMatchObject({ eeid: e1.id, today: { id: recordId, onStatus: 2 } });
    });
    it('signedInToday lists who signed in and has not signed out, in sign-in order', async () => {
      const present = await inTenant(t.database.db, a.tenantId, (tx) => signedInToday(tx, a.tenantId, mine.id));
      expect(present.map((p) => p.eeid)).toEqual([e1.id]);
      const none = await inTenant(t.database.db, a.tenantId, (tx) => signedInToday(tx, a.tenantId, other.id));
      expect(none).toEqual([]);
    });
    it("refuses a bad token (400), another shop's QR (409), a second sign-in (409), a user without an employee (409), no token (401)", async () => {
      expect400(await phone2.post(`${R}/signIn`, { method: 'qr', token: 'x'.repeat(20) }), 'token');
      const otherQr = (await a.admin.get(`${R}/qrCode`, { shopid: other.id })).body.data.token;
      expectStatus(await phone2.post(`${R}/signIn`, { method: 'qr', token: otherQr }), 409);
      expectStatus(await phone1.post(`${R}/signIn`, { method: 'qr', token: await qr(), type: 'on' }), 409);
      expectStatus(await nobody.post(`${R}/signIn`, { method: 'qr', token: await qr() }), 409);
      expectStatus(await anon.post(`${R}/signIn`, { method: 'qr', token: await qr() }), 401);
      const foreignQr = (await b.admin.get(`${R}/qrCode`, { shopid: b.shop.id })).body.data.token;
      expect400(await phone2.post(`${R}/signIn`, { method: 'qr', token: foreignQr }), 'token');
    });
    it('signs in by location within the radius and by Wi-Fi; refuses a far place and an unknown access point', async () => {
      expectStatus(await phone2.post(`${R}/signIn`, { method: 'location', lat: 30.25, lng: 120.16 }), 409); // not enabled
      await a.admin.post('/api-pers/shopconfig/save', {
        shopid: mine.id,
        isAddress: true,
        places: [{ address: '延安路 98 号', lat: 30.2592, lng: 120.1646, accuracy: 200 }],
        isWifi: true,
        wifis: [{ name: '店内', bssid: 'AA-BB-CC-DD-EE-01' }],
      });
      const far = await phone2.post(`${R}/signIn`, { method: 'location', lat: 30.2692, lng: 120.1646 }, EN);
      expectStatus(far, 409);
      expect(far.body.resp_msg).toContain('200 m');
      expectStatus(await phone2.post(`${R}/signIn`, { method: 'location', lat: 30.2599, lng: 120.1646 }), 200);
      expectStatus(await phone2.post(`${R}/signIn`, { method: 'wifi', bssid: 'aa:bb:cc:dd:ee:02' }), 409);
      const out = await phone2.post(`${R}/signIn`, { method: 'wifi', bssid: 'aa:bb:cc:dd:ee:01' });
      expectStatus(out, 200);
      expect(out.body.data).toMatchObject({ type: 'off', status: 3 }); // the shift ends in four hours
      const present = await inTenant(t.database.db, a.tenantId, (tx) => signedInToday(tx, a.tenantId, mine.id));
      expect(present.map((p) => p.eeid)).toEqual([e1.id]);
    });
    it('editStatus keeps the old value and the reason; a sign-in cannot be made early (400); a reason is required', async () => {
      expect400(await a.admin.post(`${R}/editStatus`, { id: recordId, type: 'on', status: 1, reason: '' }), 'reason');
      expect400(await a.admin.post(`${R}/editStatus`, { id: recordId, type: 'on', status: 3, reason: '路上堵车' }), 'status');
      expect400(await a.admin.post(`${R}/editStatus`, { id: recordId, type: 'off', status: 2, reason: '路上堵车' }), 'status');
      const res = await a.admin.post(`${R}/editStatus`, { id: recordId, type: 'on', status: 1, reason: '地铁故障，有证明' });
      expectStatus(res, 200);
      expect(res.body.data.record).toMatchObject({ onStatus: 1, corrections: 1 });
      expect(res.body.data.corrections[0]).toMatchObject({
        kind: 'status',
        field: 'onStatus',
        oldValue: 2,
        newValue: 1,
        reason: '地铁故障，有证明',
      });
      expectStatus(await a.admin.post(`${R}/editStatus`, { id: recordId, type: 'on', status: 1, reason: '再改一次' }), 409);
      expectStatus(await a.admin.post(`${R}/editStatus`, { id: recordId, type: 'off', status: 1, reason: '没有签退' }), 409);
    });
    it('editBc, editKq and bkSignIn (补) each log the change', async () => {
      const bc = await a.admin.post(`${R}/editBc`, { id: recordId, classId: null, reason: '临时调休' });
      expectStatus(bc, 200);
      expect(bc.body.data.record).toMatchObject({ classId: null });
      expect(bc.body.data.corrections[0]).toMatchObject({ kind: 'bc', oldValue: { classId: todayShift.id, name: todayShift.name } });
      expectStatus(await a.admin.post(`${R}/editBc`, { id: recordId, classId: otherShift.id, reason: '别店班次' }), 400);
      const kq = await a.admin.post(`${R}/editKq`, { id: recordId, type: 'study', kqid: 'pm', reason: '下午培训' });
      expectStatus(kq, 200);
      expect(kq.body.data.record).toMatchObject({ kqPm: 'study', study: 0.5 });
      const bk = await a.admin.post(`${R}/bkSignIn`, {
        shopid: mine.id,
        eeid: e1.id,
        date: today,
        type: 'off',
        time: clock(5),
        reason: '忘记签退',
      });
      expectStatus(bk, 200);
      expect(bk.body.data.record).toMatchObject({ offBk: true, offMethod: 'makeup' });
      expect(bk.body.data.corrections.map((c: any) => c.kind)).toEqual(['bk', 'kq', 'bc', 'status']);
      const again = await a.admin.post(`${R}/bkSignIn`, {
        shopid: mine.id,
        eeid: e1.id,
        date: today,
        type: 'off',
        time: '18:00',
        reason: '重复',
      });
      expectStatus(again, 409);
      expect400(
        await a.admin.post(`${R}/bkSignIn`, {
          shopid: mine.id,
          eeid: e1.id,
          date: addDays(today, 2),
          type: 'on',
          time: '10:00',
          reason: '未来',
        }),
        'date',
      );
      expect400(
        await a.admin.post(`${R}/bkSignIn`, { shopid: mine.id, eeid: eOther.id, date: today, type: 'on', time: '10:00', reason: '别店' }),
        'eeid',
      );
      const detail = (await a.admin.get(`${R}/${recordId}`)).body.data;
      expect(detail.corrections).toHaveLength(4);
    });
    it("401, 403 and 404 (another tenant's record, another shop's record for a limited user)", async () => {
      const body = { id: recordId, type: 'rest', kqid: 'am', reason: '调休' };
      expectStatus(await anon.post(`${R}/editKq`, body), 401);
      expectStatus(await nobody.post(`${R}/editKq`, body), 403);
      expectStatus(await b.admin.post(`${R}/editKq`, body), 404);
      expectStatus(await b.admin.get(`${R}/${recordId}`), 404);
      const otherRecord = await inTenant(t.database.db, a.tenantId, (tx) =>
        tx.select({ id: checkRecords.id }).from(checkRecords).where(eq(checkRecords.shopId, other.id)).limit(1),
      );
      expectStatus(await lim.post(`${R}/editKq`, { ...body, id: otherRecord[0].id }), 404);
      expectStatus(await lim.get(`${R}/${otherRecord[0].id}`), 404);
      expectStatus(await lim.get(`${R}/getRecordsList`, { shopid: other.id, date: today }), 403);
      expectStatus(
        await lim.post(`${R}/bkSignIn`, { shopid: other.id, eeid: eOther.id, date: today, type: 'on', time: '10:00', reason: 'x' }),
        403,
      );
      expectStatus(await lim.post(`${R}/editKq`, body), 200);
    });
    it('the month grid and the monthly statistics, with their export', async () => {
      const grid = (await a.admin.get(`${R}/getShopMonthRecords`, { shopid: mine.id, month: today.slice(0, 7) })).body.data;
      expect(grid.employees.find((e: any) => e.eeid === e1.id).cells[today]).toMatchObject({ id: recordId, onStatus: 1, offBk: true });
      const stats = await a.admin.get('/api-pers/checkchstatistics/chstatisticsList', {
        month: today.slice(0, 7),
        shopid: mine.id,
        pageSize: 100,
      });
      expectStatus(stats, 200);
      const row = stats.body.data.list.find((r: any) => r.eeid === e1.id);
      expect(row).toMatchObject({ shopId: mine.id, delayDays: 0, rest: 0.5, study: 0.5, absenteeism: 0 });
      expect(row.days).toBe(0);
      const second = stats.body.data.list.find((r: any) => r.eeid === e2.id);
      expect(second).toMatchObject({ earlyDays: 1, delayDays: 1, days: 1, absenteeism: 0 });
      expect(second.totalTime).toBeGreaterThanOrEqual(0);
      const xlsx = await a.admin.get('/api-pers/checkchstatistics/export', { month: today.slice(0, 7), shopid: mine.id });
      expect(String(xlsx.headers['content-type'])).toContain('spreadsheet');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.raw as unknown as ExcelJS.Buffer);
      const sheet = book.worksheets[0];
      expect(sheet.getRow(1).getCell(4).text).toBe('应出勤天数');
      expect(sheet.getRow(1).getCell(5).text).toBe('出勤天数');
      expect(sheet.rowCount).toBe(stats.body.data.list.length + 1);
      const limited = (await lim.get('/api-pers/checkchstatistics/chstatisticsList', { month: today.slice(0, 7), pageSize: 200 })).body.data
        .list as any[];
      expect(limited.every((r) => r.shopId === mine.id)).toBe(true);
      expect400(await a.admin.get('/api-pers/checkchstatistics/chstatisticsList', { month: '2026-13' }), 'month');
      expectStatus(await nobody.get('/api-pers/checkchstatistics/chstatisticsList', { month: today.slice(0, 7) }), 403);
    });
  });
});
