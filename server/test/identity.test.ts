import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menus, roleMenus, roles, shops, userAppPasswords, userRoles, userShops, users } from '../src/db/schema.js';
import { resetPassword } from '../src/modules/identity/tenants.js';
import { hashPassword } from '../src/platform/auth.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, eventually } from './helpers.js';

describe('identity', async () => {
  const t = await build();
  const demo = await t.tenant({ demo: true });

  /** A user holding only the given page menus (by menu key) and the given manager shops. */
  async function makeUser(username: string, menuKeys: string[], managerShopCodes: string[] = []) {
    const password = `${username}-pw-123`;
    const passwordHash = await hashPassword(password);
    const userId = await inTenant(t.database.db, demo.tenantId, async (tx) => {
      const [role] = await tx
        .insert(roles)
        .values({ tenantId: demo.tenantId, code: `r-${username}`, name: `角色 ${username}` })
        .returning();
      const menuRows = await tx.select().from(menus);
      for (const key of menuKeys) {
        const menu = menuRows.find((m) => m.key === key);
        if (!menu) throw new Error(`no menu ${key}`);
        await tx.insert(roleMenus).values({ tenantId: demo.tenantId, roleId: role.id, menuId: menu.id });
      }
      const [user] = await tx.insert(users).values({ tenantId: demo.tenantId, username, name: username, passwordHash }).returning();
      await tx.insert(userRoles).values({ tenantId: demo.tenantId, userId: user.id, roleId: role.id });
      const shopRows = await tx.select().from(shops);
      for (const code of managerShopCodes) {
        const shop = shopRows.find((s) => s.code === code);
        if (!shop) throw new Error(`no shop ${code}`);
        await tx.insert(userShops).values({ tenantId: demo.tenantId, userId: user.id, shopId: shop.id, kind: 'manager' });
      }
      return user.id;
    });
    const res = await t.login(demo.code, username, password);
    expect(res.status).toBe(200);
    return { userId, password, client: t.client(res.body.data.access_token) };
  }

  it('signs in and answers the token, tenant id and user', async () => {
    const res = await t.login(demo.code, 'admin', demo.adminPassword);
    expect(res.status).toBe(200);
    expect(res.body.resp_code).toBe('200');
    expect(typeof res.body.data.access_token).toBe('string');
    expect(res.body.data.tenantId).toBe(demo.tenantId);
    expect(res.body.data.user.username).toBe('admin');
  });

  it('refuses a wrong password, an unknown user and an unknown tenant alike', async () => {
    for (const [tenant, user, pw] of [
      [demo.code, 'admin', 'wrong'],
      [demo.code, 'ghost', demo.adminPassword],
      ['no-such', 'admin', demo.adminPassword],
    ]) {
      const res = await t.login(tenant, user, pw);
      expect(res.status).toBe(401);
      expect(res.body.resp_msg).toBe('企业编码、用户名或密码不正确');
    }
  });

  it('rate-limits repeated sign-in attempts with 429', async () => {
    const other = await t.tenant();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await t.login(other.code, 'admin', 'wrong')).status);
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('me: the admin holds every permission', async () => {
    const res = await demo.admin.get('/api-user/me');
    expect(res.status).toBe(200);
    expect(res.body.data.user.tenantCode).toBe(demo.code);
    // the web opens its pages on the company's day, not the browser's
    expect(res.body.data.user.timeZone).toBe('Asia/Shanghai');
    expect(res.body.data.isSuper).toBe(true);
    expect(res.body.data.permissions).toEqual(expect.arrayContaining(['org.shop.view', 'org.shop.edit', 'org.dict.branch.edit']));
  });

  it('apps and relogin: an app-scoped token; 4005 with an independent password, then app-login', async () => {
    const apps = await demo.admin.get('/api-user/apps');
    expect(apps.body.resp_code).toBe('200');
    expect(apps.body.data.map((a: { appId: string }) => a.appId)).toEqual(expect.arrayContaining(['admin', 'docs']));
    const relogin = await demo.admin.post('/api-user/relogin', { appId: 'admin' });
    expect(relogin.status).toBe(200);
    expect(relogin.body.data.tenantId).toBe(demo.tenantId);
    const scoped = t.client(relogin.body.data.access_token);
    expect((await scoped.get('/api-user/me')).body.data.user.appId).toBe('admin');
    expect((await demo.admin.post('/api-user/relogin', { appId: 'nope' })).status).toBe(404);

    const user = await makeUser('cashier1', ['org.shop']);
    await inTenant(t.database.db, demo.tenantId, (tx) =>
      hashPassword('till-9876').then((passwordHash) =>
        tx.insert(userAppPasswords).values({ tenantId: demo.tenantId, userId: user.userId, appId: 'admin', passwordHash }),
      ),
    );
    const needs = await user.client.post('/api-user/relogin', { appId: 'admin' });
    expect(needs.body.resp_code).toBe('4005');
    expect(needs.body.resp_msg).toBe('当前系统需要独立密码');
    expect((await user.client.post('/api-user/app-login', { appId: 'admin', password: 'wrong' })).status).toBe(401);
    const ok = await user.client.post('/api-user/app-login', { appId: 'admin', password: 'till-9876' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.access_token).toBeTruthy();
  });

  it('menus/mine shows only granted menus; routes enforce permissions (403) and shop scope', async () => {
    const manager = await makeUser('shanghai1', ['org.shop'], ['SH001']);
    const tree = await manager.client.get('/api-user/menus/mine', { appId: 'admin' });
    expect(tree.status).toBe(200);
    expect(tree.body.data).toHaveLength(1);
    expect(tree.body.data[0].children.map((m: { url: string }) => m.url)).toEqual(['/admin/org/shops']);
    const me = await manager.client.get('/api-user/me');
    expect(me.body.data.permissions).toEqual(['org.shop.view']);
    expect(me.body.data.managerShops.map((s: { code: string }) => s.code)).toEqual(['SH001']);
    const list = await manager.client.get('/api-chain/shop');
    expect(list.body.data.list.map((s: { code: string }) => s.code)).toEqual(['SH001']);
    const forbidden = await manager.client.get('/api-chain/branch/list');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.resp_code).toBe('403');
    expect((await manager.client.post('/api-chain/shop/saveShop', {})).status).toBe(403);
  });

  it('logout revokes the token at once; a password reset or a disabled user made outside the app is heard in a moment', async () => {
    const u = await makeUser('temp1', ['org.shop']);
    expect((await u.client.post('/api-user/logout')).status).toBe(200);
    expect((await u.client.get('/api-user/me')).status).toBe(401);

    const again = await t.login(demo.code, 'temp1', u.password);
    const c = t.client(again.body.data.access_token);
    await resetPassword(t.database.db, demo.code, 'temp1', 'another-pw-1');
    const meStatus = (client: typeof c) => async () => (await client.get('/api-user/me')).status;
    expect(await eventually(meStatus(c), (s) => s === 401)).toBe(401);
    expect((await t.login(demo.code, 'temp1', u.password)).status).toBe(401);

    const third = t.client((await t.login(demo.code, 'temp1', 'another-pw-1')).body.data.access_token);
    expect((await third.get('/api-user/me')).status).toBe(200);
    await inTenant(t.database.db, demo.tenantId, (tx) => tx.update(users).set({ status: 0 }).where(eq(users.id, u.userId)));
    expect(await eventually(meStatus(third), (s) => s === 401)).toBe(401);
    expect((await t.login(demo.code, 'temp1', 'another-pw-1')).status).toBe(403);
  });
});
