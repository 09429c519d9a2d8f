import { djConvertPath } from '@headoffice/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { build, type Client, expect400, expectOk, expectStatus } from './helpers.js';
import { shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

// The dj items (代扣代缴 / 财务拨款, dicdjitem) and partner projects (diccooperate) dictionaries, the dj bills
// (djbillhead: 覆盖 / 累加, imports) and the partner project bills (coopbillhead: the shop's share by rate).
// The bills' common behaviour is the bill conformance suite's; the daily report's use of the dj items is
// finance-dayreport.test.ts's.

type Row = Record<string, any>;
const DJ = '/api-finance/dicdjitem';
const COOP = '/api-finance/diccooperate';
const DJB = '/api-finance/djbillhead';
const COOPB = '/api-finance/coopbillhead';

async function sheet(header: string[], rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('dj items, partner projects and their bills', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const shopName = ((expectOk(await a.admin.get('/api-chain/shop/list/all')) as Row[]).find((s) => s.id === s1) as Row).name;
  const djItems = expectOk(await a.admin.get(`${DJ}/list/all`)) as Row[];
  const djId = (code: string) => (djItems.find((d) => d.code === code) as Row).id as number;
  const uniq = () => Math.random().toString(36).slice(2, 8);

  it('dicdjitem: the demo holds the report’s allocations by code; report columns are unique in the chain', async () => {
    expect(['55', '94', '54'].map((c) => djItems.find((d) => d.code === c)?.name)).toEqual(['微慕拨款', '团购拨款', '电商券拨款']);
    const colname = `c${uniq()}`;
    const item = expectOk(
      await a.admin.post(`${DJ}/save`, { code: `T${uniq()}`, name: '代扣房租', colname, isBk: 0, direction: -1, type: 2 }),
    );
    expect(item).toMatchObject({ colname, isBk: 0, direction: -1, isDkdj: 1, type: 2, status: 1 });
    const listed = expectOk(await a.admin.get(`${DJ}/list`, { keyword: '代扣房租' }));
    expect(listed.list.map((r: Row) => r.id)).toContain(item.id);
    // checkColname (seed: POST, param colname): taken, free for the item itself, free in another chain, malformed
    expect(expectOk(await a.admin.post(`${DJ}/checkColname?colname=${colname}`))).toEqual({ free: false });
    expect(expectOk(await a.admin.get(`${DJ}/checkColname`, { colname, id: item.id }))).toEqual({ free: true });
    expect(expectOk(await b.admin.get(`${DJ}/checkColname`, { colname }))).toEqual({ free: true });
    expect400(await a.admin.get(`${DJ}/checkColname`, { colname: '9列' }), 'colname');
    const twice = await a.admin.post(`${DJ}/save`, { code: `T${uniq()}`, name: '重复列', colname });
    expectStatus(twice, 409);
    expect(twice.body.resp_msg).toContain(colname);
    expect400(await a.admin.post(`${DJ}/save`, { code: `T${uniq()}`, name: '坏类型', colname: `c${uniq()}`, type: 3 }), 'type');
    expect400(await a.admin.post(`${DJ}/save`, { code: `T${uniq()}`, name: '坏方向', colname: `c${uniq()}`, direction: 0 }), 'direction');
    expectStatus(await t.client().get(`${DJ}/list`), 401);
    const none = await createLimitedUser(t, a, { perms: ['home.view'], loginShops: [s1] });
    expectStatus(await none.client.get(`${DJ}/list`), 403);
    expectStatus(await b.admin.get(`${DJ}/${item.id}`), 404);
  });

  it('diccooperate: rates in percent with 2 decimals', async () => {
    const saved = expectOk(await a.admin.post(`${COOP}/save`, { code: `H${uniq()}`, name: '纹绣合作', shopRate: 12.55, staffRate: 5 }));
    expect(saved).toMatchObject({ shopRate: 12.55, staffRate: 5 });
    expect(expectOk(await a.admin.get(`${COOP}/${saved.id}`)).shopRate).toBe(12.55);
    expect400(await a.admin.post(`${COOP}/save`, { code: `H${uniq()}`, name: '超额', shopRate: 100.5 }), 'shopRate');
    expect400(await a.admin.post(`${COOP}/save`, { code: `H${uniq()}`, name: '三位小数', shopRate: 1.234 }), 'shopRate');
    expectStatus(await b.admin.get(`${COOP}/${saved.id}`), 404);
  });

  it('a dj bill: 覆盖 replaces the day’s amount, 累加 adds to it, concurrent audits add up each once; one line per shop × item', async () => {
    const rq = '2026-03-11';
    const save = (lines: Row[], client: Client = a.admin) => client.post(`${DJB}/saveBill`, { rq, lines });
    const twice = await save([
      { shopId: s1, djItemId: djId('55'), umoney: 100 },
      { shopId: s1, djItemId: djId('55'), umoney: 200 },
    ]);
    expect400(twice, 'lines.1.djItemId');
    expect(twice.body.errors?.[0].message).toContain('第 1 行');
    const audit = async (lines: Row[]) => {
      const bill = expectOk(await save(lines));
      return expectOk(await a.admin.post(`${DJB}/auditBill`, { id: bill.id }));
    };
    await audit([{ shopId: s1, djItemId: djId('94'), umoney: 40_000 }]);
    const replaced = await audit([{ shopId: s1, djItemId: djId('94'), umoney: 25_000 }]);
    expect(replaced.lines[0]).toMatchObject({ smoney: 40_000, umoney: 25_000, rmoney: 25_000 });
    // Four 累加 bills of the same shop × item audited at once: each sees the one before it.
    const drafts = await Promise.all(
      [1, 2, 3, 4].map(async () => expectOk(await save([{ shopId: s2, djItemId: djId('DJ001'), umoney: 1_000 }]))),
    );
    const draft = expectOk(await a.admin.get(`${DJB}/detail/${drafts[0].id}`));
    expect(draft.lines[0]).toMatchObject({ smoney: 0, rmoney: 1_000 });
    const audited = await Promise.all(drafts.map(async (d) => expectOk(await a.admin.post(`${DJB}/auditBill`, { id: d.id }))));
    expect(audited.map((x) => x.lines[0].rmoney).sort((p, q) => p - q)).toEqual([1_000, 2_000, 3_000, 4_000]);
    // the seed's list/all {rq}: the bills of the day
    const ofDay = expectOk(await a.admin.get(`${DJB}/list/all`, { rq }));
    const rows = (Array.isArray(ofDay) ? ofDay : ofDay.list) as Row[];
    expect(rows.length).toBe(6);
    expect(rows.every((x) => x.rq === rq)).toBe(true);
    const report = expectOk(await a.admin.get('/api-finance/dayreport', { shopid: s2, day: rq }));
    expect(report.dj.find((d: Row) => d.code === 'DJ001').amount).toBe(4_000);
    // A shop user lists only bills with a line of their shop and cannot enter another shop's.
    const clerk = await createLimitedUser(t, a, { perms: ['finance.dj.view', 'finance.dj.edit'], loginShops: [s2] });
    const theirs = expectOk(await clerk.client.get(`${DJB}/billList`, { pageSize: 100 }));
    expect(theirs.list.every((x: Row) => x.lines.every((l: Row) => l.shopId === s2))).toBe(true);
    expect(theirs.list.length).toBeGreaterThanOrEqual(4);
    expect([403, 404]).toContain((await save([{ shopId: s1, djItemId: djId('55'), umoney: 1 }], clerk.client)).status);
    expectStatus(await b.admin.get(`${DJB}/detail/${drafts[0].id}`), 404);
  });

  it('imports dj bills (saveSystem: a draft per day) and reads a sheet into lines (saveSystemdj), naming the bad rows', async () => {
    const header = ['日期', '门店', '项目', '金额(元)', '备注'];
    const before = expectOk(await a.admin.get(`${DJB}/billList`, { pageSize: 1 })).total;
    const bad = await a.admin.upload(
      `${DJB}/saveSystem`,
      await sheet(header, [
        ['2026-04-01', shopName, '微慕拨款', '12.30'],
        ['2026-04-01', shopName, '没有的项目', '1'],
      ]),
    );
    expectStatus(bad, 400);
    expect(bad.body.data.errors[0]).toMatchObject({ row: 3 });
    const good = await a.admin.upload(
      `${DJB}/saveSystem`,
      await sheet(header, [
        ['2026-04-01', shopName, '微慕拨款', '12.30', '四月'],
        ['2026-04-02', shopName, '团购拨款', '-1'],
      ]),
    );
    expect(expectOk(good).imported).toBe(2);
    const listed = expectOk(await a.admin.get(`${DJB}/billList`, { pageSize: 100, rqFrom: '2026-04-01', rqTo: '2026-04-01' }));
    expect(expectOk(await a.admin.get(`${DJB}/billList`, { pageSize: 1 })).total).toBe(before + 2);
    expect(listed.list[0].lines[0]).toMatchObject({ shopId: s1, djItemId: djId('55'), umoney: 1_230, memo: '四月' });

    const lineHeader = ['门店', '项目', '金额(元)', '备注'];
    const read = async (rows: unknown[][], client: Client = a.admin) =>
      client.upload(djConvertPath, await sheet(lineHeader, rows), { query: { rq: '2026-03-11' } });
    const lines = expectOk(await read([[shopName, '团购拨款', '50']]));
    expect(lines).toEqual([{ shopId: s1, djItemId: djId('94'), umoney: 5_000, memo: null, smoney: 25_000, rmoney: 5_000 }]);
    const wrong = await read([
      [shopName, '团购拨款', '50'],
      [shopName, '团购拨款', 'abc'],
    ]);
    expectStatus(wrong, 400);
    expect(wrong.body.data.errors[0]).toMatchObject({ row: 3 });
    expect(expectOk(await a.admin.get(`${DJB}/billList`, { pageSize: 1 })).total).toBe(before + 2);
    const viewer = await createLimitedUser(t, a, { perms: ['finance.dj.view'], loginShops: [s1] });
    expectStatus(await read([[shopName, '团购拨款', '50']], viewer.client), 403);
    expect400(await a.admin.upload(djConvertPath, await sheet(lineHeader, []), { query: { rq: '2026-02-30' } }), 'rq');
  });

  it('a partner project bill deducts round(money × the project’s shop rate) from each line, with the rate as of the save', async () => {
    const item = expectOk(await a.admin.post(`${COOP}/save`, { code: `H${uniq()}`, name: `合作${uniq()}`, shopRate: 12.5 }));
    const line = (money: number) => ({ rq: '2026-03-12', shopId: s1, coopItemId: item.id, money });
    const bill = expectOk(await a.admin.post(`${COOPB}/saveBill`, { lines: [line(10_001), line(-10_004), line(999)] }));
    // 10001 × 12.5% = 1250.125 → 1250; −10004 × 12.5% = −1250.5 → −1251 (half away from zero); 999 × 12.5% = 124.875 → 125
    expect(bill.lines.map((l: Row) => [l.shopRate, l.smoney, l.rmoney])).toEqual([
      [12.5, 1_250, 8_751],
      [12.5, -1_251, -8_753],
      [12.5, 125, 874],
    ]);
    expect(bill).toMatchObject({ state: 'draft', totalMoney: 996, totalSmoney: 124 });
    expectOk(await a.admin.post(`${COOP}/save`, { id: item.id, version: item.version, code: item.code, name: item.name, shopRate: 30 }));
    expect(expectOk(await a.admin.get(`${COOPB}/detail/${bill.id}`)).lines[0].smoney).toBe(1_250);
    const resaved = expectOk(await a.admin.post(`${COOPB}/saveBill`, { id: bill.id, version: bill.version, lines: [line(10_001)] }));
    expect(resaved.lines[0]).toMatchObject({ shopRate: 30, smoney: 3_000, rmoney: 7_001 });
    expect(expectOk(await a.admin.post(`${COOPB}/auditBill`, { id: bill.id })).state).toBe('audited');
    expectStatus(await a.admin.post(`${COOPB}/deleteBill`, { id: bill.id }), 409);
    expect400(await a.admin.post(`${COOPB}/saveBill`, { lines: [{ ...line(1), coopItemId: 999_999 }] }), 'lines.0.coopItemId');
    expectStatus(await b.admin.post(`${COOPB}/auditBill`, { id: bill.id }), 404);
    // the import (saveSystem): the rows make one draft, a bad row is named and nothing is saved
    const header = ['日期', '门店', '合作项目', '金额(元)', '备注'];
    const bad = await a.admin.upload(`${COOPB}/saveSystem`, await sheet(header, [['2026-03-12', shopName, item.name, '0']]));
    expectStatus(bad, 400);
    expect(bad.body.data.errors[0]).toMatchObject({ row: 2 });
    expect(
      expectOk(await a.admin.upload(`${COOPB}/saveSystem`, await sheet(header, [['2026-03-12', shopName, item.name, '100']]))).imported,
    ).toBe(1);
    const imported = expectOk(await a.admin.get(`${COOPB}/billList`, { pageSize: 1, coopid: item.id, state: 'draft' })).list[0];
    expect(imported.lines[0]).toMatchObject({ money: 10_000, shopRate: 30, smoney: 3_000, rmoney: 7_000 });
    // a project in use is not deleted
    expectStatus(await a.admin.del(`${COOP}/${item.id}`), 409);
  });
});
