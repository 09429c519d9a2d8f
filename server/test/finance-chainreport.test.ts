import { CHAIN_REPORT_COLUMNS, type ChainReport, type DayReport } from '@headoffice/contract';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { payTemplateItems, payTypes, serviceBills } from '../src/modules/cashier/schema.js';
import { shopIoBills } from '../src/modules/finance/schema.js';
import { shops } from '../src/modules/org/schema.js';
import { serviceShopPrices } from '../src/modules/pricing/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, expect400 } from './helpers.js';
import { newService } from './pricing-helpers.js';
import { key, memberWithCard, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const REPORT = '/api-finance/dayreport';
const CHAIN = '/api-finance/dayreport/chain';

describe('the daily report’s service and product sections, and the chain’s daily report (门店日报汇总)', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.tenant({ demo: true });
  const [s1, s2, s3] = await shopIds(t, a);
  // A small service at ¥80.00 and a product at ¥30.00 in both shops; a big service (大项目) at ¥200.00 in shop 1.
  const f1 = await tillFixture(t, a, s1, { servicePrice: 8_000, productPrice: 3_000, stock: 50 });
  const f2 = await tillFixture(t, a, s2, { servicePrice: 8_000, productPrice: 3_000, stock: 50 });
  const big = await newService(t, a, { serType: 1 });
  await inTenant(t.database.db, a.tenantId, (tx) =>
    tx.insert(serviceShopPrices).values({ tenantId: a.tenantId, shopId: s1, serviceId: big.id, price: 20_000 }),
  );
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payType = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId as number;
  const [cash, wechat] = [payType('01'), payType('23')];
  // The rates the figures below are worked with: cash no fee, WeChat a fee of 0.6%; both 100% performance.
  await inTenant(t.database.db, a.tenantId, async (tx) => {
    for (const [id, feeRate] of [
      [cash, 0],
      [wechat, 60],
    ]) {
      await tx.update(payTypes).set({ feeRate, perfRate: 10_000 }).where(eq(payTypes.id, id));
      await tx.update(payTemplateItems).set({ feeRate, perfRate: 10_000 }).where(eq(payTemplateItems.payTypeId, id));
    }
  });

  async function settle(
    shopId: number,
    lines: unknown[],
    pay: (amount: number) => unknown[],
    member?: { memberId: number; cardId?: number },
  ) {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId, ...member }));
    const priced = ok(await a.admin.post(`${P}/checkout/lines`, { id: opened.id, version: opened.version, lines }));
    return ok(await a.admin.post(`${P}/checkout/settle`, { id: priced.id, version: priced.version, payments: pay(priced.amount) }, key()));
  }
  const byCash = (n: number) => [{ payTypeId: cash, amount: n }];

  // Shop 1's day: big + small by cash (¥280.00), small by WeChat (¥80.00, fee ¥0.48), two products taken home by
  // cash (¥60.00), one product bought by staff by cash (¥30.00), and a big service by cash that is revoked.
  await settle(
    s1,
    [
      { kind: 'service', itemId: big.id, num: 1 },
      { kind: 'service', itemId: f1.service.id, num: 1 },
    ],
    byCash,
  );
  await settle(s1, [{ kind: 'service', itemId: f1.service.id, num: 1 }], (n) => [{ payTypeId: wechat, amount: n }]);
  await settle(s1, [{ kind: 'product', itemId: f1.product.id, num: 2 }], byCash);
  const staffBill = await settle(s1, [{ kind: 'product', itemId: f1.product.id, num: 1, staffPurchase: true }], byCash);
  const revoked = await settle(s1, [{ kind: 'service', itemId: big.id, num: 1 }], byCash);
  ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: revoked.id, hcMemo: '撤单' }));
  const [{ day }] = await inTenant(t.database.db, a.tenantId, (tx) =>
    tx.select({ day: serviceBills.businessDate }).from(serviceBills).where(eq(serviceBills.id, staffBill.id)),
  );

  // Shop 2's day: a card of ¥800.00 opened at the shop for cash, then the small service paid by that card (85% on
  // services: ¥68.00) and the small service by cash (¥80.00).
  const holder = await memberWithCard(t, a, s2, 80_000);
  await settle(s2, [{ kind: 'service', itemId: f2.service.id, num: 1 }], (n) => [{ cardId: holder.cardId, amount: n }], {
    memberId: holder.member.id,
    cardId: holder.cardId,
  });
  await settle(s2, [{ kind: 'service', itemId: f2.service.id, num: 1 }], byCash);

  // Shop 1: other income ¥50.00 and an expense ¥12.00 (a 红冲 one counts nowhere); 微慕 ¥300.00 and 代扣社保 ¥10.00
  // (taken: direction −1, counted in 代扣代缴) on an audited 代缴单 of the day.
  await inTenant(t.database.db, a.tenantId, (tx) =>
    tx.insert(shopIoBills).values([
      {
        tenantId: a.tenantId,
        billNo: `CR${day}A`,
        shopId: s1,
        billDate: day,
        type: 1,
        total: 5_000,
        details: [{ paycode: '01', money: 5_000 }],
      },
      {
        tenantId: a.tenantId,
        billNo: `CR${day}B`,
        shopId: s1,
        billDate: day,
        type: 2,
        total: 1_200,
        details: [{ paycode: '01', money: 1_200 }],
      },
      { tenantId: a.tenantId, billNo: `CR${day}C`, shopId: s1, billDate: day, type: 2, total: 9_999, isHc: 1, details: [] },
    ]),
  );
  const dj = ok(await a.admin.get('/api-finance/dicdjitem/list/all')) as { id: number; code: string }[];
  const item = (code: string) => dj.find((d) => d.code === code)?.id as number;
  const djBill = ok(
    await a.admin.post('/api-finance/djbillhead/saveBill', {
      rq: day,
      lines: [
        { shopId: s1, djItemId: item('55'), umoney: 30_000 },
        { shopId: s1, djItemId: item('DJ001'), umoney: 1_000 },
      ],
    }),
  );
  ok(await a.admin.post('/api-finance/djbillhead/auditBill', { id: djBill.id }));

  it('services per service and by 大/小项目, products 客装 against 内购, worked by hand; a revoked bill counts nowhere', async () => {
    const report: DayReport = ok(await a.admin.get(REPORT, { shopid: s1, day }));
    // 大项目: the big service once by cash: ¥200.00, performance ¥200.00 (the revoked one is not there).
    // 小项目: the small service by cash ¥80.00 (performance ¥80.00) and by WeChat ¥80.00 less its fee
    // round(8000 × 0.6%) = 48 → performance ¥79.52; together qty 2, ¥160.00, ¥159.52.
    const byItem = (x: { itemId: number }, y: { itemId: number }) => x.itemId - y.itemId;
    expect(report.services.map(({ itemId, serType, qty, amount, perf }) => ({ itemId, serType, qty, amount, perf })).sort(byItem)).toEqual(
      [
        { itemId: big.id, serType: 1, qty: 1, amount: 20_000, perf: 20_000 },
        { itemId: f1.service.id, serType: 2, qty: 2, amount: 16_000, perf: 15_952 },
      ].sort(byItem),
    );
    expect(report.serviceTotals).toEqual({
      big: { qty: 1, amount: 20_000, perf: 20_000 },
      small: { qty: 2, amount: 16_000, perf: 15_952 },
    });
    // 客装: 2 × ¥30.00 by cash; 内购: 1 × ¥30.00 by cash.
    expect(report.products.map(({ staffPurchase, qty, amount, perf }) => ({ staffPurchase, qty, amount, perf }))).toEqual([
      { staffPurchase: false, qty: 2, amount: 6_000, perf: 6_000 },
      { staffPurchase: true, qty: 1, amount: 3_000, perf: 3_000 },
    ]);
    expect(report.productTotals).toEqual({
      takeHome: { qty: 2, amount: 6_000, perf: 6_000 },
      staff: { qty: 1, amount: 3_000, perf: 3_000 },
    });
    // The bill keeps the marks as sold: changing the service afterwards leaves the day as it was.
    await inTenant(t.database.db, a.tenantId, (tx) => tx.execute(`update services set ser_type = 2 where id = ${big.id}`));
    expect((ok(await a.admin.get(REPORT, { shopid: s1, day })) as DayReport).serviceTotals.big.qty).toBe(1);
  });

  it('内购 is a product line’s mark only: 400 on a service line', async () => {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1 }));
    const res = await a.admin.post(`${P}/checkout/lines`, {
      id: opened.id,
      version: opened.version,
      lines: [{ kind: 'service', itemId: f1.service.id, num: 1, staffPurchase: true }],
    });
    expect400(res, 'lines.0.staffPurchase');
    expect(res.body.errors?.[0]?.message).toContain('内购');
    ok(await a.admin.post(`${P}/checkout/void`, { id: opened.id, reason: '测试' }));
  });

  it('one row per shop with the daily report’s totals worked by hand, and a chain row equal to the sum of the rows', async () => {
    const report: ChainReport = ok(await a.admin.get(CHAIN, { srq: day }));
    const row = (shopId: number) => report.rows.find((r) => r.shopId === shopId);
    // Shop 1: 主营资金 = cash 280 + 60 + 30 + WeChat 80 − fee 0.48 = ¥449.52; 营业外 ¥50.00; 微慕 ¥300.00;
    // 资金总业绩 = 449.52 + 50 + 300 = ¥799.52; 日常支出 ¥12.00; 代扣代缴 −¥10.00.
    expect(row(s1)).toMatchObject({
      main: 44_952,
      nonOperating: 5_000,
      weimu: 30_000,
      groupBuy: 0,
      eCoupon: 0,
      funds: 79_952,
      expenses: 1_200,
      withheld: -1_000,
      refunds: 0,
      cardSales: 0,
      cardUse: 0,
    });
    // Shop 2: 主营资金 = the card sold for cash ¥800.00 + the service by cash ¥80.00 = ¥880.00 (the card payment is
    // not takings); 开充卡 ¥800.00; 耗卡 ¥68.00.
    expect(row(s2)).toMatchObject({ main: 88_000, funds: 88_000, cardSales: 80_000, cardUse: 6_800, expenses: 0 });
    // An enabled shop with nothing shows its zeros.
    expect(row(s3)).toMatchObject({ main: 0, funds: 0 });
    for (const c of CHAIN_REPORT_COLUMNS) expect(report.total[c.key]).toBe(report.rows.reduce((n, r) => n + r[c.key], 0));
    // The shop's row is its daily report's totals.
    for (const shopid of [s1, s2]) {
      const own: DayReport = ok(await a.admin.get(REPORT, { shopid, day }));
      expect(row(shopid)).toMatchObject(own.totals);
    }
    // A month around the day holds the same; a day without anything, zeros.
    const month: ChainReport = ok(await a.admin.get(CHAIN, { srq: `${day.slice(0, 8)}01`, erq: day }));
    expect(month.total).toEqual(report.total);
    const empty: ChainReport = ok(await a.admin.get(CHAIN, { srq: '2020-01-02' }));
    expect(empty.total.funds).toBe(0);
  });

  it('narrowed to picked shops or a region; exported as a workbook with the chain row', async () => {
    const picked: ChainReport = ok(await a.admin.get(CHAIN, { srq: day, shopIds: `${s1},${s2}` }));
    expect(picked.rows.map((r) => r.shopId).sort()).toEqual([s1, s2].sort());
    expect(picked.total.funds).toBe(79_952 + 88_000);
    const [{ regionId }] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select({ regionId: shops.regionId }).from(shops).where(eq(shops.id, s1)),
    );
    const inRegion = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select({ id: shops.id }).from(shops).where(eq(shops.regionId, regionId)),
    );
    const byRegion: ChainReport = ok(await a.admin.get(CHAIN, { srq: day, regionId }));
    expect(byRegion.rows.every((r) => inRegion.some((s) => s.id === r.shopId))).toBe(true);
    expect(byRegion.rows.some((r) => r.shopId === s1)).toBe(true);

    const xlsx = await a.admin.get(`${CHAIN}/export`, { srq: day, shopIds: `${s1},${s2}` });
    expect(String(xlsx.headers['content-type'])).toContain('spreadsheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(4).text).toBe('资金总业绩');
    expect(sheet.rowCount).toBe(1 + 2 + 1);
    expect(sheet.getRow(4).getCell(2).text).toBe('合计');
    expect(sheet.getRow(4).getCell(4).value).toBe(1_679.52);
  });

  it('400 with a message, 401, 403 without the right, 404 for another tenant’s shop or region, a shop user only their shop', async () => {
    const long = await a.admin.get(CHAIN, { srq: '2026-01-01', erq: '2026-02-01' });
    expect400(long, 'erq');
    expect(long.body.errors?.[0]?.message).toContain('31');
    expect((await a.admin.get(CHAIN, { srq: '2026-02-30' })).status).toBe(400);
    expect((await a.admin.get(CHAIN, { srq: '2026-02-03', erq: '2026-02-01' })).status).toBe(400);
    expect((await t.client('nope').get(CHAIN, { srq: day })).status).toBe(401);
    const none = await createLimitedUser(t, a, { perms: ['finance.dayreport.view'], loginShops: [s1] });
    expect((await none.client.get(CHAIN, { srq: day })).status).toBe(403);
    const [other] = await shopIds(t, b);
    expect((await a.admin.get(CHAIN, { srq: day, shopIds: String(other) })).status).toBe(404);
    const [{ regionId: otherRegion }] = await inTenant(t.database.db, b.tenantId, (tx) =>
      tx
        .select({ regionId: shops.regionId })
        .from(shops)
        .where(inArray(shops.id, [other])),
    );
    expect((await a.admin.get(CHAIN, { srq: day, regionId: otherRegion })).status).toBe(404);
    const shopUser = await createLimitedUser(t, a, { perms: ['finance.chainreport.view'], loginShops: [s2] });
    const mine: ChainReport = ok(await shopUser.client.get(CHAIN, { srq: day }));
    expect(mine.rows.map((r) => r.shopId)).toEqual([s2]);
    expect(mine.total.funds).toBe(88_000);
    expect((await shopUser.client.get(CHAIN, { srq: day, shopIds: String(s1) })).status).toBe(403);
    expect((await shopUser.client.get(`${CHAIN}/export`, { srq: day, shopIds: String(s1) })).status).toBe(403);
  });
});
