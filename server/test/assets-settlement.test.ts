import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardLedger } from '../src/db/schema.js';
import { businessDate } from '../src/platform/numbering.js';
import { inTenant } from '../src/platform/tenancy.js';
import { expectAssetsConsistent, key, makeCardType, makeMember, ok, openCardFor, shopIds } from './assets-support.js';
import { build } from './helpers.js';
import { createLimitedUser } from './users.js';

const SETTLE = '/api-member/chainmember/cardSettlement';
const EN = { 'accept-language': 'en-US' };

type Answer = {
  rows: { month: string; servingShopId: number; holdingShopId: number; principal: number; gift: number; total: number; bills: number }[];
  shops: { shopId: number; receivable: number; payable: number; net: number }[];
};

describe('cross-shop settlement: who owes whom, by month, from the card ledger', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [sA, sB, sC] = await shopIds(t, a);
  const month = businessDate().slice(0, 7);
  const q = { from: month, to: month };
  const post = async (path: string, body: Record<string, unknown>) => ok(await a.admin.post(`/api-member/membercard/${path}`, body, key()));
  const pick = (ans: Answer, serving: number, holding: number) =>
    ans.rows.find((r) => r.servingShopId === serving && r.holdingShopId === holding);

  // Principal first, no gift: the worked example.
  const plain = await makeCardType(t, a, { shops: [sA, sB, sC], paySplit: 'principalFirst' });
  const m = await makeMember(t, a, sA);
  const card = ok(await openCardFor(a, { memberId: m.id, cardTypeId: plain.id, shopId: sA, amount: 100_000 }));
  await post('recharge', { cardId: card.cardId, shopId: sB, amount: 50_000 });

  it('worked figures: ¥300 paid at C from A’s money, ¥600 paid at B (¥500 of its own, ¥100 of A’s)', async () => {
    // C holds nothing: A's bucket (the oldest) pays 300. B pays its own 500 first, then 100 from A.
    const atC = await post('consume', { cardId: card.cardId, shopId: sC, amount: 30_000 });
    await post('consume', { cardId: card.cardId, shopId: sB, amount: 60_000 });
    const ans = ok<Answer>(await a.admin.get(SETTLE, q));
    expect(pick(ans, sC, sA)).toMatchObject({ month, principal: 30_000, gift: 0, total: 30_000, bills: 1 });
    expect(pick(ans, sB, sA)).toMatchObject({ month, principal: 10_000, gift: 0, total: 10_000, bills: 1 });
    // A shop's own bucket is not a settlement.
    expect(pick(ans, sB, sB)).toBeUndefined();
    const byShop = Object.fromEntries(ans.shops.map((s) => [s.shopId, s]));
    expect(byShop[sA]).toMatchObject({ receivable: 0, payable: 40_000, net: -40_000 });
    expect(byShop[sB]).toMatchObject({ receivable: 10_000, payable: 0, net: 10_000 });
    expect(byShop[sC]).toMatchObject({ receivable: 30_000, payable: 0, net: 30_000 });

    // Revoking the payment at C gives A's ¥300 back: C no longer has anything to claim.
    ok(await a.admin.post('/api-member/membercard/revoke', { billId: atC.billId, memo: '收错了' }, key()));
    const after = ok<Answer>(await a.admin.get(SETTLE, q));
    expect(pick(after, sC, sA)).toBeUndefined();
    expect(pick(after, sB, sA)).toMatchObject({ principal: 10_000 });
    expect(Object.fromEntries(after.shops.map((s) => [s.shopId, s.net]))).toMatchObject({ [sA]: -10_000, [sB]: 10_000 });

    // One shop: the rows where it served or held the money.
    const onlyC = ok<Answer>(await a.admin.get(SETTLE, { ...q, shopId: sC }));
    expect(onlyC.rows).toEqual([]);
    const onlyB = ok<Answer>(await a.admin.get(SETTLE, { ...q, shopId: sB }));
    expect(onlyB.rows.map((r) => [r.servingShopId, r.holdingShopId])).toEqual([[sB, sA]]);
    // Without months: the current month.
    expect(ok<Answer>(await a.admin.get(SETTLE, {}))).toEqual(after);
  });

  it('with gift money (proportional): principal and gift apart, equal to the payments’ own ledger rows', async () => {
    const gifted = await makeCardType(t, a, { shops: [sA, sB, sC], rules: [[1, 0, 1, 25_000]] });
    const mm = await makeMember(t, a, sA);
    const c = ok(await openCardFor(a, { memberId: mm.id, cardTypeId: gifted.id, shopId: sA, amount: 100_000 }));
    const before = ok<Answer>(await a.admin.get(SETTLE, q));
    const pay = await post('consume', { cardId: c.cardId, shopId: sC, amount: 50_000 });
    // ¥500 split over ¥1,000 principal and ¥250 gift: ¥400 and ¥100, both from A.
    const fromA = (bucket: string) =>
      -(pay.rows as { shopId: number; bucket: string; amount: number }[])
        .filter((r) => r.shopId === sA && r.bucket === bucket)
        .reduce((s, r) => s + r.amount, 0);
    expect(fromA('principal')).toBe(40_000);
    expect(fromA('gift')).toBe(10_000);
    const now = ok<Answer>(await a.admin.get(SETTLE, q));
    const was = pick(before, sC, sA) ?? { principal: 0, gift: 0, bills: 0 };
    expect(pick(now, sC, sA)).toMatchObject({ principal: was.principal + 40_000, gift: was.gift + 10_000, bills: was.bills + 1 });
    // What C may claim is principal only.
    const c0 = before.shops.find((s) => s.shopId === sC)?.receivable ?? 0;
    expect(now.shops.find((s) => s.shopId === sC)?.receivable).toBe(c0 + 40_000);
    await expectAssetsConsistent(t, a);
  });

  it('a payment in another month counts in its own month', async () => {
    // A ledger row dated last year (as a bill of a past month would be).
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.execute(
        sql`update ${cardLedger} set at = at - interval '1 year' where doc_type = 'card.consume' and bill_id = (select max(bill_id) from card_ledger where doc_type = 'card.consume')`,
      ),
    );
    const lastYear = `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
    const old = ok<Answer>(await a.admin.get(SETTLE, { from: lastYear, to: lastYear }));
    expect(old.rows.map((r) => [r.month, r.servingShopId, r.holdingShopId, r.principal, r.gift])).toEqual([
      [lastYear, sC, sA, 40_000, 10_000],
    ]);
    const current = ok<Answer>(await a.admin.get(SETTLE, q));
    expect(pick(current, sC, sA)).toBeUndefined();
  });

  it('400 for months out of order or too many, 401, 403 without the right or for another shop, 404 for another tenant’s shop', async () => {
    const backwards = await a.admin.get(SETTLE, { from: '2026-05', to: '2026-04' }, EN);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.[0]).toMatchObject({ path: 'to', message: expect.stringMatching(/at most 24 months/) });
    expect((await a.admin.get(SETTLE, { from: '2024-01', to: '2026-01' })).status).toBe(400);
    expect((await a.admin.get(SETTLE, { from: '2026-13', to: '2026-12' })).status).toBe(400);
    expect((await t.client().get(SETTLE, q)).status).toBe(401);
    const nobody = await createLimitedUser(t, a, { perms: ['members.member.view'] });
    expect((await nobody.client.get(SETTLE, q)).status).toBe(403);
    const [theirShop] = await shopIds(t, b);
    expect((await a.admin.get(SETTLE, { ...q, shopId: theirShop })).status).toBe(404);
    // Another tenant sees none of these payments.
    expect(ok<Answer>(await b.admin.get(SETTLE, q)).rows).toEqual([]);
    // A user of shop C: only rows touching C, and not B's shop filter.
    const clerk = await createLimitedUser(t, a, { perms: ['assets.card.view'], managerShops: [sC] });
    expect((await clerk.client.get(SETTLE, { ...q, shopId: sB })).status).toBe(403);
    const mine = ok<Answer>(await clerk.client.get(SETTLE, { from: `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`, to: month }));
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((r) => r.servingShopId === sC || r.holdingShopId === sC)).toBe(true);
    expect(mine.shops.map((s) => s.shopId)).toEqual([sC]);
  });
});
