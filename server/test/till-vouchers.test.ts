import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceBillShares, xxwOrders } from '../src/modules/cashier/schema.js';
import { httpVoucherAdapter, sandboxVoucherAdapter, VoucherPlatformError, voucherAdapter } from '../src/modules/cashier/voucher-adapter.js';
import { useVoucherAdapter } from '../src/modules/cashier/vouchers.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type TestApp, type TestTenant } from './helpers.js';
import { expectTillConsistent, key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const VERIFY = `${P}/thirdorder/verify`;
const LIST = `${P}/thirdorder/chain/orderList`;
const REFUND = `${P}/thirdorder/mt/tkbill`;
const UNUSED = `${P}/thirdorder/unused`;
let seq = 0;
/** A sandbox code the platform calls valid, worth `yuan`, never used before in this run. */
const valid = (yuan: number) => `V${yuan}-${Date.now().toString(36)}${++seq}`;

async function mapToMeituan(a: TestTenant, shopId: number) {
  const mapped = ok(await a.admin.get('/api-third/mtshops/list/all'));
  if (mapped.some((m: { shopId: number }) => m.shopId === shopId)) return;
  ok(await a.admin.post('/api-third/mtshops/saveMtshop', { shopid: shopId, openShopUuid: `uuid-${shopId}-${Date.now()}` }));
}

async function mapToDouyin(a: TestTenant, shopId: number) {
  const mapped = ok(await a.admin.get('/api-third/dyshops'));
  if (mapped.some((m: { shopId: number }) => m.shopId === shopId)) return;
  ok(await a.admin.post('/api-third/dyshops', { shopid: shopId, poiId: `poi-${shopId}-${Date.now()}`, poiName: `抖音门店 ${shopId}` }));
}

describe('the voucher adapter', () => {
  it('sandbox: V valid with its value, U used at the platform, anything else invalid', async () => {
    const req = { channel: 'meituan' as const, platformShopId: 'x', requestId: 'r' };
    expect(await sandboxVoucherAdapter.lookup({ ...req, code: 'V88-0001' })).toEqual({
      ok: true,
      productName: '沙盒团购券 ¥88',
      dealId: 'SBX-DEAL-88',
      amount: 8_800,
    });
    expect(await sandboxVoucherAdapter.lookup({ ...req, code: 'U88-0001' })).toEqual({ ok: false, reason: 'used' });
    expect(await sandboxVoucherAdapter.lookup({ ...req, code: 'X88-1' })).toEqual({ ok: false, reason: 'invalid' });
    expect(await sandboxVoucherAdapter.lookup({ ...req, code: '12345678' })).toEqual({ ok: false, reason: 'invalid' });
  });
  it('configuration chooses the HTTP client only with a URL', () => {
    expect(voucherAdapter({}).name).toBe('sandbox');
    expect(voucherAdapter({ VOUCHER_PROVIDER: 'http' }).name).toBe('sandbox');
    expect(voucherAdapter({ VOUCHER_PROVIDER: 'http', VOUCHER_HTTP_URL: 'http://gateway.invalid' }).name).toBe('http');
    expect(httpVoucherAdapter('http://gateway.invalid/', 'token').name).toBe('http');
  });
});

describe('platform vouchers: verified once at the till, pay a bill whole, refunded while no settled bill uses them', async () => {
  const t: TestApp = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  await mapToMeituan(a, s1);
  await mapToMeituan(a, s2);
  const f1 = await tillFixture(t, a, s1, { servicePrice: 10_000, productPrice: 3_333 });
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payId = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId;

  const verify = (code: string, shopId = s1) => a.admin.post(VERIFY, { shopId, code }, key());
  const openBill = async () => {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1 }));
    return ok(
      await a.admin.post(`${P}/checkout/lines`, {
        id: opened.id,
        version: opened.version,
        lines: [
          { kind: 'service', itemId: f1.service.id, num: 1, staff: [{ employeeId: f1.staff[0].id, station: 1, appointed: true }] },
          { kind: 'product', itemId: f1.product.id, num: 1 },
        ],
      }),
    );
  };
  const settle = (bill: { id: number; version: number }, payments: unknown[]) =>
    a.admin.post(`${P}/checkout/settle`, { id: bill.id, version: bill.version, payments }, key());
  const row = async (id: number) => ok(await a.admin.get(LIST, { pageSize: 200 })).list.find((r: { id: number }) => r.id === id);

  it('the shipped 27 美团 is the voucher pay type, and cannot be paid with directly', async () => {
    const meituan = setup.payTypes.find((p: { code: string }) => p.code === '27');
    expect(meituan.kind).toBe('voucher');
    const bill = await openBill();
    expect((await settle(bill, [{ payTypeId: meituan.payTypeId, amount: 13_333 }])).status).toBe(409);
  });

  it('verifies a voucher, pays part of a bill with it (shares to the cent), lists it used; a revoke frees it, then a refund', async () => {
    const code = valid(50);
    const v = ok(await verify(code));
    expect(v).toMatchObject({ code: code.toUpperCase(), amount: 5_000, productName: '沙盒团购券 ¥50', status: 1, shopId: s1 });
    expect(v.receiptId).toContain(code.toUpperCase());
    const unused = ok(await a.admin.get(UNUSED, { shopid: s1 }));
    expect(unused.map((u: { id: number }) => u.id)).toContain(v.id);
    const bill = await openBill();
    const settled = ok(
      await settle(bill, [
        { voucherId: v.id, amount: 5_000 },
        { payTypeId: payId('01'), amount: 8_333 },
      ]),
    );
    const pay = settled.payments.find((p: { payCode: string }) => p.payCode === '27');
    expect(pay.amount).toBe(5_000);
    const shares = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(serviceBillShares).where(eq(serviceBillShares.paymentId, pay.id)),
    );
    // 5,000 over lines of 10,000 and 3,333: 3,750.09… and 1,249.90… → 3,750 and 1,250.
    expect(shares.map((x) => x.amount).sort((x, y) => x - y)).toEqual([1_250, 3_750]);
    for (const line of settled.lines) expect(line.paid).toBe(line.amount);
    const used = await row(v.id);
    expect(used.status).toBe(2);
    expect(used.billNo).toBe(settled.billNo);
    expect(ok(await a.admin.get(UNUSED, { shopid: s1 })).map((u: { id: number }) => u.id)).not.toContain(v.id);
    // Used by a settled bill: no refund, no second use.
    const refused = await a.admin.post(REFUND, { id: v.id, reason: '顾客退订' });
    expect(refused.status).toBe(409);
    expect(refused.body.resp_msg).toContain(settled.billNo);
    const other = await openBill();
    expect(
      (
        await settle(other, [
          { voucherId: v.id, amount: 5_000 },
          { payTypeId: payId('01'), amount: 8_333 },
        ])
      ).status,
    ).toBe(409);
    ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: settled.id, hcMemo: '撤' }));
    expect((await row(v.id)).status).toBe(1);
    const refunded = ok(await a.admin.post(REFUND, { id: v.id, reason: '顾客退订' }));
    expect(refunded.status).toBe(4);
    expect(refunded.refundReason).toBe('顾客退订');
    expect((await a.admin.post(REFUND, { id: v.id, reason: '再退' })).status).toBe(409);
    const logged = (await a.admin.get('/api-chain/logger/list', { pageSize: 1 })).body.data.list[0];
    expect(JSON.stringify(logged)).toContain('平台券');
    // Refunded at the platform, the customer has it back: it may be verified again.
    const again = ok(await verify(code));
    expect(again.id).not.toBe(v.id);
    await expectTillConsistent(t, a);
  });

  it('the list filters by status, shop and code; its sums add up', async () => {
    const v = ok(await verify(valid(12), s2));
    const all = ok(await a.admin.get(LIST, { pageSize: 200 }));
    expect(all.total).toBe(all.list.length);
    // A refunded voucher counts in no total: its count and amount come apart.
    type Voucher = { status: number; amount: number };
    const of = (statuses: number[]) => (all.list as Voucher[]).filter((r) => statuses.includes(r.status));
    const amountOf = (rows: Voucher[]) => rows.reduce((s, r) => s + r.amount, 0);
    expect(all.sums).toEqual({
      count: of([1, 2]).length,
      amount: amountOf(of([1, 2])),
      verified: amountOf(of([1])),
      used: amountOf(of([2])),
      apart: { refunded: { count: of([4]).length, amount: amountOf(of([4])) } },
    });
    const onS2 = ok(await a.admin.get(LIST, { shopid: s2 }));
    expect(onS2.list.map((r: { id: number }) => r.id)).toEqual([v.id]);
    expect(onS2.sums).toEqual({ count: 1, amount: 1_200, verified: 1_200, used: 0, apart: { refunded: { count: 0, amount: 0 } } });
    expect(ok(await a.admin.get(LIST, { keyword: v.code })).list.map((r: { id: number }) => r.id)).toEqual([v.id]);
    expect(ok(await a.admin.get(LIST, { status: 4 })).list.every((r: { status: number }) => r.status === 4)).toBe(true);
  });

  it('400: an invalid code, a malformed one, a part of a voucher, a voucher twice, a bad status filter', async () => {
    const invalid = await verify('X100-1');
    expect(invalid.status).toBe(400);
    expect(invalid.body.resp_msg).toBeTruthy();
    expect(JSON.stringify(invalid.body)).toContain('券码无效');
    expect((await verify('12')).status).toBe(400);
    expect((await verify('V10 1')).status).toBe(400);
    const v = ok(await verify(valid(20)));
    const bill = await openBill();
    const part = await settle(bill, [
      { voucherId: v.id, amount: 1_000 },
      { payTypeId: payId('01'), amount: 12_333 },
    ]);
    expect(part.status).toBe(400);
    expect(JSON.stringify(part.body)).toContain('20.00');
    const twice = await settle(bill, [
      { voucherId: v.id, amount: 2_000 },
      { voucherId: v.id, amount: 2_000 },
      { payTypeId: payId('01'), amount: 9_333 },
    ]);
    expect(twice.status).toBe(400);
    const onS2 = ok(await verify(valid(20), s2));
    expect(
      (
        await settle(bill, [
          { voucherId: onS2.id, amount: 2_000 },
          { payTypeId: payId('01'), amount: 11_333 },
        ])
      ).status,
    ).toBe(400);
    expect((await a.admin.get(LIST, { status: 3 })).status).toBe(400);
    expect((await a.admin.post(REFUND, { id: v.id, reason: '' })).status).toBe(400);
    expect((await row(v.id)).status).toBe(1);
  });

  it('409: verified twice (naming the shop), used at the platform, a shop without a Meituan mapping', async () => {
    const code = valid(30);
    ok(await verify(code));
    const twice = await verify(code);
    expect(twice.status).toBe(409);
    expect(twice.body.resp_msg).toContain(code.toUpperCase());
    // The same code typed in lower case is the same voucher.
    expect((await verify(code.toLowerCase())).status).toBe(409);
    expect((await verify('U30-1')).status).toBe(409);
    const [, , s3] = await shopIds(t, a);
    const mapped = ok(await a.admin.get('/api-third/mtshops/list/all'));
    const m3 = mapped.find((m: { shopId: number }) => m.shopId === s3);
    if (m3) ok(await a.admin.del(`/api-third/mtshops/${m3.id}`));
    const unmapped = await verify(valid(30), s3);
    expect(unmapped.status).toBe(409);
    expect(unmapped.body.resp_msg).toContain('美团');
  });

  it('8 concurrent verifies of one code: exactly one verifies it', async () => {
    const code = valid(66);
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(code)));
    expect(answers.filter((r) => r.status === 200).length).toBe(1);
    expect(answers.filter((r) => r.status === 409).length).toBe(7);
    expect(ok(await a.admin.get(LIST, { keyword: code })).total).toBe(1);
  });

  it('a platform that cannot be reached: 502, nothing kept', async () => {
    const before = useVoucherAdapter({
      ...sandboxVoucherAdapter,
      consume: async () => {
        throw new VoucherPlatformError('down');
      },
    });
    try {
      const code = valid(40);
      expect((await verify(code)).status).toBe(502);
      expect(ok(await a.admin.get(LIST, { keyword: code })).total).toBe(0);
    } finally {
      useVoucherAdapter(before);
    }
  });

  describe('Douyin (抖音): the same adapter, in a shop mapped to a Douyin shop, paying as 36 抖音', async () => {
    await mapToDouyin(a, s1);
    const verifyDy = (code: string, shopId = s1) => a.admin.post(VERIFY, { shopId, channel: 'douyin', code }, key());

    it('the till offers the channels the shop is mapped to; 36 抖音 is a shipped voucher pay type', async () => {
      const both = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
      expect(both.voucherChannels).toEqual(['meituan', 'douyin']);
      expect(both.payTypes.find((p: { code: string }) => p.code === '36')).toMatchObject({ name: '抖音', kind: 'voucher' });
      expect(ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s2 })).voucherChannels).toEqual(['meituan']);
    });

    it('verifies, pays a bill whole as 36 抖音, a revoke frees it, refunded through mt/tkbill', async () => {
      const code = valid(133);
      const v = ok(await verifyDy(code));
      expect(v).toMatchObject({ channel: 'douyin', code: code.toUpperCase(), amount: 13_300, productName: '沙盒抖音券 ¥133', status: 1 });
      expect(v.openShopUuid).toMatch(/^poi-/);
      expect(v.receiptId).toBe(`SBX-douyin-${code.toUpperCase()}`);
      // The same code at Meituan is another voucher.
      expect(ok(await verify(code)).channel).toBe('meituan');
      const bill = await openBill();
      // 10,000 + 3,333 = 13,333: ¥133 of Douyin voucher and 33 cents of cash.
      const settled = ok(
        await settle(bill, [
          { voucherId: v.id, amount: 13_300 },
          { payTypeId: payId('01'), amount: 33 },
        ]),
      );
      const pay = settled.payments.find((p: { payCode: string }) => p.payCode === '36');
      expect(pay).toMatchObject({ amount: 13_300, payName: '抖音' });
      expect(settled.payments.some((p: { payCode: string }) => p.payCode === '27')).toBe(false);
      const used = await row(v.id);
      expect(used).toMatchObject({ status: 2, billNo: settled.billNo, channel: 'douyin' });
      expect((await a.admin.post(REFUND, { id: v.id, reason: '顾客退订' })).status).toBe(409);
      ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: settled.id, hcMemo: '撤' }));
      expect((await row(v.id)).status).toBe(1);
      const refunded = ok(await a.admin.post(REFUND, { id: v.id, reason: '顾客退订' }));
      expect(refunded).toMatchObject({ status: 4, channel: 'douyin', refundReason: '顾客退订' });
      await expectTillConsistent(t, a);
    });

    it('409 in a shop mapped only to Meituan, naming the shop and 抖音; 400 for an unknown channel', async () => {
      const refused = await verifyDy(valid(10), s2);
      expect(refused.status).toBe(409);
      expect(refused.body.resp_msg).toContain('抖音');
      expect(ok(await a.admin.get(LIST, { shopid: s2 })).list.some((r: { channel: string }) => r.channel === 'douyin')).toBe(false);
      expect((await a.admin.post(VERIFY, { shopId: s1, channel: 'kuaishou', code: valid(10) }, key())).status).toBe(400);
    });

    it('8 concurrent Douyin verifies of one code: exactly one verifies it', async () => {
      const code = valid(77);
      const answers = await Promise.all(Array.from({ length: 8 }, () => verifyDy(code)));
      expect(answers.filter((r) => r.status === 200).length).toBe(1);
      expect(answers.filter((r) => r.status === 409).length).toBe(7);
      expect(ok(await a.admin.get(LIST, { keyword: code })).total).toBe(1);
    });
  });

  it('401, 403 without the right, a shop user sees and refunds only their shop, another tenant gets 404', async () => {
    const v1 = ok(await verify(valid(11), s1));
    const v2 = ok(await verify(valid(11), s2));
    expect((await t.client('nope').get(LIST, {})).status).toBe(401);
    expect((await t.client('nope').post(REFUND, { id: v1.id, reason: 'x' })).status).toBe(401);
    expect((await t.client('nope').post(VERIFY, { shopId: s1, code: valid(1) })).status).toBe(401);
    const none = await createLimitedUser(t, a, { perms: ['cashier.servicerecord.view'], loginShops: [s2] });
    expect((await none.client.get(LIST, {})).status).toBe(403);
    expect((await none.client.post(REFUND, { id: v2.id, reason: 'x' })).status).toBe(403);
    expect((await none.client.post(VERIFY, { shopId: s2, code: valid(1) })).status).toBe(403);
    const clerk = await createLimitedUser(t, a, {
      perms: ['cashier.thirdorder.view', 'cashier.thirdorder.refund', 'till.checkout.view', 'till.checkout.edit'],
      loginShops: [s2],
    });
    const theirs = ok(await clerk.client.get(LIST, { pageSize: 200 }));
    expect(theirs.list.length).toBeGreaterThan(0);
    expect(theirs.list.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
    expect((await clerk.client.get(LIST, { shopid: s1 })).status).toBe(403);
    expect((await clerk.client.post(REFUND, { id: v1.id, reason: 'x' })).status).toBe(404);
    expect((await clerk.client.post(VERIFY, { shopId: s1, code: valid(1) })).status).toBe(403);
    expect((await clerk.client.get(UNUSED, { shopid: s1 })).status).toBe(403);
    ok(await clerk.client.post(REFUND, { id: v2.id, reason: '顾客退订' }));
    ok(await clerk.client.post(VERIFY, { shopId: s2, code: valid(2) }, key()));
    expect((await b.admin.post(REFUND, { id: v1.id, reason: 'x' })).status).toBe(404);
    expect(ok(await b.admin.get(LIST, {})).total).toBe(0);
    expect((await row(v1.id)).status).toBe(1);
  });
});

describe('XXW orders: lists over what the mall adapter recorded', async () => {
  const t: TestApp = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.tenant({ demo: true });
  const [s1, s2] = await shopIds(t, a);
  await inTenant(t.database.db, a.tenantId, (tx) =>
    tx.insert(xxwOrders).values([
      {
        tenantId: a.tenantId,
        kind: 'voucher',
        orderNo: 'XXW-T1',
        code: 'C1',
        itemName: '洗剪吹券',
        amount: 3_900,
        shopId: s1,
        happenedAt: new Date('2026-03-02T02:00:00Z'),
      },
      {
        tenantId: a.tenantId,
        kind: 'product',
        orderNo: 'XXW-T2',
        itemName: '洗发水',
        num: 2,
        amount: 15_800,
        shopId: s1,
        happenedAt: new Date('2026-03-02T03:00:00Z'),
        customerName: '张三',
      },
      {
        tenantId: a.tenantId,
        kind: 'product',
        orderNo: 'XXW-T5',
        itemName: '精油',
        num: 1,
        amount: 4_000,
        shopId: s1,
        happenedAt: new Date('2026-03-04T03:00:00Z'),
        status: 2,
      },
      {
        tenantId: a.tenantId,
        kind: 'product',
        orderNo: 'XXW-T3',
        itemName: '护发素',
        num: 3,
        amount: 8_700,
        shopId: s1,
        happenedAt: new Date('2026-03-05T03:00:00Z'),
      },
      {
        tenantId: a.tenantId,
        kind: 'product',
        orderNo: 'XXW-T4',
        itemName: '发膜',
        num: 1,
        amount: 6_600,
        shopId: s2,
        happenedAt: new Date('2026-03-02T03:00:00Z'),
      },
    ]),
  );
  const where = { dateFrom: '2026-03-01', dateTo: '2026-03-31' };

  it('vouchers, pick-ups and their count, filtered by shop, day and keyword', async () => {
    const vouchers = ok(await a.admin.get(`${P}/xxwbusinesslog/orderListForChain`, where));
    expect(vouchers.list.map((r: { orderNo: string }) => r.orderNo)).toEqual(['XXW-T1']);
    const products = ok(await a.admin.get(`${P}/servicerecords/xxwFindProductList`, { ...where, shopid: s1 }));
    // A refunded order (XXW-T5) is listed but counts in no total: it is summed apart.
    expect(products.list.map((r: { orderNo: string }) => r.orderNo)).toEqual(['XXW-T3', 'XXW-T5', 'XXW-T2']);
    const refunded = { orders: 1, num: 1, amount: 4_000 };
    const none = { orders: 0, num: 0, amount: 0 };
    expect(products.total).toBe(3);
    expect(products.sums).toEqual({ orders: 2, num: 5, amount: 24_500, apart: { refunded } });
    expect(ok(await a.admin.get(`${P}/servicerecords/xxwFindProductNum`, where))).toEqual({
      orders: 3,
      num: 6,
      amount: 31_100,
      apart: { refunded },
    });
    expect(ok(await a.admin.get(`${P}/servicerecords/xxwFindProductNum`, { ...where, keyword: '张三' }))).toEqual({
      orders: 1,
      num: 2,
      amount: 15_800,
      apart: { refunded: none },
    });
    expect(ok(await a.admin.get(`${P}/servicerecords/xxwFindProductNum`, { dateFrom: '2026-03-03', dateTo: '2026-03-31' })).num).toBe(3);
  });

  it('400 on a bad date, 401, 403 without the right, a shop user sees only their shop, another tenant sees none', async () => {
    const bad = await a.admin.get(`${P}/servicerecords/xxwFindProductList`, { dateFrom: '2026-3-1' });
    expect(bad.status).toBe(400);
    expect(bad.body.resp_msg).toBeTruthy();
    expect((await t.client('nope').get(`${P}/servicerecords/xxwFindProductNum`, {})).status).toBe(401);
    const none = await createLimitedUser(t, a, { perms: ['cashier.servicerecord.view'], loginShops: [s2] });
    expect((await none.client.get(`${P}/xxwbusinesslog/orderListForChain`, {})).status).toBe(403);
    const clerk = await createLimitedUser(t, a, { perms: ['cashier.thirdorder.view'], loginShops: [s2] });
    expect(ok(await clerk.client.get(`${P}/servicerecords/xxwFindProductNum`, where))).toEqual({
      orders: 1,
      num: 1,
      amount: 6_600,
      apart: { refunded: { orders: 0, num: 0, amount: 0 } },
    });
    expect((await clerk.client.get(`${P}/servicerecords/xxwFindProductList`, { shopid: s1 })).status).toBe(403);
    expect(ok(await b.admin.get(`${P}/servicerecords/xxwFindProductNum`, where)).orders).toBe(0);
  });
});
