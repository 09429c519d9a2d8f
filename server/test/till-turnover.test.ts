import { describe, expect, it } from 'vitest';
import { build } from './helpers.js';
import { key, memberWithCard, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const TURNOVER = `${P}/turnover/chain/list`;

describe('turnover per shop and pay type', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const f1 = await tillFixture(t, a, s1, { servicePrice: 12_345 });
  const f2 = await tillFixture(t, a, s2, { servicePrice: 6_000 });
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payId = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId;

  const sale = async (shop: number, serviceId: number, pay: (amount: number) => unknown[], memberId?: number) => {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: shop, ...(memberId ? { memberId } : {}) }));
    const bill = ok(
      await a.admin.post(`${P}/checkout/lines`, {
        id: opened.id,
        version: opened.version,
        lines: [{ kind: 'service', itemId: serviceId, num: 1 }],
      }),
    );
    return ok(await a.admin.post(`${P}/checkout/settle`, { id: bill.id, version: bill.version, payments: pay(bill.amount) }, key()));
  };

  it('adds up the payments of settled bills per shop and pay type; a revoked bill drops out; rows, shops and total agree', async () => {
    // The card is sold first: its cash counts in the day's takings too.
    const { member, cardId } = await memberWithCard(t, a, s1, 100_000);
    const before = ok(await a.admin.get(TURNOVER, {}));
    await sale(s1, f1.service.id, (amount) => [
      { payTypeId: payId('01'), amount: 2_345 },
      { payTypeId: payId('23'), amount: amount - 2_345 },
    ]);
    const byCard = await sale(s1, f1.service.id, (amount) => [{ cardId, amount }], member.id);
    await sale(s2, f2.service.id, (amount) => [{ payTypeId: payId('01'), amount }]);
    const now = ok(await a.admin.get(TURNOVER, {}));
    const cell = (r: typeof now, shop: number, code: string) =>
      r.rows.find((x: { shopId: number; payCode: string }) => x.shopId === shop && x.payCode === code)?.amount ?? 0;
    expect(cell(now, s1, '01') - cell(before, s1, '01')).toBe(2_345);
    expect(cell(now, s1, '23') - cell(before, s1, '23')).toBe(10_000);
    expect(cell(now, s2, '01') - cell(before, s2, '01')).toBe(6_000);
    expect(now.total - before.total).toBe(2_345 + 10_000 + byCard.amount + 6_000);
    expect(now.total).toBe(now.rows.reduce((s: number, r: { amount: number }) => s + r.amount, 0));
    for (const shop of now.shops)
      expect(shop.amount).toBe(
        now.rows.filter((r: { shopId: number }) => r.shopId === shop.shopId).reduce((s: number, r: { amount: number }) => s + r.amount, 0),
      );
    ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: byCard.id, hcMemo: '撤' }));
    const revoked = ok(await a.admin.get(TURNOVER, {}));
    expect(now.total - revoked.total).toBe(byCard.amount);
    const onlyS2 = ok(await a.admin.get(TURNOVER, { shopid: s2 }));
    expect(onlyS2.rows.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
    const future = ok(await a.admin.get(TURNOVER, { dateFrom: '2099-01-01' }));
    expect(future).toEqual({ rows: [], shops: [], total: 0 });
  });

  it('400 for a bad date, 401, 403 without the right, a shop user sees only their shop, another tenant sees none of it', async () => {
    const bad = await a.admin.get(TURNOVER, { dateFrom: '2026-13-45' });
    expect(bad.status).toBe(400);
    expect(bad.body.resp_msg).toBeTruthy();
    expect((await t.client('nope').get(TURNOVER, {})).status).toBe(401);
    const none = await createLimitedUser(t, a, { perms: ['cashier.servicerecord.view'], loginShops: [s2] });
    expect((await none.client.get(TURNOVER, {})).status).toBe(403);
    const viewer = await createLimitedUser(t, a, { perms: ['cashier.turnover.view'], loginShops: [s2] });
    const theirs = ok(await viewer.client.get(TURNOVER, {}));
    expect(theirs.rows.length).toBeGreaterThan(0);
    expect(theirs.rows.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
    expect((await viewer.client.get(TURNOVER, { shopid: s1 })).status).toBe(403);
    expect(ok(await b.admin.get(TURNOVER, {})).rows.some((r: { shopId: number }) => r.shopId === s1 || r.shopId === s2)).toBe(false);
  });
});
