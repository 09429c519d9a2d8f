import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { memberCards } from '../src/db/schema.js';
import { businessDate } from '../src/platform/numbering.js';
import { periodLocks } from '../src/platform/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { bucketsOf, expectAssetsConsistent, key, makeCardType, makeMember, ok, openCardFor, shopIds } from './assets-support.js';
import { build } from './helpers.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };

describe('direct refunds (tkhead)', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);

  afterEach(() => expectAssetsConsistent(t, a));

  /** A member with one card holding principal and gift at two shops. */
  const memberWithMoney = async () => {
    const type = await makeCardType(t, a, { shops: [s1, s2] });
    const m = await makeMember(t, a, s1);
    const card = ok(await openCardFor(a, { memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 0 }));
    ok(
      await a.admin.post(
        '/api-member/chainmember/updateCardmoney',
        {
          cardId: card.cardId,
          buckets: [
            { shopId: s1, principal: 10_000, gift: 2000 },
            { shopId: s2, principal: 5000, gift: 1000 },
          ],
          reason: '期初',
        },
        key(),
      ),
    );
    return { m, card };
  };

  it('shows the chain assets, and split by shop', async () => {
    const { m, card } = await memberWithMoney();
    const all = ok(await a.admin.get('/api-member/tkhead/getMember', { mobile: m.mobile }));
    expect(all).toMatchObject({ memberId: m.id, principal: 15_000, gift: 3000, thisShop: null });
    const diff = ok(await a.admin.get('/api-member/tkhead/getDiffMember', { mobile: m.mobile, shopid: s2 }));
    expect(diff.thisShop[0]).toMatchObject({ id: card.cardId, principal: 5000, gift: 1000 });
    expect(diff.otherShops[0]).toMatchObject({ id: card.cardId, principal: 10_000, gift: 2000 });
    expect((await a.admin.get('/api-member/tkhead/getMember', { mobile: '13000000000' })).status).toBe(404);
    expect((await b.admin.get('/api-member/tkhead/getMember', { mobile: m.mobile })).status).toBe(404);
    expect((await a.admin.get('/api-member/tkhead/getMember', { mobile: '1' })).status).toBe(400);
  });

  it('refunds principal and writes off gift per bucket with a fee, posts negative rows at once, closes the card at zero', async () => {
    const { m, card } = await memberWithMoney();
    const saved = ok(
      await a.admin.post(
        '/api-member/tkhead/saveRefund',
        {
          memid: m.id,
          cards: [
            { cardid: card.cardId, shopId: s1, tkje: 10_000, tzje: 2000 },
            { cardid: card.cardId, shopId: s2, tkje: 5000, tzje: 1000 },
          ],
          freeCard: 1500,
          autokcard: true,
          memo: '顾客搬家',
        },
        key(),
      ),
    );
    expect(saved).toMatchObject({ memberId: m.id, shopId: null, cardJe: 13_500, freeCard: 1500, totalJe: 13_500, giftWrittenOff: 3000 });
    expect(saved.lines.map((l: any) => [l.shopId, l.tkje, l.tzje, l.closed])).toEqual([
      [s1, 10_000, 2000, true],
      [s2, 5000, 1000, true],
    ]);
    expect(await bucketsOf(t, a, card.cardId)).toEqual({});
    const [row] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select({ status: memberCards.status }).from(memberCards).where(eq(memberCards.id, card.cardId)),
    );
    expect(row.status).toBe(2);
    const records = ok(await a.admin.post('/api-member/chainmember/queryCardRecords', { cardId: card.cardId, kind: 'refund' }));
    expect(records.list.map((r: any) => r.amount).sort((x: number, y: number) => x - y)).toEqual([-10_000, -5000, -2000, -1000]);
    expect(records.list.every((r: any) => r.memo === saved.billNo)).toBe(true);
    const detail = ok(await a.admin.get(`/api-member/tkhead/chain/getBill/${saved.id}`));
    expect(detail.lines).toHaveLength(2);
    const list = ok(await a.admin.get('/api-member/tkhead/chain/list', { keyword: m.mobile }));
    expect(list.list.map((r: any) => r.id)).toEqual([saved.id]);
    expect((await b.admin.get(`/api-member/tkhead/chain/getBill/${saved.id}`)).status).toBe(404);
  });

  it('refuses more than the bucket, a fee above the refund, and a shop refunding another shop’s money', async () => {
    const { m, card } = await memberWithMoney();
    const over = await a.admin.post(
      '/api-member/tkhead/saveRefund',
      { memid: m.id, cards: [{ cardid: card.cardId, shopId: s2, tkje: 5001, tzje: 0 }] },
      key(),
    );
    expect(over.status).toBe(409);
    expect(over.body.resp_msg).toBe(`会员卡 ${card.cardNo} 该门店本金不足：可退 ¥50.00`);
    const fee = await a.admin.post(
      '/api-member/tkhead/saveRefund',
      { memid: m.id, cards: [{ cardid: card.cardId, shopId: s2, tkje: 100, tzje: 0 }], freeCard: 101 },
      { ...key(), ...EN },
    );
    expect(fee.status).toBe(400);
    expect(fee.body.resp_msg).toBe('The fee must be between 0 and ¥1.00');
    const shopRefund = await a.admin.post(
      '/api-member/tkhead/saveRefund',
      { memid: m.id, shopId: s2, cards: [{ cardid: card.cardId, shopId: s1, tkje: 100, tzje: 0 }] },
      key(),
    );
    expect(shopRefund.status).toBe(409);
    const own = ok(
      await a.admin.post(
        '/api-member/tkhead/saveRefund',
        { memid: m.id, shopId: s2, cards: [{ cardid: card.cardId, shopId: s2, tkje: 100, tzje: 50 }] },
        key(),
      ),
    );
    expect(own).toMatchObject({ shopId: s2, cardJe: 100, giftWrittenOff: 50 });
    expect(ok(await a.admin.get('/api-member/tkhead', { shopid: s2 })).list.map((r: any) => r.id)).toContain(own.id);
    expect((await a.admin.post('/api-member/tkhead/saveRefund', { memid: m.id, cards: [] }, key())).status).toBe(400);
    expect(
      (
        await b.admin.post(
          '/api-member/tkhead/saveRefund',
          { memid: m.id, cards: [{ cardid: card.cardId, shopId: s1, tkje: 1, tzje: 0 }] },
          key(),
        )
      ).status,
    ).toBe(404);
    expect(await bucketsOf(t, a, card.cardId)).toEqual({
      [`${s1}:principal`]: 10_000,
      [`${s1}:gift`]: 2000,
      [`${s2}:principal`]: 4900,
      [`${s2}:gift`]: 950,
    });
  });

  it('is refused while today is in a closed period of a bucket’s shop, and nothing moves', async () => {
    const { m, card } = await memberWithMoney();
    const period = businessDate().slice(0, 7);
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.insert(periodLocks).values({ tenantId: a.tenantId, lock: 'close', kind: 'month', period, shopId: s2 }),
    );
    try {
      const refused = await a.admin.post(
        '/api-member/tkhead/saveRefund',
        { memid: m.id, cards: [{ cardid: card.cardId, shopId: s2, tkje: 100, tzje: 0 }] },
        { ...key(), ...EN },
      );
      expect(refused.status).toBe(409);
      expect(refused.body.resp_msg).toBe(`The period ${period} is closed: its bills cannot be made, changed or approved`);
      expect((await bucketsOf(t, a, card.cardId))[`${s2}:principal`]).toBe(5000);
      // the other shop's bucket is not held by that shop's close
      ok(
        await a.admin.post(
          '/api-member/tkhead/saveRefund',
          { memid: m.id, cards: [{ cardid: card.cardId, shopId: s1, tkje: 100, tzje: 0 }] },
          key(),
        ),
      );
    } finally {
      await inTenant(t.database.db, a.tenantId, (tx) => tx.update(periodLocks).set({ status: 0 }).where(eq(periodLocks.period, period)));
    }
  });

  it('a shop user refunds at their shop only and lists their shop only', async () => {
    const { m, card } = await memberWithMoney();
    const clerk = await createLimitedUser(t, a, { perms: ['assets.refund.view', 'assets.refund.edit'], managerShops: [s1] });
    const chain = await clerk.client.post('/api-member/tkhead/saveRefund', {
      memid: m.id,
      cards: [{ cardid: card.cardId, shopId: s1, tkje: 1, tzje: 0 }],
    });
    expect(chain.status).toBe(403);
    const other = await clerk.client.post('/api-member/tkhead/saveRefund', {
      memid: m.id,
      shopId: s2,
      cards: [{ cardid: card.cardId, shopId: s2, tkje: 1, tzje: 0 }],
    });
    expect(other.status).toBe(403);
    const mine = ok(
      await clerk.client.post('/api-member/tkhead/saveRefund', {
        memid: m.id,
        shopId: s1,
        cards: [{ cardid: card.cardId, shopId: s1, tkje: 1, tzje: 0 }],
      }),
    );
    const list = ok(await clerk.client.get('/api-member/tkhead/chain/list'));
    expect(list.list.every((r: any) => r.shopId === s1)).toBe(true);
    expect(list.list.map((r: any) => r.id)).toContain(mine.id);
    const viewer = await createLimitedUser(t, a, { perms: ['assets.refund.view'], managerShops: [s1] });
    expect(
      (
        await viewer.client.post('/api-member/tkhead/saveRefund', {
          memid: m.id,
          shopId: s1,
          cards: [{ cardid: card.cardId, shopId: s1, tkje: 1, tzje: 0 }],
        })
      ).status,
    ).toBe(403);
    expect((await t.client().get('/api-member/tkhead/chain/list')).status).toBe(401);
  });
});
