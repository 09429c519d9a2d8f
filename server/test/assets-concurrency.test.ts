import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardLedger, members } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { bucketsOf, expectAssetsConsistent, key, makeCardType, makeMember, ok, openCardFor, shopIds } from './assets-support.js';
import { build } from './helpers.js';

/**
 * On PostgreSQL these requests really run at once (a pool of connections, row locks); on PGlite they
 * queue up. The outcomes must be the same.
 */
describe('card money under concurrency', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [s1, s2] = await shopIds(t, a);

  it('200 concurrent payments of ¥1 against a card holding ¥50 (principal + gift): exactly 50 succeed, never negative', async () => {
    const type = await makeCardType(t, a, { shops: [s1, s2] });
    const m = await makeMember(t, a, s1);
    const card = ok(await openCardFor(a, { memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 2000 }));
    ok(
      await a.admin.post(
        '/api-member/chainmember/updateCardmoney',
        {
          cardId: card.cardId,
          buckets: [
            { shopId: s1, principal: 2000, gift: 1000 },
            { shopId: s2, principal: 1500, gift: 500 },
          ],
          reason: '并发测试',
        },
        key(),
      ),
    );
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: i % 2 ? s1 : s2, amount: 100 }, key()),
      ),
    );
    const took = Date.now() - started;
    const okAnswers = answers.filter((x) => x.status === 200);
    const refused = answers.filter((x) => x.status === 409);
    expect(okAnswers).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const x of refused) expect(x.body.resp_msg).toMatch(/^卡内余额不足：可用 ¥0\.\d\d，需要 ¥1\.00$/);
    expect(await bucketsOf(t, a, card.cardId)).toEqual({});
    // Each successful payment's rows add up to exactly ¥1; the ledger never shows a negative balance.
    for (const x of okAnswers) expect(x.body.data.rows.reduce((s: number, r: { amount: number }) => s + r.amount, 0)).toBe(-100);
    const rows = await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(cardLedger).where(eq(cardLedger.cardId, card.cardId)));
    expect(Math.min(...rows.map((r) => Number(r.balance)))).toBe(0);
    const [totals] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select({ principal: members.principal, gift: members.gift }).from(members).where(eq(members.id, m.id)),
    );
    expect(totals).toEqual({ principal: 0, gift: 0 });
    await expectAssetsConsistent(t, a);
    console.info(
      `200 concurrent card payments against ¥50: 50 × 200, 150 × 409 in ${took} ms (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    );
  }, 180_000);

  it('payments, recharges and adjustments of several cards of one member at once keep the member totals right', async () => {
    const type = await makeCardType(t, a, { shops: [s1, s2] });
    const m = await makeMember(t, a, s1);
    const cards: { cardId: number }[] = [];
    for (let i = 0; i < 3; i++) cards.push(ok(await openCardFor(a, { memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 10_000 })));
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const card = cards[i % 3];
        if (i % 3 === 0) return a.admin.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s2, amount: 77 }, key());
        return a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: i % 2 ? s1 : s2, amount: 33 }, key());
      }),
    );
    expect(answers.map((x) => x.status)).toEqual(Array(60).fill(200));
    await expectAssetsConsistent(t, a);
  }, 120_000);

  it('the same payment sent 20 times at once with one key pays once', async () => {
    const type = await makeCardType(t, a, { shops: [s1] });
    const m = await makeMember(t, a, s1);
    const card = ok(await openCardFor(a, { memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 1000 }));
    const headers = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s1, amount: 10 }, headers),
      ),
    );
    expect(answers.map((x) => x.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((x) => x.body.data.billId)).size).toBe(1);
    expect(await bucketsOf(t, a, card.cardId)).toEqual({ [`${s1}:principal`]: 990 });
    await expectAssetsConsistent(t, a);
  }, 60_000);
});
