import { randomBytes } from 'node:crypto';
import { EMPLOYEE_ACCOUNT_PATH, MY_SCHEDULE_PATH } from '@headoffice/contract';
import { describe, expect, it } from 'vitest';
import { type Answer, build } from './helpers.js';
import { expect400, expectStatus, foreignTenant } from './staff-support.js';
import { createLimitedUser } from './users.js';

/**
 * An employee's own account (员工自助账号): opened with the employee or by 开通账号, it signs in on a
 * phone and reaches the employee's sign-in, schedule and commission only; every other route of the
 * OpenAPI document answers it 403. With it: how early a sign-in counts for a shift, and 应出勤 days.
 */

const R = '/api-pers/checkrecords';
const P = '/api-pers/employeeschedule';
const SH = 'Asia/Shanghai';
const uniq = () => randomBytes(3).toString('hex');
/** A wall-clock time `HH:MM` in Shanghai, `minutes` from now. */
const clock = (minutes: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: SH, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.now() + minutes * 60_000),
  );
/** `HH:MM` less `minutes`, on the clock. */
const before = (time: string, minutes: number) => {
  const m = (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) - minutes + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The routes an employee's own account may call: its session (and the board's empty list), its sign-in, its schedule, its commission. */
const OWN_ROUTES = [
  'GET /api-user/me',
  'GET /api-user/apps',
  'POST /api-user/logout',
  `POST ${R}/signIn`,
  `GET ${R}/my`,
  `GET ${MY_SCHEDULE_PATH}`,
  'GET /api-pers/employeeroyalty/my',
].sort();

interface OpenApi {
  paths: Record<string, Record<string, { security?: unknown[]; 'x-self'?: boolean }>>;
}

describe("employees' own accounts", async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await foreignTenant(t);
  const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as { id: number; code: string; name: string }[];
  const mine = shops.find((s) => s.code === 'HZ001') as (typeof shops)[number];
  const other = shops.find((s) => s.code === 'BJ001') as (typeof shops)[number];
  const employee = async (shopId: number, extra: Record<string, unknown> = {}) =>
    a.admin.post('/api-chain/employee', { eecode: `Z${uniq()}`, name: `员工${uniq()}`, shopId, entryDate: '2024-01-01', ...extra });
  const signInAs = async (username: string, password: string) => {
    const res = await t.login(a.code, username, password);
    expectStatus(res, 200);
    return t.client(res.body.data.access_token);
  };

  // The shop's day started six hours ago: now is well inside today's attendance day.
  await a.admin.post('/api-pers/shopconfig/save', { shopid: mine.id, cstartTime: clock(-360), ownRules: true, rules: [] });
  const today = (await a.admin.get(`${R}/shopToday`, { shopid: mine.id })).body.data.today as string;
  const later = (
    await a.admin.post('/api-pers/checkclass/save', {
      code: `BC${uniq()}`,
      name: '晚到班',
      shopId: mine.id,
      startTime: clock(180),
      endTime: clock(480),
      color: '#13c2c2',
    })
  ).body.data as { id: number; name: string; startTime: string };

  const withAccount = await employee(mine.id, { account: { username: `ee${uniq()}`, password: 'own-pass-123' } });
  const stylist = withAccount.body.data as { id: number; name: string; userId: number; username: string };
  const own = await signInAs(stylist.username, 'own-pass-123');
  const qr = async () => (await a.admin.get(`${R}/qrCode`, { shopid: mine.id })).body.data.token as string;

  it('an employee created with an account has it: linked, named after the employee, no role and no shop', async () => {
    expectStatus(withAccount, 200);
    expect(stylist.username).toMatch(/^ee/);
    const user = (await a.admin.get(`/api-user/users/${stylist.userId}`)).body.data;
    expect(user).toMatchObject({
      employeeId: stylist.id,
      name: stylist.name,
      selfService: true,
      roles: [],
      loginShops: [],
      managerShops: [],
    });
    const me = (await own.get('/api-user/me')).body.data;
    expect(me).toMatchObject({ selfService: true, isSuper: false, permissions: [], roles: [] });
    // No application to open: the board sends it to the phone's pages.
    expect((await own.get('/api-user/apps')).body.data).toEqual([]);
  });

  it('the OpenAPI document marks exactly the own routes; every other route answers the own account 403', async () => {
    const spec = (await a.admin.get('/openapi.json')).body as unknown as OpenApi;
    const marked: string[] = [];
    const refused: string[] = [];
    const calls: (() => Promise<void>)[] = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [m, op] of Object.entries(methods)) {
        const method = m.toUpperCase();
        if (!['GET', 'POST', 'DELETE'].includes(method) || op.security?.length === 0) continue;
        const key = `${method} ${path}`;
        if (op['x-self']) {
          marked.push(key);
          continue;
        }
        const url = path.replace(/\{[^}]+\}/g, '1');
        calls.push(async () => {
          const res: Answer = method === 'GET' ? await own.get(url) : method === 'DELETE' ? await own.del(url) : await own.post(url, {});
          if (res.status !== 403) refused.push(`${key}: ${res.status} ${res.raw.toString('utf8').slice(0, 120)}`);
        });
      }
    }
    for (const call of calls) await call();
    expect(marked.sort()).toEqual(OWN_ROUTES);
    expect(calls.length).toBeGreaterThan(500);
    expect(refused, refused.join('\n')).toEqual([]);
    const answer = await own.get('/api-chain/employee/listAll');
    expect(answer.body.resp_msg).toContain('员工自助账号');
  });

  it('the own routes answer the employee: today, the schedule, the commission', async () => {
    expect((await own.get(`${R}/my`)).body.data).toMatchObject({ eeid: stylist.id, eename: stylist.name, shopName: mine.name });
    const schedule = await own.get(MY_SCHEDULE_PATH, { month: today.slice(0, 7) });
    expectStatus(schedule, 200);
    expect(schedule.body.data).toMatchObject({ eeid: stylist.id, shopName: mine.name, today, days: [] });
    const pay = await own.get('/api-pers/employeeroyalty/my', { month: today.slice(0, 7) });
    expectStatus(pay, 200);
    expect(pay.body.data.list).toEqual([]);
    expect400(await own.get(MY_SCHEDULE_PATH, { month: '2024-13' }), 'month');
    expectStatus(await t.client().get(MY_SCHEDULE_PATH, { month: today.slice(0, 7) }), 401);
  });

  describe('how early a sign-in counts (提前打卡不超过 N 分钟)', () => {
    it('a shop keeps 120 minutes unless it says otherwise; the limit is bounded', async () => {
      const config = (await a.admin.get('/api-pers/shopconfig/list', { shopid: other.id })).body.data;
      expect(config).toMatchObject({ saved: false, earlyLimit: 120 });
      expect400(await a.admin.post('/api-pers/shopconfig/save', { shopid: mine.id, earlyLimit: 721 }), 'earlyLimit');
      expect400(await a.admin.post('/api-pers/shopconfig/save', { shopid: mine.id, earlyLimit: -1 }), 'earlyLimit');
    });

    it('three hours before the shift the sign-in is refused, naming the earliest time; within the limit it is on time', async () => {
      expectStatus(await a.admin.post(`${P}/changePb`, { shopid: mine.id, eeid: stylist.id, date: today, classId: later.id }), 200);
      const early = await own.post(`${R}/signIn`, { method: 'qr', token: await qr() });
      expectStatus(early, 409);
      expect(early.body.resp_msg).toContain(later.name);
      expect(early.body.resp_msg).toContain('120');
      expect(early.body.resp_msg).toContain(before(later.startTime as string, 120)); // the earliest time
      // Nothing was kept of the refused sign-in.
      expect((await own.get(`${R}/my`)).body.data.today).toMatchObject({ onWork: null, classId: later.id });

      expectStatus(await a.admin.post('/api-pers/shopconfig/save', { shopid: mine.id, earlyLimit: 240 }), 200);
      const inTime = await own.post(`${R}/signIn`, { method: 'qr', token: await qr() });
      expectStatus(inTime, 200);
      expect(inTime.body.data).toMatchObject({ type: 'on', status: 1, cdate: today, className: later.name });
      const schedule = (await own.get(MY_SCHEDULE_PATH, { month: today.slice(0, 7) })).body.data;
      expect(schedule.days).toEqual([expect.objectContaining({ cdate: today, classId: later.id, onStatus: 1, className: later.name })]);
    });

    it("a make-up sign-in earlier than the limit is refused on its time, in the request's language", async () => {
      expectStatus(await a.admin.post('/api-pers/shopconfig/save', { shopid: mine.id, earlyLimit: 30 }), 200);
      const colleague = (await employee(mine.id)).body.data as { id: number };
      await a.admin.post(`${P}/changePb`, { shopid: mine.id, eeid: colleague.id, date: today, classId: later.id });
      const body = { shopid: mine.id, eeid: colleague.id, date: today, type: 'on', time: clock(-30), reason: '忘记打卡' };
      const res = await a.admin.post(`${R}/bkSignIn`, body, { 'accept-language': 'en-US' });
      expect400(res, 'time');
      expect(res.body.errors?.[0].message).toContain('30 minutes');
      await a.admin.post('/api-pers/shopconfig/save', { shopid: mine.id, earlyLimit: 600 });
      expectStatus(await a.admin.post(`${R}/bkSignIn`, body), 200);
    });
  });

  it('the statistics count 应出勤: the days the schedule gives a shift, not rest days', async () => {
    const e = (await employee(mine.id)).body.data as { id: number };
    const month = today.slice(0, 7);
    const days = [0, 1, 2, 3].map((d) => addDays(today, d)).filter((d) => d.startsWith(month));
    // Shifts on every day but the second, a rest day.
    for (const [i, date] of days.entries())
      expectStatus(await a.admin.post(`${P}/changePb`, { shopid: mine.id, eeid: e.id, date, classId: i === 1 ? null : later.id }), 200);
    const stats = (await a.admin.get('/api-pers/checkchstatistics/chstatisticsList', { month, shopid: mine.id, pageSize: 200 })).body.data;
    const row = stats.list.find((r: { eeid: number }) => r.eeid === e.id);
    expect(row.scheduledDays).toBe(days.filter((_, i) => i !== 1).length);
    expect(row.days).toBe(0);
  });

  describe('开通账号 (openAccount)', async () => {
    const fresh = (await employee(mine.id)).body.data as { id: number; name: string };
    const elsewhere = (await employee(other.id)).body.data as { id: number };
    const viewer = (await createLimitedUser(t, a, { perms: ['staff.employee.view'] })).client;
    const shopEditor = (await createLimitedUser(t, a, { perms: ['staff.employee.view', 'staff.employee.edit'], loginShops: [mine.id] }))
      .client;
    const username = `acct${uniq()}`;

    it("opens the account of an employee without one; the shop's editor sees it on the employee", async () => {
      const res = await shopEditor.post(EMPLOYEE_ACCOUNT_PATH, { id: fresh.id, username, password: 'fresh-pass-1' });
      expectStatus(res, 200);
      expect(res.body.data).toMatchObject({ id: fresh.id, username });
      expect((await shopEditor.get(`/api-chain/employee/id/${fresh.id}`)).body.data.username).toBe(username);
      const me = (await (await signInAs(username, 'fresh-pass-1')).get('/api-user/me')).body.data;
      expect(me).toMatchObject({ selfService: true, user: { name: fresh.name } });
    });

    it('refuses a short password (400), no sign-in (401), no right (403), another tenant’s or shop’s employee (404)', async () => {
      expect400(await a.admin.post(EMPLOYEE_ACCOUNT_PATH, { id: fresh.id, username: `x${uniq()}`, password: 'short' }), 'password');
      expectStatus(await t.client().post(EMPLOYEE_ACCOUNT_PATH, { id: fresh.id, username: `x${uniq()}`, password: 'long-enough-1' }), 401);
      expectStatus(await viewer.post(EMPLOYEE_ACCOUNT_PATH, { id: elsewhere.id, username: `x${uniq()}`, password: 'long-enough-1' }), 403);
      expectStatus(
        await a.admin.post(EMPLOYEE_ACCOUNT_PATH, { id: b.employee.id, username: `x${uniq()}`, password: 'long-enough-1' }),
        404,
      );
      expectStatus(
        await shopEditor.post(EMPLOYEE_ACCOUNT_PATH, { id: elsewhere.id, username: `x${uniq()}`, password: 'long-enough-1' }),
        404,
      );
    });

    it('refuses an employee with a user already, and a username taken (409 naming the field)', async () => {
      expectStatus(await a.admin.post(EMPLOYEE_ACCOUNT_PATH, { id: fresh.id, username: `x${uniq()}`, password: 'long-enough-1' }), 409);
      const taken = await a.admin.post(EMPLOYEE_ACCOUNT_PATH, { id: elsewhere.id, username, password: 'long-enough-1' });
      expectStatus(taken, 409);
      expect(taken.body.errors?.map((e) => e.path)).toEqual(['username']);
      const withTaken = await employee(mine.id, { account: { username, password: 'long-enough-1' } });
      expectStatus(withTaken, 409);
      expect(withTaken.body.errors?.map((e) => e.path)).toEqual(['account.username']);
    });

    it('an own account given a role becomes an ordinary user of that role', async () => {
      const role = ((await a.admin.get('/api-user/roles/getSysRoleList')).body.data as { id: number; code: string }[]).find(
        (r) => r.code === 'shop_manager',
      ) as { id: number };
      const user = (await a.admin.get(`/api-user/users/${stylist.userId}`)).body.data;
      const res = await a.admin.post('/api-user/users/saveOrUpdate', {
        id: user.id,
        username: user.username,
        name: user.name,
        roleIds: [role.id],
      });
      expectStatus(res, 200);
      expect(res.body.data).toMatchObject({ selfService: false, roles: [{ id: role.id }] });
      expectStatus(await own.get('/api-chain/employee/listAll'), 200);
    });
  });
});
