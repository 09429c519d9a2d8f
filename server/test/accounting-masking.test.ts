import { ACCOUNTING_PATHS, maskValue, memberPaths } from '@headoffice/contract';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { makeMember, ok, shopIds } from './assets-support.js';
import { type Answer, build } from './helpers.js';

// 数据管理's exportMaskedFields: the workbooks mask the mobiles, ID cards and bank accounts they carry unless
// the chain's data settings show them in full; the lists on screen show them as they are.

async function sheetOf(res: Answer) {
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.raw as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('masked fields in the workbooks (数据管理 exportMaskedFields)', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [s1] = await shopIds(t, a);
  const member = await makeMember(t, a, s1, { mobile: '13812345678', name: '脱敏测试' });
  const settings = (exportMaskedFields: string[]) =>
    a.admin.post(ACCOUNTING_PATHS.dataSave, { accountingAdapter: 'file', exportMaskedFields }).then(ok);
  afterAll(() => settings([]));

  /** The member's row of the 客情归属 workbook, by its mobile column. */
  const memberCell = async () => {
    const rows = await sheetOf(await a.admin.get(memberPaths.relationExport, { keyword: member.name }));
    const mobile = rows[0].indexOf('手机号');
    return rows.slice(1).map((r) => r[mobile]);
  };

  it('a member export shows 138****5678 by default, the full number once the settings allow mobiles; the list is unchanged', async () => {
    expect(await memberCell()).toEqual(['138****5678']);
    const list = ok(await a.admin.get(memberPaths.relationList, { keyword: member.name })).list as { mobile: string }[];
    expect(list.map((r) => r.mobile)).toEqual(['13812345678']);
    await settings(['mobile']);
    expect(await memberCell()).toEqual(['13812345678']);
    // Allowing another field only: masked again.
    await settings(['idCard']);
    expect(await memberCell()).toEqual(['138****5678']);
  });

  it("the bill engine's, the records' and the employees' workbooks mask their columns too", async () => {
    await settings([]);
    const reserveTypes = ok(await a.admin.get('/api-finance/dicreserve/list/all')) as { id: number }[];
    const refund = ok(
      await a.admin.post('/api-finance/xxtkrecords/saveBill', {
        shopId: s1,
        memType: 2,
        serveType: 'MF1',
        tkMoney: 100,
        tkName: '李四',
        tkMobile: '13900139000',
        tkAttr: 5,
        tkContent: '团购券未使用',
        reserveTypeId: reserveTypes[0].id,
        payType: 2,
      }),
    );
    const refundRows = await sheetOf(await a.admin.get('/api-finance/xxtkrecords/export', { keyword: refund.billNo }));
    expect(refundRows[1][refundRows[0].indexOf('手机号码')]).toBe('139****9000');
    const landlords = ok(await a.admin.get('/api-finance/landlordinfo/list', { pageSize: 200 })).list as { code: string; bankno: string }[];
    const withAccount = landlords.find((l) => l.bankno && l.bankno.length > 4);
    expect(withAccount).toBeDefined();
    const accountsOf = async () => {
      const rows = await sheetOf(await a.admin.get('/api-finance/landlordinfo/export'));
      const column = rows[0].indexOf('银行账号');
      expect(column).toBeGreaterThanOrEqual(0);
      return rows.slice(1).map((r) => String(r[column] ?? ''));
    };
    const masked = maskValue('bankAccount', withAccount?.bankno) as string;
    expect(masked.endsWith(String(withAccount?.bankno).slice(-4))).toBe(true);
    expect(masked).toMatch(/^\*+\d{4}$/);
    expect(await accountsOf()).toContain(masked);
    await settings(['bankAccount']);
    expect(await accountsOf()).toContain(withAccount?.bankno);

    const employeeMobiles = async () => {
      const rows = await sheetOf(await a.admin.get('/api-chain/employee/export'));
      const column = rows[0].indexOf('手机号');
      return rows
        .slice(1)
        .map((r) => String(r[column] ?? ''))
        .filter(Boolean);
    };
    const masks = await employeeMobiles();
    expect(masks.length).toBeGreaterThan(0);
    expect(masks.every((m) => /^\d{3}\*+\d{4}$/.test(m) || m.length <= 7)).toBe(true);
    await settings(['mobile']);
    expect((await employeeMobiles()).some((m) => /^\d{11}$/.test(m))).toBe(true);
  });

  it('the masks: a mobile keeps its first 3 and last 4, an ID card its first 6 and last 4, an account its last 4', () => {
    expect(maskValue('mobile', '13812345678')).toBe('138****5678');
    expect(maskValue('idCard', '110101199003071234')).toBe('110101********1234');
    expect(maskValue('bankAccount', '6225880112345678')).toBe('************5678');
    expect(maskValue('mobile', null)).toBeNull();
    expect(maskValue('mobile', '')).toBe('');
    expect(maskValue('bankAccount', '123')).toBe('***');
  });
});
