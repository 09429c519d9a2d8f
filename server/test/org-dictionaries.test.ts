import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { type Answer, build, type Client } from './helpers.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const uniq = () => randomBytes(3).toString('hex').toUpperCase();

function expect400(res: Answer, path: string) {
  expect(res.status).toBe(400);
  expect(res.body.resp_code).toBe('400');
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
}

/** The next free code after the largest `<prefix><number>` among `codes`. */
function expectedNext(prefix: string, codes: string[]) {
  const re = new RegExp(`^${prefix}(\\d+)$`);
  const max = Math.max(
    0,
    ...codes
      .map((c) => re.exec(c))
      .filter((m) => m !== null)
      .map((m) => Number(m[1])),
  );
  return `${prefix}${String(max + 1).padStart(3, '0')}`;
}

interface DictCase {
  resource: string;
  prefix: string;
  statusRoute: boolean;
  /** Fields beyond code/name the save needs (given the tenant's admin client). */
  extra?: (admin: Client) => Promise<Record<string, unknown>>;
}

const firstPositionId = async (admin: Client) => (await admin.get('/api-chain/position/list/all')).body.data[0].id as number;

const cases: DictCase[] = [
  { resource: 'branch', prefix: 'BM', statusRoute: true },
  { resource: 'position', prefix: 'ZW', statusRoute: true },
  { resource: 'positionlevel', prefix: 'ZJ', statusRoute: true, extra: async (admin) => ({ positionId: await firstPositionId(admin) }) },
  { resource: 'servicetype', prefix: 'FL', statusRoute: true },
  { resource: 'productcategory', prefix: 'CP', statusRoute: true },
  { resource: 'packagetype', prefix: 'TC', statusRoute: true },
  { resource: 'distchannel', prefix: 'FX', statusRoute: false },
  { resource: 'dictstatus', prefix: 'ZT', statusRoute: false },
  { resource: 'dictgrade', prefix: 'DJ', statusRoute: false, extra: async () => ({ discount: 88 }) },
];

describe('org dictionaries', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const adminId = (await a.admin.get('/api-user/me')).body.data.user.id as number;
  const anon = t.client();

  for (const c of cases) {
    const B = `/api-chain/${c.resource}`;
    const extra = async (admin: Client = a.admin) => (c.extra ? c.extra(admin) : {});
    const create = async (fields: Record<string, unknown> = {}, admin: Client = a.admin) => {
      const res = await admin.post(`${B}/save`, { code: `X${uniq()}`, name: `测试${uniq()}`, ...(await extra(admin)), ...fields });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };

    describe(c.resource, () => {
      it('list pages, filters by keyword and status, sorts; list/all holds the enabled entries', async () => {
        const full = await a.admin.get(`${B}/list`, { pageSize: 200 });
        expect(full.status).toBe(200);
        expect(full.body.resp_code).toBe('200');
        const rows = full.body.data.list as any[];
        expect(full.body.data).toMatchObject({ total: rows.length, page: 1, pageSize: 200 });
        expect(rows.length).toBeGreaterThanOrEqual(3);
        for (const r of rows) {
          expect(r).toMatchObject({
            id: expect.any(Number),
            code: expect.any(String),
            name: expect.any(String),
            version: expect.any(Number),
          });
          expect([0, 1]).toContain(r.status);
          expect(r).not.toHaveProperty('tenantId');
        }

        const page2 = await a.admin.get(`${B}/list`, { page: 2, pageSize: 2 });
        expect(page2.body.data).toMatchObject({ total: rows.length, page: 2, pageSize: 2 });
        expect(page2.body.data.list.map((r: any) => r.id)).toEqual(rows.slice(2, 4).map((r) => r.id));

        const target = rows[1];
        const byKeyword = await a.admin.get(`${B}/list`, { keyword: target.name });
        expect(byKeyword.body.data.list.map((r: any) => r.id)).toContain(target.id);
        for (const r of byKeyword.body.data.list) expect(`${r.code}|${r.name}`).toContain(target.name);

        const sorted = await a.admin.get(`${B}/list`, { pageSize: 200, sort: '-code' });
        const codes = sorted.body.data.list.map((r: any) => r.code);
        expect(codes).toEqual([...codes].sort().reverse());

        const disabled = await create({ status: 0 });
        const enabledOnly = await a.admin.get(`${B}/list`, { pageSize: 200, status: 1 });
        expect(enabledOnly.body.data.list.every((r: any) => r.status === 1)).toBe(true);
        const disabledOnly = await a.admin.get(`${B}/list`, { pageSize: 200, status: 0 });
        expect(disabledOnly.body.data.list.map((r: any) => r.id)).toContain(disabled.id);

        const all = await a.admin.get(`${B}/list/all`);
        expect(all.status).toBe(200);
        expect(Array.isArray(all.body.data)).toBe(true);
        expect(all.body.data.map((r: any) => r.id).sort()).toEqual(enabledOnly.body.data.list.map((r: any) => r.id).sort());
        expect(all.body.data.map((r: any) => r.id)).not.toContain(disabled.id);
      });

      it('getMaxId suggests the next code, a save with it creates the entry, GET /:id reads it back and the write is audited', async () => {
        const list = await a.admin.get(`${B}/list`, { pageSize: 200 });
        const maxId = await a.admin.get(`${B}/getMaxId`);
        expect(maxId.status).toBe(200);
        const next = expectedNext(
          c.prefix,
          list.body.data.list.map((r: any) => r.code),
        );
        expect(maxId.body.data.nextCode).toBe(next);
        expect(maxId.body.data.maxId).toBe(Math.max(...list.body.data.list.map((r: any) => r.id)));

        const fields = { code: next, name: `新建${uniq()}`, sort: 7, memo: '测试备注', ...(await extra()) };
        const saved = await a.admin.post(`${B}/save`, fields);
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        expect(saved.body.data).toMatchObject({ ...fields, status: 1, version: 1, id: expect.any(Number) });

        const again = await a.admin.get(`${B}/getMaxId`);
        expect(again.body.data.nextCode).toBe(expectedNext(c.prefix, [next]));
        expect(again.body.data.maxId).toBe(saved.body.data.id);

        const one = await a.admin.get(`${B}/${saved.body.data.id}`);
        expect(one.status).toBe(200);
        expect(one.body.data).toEqual(saved.body.data);

        const audit = await inTenant(t.database.db, a.tenantId, (tx) =>
          tx
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entity, c.resource), eq(auditLog.entityId, saved.body.data.id))),
        );
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({ userId: adminId, username: 'admin', action: `POST ${B}/save` });
        expect((audit[0].detail as any).body.code).toBe(next);
      });

      it('updates with the current version, refuses a stale version (409) and ids of another tenant (404)', async () => {
        const row = await create();
        const updated = await a.admin.post(`${B}/save`, {
          id: row.id,
          version: row.version,
          code: row.code,
          name: '改过的名称',
          ...(await extra()),
        });
        expect(updated.status).toBe(200);
        expect(updated.body.data).toMatchObject({ id: row.id, name: '改过的名称', version: row.version + 1 });

        const stale = await a.admin.post(`${B}/save`, {
          id: row.id,
          version: row.version,
          code: row.code,
          name: '再改',
          ...(await extra()),
        });
        expect(stale.status).toBe(409);
        expect(stale.body.resp_code).toBe('409');
        expect((await a.admin.get(`${B}/${row.id}`)).body.data.name).toBe('改过的名称');

        const foreign = (await b.admin.get(`${B}/list`, { pageSize: 1 })).body.data.list[0];
        expect((await a.admin.get(`${B}/${foreign.id}`)).status).toBe(404);
        const foreignSave = await a.admin.post(`${B}/save`, { id: foreign.id, code: foreign.code, name: 'x', ...(await extra()) });
        expect(foreignSave.status).toBe(404);
        expect(foreignSave.body.resp_code).toBe('404');
        expect((await a.admin.del(`${B}/${foreign.id}`)).status).toBe(404);
        expect((await b.admin.get(`${B}/${foreign.id}`)).body.data.name).toBe(foreign.name);
      });

      it('answers 400 naming the field: missing name, unknown field, wrong type, bad id', async () => {
        const missing = await a.admin.post(`${B}/save`, { code: `X${uniq()}`, ...(await extra()) });
        expect400(missing, 'name');
        const blank = await a.admin.post(`${B}/save`, { code: `X${uniq()}`, name: '   ', ...(await extra()) });
        expect400(blank, 'name');
        const unknown = await a.admin.post(`${B}/save`, { code: `X${uniq()}`, name: 'x', bogusField: 1, ...(await extra()) });
        expect(unknown.status).toBe(400);
        expect(unknown.body.errors?.some((e) => e.message.includes('bogusField'))).toBe(true);
        const tenantId = await a.admin.post(`${B}/save`, { code: `X${uniq()}`, name: 'x', tenantId: b.tenantId, ...(await extra()) });
        expect(tenantId.status).toBe(400);
        expect(tenantId.body.errors?.some((e) => e.message.includes('tenantId'))).toBe(true);
        expect400(await a.admin.post(`${B}/save`, { code: 12, name: 'x', ...(await extra()) }), 'code');
        expect400(await a.admin.post(`${B}/save`, { code: `X${uniq()}`, name: 'x', status: 2, ...(await extra()) }), 'status');
        expect400(await a.admin.get(`${B}/abc`), 'params.id');
        expect400(await a.admin.del(`${B}/abc`), 'params.id');
        expect400(await a.admin.get(`${B}/list`, { pageSize: 500 }), 'pageSize');
      });

      it('answers 401 without a token', async () => {
        for (const res of [
          await anon.get(`${B}/list`),
          await anon.get(`${B}/list/all`),
          await anon.post(`${B}/save`, { code: 'X', name: 'x' }),
        ]) {
          expect(res.status).toBe(401);
          expect(res.body.resp_code).toBe('401');
        }
      });

      it('answers 409 naming the code when the code is taken', async () => {
        const row = await create();
        const dup = await a.admin.post(`${B}/save`, { code: row.code, name: '重复', ...(await extra()) });
        expect(dup.status).toBe(409);
        expect(dup.body.resp_code).toBe('409');
        expect(dup.body.resp_msg).toContain(row.code);
      });

      if (c.statusRoute) {
        it('updateStatus disables and enables entries; disabled ones leave list/all', async () => {
          const row = await create();
          const off = await a.admin.post(`${B}/updateStatus`, { ids: [row.id], status: 0 });
          expect(off.status).toBe(200);
          expect(off.body.data).toEqual({ updated: 1 });
          expect((await a.admin.get(`${B}/${row.id}`)).body.data).toMatchObject({ status: 0, version: row.version + 1 });
          expect((await a.admin.get(`${B}/list/all`)).body.data.map((r: any) => r.id)).not.toContain(row.id);
          const on = await a.admin.post(`${B}/updateStatus`, { ids: [row.id], status: 1 });
          expect(on.body.data).toEqual({ updated: 1 });
          expect((await a.admin.get(`${B}/list/all`)).body.data.map((r: any) => r.id)).toContain(row.id);

          expect400(await a.admin.post(`${B}/updateStatus`, { ids: [], status: 0 }), 'ids');
          expect400(await a.admin.post(`${B}/updateStatus`, { ids: [row.id], status: 5 }), 'status');
          const foreign = (await b.admin.get(`${B}/list/all`)).body.data[0];
          expect((await a.admin.post(`${B}/updateStatus`, { ids: [foreign.id], status: 0 })).status).toBe(404);
          expect((await b.admin.get(`${B}/${foreign.id}`)).body.data.status).toBe(1);
        });
      } else {
        it('has no updateStatus route; status is saved with the form and disabled entries leave list/all', async () => {
          const row = await create({ status: 0 });
          expect(row.status).toBe(0);
          expect((await a.admin.get(`${B}/list/all`)).body.data.map((r: any) => r.id)).not.toContain(row.id);
          expect((await a.admin.post(`${B}/updateStatus`, { ids: [row.id], status: 1 })).status).toBe(404);
        });
      }

      it('deletes an unused entry; it is gone afterwards', async () => {
        const row = await create();
        const del = await a.admin.del(`${B}/${row.id}`);
        expect(del.status).toBe(200);
        expect(del.body.data).toEqual({ id: row.id });
        expect((await a.admin.get(`${B}/${row.id}`)).status).toBe(404);
        expect((await a.admin.del(`${B}/${row.id}`)).status).toBe(404);
        const list = await a.admin.get(`${B}/list`, { pageSize: 200 });
        expect(list.body.data.list.map((r: any) => r.id)).not.toContain(row.id);
      });

      it('exports the filtered list as xlsx', async () => {
        const row = await create({ name: `导出${uniq()}` });
        const res = await a.admin.get(`${B}/export`, { keyword: row.name });
        expect(res.status).toBe(200);
        expect(String(res.headers['content-type'])).toContain(XLSX);
        expect(res.raw.length).toBeGreaterThan(100);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(res.raw as any);
        const sheet = workbook.worksheets[0];
        expect(sheet.getRow(1).getCell(1).value).toBe('编码');
        expect(sheet.rowCount).toBe(2);
        expect(sheet.getRow(2).getCell(1).value).toBe(row.code);
        expect(sheet.getRow(2).getCell(2).value).toBe(row.name);
        const en = await a.admin.get(`${B}/export`, { keyword: row.name }, EN);
        const enBook = new ExcelJS.Workbook();
        await enBook.xlsx.load(en.raw as any);
        expect(enBook.worksheets[0].getRow(1).getCell(1).value).toBe('Code');
        expect((await anon.get(`${B}/export`)).status).toBe(401);
      });
    });
  }

  describe('messages follow Accept-Language', () => {
    it('400 in Chinese by default and in English with en-US', async () => {
      const zh = await a.admin.post('/api-chain/branch/save', { code: 'X1' });
      expect400(zh, 'name');
      expect(zh.body.resp_msg).toBe('提交的内容有误，请检查标出的字段');
      const en = await a.admin.post('/api-chain/branch/save', { code: 'X1' }, EN);
      expect400(en, 'name');
      expect(en.body.resp_msg).toBe('Some fields are not valid; please check the marked fields');
      expect(en.body.errors?.[0].message).toMatch(/[a-z]/i);
      expect(en.body.errors?.[0].message).not.toMatch(/[\u4e00-\u9fff]/);
    });

    it('409 (referenced) in Chinese by default and in English with en-US', async () => {
      const position = (await a.admin.post('/api-chain/position/save', { code: `X${uniq()}`, name: `职位${uniq()}` })).body.data;
      const level = (
        await a.admin.post('/api-chain/positionlevel/save', { code: `X${uniq()}`, name: `职级${uniq()}`, positionId: position.id })
      ).body.data;
      const zh = await a.admin.del(`/api-chain/position/${position.id}`);
      expect(zh.status).toBe(409);
      expect(zh.body.resp_msg).toBe(`不能删除：正被职级“${level.name}”使用`);
      const en = await a.admin.del(`/api-chain/position/${position.id}`, EN);
      expect(en.status).toBe(409);
      expect(en.body.resp_msg).toBe(`Cannot delete: it is used by position levels "${level.name}"`);
    });

    it('409 (duplicate code) in Chinese by default and in English with en-US', async () => {
      const row = (await a.admin.post('/api-chain/servicetype/save', { code: `X${uniq()}`, name: '服务' })).body.data;
      const zh = await a.admin.post('/api-chain/servicetype/save', { code: row.code, name: '服务2' });
      expect(zh.status).toBe(409);
      expect(zh.body.resp_msg).toContain(row.code);
      expect(zh.body.resp_msg).toContain('已存在');
      const en = await a.admin.post('/api-chain/servicetype/save', { code: row.code, name: '服务2' }, EN);
      expect(en.status).toBe(409);
      expect(en.body.resp_msg).toContain(row.code);
      expect(en.body.resp_msg).toContain('already exists');
    });
  });

  describe('permissions', () => {
    it('a user with only org.shop.view cannot read or write dictionaries; a viewer cannot write', async () => {
      const shop = (await a.admin.get('/api-chain/shop', { pageSize: 1 })).body.data.list[0];
      const shopOnly = await createLimitedUser(t, a, { perms: ['org.shop.view'], managerShops: [shop.id] });
      const denied = await shopOnly.client.get('/api-chain/branch/list');
      expect(denied.status).toBe(403);
      expect(denied.body.resp_code).toBe('403');
      expect((await shopOnly.client.get('/api-chain/branch/getMaxId')).status).toBe(403);
      expect((await shopOnly.client.post('/api-chain/branch/save', { code: `X${uniq()}`, name: 'x' })).status).toBe(403);
      // pickers stay open to every signed-in user
      expect((await shopOnly.client.get('/api-chain/branch/list/all')).status).toBe(200);

      const viewer = await createLimitedUser(t, a, { perms: ['org.dict.branch.view'] });
      const list = await viewer.client.get('/api-chain/branch/list');
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBeGreaterThan(0);
      const id = list.body.data.list.find((r: any) => r.status === 1).id;
      expect((await viewer.client.get(`/api-chain/branch/${id}`)).status).toBe(200);
      const save = await viewer.client.post('/api-chain/branch/save', { code: `X${uniq()}`, name: 'x' });
      expect(save.status).toBe(403);
      expect((await viewer.client.del(`/api-chain/branch/${id}`)).status).toBe(403);
      expect((await viewer.client.post('/api-chain/branch/updateStatus', { ids: [id], status: 0 })).status).toBe(403);
      expect((await a.admin.get(`/api-chain/branch/${id}`)).body.data.status).toBe(1);
    });
  });

  describe('positions and levels', () => {
    const makePosition = async () => {
      const position = (await a.admin.post('/api-chain/position/save', { code: `P${uniq()}`, name: `职位${uniq()}` })).body.data;
      const levels = [];
      for (const [i, status] of [1, 1, 0].entries()) {
        const res = await a.admin.post('/api-chain/positionlevel/save', {
          code: `L${uniq()}`,
          name: `职级${i}-${uniq()}`,
          positionId: position.id,
          sort: i,
          status,
        });
        expect(res.status).toBe(200);
        levels.push(res.body.data);
      }
      return { position, levels };
    };

    it('a level shows its position name; the list filters by positionId', async () => {
      const { position, levels } = await makePosition();
      expect(levels[0]).toMatchObject({ positionId: position.id, positionName: position.name });
      const list = await a.admin.get('/api-chain/positionlevel/list', { positionId: position.id });
      expect(list.body.data.total).toBe(3);
      expect(list.body.data.list.map((l: any) => l.id)).toEqual(levels.map((l) => l.id));
    });

    it('listByPscode answers the enabled levels of the position with that code', async () => {
      const { position, levels } = await makePosition();
      const res = await a.admin.get('/api-chain/positionlevel/list/listByPscode', { pscode: position.code });
      expect(res.status).toBe(200);
      expect(res.body.data.map((l: any) => l.id)).toEqual([levels[0].id, levels[1].id]);
      expect(res.body.data.every((l: any) => l.positionId === position.id && l.positionName === position.name)).toBe(true);
      expect400(await a.admin.get('/api-chain/positionlevel/list/listByPscode', { pscode: `NOPE${uniq()}` }), 'pscode');
      expect400(await a.admin.get('/api-chain/positionlevel/list/listByPscode'), 'pscode');
      const foreign = (await b.admin.get('/api-chain/position/list/all')).body.data[0];
      const other = await a.admin.get('/api-chain/positionlevel/list/listByPscode', { pscode: `${foreign.code}` });
      // the demo codes exist in both tenants: the answer must be this tenant's levels only
      expect(other.status).toBe(200);
      const ownPosition = (await a.admin.get('/api-chain/position/list/all')).body.data.find((p: any) => p.code === foreign.code);
      expect(other.body.data.every((l: any) => l.positionId === ownPosition.id)).toBe(true);
      expect((await anon.get('/api-chain/positionlevel/list/listByPscode', { pscode: position.code })).status).toBe(401);
    });

    it('list/position answers enabled positions, each with its enabled levels', async () => {
      const { position, levels } = await makePosition();
      const disabled = (await a.admin.post('/api-chain/position/save', { code: `P${uniq()}`, name: '停用职位', status: 0 })).body.data;
      const res = await a.admin.get('/api-chain/position/list/position');
      expect(res.status).toBe(200);
      const mine = res.body.data.find((p: any) => p.id === position.id);
      expect(mine).toMatchObject({ code: position.code, name: position.name });
      expect(mine.levels.map((l: any) => l.id)).toEqual([levels[0].id, levels[1].id]);
      expect(res.body.data.map((p: any) => p.id)).not.toContain(disabled.id);
      for (const p of res.body.data) for (const l of p.levels) expect(l.positionId).toBe(p.id);
      expect((await anon.get('/api-chain/position/list/position')).status).toBe(401);
    });

    it('a level needs a position of this tenant', async () => {
      const foreign = (await b.admin.get('/api-chain/position/list/all')).body.data[0];
      expect400(
        await a.admin.post('/api-chain/positionlevel/save', { code: `L${uniq()}`, name: 'x', positionId: foreign.id }),
        'positionId',
      );
      expect400(await a.admin.post('/api-chain/positionlevel/save', { code: `L${uniq()}`, name: 'x' }), 'positionId');
    });

    it('a position used by a level cannot be deleted (409 names the level); once the levels are gone it can', async () => {
      const { position, levels } = await makePosition();
      const res = await a.admin.del(`/api-chain/position/${position.id}`);
      expect(res.status).toBe(409);
      expect(res.body.resp_code).toBe('409');
      expect(res.body.resp_msg).toContain(levels[0].name);
      for (const l of levels) expect((await a.admin.del(`/api-chain/positionlevel/${l.id}`)).status).toBe(200);
      expect((await a.admin.del(`/api-chain/position/${position.id}`)).status).toBe(200);
    });
  });

  describe('product categories', () => {
    const C = '/api-chain/productcategory';
    const makeFamily = async () => {
      const parent = (await a.admin.post(`${C}/save`, { code: `C${uniq()}`, name: `一级${uniq()}` })).body.data;
      const child1 = (await a.admin.post(`${C}/save`, { code: `C${uniq()}`, name: `二级${uniq()}`, parentId: parent.id, sort: 1 })).body
        .data;
      const child2 = (await a.admin.post(`${C}/save`, { code: `C${uniq()}`, name: `二级${uniq()}`, parentId: parent.id, sort: 2 })).body
        .data;
      return { parent, child1, child2 };
    };

    it('list/allf, list/allfz, tree/all and the api-base aliases agree', async () => {
      const { parent, child1, child2 } = await makeFamily();
      expect(child1).toMatchObject({ parentId: parent.id, parentName: parent.name });

      const allf = (await a.admin.get(`${C}/list/allf`)).body.data as any[];
      expect(allf.length).toBeGreaterThan(0);
      expect(allf.every((r) => r.parentId === null && r.status === 1)).toBe(true);
      expect(allf.map((r) => r.id)).toContain(parent.id);

      const allfz = (await a.admin.get(`${C}/list/allfz`)).body.data as any[];
      expect(allfz.map((r) => r.id)).toEqual(expect.arrayContaining([parent.id, child1.id, child2.id]));
      for (const r of allfz.filter((x) => x.parentId)) expect(r.parentName).toBe(allfz.find((p) => p.id === r.parentId)?.name);
      expect(allfz.filter((r) => !r.parentId).map((r) => r.id)).toEqual(allf.map((r) => r.id));

      const tree = (await a.admin.get(`${C}/tree/all`)).body.data as any[];
      expect(tree.map((n) => n.id)).toEqual(allf.map((r) => r.id));
      const node = tree.find((n) => n.id === parent.id);
      expect(node.children.map((c: any) => c.id)).toEqual([child1.id, child2.id]);
      expect(tree.reduce((n, r) => n + 1 + r.children.length, 0)).toBe(allfz.length);
      for (const root of tree) for (const child of root.children) expect(child).toMatchObject({ parentId: root.id, children: [] });

      expect((await a.admin.get('/api-base/productcategory/tree/all')).body.data).toEqual(tree);
      expect((await a.admin.get('/api-base/productcategory/list/allfz')).body.data).toEqual(allfz);
      expect((await a.admin.get('/api-base/productcategory/list/all')).body.data).toEqual(allfz);
      expect((await a.admin.get(`${C}/list/all`)).body.data).toEqual(allfz);
      for (const url of [`${C}/list/allf`, `${C}/list/allfz`, `${C}/tree/all`, '/api-base/productcategory/tree/all']) {
        expect((await anon.get(url)).status).toBe(401);
      }
    });

    it('listz pages the second level only, filtered by parentId', async () => {
      const { parent, child1, child2 } = await makeFamily();
      const all = await a.admin.get(`${C}/listz`, { pageSize: 200 });
      expect(all.status).toBe(200);
      expect(all.body.data.list.length).toBe(all.body.data.total);
      expect(all.body.data.list.every((r: any) => r.parentId !== null)).toBe(true);
      expect(all.body.data.list.map((r: any) => r.id)).not.toContain(parent.id);
      const mine = await a.admin.get(`${C}/listz`, { parentId: parent.id });
      expect(mine.body.data.total).toBe(2);
      expect(mine.body.data.list.map((r: any) => r.id)).toEqual([child1.id, child2.id]);
      const pageTwo = await a.admin.get(`${C}/listz`, { parentId: parent.id, page: 2, pageSize: 1 });
      expect(pageTwo.body.data.list.map((r: any) => r.id)).toEqual([child2.id]);
      expect400(await a.admin.get(`${C}/listz`, { parentId: 'abc' }), 'parentId');
      expect((await anon.get(`${C}/listz`)).status).toBe(401);
    });

    it('updateStatusz changes second-level categories only', async () => {
      const { parent, child1 } = await makeFamily();
      const off = await a.admin.post(`${C}/updateStatusz`, { ids: [child1.id], status: 0 });
      expect(off.status).toBe(200);
      expect(off.body.data).toEqual({ updated: 1 });
      expect((await a.admin.get(`${C}/${child1.id}`)).body.data.status).toBe(0);
      expect((await a.admin.get(`${C}/list/allfz`)).body.data.map((r: any) => r.id)).not.toContain(child1.id);

      const first = await a.admin.post(`${C}/updateStatusz`, { ids: [parent.id], status: 0 });
      expect(first.status).toBe(404);
      expect((await a.admin.get(`${C}/${parent.id}`)).body.data.status).toBe(1);

      const mixed = await a.admin.post(`${C}/updateStatusz`, { ids: [parent.id, child1.id], status: 1 });
      expect(mixed.body.data).toEqual({ updated: 1 });
      expect((await a.admin.get(`${C}/${parent.id}`)).body.data.status).toBe(1);
      expect((await a.admin.get(`${C}/${child1.id}`)).body.data.status).toBe(1);
      expect400(await a.admin.post(`${C}/updateStatusz`, { ids: [child1.id] }), 'status');
      expect((await anon.post(`${C}/updateStatusz`, { ids: [child1.id], status: 0 })).status).toBe(401);
    });

    it('keeps two levels: a third level, itself as parent, or moving a parent under another are 400 on parentId', async () => {
      const { parent, child1 } = await makeFamily();
      const other = (await a.admin.post(`${C}/save`, { code: `C${uniq()}`, name: '另一个一级' })).body.data;
      const third = await a.admin.post(`${C}/save`, { code: `C${uniq()}`, name: '三级', parentId: child1.id });
      expect400(third, 'parentId');
      expect(third.body.errors?.[0].message).toBe('产品分类最多两级：只能选择一级分类作为上级');
      const self = await a.admin.post(`${C}/save`, { id: other.id, code: other.code, name: other.name, parentId: other.id });
      expect400(self, 'parentId');
      const moveParent = await a.admin.post(`${C}/save`, { id: parent.id, code: parent.code, name: parent.name, parentId: other.id });
      expect400(moveParent, 'parentId');
      const foreign = (await b.admin.get(`${C}/list/allf`)).body.data[0];
      expect400(await a.admin.post(`${C}/save`, { code: `C${uniq()}`, name: 'x', parentId: foreign.id }), 'parentId');
      // a second-level entry may move to another first-level one
      const moved = await a.admin.post(`${C}/save`, { id: child1.id, code: child1.code, name: child1.name, parentId: other.id });
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ parentId: other.id, parentName: other.name });
    });

    it('a category with sub-categories cannot be deleted (409 names a child)', async () => {
      const { parent, child1, child2 } = await makeFamily();
      const res = await a.admin.del(`${C}/${parent.id}`);
      expect(res.status).toBe(409);
      expect([child1.name, child2.name].some((n) => res.body.resp_msg.includes(n))).toBe(true);
      expect((await a.admin.get(`${C}/${parent.id}`)).status).toBe(200);
    });

    it('tree/all keeps first-level categories at the root even when a parent is disabled', async () => {
      const { parent, child1 } = await makeFamily();
      await a.admin.post(`${C}/updateStatus`, { ids: [parent.id], status: 0 });
      const tree = (await a.admin.get(`${C}/tree/all`)).body.data as any[];
      expect(tree.map((n) => n.id)).not.toContain(parent.id);
      expect(tree.map((n) => n.id)).not.toContain(child1.id);
      expect(tree.every((n) => n.parentId === null)).toBe(true);
    });
  });

  describe('package types: deleteType', () => {
    const P = '/api-chain/packagetype';
    it('deletes by GET ?id= and by POST {id}; foreign or bad ids are refused', async () => {
      const one = (await a.admin.post(`${P}/save`, { code: `X${uniq()}`, name: '待删1' })).body.data;
      const two = (await a.admin.post(`${P}/save`, { code: `X${uniq()}`, name: '待删2' })).body.data;
      const byGet = await a.admin.get(`${P}/deleteType`, { id: one.id });
      expect(byGet.status).toBe(200);
      expect(byGet.body.data).toEqual({ id: one.id });
      expect((await a.admin.get(`${P}/${one.id}`)).status).toBe(404);
      const byPost = await a.admin.post(`${P}/deleteType`, { id: two.id });
      expect(byPost.status).toBe(200);
      expect((await a.admin.get(`${P}/${two.id}`)).status).toBe(404);

      const audit = await inTenant(t.database.db, a.tenantId, (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'packagetype'), eq(auditLog.entityId, one.id))),
      );
      expect(audit.map((r) => r.action)).toContain(`GET ${P}/deleteType`);

      const foreign = (await b.admin.get(`${P}/list/all`)).body.data[0];
      expect((await a.admin.get(`${P}/deleteType`, { id: foreign.id })).status).toBe(404);
      expect((await a.admin.post(`${P}/deleteType`, { id: foreign.id })).status).toBe(404);
      expect((await b.admin.get(`${P}/${foreign.id}`)).status).toBe(200);
      expect400(await a.admin.get(`${P}/deleteType`, { id: 'abc' }), 'id');
      expect400(await a.admin.post(`${P}/deleteType`, {}), 'id');
      expect((await anon.get(`${P}/deleteType`, { id: foreign.id })).status).toBe(401);
    });
  });

  describe('member grades: discount', () => {
    const G = '/api-chain/dictgrade';
    it('takes a whole percentage from 1 to 100, default 100', async () => {
      expect400(await a.admin.post(`${G}/save`, { code: `G${uniq()}`, name: 'x', discount: 0 }), 'discount');
      expect400(await a.admin.post(`${G}/save`, { code: `G${uniq()}`, name: 'x', discount: 101 }), 'discount');
      expect400(await a.admin.post(`${G}/save`, { code: `G${uniq()}`, name: 'x', discount: 85.5 }), 'discount');
      expect400(await a.admin.post(`${G}/save`, { code: `G${uniq()}`, name: 'x', discount: '85' }), 'discount');
      const low = await a.admin.post(`${G}/save`, { code: `G${uniq()}`, name: '一折', discount: 1 });
      expect(low.body.data.discount).toBe(1);
      const full = await a.admin.post(`${G}/save`, { code: `G${uniq()}`, name: '原价', discount: 100 });
      expect(full.body.data.discount).toBe(100);
      const dflt = await a.admin.post(`${G}/save`, { code: `G${uniq()}`, name: '默认' });
      expect(dflt.status).toBe(200);
      expect(dflt.body.data.discount).toBe(100);
      const list = await a.admin.get(`${G}/list`, { keyword: low.body.data.code });
      expect(list.body.data.list[0].discount).toBe(1);
    });
  });
});
