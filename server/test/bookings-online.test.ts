import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, services, smsCodes } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { type Answer, build, expect400, expectOk, expectStatus } from './helpers.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const CONFIG = '/api-chain/config/getYYconfig';
const SET_CONFIG = '/api-chain/config/setYYconfig';
const P = '/api-public/booking';
const uniq = () => randomBytes(3).toString('hex').toUpperCase();
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const day = addDays(today, 2);
let mobiles = 0;
const mobile = () => `137${String(Date.now() % 100_000).padStart(5, '0')}${String(100 + (mobiles++ % 900))}`;
let addresses = 0;

describe('online booking (public pages)', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const db = t.database.db;
  const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as any[];
  const mine = shops.find((s) => s.code === 'HZ001');
  const other = shops.find((s) => s.code === 'BJ001');
  const employee = async (bookable: 0 | 1) =>
    expectOk(
      await a.admin.post('/api-chain/employee', {
        eecode: `O${uniq()}`,
        name: `发型师${uniq()}`,
        shopId: mine.id,
        entryDate: '2024-01-01',
        bookable,
      }),
    );
  const e1 = await employee(1);
  const e2 = await employee(1);
  const hidden = await employee(0);
  const shift = expectOk(
    await a.admin.post('/api-pers/checkclass/save', {
      code: `BC${uniq()}`,
      name: `班${uniq()}`,
      shopId: mine.id,
      startTime: '09:00',
      endTime: '19:00',
      color: '#1677ff',
    }),
  );
  expectOk(
    await a.admin.post('/api-pers/employeeschedule/batchPb', {
      shopid: mine.id,
      eeids: [e1.id, e2.id, hidden.id],
      startDate: today,
      endDate: addDays(today, 5),
      classId: shift.id,
    }),
  );
  const [cut] = await inTenant(db, a.tenantId, (tx) =>
    tx
      .insert(services)
      .values({ tenantId: a.tenantId, code: `OS${uniq()}`, name: '线上剪发', durationMinutes: 30 })
      .returning({ id: services.id }),
  );
  expect(expectOk(await a.admin.get('/api-yy/online/link', { shopId: mine.id }))).toEqual({ shopId: mine.id, key: null, path: null });
  const link = expectOk(await a.admin.post('/api-yy/online/link/reset', { shopId: mine.id }));
  const key: string = link.key;

  /** A call with no sign-in from an address of its own (the limits per address are the test's). */
  const pub = async (method: 'GET' | 'POST', url: string, body?: unknown, ip = `10.0.${addresses}.1`, headers = {}): Promise<Answer> => {
    const res = await t.app.inject({ method, url, payload: body as object, remoteAddress: ip, headers });
    return { status: res.statusCode, body: res.json(), headers: res.headers, raw: res.rawPayload };
  };
  const lastCode = async (to: string) => {
    const page = expectOk(await a.admin.get('/api-push/smsmsgctrl/outbox', { mobile: to }));
    return /验证码是 (\d{6})/.exec(page.list[0]?.text ?? '')?.[1] ?? '';
  };
  /** Texts a code to a new customer's mobile and books with it. */
  const bookWith = async (fields: Record<string, unknown> = {}) => {
    addresses++;
    const to = (fields.mobile as string) ?? mobile();
    expectOk(await pub('POST', `${P}/shop/${key}/sms`, { mobile: to }));
    return pub('POST', `${P}/shop/${key}/book`, {
      custname: '线上顾客',
      mobile: to,
      code: await lastCode(to),
      eeid: e1.id,
      yydate: `${day} 10:00`,
      serviceIds: [cut.id],
      ...fields,
    });
  };

  it("opens a shop's page by its key: its services, the bookable stylists, the rules; unknown 404, malformed 400", async () => {
    expect(link.path).toBe(`/book/${key}`);
    expect(expectOk(await a.admin.get('/api-yy/online/link', { shopId: mine.id })).key).toBe(key);
    const page = expectOk(await pub('GET', `${P}/shop/${key}`));
    expect(page.shopName).toBe(mine.name);
    expect(page.services.map((s: any) => s.id)).toContain(cut.id);
    expect(page.stylists.map((s: any) => s.id)).toEqual(expect.arrayContaining([e1.id, e2.id]));
    expect(page.stylists.map((s: any) => s.id)).not.toContain(hidden.id);
    expect(page).toMatchObject({ today, deposit: 0, stime: '09:00', etime: '21:00' });
    expectStatus(await pub('GET', `${P}/shop/${a.tenantId}-${'x'.repeat(24)}`), 404);
    expectStatus(await pub('GET', `${P}/shop/999999999-${key.slice(key.indexOf('-') + 1)}`), 404);
    expectStatus(await pub('GET', `${P}/shop/0-${'x'.repeat(24)}`), 400);
    expectStatus(await pub('GET', `${P}/shop/${encodeURIComponent("1' or 1=1 --")}`), 400);
  });

  it('the link: none until made; 401 signed out, 403 without the right or for another shop, 404 for an unknown shop; a new one ends the old', async () => {
    expectStatus(await t.client().get('/api-yy/online/link', { shopId: mine.id }), 401);
    const nobody = (await createLimitedUser(t, a, { perms: [], loginShops: [mine.id] })).client;
    expectStatus(await nobody.get('/api-yy/online/link', { shopId: mine.id }), 403);
    const shopUser = (await createLimitedUser(t, a, { perms: ['bookings.config.view', 'bookings.config.edit'], loginShops: [mine.id] }))
      .client;
    expectStatus(await shopUser.get('/api-yy/online/link', { shopId: other.id }), 403);
    expectStatus(await a.admin.get('/api-yy/online/link', { shopId: 99_999_999 }), 404);
    expect400(await a.admin.get('/api-yy/online/link', { shopId: 'x' }), 'shopId');
    const old = expectOk(await shopUser.get('/api-yy/online/link', { shopId: mine.id })).key;
    const otherShop = expectOk(await a.admin.post('/api-yy/online/link/reset', { shopId: other.id })).key;
    expectOk(await pub('GET', `${P}/shop/${otherShop}`));
    expectStatus(await shopUser.post('/api-yy/online/link/reset', { shopId: other.id }), 403);
    expectStatus(await a.admin.post('/api-yy/online/link/reset', { shopId: 99_999_999 }), 404);
    const fresh = expectOk(await a.admin.post('/api-yy/online/link/reset', { shopId: other.id })).key;
    expect(fresh).not.toBe(otherShop);
    expectStatus(await pub('GET', `${P}/shop/${otherShop}`), 404);
    expectOk(await pub('GET', `${P}/shop/${fresh}`));
    expect(old).toBe(key);
  });

  it('free times: a stylist’s free half hours, any stylist for 不指定; 400 for bad services or a stylist not online', async () => {
    const times = expectOk(await pub('GET', `${P}/shop/${key}/times?date=${day}&serviceIds=${cut.id}&eeid=${e1.id}`));
    expect(times.minutes).toBe(30);
    expect(times.times[0]).toBe('09:00');
    expect(times.times.at(-1)).toBe('18:30'); // the shift ends at 19:00
    expect(expectOk(await pub('GET', `${P}/shop/${key}/times?date=${day}&serviceIds=${cut.id}`)).times).toContain('18:30');
    expect(expectOk(await pub('GET', `${P}/shop/${key}/times?date=${addDays(today, 30)}&serviceIds=${cut.id}`)).times).toEqual([]);
    expect400(await pub('GET', `${P}/shop/${key}/times?date=${day}&serviceIds=99999999`), 'serviceIds');
    expect400(await pub('GET', `${P}/shop/${key}/times?date=${day}&serviceIds=${cut.id}&eeid=${hidden.id}`), 'eeid');
    expect400(await pub('GET', `${P}/shop/${key}/times?date=2026-13-45&serviceIds=${cut.id}`), 'date');
    expect400(await pub('GET', `${P}/shop/${key}/times?date=${day}&serviceIds=1,,2`), 'serviceIds');
  });

  it('books with the texted code: 预约中, source 顾客, announced to the shop, on the calendar; the time is no longer free', async () => {
    const res = await bookWith({ yydate: `${day} 11:00`, memo: '第一次来' });
    const booked = expectOk(res);
    expect(booked).toMatchObject({
      state: '3',
      stylist: e1.name,
      yydate: `${day} 11:00`,
      payje: 0,
      cancellable: true,
      shopName: mine.name,
    });
    expect(booked.mobile).toMatch(/^137\*{4}\d{4}$/);
    const mine_ = expectOk(await pub('GET', `${P}/my/${booked.token}`));
    expect(mine_.billNo).toBe(booked.billNo);
    const list = expectOk(await a.admin.get('/api-yy/billhead/chain/list', { keyword: booked.billNo }));
    const row = list.list[0];
    expect(row).toMatchObject({ ctype: 1, state: '3', custname: '线上顾客' });
    const log = expectOk(await a.admin.get('/api-yy/billlog/list/all', { billId: row.id }));
    expect(log.map((l: any) => [l.action, l.ctype, l.createdBy])).toEqual([['book', 1, '顾客']]);
    const announced = await inTenant(db, a.tenantId, (tx) =>
      tx
        .select({ shopId: events.shopId })
        .from(events)
        .where(
          and(
            eq(events.topic, 'bill.changed'),
            sql`${events.payload}->>'id' = ${String(row.id)}`,
            sql`${events.payload}->>'docType' = 'booking'`,
          ),
        ),
    );
    expect(announced).toEqual([{ shopId: mine.id }]);
    const times = expectOk(await pub('GET', `${P}/shop/${key}/times?date=${day}&serviceIds=${cut.id}&eeid=${e1.id}`)).times;
    expect(times).not.toContain('11:00');
    expect(times).toContain('11:30');
  });

  it('400 with a message: hostile bodies, a wrong code (the try counts), an expired one, a used one', async () => {
    const to = mobile();
    addresses++;
    expect400(
      await pub('POST', `${P}/shop/${key}/book`, { custname: '', mobile: '123', code: 'x', yydate: 'soon', serviceIds: [] }),
      'mobile',
    );
    expect400(
      await pub('POST', `${P}/shop/${key}/book`, {
        custname: 'a',
        mobile: to,
        code: '123456',
        yydate: `${day} 10:00`,
        serviceIds: [cut.id],
        tenantId: 1,
      }),
      'tenantId',
    );
    expect400(await pub('POST', `${P}/shop/${key}/sms`, { mobile: '<script>' }), 'mobile');
    expectOk(await pub('POST', `${P}/shop/${key}/sms`, { mobile: to }));
    const code = await lastCode(to);
    const wrong = await pub(
      'POST',
      `${P}/shop/${key}/book`,
      { custname: 'a', mobile: to, code: code === '000000' ? '111111' : '000000', yydate: `${day} 12:00`, serviceIds: [cut.id] },
      undefined,
      EN,
    );
    expect400(wrong, 'code');
    expect(wrong.body.resp_msg).toContain('4 tries left');
    await inTenant(db, a.tenantId, (tx) =>
      tx.update(smsCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(smsCodes.mobile, to)),
    );
    const expired = await pub(
      'POST',
      `${P}/shop/${key}/book`,
      { custname: 'a', mobile: to, code, yydate: `${day} 12:00`, serviceIds: [cut.id] },
      undefined,
      EN,
    );
    expect400(expired, 'code');
    expect(expired.body.resp_msg).toContain('expired');
    // A code books once.
    const once = mobile();
    expectOk(await bookWith({ mobile: once, yydate: `${day} 12:00` }));
    const reused = await pub('POST', `${P}/shop/${key}/book`, {
      custname: 'a',
      mobile: once,
      code: '000000',
      yydate: `${day} 13:00`,
      serviceIds: [cut.id],
    });
    expect400(reused, 'code');
    // A stylist who takes no online bookings.
    const other = mobile();
    addresses++;
    expectOk(await pub('POST', `${P}/shop/${key}/sms`, { mobile: other }));
    const hiddenOne = await pub('POST', `${P}/shop/${key}/book`, {
      custname: 'a',
      mobile: other,
      code: await lastCode(other),
      eeid: hidden.id,
      yydate: `${day} 13:00`,
      serviceIds: [cut.id],
    });
    expect400(hiddenOne, 'eeid');
  });

  it('rate limits the codes: one a minute per mobile, twenty in ten minutes per address (429)', async () => {
    const to = mobile();
    expectOk(await pub('POST', `${P}/shop/${key}/sms`, { mobile: to }, '10.9.9.1'));
    expectStatus(await pub('POST', `${P}/shop/${key}/sms`, { mobile: to }, '10.9.9.2'), 429);
    const ip = '10.9.9.3';
    for (let i = 0; i < 20; i++) expectOk(await pub('POST', `${P}/shop/${key}/sms`, { mobile: mobile() }, ip));
    expectStatus(await pub('POST', `${P}/shop/${key}/sms`, { mobile: mobile() }, ip), 429);
    expectOk(await pub('POST', `${P}/shop/${key}/sms`, { mobile: mobile() }, '10.9.9.4'));
  });

  it('two customers booking one stylist’s slot at once: one wins, the other is 409', async () => {
    const prepared = [];
    for (let i = 0; i < 2; i++) {
      addresses++;
      const to = mobile();
      expectOk(await pub('POST', `${P}/shop/${key}/sms`, { mobile: to }));
      prepared.push({
        custname: `并发${i}`,
        mobile: to,
        code: await lastCode(to),
        eeid: e2.id,
        yydate: `${day} 15:00`,
        serviceIds: [cut.id],
      });
    }
    const answers = await Promise.all(prepared.map((body) => pub('POST', `${P}/shop/${key}/book`, body)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('a deposit: 待支付, paid through the sandbox to 预约中; a cancel in time refunds it, a late one keeps it; 404 for a wrong token', async () => {
    const config = expectOk(await a.admin.get(CONFIG));
    expect(config.canceltime).toBe(120);
    expectOk(await a.admin.post(SET_CONFIG, { ...config, deposit: 5_000 }));
    try {
      expect(expectOk(await pub('GET', `${P}/shop/${key}`)).deposit).toBe(5_000);
      const waiting = expectOk(await bookWith({ eeid: e2.id, yydate: `${day} 09:00` }));
      expect(waiting).toMatchObject({ state: '1', payje: 5_000, suretyState: null, refundable: true, refundUntil: `${day} 07:00` });
      expect400(await pub('POST', `${P}/my/${waiting.token}/pay`, { payType: 3 }), 'payType');
      const paid = expectOk(await pub('POST', `${P}/my/${waiting.token}/pay`, { payType: 1 }));
      expect(paid).toMatchObject({ state: '3', suretyState: 0 });
      expectStatus(await pub('POST', `${P}/my/${waiting.token}/pay`, { payType: 1 }), 409);
      const cancelled = expectOk(await pub('POST', `${P}/my/${waiting.token}/cancel`));
      expect(cancelled).toMatchObject({ state: '-1', refunded: true, suretyState: 1, cancellable: false });
      expectStatus(await pub('POST', `${P}/my/${waiting.token}/cancel`), 409);
      const surety = expectOk(await a.admin.get('/api-yy/billhead/surety/list', { shopId: mine.id }));
      expect(surety.find((s: any) => s.billNo === paid.billNo)).toMatchObject({ suretyState: 1, payje: 5_000 });

      // A week's notice asked: two days ahead is already late, the deposit is kept.
      expectOk(await a.admin.post(SET_CONFIG, { ...config, deposit: 5_000, canceltime: 7 * 24 * 60 }));
      const late = expectOk(await bookWith({ eeid: e2.id, yydate: `${day} 16:00` }));
      expect(late.refundable).toBe(false);
      expect(late.refundUntil).toBe(`${addDays(day, -7)} 16:00`);
      expectOk(await pub('POST', `${P}/my/${late.token}/pay`, { payType: 2 }));
      expect(expectOk(await pub('POST', `${P}/my/${late.token}/cancel`))).toMatchObject({ state: '-1', refunded: false, suretyState: 2 });

      expectStatus(await pub('GET', `${P}/my/${a.tenantId}-${'y'.repeat(24)}`), 404);
      expectStatus(await pub('POST', `${P}/my/${a.tenantId}-${'y'.repeat(24)}/cancel`), 404);
      expectStatus(await pub('GET', `${P}/my/not-a-token`), 400);
    } finally {
      expectOk(await a.admin.post(SET_CONFIG, config));
    }
  });
});
