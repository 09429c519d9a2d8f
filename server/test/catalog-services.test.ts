import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { employees } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { EN, expect400, expectStatus, fillTemplate, ids, readTemplate, uniq, upload, XLSX } from './catalog-helpers.js';
import { build } from './helpers.js';
import { createLimitedUser } from './users.js';

const C = '/api-chain/serviceinfo';
const B = '/api-base/serviceinfo';
const G = '/api-chain/serviceGroup';

describe('catalog: services and service groups', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const anon = t.client();
  const types = (await a.admin.get('/api-chain/servicetype/list/all')).body.data as any[];
  const cut = types.find((x) => x.name === '剪发');
  const skin = types.find((x) => x.name === '美容护肤');
  const branches = (await a.admin.get('/api-chain/branch/list/all')).body.data as any[];
  const training = branches.find((x) => x.name === '培训部');
  const positions = (await a.admin.get('/api-chain/position/list/all')).body.data as any[];
  const stylist = positions.find((p) => p.name === '发型师');
  const beautician = positions.find((p) => p.name === '美容师');
  const reception = positions.find((p) => p.name === '前台接待');
  const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as any[];
  const foreignService = (await b.admin.get(`${C}/list`, { pageSize: 1 })).body.data.list[0];
  const foreignType = (await b.admin.get('/api-chain/servicetype/list/all')).body.data[0];

  // Employees of our own, so that the test does not depend on the staff demo.
  const [onJob, left, named] = await inTenant(t.database.db, a.tenantId, (tx) =>
    tx
      .insert(employees)
      .values([
        {
          tenantId: a.tenantId,
          eecode: `X${uniq()}`,
          name: '在职美容师',
          positionId: beautician.id,
          shopId: shops[0].id,
          entryDate: '2024-01-01',
        },
        {
          tenantId: a.tenantId,
          eecode: `X${uniq()}`,
          name: '离职美容师',
          positionId: beautician.id,
          shopId: shops[0].id,
          entryDate: '2024-01-01',
          status: 0,
        },
        {
          tenantId: a.tenantId,
          eecode: `X${uniq()}`,
          name: '前台兼美甲',
          positionId: reception.id,
          shopId: shops[1].id,
          entryDate: '2024-01-01',
        },
      ])
      .returning({ id: employees.id }),
  );

  const newService = (fields: Record<string, unknown> = {}) => ({
    code: `T${uniq()}`,
    name: `测试项目${uniq()}`,
    serviceTypeId: cut.id,
    basePrice: 8800,
    ...fields,
  });
  const create = async (fields: Record<string, unknown> = {}) => {
    const res = await a.admin.post(`${C}/save`, newService(fields));
    expectStatus(res, 200);
    return res.body.data;
  };

  it('list and listPage page the services with type, department, positions and filters', async () => {
    for (const url of [`${C}/list`, `${C}/listPage`]) {
      const res = await a.admin.get(url, { pageSize: 200 });
      expectStatus(res, 200);
      expect(res.body.data.total).toBeGreaterThanOrEqual(60);
      const first = res.body.data.list.find((r: any) => r.code === 'FW001');
      expect(first).toMatchObject({
        name: '总监洗剪吹',
        serviceTypeName: '剪发',
        branchName: '门店事业部',
        line: 'mf',
        durationMinutes: 60,
        basePrice: 19800,
        status: 1,
        positions: [{ id: stylist.id, name: '发型师' }],
      });
    }
    const byType = (await a.admin.get(`${C}/list`, { serviceTypeId: skin.id, pageSize: 200 })).body.data.list as any[];
    expect(byType.length).toBeGreaterThan(5);
    expect(byType.every((r) => r.serviceTypeId === skin.id && r.line === 'mr')).toBe(true);
    const mr = (await a.admin.get(`${C}/list`, { line: 'mr', pageSize: 200 })).body.data;
    const mf = (await a.admin.get(`${C}/list`, { line: 'mf', pageSize: 200 })).body.data;
    expect(mr.total + mf.total).toBe((await a.admin.get(`${C}/list`)).body.data.total);
    const kw = (await a.admin.get(`${C}/list`, { keyword: '美甲' })).body.data.list as any[];
    expect(kw.length).toBeGreaterThan(2);
    expect(kw.every((r) => r.name.includes('美甲'))).toBe(true);
    const s = await create({ branchId: training.id, status: 0 });
    expect(ids((await a.admin.get(`${C}/list`, { branchId: training.id })).body.data.list)).toEqual([s.id]);
    expect(ids((await a.admin.get(`${C}/list`, { status: 0 })).body.data.list)).toContain(s.id);
    const sorted = (await a.admin.get(`${C}/list`, { sort: '-basePrice', pageSize: 30 })).body.data.list.map((r: any) => r.basePrice);
    expect(sorted).toEqual([...sorted].sort((x, y) => y - x));
    expect400(await a.admin.get(`${C}/list`, { line: 'xx' }), 'line');
    expectStatus(await anon.get(`${C}/list`), 401);
    expectStatus(await anon.get(`${C}/listPage`), 401);
  });

  it('pickers: findServiceList, listAll and list/chain answer enabled services; findbranch and findServiceType the filters', async () => {
    const off = await create({ status: 0 });
    for (const url of [`${C}/findServiceList`, `${B}/listAll`, `${B}/list/chain`]) {
      const res = await a.admin.get(url);
      expectStatus(res, 200);
      expect(res.body.data.length).toBeGreaterThanOrEqual(60);
      expect(ids(res.body.data)).not.toContain(off.id);
      expect(res.body.data[0]).toMatchObject({
        id: expect.any(Number),
        code: expect.any(String),
        basePrice: expect.any(Number),
        line: expect.any(String),
      });
      const mr = (await a.admin.get(url, { line: 'mr' })).body.data as any[];
      expect(mr.length).toBeGreaterThan(10);
      expect(mr.every((r) => r.line === 'mr')).toBe(true);
      const typed = (await a.admin.get(url, { serviceTypeId: cut.id })).body.data as any[];
      expect(typed.every((r) => r.serviceTypeName === '剪发')).toBe(true);
      expectStatus(await anon.get(url), 401);
    }
    const branchesWithServices = (await a.admin.get(`${C}/findbranch`)).body.data as any[];
    expect(branchesWithServices.map((x) => x.name)).toContain('门店事业部');
    expect(branchesWithServices.map((x) => x.name)).not.toContain('财务部');
    const typesWithServices = (await a.admin.get(`${C}/findServiceType`)).body.data as any[];
    expect(typesWithServices.map((x) => x.name)).toEqual(['剪发', '烫发', '染发', '护理', '头皮养护', '美容护肤', '美甲美睫']);
    expect(typesWithServices.every((x) => x.serviceCount > 0)).toBe(true);
    expectStatus(await anon.get(`${C}/findbranch`), 401);
  });

  it('newcode suggests the next code; save creates and updates with positions and employees', async () => {
    const code = (await a.admin.get(`${C}/newcode`)).body.data;
    expect(code).toMatch(/^FW\d{3}$/);
    const created = await a.admin.post(`${C}/save`, {
      code,
      name: '精致美甲',
      serviceTypeId: skin.id,
      branchId: training.id,
      line: 'mr',
      durationMinutes: 90,
      basePrice: 15800,
      positionIds: [beautician.id],
      employeeIds: [named.id],
      memo: '新项目',
    });
    expectStatus(created, 200);
    const s = created.body.data;
    expect(s).toMatchObject({
      code,
      serviceTypeName: '美容护肤',
      branchName: '培训部',
      line: 'mr',
      durationMinutes: 90,
      basePrice: 15800,
      perfRatio: null,
      positions: [{ id: beautician.id, name: '美容师' }],
      employees: [{ id: named.id, name: '前台兼美甲' }],
      version: 1,
    });
    expect((await a.admin.get(`${C}/newcode`)).body.data).not.toBe(code);
    expect((await a.admin.get(`${C}/${s.id}`)).body.data).toEqual(s);

    for (const prefix of [C, B]) {
      const who = await a.admin.get(`${prefix}/employees`, { serviceId: s.id });
      expectStatus(who, 200);
      const byId = new Map((who.body.data as any[]).map((e) => [e.id, e]));
      expect(byId.get(onJob.id)).toMatchObject({ name: '在职美容师', positionName: '美容师', named: false, shopId: shops[0].id });
      expect(byId.get(named.id)).toMatchObject({ name: '前台兼美甲', positionName: '前台接待', named: true });
      expect(byId.has(left.id)).toBe(false);
      const inShop = (await a.admin.get(`${prefix}/employees`, { serviceId: s.id, shopid: shops[1].id })).body.data as any[];
      expect(inShop.every((e) => e.shopId === shops[1].id)).toBe(true);
      expect(ids(inShop)).toContain(named.id);
      const pos = await a.admin.get(`${prefix}/positions`, { serviceId: s.id });
      expect(pos.body.data).toEqual([{ id: beautician.id, code: beautician.code, name: '美容师', status: 1 }]);
      expect400(await a.admin.get(`${prefix}/positions`), 'serviceId');
      expectStatus(await a.admin.get(`${prefix}/employees`, { serviceId: foreignService.id }), 404);
      expectStatus(await anon.get(`${prefix}/employees`, { serviceId: s.id }), 401);
    }

    const updated = await a.admin.post(`${C}/save`, {
      id: s.id,
      version: 1,
      code,
      name: '精致美甲（新）',
      serviceTypeId: skin.id,
      basePrice: 16800,
    });
    expectStatus(updated, 200);
    expect(updated.body.data).toMatchObject({
      name: '精致美甲（新）',
      basePrice: 16800,
      durationMinutes: 90,
      memo: '新项目',
      positions: [{ id: beautician.id, name: '美容师' }],
      employees: [{ id: named.id, name: '前台兼美甲' }],
      version: 2,
    });
    const replaced = await a.admin.post(`${C}/save`, {
      id: s.id,
      code,
      name: '精致美甲（新）',
      serviceTypeId: skin.id,
      basePrice: 16800,
      positionIds: [stylist.id, beautician.id],
      employeeIds: [],
    });
    expect(replaced.body.data.positions.map((p: any) => p.id).sort()).toEqual([stylist.id, beautician.id].sort());
    expect(replaced.body.data.employees).toEqual([]);
    expectStatus(await a.admin.post(`${C}/save`, { id: s.id, version: 1, code, name: 'x', serviceTypeId: skin.id, basePrice: 1 }), 409);
  });

  it('save answers 400 naming the field, 409 for a taken code, 404 for another tenant’s service', async () => {
    expect400(await a.admin.post(`${C}/save`, newService({ serviceTypeId: undefined })), 'serviceTypeId');
    expect400(await a.admin.post(`${C}/save`, newService({ basePrice: undefined })), 'basePrice');
    expect400(await a.admin.post(`${C}/save`, newService({ basePrice: 10.5 })), 'basePrice');
    expect400(await a.admin.post(`${C}/save`, newService({ line: 'xx' })), 'line');
    expect400(await a.admin.post(`${C}/save`, newService({ durationMinutes: 2 })), 'durationMinutes');
    expect400(await a.admin.post(`${C}/save`, newService({ perfRatio: 5000 })), 'perfRatio');
    expect400(await a.admin.post(`${C}/save`, newService({ serviceTypeId: foreignType.id })), 'serviceTypeId');
    expect400(await a.admin.post(`${C}/save`, newService({ positionIds: [stylist.id, 99_999_999] })), 'positionIds.1');
    expect400(await a.admin.post(`${C}/save`, newService({ employeeIds: [99_999_999] })), 'employeeIds.0');
    const s = await create();
    const dup = await a.admin.post(`${C}/save`, newService({ code: s.code }));
    expectStatus(dup, 409);
    expect(dup.body.resp_msg).toBe(`编码“${s.code}”已存在`);
    expect((await a.admin.post(`${C}/save`, newService({ code: s.code }), EN)).body.resp_msg).toBe(`Code "${s.code}" already exists`);
    expectStatus(await a.admin.post(`${C}/save`, { ...newService(), id: foreignService.id }), 404);
    expectStatus(await a.admin.get(`${C}/${foreignService.id}`), 404);
    expectStatus(await a.admin.get(`${C}/checkPackage/${foreignService.id}`), 404);
    expectStatus(await a.admin.get(`${C}/delete`, { id: foreignService.id }), 404);
    expectStatus(await a.admin.post(`${C}/delete`, { id: foreignService.id }), 404);
  });

  it('delete (GET ?id= and POST {id}) is refused while a package holds the service; otherwise the service is marked deleted', async () => {
    const pkg = (await a.admin.get('/api-chain/servicepackage/list', { keyword: '深层修护护理' })).body.data.list[0];
    const serviceId = (await a.admin.get(`/api-chain/servicepackage/findById/${pkg.id}`)).body.data.items[0].serviceId;
    const check = await a.admin.get(`${C}/checkPackage/${serviceId}`);
    expect(check.body.data).toEqual({ inPackage: true, packages: [pkg.name] });
    for (const res of [await a.admin.get(`${C}/delete`, { id: serviceId }), await a.admin.post(`${C}/delete`, { id: serviceId })]) {
      expectStatus(res, 409);
      expect(res.body.resp_msg).toBe(`不能删除：正被套餐“${pkg.name}”使用`);
    }
    const group = (await a.admin.post(`${G}/saveServiceGroup`, { code: `G${uniq()}`, name: '临时分组', serviceIds: [] })).body.data;
    for (const how of ['GET', 'POST']) {
      const s = await create();
      await a.admin.post(`${G}/saveServiceGroup`, { id: group.id, code: group.code, name: group.name, serviceIds: [s.id] });
      expect((await a.admin.get(`${C}/checkPackage/${s.id}`)).body.data).toEqual({ inPackage: false, packages: [] });
      const res = how === 'GET' ? await a.admin.get(`${C}/delete`, { id: s.id }) : await a.admin.post(`${C}/delete`, { id: s.id });
      expectStatus(res, 200);
      expect(res.body.data).toEqual({ id: s.id });
      expectStatus(await a.admin.get(`${C}/${s.id}`), 404);
      expect(ids((await a.admin.get(`${C}/list`, { keyword: s.code })).body.data.list)).toEqual([]);
      expect(ids((await a.admin.get(`${C}/findServiceList`)).body.data)).not.toContain(s.id);
      const groups = (await a.admin.post(`${G}/getServiceGroup`, {})).body.data as any[];
      expect(groups.find((g) => g.id === group.id).services).toEqual([]);
    }
    expect400(await a.admin.get(`${C}/delete`), 'id');
    expect400(await a.admin.post(`${C}/delete`, {}), 'id');
  });

  it('updateInfos changes many services at once, all or nothing', async () => {
    const [s1, s2] = [await create({ positionIds: [stylist.id] }), await create()];
    const res = await a.admin.post(`${C}/updateInfos`, {
      ids: [s1.id, s2.id],
      changes: { serviceTypeId: skin.id, branchId: training.id, line: 'mr', durationMinutes: 45, positionIds: [beautician.id] },
    });
    expectStatus(res, 200);
    expect(res.body.data).toEqual({ updated: 2 });
    for (const s of [s1, s2]) {
      const row = (await a.admin.get(`${C}/${s.id}`)).body.data;
      expect(row).toMatchObject({
        serviceTypeId: skin.id,
        branchId: training.id,
        line: 'mr',
        durationMinutes: 45,
        basePrice: 8800,
        positions: [{ id: beautician.id, name: '美容师' }],
        version: 2,
      });
    }
    const off = await a.admin.post(`${C}/updateInfos`, { ids: [s1.id], changes: { status: 0, branchId: null } });
    expect((await a.admin.get(`${C}/${s1.id}`)).body.data).toMatchObject({
      status: 0,
      branchId: null,
      positions: [{ id: beautician.id, name: '美容师' }],
    });
    expectStatus(off, 200);
    // one unknown id: nothing changes
    expectStatus(await a.admin.post(`${C}/updateInfos`, { ids: [s2.id, foreignService.id], changes: { durationMinutes: 30 } }), 404);
    expect((await a.admin.get(`${C}/${s2.id}`)).body.data.durationMinutes).toBe(45);
    expect400(
      await a.admin.post(`${C}/updateInfos`, { ids: [s2.id], changes: { serviceTypeId: foreignType.id } }),
      'changes.serviceTypeId',
    );
    expect400(await a.admin.post(`${C}/updateInfos`, { ids: [s2.id], changes: {} }), 'changes');
    expect400(await a.admin.post(`${C}/updateInfos`, { ids: [s2.id], changes: { basePrice: 1 } }), 'changes.basePrice');
    expect400(await a.admin.post(`${C}/updateInfos`, { ids: [], changes: { status: 1 } }), 'ids');
  });

  it('service groups: getServiceGroup lists groups with their services; saveServiceGroup creates, updates and reorders', async () => {
    const groups = await a.admin.post(`${G}/getServiceGroup`);
    expectStatus(groups, 200);
    expect((groups.body.data as any[]).map((g) => g.name)).toEqual(expect.arrayContaining(['热门项目', '新客体验', '美容精选']));
    const hot = (groups.body.data as any[]).find((g) => g.name === '热门项目');
    expect(hot.services.length).toBe(6);
    expect(hot.services[0]).toMatchObject({ name: '总监洗剪吹', basePrice: 19800 });
    const [s1, s2] = [await create(), await create()];
    const code = `G${uniq()}`;
    const created = await a.admin.post(`${G}/saveServiceGroup`, { code, name: '周末特惠', sort: 5, status: 1, serviceIds: [s2.id, s1.id] });
    expectStatus(created, 200);
    expect(created.body.data).toMatchObject({ code, name: '周末特惠', sort: 5, status: 1, version: 1 });
    expect(ids(created.body.data.services)).toEqual([s2.id, s1.id]);
    const renamed = await a.admin.post(`${G}/saveServiceGroup`, { id: created.body.data.id, version: 1, code, name: '周末特惠二' });
    expect(renamed.body.data).toMatchObject({ name: '周末特惠二', sort: 5, version: 2 });
    expect(ids(renamed.body.data.services)).toEqual([s2.id, s1.id]);
    const reordered = await a.admin.post(`${G}/saveServiceGroup`, {
      id: created.body.data.id,
      code,
      name: '周末特惠二',
      serviceIds: [s1.id],
    });
    expect(ids(reordered.body.data.services)).toEqual([s1.id]);
    const filtered = (await a.admin.post(`${G}/getServiceGroup`, { keyword: '周末' })).body.data as any[];
    expect(ids(filtered)).toEqual([created.body.data.id]);
    expectStatus(await a.admin.post(`${G}/saveServiceGroup`, { id: created.body.data.id, version: 1, code, name: 'x' }), 409);
    expectStatus(await a.admin.post(`${G}/saveServiceGroup`, { code, name: '重复' }), 409);
    expect400(
      await a.admin.post(`${G}/saveServiceGroup`, { code: `G${uniq()}`, name: 'x', serviceIds: [foreignService.id] }),
      'serviceIds.0',
    );
    expect400(await a.admin.post(`${G}/saveServiceGroup`, { code: `G${uniq()}` }), 'name');
    const foreignGroup = (await b.admin.post(`${G}/getServiceGroup`, {})).body.data[0];
    expectStatus(await a.admin.post(`${G}/saveServiceGroup`, { id: foreignGroup.id, code: 'x', name: 'x' }), 404);
    expectStatus(await a.admin.del(`${G}/${foreignGroup.id}`), 404);
    expectStatus(await a.admin.del(`${G}/${created.body.data.id}`), 200);
    expect(ids((await a.admin.post(`${G}/getServiceGroup`, {})).body.data)).not.toContain(created.body.data.id);
    expectStatus(await a.admin.get(`${C}/${s1.id}`), 200);
    expectStatus(await anon.post(`${G}/getServiceGroup`, {}), 401);
  });

  it('needs catalog.service.view to read and catalog.service.edit to write', async () => {
    const viewer = await createLimitedUser(t, a, { perms: ['catalog.service.view'] });
    expectStatus(await viewer.client.get(`${C}/list`), 200);
    expectStatus(await viewer.client.post(`${G}/getServiceGroup`, {}), 200);
    for (const res of [
      await viewer.client.post(`${C}/save`, newService()),
      await viewer.client.get(`${C}/delete`, { id: 1 }),
      await viewer.client.post(`${C}/delete`, { id: 1 }),
      await viewer.client.post(`${C}/updateInfos`, { ids: [1], changes: { status: 0 } }),
      await viewer.client.post(`${G}/saveServiceGroup`, { code: 'x', name: 'x' }),
      await viewer.client.get(`${C}/excelTemplate`),
    ])
      expectStatus(res, 403);
    const nobody = await createLimitedUser(t, a, { perms: [] });
    for (const url of [`${C}/list`, `${C}/listPage`, `${C}/newcode`, `${C}/checkPackage/1`])
      expectStatus(await nobody.client.get(url), 403);
    expectStatus(await nobody.client.post(`${G}/getServiceGroup`, {}), 403);
    expectStatus(await nobody.client.get(`${C}/findServiceList`), 200);
    for (const url of [`${C}/save`, `${C}/updateInfos`, `${C}/batchImport`, `${G}/saveServiceGroup`])
      expectStatus(await anon.post(url, {}), 401);
    expectStatus(await anon.get(`${C}/delete`, { id: 1 }), 401);
  });

  it('batchImport stores every row with its positions, or none', async () => {
    const template = await a.admin.get(`${C}/excelTemplate`);
    expect(template.headers['content-type']).toBe(XLSX);
    const read = await readTemplate(template.raw);
    expect(read.titles).toEqual(
      expect.arrayContaining(['*项目编码', '*项目名称', '*服务类型', '部门', '项目线', '项目大小', '*标准价(元)', '服务职位']),
    );
    expect(read.listValues.flat()).toEqual(expect.arrayContaining(['剪发', '美容护肤', '美发', '美容', '大项目', '小项目']));
    const codes = [`I${uniq()}`, `I${uniq()}`];
    const bad = await fillTemplate(template.raw, [
      { 项目编码: codes[0], 项目名称: '导入一', 服务类型: '剪发', '标准价(元)': 'abc' },
      { 项目编码: 'FW001', 项目名称: '导入二', 服务类型: '剪发', '标准价(元)': 10, 服务职位: '发型师、宇航员' },
      { 项目编码: codes[1], 项目名称: '导入三', 服务类型: '不存在', '标准价(元)': 10, '时长(分钟)': 2, 项目大小: '中项目' },
    ]);
    const refused = await upload(t, a.admin.token, `${C}/batchImport`, bad);
    expectStatus(refused, 400);
    expect(refused.body.data.errors).toEqual(
      expect.arrayContaining([
        { row: 2, column: '标准价(元)', message: expect.stringContaining('金额格式不正确') },
        { row: 3, column: '项目编码', message: '“FW001”已存在' },
        { row: 4, column: '服务类型', message: '“不存在”不存在或已停用' },
        { row: 4, column: '时长(分钟)', message: expect.stringContaining('5 到 1440') },
        { row: 4, column: '项目大小', message: '“中项目”不是可选值，请填写：大项目、小项目' },
      ]),
    );
    const positionsOnly = await fillTemplate(template.raw, [
      { 项目编码: codes[0], 项目名称: '导入一', 服务类型: '剪发', '标准价(元)': 10, 服务职位: '发型师、宇航员' },
    ]);
    const posRefused = await upload(t, a.admin.token, `${C}/batchImport`, positionsOnly);
    expect(posRefused.body.data.errors).toEqual([{ row: 2, column: '服务职位', message: '职位“宇航员”不存在或已停用' }]);
    expect((await a.admin.get(`${C}/list`, { keyword: codes[0] })).body.data.total).toBe(0);

    const good = await fillTemplate(template.raw, [
      {
        项目编码: codes[0],
        项目名称: '导入精剪',
        服务类型: '剪发',
        部门: '培训部',
        项目线: '美发',
        项目大小: '大项目',
        '时长(分钟)': 45,
        '标准价(元)': '98.5',
        服务职位: '发型师，助理',
      },
      { 项目编码: codes[1], 项目名称: '导入护肤', 服务类型: 'FL006', 项目线: '美容', '标准价(元)': 268, 状态: '停用' },
    ]);
    const res = await upload(t, a.admin.token, `${C}/batchImport`, good);
    expectStatus(res, 200);
    expect(res.body.data).toEqual({ imported: 2 });
    const [first] = (await a.admin.get(`${C}/list`, { keyword: codes[0] })).body.data.list;
    expect(first).toMatchObject({
      name: '导入精剪',
      serviceTypeName: '剪发',
      branchName: '培训部',
      line: 'mf',
      serType: 1,
      durationMinutes: 45,
      basePrice: 9850,
    });
    expect(first.positions.map((p: any) => p.name).sort()).toEqual(['助理', '发型师'].sort());
    const [second] = (await a.admin.get(`${C}/list`, { keyword: codes[1] })).body.data.list;
    expect(second).toMatchObject({
      serviceTypeName: '美容护肤',
      line: 'mr',
      basePrice: 26800,
      serType: 2,
      status: 0,
      durationMinutes: 60,
      positions: [],
    });
    const exported = await a.admin.get(`${C}/export`, { keyword: codes[0] });
    expect(exported.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.raw as unknown as ExcelJS.Buffer);
    const rows = (book.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    const at = rows[0].indexOf('项目大小');
    expect(at).toBeGreaterThan(0);
    expect(rows.find((r) => r[0] === codes[0])?.[at]).toBe('大项目');
  });
});
