import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceBills } from '../src/modules/cashier/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';
import { key, memberWithCard, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const HOME = '/api-home/dashboard';

type Figures = { turnover: number; visits: number; cardSales: number };
type Answer = {
  date: string;
  today: Figures;
  month: Figures;
  shops: { shopId: number; regionId: number; today: Figures; month: Figures }[];
  regions: { regionId: number; today: Figures; month: Figures }[];
  approvals: { total: number };
  bills: { open: number; expired: number };
  lowStock: { total: number; items: { shopId: number | null; productId: number; quantity: number; safetyStock: number }[] };
};

describe('home dashboard', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.tenant({ demo: true });
  const [s1, s2] = await shopIds(t, a);
  const f1 = await tillFixture(t, a, s1, { servicePrice: 12_345, stock: 3 });
  const f2 = await tillFixture(t, a, s2, { servicePrice: 6_000 });
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const cash = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId;

  const sale = async (shop: number, serviceId: number) => {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: shop }));
    const bill = ok(
      await a.admin.post(`${P}/checkout/lines`, {
        id: opened.id,
        version: opened.version,
        lines: [{ kind: 'service', itemId: serviceId, num: 1 }],
      }),
    );
    return ok(
      await a.admin.post(
        `${P}/checkout/settle`,
        { id: bill.id, version: bill.version, payments: [{ payTypeId: cash, amount: bill.amount }] },
        key(),
      ),
    );
  };
  const shopOf = (r: Answer, id: number) => r.shops.find((s) => s.shopId === id) as Answer['shops'][number];

  it("adds up the day's settled bills, card sales, open and expired bills; a revoked bill drops out; shops, regions and totals agree", async () => {
    const before: Answer = ok(await a.admin.get(HOME, {}));
    await sale(s1, f1.service.id);
    const revoked = await sale(s1, f1.service.id);
    await sale(s2, f2.service.id);
    await memberWithCard(t, a, s2, 50_000);
    ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: revoked.id, hcMemo: '撤' }));
    // One bill left open, one expired (an earlier day's bill not settled).
    ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1 }));
    const old = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s2 }));
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(serviceBills).set({ status: 2, businessDate: '2020-01-01' }).where(eq(serviceBills.id, old.id)),
    );
    const now: Answer = ok(await a.admin.get(HOME, {}));
    expect(now.date).toBe(before.date);
    expect(shopOf(now, s1).today.turnover - shopOf(before, s1).today.turnover).toBe(12_345);
    expect(shopOf(now, s1).today.visits - shopOf(before, s1).today.visits).toBe(1);
    expect(shopOf(now, s2).today.turnover - shopOf(before, s2).today.turnover).toBe(6_000);
    expect(shopOf(now, s2).today.cardSales - shopOf(before, s2).today.cardSales).toBe(50_000);
    expect(now.today.turnover - before.today.turnover).toBe(12_345 + 6_000);
    expect(now.today.visits - before.today.visits).toBe(2);
    expect(now.today.cardSales - before.today.cardSales).toBe(50_000);
    expect(now.month.turnover - before.month.turnover).toBe(12_345 + 6_000);
    expect(now.bills.open - before.bills.open).toBe(1);
    expect(now.bills.expired - before.bills.expired).toBe(1);
    // An earlier day's bill the till has not expired yet (nobody opened it since) already counts as expired.
    const stale = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s2 }));
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(serviceBills).set({ businessDate: '2020-01-02' }).where(eq(serviceBills.id, stale.id)),
    );
    const later: Answer = ok(await a.admin.get(HOME, {}));
    expect([later.bills.open - now.bills.open, later.bills.expired - now.bills.expired]).toEqual([0, 1]);
    // Shops add up to the totals, regions too.
    for (const period of ['today', 'month'] as const)
      for (const field of ['turnover', 'visits', 'cardSales'] as const) {
        expect(now.shops.reduce((s, x) => s + x[period][field], 0)).toBe(now[period][field]);
        expect(now.regions.reduce((s, x) => s + x[period][field], 0)).toBe(now[period][field]);
      }
    // A later day of the month: nothing that day, the month's figures kept; another month: none.
    const d = now.date;
    if (Number(d.slice(8)) < 28) {
      const later: Answer = ok(await a.admin.get(HOME, { date: `${d.slice(0, 8)}28` }));
      expect(later.today).toEqual({ turnover: 0, visits: 0, cardSales: 0 });
      expect(later.month).toEqual(now.month);
    }
    const future: Answer = ok(await a.admin.get(HOME, { date: '2099-01-15' }));
    expect(future.month).toEqual({ turnover: 0, visits: 0, cardSales: 0 });
  });

  it('lists stock below its safety level, the largest shortfall first', async () => {
    // f1's product: 3 in stock at s1; a safety level of 100000 puts it first on the list.
    const before: Answer = ok(await a.admin.get(HOME, {}));
    ok(await a.admin.post('/api-stock/product', { shopId: s1, productId: f1.product.id, safetyStock: 100_000 }));
    ok(await a.admin.post('/api-stock/product', { shopId: s2, productId: f2.product.id, safetyStock: 100 }));
    const r: Answer = ok(await a.admin.get(HOME, {}));
    expect(r.lowStock.total - before.lowStock.total).toBe(1);
    expect(r.lowStock.items[0]).toMatchObject({ shopId: s1, productId: f1.product.id, quantity: 3, safetyStock: 100_000 });
    expect(r.lowStock.items.some((i) => i.productId === f2.product.id)).toBe(false); // 100 in stock, not below
    const gaps = r.lowStock.items.map((i) => i.safetyStock - i.quantity);
    expect(gaps).toEqual([...gaps].sort((x, y) => y - x));
    expect(r.lowStock.total).toBeGreaterThanOrEqual(r.lowStock.items.length);
  });

  it('400 for a bad date, 401, 403 without the right, a shop user sees only their shop, another tenant none of it', async () => {
    const bad = await a.admin.get(HOME, { date: '2026-13-45' });
    expect(bad.status).toBe(400);
    expect(bad.body.resp_msg).toBeTruthy();
    expect((await t.client('nope').get(HOME, {})).status).toBe(401);
    const none = await createLimitedUser(t, a, { perms: ['cashier.servicerecord.view'], loginShops: [s2] });
    expect((await none.client.get(HOME, {})).status).toBe(403);
    const viewer = await createLimitedUser(t, a, { perms: ['home.view'], loginShops: [s2] });
    const theirs: Answer = ok(await viewer.client.get(HOME, {}));
    const all: Answer = ok(await a.admin.get(HOME, {}));
    expect(theirs.shops.map((s) => s.shopId)).toEqual([s2]);
    expect(theirs.today).toEqual(shopOf(all, s2).today);
    expect(theirs.today.turnover).toBeGreaterThan(0);
    expect(theirs.lowStock.items.every((i) => i.shopId === s2)).toBe(true);
    expect(theirs.bills.open + theirs.bills.expired).toBeLessThan(all.bills.open + all.bills.expired);
    expect((await viewer.client.get(HOME, { shopid: s1 })).status).toBe(403);
    const onlyS1: Answer = ok(await a.admin.get(HOME, { shopid: s1 }));
    expect(onlyS1.shops.map((s) => s.shopId)).toEqual([s1]);
    const other: Answer = ok(await b.admin.get(HOME, {}));
    expect(other.today).toEqual({ turnover: 0, visits: 0, cardSales: 0 });
    expect(other.shops.some((s) => s.shopId === s1 || s.shopId === s2)).toBe(false);
  });
});
