import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { tenants } from '../../db/tenants.js';
import { type Auth, hashPassword, signToken, verifyPassword } from '../../platform/auth.js';
import { AppError, unauthorized } from '../../platform/errors.js';
import { accountKey } from '../../platform/login-guard.js';
import { publicRoute, route } from '../../platform/route.js';
import { inTenant } from '../../platform/tenancy.js';
import { shops } from '../org/public.js';
import { revokeToken } from './access.js';
import { assertBoundDevice } from './devices.js';
import { applications, menus, roleMenus, roles, userAppPasswords, userRoles, users } from './schema.js';
import { findTenant } from './tenants.js';

const BOARD = 'board';
/** Argon2 work for unknown users too, so that timing does not tell which usernames exist. */
let dummyHash: Promise<string> | undefined;

const loginBody = z.object({
  tenant: z.string().trim().min(1).max(32),
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
});

/** Menus the user may use in an app: every one for a super role, else the granted ones and their ancestors. */
async function visibleMenuIds(tx: Db, auth: Auth, appId: string): Promise<Set<number> | undefined> {
  if (auth.isSuper) return undefined;
  const all = await tx.select({ id: menus.id, parentId: menus.parentId }).from(menus).where(eq(menus.appId, appId));
  const granted = await tx
    .selectDistinct({ menuId: roleMenus.menuId })
    .from(roleMenus)
    .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
    .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.status, 1)))
    .where(eq(userRoles.userId, auth.userId));
  const parentOf = new Map(all.map((m) => [m.id, m.parentId]));
  const ids = new Set<number>();
  for (const { menuId } of granted) {
    for (let id: number | null | undefined = menuId; id && !ids.has(id) && parentOf.has(id); id = parentOf.get(id)) ids.add(id);
  }
  return ids;
}

async function appsFor(tx: Db, auth: Auth) {
  if (auth.selfService) return [];
  const rows = await tx
    .select({
      appId: applications.appId,
      name: applications.name,
      nameEn: applications.nameEn,
      icon: applications.icon,
      url: applications.url,
    })
    .from(applications)
    .where(eq(applications.status, 1))
    .orderBy(asc(applications.sort));
  if (auth.isSuper) return rows;
  const menuApps = await tx.selectDistinct({ appId: menus.appId }).from(menus);
  const withMenus = new Set(menuApps.map((m) => m.appId));
  const result = [];
  for (const app of rows) {
    if (!withMenus.has(app.appId) || (await visibleMenuIds(tx, auth, app.appId))?.size) result.push(app);
  }
  return result;
}

async function openableApp(tx: Db, auth: Auth, appId: string) {
  const app = (await appsFor(tx, auth)).find((a) => a.appId === appId);
  if (!app) throw new AppError(404, 'appNotFound');
  return app;
}

export async function identityModule(app: FastifyInstance) {
  publicRoute(
    app,
    'POST',
    '/api-user/login',
    {
      summary: 'Sign in with company code, username and password; answers a board token',
      body: loginBody,
      description: 'Ten tries a minute per account from one address, thirty failed tries a minute per address (429).',
    },
    ({ db, body, req }) =>
      app.loginGuard.guard(req.ip, accountKey(body.tenant, body.username), async () => {
        const tenant = await findTenant(db, body.tenant);
        const user = tenant
          ? await inTenant(db, tenant.id, async (tx) => {
              const [row] = await tx.select().from(users).where(eq(users.username, body.username));
              return row;
            })
          : undefined;
        dummyHash ??= hashPassword('not-a-user');
        const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash), body.password);
        if (!tenant || !user || !valid) throw unauthorized('loginFailed');
        if (user.status !== 1 || tenant.status !== 1) throw new AppError(403, 'userDisabled');
        const accessToken = await signToken(app.secret, {
          userId: user.id,
          tenantId: tenant.id,
          appId: BOARD,
          tokenVersion: user.tokenVersion,
        });
        return { access_token: accessToken, tenantId: tenant.id, user: { id: user.id, username: user.username, name: user.name } };
      }),
  );

  route(
    app,
    'POST',
    '/api-user/logout',
    { summary: 'Sign out: this token stops working', perm: null, self: true, entity: 'session' },
    async ({ tx, auth }) => {
      await revokeToken(tx, auth);
      return null;
    },
  );

  route(
    app,
    'GET',
    '/api-user/me',
    {
      summary: 'The signed-in user: roles, permission keys, login shops and manager shops',
      description: "`selfService`: an employee's own account, which reaches only its sign-in, schedule and commission.",
      perm: null,
      self: true,
    },
    async ({ tx, auth }) => {
      const [tenantRow] = await tx
        .select({ code: tenants.code, name: tenants.name, timeZone: tenants.timeZone })
        .from(tenants)
        .where(eq(tenants.id, auth.tenantId));
      const roleRows = await tx
        .select({ id: roles.id, code: roles.code, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, auth.userId));
      const allPerms = auth.isSuper
        ? (await tx.selectDistinct({ permKey: menus.permKey }).from(menus)).map((m) => m.permKey).filter((p): p is string => Boolean(p))
        : [...auth.permissions];
      const shopIds = [...new Set([...auth.loginShops, ...auth.managerShops])];
      const shopRows = shopIds.length
        ? await tx.select({ id: shops.id, code: shops.code, name: shops.name }).from(shops).where(inArray(shops.id, shopIds))
        : [];
      const pick = (ids: number[]) => shopRows.filter((s) => ids.includes(s.id));
      return {
        user: {
          id: auth.userId,
          username: auth.username,
          name: auth.name,
          tenantId: auth.tenantId,
          tenantCode: tenantRow?.code,
          tenantName: tenantRow?.name,
          timeZone: tenantRow?.timeZone,
          appId: auth.appId,
        },
        roles: roleRows,
        isSuper: auth.isSuper,
        permissions: allPerms.sort(),
        loginShops: pick(auth.loginShops),
        managerShops: pick(auth.managerShops),
        selfService: auth.selfService ?? false,
      };
    },
  );

  route(
    app,
    'GET',
    '/api-user/apps',
    {
      summary: "The board's entries: applications the user may open {appId, name, icon, url}",
      description: "An employee's own account opens none (its pages are the phone's): an empty list.",
      perm: null,
      self: true,
    },
    ({ tx, auth }) => appsFor(tx, auth),
  );

  route(
    app,
    'GET',
    '/api-user/menus/mine',
    {
      summary: 'The menu tree of an application, only what the user may use',
      perm: null,
      query: z.object({ appId: z.string().min(1).max(32) }),
    },
    async ({ tx, auth, query }) => {
      const visible = await visibleMenuIds(tx, auth, query.appId);
      const rows = await tx
        .select({
          id: menus.id,
          parentId: menus.parentId,
          name: menus.name,
          nameEn: menus.nameEn,
          icon: menus.icon,
          url: menus.url,
          sort: menus.sort,
          permKey: menus.permKey,
          type: menus.type,
        })
        .from(menus)
        .where(and(eq(menus.appId, query.appId), eq(menus.status, 1)))
        .orderBy(asc(menus.sort), asc(menus.id));
      type Node = Omit<(typeof rows)[number], 'type'> & { children: Node[] };
      const nodes = new Map<number, Node>();
      for (const { type, ...r } of rows) if (type !== 'action' && (!visible || visible.has(r.id))) nodes.set(r.id, { ...r, children: [] });
      const roots: Node[] = [];
      for (const node of nodes.values()) {
        const parent = node.parentId ? nodes.get(node.parentId) : undefined;
        if (parent) parent.children.push(node);
        else if (!node.parentId) roots.push(node);
      }
      return roots.filter((r) => r.url || r.children.length);
    },
  );

  route(
    app,
    'POST',
    '/api-user/relogin',
    {
      summary: 'Open an application: an app-scoped token, or resp_code 4005 when it needs its own password',
      description:
        'For appId "cashier", when the company requires bound devices (GET /api-user/mac/settings), the header X-Device-Id must name an enabled device bound to one of the user\'s login shops (403 otherwise).',
      perm: null,
      body: z.object({ appId: z.string().min(1).max(32) }),
      entity: 'session',
    },
    async ({ tx, auth, body, req }) => {
      await openableApp(tx, auth, body.appId);
      await assertBoundDevice(tx, auth, body.appId, req);
      const [own] = await tx
        .select({ appId: userAppPasswords.appId })
        .from(userAppPasswords)
        .where(and(eq(userAppPasswords.userId, auth.userId), eq(userAppPasswords.appId, body.appId)));
      if (own) throw new AppError(403, 'appPasswordRequired', {}, undefined, '4005');
      const accessToken = await signToken(app.secret, {
        userId: auth.userId,
        tenantId: auth.tenantId,
        appId: body.appId,
        tokenVersion: auth.tokenVersion,
      });
      return { access_token: accessToken, tenantId: auth.tenantId, appId: body.appId };
    },
  );

  route(
    app,
    'POST',
    '/api-user/app-login',
    {
      summary: 'Open an application that needs its own password, with that password',
      description: 'The bound-device rule of relogin applies here too (header X-Device-Id for appId "cashier").',
      perm: null,
      body: z.object({ appId: z.string().min(1).max(32), password: z.string().min(1).max(200) }),
      entity: 'session',
    },
    async ({ tx, auth, body, req }) => {
      await openableApp(tx, auth, body.appId);
      await assertBoundDevice(tx, auth, body.appId, req);
      // The app's own password when the user has one, else their sign-in password.
      const [own] = await tx
        .select({ hash: userAppPasswords.passwordHash })
        .from(userAppPasswords)
        .where(and(eq(userAppPasswords.userId, auth.userId), eq(userAppPasswords.appId, body.appId)));
      const [user] = await tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, auth.userId));
      await app.loginGuard.guard(req.ip, `app\u0000${auth.tenantId}\u0000${auth.userId}\u0000${body.appId}`, async () => {
        if (!(await verifyPassword(own?.hash ?? user.hash, body.password))) throw new AppError(401, 'appPasswordWrong');
      });
      const accessToken = await signToken(app.secret, {
        userId: auth.userId,
        tenantId: auth.tenantId,
        appId: body.appId,
        tokenVersion: auth.tokenVersion,
      });
      return { access_token: accessToken, tenantId: auth.tenantId, appId: body.appId };
    },
  );
}
