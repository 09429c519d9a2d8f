import { and, asc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type AccessOf, accessLoader, type TokenClaims } from '../../platform/auth.js';
import { stepPeople } from '../../platform/bills.js';
import { unauthorized } from '../../platform/errors.js';
import { employees } from '../org/public.js';
import { menus, revokedTokens, roleMenus, roles, userRoles, userShops, users } from './schema.js';

/** What the signed-in user may do now; a disabled user, a revoked or outdated token is refused. */
async function loadAccess(tx: Db, claims: TokenClaims): Promise<AccessOf> {
  const [user] = await tx
    .select({
      username: users.username,
      name: users.name,
      status: users.status,
      selfService: users.selfService,
      tokenVersion: users.tokenVersion,
      revoked: sql<boolean>`exists(select 1 from ${revokedTokens} where ${revokedTokens.tenantId} = ${claims.tenantId} and ${revokedTokens.jti} = ${claims.jti})`,
    })
    .from(users)
    .where(eq(users.id, claims.userId));
  if (user?.status !== 1 || user.revoked || user.tokenVersion !== claims.tokenVersion) throw unauthorized('tokenExpired');

  const roleRows = await tx
    .select({ id: roles.id, isSuper: roles.isSuper })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
    .where(eq(userRoles.userId, claims.userId));
  const isSuper = roleRows.some((r) => r.isSuper);
  const permissions = new Set<string>();
  if (!isSuper && roleRows.length > 0) {
    const perms = await tx
      .selectDistinct({ permKey: menus.permKey })
      .from(roleMenus)
      .innerJoin(menus, and(eq(menus.id, roleMenus.menuId), eq(menus.status, 1)))
      .where(
        inArray(
          roleMenus.roleId,
          roleRows.map((r) => r.id),
        ),
      );
    for (const p of perms) if (p.permKey) permissions.add(p.permKey);
  }
  const shopRows = await tx
    .select({ shopId: userShops.shopId, kind: userShops.kind })
    .from(userShops)
    .where(eq(userShops.userId, claims.userId));
  return {
    username: user.username,
    name: user.name,
    isSuper,
    permissions,
    loginShops: shopRows.filter((s) => s.kind === 'login').map((s) => s.shopId),
    managerShops: shopRows.filter((s) => s.kind === 'manager').map((s) => s.shopId),
    selfService: user.selfService,
  };
}

/**
 * The enabled users (not employees' own accounts) who hold a right now: through an enabled role whose
 * enabled menus carry it, or a super role. For telling who may take a step (a request's approvers).
 */
async function usersHolding(tx: Db, permKey: string) {
  const holdsRole = tx
    .select({ one: sql`1` })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
    .where(
      and(
        eq(userRoles.userId, users.id),
        or(
          eq(roles.isSuper, true),
          exists(
            tx
              .select({ one: sql`1` })
              .from(roleMenus)
              .innerJoin(menus, and(eq(menus.id, roleMenus.menuId), eq(menus.status, 1)))
              .where(and(eq(roleMenus.roleId, roles.id), eq(menus.permKey, permKey))),
          ),
        ),
      ),
    );
  return tx
    .select({ id: users.id, username: users.username, name: users.name, employeeId: users.employeeId })
    .from(users)
    .where(and(eq(users.status, 1), eq(users.selfService, false), exists(holdsRole)))
    .orderBy(asc(users.username));
}

export async function revokeToken(tx: Db, auth: TokenClaims) {
  await tx
    .insert(revokedTokens)
    .values({ tenantId: auth.tenantId, jti: auth.jti, expiresAt: new Date(auth.exp * 1000) })
    .onConflictDoNothing();
}

accessLoader.provide(loadAccess);

/** A user's department is their employee record's (a head-office administrator who is no employee has none). */
const byDepartment = (tx: Db) =>
  tx.select({ id: users.id, departmentId: employees.branchId }).from(users).innerJoin(employees, eq(employees.id, users.employeeId));

// A bill's step that belongs to a department (a petty-cash request's approval) asks who may take it.
stepPeople.provide(() => ({
  holding: usersHolding,
  inDepartment: async (tx, departmentId) => (await byDepartment(tx).where(eq(employees.branchId, departmentId))).map((u) => u.id),
  departmentOf: async (tx, userId) => (await byDepartment(tx).where(eq(users.id, userId)))[0]?.departmentId ?? null,
}));
