import { randomBytes } from 'node:crypto';
import type { RoyaltyItem } from '@headoffice/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { computeRows, type PerfSource, type SchemeSnapshot, type SchemeVersions } from '../src/modules/royalty/compute.js';
import { businessDate } from '../src/platform/numbering.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';
import { expect400, expectStatus, foreignTenant } from './staff-support.js';
import { key, memberWithCard, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const uniq = () => randomBytes(3).toString('hex').toUpperCase();

describe('commission: schemes, the monthly statement from the till, the employee’s own page', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await foreignTenant(t);
  const anon = t.client();
  const [s1, s2] = await shopIds(t, a);
  // The demo chain's scheme covers every shop: freed, so that the schemes made here decide (royalty-demo.test.ts reads it).
  for (const demo of ok(await a.admin.get('/api-pers/royaltymanage/list/all')))
    ok(await a.admin.post('/api-pers/royaltymanage/save', { id: demo.id, prmname: demo.prmname, type: 1, shops: [] }));
  const fx = await tillFixture(t, a, s1, { servicePrice: 10_000, productPrice: 5_000, stock: 100 });
  const [stylist, assistant] = fx.staff;
  const month = businessDate().slice(0, 7);
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const cash = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;

  /** Settles a bill of the given lines paid in cash (or as given); moves it to `day` when given. */
  async function settle(lines: unknown[], o: { day?: string; payments?: unknown[]; cardId?: number; memberId?: number } = {}) {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1, memberId: o.memberId, cardId: o.cardId }));
    const bill = ok(await a.admin.post(`${P}/checkout/lines`, { id: opened.id, version: opened.version, lines }));
    const settled = ok(
      await a.admin.post(
        `${P}/checkout/settle`,
        { id: bill.id, version: bill.version, payments: o.payments ?? [{ payTypeId: cash, amount: bill.amount }] },
        key(),
      ),
    );
    if (o.day)
      await inTenant(t.database.db, a.tenantId, async (tx) => {
        await tx.execute(sql`update service_bills set business_date = ${o.day} where id = ${settled.id}`);
        await tx.execute(sql`update service_bill_perf set business_date = ${o.day} where bill_id = ${settled.id}`);
      });
    return settled;
  }
  const serviceLine = (staff: unknown[]) => ({ kind: 'service', itemId: fx.service.id, num: 1, staff });
  const productLine = (num: number, staff: unknown[]) => ({ kind: 'product', itemId: fx.product.id, num, staff });
  const statementOf = async (employeeId: number) =>
    ok(await a.admin.post('/api-pers/employeeroyalty/chain/list', { month, employeeId, pageSize: 500 }));
  const totalOf = async (employeeId: number) => (await statementOf(employeeId)).sum.royalty as number;

  // The scheme of shop 1: services 20% 指定 / 10% 非指定 less 10% cost, 30% / 15% once the month's performance reaches 300.00;
  // anything else (the product) 3.00 / unit 非指定 (5.00 指定), counting cash only.
  const type = ok(await a.admin.post('/api-pers/royaltytype/save', { code: `T${uniq()}`, name: '服务提成' }));
  const scheme = ok(await a.admin.post('/api-pers/royaltymanage/save', { prmname: '一店方案', type: 1, shops: [s1] }));
  const group = ok(await a.admin.post('/api-pers/royaltygroup/save', { schemeId: scheme.id, royaltyTypeId: type.id, name: '全部岗位' }));
  const serviceItem = ok(
    await a.admin.post('/api-pers/royaltyitem/item', {
      groupId: group.id,
      items: [{ itemtype: 'service', ids: [fx.service.id] }],
      normType: 2,
      costType: 1,
      cost: 1_000,
      norm: 2_000,
      norm2: 1_000,
      levelList: [{ level: 1, pcondition: 1, subdescList: [{ prnname: 'yj', pvalue: 30_000 }], norm: 3_000, norm2: 1_500 }],
    }),
  );
  ok(await a.admin.post('/api-pers/royaltyitem/item', { groupId: group.id, normType: 1, norm: 500, norm2: 300, payList: [cash] }));

  it('a scheme per shop: another scheme cannot take the shop (409); the list/all filter is enabled shop schemes; copy keeps groups and items', async () => {
    const taken = await a.admin.post('/api-pers/royaltymanage/save', { prmname: '抢门店', type: 1, shops: [s1] });
    expectStatus(taken, 409);
    expect(taken.body.resp_msg).toContain('一店方案');
    const unable = ok(await a.admin.get('/api-pers/royaltymanage/unableSelectShopList'));
    expect(unable.map((r: { id: number }) => r.id)).toContain(s1);
    const copy = ok(await a.admin.post('/api-pers/royaltymanage/copy', { id: scheme.id, prmname: '一店方案副本' }));
    expect(copy.shops).toEqual([]);
    const groups = ok(await a.admin.get(`/api-pers/royaltygroup/list/${copy.id}`));
    expect(groups).toHaveLength(1);
    expect(groups[0].items.map((i: { norm: number }) => i.norm)).toEqual([2_000, 500]);
    ok(await a.admin.post('/api-pers/royaltymanage/status', { id: copy.id, status: 0 }));
    const all = ok(await a.admin.get('/api-pers/royaltymanage/list/all'));
    expect(all.map((s: { id: number }) => s.id)).toContain(scheme.id);
    expect(all.map((s: { id: number }) => s.id)).not.toContain(copy.id);
    const personal = ok(await a.admin.post('/api-pers/royaltymanage/save', { prmname: '个人', type: 2, employees: [] }));
    ok(await a.admin.post('/api-pers/royaltymanage/employee', { id: personal.id, employees: [fx.staff[0].id] }));
    const second = await a.admin.post('/api-pers/royaltymanage/save', { prmname: '个人2', type: 2, employees: [fx.staff[0].id] });
    expectStatus(second, 409);
    // Unbound again so the statements below use the shop's scheme.
    ok(await a.admin.post('/api-pers/royaltymanage/employee', { id: personal.id, employees: [] }));
    const applies = ok(await a.admin.post('/api-pers/royaltygroup/employee', { employeeId: stylist.id }));
    expect(applies.scheme.id).toBe(scheme.id);
    expect(ok(await a.admin.get('/api-pers/royaltynorm/list/vo')).map((n: { code: string }) => n.code)).toContain('yj');
    expect(ok(await a.admin.get('/api-pers/royaltyitem/structure')).levelList).toEqual([]);
  });

  it('statements worked by hand: 指定 / 非指定, cost, a counted and an uncounted pay type, a tier crossed mid-month, revoke, revise', async () => {
    const day1 = `${month}-01`;
    // Bill 1 (day 1): service (stylist 指定 at station 1, assistant 非指定 at station 2), 2 products by the stylist 非指定; cash.
    const bill1 = await settle(
      [
        serviceLine([
          { employeeId: stylist.id, station: 1, appointed: true },
          { employeeId: assistant.id, station: 2, appointed: false },
        ]),
        productLine(2, [{ employeeId: stylist.id, station: 1, appointed: false }]),
      ],
      { day: day1 },
    );
    let s = await statementOf(stylist.id);
    // Stylist: month performance 100.00 + 100.00 = 200.00, below the tier.
    // Service: base 100.00, cost 10% = 10.00, 20% of 90.00 = 18.00. Product: 2 units × 3.00 = 6.00.
    expect(
      s.list.map((r: { btype: string; base: number; cost: number; royaltyRate: number; tier: number | null; royalty: number }) => [
        r.btype,
        r.base,
        r.cost,
        r.royaltyRate,
        r.tier,
        r.royalty,
      ]),
    ).toEqual([
      ['service', 10_000, 1_000, 2_000, null, 1_800],
      ['product', 10_000, 0, 300, null, 600],
    ]);
    expect(s.sum.royalty).toBe(2_400);
    // Assistant: 非指定 10% of 90.00 = 9.00.
    expect(await totalOf(assistant.id)).toBe(900);

    // Bill 2 (today): one more service 指定 → the stylist's month reaches 300.00: tier 1 (30%) for all the month's service rows.
    const bill2 = await settle([serviceLine([{ employeeId: stylist.id, station: 1, appointed: true }])]);
    s = await statementOf(stylist.id);
    expect(
      s.list
        .filter((r: { btype: string }) => r.btype === 'service')
        .map((r: { royaltyRate: number; tier: number; royalty: number }) => [r.royaltyRate, r.tier, r.royalty]),
    ).toEqual([
      [3_000, 1, 2_700],
      [3_000, 1, 2_700],
    ]);
    // 27.00 + 27.00 + 6.00
    expect(s.sum.royalty).toBe(6_000);
    expect(s.employees[0].metrics).toMatchObject({ yj: 30_000, fwyj: 20_000, cpyj: 10_000, ks: 2 });

    // Bill 3: 2 products at the card price (90%: 45.00 each = 90.00) paid 40.00 cash + 50.00 by card: only cash counts.
    // The shop gives a member's whole bill the card's price (its setting), whatever pays.
    ok(await a.admin.post('/api-chain/makeorderconfig', { shopid: s1, cardPriceRule: 'member' }));
    const { member, cardId } = await memberWithCard(t, a, s1, 10_000);
    await settle([productLine(2, [{ employeeId: stylist.id, station: 1, appointed: false }])], {
      cardId,
      memberId: member.id,
      payments: [
        { payTypeId: cash, amount: 4_000 },
        { cardId, amount: 5_000 },
      ],
    });
    s = await statementOf(stylist.id);
    const row3 = s.list.at(-1);
    // base = 90.00 × 40.00 / 90.00 = 40.00; 3.00 × 2 units × 40/90 = 2.666… → 2.67
    expect([row3.money, row3.base, row3.royalty]).toEqual([9_000, 4_000, 267]);
    expect(s.sum.royalty).toBe(6_267);

    // Revoke bill 2: its rows reverse, the month falls back to 290.00, below the tier: 18.00 + 6.00 + 2.67.
    ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: bill2.id, hcMemo: '撤单' }));
    s = await statementOf(stylist.id);
    expect(
      s.list.filter((r: { billId: number }) => r.billId === bill2.id).map((r: { cause: string; royalty: number }) => [r.cause, r.royalty]),
    ).toEqual([
      ['settle', 1_800],
      ['revoke', -1_800],
    ]);
    expect(s.sum.royalty).toBe(2_667);

    // Revise bill 1: the assistant is removed from the service; the assistant's commission moves out, the stylist's stays.
    const service1 = bill1.lines[0];
    ok(
      await a.admin.post(`${P}/servicerecords/revise`, {
        id: bill1.id,
        eeyjList: [
          { lineId: service1.id, employeeId: stylist.id, station: 1, appointed: true, yj: 10_000 },
          { lineId: bill1.lines[1].id, employeeId: stylist.id, station: 1, appointed: false, yj: 10_000 },
        ],
      }),
    );
    expect(await totalOf(assistant.id)).toBe(0);
    expect(await totalOf(stylist.id)).toBe(2_667);
    // The statement's sum is the sum of its rows and of its employees.
    const all = ok(await a.admin.post('/api-pers/employeeroyalty/chain/list', { month, shopId: s1, pageSize: 500 }));
    expect(all.sum.royalty).toBe(all.list.reduce((n: number, r: { royalty: number }) => n + r.royalty, 0));
    expect(all.sum.royalty).toBe(all.employees.reduce((n: number, e: { royalty: number }) => n + e.royalty, 0));
    expect(all.sum.royalty).toBe(2_667);
  });

  it('the employee’s own page shows their rows only; another employee’s are refused', async () => {
    const u = await createLimitedUser(t, a, { perms: [], loginShops: [s1] });
    await inTenant(t.database.db, a.tenantId, (tx) => tx.update(users).set({ employeeId: stylist.id }).where(eq(users.id, u.userId)));
    const mine = ok(await u.client.get('/api-pers/employeeroyalty/my', { month }));
    expect(mine.list.length).toBeGreaterThan(0);
    expect(new Set(mine.list.map((r: { eeid: number }) => r.eeid))).toEqual(new Set([stylist.id]));
    expect(mine.sum.royalty).toBe(await totalOf(stylist.id));
    expectStatus(await u.client.get('/api-pers/employeeroyalty/my', { month, employeeId: assistant.id }), 403);
    expectStatus(await u.client.post('/api-pers/employeeroyalty/chain/list', { month, employeeId: assistant.id }), 403);
    const unlinked = await createLimitedUser(t, a, { perms: [], loginShops: [s1] });
    expectStatus(await unlinked.client.get('/api-pers/employeeroyalty/my', { month }), 409);
  });

  it('400, 401, 403, 404 for another tenant, and a shop-limited user sees only their shops', async () => {
    expect400(await a.admin.post('/api-pers/royaltymanage/save', { prmname: '', type: 1 }), 'prmname');
    expect400(await a.admin.post('/api-pers/royaltyitem/item', { groupId: group.id, normType: 2, norm: 20_000, norm2: 0 }), 'norm');
    expect400(await a.admin.post('/api-pers/employeeroyalty/chain/list', { month: '2026-13' }), 'month');
    expectStatus(await anon.post('/api-pers/employeeroyalty/chain/list', { month }), 401);
    expectStatus(await anon.get('/api-pers/royaltymanage/page'), 401);
    const nobody = (await createLimitedUser(t, a, { perms: [], loginShops: [s1] })).client;
    expectStatus(await nobody.get('/api-pers/royaltymanage/page'), 403);
    expectStatus(await nobody.post('/api-pers/royaltymanage/save', { prmname: 'x', type: 1 }), 403);
    const bScheme = ok(await b.admin.post('/api-pers/royaltymanage/save', { prmname: '别家', type: 1 }));
    const bType = ok(await b.admin.post('/api-pers/royaltytype/save', { code: 'BT1', name: '别家' }));
    const bGroup = ok(await b.admin.post('/api-pers/royaltygroup/save', { schemeId: bScheme.id, royaltyTypeId: bType.id, name: 'g' }));
    expectStatus(await a.admin.get(`/api-pers/royaltymanage/vo/${bScheme.id}`), 404);
    expectStatus(await a.admin.get(`/api-pers/royaltygroup/vo/${bGroup.id}`), 404);
    expectStatus(await a.admin.del(`/api-pers/royaltygroup/${bGroup.id}`), 404);
    // 404 before the body is judged.
    expectStatus(await a.admin.post('/api-pers/royaltymanage/save', { id: bScheme.id, prmname: 'x', type: 1 }), 404);
    expectStatus(
      await a.admin.post('/api-pers/royaltyitem/item', { id: serviceItem.id + 100_000, groupId: group.id, normType: 2, norm: 1, norm2: 1 }),
      404,
    );
    const limited = await createLimitedUser(t, a, { perms: ['royalty.statement.view'], loginShops: [s2] });
    expectStatus(await limited.client.post('/api-pers/employeeroyalty/chain/list', { month, shopId: s1 }), 403);
    const theirs = ok(await limited.client.post('/api-pers/employeeroyalty/chain/list', { month }));
    expect(theirs.list.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
    expect(theirs.list).toHaveLength(0);
  });

  it('awards and penalties per month and employee: batch edit, import by codes, sums; the salary detail adds them up', async () => {
    const award = ok(await a.admin.post('/api-pers/awarditem/save', { code: `JA${uniq()}`, name: '全勤奖', padtype: 1 }));
    const fine = ok(await a.admin.post('/api-pers/awarditem/save', { code: `JP${uniq()}`, name: '迟到罚款', padtype: 2 }));
    ok(
      await a.admin.post('/api-pers/awarddesc/batchUpate', {
        month,
        rows: [
          { employeeId: stylist.id, itemId: award.id, amount: 5_000 },
          { employeeId: stylist.id, itemId: fine.id, amount: 2_000 },
        ],
      }),
    );
    const eecode = (await a.admin.get('/api-pers/awarddesc/list', { month, shopId: s1, keyword: stylist.name, pageSize: 50 })).body.data
      .list[0].eecode as string;
    ok(await a.admin.post('/api-pers/awarddesc/batchImport', { month, rows: [{ eecode, padcode: fine.code, amount: 3_000 }] }));
    const list = ok(await a.admin.get('/api-pers/awarddesc/list', { month, shopId: s1, keyword: stylist.name }));
    expect(list.list[0]).toMatchObject({ eeid: stylist.id, zmoney: 5_000, fmoney: 3_000 });
    expect(list.items.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining([award.id, fine.id]));
    const sum = ok(await a.admin.get('/api-pers/awarddesc/sum', { month, shopId: s1 }));
    expect(sum).toMatchObject({ zmoney: 5_000, fmoney: 3_000, net: 2_000, employees: 1 });
    const unknown = await a.admin.post('/api-pers/awarddesc/batchImport', {
      month,
      rows: [{ eecode: 'NOPE', padcode: fine.code, amount: 1 }],
    });
    expect400(unknown, 'rows.0.eecode');
    // 0 removes an amount.
    ok(await a.admin.post('/api-pers/awarddesc/batchUpate', { month, rows: [{ employeeId: stylist.id, itemId: fine.id, amount: 0 }] }));
    expect(ok(await a.admin.get('/api-pers/awarddesc/sum', { month, shopId: s1 })).fmoney).toBe(0);
    // Base pay 2,600.00; 13 days attended of no schedule (26 standard days) pays half.
    ok(await a.admin.post('/api-pers/salary/base', { rows: [{ employeeId: stylist.id, amount: 260_000 }] }));
    await inTenant(t.database.db, a.tenantId, async (tx) => {
      for (let d = 2; d <= 14; d++)
        await tx.execute(
          sql`insert into check_records (tenant_id, shop_id, employee_id, cdate, scheduled, on_work) values (${a.tenantId}, ${s1}, ${stylist.id}, ${`${month}-${String(d).padStart(2, '0')}`}, false, now())`,
        );
    });
    const salary = ok(await a.admin.get('/api-pers/salary/detail', { month, shopId: s1, keyword: stylist.name }));
    const commission = await totalOf(stylist.id);
    expect(salary.list[0]).toMatchObject({
      attendedDays: 13,
      scheduledDays: 26,
      base: 130_000,
      royalty: commission,
      zmoney: 5_000,
      fmoney: 0,
    });
    expect(salary.list[0].totalMoney).toBe(130_000 + commission + 5_000);
    // Access: another tenant's employee 404, another shop's employee 403 to a shop-limited user, no right 403.
    expectStatus(
      await a.admin.post('/api-pers/awarddesc/batchUpate', { month, rows: [{ employeeId: b.employee.id, itemId: award.id, amount: 1 }] }),
      404,
    );
    const lim = await createLimitedUser(t, a, { perms: ['royalty.award.view', 'royalty.award.edit'], loginShops: [s2] });
    expectStatus(
      await lim.client.post('/api-pers/awarddesc/batchUpate', { month, rows: [{ employeeId: stylist.id, itemId: award.id, amount: 1 }] }),
      403,
    );
    expectStatus(await lim.client.get('/api-pers/awarddesc/list', { month, shopId: s1 }), 403);
    expect(ok(await lim.client.get('/api-pers/awarddesc/list', { month })).list.every((r: { shopId: number }) => r.shopId === s2)).toBe(
      true,
    );
    expectStatus(await anon.get('/api-pers/salary/detail', { month }), 401);
  });

  it('a locked month is final: a scheme changed later leaves it, a revoke after the lock lands in the open month', async () => {
    const [y, m] = month.split('-').map(Number);
    const prev = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const [e1] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.execute(
        sql`insert into employees (tenant_id, eecode, name, entry_date, shop_id) values (${a.tenantId}, ${`L${uniq()}`}, ${`锁月${uniq()}`}, '2024-01-01', ${s1}) returning id`,
      ),
    ).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const eid = Number(e1.id);
    const bill = await settle([serviceLine([{ employeeId: eid, station: 1, appointed: true }])], { day: `${prev}-15` });
    const prevOf = async () => ok(await a.admin.post('/api-pers/employeeroyalty/chain/list', { month: prev, employeeId: eid }));
    // 20% of (100.00 − 10% cost)
    expect((await prevOf()).sum.royalty).toBe(1_800);
    expectStatus(await a.admin.post('/api-pers/employeeroyalty/lock', { month }), 409);
    const limitedLock = await createLimitedUser(t, a, { perms: ['royalty.statement.view', 'royalty.statement.lock'], loginShops: [s1] });
    expectStatus(await limitedLock.client.post('/api-pers/employeeroyalty/lock', { month: prev }), 403);
    const locked = ok(await a.admin.post('/api-pers/employeeroyalty/lock', { month: prev }));
    expect(locked.royalty).toBe(1_800);
    expectStatus(await a.admin.post('/api-pers/employeeroyalty/lock', { month: prev }), 409);
    // The scheme's service rate doubles today: the locked month keeps what it paid.
    const { sort: _sort, ...edited } = serviceItem;
    ok(await a.admin.post('/api-pers/royaltyitem/item', { ...edited, norm: 4_000 }));
    const after = await prevOf();
    expect(after.locked).not.toBeNull();
    expect(after.sum.royalty).toBe(1_800);
    // The revoke's rows carry the bill's date (last month) but come after the lock: they land in this month, taking back exactly 18.00.
    ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: bill.id, hcMemo: '撤单' }));
    expect((await prevOf()).sum.royalty).toBe(1_800);
    const now = await statementOf(eid);
    expect(now.list.map((r: { lateFrom: string; cause: string; royalty: number }) => [r.lateFrom, r.cause, r.royalty])).toEqual([
      [prev, 'revoke', -1_800],
    ]);
    expect(ok(await a.admin.get('/api-pers/employeeroyalty/locks')).map((l: { month: string }) => l.month)).toContain(prev);

    // The whole chain's month is read in one pass, each employee by their index otherwise: the same rows either way.
    type Row = { perfId: number; eeid: number; lateFrom: string | null; base: number; royalty: number; tier: number | null };
    const whole = ok(await a.admin.post('/api-pers/employeeroyalty/chain/list', { month, pageSize: 500 }));
    expect(whole.list.some((r: Row) => r.lateFrom === prev)).toBe(true);
    const byIndex: Row[] = [];
    for (const eeid of [...new Set(whole.list.map((r: Row) => r.eeid))] as number[]) byIndex.push(...(await statementOf(eeid)).list);
    const key = (rows: Row[]) =>
      rows.map((r) => [r.perfId, r.eeid, r.lateFrom, r.base, r.royalty, r.tier]).sort((x, y) => Number(x[0]) - Number(y[0]));
    expect(whole.total).toBe(byIndex.length);
    expect(key(whole.list)).toEqual(key(byIndex));
  });
});

/** Generated months of performance rows over two employees and three bill lines. */
const scheme: SchemeVersions = {
  schemeId: 1,
  versions: [
    {
      from: '2026-01-01',
      snapshot: {
        id: 1,
        name: 's',
        status: 1,
        type: 1,
        bracket: false,
        shops: [1],
        employees: [],
        groups: [
          {
            id: 1,
            royaltyTypeId: 1,
            royaltyTypeName: 't',
            name: 'g',
            psList: [],
            items: [
              {
                id: 1,
                groupId: 1,
                sort: 1,
                status: 1,
                items: [{ itemtype: 'service', ids: [1] }],
                normType: 2,
                costType: 1,
                cost: 700,
                payList: [1],
                norm: 1_500,
                norm2: 1_000,
                levelList: [
                  { level: 1, pcondition: 1, subdescList: [{ prnname: 'yj', pvalue: 20_000 }], norm: 2_000, norm2: 1_200 },
                  {
                    level: 2,
                    pcondition: 2,
                    subdescList: [
                      { prnname: 'yj', pvalue: 50_000 },
                      { prnname: 'ks', pvalue: 5 },
                    ],
                    norm: 2_500,
                    norm2: 1_800,
                  },
                ],
              },
              {
                id: 2,
                groupId: 1,
                sort: 2,
                status: 1,
                items: [],
                normType: 1,
                costType: 2,
                cost: 50,
                payList: [],
                norm: 300,
                norm2: 200,
                levelList: [],
              },
            ],
          },
        ],
      },
    },
  ],
};
const row = fc.record({
  billId: fc.integer({ min: 1, max: 6 }),
  kind: fc.constantFrom('service', 'product'),
  num: fc.integer({ min: 1, max: 3 }),
  employeeId: fc.constantFrom(1, 2),
  appointed: fc.boolean(),
  amount: fc.integer({ min: 1, max: 30_000 }),
  cashPart: fc.integer({ min: 0, max: 100 }),
});
type GenRow = typeof row extends fc.Arbitrary<infer T> ? T : never;
const sources = (rows: GenRow[]): PerfSource[] =>
  rows.map((r, i) => {
    const cash = Math.round((r.amount * r.cashPart) / 100);
    return {
      perfId: i + 1,
      billId: r.billId,
      billNo: `B${r.billId}`,
      shopId: 1,
      shopName: null,
      businessDate: '2026-03-10',
      lineId: i + 1,
      kind: r.kind,
      itemId: 1,
      categoryId: null,
      lineName: r.kind,
      num: r.num,
      employeeId: r.employeeId,
      eecode: '',
      eename: '',
      station: 1,
      appointed: r.appointed,
      amount: r.amount,
      cause: 'settle',
      reversesId: null,
      lateFrom: null,
      linePerf: r.amount,
      payPerf: new Map([
        [1, cash],
        [2, r.amount - cash],
      ]),
      payNames: new Map(),
      payAmount: new Map([
        [1, cash],
        [2, r.amount - cash],
      ]),
      payFee: new Map(),
    };
  });
const position = () => ({ positionId: null, levelId: null, psname: null, pslname: null });
const totals = (rows: { eeid: number; royalty: number }[]) => {
  const m = new Map<number, number>();
  for (const r of rows) m.set(r.eeid, (m.get(r.eeid) ?? 0) + r.royalty);
  return m;
};

describe('commission properties', () => {
  const bothModes = (bracket: boolean): SchemeVersions[] => [
    { ...scheme, versions: [{ ...scheme.versions[0], snapshot: { ...scheme.versions[0].snapshot, bracket } }] },
  ];
  it('the order in which bills were settled never changes any row’s commission (whole and bracket tiering)', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 30 }), fc.boolean(), fc.integer(), (rows, bracket, seed) => {
        const src = sources(rows);
        const first = computeRows(src, bothModes(bracket), position);
        const shuffled = [...src].sort((x, y) => ((x.perfId * 7919 + seed) % 101) - ((y.perfId * 7919 + seed) % 101));
        const again = computeRows(shuffled, bothModes(bracket), position);
        const byId = new Map(again.map((r) => [r.perfId, r.royalty]));
        for (const r of first) expect(byId.get(r.perfId)).toBe(r.royalty);
      }),
    );
  });
  it('a bill revoked and then settled again leaves every employee’s month unchanged', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 6 }), fc.boolean(), (rows, billId, bracket) => {
        const src = sources(rows);
        const before = totals(computeRows(src, bothModes(bracket), position));
        const ofBill = src.filter((s) => s.billId === billId);
        let id = src.length;
        const revoked = ofBill.map((s) => ({ ...s, perfId: ++id, amount: -s.amount, cause: 'revoke' }));
        const again = ofBill.map((s) => ({ ...s, perfId: ++id, billId: 100 + billId, billNo: 'again' }));
        const after = totals(computeRows([...src, ...revoked, ...again], bothModes(bracket), position));
        for (const [e, v] of before) expect(after.get(e) ?? 0).toBe(v);
      }),
    );
  });
  it('a revoke alone nets its bill to zero, and the statement’s sum is the sum of its rows', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 30 }), (rows) => {
        const src = sources(rows);
        const revoked = src.map((s) => ({ ...s, perfId: s.perfId + 1000, amount: -s.amount, cause: 'revoke' }));
        const out = computeRows([...src, ...revoked], bothModes(false), position);
        expect(out.reduce((n, r) => n + r.royalty, 0)).toBe(0);
        const plain = computeRows(src, bothModes(false), position);
        const sum = plain.reduce((n, r) => n + r.royalty, 0);
        expect([...totals(plain).values()].reduce((n, v) => n + v, 0)).toBe(sum);
        expect(plain.every((r) => r.royalty >= 0)).toBe(true);
      }),
    );
  });
});

describe('commission by the bill date: scheme versions, shops and positions', () => {
  const item = (norm: number): RoyaltyItem => ({
    id: norm,
    groupId: 1,
    sort: 1,
    status: 1,
    items: [],
    normType: 2 as const,
    costType: 1 as const,
    cost: 0,
    payList: [],
    norm,
    norm2: norm,
    levelList: [],
  });
  const snap = (id: number, shops: number[], norm: number, psid?: number): SchemeSnapshot => ({
    id,
    name: `S${id}`,
    status: 1,
    type: 1,
    bracket: false,
    shops,
    employees: [],
    groups: [
      {
        id,
        royaltyTypeId: 1,
        royaltyTypeName: 't',
        name: 'g',
        psList: psid ? [{ psid, type: 'position' as const }] : [],
        items: [item(norm)],
      },
    ],
  });
  const src = (perfId: number, shopId: number, day: string): PerfSource => ({
    perfId,
    billId: perfId,
    billNo: `B${perfId}`,
    shopId,
    shopName: null,
    businessDate: day,
    lineId: perfId,
    kind: 'service',
    itemId: 1,
    categoryId: null,
    lineName: 's',
    num: 1,
    employeeId: 7,
    eecode: '',
    eename: '',
    station: 1,
    appointed: true,
    amount: 10_000,
    cause: 'settle',
    reversesId: null,
    lateFrom: null,
    linePerf: 10_000,
    payPerf: new Map([[1, 10_000]]),
    payNames: new Map(),
    payAmount: new Map([[1, 10_000]]),
    payFee: new Map(),
  });
  it('a scheme changed mid-month pays each bill by the version of its date', () => {
    const versions: SchemeVersions[] = [
      {
        schemeId: 1,
        versions: [
          { from: '2026-03-01', snapshot: snap(1, [1], 1_000) },
          { from: '2026-03-15', snapshot: snap(1, [1], 2_000) },
        ],
      },
    ];
    const rows = computeRows([src(1, 1, '2026-03-10'), src(2, 1, '2026-03-20')], versions, position);
    expect(rows.map((r) => [r.royaltyRate, r.royalty])).toEqual([
      [1_000, 1_000],
      [2_000, 2_000],
    ]);
  });
  it('a transfer mid-month: each bill by the shop’s scheme and the position the employee held that day', () => {
    const versions: SchemeVersions[] = [
      { schemeId: 1, versions: [{ from: '2026-01-01', snapshot: snap(1, [1], 1_000, 11) }] },
      { schemeId: 2, versions: [{ from: '2026-01-01', snapshot: snap(2, [2], 3_000, 22) }] },
    ];
    // Position 11 until the 15th (shop 1), 22 from then on (shop 2).
    const positionOn = (_e: number, day: string) => ({
      positionId: day < '2026-03-15' ? 11 : 22,
      levelId: null,
      psname: null,
      pslname: null,
    });
    const rows = computeRows([src(1, 1, '2026-03-05'), src(2, 2, '2026-03-25'), src(3, 1, '2026-03-26')], versions, positionOn);
    expect(rows.map((r) => [r.schemeName, r.royalty])).toEqual([
      ['S1', 1_000],
      ['S2', 3_000],
      // Back at shop 1 for a day after the transfer: shop 1's scheme has no group for position 22.
      ['S1', 0],
    ]);
  });
});
