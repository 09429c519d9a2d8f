import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardTypeSellableAt, giftOf, rechargeGift } from '../src/modules/members/card-rules.js';
import { cardRules, cardTypeShops, cardTypes } from '../src/modules/members/schema.js';
import { shops } from '../src/modules/org/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';

describe('recharge gift rules and card types per shop', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const { db } = t.database;

  const cardType = (tenantId: number, code: string) =>
    inTenant(db, tenantId, async (tx) => {
      const [row] = await tx
        .insert(cardTypes)
        .values({ tenantId, code, name: `储值卡${code}`, kind: 1 })
        .returning({ id: cardTypes.id });
      return row.id;
    });

  it('gives a fixed gift or a percent rounded down', () => {
    expect(giftOf({ giftType: 1, giftValue: 5000 }, 100_000)).toBe(5000);
    expect(giftOf({ giftType: 2, giftValue: 1250 }, 99_999)).toBe(12_499);
  });

  it('applies exactly one rule: the highest threshold not above the amount, for its occasion', async () => {
    const id = await cardType(a.tenantId, 'R01');
    await inTenant(db, a.tenantId, (tx) =>
      tx.insert(cardRules).values([
        { tenantId: a.tenantId, cardTypeId: id, kind: 3, threshold: 100_000, giftType: 1, giftValue: 10_000 },
        { tenantId: a.tenantId, cardTypeId: id, kind: 2, threshold: 200_000, giftType: 2, giftValue: 1500 },
        { tenantId: a.tenantId, cardTypeId: id, kind: 1, threshold: 300_000, giftType: 1, giftValue: 80_000 },
      ]),
    );
    const gift = (occasion: 'open' | 'recharge', amount: number) =>
      inTenant(db, a.tenantId, (tx) => rechargeGift(tx, id, occasion, amount));
    expect(await gift('recharge', 99_999)).toBe(0);
    expect(await gift('recharge', 100_000)).toBe(10_000);
    expect(await gift('recharge', 250_000)).toBe(37_500);
    expect(await gift('open', 250_000)).toBe(10_000);
    expect(await gift('open', 300_000)).toBe(80_000);
    expect(await gift('recharge', 300_000)).toBe(45_000);
    // another tenant sees no rule of this card type
    expect(await inTenant(db, b.tenantId, (tx) => rechargeGift(tx, id, 'recharge', 250_000))).toBe(0);
  });

  it('sells a card type only at shops where it is enabled, and never once it is stopped', async () => {
    const id = await cardType(a.tenantId, 'R02');
    const [shop] = await inTenant(db, a.tenantId, (tx) => tx.select({ id: shops.id }).from(shops).limit(1));
    const sellable = () => inTenant(db, a.tenantId, (tx) => cardTypeSellableAt(tx, id, shop.id));
    expect(await sellable()).toBe(false);
    await inTenant(db, a.tenantId, (tx) =>
      tx.insert(cardTypeShops).values({ tenantId: a.tenantId, cardTypeId: id, shopId: shop.id, status: 1 }),
    );
    expect(await sellable()).toBe(true);
    await inTenant(db, a.tenantId, (tx) => tx.update(cardTypes).set({ status: 2 }).where(eq(cardTypes.id, id)));
    expect(await sellable()).toBe(false);
  });
});
