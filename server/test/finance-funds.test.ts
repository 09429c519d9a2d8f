import {
  billPath,
  EXPENSE_API,
  FUND_APPROVE_ALL,
  FUNDS_API,
  fundBill,
  fundRedepositBill,
  reserveAdjustBill,
  reserveConvertBill,
  reserveSpendBill,
} from '@headoffice/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, employees, users } from '../src/db/schema.js';
import { payTypes } from '../src/modules/cashier/schema.js';
import { fundRedeposits, shopIoBills, shopPettyCash } from '../src/modules/finance/schema.js';
import { lockCoverage } from '../src/platform/period-locks.js';
import { dayFigures, periodLocks } from '../src/platform/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { type Answer, build, type Client, type TestTenant } from './helpers.js';
import { expect400, expectOk, expectStatus, shopIds } from './stock-support.js';
import { createLimitedUser, type LimitedUser } from './users.js';

const F = '/api-finance';
const at = (relative: string) => billPath(fundBill, relative);
type Row = Record<string, any>;

describe('petty-cash requests, their approval by department, payouts, limits and locks', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  // The demo chain gives its first shops a float and payee accounts: the last two have none.
  const [shopA, shopB] = (await shopIds(t, a)).slice(-2);
  const all = async (client: Client, path: string) => expectOk(await client.get(path)) as Row[];
  const items = await all(a.admin, `${F}/dicioitem/list/all`);
  const itemNamed = (name: string) => items.find((i) => i.name === name) as Row;
  const water = itemNamed('水电费'); // approved by 运营部
  const training = itemNamed('培训费'); // approved by 培训部
  const income = itemNamed('废品回收');
  const departments = await all(a.admin, '/api-chain/branch/list/all');
  const departmentNamed = (name: string) => departments.find((d) => d.name === name)?.id as number;

  /** A user whose employee record is in a department: the approver of that department's items. */
  async function inDepartment(tenant: TestTenant, user: LimitedUser, departmentId: number) {
    await inTenant(t.database.db, tenant.tenantId, async (tx) => {
      const [employee] = await tx
        .insert(employees)
        .values({
          tenantId: tenant.tenantId,
          eecode: `E${user.userId}`,
          name: `审批人${user.userId}`,
          branchId: departmentId,
          entryDate: '2024-01-01',
        })
        .returning({ id: employees.id });
      await tx.update(users).set({ employeeId: employee.id }).where(eq(users.id, user.userId));
    });
  }

  const shopUser = await createLimitedUser(t, a, { perms: ['finance.fundbill.view', 'finance.fundbill.edit'], loginShops: [shopA] });
  const opsApprover = await createLimitedUser(t, a, {
    perms: ['finance.fundbill.view', 'finance.fundbill.approve', 'finance.fundbill.reject'],
    managerShops: [shopA, shopB],
  });
  await inDepartment(a, opsApprover, departmentNamed('运营部'));
  const finance = await createLimitedUser(t, a, {
    perms: [
      'finance.fundbill.view',
      'finance.fundbill.review',
      'finance.fundbill.reject',
      'finance.fundbill.pay',
      'finance.fundbill.limit',
    ],
    managerShops: [shopA, shopB],
  });

  const request = (body: Row = {}, client: Client = shopUser.client) =>
    client.post(at('saveBill'), { shopId: shopA, type: 1, itemId: water.id, amount: 80_000, reason: '三月电费', ...body });
  const move = (client: Client, path: string, body: Row) => client.post(at(path), { memo: '同意', ...body });
  /** A request taken by the right people to `state` (submitted, approved, reviewed). */
  async function requestIn(state: 'submitted' | 'approved' | 'reviewed', body: Row = {}) {
    const bill = expectOk(await request(body));
    let now = expectOk(await move(shopUser.client, 'submitBill', { id: bill.id }));
    if (state !== 'submitted') now = expectOk(await move(opsApprover.client, 'auditSpBill', { id: bill.id }));
    if (state === 'reviewed') now = expectOk(await move(finance.client, 'auditFhBill', { id: bill.id }));
    expect(now.state).toBe(state);
    return now;
  }

  it('a shop user requests petty cash with photos; the payee is checked against the shop’s account for the item', async () => {
    // no account for the item: not set
    const notSet = expectOk(await request({ lines: [{ url: '/files/receipt-1.jpg' }, { url: '/files/receipt-2.jpg' }] }));
    expect(notSet).toMatchObject({
      state: 'draft',
      shopId: shopA,
      itemId: water.id,
      groupName: '门店日常费用',
      departmentName: '运营部',
      matched: 2,
      createdByName: expect.stringContaining('测试用户'),
    });
    expect(notSet.billNo).toMatch(/^BYJ\d{8}-\d{4}$/);
    expect(notSet.lines.map((l: Row) => l.url)).toEqual(['/files/receipt-1.jpg', '/files/receipt-2.jpg']);
    expectOk(
      await a.admin.post(`${F}/ioaccount/save`, {
        shopId: shopA,
        itemId: water.id,
        payee: '国网上海',
        bank: '工商银行',
        bankno: '6222020000001111',
      }),
    );
    // left empty: the shop's account is taken
    expect(expectOk(await request())).toMatchObject({ matched: 1, payee: '国网上海', bankno: '6222020000001111' });
    expect(expectOk(await request({ payee: '张三', bank: '建设银行', bankno: '6217000000002222' }))).toMatchObject({
      matched: 0,
      payee: '张三',
    });
    expect(expectOk(await request({ bankno: '6222 0200 0000 1111', payee: '国网上海' }))).toMatchObject({ matched: 1 });
    // photos replaced while it is a draft
    const photos = expectOk(await shopUser.client.post(at('saveFundPhoto'), { id: notSet.id, lines: [{ url: '/files/receipt-3.jpg' }] }));
    expect(photos.lines.map((l: Row) => l.url)).toEqual(['/files/receipt-3.jpg']);
    expect(photos.version).toBe(notSet.version + 1);
  });

  it('refuses a bad request with the field named, another shop with 403, another tenant with 404, no token with 401', async () => {
    expect400(await request({ amount: 0 }), 'amount');
    expect400(await request({ reason: ' ' }), 'reason');
    expect400(await request({ itemId: income.id }), 'itemId');
    const order = await request({ startDate: '2026-03-31', endDate: '2026-03-01' }, a.admin);
    expect400(order, 'endDate');
    expect(order.body.errors?.[0].message).toBe('费用结束日期不能早于开始日期');
    const en = await shopUser.client.post(
      at('saveBill'),
      { shopId: shopA, type: 1, itemId: income.id, amount: 1, reason: 'x' },
      { 'accept-language': 'en-US' },
    );
    expect(en.body.errors?.[0].message).toBe('The item "废品回收" is not an expense item');
    expectStatus(await request({ shopId: shopB }), 403);
    const mine = expectOk(await request());
    expectStatus(await b.admin.get(at(String(mine.id))), 404);
    expectStatus(await b.admin.post(at('auditSpBill'), { id: mine.id }), 404);
    expectStatus(await t.client().get(at('billListForchain')), 401);
    const seen = expectOk(await shopUser.client.get(at('billListForchain'), { pageSize: 200 }));
    expect(seen.list.every((r: Row) => r.shopId === shopA)).toBe(true);
    const other = expectOk(await a.admin.post(at('saveBill'), { shopId: shopB, type: 1, itemId: water.id, amount: 100, reason: '其他店' }));
    expectStatus(await shopUser.client.get(at(String(other.id))), 404);
  });

  it('the department owning the item approves from its inbox; another department and the maker are refused', async () => {
    const ops = await requestIn('submitted');
    const trainingBill = await requestIn('submitted', { itemId: training.id });
    expect(trainingBill.departmentName).toBe('培训部');
    const inbox = async (client: Client) =>
      (expectOk(await client.get('/api-user/inbox')) as Row[])
        .filter((g) => g.docType === fundBill.docType)
        .flatMap((g) => g.items.map((i: Row) => i.id));
    const waiting = await inbox(opsApprover.client);
    expect(waiting).toContain(ops.id);
    expect(waiting).not.toContain(trainingBill.id);
    expect(await inbox(a.admin)).toEqual(expect.arrayContaining([ops.id, trainingBill.id]));
    const refused = await move(opsApprover.client, 'auditSpBill', { id: trainingBill.id });
    expectStatus(refused, 403);
    expect(refused.body.resp_msg).toBe('这张备用金申请由「培训部」审批，你不在该部门，也没有「全部门审批」权限');
    expectStatus(await move(opsApprover.client, 'rejectBill', { id: trainingBill.id, memo: '不是我部门' }), 403);
    const batch = expectOk(await opsApprover.client.post(at('auditSpBilllBatch'), { ids: [ops.id, trainingBill.id] }));
    expect(batch.done).toEqual([{ id: ops.id, billNo: ops.billNo, state: 'approved' }]);
    expect(batch.failed).toMatchObject([{ id: trainingBill.id, code: 403 }]);
    // the maker may not approve their own request, even with the right
    const maker = await createLimitedUser(t, a, {
      perms: ['finance.fundbill.view', 'finance.fundbill.edit', 'finance.fundbill.approve'],
      managerShops: [shopA],
    });
    const own = expectOk(await request({}, maker.client));
    expectOk(await move(maker.client, 'submitBill', { id: own.id }));
    const self = await move(maker.client, 'auditSpBill', { id: own.id });
    expectStatus(self, 403);
    expect(self.body.resp_msg).toContain('制单人');
    const approved = expectOk(await move(opsApprover.client, 'auditSpBill', { id: own.id }));
    expect(approved).toMatchObject({ state: 'approved', approvedByName: expect.stringContaining('测试用户') });
  });

  it('the detail says who approves a request and, while it waits, why the reader may not', async () => {
    const bill = await requestIn('submitted', { itemId: training.id });
    const seenBy = async (client: Client) => expectOk(await client.get(at(String(bill.id)))).approval;
    const ops = await seenBy(opsApprover.client);
    expect(ops).toMatchObject({
      departmentName: '培训部',
      blocked: '这张备用金申请由「培训部」审批，你不在该部门，也没有「全部门审批」权限',
    });
    // Who may: the demo's 培训部 approver and the chain-wide ones (the admin holds every right), never the maker.
    expect(ops.approvers).toEqual(expect.arrayContaining(['孙培训（sp_peixun）']));
    expect(ops.approvers.some((n: string) => n.includes('sp_yunying'))).toBe(false);
    expect((await seenBy(shopUser.client)).blocked).toBe('你没有审批备用金申请的权限');
    const own = expectOk(await request({ itemId: training.id }, a.admin));
    expectOk(await move(a.admin, 'submitBill', { id: own.id }));
    const mine = expectOk(await a.admin.get(at(String(own.id))));
    expect(mine.actions).toEqual(['reject']);
    expect(mine.approval.blocked).toBe('你是这张备用金申请的制单人，制单人不能审批自己的备用金申请');
    expect(mine.approval.approvers).toEqual(expect.arrayContaining(['孙培训（sp_peixun）']));
    expect(mine.approval.approvers.some((n: string) => n.includes('（admin）'))).toBe(false);
    const en = expectOk(await opsApprover.client.get(at(String(bill.id)), undefined, { 'accept-language': 'en-US' }));
    expect(en.approval.blocked).toContain('approve for every department');
  });

  it("a department's demo approver approves its requests; 全部门审批 approves any department's; no right to it, no department: refused", async () => {
    // The demo chain's approver of 培训部 signs in (the password reset here: the demo's is the admin's of its first start).
    const approver = (expectOk(await a.admin.get('/api-user/users', { keyword: 'sp_peixun' })).list as Row[])[0];
    expect(approver).toMatchObject({ name: '孙培训', roles: [{ name: '部门审批人' }] });
    expectOk(await a.admin.post('/api-user/users/updateUser', { id: approver.id, password: 'Approver-2026' }));
    const signedIn = await t.login(a.code, 'sp_peixun', 'Approver-2026');
    const peixun = t.client(signedIn.body.data.access_token);
    const own = expectOk(await request({ itemId: training.id }, a.admin));
    expectOk(await move(a.admin, 'submitBill', { id: own.id }));
    const detail = expectOk(await peixun.get(at(String(own.id))));
    expect(detail).toMatchObject({ actions: ['approve', 'reject'], approval: { blocked: null } });
    expect(expectOk(await move(peixun, 'auditSpBill', { id: own.id }))).toMatchObject({ state: 'approved', approvedByName: '孙培训' });
    expectStatus(await move(peixun, 'auditSpBill', { id: (await requestIn('submitted')).id }), 403);

    const chainWide = await createLimitedUser(t, a, {
      perms: ['finance.fundbill.view', 'finance.fundbill.approve', FUND_APPROVE_ALL],
      managerShops: [shopA],
    });
    const other = await requestIn('submitted', { itemId: training.id });
    const inbox = (expectOk(await chainWide.client.get('/api-user/inbox')) as Row[])
      .filter((g) => g.docType === fundBill.docType)
      .flatMap((g) => g.items.map((i: Row) => i.id));
    expect(inbox).toContain(other.id);
    expect(expectOk(await chainWide.client.get(at(String(other.id)))).approval.approvers).toEqual(
      expect.arrayContaining([expect.stringContaining(`（${chainWide.username}）`)]),
    );
    expect(expectOk(await move(chainWide.client, 'auditSpBill', { id: other.id })).state).toBe('approved');

    // The approval right alone, without a department: no longer every department's.
    const unlinked = await createLimitedUser(t, a, { perms: ['finance.fundbill.view', 'finance.fundbill.approve'], managerShops: [shopA] });
    const third = await requestIn('submitted', { itemId: training.id });
    expectStatus(await move(unlinked.client, 'auditSpBill', { id: third.id }), 403);
  });

  it('rejects with a reason at either step; the shop edits and submits again', async () => {
    const atSp = await requestIn('submitted');
    expect400(await move(opsApprover.client, 'rejectBill', { id: atSp.id, memo: '' }), 'memo');
    const rejected = expectOk(await move(opsApprover.client, 'rejectBill', { id: atSp.id, memo: '金额不对' }));
    expect(rejected).toMatchObject({ state: 'rejected', rejectReason: '金额不对', editable: true });
    const edited = expectOk(await request({ id: atSp.id, version: rejected.version, amount: 60_000 }));
    expect(edited).toMatchObject({ state: 'draft', rejectReason: null, amount: 60_000 });
    expectOk(await move(shopUser.client, 'submitBill', { id: atSp.id }));
    const atFh = await requestIn('approved');
    const batch = expectOk(await finance.client.post(at('rejectBillBatch'), { ids: [atFh.id, atSp.id], memo: '缺发票' }));
    expect(batch.done.map((d: Row) => d.id)).toEqual([atFh.id]);
    expect(batch.failed).toMatchObject([{ id: atSp.id, code: 403 }]);
    expect(expectOk(await a.admin.get(at(String(atFh.id))))).toMatchObject({ state: 'rejected', rejectReason: '缺发票' });
  });

  it('finance reviews in a batch, regroups the payout (logged in fundbillgtlog) and may cancel a review', async () => {
    const one = await requestIn('approved');
    const two = await requestIn('approved', { amount: 20_000 });
    const reviewed = expectOk(await finance.client.post(at('auditFhBilllBatch'), { ids: [one.id, two.id], memo: '复核' }));
    expect(reviewed.done.map((d: Row) => d.state)).toEqual(['reviewed', 'reviewed']);
    const regrouped = expectOk(await finance.client.post(at('changeGathertypeBatch'), { ids: [one.id, two.id], value: 2 }));
    expect(regrouped.done).toHaveLength(2);
    expectOk(await finance.client.post(at('changeGathertype'), { id: one.id, value: 3, memo: '随工资发放' }));
    const log = expectOk(await finance.client.get('/api-finance/fundbillgtlog/list', { billId: one.id }));
    expect(log.map((l: Row) => [l.from, l.to])).toEqual([
      [null, 2],
      [2, 3],
    ]);
    expect(log[1].memo).toBe('随工资发放');
    expectStatus(await b.admin.get('/api-finance/fundbillgtlog/list', { billId: one.id }), 404);
    expectStatus(await shopUser.client.post(at('changeGathertype'), { id: one.id, value: 1 }), 403);
    const back = expectOk(await finance.client.post(at('cancleFhBilllBatch'), { ids: [two.id] }));
    expect(back.done).toEqual([{ id: two.id, billNo: two.billNo, state: 'approved' }]);
    expect(expectOk(await a.admin.get(at(String(two.id))))).toMatchObject({ reviewedByName: null, reviewedAt: null });
  });

  it('the form shows the shop’s petty-cash balance: float + reviewed requests − expenses − reviewed redeposits', async () => {
    expectOk(await a.admin.post(`${F}/fundshop/save`, { shopId: shopB, float: 500_000 }));
    const base = expectOk(await a.admin.get(FUNDS_API.shopFunds, { shopId: shopB }));
    expect(base).toMatchObject({ float: 500_000, paid: 0, spent: 0, redeposited: 0, balance: 500_000 });
    const bill = expectOk(
      await a.admin.post(at('saveBill'), { shopId: shopB, type: 1, itemId: water.id, amount: 120_000, reason: '电费' }),
    );
    expectOk(await move(a.admin, 'submitBill', { id: bill.id }));
    expectOk(await move(opsApprover.client, 'auditSpBill', { id: bill.id }));
    expectOk(await move(finance.client, 'auditFhBill', { id: bill.id }));
    await inTenant(t.database.db, a.tenantId, async (tx) => {
      const tenantId = a.tenantId;
      await tx.insert(shopIoBills).values([
        { tenantId, billNo: `ZC-${bill.id}-1`, shopId: shopB, billDate: '2026-03-02', type: 2, total: 30_000 },
        { tenantId, billNo: `ZC-${bill.id}-2`, shopId: shopB, billDate: '2026-03-03', type: 2, total: 9_999, isHc: 1 },
        { tenantId, billNo: `SR-${bill.id}-3`, shopId: shopB, billDate: '2026-03-03', type: 1, total: 5_000 },
      ]);
      await tx.insert(fundRedeposits).values([
        { tenantId, billNo: `HC-${bill.id}-1`, shopId: shopB, billDate: '2026-03-04', amount: 10_000, state: 'reviewed' },
        { tenantId, billNo: `HC-${bill.id}-2`, shopId: shopB, billDate: '2026-03-04', amount: 7_000, state: 'draft' },
      ]);
    });
    const funds = expectOk(await a.admin.get(FUNDS_API.shopFunds, { shopId: shopB }));
    expect(funds).toMatchObject({ float: 500_000, paid: 120_000, spent: 30_000, redeposited: 10_000, balance: 580_000 });
    expectStatus(await shopUser.client.get(FUNDS_API.shopFunds, { shopId: shopB }), 403);
    expect400(await a.admin.get(FUNDS_API.shopFunds, { shopId: 'x' }), 'shopId');
  });

  it('a large request of a shop whose large requests need takings may not exceed the month’s takings (资金), at save and at submit', async () => {
    const [checked] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select({ shopId: shopPettyCash.shopId }).from(shopPettyCash).where(eq(shopPettyCash.largeNeedsTakings, 1)),
    );
    const shopId = checked.shopId;
    const large = (amount: number, billDate: string) =>
      a.admin.post(at('saveBill'), { shopId, type: 2, itemId: water.id, amount, reason: '大额电费', billDate });
    // No takings in the month: refused with the amounts named.
    const none = await large(1_000, '2026-07-10');
    expect400(none, 'amount');
    expect(none.body.errors?.[0].message).toContain('本月营业资金 ¥0.00');
    // 1,000.00 taken in cash on the 3rd (what the till writes to the daily figures), and a fee-less POS day after the date.
    await inTenant(t.database.db, a.tenantId, async (tx) => {
      const codes = await tx.select({ id: payTypes.id, code: payTypes.code }).from(payTypes);
      const of = (code: string) => codes.find((c) => c.code === code)?.id as number;
      await tx.insert(dayFigures).values([
        { tenantId: a.tenantId, shopId, day: '2026-07-03', payTypeId: of('01'), kind: 'service', amount: 100_000, count: 1 },
        { tenantId: a.tenantId, shopId, day: '2026-07-03', payTypeId: of('02'), kind: 'cardUse', amount: 900_000, count: 1 },
        { tenantId: a.tenantId, shopId, day: '2026-07-20', payTypeId: of('07'), kind: 'service', amount: 500_000, count: 1 },
      ]);
    });
    const takings = expectOk(
      await a.admin.get('/api-finance/dayshoppay/funds/shop', { shopid: shopId, srq: '2026-07-01', erq: '2026-07-10' }),
    );
    expect(takings.funds).toBe(100_000);
    const first = expectOk(await large(80_000, '2026-07-10'));
    expectOk(await a.admin.post(at('submitBill'), { id: first.id }));
    const funds = expectOk(await a.admin.get(FUNDS_API.shopFunds, { shopId, billDate: '2026-07-10' }));
    expect(funds.largeRoom).toEqual({ takings: 100_000, used: 80_000 });
    expect400(await large(30_000, '2026-07-10'), 'amount');
    // A draft saved while there was room is measured again when submitted.
    const second = expectOk(await large(20_000, '2026-07-10'));
    const third = expectOk(await large(10_000, '2026-07-10'));
    expectOk(await a.admin.post(at('submitBill'), { id: second.id }));
    expect400(await a.admin.post(at('submitBill'), { id: third.id }), 'amount');
    // Daily requests and shops without the setting are not measured.
    expectOk(
      await a.admin.post(at('saveBill'), { shopId, type: 1, itemId: water.id, amount: 900_000, reason: '日常', billDate: '2026-07-10' }),
    );
    expect(expectOk(await a.admin.get(FUNDS_API.shopFunds, { shopId: shopA })).largeRoom).toBeNull();
  });

  it('a reviewed large request becomes the month’s spending limit once; the form then measures the month against it', async () => {
    const date = '2026-05-12';
    const small = await requestIn('reviewed', { billDate: date });
    const notYet = await requestIn('approved', { type: 2, billDate: date });
    const large = await requestIn('reviewed', { type: 2, billDate: date, amount: 300_000 });
    const res = expectOk(await finance.client.post(at('setLimitbillBatch'), { ids: [small.id, notYet.id, large.id] }));
    expect(res.done.map((d: Row) => d.id)).toEqual([large.id]);
    expect(res.failed.map((f: Row) => [f.id, f.code, f.message])).toEqual([
      [small.id, 409, '只有大额备用金申请可以转为支出限额'],
      [notYet.id, 409, '申请复核后才能转为支出限额'],
    ]);
    const again = await finance.client.post(at('setLimitbill'), { id: large.id });
    expectStatus(again, 409);
    expect(again.body.resp_msg).toBe('这张申请已转为支出限额');
    expectStatus(await shopUser.client.post(at('setLimitbill'), { id: large.id }), 403);
    const detail = expectOk(await a.admin.get(at(String(large.id))));
    expect(detail.log.at(-1)).toMatchObject({ action: 'setLimit', change: { field: 'isLimit', from: 0, to: 1 } });
    const funds = expectOk(await a.admin.get(FUNDS_API.shopFunds, { shopId: shopA, itemId: water.id, billDate: date }));
    // the month's requests on their way or done: 80,000 + 80,000 + 300,000
    expect(funds).toMatchObject({ monthLimit: 300_000, monthUsed: 460_000, quarterBudget: null });
    const other = expectOk(
      await a.admin.get(FUNDS_API.shopFunds, { shopId: shopA, itemId: water.id, billDate: date, excludeId: large.id }),
    );
    expect(other.monthUsed).toBe(160_000);
  });

  describe('expense control and the petty-cash ledger', () => {
    it('every shop’s limits of a month, as setLimitbill left them', async () => {
      const limits = expectOk(await finance.client.get(EXPENSE_API.allShopLimits, { month: '2026-05' }));
      expect(limits).toEqual([
        { shopId: shopA, shopName: expect.any(String), itemId: water.id, itemName: '水电费', month: '2026-05', amount: 300_000 },
      ]);
      expect(expectOk(await finance.client.get(EXPENSE_API.allShopLimits, { month: '2026-06' }))).toEqual([]);
      expect(expectOk(await b.admin.get(EXPENSE_API.allShopLimits, { month: '2026-05' }))).toEqual([]);
      expect400(await finance.client.get(EXPENSE_API.allShopLimits, { month: '2026-5' }), 'month');
    });

    it('a yearly budget’s quarters must add up to the year; one per shop, item and year; the form measures the quarter against it', async () => {
      const budget = {
        shopId: shopA,
        itemId: water.id,
        year: 2026,
        yearAmount: 1_000_000,
        q1: 250_000,
        q2: 250_000,
        q3: 250_000,
        q4: 200_000,
      };
      const wrong = await finance.client.post(EXPENSE_API.budgetSave, budget);
      expect400(wrong, 'yearAmount');
      expect(wrong.body.errors?.[0].message).toBe('四个季度合计 ¥9,500.00 与全年预算 ¥10,000.00 不一致');
      const saved = expectOk(await finance.client.post(EXPENSE_API.budgetSave, { ...budget, q4: 250_000 }));
      expect(saved).toMatchObject({ shopId: shopA, itemName: '水电费', year: 2026, q2: 250_000, version: 1 });
      expectStatus(await finance.client.post(EXPENSE_API.budgetSave, { ...budget, q4: 250_000 }), 409);
      const changed = expectOk(
        await finance.client.post(EXPENSE_API.budgetSave, {
          ...budget,
          id: saved.id,
          version: 1,
          yearAmount: 1_100_000,
          q2: 350_000,
          q4: 250_000,
        }),
      );
      expect(changed).toMatchObject({ q2: 350_000, version: 2 });
      expectStatus(await finance.client.post(EXPENSE_API.budgetSave, { ...budget, id: saved.id, version: 1, q4: 250_000 }), 409);
      expectStatus(await shopUser.client.post(EXPENSE_API.budgetSave, { ...budget, year: 2027, q4: 250_000 }), 403);
      expectStatus(
        await b.admin.post(EXPENSE_API.budgetSave, {
          ...budget,
          id: saved.id,
          q4: 250_000,
          shopId: (await shopIds(t, b))[0],
          itemId: water.id,
        }),
        404,
      );
      expect(expectOk(await shopUser.client.get(EXPENSE_API.budgets, { year: 2026 })).list.map((r: Row) => r.id)).toEqual([saved.id]);
      expect(expectOk(await a.admin.get(EXPENSE_API.budgetsAll, { year: 2026, shopId: shopA }))).toHaveLength(1);
      const funds = expectOk(await a.admin.get(FUNDS_API.shopFunds, { shopId: shopA, itemId: water.id, billDate: '2026-05-20' }));
      expect(funds).toMatchObject({ quarterBudget: 350_000, quarterUsed: 460_000 });
    });

    it('lists the shops’ own income and expense bills, one shop’s and the chain’s, within the user’s shops', async () => {
      const ofB = expectOk(await a.admin.get(EXPENSE_API.shopIoBills, { shopId: shopB }));
      expect(ofB.total).toBe(3);
      expect(expectOk(await a.admin.get(EXPENSE_API.shopIoBills, { shopId: shopB, type: 2 })).list.map((r: Row) => r.total)).toEqual([
        9_999, 30_000,
      ]);
      expect400(await a.admin.get(EXPENSE_API.shopIoBills, {}), 'shopId');
      expectStatus(await shopUser.client.get(EXPENSE_API.shopIoBills, { shopId: shopB }), 403);
      expect(expectOk(await shopUser.client.get(EXPENSE_API.chainIoBills)).total).toBe(0);
      expect(expectOk(await a.admin.get(EXPENSE_API.chainIoBills, { dateFrom: '2026-03-03', dateTo: '2026-03-03' })).total).toBe(2);
      expect(expectOk(await b.admin.get(EXPENSE_API.chainIoBills)).total).toBe(0);
    });

    it('the petty-cash ledger of a shop runs from its float over reviewed requests, expenses and redeposits', async () => {
      const ledger = expectOk(await a.admin.get(EXPENSE_API.fundRecords, { shopId: shopB }));
      expect(ledger.float).toBe(500_000);
      expect(ledger.balance).toBe(580_000);
      expect([...ledger.rows].reverse().map((r: Row) => [r.kind, r.amount, r.balance])).toEqual([
        ['expense', -30_000, 470_000],
        ['redeposit', -10_000, 460_000],
        ['request', 120_000, 580_000],
      ]);
      expect(ledger.balance).toBe(expectOk(await a.admin.get(FUNDS_API.shopFunds, { shopId: shopB })).balance);
      expectStatus(await shopUser.client.get(EXPENSE_API.fundRecords, { shopId: shopB }), 403);
    });
  });

  describe('locks', () => {
    const day = '2026-07-15';

    it('a locked day refuses requests dated on it; unlocking is its own right; both are logged', async () => {
      const locker = await createLimitedUser(t, a, { perms: ['finance.fundlock.view', 'finance.fundlock.edit'] });
      const lock = expectOk(await locker.client.post(FUNDS_API.dayLockSave, { day, status: 1, memo: '月中盘点' }));
      expect(lock).toMatchObject({ day, status: 1, memo: '月中盘点' });
      const refused = await request({ billDate: day });
      expectStatus(refused, 409);
      expect(refused.body.resp_msg).toBe(`${day} 已锁定备用金申请日期，不能新增或修改该日的备用金单据`);
      expect(expectOk(await shopUser.client.get(FUNDS_API.dayLocksForFund, { dateFrom: '2026-07-01', dateTo: '2026-07-31' }))).toEqual([
        day,
      ]);
      // a request moved onto the locked day is refused too
      const draft = expectOk(await request({ billDate: '2026-07-16' }));
      expectStatus(await request({ id: draft.id, billDate: day }), 409);
      expectStatus(await locker.client.post(FUNDS_API.dayLockSave, { day, status: 0 }), 403);
      expectStatus(await shopUser.client.post(FUNDS_API.dayLockSave, { day, status: 1 }), 403);
      expect400(await locker.client.post(FUNDS_API.dayLockSave, { day: '2026-7-1', status: 1 }), 'day');
      expectOk(await a.admin.post(FUNDS_API.dayLockSave, { day, status: 0 }));
      expectOk(await request({ billDate: day }));
      const listed = expectOk(await locker.client.get(FUNDS_API.dayLocks, { dateFrom: day, dateTo: day }));
      expect(listed.list).toMatchObject([{ day, status: 0 }]);
      expect(expectOk(await b.admin.get(FUNDS_API.dayLocks, { dateFrom: day, dateTo: day })).total).toBe(0);
      const logged = await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(auditLog).where(eq(auditLog.entity, 'fundlock')));
      expect(logged.length).toBeGreaterThanOrEqual(2);
    });

    /** The shop's user who pays petty cash back (the maker of redeposits; someone else audits them). */
    let depositor: LimitedUser | undefined;
    /** Each type a month lock covers: how to save a draft dated on a day, and the path of its first step. */
    const coveredTypes: Record<string, { draft: (date: string) => Promise<Answer>; firstStep: string }> = {
      [fundBill.docType]: { draft: (date) => request({ billDate: date }), firstStep: at('submitBill') },
      [fundRedepositBill.docType]: {
        draft: async (date) => {
          depositor ??= await createLimitedUser(t, a, { perms: ['finance.fundhc.view', 'finance.fundhc.edit'], loginShops: [shopA] });
          return depositor.client.post(billPath(fundRedepositBill, 'saveBill'), { shopId: shopA, billDate: date, amount: 5_000 });
        },
        firstStep: billPath(fundRedepositBill, 'auditBill'),
      },
      [reserveAdjustBill.docType]: {
        draft: async (date) =>
          a.admin.post(billPath(reserveAdjustBill, 'saveBill'), {
            billDate: date,
            lines: [{ shopId: shopA, reserveTypeId: (await reserveTypes())[0], money: 100 }],
          }),
        firstStep: billPath(reserveAdjustBill, 'auditBill'),
      },
      [reserveSpendBill.docType]: {
        draft: async (date) =>
          a.admin.post(billPath(reserveSpendBill, 'saveBill'), {
            billDate: date,
            shopId: shopA,
            lines: [{ spendItemId: await spendItem(), reserveTypeId: (await reserveTypes())[0], money: 100 }],
          }),
        firstStep: billPath(reserveSpendBill, 'submitBill'),
      },
      [reserveConvertBill.docType]: {
        draft: async (date) => {
          const [from, to] = await reserveTypes();
          return a.admin.post(billPath(reserveConvertBill, 'saveBill'), {
            billDate: date,
            shopId: shopA,
            lines: [{ reserveTypeId: from, toReserveTypeId: to, money: 100 }],
          });
        },
        firstStep: billPath(reserveConvertBill, 'submitBill'),
      },
    };
    /** The demo's reserve types 预留其他 and 风险金, and its spending item 设备维修 (paid from 预留其他). */
    const reserveTypes = async () => {
      const types = expectOk(await a.admin.get('/api-finance/dicreserve/list/all')) as Row[];
      return ['预留其他', '风险金'].map((name) => types.find((r) => r.name === name)?.id as number);
    };
    const spendItem = async () =>
      (expectOk(await a.admin.get('/api-finance/dicreserveioitem/list/all')) as Row[]).find((i) => i.name === '设备维修')?.id as number;
    /** How each finance lock kind is locked and unlocked through its own routes, and what its refusal says. */
    const lockKinds: Record<
      string,
      { period: (year: number) => string; lock: (client: Client, period: string, status: 0 | 1) => Promise<Answer>; says: string }
    > = {
      fund: {
        period: (year) => `${year}-03`,
        lock: (client, yearmonth, status) => client.post(FUNDS_API.monthLockSave, { yearmonth, type: 1, status }),
        says: 'is closed by the fund lock: its bills cannot be made, changed or approved',
      },
      reserveDeclaration: {
        period: (year) => `${year}-03`,
        lock: (client, yearmonth, status) => client.post(FUNDS_API.monthLockSave, { yearmonth, type: 2, status }),
        says: 'is closed by the reserve declaration lock: its bills cannot be made, changed or approved',
      },
      fundRequestDay: {
        period: (year) => `${year}-03-10`,
        lock: (client, day, status) => client.post(FUNDS_API.dayLockSave, { day, status }),
        says: 'is locked: no petty-cash entry may be made or changed for that day',
      },
      // The general close has no seed route: its rows are written by the books' closing.
      close: {
        period: (year) => `${year}-03`,
        lock: async (_client, period, status) => {
          await inTenant(t.database.db, a.tenantId, (tx) =>
            status === 1
              ? tx.insert(periodLocks).values({ tenantId: a.tenantId, lock: 'close', kind: 'month', period })
              : tx
                  .update(periodLocks)
                  .set({ status: 0 })
                  .where(and(eq(periodLocks.lock, 'close'), eq(periodLocks.period, period))),
          );
          return { status: 200, body: { resp_code: '200', data: {} } } as unknown as Answer;
        },
        says: 'is closed: its bills cannot be made, changed or approved',
      },
    };

    it('every lock kind refuses every covered bill type’s save and transition, naming the period; unlocking opens it again', async () => {
      const finance = new Set(Object.keys(coveredTypes));
      // Every type a finance lock covers has its draft here; the general close is looped over for the finance types.
      const covered = lockCoverage().filter(([kind, docType]) => kind !== 'close' || finance.has(docType));
      for (const [kind, docType] of covered)
        if (kind !== 'close') expect(finance.has(docType), `how to make a draft of ${docType}`).toBe(true);
      expect(new Set(covered.map(([kind]) => kind))).toEqual(new Set(['close', 'fund', 'reserveDeclaration', 'fundRequestDay']));
      expect(covered.length).toBeGreaterThanOrEqual(11);
      const unlocker = await createLimitedUser(t, a, {
        perms: ['finance.monthlock.view', 'finance.monthlock.edit', 'finance.fundlock.view', 'finance.fundlock.edit'],
      });
      let year = 2001;
      for (const [kind, docType] of covered) {
        const type = coveredTypes[docType];
        const how = lockKinds[kind];
        const period = how.period(year);
        // A draft dated in the period before it is locked, then the lock.
        const draft = expectOk(await type.draft(`${year}-03-10`));
        expectOk(await how.lock(unlocker.client, period, 1));
        const refusedSave = await type.draft(`${year}-03-10`);
        expectStatus(refusedSave, 409);
        expect(refusedSave.body.resp_msg).toContain(`${period} 已`);
        const refusedMove = await a.admin.post(type.firstStep, { id: draft.id }, { 'accept-language': 'en-US' });
        expectStatus(refusedMove, 409);
        expect(refusedMove.body.resp_msg).toContain(`${period} ${how.says}`);
        // a lock kind that does not cover the type leaves it open (another year of its own)
        if (kind === 'reserveDeclaration' || kind === 'fund') {
          const other = kind === 'fund' ? 2 : 1;
          expectOk(await a.admin.post(FUNDS_API.monthLockSave, { yearmonth: `${year + 50}-03`, type: other, status: 1 }));
          expectOk(await type.draft(`${year + 50}-03-03`));
        }
        if (kind !== 'close') expectStatus(await how.lock(unlocker.client, period, 0), 403);
        expectOk(await how.lock(a.admin, period, 0));
        expect(expectOk(await a.admin.post(type.firstStep, { id: draft.id })).state, `${kind} ${docType}`).not.toBe(draft.state);
        expectOk(await type.draft(`${year}-03-11`));
        year += 1;
      }
      // the seed's month lock list keeps the unlocked rows with their type
      expectOk(await a.admin.post(FUNDS_API.monthLockSave, { yearmonth: '2025-07', type: 1, status: 1 }));
      expectOk(await a.admin.post(FUNDS_API.monthLockSave, { yearmonth: '2025-01', type: 1, status: 1 }));
      expectOk(await a.admin.post(FUNDS_API.monthLockSave, { yearmonth: '2025-01', type: 1, status: 0 }));
      const months = expectOk(await a.admin.get(FUNDS_API.monthLocks, { year: 2025 }));
      expect(months.list.map((m: Row) => [m.yearmonth, m.type, m.status])).toEqual(expect.arrayContaining([['2025-01', 1, 0]]));
      const locked = (expectOk(await a.admin.get(FUNDS_API.monthLocksAll)) as Row[]).map((m) => m.yearmonth);
      expect([locked.includes('2025-07'), locked.includes('2025-01')]).toEqual([true, false]);
      expect400(await a.admin.post(FUNDS_API.monthLockSave, { yearmonth: '2025-13', type: 1, status: 1 }), 'yearmonth');
      expect(expectOk(await b.admin.get(FUNDS_API.monthLocks)).total).toBe(0);
      const logged = await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(auditLog).where(eq(auditLog.entity, 'monthlock')));
      expect(logged.length).toBeGreaterThanOrEqual(3);
    });
  });
});
