import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { figuresRebuild } from '../src/cli-figures.js';
import { dayFigures } from '../src/db/schema.js';
import { payClasses, payTypes, serviceBillPayments, serviceBills } from '../src/modules/cashier/schema.js';
import { type DayFigure, rebuildDayFigures, TILL_MONEY_KINDS } from '../src/platform/day-figures.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeCardType, makeMember } from './assets-support.js';
import { build, type TestTenant } from './helpers.js';
import { key, memberWithCard, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const EVERY_DAY = { from: '2000-01-01', to: '2099-12-31' };
let seq = 0;
/** A sandbox voucher code the platform calls valid, worth `yuan`, never used before in this run. */
const voucherCode = (yuan: number) => `V${yuan}-${Date.now().toString(36)}d${++seq}`;

type Step =
  | { t: 'sale'; shop: 0 | 1; lines: 'service' | 'product' | 'both'; pay: 'cash' | 'wechat' | 'pos' | 'split' }
  | { t: 'byCard'; shop: 0 | 1 }
  | { t: 'revoke'; pick: number }
  | { t: 'cardOpenAtTill'; shop: 0 | 1 }
  | { t: 'recharge'; amount: number }
  | { t: 'refund'; amount: number }
  | { t: 'voucher'; shop: 0 | 1 }
  | { t: 'voucherRefund'; pick: number }
  | { t: 'prepaid'; shop: 0 | 1; amount: number }
  | { t: 'prepaidRefund'; pick: number }
  | { t: 'prepaidMove'; pick: number }
  | { t: 'offlineRefund'; shop: 0 | 1; amount: number }
  | { t: 'offlineCancel'; pick: number };

const shopArb = fc.constantFrom(0 as const, 1 as const);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    t: fc.constant('sale' as const),
    shop: shopArb,
    lines: fc.constantFrom('service' as const, 'product' as const, 'both' as const),
    pay: fc.constantFrom('cash' as const, 'wechat' as const, 'pos' as const, 'split' as const),
  }),
  fc.record({ t: fc.constant('byCard' as const), shop: shopArb }),
  fc.record({ t: fc.constant('revoke' as const), pick: fc.nat() }),
  fc.record({ t: fc.constant('cardOpenAtTill' as const), shop: shopArb }),
  fc.record({ t: fc.constant('recharge' as const), amount: fc.integer({ min: 1_000, max: 50_000 }) }),
  fc.record({ t: fc.constant('refund' as const), amount: fc.integer({ min: 1, max: 5_000 }) }),
  fc.record({ t: fc.constant('voucher' as const), shop: shopArb }),
  fc.record({ t: fc.constant('voucherRefund' as const), pick: fc.nat() }),
  fc.record({ t: fc.constant('prepaid' as const), shop: shopArb, amount: fc.integer({ min: 100, max: 90_000 }) }),
  fc.record({ t: fc.constant('prepaidRefund' as const), pick: fc.nat() }),
  fc.record({ t: fc.constant('prepaidMove' as const), pick: fc.nat() }),
  fc.record({ t: fc.constant('offlineRefund' as const), shop: shopArb, amount: fc.integer({ min: 1, max: 5_000 }) }),
  fc.record({ t: fc.constant('offlineCancel' as const), pick: fc.nat() }),
);

/** The table's rows of the tenant, every day. */
async function kept(t: Awaited<ReturnType<typeof build>>, a: TestTenant) {
  return inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(dayFigures).where(eq(dayFigures.tenantId, a.tenantId)));
}

/**
 * The till's figures recomputed in plain code from the bills and their payments (not through the figures' SQL):
 * per shop, day and pay type the money and the bills paid with it; per shop and day the bills and the visits.
 */
async function fromTheBills(t: Awaited<ReturnType<typeof build>>, a: TestTenant) {
  return inTenant(t.database.db, a.tenantId, async (tx) => {
    const bills = (await tx.select().from(serviceBills).where(eq(serviceBills.tenantId, a.tenantId))).filter(
      (b) => b.status === 4 && b.isHc === 0 && b.isDel === 0,
    );
    const counted = new Map(bills.map((b) => [b.id, b]));
    const money = new Map<string, { amount: number; bills: Set<number> }>();
    for (const p of await tx.select().from(serviceBillPayments).where(eq(serviceBillPayments.tenantId, a.tenantId))) {
      const b = counted.get(p.billId);
      if (!b) continue;
      const k = `${b.shopId}|${b.businessDate}|${p.payTypeId}`;
      const cell = money.get(k) ?? { amount: 0, bills: new Set<number>() };
      cell.amount += p.amount;
      cell.bills.add(b.id);
      money.set(k, cell);
    }
    const days = new Map<string, { bills: number; visits: number }>();
    for (const b of bills) {
      const k = `${b.shopId}|${b.businessDate}`;
      const cell = days.get(k) ?? { bills: 0, visits: 0 };
      cell.bills += 1;
      cell.visits += b.isCompute === 1 ? 1 : 0;
      days.set(k, cell);
    }
    return { money, days };
  });
}

/** The same, read from the table: every till money kind summed per pay type, and the count rows. */
function tillOf(rows: (typeof dayFigures.$inferSelect)[]) {
  const money = new Map<string, { amount: number; bills: number }>();
  const days = new Map<string, { bills: number; visits: number }>();
  for (const r of rows) {
    if (r.payTypeId !== 0 && ((TILL_MONEY_KINDS as string[]).includes(r.kind) || r.kind === 'bill')) {
      const k = `${r.shopId}|${r.day}|${r.payTypeId}`;
      const cell = money.get(k) ?? { amount: 0, bills: 0 };
      if (r.kind === 'bill') cell.bills += r.count;
      else cell.amount += r.amount;
      money.set(k, cell);
    }
    if (r.payTypeId === 0 && (r.kind === 'bill' || r.kind === 'visit')) {
      const k = `${r.shopId}|${r.day}`;
      const cell = days.get(k) ?? { bills: 0, visits: 0 };
      if (r.kind === 'bill') cell.bills += r.count;
      else cell.visits += r.count;
      days.set(k, cell);
    }
  }
  for (const [k, v] of money) if (!v.amount && !v.bills) money.delete(k);
  for (const [k, v] of days) if (!v.bills && !v.visits) days.delete(k);
  return { money, days };
}

describe('daily figures: kept by every write, equal to a rebuild from the records', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [s1, s2] = await shopIds(t, a);
  const shops = [s1, s2];
  const fixtures = [
    await tillFixture(t, a, s1, { servicePrice: 12_345, stock: 1_000 }),
    await tillFixture(t, a, s2, { servicePrice: 6_780, stock: 1_000 }),
  ];
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payType = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId as number;
  const pays = { cash: payType('01'), wechat: payType('23'), pos: payType('07'), unionpay: payType('52') };
  for (const shopId of shops)
    ok(await a.admin.post('/api-third/mtshops/saveMtshop', { shopid: shopId, openShopUuid: `uuid-df-${shopId}-${Date.now()}` }));
  const cardType = await makeCardType(t, a, { shops });
  const holder = await memberWithCard(t, a, s1, 2_000_000);
  // Offline refunds (线下退款) are paid from the shops' risk money: a clerk of both shops makes them, the admin reviews.
  const reserveTypes = ok(await a.admin.get('/api-finance/dicreserve/list/all')) as { id: number; name: string }[];
  const risk = reserveTypes.find((r) => r.name === '风险金')?.id as number;
  const funded = ok(
    await a.admin.post('/api-finance/reservebillhead/saveBill', {
      lines: shops.map((shopId) => ({ shopId, reserveTypeId: risk, money: 10_000_000 })),
    }),
  );
  ok(await a.admin.post('/api-finance/reservebillhead/auditBill', { id: funded.id }));
  const offlineClerk = await createLimitedUser(t, a, { perms: ['finance.xxtk.view', 'finance.xxtk.edit'], loginShops: shops });

  const settle = async (
    shop: number,
    lines: unknown[],
    pay: (amount: number) => unknown[],
    member?: { memberId: number; cardId?: number },
  ) => {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: shop, ...member }));
    const priced = ok(await a.admin.post(`${P}/checkout/lines`, { id: opened.id, version: opened.version, lines }));
    return ok(await a.admin.post(`${P}/checkout/settle`, { id: priced.id, version: priced.version, payments: pay(priced.amount) }, key()));
  };

  const expectRebuildAgrees = async () => {
    const { differences } = await inTenant(t.database.db, a.tenantId, (tx) =>
      rebuildDayFigures(tx, a.tenantId, EVERY_DAY, { dryRun: true }),
    );
    expect(differences).toEqual([]);
    const table = tillOf(await kept(t, a));
    const bills = await fromTheBills(t, a);
    expect(Object.fromEntries(table.money)).toEqual(
      Object.fromEntries([...bills.money].map(([k, v]) => [k, { amount: v.amount, bills: v.bills.size }])),
    );
    expect(Object.fromEntries(table.days)).toEqual(Object.fromEntries(bills.days));
  };

  it('model: random till work (sales, card payments, revokes, cards sold, refunds, vouchers, prepaid orders) leaves the table equal to its rebuild', async () => {
    const live = {
      bills: [] as number[],
      vouchers: [] as number[],
      prepaid: [] as { id: number; shop: number }[],
      offline: [] as number[],
    };
    const run = async (step: Step) => {
      if (step.t === 'sale') {
        const f = fixtures[step.shop];
        const service = { kind: 'service', itemId: f.service.id, num: 1 };
        const product = { kind: 'product', itemId: f.product.id, num: 2 };
        const lines = step.lines === 'service' ? [service] : step.lines === 'product' ? [product] : [service, product];
        const pay = (n: number) =>
          step.pay === 'split'
            ? [
                { payTypeId: pays.cash, amount: Math.floor(n / 3) },
                { payTypeId: pays.wechat, amount: n - Math.floor(n / 3) },
              ]
            : [{ payTypeId: pays[step.pay], amount: n }];
        live.bills.push((await settle(shops[step.shop], lines, pay)).id);
      } else if (step.t === 'byCard') {
        const f = fixtures[step.shop];
        const card = { memberId: holder.member.id, cardId: holder.cardId };
        const bill = await settle(
          shops[step.shop],
          [{ kind: 'service', itemId: f.service.id, num: 1 }],
          (n) => [{ cardId: card.cardId, amount: n }],
          card,
        );
        live.bills.push(bill.id);
      } else if (step.t === 'revoke') {
        if (!live.bills.length) return;
        const [id] = live.bills.splice(step.pick % live.bills.length, 1);
        const res = await a.admin.post(`${P}/servicerecords/chain/revoke`, { id, hcMemo: '模型撤单' });
        // A reversal the ledgers refuse (a card's money spent since) leaves the bill counted.
        if (res.status === 409) live.bills.push(id);
        else ok(res);
      } else if (step.t === 'cardOpenAtTill') {
        const newcomer = await makeMember(t, a, shops[step.shop]);
        const bill = await settle(
          shops[step.shop],
          [{ kind: 'cardOpen', itemId: cardType.id, num: 1, amount: 30_000 }],
          (n) => [{ payTypeId: pays.cash, amount: n }],
          {
            memberId: newcomer.id,
          },
        );
        live.bills.push(bill.id);
      } else if (step.t === 'recharge') {
        ok(await a.admin.post('/api-member/membercard/recharge', { cardId: holder.cardId, shopId: s1, amount: step.amount }, key()));
      } else if (step.t === 'refund') {
        ok(
          await a.admin.post(
            '/api-member/tkhead/saveRefund',
            { memid: holder.member.id, shopId: s1, cards: [{ cardid: holder.cardId, shopId: s1, tkje: step.amount, tzje: 0 }] },
            key(),
          ),
        );
      } else if (step.t === 'offlineRefund') {
        const X = '/api-finance/xxtkrecords';
        const bill = ok(
          await offlineClerk.client.post(`${X}/saveBill`, {
            shopId: shops[step.shop],
            memType: 2,
            serveType: 'MF1',
            tkMoney: step.amount,
            tkName: '李四',
            tkMobile: '13900139000',
            tkAttr: 5,
            tkContent: '团购券未使用',
            reserveTypeId: risk,
            payType: 1,
          }),
        );
        ok(await offlineClerk.client.post(`${X}/submitBill`, { id: bill.id }));
        ok(await a.admin.post(`${X}/auditBillsp`, { id: bill.id }));
        ok(await a.admin.post(`${X}/auditBillfh`, { id: bill.id }));
        live.offline.push(bill.id);
      } else if (step.t === 'offlineCancel') {
        if (!live.offline.length) return;
        const [id] = live.offline.splice(step.pick % live.offline.length, 1);
        ok(await a.admin.post('/api-finance/xxtkrecords/cancelFhBill', { id }));
      } else if (step.t === 'voucher') {
        live.vouchers.push(ok(await a.admin.post(`${P}/thirdorder/verify`, { shopId: shops[step.shop], code: voucherCode(35) }, key())).id);
      } else if (step.t === 'voucherRefund') {
        if (!live.vouchers.length) return;
        const [id] = live.vouchers.splice(step.pick % live.vouchers.length, 1);
        ok(await a.admin.post(`${P}/thirdorder/mt/tkbill`, { id, reason: '顾客退订' }));
      } else if (step.t === 'prepaid') {
        const order = ok(
          await a.admin.post(
            `${P}/prepaidorder/payOrder`,
            { shopId: shops[step.shop], payTypeId: pays.unionpay, amount: step.amount },
            key(),
          ),
        );
        live.prepaid.push({ id: order.id, shop: step.shop });
      } else if (step.t === 'prepaidRefund') {
        if (!live.prepaid.length) return;
        const [order] = live.prepaid.splice(step.pick % live.prepaid.length, 1);
        ok(await a.admin.post(`${P}/prepaidorder/refound`, { id: order.id, reason: '客户取消' }));
      } else {
        if (!live.prepaid.length) return;
        const order = live.prepaid[step.pick % live.prepaid.length];
        const to = order.shop === 0 ? 1 : 0;
        ok(await a.admin.post(`${P}/prepaidadj/save`, { orderId: order.id, adjShopId: shops[to], reason: '扫错码' }, key()));
        order.shop = to;
      }
    };
    // Each kind of step once, then random sequences.
    const once: Step[] = [
      { t: 'sale', shop: 0, lines: 'both', pay: 'split' },
      { t: 'byCard', shop: 1 },
      { t: 'cardOpenAtTill', shop: 0 },
      { t: 'recharge', amount: 10_000 },
      { t: 'refund', amount: 2_500 },
      { t: 'voucher', shop: 0 },
      { t: 'voucherRefund', pick: 0 },
      { t: 'prepaid', shop: 1, amount: 8_800 },
      { t: 'prepaidMove', pick: 0 },
      { t: 'prepaidRefund', pick: 0 },
      { t: 'revoke', pick: 2 },
      { t: 'voucher', shop: 1 },
      { t: 'prepaid', shop: 0, amount: 1_234 },
      { t: 'offlineRefund', shop: 1, amount: 1_500 },
      { t: 'offlineRefund', shop: 0, amount: 700 },
      { t: 'offlineCancel', pick: 1 },
    ];
    for (const step of once) await run(step);
    await expectRebuildAgrees();
    const rows = await kept(t, a);
    const kinds = ['service', 'product', 'cardSale', 'cardUse', 'refund', 'voucher', 'prepaid', 'visit'];
    // The second shop's refunds are its reviewed offline refund; the first shop's cancelled one counts nowhere.
    const refunds = (shopId: number) => rows.filter((r) => r.kind === 'refund' && r.shopId === shopId);
    expect(refunds(s2).map((r) => [r.amount, r.count])).toEqual([[1_500, 1]]);
    expect(refunds(s1).reduce((n, r) => n + r.amount, 0)).toBe(2_500);
    expect(kinds.filter((kind) => rows.some((r) => r.kind === kind && (r.amount !== 0 || r.count !== 0)))).toEqual(kinds);
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 4, maxLength: 10 }), async (steps) => {
        for (const step of steps) await run(step);
        await expectRebuildAgrees();
      }),
      { numRuns: 4, seed: 20_261_202 },
    );
  });

  it('turnover answers from the table what the bills answer, and the home page its till figures', async () => {
    const answer = ok(await a.admin.get(`${P}/turnover/chain/list`, {}));
    const bills = await fromTheBills(t, a);
    const names = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select({ id: payTypes.id, code: payTypes.code, name: payTypes.name, classCode: payClasses.code })
        .from(payTypes)
        .innerJoin(payClasses, and(eq(payClasses.tenantId, payTypes.tenantId), eq(payClasses.id, payTypes.classId)))
        .where(eq(payTypes.tenantId, a.tenantId)),
    );
    const expected = new Map<string, { amount: number; bills: Set<number> }>();
    for (const [k, v] of bills.money) {
      const [shopId, , payTypeId] = k.split('|');
      const cell = expected.get(`${shopId}|${payTypeId}`) ?? { amount: 0, bills: new Set<number>() };
      cell.amount += v.amount;
      for (const b of v.bills) cell.bills.add(b);
      expected.set(`${shopId}|${payTypeId}`, cell);
    }
    type Row = { shopId: number; payTypeId: number; payCode: string; payName: string; classCode: string; amount: number; bills: number };
    const got = Object.fromEntries((answer.rows as Row[]).map((r) => [`${r.shopId}|${r.payTypeId}`, r]));
    expect(Object.keys(got).sort()).toEqual([...expected.keys()].sort());
    for (const [k, v] of expected) {
      const pay = names.find((n) => n.id === Number(k.split('|')[1]));
      expect(got[k]).toMatchObject({
        amount: v.amount,
        bills: v.bills.size,
        payCode: pay?.code,
        payName: pay?.name,
        classCode: pay?.classCode,
      });
    }
    for (const shop of answer.shops as { shopId: number; bills: number; amount: number }[]) {
      const days = [...bills.days].filter(([k]) => k.startsWith(`${shop.shopId}|`));
      expect(shop.bills).toBe(days.reduce((n, [, v]) => n + v.bills, 0));
    }
    expect(answer.total).toBe([...expected.values()].reduce((n, v) => n + v.amount, 0));
    // The home page's till figures of today and the month, from the same bills.
    const home = ok(await a.admin.get('/api-home/dashboard', {}));
    for (const s of home.shops as { shopId: number; today: { visits: number }; month: { visits: number } }[]) {
      const today = bills.days.get(`${s.shopId}|${home.date}`);
      expect(s.today.visits).toBe(today?.visits ?? 0);
    }
  });

  it('20 settles at once on one shop and day: the day’s cash is their exact sum', async () => {
    const f = fixtures[1];
    const opened = [];
    for (let i = 0; i < 20; i++) {
      const bill = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s2 }));
      opened.push(
        ok(
          await a.admin.post(`${P}/checkout/lines`, {
            id: bill.id,
            version: bill.version,
            lines: [{ kind: 'service', itemId: f.service.id, num: 1 }],
          }),
        ),
      );
    }
    const cashOf = async (day: string) => {
      const rows = await inTenant(t.database.db, a.tenantId, (tx) =>
        tx
          .select({ amount: dayFigures.amount, count: dayFigures.count })
          .from(dayFigures)
          .where(
            and(eq(dayFigures.shopId, s2), eq(dayFigures.day, day), eq(dayFigures.payTypeId, pays.cash), eq(dayFigures.kind, 'service')),
          ),
      );
      return rows[0] ?? { amount: 0, count: 0 };
    };
    const day = opened[0].businessDate as string;
    const before = await cashOf(day);
    const settled = await Promise.all(
      opened.map(async (b) =>
        ok(
          await a.admin.post(
            `${P}/checkout/settle`,
            { id: b.id, version: b.version, payments: [{ payTypeId: pays.cash, amount: b.amount }] },
            key(),
          ),
        ),
      ),
    );
    const after = await cashOf(day);
    expect(after.amount - before.amount).toBe(settled.reduce((n, b) => n + b.amount, 0));
    expect(after.count - before.count).toBe(20);
    await expectRebuildAgrees();
  });

  it('the rebuild command: a dry run names what differs and writes nothing; a rebuild puts back what the records say, in its shops only', async () => {
    const day = ok(await a.admin.get('/api-home/dashboard', {})).date as string;
    const clean = await figuresRebuild(t.database.db, [a.code, day, day, '--dry-run']);
    expect(clean).toMatch(/ 0 differ from the table/);
    const spoil = () =>
      inTenant(t.database.db, a.tenantId, async (tx) => {
        await tx.execute(
          sql`update day_figures set amount = amount + 1 where tenant_id = ${a.tenantId} and day = ${day}::date and kind = 'service'`,
        );
        await tx.execute(sql`delete from day_figures where tenant_id = ${a.tenantId} and day = ${day}::date and kind = 'visit'`);
      });
    await spoil();
    const spoiled = (await kept(t, a)).filter((r) => r.day === day).map((r) => ({ ...r }));
    const dry = await figuresRebuild(t.database.db, [a.code, day, day, '--dry-run']);
    const differing = Number(/ (\d+) differ from the table/.exec(dry)?.[1]);
    expect(differing).toBeGreaterThanOrEqual(4); // a service row and a visit row in each of the two shops
    expect(dry).toContain(`shop ${s1} ${day}`);
    expect((await kept(t, a)).filter((r) => r.day === day)).toEqual(spoiled);
    // Only s1 rebuilt: s2's spoiled rows stay as they are.
    const one = await figuresRebuild(t.database.db, [a.code, day, day, '--shop', String(s1)]);
    expect(one).toMatch(/rows rebuilt from the records; \d+ had differed/);
    const afterOne = await figuresRebuild(t.database.db, [a.code, day, day, '--dry-run']);
    expect(afterOne).not.toContain(`shop ${s1} `);
    expect(afterOne).toContain(`shop ${s2} `);
    await figuresRebuild(t.database.db, [a.code, day, day]);
    expect(await figuresRebuild(t.database.db, [a.code, day, day, '--dry-run'])).toMatch(/ 0 differ from the table/);
    await expectRebuildAgrees();
    for (const bad of [
      [],
      [a.code, day],
      [a.code, '2026-13-01', day],
      [a.code, day, '2000-01-01'],
      [a.code, day, day, '--shop', 'x'],
      ['no-such-tenant', day, day],
    ])
      await expect(figuresRebuild(t.database.db, bad)).rejects.toThrow(/figures rebuild|No tenant|--shop/);
  });

  it("the migration's back-fill gives the rows a rebuild gives", async () => {
    const file = fs.readFileSync(new URL('../drizzle/0052_day_figures.sql', import.meta.url), 'utf8');
    const backfill = file.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toContain('insert into day_figures');
    const mine = (rows: DayFigure[]) =>
      rows
        .filter((r) => r.amount !== 0 || r.count !== 0)
        .map((r) => `${r.shopId}|${r.day}|${r.payTypeId}|${r.kind}|${r.amount}|${r.count}`)
        .sort();
    const filled = await inTenant(t.database.db, a.tenantId, async (tx) => {
      await tx.execute(sql`create temp table backfill (like day_figures) on commit drop`);
      await tx.execute(sql.raw(backfill.replace('insert into day_figures', 'insert into pg_temp.backfill')));
      const result = (await tx.execute(
        sql`select shop_id, day::text as day, pay_type_id, kind, amount, count from pg_temp.backfill where tenant_id = ${a.tenantId}`,
      )) as unknown as { rows: { shop_id: unknown; day: string; pay_type_id: unknown; kind: string; amount: unknown; count: unknown }[] };
      return result.rows.map((r) => ({
        shopId: Number(r.shop_id),
        day: r.day,
        payTypeId: Number(r.pay_type_id),
        kind: r.kind as DayFigure['kind'],
        amount: Number(r.amount),
        count: Number(r.count),
      }));
    });
    const table = (await kept(t, a)).map((r) => ({ ...r, kind: r.kind as DayFigure['kind'] }));
    expect(filled.length).toBeGreaterThan(10);
    expect(mine(filled)).toEqual(mine(table));
  });
});
