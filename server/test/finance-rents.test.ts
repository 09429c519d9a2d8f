import { addMonths, RENT_CYCLES, rentSchedule } from '@headoffice/contract';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type Client } from './helpers.js';
import { expect400, expectLedgerConsistent, expectOk, expectStatus, shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

const F = '/api-finance';

describe('rent schedule (rentSchedule)', () => {
  const dateArb = fc
    .record({ y: fc.integer({ min: 2015, max: 2035 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
    .map(({ y, m, d }) => addMonths(`${y}-${String(m).padStart(2, '0')}-01`, 0).slice(0, 8) + String(Math.min(d, 28)).padStart(2, '0'));
  const terms = fc.record({
    startDate: dateArb,
    months: fc.integer({ min: 1, max: 120 }),
    extraDays: fc.integer({ min: -1, max: 40 }),
    cycle: fc.constantFrom(...RENT_CYCLES),
    totalMoney: fc.integer({ min: 0, max: 5_000_000_000 }),
    firstPeriodFree: fc.constantFrom(0 as const, 1 as const),
    increaseRate: fc.integer({ min: 0, max: 3_000 }),
  });

  it('periods add up to the contract total to the cent, cover the contract without gaps, the free period is 0', () => {
    fc.assert(
      fc.property(terms, ({ months, extraDays, ...t }) => {
        // A month or more, give or take a few days: some contracts end inside a period.
        const endDate = new Date(Date.parse(addMonths(t.startDate, months)) + (extraDays - 1) * 86_400_000).toISOString().slice(0, 10);
        const periods = rentSchedule({ ...t, endDate });
        const single = periods.length === 1;
        if (single && t.firstPeriodFree) return; // refused by the contract's save
        expect(periods.reduce((s, p) => s + p.amount, 0)).toBe(t.totalMoney);
        expect(periods.every((p) => Number.isInteger(p.amount) && p.amount >= 0)).toBe(true);
        expect(periods[0].startDate).toBe(t.startDate);
        expect(periods.at(-1)?.endDate).toBe(endDate);
        for (let i = 1; i < periods.length; i++) {
          const dayAfter = new Date(Date.parse(periods[i - 1].endDate) + 86_400_000).toISOString().slice(0, 10);
          expect(periods[i].startDate).toBe(dayAfter);
          expect(periods[i].seq).toBe(i + 1);
        }
        if (t.firstPeriodFree) expect(periods[0].amount).toBe(0);
      }),
      { numRuns: 400 },
    );
  });

  it('with a yearly increase a later whole period never costs less than an earlier one of the same length', () => {
    fc.assert(
      fc.property(terms, ({ months, extraDays: _e, ...t }) => {
        const endDate = new Date(Date.parse(addMonths(t.startDate, Math.max(months, 24))) - 86_400_000).toISOString().slice(0, 10);
        const periods = rentSchedule({ ...t, endDate, firstPeriodFree: 0, totalMoney: Math.max(t.totalMoney, 1_000_000) });
        const cycleMonths = { month: 1, quarter: 3, year: 12 }[t.cycle];
        const whole = periods.filter(
          (p) => p.endDate === new Date(Date.parse(addMonths(p.startDate, cycleMonths)) - 86_400_000).toISOString().slice(0, 10),
        );
        for (let i = 1; i < whole.length; i++) expect(whole[i].amount).toBeGreaterThanOrEqual(whole[i - 1].amount - 1);
      }),
      { numRuns: 200 },
    );
  });

  it('a two-year monthly contract of ¥120,000 with a free first month and 5% a year', () => {
    const periods = rentSchedule({
      startDate: '2026-01-31',
      endDate: '2028-01-30',
      cycle: 'month',
      totalMoney: 12_000_000,
      firstPeriodFree: 1,
      increaseRate: 500,
    });
    expect(periods).toHaveLength(24);
    expect(periods.slice(0, 3).map((p) => [p.startDate, p.endDate])).toEqual([
      ['2026-01-31', '2026-02-27'],
      ['2026-02-28', '2026-03-30'],
      ['2026-03-31', '2026-04-29'],
    ]);
    expect(periods[0].amount).toBe(0);
    // 11 months at r and 12 at 1.05r: r = 12,000,000 / (11 + 12.6).
    expect(periods[1].amount).toBeCloseTo(12_000_000 / 23.6, -1);
    expect(periods[12].amount).toBeCloseTo((12_000_000 / 23.6) * 1.05, -1);
    expect(periods.reduce((s, p) => s + p.amount, 0)).toBe(12_000_000);
  });
});

const t = await build();
const a = await t.tenant({ demo: true });
const b = await t.sharedOtherTenant();
const [shop1, shop2] = await shopIds(t, a);
const types = expectOk(await a.admin.get(`${F}/dicreserve/list/all`)) as { id: number; name: string }[];
const other = types.find((x) => x.name === '预留其他')?.id as number;
const takings = types.find((x) => x.name === '营业款')?.id as number;
const landlords = expectOk(await a.admin.get(`${F}/landlordinfo/list/all`)) as { id: number; bankno: string }[];
let seq = 0;
const contractCode = () => `HT${Date.now() % 100000}${++seq}`;

const balance = async (shopId: number, reserveTypeId: number) =>
  (expectOk(await a.admin.get(`${F}/reservemoney/getReseveJe`, { shopid: shopId, reserveTypeId })) as { money: number }).money;
async function fund(shopId: number, reserveTypeId: number, money: number) {
  const bill = expectOk(await a.admin.post(`${F}/reservebillhead/saveBill`, { lines: [{ shopId, reserveTypeId, money }] }));
  expectOk(await a.admin.post(`${F}/reservebillhead/auditBill`, { id: bill.id }));
}

const storeContract = (over: Record<string, unknown> = {}) => ({
  code: contractCode(),
  shopId: shop1,
  landlordId: landlords[0].id,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  cycle: 'quarter',
  totalMoney: 1_200_000,
  ...over,
});

describe('store rent contracts (storerentcont)', () => {
  it('saving a contract generates its schedule; the landlord’s account is used when none is given', async () => {
    const saved = expectOk(await a.admin.post(`${F}/storerentcont/saveAction`, storeContract()));
    expect(saved).toMatchObject({
      bankno: landlords[0].bankno,
      paidTo: null,
      paidMoney: 0,
      nextDueDate: '2026-01-01',
      nextAmount: 300_000,
    });
    expect(saved.periods.map((p: { startDate: string; amount: number }) => [p.startDate, p.amount])).toEqual([
      ['2026-01-01', 300_000],
      ['2026-04-01', 300_000],
      ['2026-07-01', 300_000],
      ['2026-10-01', 300_000],
    ]);
    const changed = expectOk(
      await a.admin.post(`${F}/storerentcont/saveAction`, {
        ...storeContract({ code: saved.code }),
        id: saved.id,
        version: saved.version,
        cycle: 'year',
      }),
    );
    expect(changed.periods).toHaveLength(1);
    expectStatus(
      await a.admin.post(`${F}/storerentcont/saveAction`, { ...storeContract({ code: saved.code }), id: saved.id, version: saved.version }),
      409,
    );
    expect400(await a.admin.post(`${F}/storerentcont/saveAction`, storeContract({ endDate: '2025-01-01' })), 'endDate');
    expect400(await a.admin.post(`${F}/storerentcont/saveAction`, storeContract({ startDate: '2026-02-30' })), 'startDate');
    expectStatus(await b.admin.post(`${F}/storerentcont/saveAction`, { ...storeContract(), id: saved.id }), 404);
    expectStatus(await b.admin.post(`${F}/storerentcont/checkBankno`, { bankno: '6222000099990001', id: saved.id }), 404);
    expect400(await a.admin.post(`${F}/storerentcont/saveAction`, storeContract({ landlordId: null })), 'landlordId');
    expectStatus(await a.admin.post(`${F}/storerentcont/saveAction`, storeContract({ code: saved.code })), 409);
    expectStatus(await b.admin.get(`${F}/storerentcont/detail/${saved.id}`), 404);
    expectStatus(await t.client().get(`${F}/storerentcont/list`), 401);
  });

  it('checkBankno: the format, and an account of another landlord or contract is not free', async () => {
    expect400(await a.admin.post(`${F}/storerentcont/checkBankno`, { bankno: '12ab' }), 'bankno');
    expect(expectOk(await a.admin.post(`${F}/storerentcont/checkBankno`, { bankno: landlords[1].bankno }))).toMatchObject({ free: false });
    expect(expectOk(await a.admin.post(`${F}/storerentcont/checkBankno`, { bankno: '6222 0000 9999 0001' }))).toEqual({
      free: true,
      usedBy: null,
    });
    const refused = await a.admin.post(`${F}/storerentcont/saveAction`, storeContract({ bankno: landlords[1].bankno }));
    expectStatus(refused, 409);
  });

  /** A store contract saved, with the terms of one overdue (paid monthly since two months ago) or of one starting later. */
  const savedStore = async (over: Record<string, unknown>) =>
    expectOk(await a.admin.post(`${F}/storerentcont/saveAction`, storeContract(over)));
  const today = () => new Date().toISOString().slice(0, 10);
  const overdueTerms = () => ({ startDate: addMonths(today(), -2), endDate: addMonths(today(), 10), cycle: 'month' });
  const laterTerms = () => ({ startDate: addMonths(today(), 3), endDate: addMonths(today(), 15) });

  it('lists contracts due within N days or overdue, soonest first', async () => {
    const overdue = await savedStore(overdueTerms());
    const later = await savedStore(laterTerms());
    const due = expectOk(await a.admin.get(`${F}/storerentcont/dueList`, { days: 30, pageSize: 200 }));
    const ids = due.list.map((r: { id: number }) => r.id);
    expect(ids).toContain(overdue.id);
    expect(ids).not.toContain(later.id);
    expect(due.list.find((r: { id: number }) => r.id === overdue.id).overdueDays).toBeGreaterThan(50);
    const far = expectOk(await a.admin.get(`${F}/storerentcont/dueList`, { days: 120, pageSize: 200 }));
    expect(far.list.map((r: { id: number }) => r.id)).toContain(later.id);
  });

  it('the main list says how many days a contract is overdue (逾期): never a later one nor a void one', async () => {
    const overdue = await savedStore(overdueTerms());
    const later = await savedStore(laterTerms());
    const voided = await savedStore({ ...overdueTerms(), status: 2 });
    const row = async (code: string) =>
      (expectOk(await a.admin.get(`${F}/storerentcont/list`, { keyword: code })).list as { code: string; overdueDays: number }[]).find(
        (r) => r.code === code,
      );
    const days = (await row(overdue.code))?.overdueDays ?? 0;
    expect(days).toBeGreaterThan(55);
    expect(days).toBeLessThan(65);
    expect(overdue.overdueDays).toBe(days);
    expect((await row(later.code))?.overdueDays).toBe(0);
    expect((await row(voided.code))?.overdueDays).toBe(0);
  });

  it('a new contract is proposed the next number of its kind and year; one saved takes it', async () => {
    const year = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).slice(0, 4);
    const proposed = expectOk(await a.admin.get(`${F}/storerentcont/getCode`)) as string;
    expect(proposed).toMatch(new RegExp(`^ZJ${year}\\d{3,}$`));
    expectOk(await a.admin.post(`${F}/storerentcont/saveAction`, storeContract({ code: proposed })));
    const next = expectOk(await a.admin.get(`${F}/storerentcont/getCode`)) as string;
    expect(Number(next.slice(6))).toBe(Number(proposed.slice(6)) + 1);
    expect(expectOk(await a.admin.get(`${F}/dormrentcont/getCode`))).toMatch(new RegExp(`^SS${year}\\d{3,}$`));
    expectStatus(await t.client().get(`${F}/storerentcont/getCode`), 401);
    const viewer = await createLimitedUser(t, a, { perms: ['finance.rentcont.store.view'], managerShops: [shop1] });
    expectStatus(await viewer.client.get(`${F}/storerentcont/getCode`), 403);
  });
});

describe('store rent payments (storerentrecords)', async () => {
  const P = `${F}/storerentrecords`;
  const approver = await createLimitedUser(t, a, {
    perms: ['finance.rent.store.view', 'finance.rent.store.audit'],
    managerShops: [shop1, shop2],
  });
  const pay = async (client: Client, contractId: number, periodTo: number, lines: { reserveTypeId: number; money: number }[]) => {
    const bill = expectOk(await client.post(`${P}/saveBill`, { contractId, periodTo, lines }));
    expectOk(await client.post(`${P}/submitBill`, { id: bill.id }));
    return bill;
  };

  it('pays whole periods from reserve money: approval lowers the balances and moves the paid-to date; cancelling undoes it', async () => {
    const contract = expectOk(await a.admin.post(`${F}/storerentcont/saveAction`, storeContract({ shopId: shop2 })));
    await fund(shop2, other, 400_000);
    await fund(shop2, takings, 400_000);
    const [o, k] = [await balance(shop2, other), await balance(shop2, takings)];
    expect400(
      await a.admin.post(`${P}/saveBill`, { contractId: contract.id, periodTo: 2, lines: [{ reserveTypeId: other, money: 1 }] }),
      'lines',
    );
    expect400(
      await a.admin.post(`${P}/saveBill`, { contractId: contract.id, periodTo: 9, lines: [{ reserveTypeId: other, money: 1 }] }),
      'periodTo',
    );
    const bill = await pay(a.admin, contract.id, 2, [
      { reserveTypeId: other, money: 350_000 },
      { reserveTypeId: takings, money: 250_000 },
    ]);
    expect(bill).toMatchObject({ periodFrom: 1, periodTo: 2, totalMoney: 600_000, coversFrom: '2026-01-01', coversTo: '2026-06-30' });
    expectStatus(
      await a.admin.post(`${P}/saveBill`, { contractId: contract.id, periodTo: 3, lines: [{ reserveTypeId: other, money: 900_000 }] }),
      409,
    );
    expectStatus(await a.admin.post(`${P}/auditBillForChain`, { id: bill.id }), 403);
    const approved = expectOk(await approver.client.post(`${P}/auditBillForChain`, { id: bill.id }));
    expect(approved.lines.map((l: { balanceAfter: number }) => l.balanceAfter)).toEqual([o - 350_000, k - 250_000]);
    expect([await balance(shop2, other), await balance(shop2, takings)]).toEqual([o - 350_000, k - 250_000]);
    const after = expectOk(await a.admin.get(`${F}/storerentcont/detail/${contract.id}`));
    expect(after).toMatchObject({ paidTo: '2026-06-30', paidMoney: 600_000, nextDueDate: '2026-07-01' });
    expect(after.periods.slice(0, 2).map((p: { paymentBillNo: string }) => p.paymentBillNo)).toEqual([bill.billNo, bill.billNo]);
    // The schedule is fixed once paid.
    expectStatus(
      await a.admin.post(`${F}/storerentcont/saveAction`, {
        ...storeContract({ shopId: shop2, code: contract.code }),
        id: contract.id,
        cycle: 'month',
      }),
      409,
    );
    const summary = expectOk(await approver.client.post(`${P}/changeSumTypeBatch`, { ids: [bill.id], value: 2 }));
    expect(summary.done).toHaveLength(1);
    const back = expectOk(await approver.client.post(`${P}/cancelAuditBillForChain`, { id: bill.id }));
    expect(back).toMatchObject({ state: 'submitted', sumType: 2 });
    expect([await balance(shop2, other), await balance(shop2, takings)]).toEqual([o, k]);
    expect(expectOk(await a.admin.get(`${F}/storerentcont/detail/${contract.id}`))).toMatchObject({ paidTo: null, paidMoney: 0 });
    await expectLedgerConsistent(t, [a]);
  });

  it('a payment past a reserve balance is refused with the balance; a later payment must be cancelled first', async () => {
    const contract = expectOk(await a.admin.post(`${F}/storerentcont/saveAction`, storeContract({ cycle: 'month', totalMoney: 120_000 })));
    const have = await balance(shop1, other);
    // Exactly ¥300 left: enough for three months, not for the year.
    if (have !== 30_000) await fund(shop1, other, 30_000 - have);
    expect(await balance(shop1, other)).toBe(30_000);
    const big = await pay(a.admin, contract.id, 12, [{ reserveTypeId: other, money: 120_000 }]);
    const short = await approver.client.post(`${P}/auditBillForChain`, { id: big.id });
    expectStatus(short, 409);
    expect(short.body.resp_msg).toContain('可用 300.00 元');
    expect(await balance(shop1, other)).toBe(30_000);
    expectOk(await approver.client.post(`${P}/rejectBill`, { id: big.id, memo: '余额不足' }));
    expectOk(await a.admin.post(`${P}/deleteBill`, { id: big.id }));
    const first = await pay(a.admin, contract.id, 1, [{ reserveTypeId: other, money: 10_000 }]);
    expectOk(await approver.client.post(`${P}/auditBillForChain`, { id: first.id }));
    const second = await pay(a.admin, contract.id, 2, [{ reserveTypeId: other, money: 10_000 }]);
    expect(second.periodFrom).toBe(2);
    expectOk(await approver.client.post(`${P}/auditBillForChain`, { id: second.id }));
    const refused = await approver.client.post(`${P}/cancelAuditBillForChain`, { id: first.id });
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toContain(second.billNo);
    await expectLedgerConsistent(t, [a]);
  });

  it('a shop user sees only its own shop’s contracts and payments', async () => {
    const user = await createLimitedUser(t, a, {
      perms: ['finance.rentcont.store.view', 'finance.rent.store.view', 'finance.rent.store.edit'],
      managerShops: [shop1],
    });
    const theirs = expectOk(await a.admin.post(`${F}/storerentcont/saveAction`, storeContract({ shopId: shop2 })));
    expectStatus(await user.client.get(`${F}/storerentcont/detail/${theirs.id}`), 404);
    const listed = expectOk(await user.client.get(`${F}/storerentcont/list`, { pageSize: 200 }));
    expect(listed.list.every((r: { shopId: number }) => r.shopId === shop1)).toBe(true);
    expectStatus(await user.client.get(`${F}/storerentcont/list`, { shopid: shop2 }), 403);
    expectStatus(
      await user.client.post(`${P}/saveBill`, { contractId: theirs.id, periodTo: 1, lines: [{ reserveTypeId: other, money: 300_000 }] }),
      403,
    );
  });
});

const dormContract = (over: Record<string, unknown> = {}) => ({
  code: contractCode(),
  shopId: shop1,
  landlordName: '王阿姨',
  startDate: '2026-01-01',
  endDate: '2026-06-30',
  cycle: 'month',
  totalMoney: 60_000,
  ...over,
});
const dormApprover = await createLimitedUser(t, a, {
  perms: ['finance.rentcont.dorm.view', 'finance.rentcont.dorm.audit'],
  managerShops: await shopIds(t, a),
});

describe('dormitory contract approval (dormrentcont auditBillForChain / rejectBill)', () => {
  const payDraft = (contractId: number) =>
    a.admin.post(`${F}/dormrentrecords/saveBill`, { contractId, periodTo: 1, lines: [{ reserveTypeId: other, money: 10_000 }] });

  it('a saved contract waits for approval: it cannot be paid nor falls due until approved, then it no longer changes', async () => {
    const saved = expectOk(await a.admin.post(`${F}/dormrentcont`, dormContract()));
    expect(saved).toMatchObject({ approval: 'submitted', createdByName: expect.any(String), auditedByName: null });
    const pickable = async () => (expectOk(await a.admin.get(`${F}/dormrentcont/list/all`)) as { id: number }[]).map((r) => r.id);
    const due = async () =>
      (expectOk(await a.admin.get(`${F}/dormrentcont/dueList`, { days: 366, pageSize: 200 })).list as { id: number }[]).map((r) => r.id);
    expect(await pickable()).not.toContain(saved.id);
    expect(await due()).not.toContain(saved.id);
    const unpaid = await payDraft(saved.id);
    expectStatus(unpaid, 409);
    expect(unpaid.body.resp_msg).toContain(saved.code);
    // Before approval the maker may still correct it.
    expectOk(await a.admin.post(`${F}/dormrentcont`, { ...dormContract(), code: saved.code, id: saved.id, deposit: 6_000 }));
    // The maker cannot approve their own contract.
    expectStatus(await a.admin.post(`${F}/dormrentcont/auditBillForChain`, { id: saved.id }), 403);
    const approved = expectOk(await dormApprover.client.post(`${F}/dormrentcont/auditBillForChain`, { id: saved.id }));
    expect(approved).toMatchObject({ approval: 'approved', deposit: 6_000, auditedByName: expect.any(String) });
    expect(approved.auditedAt).not.toBeNull();
    expect(await pickable()).toContain(saved.id);
    expect(await due()).toContain(saved.id);
    expect(
      (
        expectOk(await a.admin.get(`${F}/dormrentcont/billListForChain`, { approval: 'approved', pageSize: 200 })).list as { id: number }[]
      ).map((r) => r.id),
    ).toContain(saved.id);
    expectOk(await payDraft(saved.id));
    // Approved: no more edits, no second decision (409 naming the state).
    expectStatus(await a.admin.post(`${F}/dormrentcont`, { ...dormContract(), code: saved.code, id: saved.id, memo: 'x' }), 409);
    expectStatus(await dormApprover.client.post(`${F}/dormrentcont/auditBillForChain`, { id: saved.id }), 409);
    const twice = await dormApprover.client.post(`${F}/dormrentcont/rejectBill`, { id: saved.id, memo: '晚了' });
    expectStatus(twice, 409);
    expect(twice.body.resp_msg).toContain('已审核');
    // The operation log names the approval.
    const verbs = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select({ verb: auditLog.verb })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'dormrentcont'), eq(auditLog.entityId, saved.id))),
    );
    expect(verbs.map((v) => v.verb)).toEqual(expect.arrayContaining(['create', 'update', 'audit']));
  });

  it('rejected with a reason; corrected and saved it is submitted again', async () => {
    const saved = expectOk(await a.admin.post(`${F}/dormrentcont`, dormContract()));
    expect400(await dormApprover.client.post(`${F}/dormrentcont/rejectBill`, { id: saved.id }), 'memo');
    expect400(await dormApprover.client.post(`${F}/dormrentcont/rejectBill`, { id: saved.id, memo: '  ' }), 'memo');
    const rejected = expectOk(await dormApprover.client.post(`${F}/dormrentcont/rejectBill`, { id: saved.id, memo: '押金不对' }));
    expect(rejected).toMatchObject({ approval: 'rejected', rejectMemo: '押金不对' });
    expectStatus(await payDraft(saved.id), 409);
    expectStatus(await dormApprover.client.post(`${F}/dormrentcont/auditBillForChain`, { id: saved.id }), 409);
    const again = expectOk(await a.admin.post(`${F}/dormrentcont`, { ...dormContract(), code: saved.code, id: saved.id, deposit: 5_000 }));
    expect(again).toMatchObject({ approval: 'submitted', rejectMemo: null, deposit: 5_000 });
    expect(expectOk(await dormApprover.client.post(`${F}/dormrentcont/auditBillForChain`, { id: saved.id })).approval).toBe('approved');
  });

  it('400 for a bad body, 401 without a token, 403 without the right, 404 for another tenant’s or shop’s contract, 409 stale', async () => {
    const saved = expectOk(await a.admin.post(`${F}/dormrentcont`, dormContract()));
    expect400(await dormApprover.client.post(`${F}/dormrentcont/auditBillForChain`, { id: 'x' }), 'id');
    expectStatus(await dormApprover.client.post(`${F}/dormrentcont/auditBillForChain`, { id: saved.id, extra: 1 }), 400);
    expectStatus(await t.client().post(`${F}/dormrentcont/auditBillForChain`, { id: saved.id }), 401);
    const viewer = await createLimitedUser(t, a, {
      perms: ['finance.rentcont.dorm.view', 'finance.rentcont.dorm.edit'],
      managerShops: [shop1, shop2],
    });
    expectStatus(await viewer.client.post(`${F}/dormrentcont/auditBillForChain`, { id: saved.id }), 403);
    expectStatus(await viewer.client.post(`${F}/dormrentcont/rejectBill`, { id: saved.id, memo: '不行' }), 403);
    // Another tenant: not found, before the body is judged.
    expectStatus(await b.admin.post(`${F}/dormrentcont/auditBillForChain`, { id: saved.id }), 404);
    expectStatus(await b.admin.post(`${F}/dormrentcont/rejectBill`, { id: saved.id }), 404);
    // A store contract is not a dormitory contract.
    const store = expectOk(await a.admin.post(`${F}/storerentcont/saveAction`, storeContract()));
    expectStatus(await dormApprover.client.post(`${F}/dormrentcont/auditBillForChain`, { id: store.id }), 404);
    // A shop-limited approver: another shop's contract is not found; its own shop's is approved.
    const shopApprover = await createLimitedUser(t, a, {
      perms: ['finance.rentcont.dorm.view', 'finance.rentcont.dorm.audit'],
      managerShops: [shop2],
    });
    expectStatus(await shopApprover.client.post(`${F}/dormrentcont/auditBillForChain`, { id: saved.id }), 404);
    expectStatus(await shopApprover.client.post(`${F}/dormrentcont/rejectBill`, { id: saved.id }), 404);
    const ofShop2 = expectOk(await a.admin.post(`${F}/dormrentcont`, dormContract({ shopId: shop2 })));
    expectStatus(
      await shopApprover.client.post(`${F}/dormrentcont/auditBillForChain`, { id: ofShop2.id, version: 1 + ofShop2.version }),
      409,
    );
    expect(
      expectOk(await shopApprover.client.post(`${F}/dormrentcont/auditBillForChain`, { id: ofShop2.id, version: ofShop2.version }))
        .approval,
    ).toBe('approved');
    // Of two concurrent decisions, one wins and the other finds the new state.
    const race = expectOk(await a.admin.post(`${F}/dormrentcont`, dormContract()));
    const answers = await Promise.all([
      dormApprover.client.post(`${F}/dormrentcont/auditBillForChain`, { id: race.id }),
      dormApprover.client.post(`${F}/dormrentcont/rejectBill`, { id: race.id, memo: '重复' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('dormitories (dormrentcont, dormrentrecords, dormrate)', () => {
  it('a dormitory contract generates its schedule and is paid like a store rent', async () => {
    const contract = expectOk(
      await a.admin.post(`${F}/dormrentcont`, {
        code: contractCode(),
        shopId: shop1,
        landlordName: '李阿姨',
        payee: '李阿姨',
        bank: '中国银行',
        bankno: '6216600000000123',
        startDate: '2026-03-01',
        endDate: '2027-02-28',
        cycle: 'month',
        totalMoney: 360_000,
        deposit: 30_000,
      }),
    );
    expect(contract.periods).toHaveLength(12);
    expect(contract.approval).toBe('submitted');
    expectOk(await dormApprover.client.post(`${F}/dormrentcont/auditBillForChain`, { id: contract.id }));
    expect(expectOk(await a.admin.get(`${F}/dormrentcont/getDormRentCont/${contract.id}`)).landlordName).toBe('李阿姨');
    expect(
      expectOk(await a.admin.get(`${F}/dormrentcont/billListForChain`, { shopid: shop1 })).list.map((r: { id: number }) => r.id),
    ).toContain(contract.id);
    await fund(shop1, other, 90_000);
    const start = await balance(shop1, other);
    const bill = expectOk(
      await a.admin.post(`${F}/dormrentrecords/saveBill`, {
        contractId: contract.id,
        periodTo: 3,
        lines: [{ reserveTypeId: other, money: 90_000 }],
      }),
    );
    expectOk(await a.admin.post(`${F}/dormrentrecords/submitBill`, { id: bill.id }));
    const checker = await createLimitedUser(t, a, { perms: ['finance.rent.dorm.view', 'finance.rent.dorm.audit'], managerShops: [shop1] });
    expectOk(await checker.client.post(`${F}/dormrentrecords/auditBillForChain`, { id: bill.id }));
    expect(await balance(shop1, other)).toBe(start - 90_000);
    expect(expectOk(await a.admin.get(`${F}/dormrentcont/detail/${contract.id}`)).paidTo).toBe('2026-05-31');
    // A store payment cannot pay a dormitory contract.
    expect400(
      await a.admin.post(`${F}/storerentrecords/saveBill`, {
        contractId: contract.id,
        periodTo: 4,
        lines: [{ reserveTypeId: other, money: 30_000 }],
      }),
      'contractId',
    );
  });

  it('deduction rates per shop: one, several at once, a shop the user does not see is refused', async () => {
    const saved = expectOk(await a.admin.post(`${F}/dormrate/save`, { shopId: shop1, rate: 3_000 }));
    expect(saved).toMatchObject({ shopId: shop1, rate: 3_000 });
    expect(expectOk(await a.admin.post(`${F}/dormrate/saveRate`, { shopIds: [shop1, shop2], rate: 2_500 }))).toEqual({ count: 2 });
    const list = expectOk(await a.admin.get(`${F}/dormrate/list`, { pageSize: 200 }));
    expect(list.list.filter((r: { shopId: number }) => [shop1, shop2].includes(r.shopId)).map((r: { rate: number }) => r.rate)).toEqual([
      2_500, 2_500,
    ]);
    expect400(await a.admin.post(`${F}/dormrate/save`, { shopId: shop1, rate: 10_001 }), 'rate');
    const user = await createLimitedUser(t, a, { perms: ['finance.dormrate.view', 'finance.dormrate.edit'], managerShops: [shop1] });
    expectStatus(await user.client.post(`${F}/dormrate/save`, { shopId: shop2, rate: 1 }), 403);
    expectStatus(await user.client.post(`${F}/dormrate/saveRate`, { shopIds: [shop1, shop2], rate: 1 }), 403);
  });
});
