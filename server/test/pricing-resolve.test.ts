import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PriceFacts, type PriceQuestion, resolvePrice } from '../src/modules/pricing/resolve.js';

const SHOP = 7;
const base: PriceFacts = {
  active: true,
  basePrice: 10_000,
  shop: { price: 12_000, status: 1 },
  specials: [
    { levelId: 1, shopId: null, price: 15_000 },
    { levelId: 1, shopId: SHOP, price: 16_000 },
    { levelId: 2, shopId: null, price: 13_000 },
    { levelId: 3, shopId: 99, price: 30_000 },
  ],
  cards: [
    { cardTypeId: 10, shopId: null, price: 9_000 },
    { cardTypeId: 10, shopId: SHOP, price: 8_500 },
    { cardTypeId: 11, shopId: null, price: 9_500 },
    { cardTypeId: 12, shopId: 99, price: 1_000 },
  ],
};

describe('resolvePrice: examples', () => {
  it('not sold → null, with the reason', () => {
    expect(resolvePrice({ ...base, active: false }, { shopId: SHOP })).toEqual({ price: null, source: null, reason: 'inactive' });
    expect(resolvePrice({ ...base, shop: null }, { shopId: SHOP, cardTypeId: 10 })).toEqual({
      price: null,
      source: null,
      reason: 'not-listed',
    });
    expect(resolvePrice({ ...base, shop: { price: 1, status: 0 } }, { shopId: SHOP, levelId: 1 })).toEqual({
      price: null,
      source: null,
      reason: 'not-sold',
    });
  });

  it('the shop price when no card and no level apply; the base price is never used', () => {
    expect(resolvePrice(base, { shopId: SHOP })).toEqual({ price: 12_000, source: 'shop', reason: null });
    expect(resolvePrice(base, { shopId: SHOP, levelId: 4, cardTypeId: 13 })).toMatchObject({ price: 12_000, source: 'shop' });
  });

  it("card price: the shop over the chain; another shop's card price never applies", () => {
    expect(resolvePrice(base, { shopId: SHOP, cardTypeId: 10 })).toMatchObject({ price: 8_500, source: 'card-shop' });
    expect(resolvePrice(base, { shopId: SHOP, cardTypeId: 11 })).toMatchObject({ price: 9_500, source: 'card-chain' });
    expect(resolvePrice(base, { shopId: SHOP, cardTypeId: 12 })).toMatchObject({ price: 12_000, source: 'shop' });
  });

  it("level price: the shop over the chain; another shop's never applies", () => {
    expect(resolvePrice(base, { shopId: SHOP, levelId: 1 })).toMatchObject({ price: 16_000, source: 'special-shop' });
    expect(resolvePrice(base, { shopId: SHOP, levelId: 2 })).toMatchObject({ price: 13_000, source: 'special-chain' });
    expect(resolvePrice(base, { shopId: SHOP, levelId: 3 })).toMatchObject({ price: 12_000, source: 'shop' });
  });

  it('a card price wins over a level price', () => {
    expect(resolvePrice(base, { shopId: SHOP, levelId: 1, cardTypeId: 11 })).toMatchObject({ price: 9_500, source: 'card-chain' });
    expect(resolvePrice(base, { shopId: SHOP, levelId: 1, cardTypeId: 99 })).toMatchObject({ price: 16_000, source: 'special-shop' });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const SHOPS = [1, 2, 3];
const price = fc.integer({ min: 0, max: 1_000_000 });
const shopOrChain = fc.constantFrom<number | null>(null, ...SHOPS);
const factsArb: fc.Arbitrary<PriceFacts> = fc.record({
  active: fc.boolean(),
  basePrice: price,
  shop: fc.option(fc.record({ price, status: fc.constantFrom(0, 1) }), { nil: null }),
  // Unique per (level, shop) and (card, shop), as the database's unique indexes guarantee.
  specials: fc.uniqueArray(fc.record({ levelId: fc.integer({ min: 1, max: 4 }), shopId: shopOrChain, price }), {
    selector: (s) => `${s.levelId}:${s.shopId}`,
    maxLength: 12,
  }),
  cards: fc.uniqueArray(fc.record({ cardTypeId: fc.integer({ min: 1, max: 4 }), shopId: shopOrChain, price }), {
    selector: (c) => `${c.cardTypeId}:${c.shopId}`,
    maxLength: 12,
  }),
});
const questionArb: fc.Arbitrary<PriceQuestion> = fc.record({
  shopId: fc.constantFrom(...SHOPS),
  cardTypeId: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  levelId: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
});

const sold = (f: PriceFacts) => f.active && f.shop !== null && f.shop.status === 1;

describe('resolvePrice: properties', () => {
  it('the result is null exactly when the shop does not sell the item; otherwise one of the candidate prices', () => {
    fc.assert(
      fc.property(factsArb, questionArb, (facts, q) => {
        const r = resolvePrice(facts, q);
        if (!sold(facts)) return r.price === null && r.source === null && r.reason !== null;
        const candidates = [
          facts.shop?.price,
          ...facts.specials.filter((s) => s.levelId === q.levelId && (s.shopId === null || s.shopId === q.shopId)).map((s) => s.price),
          ...facts.cards.filter((c) => c.cardTypeId === q.cardTypeId && (c.shopId === null || c.shopId === q.shopId)).map((c) => c.price),
        ];
        return r.price !== null && r.reason === null && candidates.includes(r.price);
      }),
    );
  });

  it('a card price never applies without its card; a level price never without its level', () => {
    fc.assert(
      fc.property(factsArb, questionArb, (facts, q) => {
        const r = resolvePrice(facts, q);
        if (r.source?.startsWith('card')) expect(q.cardTypeId).not.toBeNull();
        if (r.source?.startsWith('special')) expect(q.levelId).not.toBeNull();
        // Without card and level, the answer is the shop price.
        const plain = resolvePrice(facts, { shopId: q.shopId });
        expect(plain.price).toBe(sold(facts) ? facts.shop?.price : null);
      }),
    );
  });

  it('the shop overrides the chain: a shop card/level price, when present, is the one used', () => {
    fc.assert(
      fc.property(factsArb, questionArb, price, price, (facts, q, shopPrice, chainPrice) => {
        fc.pre(sold(facts) && q.cardTypeId != null);
        const cards = facts.cards.filter((c) => c.cardTypeId !== q.cardTypeId);
        const withBoth = {
          ...facts,
          cards: [
            ...cards,
            { cardTypeId: q.cardTypeId as number, shopId: null, price: chainPrice },
            { cardTypeId: q.cardTypeId as number, shopId: q.shopId, price: shopPrice },
          ],
        };
        expect(resolvePrice(withBoth, q)).toMatchObject({ price: shopPrice, source: 'card-shop' });
        const chainOnly = { ...facts, cards: [...cards, { cardTypeId: q.cardTypeId as number, shopId: null, price: chainPrice }] };
        expect(resolvePrice(chainOnly, q)).toMatchObject({ price: chainPrice, source: 'card-chain' });
      }),
    );
    fc.assert(
      fc.property(factsArb, questionArb, price, price, (facts, q, shopPrice, chainPrice) => {
        fc.pre(sold(facts) && q.levelId != null);
        const noCard = { ...facts, cards: [] };
        const specials = facts.specials.filter((s) => s.levelId !== q.levelId);
        const withBoth = {
          ...noCard,
          specials: [
            ...specials,
            { levelId: q.levelId as number, shopId: null, price: chainPrice },
            { levelId: q.levelId as number, shopId: q.shopId, price: shopPrice },
          ],
        };
        expect(resolvePrice(withBoth, q)).toMatchObject({ price: shopPrice, source: 'special-shop' });
      }),
    );
  });

  it('rows of other shops, cards and levels never change the answer', () => {
    fc.assert(
      fc.property(factsArb, questionArb, price, (facts, q, noise) => {
        const other = SHOPS.find((s) => s !== q.shopId) as number;
        const noisy: PriceFacts = {
          ...facts,
          specials: [...facts.specials.filter((s) => !(s.levelId === 5 || s.shopId === other)), { levelId: 5, shopId: null, price: noise }],
          cards: [...facts.cards.filter((c) => !(c.cardTypeId === 5 || c.shopId === other)), { cardTypeId: 5, shopId: null, price: noise }],
        };
        const clean: PriceFacts = {
          ...facts,
          specials: facts.specials.filter((s) => !(s.levelId === 5 || s.shopId === other)),
          cards: facts.cards.filter((c) => !(c.cardTypeId === 5 || c.shopId === other)),
        };
        const question = { ...q, cardTypeId: q.cardTypeId === 5 ? null : q.cardTypeId, levelId: q.levelId === 5 ? null : q.levelId };
        const withOtherShop: PriceFacts = {
          ...clean,
          specials: [
            ...clean.specials,
            ...clean.specials.filter((s) => s.shopId === null).map((s) => ({ ...s, shopId: other, price: noise })),
          ],
          cards: [...clean.cards, ...clean.cards.filter((c) => c.shopId === null).map((c) => ({ ...c, shopId: other, price: noise }))],
        };
        expect(resolvePrice(noisy, question)).toEqual(resolvePrice(clean, question));
        expect(resolvePrice(withOtherShop, question)).toEqual(resolvePrice(clean, question));
      }),
    );
  });

  it('monotonic: raising the price of the winning source by d raises the answer by d; raising any other leaves it', () => {
    fc.assert(
      fc.property(factsArb, questionArb, fc.integer({ min: 1, max: 10_000 }), (facts, q, d) => {
        const r = resolvePrice(facts, q);
        fc.pre(r.price !== null);
        const bump = <T extends { price: number }>(x: T) => ({ ...x, price: x.price + d });
        const everythingUp: PriceFacts = {
          ...facts,
          shop: facts.shop && bump(facts.shop),
          specials: facts.specials.map(bump),
          cards: facts.cards.map(bump),
          basePrice: facts.basePrice + d,
        };
        expect(resolvePrice(everythingUp, q)).toEqual({ ...r, price: (r.price as number) + d });
        const shopUp: PriceFacts = { ...facts, shop: facts.shop && bump(facts.shop) };
        const after = resolvePrice(shopUp, q);
        expect(after.price).toBe(r.source === 'shop' ? (r.price as number) + d : r.price);
        const baseUp: PriceFacts = { ...facts, basePrice: facts.basePrice + d };
        expect(resolvePrice(baseUp, q)).toEqual(r);
      }),
    );
  });

  it('switching the shop status off makes every question answer null; on again restores the answers', () => {
    fc.assert(
      fc.property(factsArb, questionArb, (facts, q) => {
        fc.pre(facts.shop !== null);
        const off = { ...facts, shop: { price: facts.shop?.price ?? 0, status: 0 } };
        expect(resolvePrice(off, q).price).toBeNull();
        const on = { ...facts, shop: { price: facts.shop?.price ?? 0, status: 1 } };
        expect(resolvePrice(on, q).price === null).toBe(!facts.active);
      }),
    );
  });
});
