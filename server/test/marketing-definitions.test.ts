import { describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers.js';
import { EN, expect400, expectOk, expectStatus, shopIds, uniq } from './stock-support.js';
import { createLimitedUser } from './users.js';

const t: TestApp = await build();
const a = await t.tenant({ demo: true });
const b = await t.sharedOtherTenant();
const shopsOfA = await shopIds(t, a);
const shopsOfB = await shopIds(t, b);

const coupon = (over: Record<string, unknown> = {}) => ({
  code: `YHQ${uniq()}`,
  name: '满100减20',
  couponType: 1,
  value: 2_000,
  minSpend: 10_000,
  timeType: 2,
  validDays: 30,
  ...over,
});
const envelope = (over: Record<string, unknown> = {}) => ({
  code: `HB${uniq()}`,
  name: '新客红包',
  money: 5_000,
  timeType: 2,
  validDays: 15,
  ...over,
});

describe('coupons (couponinfo)', () => {
  it('adds, searches, queries and disables coupons', async () => {
    const saved = expectOk(await a.admin.post('/api-chain/couponinfo/add', coupon()));
    expect(saved).toMatchObject({ couponType: 1, value: 2_000, status: 1, usableOn: ['service', 'product', 'package'] });
    const page = expectOk(await a.admin.get('/api-chain/couponinfo/search', { keyword: saved.code }));
    expect(page.list.map((r: { id: number }) => r.id)).toEqual([saved.id]);
    expect(expectOk(await a.admin.get('/api-chain/couponinfo/queryCoupon', { id: saved.id })).name).toBe('满100减20');
    expectOk(await a.admin.post('/api-chain/couponinfo/changeStatus', { ids: [saved.id], status: 0 }));
    expect(expectOk(await a.admin.get('/api-chain/couponinfo/list/all')).map((r: { id: number }) => r.id)).not.toContain(saved.id);
  });

  it('refuses incomplete validity, out-of-range discounts and taken codes; hides other tenants', async () => {
    const dates = await a.admin.post('/api-chain/couponinfo/add', coupon({ timeType: 1, validDays: null, startDate: '2026-01-10' }), EN);
    expect400(dates, 'endDate');
    expect(dates.body.errors?.[0].message).toContain('start and an end date');
    expect400(
      await a.admin.post('/api-chain/couponinfo/add', coupon({ timeType: 1, startDate: '2026-02-10', endDate: '2026-01-10' })),
      'endDate',
    );
    expect400(await a.admin.post('/api-chain/couponinfo/add', coupon({ validDays: null })), 'validDays');
    expect400(await a.admin.post('/api-chain/couponinfo/add', coupon({ couponType: 2, value: 12_000 })), 'value');
    const saved = expectOk(await a.admin.post('/api-chain/couponinfo/add', coupon({ couponType: 2, value: 8_500 })));
    expectStatus(await a.admin.post('/api-chain/couponinfo/add', coupon({ code: saved.code })), 409);
    expectStatus(await b.admin.get('/api-chain/couponinfo/queryCoupon', { id: saved.id }), 404);
    expectStatus(await b.admin.post('/api-chain/couponinfo/changeStatus', { ids: [saved.id], status: 0 }), 404);
    expectStatus(await t.client().get('/api-chain/couponinfo/search'), 401);
    const viewer = await createLimitedUser(t, a, { perms: ['marketing.coupon.view'], managerShops: [shopsOfA[0]] });
    expectOk(await viewer.client.get('/api-chain/couponinfo/search'));
    expectStatus(await viewer.client.post('/api-chain/couponinfo/add', coupon()), 403);
  });
});

describe('red envelopes (redenvelopeinfo)', () => {
  it('saves at the root, lists at the root and by search, queries and disables', async () => {
    const saved = expectOk(await a.admin.post('/api-chain/redenvelopeinfo', envelope({ manyTimes: 1 })));
    expect(saved).toMatchObject({ money: 5_000, manyTimes: 1 });
    expect(expectOk(await a.admin.get('/api-chain/redenvelopeinfo', { keyword: saved.code })).list).toHaveLength(1);
    expect(expectOk(await a.admin.get('/api-chain/redenvelopeinfo/search', { keyword: saved.code })).total).toBe(1);
    expect(expectOk(await a.admin.get('/api-chain/redenvelopeinfo/queryRedenv', { id: saved.id })).code).toBe(saved.code);
    expectOk(await a.admin.post('/api-chain/redenvelopeinfo/changeStatus', { ids: [saved.id], status: 0 }));
    expect400(await a.admin.post('/api-chain/redenvelopeinfo', envelope({ money: 0 })), 'money');
    expectStatus(await a.admin.post('/api-chain/redenvelopeinfo', envelope({ code: saved.code })), 409);
    expectStatus(await b.admin.get('/api-chain/redenvelopeinfo/queryRedenv', { id: saved.id }), 404);
    expectStatus(await t.client().get('/api-chain/redenvelopeinfo'), 401);
    const viewer = await createLimitedUser(t, a, { perms: ['marketing.envelope.view'] });
    expectStatus(await viewer.client.post('/api-chain/redenvelopeinfo', envelope()), 403);
  });
});

describe('marketing activities (mktactivinfo)', () => {
  const A = '/api-chain/mktactivinfo';
  const activity = async (over: Record<string, unknown> = {}) => {
    const c = expectOk(await a.admin.post('/api-chain/couponinfo/add', coupon()));
    const e = expectOk(await a.admin.post('/api-chain/redenvelopeinfo', envelope()));
    return {
      name: '充值送好礼',
      kind: 2,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      shopIds: shopsOfA.slice(0, 2),
      rules: [
        { condition: { type: 'recharge', amount: 100_000, cumulative: false }, gifts: [{ type: 'coupon', id: c.id, count: 2 }] },
        {
          condition: { type: 'firstCard' },
          gifts: [
            { type: 'redEnvelope', id: e.id, count: 1 },
            { type: 'discount', rate: 9_000 },
          ],
        },
      ],
      ...over,
    };
  };

  it('numbers, saves, lists and moves activities through their statuses', async () => {
    const code = expectOk(await a.admin.get(`${A}/newcode`));
    expect(code).toMatch(/^MA\d{4}$/);
    const saved = expectOk(await a.admin.post(`${A}/saveMktactiv`, await activity()));
    expect(saved).toMatchObject({ code, status: 1, kind: 2, priority: 0, combinable: 1 });
    expect(saved.rules).toHaveLength(2);
    expect(expectOk(await a.admin.get(A, { keyword: code })).list.map((r: { id: number }) => r.id)).toEqual([saved.id]);
    expect(expectOk(await a.admin.get(`${A}/list/all`)).map((r: { id: number }) => r.id)).toContain(saved.id);
    const move = (status: number) => a.admin.post(`${A}/updateStatus`, { id: saved.id, status });
    expectStatus(await move(3), 409);
    expect(expectOk(await move(2)).status).toBe(2);
    // A running activity is not edited; pause it first.
    expectStatus(await a.admin.post(`${A}/saveMktactiv`, { ...(await activity()), id: saved.id, name: '改名' }), 409);
    expect(expectOk(await move(3)).status).toBe(3);
    expect(expectOk(await a.admin.post(`${A}/saveMktactiv`, { ...(await activity()), id: saved.id, name: '改名' })).name).toBe('改名');
    expect(expectOk(await move(2)).status).toBe(2);
    expect(expectOk(await move(4)).status).toBe(4);
    const final = await a.admin.post(`${A}/updateStatus`, { id: saved.id, status: 2 }, EN);
    expectStatus(final, 409);
    expect(final.body.resp_msg).toBe('An activity ended cannot become running');
    expect(expectOk(await a.admin.get(`${A}/list/all`)).map((r: { id: number }) => r.id)).not.toContain(saved.id);
  });

  it('validates the rules against the kind and the tenant; 401, 403, 404', async () => {
    const base = await activity();
    expect400(await a.admin.post(`${A}/saveMktactiv`, { ...base, kind: 1 }), 'rules.0.condition.type');
    expect400(
      await a.admin.post(`${A}/saveMktactiv`, {
        ...base,
        rules: [{ condition: { type: 'firstCard' }, gifts: [{ type: 'coupon', id: 999_999_999, count: 1 }] }],
      }),
      'rules.0.gifts.0.id',
    );
    expect400(
      await a.admin.post(`${A}/saveMktactiv`, { ...base, rules: [{ condition: { type: 'firstCard' }, gifts: [] }] }),
      'rules.0.gifts',
    );
    expect400(await a.admin.post(`${A}/saveMktactiv`, { ...base, endDate: '2026-11-01' }), 'endDate');
    expect400(
      await a.admin.post(`${A}/saveMktactiv`, {
        ...base,
        rules: [{ condition: { type: 'firstCard' }, gifts: [{ type: 'discount', rate: 20_000 }] }],
      }),
      'rules.0.gifts.0.rate',
    );
    expectStatus(await a.admin.post(`${A}/saveMktactiv`, { ...base, shopIds: [shopsOfB[0]] }), 404);
    const saved = expectOk(await a.admin.post(`${A}/saveMktactiv`, base));
    expectStatus(await a.admin.post(`${A}/saveMktactiv`, { ...base, code: saved.code }), 409);
    expectStatus(await b.admin.post(`${A}/updateStatus`, { id: saved.id, status: 2 }), 404);
    expectStatus(await b.admin.get(`${A}/${saved.id}`), 404);
    expectStatus(await t.client().get(A), 401);
    const limited = await createLimitedUser(t, a, {
      perms: ['marketing.activity.view', 'marketing.activity.edit'],
      managerShops: [shopsOfA[0]],
    });
    expectStatus(await limited.client.post(`${A}/saveMktactiv`, { ...base, shopIds: [shopsOfA[1]] }), 403);
    expectOk(await limited.client.post(`${A}/saveMktactiv`, { ...base, shopIds: [shopsOfA[0]] }));
    const viewer = await createLimitedUser(t, a, { perms: ['marketing.activity.view'] });
    expectStatus(await viewer.client.post(`${A}/updateStatus`, { id: saved.id, status: 2 }), 403);
  });
});
