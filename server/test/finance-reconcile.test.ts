import { RECONCILE, type StatementLine, type SystemRow } from '@headoffice/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { shops } from '../src/db/schema.js';
import { serviceBills } from '../src/modules/cashier/schema.js';
import { bankMatches, bankStatementLines, fundRedeposits } from '../src/modules/finance/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, expect400, expectStatus } from './helpers.js';
import { key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const R = RECONCILE.paths;
const P = '/api-cashier';

describe('bank reconciliation (银行对账)', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const other = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const f = await tillFixture(t, a, s1, { servicePrice: 12_345, stock: 0 });
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payType = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId as number;
  const [cash, wechat, pos] = [payType('01'), payType('23'), payType('07')];
  const codeOf = await inTenant(t.database.db, a.tenantId, async (tx) => {
    const rows = await tx.select({ id: shops.id, code: shops.code }).from(shops);
    return (id: number) => rows.find((r) => r.id === id)?.code as string;
  });

  async function settle(payments: (amount: number) => unknown[]) {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1 }));
    const priced = ok(
      await a.admin.post(`${P}/checkout/lines`, {
        id: opened.id,
        version: opened.version,
        lines: [{ kind: 'service', itemId: f.service.id, num: 1 }],
      }),
    );
    const settled = ok(
      await a.admin.post(`${P}/checkout/settle`, { id: priced.id, version: priced.version, payments: payments(priced.amount) }, key()),
    );
    const [bill] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select({ day: serviceBills.businessDate }).from(serviceBills).where(eq(serviceBills.id, settled.id)),
    );
    return bill.day as string;
  }

  // A day of takings at shop 1: cash 2 × 123.45, WeChat 100.00, POS the rest of a bill.
  await settle((n) => [{ payTypeId: cash, amount: n }]);
  await settle((n) => [{ payTypeId: cash, amount: n }]);
  const day = await settle((n) => [
    { payTypeId: wechat, amount: 10_000 },
    { payTypeId: pos, amount: n - 10_000 },
  ]);
  const month = day.slice(0, 7);
  // A reviewed petty-cash redeposit of 246.90 that day (回存), and one marked 非对账 (left out).
  const [hc, hcOff] = await inTenant(t.database.db, a.tenantId, (tx) =>
    tx
      .insert(fundRedeposits)
      .values([
        {
          tenantId: a.tenantId,
          billNo: `HCT${Date.now()}A`,
          shopId: s1,
          billDate: day,
          amount: 24_690,
          state: 'reviewed',
          reviewedByName: '财务',
        },
        { tenantId: a.tenantId, billNo: `HCT${Date.now()}B`, shopId: s1, billDate: day, amount: 5_000, state: 'reviewed', isFa: 2 },
      ])
      .returning({ id: fundRedeposits.id }),
  );

  const fd = async (client = a.admin, q: Record<string, unknown> = {}) =>
    ok<SystemRow[]>(await client.get(R.getFd, { shopid: s1, month, ...q })).filter((r) => r.day === day);
  const unbalanced = async () => ok<StatementLine[]>(await a.admin.get(R.getUnbalance, { shopid: s1, from: day, to: day }));

  async function statement(rows: unknown[][]) {
    const template = await a.admin.get(R.template);
    expect(template.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    rows.forEach((r, i) => {
      ws.getRow(i + 2).values = r as ExcelJS.CellValue[];
    });
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('shows the system side per day and money type from the daily figures and the reviewed redeposits marked 对账', async () => {
    const rows = await fd();
    const byType = Object.fromEntries(rows.map((r) => [r.type, r.amount]));
    expect(byType).toEqual({ 1: 24_690, 2: 2_345, 3: 10_000, 4: 24_690 });
    expect(rows.every((r) => r.status === 0 && r.lines.length === 0)).toBe(true);
    expect((await fd(a.admin, { type: 3 })).map((r) => r.type)).toEqual([3]);
    expect400(await a.admin.get(R.getFd, { shopid: s1, month: '2026-13' }), 'month');
  });

  it('imports the workbook with row errors losing nothing, adds (补充) and replaces (覆盖) the unmatched lines of its days', async () => {
    const bad = await statement([
      [codeOf(s1), day, '246.90', '现金', '上午'],
      [codeOf(s1), day, 'abc', '现金'],
      ['NOPE', day, '1', 'POS'],
    ]);
    const refused = await a.admin.upload(R.importFd, bad, { query: { importType: 2 } });
    expectStatus(refused, 400);
    expect(refused.body.data.errors.map((e: { row: number }) => e.row).sort()).toEqual([3, 4]);
    expect(await unbalanced()).toEqual([]);
    const good = await statement([
      [codeOf(s1), day, '246.90', '现金', '上午'],
      [codeOf(s1), day, '99.00', 'POS'],
      [codeOf(s1), day, '100.00', '微信'],
    ]);
    expect(ok(await a.admin.upload(R.importFd, good, { query: { importType: 2 } })).imported).toBe(3);
    expect(ok(await a.admin.upload(R.importFd, good, { query: { importType: 2 } })).imported).toBe(3);
    expect((await unbalanced()).length).toBe(6);
    expect(ok(await a.admin.upload(R.importFd, good, { query: { importType: 1 } })).imported).toBe(3);
    const lines = await unbalanced();
    expect(lines.map((l) => [l.rowIndex, l.amount, l.payCode, l.inputType])).toEqual([
      [2, 24_690, '01', 1],
      [3, 9_900, '07', 1],
      [4, 10_000, '23', 1],
    ]);
  });

  it('matches by hand: one pay code, cash exactly, other types within less than 1 元, the message naming why not', async () => {
    const [cashLine, posLine, wxLine] = await unbalanced();
    const lock = (type: number, lineIds: number[]) => a.admin.post(R.doLock, { shopId: s1, day, type, lineIds });
    const mixed = await lock(1, [cashLine.id, posLine.id]);
    expectStatus(mixed, 409);
    expect(mixed.body.resp_msg).toContain('类型不统一');
    // POS: system 23.45, line 99.00: off by more than 1 元; split 75.55 off, then 23.45 within tolerance.
    const far = await lock(2, [posLine.id]);
    expectStatus(far, 409);
    expect(far.body.resp_msg).toContain('相差须小于 1 元');
    expect400(await a.admin.post(R.doSplit, { id: posLine.id, amount: 9_900 }), 'amount');
    expect400(await a.admin.post(R.doSplit, { id: posLine.id, amount: 0 }), 'amount');
    const part = ok<StatementLine>(await a.admin.post(R.doSplit, { id: posLine.id, amount: 7_600 }));
    expect(part).toMatchObject({ amount: 7_600, inputType: 2, splitFrom: posLine.id, statementAmount: 9_900 });
    expectStatus(await a.admin.post(R.doSplit, { id: part.id, amount: 100 }), 409);
    ok(await lock(2, [posLine.id])); // 23.00 against 23.45: within 1 元
    expectStatus(await lock(2, [posLine.id]), 409);
    // Cash: exactly, or not at all.
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(bankStatementLines).set({ amount: 24_689 }).where(eq(bankStatementLines.id, cashLine.id)),
    );
    const off = await lock(1, [cashLine.id]);
    expectStatus(off, 409);
    expect(off.body.resp_msg).toContain('现金须完全相等');
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(bankStatementLines).set({ amount: 24_690 }).where(eq(bankStatementLines.id, cashLine.id)),
    );
    ok(await lock(3, [wxLine.id]));
    const rows = await fd();
    const pos = rows.find((r) => r.type === 2) as SystemRow;
    expect(pos).toMatchObject({ status: 1, matchedAmount: 2_345, linesAmount: 2_300 });
    expect(pos.lines.map((l) => l.id)).toEqual([posLine.id]);
    // Deleting: a matched line or the imported line of a matched part is refused; a split part is not deletable alone.
    expectStatus(await a.admin.post(R.deleteFd, { ids: [posLine.id] }), 409);
    expectStatus(await a.admin.post(R.deleteFd, { ids: [part.id] }), 409);
    // 取消对账 gives the lines back.
    ok(await a.admin.post(R.doFree, { matchIds: [pos.matchId] }));
    expect((await fd()).find((r) => r.type === 2)?.status).toBe(0);
    expect((await unbalanced()).map((l) => l.id)).toContain(posLine.id);
    expectStatus(await a.admin.post(R.doFree, { matchIds: [pos.matchId] }), 404);
    ok(await a.admin.post(R.saveMemo, { lines: [{ id: part.id, memo: '手续费' }] }));
    expect((await unbalanced()).find((l) => l.id === part.id)?.memo).toBe('手续费');
    ok(await a.admin.post(R.deleteFd, { ids: [posLine.id] }));
    expect((await unbalanced()).map((l) => l.payCode)).toEqual(['01']);
  });

  it('never matches a line twice: of 8 concurrent matches of one line to two system rows one wins, the rest answer 409; matched sums equal', async () => {
    const [cashLine] = await unbalanced();
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) => a.admin.post(R.doLock, { shopId: s1, day, type: i % 2 ? 4 : 1, lineIds: [cashLine.id] })),
    );
    expect(tries.filter((r) => r.status === 200).length).toBe(1);
    expect(tries.filter((r) => r.status === 409).length).toBe(7);
    const matches = await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(bankMatches).where(eq(bankMatches.shopId, s1)));
    const lines = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(bankStatementLines).where(eq(bankStatementLines.shopId, s1)),
    );
    for (const m of matches) {
      const tied = lines.filter((l) => l.matchId === m.id);
      expect(tied.reduce((n, l) => n + l.amount, 0)).toBe(m.linesAmount);
      expect(m.linesAmount).toBe(m.sysAmount); // both are cash-coded: exact
    }
    expect(lines.filter((l) => l.id === cashLine.id && l.matchId !== null).length).toBe(1);
    // The redeposit's mark cannot change while its day is matched; free it first.
    const held = (await fd()).find((r) => r.status === 1 && (r.type === 1 || r.type === 4)) as SystemRow;
    ok(await a.admin.post(R.doFree, { matchIds: [held.matchId] }));
  });

  it('matches automatically by the same rule, and marks redeposits 对账/非对账 with a memo', async () => {
    const more = await statement([
      [codeOf(s1), day, '246.90', '现金'],
      [codeOf(s1), day, '246.90', '现金'],
      [codeOf(s1), day, '23.60', 'POS'],
    ]);
    ok(await a.admin.upload(R.importFd, more, { query: { importType: 1 } }));
    const auto = ok(await a.admin.post(R.autoLock, { shopId: s1, month }));
    expect(auto.matched).toBe(3); // cash, 回存, POS 23.60 against 23.45; WeChat stays matched by hand
    const rows = await fd();
    expect(rows.map((r) => [r.type, r.status])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
    ]);
    expect(new Set(rows.flatMap((r) => r.lines.map((l) => l.id))).size).toBe(4);
    expect(ok(await a.admin.post(R.autoLock, { shopId: s1, month })).matched).toBe(0);
    const list = ok(await a.admin.get(R.getFundhcList, { shopid: s1, month }));
    expect(list.map((x: { id: number; isFa: number }) => [x.id, x.isFa])).toEqual([
      [hc.id, 0],
      [hcOff.id, 2],
    ]);
    const refused = await a.admin.post(R.updateFundhc, { items: [{ id: hcOff.id, isFa: 0, faMemo: '补记' }] });
    expectStatus(refused, 409);
    ok(await a.admin.post(R.updateFundhc, { items: [{ id: hc.id, isFa: 0, faMemo: '已到账' }] }));
    const redeposit = (await fd()).find((r) => r.type === 4) as SystemRow;
    ok(await a.admin.post(R.doFree, { matchIds: [redeposit.matchId] }));
    ok(await a.admin.post(R.updateFundhc, { items: [{ id: hcOff.id, isFa: 0, faMemo: '补记' }] }));
    expect((await fd()).find((r) => r.type === 4)?.amount).toBe(29_690);
  });

  it('覆盖 keeps an imported line with a matched part, and takes away the unmatched ones of the days it holds', async () => {
    const other = day.endsWith('-01') ? `${month}-02` : `${month}-01`;
    const [held] = await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(bankMatches).where(eq(bankMatches.shopId, s1)));
    const line = { tenantId: a.tenantId, shopId: s1, day: other, rowIndex: 2, payCode: '07', amount: 5_000, statementAmount: 8_000 };
    const [parent, loose] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .insert(bankStatementLines)
        .values([line, { ...line, rowIndex: 3, amount: 700, statementAmount: 700 }])
        .returning({ id: bankStatementLines.id }),
    );
    const [part] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .insert(bankStatementLines)
        .values({ ...line, amount: 3_000, inputType: 2, splitFrom: parent.id, matchId: held.id })
        .returning({ id: bankStatementLines.id }),
    );
    expect400(
      await a.admin.upload(R.importFd, await statement([[codeOf(s1), other, '1.00', 'POS']]), { query: { importType: 3 } }),
      'importType',
    );
    ok(await a.admin.upload(R.importFd, await statement([[codeOf(s1), other, '1.00', 'POS']]), { query: { importType: 1 } }));
    const left = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(bankStatementLines).where(eq(bankStatementLines.day, other)),
    );
    const ids = left.filter((l) => l.shopId === s1).map((l) => l.id);
    expect(ids).toContain(parent.id);
    expect(ids).toContain(part.id);
    expect(ids).not.toContain(loose.id);
    expect(left.filter((l) => l.shopId === s1 && l.amount === 100).length).toBe(1);
  });

  it('answers 401, 403 without the right or outside the shops, 404 for another tenant', async () => {
    expectStatus(await t.client().get(R.getFd, { shopid: s1, month }), 401);
    const viewer = await createLimitedUser(t, a, { perms: [RECONCILE.perms.view], managerShops: [s1] });
    expect((await fd(viewer.client)).length).toBe(4);
    expectStatus(await viewer.client.post(R.autoLock, { shopId: s1, month }), 403);
    expectStatus(await viewer.client.post(R.deleteFd, { ids: [1] }), 403);
    const matcher = await createLimitedUser(t, a, {
      perms: [RECONCILE.perms.view, RECONCILE.perms.match, RECONCILE.perms.edit],
      managerShops: [s2],
    });
    expectStatus(await matcher.client.get(R.getFd, { shopid: s1, month }), 403);
    const [line] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(bankStatementLines).where(eq(bankStatementLines.shopId, s1)),
    );
    expectStatus(await matcher.client.post(R.saveMemo, { lines: [{ id: line.id, memo: 'x' }] }), 404);
    expectStatus(await matcher.client.post(R.doSplit, { id: line.id, amount: 1 }), 404);
    const [foreignShop] = await shopIds(t, other);
    expectStatus(await a.admin.get(R.getFd, { shopid: foreignShop, month }), 404);
    expectStatus(await other.admin.post(R.deleteFd, { ids: [line.id] }), 404);
    expectStatus(await other.admin.post(R.updateFundhc, { items: [{ id: hc.id, isFa: 2, faMemo: null }] }), 404);
  });
});
