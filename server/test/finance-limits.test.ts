import { billPath, EXPENSE_API, expenseLimitBill } from '@headoffice/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { build, type Client } from './helpers.js';
import { expect400, expectLedgerConsistent, expectOk, expectStatus, shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

const at = (relative: string) => billPath(expenseLimitBill, relative);
type Row = Record<string, any>;

describe('expense limit adjustments (iolimitbillhead): one step, limits of the month, import', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [shopA, shopB] = (await shopIds(t, a)).slice(-2);
  const items = expectOk(await a.admin.get('/api-finance/dicioitem/list/all')) as Row[];
  const water = items.find((i) => i.name === '水电费') as Row;
  const office = items.find((i) => i.name === '办公用品') as Row;
  const limitOf = async (month: string, shopId: number, itemId: number) =>
    (
      (expectOk(await a.admin.get(EXPENSE_API.allShopLimits, { month, shopId })) as Row[]).find((r) => r.itemId === itemId) as
        | Row
        | undefined
    )?.amount;
  const upload = async (
    rows: unknown[][],
    client: Client = a.admin,
    url = at('saveSystem'),
    header = ['月份', '门店', '收支项目', '调整金额(元)', '备注'],
  ) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('导入');
    ws.addRow(header);
    for (const r of rows) ws.addRow(r);
    return client.upload(url, Buffer.from(await wb.xlsx.writeBuffer()));
  };

  it('the audit moves each line’s limit of the month by its change, stamping before and after', async () => {
    const month = '2026-04';
    const first = expectOk(
      await a.admin.post(at('saveBill'), {
        month,
        lines: [
          { shopId: shopA, itemId: water.id, change: 50_000 },
          { shopId: shopB, itemId: office.id, change: 20_000 },
        ],
      }),
    );
    expect(first).toMatchObject({ state: 'draft', totalChange: 70_000, month });
    expect(await limitOf(month, shopA, water.id)).toBeUndefined();
    const audited = expectOk(await a.admin.post(at('auditBill'), { id: first.id }));
    expect(audited.state).toBe('approved');
    expect(await limitOf(month, shopA, water.id)).toBe(50_000);
    const second = expectOk(await a.admin.post(at('saveBill'), { month, lines: [{ shopId: shopA, itemId: water.id, change: -30_000 }] }));
    expectOk(await a.admin.post(at('auditBill'), { id: second.id }));
    const detail = expectOk(await a.admin.get(at(`detail/${second.id}`)));
    expect(detail.lines[0]).toMatchObject({ change: -30_000, before: 50_000, after: 20_000 });
    expect(await limitOf(month, shopA, water.id)).toBe(20_000);
    // an audited bill is not changed again; another month is its own limit
    expectStatus(await a.admin.post(at('auditBill'), { id: second.id }), 409);
    expect(await limitOf('2026-05', shopA, water.id)).toBeUndefined();
  });

  it('a limit never goes below 0: the audit is refused naming the item, and nothing moves', async () => {
    const month = '2026-06';
    const bill = expectOk(await a.admin.post(at('saveBill'), { month, lines: [{ shopId: shopA, itemId: office.id, change: -1 }] }));
    const refused = await a.admin.post(at('auditBill'), { id: bill.id });
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toContain('办公用品');
    expect(await limitOf(month, shopA, office.id)).toBeUndefined();
    expect(expectOk(await a.admin.get(at(`detail/${bill.id}`))).state).toBe('draft');
  });

  it('checks input, rights, tenants and shops', async () => {
    expect400(await a.admin.post(at('saveBill'), { month: '2026-13', lines: [{ shopId: shopA, itemId: water.id, change: 1 }] }), 'month');
    expect400(
      await a.admin.post(at('saveBill'), { month: '2026-01', lines: [{ shopId: shopA, itemId: 999_999, change: 1 }] }),
      'lines.0.itemId',
    );
    const mine = expectOk(
      await a.admin.post(at('saveBill'), { month: '2026-07', lines: [{ shopId: shopB, itemId: water.id, change: 1 }] }),
    );
    expectStatus(await b.admin.post(at('auditBill'), { id: mine.id }), 404);
    expectStatus(await b.admin.get(at(`detail/${mine.id}`)), 404);
    expectStatus(await t.client().get(at('billList')), 401);
    const viewer = await createLimitedUser(t, a, { perms: ['finance.iolimit.view', 'finance.iolimit.edit'], loginShops: [shopA] });
    expectStatus(await viewer.client.post(at('auditBill'), { id: mine.id }), 403);
    // a user limited to shop A neither sees shop B's lines nor saves them
    expect(expectOk(await viewer.client.get(at(`detail/${mine.id}`))).lines).toEqual([]);
    expectStatus(
      await viewer.client.post(at('saveBill'), { month: '2026-07', lines: [{ shopId: shopB, itemId: water.id, change: 1 }] }),
      403,
    );
    const listed = expectOk(await viewer.client.get(at('billList'), { month: '2026-07' }));
    expect(listed.list.map((r: Row) => r.id)).not.toContain(mine.id);
  });

  it('imports lines from the Excel template, everything or nothing, one draft per month', async () => {
    const template = await t.app.inject({ method: 'GET', url: at('excelTemplate'), headers: { authorization: `Bearer ${a.admin.token}` } });
    expect(template.statusCode).toBe(200);
    const before = expectOk(await a.admin.get(at('billList'), { pageSize: 100 })).total;
    const bad = await upload([
      ['2026-08', shopA, '水电费', '100.00'],
      ['2026-08', shopA, '不存在的项目', '100.00'],
    ]);
    expect(bad.status).toBe(400);
    expect(expectOk(await a.admin.get(at('billList'), { pageSize: 100 })).total).toBe(before);
    const shops = expectOk(await a.admin.get('/api-chain/shop/list/all')) as Row[];
    const shopName = shops.find((s) => s.id === shopA)?.name;
    const good = await upload([
      ['2026-08', shopName, '水电费', '100.50', '导入一'],
      ['2026-09', shopName, '办公用品', '-0.50'],
    ]);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const after = expectOk(await a.admin.get(at('billList'), { pageSize: 100 }));
    expect(after.total).toBe(before + 2);
    const august = after.list.find((r: Row) => r.month === '2026-08');
    expect(august.lines[0]).toMatchObject({ shopId: shopA, itemId: water.id, change: 10_050 });
  });

  describe('travel records (fundtravel)', () => {
    const T = '/api-finance/fundtravel';
    const trip = (over: Row = {}) => ({
      code: `CC${Math.floor(Math.random() * 1e6)}`,
      name: '总部培训',
      shopId: shopA,
      traveller: '王芳',
      startDate: '2026-03-02',
      endDate: '2026-03-04',
      ...over,
    });

    it('saves (save and saveTravel), lists by shop and reimbursement, refuses a trip ending before it starts', async () => {
      const saved = expectOk(await a.admin.post(`${T}/save`, trip()));
      expect(saved).toMatchObject({ shopId: shopA, traveller: '王芳', reimbursed: 0 });
      const again = expectOk(
        await a.admin.post(`${T}/saveTravel`, { ...trip(), id: saved.id, version: saved.version, code: saved.code, reimbursed: 1 }),
      );
      expect(again.reimbursed).toBe(1);
      const listed = expectOk(await a.admin.get(`${T}/list`, { shopId: shopA, reimbursed: 1 }));
      expect(listed.list.map((r: Row) => [r.id, r.shopName])).toContainEqual([saved.id, expect.any(String)]);
      expect400(await a.admin.post(`${T}/save`, trip({ endDate: '2026-03-01' })), 'endDate');
      expect400(await a.admin.post(`${T}/saveTravel`, trip({ startDate: '2026-3-1' })), 'startDate');
      expectStatus(await t.client().get(`${T}/list`), 401);
      expectStatus(await b.admin.get(`${T}/${saved.id}`), 404);
    });

    it('a user limited to a shop sees and saves only its trips', async () => {
      const theirs = expectOk(await a.admin.post(`${T}/save`, trip({ shopId: shopB })));
      const user = await createLimitedUser(t, a, { perms: ['finance.fundtravel.view', 'finance.fundtravel.edit'], loginShops: [shopA] });
      expectStatus(await user.client.get(`${T}/${theirs.id}`), 404);
      expectStatus(await user.client.post(`${T}/saveTravel`, trip({ shopId: shopB })), 403);
      expect(expectOk(await user.client.get(`${T}/list`, { pageSize: 100 })).list.every((r: Row) => r.shopId === shopA)).toBe(true);
      const viewer = await createLimitedUser(t, a, { perms: ['finance.fundtravel.view'] });
      expectStatus(await viewer.client.post(`${T}/saveTravel`, trip()), 403);
    });
  });

  describe('imports of redeposits (fundhcbill) and budgets (iolimitys)', () => {
    const shopName = async (id: number) =>
      ((expectOk(await a.admin.get('/api-chain/shop/list/all')) as Row[]).find((s) => s.id === id) as Row).name;

    it('redeposits: each row a draft; a bad row or a locked day imports nothing', async () => {
      const H = ['门店', '回存日期', '金额(元)', '经手人', '回存原因', '备注'];
      const url = '/api-finance/fundhcbill/saveSystem';
      const count = async () => expectOk(await a.admin.get('/api-finance/fundhcbill/billList', { shopId: shopA, pageSize: 1 })).total;
      const before = await count();
      const name = await shopName(shopA);
      expect((await upload([[name, '2026-02-03', '-5']], a.admin, url, H)).status).toBe(400);
      expect(await count()).toBe(before);
      expectOk(await a.admin.post('/api-finance/monthlock/save', { yearmonth: '2026-02', type: 1, status: 1 }));
      const locked = await upload([[name, '2026-02-03', '300']], a.admin, url, H);
      expect(locked.status).toBe(409);
      expect(locked.body.resp_msg).toContain('2026-02');
      expect(await count()).toBe(before);
      expectOk(await a.admin.post('/api-finance/monthlock/save', { yearmonth: '2026-02', type: 1, status: 0 }));
      const good = await upload(
        [
          [name, '2026-02-03', '300', '李会计', '多余备用金'],
          [name, '2026-02-04', '20.50'],
        ],
        a.admin,
        url,
        H,
      );
      expect(good.status, JSON.stringify(good.body)).toBe(200);
      expect(await count()).toBe(before + 2);
      const list = expectOk(await a.admin.get('/api-finance/fundhcbill/billList', { shopId: shopA, pageSize: 2 })).list as Row[];
      expect(list.map((r) => r.amount).sort()).toEqual([2_050, 30_000].sort());
      // another shop's user cannot import into shop A
      const other = await createLimitedUser(t, a, { perms: ['finance.fundhc.view', 'finance.fundhc.edit'], loginShops: [shopB] });
      expect((await upload([[name, '2026-02-05', '1']], other.client, url, H)).status).toBe(400);
      expect(await count()).toBe(before + 2);
    });

    it('budgets: the quarters must add up to the year; everything or nothing', async () => {
      const H = ['门店', '收支项目', '年度', '全年预算(元)', '一季度(元)', '二季度(元)', '三季度(元)', '四季度(元)', '备注'];
      const url = '/api-finance/iolimitys/saveSystem';
      const name = await shopName(shopB);
      const listed = async () => expectOk(await a.admin.get(EXPENSE_API.budgets, { year: 2031, shopId: shopB })).total;
      const bad = await upload(
        [
          [name, '水电费', 2031, '1200', '300', '300', '300', '300'],
          [name, '办公用品', 2031, '1000', '300', '300', '300', '300'],
        ],
        a.admin,
        url,
        H,
      );
      expect(bad.status).toBe(400);
      expect(await listed()).toBe(0);
      const good = await upload(
        [
          [name, '水电费', 2031, '1200', '300', '300', '300', '300'],
          [name, '办公用品', 2031, '1000.40', '250.10', '250.10', '250.10', '250.10'],
        ],
        a.admin,
        url,
        H,
      );
      expect(good.status, JSON.stringify(good.body)).toBe(200);
      const rows = expectOk(await a.admin.get(EXPENSE_API.budgets, { year: 2031, shopId: shopB })).list as Row[];
      expect(rows.map((r) => [r.itemId, r.yearAmount, r.q4]).sort()).toEqual(
        [
          [water.id, 120_000, 30_000],
          [office.id, 100_040, 25_010],
        ].sort(),
      );
      // the same budgets again: already set, nothing more imported
      const again = await upload([[name, '水电费', 2031, '1200', '300', '300', '300', '300']], a.admin, url, H);
      expect(again.status).toBe(409);
      expect(await listed()).toBe(2);
    });
  });

  it('the demo chain shows reserve balances on the ledger and rent contracts with their schedules', async () => {
    const balances = expectOk(await a.admin.get('/api-finance/reservemoney/getShopReseveMoney', { pageSize: 50 }));
    expect(balances.list.filter((r: Row) => r.money > 0).length).toBeGreaterThanOrEqual(6);
    await expectLedgerConsistent(t, [a]);
    for (const base of ['/api-finance/storerentcont', '/api-finance/dormrentcont']) {
      const contracts = expectOk(await a.admin.get(`${base}/billListForChain`, { pageSize: 50 }));
      expect(contracts.total).toBeGreaterThanOrEqual(3);
      const one = expectOk(await a.admin.get(`${base}/detail/${contracts.list[0].id}`));
      expect(one.periods.reduce((s: number, p: Row) => s + p.amount, 0)).toBe(one.totalMoney);
    }
  });
});
