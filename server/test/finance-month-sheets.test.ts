import { MONTH_LOSS, MONTH_SHEET, type MonthLossRow, type MonthSheetRow, monthSheetColumnRecord, PERIOD_CLOSE } from '@headoffice/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { shops } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type Client, expect400, expectStatus } from './helpers.js';
import { ok, shopIds } from './till-support.js';
import { createLimitedUser } from './users.js';

const C = monthSheetColumnRecord.paths;
const S = MONTH_SHEET.paths;
const L = MONTH_LOSS.paths;
type Row = Record<string, any>;

describe('the month sheets: columns (dicbalance), the shops’ month sheets and monthly losses, under the month close', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = (await shopIds(t, a)).slice(0, 2);
  const column = (code: string, name: string, type: number, sort: number) => a.admin.post(C.save, { code, name, type, sort, status: 1 });
  const rent = ok(await column('col1', '房租', 1, 1));
  ok(await column('col2', '员工人数', 2, 2));
  ok(await column('col3', '说明', 3, 3));
  const codes = await inTenant(t.database.db, a.tenantId, (tx) => tx.select({ id: shops.id, code: shops.code }).from(shops));
  const [code1, code2] = [s1, s2].map((id) => codes.find((c) => c.id === id)?.code);

  /** A workbook from the template at `path`, with `rows` under its header (by the header's titles). */
  async function workbook(path: string, rows: Record<string, unknown>[], client: Client = a.admin) {
    const template = await client.get(path);
    expect(template.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as unknown[]).slice(1).map((h) => String(h).replace(/^\*/, ''));
    rows.forEach((r, i) => {
      ws.getRow(i + 2).values = header.map((h) => (r[h] ?? null) as ExcelJS.CellValue);
    });
    return { header, file: Buffer.from(await wb.xlsx.writeBuffer()) };
  }

  it('defines the columns col1…col50 with a name, an order and a kind', async () => {
    expect(rent).toMatchObject({ code: 'col1', name: '房租', type: 1, sort: 1 });
    expect((ok(await a.admin.get(C.list)) as Row).list.map((r: Row) => r.code)).toEqual(['col1', 'col2', 'col3']);
    expect((ok(await a.admin.get(C.all)) as Row[]).map((r) => r.name)).toEqual(['房租', '员工人数', '说明']);
    expect((ok(await a.admin.get(C.allNoid)) as Row[]).every((r) => r.id === undefined)).toBe(true);
    expect(ok(await a.admin.get(C.maxOrder))).toEqual({ maxOrder: 3 });
    expect400(await column('col51', '越界', 1, 9), 'code');
    expect400(await column('colx', '越界', 1, 9), 'code');
    expect400(await column('col9', '类型', 4, 9), 'type');
    expectStatus(await column('col1', '重复', 1, 9), 409);
    const extra = ok(await column('col50', '临时', 3, 50));
    ok(await a.admin.del(C.one(extra.id)));
    expect((ok(await a.admin.get(C.all)) as Row[]).map((r) => r.code)).toEqual(['col1', 'col2', 'col3']);
    expectStatus(await a.admin.del(C.one(extra.id)), 404);
    expectStatus(await b.admin.del(C.one(rent.id)), 404);
  });

  it("saves a shop's month of values for the defined columns, one sheet per shop and month, checking each value's kind", async () => {
    const saved = ok<MonthSheetRow>(
      await a.admin.post(S.save, { shopId: s1, yearmonth: '2025-01', values: { col1: 1_234_50, col2: 12, col3: '正常' } }),
    );
    expect(saved).toMatchObject({ shopId: s1, yearmonth: '2025-01', values: { col1: 123_450, col2: 12, col3: '正常' }, version: 1 });
    const again = ok<MonthSheetRow>(await a.admin.post(S.save, { shopId: s1, yearmonth: '2025-01', values: { col1: 100 } }));
    expect(again).toMatchObject({ id: saved.id, version: 2, values: { col1: 100 } });
    ok(await a.admin.post(S.save, { shopId: s2, yearmonth: '2025-01', values: { col2: 3 } }));

    const unknown = await a.admin.post(S.save, { shopId: s1, yearmonth: '2025-01', values: { col9: 1 } });
    expect400(unknown, 'values.col9');
    expect(unknown.body.errors?.[0].message).toBe('没有启用的月结表栏目 col9');
    const kind = await a.admin.post(S.save, { shopId: s1, yearmonth: '2025-01', values: { col1: 1.5 } });
    expect400(kind, 'values.col1');
    expect(kind.body.errors?.[0].message).toBe('栏目 col1（房租）须填写以分计的整数金额');
    expect400(await a.admin.post(S.save, { shopId: s1, yearmonth: '2025-01', values: { col3: 5 } }), 'values.col3');
    expect400(await a.admin.post(S.save, { shopId: s1, yearmonth: '2025-13', values: {} }), 'yearmonth');
    expect400(await a.admin.post(S.save, { shopId: s1, yearmonth: '2025-01', values: { col51: 1 } }), 'values.col51');

    const page = ok(await a.admin.get(S.list, { yearmonth: '2025-01' })) as Row;
    expect(page.list.map((r: Row) => r.shopId).sort()).toEqual([s1, s2].sort());
    expect((ok(await a.admin.get(S.all, { shopid: s2 })) as Row[]).map((r) => r.values)).toEqual([{ col2: 3 }]);
    expectStatus(await b.admin.post(S.save, { shopId: s1, yearmonth: '2025-01', values: {} }), 404);
    expect((ok(await b.admin.get(S.list)) as Row).total).toBe(0);
  });

  it('refuses to delete a column that a shop month sheet holds a value of, naming the sheet; an unused one goes', async () => {
    const held = ok(await column('col20', '水电', 1, 20));
    const unused = ok(await column('col21', '备用', 1, 21));
    ok(await a.admin.post(S.save, { shopId: s2, yearmonth: '2024-11', values: { col20: 5_000 } }));
    const refused = await a.admin.del(C.one(held.id));
    expectStatus(refused, 409);
    const shopName = (
      await inTenant(t.database.db, a.tenantId, (tx) => tx.select({ name: shops.name }).from(shops).where(eq(shops.id, s2)))
    )[0].name;
    expect(refused.body.resp_msg).toBe(`栏目 col20（水电）已有门店月结数据（${shopName} 2024-11），不能删除，可改为停用`);
    expect((ok(await a.admin.get(C.all)) as Row[]).map((r) => r.code)).toContain('col20');
    ok(await a.admin.del(C.one(unused.id)));
    ok(await a.admin.post(C.save, { id: held.id, version: held.version, code: 'col20', name: '水电', type: 1, sort: 20, status: 0 }));
  });

  it('imports month sheets from the workbook of the defined columns; a sheet with bad rows stores nothing', async () => {
    const { header, file } = await workbook(S.template, [
      { 门店: code1, 月份: '2025-02', '房租(元)': '8000.50', 员工人数: 6, 说明: '导入' },
      { 门店: code2, 月份: '2025-02', '房租(元)': 7000 },
    ]);
    expect(header).toEqual(['门店', '月份', '房租(元)', '员工人数', '说明']);
    expect(ok(await a.admin.upload(S.import, file, { filename: '月结表.xlsx' }))).toEqual({ imported: 2 });
    const rows = ok(await a.admin.get(S.all, { yearmonth: '2025-02' })) as MonthSheetRow[];
    expect(rows.find((r) => r.shopId === s1)?.values).toEqual({ col1: 800_050, col2: 6, col3: '导入' });

    const bad = await workbook(S.template, [
      { 门店: code1, 月份: '2025-03', '房租(元)': '12.34' },
      { 门店: code1, 月份: '2025-03', '房租(元)': '1' },
      { 门店: 'NOSHOP', 月份: '2025/03', '房租(元)': '12.345' },
    ]);
    const refused = await a.admin.upload(S.import, bad.file, { filename: '月结表.xlsx' });
    expectStatus(refused, 400);
    expect(refused.body.data.errors.map((e: Row) => e.row).sort()).toEqual([3, 4, 4, 4]);
    expect(ok(await a.admin.get(S.all, { yearmonth: '2025-03' }))).toEqual([]);
  });

  it('imports the shops’ monthly losses (saveSystem), a month imported again replaced, bad rows storing nothing', async () => {
    const { header, file } = await workbook(L.template, [
      { 门店: code1, 年: 2025, 月: 4, '亏损(元)': '1000', '房租缺口(元)': '200.5', '亏损合计(元)': '1200.50' },
      { 门店: code2, 年: 2025, 月: 4 },
    ]);
    expect(header.slice(0, 4)).toEqual(['门店', '年', '月', '亏损(元)']);
    expect(ok(await a.admin.upload(L.saveSystem, file, { filename: '亏损.xlsx' }))).toEqual({ imported: 2 });
    const again = await workbook(L.template, [{ 门店: code1, 年: 2025, 月: 4, '亏损(元)': '900' }]);
    ok(await a.admin.upload(L.saveSystem, again.file, { filename: '亏损.xlsx' }));
    const rows = ok(await a.admin.get(L.all, { year: 2025, month: 4 })) as MonthLossRow[];
    expect(rows.find((r) => r.shopId === s1)).toMatchObject({ ks: 90_000, fzqk: 0, totalks: 0 });
    expect(rows.find((r) => r.shopId === s2)).toMatchObject({ ks: 0 });
    expect((ok(await a.admin.get(L.list, { shopid: s2 })) as Row).list).toHaveLength(1);

    const bad = await workbook(L.template, [
      { 门店: code1, 年: 2025, 月: 13, '亏损(元)': '-1' },
      { 门店: code2, 年: 2025, 月: 5 },
      { 门店: code2, 年: 2025, 月: 5 },
    ]);
    const refused = await a.admin.upload(L.saveSystem, bad.file, { filename: '亏损.xlsx' });
    expectStatus(refused, 400);
    expect(refused.body.data.errors.map((e: Row) => e.row)).toEqual(expect.arrayContaining([2, 4]));
    expect(ok(await a.admin.get(L.all, { year: 2025, month: 5 }))).toEqual([]);
    expect400(await a.admin.get(L.list, { month: 13 }), 'month');
  });

  it('refuses saving and importing a month the general close holds (409 naming it); the next month is open', async () => {
    const closed = ok(await a.admin.post(PERIOD_CLOSE.paths.close, { kind: 'month', period: '2025-06', shopId: s1 })) as Row;
    const save = await a.admin.post(S.save, { shopId: s1, yearmonth: '2025-06', values: { col1: 1 } });
    expectStatus(save, 409);
    expect(save.body.resp_msg).toContain('2025-06 已结账');
    ok(await a.admin.post(S.save, { shopId: s2, yearmonth: '2025-06', values: { col1: 1 } }));
    ok(await a.admin.post(S.save, { shopId: s1, yearmonth: '2025-07', values: { col1: 1 } }));
    const sheet = await workbook(S.template, [{ 门店: code1, 月份: '2025-06', '房租(元)': '1' }]);
    expectStatus(await a.admin.upload(S.import, sheet.file, { filename: 'a.xlsx' }), 409);
    const loss = await workbook(L.template, [{ 门店: code1, 年: 2025, 月: 6, '亏损(元)': '1' }]);
    expectStatus(await a.admin.upload(L.saveSystem, loss.file, { filename: 'a.xlsx' }), 409);
    // a day closed in the month does not hold the month
    ok(await a.admin.post(PERIOD_CLOSE.paths.close, { kind: 'day', period: '2025-08-01', shopId: s1 }));
    ok(await a.admin.post(S.save, { shopId: s1, yearmonth: '2025-08', values: { col1: 1 } }));
    ok(await a.admin.post(PERIOD_CLOSE.paths.reopen, { id: closed.id, reason: '补录月结表' }));
    ok(await a.admin.post(S.save, { shopId: s1, yearmonth: '2025-06', values: { col1: 1 } }));
  });

  it('answers 401 without a sign-in, 403 without the right, and limits a shop user to their shops', async () => {
    const anonymous = t.client();
    for (const path of [C.list, C.all, C.allNoid, C.maxOrder, S.list, S.all, L.list, L.all]) expectStatus(await anonymous.get(path), 401);
    expectStatus(await anonymous.post(S.save, { shopId: s1, yearmonth: '2025-01', values: {} }), 401);
    expectStatus(await anonymous.post(C.save, { code: 'col9', name: 'x', type: 1, sort: 1, status: 1 }), 401);
    const nobody = (await createLimitedUser(t, a, { perms: [], loginShops: [s1] })).client;
    for (const path of [C.list, S.list, S.all, L.list, L.all]) expectStatus(await nobody.get(path), 403);
    expectStatus(await nobody.post(S.save, { shopId: s1, yearmonth: '2025-01', values: {} }), 403);
    const viewer = (await createLimitedUser(t, a, { perms: [MONTH_SHEET.perms.view, MONTH_LOSS.perms.view], loginShops: [s1] })).client;
    expectStatus(await viewer.post(S.save, { shopId: s1, yearmonth: '2025-01', values: {} }), 403);
    expectStatus(await viewer.upload(L.saveSystem, Buffer.from('x'), { filename: 'a.xlsx' }), 403);

    const shopUser = (
      await createLimitedUser(t, a, { perms: [...Object.values(MONTH_SHEET.perms), ...Object.values(MONTH_LOSS.perms)], loginShops: [s1] })
    ).client;
    const seen = ok(await shopUser.get(S.all, { yearmonth: '2025-01' })) as MonthSheetRow[];
    expect(seen.map((r) => r.shopId)).toEqual([s1]);
    expect((ok(await shopUser.get(L.all)) as MonthLossRow[]).every((r) => r.shopId === s1)).toBe(true);
    expectStatus(await shopUser.get(S.list, { shopid: s2 }), 403);
    expectStatus(await shopUser.post(S.save, { shopId: s2, yearmonth: '2025-01', values: {} }), 403);
    ok(await shopUser.post(S.save, { shopId: s1, yearmonth: '2025-09', values: { col2: 1 } }));
    const other = await workbook(L.template, [{ 门店: code2, 年: 2025, 月: 9 }], shopUser);
    expectStatus(await shopUser.upload(L.saveSystem, other.file, { filename: 'a.xlsx' }), 400);
  });
});
