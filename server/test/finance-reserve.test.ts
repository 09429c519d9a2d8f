import { describe, expect, it } from 'vitest';
import { reserveBook } from '../src/modules/finance/reserve.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type Client, type TestTenant } from './helpers.js';
import { EN, expect400, expectLedgerConsistent, expectOk, expectStatus, shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

const F = '/api-finance';
const ADJUST = `${F}/reservebillhead`;
const SPEND = `${F}/reserveiobillhead`;
const CONVERT = `${F}/reserveadjbillhead`;
const MONEY = `${F}/reservemoney`;

const t = await build();
const a = await t.tenant({ demo: true });
const b = await t.sharedOtherTenant();
const [shop1, shop2] = await shopIds(t, a);

async function dictionaries(tenant: TestTenant) {
  const types = expectOk(await tenant.admin.get(`${F}/dicreserve/list/all`)) as { id: number; name: string }[];
  const items = expectOk(await tenant.admin.get(`${F}/dicreserveioitem/list/all`)) as { id: number; name: string }[];
  const type = (name: string) => types.find((x) => x.name === name)?.id as number;
  const item = (name: string) => items.find((x) => x.name === name)?.id as number;
  return { other: type('预留其他'), risk: type('风险金'), takings: type('营业款'), repair: item('设备维修') };
}
const d = await dictionaries(a);

const balance = async (client: Client, shopId: number, reserveTypeId: number) =>
  (expectOk(await client.get(`${MONEY}/getReseveJe`, { shopid: shopId, reserveTypeId })) as { money: number }).money;

/** An audited adjustment: head office sets money on shop × type. */
async function adjust(lines: { shopId: number; reserveTypeId: number; money: number }[], client = a.admin) {
  const bill = expectOk(await client.post(`${ADJUST}/saveBill`, { lines }));
  return expectOk(await client.post(`${ADJUST}/auditBill`, { id: bill.id }));
}

const spendRights = ['finance.reserve.spend.view', 'finance.reserve.spend.edit'];
const shopUser = await createLimitedUser(t, a, { perms: [...spendRights, 'finance.reserve.balance.view'], managerShops: [shop1] });

describe('reserve adjustments (预留款调整单)', () => {
  it('an audited adjustment sets the shop × type balances, each line with its balance before and after', async () => {
    const before = await balance(a.admin, shop1, d.other);
    const bill = expectOk(
      await a.admin.post(`${ADJUST}/saveBill`, {
        memo: '期初',
        lines: [
          { shopId: shop1, reserveTypeId: d.other, money: 500_000 },
          { shopId: shop2, reserveTypeId: d.risk, money: 120_000 },
        ],
      }),
    );
    expect(bill).toMatchObject({ state: 'draft', totalMoney: 620_000, shopId: null, billNo: expect.stringMatching(/^YT/) });
    expect(await balance(a.admin, shop1, d.other)).toBe(before);
    const done = expectOk(await a.admin.post(`${ADJUST}/auditBill`, { id: bill.id }));
    expect(done.state).toBe('approved');
    expect(done.lines[0]).toMatchObject({ reserveTypeName: '预留其他', balanceBefore: before, balanceAfter: before + 500_000 });
    expect(await balance(a.admin, shop1, d.other)).toBe(before + 500_000);
    const listed = expectOk(await a.admin.get(`${MONEY}/getShopReseveMoney`, { shopid: shop2, reserveTypeId: d.risk }));
    expect(listed.list).toEqual([expect.objectContaining({ shopId: shop2, reserveTypeName: '风险金', money: expect.any(Number) })]);
    const ledger = expectOk(await a.admin.get(`${MONEY}/ledger`, { shopid: shop1, reserveTypeId: d.other }));
    expect(ledger.list[0]).toMatchObject({
      delta: 500_000,
      balance: before + 500_000,
      billNo: bill.billNo,
      docType: 'finance.reserveAdjust',
    });
    await expectLedgerConsistent(t, [a]);
  });

  it('a decrease past the balance is refused with the balance; a zero line is a 400', async () => {
    await adjust([{ shopId: shop2, reserveTypeId: d.takings, money: 10_000 }]);
    const now = await balance(a.admin, shop2, d.takings);
    const bill = expectOk(
      await a.admin.post(`${ADJUST}/saveBill`, { lines: [{ shopId: shop2, reserveTypeId: d.takings, money: -(now + 1) }] }),
    );
    const refused = await a.admin.post(`${ADJUST}/auditBill`, { id: bill.id });
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toContain(`可用 ${(now / 100).toFixed(2)} 元`);
    expect(refused.body.resp_msg).toContain('营业款');
    expect(expectOk(await a.admin.get(`${ADJUST}/detail/${bill.id}`)).state).toBe('draft');
    expect400(
      await a.admin.post(`${ADJUST}/saveBill`, { lines: [{ shopId: shop2, reserveTypeId: d.takings, money: 0 }] }),
      'lines.0.money',
    );
    const foreignType = (await dictionaries(b)).other;
    expect400(
      await a.admin.post(`${ADJUST}/saveBill`, { lines: [{ shopId: shop2, reserveTypeId: foreignType, money: 1 }] }),
      'lines.0.reserveTypeId',
    );
  });

  it('rights and tenants: 401 without a token, 403 without the right, 404 for another tenant’s bill', async () => {
    const bill = expectOk(await a.admin.post(`${ADJUST}/saveBill`, { lines: [{ shopId: shop1, reserveTypeId: d.other, money: 100 }] }));
    expectStatus(await t.client().get(`${MONEY}/getShopReseveMoney`), 401);
    expectStatus(await shopUser.client.post(`${ADJUST}/saveBill`, { lines: [{ shopId: shop1, reserveTypeId: d.other, money: 100 }] }), 403);
    expectStatus(await b.admin.post(`${ADJUST}/auditBill`, { id: bill.id }), 404);
    expectStatus(await b.admin.get(`${ADJUST}/detail/${bill.id}`), 404);
  });
});

describe('reserve spending (预留款支出单)', () => {
  const spend = async (client: Client, money: number, shopId = shop1) =>
    expectOk(await client.post(`${SPEND}/saveBill`, { shopId, lines: [{ spendItemId: d.repair, reserveTypeId: d.other, money }] }));

  it('submitted by the shop, approved by someone else: the approval takes the money out; cancelling gives it back', async () => {
    await adjust([{ shopId: shop1, reserveTypeId: d.other, money: 100_000 }]);
    const start = await balance(a.admin, shop1, d.other);
    const bill = await spend(shopUser.client, 30_000);
    expectOk(await shopUser.client.post(`${SPEND}/submitBill`, { id: bill.id }));
    const approver = await createLimitedUser(t, a, {
      perms: ['finance.reserve.spend.view', 'finance.reserve.spend.audit'],
      managerShops: [shop1],
    });
    expectStatus(await shopUser.client.post(`${SPEND}/auditBillForChain`, { id: bill.id }), 403);
    const done = expectOk(await approver.client.post(`${SPEND}/auditBillForChain`, { id: bill.id }));
    expect(done.lines[0]).toMatchObject({ spendItemName: '设备维修', balanceBefore: start, balanceAfter: start - 30_000 });
    expect(await balance(shopUser.client, shop1, d.other)).toBe(start - 30_000);
    const undone = expectOk(await approver.client.post(`${SPEND}/cancelAuditBillForChain`, { id: bill.id }));
    expect(undone).toMatchObject({ state: 'submitted', auditedByName: null });
    expect(undone.lines[0]).toMatchObject({ balanceBefore: null, balanceAfter: null });
    expect(await balance(a.admin, shop1, d.other)).toBe(start);
    await expectLedgerConsistent(t, [a]);
  });

  it('a spend past the balance at approval is refused with the balance; a rejection needs a reason', async () => {
    await adjust([{ shopId: shop2, reserveTypeId: d.other, money: 5_000 }]);
    const now = await balance(a.admin, shop2, d.other);
    const bill = await spend(a.admin, now + 100, shop2);
    expectOk(await a.admin.post(`${SPEND}/submitBill`, { id: bill.id }));
    const other = await createLimitedUser(t, a, {
      perms: ['finance.reserve.spend.view', 'finance.reserve.spend.audit'],
      managerShops: [shop1, shop2],
    });
    const refused = await other.client.post(`${SPEND}/auditBillForChain`, { id: bill.id }, EN);
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toContain(`¥${(now / 100).toFixed(2)} available`);
    expect(await balance(a.admin, shop2, d.other)).toBe(now);
    expectStatus(await other.client.post(`${SPEND}/rejectBill`, { id: bill.id }), 400);
    const rejected = expectOk(await other.client.post(`${SPEND}/rejectBill`, { id: bill.id, memo: '超出余额' }));
    expect(rejected).toMatchObject({ state: 'rejected', rejectMemo: '超出余额', editable: true });
  });

  it('an item is paid only from its reserve types; a shop user sees and makes only its own shop’s bills', async () => {
    const wrong = await shopUser.client.post(`${SPEND}/saveBill`, {
      shopId: shop1,
      lines: [{ spendItemId: d.repair, reserveTypeId: d.takings, money: 100 }],
    });
    expect400(wrong, 'lines.0.reserveTypeId');
    expect(wrong.body.errors?.[0].message).toContain('设备维修');
    expectStatus(
      await shopUser.client.post(`${SPEND}/saveBill`, {
        shopId: shop2,
        lines: [{ spendItemId: d.repair, reserveTypeId: d.other, money: 1 }],
      }),
      403,
    );
    const theirs = await spend(a.admin, 100, shop2);
    expectStatus(await shopUser.client.get(`${SPEND}/detail/${theirs.id}`), 404);
    expectStatus(await shopUser.client.get(`${MONEY}/getReseveJe`, { shopid: shop2, reserveTypeId: d.other }), 403);
    const listed = expectOk(await shopUser.client.get(`${SPEND}/billListForChain`, { pageSize: 200 }));
    expect(listed.list.every((r: { shopId: number }) => r.shopId === shop1)).toBe(true);
  });

  it('50 concurrent approvals against a balance covering 20: exactly 20 pass, never negative, ledger = balance', async () => {
    const shop = shop2;
    const now = await balance(a.admin, shop, d.risk);
    // Bring the balance to exactly 20 spends of ¥10.
    await adjust([{ shopId: shop, reserveTypeId: d.risk, money: 20 * 1_000 - now }]);
    expect(await balance(a.admin, shop, d.risk)).toBe(20_000);
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      const bill = expectOk(
        await a.admin.post(`${SPEND}/saveBill`, { shopId: shop, lines: [{ spendItemId: d.repair, reserveTypeId: d.risk, money: 1_000 }] }),
      );
      expectOk(await a.admin.post(`${SPEND}/submitBill`, { id: bill.id }));
      ids.push(bill.id);
    }
    const approver = await createLimitedUser(t, a, {
      perms: ['finance.reserve.spend.view', 'finance.reserve.spend.audit'],
      managerShops: [shop1, shop2],
    });
    const answers = await Promise.all(ids.map((id) => approver.client.post(`${SPEND}/auditBillForChain`, { id })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    expect(await balance(a.admin, shop, d.risk)).toBe(0);
    const approved = expectOk(await a.admin.get(`${SPEND}/billListForChain`, { shopid: shop, state: 'approved', pageSize: 200 }));
    expect(approved.list.filter((r: { id: number }) => ids.includes(r.id))).toHaveLength(20);
    const rows = await inTenant(t.database.db, a.tenantId, (tx) => reserveBook.mismatches(tx, [{ shopId: shop, reserveTypeId: d.risk }]));
    expect(rows).toEqual([]);
    const negative = await inTenant(t.database.db, a.tenantId, (tx) => reserveBook.balances(tx, [{ shopId: shop, reserveTypeId: d.risk }]));
    expect(negative[0]).toBeGreaterThanOrEqual(0);
    await expectLedgerConsistent(t, [a]);
  });
});

describe('reserve conversions (预留款转换单)', () => {
  it('approved (sp) then reviewed (fh): the review moves the money from one type to the other', async () => {
    await adjust([{ shopId: shop1, reserveTypeId: d.takings, money: 50_000 }]);
    const from = await balance(a.admin, shop1, d.takings);
    const to = await balance(a.admin, shop1, d.risk);
    const bill = expectOk(
      await a.admin.post(`${CONVERT}/saveBill`, {
        shopId: shop1,
        lines: [{ reserveTypeId: d.takings, toReserveTypeId: d.risk, money: 20_000 }],
      }),
    );
    expectOk(await a.admin.post(`${CONVERT}/submitBill`, { id: bill.id }));
    const checker = await createLimitedUser(t, a, {
      perms: ['finance.reserve.convert.view', 'finance.reserve.convert.sp', 'finance.reserve.convert.fh'],
      managerShops: [shop1, shop2],
    });
    expectStatus(await a.admin.post(`${CONVERT}/auditBillsp`, { id: bill.id }), 403);
    expectOk(await checker.client.post(`${CONVERT}/auditBillsp`, { id: bill.id }));
    expect(await balance(a.admin, shop1, d.takings)).toBe(from);
    const reviewed = expectOk(await checker.client.post(`${CONVERT}/auditBillfh`, { id: bill.id }));
    expect(reviewed).toMatchObject({ state: 'reviewed', reviewedByName: expect.any(String) });
    expect([await balance(a.admin, shop1, d.takings), await balance(a.admin, shop1, d.risk)]).toEqual([from - 20_000, to + 20_000]);
    await expectLedgerConsistent(t, [a]);
  });

  it('a conversion past the balance is refused at review with the balance; the same type both sides is a 400', async () => {
    const from = await balance(a.admin, shop2, d.takings);
    const bill = expectOk(
      await a.admin.post(`${CONVERT}/saveBill`, {
        shopId: shop2,
        lines: [{ reserveTypeId: d.takings, toReserveTypeId: d.other, money: from + 1 }],
      }),
    );
    expectOk(await a.admin.post(`${CONVERT}/submitBill`, { id: bill.id }));
    const checker = await createLimitedUser(t, a, {
      perms: ['finance.reserve.convert.view', 'finance.reserve.convert.sp', 'finance.reserve.convert.fh'],
      managerShops: [shop1, shop2],
    });
    expectOk(await checker.client.post(`${CONVERT}/auditBillsp`, { id: bill.id }));
    const refused = await checker.client.post(`${CONVERT}/auditBillfh`, { id: bill.id });
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toContain(`可用 ${(from / 100).toFixed(2)} 元`);
    expect(await balance(a.admin, shop2, d.takings)).toBe(from);
    expect400(
      await a.admin.post(`${CONVERT}/saveBill`, {
        shopId: shop2,
        lines: [{ reserveTypeId: d.takings, toReserveTypeId: d.takings, money: 1 }],
      }),
      'lines.0.toReserveTypeId',
    );
  });
});
