import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberCoupons } from '../src/db/schema.js';
import { serviceBillPerf, serviceBillShares } from '../src/modules/cashier/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeMember, uniq } from './assets-support.js';
import { build } from './helpers.js';
import { expectTillConsistent, key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const COUPONS = `${P}/checkout/coupons`;
const REVOKE = `${P}/servicerecords/chain/revoke`;

describe('paying at the till with a member’s coupons and red envelopes', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const f1 = await tillFixture(t, a, s1, { servicePrice: 10_000, productPrice: 5_000 });
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payId = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId;
  const cash = (amount: number) => ({ payTypeId: payId('01'), amount });

  const coupon = async (over: Record<string, unknown> = {}) =>
    ok(
      await a.admin.post('/api-chain/couponinfo/add', {
        code: `YHQ${uniq()}`,
        name: `代金券${uniq()}`,
        couponType: 1,
        value: 2_000,
        timeType: 2,
        validDays: 30,
        ...over,
      }),
    );
  const envelope = async (over: Record<string, unknown> = {}) =>
    ok(
      await a.admin.post('/api-chain/redenvelopeinfo', {
        code: `HB${uniq()}`,
        name: `红包${uniq()}`,
        money: 5_000,
        timeType: 2,
        validDays: 15,
        ...over,
      }),
    );
  const issue = async (memberId: number, kind: 'coupon' | 'redEnvelope', definitionId: number, count = 1) =>
    ok(await a.admin.post('/api-member/membercoupon/issue', { memberId, shopId: s1, kind, definitionId, count }, key()));
  const item = async (id: number) =>
    (await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(memberCoupons).where(eq(memberCoupons.id, id))))[0];

  /** An open bill for the member: a service (10,000) with a 指定 employee and a product (5,000). */
  const openBill = async (memberId: number, lines: 'both' | 'service' | 'product' = 'both') => {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1, memberId }));
    const service = {
      kind: 'service',
      itemId: f1.service.id,
      num: 1,
      staff: [{ employeeId: f1.staff[0].id, station: 1, appointed: true }],
    };
    const product = {
      kind: 'product',
      itemId: f1.product.id,
      num: 1,
      staff: [{ employeeId: f1.staff[1].id, station: 1, appointed: false }],
    };
    return ok(
      await a.admin.post(`${P}/checkout/lines`, {
        id: opened.id,
        version: opened.version,
        lines: lines === 'both' ? [service, product] : lines === 'service' ? [service] : [product],
      }),
    );
  };
  const settle = (bill: { id: number; version: number }, payments: unknown[]) =>
    a.admin.post(`${P}/checkout/settle`, { id: bill.id, version: bill.version, payments }, key());

  it('pays with a coupon: shares to the cent, the coupon used by the bill, its performance counted; a revoke gives it back', async () => {
    const m = await makeMember(t, a, s1);
    const [c] = await issue(m.id, 'coupon', (await coupon({ value: 2_001 })).id);
    const usable = ok(await a.admin.get(COUPONS, { memberId: m.id }));
    expect(usable.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect(usable[0]).toMatchObject({ remaining: 2_001, manyTimes: false, state: 'unused' });
    const bill = await openBill(m.id);
    const settled = ok(await settle(bill, [{ memberCouponId: c.id, amount: 2_001 }, cash(15_000 - 2_001)]));
    const pay = settled.payments.find((p: { payCode: string }) => p.payCode === '30');
    expect(pay).toMatchObject({ amount: 2_001, memberCouponId: c.id, couponCode: c.code, perf: 2_001, fee: 0 });
    for (const line of settled.lines) expect(line.paid).toBe(line.amount);
    const shares = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(serviceBillShares).where(eq(serviceBillShares.paymentId, pay.id)),
    );
    // 2,001 over 10,000 : 5,000 → 1,334 : 667.
    expect(shares.map((x) => x.amount).sort((x, y) => x - y)).toEqual([667, 1_334]);
    expect(await item(c.id)).toMatchObject({ state: 'used', remaining: 0, usedBillId: settled.id, usedBillNo: settled.billNo });
    expect(ok(await a.admin.get(COUPONS, { memberId: m.id }))).toEqual([]);
    const listed = ok(await a.admin.get('/api-member/membercoupon/list', { memid: m.id }));
    expect(listed[0]).toMatchObject({ state: 'used', usedBillNo: settled.billNo });
    // Used: another bill cannot pay with it.
    const other = await openBill(m.id);
    const again = await settle(other, [{ memberCouponId: c.id, amount: 2_001 }, cash(15_000 - 2_001)]);
    expect(again.status).toBe(409);
    expect(again.body.resp_msg).toBe(`${c.code} 已使用，不能再用于支付`);
    ok(await a.admin.post(REVOKE, { id: settled.id, hcMemo: '撤单' }));
    expect(await item(c.id)).toMatchObject({ state: 'unused', remaining: 2_001, usedBillId: null, usedBillNo: null });
    ok(await settle(other, [{ memberCouponId: c.id, amount: 2_001 }, cash(15_000 - 2_001)]));
    await expectTillConsistent(t, a);
  });

  it('a coupon pays only the kinds it is usable on, from its minimum spend; without 业绩补贴 it counts no performance', async () => {
    const m = await makeMember(t, a, s1);
    const def = await coupon({ value: 3_000, usableOn: ['product'], minSpend: 5_000, perfSubsidy: 0 });
    const [c, d] = await issue(m.id, 'coupon', def.id, 2);
    const settled = ok(await settle(await openBill(m.id), [{ memberCouponId: c.id, amount: 3_000 }, cash(12_000)]));
    const pay = settled.payments.find((p: { payCode: string }) => p.payCode === '30');
    expect(pay.perf).toBe(0);
    const shares = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(serviceBillShares).where(eq(serviceBillShares.paymentId, pay.id)),
    );
    const productLine = settled.lines.find((l: { kind: string }) => l.kind === 'product');
    expect(shares.find((x) => x.lineId === productLine.id)?.amount).toBe(3_000);
    expect(shares.filter((x) => x.lineId !== productLine.id).every((x) => x.amount === 0)).toBe(true);
    // The product's employee is credited only the cash part of the product: (5,000 − 3,000) at 100%.
    const perf = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(serviceBillPerf).where(eq(serviceBillPerf.lineId, productLine.id)),
    );
    expect(perf.reduce((s, r) => s + r.amount, 0)).toBe(2_000);
    // A bill of the service only: nothing the coupon may pay.
    const serviceOnly = await settle(await openBill(m.id, 'service'), [{ memberCouponId: d.id, amount: 3_000 }, cash(7_000)]);
    expect(serviceOnly.status).toBe(409);
    expect(serviceOnly.body.resp_msg).toBe(`「${def.name}」不能用于本单的项目`);
    // More than the product line: 400 naming what it may pay.
    const over = await settle(await openBill(m.id), [{ memberCouponId: d.id, amount: 5_001 }, cash(9_999)]);
    expect(over.status).toBe(400);
    expect(over.body.errors?.[0]).toMatchObject({ path: 'payments.0.amount', message: `${d.code} 最多可付 ¥30.00` });
    const overLines = await coupon({ value: 9_000, usableOn: ['product'] });
    const [big] = await issue(m.id, 'coupon', overLines.id);
    const beyond = await settle(await openBill(m.id), [{ memberCouponId: big.id, amount: 5_001 }, cash(9_999)]);
    expect(beyond.body.errors?.[0]).toMatchObject({
      path: 'payments.0.amount',
      message: `本单可用「${overLines.name}」的项目共 ¥50.00，券最多付这么多`,
    });
    // Below the minimum spend on the lines it may pay (a product of 5,000 is exactly the minimum: allowed above).
    const cheap = await coupon({ value: 1_000, minSpend: 15_001 });
    const [e] = await issue(m.id, 'coupon', cheap.id);
    const short = await settle(await openBill(m.id), [{ memberCouponId: e.id, amount: 1_000 }, cash(14_000)]);
    expect(short.status).toBe(409);
    expect(short.body.resp_msg).toBe(`「${cheap.name}」须消费满 ¥150.01 才能使用（本单可用项目 ¥150.00）`);
    expect(await item(d.id)).toMatchObject({ state: 'unused', remaining: 3_000 });
    await expectTillConsistent(t, a);
  });

  it('a coupon is used whole: paying less forfeits the rest; more than its face value is refused 400', async () => {
    const m = await makeMember(t, a, s1);
    const [c, d] = await issue(m.id, 'coupon', (await coupon({ value: 20_000 })).id, 2);
    const tooMuch = await settle(await openBill(m.id), [{ memberCouponId: c.id, amount: 20_001 }]);
    expect(tooMuch.status).toBe(400);
    const settled = ok(await settle(await openBill(m.id), [{ memberCouponId: c.id, amount: 15_000 }]));
    expect(settled.payments).toHaveLength(1);
    expect(await item(c.id)).toMatchObject({ state: 'used', remaining: 0 });
    ok(await a.admin.post(REVOKE, { id: settled.id, hcMemo: '撤单' }));
    expect(await item(c.id)).toMatchObject({ state: 'unused', remaining: 20_000 });
    expect(await item(d.id)).toMatchObject({ state: 'unused', remaining: 20_000 });
  });

  it('a red envelope spent over several bills keeps what is left; a revoke gives back that bill’s part', async () => {
    const m = await makeMember(t, a, s1);
    const [r] = await issue(m.id, 'redEnvelope', (await envelope({ money: 12_000, manyTimes: 1 })).id);
    expect(r).toMatchObject({ manyTimes: true, remaining: 12_000 });
    const first = ok(await settle(await openBill(m.id), [{ memberCouponId: r.id, amount: 5_000 }, cash(10_000)]));
    expect(first.payments.find((p: { payCode: string }) => p.payCode === '29')).toMatchObject({ amount: 5_000, perf: 0 });
    expect(await item(r.id)).toMatchObject({ state: 'unused', remaining: 7_000, usedBillNo: first.billNo });
    const tooMuch = await settle(await openBill(m.id), [{ memberCouponId: r.id, amount: 7_001 }, cash(7_999)]);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors?.[0]).toMatchObject({ path: 'payments.0.amount', message: `${r.code} 最多可付 ¥70.00` });
    const second = ok(await settle(await openBill(m.id), [{ memberCouponId: r.id, amount: 7_000 }, cash(8_000)]));
    expect(await item(r.id)).toMatchObject({ state: 'used', remaining: 0, usedBillNo: second.billNo });
    ok(await a.admin.post(REVOKE, { id: first.id, hcMemo: '撤单' }));
    expect(await item(r.id)).toMatchObject({ state: 'unused', remaining: 5_000, usedBillNo: second.billNo });
    ok(await a.admin.post(REVOKE, { id: second.id, hcMemo: '撤单' }));
    expect(await item(r.id)).toMatchObject({ state: 'unused', remaining: 12_000, usedBillId: null });
    // A red envelope spent at once is used whole.
    const [once] = await issue(m.id, 'redEnvelope', (await envelope({ money: 3_000 })).id);
    ok(await settle(await openBill(m.id), [{ memberCouponId: once.id, amount: 1_000 }, cash(14_000)]));
    expect(await item(once.id)).toMatchObject({ state: 'used', remaining: 0 });
    await expectTillConsistent(t, a);
  });

  it('409: withdrawn, expired, not yet valid, another shop’s only, not combinable; 400: another member’s, twice on a bill, two targets', async () => {
    const m = await makeMember(t, a, s1);
    const other = await makeMember(t, a, s1);
    const def = await coupon({ value: 1_000 });
    const [w, x, y] = await issue(m.id, 'coupon', def.id, 3);
    ok(await a.admin.post('/api-member/membercoupon/withdraw', { id: w.id, reason: '误发' }, key()));
    const bill = await openBill(m.id);
    const withdrawn = await settle(bill, [{ memberCouponId: w.id, amount: 1_000 }, cash(14_000)]);
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.body.resp_msg).toBe(`${w.code} 已收回，不能再用于支付`);
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(memberCoupons).set({ validFrom: '2020-01-01', validTo: '2020-01-31' }).where(eq(memberCoupons.id, x.id)),
    );
    const expired = await settle(bill, [{ memberCouponId: x.id, amount: 1_000 }, cash(14_000)]);
    expect(expired.status).toBe(409);
    expect(expired.body.resp_msg).toBe(`${x.code} 已于 2020-01-31 过期`);
    expect(ok(await a.admin.get(COUPONS, { memberId: m.id })).map((i: { id: number }) => i.id)).toEqual([y.id]);
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(memberCoupons).set({ validFrom: '2099-01-01', validTo: '2099-01-31' }).where(eq(memberCoupons.id, x.id)),
    );
    expect((await settle(bill, [{ memberCouponId: x.id, amount: 1_000 }, cash(14_000)])).body.resp_msg).toBe(
      `${x.code} 自 2099-01-01 起才能使用`,
    );
    // An activity's gift usable only at its issuing shop pays nothing elsewhere.
    const [onlyThere] = await issue(m.id, 'coupon', def.id);
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(memberCoupons).set({ usableShopId: s2 }).where(eq(memberCoupons.id, onlyThere.id)),
    );
    const elsewhere = await settle(bill, [{ memberCouponId: onlyThere.id, amount: 1_000 }, cash(14_000)]);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.resp_msg).toMatch(new RegExp(`^${onlyThere.code} 仅限「.+」使用$`));
    const [theirs] = await issue(other.id, 'coupon', def.id);
    expect((await settle(bill, [{ memberCouponId: theirs.id, amount: 1_000 }, cash(14_000)])).status).toBe(400);
    expect((await settle(bill, [{ memberCouponId: y.id, amount: 500 }, { memberCouponId: y.id, amount: 500 }, cash(14_000)])).status).toBe(
      400,
    );
    expect((await settle(bill, [{ memberCouponId: y.id, payTypeId: payId('01'), amount: 15_000 }])).status).toBe(400);
    // Not combinable: with a red envelope on the same bill, refused; alone, fine.
    const single = await coupon({ value: 1_000, combinable: 0 });
    const [s] = await issue(m.id, 'coupon', single.id);
    const [r] = await issue(m.id, 'redEnvelope', (await envelope({ money: 1_000 })).id);
    const together = await settle(bill, [{ memberCouponId: s.id, amount: 1_000 }, { memberCouponId: r.id, amount: 1_000 }, cash(13_000)]);
    expect(together.status).toBe(409);
    expect(together.body.resp_msg).toBe(`「${single.name}」不能与其他券或红包同时使用`);
    // A walk-in bill holds no member's coupons.
    const walkIn = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1 }));
    const walkInBill = ok(
      await a.admin.post(`${P}/checkout/lines`, {
        id: walkIn.id,
        version: walkIn.version,
        lines: [{ kind: 'product', itemId: f1.product.id, num: 1 }],
      }),
    );
    expect((await settle(walkInBill, [{ memberCouponId: y.id, amount: 1_000 }, cash(4_000)])).status).toBe(400);
    for (const i of [y, s, r]) expect(await item(i.id)).toMatchObject({ state: 'unused' });
    ok(await settle(bill, [{ memberCouponId: s.id, amount: 1_000 }, cash(14_000)]));
  });

  it('8 concurrent settles paying with the same coupon: exactly one succeeds, the coupon is used once', async () => {
    const m = await makeMember(t, a, s1);
    const [c] = await issue(m.id, 'coupon', (await coupon({ value: 2_000 })).id);
    const bills = [];
    for (let i = 0; i < 8; i++) bills.push(await openBill(m.id));
    const answers = await Promise.all(bills.map((bill) => settle(bill, [{ memberCouponId: c.id, amount: 2_000 }, cash(13_000)])));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(7);
    const winner = answers.find((r) => r.status === 200)?.body.data;
    expect(await item(c.id)).toMatchObject({ state: 'used', usedBillId: winner.id });
    const uses = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.execute(sql`select count(*)::int as n from service_bill_payments where member_coupon_id = ${c.id}`),
    );
    expect((uses as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
    await expectTillConsistent(t, a);
  });

  it('401; 403 without the till right; a shop user sees only their shops’ members; another tenant’s coupon pays nothing', async () => {
    const m = await makeMember(t, a, s1);
    const [c] = await issue(m.id, 'coupon', (await coupon()).id);
    expect((await t.client('nope').get(COUPONS, { memberId: m.id })).status).toBe(401);
    const noRight = await createLimitedUser(t, a, { perms: ['assets.coupon.view'], loginShops: [s1] });
    expect((await noRight.client.get(COUPONS, { memberId: m.id })).status).toBe(403);
    const s2User = await createLimitedUser(t, a, { perms: ['till.checkout.view'], loginShops: [s2] });
    expect((await s2User.client.get(COUPONS, { memberId: m.id })).status).toBe(404);
    const s1User = await createLimitedUser(t, a, { perms: ['till.checkout.view'], loginShops: [s1] });
    expect(ok(await s1User.client.get(COUPONS, { memberId: m.id })).map((i: { id: number }) => i.id)).toEqual([c.id]);
    expect((await b.admin.get(COUPONS, { memberId: m.id })).status).toBe(404);
    const [bShop] = await shopIds(t, b);
    const bFix = await tillFixture(t, b, bShop);
    const bMember = await makeMember(t, b, bShop);
    const opened = ok(await b.admin.post(`${P}/checkout/open`, { shopId: bShop, memberId: bMember.id }));
    const bBill = ok(
      await b.admin.post(`${P}/checkout/lines`, {
        id: opened.id,
        version: opened.version,
        lines: [{ kind: 'product', itemId: bFix.product.id, num: 1 }],
      }),
    );
    const bCash = ok(await b.admin.get(`${P}/checkout/setup`, { shopid: bShop })).payTypes.find((p: { code: string }) => p.code === '01');
    const stolen = await b.admin.post(
      `${P}/checkout/settle`,
      {
        id: bBill.id,
        version: bBill.version,
        payments: [
          { memberCouponId: c.id, amount: 2_000 },
          { payTypeId: bCash.payTypeId, amount: 3_000 },
        ],
      },
      key(),
    );
    expect(stolen.status).toBe(400);
    expect(await item(c.id)).toMatchObject({ state: 'unused', remaining: 2_000 });
  });
});
