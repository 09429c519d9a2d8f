import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { menus, users } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type Client } from './helpers.js';
import { expect400, expectStatus, foreignTenant } from './staff-support.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const E = '/api-chain/employee';
const B = '/api-base/employee';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const uniq = () => randomBytes(3).toString('hex').toUpperCase();
const mobile = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('staff: employee register', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await foreignTenant(t);
  const anon = t.client();

  const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as any[];
  const positions = (await a.admin.get('/api-chain/position/list/position')).body.data as any[];
  const branches = (await a.admin.get('/api-chain/branch/list/all')).body.data as any[];
  const skills = (await a.admin.get(`${E}/getjfClevelList`)).body.data as any[];
  const stylist = positions.find((p) => p.name === '发型师');
  const assistant = positions.find((p) => p.name === '助理');
  const levelOf = (position: any, name: string) => position.levels.find((l: any) => l.name === name);
  const shopByCode = (code: string) => shops.find((s) => s.code === code);
  const all = async (client: Client = a.admin, q: Record<string, unknown> = {}) =>
    (await client.get(E, { pageSize: 200, ...q })).body.data.list as any[];
  const bEmployees = [b.employee];

  const body = (fields: Record<string, unknown> = {}) => ({
    eecode: `T${uniq()}`,
    name: `测试员工${uniq()}`,
    gender: 1,
    mobile: mobile(),
    shopId: shopByCode('SH001').id,
    branchId: branches[0].id,
    positionId: stylist.id,
    levelId: levelOf(stylist, '发型师').id,
    skillLevelId: skills[0].id,
    entryDate: '2025-03-01',
    ...fields,
  });
  const create = async (fields: Record<string, unknown> = {}, client: Client = a.admin) => {
    const res = await client.post(E, body(fields));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  describe('list', () => {
    it('lists the demo staff with the names of shop, department, position, level, skill level and user', async () => {
      const res = await a.admin.get(E, { pageSize: 200 });
      expectStatus(res, 200);
      const rows = res.body.data.list as any[];
      expect(res.body.data).toMatchObject({ total: rows.length, page: 1, pageSize: 200 });
      expect(rows.length).toBeGreaterThanOrEqual(shops.length * 8);
      for (const r of rows) {
        expect(r).not.toHaveProperty('tenantId');
        expect(r.shopName).toBe(r.shopId ? shops.find((s) => s.id === r.shopId)?.name : null);
        expect(r.positionName).toBe(r.positionId ? positions.find((p) => p.id === r.positionId)?.name : null);
        if (r.levelId) expect(r.levelName).toBe(positions.flatMap((p) => p.levels).find((l: any) => l.id === r.levelId)?.name);
        if (r.skillLevelId) expect(r.skillLevelName).toBe(skills.find((s) => s.id === r.skillLevelId)?.name);
        if (r.branchId) expect(r.branchName).toBe(branches.find((x) => x.id === r.branchId)?.name);
        expect(r).toHaveProperty('userId');
        expect(r).toHaveProperty('username');
        expect(r.mobile).toMatch(/^1\d{10}$/);
      }
      expect(new Set(rows.map((r) => r.mobile)).size).toBe(rows.length);
      const codes = rows.map((r) => r.eecode);
      expect(codes).toEqual([...codes].sort());
      expect(rows.filter((r) => r.status === 0)).toHaveLength(2);
      const yue = rows.filter((r) => r.shopName === '上海徐汇悦容馆');
      expect(yue.some((r) => r.positionName === '美容师')).toBe(true);
      const jingan = rows.filter((r) => r.shopName === '上海静安旗舰店');
      expect(jingan.filter((r) => r.positionName === '店长')).toHaveLength(1);
      expect(jingan.filter((r) => r.positionName === '前台接待')).toHaveLength(1);
      expect((await a.admin.get(E)).body.data).toMatchObject({ page: 1, pageSize: 20, total: rows.length });
    });

    it('filters by shop, department, position, level, skill level, status, bookable and keyword', async () => {
      const rows = await all();
      const fetch = async (q: Record<string, unknown>) => (await a.admin.get(E, { pageSize: 200, ...q })).body.data;
      const check = async (q: Record<string, unknown>, expected: any[]) => {
        const got = await fetch(q);
        expect(ids(got.list).sort(), JSON.stringify(q)).toEqual(ids(expected).sort());
        expect(got.total).toBe(expected.length);
        expect(expected.length, JSON.stringify(q)).toBeGreaterThan(0);
      };
      const sh = shopByCode('SH001');
      await check(
        { shopId: sh.id },
        rows.filter((r) => r.shopId === sh.id),
      );
      const store = branches.find((x) => x.name === '门店事业部');
      await check(
        { branchId: store.id },
        rows.filter((r) => r.branchId === store.id),
      );
      await check(
        { positionId: stylist.id },
        rows.filter((r) => r.positionId === stylist.id),
      );
      const lvl = levelOf(assistant, '助理');
      await check(
        { levelId: lvl.id },
        rows.filter((r) => r.levelId === lvl.id),
      );
      await check(
        { skillLevelId: skills[3].id },
        rows.filter((r) => r.skillLevelId === skills[3].id),
      );
      await check(
        { status: 0 },
        rows.filter((r) => r.status === 0),
      );
      await check(
        { status: 1 },
        rows.filter((r) => r.status === 1),
      );
      await check(
        { bookable: 1 },
        rows.filter((r) => r.bookable === 1),
      );
      const someone = rows.find((r) => r.shopId === sh.id && r.positionId === stylist.id);
      await check(
        { keyword: someone.eecode },
        rows.filter((r) => r.eecode.includes(someone.eecode)),
      );
      await check(
        { keyword: someone.mobile.slice(3, 9) },
        rows.filter((r) => r.mobile?.includes(someone.mobile.slice(3, 9))),
      );
      await check(
        { keyword: someone.name },
        rows.filter((r) => r.name.includes(someone.name)),
      );
      await check(
        { shopId: sh.id, positionId: stylist.id, status: 1 },
        rows.filter((r) => r.shopId === sh.id && r.positionId === stylist.id && r.status === 1),
      );
      expect((await fetch({ keyword: '%' })).total).toBe(0);
      expect((await fetch({ shopId: b.shop.id })).total).toBe(0);
      expect400(await a.admin.get(E, { shopId: 'abc' }), 'shopId');
      expect400(await a.admin.get(E, { status: 2 }), 'status');
      expect400(await a.admin.get(E, { bookable: 3 }), 'bookable');
      expect400(await a.admin.get(E, { pageSize: 201 }), 'pageSize');
      const unknown = await a.admin.get(E, { colour: 'red' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors?.some((e) => e.message.includes('colour'))).toBe(true);
    });

    it('pages and sorts', async () => {
      const rows = await all();
      const page2 = await a.admin.get(E, { page: 2, pageSize: 5 });
      expect(page2.body.data).toMatchObject({ page: 2, pageSize: 5, total: rows.length });
      expect(ids(page2.body.data.list)).toEqual(ids(rows.slice(5, 10)));
      const sorted = (await all(a.admin, { sort: '-entryDate,eecode' })).map((r) => r.entryDate);
      expect(sorted).toEqual([...sorted].sort().reverse());
      expect((await a.admin.get(E, { page: 1000, pageSize: 5 })).body.data.list).toEqual([]);
    });

    it('exports the filtered list as xlsx', async () => {
      const sh = shopByCode('SH002');
      const res = await a.admin.get(`${E}/export`, { shopId: sh.id });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(XLSX);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.raw as unknown as ExcelJS.Buffer);
      const sheet = wb.worksheets[0];
      expect(sheet.getRow(1).getCell(1).value).toBe('员工编号');
      const expected = await all(a.admin, { shopId: sh.id });
      expect(sheet.rowCount).toBe(expected.length + 1);
      expect(sheet.getRow(2).getCell(5).value).toBe(sh.name);
      const en = await a.admin.get(`${E}/export`, { shopId: sh.id }, EN);
      const wbEn = new ExcelJS.Workbook();
      await wbEn.xlsx.load(en.raw as unknown as ExcelJS.Buffer);
      expect(wbEn.worksheets[0].getRow(1).getCell(1).value).toBe('Employee code');
    });
  });

  describe('save', () => {
    it('creates an employee on the job with an entry row in the stream; the detail has the names', async () => {
      const shop = shopByCode('HZ001');
      const created = await create({ shopId: shop.id, memo: '新人' });
      expect(created).toMatchObject({
        status: 1,
        shopId: shop.id,
        shopName: shop.name,
        positionName: '发型师',
        levelName: '发型师',
        skillLevelName: skills[0].name,
        branchName: branches[0].name,
        leaveDate: null,
        bookable: 0,
        memo: '新人',
        userId: null,
        version: 1,
      });
      const detail = await a.admin.get(`${E}/id/${created.id}`);
      expectStatus(detail, 200);
      expect(detail.body.data).toEqual(created);
      const stream = (await a.admin.get('/api-pers/employeestream/chain/streamList', { employeeId: created.id })).body.data;
      expect(stream.list).toHaveLength(1);
      expect(stream.list[0]).toMatchObject({
        kind: 'entry',
        effectiveDate: '2025-03-01',
        toShopName: shop.name,
        toPositionName: '发型师',
        fromShopName: null,
        applied: true,
        eecode: created.eecode,
      });
      const minimal = await a.admin.post(E, { eecode: `M${uniq()}`, name: '总部新人', entryDate: '2025-01-02' });
      expectStatus(minimal, 200);
      expect(minimal.body.data).toMatchObject({ gender: 2, shopId: null, shopName: null, bookable: 0 });
    });

    it('updates only the fields sent; shop, department, position and level change only by transfer', async () => {
      const e = await create();
      const renamed = await a.admin.post(E, { id: e.id, name: '改名后', eecode: e.eecode, entryDate: e.entryDate });
      expectStatus(renamed, 200);
      expect(renamed.body.data).toMatchObject({ name: '改名后', mobile: e.mobile, shopId: e.shopId, version: 2, memo: null });
      // The whole record sent back unchanged is fine (forms send everything).
      const {
        shopName: _s,
        branchName: _b,
        positionName: _p,
        levelName: _l,
        skillLevelName: _k,
        userId: _u,
        username: _n,
        status: _st,
        leaveDate: _ld,
        bookingOrder: _bo,
        createdAt: _c,
        updatedAt: _up,
        ...form
      } = renamed.body.data;
      const whole = await a.admin.post(E, { ...form, memo: '整表保存' });
      expectStatus(whole, 200);
      expect(whole.body.data).toMatchObject({ memo: '整表保存', version: 3 });
      for (const [field, value] of [
        ['shopId', shopByCode('GZ001').id],
        ['branchId', branches[1].id],
        ['positionId', assistant.id],
        ['levelId', levelOf(stylist, '艺术总监').id],
      ] as const) {
        const res = await a.admin.post(E, { id: e.id, eecode: e.eecode, name: e.name, entryDate: e.entryDate, [field]: value });
        expect400(res, field);
        expect(res.body.errors?.find((x) => x.path === field)?.message).toContain('调动');
      }
      const en = await a.admin.post(E, { id: e.id, eecode: e.eecode, name: e.name, entryDate: e.entryDate, shopId: null }, EN);
      expect400(en, 'shopId');
      expect(en.body.errors?.[0].message).toBe("An existing employee's Shop can only be changed by a transfer");
      const stale = await a.admin.post(E, { id: e.id, version: 1, eecode: e.eecode, name: 'x', entryDate: e.entryDate });
      expectStatus(stale, 409);
      // A corrected entry date moves the entry row of the stream with it.
      expectStatus(await a.admin.post(E, { id: e.id, eecode: e.eecode, name: e.name, entryDate: '2025-02-01' }), 200);
      const stream = (await a.admin.get('/api-pers/employeestream/chain/streamList', { employeeId: e.id })).body.data.list;
      expect(stream[0]).toMatchObject({ kind: 'entry', effectiveDate: '2025-02-01' });
      expect((await a.admin.get(`${E}/id/${e.id}`)).body.data.name).toBe(e.name);
    });

    it('refuses bad fields with 400 on the field', async () => {
      expect400(await a.admin.post(E, body({ name: '' })), 'name');
      expect400(await a.admin.post(E, body({ mobile: '12345' })), 'mobile');
      expect400(await a.admin.post(E, body({ entryDate: '2025/03/01' })), 'entryDate');
      expect400(await a.admin.post(E, body({ gender: 3 })), 'gender');
      expect400(await a.admin.post(E, body({ idCard: '123' })), 'idCard');
      expect400(await a.admin.post(E, body({ tenantId: 99 })), 'tenantId');
      const wrongLevel = await a.admin.post(E, body({ levelId: levelOf(assistant, '学徒').id }));
      expect400(wrongLevel, 'levelId');
      expect(wrongLevel.body.errors?.[0].message).toBe('职级“学徒”不属于职位“发型师”');
      expect400(await a.admin.post(E, body({ positionId: null })), 'levelId');
      const foreignShop = await a.admin.post(E, body({ shopId: b.shop.id }));
      expect400(foreignShop, 'shopId');
      expect(JSON.stringify(foreignShop.body)).not.toContain(b.shop.name);
      expect400(await a.admin.post(E, body({ branchId: b.branch.id })), 'branchId');
      expect400(await a.admin.post(E, body({ skillLevelId: b.skill.id })), 'skillLevelId');
      expect400(await a.admin.post(E, body({ positionId: 999_999_999 })), 'positionId');
    });

    it('keeps employee codes unique per tenant: 409 naming the code; checkEecode answers availability', async () => {
      const e = await create();
      const dup = await a.admin.post(E, body({ eecode: e.eecode }));
      expectStatus(dup, 409);
      expect(dup.body.resp_msg).toBe(`员工编号“${e.eecode}”已存在`);
      expect(dup.body.errors?.[0].path).toBe('eecode');
      const dupEn = await a.admin.post(E, body({ eecode: e.eecode }), EN);
      expect(dupEn.body.resp_msg).toBe(`Employee code "${e.eecode}" already exists`);
      const other = await create();
      expectStatus(await a.admin.post(E, { id: other.id, eecode: e.eecode, name: other.name, entryDate: other.entryDate }), 409);
      // Another tenant may use the same code.
      expectStatus(await b.admin.post(E, { eecode: e.eecode, name: '别家员工', entryDate: '2025-01-01' }), 200);

      const check = (q: Record<string, unknown>) => a.admin.post(`${E}/checkEecode`, q);
      expect((await check({ eecode: e.eecode })).body.data).toEqual({ available: false });
      expect((await check({ eecode: e.eecode, id: e.id })).body.data).toEqual({ available: true });
      expect((await check({ eecode: `FREE${uniq()}` })).body.data).toEqual({ available: true });
      // A code used only by another tenant is free here.
      expect((await check({ eecode: b.employee.eecode })).body.data).toEqual({ available: true });
      expect400(await check({ eecode: '' }), 'eecode');
      expect400(await check({ code: 'x' }), 'eecode');
    });
  });

  describe('what a user limited to some shops learns of others', () => {
    it('checkEecode: a code of another shop is taken and nothing more; an id out of sight is 404 like none', async () => {
      const sh = shopByCode('SH002');
      const other = shopByCode('BJ001');
      const u = await createLimitedUser(t, a, { perms: ['staff.employee.view', 'staff.employee.edit'], managerShops: [sh.id] });
      const mine = await create({ shopId: sh.id });
      const theirs = await create({ shopId: other.id });
      const check = (q: Record<string, unknown>) => u.client.post(`${E}/checkEecode`, q, EN);
      expect((await check({ eecode: theirs.eecode })).body.data).toEqual({ available: false });
      expect((await check({ eecode: mine.eecode, id: mine.id })).body.data).toEqual({ available: true });
      const unseen = await check({ eecode: theirs.eecode, id: theirs.id });
      const nowhere = await check({ eecode: theirs.eecode, id: 99_999_999 });
      expectStatus(unseen, 404);
      expectStatus(nowhere, 404);
      expect(unseen.body).toEqual(nowhere.body);
      expectStatus(await check({ eecode: mine.eecode, id: b.employee.id }), 404);
      expectStatus(await anon.post(`${E}/checkEecode`, { eecode: 'X' }), 401);
    });

    it('the register names the user linked to an employee only when that user is within the viewer’s reach', async () => {
      const sh = shopByCode('SH002');
      const other = shopByCode('BJ001');
      const viewer = await createLimitedUser(t, a, { perms: ['staff.employee.view'], managerShops: [sh.id] });
      const link = async (shopIds: number[]) => {
        const e = await create({ shopId: sh.id });
        const res = await a.admin.post('/api-user/users/saveOrUpdate', {
          username: `u${uniq().toLowerCase()}`,
          name: '关联用户',
          password: 'secret-123',
          employeeId: e.id,
          managerShopIds: shopIds,
        });
        expectStatus(res, 200);
        return { employee: e, user: res.body.data };
      };
      const near = await link([sh.id]);
      const far = await link([sh.id, other.id]);
      const seen = async (client: Client, id: number) => {
        const row = (await all(client, { shopId: sh.id })).find((r) => r.id === id);
        const detail = (await client.get(`${E}/id/${id}`)).body.data;
        expect({ userId: detail.userId, username: detail.username }).toEqual({ userId: row.userId, username: row.username });
        return row.username;
      };
      expect(await seen(a.admin, far.employee.id)).toBe(far.user.username);
      expect(await seen(viewer.client, near.employee.id)).toBe(near.user.username);
      expect(await seen(viewer.client, far.employee.id)).toBeNull();
      const exported = await viewer.client.get(`${E}/export`, { shopId: sh.id });
      expect(String(exported.headers['content-type'])).toContain(XLSX);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(exported.raw as unknown as ExcelJS.Buffer);
      const cells = JSON.stringify(book.worksheets[0].getSheetValues());
      expect(cells).toContain(near.user.username);
      expect(cells).not.toContain(far.user.username);
    });
  });

  describe('leave and rejoin', () => {
    it('records a leave with its date, then refuses a second leave with 409 naming the state', async () => {
      const e = await create({ bookable: 1 });
      const res = await a.admin.post(`${E}/updateStatus`, { ids: [e.id], status: 0, date: '2025-08-31', memo: '回老家' });
      expectStatus(res, 200);
      expect(res.body.data).toEqual({ updated: 1, status: 0, date: '2025-08-31' });
      const after = (await a.admin.get(`${E}/id/${e.id}`)).body.data;
      expect(after).toMatchObject({ status: 0, leaveDate: '2025-08-31', bookable: 0, version: 2 });
      const streamOf = async () =>
        (await a.admin.get('/api-pers/employeestream/chain/streamList', { employeeId: e.id })).body.data.list as any[];
      const leave = (await streamOf()).find((r) => r.kind === 'leave');
      expect(leave).toMatchObject({
        effectiveDate: '2025-08-31',
        fromShopName: '上海静安旗舰店',
        toShopName: null,
        memo: '回老家',
        applied: true,
      });

      const again = await a.admin.post(`${E}/updateStatus`, { ids: [e.id], status: 0, date: '2025-09-01' });
      expectStatus(again, 409);
      expect(again.body.resp_msg).toBe(`员工“${e.name}”已经是离职状态，不能重复办理离职`);
      const againEn = await a.admin.post(`${E}/updateStatus`, { ids: [e.id], status: 0 }, EN);
      expect(againEn.body.resp_msg).toBe(`Employee "${e.name}" has already left; a leave cannot be recorded twice`);
      expect((await streamOf()).filter((r) => r.kind === 'leave')).toHaveLength(1);
      expect((await a.admin.get(`${E}/id/${e.id}`)).body.data).toMatchObject({ leaveDate: '2025-08-31', version: 2 });

      // A batch with one who already left changes nobody.
      const other = await create();
      expectStatus(await a.admin.post(`${E}/updateStatus`, { ids: [other.id, e.id], status: 0 }), 409);
      expect((await a.admin.get(`${E}/id/${other.id}`)).body.data.status).toBe(1);

      const back = await a.admin.post(`${E}/updateStatus`, { ids: [e.id], status: 1, date: '2025-10-08' });
      expectStatus(back, 200);
      expect((await a.admin.get(`${E}/id/${e.id}`)).body.data).toMatchObject({ status: 1, leaveDate: null });
      expect((await streamOf()).find((r) => r.kind === 'rejoin')).toMatchObject({
        effectiveDate: '2025-10-08',
        toShopName: '上海静安旗舰店',
      });
      const rejoinAgain = await a.admin.post(`${E}/updateStatus`, { ids: [e.id], status: 1 });
      expectStatus(rejoinAgain, 409);
      expect(rejoinAgain.body.resp_msg).toContain('在职');
    });

    it('defaults the date to today and checks it against the entry and leave dates', async () => {
      const e = await create({ entryDate: '2025-05-01' });
      expect400(await a.admin.post(`${E}/updateStatus`, { ids: [e.id], status: 0, date: '2025-04-30' }), 'date');
      const res = await a.admin.post(`${E}/updateStatus`, { ids: [e.id], status: 0 });
      expectStatus(res, 200);
      expect(res.body.data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect400(await a.admin.post(`${E}/updateStatus`, { ids: [e.id], status: 1, date: '2025-05-02' }), 'date');
      expect400(await a.admin.post(`${E}/updateStatus`, { ids: [], status: 0 }), 'ids');
      expect400(await a.admin.post(`${E}/updateStatus`, { ids: [e.id], status: 2 }), 'status');
      expect400(await a.admin.post(`${E}/updateStatus`, { ids: [e.id], status: 0, date: '31/12/2025' }), 'date');
    });
  });

  describe('pickers', () => {
    it('listAll and chain/list/all answer on-the-job employees with names and no personal data', async () => {
      const rows = await all();
      for (const url of [`${E}/listAll`, `${B}/chain/list/all`]) {
        const res = await a.admin.get(url);
        expectStatus(res, 200);
        const list = res.body.data as any[];
        expect(ids(list).sort()).toEqual(ids(rows.filter((r) => r.status === 1)).sort());
        expect(list[0]).not.toHaveProperty('mobile');
        expect(list[0]).not.toHaveProperty('idCard');
        const sample = list.find((r) => r.shopId);
        expect(sample.shopName).toBe(rows.find((r) => r.id === sample.id).shopName);
        const sh = shopByCode('SH003');
        const inShop = (await a.admin.get(url, { shopid: sh.id })).body.data as any[];
        expect(ids(inShop).sort()).toEqual(ids(rows.filter((r) => r.status === 1 && r.shopId === sh.id)).sort());
        const byPosition = (await a.admin.get(url, { positionId: stylist.id })).body.data as any[];
        expect(byPosition.every((r) => r.positionId === stylist.id)).toBe(true);
        expect400(await a.admin.get(url, { shopid: 'x' }), 'shopid');
      }
    });

    it('getEmployeeDshop answers one shop in booking order; shopid is required', async () => {
      const sh = shopByCode('GZ001');
      const res = await a.admin.get(`${E}/getEmployeeDshop`, { shopid: sh.id });
      expectStatus(res, 200);
      const list = res.body.data as any[];
      const rows = (await all(a.admin, { shopId: sh.id, status: 1 })) as any[];
      expect(ids(list).sort()).toEqual(ids(rows).sort());
      const bookable = list.filter((r) => r.bookable === 1);
      expect(bookable.length).toBeGreaterThan(0);
      expect(list.slice(0, bookable.length).map((r) => r.bookingOrder)).toEqual(bookable.map((_, i) => i + 1));
      const onlyBookable = (await a.admin.get(`${E}/getEmployeeDshop`, { shopid: sh.id, bookable: 1 })).body.data as any[];
      expect(ids(onlyBookable)).toEqual(ids(bookable));
      expect400(await a.admin.get(`${E}/getEmployeeDshop`), 'shopid');
    });

    it('list/tree groups shops → positions → employees and geteeNums counts them', async () => {
      const rows = (await all()).filter((r) => r.status === 1);
      const tree = (await a.admin.get(`${B}/list/tree`)).body.data as any[];
      const leaves = tree.flatMap((s) => s.children.flatMap((p: any) => p.children));
      expect(ids(leaves).sort()).toEqual(ids(rows).sort());
      const headOffice = tree.find((s) => s.id === null);
      expect(headOffice).toMatchObject({ name: '总部', key: 'shop:0', type: 'shop' });
      expect(headOffice.children[0].name).toBe('未设职位');
      const jingan = tree.find((s) => s.name === '上海静安旗舰店');
      const stylists = jingan.children.find((p: any) => p.name === '发型师');
      expect(stylists.count).toBe(rows.filter((r) => r.shopName === '上海静安旗舰店' && r.positionName === '发型师').length);
      expect(stylists.children[0]).toMatchObject({ type: 'employee', key: `employee:${stylists.children[0].id}` });
      expect(jingan.count).toBe(rows.filter((r) => r.shopName === '上海静安旗舰店').length);
      const en = (await a.admin.get(`${B}/list/tree`, {}, EN)).body.data as any[];
      expect(en.find((s) => s.id === null).name).toBe('Head office');
      const one = (await a.admin.get(`${B}/list/tree`, { shopid: jingan.id })).body.data as any[];
      expect(one.map((s) => s.id)).toEqual([jingan.id]);

      const nums = await a.admin.get(`${B}/geteeNums`);
      expectStatus(nums, 200);
      expect(nums.body.data.total).toBe(rows.length);
      const numsJingan = nums.body.data.shops.find((s: any) => s.shopId === jingan.id);
      expect(numsJingan.total).toBe(jingan.count);
      expect(numsJingan.positions.find((p: any) => p.positionName === '发型师').count).toBe(stylists.count);
      const oneShop = (await a.admin.get(`${B}/geteeNums`, { shopid: jingan.id })).body.data;
      expect(oneShop.total).toBe(jingan.count);
      expect400(await a.admin.get(`${B}/list/tree`, { shopid: 'x' }), 'shopid');
      expect400(await a.admin.get(`${B}/geteeNums`, { shopid: 0 }), 'shopid');
      expect400(await a.admin.get(`${E}/getListUnbind`, { shopid: -1 }), 'shopid');
      expect400(await a.admin.get(`${E}/export`, { status: 5 }), 'status');
    });

    it('getListUnbind leaves out employees a user is linked to', async () => {
      const e = await create();
      const before = (await a.admin.get(`${E}/getListUnbind`)).body.data as any[];
      expect(ids(before)).toContain(e.id);
      const me = (await a.admin.get('/api-user/me')).body.data.user.id as number;
      await inTenant(t.database.db, a.tenantId, (tx) => tx.update(users).set({ employeeId: e.id }).where(eq(users.id, me)));
      const after = (await a.admin.get(`${E}/getListUnbind`)).body.data as any[];
      expect(ids(after)).not.toContain(e.id);
      expect(after.length).toBe(before.length - 1);
      const linked = (await a.admin.get(`${E}/id/${e.id}`)).body.data;
      expect(linked).toMatchObject({ userId: me, username: 'admin' });
      expect((await all(a.admin, { keyword: e.eecode }))[0]).toMatchObject({ userId: me, username: 'admin' });
      await inTenant(t.database.db, a.tenantId, (tx) => tx.update(users).set({ employeeId: null }).where(eq(users.id, me)));
    });
  });

  describe('online booking and skill levels', () => {
    it('editYystatus turns online booking on and off; not for those who left', async () => {
      const [x, y] = [await create(), await create()];
      const on = await a.admin.post(`${B}/editYystatus`, { ids: [x.id, y.id], bookable: 1 });
      expectStatus(on, 200);
      expect(on.body.data).toEqual({ updated: 2 });
      expect(ids(await all(a.admin, { bookable: 1, keyword: 'T' }))).toEqual(expect.arrayContaining([x.id, y.id]));
      expectStatus(await a.admin.post(`${B}/editYystatus`, { ids: [y.id], bookable: 0 }), 200);
      expect((await a.admin.get(`${E}/id/${y.id}`)).body.data.bookable).toBe(0);
      const gone = (await all(a.admin, { status: 0 }))[0];
      const refused = await a.admin.post(`${B}/editYystatus`, { ids: [x.id, gone.id], bookable: 1 });
      expectStatus(refused, 409);
      expect(refused.body.resp_msg).toContain(gone.name);
      expect400(await a.admin.post(`${B}/editYystatus`, { ids: [x.id], bookable: 2 }), 'bookable');
      expect400(await a.admin.post(`${B}/editYystatus`, { ids: [], bookable: 1 }), 'ids');
      expectStatus(await a.admin.post(`${B}/editYystatus`, { ids: [x.id, 999_999_999], bookable: 1 }), 404);
    });

    it('saveOrderids numbers the employees 1..n in the order sent, all or nothing', async () => {
      const sh = shopByCode('SZ001');
      const list = (await a.admin.get(`${E}/getEmployeeDshop`, { shopid: sh.id })).body.data as any[];
      const reversed = ids(list).reverse();
      const res = await a.admin.post(`${B}/saveOrderids`, { ids: reversed });
      expectStatus(res, 200);
      expect(res.body.data).toEqual({ updated: reversed.length });
      const after = (await a.admin.get(`${E}/getEmployeeDshop`, { shopid: sh.id })).body.data as any[];
      expect(ids(after)).toEqual(reversed);
      expect(after.map((r) => r.bookingOrder)).toEqual(reversed.map((_, i) => i + 1));
      const missing = await a.admin.post(`${B}/saveOrderids`, { ids: [reversed[1], reversed[0], bEmployees[0].id] });
      expectStatus(missing, 404);
      expect(ids((await a.admin.get(`${E}/getEmployeeDshop`, { shopid: sh.id })).body.data)).toEqual(reversed);
      expect400(await a.admin.post(`${B}/saveOrderids`, { ids: [reversed[0], reversed[0]] }), 'ids');
      expect400(await a.admin.post(`${B}/saveOrderids`, { ids: [] }), 'ids');
    });

    it('saveJfclevel sets or clears the skill level; getjfClevelList lists the enabled levels', async () => {
      expect(skills.map((s) => s.name)).toEqual(['初级', '中级', '高级', '资深']);
      const [x, y] = [await create(), await create()];
      const res = await a.admin.post(`${E}/saveJfclevel`, { ids: [x.id, y.id], skillLevelId: skills[2].id });
      expectStatus(res, 200);
      expect((await a.admin.get(`${E}/id/${x.id}`)).body.data).toMatchObject({ skillLevelId: skills[2].id, skillLevelName: '高级' });
      expectStatus(await a.admin.post(`${E}/saveJfclevel`, { ids: [y.id], skillLevelId: null }), 200);
      expect((await a.admin.get(`${E}/id/${y.id}`)).body.data).toMatchObject({ skillLevelId: null, skillLevelName: null });
      expect400(await a.admin.post(`${E}/saveJfclevel`, { ids: [x.id], skillLevelId: b.skill.id }), 'skillLevelId');
      expect400(await a.admin.post(`${E}/saveJfclevel`, { ids: [x.id] }), 'skillLevelId');
      expectStatus(await a.admin.post(`${E}/saveJfclevel`, { ids: [bEmployees[0].id], skillLevelId: skills[0].id }), 404);

      // The skill level dictionary: its own pages and menu, disabled levels leave the picker.
      const created = await a.admin.post('/api-chain/skilllevel/save', { code: `JNX${uniq()}`, name: '大师' });
      expectStatus(created, 200);
      expect((await a.admin.get('/api-chain/skilllevel/getMaxId')).body.data.nextCode).toMatch(/^JN\d{3}$/);
      expect(((await a.admin.get(`${E}/getjfClevelList`)).body.data as any[]).map((s) => s.name)).toContain('大师');
      expectStatus(await a.admin.post('/api-chain/skilllevel/updateStatus', { ids: [created.body.data.id], status: 0 }), 200);
      expect(((await a.admin.get(`${E}/getjfClevelList`)).body.data as any[]).map((s) => s.name)).not.toContain('大师');
      const used = await a.admin.del(`/api-chain/skilllevel/${skills[2].id}`);
      expectStatus(used, 409);
      expect(used.body.resp_msg).toContain('员工');
      const menuRows = await inTenant(t.database.db, a.tenantId, (tx) => tx.select({ permKey: menus.permKey }).from(menus));
      expect(menuRows.map((m) => m.permKey)).toEqual(expect.arrayContaining(['org.dict.skilllevel.view', 'org.dict.skilllevel.edit']));
    });
  });

  describe('access', () => {
    const routes: [string, string, unknown?][] = [
      ['GET', E],
      ['GET', `${E}/export`],
      ['POST', E, { eecode: 'X', name: 'x', entryDate: '2025-01-01' }],
      ['GET', `${E}/id/1`],
      ['POST', `${E}/checkEecode`, { eecode: 'X' }],
      ['POST', `${E}/updateStatus`, { ids: [1], status: 0 }],
      ['POST', `${E}/saveTransfer`, { employeeIds: [1], effectiveDate: '2025-01-01', shopId: 1 }],
      ['POST', `${E}/saveJfclevel`, { ids: [1], skillLevelId: null }],
      ['POST', `${E}/batchImport`],
      ['GET', `${E}/listAll`],
      ['GET', `${E}/getListUnbind`],
      ['GET', `${E}/getEmployeeDshop?shopid=${shopByCode('SH001').id}`],
      ['GET', `${E}/getjfClevelList`],
      ['POST', `${B}/editYystatus`, { ids: [1], bookable: 1 }],
      ['POST', `${B}/saveOrderids`, { ids: [1] }],
      ['POST', `${B}/excelTemplate`],
      ['GET', `${B}/excelTemplate`],
      ['GET', `${B}/chain/list/all`],
      ['GET', `${B}/list/tree`],
      ['GET', `${B}/geteeNums`],
      ['GET', '/api-pers/employeestream/chain/streamList'],
      ['GET', '/api-pers/employeestream/chain/streamListExport'],
      ['GET', '/api-pers/employeestream/getDescById?id=1'],
    ];
    const call = (client: Client, [method, url, payload]: [string, string, unknown?]) =>
      method === 'GET' ? client.get(url) : client.post(url, payload ?? {});

    it('answers 401 without a token on every route', async () => {
      for (const r of routes) expectStatus(await call(anon, r), 401);
    });

    it('answers 403 without the permission; pickers need only a sign-in', async () => {
      const nobody = await createLimitedUser(t, a, { perms: [], managerShops: [shopByCode('SH001').id] });
      const pickers = ['/listAll', '/getListUnbind', '/getEmployeeDshop', '/getjfClevelList', '/chain/list/all', '/list/tree'];
      for (const r of routes) {
        const res = await call(nobody.client, r);
        if (pickers.some((p) => r[1].includes(p))) expectStatus(res, 200);
        else expectStatus(res, 403);
      }
      const viewer = await createLimitedUser(t, a, { perms: ['staff.employee.view'], managerShops: [shopByCode('SH001').id] });
      expectStatus(await viewer.client.get(E), 200);
      expectStatus(await viewer.client.get(`${B}/geteeNums`), 200);
      for (const r of routes.filter(([m, u]) => m === 'POST' && !u.endsWith('checkEecode')))
        expectStatus(await call(viewer.client, r), 403);
      expectStatus(await viewer.client.get('/api-pers/employeestream/chain/streamList'), 403);
    });

    it('shows a shop user only the employees of their shops', async () => {
      const sh = shopByCode('SH002');
      const other = shopByCode('BJ001');
      const u = await createLimitedUser(t, a, { perms: ['staff.employee.view', 'staff.employee.edit'], managerShops: [sh.id] });
      const rows = (await u.client.get(E, { pageSize: 200 })).body.data.list as any[];
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.shopId === sh.id)).toBe(true);
      expectStatus(await u.client.get(E, { shopId: other.id }), 403);
      const stranger = (await all(a.admin, { shopId: other.id }))[0];
      expectStatus(await u.client.get(`${E}/id/${stranger.id}`), 404);
      expectStatus(await u.client.post(`${E}/updateStatus`, { ids: [stranger.id], status: 0 }), 404);
      expectStatus(await u.client.post(`${B}/editYystatus`, { ids: [stranger.id], bookable: 1 }), 404);
      const picker = (await u.client.get(`${B}/chain/list/all`)).body.data as any[];
      expect(picker.every((r) => r.shopId === sh.id)).toBe(true);
      expectStatus(await u.client.get(`${E}/getEmployeeDshop`, { shopid: other.id }), 403);
      expectStatus(await u.client.get(`${E}/listAll`, { shopid: other.id }), 403);
      const tree = (await u.client.get(`${B}/list/tree`)).body.data as any[];
      expect(tree.map((s) => s.id)).toEqual([sh.id]);
      expect((await u.client.get(`${B}/geteeNums`)).body.data.shops.map((s: any) => s.shopId)).toEqual([sh.id]);
      // Creating: only into their shops, and never without a shop.
      expectStatus(await u.client.post(E, body({ shopId: other.id })), 403);
      expect400(await u.client.post(E, body({ shopId: undefined })), 'shopId');
      expectStatus(await u.client.post(E, body({ shopId: sh.id })), 200);
    });

    it("answers 404 for another tenant's employees", async () => {
      const foreign = bEmployees[0];
      expectStatus(await a.admin.get(`${E}/id/${foreign.id}`), 404);
      expectStatus(await a.admin.post(E, { id: foreign.id, eecode: foreign.eecode, name: 'x', entryDate: '2025-01-01' }), 404);
      expectStatus(await a.admin.post(`${E}/updateStatus`, { ids: [foreign.id], status: 0 }), 404);
      expectStatus(await a.admin.post(`${B}/editYystatus`, { ids: [foreign.id], bookable: 1 }), 404);
      expectStatus(await a.admin.post(`${B}/saveOrderids`, { ids: [foreign.id] }), 404);
      expect((await b.admin.get(`${E}/id/${foreign.id}`)).body.data.name).toBe(foreign.name);
      expect400(await a.admin.get(`${E}/id/abc`), 'params.id');
    });
  });
});
