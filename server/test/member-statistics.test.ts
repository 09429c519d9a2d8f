import {
  MEMBER_SPENDING_EXPORT_PATH,
  MEMBER_SPENDING_PATH,
  MEMBER_SPENDING_PERM,
  MEMBER_SUMMARY_PATH,
  MEMBER_SUMMARY_PERM,
  MEMBER_TYPES_PATH,
  MEMBER_TYPES_PERM,
  maskValue,
  spendingLineKinds,
  TILL_PATHS,
} from '@headoffice/contract';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { cardTypes, memberCards, memberPackageLines, members, packageBalances, serviceBillLines, serviceBills } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeMember } from './assets-support.js';
import { build, expect400, expectStatus, type TestApp, type TestTenant, XLSX } from './helpers.js';
import { key, memberWithCard, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

interface Spending {
  cmMoney: number;
  cmNum: number;
  servTotal: number;
  servNum: number;
}

/**
 * The members' month and year figures recomputed here from the bills and lines the test made: settled, not
 * revoked bills with service or product lines, by business day; the month's and the year's to its end.
 */
async function spendingFromBills(t: TestApp, a: TestTenant, memberIds: number[], yearMonth: string) {
  return inTenant(t.database.db, a.tenantId, async (tx) => {
    const bills = await tx.select().from(serviceBills).where(inArray(serviceBills.memberId, memberIds));
    const lines = bills.length
      ? await tx
          .select()
          .from(serviceBillLines)
          .where(
            inArray(
              serviceBillLines.billId,
              bills.map((b) => b.id),
            ),
          )
      : [];
    const out = new Map<number, Spending>(memberIds.map((id) => [id, { cmMoney: 0, cmNum: 0, servTotal: 0, servNum: 0 }]));
    for (const b of bills) {
      if (b.status !== 4 || b.isHc !== 0 || b.isDel !== 0) continue;
      const day = b.businessDate;
      if (day.slice(0, 4) !== yearMonth.slice(0, 4) || day.slice(0, 7) > yearMonth) continue;
      const spending = lines.filter((l) => l.billId === b.id && (spendingLineKinds as readonly string[]).includes(l.kind));
      if (!spending.length) continue;
      const f = out.get(b.memberId as number) as Spending;
      const amount = spending.reduce((s, l) => s + l.amount, 0);
      f.servTotal += amount;
      f.servNum += b.isCompute;
      if (day.startsWith(yearMonth)) {
        f.cmMoney += amount;
        f.cmNum += b.isCompute;
      }
    }
    return out;
  });
}

const perVisit = (money: number, visits: number) => (visits ? Math.round(money / visits) : 0);

describe('member statistics: counts by type, the summary and the month/year spending', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [s1, s2] = await shopIds(t, a);
  const fx = await tillFixture(t, a, s1, { servicePrice: 12_800, productPrice: 4_500, stock: 10_000 });
  const fx2 = await tillFixture(t, a, s2, { servicePrice: 9_900 });
  const setup = ok(await a.admin.get(TILL_PATHS.setup, { shopid: s1 }));
  const cash = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;
  const cashAt2 = ok(await a.admin.get(TILL_PATHS.setup, { shopid: s2 })).payTypes.find((p: { code: string }) => p.code === '01')
    .payTypeId as number;

  async function settled(shopId: number, memberId: number, lines: Record<string, unknown>[], payTypeId: number | { cardId: number }) {
    const opened = ok(await a.admin.post(TILL_PATHS.open, { shopId, memberId }));
    const bill = ok(await a.admin.post(TILL_PATHS.lines, { id: opened.id, version: opened.version, lines }));
    const pay = typeof payTypeId === 'number' ? { payTypeId } : payTypeId;
    return ok(
      await a.admin.post(TILL_PATHS.settle, { id: bill.id, version: bill.version, payments: [{ ...pay, amount: bill.amount }] }, key()),
    );
  }
  const service = (num: number, at = fx) => ({
    kind: 'service',
    itemId: at.service.id,
    num,
    staff: [{ employeeId: at.staff[0].id, station: 1, appointed: false }],
  });
  const product = (num: number) => ({ kind: 'product', itemId: fx.product.id, num });
  async function businessMonthOf(billId: number) {
    const [b] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select({ d: serviceBills.businessDate }).from(serviceBills).where(eq(serviceBills.id, billId)),
    );
    return b.d.slice(0, 7);
  }
  async function listed(query: Record<string, unknown>) {
    const rows: Record<string, number>[] = [];
    for (let page = 1; ; page++) {
      const p = ok(await a.admin.get(MEMBER_SPENDING_PATH, { ...query, page, pageSize: 200 }));
      rows.push(...p.list);
      if (p.list.length < 200) return { rows, total: p.total as number };
    }
  }

  const carded = await memberWithCard(t, a, s1, 5_000_000);
  const walkIn = await makeMember(t, a, s2);
  const idle = await makeMember(t, a, s1);
  const first = await settled(s1, carded.member.id, [service(2), product(1)], cash);
  const month = await businessMonthOf(first.id);
  await settled(s1, carded.member.id, [service(1)], { cardId: carded.cardId });
  await settled(s2, walkIn.id, [service(1, fx2)], cashAt2);
  const revoked = await settled(s2, walkIn.id, [service(3, fx2)], cashAt2);
  ok(await a.admin.post(TILL_PATHS.revoke, { id: revoked.id, hcMemo: '录错' }));
  const ours = [carded.member.id, walkIn.id, idle.id];

  async function expectSpendingTrue(ids: number[]) {
    const expected = await spendingFromBills(t, a, ids, month);
    const { rows } = await listed({ yearMonth: month });
    for (const id of ids) {
      const e = expected.get(id) as Spending;
      const row = rows.find((r) => r.memberId === id);
      expect({ id, ...pick(row) }).toEqual({
        id,
        ...e,
        cmUnivalent: perVisit(e.cmMoney, e.cmNum),
        univalent: perVisit(e.servTotal, e.servNum),
      });
    }
  }
  const pick = (r: Record<string, number> | undefined) =>
    r && {
      cmMoney: r.cmMoney,
      cmNum: r.cmNum,
      servTotal: r.servTotal,
      servNum: r.servNum,
      cmUnivalent: r.cmUnivalent,
      univalent: r.univalent,
    };

  it("lists every member's month and year spending as the bills make it; a revoked bill counts nowhere", async () => {
    await expectSpendingTrue(ours);
    const { rows } = await listed({ yearMonth: month });
    const walk = rows.find((r) => r.memberId === walkIn.id);
    // only the bill not revoked: one service at 99.00
    expect(walk?.cmMoney).toBe(9_900);
    expect(walk?.cmNum).toBe(1);
    expect(rows.find((r) => r.memberId === idle.id)).toMatchObject({ cmMoney: 0, cmNum: 0, servTotal: 0, cmUnivalent: 0 });
    // Another year's month: nothing of this year's bills.
    const lastYear = `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
    const before = await listed({ yearMonth: lastYear });
    expect(before.rows.find((r) => r.memberId === carded.member.id)).toMatchObject({ cmMoney: 0, servTotal: 0 });
  });

  it('a minimum keeps only the members reaching it, most spending in the month first', async () => {
    const expected = await spendingFromBills(t, a, ours, month);
    const { rows, total } = await listed({ yearMonth: month, mincmMoney: 1 });
    const mine = rows.filter((r) => ours.includes(r.memberId));
    expect(mine.map((r) => r.memberId)).toEqual(
      ours
        .filter((id) => (expected.get(id) as Spending).cmMoney >= 1)
        .sort((x, y) => (expected.get(y)?.cmMoney ?? 0) - (expected.get(x)?.cmMoney ?? 0)),
    );
    expect(total).toBe(rows.length);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1].cmMoney).toBeGreaterThanOrEqual(rows[i].cmMoney);
    const two = ok(await a.admin.get(MEMBER_SPENDING_PATH, { yearMonth: month, mincmNum: 2 }));
    expect(two.list.map((r: { memberId: number }) => r.memberId)).toEqual(ours.filter((id) => (expected.get(id) as Spending).cmNum >= 2));
    // one shop's members: the walk-in's home shop
    const atS2 = await listed({ yearMonth: month, shopid: s2, minservTotal: 1 });
    expect(atS2.rows.every((r) => r.shopId === s2)).toBe(true);
    expect(atS2.rows.map((r) => r.memberId)).toContain(walkIn.id);
  });

  it('the workbook holds the same rows', async () => {
    const res = await a.admin.get(MEMBER_SPENDING_EXPORT_PATH, { yearMonth: month, mincmMoney: 1 });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain(XLSX);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const { rows } = await listed({ yearMonth: month, mincmMoney: 1 });
    expect(sheet.rowCount).toBe(rows.length + 1);
    const mobiles: string[] = [];
    sheet.eachRow((row, i) => {
      if (i > 1) mobiles.push(String(row.getCell(4).value));
    });
    // The mobile is masked unless 数据管理 shows it in full.
    expect(mobiles).toContain(maskValue('mobile', walkIn.mobile));
  });

  it('the summary reads the figures kept on the member', async () => {
    const page = ok(await a.admin.get(MEMBER_SUMMARY_PATH, { pageSize: 200 }));
    const stored = await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(members).where(inArray(members.id, ours)));
    const expected = await spendingFromBills(t, a, ours, month);
    for (const m of stored) {
      const row = page.list.find((r: { memberId: number }) => r.memberId === m.id);
      expect(row).toMatchObject({ principal: m.principal, gift: m.gift, balance: m.principal + m.gift, spent: m.spent, visits: m.visits });
      // this year's bills are all the member's bills
      expect(row.spent).toBe((expected.get(m.id) as Spending).servTotal);
    }
    for (let i = 1; i < page.list.length; i++) expect(page.list[i - 1].spent).toBeGreaterThanOrEqual(page.list[i].spent);
    const rich = ok(await a.admin.get(MEMBER_SUMMARY_PATH, { minMoney: 1, pageSize: 200 }));
    expect(rich.list.every((r: { balance: number }) => r.balance >= 1)).toBe(true);
    expect(rich.list.map((r: { memberId: number }) => r.memberId)).toContain(carded.member.id);
    expect(rich.list.map((r: { memberId: number }) => r.memberId)).not.toContain(idle.id);
  });

  it('counts members by type per home shop as the members, their cards and packages make them', async () => {
    const answer = ok(await a.admin.get(MEMBER_TYPES_PATH));
    const today = answer.dateTo as string;
    const expected = await inTenant(t.database.db, a.tenantId, async (tx) => {
      const all = await tx.select().from(members);
      const cards = await tx
        .select({ memberId: memberCards.memberId, status: memberCards.status, kind: cardTypes.kind, expiresOn: memberCards.expiresOn })
        .from(memberCards)
        .innerJoin(cardTypes, eq(cardTypes.id, memberCards.cardTypeId));
      const packs = await tx
        .select({ memberId: memberPackageLines.memberId, expiresOn: memberPackageLines.expiresOn, remaining: packageBalances.remaining })
        .from(memberPackageLines)
        .innerJoin(packageBalances, eq(packageBalances.packageLineId, memberPackageLines.id));
      const byShop = new Map<number, Record<string, number>>();
      for (const m of all) {
        if (m.status === 3 || m.registeredOn > today) continue;
        const stored = cards.some((c) => c.memberId === m.id && c.status === 1 && c.kind === 1);
        const qual = cards.some((c) => c.memberId === m.id && c.status === 1 && c.kind === 2 && (!c.expiresOn || c.expiresOn >= today));
        const pack = packs.some((p) => p.memberId === m.id && p.remaining > 0 && (!p.expiresOn || p.expiresOn >= today));
        const row = byShop.get(m.shopId) ?? { newMembers: 0, potential: 0, storedValue: 0, qualification: 0, package: 0, total: 0 };
        row.total++;
        if (m.registeredOn >= answer.dateFrom) row.newMembers++;
        if (stored) row.storedValue++;
        if (qual) row.qualification++;
        if (pack) row.package++;
        if (!stored && !qual && !pack) row.potential++;
        byShop.set(m.shopId, row);
      }
      return byShop;
    });
    expect(answer.shops.length).toBe(expected.size);
    for (const row of answer.shops) {
      const { shopId, shopName: _n, ...counts } = row;
      expect({ shopId, ...counts }).toEqual({ shopId, ...expected.get(shopId) });
    }
    const sum = (k: string) => [...expected.values()].reduce((s, r) => s + r[k], 0);
    expect(answer.total.total).toBe(sum('total'));
    expect(answer.total.storedValue).toBe(sum('storedValue'));
    // growth: twelve months, the last month's total is everyone counted
    expect(answer.growth).toHaveLength(12);
    expect(answer.growth[11].total).toBe(answer.total.total);
    // A new member with a stored-value card is one more new and stored-value member of their shop, and no potential one.
    const before = answer.shops.find((r: { shopId: number }) => r.shopId === s1);
    await memberWithCard(t, a, s1, 10_000);
    const after = ok(await a.admin.get(MEMBER_TYPES_PATH, { shopid: s1, dateFrom: '2000-01-01' }));
    expect(after.shops).toHaveLength(1);
    expect(after.shops[0]).toMatchObject({
      storedValue: before.storedValue + 1,
      potential: before.potential,
      total: before.total + 1,
      newMembers: before.total + 1,
    });
  });

  it('each answer says where it was read: the primary, or the replica and how far behind it is', async () => {
    const replica = Boolean(t.app.config.reportsDatabaseUrl);
    const asked = [
      [MEMBER_TYPES_PATH, {}],
      [MEMBER_SUMMARY_PATH, {}],
      [MEMBER_SPENDING_PATH, { yearMonth: month }],
    ] as const;
    for (const [path, query] of asked) {
      const source = ok(await a.admin.get(path, query)).source;
      expect(source.replica).toBe(replica);
      if (!replica) expect(source).toEqual({ replica: false, lagSeconds: null });
    }
    // what the reports' read tells of the replica is what the answers carry
    const read = t.app.reports.read.bind(t.app.reports);
    const spy = vi
      .spyOn(t.app.reports, 'read')
      .mockImplementation(async (tx, tenantId, fn) => ({ ...(await read(tx, tenantId, fn)), source: { replica: true, lagSeconds: 42 } }));
    try {
      for (const [path, query] of asked) expect(ok(await a.admin.get(path, query)).source).toEqual({ replica: true, lagSeconds: 42 });
      expect(spy).toHaveBeenCalledTimes(asked.length);
    } finally {
      spy.mockRestore();
    }
  });

  it('400 on bad input, 401 without a token, 403 without the right or for another shop', async () => {
    expect400(await a.admin.get(MEMBER_SPENDING_PATH, {}), 'yearMonth');
    expect400(await a.admin.get(MEMBER_SPENDING_PATH, { yearMonth: '2026-13' }), 'yearMonth');
    expect400(await a.admin.get(MEMBER_SPENDING_PATH, { yearMonth: month, mincmMoney: -1 }), 'mincmMoney');
    expect400(await a.admin.get(MEMBER_TYPES_PATH, { dateFrom: '2026-05-02', dateTo: '2026-05-01' }), 'dateTo');
    expect400(await a.admin.get(MEMBER_SUMMARY_PATH, { minMoney: 'x' }), 'minMoney');
    const bad = await a.admin.get(MEMBER_SPENDING_PATH, { yearMonth: 'May' });
    expect(bad.body.resp_msg).toBeTruthy();
    for (const path of [MEMBER_TYPES_PATH, MEMBER_SUMMARY_PATH, MEMBER_SPENDING_PATH, MEMBER_SPENDING_EXPORT_PATH])
      expectStatus(await t.client().get(path, { yearMonth: month }), 401);
    const other = await createLimitedUser(t, a, { perms: ['members.member.view'], loginShops: [s1] });
    for (const path of [MEMBER_TYPES_PATH, MEMBER_SUMMARY_PATH, MEMBER_SPENDING_PATH, MEMBER_SPENDING_EXPORT_PATH])
      expectStatus(await other.client.get(path, { yearMonth: month }), 403);
  });

  it('a user limited to a shop sees only its members', async () => {
    const clerk = await createLimitedUser(t, a, {
      perms: [MEMBER_TYPES_PERM, MEMBER_SUMMARY_PERM, MEMBER_SPENDING_PERM],
      loginShops: [s2],
    });
    const types = ok(await clerk.client.get(MEMBER_TYPES_PATH));
    expect(types.shops.map((r: { shopId: number }) => r.shopId)).toEqual([s2]);
    const summary = ok(await clerk.client.get(MEMBER_SUMMARY_PATH, { pageSize: 200 }));
    expect(summary.list.length).toBeGreaterThan(0);
    expect(summary.list.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
    const spending = ok(await clerk.client.get(MEMBER_SPENDING_PATH, { yearMonth: month, minservTotal: 1, pageSize: 200 }));
    expect(spending.list.map((r: { memberId: number }) => r.memberId)).toEqual([walkIn.id]);
    const all = ok(await clerk.client.get(MEMBER_SPENDING_PATH, { yearMonth: month, pageSize: 200 }));
    expect(all.list.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
    expectStatus(await clerk.client.get(MEMBER_SPENDING_PATH, { yearMonth: month, shopid: s1 }), 403);
    expectStatus(await clerk.client.get(MEMBER_TYPES_PATH, { shopid: s1 }), 403);
  });

  it('random settles and revokes keep the month and year figures equal to what the bills make of them', async () => {
    const people = [carded.member.id, walkIn.id];
    const live: number[] = [];
    const settle = fc.record({
      kind: fc.constant('settle' as const),
      who: fc.nat({ max: 1 }),
      services: fc.nat({ max: 2 }),
      products: fc.nat({ max: 1 }),
      byCard: fc.boolean(),
    });
    const op = fc.oneof(settle, settle, fc.record({ kind: fc.constant('revoke' as const), pick: fc.nat() }));
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 2, maxLength: 5 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'settle') {
            const lines = [...(o.services ? [service(o.services)] : []), ...(o.products || !o.services ? [product(1)] : [])];
            const memberId = people[o.who];
            const bill = await settled(s1, memberId, lines, o.byCard && o.who === 0 ? { cardId: carded.cardId } : cash);
            live.push(bill.id);
          } else if (live.length) {
            const [id] = live.splice(o.pick % live.length, 1);
            ok(await a.admin.post(TILL_PATHS.revoke, { id, hcMemo: '随机撤单' }));
          }
        }
        await expectSpendingTrue(people);
      }),
      { numRuns: 6 },
    );
  });
});
