import { copyRoleMenusBody, idParam, type RoleRow, roleListQuery, roleMenusBody, roleSave, roleTypeRecord } from '@headoffice/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors.js';
import { afterKey, keyset, keywordMatch, offsetOf, pageOf, sentFields } from '../../platform/paging.js';
import { registerRecord, serveRecord } from '../../platform/records.js';
import { assertUnreferenced } from '../../platform/references.js';
import { route } from '../../platform/route.js';
import './messages.js';
import { allMenus, menuTree } from './menus-admin.js';
import { applications, menus, roleMenus, roles, roleTypes, userRoles, users } from './schema.js';
import { userScope } from './users.js';

/** Role types (总部, 门店, 财务...): the record pattern at /api-user/roletype. */
export const roleTypeDef = serveRecord(roleTypeRecord, { table: roleTypes });

const roleColumns = {
  id: roles.id,
  code: roles.code,
  name: roles.name,
  roleTypeId: roles.roleTypeId,
  roleTypeName: roleTypes.name,
  isSuper: roles.isSuper,
  status: roles.status,
  memo: roles.memo,
  version: roles.version,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
};

/** The role's holders the viewer may see (the users list's reach): a shop's editor is not told of other shops' users. */
function userCount(tx: Db, auth: Auth) {
  const holders = tx
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleId, roles.id), userScope(tx, auth)));
  return sql<number>`(${holders})`;
}

function selectRoles(tx: Db, auth: Auth) {
  return tx
    .select({ ...roleColumns, userCount: userCount(tx, auth) })
    .from(roles)
    .leftJoin(roleTypes, eq(roleTypes.id, roles.roleTypeId))
    .$dynamic();
}

export async function findRole(tx: Db, auth: Auth, id: number): Promise<RoleRow> {
  const [row] = await selectRoles(tx, auth).where(eq(roles.id, id));
  if (!row) throw notFound();
  return row;
}

async function listRoles(tx: Db, auth: Auth, q: z.output<typeof roleListQuery>) {
  const where: SQL[] = [];
  if (q.keyword) where.push(keywordMatch(q.keyword, roles.code, roles.name));
  if (q.roleTypeId) where.push(eq(roles.roleTypeId, q.roleTypeId));
  if (q.status !== undefined) where.push(eq(roles.status, q.status));
  const sortable = { code: roles.code, name: roles.name, status: roles.status, createdAt: roles.createdAt, roleTypeId: roles.roleTypeId };
  const keys = keyset(
    q.sort,
    sortable,
    [
      { field: 'isSuper', column: roles.isSuper, desc: true },
      { field: 'code', column: roles.code },
    ],
    roles.id,
  );
  return pageOf(
    tx,
    q,
    selectRoles(tx, auth)
      .where(and(...where, afterKey(keys, q)))
      .orderBy(...keys.order)
      .limit(q.pageSize)
      .offset(offsetOf(q, keys)),
    () =>
      tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(...where)),
    keys,
  );
}

async function saveRole(tx: Db, auth: Auth, body: z.output<typeof roleSave>, raw: unknown) {
  const { id, version, ...fields } = body;
  const values = id ? sentFields(fields, raw) : fields;
  if (values.roleTypeId) {
    const [type] = await tx.select({ id: roleTypes.id }).from(roleTypes).where(eq(roleTypes.id, values.roleTypeId));
    if (!type) throw fieldError('roleTypeId', 'missingReference', { field: '@roleType' });
  }
  if (!id) {
    const [created] = await tx
      .insert(roles)
      .values({ ...fields, tenantId: auth.tenantId })
      .returning({ id: roles.id });
    return findRole(tx, auth, created.id);
  }
  const current = await findRole(tx, auth, id);
  if (current.isSuper && values.status === 0) throw conflict('superRoleProtected');
  // Enabling a role gives its rights back to its holders: only someone holding them all may do it.
  if (current.status !== 1 && values.status === 1) await assertHoldsRights(tx, auth, await menuIdsOf(tx, id));
  const conditions = [eq(roles.id, id)];
  if (version !== undefined) conditions.push(eq(roles.version, version));
  const updated = await tx
    .update(roles)
    .set({ ...values, version: sql`${roles.version} + 1`, updatedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: roles.id });
  if (!updated.length) throw conflict('staleVersion');
  return findRole(tx, auth, id);
}

async function menuIdsOf(tx: Db, roleId: number) {
  const rows = await tx.select({ menuId: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId));
  return rows.map((r) => r.menuId);
}

/** A role that menus can be given to: it exists and is not the super role (which holds everything). */
async function editableRole(tx: Db, auth: Auth, id: number) {
  const role = await findRole(tx, auth, id);
  if (role.isSuper) throw conflict('superRoleProtected');
  return role;
}

/** An editor who is not a super administrator hands out only rights they hold themselves (403 naming the menu). */
async function assertHoldsRights(tx: Db, auth: Auth, menuIds: number[]) {
  if (auth.isSuper || !menuIds.length) return;
  const rows = await tx.select({ name: menus.name, permKey: menus.permKey }).from(menus).where(inArray(menus.id, menuIds));
  const beyond = rows.find((m) => m.permKey && !auth.permissions.has(m.permKey));
  if (beyond) throw new AppError(403, 'grantBeyondOwn', { name: beyond.name });
}

/**
 * Replaces a role's menus. An editor who is not a super administrator may add only menus whose
 * rights they hold themselves (removing is always allowed), so nobody raises their own rights.
 */
async function replaceRoleMenus(tx: Db, auth: Auth, roleId: number, menuIds: number[]) {
  const before = new Set(await menuIdsOf(tx, roleId));
  await assertHoldsRights(
    tx,
    auth,
    menuIds.filter((id) => !before.has(id)),
  );
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  if (menuIds.length) await tx.insert(roleMenus).values(menuIds.map((menuId) => ({ tenantId: auth.tenantId, roleId, menuId })));
}

export function registerRoleRoutes(app: FastifyInstance) {
  const view = 'identity.role.view';
  const edit = 'identity.role.edit';
  const R = '/api-user/roles';

  registerRecord(app, roleTypeDef);

  route(
    app,
    'GET',
    `${R}/roleList`,
    {
      summary: 'Roles: paged list with role type name and number of users (keyword on code and name; roleTypeId, status)',
      description: 'Sort: code, name, status, createdAt, roleTypeId; by default the super role first, then by code.',
      perm: view,
      query: roleListQuery,
    },
    ({ tx, auth, query }) => listRoles(tx, auth, query),
  );
  route(
    app,
    'GET',
    `${R}/getSysRoleList`,
    {
      summary: 'Every enabled role, for pickers (any signed-in user)',
      perm: null,
    },
    ({ tx }) =>
      tx
        .select({ id: roles.id, code: roles.code, name: roles.name, roleTypeId: roles.roleTypeId, isSuper: roles.isSuper })
        .from(roles)
        .where(eq(roles.status, 1))
        .orderBy(desc(roles.isSuper), asc(roles.code))
        .limit(2000),
  );
  route(
    app,
    'POST',
    `${R}/roleListById`,
    {
      summary: 'The roles with these ids (to show names of chosen roles); 404 when one is unknown',
      read: true,
      perm: null,
      body: z.strictObject({ ids: z.array(z.number().int().positive()).max(1000) }),
    },
    async ({ tx, auth, body }) => {
      const ids = [...new Set(body.ids)];
      if (!ids.length) return [];
      const rows = await selectRoles(tx, auth).where(inArray(roles.id, ids)).orderBy(asc(roles.code));
      if (rows.length !== ids.length) throw notFound();
      return rows;
    },
  );
  route(
    app,
    'POST',
    `${R}/saveOrUpdate`,
    {
      summary: 'Create (no id) or update a role (id, optional version)',
      description:
        'The code is unique in the company (409). The super role cannot be disabled (409); new roles are never super. An editor ' +
        'who is not a super administrator enables a disabled role only when they hold every right it carries (403).',
      perm: edit,
      body: roleSave,
      entity: 'role',
    },
    ({ tx, auth, body, req }) => saveRole(tx, auth, body, req.body),
  );
  route(
    app,
    'DELETE',
    `${R}/:id`,
    { summary: 'Delete a role (409 while users hold it, or for the super role)', perm: edit, params: idParam, entity: 'role' },
    async ({ tx, auth, params }) => {
      const role = await findRole(tx, auth, params.id);
      if (role.isSuper) throw conflict('superRoleProtected');
      const [{ holders }] = await tx.select({ holders: count() }).from(userRoles).where(eq(userRoles.roleId, role.id));
      if (holders > 0) throw conflict('roleInUse', { count: holders });
      await assertUnreferenced(tx, roles, role.id, [userRoles]);
      await tx.delete(roles).where(eq(roles.id, role.id));
      return { id: role.id };
    },
  );
  route(
    app,
    'GET',
    `${R}/getUsersByRoleId/:id`,
    {
      summary: 'The users holding role {id}',
      description: "Only users within the caller's reach, as in the users list.",
      perm: view,
      params: idParam,
    },
    async ({ tx, auth, params }) => {
      await findRole(tx, auth, params.id);
      return tx
        .select({ id: users.id, username: users.username, name: users.name, mobile: users.mobile, status: users.status })
        .from(userRoles)
        .innerJoin(users, eq(users.id, userRoles.userId))
        .where(and(eq(userRoles.roleId, params.id), userScope(tx, auth)))
        .orderBy(asc(users.username));
    },
  );
  route(
    app,
    'GET',
    `${R}/findRoleMenuList/:id`,
    {
      summary: "Every application's menu tree with `checked` on the menus role {id} holds, grouped by appId",
      description: 'Answers [{appId, name, nameEn, menus: tree}]; every node has `checked`. The super role shows everything checked.',
      perm: view,
      params: idParam,
    },
    async ({ tx, auth, params }) => {
      const role = await findRole(tx, auth, params.id);
      const granted = new Set(await menuIdsOf(tx, role.id));
      const apps = await tx
        .select({ appId: applications.appId, name: applications.name, nameEn: applications.nameEn })
        .from(applications)
        .orderBy(asc(applications.sort), asc(applications.appId));
      const rows = await allMenus(tx);
      return apps.map((a) => ({
        ...a,
        menus: menuTree(
          rows.filter((m) => m.appId === a.appId),
          (id) => role.isSuper || granted.has(id),
        ),
      }));
    },
  );
  route(
    app,
    'POST',
    `${R}/saveRoleMenuList/:id`,
    {
      summary: "Replace role {id}'s menus (menus of any application); unknown menus answer 404",
      description:
        'The super role holds everything and takes no menus (409). An editor who is not a super administrator may add only ' +
        "menus whose rights they hold (403). Users' rights change at their next request.",
      perm: edit,
      params: idParam,
      body: roleMenusBody,
      entity: 'role',
    },
    async ({ tx, auth, params, body }) => {
      const role = await editableRole(tx, auth, params.id);
      const menuIds = [...new Set(body.menuIds)];
      const found = menuIds.length ? await tx.select({ id: menus.id }).from(menus).where(inArray(menus.id, menuIds)) : [];
      if (found.length !== menuIds.length) throw notFound();
      await replaceRoleMenus(tx, auth, role.id, menuIds);
      return { id: role.id, menuIds: menuIds.sort((a, b) => a - b) };
    },
  );
  route(
    app,
    'POST',
    `${R}/saveCopyRoleMenu`,
    {
      summary: "Copy a role's menus to other roles: each target ends with exactly the source's menus",
      description: 'Unknown roles answer 404; the super role cannot be a target (409). A source listed among the targets is skipped.',
      perm: edit,
      body: copyRoleMenusBody,
      entity: 'role',
    },
    async ({ tx, auth, body }) => {
      const source = await findRole(tx, auth, body.fromRoleId);
      const targetIds = [...new Set(body.toRoleIds)].filter((id) => id !== source.id);
      const targets = targetIds.length
        ? await tx.select({ id: roles.id, isSuper: roles.isSuper }).from(roles).where(inArray(roles.id, targetIds))
        : [];
      if (targets.length !== targetIds.length) throw notFound();
      if (targets.some((r) => r.isSuper)) throw conflict('superRoleProtected');
      const menuIds = source.isSuper ? (await allMenus(tx)).map((m) => m.id) : await menuIdsOf(tx, source.id);
      for (const target of targets) await replaceRoleMenus(tx, auth, target.id, menuIds);
      return { id: source.id, toRoleIds: targetIds, menuIds: menuIds.sort((a, b) => a - b) };
    },
  );
}
