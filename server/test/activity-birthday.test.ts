import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.js';
import {
  BIRTHDAY_JOB,
  birthdaysOn,
  giveBirthdayGifts,
  runBirthdayDay,
  scheduleBirthdayGifts,
} from '../src/modules/marketing/activity-birthday.js';
import { businessDate } from '../src/platform/numbering.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeMember, ok, shopIds, uniq } from './assets-support.js';
import { build, type TestTenant } from './helpers.js';

const A = '/api-chain/mktactivinfo';
const LIST = '/api-member/membercoupon/list';
const FOREVER = { startDate: '2020-01-01', endDate: '2099-12-31' };
const DAY = '2027-03-05';

type Item = {
  kind: string;
  source: string;
  activityId: number | null;
  activityName: string | null;
  shopId: number;
  usableShopId: number | null;
};

describe('birthday activities give their coupons and red envelopes by a daily job', async () => {
  const t = await build();
  const owner = t.database.db;
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);

  /** A coupon of 20 and a red envelope of 50 of the tenant. */
  const definitions = async (x: TestTenant) => ({
    coupon: ok(
      await x.admin.post('/api-chain/couponinfo/add', { code: `YHQ${uniq()}`, name: '生日券', couponType: 1, value: 2_000, validDays: 30 }),
    ),
    envelope: ok(await x.admin.post('/api-chain/redenvelopeinfo', { code: `HB${uniq()}`, name: '生日红包', money: 5_000, validDays: 30 })),
  });
  const defs = await definitions(a);
  const gifts = (d = defs) => [
    { type: 'coupon', id: d.coupon.id, count: 1 },
    { type: 'redEnvelope', id: d.envelope.id, count: 1 },
  ];

  /** Ends every activity not ended (the demo's own included), so that each test sees only its own. */
  const endAll = async (x: TestTenant = a) => {
    for (const act of ok(await x.admin.get(`${A}/list/all`)) as { id: number; status: number }[])
      ok(await x.admin.post(`${A}/updateStatus`, { id: act.id, status: 4 }));
  };
  await endAll(a);
  await endAll(b);
  afterEach(() => endAll(a));

  /** A birthday activity at these shops, started (status 2) unless told otherwise. */
  const activity = async (over: Record<string, unknown> = {}, status = 2, x: TestTenant = a, d = defs) => {
    const saved = ok(
      await x.admin.post(`${A}/saveMktactiv`, {
        name: `生日${uniq()}`,
        kind: 1,
        ...FOREVER,
        shopIds: [s1],
        rules: [{ condition: { type: 'birthday' }, gifts: gifts(d) }],
        ...over,
      }),
    );
    if (status !== 1) ok(await x.admin.post(`${A}/updateStatus`, { id: saved.id, status: 2 }));
    if (status === 3) ok(await x.admin.post(`${A}/updateStatus`, { id: saved.id, status: 3 }));
    return saved as { id: number; name: string };
  };
  const run = (day: string, x: TestTenant = a) => inTenant(owner, x.tenantId, (tx) => giveBirthdayGifts(tx, x.tenantId, day));
  const itemsOf = async (memberId: number, x: TestTenant = a) => ok(await x.admin.get(LIST, { memid: memberId })) as Item[];
  const born = (birthday: string | null, shopId = s1, over: Record<string, unknown> = {}) =>
    makeMember(t, a, shopId, { birthday, ...over });

  it('honours a 29 February birthday on 28 February of a year without one', () => {
    expect(birthdaysOn('2027-02-28')).toEqual([228, 229]);
    expect(birthdaysOn('2028-02-28')).toEqual([228]);
    expect(birthdaysOn('2028-02-29')).toEqual([229]);
    expect(birthdaysOn(DAY)).toEqual([305]);
  });

  it('gives a member born that day at a shop of the activity its coupon and red envelope, once a year', async () => {
    const act = await activity({ useShopType: 2 });
    const member = await born('1990-03-05');
    expect(await run(DAY)).toBeGreaterThanOrEqual(1);
    const items = await itemsOf(member.id);
    expect(items.map((i) => [i.kind, i.source, i.activityId, i.activityName, i.shopId, i.usableShopId])).toEqual([
      ['coupon', 'activity', act.id, act.name, s1, s1],
      ['redEnvelope', 'activity', act.id, act.name, s1, s1],
    ]);
    expect(items[0]).toMatchObject({ validFrom: DAY, issuedBillNo: null });

    await run(DAY);
    await run('2027-03-06');
    expect(await itemsOf(member.id)).toHaveLength(2);
    await run('2028-03-05');
    expect(await itemsOf(member.id)).toHaveLength(4);
  });

  it('gives nothing to members of other shops, born another day, without a birthday, frozen or cancelled', async () => {
    await activity();
    const members = [
      await born('1990-03-05', s2),
      await born('1990-03-06'),
      await born(null),
      await born('1990-03-05', s1, { status: 2 }),
      await born('1990-03-05', s1, { status: 3 }),
    ];
    await run(DAY);
    for (const m of members) expect(await itemsOf(m.id)).toEqual([]);
  });

  it('gives nothing for an activity paused, not started or out of its dates', async () => {
    await activity({}, 3);
    await activity({}, 1);
    await activity({ startDate: '2027-04-01', endDate: '2027-12-31' });
    await activity({ startDate: '2026-01-01', endDate: '2027-03-04' });
    const member = await born('1990-03-05');
    expect(await run(DAY)).toBe(0);
    expect(await itemsOf(member.id)).toEqual([]);
  });

  it('gives a 29 February birthday on 28 February of a year without one, and on 29 February of a leap year', async () => {
    await activity();
    const member = await born('2000-02-29');
    await run('2027-02-28');
    expect(await itemsOf(member.id)).toHaveLength(2);
    await run('2027-03-01');
    expect(await itemsOf(member.id)).toHaveLength(2);
    await run('2028-02-28');
    expect(await itemsOf(member.id)).toHaveLength(2);
    await run('2028-02-29');
    expect(await itemsOf(member.id)).toHaveLength(4);
  });

  it('applies a non-combinable activity of higher priority alone, and counts times per member in years', async () => {
    const alone = await activity({ priority: 9, combinable: 0, timesPerMember: 1 });
    await activity({ priority: 1 });
    const member = await born('1990-03-05');
    await run(DAY);
    await run(DAY);
    expect((await itemsOf(member.id)).map((i) => i.activityId)).toEqual([alone.id, alone.id]);
    // Its one time spent, next year the other activity gives.
    await run('2028-03-05');
    const next = await itemsOf(member.id);
    expect(next).toHaveLength(4);
    expect(next.slice(2).every((i) => i.activityId !== alone.id)).toBe(true);
  });

  it('runs as a daily job: gives that day and queues itself for the next day at its start in the company time zone', async () => {
    // Earlier tests' starts queued today's run too; on a shared database another file's job runner may
    // already have run them: this test counts only its own.
    await owner.delete(jobs).where(and(eq(jobs.tenantId, a.tenantId), eq(jobs.name, BIRTHDAY_JOB)));
    await activity();
    // Starting it queued today's run (queued, or already run by such a runner).
    const today = businessDate('Asia/Shanghai');
    expect(await owner.$count(jobs, and(eq(jobs.tenantId, a.tenantId), eq(jobs.name, BIRTHDAY_JOB), eq(jobs.singletonKey, today)))).toBe(1);
    const member = await born('1990-03-05');
    await inTenant(owner, a.tenantId, (tx) => scheduleBirthdayGifts(tx, a.tenantId, DAY));
    const jobOf = async (day: string) =>
      (
        await owner
          .select()
          .from(jobs)
          .where(and(eq(jobs.tenantId, a.tenantId), eq(jobs.name, BIRTHDAY_JOB), eq(jobs.singletonKey, day)))
      )[0];
    expect(await jobOf(DAY)).toMatchObject({ state: 'queued', payload: { day: DAY } });
    expect((await jobOf(DAY)).runAt.toISOString()).toBe(new Date(`${DAY}T00:00:00+08:00`).toISOString());
    // The job's own work, run here rather than by a runner that would also run other files' jobs.
    await inTenant(owner, a.tenantId, (tx) => runBirthdayDay(tx, a.tenantId, DAY));
    expect(await itemsOf(member.id)).toHaveLength(2);
    const next = await jobOf('2027-03-06');
    expect(next).toMatchObject({ state: 'queued', payload: { day: '2027-03-06' } });
    expect(next.runAt.toISOString()).toBe(new Date('2027-03-06T00:00:00+08:00').toISOString());
  });

  it("leaves another tenant's members alone", async () => {
    const defsB = await definitions(b);
    await activity({}, 2, a);
    const [sb] = await shopIds(t, b);
    await activity({ shopIds: [sb] }, 2, b, defsB);
    const theirs = await makeMember(t, b, sb, { birthday: '1990-03-05' });
    await run(DAY);
    expect(await itemsOf(theirs.id, b)).toEqual([]);
    await run(DAY, b);
    expect(await itemsOf(theirs.id, b)).toHaveLength(2);
    await endAll(b);
  });
});
