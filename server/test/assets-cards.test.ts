import { CARD_RECORD_PATHS } from '@headoffice/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { bucketsOf, expectAssetsConsistent, key, makeCardType, makeMember, ok, openCardFor, shopIds } from './assets-support.js';
import { build } from './helpers.js';
import { tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };

describe('member cards: open, recharge, pay, adjust, revoke, ledger', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2, s3] = await shopIds(t, a);
  const [bShop] = await shopIds(t, b);

  afterEach(async () => {
    await expectAssetsConsistent(t, a);
    await expectAssetsConsistent(t, b);
  });

  const open = (body: { shopId: number; amount: number; [field: string]: unknown }, headers: Record<string, string> = key()) =>
    openCardFor(a, body, headers);

  it('opens a card: the amount is principal at the shop, the gift is the opening gift plus the one rule that applies', async () => {
    const type = await makeCardType(t, a, {
      shops: [s1],
      openAmount: 100_000,
      openGift: 5000,
      rules: [
        [1, 100_000, 1, 20_000],
        [3, 200_000, 2, 1500],
      ],
    });
    const m = await makeMember(t, a, s1);
    const bill = ok(await open({ memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 200_000 }));
    expect(bill).toMatchObject({ kind: 'open', principalBefore: 0, giftBefore: 0, principalChange: 200_000, giftChange: 5000 + 30_000 });
    expect(bill.rows).toEqual([
      { shopId: s1, bucket: 'gift', amount: 35_000, balance: 35_000 },
      { shopId: s1, bucket: 'principal', amount: 200_000, balance: 200_000 },
    ]);
    const assets = ok(await a.admin.get('/api-member/membercard/assets', { memberId: m.id }));
    expect(assets).toMatchObject({ principal: 200_000, gift: 35_000 });
    expect(assets.cards).toHaveLength(1);
    expect(assets.cards[0]).toMatchObject({
      cardNo: bill.cardNo,
      serviceDiscount: 8500,
      productDiscount: 9000,
      principal: 200_000,
      gift: 35_000,
      buckets: [{ shopId: s1, principal: 200_000, gift: 35_000 }],
    });
    // A typed card number is kept; the same number again is a conflict.
    const typed = ok(await open({ memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 100_000, cardNo: 'VIP-0001' }));
    expect(typed.cardNo).toBe('VIP-0001');
    expect(typed.giftChange).toBe(25_000);
    const again = await open({ memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 100_000, cardNo: 'VIP-0001' });
    expect(again.status).toBe(409);
    expect(again.body.resp_msg).toBe('卡号 VIP-0001 已被使用');
  });

  it("opens a card as the till sells one: paid with the shop's pay types adding up to the amount, credited to its sellers", async () => {
    const type = await makeCardType(t, a, { shops: [s1, s2], rules: [[1, 100_000, 1, 20_000]] });
    const m = await makeMember(t, a, s1);
    const { staff } = await tillFixture(t, a, s1);
    const setup = ok(await a.admin.get('/api-cashier/checkout/setup', { shopid: s1 }));
    const payOf = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId as number;
    const body = {
      memberId: m.id,
      cardTypeId: type.id,
      shopId: s1,
      amount: 100_000,
      pays: [
        { payTypeId: payOf('01'), amount: 60_000 },
        { payTypeId: payOf('23'), amount: 40_000 },
      ],
      yjs: [
        { employeeId: staff[0].id, station: 1, appointed: true },
        { employeeId: staff[1].id, station: 2, appointed: false },
      ],
    };
    const opened = ok(await a.admin.post('/api-member/membercard/open', body, key()));
    expect(opened).toMatchObject({ kind: 'open', principalChange: 100_000, giftChange: 20_000 });
    // The till's card bill of the shop holds the payments and the performance, as a card sold at the till.
    const list = ok(await a.admin.get(CARD_RECORD_PATHS.list, { shopid: s1, keyword: m.name }));
    expect(list.list).toHaveLength(1);
    const bill = ok(await a.admin.get(CARD_RECORD_PATHS.detail(list.list[0].id)));
    expect(bill).toMatchObject({ memberId: m.id, amount: 100_000, state: 'settled' });
    expect(bill.payments.map((p: { payCode: string; amount: number }) => [p.payCode, p.amount])).toEqual([
      ['01', 60_000],
      ['23', 40_000],
    ]);
    expect(bill.cards).toEqual([expect.objectContaining({ cardId: opened.cardId, isOpen: 1, amount: 100_000, gift: 20_000 })]);
    const perf = bill.perf.map((p: { employeeId: number; station: number; amount: number }) => [p.employeeId, p.station, p.amount]);
    expect(perf).toEqual(
      expect.arrayContaining([
        [staff[0].id, 1, expect.any(Number)],
        [staff[1].id, 2, expect.any(Number)],
      ]),
    );
    expect(perf.every(([, , amount]: number[]) => amount > 0)).toBe(true);

    // Payments that do not add up to the amount are refused, naming them, and nothing is opened.
    const short = await a.admin.post('/api-member/membercard/open', { ...body, pays: [{ payTypeId: payOf('01'), amount: 99_999 }] }, EN);
    expect(short.status).toBe(400);
    expect(short.body.errors?.[0].path).toBe('pays');
    expect(short.body.errors?.[0].message).toBe('Payments total ¥999.99, the cards come to ¥1,000.00');
    const none = await a.admin.post('/api-member/membercard/open', { ...body, pays: [] }, key());
    expect(none.status).toBe(400);
    expect(ok(await a.admin.get('/api-member/membercard/assets', { memberId: m.id })).cards).toHaveLength(1);

    // Without the right 403; another tenant's member 404; a user of one shop neither sells at another nor to its member.
    const clerk = await createLimitedUser(t, a, { perms: ['assets.card.view'], managerShops: [s1] });
    expect((await clerk.client.post('/api-member/membercard/open', body, key())).status).toBe(403);
    expect((await b.admin.post('/api-member/membercard/open', { ...body, shopId: bShop, pays: [] }, key())).status).toBe(404);
    const seller = await createLimitedUser(t, a, { perms: ['assets.card.open', 'assets.card.view'], managerShops: [s1] });
    expect((await seller.client.post('/api-member/membercard/open', { ...body, shopId: s2 }, key())).status).toBe(403);
    const elsewhere = await makeMember(t, a, s2);
    expect((await seller.client.post('/api-member/membercard/open', { ...body, memberId: elsewhere.id }, key())).status).toBe(404);
    expect(ok(await seller.client.post('/api-member/membercard/open', body, key())).principalChange).toBe(100_000);
  });

  it('refuses opening where the type is not sold, below its amount, for an unknown member, without the right', async () => {
    const type = await makeCardType(t, a, { shops: [s1], openAmount: 50_000 });
    const m = await makeMember(t, a, s1);
    const notSold = await open({ memberId: m.id, cardTypeId: type.id, shopId: s2, amount: 50_000 });
    expect(notSold.status).toBe(409);
    expect(notSold.body.resp_msg).toBe(`「${type.name}」在本店未上架或已停售`);
    const below = await open({ memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 49_999 }, EN);
    expect(below.status).toBe(400);
    expect(below.body.resp_msg).toBe('The opening amount cannot be below ¥500.00');
    const bad = await open({ memberId: m.id, cardTypeId: type.id, shopId: s1, amount: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].path).toBe('amount');
    const otherTenant = await b.admin.post('/api-member/membercard/open', {
      memberId: m.id,
      cardTypeId: type.id,
      shopId: bShop,
      amount: 50_000,
    });
    expect(otherTenant.status).toBe(404);
    expect((await t.client().post('/api-member/membercard/open', {})).status).toBe(401);
    const clerk = await createLimitedUser(t, a, { perms: ['assets.card.view'], managerShops: [s1] });
    expect(
      (await clerk.client.post('/api-member/membercard/open', { memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 50_000 })).status,
    ).toBe(403);
  });

  it('recharges with the recharge rule, not below the lowest recharge, at another shop only when the card system allows it', async () => {
    const type = await makeCardType(t, a, {
      shops: [s1, s2],
      minRecharge: 10_000,
      otherShopRecharge: false,
      rules: [[2, 50_000, 2, 1000]],
    });
    const m = await makeMember(t, a, s1);
    const card = ok(await open({ memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 0 }));
    const low = await a.admin.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s1, amount: 9999 }, key());
    expect(low.status).toBe(400);
    expect(low.body.resp_msg).toBe('充值金额不能低于最低充值 ¥100.00');
    const r = ok(await a.admin.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s1, amount: 60_000 }, key()));
    expect(r).toMatchObject({ kind: 'recharge', principalChange: 60_000, giftChange: 6000, principalAfter: 60_000, giftAfter: 6000 });
    const elsewhere = await a.admin.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s2, amount: 60_000 }, key());
    expect(elsewhere.status).toBe(409);
    expect(await bucketsOf(t, a, card.cardId)).toEqual({ [`${s1}:principal`]: 60_000, [`${s1}:gift`]: 6000 });
  });

  it('the same recharge sent twice with one Idempotency-Key posts once and answers the same', async () => {
    const type = await makeCardType(t, a, { shops: [s1] });
    const m = await makeMember(t, a, s1);
    const card = ok(await open({ memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 1000 }));
    const headers = key();
    const body = { cardId: card.cardId, shopId: s1, amount: 5000 };
    const [x, y] = await Promise.all([
      a.admin.post('/api-member/membercard/recharge', body, headers),
      a.admin.post('/api-member/membercard/recharge', body, headers),
    ]);
    expect(ok(x)).toEqual(ok(y));
    expect([x.headers['idempotent-replayed'], y.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    const records = ok(await a.admin.post('/api-member/chainmember/queryCardRecords', { cardId: card.cardId, kind: 'recharge' }));
    expect(records.list).toHaveLength(1);
    expect(records.list[0]).toMatchObject({ kind: 'recharge', amount: 5000, balanceBefore: 1000, balance: 6000 });
    const differs = await a.admin.post('/api-member/membercard/recharge', { ...body, amount: 5001 }, headers);
    expect(differs.status).toBe(422);
    expect(await bucketsOf(t, a, card.cardId)).toEqual({ [`${s1}:principal`]: 6000 });
  });

  it('pays proportionally: gift = round(amount × gift / total), the last cent to principal; this shop first', async () => {
    const type = await makeCardType(t, a, { shops: [s1, s2] });
    const m = await makeMember(t, a, s1);
    const card = ok(await open({ memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 0 }));
    ok(
      await a.admin.post(
        '/api-member/chainmember/updateCardmoney',
        { cardId: card.cardId, buckets: [{ shopId: s1, principal: 200, gift: 100 }], reason: '期初' },
        key(),
      ),
    );
    const pay = ok(await a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s1, amount: 100 }, key()));
    // 100 × 100 / 300 = 33.33 → 33 gift, 67 principal
    expect(pay).toMatchObject({ principalChange: -67, giftChange: -33, principalAfter: 133, giftAfter: 67 });
    const half = ok(await a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s1, amount: 3 }, key()));
    // 3 × 67 / 200 = 1.005 → 1 gift
    expect(half).toMatchObject({ principalChange: -2, giftChange: -1 });
    expect(m.id).toBeGreaterThan(0);
  });

  it("takes this shop's buckets first, then other shops' oldest first, only for the money another shop may take", async () => {
    const type = await makeCardType(t, a, { shops: [s1, s2, s3], paySplit: 'principalFirst', otherShopMoney: ['principal'] });
    const m = await makeMember(t, a, s1);
    const card = ok(await open({ memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 1000 }));
    ok(await a.admin.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s2, amount: 500 }, key()));
    ok(
      await a.admin.post(
        '/api-member/chainmember/updateCardmoney',
        {
          cardId: card.cardId,
          buckets: [
            { shopId: s1, principal: 1000, gift: 300 },
            { shopId: s3, principal: 200, gift: 0 },
          ],
          reason: '补录',
        },
        key(),
      ),
    );
    // At s3: its own 200 principal, then s1's (oldest) 1000, then s2's; gift of other shops may not be taken.
    const pay = ok(await a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s3, amount: 1500 }, key()));
    expect(pay.rows).toEqual([
      { shopId: s1, bucket: 'principal', amount: -1000, balance: 0 },
      { shopId: s2, bucket: 'principal', amount: -300, balance: 200 },
      { shopId: s3, bucket: 'principal', amount: -200, balance: 0 },
    ]);
    const short = await a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s3, amount: 201 }, key());
    expect(short.status).toBe(409);
    expect(short.body.resp_msg).toBe('卡内余额不足：可用 ¥2.00，需要 ¥2.01');
    // At s1 its own gift may pay.
    const giftFirstShop = ok(await a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s1, amount: 450 }, key()));
    expect(giftFirstShop).toMatchObject({ principalChange: -200, giftChange: -250 });
  });

  it('gift first, and refusals for a frozen member, a closed card', async () => {
    const type = await makeCardType(t, a, { shops: [s1], paySplit: 'giftFirst', openGift: 300 });
    const m = await makeMember(t, a, s1);
    const card = ok(await open({ memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 1000 }));
    const pay = ok(await a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s1, amount: 500 }, key()));
    expect(pay).toMatchObject({ principalChange: -200, giftChange: -300 });
    const { inTenant } = await import('../src/platform/tenancy.js');
    const { members, memberCards } = await import('../src/db/schema.js');
    const { eq } = await import('drizzle-orm');
    await inTenant(t.database.db, a.tenantId, (tx) => tx.update(members).set({ status: 2 }).where(eq(members.id, m.id)));
    const frozen = await a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s1, amount: 1 }, key());
    expect(frozen.status).toBe(409);
    expect(frozen.body.resp_msg).toBe('会员已冻结，不能用卡支付');
    await inTenant(t.database.db, a.tenantId, (tx) => tx.update(members).set({ status: 1 }).where(eq(members.id, m.id)));
    await inTenant(t.database.db, a.tenantId, (tx) => tx.update(memberCards).set({ status: 2 }).where(eq(memberCards.id, card.cardId)));
    const closed = await a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s1, amount: 1 }, key());
    expect(closed.status).toBe(409);
    expect(closed.body.resp_msg).toBe(`会员卡 ${card.cardNo} 已关闭`);
  });

  it('adjusts per bucket with a reason and its own right; refuses no change and below zero', async () => {
    const type = await makeCardType(t, a, { shops: [s1] });
    const m = await makeMember(t, a, s1);
    const card = ok(await open({ memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 1000 }));
    const url = '/api-member/chainmember/updateCardmoney';
    const adjusted = ok(
      await a.admin.post(url, { cardId: card.cardId, buckets: [{ shopId: s1, principal: 800, gift: 50 }], reason: '录入错误' }, key()),
    );
    expect(adjusted).toMatchObject({ kind: 'adjust', principalChange: -200, giftChange: 50, principalAfter: 800, giftAfter: 50 });
    const same = await a.admin.post(
      url,
      { cardId: card.cardId, buckets: [{ shopId: s1, principal: 800, gift: 50 }], reason: '再调' },
      key(),
    );
    expect(same.status).toBe(409);
    expect(same.body.resp_msg).toBe('余额没有变化');
    const negative = await a.admin.post(
      url,
      { cardId: card.cardId, buckets: [{ shopId: s1, principal: -1, gift: 0 }], reason: 'x' },
      key(),
    );
    expect(negative.status).toBe(400);
    const noReason = await a.admin.post(url, { cardId: card.cardId, buckets: [{ shopId: s1, principal: 1, gift: 0 }], reason: ' ' }, key());
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.[0].path).toBe('reason');
    const other = await b.admin.post(url, { cardId: card.cardId, buckets: [{ shopId: bShop, principal: 1, gift: 0 }], reason: 'x' }, key());
    expect(other.status).toBe(404);
    const viewer = await createLimitedUser(t, a, { perms: ['assets.card.view', 'assets.card.recharge'] });
    expect(
      (await viewer.client.post(url, { cardId: card.cardId, buckets: [{ shopId: s1, principal: 1, gift: 0 }], reason: 'x' })).status,
    ).toBe(403);
    const records = ok(await a.admin.post('/api-member/chainmember/queryCardRecords', { cardId: card.cardId, kind: 'adjust' }));
    expect(records.list.map((r: any) => [r.bucket, r.amount, r.memo])).toEqual([
      ['principal', -200, '录入错误'],
      ['gift', 50, '录入错误'],
    ]);
  });

  it('revokes a bill by reversing its rows exactly, once; a spent recharge cannot be revoked', async () => {
    const type = await makeCardType(t, a, { shops: [s1], rules: [[2, 1, 1, 100]] });
    const m = await makeMember(t, a, s1);
    const card = ok(await open({ memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 1000 }));
    const top = ok(await a.admin.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s1, amount: 500 }, key()));
    const pay = ok(await a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s1, amount: 400 }, key()));
    const undo = ok(await a.admin.post('/api-member/membercard/revoke', { billId: pay.billId, memo: '收错' }, key()));
    expect(undo.rows.map((r: any) => r.amount).sort()).toEqual(pay.rows.map((r: any) => -r.amount).sort());
    const twice = await a.admin.post('/api-member/membercard/revoke', { billId: pay.billId, memo: '收错' }, key());
    expect(twice.status).toBe(409);
    expect(await bucketsOf(t, a, card.cardId)).toEqual({ [`${s1}:principal`]: 1500, [`${s1}:gift`]: 100 });
    ok(await a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s1, amount: 1500 }, key()));
    const spent = await a.admin.post('/api-member/membercard/revoke', { billId: top.billId, memo: '退' }, key());
    expect(spent.status).toBe(409);
    const records = ok(await a.admin.post('/api-member/chainmember/queryCardRecords', { cardId: card.cardId, kind: 'revoke' }));
    expect(records.list.every((r: any) => r.kind === 'revoke' && r.memo === '收错')).toBe(true);
    expect((await b.admin.post('/api-member/membercard/revoke', { billId: top.billId, memo: 'x' }, key())).status).toBe(404);
  });

  it('a user limited to one shop works at that shop only and sees its ledger rows only', async () => {
    const type = await makeCardType(t, a, { shops: [s1, s2] });
    const m = await makeMember(t, a, s1);
    const card = ok(await open({ memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 1000 }));
    ok(await a.admin.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s2, amount: 700 }, key()));
    const clerk = await createLimitedUser(t, a, {
      perms: ['assets.card.view', 'assets.card.recharge', 'assets.card.consume', 'assets.card.open'],
      managerShops: [s1],
    });
    expect((await clerk.client.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s2, amount: 1 })).status).toBe(403);
    expect((await clerk.client.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s2, amount: 1 })).status).toBe(403);
    ok(await clerk.client.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s1, amount: 1 }));
    const rows = ok(await clerk.client.post('/api-member/chainmember/queryCardRecords', { cardId: card.cardId }));
    expect(rows.list.length).toBeGreaterThan(0);
    expect(rows.list.every((r: any) => r.shopId === s1)).toBe(true);
    const stranger = await makeMember(t, a, s2);
    expect((await clerk.client.get('/api-member/membercard/assets', { memberId: stranger.id })).status).toBe(404);
    expect(
      (await clerk.client.post('/api-member/membercard/open', { memberId: stranger.id, cardTypeId: type.id, shopId: s1, amount: 0 }))
        .status,
    ).toBe(404);
  });

  it('finds a member by a card number at the front desk: its holder chain-wide, beside what the keyword finds in the shop', async () => {
    const type = await makeCardType(t, a, { shops: [s1, s2] });
    const holder = await makeMember(t, a, s2);
    const typed = `${Date.now() % 100_000_000}`.padStart(8, '7');
    ok(await open({ memberId: holder.id, cardTypeId: type.id, shopId: s2, amount: 0, cardNo: typed }));
    const auto = ok(await open({ memberId: holder.id, cardTypeId: type.id, shopId: s2, amount: 0 }));
    const list = (keyword: string, client = a.admin) => client.get('/api-member/chainmember/pageChainMembers', { keyword });
    for (const keyword of [typed, auto.cardNo, auto.cardNo.toLowerCase()])
      expect(ok(await list(keyword)).list.map((m: any) => m.id)).toEqual([holder.id]);
    // A clerk of another shop reads the card and finds its holder; the holder's mobile tail alone finds nobody in the clerk's shop.
    const clerk = await createLimitedUser(t, a, { perms: ['members.member.view'], managerShops: [s1] });
    expect(ok(await list(typed, clerk.client)).list.map((m: any) => m.id)).toEqual([holder.id]);
    expect(ok(await list(holder.mobile.slice(-4), clerk.client)).list.map((m: any) => m.id)).not.toContain(holder.id);
    // Another tenant's card number finds nothing.
    expect(ok(await b.admin.get('/api-member/chainmember/pageChainMembers', { keyword: typed })).list).toEqual([]);
  });

  it('lists the ledger paged with filters', async () => {
    const type = await makeCardType(t, a, { shops: [s1] });
    const m = await makeMember(t, a, s1);
    const card = ok(await open({ memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 100 }));
    for (let i = 0; i < 3; i++)
      ok(await a.admin.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s1, amount: 10 }, key()));
    const page = ok(await a.admin.post('/api-member/chainmember/queryCardRecords', { memberId: m.id, pageSize: 2 }));
    expect(page.total).toBe(4);
    expect(page.list).toHaveLength(2);
    expect(page.list[0]).toMatchObject({ memberId: m.id, memberName: m.name, kind: 'recharge', balance: 130, balanceBefore: 120 });
    const bad = await a.admin.post('/api-member/chainmember/queryCardRecords', { kind: 'nope' });
    expect(bad.status).toBe(400);
    const none = ok(await b.admin.post('/api-member/chainmember/queryCardRecords', { cardId: card.cardId }));
    expect(none.total).toBe(0);
  });
});
