import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  brands,
  cardSystems,
  cardTypes,
  memberCoupons,
  servicePackageItems,
  servicePackageShops,
  servicePackages,
} from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { bucketsOf, makeCardType, makeMember, uniq } from './assets-support.js';
import { build } from './helpers.js';
import { expectTillConsistent, key, memberWithCard, ok, shopIds, tillFixture } from './till-support.js';

const P = '/api-cashier';
const A = '/api-chain/mktactivinfo';
const LIST = '/api-member/membercoupon/list';
const FOREVER = { startDate: '2020-01-01', endDate: '2099-12-31' };

type Item = {
  id: number;
  kind: string;
  code: string;
  state: string;
  source: string;
  issuedBillNo: string | null;
  withdrawReason: string | null;
};

describe('marketing activities give coupons and red envelopes at the till, and take them back', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [s1, s2] = await shopIds(t, a);
  const fx = await tillFixture(t, a, s1, { servicePrice: 10_000, productPrice: 5_000 });
  const staff = [{ employeeId: fx.staff[0].id, station: 1, appointed: true }];
  const type = await makeCardType(t, a, { shops: [s1, s2] });
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const cashId = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;
  const coupon = ok(
    await a.admin.post('/api-chain/couponinfo/add', {
      code: `YHQ${uniq()}`,
      name: '满100减20',
      couponType: 1,
      value: 2_000,
      validDays: 30,
    }),
  );
  const envelope = ok(
    await a.admin.post('/api-chain/redenvelopeinfo', { code: `HB${uniq()}`, name: '充值红包', money: 5_000, manyTimes: 1, validDays: 90 }),
  );
  const [pkg] = await inTenant(t.database.db, a.tenantId, async (tx) => {
    const rows = await tx
      .insert(servicePackages)
      .values({ tenantId: a.tenantId, code: `TC${uniq()}`, name: '护理套餐', price: 30_000 })
      .returning({ id: servicePackages.id });
    await tx
      .insert(servicePackageItems)
      .values({ tenantId: a.tenantId, packageId: rows[0].id, serviceId: fx.service.id, quantity: 3, amount: 30_000, sort: 1 });
    await tx.insert(servicePackageShops).values({ tenantId: a.tenantId, packageId: rows[0].id, shopId: s1 });
    return rows;
  });
  const giftsOf = (n = 1) => [
    { type: 'coupon', id: coupon.id, count: 2 * n },
    { type: 'redEnvelope', id: envelope.id, count: n },
  ];

  /** Ends every activity not ended (the demo's own included), so that each test sees only its own. */
  const endAll = async () => {
    for (const x of ok(await a.admin.get(`${A}/list/all`)) as { id: number; status: number }[])
      ok(await a.admin.post(`${A}/updateStatus`, { id: x.id, status: 4 }));
  };
  await endAll();
  afterEach(endAll);

  /** Saves an activity and starts it (status 2) unless told otherwise. */
  const activity = async (over: Record<string, unknown>, status = 2) => {
    const saved = ok(
      await a.admin.post(`${A}/saveMktactiv`, { name: `活动${uniq()}`, kind: 2, ...FOREVER, shopIds: [s1], rules: [], ...over }),
    );
    if (status !== 1) ok(await a.admin.post(`${A}/updateStatus`, { id: saved.id, status: 2 }));
    if (status === 3) ok(await a.admin.post(`${A}/updateStatus`, { id: saved.id, status: 3 }));
    return saved as { id: number; name: string };
  };
  const recharge = (amount: number, gifts = giftsOf(), cumulative = false) => ({
    condition: { type: 'recharge', amount, cumulative },
    gifts,
  });

  /** A bill of the member at the shop with these lines, settled in cash. */
  const bill = async (memberId: number, lines: Record<string, unknown>[], shopId = s1) => {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId, memberId }));
    const priced = ok(await a.admin.post(`${P}/checkout/lines`, { id: opened.id, version: opened.version, lines }));
    return ok(
      await a.admin.post(
        `${P}/checkout/settle`,
        { id: priced.id, version: priced.version, payments: [{ payTypeId: cashId, amount: priced.amount }] },
        key(),
      ),
    );
  };
  const rechargeLine = (cardId: number, amount: number) => ({ kind: 'cardRecharge', itemId: cardId, num: 1, amount, staff });
  const serviceLine = { kind: 'service', itemId: fx.service.id, num: 1, staff };
  const productLine = { kind: 'product', itemId: fx.product.id, num: 1, staff };
  /** A bill of the member for one service, paid with the member's coupon or red envelope and the rest in cash. */
  const payWith = async (memberId: number, itemId: number, amount: number) => {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1, memberId }));
    const priced = ok(await a.admin.post(`${P}/checkout/lines`, { id: opened.id, version: opened.version, lines: [serviceLine] }));
    const payments = [
      { memberCouponId: itemId, amount },
      { payTypeId: cashId, amount: priced.amount - amount },
    ];
    return ok(await a.admin.post(`${P}/checkout/settle`, { id: priced.id, version: priced.version, payments }, key()));
  };
  const itemsOf = async (memberId: number) => ok(await a.admin.get(LIST, { memid: memberId })) as Item[];
  const revoke = (id: number, hcMemo = '录错') => a.admin.post(`${P}/servicerecords/chain/revoke`, { id, hcMemo });

  it('a recharge gives 2 coupons and a red envelope, listed on the member with the activity and the bill; below the amount nothing', async () => {
    const act = await activity({ useShopType: 2, rules: [recharge(50_000)] });
    const { member, cardId } = await memberWithCard(t, a, s1, 10_000);
    const small = await bill(member.id, [rechargeLine(cardId, 40_000)]);
    expect(small.gifts).toEqual([]);
    const settled = await bill(member.id, [rechargeLine(cardId, 50_000)]);
    expect(settled.gifts).toHaveLength(3);
    const items = await itemsOf(member.id);
    expect(items.map((i) => [i.kind, i.state, i.source])).toEqual([
      ['coupon', 'unused', 'activity'],
      ['coupon', 'unused', 'activity'],
      ['redEnvelope', 'unused', 'activity'],
    ]);
    expect(items[0]).toMatchObject({
      definitionId: coupon.id,
      faceValue: 2_000,
      activityId: act.id,
      activityName: act.name,
      issuedBillId: settled.id,
      issuedBillNo: settled.billNo,
      shopId: s1,
      usableShopId: s1,
    });
    expect(items[2]).toMatchObject({ definitionId: envelope.id, faceValue: 5_000, issuedBillNo: settled.billNo });
    expect(settled.gifts.map((g: Item) => g.id)).toEqual(items.map((i) => i.id));
    // The detail of head office shows them too.
    const detail = ok(await a.admin.get(`${P}/servicerecords/detail/${settled.id}`));
    expect(detail.gifts.map((g: Item) => g.code)).toEqual(items.map((i) => i.code));
  });

  it('gives nothing outside the dates, at a shop not in the activity, while paused or not started; a walk-in gets nothing', async () => {
    await activity({ startDate: '2020-01-01', endDate: '2020-12-31', rules: [recharge(100)] });
    await activity({ shopIds: [s2], rules: [recharge(100)] });
    await activity({ rules: [recharge(100)] }, 3);
    await activity({ rules: [recharge(100)] }, 1);
    const { member, cardId } = await memberWithCard(t, a, s1, 10_000);
    expect((await bill(member.id, [rechargeLine(cardId, 50_000)])).gifts).toEqual([]);
    // At s2 the second one applies (the card type is sold there too).
    expect((await bill(member.id, [rechargeLine(cardId, 50_000)], s2)).gifts).toHaveLength(3);
    // A kind 4 activity: a walk-in's bill meets it but has no one to give to.
    await activity({ kind: 4, rules: [{ condition: { type: 'spend', amount: 100 }, gifts: giftsOf() }] });
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1 }));
    const priced = ok(await a.admin.post(`${P}/checkout/lines`, { id: opened.id, version: opened.version, lines: [serviceLine] }));
    const walkIn = ok(
      await a.admin.post(
        `${P}/checkout/settle`,
        { id: priced.id, version: priced.version, payments: [{ payTypeId: cashId, amount: priced.amount }] },
        key(),
      ),
    );
    expect(walkIn.gifts).toEqual([]);
  });

  it('timesPerMember 1: the second bill gets nothing; once the first is revoked (撤单) the member may take part again', async () => {
    // Cards open before the activity starts: opening one in head office is a card sale the activity would count.
    const { member, cardId } = await memberWithCard(t, a, s1, 10_000);
    const other = await memberWithCard(t, a, s1, 10_000);
    await activity({ timesPerMember: 1, rules: [recharge(10_000)] });
    const first = await bill(member.id, [rechargeLine(cardId, 10_000)]);
    expect(first.gifts).toHaveLength(3);
    expect((await bill(member.id, [rechargeLine(cardId, 10_000)])).gifts).toEqual([]);
    // Another member is not limited by the first one's.
    expect((await bill(other.member.id, [rechargeLine(other.cardId, 10_000)])).gifts).toHaveLength(3);
    ok(await revoke(first.id));
    expect((await bill(member.id, [rechargeLine(cardId, 10_000)])).gifts).toHaveLength(3);
  });

  it('by priority: a non-combinable activity first applies alone; otherwise every combinable one applies', async () => {
    const solo = await activity({ priority: 10, combinable: 0, rules: [recharge(100, [{ type: 'coupon', id: coupon.id, count: 1 }])] });
    const withA = await activity({
      priority: 5,
      combinable: 1,
      rules: [recharge(100, [{ type: 'redEnvelope', id: envelope.id, count: 1 }])],
    });
    const withB = await activity({ priority: 1, combinable: 1, rules: [recharge(100, [{ type: 'coupon', id: coupon.id, count: 3 }])] });
    const lowSolo = await activity({ priority: 0, combinable: 0, rules: [recharge(100, [{ type: 'coupon', id: coupon.id, count: 5 }])] });
    const { member, cardId } = await memberWithCard(t, a, s1, 10_000);
    const first = await bill(member.id, [rechargeLine(cardId, 10_000)]);
    expect(first.gifts.map((g: { activityId: number }) => g.activityId)).toEqual([solo.id]);
    ok(await a.admin.post(`${A}/updateStatus`, { id: solo.id, status: 3 }));
    const second = await bill(member.id, [rechargeLine(cardId, 10_000)]);
    const byActivity = (gifts: { activityId: number }[]) => gifts.map((g) => g.activityId);
    expect(byActivity(second.gifts)).toEqual([withA.id, withB.id, withB.id, withB.id]);
    expect(byActivity(second.gifts)).not.toContain(lowSolo.id);
  });

  it('cumulative recharge: gives once, on the bill whose card money in the period crosses the amount', async () => {
    // Cards opened empty: an opening counts in the period's card money too.
    const { member, cardId } = await memberWithCard(t, a, s1, 0);
    const other = await memberWithCard(t, a, s1, 0);
    await activity({ rules: [recharge(100_000, giftsOf(), true)] });
    const given = [];
    for (const amount of [40_000, 50_000, 20_000, 30_000]) given.push((await bill(member.id, [rechargeLine(cardId, amount)])).gifts.length);
    expect(given).toEqual([0, 0, 3, 0]);
    // Recharges at a shop not in the activity do not count.
    expect((await bill(other.member.id, [rechargeLine(other.cardId, 90_000)], s2)).gifts).toEqual([]);
    expect((await bill(other.member.id, [rechargeLine(other.cardId, 20_000)])).gifts).toEqual([]);
  });

  it("firstCard: the member's first card of the card type's brand (any card when the brand is unknown)", async () => {
    await activity({ rules: [{ condition: { type: 'firstCard' }, gifts: [{ type: 'redEnvelope', id: envelope.id, count: 1 }] }] });
    const open = (typeId: number, amount = 10_000) => ({ kind: 'cardOpen', itemId: typeId, num: 1, amount, staff });
    const member = await makeMember(t, a, s1);
    // An opening revoked (撤单: its card closed, its gift withdrawn) is no earlier card: opened again, the gift comes again.
    const mistaken = await bill(member.id, [open(type.id)]);
    expect(mistaken.gifts).toHaveLength(1);
    ok(await revoke(mistaken.id));
    expect((await bill(member.id, [open(type.id)])).gifts).toHaveLength(1);
    expect((await bill(member.id, [open(type.id)])).gifts).toEqual([]);
    // Two card types of two brands: a member holding a card of brand 1 opens their first of brand 2.
    const [b1, b2] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .insert(brands)
        .values([1, 2].map((n) => ({ tenantId: a.tenantId, code: `B${uniq()}`, name: `品牌${n}${uniq()}` })))
        .returning(),
    );
    const branded = async (brandId: number) => {
      const made = await makeCardType(t, a, { shops: [s1] });
      await inTenant(t.database.db, a.tenantId, async (tx) => {
        const [ct] = await tx.select().from(cardTypes).where(eq(cardTypes.id, made.id));
        await tx
          .update(cardSystems)
          .set({ brandId })
          .where(eq(cardSystems.id, ct.cardSystemId as number));
      });
      return made.id;
    };
    const one = await branded(b1.id);
    const two = await branded(b2.id);
    const holder = await makeMember(t, a, s1);
    expect((await bill(holder.id, [open(one)])).gifts).toHaveLength(1);
    expect((await bill(holder.id, [open(one)])).gifts).toEqual([]);
    expect((await bill(holder.id, [open(two)])).gifts).toHaveLength(1);
    // A card type without a brand is no one's first card once the member holds any card.
    expect((await bill(holder.id, [open(type.id)])).gifts).toEqual([]);
  });

  it('package and service-bill activities: a package sold, a bill from an amount (tiers: the highest met), a line of the services', async () => {
    const bought = await activity({
      kind: 3,
      rules: [{ condition: { type: 'package', packageId: pkg.id }, gifts: [{ type: 'coupon', id: coupon.id, count: 1 }] }],
    });
    const spend = await activity({
      kind: 4,
      rules: [
        { condition: { type: 'spend', amount: 10_000 }, gifts: [{ type: 'coupon', id: coupon.id, count: 1 }] },
        { condition: { type: 'spend', amount: 15_000 }, gifts: [{ type: 'redEnvelope', id: envelope.id, count: 2 }] },
      ],
    });
    const items = await activity({
      kind: 4,
      rules: [{ condition: { type: 'items', serviceIds: [fx.service.id] }, gifts: [{ type: 'coupon', id: coupon.id, count: 4 }] }],
    });
    const member = await makeMember(t, a, s1);
    const kinds = (gifts: { activityId: number; kind: string }[]) => gifts.map((g) => [g.activityId, g.kind]);
    // 100.00 of the service: spend's first tier and the services rule.
    expect(kinds((await bill(member.id, [serviceLine])).gifts)).toEqual([
      [spend.id, 'coupon'],
      [items.id, 'coupon'],
      [items.id, 'coupon'],
      [items.id, 'coupon'],
      [items.id, 'coupon'],
    ]);
    // 150.00 (service and product): the 150.00 tier only, and the services rule.
    const both = await bill(member.id, [serviceLine, productLine]);
    expect(kinds(both.gifts).filter(([id]) => id === spend.id)).toEqual([
      [spend.id, 'redEnvelope'],
      [spend.id, 'redEnvelope'],
    ]);
    // 50.00 of the product: nothing.
    expect((await bill(member.id, [productLine])).gifts).toEqual([]);
    // The package (300.00): its own activity and spend's highest tier.
    const sold = await bill(member.id, [{ kind: 'package', itemId: pkg.id, num: 1, staff }]);
    expect(kinds(sold.gifts)).toEqual([
      [bought.id, 'coupon'],
      [spend.id, 'redEnvelope'],
      [spend.id, 'redEnvelope'],
    ]);
  });

  it('a disabled or ended gift definition is skipped and the settle goes through', async () => {
    const off = ok(
      await a.admin.post('/api-chain/couponinfo/add', { code: `YHQ${uniq()}`, name: '停用券', couponType: 1, value: 100, validDays: 1 }),
    );
    const ended = ok(
      await a.admin.post('/api-chain/redenvelopeinfo', {
        code: `HB${uniq()}`,
        name: '过期红包',
        money: 100,
        timeType: 1,
        startDate: '2020-01-01',
        endDate: '2020-12-31',
      }),
    );
    await activity({
      rules: [
        recharge(100, [
          { type: 'coupon', id: off.id, count: 1 },
          { type: 'redEnvelope', id: ended.id, count: 1 },
          { type: 'redEnvelope', id: envelope.id, count: 1 },
          { type: 'service', id: fx.service.id, count: 1 },
        ]),
      ],
    });
    ok(await a.admin.post('/api-chain/couponinfo/changeStatus', { ids: [off.id], status: 0 }));
    const { member, cardId } = await memberWithCard(t, a, s1, 10_000);
    const settled = await bill(member.id, [rechargeLine(cardId, 10_000)]);
    expect(settled.status).toBe(4);
    expect(settled.gifts.map((g: { definitionId: number }) => g.definitionId)).toEqual([envelope.id]);
  });

  it('撤单 withdraws the unused gifts; refused 409 while one was used, and then nothing changes', async () => {
    const { member, cardId } = await memberWithCard(t, a, s1, 10_000);
    await activity({ rules: [recharge(10_000)] });
    const settled = await bill(member.id, [rechargeLine(cardId, 20_000)]);
    ok(await revoke(settled.id));
    const items = await itemsOf(member.id);
    expect(items.map((i) => [i.state, i.withdrawReason])).toEqual(Array.from({ length: 3 }, () => ['withdrawn', `撤单 ${settled.billNo}`]));

    const again = await bill(member.id, [rechargeLine(cardId, 20_000)]);
    const [used, , envelopeItem] = again.gifts as Item[];
    // The member pays another bill with one of the gift coupons: the gifts' bill cannot be revoked now.
    const paying = await payWith(member.id, used.id, 2_000);
    const buckets = await bucketsOf(t, a, cardId);
    const refused = await revoke(again.id);
    expect(refused.status).toBe(409);
    expect(refused.body.resp_msg).toBe(`单据 ${again.billNo} 赠送的优惠券 ${used.code} 已在单据 ${paying.billNo} 使用，不能收回`);
    const en = await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: again.id, hcMemo: 'x' }, { 'accept-language': 'en-US' });
    expect(en.body.resp_msg).toBe(
      `The coupon ${used.code} given by bill ${again.billNo} was used on bill ${paying.billNo} and cannot be taken back`,
    );
    const after = ok(await a.admin.get(`${P}/servicerecords/detail/${again.id}`));
    expect(after.isHc).toBe(0);
    expect(after.gifts.map((g: Item) => g.state)).toEqual(['used', 'unused', 'unused']);
    expect(await bucketsOf(t, a, cardId)).toEqual(buckets);
    // The paying bill revoked, the coupon is unused again; the red envelope spent in part refuses it too.
    ok(await revoke(paying.id));
    const part = await payWith(member.id, envelopeItem.id, 1_000);
    expect((await revoke(again.id)).body.resp_msg).toBe(
      `单据 ${again.billNo} 赠送的红包 ${envelopeItem.code} 已在单据 ${part.billNo} 使用，不能收回`,
    );
    ok(await revoke(part.id));
    ok(await revoke(again.id));
    expect((await itemsOf(member.id)).filter((i) => i.issuedBillNo === again.billNo).map((i) => i.state)).toEqual([
      'withdrawn',
      'withdrawn',
      'withdrawn',
    ]);
    await expectTillConsistent(t, a);
  });

  it('撤销活动 on a card bill takes back its coupons even when the card got no gift money; used ones refuse it', async () => {
    const { member, cardId, cardNo } = await memberWithCard(t, a, s1, 10_000);
    await activity({ rules: [recharge(10_000)] });
    const settled = await bill(member.id, [rechargeLine(cardId, 20_000)]);
    expect(settled.cards[0].activityGift).toBe(0);
    const mkt = (id: number) => a.admin.post(`${P}/cardrecords/chain/revokeMktBill`, { id, cardno: cardNo, hcMemo: '活动作废' });
    ok(await mkt(settled.id));
    const items = await itemsOf(member.id);
    expect(items.map((i) => [i.state, i.withdrawReason])).toEqual(
      Array.from({ length: 3 }, () => ['withdrawn', `撤销活动 ${settled.billNo} 活动作废`]),
    );
    const twice = await mkt(settled.id);
    expect(twice.status).toBe(409);
    expect(twice.body.resp_msg).toBe(`卡号 ${cardNo} 的活动赠送已撤销`);
    // The bill can still be revoked: its gifts are withdrawn already.
    ok(await revoke(settled.id));

    const next = await bill(member.id, [rechargeLine(cardId, 20_000)]);
    const [used] = next.gifts as Item[];
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(memberCoupons).set({ state: 'used', usedBillId: 3, usedBillNo: 'FW-USED-3' }).where(eq(memberCoupons.id, used.id)),
    );
    const refused = await mkt(next.id);
    expect(refused.status).toBe(409);
    expect(refused.body.resp_msg).toContain('FW-USED-3');
    expect((await itemsOf(member.id)).filter((i) => i.issuedBillNo === next.billNo).map((i) => i.state)).toEqual([
      'used',
      'unused',
      'unused',
    ]);
    // A card bill with neither gift money nor coupons: nothing to take back.
    await endAll();
    const bare = await bill(member.id, [rechargeLine(cardId, 20_000)]);
    const none = await mkt(bare.id);
    expect(none.status).toBe(409);
    expect(none.body.resp_msg).toBe(`卡号 ${cardNo} 在该单没有活动赠送`);
  });
});
