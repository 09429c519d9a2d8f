import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberCoupons } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { key, makeMember, ok, shopIds, uniq } from './assets-support.js';
import { build } from './helpers.js';
import { createLimitedUser } from './users.js';

const LIST = '/api-member/membercoupon/list';
const ISSUE = '/api-member/membercoupon/issue';
const WITHDRAW = '/api-member/membercoupon/withdraw';

describe('coupons and red envelopes held by members', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const [b1] = await shopIds(t, b);

  const coupon = async (over: Record<string, unknown> = {}) =>
    ok(
      await a.admin.post('/api-chain/couponinfo/add', {
        code: `YHQ${uniq()}`,
        name: '满100减20',
        couponType: 1,
        value: 2_000,
        timeType: 2,
        validDays: 30,
        ...over,
      }),
    );
  const envelope = async (over: Record<string, unknown> = {}) =>
    ok(
      await a.admin.post('/api-chain/redenvelopeinfo', {
        code: `HB${uniq()}`,
        name: '新客红包',
        money: 5_000,
        timeType: 2,
        validDays: 15,
        ...over,
      }),
    );
  const issue = (body: Record<string, unknown>) => a.admin.post(ISSUE, body, key());

  it('issues coupons and red envelopes by hand with the definition’s face value and validity, and lists them on the member', async () => {
    const m = await makeMember(t, a, s1);
    const c = await coupon();
    const r = await envelope({ timeType: 1, validDays: null, startDate: '2026-01-01', endDate: '2099-12-31' });
    const two = ok(await issue({ memberId: m.id, shopId: s1, kind: 'coupon', definitionId: c.id, count: 2, memo: '老客回馈' }));
    expect(two).toHaveLength(2);
    expect(two[0]).toMatchObject({
      kind: 'coupon',
      definitionId: c.id,
      definitionName: '满100减20',
      faceValue: 2000,
      state: 'unused',
      source: 'manual',
      shopId: s1,
    });
    expect(two[0].code).not.toBe(two[1].code);
    expect(two[0].code).toMatch(/^YHQ\d{8}-\d{4}$/);
    const days = (Date.parse(two[0].validTo) - Date.parse(two[0].validFrom)) / 86_400_000;
    expect(days).toBe(29);
    const [red] = ok(await issue({ memberId: m.id, shopId: s2, kind: 'redEnvelope', definitionId: r.id }));
    expect(red).toMatchObject({ kind: 'redEnvelope', faceValue: 5000, validFrom: '2026-01-01', validTo: '2099-12-31', shopId: s2 });
    expect(red.code).toMatch(/^HB/);
    const list = ok(await a.admin.get(LIST, { memid: m.id }));
    expect(list.map((x: { id: number }) => x.id)).toEqual([two[0].id, two[1].id, red.id]);
  });

  it('withdraws an unused item with a reason; a withdrawn, used or expired one is refused 409', async () => {
    const m = await makeMember(t, a, s1);
    const c = await coupon();
    const [x, y, z] = ok(await issue({ memberId: m.id, shopId: s1, kind: 'coupon', definitionId: c.id, count: 3 }));
    const back = ok(await a.admin.post(WITHDRAW, { id: x.id, reason: '误发' }, key()));
    expect(back).toMatchObject({ state: 'withdrawn', withdrawReason: '误发' });
    const again = await a.admin.post(WITHDRAW, { id: x.id, reason: '误发' }, key());
    expect(again.status).toBe(409);
    expect(again.body.resp_msg).toBe('只能收回未使用且未过期的券：该券已收回');
    await inTenant(t.database.db, a.tenantId, async (tx) => {
      await tx.update(memberCoupons).set({ state: 'used', usedBillNo: 'SK001' }).where(eq(memberCoupons.id, y.id));
      await tx.update(memberCoupons).set({ validFrom: '2020-01-01', validTo: '2020-01-31' }).where(eq(memberCoupons.id, z.id));
    });
    expect((await a.admin.post(WITHDRAW, { id: y.id, reason: '误发' }, key())).body.resp_msg).toBe(
      '只能收回未使用且未过期的券：该券已使用',
    );
    const expired = await a.admin.post(WITHDRAW, { id: z.id, reason: '误发' }, key());
    expect(expired.status).toBe(409);
    expect(expired.body.resp_msg).toBe('只能收回未使用且未过期的券：该券已过期');
    const states = ok(await a.admin.get(LIST, { memid: m.id })).map((i: { state: string }) => i.state);
    expect(states).toEqual(['withdrawn', 'used', 'expired']);
    expect((await a.admin.post(WITHDRAW, { id: y.id, reason: '' }, key())).status).toBe(400);
  });

  it('refuses a disabled definition, a discount coupon, an ended validity and a cancelled member (409)', async () => {
    const m = await makeMember(t, a, s1);
    const off = await coupon();
    ok(await a.admin.post('/api-chain/couponinfo/changeStatus', { ids: [off.id], status: 0 }));
    const disabled = await issue({ memberId: m.id, shopId: s1, kind: 'coupon', definitionId: off.id });
    expect(disabled.status).toBe(409);
    expect(disabled.body.resp_msg).toBe('「满100减20」已停用，不能发放');
    const discount = await coupon({ couponType: 2, value: 8500, name: '八五折券' });
    expect((await issue({ memberId: m.id, shopId: s1, kind: 'coupon', definitionId: discount.id })).status).toBe(409);
    const ended = await envelope({ timeType: 1, validDays: null, startDate: '2020-01-01', endDate: '2020-12-31' });
    const late = await issue({ memberId: m.id, shopId: s1, kind: 'redEnvelope', definitionId: ended.id });
    expect(late.status).toBe(409);
    expect(late.body.resp_msg).toContain('2020-12-31');
    const gone = await makeMember(t, a, s1, { status: 3 });
    const c = await coupon();
    expect((await issue({ memberId: gone.id, shopId: s1, kind: 'coupon', definitionId: c.id })).status).toBe(409);
    // A coupon id named as a red envelope is not found.
    expect((await issue({ memberId: m.id, shopId: s1, kind: 'redEnvelope', definitionId: c.id + 1_000_000 })).status).toBe(404);
  });

  it('answers 401, 403, 404 and 400 as every route does, and a shop-limited user acts only for their shops', async () => {
    const m = await makeMember(t, a, s1);
    const other = await makeMember(t, a, s2);
    const c = await coupon();
    const [item] = ok(await issue({ memberId: m.id, shopId: s1, kind: 'coupon', definitionId: c.id }));
    const [otherItem] = ok(await issue({ memberId: other.id, shopId: s2, kind: 'coupon', definitionId: c.id }));
    expect((await t.client().get(LIST, { memid: m.id })).status).toBe(401);
    expect((await t.client().post(ISSUE, { memberId: m.id, shopId: s1, kind: 'coupon', definitionId: c.id })).status).toBe(401);
    // Another tenant's member, definition and item: 404.
    expect((await b.admin.get(LIST, { memid: m.id })).status).toBe(404);
    expect((await b.admin.post(ISSUE, { memberId: m.id, shopId: b1, kind: 'coupon', definitionId: c.id })).status).toBe(404);
    expect((await b.admin.post(WITHDRAW, { id: item.id, reason: '误发' })).status).toBe(404);
    const bm = await makeMember(t, b, b1);
    expect((await b.admin.post(ISSUE, { memberId: bm.id, shopId: b1, kind: 'coupon', definitionId: c.id })).status).toBe(404);
    expect((await a.admin.post(ISSUE, { memberId: m.id, shopId: s1, kind: 'ticket', definitionId: c.id })).status).toBe(400);
    expect((await a.admin.post(ISSUE, { memberId: m.id, shopId: s1, kind: 'coupon', definitionId: c.id, count: 21 })).status).toBe(400);

    const viewer = await createLimitedUser(t, a, { perms: ['assets.coupon.view'], managerShops: [s1] });
    expect(ok(await viewer.client.get(LIST, { memid: m.id }))).toHaveLength(1);
    expect((await viewer.client.post(ISSUE, { memberId: m.id, shopId: s1, kind: 'coupon', definitionId: c.id })).status).toBe(403);
    expect((await viewer.client.post(WITHDRAW, { id: item.id, reason: '误发' })).status).toBe(403);
    const clerk = await createLimitedUser(t, a, {
      perms: ['assets.coupon.view', 'assets.coupon.issue', 'assets.coupon.withdraw'],
      managerShops: [s1],
    });
    expect((await clerk.client.get(LIST, { memid: other.id })).status).toBe(404);
    expect((await clerk.client.post(ISSUE, { memberId: other.id, shopId: s1, kind: 'coupon', definitionId: c.id })).status).toBe(404);
    expect((await clerk.client.post(ISSUE, { memberId: m.id, shopId: s2, kind: 'coupon', definitionId: c.id })).status).toBe(403);
    expect((await clerk.client.post(WITHDRAW, { id: otherItem.id, reason: '误发' })).status).toBe(404);
    ok(await clerk.client.post(ISSUE, { memberId: m.id, shopId: s1, kind: 'coupon', definitionId: c.id }, key()));
    ok(await clerk.client.post(WITHDRAW, { id: item.id, reason: '误发' }, key()));
  });

  it('a member holding an unused item cannot be cancelled; once it is withdrawn they can', async () => {
    const m = await makeMember(t, a, s1);
    const c = await coupon();
    const [item] = ok(await issue({ memberId: m.id, shopId: s1, kind: 'coupon', definitionId: c.id }));
    const refused = await a.admin.get('/api-member/chainmember/cancellMember', { memid: m.id });
    expect(refused.status).toBe(409);
    expect(refused.body.resp_msg).toContain('优惠券/红包 1');
    ok(await a.admin.post(WITHDRAW, { id: item.id, reason: '注销前收回' }, key()));
    expect(ok(await a.admin.get('/api-member/chainmember/cancellMember', { memid: m.id }))).toEqual({ memid: m.id, status: 3 });
  });

  it('issues once per Idempotency-Key', async () => {
    const m = await makeMember(t, a, s1);
    const c = await coupon();
    const k = key();
    const first = ok(await a.admin.post(ISSUE, { memberId: m.id, shopId: s1, kind: 'coupon', definitionId: c.id }, k));
    const again = ok(await a.admin.post(ISSUE, { memberId: m.id, shopId: s1, kind: 'coupon', definitionId: c.id }, k));
    expect(again[0].id).toBe(first[0].id);
    expect(ok(await a.admin.get(LIST, { memid: m.id }))).toHaveLength(1);
  });
});
