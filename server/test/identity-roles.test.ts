import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Answer, build, type Client } from './helpers.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const uniq = () => randomBytes(3).toString('hex').toUpperCase();
const R = '/api-user/roles';

function expect400(res: Answer, path: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.resp_code).toBe('400');
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
}

function expectStatus(res: Answer, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.resp_code).toBe(String(status));
}

/** Every node of a menu tree, depth first. */
function flatten(nodes: any[]): any[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

describe('identity roles, role types and role menus', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.tenant();
  const anon = t.client();

  const allRoles = async (c: Client = a.admin) => (await c.get(`${R}/roleList`, { pageSize: 200 })).body.data.list as any[];
  const roles = await allRoles();
  const superRole = roles.find((r) => r.isSuper);
  const shopManager = roles.find((r) => r.name === '店长');
  const foreignType = (await b.admin.post('/api-user/roletype/save', { code: 'JS001', name: '总部' })).body.data;
  const foreignRole = (await b.admin.post(`${R}/saveOrUpdate`, { code: 'shop_manager', name: '店长', roleTypeId: foreignType.id })).body
    .data;
  const menus = (await a.admin.get('/api-user/menus/getAllMenus')).body.data as any[];
  const menuId = (key: string) => menus.find((m) => m.key === key)?.id as number;
  const foreignMenus = (await b.admin.get('/api-user/menus/getAllMenus')).body.data as any[];
  const types = (await a.admin.get('/api-user/roletype/list/all')).body.data as any[];

  const create = async (fields: Record<string, unknown> = {}) => {
    const res = await a.admin.post(`${R}/saveOrUpdate`, { code: `R${uniq()}`, name: `角色${uniq()}`, ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const addUser = async (roleIds: number[]) => {
    const res = await a.admin.post('/api-user/users/saveOrUpdate', {
      username: `u${uniq()}`,
      name: '用户',
      password: 'secret-123',
      roleIds,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('lists roles with role type and user count; filters, pages and sorts', async () => {
    expect(roles[0]).toMatchObject({ isSuper: true, code: 'admin', userCount: 1 });
    expect(roles.map((r) => r.name)).toEqual(expect.arrayContaining(['区域经理', '店长', '收银员', '财务']));
    expect(shopManager).toMatchObject({ roleTypeName: '门店', status: 1, userCount: 0, version: 1 });
    expect(shopManager).not.toHaveProperty('tenantId');

    const shopType = types.find((x) => x.name === '门店');
    const byType = (await a.admin.get(`${R}/roleList`, { roleTypeId: shopType.id })).body.data;
    expect(byType.list.map((r: any) => r.name).sort()).toEqual(['店长', '收银员'].sort());
    const off = await create({ status: 0, name: `停用角色${uniq()}` });
    expect((await a.admin.get(`${R}/roleList`, { status: 0 })).body.data.list.map((r: any) => r.id)).toEqual([off.id]);
    expect((await a.admin.get(`${R}/roleList`, { keyword: off.code })).body.data.list.map((r: any) => r.id)).toEqual([off.id]);
    const sorted = (await a.admin.get(`${R}/roleList`, { sort: '-code', pageSize: 200 })).body.data.list.map((r: any) => r.code);
    expect(sorted).toEqual([...sorted].sort().reverse());
    const page2 = (await a.admin.get(`${R}/roleList`, { page: 2, pageSize: 2 })).body.data;
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: roles.length + 1 });
    expect(page2.list).toHaveLength(2);
    expect400(await a.admin.get(`${R}/roleList`, { status: 3 }), 'status');
    expect400(await a.admin.get(`${R}/roleList`, { roleTypeId: -1 }), 'roleTypeId');

    const picker = (await a.admin.get(`${R}/getSysRoleList`)).body.data as any[];
    expect(picker.map((r) => r.id)).not.toContain(off.id);
    expect(picker.map((r) => r.id)).toEqual(expect.arrayContaining([superRole.id, shopManager.id]));
  });

  it('counts only the holders a viewer limited to some shops may see', async () => {
    const shops = (await a.admin.get('/api-chain/shop', { pageSize: 200 })).body.data.list as { id: number }[];
    const [mine, theirs] = shops;
    const role = await create();
    const holder = async (shopIds: number[]) => {
      const res = await a.admin.post('/api-user/users/saveOrUpdate', {
        username: `u${uniq()}`,
        name: '用户',
        password: 'secret-123',
        roleIds: [role.id],
        managerShopIds: shopIds,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await holder([mine.id]);
    await holder([mine.id, theirs.id]);
    await holder([theirs.id]);
    await holder([]);
    const viewer = await createLimitedUser(t, a, { perms: ['identity.role.view'], managerShops: [mine.id] });
    const seen = async (c: Client) => {
      const listed = (await c.get(`${R}/roleList`, { keyword: role.code })).body.data.list;
      const byId = (await c.post(`${R}/roleListById`, { ids: [role.id] })).body.data;
      expect(byId[0].userCount).toBe(listed[0].userCount);
      return listed[0].userCount as number;
    };
    expect(await seen(a.admin)).toBe(4);
    expect(await seen(viewer.client)).toBe(1);
    expect((await viewer.client.get(`${R}/getUsersByRoleId/${role.id}`)).body.data).toHaveLength(1);
    expectStatus(await anon.get(`${R}/roleList`), 401);
    expectStatus(
      await (await createLimitedUser(t, a, { perms: ['identity.user.view'], managerShops: [mine.id] })).client.get(`${R}/roleList`),
      403,
    );
  });

  it('roleListById answers those roles; 404 when one is unknown or foreign', async () => {
    const res = await a.admin.post(`${R}/roleListById`, { ids: [shopManager.id, superRole.id, shopManager.id] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: any) => r.id).sort()).toEqual([shopManager.id, superRole.id].sort());
    expect((await a.admin.post(`${R}/roleListById`, { ids: [] })).body.data).toEqual([]);
    expectStatus(await a.admin.post(`${R}/roleListById`, { ids: [shopManager.id, foreignRole.id] }), 404);
    expect400(await a.admin.post(`${R}/roleListById`, { ids: 'x' }), 'ids');
  });

  it('creates and updates roles; duplicate code 409; unknown role type 400; stale version 409', async () => {
    const role = await create({ roleTypeId: types[0].id, memo: '备注' });
    expect(role).toMatchObject({ roleTypeName: types[0].name, isSuper: false, status: 1, memo: '备注', userCount: 0, version: 1 });
    const updated = await a.admin.post(`${R}/saveOrUpdate`, { id: role.id, code: role.code, name: '新名字', version: 1 });
    expect(updated.body.data).toMatchObject({ name: '新名字', memo: '备注', roleTypeId: types[0].id, version: 2 });
    expectStatus(await a.admin.post(`${R}/saveOrUpdate`, { id: role.id, code: role.code, name: 'x', version: 1 }), 409);

    const dup = await a.admin.post(`${R}/saveOrUpdate`, { code: role.code, name: '重复' });
    expectStatus(dup, 409);
    expect(dup.body.resp_msg).toBe(`编码“${role.code}”已存在`);
    expect400(await a.admin.post(`${R}/saveOrUpdate`, { code: `R${uniq()}`, name: 'x', roleTypeId: 99999999 }), 'roleTypeId');
    expect400(await a.admin.post(`${R}/saveOrUpdate`, { code: `R${uniq()}`, name: 'x', roleTypeId: foreignType.id }), 'roleTypeId');
    expect400(await a.admin.post(`${R}/saveOrUpdate`, { name: 'x' }), 'code');
    expect400(await a.admin.post(`${R}/saveOrUpdate`, { code: 'x', name: 'x', isSuper: true }), 'isSuper');
    expect400(await a.admin.post(`${R}/saveOrUpdate`, { code: 'x', name: 'x', status: 5 }), 'status');
    expectStatus(await a.admin.post(`${R}/saveOrUpdate`, { id: foreignRole.id, code: 'x', name: 'x' }), 404);
  });

  it('protects the super role: no disable, no delete, no menus', async () => {
    const off = await a.admin.post(`${R}/saveOrUpdate`, { id: superRole.id, code: 'admin', name: '超级管理员', status: 0 });
    expectStatus(off, 409);
    expect(off.body.resp_msg).toBe('超级管理员角色不能删除、停用，也不需要分配菜单（它拥有全部权限）');
    const renamed = await a.admin.post(`${R}/saveOrUpdate`, { id: superRole.id, code: 'admin', name: '老板' });
    expect(renamed.body.data).toMatchObject({ name: '老板', isSuper: true, status: 1 });
    expectStatus(await a.admin.del(`${R}/${superRole.id}`), 409);
    expectStatus(await a.admin.post(`${R}/saveRoleMenuList/${superRole.id}`, { menuIds: [] }), 409);
    expectStatus(await a.admin.post(`${R}/saveCopyRoleMenu`, { fromRoleId: shopManager.id, toRoleIds: [superRole.id] }), 409);
    expect((await a.admin.get('/api-user/me')).body.data.isSuper).toBe(true);
  });

  it('deletes a free role; refuses one that users hold, saying how many', async () => {
    const role = await create();
    await addUser([role.id]);
    await addUser([role.id, shopManager.id]);
    const held = await a.admin.del(`${R}/${role.id}`);
    expectStatus(held, 409);
    expect(held.body.resp_msg).toBe('不能删除：还有 2 个用户在使用该角色，请先把他们换成其他角色');
    expect((await a.admin.del(`${R}/${role.id}`, EN)).body.resp_msg).toBe(
      'Cannot delete: 2 user(s) still hold this role; give them another role first',
    );
    expect((await a.admin.get(`${R}/roleList`, { keyword: role.code })).body.data.list[0].userCount).toBe(2);

    const free = await create();
    await a.admin.post(`${R}/saveRoleMenuList/${free.id}`, { menuIds: [menuId('org.shop')] });
    const gone = await a.admin.del(`${R}/${free.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.data).toEqual({ id: free.id });
    expectStatus(await a.admin.get(`${R}/getUsersByRoleId/${free.id}`), 404);
    expectStatus(await a.admin.del(`${R}/${foreignRole.id}`), 404);
    expect((await b.admin.get(`${R}/getUsersByRoleId/${foreignRole.id}`)).status).toBe(200);
  });

  it('getUsersByRoleId lists the holders', async () => {
    const role = await create();
    const u1 = await addUser([role.id]);
    const u2 = await addUser([role.id]);
    const res = await a.admin.get(`${R}/getUsersByRoleId/${role.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: any) => u.id).sort()).toEqual([u1.id, u2.id].sort());
    expect(res.body.data[0]).toEqual(expect.objectContaining({ username: expect.any(String), name: '用户', status: 1 }));
    expect((await a.admin.get(`${R}/getUsersByRoleId/${(await create()).id}`)).body.data).toEqual([]);
    expectStatus(await a.admin.get(`${R}/getUsersByRoleId/${foreignRole.id}`), 404);
  });

  it('findRoleMenuList: every app with its tree, checked where the role holds the menu', async () => {
    const res = await a.admin.get(`${R}/findRoleMenuList/${shopManager.id}`);
    expect(res.status).toBe(200);
    const apps = res.body.data as any[];
    expect(apps.map((x) => x.appId)).toEqual(expect.arrayContaining(['admin', 'docs']));
    const admin = apps.find((x) => x.appId === 'admin');
    expect(admin.name).toBe('总部管理');
    const nodes = flatten(admin.menus);
    expect(nodes.length).toBe(menus.filter((m) => m.appId === 'admin').length);
    expect(
      nodes
        .filter((n) => n.checked)
        .map((n) => n.key)
        .sort(),
    ).toEqual(['org.shop', 'org.shop.edit', 'staff.employee', 'staff.employee.edit'].sort());
    const shopPage = nodes.find((n) => n.key === 'org.shop');
    expect(shopPage.children.map((c: any) => c.key)).toEqual(['org.shop.edit']);
    const asSuper = (await a.admin.get(`${R}/findRoleMenuList/${superRole.id}`)).body.data as any[];
    expect(flatten(asSuper.find((x) => x.appId === 'admin').menus).every((n) => n.checked)).toBe(true);
    expectStatus(await a.admin.get(`${R}/findRoleMenuList/${foreignRole.id}`), 404);
  });

  it("saveRoleMenuList replaces a role's menus across apps; getRoleMenus answers them; foreign menus 404", async () => {
    const role = await create();
    const docsDir = await a.admin.post('/api-user/menus/saveOrUpdate', { appId: 'docs', key: `docs.${uniq()}`, type: 'dir', name: '文档' });
    expect(docsDir.status, JSON.stringify(docsDir.body)).toBe(200);
    const wanted = [menuId('org.region'), menuId('org.region.edit'), docsDir.body.data.id];
    const res = await a.admin.post(`${R}/saveRoleMenuList/${role.id}`, { menuIds: [...wanted, wanted[0]] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.menuIds).toEqual([...wanted].sort((x, y) => x - y));
    expect((await a.admin.get(`/api-user/menus/getRoleMenus/${role.id}`)).body.data).toEqual([...wanted].sort((x, y) => x - y));
    const tree = (await a.admin.get(`${R}/findRoleMenuList/${role.id}`)).body.data as any[];
    expect(flatten(tree.find((x) => x.appId === 'docs').menus).find((n) => n.id === docsDir.body.data.id).checked).toBe(true);

    await a.admin.post(`${R}/saveRoleMenuList/${role.id}`, { menuIds: [menuId('org.shop')] });
    expect((await a.admin.get(`/api-user/menus/getRoleMenus/${role.id}`)).body.data).toEqual([menuId('org.shop')]);
    expectStatus(await a.admin.post(`${R}/saveRoleMenuList/${role.id}`, { menuIds: [menuId('org.shop'), foreignMenus[0].id] }), 404);
    expectStatus(await a.admin.post(`${R}/saveRoleMenuList/${role.id}`, { menuIds: [99999999] }), 404);
    expect((await a.admin.get(`/api-user/menus/getRoleMenus/${role.id}`)).body.data).toEqual([menuId('org.shop')]);
    expectStatus(await a.admin.post(`${R}/saveRoleMenuList/${foreignRole.id}`, { menuIds: [] }), 404);
    expectStatus(await a.admin.get(`/api-user/menus/getRoleMenus/${foreignRole.id}`), 404);
    expect400(await a.admin.post(`${R}/saveRoleMenuList/${role.id}`, { menuIds: [0] }), 'menuIds.0');
    expect400(await a.admin.post(`${R}/saveRoleMenuList/${role.id}`, {}), 'menuIds');
  });

  it("saveCopyRoleMenu gives the targets exactly the source's menus", async () => {
    const t1 = await create();
    const t2 = await create();
    await a.admin.post(`${R}/saveRoleMenuList/${t1.id}`, { menuIds: [menuId('identity.log')] });
    const res = await a.admin.post(`${R}/saveCopyRoleMenu`, { fromRoleId: shopManager.id, toRoleIds: [t1.id, t2.id, shopManager.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const source = (await a.admin.get(`/api-user/menus/getRoleMenus/${shopManager.id}`)).body.data;
    expect(source).toHaveLength(4);
    for (const target of [t1, t2]) expect((await a.admin.get(`/api-user/menus/getRoleMenus/${target.id}`)).body.data).toEqual(source);
    expect(res.body.data.toRoleIds).toEqual([t1.id, t2.id]);
    expectStatus(await a.admin.post(`${R}/saveCopyRoleMenu`, { fromRoleId: foreignRole.id, toRoleIds: [t1.id] }), 404);
    expectStatus(await a.admin.post(`${R}/saveCopyRoleMenu`, { fromRoleId: shopManager.id, toRoleIds: [t1.id, foreignRole.id] }), 404);
    expect400(await a.admin.post(`${R}/saveCopyRoleMenu`, { fromRoleId: shopManager.id, toRoleIds: [] }), 'toRoleIds');
    expect400(await a.admin.post(`${R}/saveCopyRoleMenu`, { toRoleIds: [t1.id] }), 'fromRoleId');
  });

  it('role menus change rights at the next request; editors cannot grant rights they lack', async () => {
    const role = await create();
    const res = await a.admin.post('/api-user/users/saveOrUpdate', {
      username: `u${uniq()}`,
      name: 'x',
      password: 'secret-123',
      roleIds: [role.id],
    });
    const login = await t.login(a.code, res.body.data.username, 'secret-123');
    const c = t.client(login.body.data.access_token);
    expectStatus(await c.get('/api-chain/branch/list'), 403);
    await a.admin.post(`${R}/saveRoleMenuList/${role.id}`, { menuIds: [menuId('org.dict.branch')] });
    expect((await c.get('/api-chain/branch/list')).status).toBe(200);
    await a.admin.post(`${R}/saveOrUpdate`, { id: role.id, code: role.code, name: role.name, status: 0 });
    expectStatus(await c.get('/api-chain/branch/list'), 403);
    await a.admin.post(`${R}/saveOrUpdate`, { id: role.id, code: role.code, name: role.name, status: 1 });
    expect((await c.get('/api-chain/branch/list')).status).toBe(200);
    await a.admin.post(`${R}/saveRoleMenuList/${role.id}`, { menuIds: [] });
    expectStatus(await c.get('/api-chain/branch/list'), 403);

    const editor = await createLimitedUser(t, a, { perms: ['identity.role.view', 'identity.role.edit', 'org.shop.view'] });
    const target = await create();
    expect((await editor.client.post(`${R}/saveRoleMenuList/${target.id}`, { menuIds: [menuId('org.shop')] })).status).toBe(200);
    const beyond = await editor.client.post(`${R}/saveRoleMenuList/${target.id}`, {
      menuIds: [menuId('org.shop'), menuId('org.shop.edit')],
    });
    expectStatus(beyond, 403);
    expect(beyond.body.resp_msg).toBe('不能授予自己没有的权限：“新增/编辑/删除”');
    expectStatus(await editor.client.post(`${R}/saveCopyRoleMenu`, { fromRoleId: shopManager.id, toRoleIds: [target.id] }), 403);
    // Menus the role already had may stay, and removing is always allowed.
    await a.admin.post(`${R}/saveRoleMenuList/${target.id}`, { menuIds: [menuId('org.shop'), menuId('org.shop.edit')] });
    expect(
      (await editor.client.post(`${R}/saveRoleMenuList/${target.id}`, { menuIds: [menuId('org.shop'), menuId('org.shop.edit')] })).status,
    ).toBe(200);
    expect((await editor.client.post(`${R}/saveRoleMenuList/${target.id}`, { menuIds: [] })).status).toBe(200);
  });

  it('role types: the dictionary pattern at /api-user/roletype, with a menu page', async () => {
    const list = await a.admin.get('/api-user/roletype/list');
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((r: any) => r.name)).toEqual(['总部', '门店', '财务']);
    expect((await a.admin.get('/api-user/roletype/getMaxId')).body.data.nextCode).toBe('JS004');
    const saved = await a.admin.post('/api-user/roletype/save', { code: 'JS004', name: '外包' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expectStatus(await a.admin.post('/api-user/roletype/save', { code: 'JS004', name: '重复' }), 409);
    const used = types.find((x) => x.name === '门店');
    const refused = await a.admin.del(`/api-user/roletype/${used.id}`);
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toMatch(/^不能删除：正被角色“(店长|收银员)”使用$/);
    expect((await a.admin.del(`/api-user/roletype/${saved.body.data.id}`)).status).toBe(200);
    expectStatus(await a.admin.get(`/api-user/roletype/${foreignType.id}`), 404);
    expect400(await a.admin.post('/api-user/roletype/save', { name: 'x' }), 'code');

    const page = menus.find((m) => m.key === 'identity.roletype');
    expect(page).toMatchObject({
      type: 'page',
      name: '角色类型',
      nameEn: 'Role types',
      url: '/admin/org/dict/roletype',
      permKey: 'identity.roletype.view',
    });
    expect(menus.find((m) => m.key === 'identity.roletype.edit')).toMatchObject({ type: 'action', parentId: page.id });
    const viewer = await createLimitedUser(t, a, { perms: ['identity.roletype.view'] });
    expect((await viewer.client.get('/api-user/roletype/list')).status).toBe(200);
    expectStatus(await viewer.client.post('/api-user/roletype/save', { code: 'JS009', name: 'x' }), 403);
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    const role = await create();
    const routes: [string, string, unknown?][] = [
      ['GET', `${R}/roleList`],
      ['POST', `${R}/saveOrUpdate`, { code: 'x', name: 'x' }],
      ['DELETE', `${R}/${role.id}`],
      ['GET', `${R}/getUsersByRoleId/${role.id}`],
      ['GET', `${R}/findRoleMenuList/${role.id}`],
      ['POST', `${R}/saveRoleMenuList/${role.id}`, { menuIds: [] }],
      ['POST', `${R}/saveCopyRoleMenu`, { fromRoleId: shopManager.id, toRoleIds: [role.id] }],
      ['GET', `/api-user/menus/getRoleMenus/${role.id}`],
      ['GET', '/api-user/roletype/list'],
    ];
    const call = (c: Client, [method, url, payload]: [string, string, unknown?]) =>
      method === 'GET' ? c.get(url) : method === 'DELETE' ? c.del(url) : c.post(url, payload);
    for (const r of [...routes, ['GET', `${R}/getSysRoleList`], ['POST', `${R}/roleListById`, { ids: [] }]] as [string, string, unknown?][])
      expectStatus(await call(anon, r), 401);
    const nobody = await createLimitedUser(t, a, { perms: [] });
    for (const r of routes) expectStatus(await call(nobody.client, r), 403);
    const viewer = await createLimitedUser(t, a, { perms: ['identity.role.view'] });
    for (const r of routes.filter(([m, url]) => m !== 'GET' && !url.includes('roletype'))) expectStatus(await call(viewer.client, r), 403);
    for (const r of routes.filter(([m, url]) => m === 'GET' && !url.includes('roletype')))
      expect((await call(viewer.client, r)).status).toBe(200);
    // Pickers answer any signed-in user.
    expect((await nobody.client.get(`${R}/getSysRoleList`)).status).toBe(200);
    expect((await nobody.client.post(`${R}/roleListById`, { ids: [role.id] })).body.data[0].id).toBe(role.id);
  });
});
