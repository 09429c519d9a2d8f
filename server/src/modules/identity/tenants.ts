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

/**
 * Upserts the applications and menus of the catalogue into a tenant; user changes to status are kept.
 * One statement per level of the menu trees (a parent's id is known before its children's rows), not
 * one per menu: creating a tenant, and syncing every tenant at start-up, made some 300 round trips each.
 */
export async function syncCatalog(tx: Db, tenantId: number) {
  await tx
    .insert(applications)
    .values(
      installedApplications().map((app) => ({
        tenantId,
        appId: app.appId,
        name: app.name,
        nameEn: app.nameEn,
        icon: app.icon,
        url: app.url,
        sort: app.sort,
      })),
    )
    .onConflictDoUpdate({
      target: [applications.tenantId, applications.appId],
      set: excluded({ name: 'name', nameEn: 'name_en', icon: 'icon', url: 'url', sort: 'sort' }),
    });
  type Row = typeof menus.$inferInsert;
  // A level's rows, each with the menus below it (its children first, then its actions, as before).
  let level: { row: Omit<Row, 'parentId'>; parentKey: string | null; def?: MenuDef; appId: string }[] = [];
  const rowOf = (appId: string, def: MenuDef, type: string, sort: number) => ({
    tenantId,
    appId,
    key: def.key,
    type,
    name: def.name,
    nameEn: def.nameEn,
    icon: def.icon ?? null,
    url: def.url ?? null,
    permKey: def.perm ?? null,
    sort,
  });
  const below = (appId: string, defs: MenuDef[], parentKey: string | null) =>
    defs.map((def, index) => ({ row: rowOf(appId, def, def.url ? 'page' : 'dir', (index + 1) * 10), parentKey, def, appId }));
  for (const app of installedApplications()) level.push(...below(app.appId, app.menus, null));
  const ids = new Map<string, number>();
  while (level.length) {
    const saved = await tx
      .insert(menus)
      .values(level.map(({ row, parentKey }) => ({ ...row, parentId: parentKey === null ? null : (ids.get(parentKey) as number) })))
      .onConflictDoUpdate({
        target: [menus.tenantId, menus.key],
        set: excluded({
          appId: 'app_id',
          parentId: 'parent_id',
          type: 'type',
          name: 'name',
          nameEn: 'name_en',
          icon: 'icon',
          url: 'url',
          permKey: 'perm_key',
          sort: 'sort',
        }),
      })
      .returning({ id: menus.id, key: menus.key });
    for (const { id, key } of saved) ids.set(key, id);
    const next: typeof level = [];
    for (const { def, appId } of level) {
      if (!def) continue;
      next.push(...below(appId, def.children ?? [], def.key));
      for (const [i, action] of (def.actions ?? []).entries())
        next.push({
          row: rowOf(appId, { key: action.key, name: action.name, nameEn: action.nameEn, perm: action.perm }, 'action', i + 1),
          parentKey: def.key,
          appId,
        });
    }
    level = next;
  }
}

/** For a multi-row upsert: each field set to the value the statement brought (`excluded.<column>`). */
const excluded = (columns: Record<string, string>) =>
  Object.fromEntries(Object.entries(columns).map(([field, column]) => [field, sql.raw(`excluded.${column}`)]));

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
