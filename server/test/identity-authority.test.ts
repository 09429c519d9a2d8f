import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { APPROVERS } from '../src/seed/demo-access.js';
import { type Answer, build, type Client } from './helpers.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const uniq = () => randomBytes(3).toString('hex').toUpperCase();
const A = '/api-cashier/modelauthority';

function expect400(res: Answer, path: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.resp_code).toBe('400');
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
}

function expectStatus(res: Answer, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.resp_code).toBe(String(status));
}

describe('identity till authority and position roles', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.tenant();
  const anon = t.client();
  const positions = (await a.admin.get('/api-chain/position/list/all')).body.data as any[];
  const position = (name: string) => positions.find((p) => p.name === name);
  const authorities = async (c: Client = a.admin, q: Record<string, unknown> = {}) =>
    (await c.get(A, { pageSize: 200, ...q })).body.data.list as any[];
  const foreignAuthority = (await b.admin.post(`${A}/save`, { code: 'QX001', name: '店长权限' })).body.data;
  const foreignPosition = (await b.admin.post('/api-chain/position/save', { code: 'ZW001', name: '店长' })).body.data;
  const foreignRole = (await b.admin.post(`${A}/savePositionRole`, { positionId: foreignPosition.id, authorityId: foreignAuthority.id }))
    .body.data;

  const create = async (fields: Record<string, unknown> = {}) => {
    const res = await a.admin.post(`${A}/save`, { code: `QX${uniq()}`, name: `权限${uniq()}`, ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const newPosition = async () => {
    const res = await a.admin.post('/api-chain/position/save', { code: `ZW${uniq()}`, name: `职位${uniq()}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('the demo chain has two authorities and position roles for 店长 and 前台接待', async () => {
    const list = await authorities();
    expect(list.map((x) => x.name)).toEqual(['店长权限', '收银员权限']);
    expect(list[0]).toMatchObject({
      code: 'QX001',
      discountFloor: 70,
      canRevoke: true,
      canRefund: true,
      canChangePrice: true,
      status: 1,
      positionCount: 1,
    });
    expect(list[1]).toMatchObject({
      code: 'QX002',
      discountFloor: 95,
      canRevoke: false,
      canRefund: false,
      canChangePrice: false,
      positionCount: 1,
    });
    const roles = (await a.admin.get(`${A}/positionRoleList`)).body.data as any[];
    expect(roles).toHaveLength(positions.length);
    expect(roles.find((r) => r.positionName === '店长')).toMatchObject({
      authorityId: list[0].id,
      authority: { name: '店长权限', discountFloor: 70 },
    });
    expect(roles.find((r) => r.positionName === '前台接待').authority.name).toBe('收银员权限');
    const without = roles.find((r) => r.positionName === '发型师');
    expect(without).toMatchObject({ id: null, authorityId: null, authority: null, positionId: position('发型师').id });

    const roleNames = ((await a.admin.get('/api-user/roles/roleList')).body.data.list as any[]).map((r) => r.name);
    expect(roleNames).toEqual(expect.arrayContaining(['区域经理', '店长', '收银员', '财务']));
    const users = (await a.admin.get('/api-user/users')).body.data;
    // the admin and the petty-cash approvers of the departments the demo chain has
    const approvers = Object.values(APPROVERS).map(([username]) => username);
    const [admin, ...others]: string[] = users.list.map((u: any) => u.username as string).sort();
    expect(admin).toBe('admin');
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((u) => !approvers.includes(u))).toEqual([]);
  });

  it('lists authorities: keyword, status, paging, sort', async () => {
    const tag = uniq();
    const x = await create({ name: `甲${tag}`, discountFloor: 80 });
    const y = await create({ name: `乙${tag}`, status: 0 });
    expect((await authorities(a.admin, { keyword: tag })).map((r) => r.id)).toEqual(
      [x, y].sort((m, n) => m.code.localeCompare(n.code)).map((r) => r.id),
    );
    expect((await authorities(a.admin, { keyword: tag, status: 0 })).map((r) => r.id)).toEqual([y.id]);
    expect((await authorities(a.admin, { keyword: tag, sort: 'discountFloor' })).map((r) => r.id)).toEqual([x.id, y.id]);
    const page = (await a.admin.get(A, { keyword: tag, page: 2, pageSize: 1 })).body.data;
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect((await authorities()).map((r) => r.id)).not.toContain(foreignAuthority.id);
    expect400(await a.admin.get(A, { status: 9 }), 'status');
  });

  it('saves and edits an authority; 409 for a duplicate code or a stale version; 400 for bad values', async () => {
    const created = await create({ discountFloor: 85, canRefund: true, memo: '试用' });
    expect(created).toMatchObject({
      discountFloor: 85,
      canRevoke: false,
      canRefund: true,
      canChangePrice: false,
      status: 1,
      memo: '试用',
      version: 1,
      positionCount: 0,
    });
    expect(created).not.toHaveProperty('tenantId');
    const edited = await a.admin.post(`${A}/edit`, { id: created.id, code: created.code, name: '改名', version: 1 });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ name: '改名', discountFloor: 85, canRefund: true, memo: '试用', version: 2 });
    const saved = await a.admin.post(`${A}/save`, { id: created.id, code: created.code, name: '再改', canRevoke: true });
    expect(saved.body.data).toMatchObject({ name: '再改', canRevoke: true, version: 3 });
    expectStatus(await a.admin.post(`${A}/edit`, { id: created.id, code: created.code, name: 'x', version: 1 }), 409);

    const dup = await a.admin.post(`${A}/save`, { code: created.code, name: '重复' });
    expectStatus(dup, 409);
    expect(dup.body.resp_msg).toBe(`编码“${created.code}”已存在`);
    expect400(await a.admin.post(`${A}/edit`, { code: 'X', name: 'x' }), 'id');
    expect400(await a.admin.post(`${A}/save`, { code: 'X', name: 'x', discountFloor: 101 }), 'discountFloor');
    expect400(await a.admin.post(`${A}/save`, { code: 'X', name: 'x', discountFloor: 50.5 }), 'discountFloor');
    expect400(await a.admin.post(`${A}/save`, { code: 'X', name: 'x', canRevoke: 'yes' }), 'canRevoke');
    expect400(await a.admin.post(`${A}/save`, { name: 'x' }), 'code');
    expect400(await a.admin.post(`${A}/save`, { code: 'X', name: 'x', maxRefund: 100 }), 'maxRefund');
    expectStatus(await a.admin.post(`${A}/edit`, { id: foreignAuthority.id, code: 'X', name: 'x' }), 404);
    expectStatus(await a.admin.post(`${A}/save`, { id: foreignAuthority.id, code: 'X', name: 'x' }), 404);
  });

  it('an authority used by a position cannot be disabled', async () => {
    const used = await create();
    const p = await newPosition();
    await a.admin.post(`${A}/savePositionRole`, { positionId: p.id, authorityId: used.id });
    const refused = await a.admin.post(`${A}/save`, { id: used.id, code: used.code, name: used.name, status: 0 });
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toBe(`收银权限正被职位“${p.name}”使用，不能停用`);
    expect((await a.admin.post(`${A}/save`, { id: used.id, code: used.code, name: used.name, status: 0 }, EN)).body.resp_msg).toBe(
      `This till authority is used by the position "${p.name}"; it cannot be disabled`,
    );
    const unused = await create();
    expect((await a.admin.post(`${A}/edit`, { id: unused.id, code: unused.code, name: unused.name, status: 0 })).body.data.status).toBe(0);
    // A disabled authority cannot be given to a position.
    expect400(await a.admin.post(`${A}/savePositionRole`, { positionId: (await newPosition()).id, authorityId: unused.id }), 'authorityId');
  });

  it('position roles: one per position, edit, delete; the position keeps showing without one', async () => {
    const p = await newPosition();
    const x = await create();
    const y = await create();
    const saved = await a.admin.post(`${A}/savePositionRole`, { positionId: p.id, authorityId: x.id, memo: '新职位' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      positionId: p.id,
      positionName: p.name,
      authorityId: x.id,
      memo: '新职位',
      version: 1,
      authority: { id: x.id, name: x.name },
    });
    const id = saved.body.data.id as number;

    const second = await a.admin.post(`${A}/savePositionRole`, { positionId: p.id, authorityId: y.id });
    expectStatus(second, 409);
    expect(second.body.resp_msg).toBe(`职位“${p.name}”已经设置了收银权限，请修改原来的设置`);

    const edited = await a.admin.post(`${A}/editPositionRole`, { id, positionId: p.id, authorityId: y.id, version: 1 });
    expect(edited.body.data).toMatchObject({ id, authorityId: y.id, memo: '新职位', version: 2, authority: { name: y.name } });
    expectStatus(await a.admin.post(`${A}/editPositionRole`, { id, positionId: p.id, authorityId: x.id, version: 1 }), 409);
    const manager = position('店长');
    expectStatus(await a.admin.post(`${A}/editPositionRole`, { id, positionId: manager.id, authorityId: y.id }), 409);
    const viaSave = await a.admin.post(`${A}/savePositionRole`, { id, positionId: p.id, authorityId: x.id });
    expect(viaSave.body.data.authorityId).toBe(x.id);

    expect400(await a.admin.post(`${A}/editPositionRole`, { positionId: p.id, authorityId: x.id }), 'id');
    expect400(await a.admin.post(`${A}/savePositionRole`, { positionId: foreignPosition.id, authorityId: x.id }), 'positionId');
    expect400(await a.admin.post(`${A}/savePositionRole`, { positionId: p.id, authorityId: foreignAuthority.id }), 'authorityId');
    expect400(await a.admin.post(`${A}/savePositionRole`, { authorityId: x.id }), 'positionId');
    expectStatus(await a.admin.post(`${A}/editPositionRole`, { id: foreignRole.id, positionId: p.id, authorityId: x.id }), 404);

    const deleted = await a.admin.del(`${A}/deletePositionRole/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id });
    const row = ((await a.admin.get(`${A}/positionRoleList`)).body.data as any[]).find((r) => r.positionId === p.id);
    expect(row).toMatchObject({ id: null, authority: null });
    expectStatus(await a.admin.del(`${A}/deletePositionRole/${id}`), 404);
    expectStatus(await a.admin.del(`${A}/deletePositionRole/${foreignRole.id}`), 404);
    expect((await b.admin.get(`${A}/positionRoleList`)).body.data.find((r: any) => r.id === foreignRole.id)).toBeTruthy();
    // A position with a till authority cannot be deleted.
    await a.admin.post(`${A}/savePositionRole`, { positionId: p.id, authorityId: x.id });
    expectStatus(await a.admin.del(`/api-chain/position/${p.id}`), 409);
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    const x = await create();
    const reads = (c: Client) => [c.get(A), c.get(`${A}/positionRoleList`)];
    const writes = (c: Client) => [
      c.post(`${A}/save`, { code: `QX${uniq()}`, name: 'x' }),
      c.post(`${A}/edit`, { id: x.id, code: x.code, name: 'x' }),
      c.post(`${A}/savePositionRole`, { positionId: positions[0].id, authorityId: x.id }),
      c.post(`${A}/editPositionRole`, { id: 1, positionId: positions[0].id, authorityId: x.id }),
      c.del(`${A}/deletePositionRole/1`),
    ];
    for (const res of await Promise.all([...reads(anon), ...writes(anon)])) expectStatus(res, 401);
    const nobody = await createLimitedUser(t, a, { perms: [] });
    for (const res of await Promise.all(reads(nobody.client))) expectStatus(res, 403);
    const viewer = await createLimitedUser(t, a, { perms: ['identity.authority.view'] });
    for (const res of await Promise.all(reads(viewer.client))) expect(res.status).toBe(200);
    for (const res of await Promise.all(writes(viewer.client))) expectStatus(res, 403);
  });
});
