import { readFileSync } from 'node:fs';
import { MEMBER_BILLS_PATH, memberPaths, spendingLineKinds, TILL_PATHS } from '@headoffice/contract';
import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { members, serviceBillLines, serviceBills } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeMember } from './assets-support.js';
import { build, type TestApp, type TestTenant } from './helpers.js';
import { key, memberWithCard, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

interface Figures {
  spent: number;
  visits: number;
  perVisit: number;
  lastVisitAt: string | null;
}

/**
 * The members' figures recomputed from their bills here, apart from the server's SQL: over the settled,
 * not revoked bills with a service or product line, those lines' amounts, the bills, the latest settlement.
 */
async function figuresFromBills(t: TestApp, a: TestTenant, memberIds: number[]): Promise<Map<number, Figures>> {
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
    const out = new Map<number, Figures>(memberIds.map((id) => [id, { spent: 0, visits: 0, perVisit: 0, lastVisitAt: null }]));
    for (const b of bills) {
      if (b.status !== 4 || b.isHc !== 0 || b.isDel !== 0) continue;
      const spending = lines.filter((l) => l.billId === b.id && (spendingLineKinds as readonly string[]).includes(l.kind));
      if (!spending.length) continue;
      const f = out.get(b.memberId as number) as Figures;
      f.spent += spending.reduce((s, l) => s + l.amount, 0);
      if (b.isCompute === 1) f.visits += 1;
      const at = (b.settledAt as Date).toISOString();
      if (!f.lastVisitAt || at > f.lastVisitAt) f.lastVisitAt = at;
    }
    for (const f of out.values()) f.perVisit = f.visits ? Math.round(f.spent / f.visits) : 0;
    return out;
  });
}

/** What the member's page reads: the figures the server keeps on the member. */
async function keptFigures(a: TestTenant, memberId: number): Promise<Figures> {
  const m = ok(await a.admin.get(memberPaths.detail, { memid: memberId }));
  return { spent: m.spent, visits: m.visits, perVisit: m.perVisit, lastVisitAt: m.lastVisitAt };
}

/** The members' rows' figures as the database holds them. */
async function storedFigures(t: TestApp, a: TestTenant, memberIds: number[]) {
  const rows = await inTenant(t.database.db, a.tenantId, (tx) =>
    tx
      .select({
        id: members.id,
        spent: members.spent,
        visits: members.visits,
        perVisit: members.perVisit,
        lastVisitAt: members.lastVisitAt,
      })
      .from(members)
      .where(inArray(members.id, memberIds)),
  );
  return new Map(rows.map((r) => [r.id, { ...r, lastVisitAt: r.lastVisitAt?.toISOString() ?? null }]));
}

describe("a member's spending, visits and last visit, kept from their bills", async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const other = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const fx = await tillFixture(t, a, s1, { servicePrice: 12_800, productPrice: 4_500, stock: 10_000 });
  const fx2 = await tillFixture(t, a, s2, { servicePrice: 9_900 });
  const people = [
    await memberWithCard(t, a, s1, 50_000_000),
    await memberWithCard(t, a, s1, 50_000_000),
    await memberWithCard(t, a, s1, 50_000_000),
  ];
  const setup = ok(await a.admin.get(TILL_PATHS.setup, { shopid: s1 }));
  const cash = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;
  const cashAt2 = ok(await a.admin.get(TILL_PATHS.setup, { shopid: s2 })).payTypes.find((p: { code: string }) => p.code === '01')
    .payTypeId as number;

  /** A bill of the member at a shop with these lines, settled with these payments (a function of the bill's amount). */
  async function settled(
    shopId: number,
    memberId: number,
    lines: Record<string, unknown>[],
    pay: (amount: number) => Record<string, unknown>[],
  ) {
    const opened = ok(await a.admin.post(TILL_PATHS.open, { shopId, memberId }));
    const bill = ok(await a.admin.post(TILL_PATHS.lines, { id: opened.id, version: opened.version, lines }));
    return ok(await a.admin.post(TILL_PATHS.settle, { id: bill.id, version: bill.version, payments: pay(bill.amount) }, key()));
  }
  const service = (num: number, employee = 0) => ({
    kind: 'service',
    itemId: fx.service.id,
    num,
    staff: [{ employeeId: fx.staff[employee].id, station: 1, appointed: false }],
  });
  const product = (num: number) => ({ kind: 'product', itemId: fx.product.id, num });

  async function expectFiguresTrue(ids: number[]) {
    const expected = await figuresFromBills(t, a, ids);
    for (const id of ids) expect({ id, ...(await keptFigures(a, id)) }).toEqual({ id, ...expected.get(id) });
  }

  it('a settle counts the services and products, a card recharge alone no visit; a revoke takes its bill out again; 改单 changes nothing', async () => {
    const { member, cardId } = await memberWithCard(t, a, s1, 1_000_000);
    expect(await keptFigures(a, member.id)).toEqual({ spent: 0, visits: 0, perVisit: 0, lastVisitAt: null });
    const first = await settled(s1, member.id, [service(2), product(1)], (amount) => [{ payTypeId: cash, amount }]);
    const spent = 2 * 12_800 + 4_500;
    expect(await keptFigures(a, member.id)).toEqual({ spent, visits: 1, perVisit: spent, lastVisitAt: first.settledAt });
    // Paid from the card: the card's discount makes the line's amount, the figure follows the bill.
    const second = await settled(s1, member.id, [service(1)], (amount) => [{ cardId, amount }]);
    const byCard = second.lines[0].amount as number;
    expect(await keptFigures(a, member.id)).toEqual({
      spent: spent + byCard,
      visits: 2,
      perVisit: Math.round((spent + byCard) / 2),
      lastVisitAt: second.settledAt,
    });
    // A recharge alone is money kept for later: no spending, no visit.
    await settled(s1, member.id, [{ kind: 'cardRecharge', itemId: cardId, num: 1, amount: 20_000 }], (amount) => [
      { payTypeId: cash, amount },
    ]);
    expect((await keptFigures(a, member.id)).visits).toBe(2);
    // 改单 only re-splits the staff credit.
    const line = second.lines[0].id as number;
    ok(
      await a.admin.post(
        TILL_PATHS.revise,
        { id: second.id, eeyjList: [{ lineId: line, employeeId: fx.staff[1].id, station: 1, appointed: true, yj: 100 }] },
        key(),
      ),
    );
    expect((await keptFigures(a, member.id)).spent).toBe(spent + byCard);
    // 撤单 of the latest bill: its spending and visit go, and the last visit is the one before.
    ok(await a.admin.post(TILL_PATHS.revoke, { id: second.id, hcMemo: '录错' }));
    expect(await keptFigures(a, member.id)).toEqual({ spent, visits: 1, perVisit: spent, lastVisitAt: first.settledAt });
    ok(await a.admin.post(TILL_PATHS.revoke, { id: first.id, hcMemo: '录错' }));
    expect(await keptFigures(a, member.id)).toEqual({ spent: 0, visits: 0, perVisit: 0, lastVisitAt: null });
  });

  it('random sequences of settles, revokes and 改单 keep every figure equal to what the bills make of it', async () => {
    const ids = people.map((p) => p.member.id);
    const live: { id: number; lineId: number | null }[] = [];
    const settle = fc.record({
      kind: fc.constant('settle' as const),
      who: fc.nat({ max: people.length - 1 }),
      services: fc.nat({ max: 2 }),
      products: fc.nat({ max: 1 }),
      recharge: fc.boolean(),
      byCard: fc.boolean(),
    });
    const pick = (kind: 'revoke' | 'revise') => fc.record({ kind: fc.constant(kind), pick: fc.nat() });
    const op = fc.oneof(settle, settle, pick('revoke'), pick('revise'));
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 2, maxLength: 6 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'settle') {
            const { member, cardId } = people[o.who];
            const lines = [
              ...(o.services ? [service(o.services, o.who % 2)] : []),
              ...(o.products ? [product(o.products)] : []),
              ...(o.recharge || (!o.services && !o.products) ? [{ kind: 'cardRecharge', itemId: cardId, num: 1, amount: 5_000 }] : []),
            ];
            // A bill that recharges a card is not paid from one.
            const card = o.byCard && !lines.some((l) => l.kind === 'cardRecharge');
            const bill = await settled(s1, member.id, lines, (amount) => [card ? { cardId, amount } : { payTypeId: cash, amount }]);
            const serviceLine = bill.lines.find((l: { kind: string }) => l.kind === 'service');
            live.push({ id: bill.id, lineId: serviceLine?.id ?? null });
          } else if (live.length) {
            const [bill] = live.splice(o.pick % live.length, 1);
            if (o.kind === 'revoke') ok(await a.admin.post(TILL_PATHS.revoke, { id: bill.id, hcMemo: '随机撤单' }));
            else {
              if (bill.lineId !== null)
                ok(
                  await a.admin.post(
                    TILL_PATHS.revise,
                    { id: bill.id, eeyjList: [{ lineId: bill.lineId, employeeId: fx.staff[1].id, station: 1, appointed: false, yj: 1 }] },
                    key(),
                  ),
                );
              live.push(bill);
            }
          }
          await expectFiguresTrue(ids);
        }
      }),
      { numRuns: 6 },
    );
    // The migration's back-fill makes the same figures from the bills as the writes kept.
    const kept = await storedFigures(t, a, ids);
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(members).set({ spent: 0, visits: 0, lastVisitAt: null }).where(inArray(members.id, ids)),
    );
    const migration = readFileSync(new URL('../drizzle/0051_member_visits.sql', import.meta.url), 'utf8');
    const backFill = migration.slice(migration.indexOf('-- Back-fill'));
    // Under the tenant's row security: the statement reaches this tenant's members only.
    await inTenant(t.database.db, a.tenantId, (tx) => tx.execute(sql.raw(backFill)));
    expect(await storedFigures(t, a, ids)).toEqual(kept);
  });

  it('concurrent settles of one member are all counted', async () => {
    const { member } = await memberWithCard(t, a, s1, 0);
    const opened = [];
    for (let i = 0; i < 6; i++) {
      const o = ok(await a.admin.post(TILL_PATHS.open, { shopId: s1, memberId: member.id }));
      opened.push(ok(await a.admin.post(TILL_PATHS.lines, { id: o.id, version: o.version, lines: [service(1)] })));
    }
    await Promise.all(
      opened.map(async (b) =>
        ok(
          await a.admin.post(TILL_PATHS.settle, { id: b.id, version: b.version, payments: [{ payTypeId: cash, amount: b.amount }] }, key()),
        ),
      ),
    );
    expect(await keptFigures(a, member.id)).toMatchObject({ spent: 6 * 12_800, visits: 6, perVisit: 12_800 });
    await expectFiguresTrue([member.id]);
  });

  it('the member list sorts by spending, visits, spending per visit and last visit, on the server', async () => {
    const big = await makeMember(t, a, s2);
    const small = await makeMember(t, a, s2);
    await settled(s2, big.id, [{ kind: 'service', itemId: fx2.service.id, num: 3 }], (amount) => [{ payTypeId: cashAt2, amount }]);
    await settled(s2, small.id, [{ kind: 'service', itemId: fx2.service.id, num: 1 }], (amount) => [{ payTypeId: cashAt2, amount }]);
    await settled(s2, small.id, [{ kind: 'service', itemId: fx2.service.id, num: 1 }], (amount) => [{ payTypeId: cashAt2, amount }]);
    const order = async (sort: string) =>
      ok(await a.admin.get(memberPaths.chainList, { shopId: s2, sort, pageSize: 200 }))
        .list.filter((r: { id: number }) => r.id === big.id || r.id === small.id)
        .map((r: { id: number }) => r.id);
    expect(await order('-spent')).toEqual([big.id, small.id]);
    expect(await order('-visits')).toEqual([small.id, big.id]);
    expect(await order('-perVisit')).toEqual([big.id, small.id]);
    expect(await order('perVisit')).toEqual([small.id, big.id]);
    expect(await order('-lastVisitAt')).toEqual([small.id, big.id]);
    const row = ok(await a.admin.get(memberPaths.chainList, { keyword: big.mobile })).list[0];
    expect(row).toMatchObject({ spent: 3 * 9_900, visits: 1, perVisit: 3 * 9_900 });
  });

  describe('消费记录: the bills on the member page', () => {
    it("lists the member's settled bills newest first with items, staff and payments; a revoked one marked", async () => {
      const { member, cardId } = await memberWithCard(t, a, s1, 1_000_000);
      const first = await settled(s1, member.id, [service(1, 0), product(2)], (amount) => [
        { cardId, amount: 1_000 },
        { payTypeId: cash, amount: amount - 1_000 },
      ]);
      const second = await settled(s1, member.id, [service(1, 1)], (amount) => [{ payTypeId: cash, amount }]);
      ok(await a.admin.post(TILL_PATHS.revoke, { id: second.id, hcMemo: '重复录单' }));
      const page = ok(await a.admin.get(MEMBER_BILLS_PATH, { memid: member.id }));
      // The card sold in head office is the member's first bill, as a card sold at the till.
      expect(page.total).toBe(3);
      expect(page.list.slice(0, 2).map((r: { id: number; state: string }) => [r.id, r.state])).toEqual([
        [second.id, 'revoked'],
        [first.id, 'settled'],
      ]);
      expect(page.list[2].items).toEqual([expect.objectContaining({ kind: 'cardOpen', amount: 1_000_000 })]);
      const row = page.list[1];
      expect(row).toMatchObject({ billNo: first.billNo, shopId: s1, businessDate: first.businessDate, amount: first.amount });
      expect(row.items).toEqual([
        { kind: 'service', name: fx.service.name, num: 1, amount: first.lines[0].amount },
        { kind: 'product', name: fx.product.name, num: 2, amount: first.lines[1].amount },
      ]);
      expect(row.staff).toEqual([fx.staff[0].name]);
      expect(row.payments.map((p: { amount: number }) => p.amount).reduce((s: number, v: number) => s + v, 0)).toBe(first.amount);
      expect(row.payments.some((p: { payName: string }) => p.payName.includes('人民币'))).toBe(true);
      // The revoked bill still names who served.
      expect(page.list[0].staff).toEqual([fx.staff[1].name]);
      // Paged.
      const one = ok(await a.admin.get(MEMBER_BILLS_PATH, { memid: member.id, pageSize: 1, page: 2 }));
      expect(one.list.map((r: { id: number }) => r.id)).toEqual([first.id]);
    });

    it('a user limited to a shop sees only that shop’s bills of the member; 400, 401, 403, 404', async () => {
      const member = await makeMember(t, a, s1);
      const here = await settled(s1, member.id, [service(1)], (amount) => [{ payTypeId: cash, amount }]);
      const there = await settled(s2, member.id, [{ kind: 'service', itemId: fx2.service.id, num: 1 }], (amount) => [
        { payTypeId: cashAt2, amount },
      ]);
      const all = ok(await a.admin.get(MEMBER_BILLS_PATH, { memid: member.id }));
      expect(all.list.map((r: { id: number }) => r.id)).toEqual([there.id, here.id]);
      const clerk = await createLimitedUser(t, a, { perms: ['members.member.view'], loginShops: [s2] });
      const seen = ok(await clerk.client.get(MEMBER_BILLS_PATH, { memid: member.id }));
      expect(seen.list.map((r: { id: number }) => r.id)).toEqual([there.id]);
      expect(seen.total).toBe(1);
      const bad = await a.admin.get(MEMBER_BILLS_PATH, { memid: 'x' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.[0]?.path).toBe('memid');
      expect((await t.client().get(MEMBER_BILLS_PATH, { memid: member.id })).status).toBe(401);
      const noRight = await createLimitedUser(t, a, { perms: ['cashier.servicerecord.view'], loginShops: [s1] });
      expect((await noRight.client.get(MEMBER_BILLS_PATH, { memid: member.id })).status).toBe(403);
      expect((await other.admin.get(MEMBER_BILLS_PATH, { memid: member.id })).status).toBe(404);
    });
  });
});
