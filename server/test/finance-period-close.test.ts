import { billPath, EXPENSE_API, fundBill, PERIOD_CLOSE } from '@headoffice/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { lockCoverage } from '../src/platform/period-locks.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type Client, expect400, expectOk, expectStatus } from './helpers.js';
import { shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

const C = PERIOD_CLOSE.paths;
const EN = { 'accept-language': 'en-US' };
type Row = Record<string, any>;

describe('closing the books: a month or a day of the chain or of a shop, reopened with a reason', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [shopA, shopB] = (await shopIds(t, a)).slice(-2);
  const items = expectOk(await a.admin.get('/api-finance/dicioitem/list/all')) as Row[];
  const water = items.find((i) => i.name === '水电费') as Row;
  /** A petty-cash request (a bill type the close covers) of a shop dated on a day. */
  const request = (shopId: number, billDate: string, client: Client = a.admin) =>
    client.post(billPath(fundBill, 'saveBill'), { shopId, type: 1, itemId: water.id, amount: 10_000, reason: '电费', billDate });
  const close = (body: Row, client: Client = a.admin) => client.post(C.close, { shopId: null, ...body });
  const reopen = (id: number, reason: string, client: Client = a.admin) => client.post(C.reopen, { id, reason });

  it('a month closed for the chain refuses the bills dated in it, naming the period; reopened with a reason, they pass again', async () => {
    expectOk(await request(shopA, '2025-03-10'));
    const closed = expectOk(await close({ kind: 'month', period: '2025-03', memo: '三月已对账' })) as Row;
    expect(closed).toMatchObject({ kind: 'month', period: '2025-03', shopId: null, shopName: null, status: 1, memo: '三月已对账' });
    const refused = await request(shopA, '2025-03-10');
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toBe('2025-03 已结账，不能新增、修改或审核该期间的单据');
    expectStatus(await request(shopB, '2025-03-31'), 409);
    // the days around it are open
    expectOk(await request(shopA, '2025-04-01'));

    const reopened = expectOk(await reopen(closed.id, '补录三月电费')) as Row;
    expect(reopened).toMatchObject({ id: closed.id, status: 0, memo: '补录三月电费' });
    expectOk(await request(shopA, '2025-03-10'));
    const logged = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'periodclose'), eq(auditLog.entityId, closed.id))),
    );
    expect(logged.map((l) => [l.verb, (l.detail as Row).body.reason ?? null])).toEqual([
      ['create', null],
      ['revoke', '补录三月电费'],
    ]);
    // closed again later: the same row, closed
    expect(expectOk(await close({ kind: 'month', period: '2025-03' }))).toMatchObject({ id: closed.id, status: 1, memo: null });
    expectOk(await reopen(closed.id, '再次补录'));
  });

  it("a day closed for one shop refuses that shop's bills of the day only; the list shows both with their shops", async () => {
    const closed = expectOk(await close({ kind: 'day', period: '2025-05-10', shopId: shopA })) as Row;
    expect(closed).toMatchObject({ kind: 'day', period: '2025-05-10', shopId: shopA, status: 1 });
    expect(closed.shopName).toBeTruthy();
    const refused = await request(shopA, '2025-05-10');
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toContain('2025-05-10 已结账');
    expectOk(await request(shopB, '2025-05-10'));
    expectOk(await request(shopA, '2025-05-11'));
    const en = await a.admin.post(
      billPath(fundBill, 'saveBill'),
      { shopId: shopA, type: 1, itemId: water.id, amount: 1, reason: 'x', billDate: '2025-05-10' },
      EN,
    );
    expect(en.body.resp_msg).toBe('The period 2025-05-10 is closed: its bills cannot be made, changed or approved');

    const list = expectOk(await a.admin.get(C.list, { shopid: shopA })) as Row;
    expect(list.list.map((r: Row) => [r.period, r.shopId])).toEqual(
      expect.arrayContaining([
        ['2025-05-10', shopA],
        ['2025-03', null],
      ]),
    );
    const chainOnly = expectOk(await a.admin.get(C.list, { shopid: 0 })) as Row;
    expect(chainOnly.list.every((r: Row) => r.shopId === null)).toBe(true);
    const closedOnly = expectOk(await a.admin.get(C.list, { status: 1, kind: 'day' })) as Row;
    expect(closedOnly.list.map((r: Row) => r.period)).toEqual(['2025-05-10']);
    expect(expectOk(await b.admin.get(C.list)).total).toBe(0);
  });

  it('refuses a period that is not a month or a day of its kind, one not begun, a reopening without a reason, and a second close or reopening', async () => {
    for (const [kind, period] of [
      ['month', '2025-13'],
      ['month', '2025-06-01'],
      ['day', '2025-02-30'],
      ['day', '2025-06'],
      ['day', '2999-01-01'],
      ['month', '2999-01'],
    ]) {
      const res = await close({ kind, period });
      expect400(res, 'period');
      expect(res.body.errors?.[0].message, `${kind} ${period}`).toContain(period);
    }
    expect((await close({ kind: 'month', period: '2025-13' })).body.errors?.[0].message).toBe('2025-13 不是有效的月份');
    const future = await a.admin.post(C.close, { kind: 'month', period: '2999-01', shopId: null }, EN);
    expect(future.body.errors?.[0].message).toMatch(/^2999-01 has not begun \(today is \d{4}-\d{2}-\d{2}\): it cannot be closed$/);
    expect400(await close({ kind: 'week', period: '2025-06' }), 'kind');
    expect400(await a.admin.post(C.close, { kind: 'month', period: '2025-06' }), 'shopId');

    const closed = expectOk(await close({ kind: 'month', period: '2025-06' })) as Row;
    const twice = await close({ kind: 'month', period: '2025-06' });
    expectStatus(twice, 409);
    expect(twice.body.resp_msg).toBe('全连锁 2025-06 已结账');
    expect((await a.admin.post(C.close, { kind: 'month', period: '2025-06', shopId: null }, EN)).body.resp_msg).toBe(
      '2025-06 of the whole chain is already closed',
    );
    // a shop's close of a month the chain closed is a close of its own
    expectOk(await close({ kind: 'month', period: '2025-06', shopId: shopB }));

    expect400(await a.admin.post(C.reopen, { id: closed.id }), 'reason');
    expect400(await reopen(closed.id, '   '), 'reason');
    expectOk(await reopen(closed.id, '调账'));
    const again = await reopen(closed.id, '调账');
    expectStatus(again, 409);
    expect(again.body.resp_msg).toBe('全连锁 2025-06 未结账，不需要反结账');
  });

  it('answers 401 without a sign-in, 403 without the right, and 404 for a close of another company', async () => {
    const anonymous = t.client();
    expectStatus(await anonymous.get(C.list), 401);
    expectStatus(await anonymous.get(C.coverage), 401);
    expectStatus(await anonymous.post(C.close, { kind: 'month', period: '2025-07', shopId: null }), 401);
    expectStatus(await anonymous.post(C.reopen, { id: 1, reason: 'x' }), 401);

    const viewer = await createLimitedUser(t, a, { perms: [PERIOD_CLOSE.perms.view], loginShops: [shopA] });
    const closer = await createLimitedUser(t, a, { perms: [PERIOD_CLOSE.perms.view, PERIOD_CLOSE.perms.close], loginShops: [shopA] });
    const nobody = await createLimitedUser(t, a, { perms: [], loginShops: [shopA] });
    expectStatus(await nobody.client.get(C.list), 403);
    expectStatus(await nobody.client.get(C.coverage), 403);
    expectOk(await viewer.client.get(C.list));
    expectStatus(await close({ kind: 'month', period: '2025-07', shopId: shopA }, viewer.client), 403);
    const own = expectOk(await close({ kind: 'month', period: '2025-07', shopId: shopA }, closer.client)) as Row;
    // closing is one right, reopening another
    expectStatus(await reopen(own.id, '错了', closer.client), 403);
    expectStatus(await reopen(own.id, '错了', viewer.client), 403);

    expectStatus(await reopen(own.id, '别家的', b.admin), 404);
    expectStatus(await reopen(999_999_999, '不存在'), 404);
    expect(expectOk(await b.admin.get(C.list, { shopid: 0 })).total).toBe(0);
  });

  it('a user limited to one shop closes and reopens that shop alone: not the chain, not another shop', async () => {
    const shopUser = await createLimitedUser(t, a, { perms: Object.values(PERIOD_CLOSE.perms), loginShops: [shopA] });
    const user = shopUser.client;
    const chain = expectOk(await close({ kind: 'month', period: '2025-08' })) as Row;
    const other = expectOk(await close({ kind: 'month', period: '2025-08', shopId: shopB })) as Row;

    expectStatus(await close({ kind: 'month', period: '2025-09' }, user), 403);
    expectStatus(await close({ kind: 'month', period: '2025-09', shopId: shopB }, user), 403);
    expectStatus(await reopen(chain.id, '门店无权', user), 403);
    expectStatus(await reopen(other.id, '别的门店', user), 404);
    expectStatus(await user.get(C.list, { shopid: shopB }), 403);

    const own = expectOk(await close({ kind: 'month', period: '2025-09', shopId: shopA }, user)) as Row;
    const seen = expectOk(await user.get(C.list, { pageSize: 200 })) as Row;
    const shopsSeen = new Set(seen.list.map((r: Row) => r.shopId));
    expect(shopsSeen.has(shopB)).toBe(false);
    expect([shopsSeen.has(null), shopsSeen.has(shopA)]).toEqual([true, true]);
    expect(expectOk(await reopen(own.id, '门店补单', user))).toMatchObject({ status: 0, memo: '门店补单' });
    // what they did not touch is as it was
    const all = expectOk(await a.admin.get(C.list, { pageSize: 200 })) as Row;
    expect(all.list.find((r: Row) => r.id === chain.id).status).toBe(1);
    expect(all.list.find((r: Row) => r.id === other.id).status).toBe(1);
  });

  it('shows what a close stops: every bill type the lock kind covers by its label, and the writes that are no bills', async () => {
    const coverage = expectOk(await a.admin.get(C.coverage)) as { bills: Row[]; writes: Row[] };
    const covered = lockCoverage()
      .filter(([kind]) => kind === 'close')
      .map(([, docType]) => docType);
    expect(coverage.bills.map((b) => b.docType).sort()).toEqual([...covered].sort());
    const byType = new Map(coverage.bills.map((b) => [b.docType, b.label]));
    expect(byType.get(fundBill.docType)).toEqual([...fundBill.label]);
    // the till's bills, stock bills and finance's bills are all under it
    expect(coverage.bills.length).toBeGreaterThanOrEqual(12);
    for (const label of coverage.bills.map((b) => b.label)) expect(label).toHaveLength(2);
    expect(coverage.writes.map((w) => w.label[0])).toContain('备用金台账调整');
    // the petty-cash adjustment is refused in a closed day as the coverage says
    expectOk(await close({ kind: 'day', period: '2025-10-10', shopId: shopA }));
    const adjust = await a.admin.post(EXPENSE_API.fundAdjustmentSave, {
      shopId: shopA,
      date: '2025-10-10',
      amount: -100,
      reason: '盘点短款',
    });
    expectStatus(adjust, 409);
    expect(adjust.body.resp_msg).toContain('2025-10-10 已结账');
  });
});
