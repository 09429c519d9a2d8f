import { billPriceLine, priceBill } from '@headoffice/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenants } from '../src/db/tenants.js';
import { cardBills } from '../src/modules/assets/schema.js';
import { serviceBillPayments, serviceBills } from '../src/modules/cashier/schema.js';
import { rebuildDayFigures } from '../src/platform/day-figures.js';
import { addDays, businessDate } from '../src/platform/numbering.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeCardType, makeMember } from './assets-support.js';
import { build, type TestTenant } from './helpers.js';
import { key, memberWithCard, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const HOME = '/api-home/dashboard';
const LOW = '/api-home/lowstock';

type Figures = { cash: number; cardUse: number; visits: number; cardSales: number };
type Answer = {
  date: string;
  monthFrom: string;
  today: Figures;
  month: Figures;
  shops: { shopId: number; shopName: string; regionName: string; today: Figures; month: Figures }[];
  approvals: { total: number };
  bills: { open: number; expired: number };
  lowStock: { total: number };
};
type LowRow = { shopId: number | null; productId: number; quantity: number; safetyStock: number; shortfall: number };

const zero = (): Figures => ({ cash: 0, cardUse: 0, visits: 0, cardSales: 0 });

/** The same seeded sequence on every run (mulberry32): a failure names the step it came from. */
function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let r = Math.imul(s ^ (s >>> 15), 1 | s);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return Math.floor((((r ^ (r >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
}

/**
 * The figures recomputed from the records themselves, in plain code: every till bill of the tenant with its
 * payments, every card bill, each counted on the company's calendar as the home page defines its figures.
 */
async function recompute(t: Awaited<ReturnType<typeof build>>, a: TestTenant, date: string) {
  return inTenant(t.database.db, a.tenantId, async (tx) => {
    const [{ zone }] = await tx.select({ zone: tenants.timeZone }).from(tenants).where(eq(tenants.id, a.tenantId));
    const bills = await tx.select().from(serviceBills);
    const payments = await tx.select().from(serviceBillPayments);
    const cards = await tx.select().from(cardBills);
    const monthFrom = `${date.slice(0, 8)}01`;
    const byShop = new Map<number, { today: Figures; month: Figures }>();
    const of = (shopId: number) => {
      const s = byShop.get(shopId) ?? { today: zero(), month: zero() };
      byShop.set(shopId, s);
      return s;
    };
    const add = (shopId: number, day: string, field: keyof Figures, n: number) => {
      if (day < monthFrom || day > date) return;
      of(shopId).month[field] += n;
      if (day === date) of(shopId).today[field] += n;
    };
    const counted = new Map(bills.filter((b) => b.status === 4 && b.isHc === 0 && b.isDel === 0).map((b) => [b.id, b]));
    for (const b of counted.values()) add(b.shopId, b.businessDate, 'visits', b.isCompute === 1 ? 1 : 0);
    for (const p of payments) {
      const b = counted.get(p.billId);
      if (!b) continue;
      if (p.classCode === '01') add(b.shopId, b.businessDate, 'cash', p.amount);
      if (p.cardId !== null) add(b.shopId, b.businessDate, 'cardUse', p.amount);
    }
    for (const c of cards)
      if ((c.kind === 'open' || c.kind === 'recharge') && c.revokedAt === null)
        add(c.shopId, businessDate(zone, c.createdAt), 'cardSales', c.amount);
    return { byShop, zone };
  });
}

describe('home page: cash takings, card consumption, visits and card sales by shop; stock warnings', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const f1 = await tillFixture(t, a, s1, { servicePrice: 12_345, productPrice: 2_990, stock: 50 });
  const f2 = await tillFixture(t, a, s2, { servicePrice: 6_000, productPrice: 1_500, stock: 50 });
  const fixtures = new Map([
    [s1, f1],
    [s2, f2],
  ]);
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payType = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId as number;
  const [cash, wechat, pos] = [payType('01'), payType('23'), payType('07')];
  const cardType = await makeCardType(t, a, { shops: [s1, s2] });

  /** A bill of these lines at the shop (for a member, and their card, when given), settled with `pay(amount)`. */
  async function settle(
    shop: number,
    lines: unknown[],
    pay: (amount: number) => unknown[],
    member?: { memberId: number; cardId?: number },
  ) {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: shop, ...member }));
    const priced = ok(await a.admin.post(`${P}/checkout/lines`, { id: opened.id, version: opened.version, lines }));
    return ok(await a.admin.post(`${P}/checkout/settle`, { id: priced.id, version: priced.version, payments: pay(priced.amount) }, key()));
  }
  /**
   * A member's bill paid `cardPart` by their card and the rest by `other`: only what the card pays gets
   * the card's prices (the shops' default rule), so the rest is priced as the till prices it.
   */
  async function settleWithCard(
    shop: number,
    lines: unknown[],
    card: { memberId: number; cardId: number },
    cardPart: number,
    other: number,
  ) {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: shop, ...card }));
    const bill = ok(await a.admin.post(`${P}/checkout/lines`, { id: opened.id, version: opened.version, lines }));
    const rest = priceBill(bill.lines.map(billPriceLine), { cardPriceRule: 'cardPays', rounding: 'none' }, cardPart).otherPays;
    const payments = [
      { cardId: card.cardId, amount: cardPart },
      { payTypeId: other, amount: rest },
    ];
    return ok(await a.admin.post(`${P}/checkout/settle`, { id: bill.id, version: bill.version, payments }, key()));
  }
  const service = (shop: number) => ({ kind: 'service', itemId: fixtures.get(shop)?.service.id, num: 1 });
  const product = (shop: number) => ({ kind: 'product', itemId: fixtures.get(shop)?.product.id, num: 2 });
  const split = (first: number, second: number) => (amount: number) => [
    { payTypeId: first, amount: Math.floor(amount / 2) },
    { payTypeId: second, amount: amount - Math.floor(amount / 2) },
  ];

  const expectRecomputed = async (answer: Answer) => {
    const { byShop } = await recompute(t, a, answer.date);
    for (const s of answer.shops)
      expect({ shop: s.shopId, today: s.today, month: s.month }).toEqual({
        shop: s.shopId,
        ...(byShop.get(s.shopId) ?? { today: zero(), month: zero() }),
      });
    for (const [shopId, f] of byShop)
      if (f.month.visits || f.month.cash || f.month.cardUse || f.month.cardSales)
        expect(answer.shops.map((s) => s.shopId)).toContain(shopId);
    for (const period of ['today', 'month'] as const)
      for (const field of ['cash', 'cardUse', 'visits', 'cardSales'] as const)
        expect(answer.shops.reduce((n, s) => n + s[period][field], 0)).toBe(answer[period][field]);
  };

  it('settles bills of several kinds and pay types, revokes some: every figure equals its recomputation from the bills', async () => {
    const before: Answer = ok(await a.admin.get(HOME, {}));
    // Cash, WeChat and POS on services and products; a member's card paying alone and with cash; a card
    // opened at the till paid by cash and WeChat; a card recharged in head office.
    const byCash = await settle(s1, [service(s1)], (n) => [{ payTypeId: cash, amount: n }]);
    const wechatAndPos = await settle(s1, [service(s1), product(s1)], split(wechat, pos));
    const holder = await memberWithCard(t, a, s2, 80_000);
    const card = { memberId: holder.member.id, cardId: holder.cardId };
    const byCard = await settle(s2, [service(s2)], (n) => [{ cardId: card.cardId, amount: n }], card);
    const cardAndCash = await settleWithCard(s2, [service(s2), product(s2)], card, 1_000, cash);
    const newcomer = await makeMember(t, a, s1);
    const opening = await settle(s1, [{ kind: 'cardOpen', itemId: cardType.id, num: 1, amount: 30_000 }], split(cash, wechat), {
      memberId: newcomer.id,
    });
    ok(await a.admin.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s2, amount: 20_000 }, key()));
    // An open bill counts nowhere; a revoked bill counts nowhere: the card-paid one, and the card opening.
    ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1 }));
    ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: byCard.id, hcMemo: '撤单' }));
    ok(await a.admin.post(`${P}/cardrecords/chain/recall`, { id: opening.id, hcMemo: '撤开卡' }));

    const now: Answer = ok(await a.admin.get(HOME, {}));
    await expectRecomputed(now);
    // The same, said from the bills' own answers: what each kind of payment adds.
    const paidBy = (bill: { payments: { payCode: string; cardId: number | null; amount: number }[] }, cardPaid: boolean) =>
      bill.payments
        .filter((p) => (cardPaid ? p.cardId !== null : ['01', '07', '23'].includes(p.payCode)))
        .reduce((n, p) => n + p.amount, 0);
    const kept = [byCash, wechatAndPos, cardAndCash];
    const shop = (r: Answer, id: number) => r.shops.find((s) => s.shopId === id)?.today ?? zero();
    // The holder's card opened in head office was paid in cash, as a card sold at the till.
    expect(now.today.cash - before.today.cash).toBe(kept.reduce((n, x) => n + paidBy(x, false), 80_000));
    expect(now.today.cardUse - before.today.cardUse).toBe(paidBy(cardAndCash, true));
    expect(now.today.visits - before.today.visits).toBe(kept.length);
    expect(shop(now, s2).cardSales - shop(before, s2).cardSales).toBe(80_000 + 20_000);
    expect(shop(now, s1).cardSales - shop(before, s1).cardSales).toBe(0);
    expect(paidBy(byCard, true)).toBeGreaterThan(0);
    expect(now.month.cash - before.month.cash).toBe(now.today.cash - before.today.cash);
    expect(now.bills.open - before.bills.open).toBe(1);
  });

  it('after a random sequence of sales, card payments, recharges and revokes, the figures still equal the bills', async () => {
    const pick = random(20261202);
    const holder = await memberWithCard(t, a, s1, 500_000);
    const card = { memberId: holder.member.id, cardId: holder.cardId };
    const settled: { id: number }[] = [];
    const steps: string[] = [];
    // each kind of step once, then a random sequence of them
    for (let i = 0; i < 20; i++) {
      const shop = pick(2) ? s1 : s2;
      const step = i < 6 ? i : pick(6);
      steps.push(`${step}@${shop}`);
      if (step === 0) settled.push(await settle(shop, [service(shop)], (n) => [{ payTypeId: cash, amount: n }]));
      else if (step === 1) settled.push(await settle(shop, [service(shop), product(shop)], split(wechat, cash)));
      else if (step === 2) settled.push(await settle(s1, [service(s1)], (n) => [{ cardId: card.cardId, amount: n }], card));
      else if (step === 3) settled.push(await settleWithCard(s1, [product(s1)], card, 500, pos));
      else if (step === 4)
        ok(
          await a.admin.post(
            '/api-member/membercard/recharge',
            { cardId: card.cardId, shopId: s1, amount: 10_000 + pick(5) * 1_000 },
            key(),
          ),
        );
      else {
        const live = settled.filter((x) => x.id);
        const victim = live[pick(live.length)];
        if (!victim) continue;
        ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: victim.id, hcMemo: '随机撤单' }));
        victim.id = 0;
      }
    }
    const now: Answer = ok(await a.admin.get(HOME, {}));
    expect(steps.length).toBe(20);
    expect(settled.filter((x) => x.id === 0).length).toBeGreaterThan(1);
    await expectRecomputed(now);
  });

  it("counts on the company's calendar: a card recharged a minute before the company's day began is not the day's, once the figures are rebuilt", async () => {
    const holder = await memberWithCard(t, a, s2, 100);
    const before: Answer = ok(await a.admin.get(HOME, {}));
    // A recharge in head office counts on the day it was made (a card opened is a till bill of its business day).
    ok(await a.admin.post('/api-member/membercard/recharge', { cardId: holder.cardId, shopId: s2, amount: 12_300 }, key()));
    const { zone } = await recompute(t, a, before.date);
    expect(before.date).toBe(businessDate(zone));
    const sold = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .update(cardBills)
        .set({ createdAt: sql`(${before.date}::date::timestamp at time zone ${zone}) - interval '1 minute'` })
        .where(and(eq(cardBills.cardId, holder.cardId), eq(cardBills.kind, 'recharge')))
        .returning({ createdAt: cardBills.createdAt }),
    );
    expect(sold).toHaveLength(1);
    // The figures of both days rebuilt from the records, as the command does after such a repair.
    await inTenant(t.database.db, a.tenantId, (tx) =>
      rebuildDayFigures(tx, a.tenantId, { from: addDays(before.date, -1), to: before.date, shopIds: [s2] }),
    );
    const now: Answer = ok(await a.admin.get(HOME, {}));
    expect(now.today.cardSales).toBe(before.today.cardSales);
    // The day before is this month's unless the date is the month's first day.
    expect(now.month.cardSales - before.month.cardSales).toBe(before.date.endsWith('-01') ? 0 : 12_300);
    await expectRecomputed(now);
    // Another day of the month asked for: that day's figures and the month to it, recomputed the same way.
    const first: Answer = ok(await a.admin.get(HOME, { date: before.monthFrom }));
    expect(first.monthFrom).toBe(before.monthFrom);
    await expectRecomputed(first);
    const future: Answer = ok(await a.admin.get(HOME, { date: '2099-01-15' }));
    expect(future.month).toEqual(zero());
  });

  it('expired bills: an earlier day’s open bill counts as expired before the till marks it', async () => {
    const before: Answer = ok(await a.admin.get(HOME, {}));
    const stale = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s2 }));
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(serviceBills).set({ businessDate: '2020-01-02' }).where(eq(serviceBills.id, stale.id)),
    );
    const later: Answer = ok(await a.admin.get(HOME, {}));
    expect([later.bills.open - before.bills.open, later.bills.expired - before.bills.expired]).toEqual([0, 1]);
  });

  it('stock warnings: the home page gives their count, the list gives them, the largest shortfall first', async () => {
    const before: Answer = ok(await a.admin.get(HOME, {}));
    // f1's product: 50 in stock at s1 minus what was sold; a safety level of 100000 puts it first on the list.
    ok(await a.admin.post('/api-stock/product', { shopId: s1, productId: f1.product.id, safetyStock: 100_000 }));
    ok(await a.admin.post('/api-stock/product', { shopId: s2, productId: f2.product.id, safetyStock: 1 }));
    const now: Answer = ok(await a.admin.get(HOME, {}));
    expect(now.lowStock.total - before.lowStock.total).toBe(1);
    const list = ok(await a.admin.get(LOW, { pageSize: 200 }));
    expect(list.total).toBe(now.lowStock.total);
    const [first] = list.list as LowRow[];
    expect(first).toMatchObject({ shopId: s1, productId: f1.product.id, safetyStock: 100_000 });
    expect(first.shortfall).toBe(first.safetyStock - first.quantity);
    expect((list.list as LowRow[]).some((r) => r.productId === f2.product.id)).toBe(false); // stock above 1
    const gaps = (list.list as LowRow[]).map((r) => r.shortfall);
    expect(gaps).toEqual([...gaps].sort((x, y) => y - x));
    expect((list.list as LowRow[]).every((r) => r.quantity < r.safetyStock)).toBe(true);
    const page2 = ok(await a.admin.get(LOW, { page: 2, pageSize: 1 }));
    expect(page2.list[0]).toEqual(list.list[1]);
    const onlyS1 = ok(await a.admin.get(LOW, { shopid: s1, pageSize: 200 }));
    expect((onlyS1.list as LowRow[]).every((r) => r.shopId === s1)).toBe(true);
    expect(onlyS1.total).toBe(ok(await a.admin.get(HOME, { shopid: s1 })).lowStock.total);
  });

  it('400 with a message, 401, 403 without the right, a shop user sees only their shop, another tenant none of it', async () => {
    for (const [path, query] of [
      [HOME, { date: '2026-13-45' }],
      [LOW, { pageSize: 1000 }],
    ] as const) {
      const bad = await a.admin.get(path, query);
      expect(bad.status).toBe(400);
      expect(bad.body.resp_msg).toBeTruthy();
      expect((await t.client('nope').get(path, {})).status).toBe(401);
    }
    const none = await createLimitedUser(t, a, { perms: ['cashier.servicerecord.view'], loginShops: [s2] });
    expect((await none.client.get(HOME, {})).status).toBe(403);
    expect((await none.client.get(LOW, {})).status).toBe(403);
    const viewer = await createLimitedUser(t, a, { perms: ['home.view'], loginShops: [s2] });
    const theirs: Answer = ok(await viewer.client.get(HOME, {}));
    const all: Answer = ok(await a.admin.get(HOME, {}));
    expect(theirs.shops.map((s) => s.shopId)).toEqual([s2]);
    expect(theirs.today).toEqual(all.shops.find((s) => s.shopId === s2)?.today);
    expect(theirs.today.cash).toBeGreaterThan(0);
    expect(theirs.bills.open + theirs.bills.expired).toBeLessThan(all.bills.open + all.bills.expired);
    const theirLow = ok(await viewer.client.get(LOW, { pageSize: 200 }));
    expect((theirLow.list as LowRow[]).every((r) => r.shopId === s2)).toBe(true);
    expect(theirLow.total).toBe(theirs.lowStock.total);
    expect(theirLow.total).toBeLessThan(all.lowStock.total);
    expect((await viewer.client.get(HOME, { shopid: s1 })).status).toBe(403);
    expect((await viewer.client.get(LOW, { shopid: s1 })).status).toBe(403);
    const onlyS1: Answer = ok(await a.admin.get(HOME, { shopid: s1 }));
    expect(onlyS1.shops.map((s) => s.shopId)).toEqual([s1]);
    // A chain of its own has none of these figures (the shared other tenant may have sales of its own).
    expect((ok(await (await t.tenant()).admin.get(HOME, {})) as Answer).today).toEqual(zero());
    const other: Answer = ok(await b.admin.get(HOME, {}));
    expect(other.shops.some((s) => s.shopId === s1 || s.shopId === s2)).toBe(false);
    const otherLow = ok(await b.admin.get(LOW, { pageSize: 200 }));
    expect((otherLow.list as LowRow[]).some((r) => r.shopId === s1 || r.shopId === s2)).toBe(false);
  });
});
