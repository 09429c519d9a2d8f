import { djMonthConvert, PERIOD_CLOSE } from '@headoffice/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { build, type Client, expect400, expectOk, expectStatus } from './helpers.js';
import { shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

// 收支变动维护单 (the month kind of djbillhead, bill type finance.djmonth): 代扣代缴 items of shops for a month,
// 覆盖 / 累加 at the audit, the month lock, and the chain's report counting a month's amounts in 代扣代缴合计 for a
// range holding the whole month. The common bill behaviour is the conformance suite's.

type Row = Record<string, any>;
const M = '/api-finance/djmonthbill';
const CHAIN = '/api-finance/dayreport/chain';

describe('the dj bill’s month form (收支变动维护单)', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const djItems = expectOk(await a.admin.get('/api-finance/dicdjitem/list/all')) as Row[];
  const djId = (code: string) => (djItems.find((d) => d.code === code) as Row).id as number;
  // DJ001 代扣社保: 累加, direction −1, in 代扣代缴合计; a 覆盖 item of our own; 55 微慕拨款 is an allocation.
  const cover = expectOk(
    await a.admin.post('/api-finance/dicdjitem/save', { code: 'DJM1', name: '代扣房租', colname: 'dkfz', isBk: 0, direction: -1, type: 1 }),
  ).id as number;
  const save = (yearmonth: string, lines: Row[], client: Client = a.admin) => client.post(`${M}/saveBill`, { yearmonth, lines });
  const audit = async (yearmonth: string, lines: Row[]) => {
    const bill = expectOk(await save(yearmonth, lines));
    return expectOk(await a.admin.post(`${M}/auditBill`, { id: bill.id }));
  };
  const withheld = async (srq: string, erq: string, shop: number) =>
    (expectOk(await a.admin.get(CHAIN, { srq, erq, shopIds: String(shop) })).rows as Row[]).find((r) => r.shopId === shop)?.withheld;

  it('覆盖 replaces the month’s amount, 累加 adds to it; the month’s amounts count in the chain report of the whole month', async () => {
    const ym = '2026-02';
    const first = await audit(ym, [
      { shopId: s1, djItemId: djId('DJ001'), umoney: 10_000 },
      { shopId: s1, djItemId: cover, umoney: 50_000 },
    ]);
    expect(first).toMatchObject({ yearmonth: ym, state: 'audited', totalMoney: 60_000 });
    const draft = expectOk(
      await save(ym, [
        { shopId: s1, djItemId: djId('DJ001'), umoney: 2_500 },
        { shopId: s1, djItemId: cover, umoney: 30_000 },
      ]),
    );
    // a draft shows the month's amounts as of its save
    expect(draft.lines.map((l: Row) => [l.smoney, l.rmoney])).toEqual([
      [10_000, 12_500],
      [50_000, 30_000],
    ]);
    const second = expectOk(await a.admin.post(`${M}/auditBill`, { id: draft.id }));
    expect(second.lines.map((l: Row) => l.rmoney)).toEqual([12_500, 30_000]);
    expectStatus(await a.admin.post(`${M}/auditBill`, { id: draft.id }), 409);
    expectStatus(await a.admin.post(`${M}/deleteBill`, { id: draft.id }), 409);
    // The chain's report of February: both items withheld (direction −1); a range short of the whole month: none.
    expect(await withheld('2026-02-01', '2026-02-28', s1)).toBe(-42_500);
    expect(await withheld('2026-02-01', '2026-02-27', s1)).toBe(0);
    expect(await withheld('2026-02-10', '2026-02-10', s1)).toBe(0);
    expect(await withheld('2026-02-01', '2026-02-28', s2)).toBe(0);
    // The daily report of a day in February shows the month's amounts apart; the day's 代扣代缴合计 leaves them out.
    const day = expectOk(await a.admin.get('/api-finance/dayreport', { shopid: s1, day: '2026-02-10' }));
    expect(day.djMonth.map((d: Row) => [d.djItemId, d.amount, d.signed])).toEqual(
      expect.arrayContaining([
        [djId('DJ001'), 12_500, -12_500],
        [cover, 30_000, -30_000],
      ]),
    );
    expect(day.totals.withheld).toBe(0);
    expect(expectOk(await a.admin.get('/api-finance/dayreport', { shopid: s1, day: '2026-03-01' })).djMonth).toEqual([]);
    // the list by month and by shop
    const listed = expectOk(await a.admin.get(`${M}/billList`, { yearmonth: ym, shopid: s1 }));
    expect(listed.list.map((r: Row) => r.id).sort()).toEqual([first.id, draft.id].sort());
    expect(expectOk(await a.admin.get(`${M}/billList`, { yearmonth: '2026-03' })).total).toBe(0);
  });

  it('400 naming the line or field: an allocation item, a shop × item twice, a bad month, no lines', async () => {
    const allocation = await save('2026-04', [{ shopId: s1, djItemId: djId('55'), umoney: 100 }]);
    expect400(allocation, 'lines.0.djItemId');
    expect(allocation.body.errors?.[0].message).toContain('财务拨款');
    const twice = await save('2026-04', [
      { shopId: s1, djItemId: cover, umoney: 100 },
      { shopId: s1, djItemId: cover, umoney: 200 },
    ]);
    expect400(twice, 'lines.1.djItemId');
    expect(twice.body.errors?.[0].message).toContain('第 1 行');
    expect400(await save('2026-13', [{ shopId: s1, djItemId: cover, umoney: 100 }]), 'yearmonth');
    expect400(await save('2026-04', []), 'lines');
    expect400(await save('2026-04', [{ shopId: s1, djItemId: cover, umoney: 1.5 }]), 'lines.0.umoney');
    expect(expectOk(await a.admin.get(`${M}/billList`, { yearmonth: '2026-04' })).total).toBe(0);
  });

  it('a month the general close holds refuses the bill (409 naming it); nothing is applied', async () => {
    const draft = expectOk(await save('2024-02', [{ shopId: s2, djItemId: cover, umoney: 700 }]));
    expectOk(await a.admin.post(PERIOD_CLOSE.paths.close, { kind: 'month', period: '2024-02', shopId: null }));
    const refused = await a.admin.post(`${M}/auditBill`, { id: draft.id });
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toContain('2024-02');
    expectStatus(await save('2024-02', [{ shopId: s2, djItemId: cover, umoney: 1 }]), 409);
    expect(await withheld('2024-02-01', '2024-02-29', s2)).toBe(0);
  });

  it('reads a sheet into lines of the form’s month (saveSystemdj), with the month’s amounts so far; bad rows named, nothing saved', async () => {
    const shopName = ((expectOk(await a.admin.get('/api-chain/shop/list/all')) as Row[]).find((s) => s.id === s1) as Row).name;
    const sheet = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('导入');
      for (const r of [['门店', '项目', '金额(元)', '备注'], ...rows]) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const read = async (rows: unknown[][], yearmonth = '2026-02', client: Client = a.admin) =>
      client.upload(djMonthConvert.path, await sheet(rows), { query: { yearmonth } });
    const before = expectOk(await a.admin.get(`${M}/billList`, { pageSize: 1 })).total;
    // February's 代扣社保 of shop 1 is ¥125.00 after the first test; 累加 adds the sheet's ¥10.00.
    const lines = expectOk(await read([[shopName, '代扣社保', '10', '补录']]));
    expect(lines).toEqual([{ shopId: s1, djItemId: djId('DJ001'), umoney: 1_000, memo: '补录', smoney: 12_500, rmoney: 13_500 }]);
    const wrong = await read([
      [shopName, '代扣社保', '10'],
      [shopName, '没有的项目', '1'],
    ]);
    expectStatus(wrong, 400);
    expect(wrong.body.data.errors[0]).toMatchObject({ row: 3, column: '项目' });
    expect400(await read([[shopName, '代扣社保', '10']], '2026-2'), 'yearmonth');
    const viewer = await createLimitedUser(t, a, { perms: ['finance.djmonth.view'], loginShops: [s1] });
    expectStatus(await read([[shopName, '代扣社保', '10']], '2026-02', viewer.client), 403);
    expect(expectOk(await a.admin.get(`${M}/billList`, { pageSize: 1 })).total).toBe(before);
  });

  it('401, 403 without the right, 404 for another tenant’s bill, a shop user only their shop’s lines', async () => {
    const bill = expectOk(await save('2026-05', [{ shopId: s1, djItemId: cover, umoney: 100 }]));
    expectOk(await save('2026-05', [{ shopId: s2, djItemId: cover, umoney: 200 }]));
    expectStatus(await t.client().get(`${M}/billList`), 401);
    expectStatus(await t.client().post(`${M}/saveBill`, {}), 401);
    const none = await createLimitedUser(t, a, { perms: ['home.view'] });
    expectStatus(await none.client.get(`${M}/billList`), 403);
    expectStatus(await none.client.post(`${M}/saveBill`, { yearmonth: '2026-05', lines: [] }), 403);
    expectStatus(await b.admin.get(`${M}/detail/${bill.id}`), 404);
    expectStatus(await b.admin.post(`${M}/auditBill`, { id: bill.id }), 404);
    const clerk = await createLimitedUser(t, a, { perms: ['finance.djmonth.view', 'finance.djmonth.edit'], loginShops: [s2] });
    const theirs = expectOk(await clerk.client.get(`${M}/billList`, { yearmonth: '2026-05' }));
    expect(theirs.list.length).toBe(1);
    expect(theirs.list.every((x: Row) => x.lines.every((l: Row) => l.shopId === s2))).toBe(true);
    // the engine's detail of a bill with lines of several shops shows a shop user their shops' lines only
    const other = await clerk.client.get(`${M}/detail/${bill.id}`);
    if (other.status === 200) expect(other.body.data.lines).toEqual([]);
    else expect([403, 404]).toContain(other.status);
    expect([403, 404]).toContain((await save('2026-05', [{ shopId: s1, djItemId: cover, umoney: 1 }], clerk.client)).status);
  });
});
