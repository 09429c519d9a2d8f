import { billPath, DAY_CLOSE, type DayCloseState, fundBill, RECONCILE, type SystemRow, TILL_PATHS } from '@headoffice/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, periodLocks } from '../src/db/schema.js';
import { serviceBills } from '../src/modules/cashier/schema.js';
import { bankStatementLines } from '../src/modules/finance/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeCardType, makeMember, openCardFor } from './assets-support.js';
import { build, expect400, expectStatus } from './helpers.js';
import { key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const D = DAY_CLOSE.paths;
type Row = Record<string, any>;

describe("closing a shop's day (日结): reconciled, confirmed and closed in one step, reopened with a reason", async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const db = t.database.db;
  const [s1, s2] = await shopIds(t, a);
  const f = await tillFixture(t, a, s1, { servicePrice: 10_000, stock: 0 });
  const setup = ok(await a.admin.get(TILL_PATHS.setup, { shopid: s1 }));
  const cash = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;
  const staff = [{ employeeId: f.staff[0].id, station: 1, appointed: false }];
  const opened = async () => {
    const bill = ok(await a.admin.post(TILL_PATHS.open, { shopId: s1 }));
    return ok(
      await a.admin.post(TILL_PATHS.lines, {
        id: bill.id,
        version: bill.version,
        lines: [{ kind: 'service', itemId: f.service.id, num: 1, staff }],
      }),
    );
  };
  const settle = (bill: Row) =>
    a.admin.post(TILL_PATHS.settle, { id: bill.id, version: bill.version, payments: [{ payTypeId: cash, amount: bill.amount }] }, key());
  // A settled bill of today at shop 1 (a cash row to reconcile), and an open one to settle once the day is closed.
  const settled = ok(await settle(await opened()));
  const waiting = await opened();
  const [{ day }] = await inTenant(db, a.tenantId, (tx) =>
    tx.select({ day: serviceBills.businessDate }).from(serviceBills).where(eq(serviceBills.id, settled.id)),
  );
  const cardType = await makeCardType(t, a, { shops: [s1, s2] });
  const member = await makeMember(t, a, s1);
  const items = ok(await a.admin.get('/api-finance/dicioitem/list/all')) as Row[];
  const water = items.find((i) => i.name === '水电费') as Row;
  const request = (shopId: number) =>
    a.admin.post(billPath(fundBill, 'saveBill'), { shopId, type: 1, itemId: water.id, amount: 10_000, reason: '电费', billDate: day });
  const state = async (shopId = s1, client = a.admin) => ok<DayCloseState>(await client.get(D.state, { shopid: shopId, day }));
  const close = (shopId = s1, client = a.admin) => client.post(D.close, { shopId, day, memo: '日报已核对' });
  const reopen = (reason: string, shopId = s1, client = a.admin) => client.post(D.reopen, { shopId, day, reason });

  /** Matches every unmatched reconciliation row of the shop's day with a statement line of its amount. */
  async function reconcile(shopId: number) {
    const rows = ok<SystemRow[]>(await a.admin.get(RECONCILE.paths.getFd, { shopid: shopId, month: day.slice(0, 7), status: 0 }));
    for (const [i, r] of rows.filter((x) => x.day === day && x.amount !== 0).entries()) {
      const [line] = await inTenant(db, a.tenantId, (tx) =>
        tx
          .insert(bankStatementLines)
          .values({ tenantId: a.tenantId, shopId, day, rowIndex: 900 + i, payCode: r.payCode, amount: r.amount, statementAmount: r.amount })
          .returning({ id: bankStatementLines.id }),
      );
      ok(await a.admin.post(RECONCILE.paths.doLock, { shopId, day, type: r.type, lineIds: [line.id] }));
    }
  }

  it('refuses closing while reconciliation rows are unmatched, then closes; the closed day refuses the till, a revoke, a fund bill and a card sale', async () => {
    const before = await state();
    expect(before).toMatchObject({ id: null, status: 0, day, heldBy: null });
    expect(before.unmatched).toBeGreaterThan(0);
    const refused = await close();
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toMatch(new RegExp(`${day} 还有 ${before.unmatched} 笔银行对账未完成`));

    await reconcile(s1);
    const closed = ok<DayCloseState>(await close());
    expect(closed).toMatchObject({ status: 1, unmatched: 0, memo: '日报已核对', changedByName: expect.any(String) });
    expect(closed.changedAt).toBeTruthy();
    expect((await state()).status).toBe(1);
    const twice = await close();
    expectStatus(twice, 409);
    expect(twice.body.resp_msg).toContain(`${day} 已结账`);

    const refusal = `${day} 已结账`;
    for (const res of [
      await settle(waiting),
      await a.admin.post(TILL_PATHS.revoke, { id: settled.id, hcMemo: '整单撤销' }),
      await request(s1),
      await openCardFor(a, { memberId: member.id, cardTypeId: cardType.id, shopId: s1, amount: 10_000 }),
    ]) {
      expectStatus(res, 409);
      expect(res.body.resp_msg).toContain(refusal);
    }
    // another shop's day is open
    ok(await request(s2));
    ok(await openCardFor(a, { memberId: member.id, cardTypeId: cardType.id, shopId: s2, amount: 10_000 }));
    expect((await state(s2)).status).toBe(0);
    // the month's list shows the day closed
    const month = ok<DayCloseState[]>(await a.admin.get(D.month, { shopid: s1, month: day.slice(0, 7) }));
    expect(month.find((d) => d.day === day)).toMatchObject({ status: 1 });
    expect(month.every((d) => d.day <= day)).toBe(true);
  });

  it('reopens with a reason under its own right, logged; the till then settles that day again', async () => {
    expect400(await a.admin.post(D.reopen, { shopId: s1, day }), 'reason');
    expect400(await reopen('  '), 'reason');
    const reopened = ok<DayCloseState>(await reopen('补录一张单'));
    expect(reopened).toMatchObject({ status: 0, memo: '补录一张单' });
    ok(await settle(waiting));
    const again = await reopen('再次');
    expectStatus(again, 409);
    expect(again.body.resp_msg).toContain('未结账，不需要重新开账');
    const logged = await inTenant(db, a.tenantId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'dayclose'), eq(auditLog.entityId, reopened.id as number))),
    );
    expect(logged.map((l) => [l.verb, (l.detail as Row).body.reason ?? null])).toEqual([
      ['create', null],
      ['revoke', '补录一张单'],
    ]);
    // the day lock is the general close's: the period close page lists it
    const [lock] = await inTenant(db, a.tenantId, (tx) =>
      tx
        .select()
        .from(periodLocks)
        .where(eq(periodLocks.id, reopened.id as number)),
    );
    expect(lock).toMatchObject({ lock: 'close', kind: 'day', period: day, shopId: s1, status: 0 });
  });

  it('answers 400 for a day not begun, 401 without a sign-in, 403 without the right, 404 for another company', async () => {
    const future = await a.admin.post(D.close, { shopId: s1, day: '2999-01-01' });
    expect400(future, 'day');
    expect400(await a.admin.get(D.state, { shopid: s1, day: '2025-02-30' }), 'day');
    expect400(await a.admin.get(D.month, { shopid: s1, month: '2025-13' }), 'month');
    const anonymous = t.client();
    expectStatus(await anonymous.get(D.state, { shopid: s1, day }), 401);
    expectStatus(await anonymous.get(D.month, { shopid: s1, month: day.slice(0, 7) }), 401);
    expectStatus(await anonymous.post(D.close, { shopId: s1, day }), 401);
    expectStatus(await anonymous.post(D.reopen, { shopId: s1, day, reason: 'x' }), 401);
    const nobody = await createLimitedUser(t, a, { perms: [], loginShops: [s1] });
    const viewer = await createLimitedUser(t, a, { perms: [DAY_CLOSE.perms.view], loginShops: [s1] });
    expectStatus(await nobody.client.get(D.state, { shopid: s1, day }), 403);
    expectStatus(await nobody.client.get(D.month, { shopid: s1, month: day.slice(0, 7) }), 403);
    expect((await state(s1, viewer.client)).day).toBe(day);
    expectStatus(await close(s1, viewer.client), 403);
    expectStatus(await reopen('x', s1, viewer.client), 403);
    expectStatus(await b.admin.get(D.state, { shopid: s1, day }), 404);
    expectStatus(await close(s1, b.admin), 404);
    expectStatus(await reopen('别家的', s1, b.admin), 404);
  });

  it('a user limited to one shop closes and reopens that shop alone', async () => {
    const user = (await createLimitedUser(t, a, { perms: Object.values(DAY_CLOSE.perms), loginShops: [s1] })).client;
    expectStatus(await user.get(D.state, { shopid: s2, day }), 403);
    expectStatus(await close(s2, user), 403);
    expectStatus(await reopen('别的门店', s2, user), 403);
    await reconcile(s1);
    expect(ok<DayCloseState>(await close(s1, user)).status).toBe(1);
    expect(ok<DayCloseState>(await reopen('门店补单', s1, user)).status).toBe(0);
  });
});
