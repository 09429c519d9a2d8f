import { EXPENSE_API, FUNDS_API, fundAdjustment } from '@headoffice/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { financeItems, fundBills, fundRedeposits, shopIoBills } from '../src/modules/finance/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type Client } from './helpers.js';
import { expect400, expectOk, expectStatus, shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

type Row = Record<string, any>;
const ALL = EXPENSE_API.fundPositions;
const SAVE = EXPENSE_API.fundAdjustmentSave;
const REVOKE = EXPENSE_API.fundAdjustmentRevoke;

/** The balance as §9.2 defines it, adjustments included. */
const formula = (p: Row) => p.float + p.paid - p.spent - p.redeposited + p.adjusted;

describe('the petty-cash ledger: every shop’s position and manual adjustments', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const anon = t.client();
  const ids = await shopIds(t, a);
  const [shopA, shopB] = ids.slice(-2);
  const [foreignShop] = await shopIds(t, b);
  const adjuster = await createLimitedUser(t, a, { perms: ['finance.fundbill.view', fundAdjustment.perm], loginShops: [shopA] });
  const viewer = await createLimitedUser(t, a, { perms: ['finance.fundbill.view'] });
  const position = async (client: Client, shopId: number) =>
    (expectOk(await client.get(ALL, { shopId })) as Row).rows.find((r: Row) => r.shopId === shopId) as Row;

  // shopB: a float of 5,000.00, a reviewed request of 1,200.00 in, an expense of 300.00 and a redeposit of 100.00 out
  expectOk(await a.admin.post('/api-finance/fundshop/save', { shopId: shopB, float: 500_000 }));
  await inTenant(t.database.db, a.tenantId, async (tx) => {
    const tenantId = a.tenantId;
    const [item] = await tx.select().from(financeItems).where(eq(financeItems.name, '水电费'));
    await tx.insert(fundBills).values([
      {
        tenantId,
        billNo: 'BYJ-T-1',
        shopId: shopB,
        billDate: '2026-03-01',
        groupId: item.groupId,
        itemId: item.id,
        amount: 120_000,
        reason: '电费',
        state: 'reviewed',
      },
      {
        tenantId,
        billNo: 'BYJ-T-2',
        shopId: shopB,
        billDate: '2026-03-01',
        groupId: item.groupId,
        itemId: item.id,
        amount: 70_000,
        reason: '未复核',
        state: 'approved',
      },
    ]);
    await tx.insert(shopIoBills).values([{ tenantId, billNo: 'ZC-T-1', shopId: shopB, billDate: '2026-03-02', type: 2, total: 30_000 }]);
    await tx
      .insert(fundRedeposits)
      .values([{ tenantId, billNo: 'HC-T-1', shopId: shopB, billDate: '2026-03-04', amount: 10_000, state: 'reviewed' }]);
  });

  it('lists every shop with float, in, out, adjustments and the balance the request form shows; totals add up', async () => {
    const all = expectOk(await a.admin.get(ALL)) as Row;
    expect(all.rows.map((r: Row) => r.shopId).sort((x: number, y: number) => x - y)).toEqual(ids);
    for (const row of all.rows) expect(row.balance, row.shopName).toBe(formula(row));
    for (const key of ['float', 'paid', 'spent', 'redeposited', 'adjusted', 'balance'])
      expect(all.total[key], key).toBe(all.rows.reduce((s: number, r: Row) => s + r[key], 0));
    const b0 = all.rows.find((r: Row) => r.shopId === shopB);
    expect(b0).toMatchObject({ float: 500_000, paid: 120_000, spent: 30_000, redeposited: 10_000, adjusted: 0, balance: 580_000 });
    const form = expectOk(await a.admin.get(FUNDS_API.shopFunds, { shopId: shopB })) as Row;
    expect(form).toMatchObject({ float: 500_000, paid: 120_000, spent: 30_000, redeposited: 10_000, adjusted: 0, balance: 580_000 });
    // the shop filter
    expect((expectOk(await a.admin.get(ALL, { shopId: shopB })) as Row).rows).toEqual([b0]);
  });

  it('an adjustment moves the balance everywhere it is read: list/all, the request form, the ledger; a revocation moves it back', async () => {
    const before = await position(a.admin, shopB);
    const saved = expectOk(await a.admin.post(SAVE, { shopId: shopB, date: '2026-03-05', amount: -2_345, reason: '盘点短款' })) as Row;
    expect(saved).toMatchObject({ shopId: shopB, date: '2026-03-05', amount: -2_345, reason: '盘点短款', revokesId: null });
    expect(saved.entryNo).toMatch(/^BYT20260305-\d{4}$/);
    expect(saved.balance).toBe(before.balance - 2_345);
    const plus = expectOk(await a.admin.post(SAVE, { shopId: shopB, date: '2026-03-06', amount: 10_000, reason: '期初更正' })) as Row;
    const after = await position(a.admin, shopB);
    // 5,000.00 + 1,200.00 − 300.00 − 100.00 − 23.45 + 100.00
    expect(after).toMatchObject({ adjusted: 7_655, balance: 580_000 - 2_345 + 10_000 });
    expect(after.balance).toBe(formula(after));
    expect(expectOk(await a.admin.get(FUNDS_API.shopFunds, { shopId: shopB })).balance).toBe(after.balance);
    const ledger = expectOk(await a.admin.get(EXPENSE_API.fundRecords, { shopId: shopB })) as Row;
    expect(ledger.balance).toBe(after.balance);
    expect([...ledger.rows].reverse().map((r: Row) => [r.kind, r.amount, r.balance])).toEqual([
      ['request', 120_000, 620_000],
      ['expense', -30_000, 590_000],
      ['redeposit', -10_000, 580_000],
      ['adjustment', -2_345, 577_655],
      ['adjustment', 10_000, 587_655],
    ]);
    expect(ledger.rows[0]).toMatchObject({ kind: 'adjustment', billNo: plus.entryNo, reason: '期初更正', revocable: true });

    // revoked once, by an entry of the opposite amount; the original stays
    const revoked = expectOk(await a.admin.post(REVOKE, { id: plus.id, date: '2026-03-07', reason: '重复录入' })) as Row;
    expect(revoked).toMatchObject({ amount: -10_000, revokesId: plus.id, balance: 577_655 });
    const again = await a.admin.post(REVOKE, { id: plus.id, reason: '再冲' });
    expectStatus(again, 409);
    expect(again.body.resp_msg).toContain(plus.entryNo);
    expectStatus(await a.admin.post(REVOKE, { id: revoked.id, reason: '冲销的冲销' }), 409);
    const rows = (expectOk(await a.admin.get(EXPENSE_API.fundRecords, { shopId: shopB })) as Row).rows as Row[];
    expect(rows.filter((r) => r.kind === 'adjustment').map((r) => [r.amount, r.revocable])).toEqual([
      [-10_000, false],
      [10_000, false],
      [-2_345, true],
    ]);
    expect((await position(a.admin, shopB)).balance).toBe(577_655);

    // audited, with the entity named
    const logged = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'fundrecords'))),
    );
    expect(logged.map((l) => l.verb)).toEqual(expect.arrayContaining(['create', 'revoke']));
  });

  it('refuses amount 0 and a missing reason (400), no token (401), no right (403), another tenant’s shop or entry (404)', async () => {
    expect400(await a.admin.post(SAVE, { shopId: shopB, amount: 0, reason: '零' }), 'amount');
    expect400(await a.admin.post(SAVE, { shopId: shopB, amount: 100 }), 'reason');
    expect400(await a.admin.post(SAVE, { shopId: shopB, amount: 100, reason: '   ' }), 'reason');
    expect400(await a.admin.post(SAVE, { shopId: shopB, amount: 1.5, reason: '小数' }), 'amount');
    expectStatus(await anon.post(SAVE, { shopId: shopB, amount: 100, reason: '无令牌' }), 401);
    expectStatus(await anon.get(ALL), 401);
    expectStatus(await viewer.client.post(SAVE, { shopId: shopB, amount: 100, reason: '无权' }), 403);
    expectOk(await viewer.client.get(ALL));
    expectStatus(await a.admin.post(SAVE, { shopId: foreignShop, amount: 100, reason: '他人门店' }), 404);
    const theirs = expectOk(await b.admin.post(SAVE, { shopId: foreignShop, amount: 100, reason: '对方的调整' })) as Row;
    expectStatus(await a.admin.post(REVOKE, { id: theirs.id, reason: '冲他人' }), 404);
    expect((expectOk(await a.admin.get(ALL)) as Row).rows.map((r: Row) => r.shopId)).not.toContain(foreignShop);
  });

  it('a shop-limited user sees and adjusts only their shop', async () => {
    const mine = expectOk(await adjuster.client.get(ALL)) as Row;
    expect(mine.rows.map((r: Row) => r.shopId)).toEqual([shopA]);
    expect(mine.total.balance).toBe(mine.rows[0].balance);
    expectStatus(await adjuster.client.get(ALL, { shopId: shopB }), 403);
    expectStatus(await adjuster.client.post(SAVE, { shopId: shopB, amount: 500, reason: '别店' }), 403);
    const bEntry = expectOk(await a.admin.post(SAVE, { shopId: shopB, amount: 500, reason: '总部录入' })) as Row;
    expectStatus(await adjuster.client.post(REVOKE, { id: bEntry.id, reason: '冲别店' }), 404);
    const own = expectOk(await adjuster.client.post(SAVE, { shopId: shopA, amount: 800, reason: '门店盘盈' })) as Row;
    expect(own.balance).toBe(mine.rows[0].balance + 800);
  });

  it('a locked fund day or fund month refuses the entry, naming the period; a revocation dated there too', async () => {
    const day = '2026-08-12';
    const entry = expectOk(await a.admin.post(SAVE, { shopId: shopB, date: day, amount: 300, reason: '锁定前' })) as Row;
    expectOk(await a.admin.post(FUNDS_API.dayLockSave, { day, status: 1 }));
    const refused = await a.admin.post(SAVE, { shopId: shopB, date: day, amount: 300, reason: '锁定日' });
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toBe(`${day} 已锁定备用金申请日期，不能新增或修改该日的备用金单据`);
    expectStatus(await a.admin.post(REVOKE, { id: entry.id, date: day, reason: '锁定日冲销' }), 409);
    expectOk(await a.admin.post(SAVE, { shopId: shopB, date: '2026-08-13', amount: 300, reason: '次日' }));
    expectOk(await a.admin.post(FUNDS_API.dayLockSave, { day, status: 0 }));

    expectOk(await a.admin.post(FUNDS_API.monthLockSave, { yearmonth: '2026-09', type: 1, status: 1 }));
    const month = await a.admin.post(
      SAVE,
      { shopId: shopB, date: '2026-09-30', amount: -300, reason: '锁定月' },
      { 'accept-language': 'en-US' },
    );
    expectStatus(month, 409);
    expect(month.body.resp_msg).toContain('2026-09 is closed by the fund lock');
    // the reserve declaration lock does not cover petty cash
    expectOk(await a.admin.post(FUNDS_API.monthLockSave, { yearmonth: '2026-10', type: 2, status: 1 }));
    expectOk(await a.admin.post(SAVE, { shopId: shopB, date: '2026-10-02', amount: -300, reason: '预留锁不管' }));
    // nothing of the refused entries reached the ledger
    const reasons = ((expectOk(await a.admin.get(EXPENSE_API.fundRecords, { shopId: shopB })) as Row).rows as Row[]).map((r) => r.reason);
    expect(reasons).not.toContain('锁定日');
    expect(reasons).not.toContain('锁定月');
  });
});
