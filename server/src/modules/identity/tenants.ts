import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tenants } from '../../db/tenants.js';
import { hashPassword } from '../../platform/auth.js';
import type { MenuDef } from '../../platform/menus.js';
import { installedApplications, installedModules } from '../../platform/modules.js';
import { inTenant } from '../../platform/tenancy.js';
import { applications, menus, roles, userRoles, users } from './schema.js';

export const generatePassword = () => randomBytes(9).toString('base64url');

/** Upserts the applications and menus of the catalogue into a tenant; user changes to status are kept. */
export async function syncCatalog(tx: Db, tenantId: number) {
  for (const app of installedApplications()) {
    await tx
      .insert(applications)
      .values({ tenantId, appId: app.appId, name: app.name, nameEn: app.nameEn, icon: app.icon, url: app.url, sort: app.sort })
      .onConflictDoUpdate({
        target: [applications.tenantId, applications.appId],
        set: { name: app.name, nameEn: app.nameEn, icon: app.icon, url: app.url, sort: app.sort },
      });
    const upsert = async (def: MenuDef | (MenuDef & { type: string }), type: string, parentId: number | null, sort: number) => {
      const values = {
        tenantId,
        appId: app.appId,
        parentId,
        key: def.key,
        type,
        name: def.name,
        nameEn: def.nameEn,
        icon: def.icon ?? null,
        url: def.url ?? null,
        permKey: def.perm ?? null,
        sort,
      };
      const { tenantId: _tenant, key: _key, ...updatable } = values;
      const [row] = await tx
        .insert(menus)
        .values(values)
        .onConflictDoUpdate({ target: [menus.tenantId, menus.key], set: updatable })
        .returning({ id: menus.id });
      return row.id;
    };
    const walk = async (defs: MenuDef[], parentId: number | null) => {
      for (const [index, def] of defs.entries()) {
        const id = await upsert(def, def.url ? 'page' : 'dir', parentId, (index + 1) * 10);
        if (def.children) await walk(def.children, id);
        for (const [i, action] of (def.actions ?? []).entries()) {
          await upsert({ key: action.key, name: action.name, nameEn: action.nameEn, perm: action.perm }, 'action', id, i + 1);
        }
      }
    };
    await walk(app.menus, null);
  }
}

/** Each module's shipped data (pay types, stations ...), for a tenant that may not have it yet. */
async function seedModules(tx: Db, tenantId: number) {
  for (const m of installedModules()) await m.seed?.(tx, tenantId);
}

export interface NewTenant {
  code: string;
  name: string;
  adminPassword: string;
}

/** A new tenant with the catalogue's applications and menus and an `admin` user holding every right. */
export async function createTenant(db: Db, input: NewTenant): Promise<{ tenantId: number; adminUserId: number }> {
  const passwordHash = await hashPassword(input.adminPassword);
  const [tenant] = await db.insert(tenants).values({ code: input.code, name: input.name }).returning({ id: tenants.id });
  const adminUserId = await inTenant(db, tenant.id, async (tx) => {
    await syncCatalog(tx, tenant.id);
    await seedModules(tx, tenant.id);
    const [role] = await tx
      .insert(roles)
      .values({ tenantId: tenant.id, code: 'admin', name: '超级管理员', isSuper: true, memo: '拥有全部权限' })
      .returning({ id: roles.id });
    const [user] = await tx
      .insert(users)
      .values({ tenantId: tenant.id, username: 'admin', name: '系统管理员', passwordHash })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ tenantId: tenant.id, userId: user.id, roleId: role.id });
    return user.id;
  });
  return { tenantId: tenant.id, adminUserId };
}

export async function findTenant(db: Db, code: string) {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.code, code));
  return tenant;
}

/** Brings every tenant's menus up to the catalogue (new modules add menus). */
export async function syncAllTenants(db: Db) {
  const all = await db.select({ id: tenants.id }).from(tenants);
  for (const t of all)
    await inTenant(db, t.id, async (tx) => {
      await syncCatalog(tx, t.id);
      await seedModules(tx, t.id);
    });
}

export async function resetPassword(db: Db, tenantCode: string, username: string, password: string) {
  const tenant = await findTenant(db, tenantCode);
  if (!tenant) throw new Error(`No tenant with code ${tenantCode}`);
  const passwordHash = await hashPassword(password);
  const changed = await inTenant(db, tenant.id, (tx) =>
    tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.username, username))
      .returning({ id: users.id }),
  );
  if (!changed.length) throw new Error(`No user ${username} in tenant ${tenantCode}`);
}
