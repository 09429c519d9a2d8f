import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Answer, build, type Client } from './helpers.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const uniq = () => randomBytes(3).toString('hex');
const M = '/api-user/menus';

function expect400(res: Answer, path: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.resp_code).toBe('400');
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
  if (message) expect(res.body.errors?.find((e) => e.path === path)?.message).toBe(message);
}

function expectStatus(res: Answer, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.resp_code).toBe(String(status));
}

function flatten(nodes: any[]): any[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

describe('identity menus', async () => {
  const t = await build();
  const a = await t.tenant();
  const b = await t.tenant();
  const anon = t.client();
  const all = async (c: Client = a.admin) => (await c.get(`${M}/getAllMenus`)).body.data as any[];
  const byKey = async (key: string) => (await all()).find((m) => m.key === key);
  const foreignMenu = (await all(b.admin))[0];

  const save = (fields: Record<string, unknown>) => a.admin.post(`${M}/saveOrUpdate`, fields);
  const create = async (fields: Record<string, unknown>) => {
    const res = await save({ appId: 'admin', key: `k.${uniq()}`, name: `菜单${uniq()}`, ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('treeList answers the whole tree of an app, every status, with children', async () => {
    const res = await a.admin.get(`${M}/treeList`, { appId: 'admin' });
    expect(res.status).toBe(200);
    const roots = res.body.data as any[];
    expect(roots.map((r) => r.key)).toEqual(expect.arrayContaining(['org', 'system']));
    const system = roots.find((r) => r.key === 'system');
    expect(system).toMatchObject({ type: 'dir', parentId: null, appId: 'admin', name: '系统管理', nameEn: 'System' });
    const users = system.children.find((c: any) => c.key === 'identity.user');
    expect(users).toMatchObject({ type: 'page', url: '/admin/system/users', permKey: 'identity.user.view', status: 1 });
    expect(users.children).toEqual([
      expect.objectContaining({ key: 'identity.user.edit', type: 'action', permKey: 'identity.user.edit', children: [] }),
    ]);
    expect(flatten(roots).length).toBe((await all()).filter((m) => m.appId === 'admin').length);
    const sorts = system.children.map((c: any) => c.sort);
    expect(sorts).toEqual([...sorts].sort((x, y) => x - y));

    const page = await create({ parentId: system.id, type: 'page', url: '/admin/x', status: 0 });
    const again = flatten((await a.admin.get(`${M}/treeList`, { appId: 'admin' })).body.data);
    expect(again.find((n) => n.id === page.id)).toMatchObject({ status: 0, parentId: system.id });
    expect((await a.admin.get(`${M}/treeList`, { appId: 'docs' })).body.data).toEqual([]);
    expectStatus(await a.admin.get(`${M}/treeList`, { appId: 'nope' }), 404);
    expect400(await a.admin.get(`${M}/treeList`), 'appId');
  });

  it('getAllMenus answers every app flat', async () => {
    const docs = await create({ appId: 'docs', type: 'dir' });
    const rows = await all();
    expect(rows.some((m) => m.appId === 'docs' && m.id === docs.id)).toBe(true);
    expect(rows.some((m) => m.appId === 'admin')).toBe(true);
    expect(rows[0]).not.toHaveProperty('children');
    expect(rows[0]).not.toHaveProperty('tenantId');
    expect(rows.map((m) => m.id)).not.toContain(foreignMenu.id);
  });

  it('creates dirs, pages and actions under the type rules; refuses bad parents', async () => {
    const dir = await create({ type: 'dir', icon: 'AppstoreOutlined', sort: 500 });
    expect(dir).toMatchObject({ type: 'dir', parentId: null, icon: 'AppstoreOutlined', sort: 500, status: 1, url: null });
    const sub = await create({ type: 'dir', parentId: dir.id });
    // A custom menu carries a right some built-in menu carries (invented rights are refused: see identity-scope).
    const page = await create({ type: 'page', parentId: sub.id, url: '/admin/custom', permKey: 'org.shop.view', nameEn: 'Custom' });
    const action = await create({ type: 'action', parentId: page.id, permKey: 'org.shop.edit' });
    expect(action).toMatchObject({ parentId: page.id, type: 'action' });
    await create({ type: 'page', url: '/admin/top' });

    expect400(await save({ appId: 'admin', key: `k.${uniq()}`, name: 'x', type: 'action' }), 'parentId', '按钮（操作）只能放在页面下面');
    expect400(await save({ appId: 'admin', key: `k.${uniq()}`, name: 'x', type: 'action', parentId: dir.id }), 'parentId');
    expect400(
      await save({ appId: 'admin', key: `k.${uniq()}`, name: 'x', type: 'page', parentId: page.id }),
      'parentId',
      '页面只能放在目录下面，或作为顶级菜单',
    );
    expect400(
      await save({ appId: 'admin', key: `k.${uniq()}`, name: 'x', type: 'dir', parentId: page.id }),
      'parentId',
      '目录只能放在目录下面，或作为顶级菜单',
    );
    expect400(await save({ appId: 'admin', key: `k.${uniq()}`, name: 'x', type: 'page', parentId: action.id }), 'parentId');
    const otherApp = await save({ appId: 'docs', key: `k.${uniq()}`, name: 'x', type: 'page', parentId: dir.id });
    expect400(otherApp, 'parentId', '上级菜单必须属于同一个应用');
    expect400(await save({ appId: 'admin', key: `k.${uniq()}`, name: 'x', type: 'dir', parentId: foreignMenu.id }), 'parentId');
    expect400(await save({ appId: 'nope', key: `k.${uniq()}`, name: 'x', type: 'dir' }), 'appId');
    expect400(await save({ appId: 'admin', key: 'bad key!', name: 'x', type: 'dir' }), 'key');
    expect400(await save({ appId: 'admin', key: `k.${uniq()}`, name: 'x', type: 'folder' }), 'type');
    expect400(await save({ appId: 'admin', key: `k.${uniq()}`, name: '', type: 'dir' }), 'name');
    expect400(await save({ appId: 'admin', key: `k.${uniq()}`, name: 'x', type: 'dir', sort: -1 }), 'sort');
  });

  it('refuses a duplicate key with 409 naming it', async () => {
    const dir = await create({ type: 'dir' });
    const dup = await save({ appId: 'admin', key: dir.key, name: 'x', type: 'dir' });
    expectStatus(dup, 409);
    expect(dup.body.resp_msg).toBe(`菜单标识“${dir.key}”已存在`);
    expect((await a.admin.post(`${M}/saveOrUpdate`, { appId: 'admin', key: dir.key, name: 'x', type: 'dir' }, EN)).body.resp_msg).toBe(
      `Menu key "${dir.key}" already exists`,
    );
    expectStatus(await save({ appId: 'admin', key: 'org.shop', name: 'x', type: 'dir' }), 409);
    expect((await b.admin.post(`${M}/saveOrUpdate`, { appId: 'admin', key: dir.key, name: 'x', type: 'dir' })).status).toBe(200);
  });

  it('updates the fields sent; keeps the tree consistent', async () => {
    const dir = await create({ type: 'dir' });
    const dir2 = await create({ type: 'dir' });
    const page = await create({ type: 'page', parentId: dir.id, url: '/admin/p' });
    const action = await create({ type: 'action', parentId: page.id });

    const moved = await save({ id: page.id, appId: 'admin', key: page.key, type: 'page', name: '改名', parentId: dir2.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ name: '改名', parentId: dir2.id, url: '/admin/p' });
    expect400(
      await save({ id: dir.id, appId: 'admin', key: dir.key, type: 'dir', name: 'x', parentId: dir.id }),
      'parentId',
      '上级菜单不能是自己或自己的下级',
    );
    const sub = await create({ type: 'dir', parentId: dir.id });
    expect400(await save({ id: dir.id, appId: 'admin', key: dir.key, type: 'dir', name: 'x', parentId: sub.id }), 'parentId');
    expect400(
      await save({ id: page.id, appId: 'admin', key: page.key, type: 'dir', name: 'x', parentId: dir2.id }),
      'type',
      '该菜单还有下级菜单，不能改成这个类型',
    );
    expect400(
      await save({ id: dir2.id, appId: 'docs', key: dir2.key, type: 'dir', name: 'x' }),
      'appId',
      '该菜单还有下级菜单，不能移到其他应用',
    );
    const toDocs = await save({ id: sub.id, appId: 'docs', key: sub.key, type: 'dir', name: 'x', parentId: null });
    expect(toDocs.body.data).toMatchObject({ appId: 'docs', parentId: null });
    const actionMove = await save({ id: action.id, appId: 'admin', key: action.key, type: 'action', name: 'x', parentId: dir.id });
    expect400(actionMove, 'parentId');
    expectStatus(await save({ id: foreignMenu.id, appId: 'admin', key: 'k', type: 'dir', name: 'x' }), 404);
  });

  it('built-in menus keep their key and app and cannot be deleted; they can be renamed and disabled', async () => {
    const log = await byKey('identity.log');
    const rekey = await save({ id: log.id, appId: 'admin', key: 'my.log', type: 'page', name: log.name, parentId: log.parentId });
    expectStatus(rekey, 409);
    expect(rekey.body.resp_msg).toBe('这是系统内置菜单：不能删除，也不能修改标识或所属应用；不需要时可以停用它');
    expectStatus(await a.admin.del(`${M}/${log.id}`), 409);
    const renamed = await save({
      id: log.id,
      appId: 'admin',
      key: log.key,
      type: 'page',
      name: '审计日志',
      parentId: log.parentId,
      status: 0,
    });
    expect(renamed.body.data).toMatchObject({ name: '审计日志', status: 0, url: log.url });
  });

  it('deletes a leaf; refuses a menu with sub-entries; roles lose a deleted menu', async () => {
    const dir = await create({ type: 'dir' });
    const page = await create({ type: 'page', parentId: dir.id, url: '/admin/leaf' });
    const held = await a.admin.del(`${M}/${dir.id}`);
    expectStatus(held, 409);
    expect(held.body.resp_msg).toBe('不能删除：还有下级菜单');
    const role = await a.admin.post('/api-user/roles/saveOrUpdate', { code: `R${uniq()}`, name: `角色${uniq()}` });
    await a.admin.post(`/api-user/roles/saveRoleMenuList/${role.body.data.id}`, { menuIds: [page.id, dir.id] });
    const gone = await a.admin.del(`${M}/${page.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.data).toEqual({ id: page.id });
    expect((await a.admin.get(`${M}/getRoleMenus/${role.body.data.id}`)).body.data).toEqual([dir.id]);
    expect((await a.admin.del(`${M}/${dir.id}`)).status).toBe(200);
    expectStatus(await a.admin.del(`${M}/${dir.id}`), 404);
    expectStatus(await a.admin.del(`${M}/${foreignMenu.id}`), 404);
  });

  it("changes show in the board and the app's menu at the next request", async () => {
    const c = await t.tenant();
    const cAll = async () => (await c.admin.get(`${M}/getAllMenus`)).body.data as any[];
    const cKey = async (key: string) => (await cAll()).find((m) => m.key === key);
    const cSave = (fields: Record<string, unknown>) => c.admin.post(`${M}/saveOrUpdate`, fields);
    const cCreate = async (fields: Record<string, unknown>) => {
      const res = await cSave({ appId: 'admin', key: `k.${uniq()}`, name: `菜单${uniq()}`, ...fields });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const user = await createLimitedUser(t, c, { perms: ['org.shop.view'] });
    const apps = async (x: Client) => ((await x.get('/api-user/apps')).body.data as any[]).map((app) => app.appId);
    const mine = async (x: Client, appId = 'admin') => flatten((await x.get('/api-user/menus/mine', { appId })).body.data);
    expect(await apps(user.client)).toEqual(['admin', 'docs']);

    // A new page shows to the admin at once; disabled, it is gone.
    const org = await cKey('org');
    // Custom menus carry existing rights only (see identity-scope); the user does not hold this one.
    const page = await cCreate({ type: 'page', parentId: org.id, url: '/admin/org/new', permKey: 'staff.employee.view' });
    expect((await mine(c.admin)).map((n) => n.id)).toContain(page.id);
    expect((await mine(user.client)).map((n) => n.id)).not.toContain(page.id);
    await cSave({ id: page.id, appId: 'admin', key: page.key, type: 'page', name: page.name, parentId: org.id, status: 0 });
    expect((await mine(c.admin)).map((n) => n.id)).not.toContain(page.id);

    // An app with menus shows on the board only to users granted one of them.
    const docsPage = await cCreate({ appId: 'docs', type: 'page', url: '/docs', permKey: 'identity.log.view' });
    expect(await apps(user.client)).toEqual(['admin']);
    // The tenant's administrator sees every application, the till too; the user only those granted.
    expect(await apps(c.admin)).toEqual(['admin', 'cashier', 'docs']);
    const me = (await user.client.get('/api-user/me')).body.data;
    await c.admin.post(`/api-user/roles/saveRoleMenuList/${me.roles[0].id}`, {
      menuIds: [(await cKey('org.shop')).id, docsPage.id],
    });
    expect(await apps(user.client)).toEqual(['admin', 'docs']);
    expect((await mine(user.client, 'docs')).map((n) => n.id)).toEqual([docsPage.id]);
    expect((await user.client.get('/api-user/me')).body.data.permissions).toEqual(['identity.log.view', 'org.shop.view']);
    await c.admin.del(`${M}/${docsPage.id}`);
    expect(await apps(user.client)).toEqual(['admin', 'docs']);
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    const dir = await create({ type: 'dir' });
    const role = (await a.admin.get('/api-user/roles/getSysRoleList')).body.data[0];
    const reads: [string, Record<string, unknown>?][] = [
      [`${M}/treeList`, { appId: 'admin' }],
      [`${M}/getAllMenus`],
      [`${M}/getRoleMenus/${role.id}`],
    ];
    const writes = (c: Client) => [
      c.post(`${M}/saveOrUpdate`, { appId: 'admin', key: `k.${uniq()}`, name: 'x', type: 'dir' }),
      c.del(`${M}/${dir.id}`),
    ];
    for (const [url, q] of reads) expectStatus(await anon.get(url, q), 401);
    for (const res of await Promise.all(writes(anon))) expectStatus(res, 401);
    const nobody = await createLimitedUser(t, a, { perms: [] });
    for (const [url, q] of reads) expectStatus(await nobody.client.get(url, q), 403);
    const viewer = await createLimitedUser(t, a, { perms: ['identity.menu.view'] });
    expect((await viewer.client.get(`${M}/treeList`, { appId: 'admin' })).status).toBe(200);
    expect((await viewer.client.get(`${M}/getAllMenus`)).status).toBe(200);
    for (const res of await Promise.all(writes(viewer.client))) expectStatus(res, 403);
  });
});
