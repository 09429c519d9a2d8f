import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceBillShares } from '../src/modules/cashier/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';
import { expectTillConsistent, key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const LIST = `${P}/prepaidorder/chain/list/orderList`;
const CREATE = `${P}/prepaidorder/payOrder`;
const REFUND = `${P}/prepaidorder/refound`;

describe('prepaid orders: recorded, paid at settle once, given back by a revoke, refunded while unused', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const [bShop] = await shopIds(t, b);
  const f1 = await tillFixture(t, a, s1, { servicePrice: 10_000, productPrice: 3_333 });
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payId = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId;
  const bSetup = ok(await b.admin.get(`${P}/checkout/setup`, { shopid: bShop }));

  const order = async (amount: number, shopId = s1) => ok(await a.admin.post(CREATE, { shopId, payTypeId: payId('52'), amount }, key()));
  /** An open bill of a service and a product (13,333 cents). */
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
  const status = async (id: number) => ok(await a.admin.get(LIST, { pageSize: 100 })).list.find((r: { id: number }) => r.id === id);

  it('pays part of a bill with a prepaid order, shares add up to the cent, the order is used, a revoke gives it back', async () => {
    const o = await order(5_001);
    expect(o.status).toBe(1);
    expect(o.orderNo).toBeTruthy();
    const bill = await openBill();
    expect(bill.amount).toBe(13_333);
    const settled = ok(
      await settle(bill, [
        { prepaidOrderId: o.id, amount: 5_001 },
        { payTypeId: payId('01'), amount: 13_333 - 5_001 },
      ]),
    );
    expect(settled.status).toBe(4);
    const used = await status(o.id);
    expect(used.status).toBe(2);
    expect(used.billNo).toBe(settled.billNo);
    const pay = settled.payments.find((p: { payCode: string }) => p.payCode === '52');
    expect(pay.amount).toBe(5_001);
    for (const line of settled.lines) expect(line.paid).toBe(line.amount);
    expect(settled.lines.reduce((s: number, l: { paid: number }) => s + l.paid, 0)).toBe(13_333);
    // The prepaid payment's shares over the lines add up to it, to the cent (10,000 : 3,333 of 5,001).
    const shares = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(serviceBillShares).where(eq(serviceBillShares.paymentId, pay.id)),
    );
    expect(shares.reduce((s, x) => s + x.amount, 0)).toBe(5_001);
    expect(shares.map((x) => x.amount).sort((x, y) => x - y)).toEqual([1_250, 3_751]);
    // Used once: another bill cannot use it, nor can it be refunded.
    const other = await openBill();
    const again = await settle(other, [
      { prepaidOrderId: o.id, amount: 5_001 },
      { payTypeId: payId('01'), amount: 13_333 - 5_001 },
    ]);
    expect(again.status).toBe(409);
    expect(again.body.resp_msg).toContain(o.orderNo);
    expect((await a.admin.post(REFUND, { id: o.id, reason: '客户要求' })).status).toBe(409);
    ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: settled.id, hcMemo: '撤' }));
    const back = await status(o.id);
    expect(back.status).toBe(1);
    expect(back.billId).toBeNull();
    // Usable again by another bill.
    ok(
      await settle(other, [
        { prepaidOrderId: o.id, amount: 5_001 },
        { payTypeId: payId('01'), amount: 13_333 - 5_001 },
      ]),
    );
    expect((await status(o.id)).status).toBe(2);
    await expectTillConsistent(t, a);
  });

  it('400: a payment naming two targets, an amount other than the order, an unknown order, a refund without reason', async () => {
    const o = await order(2_000);
    const bill = await openBill();
    const two = await settle(bill, [{ prepaidOrderId: o.id, payTypeId: payId('01'), amount: 13_333 }]);
    expect(two.status).toBe(400);
    const part = await settle(bill, [
      { prepaidOrderId: o.id, amount: 1_000 },
      { payTypeId: payId('01'), amount: 12_333 },
    ]);
    expect(part.status).toBe(400);
    expect(part.body.resp_msg).toBeTruthy();
    const twice = await settle(bill, [
      { prepaidOrderId: o.id, amount: 2_000 },
      { prepaidOrderId: o.id, amount: 2_000 },
      { payTypeId: payId('01'), amount: 9_333 },
    ]);
    expect(twice.status).toBe(400);
    const elsewhere = await order(2_000, s2);
    const wrongShop = await settle(bill, [
      { prepaidOrderId: elsewhere.id, amount: 2_000 },
      { payTypeId: payId('01'), amount: 11_333 },
    ]);
    expect(wrongShop.status).toBe(400);
    expect((await status(o.id)).status).toBe(1);
    expect((await a.admin.post(REFUND, { id: o.id, reason: '' })).status).toBe(400);
    expect((await a.admin.post(CREATE, { shopId: s1, payTypeId: payId('01'), amount: -5 })).status).toBe(400);
    expect((await a.admin.post(CREATE, { shopId: s1, payTypeId: payId('02'), amount: 100 })).status).toBe(400);
    const dup = await a.admin.post(CREATE, { shopId: s1, payTypeId: payId('01'), amount: 100, orderNo: o.orderNo });
    expect(dup.status).toBe(409);
  });

  it('refunds an unused order once, with its reason, logged; the list filters and its sums add up', async () => {
    const o = await order(7_700);
    const refunded = ok(await a.admin.post(REFUND, { id: o.id, reason: '客户取消' }));
    const logged = (await a.admin.get('/api-chain/logger/list', { pageSize: 1 })).body.data.list[0];
    expect(JSON.stringify(logged)).toContain('预付订单');
    expect(refunded.status).toBe(3);
    expect(refunded.refundReason).toBe('客户取消');
    expect((await a.admin.post(REFUND, { id: o.id, reason: '再退' })).status).toBe(409);
    const bill = await openBill();
    expect(
      (
        await settle(bill, [
          { prepaidOrderId: o.id, amount: 7_700 },
          { payTypeId: payId('01'), amount: 13_333 - 7_700 },
        ])
      ).status,
    ).toBe(409);
    const all = ok(await a.admin.get(LIST, { pageSize: 100 }));
    expect(all.total).toBe(all.list.length);
    // A refunded order counts in no total: its count and amount come apart.
    type Order = { status: number; amount: number };
    const of = (rows: Order[], statuses: number[]) => rows.filter((r) => statuses.includes(r.status));
    const amountOf = (rows: Order[]) => rows.reduce((s, r) => s + r.amount, 0);
    expect(all.sums).toEqual({
      count: of(all.list, [1, 2]).length,
      amount: amountOf(of(all.list, [1, 2])),
      unused: amountOf(of(all.list, [1])),
      used: amountOf(of(all.list, [2])),
      apart: { refunded: { count: of(all.list, [3]).length, amount: amountOf(of(all.list, [3])) } },
    });
    expect(all.sums.apart.refunded.amount).toBeGreaterThanOrEqual(7_700);
    const onlyRefunded = ok(await a.admin.get(LIST, { status: 3 }));
    expect(onlyRefunded.list.every((r: { status: number }) => r.status === 3)).toBe(true);
    expect(onlyRefunded.sums).toEqual({
      count: 0,
      amount: 0,
      unused: 0,
      used: 0,
      apart: { refunded: { count: onlyRefunded.list.length, amount: amountOf(onlyRefunded.list) } },
    });
    const byNo = ok(await a.admin.get(LIST, { keyword: o.orderNo }));
    expect(byNo.list.map((r: { id: number }) => r.id)).toEqual([o.id]);
    const onlyS2 = ok(await a.admin.get(LIST, { shopid: s2 }));
    expect(onlyS2.list.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
  });

  it('8 concurrent settles using the same order: exactly one succeeds, the order is used once', async () => {
    const o = await order(13_333);
    const bills = [];
    for (let i = 0; i < 8; i++) bills.push(await openBill());
    const answers = await Promise.all(bills.map((bill) => settle(bill, [{ prepaidOrderId: o.id, amount: 13_333 }])));
    expect(answers.filter((r) => r.status === 200).length).toBe(1);
    expect(answers.filter((r) => r.status === 409).length).toBe(7);
    const used = await status(o.id);
    expect(used.status).toBe(2);
    const winner = answers.find((r) => r.status === 200)?.body.data ?? answers.find((r) => r.status === 200)?.body;
    expect(used.billId).toBe(winner.id);
    await expectTillConsistent(t, a);
  });

  it('401, 403 without the right, a shop user sees and refunds only their shop, another tenant gets 404', async () => {
    const o1 = await order(1_000, s1);
    const o2 = await order(1_100, s2);
    expect((await t.client('nope').get(LIST, {})).status).toBe(401);
    expect((await t.client('nope').post(REFUND, { id: o1.id, reason: 'x' })).status).toBe(401);
    const none = await createLimitedUser(t, a, { perms: ['cashier.servicerecord.view'], loginShops: [s2] });
    expect((await none.client.get(LIST, {})).status).toBe(403);
    expect((await none.client.post(REFUND, { id: o2.id, reason: 'x' })).status).toBe(403);
    expect((await none.client.post(CREATE, { shopId: s2, payTypeId: payId('52'), amount: 100 })).status).toBe(403);
    const clerk = await createLimitedUser(t, a, {
      perms: ['cashier.prepaidorder.view', 'cashier.prepaidorder.refund', 'cashier.prepaidorder.edit'],
      loginShops: [s2],
    });
    const theirs = ok(await clerk.client.get(LIST, { pageSize: 100 }));
    expect(theirs.list.length).toBeGreaterThan(0);
    expect(theirs.list.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
    expect((await clerk.client.post(REFUND, { id: o1.id, reason: 'x' })).status).toBe(403);
    expect((await clerk.client.post(CREATE, { shopId: s1, payTypeId: payId('52'), amount: 100 })).status).toBe(403);
    ok(await clerk.client.post(REFUND, { id: o2.id, reason: '顾客退订' }));
    // Another tenant: the id is unknown (404) before the body is judged.
    expect((await b.admin.post(REFUND, { id: o1.id, reason: 'x' })).status).toBe(404);
    expect((await b.admin.post(CREATE, { shopId: s1, payTypeId: bSetup.payTypes[0].payTypeId, amount: 100 })).status).toBe(404);
    expect(ok(await b.admin.get(LIST, {})).total).toBe(0);
    expect((await status(o1.id)).status).toBe(1);
  });
});
