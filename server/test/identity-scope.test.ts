import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inTenant } from '../src/platform/tenancy.js';
import { type Answer, build, type Client } from './helpers.js';
import { createLimitedUser, type LimitedUser } from './users.js';

/**
 * User and right administration, as an attacker: a signed-in user limited to one shop (A) who holds
 * the user, menu or role editing rights tries to reach the users of another shop (B), users of the
 * whole chain, another shop's employees, and rights they do not hold. Every attempt is refused (403
 * or 404, 400 for a reference refused like an unknown one), nothing changes in the database, and a
 * victim's password keeps working.
 */

const uniq = () => randomBytes(3).toString('hex');
const PASSWORD = 'victim-pass-1';

function expectStatus(res: Answer, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.resp_code).toBe(String(status));
}
function expect400(res: Answer, path: string) {
  expectStatus(res, 400);
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
}

const TABLES = [
  'users',
  'user_shops',
  'user_roles',
  'user_app_passwords',
  'roles',
  'role_menus',
  'menus',
  'employees',
  'service_employees',
];

describe('identity: shop scope of user administration and the rights editors hand out', async () => {
  const t = await build();
  const a = await t.tenant();

  /** A digest of the tables that hold users, their shops and roles, menus and rights, and employee links. */
  const snapshot = () =>
    inTenant(t.database.db, a.tenantId, async (tx) => {
      const out: Record<string, string> = {};
      for (const table of TABLES) {
        const result = (await tx.execute(
          sql`select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ${sql.identifier(table)} t`,
        )) as unknown as { rows: { h: string }[] };
        out[table] = result.rows[0].h;
      }
      return out;
    });
  /** Runs the attack and checks the database did not change. */
  const unchanged = async (attack: () => Promise<void>) => {
    const before = await snapshot();
    await attack();
    expect(await snapshot()).toEqual(before);
  };

  const ok = async (res: Promise<Answer>) => {
    const answer = await res;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const tag = uniq();
  const brand = await ok(a.admin.post('/api-chain/brand/save', { code: `B${tag}`, name: `品牌${tag}` }));
  const region = await ok(a.admin.post('/api-chain/dictregion/save', { code: `R${tag}`, name: `区域${tag}` }));
  const makeShop = (code: string, name: string) =>
    ok(
      a.admin.post('/api-chain/shop/saveShop', {
        code,
        name,
        brandId: brand.id,
        regionId: region.id,
        provinceCode: '31',
        cityCode: '3101',
        areaCode: '310101',
      }),
    );
  const shopA = await makeShop(`A${tag}`, '甲店');
  const shopB = await makeShop(`B${tag}`, '乙店');
  const makeEmployee = (name: string, shopId: number) =>
    ok(a.admin.post('/api-chain/employee', { eecode: `E${uniq()}`, name, shopId, entryDate: '2024-01-01' }));
  const employeeA = await makeEmployee('甲店员工', shopA.id);
  const employeeB = await makeEmployee('乙店秘密员工', shopB.id);

  const roles = (await a.admin.get('/api-user/roles/getSysRoleList')).body.data as any[];
  const superRole = roles.find((r) => r.isSuper);
  const menus = (await a.admin.get('/api-user/menus/getAllMenus')).body.data as any[];
  const menu = (key: string) => menus.find((m) => m.key === key);
  const plainRole = await ok(a.admin.post('/api-user/roles/saveOrUpdate', { code: `P${tag}`, name: '普通角色' }));
  const powerRole = await ok(a.admin.post('/api-user/roles/saveOrUpdate', { code: `W${tag}`, name: '财务总监' }));
  await ok(
    a.admin.post(`/api-user/roles/saveRoleMenuList/${powerRole.id}`, { menuIds: [menu('identity.log').id, menu('stock.entry.audit').id] }),
  );

  const user = (fields: Record<string, unknown>) =>
    ok(
      a.admin.post('/api-user/users/saveOrUpdate', {
        username: `v_${uniq()}`,
        name: '用户',
        password: PASSWORD,
        roleIds: [plainRole.id],
        ...fields,
      }),
    );
  const ofA = await user({ name: '甲店收银', loginShopIds: [shopA.id] });
  const ofB = await user({ name: '乙店店长', loginShopIds: [shopB.id] });
  const mixed = await user({ name: '甲乙两店', loginShopIds: [shopA.id], managerShopIds: [shopB.id] });
  const chainWide = await user({ name: '总部职员' });
  const admin = (await a.admin.get('/api-user/me')).body.data.user;
  const outOfReach = [ofB, mixed, chainWide, admin];

  const signsIn = async (username: string, password = PASSWORD) => (await t.login(a.code, username, password)).status === 200;
  const attackerWith = (perms: string[]): Promise<LimitedUser> => createLimitedUser(t, a, { perms, loginShops: [shopA.id] });
  const userEditor = await attackerWith(['identity.user.view', 'identity.user.edit']);
  const atk: Client = userEditor.client;

  describe('users of other shops and of the whole chain', () => {
    it('are not read: 404 by id, absent from the list and from role holders; a list filtered by another shop is 403', async () => {
      for (const victim of outOfReach) expectStatus(await atk.get(`/api-user/users/${victim.id}`), 404);
      expectStatus(await atk.get(`/api-user/users/${ofA.id}`), 200);
      const list = (await atk.get('/api-user/users', { pageSize: 200 })).body.data;
      const ids = list.list.map((u: any) => u.id);
      expect(ids).toEqual(expect.arrayContaining([ofA.id, userEditor.userId]));
      for (const victim of outOfReach) expect(ids).not.toContain(victim.id);
      expect(list.total).toBe(ids.length);
      expect(JSON.stringify(list)).not.toContain(shopB.name);
      expectStatus(await atk.get('/api-user/users', { shopId: shopB.id }), 403);
      expect((await atk.get('/api-user/users', { shopId: shopA.id })).body.data.list.map((u: any) => u.id)).not.toContain(mixed.id);

      const viewer = await createLimitedUser(t, a, { perms: ['identity.role.view'], loginShops: [shopA.id] });
      const holders = (await viewer.client.get(`/api-user/roles/getUsersByRoleId/${plainRole.id}`)).body.data.map((u: any) => u.id);
      expect(holders).toEqual([ofA.id]);
      expect((await a.admin.get(`/api-user/roles/getUsersByRoleId/${plainRole.id}`)).body.data).toHaveLength(4);
    });

    it('cannot have their password reset: 404, the victim still signs in, the attacker cannot sign in as them', async () => {
      await unchanged(async () => {
        for (const victim of outOfReach) {
          expectStatus(await atk.post('/api-user/users/updateUser', { id: victim.id, password: 'taken-over-1' }), 404);
          const apps = { id: victim.id, appPasswords: [{ appId: 'admin', password: 'taken-over-1' }] };
          expectStatus(await atk.post('/api-user/users/updateUser', apps), 404);
        }
      });
      for (const victim of [ofB, mixed, chainWide]) {
        expect(await signsIn(victim.username)).toBe(true);
        expect(await signsIn(victim.username, 'taken-over-1')).toBe(false);
      }
      expect(await signsIn('admin', a.adminPassword)).toBe(true);
      expect(await signsIn('admin', 'taken-over-1')).toBe(false);
    });

    it('cannot be renamed, disabled, re-homed or given roles: 404 and nothing changed', async () => {
      await unchanged(async () => {
        for (const victim of outOfReach) {
          const base = { id: victim.id, username: victim.username, name: victim.name };
          for (const change of [
            { username: `taken_${uniq()}` },
            { name: '改名' },
            { status: 0 },
            { loginShopIds: [shopA.id] },
            { managerShopIds: [shopA.id] },
            { roleIds: [plainRole.id] },
          ])
            expectStatus(await atk.post('/api-user/users/saveOrUpdate', { ...base, ...change }), 404);
          expectStatus(await atk.post('/api-user/users/updateUser', { id: victim.id, status: 0 }), 404);
          expectStatus(await atk.post(`/api-user/loginshop/${victim.id}/saveLoginShops`, { shopIds: [shopA.id] }), 404);
          expectStatus(await atk.post(`/api-user/mangershop/${victim.id}/saveMangerShops`, { shopIds: [shopA.id] }), 404);
          expectStatus(await atk.post('/api-user/users/updateUser', { id: victim.id, employeeId: employeeA.id }), 404);
        }
      });
      for (const victim of [ofB, mixed, chainWide]) expect(await signsIn(victim.username)).toBe(true);
    });

    it('an editor gives only shops they see, and keeps every user they administer in one of them', async () => {
      await unchanged(async () => {
        const create = (fields: Record<string, unknown>) =>
          atk.post('/api-user/users/saveOrUpdate', { username: `n_${uniq()}`, name: '新人', password: PASSWORD, ...fields });
        expectStatus(await create({ loginShopIds: [shopB.id] }), 403);
        expectStatus(await create({ loginShopIds: [shopA.id], managerShopIds: [shopB.id] }), 403);
        expect400(await create({}), 'loginShopIds');
        const base = { id: ofA.id, username: ofA.username, name: ofA.name };
        expectStatus(await atk.post('/api-user/users/saveOrUpdate', { ...base, managerShopIds: [shopB.id] }), 403);
        expectStatus(await atk.post(`/api-user/mangershop/${ofA.id}/saveMangerShops`, { shopIds: [shopB.id] }), 403);
        expectStatus(await atk.post(`/api-user/loginshop/${ofA.id}/saveLoginShops`, { shopIds: [shopA.id, shopB.id] }), 403);
        expect400(await atk.post('/api-user/users/saveOrUpdate', { ...base, loginShopIds: [] }), 'loginShopIds');
        expect400(await atk.post(`/api-user/loginshop/${ofA.id}/saveLoginShops`, { shopIds: [] }), 'shopIds');
        // Nor do they widen their own reach.
        expectStatus(await atk.post(`/api-user/mangershop/${userEditor.userId}/saveMangerShops`, { shopIds: [shopB.id] }), 403);
      });
      // Within their shop they administer as before.
      const made = await ok(
        atk.post('/api-user/users/saveOrUpdate', { username: `n_${uniq()}`, name: '新人', password: PASSWORD, managerShopIds: [shopA.id] }),
      );
      expect(made.managerShops.map((s: any) => s.id)).toEqual([shopA.id]);
      await ok(atk.post('/api-user/users/updateUser', { id: made.id, password: 'reset-by-shop' }));
      expect(await signsIn(made.username, 'reset-by-shop')).toBe(true);
    });

    it('an editor gives only roles whose rights they hold, never the super role', async () => {
      await unchanged(async () => {
        const base = { id: ofA.id, username: ofA.username, name: ofA.name };
        expectStatus(await atk.post('/api-user/users/saveOrUpdate', { ...base, roleIds: [powerRole.id] }), 403);
        expectStatus(await atk.post('/api-user/users/saveOrUpdate', { ...base, roleIds: [superRole.id] }), 403);
        const self = { id: userEditor.userId, username: userEditor.username, name: 'x' };
        expectStatus(await atk.post('/api-user/users/saveOrUpdate', { ...self, roleIds: [powerRole.id] }), 403);
        expectStatus(await atk.post('/api-user/users/saveOrUpdate', { ...self, roleIds: [superRole.id] }), 403);
      });
      expect((await atk.get('/api-user/me')).body.data.permissions).toEqual(['identity.user.edit', 'identity.user.view']);
    });
  });

  describe("another shop's employees", () => {
    it('are not linked to a user, and their name does not show', async () => {
      await unchanged(async () => {
        for (const res of [
          await atk.post('/api-user/users/updateUser', { id: userEditor.userId, employeeId: employeeB.id }),
          await atk.post('/api-user/users/updateUser', { id: ofA.id, employeeId: employeeB.id }),
          await atk.post('/api-user/users/saveOrUpdate', { id: ofA.id, username: ofA.username, name: ofA.name, employeeId: employeeB.id }),
          await atk.post('/api-user/users/saveOrUpdate', {
            username: `n_${uniq()}`,
            name: '新人',
            password: PASSWORD,
            loginShopIds: [shopA.id],
            employeeId: employeeB.id,
          }),
        ]) {
          expect400(res, 'employeeId');
          expect(JSON.stringify(res.body)).not.toContain(employeeB.name);
        }
        expectStatus(await atk.get('/api-user/users-anon/eeid', { eeid: employeeB.id }), 404);
      });
      const linked = await ok(atk.post('/api-user/users/updateUser', { id: ofA.id, employeeId: employeeA.id }));
      expect(linked).toMatchObject({ employeeId: employeeA.id, employeeName: employeeA.name });
      expect((await atk.get('/api-user/users-anon/eeid', { eeid: employeeA.id })).body.data.id).toBe(ofA.id);
    });

    it('are not linked to a service, nor shown among its performers; their links stay when a shop edits the service', async () => {
      const editor = await attackerWith(['catalog.service.view', 'catalog.service.edit']);
      const type = await ok(a.admin.post('/api-chain/servicetype/save', { code: `T${tag}`, name: '护理' }));
      const service = await ok(
        a.admin.post('/api-chain/serviceinfo/save', {
          code: `S${tag}`,
          name: '头皮护理',
          serviceTypeId: type.id,
          basePrice: 10_000,
          employeeIds: [employeeB.id],
        }),
      );
      await unchanged(async () => {
        const res = await editor.client.post('/api-chain/serviceinfo/save', {
          code: `S${uniq()}`,
          name: '新服务',
          serviceTypeId: type.id,
          basePrice: 100,
          employeeIds: [employeeA.id, employeeB.id],
        });
        expect400(res, 'employeeIds.1');
        expect(JSON.stringify(res.body)).not.toContain(employeeB.name);
      });
      const shown = await ok(editor.client.get(`/api-chain/serviceinfo/${service.id}`));
      expect(shown.employees).toEqual([]);
      const performers = await ok(editor.client.get('/api-chain/serviceinfo/employees', { serviceId: service.id }));
      expect(performers.map((e: any) => e.id)).not.toContain(employeeB.id);
      const saved = await ok(
        editor.client.post('/api-chain/serviceinfo/save', {
          id: service.id,
          code: service.code,
          name: service.name,
          serviceTypeId: type.id,
          basePrice: 10_000,
          employeeIds: [employeeA.id],
        }),
      );
      expect(saved.employees.map((e: any) => e.id)).toEqual([employeeA.id]);
      const all = await ok(a.admin.get(`/api-chain/serviceinfo/${service.id}`));
      expect(all.employees.map((e: any) => e.id).sort()).toEqual([employeeA.id, employeeB.id].sort());
    });
  });

  describe('menu rights', async () => {
    const menuEditor = await attackerWith(['identity.menu.view', 'identity.menu.edit']);
    const save = (fields: Record<string, unknown>) => menuEditor.client.post('/api-user/menus/saveOrUpdate', fields);
    const asSaved = (m: any) => ({ id: m.id, appId: m.appId, parentId: m.parentId, key: m.key, type: m.type, name: m.name });
    const rightsOf = async (c: Client) => (await c.get('/api-user/me')).body.data.permissions as string[];

    it('a built-in menu keeps its permission key, even for a super administrator', async () => {
      const mine = menu('identity.menu');
      await unchanged(async () => {
        for (const permKey of ['identity.user.edit', 'stock.entry.audit', null]) {
          expectStatus(await save({ ...asSaved(mine), permKey }), 409);
          expectStatus(await save({ ...asSaved(menu('identity.menu.edit')), permKey }), 409);
        }
        const res = await a.admin.post('/api-user/menus/saveOrUpdate', { ...asSaved(menu('org.shop')), permKey: 'identity.user.edit' });
        expectStatus(res, 409);
        expect(res.body.resp_msg).toBe('这是系统内置菜单：它的权限标识不能修改');
      });
      expect(await rightsOf(menuEditor.client)).toEqual(['identity.menu.edit', 'identity.menu.view']);
    });

    it('a custom menu carries only a right that exists and that its editor holds', async () => {
      const system = menu('system');
      const fresh = (fields: Record<string, unknown>) =>
        save({ appId: 'admin', parentId: system.id, key: `c.${uniq()}`, type: 'page', name: '自定义', url: '/admin/x', ...fields });
      await unchanged(async () => {
        expect400(await fresh({ permKey: 'made.up.right' }), 'permKey');
        expect400(
          await a.admin.post('/api-user/menus/saveOrUpdate', {
            appId: 'admin',
            key: `c.${uniq()}`,
            type: 'dir',
            name: 'x',
            permKey: 'made.up.right',
          }),
          'permKey',
        );
        const beyond = await fresh({ permKey: 'identity.user.edit' });
        expectStatus(beyond, 403);
        expect(beyond.body.resp_msg).toBe('不能授予自己没有的权限：“identity.user.edit”');
      });
      const own = await ok(fresh({ permKey: 'identity.menu.view' }));
      await unchanged(async () => {
        expectStatus(await save({ ...asSaved(own), permKey: 'identity.role.edit' }), 403);
        expect400(await save({ ...asSaved(own), permKey: 'made.up.right' }), 'permKey');
      });
    });

    it('a menu roles hold changes its right, or comes back on, only by someone who may grant it', async () => {
      const system = menu('system');
      // A custom menu the admin gave to the attacker's own role and to another role.
      const custom = await ok(
        a.admin.post('/api-user/menus/saveOrUpdate', {
          appId: 'admin',
          parentId: system.id,
          key: `g.${uniq()}`,
          type: 'page',
          name: '共享页面',
          url: '/admin/shared',
          permKey: 'identity.menu.view',
        }),
      );
      const me = (await menuEditor.client.get('/api-user/me')).body.data;
      const ownRole = me.roles[0].id;
      const granted = (await a.admin.get(`/api-user/menus/getRoleMenus/${ownRole}`)).body.data as number[];
      await ok(a.admin.post(`/api-user/roles/saveRoleMenuList/${ownRole}`, { menuIds: [...granted, custom.id] }));
      await ok(a.admin.post(`/api-user/roles/saveRoleMenuList/${plainRole.id}`, { menuIds: [custom.id] }));
      // A built-in menu the admin switched off, whose right the attacker lacks.
      const audit = menu('stock.entry.audit');
      await ok(a.admin.post('/api-user/menus/saveOrUpdate', { ...asSaved(audit), status: 0 }));
      await ok(a.admin.post(`/api-user/roles/saveRoleMenuList/${ownRole}`, { menuIds: [...granted, custom.id, audit.id] }));

      await unchanged(async () => {
        for (const permKey of ['identity.user.edit', 'stock.entry.audit', 'identity.role.edit']) {
          expectStatus(await save({ ...asSaved(custom), permKey }), 403);
        }
        // Even a right the attacker holds is not handed to the other role's users by editing the menu.
        const held = await save({ ...asSaved(custom), permKey: 'identity.menu.edit' });
        expectStatus(held, 403);
        expect(held.body.resp_msg).toBe('该菜单已分配给角色，修改或启用它的权限会改变这些角色的权限：需要角色管理的编辑权限');
        expectStatus(await save({ ...asSaved(audit), status: 1 }), 403);
      });
      expect(await rightsOf(menuEditor.client)).toEqual(['identity.menu.edit', 'identity.menu.view']);
      // Switching a right off is always allowed.
      await ok(save({ ...asSaved(custom), status: 0 }));
      await ok(a.admin.post('/api-user/menus/saveOrUpdate', { ...asSaved(audit), status: 1 }));
    });
  });

  describe('role rights', async () => {
    const roleEditor = await attackerWith(['identity.role.view', 'identity.role.edit', 'identity.log.view']);
    const me = (await roleEditor.client.get('/api-user/me')).body.data;
    const ownRole = me.roles[0];

    it('an editor grants only menus whose rights they hold, to their own role or any other', async () => {
      const before = (await roleEditor.client.get(`/api-user/menus/getRoleMenus/${ownRole.id}`)).body.data as number[];
      await unchanged(async () => {
        for (const target of [ownRole.id, plainRole.id]) {
          const res = await roleEditor.client.post(`/api-user/roles/saveRoleMenuList/${target}`, {
            menuIds: [...before, menu('identity.user.edit').id],
          });
          expectStatus(res, 403);
          expect(res.body.resp_msg).toContain('不能授予自己没有的权限');
        }
        expectStatus(
          await roleEditor.client.post('/api-user/roles/saveCopyRoleMenu', { fromRoleId: superRole.id, toRoleIds: [ownRole.id] }),
          403,
        );
        expectStatus(
          await roleEditor.client.post('/api-user/roles/saveCopyRoleMenu', { fromRoleId: powerRole.id, toRoleIds: [plainRole.id] }),
          403,
        );
      });
      expect((await roleEditor.client.get('/api-user/me')).body.data.permissions).toEqual(me.permissions);
      // Within their own rights they grant as before.
      await ok(roleEditor.client.post(`/api-user/roles/saveRoleMenuList/${plainRole.id}`, { menuIds: [menu('identity.log').id] }));
      await ok(roleEditor.client.post(`/api-user/roles/saveRoleMenuList/${plainRole.id}`, { menuIds: [] }));
    });

    it("a disabled role comes back on only by someone holding all of its rights (its holders' rights would grow)", async () => {
      const holder = await user({ loginShopIds: [shopA.id], roleIds: [powerRole.id] });
      await ok(a.admin.post('/api-user/roles/saveOrUpdate', { id: powerRole.id, code: powerRole.code, name: powerRole.name, status: 0 }));
      await unchanged(async () => {
        const res = await roleEditor.client.post('/api-user/roles/saveOrUpdate', {
          id: powerRole.id,
          code: powerRole.code,
          name: powerRole.name,
          status: 1,
        });
        expectStatus(res, 403);
      });
      const signedIn = await t.login(a.code, holder.username, PASSWORD);
      expect((await t.client(signedIn.body.data.access_token).get('/api-user/me')).body.data.permissions).toEqual([]);
      // Renaming it (still off) is fine; the admin switches it back on.
      await ok(roleEditor.client.post('/api-user/roles/saveOrUpdate', { id: powerRole.id, code: powerRole.code, name: '财务总监（停）' }));
      await ok(a.admin.post('/api-user/roles/saveOrUpdate', { id: powerRole.id, code: powerRole.code, name: powerRole.name, status: 1 }));
    });
  });
});
