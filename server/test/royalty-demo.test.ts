import { perfExplanation, ROYALTY_STATEMENT_EXPORT, type RoyaltyRow } from '@headoffice/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { employees, positions } from '../src/db/schema.js';
import { yuan } from '../src/platform/money.js';
import { businessDate } from '../src/platform/numbering.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';
import { expect400, expectStatus, foreignTenant } from './staff-support.js';
import { key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

/**
 * The commission statement of a chain as it starts: the demo chain's scheme pays from the first bill;
 * a commission type pays only on its lines (服务提成 never on products); each employee's subtotal;
 * where each row's 业绩 comes from (fees, gift money); the statement as a workbook.
 */

const P = '/api-cashier';
const ST = '/api-pers/employeeroyalty/chain/list';

describe('commission from the demo chain on', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await foreignTenant(t);
  const [s1, s2] = await shopIds(t, a);
  const fx = await tillFixture(t, a, s1, { servicePrice: 10_000, productPrice: 5_000, stock: 100 });
  const [stylist, assistant] = fx.staff;
  const month = businessDate().slice(0, 7);
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payType = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId as number;
  // The fixture's staff as the demo's positions have them: a stylist (发型师) and an assistant (助理).
  await inTenant(t.database.db, a.tenantId, async (tx) => {
    const all = await tx.select({ id: positions.id, name: positions.name }).from(positions);
    const of = (name: string) => all.find((p) => p.name === name)?.id as number;
    await tx
      .update(employees)
      .set({ positionId: of('发型师') })
      .where(eq(employees.id, stylist.id));
    await tx
      .update(employees)
      .set({ positionId: of('助理') })
      .where(eq(employees.id, assistant.id));
  });

  async function settle(lines: unknown[], payments: (amount: number) => unknown[]) {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1 }));
    const bill = ok(await a.admin.post(`${P}/checkout/lines`, { id: opened.id, version: opened.version, lines }));
    return ok(await a.admin.post(`${P}/checkout/settle`, { id: bill.id, version: bill.version, payments: payments(bill.amount) }, key()));
  }
  const service = (staff: unknown[]) => ({ kind: 'service', itemId: fx.service.id, num: 1, staff });
  const product = (num: number, staff: unknown[]) => ({ kind: 'product', itemId: fx.product.id, num, staff });
  const cash = (amount: number) => [{ payTypeId: payType('01'), amount }];
  const statementOf = async (body: Record<string, unknown>) => ok(await a.admin.post(ST, { month, pageSize: 500, ...body }));

  it('the demo chain ships a scheme on every shop: the first bill pays the stylist and the assistant', async () => {
    const schemes = ok(await a.admin.get('/api-pers/royaltymanage/list/all'));
    expect(schemes).toHaveLength(1);
    expect(schemes[0].shops.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([s1, s2]));
    await settle(
      [
        service([
          { employeeId: stylist.id, station: 1, appointed: true },
          { employeeId: assistant.id, station: 2, appointed: false },
        ]),
        product(2, [{ employeeId: stylist.id, station: 1, appointed: false }]),
      ],
      cash,
    );
    const s = await statementOf({ shopId: s1 });
    const rows = s.list as RoyaltyRow[];
    const of = (eeid: number, btype: string) => rows.filter((r) => r.eeid === eeid && r.btype === btype);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    // 发型师服务 30% 指定 on the stylist's part of the service; 助理服务 8% 非指定 on the assistant's; 产品销售 10% on products.
    for (const r of of(stylist.id, 'service')) expect(r).toMatchObject({ royaltyTypeName: '服务提成', royalty: Math.round(r.money * 0.3) });
    for (const r of of(assistant.id, 'service'))
      expect(r).toMatchObject({ royaltyTypeName: '服务提成', royalty: Math.round(r.money * 0.08) });
    for (const r of of(stylist.id, 'product'))
      expect(r).toMatchObject({ royaltyTypeName: '产品(外卖)提成', royalty: Math.round(r.money * 0.1) });
    expect(s.sum.royalty).toBeGreaterThan(0);
  });

  it('a user limited to one shop is told, of the chain’s scheme, only that shop', async () => {
    const limited = await createLimitedUser(t, a, { perms: ['royalty.scheme.view'], loginShops: [s2] });
    const [scheme] = ok(await limited.client.get('/api-pers/royaltymanage/list/all'));
    expect(scheme.shops.map((s: { id: number }) => s.id)).toEqual([s2]);
    expect(ok(await limited.client.get(`/api-pers/royaltymanage/vo/${scheme.id}`)).shops.map((s: { id: number }) => s.id)).toEqual([s2]);
    const taken = ok(await limited.client.get('/api-pers/royaltymanage/unableSelectShopList')) as { id: number }[];
    expect(taken.map((s) => s.id)).toEqual([s2]);
    expect((ok(await a.admin.get(`/api-pers/royaltymanage/vo/${scheme.id}`)).shops as unknown[]).length).toBeGreaterThan(2);
  });

  it('a commission type pays only on its lines: a 服务提成 item naming nothing pays nothing on products', async () => {
    type Type = { id: number; code: string; name: string; version: number; lineKind: string | null };
    const types = ok(await a.admin.get('/api-pers/royaltytype/list/all')) as Type[];
    const serviceType = types.find((x) => x.name === '服务提成') as Type;
    const kindOf = async (lineKind: string | null) => {
      const current = (ok(await a.admin.get('/api-pers/royaltytype/list/all')) as Type[]).find((x) => x.id === serviceType.id) as Type;
      return a.admin.post('/api-pers/royaltytype/save', {
        id: current.id,
        version: current.version,
        code: current.code,
        name: current.name,
        lineKind,
      });
    };
    expect(serviceType.lineKind).toBe('service');
    // The stylist's own scheme: one group of 服务提成 with one item naming nothing, 10% either way.
    const mine = ok(await a.admin.post('/api-pers/royaltymanage/save', { prmname: '发型师个人', type: 2, employees: [stylist.id] }));
    const group = ok(await a.admin.post('/api-pers/royaltygroup/save', { schemeId: mine.id, royaltyTypeId: serviceType.id, name: '全部' }));
    ok(await a.admin.post('/api-pers/royaltyitem/item', { groupId: group.id, normType: 2, norm: 1_000, norm2: 1_000 }));
    const rows = (await statementOf({ employeeId: stylist.id })).list as RoyaltyRow[];
    const products = rows.filter((r) => r.btype === 'product');
    const services = rows.filter((r) => r.btype === 'service');
    expect(products.length).toBeGreaterThan(0);
    for (const r of products) expect(r).toMatchObject({ schemeName: '发型师个人', itemName: null, royalty: 0 });
    for (const r of services) expect(r).toMatchObject({ itemName: '全部', royalty: Math.round(r.money * 0.1) });
    // A type without a kind pays on any line, as before.
    ok(await kindOf(null));
    const anyLine = (await statementOf({ employeeId: stylist.id })).list as RoyaltyRow[];
    for (const r of anyLine.filter((x) => x.btype === 'product')) expect(r.royalty).toBe(Math.round(r.money * 0.1));
    ok(await kindOf('service'));
    expect400(await kindOf('hair'), 'lineKind');
    ok(await a.admin.post('/api-pers/royaltymanage/status', { id: mine.id, status: 0 }));
  });

  it('each row says where its 业绩 comes from: the fee of WeChat, gift money not counted, the employee’s share', async () => {
    const settled = await settle([service([{ employeeId: stylist.id, station: 1, appointed: true }])], (amount) => [
      { payTypeId: payType('23'), amount: amount - 2_000 },
      { payTypeId: payType('11'), amount: 2_000 },
    ]);
    const rows = ((await statementOf({ employeeId: stylist.id })).list as RoyaltyRow[]).filter((r) => r.billId === settled.id);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    const wechat = row.perfParts?.find((p) => p.payName === '微信');
    const gift = row.perfParts?.find((p) => p.payName === '生日赠送');
    expect(wechat).toEqual({ payName: '微信', amount: 8_000, fee: 48, perf: 7_952 });
    expect(gift).toEqual({ payName: '生日赠送', amount: 2_000, fee: 0, perf: 0 });
    expect(row.money).toBe(7_952);
    expect(perfExplanation(row, yuan, 'zh-CN')).toBe(
      '微信 ¥80.00 − 手续费 ¥0.48；生日赠送 ¥20.00，不计业绩 → 本行业绩 ¥79.52，本人分得 ¥79.52',
    );
    expect(perfExplanation(row, yuan, 'en-US')).toContain('not counted');
  });

  it("each employee's subtotal adds up the employee's rows; the sums add up the subtotals", async () => {
    const s = await statementOf({ shopId: s1 });
    const rows = s.list as RoyaltyRow[];
    expect(s.total).toBe(rows.length);
    expect(s.employees.map((e: { eeid: number }) => e.eeid).sort()).toEqual([...new Set(rows.map((r) => r.eeid))].sort());
    for (const e of s.employees) {
      const own = rows.filter((r) => r.eeid === e.eeid);
      expect(e).toMatchObject({
        rows: own.length,
        money: own.reduce((x, r) => x + r.money, 0),
        base: own.reduce((x, r) => x + r.base, 0),
        cost: own.reduce((x, r) => x + r.cost, 0),
        royalty: own.reduce((x, r) => x + r.royalty, 0),
      });
    }
    for (const k of ['money', 'royalty'] as const)
      expect(s.sum[k]).toBe(s.employees.reduce((x: number, e: Record<string, number>) => x + e[k], 0));
  });

  describe('the workbook (chain/export)', async () => {
    const viewer = await createLimitedUser(t, a, { perms: ['royalty.statement.view'], loginShops: [s2] });
    const nobody = await createLimitedUser(t, a, { perms: [], loginShops: [s1] });

    it('holds the rows, a subtotal after each employee and the total, in the request’s language', async () => {
      const s = await statementOf({ shopId: s1 });
      const res = await a.admin.get(ROYALTY_STATEMENT_EXPORT, { month, shopId: s1 });
      expect(res.status).toBe(200);
      expect(String(res.headers['content-type'])).toContain('spreadsheet');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.raw as unknown as ExcelJS.Buffer);
      const sheet = book.worksheets[0];
      const header = (sheet.getRow(1).values as string[]).slice(1);
      expect(header).toEqual(expect.arrayContaining(['员工', '业绩', '业绩说明', '提成']));
      const col = (title: string) => header.indexOf(title) + 1;
      const lines = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
      expect(lines).toHaveLength(s.list.length + s.employees.length + 1);
      for (const e of s.employees) {
        const sub = lines.find((r) => r.getCell(col('员工')).text === `小计：${e.eename}`);
        expect(Number(sub?.getCell(col('提成')).value)).toBeCloseTo(e.royalty / 100, 2);
      }
      const total = lines.at(-1);
      expect(total?.getCell(col('员工')).text).toBe('合计');
      expect(Number(total?.getCell(col('提成')).value)).toBeCloseTo(s.sum.royalty / 100, 2);
      expect(lines.some((r) => r.getCell(col('业绩说明')).text.includes('手续费'))).toBe(true);
      const en = await a.admin.get(ROYALTY_STATEMENT_EXPORT, { month, shopId: s1 }, { 'accept-language': 'en-US' });
      const enBook = new ExcelJS.Workbook();
      await enBook.xlsx.load(en.raw as unknown as ExcelJS.Buffer);
      expect((enBook.worksheets[0].getRow(1).values as string[]).slice(1)).toContain('Performance from');
    });

    it('400 for a bad month, 401, 403 without the right or for another shop, 404 for another tenant’s employee', async () => {
      expect400(await a.admin.get(ROYALTY_STATEMENT_EXPORT, { month: '2026-13' }), 'month');
      expectStatus(await t.client().get(ROYALTY_STATEMENT_EXPORT, { month }), 401);
      expectStatus(await nobody.client.get(ROYALTY_STATEMENT_EXPORT, { month }), 403);
      expectStatus(await viewer.client.get(ROYALTY_STATEMENT_EXPORT, { month, shopId: s1 }), 403);
      expectStatus(await viewer.client.get(ROYALTY_STATEMENT_EXPORT, { month, employeeId: stylist.id }), 403);
      expectStatus(await a.admin.get(ROYALTY_STATEMENT_EXPORT, { month, employeeId: b.employee.id }), 404);
    });

    it("a user limited to one shop gets that shop's rows only", async () => {
      const res = await viewer.client.get(ROYALTY_STATEMENT_EXPORT, { month });
      expect(res.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.raw as unknown as ExcelJS.Buffer);
      const sheet = book.worksheets[0];
      // No bill of s2 was settled: the total only.
      expect(sheet.rowCount).toBe(2);
      const rows = await inTenant(t.database.db, a.tenantId, (tx) =>
        tx.execute(
          sql`select count(*)::int as n from service_bill_perf p join service_bills b on b.id = p.bill_id where b.shop_id = ${s2}`,
        ),
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    });
  });
});
