import { REPORT_HEAD, reportDataPath, serviceBill } from '@headoffice/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/platform/ledger.js';
import { tenantToday } from '../src/platform/numbering.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeMember } from './assets-support.js';
import { build, type TestTenant } from './helpers.js';
import { key, memberWithCard, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const DATA = reportDataPath(REPORT_HEAD);

type Row = Record<string, unknown>;

/** The shipped reports the charts read, recomputed from the bills a random sequence of sales and revokes left. */
describe('the charts’ reports', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [s1, s2] = await shopIds(t, a);
  const fixtures = {
    [s1]: await tillFixture(t, a, s1, { servicePrice: 12_300 }),
    [s2]: await tillFixture(t, a, s2, { servicePrice: 8_800 }),
  };
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payId = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId as number;
  const CASH = payId('01');
  const OTHER = payId('23');

  const run = async (code: string, params: Record<string, unknown>, client: TestTenant['admin'] = a.admin) =>
    ok(await client.get(DATA, { code, params: JSON.stringify(params), pageSize: 200 })) as {
      rows: Row[];
      totals: Record<string, number> | null;
      total: number;
    };

  const today = () => inTenant(t.database.db, a.tenantId, (tx) => tenantToday(tx, a.tenantId));

  interface Sale {
    id: number;
    shop: number;
    amount: number;
    /** Cents paid by cash, by the other pay type, by card. */
    cash: number;
    other: number;
    card: number;
    employee: string;
    revoked: boolean;
  }

  async function sell(shop: number, how: 'cash' | 'split' | 'card', card?: { memberId: number; cardId: number }): Promise<Sale> {
    const f = fixtures[shop];
    const stylist = f.staff[0];
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: shop, ...(card ? { memberId: card.memberId } : {}) }));
    const bill = ok(
      await a.admin.post(`${P}/checkout/lines`, {
        id: opened.id,
        version: opened.version,
        lines: [{ kind: 'service', itemId: f.service.id, num: 1, staff: [{ employeeId: stylist.id, station: 1, appointed: true }] }],
      }),
    );
    const amount = bill.amount as number;
    const cash = how === 'cash' ? amount : how === 'split' ? 1_000 : 0;
    const other = how === 'split' ? amount - 1_000 : 0;
    const payments =
      how === 'card'
        ? [{ cardId: card?.cardId, amount }]
        : [{ payTypeId: CASH, amount: cash }, ...(other ? [{ payTypeId: OTHER, amount: other }] : [])];
    const settled = ok(await a.admin.post(`${P}/checkout/settle`, { id: bill.id, version: bill.version, payments }, key()));
    const [employee] = rowsOf<{ eecode: string }>(
      await inTenant(t.database.db, a.tenantId, (tx) => tx.execute(sql`select eecode from employees where id = ${stylist.id}`)),
    );
    return {
      id: settled.id,
      shop,
      amount: settled.amount,
      cash,
      other,
      card: how === 'card' ? settled.amount : 0,
      employee: employee.eecode,
      revoked: false,
    };
  }

  it('turnover by day, by shop and by pay kind, and the bills behind them, add up to the bills a random run left; a revoked bill counts nowhere', async () => {
    const day = await today();
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const range = { day: [day, day] };
    // the card is sold first: its money counts in the day's takings too
    const { member, cardId } = await memberWithCard(t, a, s1, 500_000);
    const before = {
      days: await run('TURNOVER_DAY', range),
      shops: await run('TURNOVER_SHOP', range),
      pays: await run('PAY_MIX', range),
    };

    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const sales: Sale[] = [];
    for (let step = 0; step < 9; step++) {
      const live = sales.filter((s) => !s.revoked);
      if (live.length && next(4) === 0) {
        const victim = live[next(live.length)];
        ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: victim.id, hcMemo: '撤单测试' }));
        victim.revoked = true;
        continue;
      }
      const shop = next(2) === 0 ? s1 : s2;
      const how = (['cash', 'split', 'card'] as const)[next(3)];
      sales.push(
        await sell(shop, how === 'card' && shop !== s1 ? 'cash' : how, how === 'card' ? { memberId: member.id, cardId } : undefined),
      );
    }
    // at least one revoked bill, whatever the sequence
    const last = sales.filter((s) => !s.revoked).at(-1) as Sale;
    ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: last.id, hcMemo: '撤单测试' }));
    last.revoked = true;
    const live = sales.filter((s) => !s.revoked);
    const sum = (list: Sale[], f: (s: Sale) => number) => list.reduce((n, s) => n + f(s), 0);

    // 营业走势: the day's takings and 耗卡 grew by the live bills' cash and card shares
    const days = await run('TURNOVER_DAY', range);
    const dayRow = (r: typeof days) => r.rows.find((row) => String(row.day).slice(0, 10) === day) ?? { takings: 0, card_use: 0, bills: 0 };
    const grew = (field: string) => Number(dayRow(days)[field]) - Number(dayRow(before.days)[field]);
    expect(grew('takings')).toBe(sum(live, (s) => s.cash + s.other));
    expect(grew('card_use')).toBe(sum(live, (s) => s.card));
    expect(days.totals?.takings).toBe(days.rows.reduce((n, row) => n + Number(row.takings), 0));

    // 门店营业对比: each shop's growth is its own live bills
    const shops = await run('TURNOVER_SHOP', range);
    const shopTakings = (r: typeof shops, shop: number) => Number(r.rows.find((row) => Number(row.shop_id) === shop)?.takings ?? 0);
    for (const shop of [s1, s2])
      expect(shopTakings(shops, shop) - shopTakings(before.shops, shop)).toBe(
        sum(
          live.filter((s) => s.shop === shop),
          (s) => s.cash + s.other,
        ),
      );

    // 支付方式构成: per pay type
    const pays = await run('PAY_MIX', range);
    const payAmount = (r: typeof pays, id: number) => Number(r.rows.find((row) => Number(row.pay_type_id) === id)?.amount ?? 0);
    expect(payAmount(pays, CASH) - payAmount(before.pays, CASH)).toBe(sum(live, (s) => s.cash));
    expect(payAmount(pays, OTHER) - payAmount(before.pays, OTHER)).toBe(sum(live, (s) => s.other));

    // 结账单明细, as a chart's click opens it: the live bills of the shop, each with the bill it opens
    for (const shop of [s1, s2]) {
      const bills = await run('TILL_BILLS', { ...range, shop_id: String(shop) });
      const ids = bills.rows.map((row) => Number(row.bill_id));
      for (const s of sales) expect(ids.includes(s.id)).toBe(!s.revoked && s.shop === shop);
      expect(bills.totals?.amount).toBe(bills.rows.reduce((n, row) => n + Number(row.amount), 0));
    }
    const byOther = await run('TILL_BILLS', { ...range, pay_type_id: String(OTHER) });
    const otherIds = new Set(byOther.rows.map((row) => Number(row.bill_id)));
    for (const s of sales) expect(otherIds.has(s.id)).toBe(!s.revoked && s.other > 0);
    const stylist = sales[0].employee;
    const byStylist = await run('TILL_BILLS', { ...range, employee_code: stylist });
    const stylistIds = new Set(byStylist.rows.map((row) => Number(row.bill_id)));
    for (const s of sales) expect(stylistIds.has(s.id)).toBe(!s.revoked && s.employee === stylist);

    // 员工业绩: the stylist's performance is the live bills they served
    const perf = await run('STAFF_PERFORMANCE', { ...range, employee_code: stylist });
    const served = live.filter((s) => s.employee === stylist);
    expect(perf.rows.length).toBeLessThanOrEqual(1);
    expect(Number(perf.rows[0]?.bills ?? 0)).toBe(served.length);
  });

  it('the bill number links to the bill, and a user of one shop sees only that shop’s bills whatever they ask', async () => {
    const sale = await sell(s2, 'cash');
    const day = await today();
    const bills = ok(
      await a.admin.get(`${reportDataPath(REPORT_HEAD)}`, { code: 'TILL_BILLS', params: JSON.stringify({ day: [day, day] }) }),
    );
    const billNo = bills.columns.find((c: { fieldName: string }) => c.fieldName === 'bill_no');
    expect(billNo.link).toBe(`${serviceBill.webPath}/:bill_id`);
    const row = bills.rows.find((r: Row) => Number(r.bill_id) === sale.id);
    expect(row?.bill_no).toBeTruthy();
    // the page the link opens reads this bill
    const detail = ok(await a.admin.get(`${serviceBill.basePath}/detail/${sale.id}`));
    expect(detail.billNo ?? detail.head?.billNo).toBe(row?.bill_no);

    const viewer = await createLimitedUser(t, a, { perms: ['reports.run'], loginShops: [s1] });
    const theirs = await run('TILL_BILLS', { day: [day, day], shop_id: String(s2) }, viewer.client);
    expect(theirs.rows).toEqual([]);
    const all = await run('TILL_BILLS', { day: [day, day] }, viewer.client);
    expect(all.rows).toEqual((await run('TILL_BILLS', { day: [day, day], shop_id: String(s1) })).rows);
    expect(all.rows.some((r) => Number(r.bill_id) === sale.id)).toBe(false);
    const mix = await run('PAY_MIX', { day: [day, day] }, viewer.client);
    const adminMix = await run('PAY_MIX', { day: [day, day], shop_id: String(s1) });
    expect(mix.rows).toEqual(adminMix.rows);
  });

  it('member growth counts the members registered each month and the running total; new members link to the member', async () => {
    const made = [await makeMember(t, a, s1), await makeMember(t, a, s2)];
    const [{ first, last }] = rowsOf<{ first: string; last: string }>(
      await inTenant(t.database.db, a.tenantId, (tx) =>
        tx.execute(sql`select min(registered_on)::text as first, max(registered_on)::text as last from members`),
      ),
    );
    const growth = await run('MEMBER_GROWTH', { day: [first, last] });
    const counted = rowsOf<{ month: string; n: number }>(
      await inTenant(t.database.db, a.tenantId, (tx) =>
        tx.execute(sql`select to_char(registered_on, 'YYYY-MM') as month, count(*)::int as n from members group by 1 order by 1`),
      ),
    );
    expect(growth.rows.map((r) => [r.month, r.new_members])).toEqual(counted.map((c) => [c.month, c.n]));
    let running = 0;
    for (const [i, c] of counted.entries()) {
      running += c.n;
      expect(growth.rows[i].members).toBe(running);
    }
    const fresh = await run('NEW_MEMBERS', { day: [last, last] });
    for (const m of made) expect(fresh.rows.some((r) => Number(r.member_id) === m.id)).toBe(true);
  });
});
