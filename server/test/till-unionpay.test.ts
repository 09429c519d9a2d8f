import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { prepaidOrders } from '../src/modules/cashier/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type TestApp } from './helpers.js';
import { key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const CREATE = `${P}/prepaidorder/payOrder`;
const REFUND = `${P}/prepaidorder/refound`;
const ADJ_LIST = `${P}/prepaidadj/list`;
const ADJ_QUERY = `${P}/prepaidadj/queryList`;
const ADJ_SAVE = `${P}/prepaidadj/save`;
const LOOKUP = `${P}/prepaidorder/getAdjUnionpay`;
const DG = `${P}/prepaidorder/dgzhzjb`;
const YLT = `${P}/prepaidorder/yltlstjb`;

describe('prepaid order moves and the UnionPay reports', async () => {
  const t: TestApp = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const f1 = await tillFixture(t, a, s1, { servicePrice: 10_000, productPrice: 3_333 });
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payId = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId;
  const order = async (amount: number, shopId = s1, code = '52') =>
    ok(await a.admin.post(CREATE, { shopId, payTypeId: payId(code), amount }, key()));
  /** A settled bill of a service and a product (13,333) paid by the order and cash for the rest. */
  const billPaidBy = async (o: { id: number; amount: number }) => {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1 }));
    const bill = ok(
      await a.admin.post(`${P}/checkout/lines`, {
        id: opened.id,
        version: opened.version,
        lines: [
          { kind: 'service', itemId: f1.service.id, num: 1, staff: [{ employeeId: f1.staff[0].id, station: 1, appointed: true }] },
          { kind: 'product', itemId: f1.product.id, num: 1 },
        ],
      }),
    );
    return ok(
      await a.admin.post(
        `${P}/checkout/settle`,
        {
          id: bill.id,
          version: bill.version,
          payments: [
            { prepaidOrderId: o.id, amount: o.amount },
            { payTypeId: payId('01'), amount: 13_333 - o.amount },
          ],
        },
        key(),
      ),
    );
  };
  const shopRow = (answer: { rows: any[] }, shopId: number) => answer.rows.find((r) => r.shopId === shopId);

  describe('reports', () => {
    it('a clean day: c2 = m1 − m3 − m4 = 0 and c1 = m7 − m1 = 0, with the worked figures; then a refund, a move and an earlier order', async () => {
      // 10,000 (银联通 0.3%: fee 30) used by a bill of the day; 5,001 (fee 15) and 2,000 微信 (0.6%: fee 12) unused.
      const o1 = await order(10_000);
      const o2 = await order(5_001);
      const o3 = await order(2_000, s1, '23');
      const b1 = await billPaidBy(o1);
      const day = b1.businessDate;
      const range = { dateFrom: day, dateTo: day };
      const clean = shopRow(ok(await a.admin.get(YLT, range)), s1);
      expect(clean).toMatchObject({
        m1: 17_001,
        m2: 17_001 - 57,
        m3: 10_000,
        m4: 7_001,
        m5: 10_000,
        m6: 0,
        m7: 17_001,
        m8: 16_944,
        m9: 0,
        c1: 0,
        c2: 0,
        c3: 0,
      });
      const clean1 = clean;
      expect(clean1.c2).toBe(clean1.m1 - clean1.m3 - clean1.m4);
      expect(clean1.c1).toBe(clean1.m7 - clean1.m1);
      // Funds: the bill's cash 3,333 + the day's collections net of fees 17,001 − 57.
      expect(shopRow(ok(await a.admin.get(DG, range)), s1)).toMatchObject({
        funds: 3_333 + 17_001 - 57,
        ylt: 17_001,
        corporateYlt: 17_001,
        corporateFee: 57,
      });

      // o3 refunded, o2 moved to s2, and an order of two days before used by a bill of the day.
      ok(await a.admin.post(REFUND, { id: o3.id, reason: '顾客取消' }));
      ok(await a.admin.post(ADJ_SAVE, { orderId: o2.id, adjShopId: s2, reason: '扫错门店二维码' }));
      const o4 = await order(3_000);
      await inTenant(t.database.db, a.tenantId, (tx) =>
        tx.update(prepaidOrders).set({ createdAt: sql`now() - interval '2 days'` }).where(eq(prepaidOrders.id, o4.id)),
      );
      await billPaidBy(o4);
      const after = ok(await a.admin.get(YLT, range));
      expect(shopRow(after, s1)).toMatchObject({
        m1: 10_000,
        m2: 9_970,
        m3: 10_000,
        m4: 0,
        m5: 10_000,
        m6: 3_000,
        m7: 12_000,
        m8: 12_000 - 42,
        m9: 0,
        c1: 2_000,
        c2: 0,
        c3: 0,
      });
      expect(shopRow(after, s2)).toMatchObject({ m1: 5_001, m2: 4_986, m3: 0, m4: 5_001, m7: 5_001, c1: 0, c2: 0, c3: 0 });
      expect(after.total.m1).toBe(after.rows.reduce((s: number, r: { m1: number }) => s + r.m1, 0));
      // Funds of s1: cash of both bills (3,333 + 10,333) + its collections net of fees (10,000 − 30).
      expect(shopRow(ok(await a.admin.get(DG, range)), s1)).toMatchObject({ funds: 13_666 + 9_970, ylt: 10_000, corporateFee: 30 });
      // The two days together: o4 is now of the period, not an earlier one.
      const twoDays = { dateFrom: new Date(Date.parse(day) - 2 * 86_400_000).toISOString().slice(0, 10), dateTo: day };
      expect(shopRow(ok(await a.admin.get(YLT, twoDays)), s1)).toMatchObject({ m1: 13_000, m3: 13_000, m6: 0, c2: 0, c3: 0 });
      // A revoked bill: its order is unused again, the report stays balanced.
      ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: b1.id, hcMemo: '撤' }));
      expect(shopRow(ok(await a.admin.get(YLT, range)), s1)).toMatchObject({ m3: 0, m4: 10_000, m5: 0, c2: 0, c3: 0 });
    });

    it('400 without dates, with the range reversed or past a year; 401; 403; a shop user sees only their shops; another tenant none', async () => {
      const missing = await a.admin.get(YLT, {});
      expect(missing.status).toBe(400);
      expect(missing.body.resp_msg).toBeTruthy();
      expect((await a.admin.get(DG, { dateFrom: '2026-02-01', dateTo: '2026-01-01' })).status).toBe(400);
      expect((await a.admin.get(DG, { dateFrom: '2024-01-01', dateTo: '2026-01-01' })).status).toBe(400);
      const range = { dateFrom: '2020-01-01', dateTo: '2020-12-31' };
      expect((await t.client('nope').get(YLT, range)).status).toBe(401);
      const none = await createLimitedUser(t, a, { perms: ['cashier.prepaidorder.view'], loginShops: [s2] });
      expect((await none.client.get(YLT, range)).status).toBe(403);
      expect((await none.client.get(DG, range)).status).toBe(403);
      const clerk = await createLimitedUser(t, a, { perms: ['cashier.yltlstjb.view', 'cashier.dgzhzjb.view'], loginShops: [s2] });
      expect((await clerk.client.get(YLT, { ...range, shopid: s1 })).status).toBe(403);
      const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
      const week = { dateFrom: new Date(Date.parse(today) - 7 * 86_400_000).toISOString().slice(0, 10), dateTo: today };
      const theirs = ok(await clerk.client.get(YLT, week));
      expect(theirs.rows.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
      expect(ok(await clerk.client.get(DG, week)).rows.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
      expect(ok(await b.admin.get(YLT, week)).rows).toEqual([]);
    });
  });

  describe('prepaid order moves (prepaidadj)', () => {
    it('finds an order by its merchant order number, moves it to another shop, logs it; the old shop can no longer use it', async () => {
      const o = await order(4_400);
      const found = ok(await a.admin.get(LOOKUP, { paymentNo: o.orderNo }));
      expect(found).toMatchObject({ id: o.id, shopId: s1, amount: 4_400, status: 1 });
      const candidates = ok(await a.admin.get(ADJ_QUERY, { keyword: o.orderNo }));
      expect(candidates.list.map((r: { id: number }) => r.id)).toEqual([o.id]);
      const moved = ok(await a.admin.post(ADJ_SAVE, { orderId: o.id, adjShopId: s2, reason: '扫错门店二维码', version: found.version }));
      expect(moved.shopId).toBe(s2);
      const logged = (await a.admin.get('/api-chain/logger/list', { pageSize: 1 })).body.data.list[0];
      expect(JSON.stringify(logged)).toContain('预付订单调整');
      const list = ok(await a.admin.get(ADJ_LIST, { keyword: o.orderNo }));
      expect(list.list).toHaveLength(1);
      expect(list.list[0]).toMatchObject({ orderId: o.id, fromShopId: s1, toShopId: s2, amount: 4_400, reason: '扫错门店二维码' });
      expect(ok(await a.admin.get(ADJ_LIST, { shopid: s2, keyword: o.orderNo })).total).toBe(1);
      // A used order is not a candidate.
      const used = await order(1_000);
      await billPaidBy(used);
      expect(ok(await a.admin.get(ADJ_QUERY, { keyword: used.orderNo })).total).toBe(0);
    });

    it('400: no reason, the same shop, an unknown shop, a lookup without number', async () => {
      const o = await order(1_500);
      const noReason = await a.admin.post(ADJ_SAVE, { orderId: o.id, adjShopId: s2, reason: ' ' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.resp_msg).toBeTruthy();
      const same = await a.admin.post(ADJ_SAVE, { orderId: o.id, adjShopId: s1, reason: 'x' });
      expect(same.status).toBe(400);
      expect(JSON.stringify(same.body)).toContain('原门店相同');
      expect((await a.admin.post(ADJ_SAVE, { orderId: o.id, adjShopId: 987_654_321, reason: 'x' })).status).toBe(400);
      expect((await a.admin.get(LOOKUP, {})).status).toBe(400);
    });

    it('409: a used order, a refunded one, a stale version', async () => {
      const used = await order(2_500);
      await billPaidBy(used);
      const refusedUsed = await a.admin.post(ADJ_SAVE, { orderId: used.id, adjShopId: s2, reason: 'x' });
      expect(refusedUsed.status).toBe(409);
      expect(refusedUsed.body.resp_msg).toContain(used.orderNo);
      const refunded = await order(2_600);
      ok(await a.admin.post(REFUND, { id: refunded.id, reason: '退' }));
      expect((await a.admin.post(ADJ_SAVE, { orderId: refunded.id, adjShopId: s2, reason: 'x' })).status).toBe(409);
      const o = await order(2_700);
      expect((await a.admin.post(ADJ_SAVE, { orderId: o.id, adjShopId: s2, reason: 'x', version: o.version + 5 })).status).toBe(409);
      expect(ok(await a.admin.get(LOOKUP, { paymentNo: o.orderNo })).shopId).toBe(s1);
    });

    it('401, 403, a shop user moves only orders of their shops to their shops, another tenant gets 404', async () => {
      const o1 = await order(1_100, s1);
      const o2 = await order(1_200, s2);
      expect((await t.client('nope').post(ADJ_SAVE, { orderId: o1.id, adjShopId: s2, reason: 'x' })).status).toBe(401);
      expect((await t.client('nope').get(ADJ_LIST, {})).status).toBe(401);
      const none = await createLimitedUser(t, a, { perms: ['cashier.prepaidadj.view'], loginShops: [s2] });
      expect((await none.client.post(ADJ_SAVE, { orderId: o2.id, adjShopId: s1, reason: 'x' })).status).toBe(403);
      const clerk = await createLimitedUser(t, a, { perms: ['cashier.prepaidadj.view', 'cashier.prepaidadj.edit'], loginShops: [s2] });
      expect((await clerk.client.post(ADJ_SAVE, { orderId: o1.id, adjShopId: s2, reason: 'x' })).status).toBe(404);
      expect((await clerk.client.get(LOOKUP, { paymentNo: o1.orderNo })).status).toBe(404);
      expect((await clerk.client.post(ADJ_SAVE, { orderId: o2.id, adjShopId: s1, reason: 'x' })).status).toBe(403);
      const mine = ok(await clerk.client.get(ADJ_QUERY, { pageSize: 200 }));
      expect(mine.list.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
      expect(
        ok(await clerk.client.get(ADJ_LIST, { pageSize: 200 })).list.every(
          (r: { fromShopId: number; toShopId: number }) => r.fromShopId === s2 || r.toShopId === s2,
        ),
      ).toBe(true);
      expect((await b.admin.post(ADJ_SAVE, { orderId: o1.id, adjShopId: s2, reason: 'x' })).status).toBe(404);
      expect((await b.admin.get(LOOKUP, { paymentNo: o1.orderNo })).status).toBe(404);
      expect(ok(await b.admin.get(ADJ_LIST, {})).total).toBe(0);
      expect(ok(await a.admin.get(LOOKUP, { paymentNo: o1.orderNo })).shopId).toBe(s1);
    });
  });
});
