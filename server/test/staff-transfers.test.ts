import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { employeeStream, shops as shopsTable } from '../src/db/schema.js';
import { applyDueTransfers } from '../src/modules/staff/employees.js';
import { businessDate } from '../src/platform/numbering.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type Client } from './helpers.js';
import { expect400, expectStatus, foreignTenant } from './staff-support.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const E = '/api-chain/employee';
const S = '/api-pers/employeestream';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const uniq = () => randomBytes(3).toString('hex').toUpperCase();
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('staff: transfers and the employee stream', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await foreignTenant(t);
  const anon = t.client();
  const today = businessDate();
  const apply = (day: string) => applyDueTransfers(t.database.db, { today: day, tenantIds: [a.tenantId] });

  const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as any[];
  const positions = (await a.admin.get('/api-chain/position/list/position')).body.data as any[];
  const branches = (await a.admin.get('/api-chain/branch/list/all')).body.data as any[];
  const stylist = positions.find((p) => p.name === '发型师');
  const assistant = positions.find((p) => p.name === '助理');
  const levelOf = (position: any, name: string) => position.levels.find((l: any) => l.name === name);
  const shop = (code: string) => shops.find((s) => s.code === code);
  const store = branches.find((x) => x.name === '门店事业部');
  const training = branches.find((x) => x.name === '培训部');

  const create = async (fields: Record<string, unknown> = {}, client: Client = a.admin) => {
    const res = await client.post(E, {
      eecode: `T${uniq()}`,
      name: `调动测试${uniq()}`,
      shopId: shop('SH001').id,
      branchId: store.id,
      positionId: stylist.id,
      levelId: levelOf(stylist, '发型师').id,
      entryDate: '2025-03-01',
      ...fields,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const detail = async (id: number) => (await a.admin.get(`${E}/id/${id}`)).body.data;
  const streamOf = async (employeeId: number) => (await a.admin.get(`${S}/chain/streamList`, { employeeId })).body.data.list as any[];
  const transfer = (body: Record<string, unknown>, client: Client = a.admin, headers?: Record<string, string>) =>
    client.post(`${E}/saveTransfer`, body, headers);

  describe('saveTransfer', () => {
    it('applies a transfer dated today at once and describes it', async () => {
      const e = await create();
      const res = await transfer({
        employeeIds: [e.id],
        effectiveDate: today,
        shopId: shop('HZ001').id,
        levelId: levelOf(stylist, '艺术总监').id,
        memo: '支援新店',
      });
      expectStatus(res, 200);
      expect(res.body.data).toMatchObject({ transferred: 1, applied: true, effectiveDate: today });
      expect(await detail(e.id)).toMatchObject({
        shopName: '杭州西湖银泰店',
        positionName: '发型师',
        levelName: '艺术总监',
        branchName: '门店事业部',
        version: 2,
      });
      const rows = await streamOf(e.id);
      expect(rows.map((r) => r.kind)).toEqual(['transfer', 'entry']);
      expect(rows[0]).toMatchObject({
        effectiveDate: today,
        fromShopName: '上海静安旗舰店',
        toShopName: '杭州西湖银泰店',
        fromLevelName: '发型师',
        toLevelName: '艺术总监',
        fromPositionName: '发型师',
        toPositionName: '发型师',
        memo: '支援新店',
        applied: true,
        createdByName: '系统管理员',
      });
      const desc = await a.admin.get(`${S}/getDescById`, { id: rows[0].id });
      expectStatus(desc, 200);
      expect(desc.body.data.description).toBe(`${today} 从 上海静安旗舰店/发型师 调至 杭州西湖银泰店/艺术总监`);
      expect(desc.body.data).toMatchObject({ id: rows[0].id, kind: 'transfer', eecode: e.eecode });
      const en = await a.admin.get(`${S}/getDescById`, { id: rows[0].id }, EN);
      expect(en.body.data.description).toBe(`On ${today}, transferred from 上海静安旗舰店/发型师 to 杭州西湖银泰店/艺术总监`);
      const entry = await a.admin.get(`${S}/getDescById`, { id: rows[1].id });
      expect(entry.body.data.description).toBe('2025-03-01 入职 上海静安旗舰店/门店事业部/发型师');

      // A date in the past also applies at once.
      const back = await transfer({ employeeIds: [e.id], effectiveDate: addDays(today, -3), branchId: training.id });
      expect(back.body.data.applied).toBe(true);
      expect((await detail(e.id)).branchName).toBe('培训部');
      const branchRow = (await streamOf(e.id)).find((r) => r.toBranchName === '培训部');
      const branchDesc = (await a.admin.get(`${S}/getDescById`, { id: branchRow.id })).body.data.description;
      expect(branchDesc).toBe(`${addDays(today, -3)} 从 杭州西湖银泰店/门店事业部 调至 杭州西湖银泰店/培训部`);
    });

    it('keeps a future transfer pending until its day, then applies it once', async () => {
      const e = await create();
      const day = addDays(today, 10);
      const res = await transfer({ employeeIds: [e.id], effectiveDate: day, shopId: shop('GZ001').id, positionId: assistant.id });
      expectStatus(res, 200);
      expect(res.body.data).toMatchObject({ transferred: 1, applied: false });
      expect(await detail(e.id)).toMatchObject({ shopName: '上海静安旗舰店', positionName: '发型师', version: 1 });
      const [pending] = await streamOf(e.id);
      expect(pending).toMatchObject({
        kind: 'transfer',
        applied: false,
        appliedAt: null,
        toShopName: '广州天河城店',
        toPositionName: '助理',
        toLevelName: null,
      });
      const desc = (await a.admin.get(`${S}/getDescById`, { id: pending.id })).body.data.description;
      // Position and level both change; «发型师/发型师» (position, level) shows once.
      expect(desc).toBe(`${day} 从 上海静安旗舰店/发型师 调至 广州天河城店/助理/无（待生效）`);
      const descEn = (await a.admin.get(`${S}/getDescById`, { id: pending.id }, EN)).body.data.description;
      expect(descEn).toMatch(/ \(pending\)$/);

      expect(await apply(addDays(day, -1))).toBe(0);
      expect((await detail(e.id)).shopName).toBe('上海静安旗舰店');
      expect(await apply(day)).toBe(1);
      expect(await detail(e.id)).toMatchObject({ shopName: '广州天河城店', positionName: '助理', levelId: null, version: 2 });
      const [done] = await streamOf(e.id);
      expect(done).toMatchObject({ id: pending.id, applied: true, fromShopName: '上海静安旗舰店', toShopName: '广州天河城店' });
      expect(done.appliedAt).not.toBeNull();
      expect(await apply(addDays(day, 5))).toBe(0);
    });

    it('applies only what a pending transfer meant to change', async () => {
      const e = await create();
      const day = addDays(today, 5);
      expectStatus(await transfer({ employeeIds: [e.id], effectiveDate: day, shopId: shop('SZ001').id }), 200);
      expectStatus(await transfer({ employeeIds: [e.id], effectiveDate: today, branchId: training.id }), 200);
      expect(await apply(day)).toBe(1);
      expect(await detail(e.id)).toMatchObject({ shopName: '苏州观前街店', branchName: '培训部', levelName: '发型师' });
      const applied = (await streamOf(e.id)).find((r) => r.toShopName === '苏州观前街店');
      expect(applied).toMatchObject({ fromBranchName: '培训部', toBranchName: '培训部', applied: true });
    });

    it('never applies a row twice when two instances run at once', async () => {
      const staff = await Promise.all([1, 2, 3, 4, 5].map(() => create()));
      const day = addDays(today, 3);
      expectStatus(await transfer({ employeeIds: staff.map((s) => s.id), effectiveDate: day, shopId: shop('NJ001').id }), 200);
      const counts = await Promise.all([apply(day), apply(day)]);
      expect(counts[0] + counts[1]).toBe(5);
      for (const s of staff) {
        expect(await detail(s.id)).toMatchObject({ shopName: '南京新街口店', version: 2 });
        const rows = await inTenant(t.database.db, a.tenantId, (tx) =>
          tx
            .select()
            .from(employeeStream)
            .where(and(eq(employeeStream.employeeId, s.id), eq(employeeStream.kind, 'transfer'))),
        );
        expect(rows).toHaveLength(1);
        expect(rows[0].appliedAt).not.toBeNull();
      }
    });

    it('checks the transfer: something to change, level within the position, dates, state', async () => {
      const e = await create();
      expect400(await transfer({ employeeIds: [e.id], effectiveDate: today }), 'shopId');
      const wrong = await transfer({
        employeeIds: [e.id],
        effectiveDate: today,
        positionId: assistant.id,
        levelId: levelOf(stylist, '艺术总监').id,
      });
      expect400(wrong, 'levelId');
      expect(wrong.body.errors?.[0].message).toBe('职级“艺术总监”不属于职位“助理”');
      const wrongEn = await transfer({ employeeIds: [e.id], effectiveDate: today, levelId: levelOf(assistant, '学徒').id }, a.admin, EN);
      expect400(wrongEn, 'levelId');
      expect(wrongEn.body.errors?.[0].message).toBe('The level "学徒" does not belong to the position "发型师"');
      const same = await transfer({ employeeIds: [e.id], effectiveDate: today, shopId: shop('SH001').id });
      expectStatus(same, 409);
      expect(same.body.resp_msg).toContain(e.name);
      expect400(await transfer({ employeeIds: [e.id], effectiveDate: '2025-02-28', shopId: shop('BJ001').id }), 'effectiveDate');
      expect400(await transfer({ employeeIds: [e.id], effectiveDate: '2025-13-01x', shopId: shop('BJ001').id }), 'effectiveDate');
      expect400(await transfer({ employeeIds: [], effectiveDate: today, shopId: shop('BJ001').id }), 'employeeIds');
      expect400(await transfer({ employeeIds: [e.id], effectiveDate: today, shopId: shop('BJ001').id, extra: 1 }), 'extra');
      expect400(await transfer({ employeeIds: [e.id], effectiveDate: today, shopId: b.shop.id }), 'shopId');
      await inTenant(t.database.db, a.tenantId, (tx) =>
        tx
          .update(shopsTable)
          .set({ status: 0 })
          .where(eq(shopsTable.id, shop('TJ001').id)),
      );
      expect400(await transfer({ employeeIds: [e.id], effectiveDate: today, shopId: shop('TJ001').id }), 'shopId');
      expectStatus(await transfer({ employeeIds: [e.id, b.employee.id], effectiveDate: today, shopId: shop('BJ001').id }), 404);
      expect((await detail(e.id)).shopName).toBe('上海静安旗舰店');

      expectStatus(await a.admin.post(`${E}/updateStatus`, { ids: [e.id], status: 0, date: '2025-06-30' }), 200);
      const left = await transfer({ employeeIds: [e.id], effectiveDate: today, shopId: shop('BJ001').id });
      expectStatus(left, 409);
      expect(left.body.resp_msg).toBe(`员工“${e.name}”已离职，不能调动`);
    });

    it('drops pending transfers of someone who leaves', async () => {
      const e = await create();
      const day = addDays(today, 20);
      expectStatus(await transfer({ employeeIds: [e.id], effectiveDate: day, shopId: shop('BJ002').id }), 200);
      expectStatus(await a.admin.post(`${E}/updateStatus`, { ids: [e.id], status: 0 }), 200);
      expect((await streamOf(e.id)).map((r) => r.kind).sort()).toEqual(['entry', 'leave']);
      expect(await apply(day)).toBe(0);
    });

    it('limits shop users to their own shops and needs the edit permission', async () => {
      const own = shop('SH002');
      const editor = await createLimitedUser(t, a, { perms: ['staff.employee.view', 'staff.employee.edit'], managerShops: [own.id] });
      const mine = await create({ shopId: own.id });
      const theirs = await create({ shopId: shop('BJ001').id });
      expectStatus(await transfer({ employeeIds: [mine.id], effectiveDate: today, shopId: shop('BJ001').id }, editor.client), 403);
      expectStatus(await transfer({ employeeIds: [theirs.id], effectiveDate: today, branchId: training.id }, editor.client), 404);
      expectStatus(await transfer({ employeeIds: [mine.id], effectiveDate: today, branchId: training.id }, editor.client), 200);
      const viewer = await createLimitedUser(t, a, { perms: ['staff.employee.view'], managerShops: [own.id] });
      expectStatus(await transfer({ employeeIds: [mine.id], effectiveDate: today, branchId: store.id }, viewer.client), 403);
      expectStatus(await transfer({ employeeIds: [mine.id], effectiveDate: today, branchId: store.id }, anon), 401);
    });
  });

  describe('employee stream', () => {
    it('lists entries, transfers and leaves with names; filters by kind, shop, employee, keyword and dates', async () => {
      const res = await a.admin.get(`${S}/chain/streamList`, { pageSize: 200 });
      expectStatus(res, 200);
      const rows = res.body.data.list as any[];
      expect(res.body.data.total).toBeGreaterThanOrEqual(rows.length);
      const dates = rows.map((r) => r.effectiveDate);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(rows[0]).not.toHaveProperty('tenantId');
      const fetch = async (q: Record<string, unknown>) => (await a.admin.get(`${S}/chain/streamList`, { pageSize: 200, ...q })).body.data;

      const demoMove = (await fetch({ kind: 'transfer', keyword: '' })).list.find(
        (r: any) => r.memo === '门店调配' && r.toShopName === '杭州西湖银泰店',
      );
      expect(demoMove).toMatchObject({ fromShopName: '上海静安旗舰店', toLevelName: '艺术总监', createdByName: '系统' });
      const demoDesc = (await a.admin.get(`${S}/getDescById`, { id: demoMove.id })).body.data.description;
      expect(demoDesc).toBe(`${demoMove.effectiveDate} 从 上海静安旗舰店/资深发型师 调至 杭州西湖银泰店/艺术总监`);
      const leaves = (await fetch({ kind: 'leave' })).list as any[];
      expect(leaves.filter((r) => r.memo === '个人原因离职')).toHaveLength(2);
      const leaveDesc = (await a.admin.get(`${S}/getDescById`, { id: leaves[0].id })).body.data.description;
      expect(leaveDesc).toContain(` 从 ${leaves[0].fromShopName}/`);
      expect(leaveDesc).toContain('离职');

      const gz = shop('GZ001');
      const byShop = (await fetch({ shopId: gz.id })).list as any[];
      expect(byShop.length).toBeGreaterThan(0);
      expect(byShop.every((r) => r.fromShopName === gz.name || r.toShopName === gz.name)).toBe(true);
      const byKind = (await fetch({ kind: 'entry', dateFrom: '2020-01-01', dateTo: '2020-12-31' })).list as any[];
      expect(byKind.length).toBeGreaterThan(0);
      expect(byKind.every((r) => r.kind === 'entry' && r.effectiveDate >= '2020-01-01' && r.effectiveDate <= '2020-12-31')).toBe(true);
      const one = byKind[0];
      const byKeyword = (await fetch({ keyword: one.eecode })).list as any[];
      expect(byKeyword.every((r) => r.eecode === one.eecode)).toBe(true);
      expect((await fetch({ employeeId: one.employeeId })).list.every((r: any) => r.employeeId === one.employeeId)).toBe(true);
      const paged = await a.admin.get(`${S}/chain/streamList`, { page: 2, pageSize: 3 });
      expect(paged.body.data.list.map((r: any) => r.id)).toEqual(rows.slice(3, 6).map((r) => r.id));
      expect400(await a.admin.get(`${S}/chain/streamList`, { kind: 'promotion' }), 'kind');
      expect400(await a.admin.get(`${S}/chain/streamList`, { dateFrom: '2020/01/01' }), 'dateFrom');
      expect((await b.admin.get(`${S}/chain/streamList`, { employeeId: one.employeeId })).body.data.total).toBe(0);
    });

    it('exports the filtered stream as xlsx with descriptions', async () => {
      const res = await a.admin.get(`${S}/chain/streamListExport`, { kind: 'leave' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.raw as unknown as ExcelJS.Buffer);
      const sheet = wb.worksheets[0];
      expect(sheet.getRow(1).getCell(1).value).toBe('员工编号');
      const leaves = (await a.admin.get(`${S}/chain/streamList`, { kind: 'leave', pageSize: 200 })).body.data.list as any[];
      expect(sheet.rowCount).toBe(leaves.length + 1);
      expect(sheet.getRow(2).getCell(3).value).toBe('离职');
      expect(String(sheet.getRow(2).getCell(14).value)).toContain('离职');
      const en = await a.admin.get(`${S}/chain/streamListExport`, { kind: 'leave' }, EN);
      const wbEn = new ExcelJS.Workbook();
      await wbEn.xlsx.load(en.raw as unknown as ExcelJS.Buffer);
      expect(wbEn.worksheets[0].getRow(2).getCell(3).value).toBe('Leave');
    });

    it('needs staff.stream.view; shop users see rows of their shops; other tenants get 404', async () => {
      const own = shop('SH003');
      const viewer = await createLimitedUser(t, a, { perms: ['staff.stream.view'], managerShops: [own.id] });
      const rows = (await viewer.client.get(`${S}/chain/streamList`, { pageSize: 200 })).body.data.list as any[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.fromShopName === own.name || r.toShopName === own.name)).toBe(true);
      expectStatus(await viewer.client.get(`${S}/chain/streamList`, { shopId: shop('BJ001').id }), 403);
      const elsewhere = (await a.admin.get(`${S}/chain/streamList`, { shopId: shop('BJ001').id })).body.data.list[0];
      expectStatus(await viewer.client.get(`${S}/getDescById`, { id: elsewhere.id }), 404);
      const noPerm = await createLimitedUser(t, a, { perms: ['staff.employee.view'], managerShops: [own.id] });
      for (const url of [`${S}/chain/streamList`, `${S}/chain/streamListExport`, `${S}/getDescById?id=${elsewhere.id}`]) {
        expectStatus(await noPerm.client.get(url), 403);
        expectStatus(await anon.get(url), 401);
      }
      const bRow = (await b.admin.get(`${S}/chain/streamList`, { pageSize: 1 })).body.data.list[0];
      expectStatus(await a.admin.get(`${S}/getDescById`, { id: bRow.id }), 404);
      expect400(await a.admin.get(`${S}/getDescById`), 'id');
    });
  });
});
