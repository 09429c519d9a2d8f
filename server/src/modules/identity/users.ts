import { idParam, shopIdsBody, type UserRow, userListQuery, userSave, userUpdate } from '@headoffice/contract';
import { and, asc, eq, exists, inArray, ne, notExists, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, can, hashPassword, visibleShops } from '../../platform/auth.js';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../platform/errors.js';
import { dateTimeText, statusText } from '../../platform/excel.js';
import { listExport } from '../../platform/list-export.js';
import { afterKey, keyset, keywordMatch, offsetOf, pageOf, sentFields } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { employeeScope, employees, shops } from '../org/public.js';
import './messages.js';
import { applications, menus, roleMenus, roles, userAppPasswords, userRoles, userShops, users } from './schema.js';

/** The account every tenant is created with; it keeps the super role and cannot be disabled. */
export const ADMIN_USERNAME = 'admin';

type ShopKind = 'login' | 'manager';
const unique = <T>(ids: T[]) => [...new Set(ids)];

const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  mobile: users.mobile,
  status: users.status,
  employeeId: users.employeeId,
  employeeName: employees.name,
  selfService: users.selfService,
  memo: users.memo,
  version: users.version,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

function selectUsers(tx: Db) {
  return tx.select(userColumns).from(users).leftJoin(employees, eq(employees.id, users.employeeId)).$dynamic();
}

type BaseRow = Awaited<ReturnType<typeof selectUsers>>[number];

/** Adds roles, login and manager shops and the apps with an own password to user rows. */
async function decorate(tx: Db, rows: BaseRow[]): Promise<UserRow[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const roleRows = await tx
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, ids))
    .orderBy(asc(roles.code));
  const shopRows = await tx
    .select({ userId: userShops.userId, kind: userShops.kind, id: shops.id, code: shops.code, name: shops.name })
    .from(userShops)
    .innerJoin(shops, eq(shops.id, userShops.shopId))
    .where(inArray(userShops.userId, ids))
    .orderBy(asc(shops.code));
  const appRows = await tx
    .select({ userId: userAppPasswords.userId, appId: userAppPasswords.appId })
    .from(userAppPasswords)
    .where(inArray(userAppPasswords.userId, ids))
    .orderBy(asc(userAppPasswords.appId));
  const shopsOf = (userId: number, kind: ShopKind) =>
    shopRows.filter((s) => s.userId === userId && s.kind === kind).map(({ id, code, name }) => ({ id, code, name }));
  return rows.map((r) => ({
    ...r,
    roles: roleRows.filter((x) => x.userId === r.id).map(({ id, name }) => ({ id, name })),
    loginShops: shopsOf(r.id, 'login'),
    managerShops: shopsOf(r.id, 'manager'),
    appPasswords: appRows.filter((a) => a.userId === r.id).map((a) => a.appId),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/**
 * Users an editor may see and administer. Every shop of the user (login and manager) must be one
 * the editor sees; a user without any shop, or holding the super role, belongs to the whole chain
 * and is administered only by editors who see every shop; an employee's own account belongs to its
 * employee's shop. `undefined`: no limit.
 */
export function userScope(tx: Db, auth: Auth): SQL | undefined {
  const visible = visibleShops(auth);
  if (!visible) return undefined;
  const shopOf = tx.select({ one: sql`1` }).from(userShops).where(eq(userShops.userId, users.id));
  // An employee's own account has no shop of its own: it belongs to its employee's shop.
  const ownAccount = and(
    eq(users.selfService, true),
    exists(
      tx
        .select({ one: sql`1` })
        .from(employees)
        .where(and(eq(employees.id, users.employeeId), inArray(employees.shopId, visible.length ? visible : [0]))),
    ),
  );
  const staffAccount = and(
    exists(shopOf),
    notExists(
      tx
        .select({ one: sql`1` })
        .from(userShops)
        .where(and(eq(userShops.userId, users.id), notInArray(userShops.shopId, visible))),
    ),
    notExists(
      tx
        .select({ one: sql`1` })
        .from(userRoles)
        .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.isSuper, true)))
        .where(eq(userRoles.userId, users.id)),
    ),
  );
  return or(ownAccount, staffAccount);
}

/** One user, if the editor may see them (404 otherwise, as if there were none). */
export async function getUser(tx: Db, auth: Auth, id: number): Promise<UserRow> {
  const [row] = await selectUsers(tx).where(and(eq(users.id, id), userScope(tx, auth)));
  if (!row) throw notFound();
  const [user] = await decorate(tx, [row]);
  return user;
}

async function listUsers(tx: Db, auth: Auth, q: z.output<typeof userListQuery>) {
  assertShopVisible(auth, q.shopId);
  const where: SQL[] = [];
  const scope = userScope(tx, auth);
  if (scope) where.push(scope);
  if (q.keyword) where.push(keywordMatch(q.keyword, users.username, users.name, users.mobile));
  if (q.status !== undefined) where.push(eq(users.status, q.status));
  if (q.roleId)
    where.push(
      exists(
        tx
          .select({ one: sql`1` })
          .from(userRoles)
          .where(and(eq(userRoles.userId, users.id), eq(userRoles.roleId, q.roleId))),
      ),
    );
  if (q.shopId)
    where.push(
      exists(
        tx
          .select({ one: sql`1` })
          .from(userShops)
          .where(and(eq(userShops.userId, users.id), eq(userShops.shopId, q.shopId))),
      ),
    );
  const sortable = {
    username: users.username,
    name: users.name,
    status: users.status,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
  };
  const keys = keyset(q.sort, sortable, [{ field: 'username', column: users.username }], users.id);
  const result = await pageOf(
    tx,
    q,
    selectUsers(tx)
      .where(and(...where, afterKey(keys, q)))
      .orderBy(...keys.order)
      .limit(q.pageSize)
      .offset(offsetOf(q, keys)),
    () =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(and(...where)),
    keys,
  );
  return { ...result, list: await decorate(tx, result.list) };
}

interface Target {
  id: number;
  username: string;
  selfService: boolean;
  roleIds: number[];
  isSuper: boolean;
  shops: { shopId: number; kind: string }[];
}

/**
 * The user being changed: one the editor may administer (`userScope`), else 404 as for a user that
 * does not exist. A super administrator may be changed by a super administrator only.
 */
async function loadTarget(tx: Db, auth: Auth, id: number): Promise<Target> {
  const [user] = await tx
    .select({ id: users.id, username: users.username, selfService: users.selfService })
    .from(users)
    .where(and(eq(users.id, id), userScope(tx, auth)));
  if (!user) throw notFound();
  const roleRows = await tx
    .select({ id: roles.id, isSuper: roles.isSuper })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, id));
  const shopRows = await tx.select({ shopId: userShops.shopId, kind: userShops.kind }).from(userShops).where(eq(userShops.userId, id));
  const target = { ...user, roleIds: roleRows.map((r) => r.id), isSuper: roleRows.some((r) => r.isSuper), shops: shopRows };
  if (target.isSuper && !auth.isSuper) throw forbidden('superOnly');
  return target;
}

/** Disabling: nobody disables themselves, and the admin account is never disabled. */
function checkDisable(auth: Auth, target: Target, status: number | undefined) {
  if (status !== 0) return;
  if (target.id === auth.userId) throw conflict('cannotDisableSelf');
  if (target.username === ADMIN_USERNAME) throw conflict('adminProtected');
}

/**
 * The employee a user is linked to must be one the editor sees (an employee of another shop is
 * refused like one that does not exist, without its name); one user per employee.
 */
async function checkEmployee(tx: Db, auth: Auth, employeeId: number, userId: number | undefined) {
  const [employee] = await tx
    .select({ name: employees.name })
    .from(employees)
    .where(and(eq(employees.id, employeeId), employeeScope(auth)));
  if (!employee) throw fieldError('employeeId', 'missingReference', { field: '@employee' });
  const [other] = await tx
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.employeeId, employeeId), userId ? ne(users.id, userId) : undefined))
    .limit(1);
  if (other) throw conflict('employeeLinked', { name: employee.name, username: other.username });
}

/** Roles must exist; only a super administrator grants or removes the super role; admin keeps it. */
async function checkRoles(tx: Db, auth: Auth, roleIds: number[], target: Target | undefined, username: string) {
  const wanted = unique(roleIds);
  const found = wanted.length ? await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, wanted)) : [];
  if (found.length !== wanted.length) throw fieldError('roleIds', 'missingReference', { field: '@role' });
  const superIds = (await tx.select({ id: roles.id }).from(roles).where(eq(roles.isSuper, true))).map((r) => r.id);
  const before = target?.roleIds ?? [];
  const changesSuper = superIds.some((id) => wanted.includes(id) !== before.includes(id));
  if (changesSuper && !auth.isSuper) throw forbidden('superOnly');
  if (target && username === ADMIN_USERNAME && !superIds.some((id) => wanted.includes(id))) throw conflict('adminProtected');
  const added = wanted.filter((id) => !before.includes(id));
  if (!auth.isSuper && added.length) {
    // An editor who is not a super administrator gives only roles whose rights they hold themselves.
    const rights = await tx
      .select({ role: roles.name, permKey: menus.permKey })
      .from(roleMenus)
      .innerJoin(roles, eq(roles.id, roleMenus.roleId))
      .innerJoin(menus, eq(menus.id, roleMenus.menuId))
      .where(inArray(roleMenus.roleId, added));
    const beyond = rights.find((r) => r.permKey && !auth.permissions.has(r.permKey));
    if (beyond) throw new AppError(403, 'roleBeyondOwn', { name: beyond.role });
  }
}

/**
 * Shops must exist (`missing` says how to refuse); an editor who is not head office may give only
 * shops they see themselves (403), so nobody widens their own reach or moves a user out of it.
 */
async function checkShops(tx: Db, auth: Auth, shopIds: number[], missing: () => Error) {
  const wanted = unique(shopIds);
  const found = wanted.length ? await tx.select({ id: shops.id }).from(shops).where(inArray(shops.id, wanted)) : [];
  if (found.length !== wanted.length) throw missing();
  const visible = visibleShops(auth);
  if (visible && wanted.some((id) => !visible.includes(id))) throw forbidden('shopForbidden');
  return wanted;
}

/**
 * An editor who does not see every shop keeps each user they administer in at least one of their
 * shops: a user without shops belongs to the whole chain, out of that editor's reach.
 */
function checkKeepsShop(auth: Auth, field: string, login: number[], manager: number[]) {
  if (visibleShops(auth) && !login.length && !manager.length) throw fieldError(field, 'userShopRequired');
}

async function replaceRoles(tx: Db, auth: Auth, userId: number, roleIds: number[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  const ids = unique(roleIds);
  if (ids.length) await tx.insert(userRoles).values(ids.map((roleId) => ({ tenantId: auth.tenantId, userId, roleId })));
}

async function replaceShops(tx: Db, auth: Auth, userId: number, kind: ShopKind, shopIds: number[]) {
  await tx.delete(userShops).where(and(eq(userShops.userId, userId), eq(userShops.kind, kind)));
  if (shopIds.length) await tx.insert(userShops).values(shopIds.map((shopId) => ({ tenantId: auth.tenantId, userId, shopId, kind })));
}

const shopsOfKind = (target: Target | undefined, kind: ShopKind) => target?.shops.filter((s) => s.kind === kind).map((s) => s.shopId) ?? [];

async function saveUser(tx: Db, auth: Auth, body: z.output<typeof userSave>, raw: unknown) {
  const { id, version, password, roleIds, loginShopIds, managerShopIds, ...fields } = body;
  const sent = (key: string) => !id || (raw !== null && typeof raw === 'object' && key in raw);
  const values = id ? sentFields(fields, raw) : fields;
  const target = id ? await loadTarget(tx, auth, id) : undefined;
  if (!target && !password) throw fieldError('password', 'userPasswordRequired');
  if (target) {
    checkDisable(auth, target, values.status);
    if (target.username === ADMIN_USERNAME && values.username !== undefined && values.username !== ADMIN_USERNAME)
      throw conflict('adminProtected');
  }
  if (values.employeeId) await checkEmployee(tx, auth, values.employeeId, id);
  if (sent('roleIds')) await checkRoles(tx, auth, roleIds, target, target?.username ?? fields.username);
  const missingShop = (field: string) => () => fieldError(field, 'missingReference', { field: '@shop' });
  const login = sent('loginShopIds') ? await checkShops(tx, auth, loginShopIds, missingShop('loginShopIds')) : undefined;
  const manager = sent('managerShopIds') ? await checkShops(tx, auth, managerShopIds, missingShop('managerShopIds')) : undefined;
  checkKeepsShop(auth, 'loginShopIds', login ?? shopsOfKind(target, 'login'), manager ?? shopsOfKind(target, 'manager'));

  let userId: number;
  if (!target) {
    const [created] = await tx
      .insert(users)
      .values({ ...fields, tenantId: auth.tenantId, passwordHash: await hashPassword(password as string) })
      .returning({ id: users.id });
    userId = created.id;
  } else {
    userId = target.id;
    const conditions = [eq(users.id, userId)];
    if (version !== undefined) conditions.push(eq(users.version, version));
    // An employee's own account given a role or a shop becomes an ordinary user of those (one user per employee).
    const widened = target.selfService && [roleIds, login ?? [], manager ?? []].some((list) => list.length > 0);
    const updated = await tx
      .update(users)
      .set({ ...values, ...(widened ? { selfService: false } : {}), version: sql`${users.version} + 1`, updatedAt: new Date() })
      .where(and(...conditions))
      .returning({ id: users.id });
    if (!updated.length) throw conflict('staleVersion');
  }
  if (sent('roleIds')) await replaceRoles(tx, auth, userId, roleIds);
  if (login) await replaceShops(tx, auth, userId, 'login', login);
  if (manager) await replaceShops(tx, auth, userId, 'manager', manager);
  return getUser(tx, auth, userId);
}

/**
 * An employee's own account (员工自助账号, opened with the employee): the employee's name, no role and no
 * shop, so that it reaches only its sign-in, schedule and commission (routes declared `self`). The
 * employee must be one the editor sees, on the job and without a user yet; the username is free.
 */
export async function openSelfAccount(
  tx: Db,
  auth: Auth,
  employeeId: number,
  account: { username: string; password: string },
  field = 'username',
) {
  const [employee] = await tx
    .select({ name: employees.name, mobile: employees.mobile, status: employees.status })
    .from(employees)
    .where(and(eq(employees.id, employeeId), employeeScope(auth)));
  if (!employee) throw notFound();
  if (employee.status !== 1) throw conflict('employeeLeftNoAccount', { name: employee.name });
  await checkEmployee(tx, auth, employeeId, undefined);
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, account.username));
  if (taken) {
    const params = { field: '@username', value: account.username };
    throw new AppError(409, 'duplicate', params, [{ path: field, key: 'duplicate', params }]);
  }
  const [created] = await tx
    .insert(users)
    .values({
      tenantId: auth.tenantId,
      username: account.username,
      name: employee.name,
      mobile: employee.mobile,
      employeeId,
      selfService: true,
      passwordHash: await hashPassword(account.password),
    })
    .returning({ id: users.id, username: users.username });
  return { userId: created.id, username: created.username };
}

async function updateUser(tx: Db, auth: Auth, body: z.output<typeof userUpdate>) {
  const target = await loadTarget(tx, auth, body.id);
  checkDisable(auth, target, body.status);
  const set: Record<string, unknown> = {};
  if (body.status !== undefined) set.status = body.status;
  if (body.password) {
    set.passwordHash = await hashPassword(body.password);
    // A reset signs the user out everywhere.
    set.tokenVersion = sql`${users.tokenVersion} + 1`;
  }
  if (body.employeeId !== undefined) {
    if (body.employeeId !== null) await checkEmployee(tx, auth, body.employeeId, target.id);
    set.employeeId = body.employeeId;
  }
  if (body.appPasswords?.length) {
    const appIds = [...new Set(body.appPasswords.map((a) => a.appId))];
    const known = (await tx.select({ appId: applications.appId }).from(applications).where(inArray(applications.appId, appIds))).map(
      (a) => a.appId,
    );
    const bad = body.appPasswords.findIndex((a) => !known.includes(a.appId));
    if (bad >= 0) throw fieldError(`appPasswords.${bad}.appId`, 'missingReference', { field: '@application' });
    for (const { appId, password } of body.appPasswords) {
      if (password === null) {
        await tx.delete(userAppPasswords).where(and(eq(userAppPasswords.userId, target.id), eq(userAppPasswords.appId, appId)));
        continue;
      }
      const passwordHash = await hashPassword(password);
      await tx
        .insert(userAppPasswords)
        .values({ tenantId: auth.tenantId, userId: target.id, appId, passwordHash })
        .onConflictDoUpdate({
          target: [userAppPasswords.tenantId, userAppPasswords.userId, userAppPasswords.appId],
          set: { passwordHash },
        });
    }
  }
  await tx
    .update(users)
    .set({ ...set, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, target.id));
  return getUser(tx, auth, target.id);
}

async function saveShopsOf(tx: Db, auth: Auth, userId: number, kind: ShopKind, shopIds: number[]) {
  const target = await loadTarget(tx, auth, userId);
  const wanted = await checkShops(tx, auth, shopIds, notFound);
  const other: ShopKind = kind === 'login' ? 'manager' : 'login';
  checkKeepsShop(auth, 'shopIds', wanted, shopsOfKind(target, other));
  await replaceShops(tx, auth, userId, kind, wanted);
  await tx
    .update(users)
    .set({ version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return getUser(tx, auth, userId);
}

export function registerUserRoutes(app: FastifyInstance) {
  const view = 'identity.user.view';
  const edit = 'identity.user.edit';

  route(
    app,
    'GET',
    '/api-user/users',
    {
      summary: 'Users: paged list (keyword on username, name, mobile; status, roleId, shopId)',
      description:
        'Not in the seed: the users page needs it. `shopId` matches login or manager shops (403 for a shop the caller does not see). ' +
        'An editor who does not see every shop lists only users all of whose shops they see; users without shops and super ' +
        'administrators belong to the whole chain and are listed for head office only. Sort: username, name, status, createdAt.',
      perm: view,
      query: userListQuery,
    },
    ({ tx, auth, query }) => listUsers(tx, auth, query),
  );
  const names = (list: unknown) => (Array.isArray(list) ? list.map((x: { name: string }) => x.name).join('、') : '');
  listExport(app, '/api-user/users/export', {
    perm: view,
    query: userListQuery,
    list: ({ tx, auth }, query) => listUsers(tx, auth, query),
    title: ['用户', 'Users'],
    columns: [
      { key: 'username', title: ['用户名', 'Username'] },
      { key: 'name', title: ['姓名', 'Name'] },
      { key: 'mobile', title: ['手机号', 'Mobile'], masked: 'mobile' },
      { key: 'employeeName', title: ['员工', 'Employee'] },
      { key: 'roles', title: ['角色', 'Roles'], width: 24, value: (r) => names(r.roles) },
      { key: 'loginShops', title: ['登录门店', 'Login shops'], width: 30, value: (r) => names(r.loginShops) },
      { key: 'managerShops', title: ['管理门店', 'Managed shops'], width: 30, value: (r) => names(r.managerShops) },
      { key: 'status', title: ['状态', 'Status'], value: (r, lang) => statusText(r.status, lang) },
      { key: 'createdAt', title: ['创建时间', 'Created'], width: 20, value: (r, _lang, zone) => dateTimeText(r.createdAt, zone) },
    ],
  });
  route(
    app,
    'GET',
    '/api-user/users/:id',
    {
      summary: 'One user with roles, shops and apps with an own password',
      description: "A user outside the caller's reach (see the list) answers 404.",
      perm: view,
      params: idParam,
    },
    ({ tx, auth, params }) => getUser(tx, auth, params.id),
  );
  route(
    app,
    'POST',
    '/api-user/users/saveOrUpdate',
    {
      summary: 'Create (no id; password required) or update a user (id, optional version; password ignored)',
      description:
        'Username is unique in the company (409). On update only the fields sent change; roleIds, loginShopIds and managerShopIds ' +
        'replace the lists when sent. The admin account cannot be disabled, renamed or lose the super role (409); nobody disables ' +
        'themselves (409); only a super administrator changes a super administrator or grants the super role (403); an editor who ' +
        'is not a super administrator gives only roles whose rights they hold and only shops they see (403). A user outside the ' +
        "editor's reach (see the list) answers 404; an editor who does not see every shop keeps every user in at least one shop " +
        '(400) and links only employees of shops they see (400, as for an unknown employee). The password is changed with updateUser.',
      perm: edit,
      body: userSave,
      entity: 'user',
    },
    ({ tx, auth, body, req }) => saveUser(tx, auth, body, req.body),
  );
  route(
    app,
    'POST',
    '/api-user/users/updateUser',
    {
      summary: 'Change one user: status, password reset, per-application passwords, employee link',
      description:
        'A password reset signs the user out everywhere (token version). appPasswords sets an independent password per ' +
        'application (re-login then answers 4005); `password: null` removes it. employeeId null unlinks. A user outside the ' +
        "editor's reach answers 404; an employee of a shop the editor does not see is refused like an unknown one (400).",
      perm: edit,
      body: userUpdate,
      entity: 'user',
    },
    ({ tx, auth, body }) => updateUser(tx, auth, body),
  );
  route(
    app,
    'GET',
    '/api-user/users-anon/eeid',
    {
      summary: 'The user linked to an employee (eeid), or null',
      description:
        'Despite "anon" in the seed path this requires sign-in, and the permission to view users or employees ' +
        '(identity.user.view or staff.employee.view). Answers {id, username, name, status} or null; 404 for an unknown employee ' +
        'or one of a shop the caller does not see.',
      perm: null,
      query: z.object({ eeid: idParam.shape.id }),
    },
    async ({ tx, auth, query }) => {
      if (!can(auth, view) && !can(auth, 'staff.employee.view')) throw forbidden();
      const [employee] = await tx
        .select({ id: employees.id })
        .from(employees)
        .where(and(eq(employees.id, query.eeid), employeeScope(auth)));
      if (!employee) throw notFound();
      const [user] = await tx
        .select({ id: users.id, username: users.username, name: users.name, status: users.status })
        .from(users)
        .where(eq(users.employeeId, query.eeid))
        .limit(1);
      return user ?? null;
    },
  );
  route(
    app,
    'POST',
    '/api-user/loginshop/:id/saveLoginShops',
    {
      summary: 'Replace the login shops of user {id} (where they may work)',
      description:
        'Unknown shops answer 404; an editor who is not head office may give only shops they see (403), changes only users ' +
        'within their reach (404 otherwise) and leaves every user at least one shop (400).',
      perm: edit,
      params: idParam,
      body: shopIdsBody,
      entity: 'user',
    },
    ({ tx, auth, params, body }) => saveShopsOf(tx, auth, params.id, 'login', body.shopIds),
  );
  route(
    app,
    'POST',
    '/api-user/mangershop/:id/saveMangerShops',
    {
      summary: 'Replace the manager shops of user {id} (whose data chain-wide lists show them)',
      description:
        'The seed spells it "manger". Unknown shops answer 404; an editor who is not head office may give only shops they see ' +
        '(403), changes only users within their reach (404 otherwise) and leaves every user at least one shop (400).',
      perm: edit,
      params: idParam,
      body: shopIdsBody,
      entity: 'user',
    },
    ({ tx, auth, params, body }) => saveShopsOf(tx, auth, params.id, 'manager', body.shopIds),
  );
}
