import { SMS_PACKAGES, SMS_TASK_TOPIC, smsParts } from '@headoffice/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, smsLedger, smsMessages } from '../src/db/schema.js';
import { smsBook } from '../src/modules/messaging/allowance.js';
import { failDelivery } from '../src/modules/messaging/tasks.js';
import { JobRunner } from '../src/platform/jobs.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type Client, expect400, expectOk, expectStatus, type TestTenant } from './helpers.js';
import { expectLedgerConsistent, shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

const t = await build();
const a = await t.tenant({ demo: true });
const b = await t.sharedOtherTenant();
const [shop1, shop2, shop3] = await shopIds(t, a);
const [bShop] = await shopIds(t, b);

const [small, medium] = SMS_PACKAGES;
const buy = (tenant: TestTenant, pack: { count: number; price: number } = small) =>
  tenant.admin.post('/api-chain/smsorder/create', { rechargenum: pack.count, payje: pack.price, ptype: 1 });
const assign = (client: Client, shopIds: number[], count: number) => client.post('/api-push/smsshop/batchAssign', { shopIds, count });
const shopLeft = async (client: Client, shopId: number) =>
  (expectOk(await client.get('/api-push/smsshop/chain/list', { shopid: shopId })) as { remaining: number }[])[0].remaining;
const allowance = async (tenant: TestTenant) => expectOk(await tenant.admin.get('/api-push/smsallowance/getSmsAllowanceByTenement'));
/** Runs the due jobs until none is left (a campaign asks for a run per batch). */
async function runJobs(now?: Date) {
  const runner = new JobRunner(t.database.db, { batch: 50 });
  for (let i = 0; i < 50 && (await runner.runDue(now)) > 0; i++);
}
/** The ledger recomputed: every balance is the sum of its rows, every row's running balance right. */
const ledgerMismatches = (tenant: TestTenant) => inTenant(t.database.db, tenant.tenantId, (tx) => smsBook.mismatches(tx));

const viewer = await createLimitedUser(t, a, { perms: ['messaging.sms.view'] });
const shopSender = await createLimitedUser(t, a, { perms: ['messaging.sms.view', 'messaging.sms.send'], managerShops: [shop2] });

describe('the SMS allowance (smsorder, smsshop, smsallowance)', () => {
  it('buys a package through the sandbox: the order is paid and the pool grows by its count', async () => {
    const before = await allowance(a);
    const order = expectOk(await buy(a));
    expect(order).toMatchObject({
      rechargenum: small.count,
      payje: small.price,
      state: 'paid',
      tradeNo: expect.stringMatching(/^SBX-PAY-/),
    });
    expect(order.billcode).toMatch(/^DX/);
    const after = await allowance(a);
    expect(after.bought).toBe(before.bought + small.count);
    expect(after.pool).toBe(before.pool + small.count);
    const listed = expectOk(await a.admin.get('/api-chain/smsorder'));
    expect(listed.list[0]).toMatchObject({ id: order.id, billcode: order.billcode });
  });

  it('refuses a count that is no package and a price that is not the package’s (400 naming the field)', async () => {
    const wrongCount = await a.admin.post('/api-chain/smsorder/create', { rechargenum: 7, payje: 100, ptype: 1 });
    expect400(wrongCount, 'rechargenum');
    expect(wrongCount.body.errors?.[0].message).toContain('1000');
    expect400(await a.admin.post('/api-chain/smsorder/create', { rechargenum: small.count, payje: small.price - 1 }), 'payje');
    expect400(await a.admin.post('/api-chain/smsorder/create', { rechargenum: -5, payje: 1 }), 'rechargenum');
  });

  it('401 without a token, 403 without the right, 403 for a shop-limited user on the chain’s figures', async () => {
    expectStatus(await t.client().post('/api-chain/smsorder/create', { rechargenum: small.count, payje: small.price }), 401);
    expectStatus(await viewer.client.post('/api-chain/smsorder/create', { rechargenum: small.count, payje: small.price }), 403);
    expectStatus(await viewer.client.post('/api-push/smsshop/batchAssign', { shopIds: [shop1], count: 1 }), 403);
    expectStatus(await shopSender.client.get('/api-push/smsallowance/getSmsAllowanceByTenement'), 403);
    expectStatus(await shopSender.client.get('/api-chain/smsorder'), 403);
  });

  it('assigns from the pool to shops (POST and the seed’s GET), takes back, never below zero on either side', async () => {
    expectOk(await buy(a, medium));
    const before = await allowance(a);
    const rows = expectOk(await assign(a.admin, [shop1, shop2], 100));
    expect(rows).toEqual([
      expect.objectContaining({ shopId: shop1, count: 100, shopName: expect.any(String) }),
      expect.objectContaining({ shopId: shop2, count: 100 }),
    ]);
    expectOk(await a.admin.get('/api-push/smsshop/batchAssign', { shopIds: `${shop3}`, count: 30 }));
    const after = await allowance(a);
    expect(after.pool).toBe(before.pool - 230);
    expect(after.assigned).toBe(before.assigned + 230);

    const left1 = await shopLeft(a.admin, shop1);
    const tooMuch = await assign(a.admin, [shop1], -(left1 + 1));
    expectStatus(tooMuch, 409);
    expect(tooMuch.body.resp_msg).toContain(`剩余 ${left1} 条`);
    expectOk(await assign(a.admin, [shop1], -10));
    expect(await shopLeft(a.admin, shop1)).toBe(left1 - 10);

    const pool = after.pool + 10;
    const poolShort = await assign(a.admin, [shop1], pool + 1);
    expectStatus(poolShort, 409);
    expect(poolShort.body.resp_msg).toContain(`剩余 ${pool} 条`);
    expect((await allowance(a)).pool).toBe(pool);

    expect400(await assign(a.admin, [shop1], 0), 'count');
    expectStatus(await assign(a.admin, [bShop], 10), 404);
    const history = expectOk(await a.admin.get('/api-push/smsshop/assignList', { shopid: shop3 }));
    expect(history.list[0]).toMatchObject({ shopId: shop3, count: 30 });
    expect(await ledgerMismatches(a)).toEqual([]);
  });

  it('keeps bought = assigned + pool and assigned − used = what the shops hold', async () => {
    const all = await allowance(a);
    expect(all.bought).toBe(all.assigned + all.pool);
    expect(all.assigned - all.used).toBe(all.shopsRemaining);
    const shops = expectOk(await a.admin.get('/api-push/smsallowance/list/all')) as { assigned: number; used: number; remaining: number }[];
    for (const s of shops) expect(s.assigned - s.used).toBe(s.remaining);
    expect(shops.reduce((n, s) => n + s.remaining, 0)).toBe(all.shopsRemaining);
  });

  it('a shop-limited user sees their shops only', async () => {
    const seen = expectOk(await shopSender.client.get('/api-push/smsshop/chain/list')) as { shopId: number }[];
    expect(seen.map((s) => s.shopId)).toEqual([shop2]);
    expectStatus(await shopSender.client.get('/api-push/smsshop/chain/list', { shopid: shop1 }), 403);
    const history = expectOk(await shopSender.client.get('/api-push/smsshop/assignList'));
    expect(history.list.every((r: { shopId: number }) => r.shopId === shop2)).toBe(true);
    expect(history.list.length).toBeGreaterThan(0);
  });
});

describe('parts (§8.1)', () => {
  it('counts ≤ 54 / 55–118 / 119–185 characters as 1 / 2 / 3 messages and refuses longer', () => {
    expect([1, 54, 55, 118, 119, 185, 186].map((n) => smsParts('字'.repeat(n)))).toEqual([1, 1, 2, 2, 3, 3, null]);
    expect(smsParts('😀'.repeat(54))).toBe(1);
  });
});

describe('SMS templates (smstemplate)', () => {
  it('saves, reads, lists, renames with its version and deletes a template; parts count the signature', async () => {
    const saved = expectOk(await a.admin.post('/api-push/smstemplate/save', { name: '回访', content: '{name}您好，欢迎再次光临{shop}' }));
    expect(saved).toMatchObject({ name: '回访', stype: 2, parts: 1 });
    expect(expectOk(await a.admin.get(`/api-push/smstemplate/id/${saved.id}`)).content).toContain('{shop}');
    expect(expectOk(await a.admin.get('/api-push/smstemplate/getTemplateListForChain')).map((r: { id: number }) => r.id)).toContain(
      saved.id,
    );
    expect(expectOk(await a.admin.get('/api-push/smstemplate/list', { keyword: '回访' })).total).toBe(1);
    const long = expectOk(await a.admin.post('/api-push/smstemplate/save', { name: '长', content: '字'.repeat(60) }));
    expect(long.parts).toBe(2);
    expectStatus(await a.admin.post('/api-push/smstemplate/save', { name: '回访', content: 'x' }), 409);
    expect400(await a.admin.post('/api-push/smstemplate/save', { name: '超长', content: '字'.repeat(186) }), 'content');
    expectStatus(
      await a.admin.post('/api-push/smstemplate/save', { id: saved.id, version: saved.version + 1, name: '回访2', content: 'x' }),
      409,
    );
    expectOk(await a.admin.post('/api-push/smstemplate/save', { id: saved.id, version: saved.version, name: '回访2', content: 'x' }));
    expectStatus(await b.admin.get(`/api-push/smstemplate/id/${saved.id}`), 404);
    expectStatus(await b.admin.del(`/api-push/smstemplate/${saved.id}`), 404);
    expectStatus(await viewer.client.del(`/api-push/smstemplate/${saved.id}`), 403);
    expectStatus(await t.client().get('/api-push/smstemplate/list'), 401);
    expectOk(await a.admin.del(`/api-push/smstemplate/${saved.id}`));
    expectStatus(await a.admin.get(`/api-push/smstemplate/id/${saved.id}`), 404);
  });
});

describe('campaigns (smstask)', () => {
  it('shows the cost of an empty audience (all members) before sending, and queues nothing', async () => {
    const members = expectOk(await a.admin.get('/api-member/userinfo/list/findConditionSms')).total;
    expect(members).toBeGreaterThan(0);
    const before = await shopLeft(a.admin, shop1);
    const answer = expectOk(await a.admin.post('/api-push/smstask', { shopid: shop1, content: '新品上市', confirm: false }));
    expect(answer.task).toBeNull();
    expect(answer.preview).toMatchObject({ recipients: members, parts: 1, cost: members, remaining: before, allMembers: true });
    const filtered = expectOk(
      await a.admin.post('/api-push/smstask', { shopid: shop1, content: '新品上市', confirm: false, filter: { shopid: shop1 } }),
    );
    expect(filtered.preview.allMembers).toBe(false);
    const shopMembers = expectOk(await a.admin.get('/api-member/userinfo/list/findConditionSms', { shopid: shop1 })).total;
    expect(filtered.preview.recipients).toBe(shopMembers);
    expect(await shopLeft(a.admin, shop1)).toBe(before);
  });

  it('sends to a filtered audience in batches, each text billed by its parts; the reservation’s rest returns', async () => {
    const audience = expectOk(await a.admin.get('/api-member/userinfo/list/findConditionSms', { shopid: shop1, pageSize: 200 }));
    const before = await shopLeft(a.admin, shop1);
    const content = `${'字'.repeat(40)}`;
    const answer = expectOk(await a.admin.post('/api-push/smstask', { shopid: shop1, content, addcw: 1, filter: { shopid: shop1 } }));
    expect(answer.task).toMatchObject({ state: 'pending', recipients: audience.total, cost: audience.total * answer.preview.parts });
    expect(await shopLeft(a.admin, shop1)).toBe(before - answer.task.cost);
    await runJobs();
    const done = expectOk(await a.admin.get('/api-push/smstask', { shopid: shop1 })).list.find(
      (r: { id: number }) => r.id === answer.task.id,
    );
    const texts = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(smsMessages).where(eq(smsMessages.taskId, answer.task.id)),
    );
    expect(texts).toHaveLength(audience.total);
    for (const text of texts) expect(text.parts).toBe(smsParts(text.text));
    const failedParts = texts.filter((x) => x.state === 'failed').reduce((n, x) => n + x.parts, 0);
    const spent = texts.reduce((n, x) => n + x.parts, 0) - failedParts;
    expect(done).toMatchObject({ state: 'sent', queued: audience.total, sent: texts.filter((x) => x.state === 'sent').length });
    expect(await shopLeft(a.admin, shop1)).toBe(before - spent);
    // Its end is pushed live to the shop's viewers, once.
    const pushed = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.tenantId, a.tenantId), eq(events.topic, SMS_TASK_TOPIC)));
    const mine = pushed.filter((e) => (e.payload as { id: number }).id === answer.task.id);
    expect(mine.map((e) => [(e.payload as { state: string }).state, e.shopId, e.perm])).toEqual([['sent', shop1, 'messaging.sms.view']]);
    expect(await ledgerMismatches(a)).toEqual([]);
  });

  it('a failed delivery returns its parts exactly once', async () => {
    const before = await shopLeft(a.admin, shop2);
    const answer = expectOk(
      await a.admin.post('/api-push/smstask', { shopid: shop2, content: '到店有礼', mobiles: ['13900000000', '13911112222'] }),
    );
    await runJobs();
    const texts = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(smsMessages).where(eq(smsMessages.taskId, answer.task.id)),
    );
    const failed = texts.find((x) => x.mobile === '13900000000');
    expect(failed).toMatchObject({ state: 'failed', error: expect.stringContaining('sandbox') });
    expect(texts.find((x) => x.mobile === '13911112222')?.state).toBe('sent');
    expect(await shopLeft(a.admin, shop2)).toBe(before - answer.task.parts);
    // A second report of the same failure (and a late failure of a sent text, once) return nothing more / once.
    const again = await inTenant(t.database.db, a.tenantId, (tx) => failDelivery(tx, a.tenantId, (failed as { id: number }).id, 'again'));
    expect(again).toBe(false);
    const sent = texts.find((x) => x.mobile === '13911112222') as { id: number };
    const late = await Promise.all(
      [1, 2, 3].map(() => inTenant(t.database.db, a.tenantId, (tx) => failDelivery(tx, a.tenantId, sent.id, 'late report'))),
    );
    expect(late.filter(Boolean)).toHaveLength(1);
    const refunds = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(smsLedger).where(eq(smsLedger.docType, 'messaging.refund')),
    );
    expect(refunds.filter((r) => r.billId === sent.id || r.billId === (failed as { id: number }).id)).toHaveLength(2);
    expect(await shopLeft(a.admin, shop2)).toBe(before);
    expect(await ledgerMismatches(a)).toEqual([]);
  });

  it('a timed campaign waits, is cancelled (its reservation returns), resumed, and sent at its time', async () => {
    const before = await shopLeft(a.admin, shop2);
    const sendtime = new Date(Date.now() + 3_600_000).toISOString();
    const { task } = expectOk(
      await a.admin.post('/api-push/smstask', { shopid: shop2, content: '周末特惠', sendtype: 2, sendtime, mobiles: ['13922223333'] }),
    );
    expect(await shopLeft(a.admin, shop2)).toBe(before - 1);
    await runJobs();
    expect(expectOk(await a.admin.get('/api-push/smstask', { state: 'pending' })).list.map((r: { id: number }) => r.id)).toContain(task.id);
    expectOk(await a.admin.post('/api-push/smstask/updateTaskConnetById', { id: task.id, action: 'cancel' }));
    expect(await shopLeft(a.admin, shop2)).toBe(before);
    expectStatus(await a.admin.post('/api-push/smstask/updateTaskConnetById', { id: task.id, action: 'cancel' }), 409);
    const resumed = expectOk(await a.admin.post('/api-push/smstask/updateTaskConnetById', { id: task.id, action: 'resume' }));
    expect(resumed.state).toBe('pending');
    expect(await shopLeft(a.admin, shop2)).toBe(before - 1);
    await runJobs(new Date(Date.now() + 2 * 3_600_000));
    const sent = expectOk(await a.admin.get('/api-push/smstask')).list.find((r: { id: number }) => r.id === task.id);
    expect(sent).toMatchObject({ state: 'sent', sent: 1 });
    expectStatus(await a.admin.del(`/api-push/smstask/${task.id}`), 409);
    expectStatus(await b.admin.post('/api-push/smstask/updateTaskConnetById', { id: task.id, action: 'cancel' }), 404);
  });

  it('refuses what cannot be sent: too long, no recipients, a past time, another shop, no right, no token', async () => {
    const tooLong = await a.admin.post('/api-push/smstask', { shopid: shop1, content: '字'.repeat(180), mobiles: ['13911112222'] });
    expect400(tooLong, 'content');
    expect400(await a.admin.post('/api-push/smstask', { shopid: shop1, content: 'x', filter: { minVisits: 1_000_000 } }), 'filter');
    expect400(
      await a.admin.post('/api-push/smstask', {
        shopid: shop1,
        content: 'x',
        sendtype: 2,
        sendtime: '2020-01-01T00:00:00Z',
        mobiles: ['13911112222'],
      }),
      'sendtime',
    );
    expect400(await a.admin.post('/api-push/smstask', { shopid: shop1, content: 'x', mobiles: ['123'] }), 'mobiles.0');
    const both = await a.admin.post('/api-push/smstask', {
      shopid: shop1,
      content: 'x',
      mobiles: ['13911112222'],
      filter: { minVisits: 1 },
    });
    expect400(both, 'filter');
    expect(both.body.errors?.[0].message).toContain('其一');
    expectStatus(await shopSender.client.post('/api-push/smstask', { shopid: shop1, content: 'x', mobiles: ['13911112222'] }), 403);
    expectStatus(await viewer.client.post('/api-push/smstask', { shopid: shop1, content: 'x', mobiles: ['13911112222'] }), 403);
    expectStatus(await t.client().post('/api-push/smstask', { shopid: shop1, content: 'x', mobiles: ['13911112222'] }), 401);
    expectStatus(await b.admin.post('/api-push/smstask', { shopid: shop1, content: 'x', mobiles: ['13911112222'] }), 404);
  });

  it('a shop-limited sender reaches their shop’s members only and sends from their shop', async () => {
    const theirs = expectOk(await shopSender.client.get('/api-member/userinfo/list/findConditionSms', { pageSize: 200 }));
    expect(theirs.list.every((m: { shopId: number }) => m.shopId === shop2)).toBe(true);
    expectStatus(await shopSender.client.get('/api-member/userinfo/list/findConditionSms', { shopid: shop1 }), 403);
    const preview = expectOk(await shopSender.client.post('/api-push/smstask', { shopid: shop2, content: 'x', confirm: false }));
    expect(preview.preview.recipients).toBe(theirs.total);
    const tasks = expectOk(await shopSender.client.get('/api-push/smstask')).list as { shopId: number }[];
    expect(tasks.every((r) => r.shopId === shop2)).toBe(true);
  });

  it('20 concurrent sends against a shop with room for 10: 10 go, 10 are refused, never below zero', async () => {
    const left = await shopLeft(a.admin, shop3);
    expectOk(await assign(a.admin, [shop3], 10 - left));
    expect(await shopLeft(a.admin, shop3)).toBe(10);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        a.admin.post('/api-push/smstask', { shopid: shop3, content: `限时${i}`, mobiles: [`1380000${String(1000 + i)}`] }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(answers.find((r) => r.status === 409)?.body.resp_msg).toContain('剩余 0 条');
    expect(await shopLeft(a.admin, shop3)).toBe(0);
    const [balance] = await inTenant(t.database.db, a.tenantId, (tx) => smsBook.balances(tx, [{ shopId: shop3 }]));
    expect(balance).toBe(0);
    expect(await ledgerMismatches(a)).toEqual([]);
    await runJobs();
    expect(await shopLeft(a.admin, shop3)).toBe(0);
    await expectLedgerConsistent(t, [a, b]);
  });
});

describe('statistics (smsdstatis, smsmstatis) and replies', () => {
  it('sums a day’s and a month’s bought, assigned and sent messages per shop from the ledger and the texts', async () => {
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const days = expectOk(await a.admin.get('/api-push/smsdstatis/chain/list', { from, to })) as Record<string, number | string | null>[];
    const pool = days.filter((r) => r.shopId === null);
    const all = await allowance(a);
    expect(pool.reduce((n, r) => n + Number(r.recharge), 0)).toBe(all.bought);
    expect(pool.reduce((n, r) => n + Number(r.assign), 0)).toBe(all.assigned);
    const shopRows = days.filter((r) => r.shopId !== null);
    expect(shopRows.reduce((n, r) => n + Number(r.assign), 0)).toBe(all.assigned);
    expect(shopRows.reduce((n, r) => n + Number(r.task), 0)).toBe(all.used);
    const months = expectOk(await a.admin.get('/api-push/smsmstatis/chain/list', { from, to })) as {
      period: string;
      shopId: number | null;
      remaining: number;
    }[];
    expect(months.every((r) => /^\d{4}-\d{2}$/.test(r.period))).toBe(true);
    const last = months.filter((r) => r.shopId === shop3).at(-1);
    expect(last?.remaining).toBe(0);
    const limited = expectOk(await shopSender.client.get('/api-push/smsdstatis/chain/list', { from, to })) as { shopId: number | null }[];
    expect(limited.every((r) => r.shopId === shop2)).toBe(true);
    expect400(await a.admin.get('/api-push/smsdstatis/chain/list', { from: 'x', to }), 'from');
    expect(expectOk(await a.admin.get('/api-push/staskreply')).list).toEqual([]);
    expect(expectOk(await a.admin.get('/api-push/smsconfig')).partLimits).toEqual([54, 118, 185]);
  });
});
