import { defineRecord, dictionaryRecordFields, filter, stockReasonRecord } from '@headoffice/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { channels, stockBills, stockReasons } from '../src/db/schema.js';
import { listRecords, serveRecord } from '../src/platform/records.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type Client, XLSX } from './helpers.js';
import { ensureReasons, ensureStockMenus, uniq } from './stock-support.js';
import { createLimitedUser } from './users.js';

// The record pattern on one record type, the stock in/out reasons (出入库类型), which serves the
// verbs beyond the dictionaries' (getMaxOrder, getNextCode, list/allNoid, listBypage, a named check,
// checkColname, saveSystem) and every route against every kind of caller.

const B = '/api-stock/dictinout';
const EN = { 'accept-language': 'en-US' };

async function sheet(rows: unknown[][], headers: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('出入库类型');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('record types: the stock reasons served from their definition', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  await ensureStockMenus(t, a);
  await ensureReasons(t, a);
  await ensureReasons(t, b);
  const anon = t.client();
  const reasonsOf = async (client: Client = a.admin) => (await client.get(`${B}/list`, { pageSize: 200 })).body.data.list as any[];
  const create = async (fields: Record<string, unknown> = {}) => {
    const res = await a.admin.post(`${B}/save`, { code: `T${uniq()}`, name: `测试${uniq()}`, direction: 2, ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** What the form sends back of a row. */
  const editable = (r: any) => ({ id: r.id, version: r.version, code: r.code, name: r.name, direction: r.direction, kind: r.kind });
  const upload = (content: Buffer, client: Client = a.admin) => client.upload(`${B}/saveSystem`, content);

  it('getMaxOrder answers the largest sort order in use', async () => {
    const res = await a.admin.get(`${B}/getMaxOrder`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ maxOrder: Math.max(...(await reasonsOf()).map((r) => r.sort)) });
    await create({ sort: 77_777 });
    expect((await a.admin.get(`${B}/getMaxOrder`)).body.data).toEqual({ maxOrder: 77_777 });
  });

  it('getNextCode proposes the next code of the series, and a save with it creates the entry', async () => {
    const rows = await reasonsOf();
    const numbers = rows.map((r) => /^CR(\d+)$/.exec(r.code)).map((m) => (m ? Number(m[1]) : 0));
    const res = await a.admin.get(`${B}/getNextCode`);
    expect(res.status).toBe(200);
    expect(res.body.data).toBe(`CR${String(Math.max(0, ...numbers) + 1).padStart(3, '0')}`);
    const created = await create({ code: res.body.data });
    expect(created.code).toBe(res.body.data);
    expect((await a.admin.get(`${B}/getNextCode`)).body.data).toBe(`CR${String(Math.max(0, ...numbers) + 2).padStart(3, '0')}`);
  });

  it('list/allNoid holds the enabled entries of list/all without their ids, narrowed like it', async () => {
    const all = (await a.admin.get(`${B}/list/all`, { direction: 1 })).body.data as any[];
    const noid = await a.admin.get(`${B}/list/allNoid`, { direction: 1 });
    expect(noid.status).toBe(200);
    expect(noid.body.data.map((r: any) => r.code)).toEqual(all.map((r) => r.code));
    expect(noid.body.data.length).toBeGreaterThan(0);
    for (const r of noid.body.data) {
      expect(r).not.toHaveProperty('id');
      expect(r.direction).toBe(1);
    }
  });

  it('listBypage pages and filters like list (declared filters: direction, kind, keyword, status)', async () => {
    const outs = await a.admin.get(`${B}/listBypage`, { direction: 2, pageSize: 200 });
    expect(outs.status).toBe(200);
    const list = outs.body.data.list as any[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.direction === 2)).toBe(true);
    expect(outs.body.data.total).toBe((await a.admin.get(`${B}/list`, { direction: 2, pageSize: 200 })).body.data.total);
    const transfers = (await a.admin.get(`${B}/listBypage`, { kind: 'transfer', pageSize: 200 })).body.data.list as any[];
    expect(transfers.map((r) => r.kind)).toEqual(transfers.map(() => 'transfer'));
    expect(transfers.length).toBe(2);
    const byKeyword = (await a.admin.get(`${B}/listBypage`, { keyword: '报损' })).body.data.list as any[];
    expect(byKeyword.map((r) => r.name)).toEqual(['报损']);
    const bad = await a.admin.get(`${B}/listBypage`, { kind: 'nonsense' }, EN);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].path).toBe('kind');
  });

  it('export writes the filtered list, options by their labels, in the request language', async () => {
    const res = await a.admin.get(`${B}/export`, { direction: 2, kind: 'loss' }, EN);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Stock in-out reasons');
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Code', 'Name', 'Direction', 'Kind', 'Sort', 'Status', 'Memo']);
    const rows = (await a.admin.get(`${B}/list`, { direction: 2, kind: 'loss' })).body.data.list as any[];
    expect(ws.rowCount).toBe(rows.length + 1);
    expect((ws.getRow(2).values as unknown[]).slice(1, 5)).toEqual([rows[0].code, rows[0].name, 'Out', 'Loss']);
  });

  it('updateStatus disables and enables several entries at once; an id of another tenant changes nothing (404)', async () => {
    const one = await create();
    const two = await create();
    const off = await a.admin.post(`${B}/updateStatus`, { ids: [one.id, two.id], status: 0 });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ updated: 2 });
    const all = ((await a.admin.get(`${B}/list/all`)).body.data as any[]).map((r) => r.id);
    expect(all).not.toContain(one.id);
    expect(all).not.toContain(two.id);

    const foreign = (await reasonsOf(b.admin))[0];
    const mixed = await a.admin.post(`${B}/updateStatus`, { ids: [one.id, foreign.id], status: 1 });
    expect(mixed.status).toBe(404);
    expect((await a.admin.get(`${B}/${one.id}`)).body.data.status).toBe(0);
    expect((await b.admin.get(`${B}/${foreign.id}`)).body.data.status).toBe(foreign.status);

    const on = await a.admin.post(`${B}/updateStatus`, { ids: [one.id], status: 1 });
    expect(on.body.data).toEqual({ updated: 1 });
    expect((await a.admin.get(`${B}/${one.id}`)).body.data.status).toBe(1);
  });

  it('checkCode checks the format and that no other entry has the code; checkColname any column', async () => {
    const mine = await create();
    expect((await a.admin.get(`${B}/checkCode`, { code: mine.code })).body.data).toEqual({ free: false });
    expect((await a.admin.get(`${B}/checkCode`, { code: mine.code, id: mine.id })).body.data).toEqual({ free: true });
    expect((await a.admin.post(`${B}/checkCode?code=N${uniq()}`)).body.data).toEqual({ free: true });
    // Another tenant's codes do not count.
    expect((await b.admin.get(`${B}/checkCode`, { code: mine.code })).body.data).toEqual({ free: true });
    const tooLong = await a.admin.get(`${B}/checkCode`, { code: 'X'.repeat(33) }, EN);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.[0].path).toBe('code');

    expect((await a.admin.get(`${B}/checkColname`, { colname: 'name', value: mine.name })).body.data).toEqual({ free: false });
    expect((await a.admin.get(`${B}/checkColname`, { colname: 'name', value: `无${uniq()}` })).body.data).toEqual({ free: true });
    expect((await a.admin.get(`${B}/checkColname`, { colname: 'sort', value: String(mine.sort) })).body.data).toEqual({ free: false });
    expect((await a.admin.get(`${B}/checkColname`, { colname: 'sort', value: 'abc' })).body.data).toEqual({ free: true });
    const unknown = await a.admin.get(`${B}/checkColname`, { colname: 'tenantId', value: '1' }, EN);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]).toMatchObject({ path: 'colname', message: 'There is no field named "tenantId"' });
  });

  it('saveSystem imports the template all or nothing: problems by row and column, nothing stored', async () => {
    const template = await a.admin.get(`${B}/excelTemplate`, undefined, EN);
    expect(template.status).toBe(200);
    expect(String(template.headers['content-type'])).toContain(XLSX);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.raw as unknown as ExcelJS.Buffer);
    const headers = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toEqual(['*Code', '*Name', '*Direction', '*Kind', 'Sort', 'Status', 'Memo']);

    const prefix = `I${uniq()}`;
    const before = (await reasonsOf()).length;
    const bad = await upload(
      await sheet(
        [
          [`${prefix}1`, '入库甲', '入库', '采购', 5, '启用', ''],
          [`${prefix}1`, '出库乙', '侧向', '其他', 6, '启用', ''],
        ],
        ['编码', '名称', '方向', '用途', '排序', '状态', '备注'],
      ),
    );
    expect(bad.status).toBe(400);
    const problems = bad.body.data.errors as { row: number; column: string }[];
    expect(problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ row: 3, column: '编码' }), expect.objectContaining({ row: 3, column: '方向' })]),
    );
    expect((await reasonsOf()).length).toBe(before);

    const good = await upload(
      await sheet(
        [
          [`${prefix}1`, '入库甲', '入库', '采购', 5, '启用', '导入'],
          [`${prefix}2`, '出库乙', 'Out', 'loss', 6, '停用', ''],
        ],
        ['编码', '名称', '方向', '用途', '排序', '状态', '备注'],
      ),
    );
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data).toEqual({ imported: 2 });
    const imported = (await a.admin.get(`${B}/list`, { keyword: prefix })).body.data.list as any[];
    expect(imported.map((r) => [r.code, r.direction, r.kind, r.sort, r.status, r.memo])).toEqual([
      [`${prefix}1`, 1, 'purchase', 5, 1, '导入'],
      [`${prefix}2`, 2, 'loss', 6, 0, null],
    ]);
  });

  describe('every route against every caller', async () => {
    const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as any[];
    const viewer = await createLimitedUser(t, a, { perms: ['stock.reason.view'] });
    const outsider = await createLimitedUser(t, a, { perms: ['org.shop.view'], managerShops: [shops[0].id] });
    const oneShop = await createLimitedUser(t, a, {
      perms: ['stock.reason.view', 'stock.reason.edit'],
      managerShops: [shops[0].id],
      loginShops: [shops[0].id],
    });
    const foreign = (await reasonsOf(b.admin))[0];
    const mine = await create();
    const reads: [string, Record<string, unknown>?][] = [
      [`${B}/list`],
      [`${B}/listBypage`],
      [`${B}/getMaxId`],
      [`${B}/getMaxOrder`],
      [`${B}/getNextCode`],
      [`${B}/checkCode`, { code: 'CR001' }],
      [`${B}/checkColname`, { colname: 'code', value: 'CR001' }],
      [`${B}/${mine.id}`],
      [`${B}/export`],
      [`${B}/excelTemplate`],
    ];

    it('401 without a token on every route', async () => {
      for (const [url, query] of reads) expect((await anon.get(url, query)).status, url).toBe(401);
      expect((await anon.get(`${B}/list/all`)).status).toBe(401);
      expect((await anon.post(`${B}/save`, { code: 'X', name: 'x', direction: 1 })).status).toBe(401);
      expect((await anon.post(`${B}/updateStatus`, { ids: [mine.id], status: 0 })).status).toBe(401);
      expect((await anon.del(`${B}/${mine.id}`)).status).toBe(401);
      expect((await upload(Buffer.from('x'), anon)).status).toBe(401);
    });

    it('403 without the right: reads need stock.reason.view, writes stock.reason.edit; pickers are open', async () => {
      for (const [url, query] of reads) expect((await outsider.client.get(url, query)).status, url).toBe(403);
      expect((await outsider.client.get(`${B}/list/all`)).status).toBe(200);
      expect((await outsider.client.get(`${B}/list/allNoid`)).status).toBe(200);
      for (const [url, query] of reads.filter(([u]) => !u.endsWith('excelTemplate')))
        expect((await viewer.client.get(url, query)).status, url).toBe(200);
      expect((await viewer.client.post(`${B}/save`, { code: `V${uniq()}`, name: 'v', direction: 1 })).status).toBe(403);
      expect((await viewer.client.post(`${B}/updateStatus`, { ids: [mine.id], status: 0 })).status).toBe(403);
      expect((await viewer.client.del(`${B}/${mine.id}`)).status).toBe(403);
      expect((await upload(Buffer.from('x'), viewer.client)).status).toBe(403);
      expect((await a.admin.get(`${B}/${mine.id}`)).body.data.status).toBe(1);
    });

    it('404 for another tenant’s entry on read, save, status and delete; it stays as it was', async () => {
      expect((await a.admin.get(`${B}/${foreign.id}`)).status).toBe(404);
      expect(
        (await a.admin.post(`${B}/save`, { id: foreign.id, code: foreign.code, name: '改名', direction: foreign.direction })).status,
      ).toBe(404);
      expect((await a.admin.post(`${B}/updateStatus`, { ids: [foreign.id], status: 0 })).status).toBe(404);
      expect((await a.admin.del(`${B}/${foreign.id}`)).status).toBe(404);
      expect((await b.admin.get(`${B}/${foreign.id}`)).body.data).toMatchObject({ name: foreign.name, status: foreign.status });
    });

    it('400 with a message for a bad body; 409 for a taken code, a stale version and a reason in use', async () => {
      const bad = await a.admin.post(`${B}/save`, { code: '', name: 'x', direction: 3 }, EN);
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.map((e) => e.path).sort()).toEqual(['code', 'direction']);
      expect(bad.body.errors?.every((e) => e.message.length > 0)).toBe(true);
      expect((await a.admin.post(`${B}/save`, { code: mine.code, name: 'dup', direction: 1 })).status).toBe(409);
      const stale = await a.admin.post(`${B}/save`, { ...editable(mine), version: mine.version + 5, name: '过期' });
      expect(stale.status).toBe(409);
      const [used] = await inTenant(t.database.db, a.tenantId, (tx) =>
        tx.select({ reasonId: stockBills.reasonId }).from(stockBills).where(eq(stockBills.tenantId, a.tenantId)).limit(1),
      );
      const inUse = await a.admin.del(`${B}/${used.reasonId}`);
      expect(inUse.status).toBe(409);
      expect((await a.admin.get(`${B}/${used.reasonId}`)).status).toBe(200);
      const unused = await create();
      expect((await a.admin.del(`${B}/${unused.id}`)).status).toBe(200);
      expect((await a.admin.get(`${B}/${unused.id}`)).status).toBe(404);
    });

    it('a user limited to one shop reads and edits the chain’s reasons: they belong to no shop', async () => {
      const rows = await reasonsOf(oneShop.client);
      expect(rows.map((r) => r.id).sort()).toEqual((await reasonsOf()).map((r) => r.id).sort());
      const current = (await a.admin.get(`${B}/${mine.id}`)).body.data;
      const saved = await oneShop.client.post(`${B}/save`, { ...editable(current), memo: '门店用户改' });
      expect(saved.status).toBe(200);
      expect(saved.body.data.memo).toBe('门店用户改');
      expect((await oneShop.client.get(`${B}/${foreign.id}`)).status).toBe(404);
    });
  });

  it('declared filters: in (a comma list), range (two query keys) and a condition the module names', async () => {
    const probe = defineRecord({
      resource: 'probe',
      basePath: '/probe',
      label: ['探针', 'Probe'],
      perm: 'stock.reason',
      codePrefix: 'P',
      fields: dictionaryRecordFields({ kind: { schema: z.string(), label: ['用途', 'Kind'] } }),
      filters: {
        kinds: filter.in('kind', z.string()),
        sortBetween: filter.range('sort', z.coerce.number().int(), ['sortFrom', 'sortTo']),
        outsOnly: filter.named(z.coerce.number().int().min(1).max(1), ['仅出库', 'Outs only']),
      },
      verbs: ['list'],
    });
    const served = serveRecord(probe, { table: stockReasons, conditions: { outsOnly: () => eq(stockReasons.direction, 2) } });
    const list = (query: Record<string, unknown>) =>
      inTenant(
        t.database.db,
        a.tenantId,
        async (tx) => (await listRecords(tx, served, probe.listQuery.parse({ pageSize: 200, ...query }))).list,
      );
    const all = await reasonsOf();
    const codes = (rows: any[]) => rows.map((r) => r.code).sort();
    expect(codes(await list({ kinds: 'loss,count' }))).toEqual(codes(all.filter((r) => ['loss', 'count'].includes(r.kind))));
    expect(codes(await list({ sortFrom: 20, sortTo: 40 }))).toEqual(codes(all.filter((r) => r.sort >= 20 && r.sort <= 40)));
    expect(codes(await list({ outsOnly: 1, sortTo: 80 }))).toEqual(codes(all.filter((r) => r.direction === 2 && r.sort <= 80)));
    expect(probe.listQuery.safeParse({ kinds: '' }).success).toBe(false);
  });

  it('tsc refuses a table that lacks a column of a declared field', async () => {
    // @ts-expect-error: channels has no direction or kind column
    const wrong = serveRecord(stockReasonRecord, { table: channels });
    const right = serveRecord(stockReasonRecord, { table: stockReasons });
    expect(right.table).toBe(stockReasons);
    expect(wrong.def).toBe(stockReasonRecord);
  });
});
