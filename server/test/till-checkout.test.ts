import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceBills } from '../src/modules/cashier/schema.js';
import { yuan } from '../src/platform/money.js';
import { inTenant } from '../src/platform/tenancy.js';
import { bucketsOf } from './assets-support.js';
import { build } from './helpers.js';
import { expectTillConsistent, key, memberWithCard, ok, shopIds, stockAt, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const P = '/api-cashier';

describe('the till: open, price, settle, head office records, revoke, revise', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const other = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const fx = await tillFixture(t, a, s1, { servicePrice: 10_000, productPrice: 3_333, stock: 50 });
  const [stylist, assistant] = fx.staff;
  const cash = async () => {
    const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
    return setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;
  };

  /** Opens a bill for the member's card with one service (two employees at station 1 and 2) and two of the product. */
  async function billWithLines(cardId?: number, memberId?: number) {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1, memberId, cardId }));
    return ok(
      await a.admin.post(`${P}/checkout/lines`, {
        id: opened.id,
        version: opened.version,
        lines: [
          {
            kind: 'service',
            itemId: fx.service.id,
            num: 1,
            staff: [
              { employeeId: stylist.id, station: 1, appointed: true },
              { employeeId: assistant.id, station: 2, appointed: false },
            ],
          },
          { kind: 'product', itemId: fx.product.id, num: 2, staff: [{ employeeId: stylist.id, station: 1, appointed: false }] },
        ],
      }),
    );
  }

  it('settles a member bill paid by card and cash: prices, shares, performance, card and stock exact; head office lists it', async () => {
    const { member, cardId } = await memberWithCard(t, a, s1, 20_000);
    const bill = await billWithLines(cardId, member.id);
    // Card type: services at 85%, products at 90%.
    expect(bill.lines.map((l: { price: number; priceSource: string; amount: number }) => [l.price, l.priceSource, l.amount])).toEqual([
      [8_500, 'card-discount', 8_500],
      [3_000, 'card-discount', 6_000],
    ]);
    expect(bill).toMatchObject({ listTotal: 16_666, amount: 14_500, discountTotal: 2_166, status: 1 });
    const stockBefore = await stockAt(t, a, s1, fx.product.id);
    const settled = ok(
      await a.admin.post(
        `${P}/checkout/settle`,
        {
          id: bill.id,
          version: bill.version,
          // Only what the card pays gets its discount (the shop's default rule): 10,001 of the 14,500 at card
          // prices takes round(2,166 × 10,001 / 14,500) = 1,494 off the 16,666, so cash pays 15,172 − 10,001.
          payments: [
            { cardId, amount: 10_001 },
            { payTypeId: await cash(), amount: 5_171 },
          ],
        },
        key(),
      ),
    );
    expect(settled.status).toBe(4);
    // The 1,494 spread by each line's card saving (1,500 and 666), largest remainder.
    expect(settled.lines.map((l: { amount: number }) => l.amount)).toEqual([10_000 - 1_035, 6_666 - 459]);
    expect(settled.lines.map((l: { paid: number; amount: number }) => l.paid - l.amount)).toEqual([0, 0]);
    expect(settled.payments.reduce((s: number, p: { amount: number }) => s + p.amount, 0)).toBe(15_172);
    expect(settled.payments.map((p: { payCode: string }) => p.payCode).sort()).toEqual(['01', '02']);
    // Performance: every payment here counts 100% with no fee; each station of a line gets the line's performance.
    const perf = settled.perf.map((r: { employeeId: number; station: number; amount: number; lineName: string }) => [
      r.lineName,
      r.station,
      r.amount,
    ]);
    expect(perf).toEqual([
      [fx.service.name, 1, 8_965],
      [fx.service.name, 2, 8_965],
      [fx.product.name, 1, 6_207],
    ]);
    expect(await stockAt(t, a, s1, fx.product.id)).toBe(stockBefore - 2);
    expect(await bucketsOf(t, a, cardId)).toEqual({ [`${s1}:principal`]: 9_999 });
    // Head office's list with totals, the performance rows, the detail.
    const list = ok(await a.admin.get(`${P}/servicerecords/chain/list`, { shopid: s1, keyword: bill.billNo }));
    expect(list.list.map((r: { id: number }) => r.id)).toEqual([bill.id]);
    expect(list.sum).toMatchObject({ count: 1, listTotal: 16_666, discountTotal: 1_494, amount: 15_172 });
    expect(ok(await a.admin.get(`${P}/servicerecords/yj`, { id: bill.id }))).toHaveLength(3);
    expect(ok(await a.admin.get(`${P}/servicerecords/detail/${bill.id}`)).payments).toHaveLength(2);
    const today = ok(await a.admin.get(`${P}/checkout/today`, { shopid: s1 }));
    expect(today.some((r: { id: number; status: number }) => r.id === bill.id && r.status === 4)).toBe(true);
    const exported = await a.admin.get(`${P}/servicerecords/pageAll`, { shopid: s1 });
    expect(exported.status).toBe(200);
    expect(String(exported.headers['content-type'])).toContain('spreadsheetml');

    // 撤单 restores the card and the stock, and nets the performance to zero.
    const revoked = ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: bill.id, hcMemo: '顾客投诉' }));
    expect(revoked.isHc).toBe(1);
    expect(await bucketsOf(t, a, cardId)).toEqual({ [`${s1}:principal`]: 20_000 });
    expect(await stockAt(t, a, s1, fx.product.id)).toBe(stockBefore);
    expect(revoked.perf.reduce((s: number, r: { amount: number }) => s + r.amount, 0)).toBe(0);
    const again = await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: bill.id, hcMemo: '再次' });
    expect(again.status).toBe(409);
    expect(again.body.resp_msg).toBe('只有已结账且未撤单的单据可以撤单');
    await expectTillConsistent(t, a);
  });

  it('a settle repeated with its key answers the first one: one settle, the card charged once', async () => {
    const { member, cardId } = await memberWithCard(t, a, s1, 50_000);
    const bill = await billWithLines(cardId, member.id);
    const body = { id: bill.id, version: bill.version, payments: [{ cardId, amount: bill.amount }] };
    const k = key();
    const first = await a.admin.post(`${P}/checkout/settle`, body, k);
    const second = await a.admin.post(`${P}/checkout/settle`, body, k);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body.data).toEqual(first.body.data);
    expect(await bucketsOf(t, a, cardId)).toEqual({ [`${s1}:principal`]: 50_000 - bill.amount });
    // A new key on a settled bill is a conflict, not a second settle.
    const third = await a.admin.post(`${P}/checkout/settle`, body, key());
    expect(third.status).toBe(409);
    // Without a key: 400.
    expect((await a.admin.post(`${P}/checkout/settle`, body)).status).toBe(400);
  });

  it('16 concurrent settles paying from one card with room for 10: exactly 10 succeed', async () => {
    const { member, cardId } = await memberWithCard(t, a, s1, 10 * 8_500);
    const bills = [];
    for (let i = 0; i < 16; i++) {
      const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1, memberId: member.id, cardId }));
      bills.push(
        ok(
          await a.admin.post(`${P}/checkout/lines`, {
            id: opened.id,
            version: opened.version,
            lines: [{ kind: 'service', itemId: fx.service.id, num: 1, staff: [{ employeeId: stylist.id, station: 1, appointed: true }] }],
          }),
        ),
      );
    }
    const answers = await Promise.all(
      bills.map((b) =>
        a.admin.post(`${P}/checkout/settle`, { id: b.id, version: b.version, payments: [{ cardId, amount: 8_500 }] }, key()),
      ),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(10);
    expect(answers.filter((x) => x.status === 409)).toHaveLength(6);
    expect(await bucketsOf(t, a, cardId)).toEqual({});
    // The refused bills are still open: their hand tags are still held, nothing else was written.
    const open = await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(serviceBills).where(eq(serviceBills.cardId, cardId)));
    expect(open.filter((b) => b.status === 1)).toHaveLength(6);
    await expectTillConsistent(t, a);
  }, 120_000);

  it('hand tags: the lowest free one, a typed one in use is 409, released on void', async () => {
    const one = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s2 }));
    const two = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s2 }));
    expect(two.handTag).toBe(one.handTag + 1);
    const taken = await a.admin.post(`${P}/checkout/open`, { shopId: s2, handTag: one.handTag });
    expect(taken.status).toBe(409);
    expect(taken.body.resp_msg).toBe(`手牌号 ${one.handTag} 正在使用中`);
    ok(await a.admin.post(`${P}/checkout/void`, { id: one.id, reason: '开错' }));
    expect(ok(await a.admin.post(`${P}/checkout/open`, { shopId: s2, handTag: one.handTag })).handTag).toBe(one.handTag);
  });

  it('bills of an earlier day expire; head office voids them, deletes only voided ones', async () => {
    const bill = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s2 }));
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(serviceBills).set({ businessDate: '2020-01-01' }).where(eq(serviceBills.id, bill.id)),
    );
    const over = ok(await a.admin.get(`${P}/servicerecords/listOver`, { shopid: s2 }));
    const row = over.list.find((r: { id: number }) => r.id === bill.id);
    expect(row.status).toBe(2);
    // The expired bill's tag is free again.
    expect(ok(await a.admin.post(`${P}/checkout/open`, { shopId: s2, handTag: bill.handTag })).handTag).toBe(bill.handTag);
    const notVoided = await a.admin.post(`${P}/servicerecords/saveOrUpdate`, { id: bill.id, isDel: '1' });
    expect(notVoided.status).toBe(409);
    expect(notVoided.body.resp_msg).toBe('已作废的单据才可以删除');
    const stale = await a.admin.post(`${P}/servicerecords/chain/mainPage/cancel`, [
      { id: bill.id, revision: row.version + 5, cancelReason: '过期' },
    ]);
    expect(stale.status).toBe(409);
    ok(await a.admin.post(`${P}/servicerecords/chain/mainPage/cancel`, [{ id: bill.id, revision: row.version, cancelReason: '过期' }]));
    // A voided bill counts in no total: the expired list gives it apart.
    const voided = ok(await a.admin.get(`${P}/servicerecords/listOver`, { shopid: s2, keyword: row.billNo }));
    expect(voided.sum).toEqual({
      count: 0,
      listTotal: 0,
      discountTotal: 0,
      amount: 0,
      apart: {
        voided: { count: 1, listTotal: row.listTotal, discountTotal: row.discountTotal, amount: row.amount },
        revoked: { count: 0, listTotal: 0, discountTotal: 0, amount: 0 },
      },
    });
    ok(await a.admin.post(`${P}/servicerecords/saveOrUpdate`, { id: bill.id, isDel: '1' }));
    expect((await a.admin.get(`${P}/servicerecords/detail/${bill.id}`)).status).toBe(404);
  });

  it('改单 re-splits staff credit under the rules, money unchanged', async () => {
    const bill = await billWithLines();
    const settled = ok(
      await a.admin.post(
        `${P}/checkout/settle`,
        { id: bill.id, version: bill.version, payments: [{ payTypeId: await cash(), amount: bill.amount }] },
        key(),
      ),
    );
    const service = settled.lines[0];
    const over = await a.admin.post(
      `${P}/servicerecords/revise`,
      { id: bill.id, eeyjList: [{ lineId: service.id, employeeId: stylist.id, station: 1, appointed: true, yj: service.amount + 1 }] },
      EN,
    );
    expect(over.status).toBe(400);
    expect(over.body.errors?.[0]).toMatchObject({ path: 'eeyjList.0.yj' });
    expect(over.body.errors?.[0].message).toContain('Station 1');
    const twice = await a.admin.post(`${P}/servicerecords/revise`, {
      id: bill.id,
      eeyjList: [
        { lineId: service.id, employeeId: stylist.id, station: 1, appointed: true, yj: 100 },
        { lineId: service.id, employeeId: stylist.id, station: 1, appointed: true, yj: 100 },
      ],
    });
    expect(twice.status).toBe(400);
    const revised = ok(
      await a.admin.post(`${P}/servicerecords/revise`, {
        id: bill.id,
        eeyjList: [
          { lineId: service.id, employeeId: stylist.id, station: 1, appointed: true, yj: 6_000 },
          { lineId: service.id, employeeId: assistant.id, station: 1, appointed: false, yj: 4_000 },
        ],
      }),
    );
    expect(revised.amount).toBe(settled.amount);
    const net = new Map<number, number>();
    for (const r of revised.perf) net.set(r.employeeId, (net.get(r.employeeId) ?? 0) + r.amount);
    expect(Object.fromEntries(net)).toEqual({ [stylist.id]: 6_000, [assistant.id]: 4_000 });
  });

  it('400 with the reason in both languages, 401, 403 without the right or the shop, 404 for another tenant', async () => {
    const bill = await billWithLines();
    const short = await a.admin.post(
      `${P}/checkout/settle`,
      { id: bill.id, version: bill.version, payments: [{ payTypeId: await cash(), amount: 1 }] },
      { ...key() },
    );
    expect(short.status).toBe(400);
    expect(short.body.errors?.[0].message).toBe(`支付合计 ¥0.01 与应付金额 ${yuan(bill.amount)} 不符`);
    const shortEn = await a.admin.post(
      `${P}/checkout/settle`,
      { id: bill.id, version: bill.version, payments: [{ payTypeId: await cash(), amount: 1 }] },
      { ...key(), ...EN },
    );
    expect(shortEn.body.errors?.[0].message).toBe(`Payments total ¥0.01, the bill is ${yuan(bill.amount)}`);
    expect((await t.client('nope').post(`${P}/checkout/open`, { shopId: s1 })).status).toBe(401);
    const viewer = await createLimitedUser(t, a, { perms: ['cashier.servicerecord.view'], loginShops: [s2] });
    expect((await viewer.client.post(`${P}/checkout/open`, { shopId: s2 })).status).toBe(403);
    expect((await viewer.client.post(`${P}/servicerecords/chain/revoke`, { id: bill.id, hcMemo: 'x' })).status).toBe(403);
    // A user of shop 2 does not see shop 1's bills.
    expect((await viewer.client.get(`${P}/servicerecords/detail/${bill.id}`)).status).toBe(404);
    const theirs = ok(await viewer.client.get(`${P}/servicerecords/chain/list`, {}));
    expect(theirs.list.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
    const cashier = await createLimitedUser(t, a, { perms: ['till.checkout.view', 'till.checkout.edit'], loginShops: [s2] });
    expect((await cashier.client.post(`${P}/checkout/open`, { shopId: s1 })).status).toBe(403);
    expect((await cashier.client.post(`${P}/checkout/lines`, { id: bill.id, version: bill.version, lines: [] })).status).toBe(403);
    expect((await other.admin.get(`${P}/servicerecords/detail/${bill.id}`)).status).toBe(404);
    expect((await other.admin.post(`${P}/servicerecords/chain/revoke`, { id: bill.id, hcMemo: 'x' })).status).toBe(404);
  });
});
