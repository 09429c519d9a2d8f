import { randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { brands, channels } from '../src/db/schema.js';
import type { Auth } from '../src/platform/auth.js';
import { buildTemplate, chunks, type ImportDef, readImportSheet, toDate, validateImport } from '../src/platform/importer.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';

const uniq = () => randomBytes(3).toString('hex').toUpperCase();

interface Channel {
  code: string;
  name: string;
  sort?: number;
  brandId?: number;
  phone?: string;
  opened?: string;
  kind?: number;
}

/** A toy definition over the channel dictionary: one of each column type, a lookup, a unique column. */
const channelImport: ImportDef<Channel> = {
  name: ['渠道', 'Channels'],
  columns: [
    { key: 'code', title: ['编码', 'Code'], required: true, unique: channels.code, example: 'QD999' },
    { key: 'name', title: ['名称', 'Name'], required: true, example: '示例渠道' },
    { key: 'sort', title: ['排序', 'Sort'], type: 'int', example: 10 },
    { key: 'brandId', title: ['品牌', 'Brand'], lookup: { table: brands } },
    { key: 'phone', title: ['电话', 'Phone'], type: 'mobile' },
    { key: 'opened', title: ['开通日期', 'Opened'], type: 'date' },
    {
      key: 'kind',
      title: ['类型', 'Kind'],
      type: 'enum',
      options: [
        { value: 1, labels: ['线上', 'Online'] },
        { value: 2, labels: ['线下', 'Offline'] },
      ],
    },
  ],
  schema: z.strictObject({
    code: z.string().max(8),
    name: z.string().min(1),
    sort: z.number().int().min(0).optional(),
    brandId: z.number().optional(),
    phone: z.string().optional(),
    opened: z.string().optional(),
    kind: z.number().optional(),
  }),
  maxRows: 6,
  async check(_tx, rows) {
    return rows.filter((r) => r.value.name === '禁用名').map((r) => ({ row: r.row, key: 'name', message: '这个名称不能用' }));
  },
  async insert(tx, rows, auth) {
    for (const part of chunks(rows, 2)) {
      await tx.insert(channels).values(part.map((r) => ({ tenantId: auth.tenantId, code: r.code, name: r.name, sort: r.sort ?? 0 })));
    }
    return rows.length;
  },
};

async function workbook(rows: unknown[][], headers = ['编码', '名称', '排序', '品牌', '电话', '开通日期', '类型']) {
  const wb = new ExcelJS.Workbook();
  const hidden = wb.addWorksheet('hidden', { state: 'hidden' });
  hidden.addRow(['not', 'this', 'sheet']);
  const ws = wb.addWorksheet('data');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('platform importer', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const auth = {
    tenantId: a.tenantId,
    userId: 0,
    isSuper: true,
    permissions: new Set<string>(),
    loginShops: [],
    managerShops: [],
    name: 'test',
  } as unknown as Auth;
  const run = async (content: Buffer, lang: 'zh-CN' | 'en-US' = 'zh-CN') => {
    const sheet = await readImportSheet(content, channelImport as ImportDef<unknown>, lang);
    return inTenant(t.database.db, a.tenantId, (tx) => validateImport(tx, channelImport, sheet, auth, lang));
  };
  const existing = await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(channels).limit(1));
  const brandRows = await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(brands));

  it('reads dates in the forms people type them', () => {
    expect(toDate(new Date(Date.UTC(2024, 1, 29)))).toBe('2024-02-29');
    expect(toDate('2024-2-9')).toBe('2024-02-09');
    expect(toDate('2024/02/09')).toBe('2024-02-09');
    expect(toDate('2024.2.9')).toBe('2024-02-09');
    expect(toDate('2024年2月9日')).toBe('2024-02-09');
    expect(toDate('20240209')).toBe('2024-02-09');
    expect(toDate(20240209)).toBe('2024-02-09');
    expect(toDate(45331)).toBe('2024-02-09');
    for (const bad of ['2023-02-29', '2024-13-01', '2024-00-10', 'tomorrow', '09/02/2024', '', null, true, -5, 1e9]) {
      expect(toDate(bad as never), String(bad)).toBeUndefined();
    }
  });

  it('splits bulk inserts into chunks', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 2)).toEqual([]);
  });

  it('converts every cell type, looks up by code or name, finds columns by either language', async () => {
    const code = `C${uniq()}`;
    const result = await run(
      await workbook(
        [
          [`${code}1`, '线上商城', 5, brandRows[0].code, '13800138000', '2024-05-01', '线上'],
          [`${code}2`, '门店', '7', brandRows[1].name, '+86 139-1234-5678', new Date(Date.UTC(2024, 4, 2)), 'Offline'],
          [`${code}3`, '  空白  ', null, null, null, null, 2],
        ],
        ['Code', '*名称', 'sort', 'Brand', '电话', 'Opened', '类型', '未知列'],
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.rows).toEqual([
      {
        row: 2,
        value: {
          code: `${code}1`,
          name: '线上商城',
          sort: 5,
          brandId: brandRows[0].id,
          phone: '13800138000',
          opened: '2024-05-01',
          kind: 1,
        },
      },
      {
        row: 3,
        value: { code: `${code}2`, name: '门店', sort: 7, brandId: brandRows[1].id, phone: '13912345678', opened: '2024-05-02', kind: 2 },
      },
      { row: 4, value: { code: `${code}3`, name: '空白', kind: 2 } },
    ]);
  });

  it('reports every problem by row and column, in the request language', async () => {
    const code = `D${uniq()}`;
    const result = await run(
      await workbook([
        [`${code}1`, '好', 'x', '不存在的品牌', '123', '2024-02-30', '空中'],
        [`${code}1`, null, -1, null, null, null, null],
        [existing[0].code, '已有', null, null, null, null, null],
        ['TOOLONGCODE', '禁用名', 2 ** 64, null, null, null, null],
        [`${code}5`, '禁用名', null, null, null, null, null],
      ]),
    );
    expect(result.rows).toEqual([]);
    expect(result.errors).toEqual([
      { row: 2, column: '排序', message: '“x”不是整数' },
      { row: 2, column: '电话', message: '“123”不是有效的 11 位手机号' },
      { row: 2, column: '开通日期', message: '“2024-02-30”不是有效日期，请按 YYYY-MM-DD 填写' },
      { row: 2, column: '类型', message: '“空中”不是可选值，请填写：线上、线下' },
      { row: 2, column: '品牌', message: '“不存在的品牌”不存在或已停用' },
      { row: 3, column: '名称', message: '不能为空' },
      { row: 3, column: '编码', message: `“${code}1”与第 2 行重复` },
      { row: 3, column: '排序', message: expect.stringContaining('0') },
      { row: 4, column: '编码', message: `“${existing[0].code}”已存在` },
      { row: 5, column: '排序', message: expect.any(String) },
      { row: 5, column: '编码', message: expect.stringContaining('8') },
      { row: 6, column: '名称', message: '这个名称不能用' },
    ]);
    const en = await run(await workbook([[`${code}9`, null, null, null, null, null, null]]), 'en-US');
    expect(en.errors).toEqual([{ row: 2, column: 'Name', message: 'This cell must be filled in' }]);
  });

  it('names ambiguous and deleted lookups, and refuses too many rows or a missing column', async () => {
    const twin = `双胞胎${uniq()}`;
    await inTenant(t.database.db, a.tenantId, async (tx) => {
      await tx.insert(brands).values([
        { tenantId: a.tenantId, code: `PA${uniq()}`, name: twin },
        { tenantId: a.tenantId, code: `PB${uniq()}`, name: twin },
      ]);
      await tx.update(brands).set({ isDel: 1 }).where(eq(brands.id, brandRows[1].id));
    });
    const code = `F${uniq()}`;
    const result = await run(
      await workbook([
        [`${code}1`, '一', null, twin, null, null, null],
        [`${code}2`, '二', null, brandRows[1].name, null, null, null],
      ]),
    );
    expect(result.errors).toEqual([
      { row: 2, column: '品牌', message: `有多条记录名为“${twin}”，请填写编码` },
      { row: 3, column: '品牌', message: `“${brandRows[1].name}”不存在或已停用` },
    ]);
    await inTenant(t.database.db, a.tenantId, (tx) => tx.update(brands).set({ isDel: 0 }).where(eq(brands.id, brandRows[1].id)));

    const many = await run(await workbook(Array.from({ length: 7 }, (_, i) => [`${code}M${i}`, '多', null, null, null, null, null])));
    expect(many.errors).toEqual([{ row: 1, column: '', message: '一次最多导入 6 行，本表有 7 行' }]);
    const missing = await run(await workbook([['X', 'Y']], ['编码', '排序']));
    expect(missing.errors).toEqual([{ row: 1, column: '名称', message: '表头中缺少这一必填列' }]);
    await expect(readImportSheet(Buffer.from('%PDF-1.4 not a sheet'), channelImport as ImportDef<unknown>, 'zh-CN')).rejects.toMatchObject({
      status: 400,
      fields: [{ path: 'file', key: 'importNotXlsx' }],
    });
  });

  it('builds a template whose example row is skipped when left unchanged, and inserts a clean sheet', async () => {
    const wb = await inTenant(t.database.db, a.tenantId, (tx) => buildTemplate(tx, channelImport as ImportDef<unknown>, auth, 'en-US'));
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Channels');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['*Code', '*Name', 'Sort', 'Brand', 'Phone', 'Opened', 'Kind']);
    expect((ws.getRow(2).values as unknown[]).slice(1, 4)).toEqual(['QD999', '示例渠道', 10]);
    expect(wb.getWorksheet('lists')?.state).toBe('hidden');
    const code = `G${uniq()}`;
    ws.getRow(3).values = [code, '模板渠道', 3];
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const result = await run(content, 'en-US');
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => r.row)).toEqual([3]);
    const stored = await inTenant(t.database.db, a.tenantId, async (tx) => {
      await channelImport.insert(
        tx,
        result.rows.map((r) => r.value),
        auth,
      );
      return tx.select().from(channels).where(eq(channels.code, code));
    });
    expect(stored).toMatchObject([{ name: '模板渠道', sort: 3 }]);
  });

  it('reads every entry of the workbook even when the reader falls behind the zip parser', async () => {
    // The reader takes its time over styles; exceljs writes xl/workbook.xml last, which the parser
    // used to hand over and drop before the reader took it: the sheet names and states were lost.
    const reader = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as { _parseStyles: (entry: unknown) => Promise<void> };
    const parseStyles = reader._parseStyles;
    reader._parseStyles = async function (this: unknown, entry: unknown) {
      await parseStyles.call(this, entry);
      await setTimeout(20);
    };
    try {
      const code = `S${uniq()}`;
      for (let i = 0; i < 5; i++) {
        const sheet = await readImportSheet(await workbook([[code, '慢读渠道', i]]), channelImport as ImportDef<unknown>, 'zh-CN');
        expect(sheet.rows.map((r) => [r.row, r.cells.get('code'), r.cells.get('sort')])).toEqual([[2, code, i]]);
      }
    } finally {
      reader._parseStyles = parseStyles;
    }
  });
});
