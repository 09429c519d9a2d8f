import { billPriceLine, priceBill } from '@headoffice/contract';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { shops } from '../src/modules/org/schema.js';
import { yuan } from '../src/platform/money.js';
import { inTenant } from '../src/platform/tenancy.js';
import { bucketsOf, makeCardType, makeMember, openCardFor } from './assets-support.js';
import { build } from './helpers.js';
import { expectTillConsistent, key, memberWithCard, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const M = '/api-chain/makeorderconfig';
const EN = { 'accept-language': 'en-US' };
type Line = { amount: number; paid: number; roundOff: number; listAmount: number; additional: number };
type Payment = {
  amount: number;
  perf: number;
  payCode: string;
  cardId: number | null;
  cardBalance: { principal: number; gift: number } | null;
};

describe('the till prices a bill by what its card pays, rounds it (抹零) by the shop setting, and keeps a day total', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const other = await t.sharedOtherTenant();
  const [s1, s2, s3] = await shopIds(t, a);
  // Services at 85% and products at 90% with the test card type; 10,000 and 3,333 at the shop.
  const fx = await tillFixture(t, a, s1, { servicePrice: 10_000, productPrice: 3_333, stock: 500 });
  const fx3 = await tillFixture(t, a, s3, { servicePrice: 11_800, productPrice: 3_333, stock: 500 });
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payId = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId as number;
  const config = async (shopid: number, values: object) => ok(await a.admin.post(M, { shopid, ...values }));

  async function billOf(shopId: number, f: typeof fx, cardId?: number, memberId?: number, counts = { service: 1, product: 2 }) {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId, memberId, cardId }));
    const lines = [
      ...(counts.service
        ? [
            {
              kind: 'service',
              itemId: f.service.id,
              num: counts.service,
              staff: [{ employeeId: f.staff[0].id, station: 1, appointed: true }],
            },
          ]
        : []),
      ...(counts.product
        ? [
            {
              kind: 'product',
              itemId: f.product.id,
              num: counts.product,
              staff: [{ employeeId: f.staff[1].id, station: 1, appointed: false }],
            },
          ]
        : []),
    ];
    return ok(await a.admin.post(`${P}/checkout/lines`, { id: opened.id, version: opened.version, lines }));
  }
  const settle = (bill: { id: number; version: number }, payments: object[], headers: object = {}) =>
    a.admin.post(`${P}/checkout/settle`, { id: bill.id, version: bill.version, payments }, { ...key(), ...headers });
  const sum = <T>(rows: T[], of: (r: T) => number) => rows.reduce((s, r) => s + of(r), 0);

  it("a member's bill paid wholly in cash gets no card discount; paid wholly by the card, the card's prices", async () => {
    const { member, cardId } = await memberWithCard(t, a, s1, 50_000);
    const bill = await billOf(s1, fx, cardId, member.id);
    // Open, it is priced as the card would pay it all, each line showing where its price comes from.
    expect(
      bill.lines.map((l: { listPrice: number; plainPrice: number; price: number; discount: number; priceSource: string }) => [
        l.listPrice,
        l.plainPrice,
        l.price,
        l.discount,
        l.priceSource,
      ]),
    ).toEqual([
      [10_000, 10_000, 8_500, 8_500, 'card-discount'],
      [3_333, 3_333, 3_000, 9_000, 'card-discount'],
    ]);
    expect(bill.amount).toBe(8_500 + 6_000);
    // Cash for the card's price is refused, naming what cash must pay: the shop's prices.
    const short = await settle(bill, [{ payTypeId: payId('01'), amount: bill.amount }]);
    expect(short.status).toBe(400);
    expect(short.body.errors?.[0]).toMatchObject({ path: 'payments', message: `支付合计 ${yuan(14_500)} 与应付金额 ${yuan(16_666)} 不符` });
    const cash = ok(await settle(bill, [{ payTypeId: payId('01'), amount: 16_666 }]));
    expect(cash).toMatchObject({ amount: 16_666, discountTotal: 0, roundOff: 0 });
    expect(cash.lines.map((l: Line) => l.amount)).toEqual([10_000, 6_666]);
    expect(await bucketsOf(t, a, cardId)).toEqual({ [`${s1}:principal`]: 50_000 });

    const again = await billOf(s1, fx, cardId, member.id);
    const byCard = ok(await settle(again, [{ cardId, amount: 14_500 }]));
    expect(byCard).toMatchObject({ amount: 14_500, discountTotal: 2_166 });
    // The receipt's facts: the cashier, and what the card holds once the bill took its money.
    const [admin] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select({ name: users.name }).from(users).where(eq(users.username, 'admin')),
    );
    expect(byCard.cashierName).toBe(admin.name);
    expect(byCard.payments.map((p: Payment) => p.cardBalance)).toEqual([{ principal: 50_000 - 14_500, gift: 0 }]);
    const cards = ok(await a.admin.get(`${P}/checkout/cards`, { memberId: member.id }));
    expect(cards.map((c: { cardId: number; principal: number }) => [c.cardId, c.principal])).toEqual([[cardId, 50_000 - 14_500]]);
    await expectTillConsistent(t, a);
  });

  it('the card paying part of the bill gets its prices on that part only; the shop may give the whole bill its prices instead', async () => {
    const { member, cardId } = await memberWithCard(t, a, s1, 50_000);
    const bill = await billOf(s1, fx, cardId, member.id);
    // 5,000 of the 14,500 at card prices: round(2,166 × 5,000 / 14,500) = 747 off the 16,666.
    const tooLittle = await settle(
      bill,
      [
        { cardId, amount: 5_000 },
        { payTypeId: payId('23'), amount: 14_500 - 5_000 },
      ],
      EN,
    );
    expect(tooLittle.body.errors?.[0].message).toBe(`Payments total ${yuan(14_500)}, the bill is ${yuan(16_666 - 747)}`);
    const part = ok(
      await settle(bill, [
        { cardId, amount: 5_000 },
        { payTypeId: payId('23'), amount: 16_666 - 747 - 5_000 },
      ]),
    );
    expect(part).toMatchObject({ amount: 16_666 - 747, discountTotal: 747 });
    expect(sum(part.lines, (l: Line) => l.paid - l.amount)).toBe(0);
    // The card never pays more than the bill at its card prices.
    const more = await billOf(s1, fx, cardId, member.id);
    const over = await settle(more, [{ cardId, amount: 14_501 }]);
    expect(over.status).toBe(400);
    expect(over.body.errors?.[0].message).toBe(`会员卡支付 ${yuan(14_501)} 超过按卡价计的应付金额 ${yuan(14_500)}`);

    await config(s1, { cardPriceRule: 'member' });
    try {
      const whole = ok(await settle(more, [{ payTypeId: payId('01'), amount: 14_500 }]));
      expect(whole).toMatchObject({ amount: 14_500, discountTotal: 2_166 });
    } finally {
      await config(s1, { cardPriceRule: 'cardPays' });
    }
  });

  it("a running activity's price (活动价) of a service at the shop is its price whatever pays, and the settle charges it", async () => {
    const saved = ok(
      await a.admin.post('/api-chain/mktactivinfo/saveMktactiv', {
        name: `活动价${Date.now()}`,
        kind: 4,
        startDate: '2020-01-01',
        endDate: '2099-12-31',
        shopIds: [s3],
        rules: [{ condition: { type: 'items', serviceIds: [fx3.service.id] }, gifts: [{ type: 'discount', rate: 8_000 }] }],
      }),
    );
    const setStatus = async (status: number) => ok(await a.admin.post('/api-chain/mktactivinfo/updateStatus', { id: saved.id, status }));
    await setStatus(2);
    let running = true;
    try {
      // 80% of the shop's 11,800 is below the card's 85%: the card gives nothing more on it.
      const { member, cardId } = await memberWithCard(t, a, s3, 50_000);
      const byCard = await billOf(s3, fx3, cardId, member.id, { service: 1, product: 0 });
      expect(byCard.lines).toMatchObject([
        { listPrice: 11_800, plainPrice: 9_440, price: 9_440, priceSource: 'activity', discount: 8_000 },
      ]);
      expect(ok(await settle(byCard, [{ cardId, amount: 9_440 }]))).toMatchObject({ amount: 9_440, discountTotal: 2_360 });
      const walkIn = await billOf(s3, fx3, undefined, undefined, { service: 2, product: 0 });
      const paid = ok(await settle(walkIn, [{ payTypeId: payId('01'), amount: 18_880 }]));
      expect(paid).toMatchObject({ amount: 18_880, listTotal: 23_600 });
      // The activity ended: the shop's price again.
      await setStatus(4);
      running = false;
      expect((await billOf(s3, fx3, undefined, undefined, { service: 1, product: 0 })).amount).toBe(11_800);
      await expectTillConsistent(t, a);
    } finally {
      if (running) await setStatus(4);
    }
  });

  it('a card type without discount on gift money (赠送金不打折) gives its discount on the principal share of the card only', () => {
    const lines = [
      billPriceLine({ kind: 'service', num: 1, listPrice: 10_000, plainPrice: 10_000, price: 8_500 }),
      billPriceLine({ kind: 'product', num: 2, listPrice: 3_333, plainPrice: 3_333, price: 3_000 }),
    ];
    const rules = { cardPriceRule: 'cardPays' as const, rounding: 'none' as const };
    // ¥1,000 principal and ¥250 gift: a fifth of what the card pays is gift money, charged at the shop's price.
    const money = { principal: 100_000, gift: 25_000 };
    const all = priceBill(lines, rules, 'all', money);
    // Service: 1,500 of discount × 4/5 = 1,200; products: 666 × 4/5 = 532.8 → 533.
    expect(all.lines.map((l) => l.amount)).toEqual([10_000 - 1_200, 6_666 - 533]);
    expect(all).toMatchObject({ cardMax: 8_800 + 6_133, cardPays: 8_800 + 6_133, otherPays: 0 });
    // Gift money discounted too, or a card without gift: the whole discount.
    for (const same of [null, { principal: 100_000, gift: 0 }])
      expect(priceBill(lines, rules, 'all', same).lines.map((l) => l.amount)).toEqual([8_500, 6_000]);
    // The card paying part of the bill: its share of that discount, and cash pays the rest at the shop's prices.
    const half = priceBill(lines, rules, 7_000, money);
    expect(half.cardPays + half.otherPays).toBe(half.amount);
    expect(half.amount).toBe(16_666 - Math.floor((1_733 * 7_000 + 14_933 / 2) / 14_933));
    // Random bills: never cheaper than with the gift discounted, never dearer than without the card, every cent adds up.
    fc.assert(
      fc.property(fc.nat(200_000), fc.nat(200_000), fc.nat(20_000), (principal, gift, paid) => {
        const g = { principal, gift };
        const priced = priceBill(lines, rules, 'all', g);
        const cardPays = Math.min(paid, priced.cardMax);
        const p = priceBill(lines, rules, cardPays, g);
        expect(p.amount).toBeGreaterThanOrEqual(priceBill(lines, rules, cardPays).amount);
        expect(p.amount).toBeLessThanOrEqual(16_666);
        expect(p.cardPays + p.otherPays).toBe(p.amount);
        expect(p.lines.reduce((s, l) => s + l.amount, 0)).toBe(p.amount);
      }),
    );
  });

  it('at the till, a card type without discount on gift money charges the gift part at the shop price, on screen and at settle', async () => {
    const type = await makeCardType(t, a, { shops: [s1], giftDiscount: false, rules: [[1, 100_000, 1, 25_000]] });
    const member = await makeMember(t, a, s1);
    const card = ok(await openCardFor(a, { memberId: member.id, cardTypeId: type.id, shopId: s1, amount: 100_000 }));
    expect(card.giftChange).toBe(25_000);
    const bill = await billOf(s1, fx, card.cardId, member.id);
    expect(bill.giftMoney).toEqual({ principal: 100_000, gift: 25_000 });
    expect(bill.amount).toBe(8_800 + 6_133);
    const byCard = ok(await settle(bill, [{ cardId: card.cardId, amount: bill.amount }]));
    expect(byCard).toMatchObject({ amount: 14_933, discountTotal: 16_666 - 14_933, giftMoney: null });
    await expectTillConsistent(t, a);
  });

  it('抹零 rounds what other money pays down to the jiao or the yuan, on a line of its own; the cents stay exact everywhere', async () => {
    const { member, cardId } = await memberWithCard(t, a, s3, 50_000);
    const performance = async (billId: number) => {
      const rows = ok(await a.admin.get(`${P}/servicerecords/yj`, { id: billId }));
      return sum(rows, (r: { amount: number }) => r.amount);
    };
    for (const [rounding, unit] of [
      ['jiao', 10],
      ['yuan', 100],
    ] as const) {
      await config(s3, { rounding });
      try {
        // A walk-in: 11,800 + 2 × 3,333 = 18,466 → 18,460 or 18,400.
        const walkIn = await billOf(s3, fx3);
        expect(walkIn.roundOff).toBe(18_466 % unit);
        const paid = ok(await settle(walkIn, [{ payTypeId: payId('01'), amount: 18_466 - (18_466 % unit) }]));
        expect(paid).toMatchObject({ amount: 18_466 - (18_466 % unit), roundOff: 18_466 % unit, listTotal: 18_466 });
        expect(sum(paid.lines, (l: Line) => l.roundOff)).toBe(paid.roundOff);
        expect(paid.lines.map((l: Line) => l.paid - l.amount)).toEqual([0, 0]);
        expect(await performance(paid.id)).toBe(sum(paid.payments, (p: Payment) => p.perf));
        // A member paying 10,000 by card and the rest by WeChat: only the WeChat part is rounded, the card's exact.
        const before = await bucketsOf(t, a, cardId);
        const split = await billOf(s3, fx3, cardId, member.id);
        const priced = priceBill(split.lines.map(billPriceLine), { cardPriceRule: 'cardPays', rounding }, 10_000);
        expect(priced.otherPays % unit).toBe(0);
        const mixed = ok(
          await settle(split, [
            { cardId, amount: 10_000 },
            { payTypeId: payId('23'), amount: priced.otherPays },
          ]),
        );
        expect(mixed.amount).toBe(10_000 + priced.otherPays);
        expect(mixed.roundOff).toBe(priced.roundOff);
        expect(sum(mixed.payments, (p: Payment) => p.amount)).toBe(mixed.amount);
        expect(sum(mixed.lines, (l: Line) => l.amount)).toBe(mixed.amount);
        expect(mixed.lines.map((l: Line) => l.paid - l.amount)).toEqual([0, 0]);
        // One station a line: the staff's performance is what the payments count as performance (fees off), to the cent.
        expect(await performance(mixed.id)).toBe(sum(mixed.payments, (p: Payment) => p.perf));
        const after = await bucketsOf(t, a, cardId);
        expect(before[`${s3}:principal`] - after[`${s3}:principal`]).toBe(10_000);
      } finally {
        await config(s3, { rounding: 'none' });
      }
    }
    await expectTillConsistent(t, a);
  });

  it('random bills, rules, rounding and revokes: every bill adds up, and the day total is what its bills say', async () => {
    const { member, cardId } = await memberWithCard(t, a, s1, 5_000_000);
    const revoked = new Set<number>();
    const settled: number[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          rule: fc.constantFrom('cardPays', 'member'),
          rounding: fc.constantFrom('none', 'jiao', 'yuan'),
          member: fc.boolean(),
          service: fc.integer({ min: 0, max: 3 }),
          product: fc.integer({ min: 1, max: 3 }),
          cardShare: fc.integer({ min: 0, max: 100 }),
          wechatShare: fc.integer({ min: 0, max: 100 }),
          revoke: fc.boolean(),
        }),
        async (r) => {
          await config(s1, { cardPriceRule: r.rule, rounding: r.rounding });
          const bill = await billOf(s1, fx, r.member ? cardId : undefined, r.member ? member.id : undefined, r);
          const card = r.member ? Math.floor((bill.amount * r.cardShare) / 100) : 0;
          const expected = priceBill(bill.lines.map(billPriceLine), { cardPriceRule: r.rule, rounding: r.rounding }, card);
          const wechat = Math.floor((expected.otherPays * r.wechatShare) / 100);
          const payments = [
            ...(card ? [{ cardId, amount: card }] : []),
            ...(wechat ? [{ payTypeId: payId('23'), amount: wechat }] : []),
            ...(expected.otherPays - wechat ? [{ payTypeId: payId('01'), amount: expected.otherPays - wechat }] : []),
          ];
          const done = ok(await settle(bill, payments));
          settled.push(done.id);
          // Independent of the pricing: the bill between the card's and the shop's prices, the lines and payments exact.
          const plain = sum(bill.lines, (l: { num: number; plainPrice: number }) => l.num * l.plainPrice);
          const atCard = sum(bill.lines, (l: { num: number; price: number }) => l.num * l.price);
          expect(done.amount + done.roundOff).toBeLessThanOrEqual(plain);
          expect(done.amount + done.roundOff).toBeGreaterThanOrEqual(atCard);
          if (!card && r.rule === 'cardPays') expect(done.amount + done.roundOff).toBe(plain);
          if (r.rounding !== 'none') expect((done.amount - card) % (r.rounding === 'jiao' ? 10 : 100)).toBe(0);
          expect(sum(done.payments, (p: Payment) => p.amount)).toBe(done.amount);
          expect(sum(done.lines, (l: Line) => l.amount)).toBe(done.amount);
          expect(done.discountTotal).toBe(done.listTotal - done.amount);
          for (const l of done.lines as Line[]) expect(l.paid).toBe(l.amount);
          if (r.revoke) {
            ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: done.id, hcMemo: '随机撤单' }));
            revoked.add(done.id);
          }
        },
      ),
      { numRuns: 12 },
    );
    await config(s1, { cardPriceRule: 'cardPays', rounding: 'none' });
    // The day's figures recomputed from every bill of the shop today: revoked bills count nowhere.
    const day = ok(await a.admin.get(`${P}/checkout/day`, { shopid: s1 }));
    const today = ok(await a.admin.get(`${P}/checkout/today`, { shopid: s1 }));
    const live = today.filter((b: { status: number; isHc: number }) => b.status === 4 && !b.isHc);
    expect(settled.filter((id) => !revoked.has(id)).every((id) => live.some((b: { id: number }) => b.id === id))).toBe(true);
    expect(day.bills).toBe(live.length);
    expect(day.amount).toBe(sum(live, (b: { amount: number }) => b.amount));
    const byCode = new Map<string, number>();
    for (const b of live) {
      const detail = ok(await a.admin.get(`${P}/checkout/bill/${b.id}`));
      for (const p of detail.payments as Payment[]) byCode.set(p.payCode, (byCode.get(p.payCode) ?? 0) + p.amount);
    }
    expect(Object.fromEntries(day.payTypes.map((p: { payCode: string; amount: number }) => [p.payCode, p.amount]))).toEqual(
      Object.fromEntries(byCode),
    );
    expect(day.payTypes.every((p: { payName: string }) => !/^\d/.test(p.payName))).toBe(true);
    await expectTillConsistent(t, a);
  });

  it("the day: open bills apart; 400, 401, 403 without the right or the shop, 404 for another tenant's shop", async () => {
    const before = ok(await a.admin.get(`${P}/checkout/day`, { shopid: s2 }));
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s2 }));
    const now = ok(await a.admin.get(`${P}/checkout/day`, { shopid: s2 }));
    expect(now.open.bills).toBe(before.open.bills + 1);
    expect(now.bills).toBe(before.bills);
    ok(await a.admin.post(`${P}/checkout/void`, { id: opened.id, reason: '开错' }));
    expect(ok(await a.admin.get(`${P}/checkout/day`, { shopid: s2 })).open.bills).toBe(before.open.bills);
    const bad = await a.admin.get(`${P}/checkout/day`, {}, EN);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].path).toBe('shopid');
    expect((await t.client('nope').get(`${P}/checkout/day`, { shopid: s1 })).status).toBe(401);
    const noRight = await createLimitedUser(t, a, { perms: ['cashier.servicerecord.view'], loginShops: [s2] });
    expect((await noRight.client.get(`${P}/checkout/day`, { shopid: s2 })).status).toBe(403);
    const cashier = await createLimitedUser(t, a, { perms: ['till.checkout.view', 'till.checkout.edit'], loginShops: [s2] });
    expect(ok(await cashier.client.get(`${P}/checkout/day`, { shopid: s2 })).date).toBe(now.date);
    expect((await cashier.client.get(`${P}/checkout/day`, { shopid: s1 })).status).toBe(403);
    expect((await other.admin.get(`${P}/checkout/day`, { shopid: s1 })).status).toBe(404);
    // The member's cards: another tenant's member is none, another shop's member is not this cashier's.
    const { member } = await memberWithCard(t, a, s1, 1_000);
    expect((await other.admin.get(`${P}/checkout/cards`, { memberId: member.id })).status).toBe(404);
    expect((await cashier.client.get(`${P}/checkout/cards`, { memberId: member.id })).status).toBe(404);
  });

  it('the setup carries what the receipt prints of the shop and how the shop prices bills', async () => {
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(shops).set({ address: '北京市朝阳区建国门外大街1号', phone: '010-65050000' }).where(eq(shops.id, s1)),
    );
    const again = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
    expect(again).toMatchObject({
      shopAddress: '北京市朝阳区建国门外大街1号',
      shopPhone: '010-65050000',
      cardPriceRule: 'cardPays',
      rounding: 'none',
    });
    const saved = ok(await a.admin.post(M, { shopid: s2, rounding: 'yuan', cardPriceRule: 'member' }));
    expect(saved).toMatchObject({ rounding: 'yuan', cardPriceRule: 'member' });
    expect(ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s2 }))).toMatchObject({ rounding: 'yuan', cardPriceRule: 'member' });
    const wrong = await a.admin.post(M, { shopid: s2, rounding: 'fen' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.[0].path).toBe('rounding');
  });
});
