import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { employees, users } from '../src/db/schema.js';
import { wheelEntries } from '../src/modules/cashier/schema.js';
import { events } from '../src/platform/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';
import { EN, expect400, expectOk, expectStatus, shopIds } from './stock-support.js';
import { tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const W = '/api-cashier/wheel';
const R = '/api-pers/checkrecords';
const uniq = () => randomBytes(3).toString('hex').toUpperCase();
/** A wall-clock time `HH:MM` in Shanghai, `minutes` from now. */
const clock = (minutes: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.now() + minutes * 60_000),
  );

describe('the live wheel (轮牌) of the till', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const shops = expectOk(await a.admin.get('/api-chain/shop/list/all')) as any[];
  const positions = expectOk(await a.admin.get('/api-chain/position/list/all')) as any[];
  const [stylistPos, assistantPos] = positions;
  // The shop's attendance day started six hours ago: "now" is well inside today.
  expectOk(await a.admin.post('/api-pers/shopconfig/save', { shopid: s1, cstartTime: clock(-360) }));
  const fx = await tillFixture(t, a, s1);

  const employee = (shopId: number, positionId: number, name: string) =>
    inTenant(t.database.db, a.tenantId, async (tx) => {
      const [row] = await tx
        .insert(employees)
        .values({ tenantId: a.tenantId, eecode: `L${uniq()}`, name: `${name}${uniq()}`, entryDate: '2024-01-01', shopId, positionId })
        .returning({ id: employees.id, name: employees.name });
      return row;
    });
  const [d1, d2, d3, d4, dNot, x1] = [
    await employee(s1, stylistPos.id, '设计师甲'),
    await employee(s1, stylistPos.id, '设计师乙'),
    await employee(s1, stylistPos.id, '设计师丙'),
    await employee(s1, stylistPos.id, '设计师丁'),
    await employee(s1, stylistPos.id, '未签到'),
    await employee(s1, assistantPos.id, '助理'),
  ];
  /** Signs in (first punch) or out (a later one) by the shop's QR code, as the employee's own user. */
  const phones = new Map<number, Awaited<ReturnType<typeof createLimitedUser>>['client']>();
  const punch = async (employeeId: number) => {
    let phone = phones.get(employeeId);
    if (!phone) {
      const u = await createLimitedUser(t, a, { perms: [], loginShops: [s1] });
      await inTenant(t.database.db, a.tenantId, (tx) => tx.update(users).set({ employeeId }).where(eq(users.id, u.userId)));
      phone = u.client;
      phones.set(employeeId, phone);
    }
    const token = expectOk(await a.admin.get(`${R}/qrCode`, { shopid: s1 })).token;
    return expectOk(await phone.post(`${R}/signIn`, { method: 'qr', token }));
  };

  const shopType = shops.find((s) => s.id === s1).type ?? 1;
  const row = { postion: 1, dayClean: true, withCashier: true, dksffp: false };
  const schemeBody = {
    cwtcode: `LP${uniq()}`,
    cwtname: '标准轮牌',
    shoptype: shopType,
    shopIds: [s1],
    rows: [
      { ...row, cwcname: '设计师轮牌', positionIds: [stylistPos.id] },
      { ...row, cwcname: '助理轮牌', postion: 2, positionIds: [assistantPos.id] },
    ],
  };
  let scheme = expectOk(await a.admin.post('/api-chain/wheelconfig/save', schemeBody));
  const meal = expectOk(await a.admin.post('/api-cashier/wheelrest/save', { shopid: s1, cwrname: '吃饭', time: 30 }));
  const cashier = await createLimitedUser(t, a, {
    perms: ['till.wheel.view', 'till.wheel.edit', 'till.checkout.view', 'till.checkout.edit'],
    loginShops: [s1],
  });
  const viewer = await createLimitedUser(t, a, { perms: ['till.wheel.view'], loginShops: [s1] });
  const c = cashier.client;

  const queues = async () => expectOk(await c.get(`${W}/queues`, { shopId: s1 }));
  const order = async (rowNo = 0) => (await queues()).queues[rowNo].entries.map((e: any) => e.employeeId) as number[];
  const entry = async (employeeId: number, rowNo = 0) =>
    (await queues()).queues[rowNo].entries.find((e: any) => e.employeeId === employeeId);
  const logs = async () => expectOk(await c.get(`${W}/logs`, { shopId: s1 })) as any[];

  it('holds only the employees of the row signed in today, in sign-in order', async () => {
    expect(await order()).toEqual([]);
    for (const e of [d2, d1, d3, x1]) await punch(e.id);
    const q = await queues();
    expect(q.scheme).toMatchObject({ id: scheme.id, name: '标准轮牌' });
    expect(q.queues.map((r: any) => r.name)).toEqual(['设计师轮牌', '助理轮牌']);
    expect(q.queues[0].entries.map((e: any) => [e.employeeId, e.place, e.state])).toEqual([
      [d2.id, 1, 'free'],
      [d1.id, 2, 'free'],
      [d3.id, 3, 'free'],
    ]);
    expect(q.queues[0].entries.map((e: any) => e.name)).toEqual([d2.name, d1.name, d3.name]);
    expect(q.queues[1].entries.map((e: any) => e.employeeId)).toEqual([x1.id]);
    expect(q.queues.flatMap((r: any) => r.entries).some((e: any) => e.employeeId === dNot.id)).toBe(false);
    expect(q.rests).toEqual([{ id: meal.id, name: '吃饭', minutes: 30 }]);
  });

  it('gives a walk-in to the first free employee, who moves to the end (翻牌); the move is logged', async () => {
    const given = expectOk(await c.post(`${W}/assign`, { shopId: s1, row: 0 }));
    expect(given).toMatchObject({ employeeId: d2.id, name: d2.name, turned: true });
    expect(given.queues.queues[0].entries.map((e: any) => e.employeeId)).toEqual([d1.id, d3.id, d2.id]);
    expect(await order()).toEqual([d1.id, d3.id, d2.id]);
    const [last] = await logs();
    expect(last).toMatchObject({
      row: 0,
      rowName: '设计师轮牌',
      employeeId: d2.id,
      employeeName: d2.name,
      action: 'assign',
      fromPlace: 1,
      toPlace: 3,
      byName: expect.any(String),
    });
  });

  it('a requested customer (指定) does not cost a turn unless 点客是否翻牌 is on', async () => {
    const kept = expectOk(await c.post(`${W}/assign`, { shopId: s1, row: 0, employeeId: d3.id }));
    expect(kept).toMatchObject({ employeeId: d3.id, turned: false });
    expect(await order()).toEqual([d1.id, d3.id, d2.id]);
    expect((await logs())[0]).toMatchObject({ action: 'appoint', employeeId: d3.id, fromPlace: 2, toPlace: 2 });
    scheme = expectOk(
      await a.admin.post('/api-chain/wheelconfig/save', {
        ...schemeBody,
        id: scheme.id,
        version: scheme.version,
        rows: [{ ...schemeBody.rows[0], dksffp: true }, schemeBody.rows[1]],
      }),
    );
    const turned = expectOk(await c.post(`${W}/assign`, { shopId: s1, row: 0, employeeId: d1.id }));
    expect(turned).toMatchObject({ employeeId: d1.id, turned: true });
    expect(await order()).toEqual([d3.id, d2.id, d1.id]);
  });

  it('a rest keeps the place and is passed over; back by hand or when its minutes are over', async () => {
    const rested = expectOk(await c.post(`${W}/rest`, { shopId: s1, employeeId: d3.id, restId: meal.id }));
    const e = rested.queues[0].entries[0];
    expect(e).toMatchObject({ employeeId: d3.id, place: 1, state: 'resting', restName: '吃饭', restUntil: clock(30) });
    expect(expectOk(await c.post(`${W}/assign`, { shopId: s1, row: 0 })).employeeId).toBe(d2.id);
    expect(await order()).toEqual([d3.id, d1.id, d2.id]);
    expect((await entry(d3.id)).state).toBe('resting');
    expectOk(await c.post(`${W}/back`, { shopId: s1, employeeId: d3.id }));
    expect(await entry(d3.id)).toMatchObject({ place: 1, state: 'free', restUntil: null });
    const again = await c.post(`${W}/back`, { shopId: s1, employeeId: d3.id }, EN);
    expectStatus(again, 409);
    expect(again.body.resp_msg).toContain('not resting');
    // A rest whose minutes are over ends by itself.
    expectOk(await c.post(`${W}/rest`, { shopId: s1, employeeId: d1.id, restId: meal.id }));
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .update(wheelEntries)
        .set({ restUntil: new Date(Date.now() - 60_000) })
        .where(eq(wheelEntries.employeeId, d1.id)),
    );
    expect(await entry(d1.id)).toMatchObject({ place: 2, state: 'free', restName: null });
    expect((await logs()).slice(0, 4).map((l) => l.action)).toEqual(['rest', 'back', 'assign', 'rest']);
  });

  it('moves by hand with a reason; a newcomer joins at the end', async () => {
    await punch(d4.id);
    expect(await order()).toEqual([d3.id, d1.id, d2.id, d4.id]);
    expect400(await c.post(`${W}/move`, { shopId: s1, row: 0, employeeId: d4.id, place: 1 }), 'reason');
    const moved = expectOk(await c.post(`${W}/move`, { shopId: s1, row: 0, employeeId: d4.id, place: 1, reason: '补回上午漏轮' }));
    expect(moved.queues[0].entries.map((e: any) => e.employeeId)).toEqual([d4.id, d3.id, d1.id, d2.id]);
    expect((await logs())[0]).toMatchObject({ action: 'move', employeeId: d4.id, fromPlace: 4, toPlace: 1, reason: '补回上午漏轮' });
    expectOk(await c.post(`${W}/move`, { shopId: s1, row: 0, employeeId: d1.id, reason: '顾客投诉' }));
    expect(await order()).toEqual([d4.id, d3.id, d2.id, d1.id]);
  });

  it('收银联动: a bill with an employee turns the card, not when the wheel gave the customer; serving ones are passed over', async () => {
    const opened = expectOk(await c.post('/api-cashier/checkout/open', { shopId: s1, handTag: 77 }));
    const lines = (staff: { employeeId: number; station: number; appointed: boolean }[]) => [
      { kind: 'service', itemId: fx.service.id, num: 1, staff },
    ];
    const saved = expectOk(
      await c.post('/api-cashier/checkout/lines', {
        id: opened.id,
        version: opened.version,
        lines: lines([
          { employeeId: d4.id, station: 1, appointed: false },
          // d3 was given a requested customer by the wheel: that customer's bill costs no second turn.
          { employeeId: d3.id, station: 2, appointed: false },
        ]),
      }),
    );
    expect(await order()).toEqual([d3.id, d2.id, d1.id, d4.id]);
    const q = await queues();
    expect(q.queues[0].entries.map((e: any) => e.state)).toEqual(['serving', 'free', 'free', 'serving']);
    expect((await logs())[0]).toMatchObject({ action: 'bill', employeeId: d4.id, fromPlace: 1, toPlace: 4, billNo: opened.billNo });
    // The same staff saved again: nothing moves.
    expectOk(
      await c.post('/api-cashier/checkout/lines', {
        id: opened.id,
        version: saved.version,
        lines: lines([
          { employeeId: d4.id, station: 1, appointed: false },
          { employeeId: d3.id, station: 2, appointed: false },
        ]),
      }),
    );
    expect(await order()).toEqual([d3.id, d2.id, d1.id, d4.id]);
    // A walk-in passes over d3 (serving), who keeps the first place.
    expect(expectOk(await c.post(`${W}/assign`, { shopId: s1, row: 0 })).employeeId).toBe(d2.id);
    expect(await order()).toEqual([d3.id, d1.id, d4.id, d2.id]);
    expectOk(await c.post('/api-cashier/checkout/void', { id: opened.id, reason: '顾客离开' }));
    expect((await queues()).queues[0].entries.every((e: any) => e.state === 'free')).toBe(true);
  });

  it('with 收银联动 off a bill moves no one', async () => {
    scheme = expectOk(
      await a.admin.post('/api-chain/wheelconfig/save', {
        ...schemeBody,
        id: scheme.id,
        version: scheme.version,
        rows: [{ ...schemeBody.rows[0], dksffp: true, withCashier: false }, schemeBody.rows[1]],
      }),
    );
    const opened = expectOk(await c.post('/api-cashier/checkout/open', { shopId: s1, handTag: 78 }));
    const before = await order();
    expectOk(
      await c.post('/api-cashier/checkout/lines', {
        id: opened.id,
        version: opened.version,
        lines: [{ kind: 'service', itemId: fx.service.id, num: 1, staff: [{ employeeId: d1.id, station: 1, appointed: false }] }],
      }),
    );
    expect(await order()).toEqual(before);
    expect((await entry(d1.id)).state).toBe('serving');
    expectOk(await c.post('/api-cashier/checkout/void', { id: opened.id, reason: '测试' }));
  });

  it('who signs out leaves; a new attendance day starts again in sign-in order (每日洗牌)', async () => {
    await punch(d2.id);
    expect(await order()).toEqual([d3.id, d1.id, d4.id]);
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .update(wheelEntries)
        .set({ day: sql`${wheelEntries.day} - 1` })
        .where(eq(wheelEntries.shopId, s1)),
    );
    expect(await order()).toEqual([d1.id, d3.id, d4.id]);
  });

  it('receptionists giving walk-ins at once get different employees (the shop’s queue is locked)', async () => {
    const before = await order();
    expect(before).toHaveLength(3);
    const answers = await Promise.all(before.map(() => c.post(`${W}/assign`, { shopId: s1, row: 0 })));
    const ids = answers.map((r) => expectOk(r).employeeId as number);
    // Three at once over three free employees: each given one, a whole round, the order as before.
    expect([...ids].sort()).toEqual([...before].sort());
    expect(await order()).toEqual(before);
    expect((await logs()).slice(0, 3).map((l) => l.fromPlace)).toEqual([1, 1, 1]);
  });

  it('every change is an event for the screens of the shop', async () => {
    const rows = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select()
        .from(events)
        .where(and(eq(events.topic, 'wheel.changed'), eq(events.shopId, s1))),
    );
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows[0]).toMatchObject({ payload: { shopId: s1 }, perm: 'till.wheel.view' });
  });

  it('refuses: 400, 401, 403, 404 (another tenant, another shop, not on the queue), 409 (no scheme, no one free)', async () => {
    expectStatus(await t.client().get(`${W}/queues`, { shopId: s1 }), 401);
    expectStatus(await viewer.client.post(`${W}/assign`, { shopId: s1, row: 0 }), 403);
    expectOk(await viewer.client.get(`${W}/queues`, { shopId: s1 }));
    expectStatus(await b.admin.get(`${W}/queues`, { shopId: s1 }), 404);
    expectStatus(await b.admin.post(`${W}/assign`, { shopId: s1, row: 0 }), 404);
    expectStatus(await c.get(`${W}/queues`, { shopId: s2 }), 404);
    expectStatus(await c.post(`${W}/assign`, { shopId: s2, row: 0 }), 404);
    expectStatus(await c.get(`${W}/logs`, { shopId: s2 }), 404);
    expectStatus(await c.post(`${W}/assign`, { shopId: s1, row: 5 }), 404);
    expectStatus(await c.post(`${W}/assign`, { shopId: s1, row: 0, employeeId: dNot.id }), 404);
    expectStatus(await c.post(`${W}/rest`, { shopId: s1, employeeId: d1.id, restId: 999_999 }), 404);
    expect400(await c.post(`${W}/assign`, { shopId: s1, row: 99 }), 'row');
    expect400(await c.post(`${W}/rest`, { shopId: s1, employeeId: d1.id }), 'restId');
    const noScheme = await a.admin.post(`${W}/assign`, { shopId: s2, row: 0 }, EN);
    expectStatus(noScheme, 409);
    expect(noScheme.body.resp_msg).toContain('no wheel scheme');
    expect(expectOk(await a.admin.get(`${W}/queues`, { shopId: s2 })).queues).toEqual([]);
    // An employee not signed in at the shop is not found there, before anything else is refused.
    expectStatus(await a.admin.post(`${W}/assign`, { shopId: s2, row: 0, employeeId: d1.id }), 404);
    expectStatus(await a.admin.post(`${W}/move`, { shopId: s2, row: 0, employeeId: d1.id, reason: 'x' }), 404);
    expectOk(await c.post(`${W}/rest`, { shopId: s1, employeeId: x1.id, restId: meal.id }));
    const none = await c.post(`${W}/assign`, { shopId: s1, row: 1 }, EN);
    expectStatus(none, 409);
    expect(none.body.resp_msg).toContain('助理轮牌');
  });
});
