import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { employees } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { type Answer, build, type Client, type TestTenant } from './helpers.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const uniq = () => randomBytes(3).toString('hex');

function expect400(res: Answer, path: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.resp_code).toBe('400');
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
}

function expectStatus(res: Answer, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.resp_code).toBe(String(status));
}

/** A brand, a region and `n` shops, made through the API (cheaper than the whole demo chain). */
async function makeShops(x: TestTenant, n: number) {
  const tag = uniq();
  const brand = await x.admin.post('/api-chain/brand', { code: `B${tag}`, name: `品牌${tag}` });
  const region = await x.admin.post('/api-chain/dictregion/save', { code: `R${tag}`, name: `区域${tag}` });
  const shops: any[] = [];
  for (let i = 0; i < n; i++) {
    const res = await x.admin.post('/api-chain/shop/saveShop', {
      code: `S${tag}${i}`,
      name: `门店${tag}${i}`,
      brandId: brand.body.data.id,
      regionId: region.body.data.id,
      provinceCode: '31',
      cityCode: '3101',
      areaCode: '310101',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    shops.push(res.body.data);
  }
  return shops;
}

describe('identity users', async () => {
  const t = await build();
  const a = await t.tenant();
  const b = await t.tenant();
  const anon = t.client();
  const me = async (c: Client) => (await c.get('/api-user/me')).body.data;
  const adminId = (await me(a.admin)).user.id as number;
  const foreignAdminId = (await me(b.admin)).user.id as number;

  const shops = await makeShops(a, 4);
  const foreignShops = await makeShops(b, 1);
  const menus = (await a.admin.get('/api-user/menus/getAllMenus')).body.data as any[];
  /** Roles like the demo chain's: 店长 (shops and employees), 财务 (operation log), 收银员 (nothing in admin). */
  const makeRole = async (name: string, keys: string[]) => {
    const role = await a.admin.post('/api-user/roles/saveOrUpdate', { code: `R${uniq()}`, name });
    const menuIds = keys.map((k) => menus.find((m) => m.key === k).id);
    await a.admin.post(`/api-user/roles/saveRoleMenuList/${role.body.data.id}`, { menuIds });
    return role.body.data;
  };
  const shopManager = await makeRole('店长', ['org.shop', 'org.shop.edit', 'staff.employee', 'staff.employee.edit']);
  const finance = await makeRole('财务', ['identity.log']);
  const cashierRole = await makeRole('收银员', []);
  const superRole = ((await a.admin.get('/api-user/roles/getSysRoleList')).body.data as any[]).find((r) => r.isSuper);

  const addEmployee = (x: TestTenant, name: string, shopId?: number) =>
    inTenant(t.database.db, x.tenantId, async (tx) => {
      const [row] = await tx
        .insert(employees)
        .values({ tenantId: x.tenantId, eecode: `E${uniq()}`, name, entryDate: '2024-01-01', shopId })
        .returning({ id: employees.id });
      return row.id;
    });

  const body = (fields: Record<string, unknown> = {}) => ({
    username: `u_${uniq()}`,
    name: `员工${uniq()}`,
    mobile: '13800138000',
    password: 'secret-123',
    ...fields,
  });
  const create = async (fields: Record<string, unknown> = {}, by: Client = a.admin) => {
    const res = await by.post('/api-user/users/saveOrUpdate', body(fields));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const signIn = async (username: string, password = 'secret-123') => {
    const res = await t.login(a.code, username, password);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return t.client(res.body.data.access_token);
  };

  it('creates a user with roles, login and manager shops; answers it by id and in the list', async () => {
    const user = await create({
      roleIds: [shopManager.id, finance.id],
      loginShopIds: [shops[0].id],
      managerShopIds: [shops[0].id, shops[1].id],
    });
    expect(user).toMatchObject({ status: 1, mobile: '13800138000', employeeId: null, version: 1, appPasswords: [] });
    expect(user.roles.map((r: any) => r.name).sort()).toEqual(['店长', '财务'].sort());
    expect(user.loginShops).toEqual([{ id: shops[0].id, code: shops[0].code, name: shops[0].name }]);
    expect(user.managerShops.map((s: any) => s.id).sort()).toEqual([shops[0].id, shops[1].id].sort());
    expect(user).not.toHaveProperty('passwordHash');
    expect(user).not.toHaveProperty('tenantId');

    const one = await a.admin.get(`/api-user/users/${user.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(user);

    const list = await a.admin.get('/api-user/users', { keyword: user.username });
    expect(list.body.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(list.body.data.list[0]).toEqual(user);

    const c = await signIn(user.username);
    const mine = await me(c);
    expect(mine.loginShops.map((s: any) => s.id)).toEqual([shops[0].id]);
    expect(mine.permissions).toEqual(expect.arrayContaining(['org.shop.view', 'identity.log.view']));
  });

  it('filters the list by keyword, status, role and shop; pages and sorts', async () => {
    const tag = uniq();
    const u1 = await create({ username: `f1_${tag}`, name: `甲${tag}`, roleIds: [finance.id], loginShopIds: [shops[2].id] });
    const u2 = await create({ username: `f2_${tag}`, name: `乙${tag}`, status: 0, managerShopIds: [shops[2].id] });
    const u3 = await create({ username: `f3_${tag}`, name: `丙${tag}`, mobile: '13912345678' });
    const fetch = async (q: Record<string, unknown>) => (await a.admin.get('/api-user/users', { pageSize: 200, ...q })).body.data;
    const ids = (p: any) => p.list.map((r: any) => r.id);

    expect(ids(await fetch({ keyword: tag }))).toEqual([u1.id, u2.id, u3.id]);
    expect(ids(await fetch({ keyword: '13912345678' }))).toEqual([u3.id]);
    expect(ids(await fetch({ keyword: tag, status: 0 }))).toEqual([u2.id]);
    expect(ids(await fetch({ keyword: tag, roleId: finance.id }))).toEqual([u1.id]);
    expect(ids(await fetch({ shopId: shops[2].id })).sort()).toEqual([u1.id, u2.id].sort());
    expect(ids(await fetch({ keyword: tag, sort: '-username' }))).toEqual([u3.id, u2.id, u1.id]);
    const p2 = await fetch({ keyword: tag, page: 2, pageSize: 2 });
    expect(p2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(ids(p2)).toEqual([u3.id]);
    const all = await fetch({});
    expect(all.list.some((r: any) => r.username === 'admin')).toBe(true);
    expect((await b.admin.get('/api-user/users', { keyword: tag })).body.data.total).toBe(0);
    expect((await fetch({ roleId: (await b.admin.get('/api-user/roles/getSysRoleList')).body.data[0].id })).total).toBe(0);

    expect400(await a.admin.get('/api-user/users', { status: 2 }), 'status');
    expect400(await a.admin.get('/api-user/users', { roleId: 'x' }), 'roleId');
    expect400(await a.admin.get('/api-user/users', { pageSize: 500 }), 'pageSize');
    expect((await a.admin.get('/api-user/users', { colour: 'red' })).status).toBe(400);
  });

  it('updates only the fields sent, checks the version, and replaces lists when sent', async () => {
    const user = await create({ roleIds: [finance.id], loginShopIds: [shops[0].id] });
    const res = await a.admin.post('/api-user/users/saveOrUpdate', {
      id: user.id,
      username: user.username,
      name: '改过的名字',
      version: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: '改过的名字', mobile: '13800138000', version: 2 });
    expect(res.body.data.roles.map((r: any) => r.id)).toEqual([finance.id]);
    expect(res.body.data.loginShops.map((s: any) => s.id)).toEqual([shops[0].id]);

    const stale = await a.admin.post('/api-user/users/saveOrUpdate', { id: user.id, username: user.username, name: 'x', version: 1 });
    expectStatus(stale, 409);

    const lists = await a.admin.post('/api-user/users/saveOrUpdate', {
      id: user.id,
      username: user.username,
      name: '改过的名字',
      roleIds: [],
      loginShopIds: [shops[1].id],
    });
    expect(lists.body.data.roles).toEqual([]);
    expect(lists.body.data.loginShops.map((s: any) => s.id)).toEqual([shops[1].id]);
    // The password is not changed by saveOrUpdate.
    await a.admin.post('/api-user/users/saveOrUpdate', { id: user.id, username: user.username, name: 'n', password: 'another-pw-9' });
    expect((await t.login(a.code, user.username, 'secret-123')).status).toBe(200);
  });

  it('refuses a duplicate username with 409 naming it', async () => {
    const user = await create();
    const dup = await a.admin.post('/api-user/users/saveOrUpdate', body({ username: user.username }));
    expectStatus(dup, 409);
    expect(dup.body.resp_msg).toBe(`用户名“${user.username}”已存在`);
    const en = await a.admin.post('/api-user/users/saveOrUpdate', body({ username: user.username }), EN);
    expect(en.body.resp_msg).toBe(`Username "${user.username}" already exists`);
    const other = await create();
    const rename = await a.admin.post('/api-user/users/saveOrUpdate', { id: other.id, username: user.username, name: 'x' });
    expectStatus(rename, 409);
    // The same username in another company is fine.
    expect((await b.admin.post('/api-user/users/saveOrUpdate', body({ username: user.username }))).status).toBe(200);
  });

  it('answers 400 with the field for bad input', async () => {
    const save = (fields: Record<string, unknown>) => a.admin.post('/api-user/users/saveOrUpdate', fields);
    const { password: _p, ...noPassword } = body();
    const missing = await save(noPassword);
    expect400(missing, 'password');
    expect(missing.body.errors?.[0].message).toBe('新用户需要设置登录密码');
    expect400(await save(body({ username: 'a b' })), 'username');
    expect400(await save(body({ name: '' })), 'name');
    expect400(await save(body({ mobile: '12345' })), 'mobile');
    expect400(await save(body({ password: 'short' })), 'password');
    expect400(await save(body({ roleIds: [999999999] })), 'roleIds');
    expect400(await save(body({ loginShopIds: [foreignShops[0].id] })), 'loginShopIds');
    expect400(await save(body({ managerShopIds: [999999999] })), 'managerShopIds');
    expect400(await save(body({ employeeId: await addEmployee(b, '外人') })), 'employeeId');
    expect400(await save(body({ isSuper: true })), 'isSuper');
    expect400(await a.admin.post('/api-user/users/updateUser', { status: 0 }), 'id');
    expect400(await a.admin.post('/api-user/users/updateUser', { id: adminId, password: 'x' }), 'password');
    expect400(
      await a.admin.post('/api-user/users/updateUser', { id: adminId, appPasswords: [{ appId: 'nope', password: 'abcdefgh1' }] }),
      'appPasswords.0.appId',
    );
    expect400(await a.admin.post(`/api-user/loginshop/${adminId}/saveLoginShops`, { shopIds: ['x'] }), 'shopIds.0');
    expect400(await a.admin.post(`/api-user/mangershop/${adminId}/saveMangerShops`, {}), 'shopIds');
    expect400(await a.admin.get('/api-user/users-anon/eeid'), 'eeid');
    expect((await a.admin.get('/api-user/users/abc')).status).toBe(400);
  });

  it('answers 401 without a token on every user route', async () => {
    const calls: Promise<Answer>[] = [
      anon.get('/api-user/users'),
      anon.get(`/api-user/users/${adminId}`),
      anon.post('/api-user/users/saveOrUpdate', body()),
      anon.post('/api-user/users/updateUser', { id: adminId }),
      anon.get('/api-user/users-anon/eeid', { eeid: 1 }),
      anon.post(`/api-user/loginshop/${adminId}/saveLoginShops`, { shopIds: [] }),
      anon.post(`/api-user/mangershop/${adminId}/saveMangerShops`, { shopIds: [] }),
    ];
    for (const res of await Promise.all(calls)) expectStatus(res, 401);
  });

  it('answers 403 to a user without the permission', async () => {
    const nobody = await createLimitedUser(t, a, { perms: [] });
    // Users limited to a shop see the employees of that shop only (identity-scope covers the rest).
    const viewer = await createLimitedUser(t, a, { perms: ['identity.user.view'], managerShops: [shops[0].id] });
    const eeid = await addEmployee(a, '某员工', shops[0].id);
    for (const res of [
      await nobody.client.get('/api-user/users'),
      await nobody.client.get(`/api-user/users/${adminId}`),
      await nobody.client.get('/api-user/users-anon/eeid', { eeid }),
      await viewer.client.post('/api-user/users/saveOrUpdate', body()),
      await viewer.client.post('/api-user/users/updateUser', { id: viewer.userId, status: 1 }),
      await viewer.client.post(`/api-user/loginshop/${viewer.userId}/saveLoginShops`, { shopIds: [] }),
      await viewer.client.post(`/api-user/mangershop/${viewer.userId}/saveMangerShops`, { shopIds: [] }),
    ])
      expectStatus(res, 403);
    expect((await viewer.client.get('/api-user/users')).status).toBe(200);
    expect((await viewer.client.get('/api-user/users-anon/eeid', { eeid })).status).toBe(200);
    const staff = await createLimitedUser(t, a, { perms: ['staff.employee.view'], loginShops: [shops[0].id] });
    expect((await staff.client.get('/api-user/users-anon/eeid', { eeid })).status).toBe(200);
  });

  it("answers 404 for another company's users, shops and employees", async () => {
    const user = await create();
    expectStatus(await a.admin.get(`/api-user/users/${foreignAdminId}`), 404);
    expectStatus(await a.admin.post('/api-user/users/updateUser', { id: foreignAdminId, status: 1 }), 404);
    expectStatus(await a.admin.post('/api-user/users/saveOrUpdate', { id: foreignAdminId, username: 'x1', name: 'x' }), 404);
    expectStatus(await a.admin.post(`/api-user/loginshop/${foreignAdminId}/saveLoginShops`, { shopIds: [] }), 404);
    expectStatus(await a.admin.post(`/api-user/mangershop/${foreignAdminId}/saveMangerShops`, { shopIds: [] }), 404);
    expectStatus(await a.admin.post(`/api-user/loginshop/${user.id}/saveLoginShops`, { shopIds: [foreignShops[0].id] }), 404);
    expectStatus(
      await a.admin.post(`/api-user/mangershop/${user.id}/saveMangerShops`, { shopIds: [shops[0].id, foreignShops[0].id] }),
      404,
    );
    expectStatus(await a.admin.get('/api-user/users-anon/eeid', { eeid: await addEmployee(b, '别家员工') }), 404);
    expect((await a.admin.get(`/api-user/users/${user.id}`)).body.data.managerShops).toEqual([]);
  });

  it('saves login and manager shops; the user sees their shops at the next request', async () => {
    const user = await create();
    const c = await signIn(user.username);
    const login = await a.admin.post(`/api-user/loginshop/${user.id}/saveLoginShops`, { shopIds: [shops[0].id, shops[0].id] });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.data.loginShops.map((s: any) => s.id)).toEqual([shops[0].id]);
    expect(login.body.data.version).toBe(2);
    const manager = await a.admin.post(`/api-user/mangershop/${user.id}/saveMangerShops`, { shopIds: [shops[1].id, shops[2].id] });
    expect(manager.body.data.managerShops.map((s: any) => s.id).sort()).toEqual([shops[1].id, shops[2].id].sort());
    expect(manager.body.data.loginShops.map((s: any) => s.id)).toEqual([shops[0].id]);
    const mine = await me(c);
    expect(mine.loginShops.map((s: any) => s.id)).toEqual([shops[0].id]);
    expect(mine.managerShops.map((s: any) => s.id).sort()).toEqual([shops[1].id, shops[2].id].sort());
    const cleared = await a.admin.post(`/api-user/mangershop/${user.id}/saveMangerShops`, { shopIds: [] });
    expect(cleared.body.data.managerShops).toEqual([]);
    expect((await me(c)).managerShops).toEqual([]);
  });

  it('links a user to an employee; users-anon/eeid answers the user or null; one user per employee', async () => {
    const eeid = await addEmployee(a, '张三');
    expect((await a.admin.get('/api-user/users-anon/eeid', { eeid })).body.data).toBeNull();
    const user = await create({ employeeId: eeid });
    expect(user).toMatchObject({ employeeId: eeid, employeeName: '张三' });
    const linked = await a.admin.get('/api-user/users-anon/eeid', { eeid });
    expect(linked.body.data).toEqual({ id: user.id, username: user.username, name: user.name, status: 1 });

    const second = await a.admin.post('/api-user/users/saveOrUpdate', body({ employeeId: eeid }));
    expectStatus(second, 409);
    expect(second.body.resp_msg).toBe(`员工“张三”已关联用户“${user.username}”，一个员工只能关联一个用户`);
    const other = await create();
    expectStatus(await a.admin.post('/api-user/users/updateUser', { id: other.id, employeeId: eeid }), 409);

    const unlinked = await a.admin.post('/api-user/users/updateUser', { id: user.id, employeeId: null });
    expect(unlinked.body.data).toMatchObject({ employeeId: null, employeeName: null });
    expect((await a.admin.get('/api-user/users-anon/eeid', { eeid })).body.data).toBeNull();
    const relinked = await a.admin.post('/api-user/users/updateUser', { id: other.id, employeeId: eeid });
    expect(relinked.body.data.employeeName).toBe('张三');
  });

  it('protects the admin account and refuses to disable oneself', async () => {
    const selfDisable = await a.admin.post('/api-user/users/updateUser', { id: adminId, status: 0 });
    expectStatus(selfDisable, 409);
    const boss = await create({ roleIds: [superRole.id] });
    const bossClient = await signIn(boss.username);
    for (const res of [
      await bossClient.post('/api-user/users/updateUser', { id: adminId, status: 0 }),
      await bossClient.post('/api-user/users/saveOrUpdate', { id: adminId, username: 'admin', name: '系统管理员', status: 0 }),
      await bossClient.post('/api-user/users/saveOrUpdate', { id: adminId, username: 'admin', name: '系统管理员', roleIds: [finance.id] }),
      await bossClient.post('/api-user/users/saveOrUpdate', { id: adminId, username: 'root', name: '系统管理员' }),
    ]) {
      expectStatus(res, 409);
      expect(res.body.resp_msg).toBe('系统管理员账号 admin 不能停用、不能改名，也不能去掉超级管理员角色');
    }
    const en = await bossClient.post('/api-user/users/updateUser', { id: adminId, status: 0 }, EN);
    expect(en.body.resp_msg).toBe('The admin account cannot be disabled or renamed, and cannot lose the super administrator role');
    const own = await bossClient.post('/api-user/users/updateUser', { id: boss.id, status: 0 });
    expectStatus(own, 409);
    expect(own.body.resp_msg).toBe('不能停用自己的账号');
    expectStatus(
      await bossClient.post('/api-user/users/saveOrUpdate', { id: boss.id, username: boss.username, name: 'x', status: 0 }),
      409,
    );
    // Another super administrator can be disabled by the admin, and admin keeps working.
    expect((await a.admin.post('/api-user/users/updateUser', { id: boss.id, status: 0 })).status).toBe(200);
    expectStatus(await bossClient.get('/api-user/me'), 401);
    const still = await a.admin.get(`/api-user/users/${adminId}`);
    expect(still.body.data).toMatchObject({ username: 'admin', status: 1 });
    expect(still.body.data.roles.map((r: any) => r.id)).toEqual([superRole.id]);
  });

  it('keeps editors who are not super administrators within their own reach', async () => {
    const editor = await createLimitedUser(t, a, {
      perms: ['identity.user.view', 'identity.user.edit'],
      managerShops: [shops[0].id],
    });
    const grant = await editor.client.post('/api-user/users/saveOrUpdate', body({ roleIds: [superRole.id] }));
    expectStatus(grant, 403);
    expect(grant.body.resp_msg).toContain('只有超级管理员');
    // The admin account belongs to the whole chain: out of a shop editor's reach, so not found (was 403 superOnly).
    expectStatus(await editor.client.post('/api-user/users/updateUser', { id: adminId, password: 'taken-over-1' }), 404);
    expectStatus(await editor.client.post(`/api-user/loginshop/${adminId}/saveLoginShops`, { shopIds: [] }), 404);
    const far = await editor.client.post('/api-user/users/saveOrUpdate', body({ loginShopIds: [shops[3].id] }));
    expectStatus(far, 403);
    const beyond = await editor.client.post('/api-user/users/saveOrUpdate', body({ roleIds: [finance.id], loginShopIds: [shops[0].id] }));
    expectStatus(beyond, 403);
    expect(beyond.body.resp_msg).toBe('不能授予角色“财务”：它包含你自己没有的权限');
    expectStatus(
      await editor.client.post('/api-user/users/saveOrUpdate', {
        id: editor.userId,
        username: editor.username,
        name: 'x',
        roleIds: [finance.id],
      }),
      403,
    );
    // A shop editor's users keep at least one of the editor's shops (a user without shops belongs to the whole chain).
    const shopless = await editor.client.post('/api-user/users/saveOrUpdate', body({ roleIds: [cashierRole.id] }));
    expect400(shopless, 'loginShopIds');
    const user = await create({ roleIds: [cashierRole.id], managerShopIds: [shops[0].id] }, editor.client);
    // Roles the user already holds may stay when others edit them.
    const kept = await create({ roleIds: [finance.id], loginShopIds: [shops[0].id] });
    expect(
      (
        await editor.client.post('/api-user/users/saveOrUpdate', {
          id: kept.id,
          username: kept.username,
          name: '改名',
          roleIds: [finance.id],
        })
      ).status,
    ).toBe(200);
    expect((await editor.client.post(`/api-user/loginshop/${user.id}/saveLoginShops`, { shopIds: [shops[0].id] })).status).toBe(200);
    expectStatus(await editor.client.post(`/api-user/mangershop/${editor.userId}/saveMangerShops`, { shopIds: [shops[3].id] }), 403);
    expect((await editor.client.post('/api-user/users/updateUser', { id: user.id, status: 0 })).status).toBe(200);
    expect((await t.login(a.code, 'admin', a.adminPassword)).status).toBe(200);
  });

  it('rights change at the next request: roles granted and removed, then the user disabled', async () => {
    const user = await create();
    const c = await signIn(user.username);
    expectStatus(await c.get('/api-chain/shop'), 403);
    await a.admin.post('/api-user/users/saveOrUpdate', {
      id: user.id,
      username: user.username,
      name: user.name,
      roleIds: [shopManager.id],
    });
    const allowed = await c.get('/api-chain/shop');
    expect(allowed.status).toBe(200);
    // Without shops, a non-super user sees no shop; a manager shop shows at once.
    expect(allowed.body.data.total).toBe(0);
    await a.admin.post(`/api-user/mangershop/${user.id}/saveMangerShops`, { shopIds: [shops[0].id] });
    expect((await c.get('/api-chain/shop')).body.data.list.map((s: any) => s.id)).toEqual([shops[0].id]);
    await a.admin.post('/api-user/users/saveOrUpdate', { id: user.id, username: user.username, name: user.name, roleIds: [] });
    expectStatus(await c.get('/api-chain/shop'), 403);
    const disabled = await a.admin.post('/api-user/users/updateUser', { id: user.id, status: 0 });
    expect(disabled.body.data.status).toBe(0);
    expectStatus(await c.get('/api-user/me'), 401);
    const refused = await t.login(a.code, user.username, 'secret-123');
    expect(refused.status).toBe(403);
    await a.admin.post('/api-user/users/updateUser', { id: user.id, status: 1 });
    expect((await c.get('/api-user/me')).status).toBe(200);
  });

  it('a password reset signs the user out everywhere', async () => {
    const user = await create();
    const c1 = await signIn(user.username);
    const c2 = await signIn(user.username);
    const reset = await a.admin.post('/api-user/users/updateUser', { id: user.id, password: 'brand-new-pw' });
    expect(reset.status).toBe(200);
    expectStatus(await c1.get('/api-user/me'), 401);
    expectStatus(await c2.get('/api-user/me'), 401);
    expect((await t.login(a.code, user.username, 'secret-123')).status).toBe(401);
    expect((await t.login(a.code, user.username, 'brand-new-pw')).status).toBe(200);
    const log = await a.admin.get('/api-chain/logger/list', { entity: 'user', entityId: user.id });
    const detail = JSON.stringify(log.body.data.list);
    expect(detail).not.toContain('brand-new-pw');
    expect(detail).toContain('***');
  });

  it('an independent application password makes relogin answer 4005; app-login opens it; null removes it', async () => {
    const user = await create({ roleIds: [shopManager.id] });
    const c = await signIn(user.username);
    expect((await c.post('/api-user/relogin', { appId: 'admin' })).status).toBe(200);
    const set = await a.admin.post('/api-user/users/updateUser', {
      id: user.id,
      appPasswords: [{ appId: 'admin', password: 'till-pass-123' }],
    });
    expect(set.body.data.appPasswords).toEqual(['admin']);
    // An app password does not sign the user out.
    const needs = await c.post('/api-user/relogin', { appId: 'admin' });
    expect(needs.body.resp_code).toBe('4005');
    expect((await c.post('/api-user/app-login', { appId: 'admin', password: 'secret-123' })).status).toBe(401);
    const opened = await c.post('/api-user/app-login', { appId: 'admin', password: 'till-pass-123' });
    expect(opened.status).toBe(200);
    expect((await t.client(opened.body.data.access_token).get('/api-user/me')).body.data.user.appId).toBe('admin');
    const cleared = await a.admin.post('/api-user/users/updateUser', { id: user.id, appPasswords: [{ appId: 'admin', password: null }] });
    expect(cleared.body.data.appPasswords).toEqual([]);
    expect((await c.post('/api-user/relogin', { appId: 'admin' })).status).toBe(200);
  });
});
