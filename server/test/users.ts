import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { menus, roleMenus, roles, userRoles, userShops, users } from '../src/db/schema.js';
import { hashPassword } from '../src/platform/auth.js';
import type { MenuDef } from '../src/platform/menus.js';
import { installedApplications } from '../src/platform/modules.js';
import { inTenant } from '../src/platform/tenancy.js';
import type { Client, TestApp, TestTenant } from './helpers.js';

export interface LimitedUserOptions {
  /** Permission keys granted through one role (menus whose permKey is one of these). */
  perms: string[];
  managerShops?: number[];
  loginShops?: number[];
}

export interface LimitedUser {
  userId: number;
  username: string;
  password: string;
  client: Client;
}

/** Every permission key the built-in menus carry: every right there is. */
export function allPermissions(): string[] {
  const perms = new Set<string>();
  const walk = (defs: MenuDef[]) => {
    for (const def of defs) {
      if (def.perm) perms.add(def.perm);
      for (const action of def.actions ?? []) perms.add(action.perm);
      walk(def.children ?? []);
    }
  };
  for (const app of installedApplications()) walk(app.menus);
  return [...perms].sort();
}

/**
 * A non-super user of `tenant`, inserted straight into the database (there is no user-admin API
 * yet): one role granting the menus of `perms`, and the given login and manager shops. Signs in.
 */
export async function createLimitedUser(t: TestApp, tenant: TestTenant, options: LimitedUserOptions): Promise<LimitedUser> {
  const suffix = randomBytes(4).toString('hex');
  const username = `u${suffix}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const passwordHash = await hashPassword(password);
  const tenantId = tenant.tenantId;
  const userId = await inTenant(t.database.db, tenantId, async (tx) => {
    const granted = options.perms.length
      ? await tx.select({ id: menus.id, permKey: menus.permKey }).from(menus).where(inArray(menus.permKey, options.perms))
      : [];
    const missing = options.perms.filter((p) => !granted.some((m) => m.permKey === p));
    if (missing.length) throw new Error(`no menu carries ${missing.join(', ')}`);
    const [role] = await tx
      .insert(roles)
      .values({ tenantId, code: `r${suffix}`, name: `测试角色 ${suffix}` })
      .returning({ id: roles.id });
    if (granted.length) await tx.insert(roleMenus).values(granted.map((m) => ({ tenantId, roleId: role.id, menuId: m.id })));
    const [user] = await tx
      .insert(users)
      .values({ tenantId, username, name: `测试用户 ${suffix}`, passwordHash })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ tenantId, userId: user.id, roleId: role.id });
    const shopRows = [
      ...(options.managerShops ?? []).map((shopId) => ({ tenantId, userId: user.id, shopId, kind: 'manager' })),
      ...(options.loginShops ?? []).map((shopId) => ({ tenantId, userId: user.id, shopId, kind: 'login' })),
    ];
    if (shopRows.length) await tx.insert(userShops).values(shopRows);
    return user.id;
  });
  const res = await t.login(tenant.code, username, password);
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${JSON.stringify(res.body)}`);
  return { userId, username, password, client: t.client(res.body.data.access_token) };
}
