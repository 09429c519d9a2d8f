import { idParam, type MenuNode, menuSave } from '@headoffice/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, can } from '../../platform/auth.js';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../platform/errors.js';
import type { MenuDef } from '../../platform/menus.js';
import { installedApplications } from '../../platform/modules.js';
import { sentFields } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import './messages.js';
import { applications, menus, roleMenus, roles } from './schema.js';

type MenuType = MenuNode['type'];
export type MenuFlat = Omit<MenuNode, 'children'>;

export const menuColumns = {
  id: menus.id,
  appId: menus.appId,
  parentId: menus.parentId,
  key: menus.key,
  type: menus.type,
  name: menus.name,
  nameEn: menus.nameEn,
  icon: menus.icon,
  url: menus.url,
  permKey: menus.permKey,
  sort: menus.sort,
  status: menus.status,
};

/** Every menu of the tenant (all applications, all statuses) in display order. */
export async function allMenus(tx: Db, appId?: string): Promise<MenuFlat[]> {
  const rows = await tx
    .select(menuColumns)
    .from(menus)
    .where(appId ? eq(menus.appId, appId) : undefined)
    .orderBy(asc(menus.appId), asc(menus.sort), asc(menus.id));
  return rows as MenuFlat[];
}

/** Nests flat menus; `checked` (when given) marks each node. An entry whose parent is missing shows at the top. */
export function menuTree(rows: MenuFlat[], checked?: (id: number) => boolean): (MenuNode & { checked?: boolean })[] {
  type Node = MenuNode & { checked?: boolean };
  const nodes = new Map<number, Node>(rows.map((r) => [r.id, { ...r, ...(checked ? { checked: checked(r.id) } : {}), children: [] }]));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * Keys of the menus the catalogue defines (they are re-synced at every start), and the permission
 * keys they carry: the only rights there are.
 */
const { builtInKeys, builtInPerms } = (() => {
  const keys = new Set<string>();
  const perms = new Set<string>();
  const walk = (defs: MenuDef[]) => {
    for (const def of defs) {
      keys.add(def.key);
      if (def.perm) perms.add(def.perm);
      for (const action of def.actions ?? []) {
        keys.add(action.key);
        perms.add(action.perm);
      }
      walk(def.children ?? []);
    }
  };
  for (const app of installedApplications()) walk(app.menus);
  return { builtInKeys: keys, builtInPerms: perms };
})();

export const isBuiltInMenu = (key: string) => builtInKeys.has(key);
export const isKnownPermission = (permKey: string) => builtInPerms.has(permKey);

/**
 * What a menu's right may become. A built-in menu keeps its permission key (409). A custom menu
 * carries only a right some built-in menu carries (400). Setting or re-enabling a right hands it
 * out: an editor who is not a super administrator hands out only rights they hold (403), and when
 * roles already hold the menu (so their users would gain the right at once) only if they may also
 * grant menus to roles.
 */
async function checkMenuRight(tx: Db, auth: Auth, current: MenuFlat | undefined, next: MenuFlat) {
  const permChanged = (next.permKey ?? null) !== (current?.permKey ?? null);
  if (current && permChanged && isBuiltInMenu(current.key)) throw conflict('menuBuiltInPerm');
  if (permChanged && next.permKey && !isKnownPermission(next.permKey)) throw fieldError('permKey', 'menuPermUnknown');
  const handsOut = !!next.permKey && next.status === 1 && (permChanged || current?.status !== 1);
  if (!handsOut || auth.isSuper) return;
  if (!auth.permissions.has(next.permKey as string)) throw new AppError(403, 'grantBeyondOwn', { name: next.permKey as string });
  if (!current) return;
  const [granted] = await tx.select({ roleId: roleMenus.roleId }).from(roleMenus).where(eq(roleMenus.menuId, current.id)).limit(1);
  if (granted && !can(auth, 'identity.role.edit')) throw forbidden('menuGrantedToRoles');
}

/** Which parent each type may have (null: top level), and which child types each type holds. */
const parentRule: Record<MenuType, { parents: (MenuType | null)[]; message: string }> = {
  dir: { parents: [null, 'dir'], message: 'menuDirParent' },
  page: { parents: [null, 'dir'], message: 'menuPageParent' },
  action: { parents: ['page'], message: 'menuActionParent' },
};
const childTypes: Record<MenuType, MenuType[]> = { dir: ['dir', 'page'], page: ['action'], action: [] };

async function findMenu(tx: Db, id: number): Promise<MenuFlat> {
  const [row] = await tx.select(menuColumns).from(menus).where(eq(menus.id, id));
  if (!row) throw notFound();
  return row as MenuFlat;
}

async function assertApp(tx: Db, appId: string, field?: string) {
  const [row] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.appId, appId));
  if (!row) throw field ? fieldError(field, 'missingReference', { field: '@application' }) : new AppError(404, 'appNotFound');
}

async function saveMenu(tx: Db, auth: Auth, body: z.output<typeof menuSave>, raw: unknown) {
  const { id, ...fields } = body;
  const current = id ? await findMenu(tx, id) : undefined;
  const values = current ? sentFields(fields, raw) : fields;
  const next = { ...current, ...values } as MenuFlat;
  if (!current || values.appId !== undefined) await assertApp(tx, next.appId, 'appId');
  if (current && isBuiltInMenu(current.key) && (next.key !== current.key || next.appId !== current.appId)) throw conflict('menuBuiltIn');
  await checkMenuRight(tx, auth, current, next);

  let parentType: MenuType | null = null;
  if (next.parentId) {
    const [parent] = await tx.select(menuColumns).from(menus).where(eq(menus.id, next.parentId));
    if (!parent) throw fieldError('parentId', 'missingReference', { field: '@parent' });
    if (parent.appId !== next.appId) throw fieldError('parentId', 'menuParentApp');
    if (current) {
      const parentOf = new Map((await allMenus(tx, next.appId)).map((m) => [m.id, m.parentId]));
      for (let at: number | null | undefined = parent.id; at; at = parentOf.get(at)) {
        if (at === current.id) throw fieldError('parentId', 'menuParentSelf');
      }
    }
    parentType = parent.type as MenuType;
  }
  const rule = parentRule[next.type];
  if (!rule.parents.includes(parentType)) throw fieldError('parentId', rule.message);

  if (current) {
    const children = await tx.select({ type: menus.type }).from(menus).where(eq(menus.parentId, current.id));
    if (children.length && next.appId !== current.appId) throw fieldError('appId', 'menuChildrenApp');
    if (children.some((c) => !childTypes[next.type].includes(c.type as MenuType))) throw fieldError('type', 'menuChildrenType');
    await tx.update(menus).set(values).where(eq(menus.id, current.id));
    return findMenu(tx, current.id);
  }
  const [created] = await tx
    .insert(menus)
    .values({ ...fields, tenantId: auth.tenantId })
    .returning({ id: menus.id });
  return findMenu(tx, created.id);
}

export function registerMenuRoutes(app: FastifyInstance) {
  const view = 'identity.menu.view';
  const edit = 'identity.menu.edit';

  route(
    app,
    'GET',
    '/api-user/menus/treeList',
    {
      summary: 'The whole menu tree of an application (every status), each node with its children',
      perm: view,
      query: z.object({ appId: z.string().trim().min(1).max(32) }),
    },
    async ({ tx, query }) => {
      await assertApp(tx, query.appId);
      return menuTree(await allMenus(tx, query.appId));
    },
  );
  route(app, 'GET', '/api-user/menus/getAllMenus', { summary: "Every application's menus, flat (appId, parentId)", perm: view }, ({ tx }) =>
    allMenus(tx),
  );
  route(
    app,
    'GET',
    '/api-user/menus/getRoleMenus/:id',
    { summary: 'The menu ids granted to role {id}', perm: 'identity.role.view', params: idParam },
    async ({ tx, params }) => {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, params.id));
      if (!role) throw notFound();
      const rows = await tx
        .select({ menuId: roleMenus.menuId })
        .from(roleMenus)
        .where(eq(roleMenus.roleId, params.id))
        .orderBy(asc(roleMenus.menuId));
      return rows.map((r) => r.menuId);
    },
  );
  route(
    app,
    'POST',
    '/api-user/menus/saveOrUpdate',
    {
      summary: 'Create (no id) or update a menu entry (dir, page or action)',
      description:
        'The key is unique in the company (409). A parent must be in the same application; an action goes under a page, a page ' +
        'or directory under a directory or at the top. Built-in menus (from the product catalogue) keep their key, ' +
        'application and permission key (409); their other fields are restored from the catalogue at the next server start, ' +
        'except status. A custom menu may carry only a permission key some built-in menu carries (400). An editor who is not a ' +
        'super administrator sets or re-enables only rights they hold (403), and on a menu roles already hold only if they may ' +
        "also edit roles (403). Changes show in the board and the application's menu at the user's next request.",
      perm: edit,
      body: menuSave,
      entity: 'menu',
    },
    ({ tx, auth, body, req }) => saveMenu(tx, auth, body, req.body),
  );
  route(
    app,
    'DELETE',
    '/api-user/menus/:id',
    {
      summary: 'Delete a menu entry (409 while it has sub-entries or when built in); roles lose it',
      perm: edit,
      params: idParam,
      entity: 'menu',
    },
    async ({ tx, params }) => {
      const menu = await findMenu(tx, params.id);
      if (isBuiltInMenu(menu.key)) throw conflict('menuBuiltIn');
      const [child] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.parentId, menu.id)).limit(1);
      if (child) throw conflict('hasChildren', { entity: '@menus' });
      await tx.delete(menus).where(eq(menus.id, menu.id));
      return { id: menu.id };
    },
  );
}
