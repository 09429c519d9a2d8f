import { type DayReport, dayReportColumnOf } from '@headoffice/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenants } from '../src/db/tenants.js';
import { cardBills, memberCards } from '../src/modules/assets/schema.js';
import { serviceBillLines, serviceBillPayments, serviceBillShares, serviceBills } from '../src/modules/cashier/schema.js';
import { shopIoBills } from '../src/modules/finance/schema.js';
import { businessDate } from '../src/platform/numbering.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeCardType, makeMember } from './assets-support.js';
import { build } from './helpers.js';
import { key, memberWithCard, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const REPORT = '/api-finance/dayreport';
const REFUND = '/api-finance/cardtkhead';
const TAKINGS = '/api-finance/dayshoppay/funds/shop';

describe('the daily report (日报表)', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.tenant({ demo: true });
  const [s1, s2] = await shopIds(t, a);
  const f = await tillFixture(t, a, s1, { servicePrice: 12_345, productPrice: 2_990, stock: 50 });
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payType = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId as number;
  const [cash, wechat, pos] = [payType('01'), payType('23'), payType('07')];
  const service = { kind: 'service', itemId: f.service.id, num: 1 };
  const product = { kind: 'product', itemId: f.product.id, num: 2 };

  async function settle(lines: unknown[], pay: (amount: number) => unknown[], member?: { memberId: number; cardId?: number }) {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1, ...member }));
    const priced = ok(await a.admin.post(`${P}/checkout/lines`, { id: opened.id, version: opened.version, lines }));
    return ok(await a.admin.post(`${P}/checkout/settle`, { id: priced.id, version: priced.version, payments: pay(priced.amount) }, key()));
  }

  /** The report's numbers recomputed in plain code from the records of the shop and day. */
  async function recompute(day: string) {
    return inTenant(t.database.db, a.tenantId, async (tx) => {
      const [{ zone }] = await tx.select({ zone: tenants.timeZone }).from(tenants).where(eq(tenants.id, a.tenantId));
      const bills = (
        await tx
          .select()
          .from(serviceBills)
          .where(and(eq(serviceBills.shopId, s1), eq(serviceBills.businessDate, day)))
      ).filter((x) => x.status === 4 && x.isHc === 0 && x.isDel === 0);
      const ids = bills.map((x) => x.id);
      const payments = ids.length ? await tx.select().from(serviceBillPayments).where(inArray(serviceBillPayments.billId, ids)) : [];
      const shares = ids.length ? await tx.select().from(serviceBillShares).where(inArray(serviceBillShares.billId, ids)) : [];
      const lines = ids.length ? await tx.select().from(serviceBillLines).where(inArray(serviceBillLines.billId, ids)) : [];
      const cards = (await tx.select().from(cardBills).innerJoin(memberCards, eq(memberCards.id, cardBills.cardId))).filter(
        (c) =>
          c.card_bills.shopId === s1 &&
          ['open', 'recharge'].includes(c.card_bills.kind) &&
          c.card_bills.revokedAt === null &&
          businessDate(zone, c.card_bills.createdAt) === day,
      );
      const io = (
        await tx
          .select()
          .from(shopIoBills)
          .where(and(eq(shopIoBills.shopId, s1), eq(shopIoBills.billDate, day)))
      ).filter((x) => x.isHc === 0);
      const cells = new Map<string, { amount: number; fee: number }>();
      const add = (row: string, code: string | null, amount: number, fee: number) => {
        for (const r of [row, 'total']) {
          const k = `${r}|${dayReportColumnOf(code)}`;
          const c = cells.get(k) ?? { amount: 0, fee: 0 };
          cells.set(k, { amount: c.amount + amount, fee: c.fee + fee });
        }
      };
      const rowOf = (kind: string) => (kind === 'package' ? 'package' : kind.startsWith('card') ? 'cardSale' : 'till');
      for (const s of shares) {
        const p = payments.find((x) => x.id === s.paymentId);
        const l = lines.find((x) => x.id === s.lineId);
        add(rowOf(l?.kind ?? ''), p?.payCode ?? null, s.amount, s.fee);
      }
      for (const c of cards) if (c.card_bills.ownerDoc === null) add('cardSale', null, c.card_bills.amount, 0);
      for (const x of io.filter((x) => x.type === 1)) for (const d of x.details) add('income', d.paycode, d.money, d.freeRateJe ?? 0);
      // 主营资金: the takings of sales, packages and cards, net of fees (other income is 营业外资金).
      const main = [...cells]
        .filter(
          ([k]) =>
            ['till', 'package', 'cardSale'].includes(k.split('|')[0]) &&
            ['cash', 'pos', 'wechat', 'unionpay', 'icbc'].includes(k.split('|')[1]),
        )
        .reduce((n, [, c]) => n + c.amount - c.fee, 0);
      const serviceAmount = shares
        .filter((s) => lines.find((l) => l.id === s.lineId)?.kind === 'service')
        .reduce((n, s) => n + s.amount, 0);
      return {
        billIds: ids.sort((x, y) => x - y),
        visits: bills.filter((x) => x.isCompute === 1).length,
        cells,
        main,
        nonOperating: io.filter((x) => x.type === 1).reduce((n, x) => n + x.total, 0),
        expenses: io.filter((x) => x.type === 2).reduce((n, x) => n + x.total, 0),
        serviceAmount,
        cardMoney: payments.filter((p) => p.payCode === '02').reduce((n, p) => n + p.amount, 0),
        cardSales: cards.reduce((n, c) => n + c.card_bills.amount, 0),
      };
    });
  }

  it('after a mixed day (settles, a revoke, cards sold, income and expense, a refund reviewed) every total equals its recomputation from the records', async () => {
    const byCash = await settle([service], (n) => [{ payTypeId: cash, amount: n }]);
    await settle([service, product], (n) => [
      { payTypeId: wechat, amount: Math.floor(n / 2) },
      { payTypeId: pos, amount: n - Math.floor(n / 2) },
    ]);
    const holder = await memberWithCard(t, a, s1, 80_000);
    await settle([service], (n) => [{ cardId: holder.cardId, amount: n }], { memberId: holder.member.id, cardId: holder.cardId });
    const cardType = await makeCardType(t, a, { shops: [s1] });
    const newcomer = await makeMember(t, a, s1);
    await settle([{ kind: 'cardOpen', itemId: cardType.id, num: 1, amount: 30_000 }], (n) => [{ payTypeId: cash, amount: n }], {
      memberId: newcomer.id,
    });
    ok(await a.admin.post('/api-member/membercard/recharge', { cardId: holder.cardId, shopId: s1, amount: 20_000 }, key()));
    ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: byCash.id, hcMemo: '撤单' }));
    const [bill] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select({ day: serviceBills.businessDate }).from(serviceBills).where(eq(serviceBills.id, byCash.id)),
    );
    const day = bill.day;
    // The shop's other income (a new pay code lands in 其他) and a daily expense, as the till writes them.
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.insert(shopIoBills).values([
        {
          tenantId: a.tenantId,
          billNo: `IO${byCash.id}A`,
          shopId: s1,
          billDate: day,
          type: 1,
          total: 5_000,
          details: [
            { paycode: '01', money: 3_000 },
            { paycode: '98', money: 2_000 },
          ],
        },
        {
          tenantId: a.tenantId,
          billNo: `IO${byCash.id}B`,
          shopId: s1,
          billDate: day,
          type: 2,
          total: 1_200,
          details: [{ paycode: '01', money: 1_200 }],
        },
        { tenantId: a.tenantId, billNo: `IO${byCash.id}C`, shopId: s1, billDate: day, type: 2, total: 9_999, isHc: 1, details: [] },
      ]),
    );
    // A card refund approved and reviewed today, paid out of the shop's refund deposit.
    const reserveTypes = ok(await a.admin.get('/api-finance/dicreserve/list/all')) as { id: number; name: string }[];
    const deposit = reserveTypes.find((r) => r.name === '退卡保证金')?.id as number;
    const reserve = ok(
      await a.admin.post('/api-finance/reservebillhead/saveBill', { lines: [{ shopId: s1, reserveTypeId: deposit, money: 50_000 }] }),
    );
    ok(await a.admin.post('/api-finance/reservebillhead/auditBill', { id: reserve.id }));
    const clerk = await createLimitedUser(t, a, { perms: ['finance.cardtk.view', 'finance.cardtk.edit'], loginShops: [s1] });
    const refund = ok(
      await clerk.client.post(`${REFUND}/saveBill`, {
        shopId: s1,
        memberId: holder.member.id,
        tkattr: 3,
        tkcontent: '顾客搬家',
        tkname: '张三',
        tkmobile: '13800138000',
        tktype: 2,
        reserveTypeId: deposit,
        payee: '张三',
        bank: '招商银行',
        bankno: '6225880112345678',
        lines: [{ kind: 'card', cardId: holder.cardId, bucketShopId: s1, tkje: 5_000, tzje: 0 }],
      }),
    );
    ok(await clerk.client.post(`${REFUND}/submitBill`, { id: refund.id }));
    ok(await a.admin.post(`${REFUND}/auditSpBill`, { id: refund.id }));
    const reviewed = ok(await a.admin.post(`${REFUND}/auditFhBill`, { id: refund.id }));
    // An offline refund (线下退款) reviewed today from the same deposit, and one whose review is cancelled.
    const X = '/api-finance/xxtkrecords';
    const offlineClerk = await createLimitedUser(t, a, { perms: ['finance.xxtk.view', 'finance.xxtk.edit'], loginShops: [s1] });
    const offline = async (tkMoney: number) => {
      const saved = ok(
        await offlineClerk.client.post(`${X}/saveBill`, {
          shopId: s1,
          memType: 2,
          serveType: 'MF1',
          tkMoney,
          tkName: '李四',
          tkMobile: '13900139000',
          tkAttr: 5,
          tkContent: '团购券未使用',
          reserveTypeId: deposit,
          payType: 1,
        }),
      );
      ok(await offlineClerk.client.post(`${X}/submitBill`, { id: saved.id }));
      ok(await a.admin.post(`${X}/auditBillsp`, { id: saved.id }));
      return ok(await a.admin.post(`${X}/auditBillfh`, { id: saved.id }));
    };
    const offlineRefund = await offline(1_200);
    ok(await a.admin.post(`${X}/cancelFhBill`, { id: (await offline(800)).id }));

    // The day's dj items (代缴单, audited): 微慕 entered 300.00 then replaced (覆盖) by 500.00, 团购 and 电商券
    // once, 代扣社保 (累加) twice; a draft counts nowhere, nor another shop's or another day's amounts.
    const dj = ok(await a.admin.get('/api-finance/dicdjitem/list/all')) as { id: number; code: string }[];
    const item = (code: string) => dj.find((d) => d.code === code)?.id as number;
    const djBill = async (rq: string, lines: { shopId?: number; code: string; umoney: number }[], audit = true) => {
      const saved = ok(
        await a.admin.post('/api-finance/djbillhead/saveBill', {
          rq,
          lines: lines.map((l) => ({ shopId: l.shopId ?? s1, djItemId: item(l.code), umoney: l.umoney })),
        }),
      );
      return audit ? ok(await a.admin.post('/api-finance/djbillhead/auditBill', { id: saved.id })) : saved;
    };
    await djBill(day, [
      { code: '55', umoney: 30_000 },
      { code: '94', umoney: 12_000 },
      { code: 'DJ001', umoney: 1_000 },
    ]);
    const second = await djBill(day, [
      { code: '55', umoney: 50_000 },
      { code: '54', umoney: 3_456 },
      { code: 'DJ001', umoney: 2_000 },
      { shopId: s2, code: '94', umoney: 77_700 },
    ]);
    expect(second.lines.map((l: { smoney: number; rmoney: number }) => [l.smoney, l.rmoney])).toEqual([
      [30_000, 50_000],
      [0, 3_456],
      [1_000, 3_000],
      [0, 77_700],
    ]);
    await djBill(day, [{ code: '54', umoney: 99_900 }], false);
    await djBill('2020-01-03', [{ code: '55', umoney: 88_800 }]);

    const report: DayReport = ok(await a.admin.get(REPORT, { shopid: s1, day }));
    const x = await recompute(day);
    expect(report.bills.map((r) => r.id).sort((p, q) => p - q)).toEqual(x.billIds);
    expect(report.bills.some((r) => r.id === byCash.id)).toBe(false);
    expect(report.customers).toEqual({ bills: x.billIds.length, visits: x.visits });
    for (const { row, cells } of report.pay)
      for (const [column, cell] of Object.entries(cells))
        expect({ row, column, ...cell }).toEqual({ row, column, ...(x.cells.get(`${row}|${column}`) ?? { amount: 0, fee: 0 }) });
    const total = report.pay.find((r) => r.row === 'total')?.cells ?? {};
    expect(total.other.amount).toBeGreaterThanOrEqual(2_000 + 20_000);
    expect(total.pos.fee).toBeGreaterThan(0);
    expect(report.dj.map((d) => [d.code, d.amount])).toEqual([
      ['55', 50_000],
      ['94', 12_000],
      ['54', 3_456],
      ['DJ001', 3_000],
    ]);
    expect(report.totals).toEqual({
      main: x.main,
      nonOperating: x.nonOperating,
      weimu: 50_000,
      groupBuy: 12_000,
      eCoupon: 3_456,
      // 资金总业绩 = 主营资金 + 营业外资金 + 微慕 + 团购 + 电商券 (代扣社保 is not funds)
      funds: x.main + x.nonOperating + 50_000 + 12_000 + 3_456,
      expenses: x.expenses,
      refunds: reviewed.totalMoney + 1_200,
      // 代扣代缴合计: 代扣社保 counts in it, taken (direction −1).
      withheld: -3_000,
    });
    expect(report.dj.map((d) => [d.code, d.signed])).toEqual([
      ['55', 50_000],
      ['94', 12_000],
      ['54', 3_456],
      ['DJ001', -3_000],
    ]);
    expect(report.refunds.map((r) => [r.kind, r.id])).toEqual([
      ['card', refund.id],
      ['offline', offlineRefund.id],
    ]);
    expect(report.services.reduce((n, s) => n + s.amount, 0)).toBe(x.serviceAmount);
    expect(report.services.find((s) => s.itemId === f.service.id)?.qty).toBe(2);
    expect(report.products.find((p) => p.itemId === f.product.id)?.qty).toBe(2);
    expect(report.consumption.cardMoney).toBe(x.cardMoney);
    expect(report.consumption.cardMoney).toBeGreaterThan(0);
    expect(report.cards.reduce((n, c) => n + c.total, 0)).toBe(x.cardSales);
    expect(report.cards.find((c) => c.cardTypeId === cardType.id)).toMatchObject({ openQty: 1, openAmount: 30_000, rechargeQty: 0 });
    // The shop's takings (资金) of the day are the report's 主营资金, read from the daily figures.
    const takings = ok(await a.admin.get(TAKINGS, { shopid: s1, srq: day }));
    expect(takings).toMatchObject({ shopId: s1, srq: day, erq: day, funds: report.totals.main });
    expect(ok(await a.admin.get(TAKINGS, { shopid: s1, srq: `${day.slice(0, 8)}01`, erq: day })).funds).toBe(report.totals.main);
    // Another day of the shop: nothing.
    const empty: DayReport = ok(await a.admin.get(REPORT, { shopid: s1, day: '2020-01-02' }));
    expect([empty.bills.length, empty.totals.funds, empty.customers.visits]).toEqual([0, 0, 0]);
  });

  it('400 with a message, 401, 403 without the right, 404 for another tenant’s shop, a one-shop user only their shop', async () => {
    const bad = await a.admin.get(REPORT, { shopid: s1, day: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.resp_msg).toBeTruthy();
    expect((await a.admin.get(REPORT, { day: '2026-02-03' })).status).toBe(400);
    expect((await t.client('nope').get(REPORT, { shopid: s1, day: '2026-02-03' })).status).toBe(401);
    const none = await createLimitedUser(t, a, { perms: ['home.view'], loginShops: [s1] });
    expect((await none.client.get(REPORT, { shopid: s1, day: '2026-02-03' })).status).toBe(403);
    const [other] = await shopIds(t, b);
    expect((await a.admin.get(REPORT, { shopid: other, day: '2026-02-03' })).status).toBe(404);
    const shopUser = await createLimitedUser(t, a, { perms: ['finance.dayreport.view'], loginShops: [s2] });
    expect(ok(await shopUser.client.get(REPORT, { shopid: s2, day: '2026-02-03' })).shopId).toBe(s2);
    expect((await shopUser.client.get(REPORT, { shopid: s1, day: '2026-02-03' })).status).toBe(403);
  });

  it('a shop’s takings: 400 with a message, 401, 403 without either right, 404 for another tenant’s shop, a shop user only their shop', async () => {
    const backwards = await a.admin.get(TAKINGS, { shopid: s1, srq: '2026-02-03', erq: '2026-02-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.resp_msg).toBeTruthy();
    expect((await t.client('nope').get(TAKINGS, { shopid: s1, srq: '2026-02-03' })).status).toBe(401);
    const none = await createLimitedUser(t, a, { perms: ['finance.dayreport.view'], loginShops: [s1] });
    expect((await none.client.get(TAKINGS, { shopid: s1, srq: '2026-02-03' })).status).toBe(403);
    const [other] = await shopIds(t, b);
    expect((await a.admin.get(TAKINGS, { shopid: other, srq: '2026-02-03' })).status).toBe(404);
    // The fund bill's right reads it too, of the user's shops only.
    const shopUser = await createLimitedUser(t, a, { perms: ['finance.fundbill.view'], loginShops: [s2] });
    expect(ok(await shopUser.client.get(TAKINGS, { shopid: s2, srq: '2026-02-03' }))).toEqual({
      shopId: s2,
      srq: '2026-02-03',
      erq: '2026-02-03',
      funds: 0,
      days: [],
    });
    expect((await shopUser.client.get(TAKINGS, { shopid: s1, srq: '2026-02-03' })).status).toBe(403);
  });
});
