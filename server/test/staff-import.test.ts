import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { build, type Client, XLSX } from './helpers.js';
import { expectStatus } from './staff-support.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const E = '/api-chain/employee';
const TEMPLATE = '/api-base/employee/excelTemplate';
const uniq = () => randomBytes(3).toString('hex').toUpperCase();

const HEADERS = [
  '员工编号',
  '姓名',
  '性别',
  '手机号',
  '出生日期',
  '身份证号',
  '门店',
  '部门',
  '职位',
  '职级',
  '技术等级',
  '入职日期',
  '在线预约',
  '备注',
];

async function sheet(rows: unknown[][], headers: string[] = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('员工');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('staff: Excel template and import of employees', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const anon = t.client();
  const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as any[];
  const shopByCode = (code: string) => shops.find((s) => s.code === code);

  const upload = (content: Buffer, client: Client = a.admin, headers: Record<string, string> = {}) =>
    client.upload(`${E}/batchImport`, content, { headers, filename: '员工.xlsx' });
  const employeesLike = async (prefix: string) => (await a.admin.get(E, { keyword: prefix, pageSize: 200 })).body.data;
  const streamTotal = async () =>
    (await a.admin.get('/api-pers/employeestream/chain/streamList', { pageSize: 1 })).body.data.total as number;

  /** 30 good rows of salon staff: a mix of shops (by name and by code), positions and levels. */
  const goodRows = (prefix: string) =>
    Array.from({ length: 30 }, (_, i) => {
      const salon = i % 3 === 0 ? 'HZ001' : i % 3 === 1 ? '上海静安旗舰店' : '北京国贸店';
      const [position, level] = i % 2 === 0 ? ['发型师', '资深发型师'] : ['助理', '学徒'];
      return [
        `${prefix}${String(i + 1).padStart(3, '0')}`,
        `导入员工${i + 1}`,
        i % 2 ? '男' : '女',
        `1370000${String(1000 + i).padStart(4, '0')}`,
        '1996-04-12',
        null,
        salon,
        '门店事业部',
        position,
        level,
        i % 4 === 0 ? '中级' : null,
        '2025-06-01',
        i % 5 === 0 ? '是' : '否',
        i === 0 ? '首批导入' : null,
      ];
    });

  it('offers a template with titles, an example row and real values as drop-down lists', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = method === 'GET' ? await a.admin.get(TEMPLATE) : await a.admin.post(TEMPLATE);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX);
      expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('员工导入模板'));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.raw as unknown as ExcelJS.Buffer);
      const ws = wb.worksheets[0];
      const titles = (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(v).replace('*', ''));
      expect(titles).toEqual(HEADERS);
      expect(ws.getRow(1).getCell(1).value).toBe('*员工编号');
      expect(ws.getRow(2).getCell(1).value).toBe('E0001');
      expect(ws.getRow(2).getCell(7).value).toBe(shops[0].name);
      const lists = wb.worksheets.find((s) => s.name === 'lists') as ExcelJS.Worksheet;
      expect(lists.state).toBe('hidden');
      const columns = new Map<string, string[]>();
      lists.getRow(1).eachCell((cell, col) => {
        const values: string[] = [];
        lists.getColumn(col).eachCell((c, row) => {
          if (row > 1 && c.value !== null) values.push(String(c.value));
        });
        columns.set(String(cell.value), values);
      });
      expect(columns.get('门店')).toEqual(shops.map((s) => s.name));
      expect(columns.get('性别')).toEqual(['男', '女']);
      expect(columns.get('职位')).toEqual(expect.arrayContaining(['发型师', '助理', '美容师', '前台接待', '店长']));
      expect(columns.get('部门')).toContain('门店事业部');
      expect(columns.get('职级')).toContain('艺术总监');
      const validations = (ws as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } }).dataValidations.model;
      const shopRule = Object.entries(validations).find(([address]) => address.startsWith('G2'));
      expect(shopRule?.[1]).toMatchObject({ type: 'list' });
      expect(String(shopRule?.[1].formulae[0])).toMatch(/^lists!\$[A-Z]+\$2:\$[A-Z]+\$\d+$/);
    }
    const en = await a.admin.get(TEMPLATE, {}, EN);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(en.raw as unknown as ExcelJS.Buffer);
    expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe('*Employee code');
    expect(wb.worksheets[0].getRow(2).getCell(3).value).toBe('Female');
  });

  it('stores nothing from a sheet with 3 bad rows and lists exactly those rows; the corrected sheet imports all 30', async () => {
    const prefix = `IM${uniq()}`;
    const rows = goodRows(prefix);
    const bad = rows.map((r) => [...r]);
    bad[5][6] = '不存在的门店'; // Excel row 7
    bad[13][0] = bad[2][0]; // Excel row 15 repeats row 4's code
    bad[20][11] = '2024-02-30'; // Excel row 22
    const streamBefore = await streamTotal();

    const res = await upload(await sheet(bad));
    expectStatus(res, 400);
    expect(res.body.resp_msg, JSON.stringify(res.body)).toBe('导入失败：发现 3 处错误，没有导入任何数据，请修改后重新导入');
    expect(res.body.data.errors).toEqual([
      { row: 7, column: '门店', message: '“不存在的门店”不存在或已停用' },
      { row: 15, column: '员工编号', message: `“${bad[2][0]}”与第 4 行重复` },
      { row: 22, column: '入职日期', message: '“2024-02-30”不是有效日期，请按 YYYY-MM-DD 填写' },
    ]);
    expect(res.body.errors?.map((e) => e.path)).toEqual(['file', 'file', 'file']);
    expect(res.body.errors?.[0].message).toBe('第 7 行「门店」：“不存在的门店”不存在或已停用');
    expect((await employeesLike(prefix)).total).toBe(0);
    expect(await streamTotal()).toBe(streamBefore);

    const en = await upload(await sheet(bad), a.admin, EN);
    expect(en.body.data.errors[2]).toEqual({
      row: 22,
      column: 'Entry date',
      message: '"2024-02-30" is not a valid date; write it as YYYY-MM-DD',
    });

    const ok = await upload(await sheet(rows));
    expectStatus(ok, 200);
    expect(ok.body.data).toEqual({ imported: 30 });
    const stored = (await employeesLike(prefix)).list as any[];
    expect(stored).toHaveLength(30);
    const first = stored.find((r) => r.eecode === `${prefix}001`);
    expect(first).toMatchObject({
      name: '导入员工1',
      gender: 2,
      mobile: '13700001000',
      birthday: '1996-04-12',
      shopName: '杭州西湖银泰店',
      branchName: '门店事业部',
      positionName: '发型师',
      levelName: '资深发型师',
      skillLevelName: '中级',
      entryDate: '2025-06-01',
      bookable: 1,
      status: 1,
      memo: '首批导入',
    });
    expect(stored.find((r) => r.eecode === `${prefix}002`)).toMatchObject({
      gender: 1,
      shopName: '上海静安旗舰店',
      positionName: '助理',
      levelName: '学徒',
      bookable: 0,
    });
    expect(await streamTotal()).toBe(streamBefore + 30);
    const entries = (await a.admin.get('/api-pers/employeestream/chain/streamList', { keyword: prefix, kind: 'entry', pageSize: 200 })).body
      .data;
    expect(entries.total).toBe(30);
    expect(entries.list.find((r: any) => r.eecode === `${prefix}001`)).toMatchObject({
      effectiveDate: '2025-06-01',
      toShopName: '杭州西湖银泰店',
      toLevelName: '资深发型师',
    });

    // The same sheet again: every code already exists, nothing is stored twice.
    const again = await upload(await sheet(rows));
    expectStatus(again, 400);
    expect(again.body.data.errors).toHaveLength(30);
    expect(again.body.data.errors[0]).toEqual({ row: 2, column: '员工编号', message: `“${prefix}001”已存在` });
    expect((await employeesLike(prefix)).total).toBe(30);
  });

  it('reads codes or names, both languages, dates in several forms; checks levels against positions', async () => {
    const prefix = `LK${uniq()}`;
    const headersEn = [
      'Employee code',
      'Name',
      'Gender',
      'Mobile',
      'Birthday',
      'ID card number',
      'Shop',
      'Department',
      'Position',
      'Level',
      'Skill level',
      'Entry date',
      'Bookable online',
      'Memo',
    ];
    const row = (n: number, fields: Partial<Record<string, unknown>>) => {
      const base: Record<string, unknown> = {
        code: `${prefix}${n}`,
        name: `英文表${n}`,
        gender: 'Male',
        shop: 'GZ001',
        position: '店长',
        level: '店长',
        entry: '2025-01-02',
      };
      const v = { ...base, ...fields };
      return [
        v.code,
        v.name,
        v.gender,
        v.mobile ?? null,
        v.birthday ?? null,
        v.idCard ?? null,
        v.shop,
        v.branch ?? null,
        v.position,
        v.level,
        null,
        v.entry,
        v.bookable ?? null,
        null,
      ];
    };
    const rows = [
      row(1, { entry: new Date(Date.UTC(2024, 2, 1)) }),
      row(2, { entry: '2024/3/2', mobile: 13912345678 }),
      row(3, { entry: '2024年3月3日', gender: 'female', idCard: '11010519491231002X' }),
      row(4, { entry: 45355, bookable: 'yes' }),
    ];
    const ok = await upload(await sheet(rows, headersEn));
    expectStatus(ok, 200);
    const stored = ((await employeesLike(prefix)).list as any[]).sort((x, y) => x.eecode.localeCompare(y.eecode));
    expect(stored.map((r) => r.entryDate)).toEqual(['2024-03-01', '2024-03-02', '2024-03-03', '2024-03-04']);
    expect(stored.map((r) => r.gender)).toEqual([1, 1, 2, 1]);
    expect(stored[1].mobile).toBe('13912345678');
    expect(stored[2].idCard).toBe('11010519491231002X');
    expect(stored[0].shopName).toBe('广州天河城店');

    const problems = await upload(
      await sheet(
        [
          row(5, { level: '艺术总监' }),
          row(6, { position: null }),
          row(7, { gender: '未知', mobile: '12345', birthday: 'yesterday' }),
          row(8, { name: null, entry: null }),
          row(9, { idCard: 110105194912310000 }),
        ],
        headersEn,
      ),
      a.admin,
      EN,
    );
    expectStatus(problems, 400);
    expect(problems.body.data.errors).toEqual([
      { row: 2, column: 'Level', message: '"艺术总监" does not belong to Position "店长"' },
      { row: 3, column: 'Level', message: 'Fill in Position first' },
      { row: 4, column: 'Gender', message: '"未知" is not allowed; use one of: Male、Female' },
      { row: 4, column: 'Mobile', message: '"12345" is not a valid 11-digit mobile number' },
      { row: 4, column: 'Birthday', message: '"yesterday" is not a valid date; write it as YYYY-MM-DD' },
      { row: 5, column: 'Name', message: 'This cell must be filled in' },
      { row: 5, column: 'Entry date', message: 'This cell must be filled in' },
      { row: 6, column: 'ID card number', message: expect.stringContaining('format the column as text') },
    ]);
    expect((await employeesLike(prefix)).total).toBe(4);
  });

  it('skips the unchanged example row of the template and refuses what is not a sheet of employees', async () => {
    const res = await a.admin.get(TEMPLATE);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    const code = `EX${uniq()}`;
    ws.getRow(3).values = [
      code,
      '模板填写',
      '女',
      '13600001111',
      null,
      null,
      '上海徐汇悦容馆',
      null,
      '美容师',
      '美容师',
      null,
      '2025-07-01',
      '否',
    ];
    const filled = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expectStatus(filled, 200);
    expect(filled.body.data).toEqual({ imported: 1 });
    // The template's example row (code E0001) is not imported; other tests' random codes may contain E0001.
    expect(((await employeesLike('E0001')).list as any[]).filter((r) => r.eecode === 'E0001')).toEqual([]);
    expect((await employeesLike(code)).list[0]).toMatchObject({ shopName: '上海徐汇悦容馆', positionName: '美容师' });

    const empty = await upload(await sheet([]));
    expectStatus(empty, 400);
    expect(empty.body.data.errors).toEqual([{ row: 2, column: '', message: '表格中没有可导入的数据' }]);
    const missing = await upload(await sheet([['X1', '缺列']], ['员工编号', '姓名']));
    expectStatus(missing, 400);
    expect(missing.body.data.errors).toEqual([{ row: 1, column: '入职日期', message: '表头中缺少这一必填列' }]);
    const text = await upload(Buffer.from('eecode,name\nX,Y\n'));
    expectStatus(text, 400);
    expect(text.body.errors).toEqual([{ path: 'file', message: '请上传 Excel 文件（.xlsx）' }]);
    expect(text.body.data).toBeNull();
    const noFile = await a.admin.post(`${E}/batchImport`, {});
    expectStatus(noFile, 400);
    expect(noFile.body.errors?.[0].path).toBe('file');
  });

  it('needs a sign-in and the edit permission; shop users import only into their shops', async () => {
    const content = await sheet(goodRows(`AC${uniq()}`).slice(0, 2));
    expectStatus(await upload(content, anon), 401);
    expectStatus(await anon.get(TEMPLATE), 401);
    const viewer = await createLimitedUser(t, a, { perms: ['staff.employee.view'] });
    expectStatus(await upload(content, viewer.client), 403);
    expectStatus(await viewer.client.get(TEMPLATE), 403);

    const own = shopByCode('SH002');
    const editor = await createLimitedUser(t, a, { perms: ['staff.employee.view', 'staff.employee.edit'], managerShops: [own.id] });
    const template = await editor.client.get(TEMPLATE);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.raw as unknown as ExcelJS.Buffer);
    expect(wb.worksheets[0].getRow(2).getCell(7).value).toBe(own.name);
    const prefix = `SC${uniq()}`;
    const rows = goodRows(prefix).slice(0, 3);
    rows[0][6] = own.name;
    rows[1][6] = '北京国贸店';
    rows[2][6] = null;
    const res = await upload(await sheet(rows), editor.client);
    expectStatus(res, 400);
    expect(res.body.data, JSON.stringify(res.body)).toBeTruthy();
    expect(res.body.data.errors).toEqual([
      { row: 3, column: '门店', message: '“北京国贸店”不存在或已停用' },
      { row: 4, column: '门店', message: '请选择门店：你只能管理自己门店的员工' },
    ]);
    rows[1][6] = own.code;
    rows[2][6] = own.name;
    expectStatus(await upload(await sheet(rows), editor.client), 200);
    expect(((await employeesLike(prefix)).list as any[]).every((r) => r.shopId === own.id)).toBe(true);
  });
});
