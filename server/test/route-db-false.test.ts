import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { shops } from '../src/db/schema.js';
import { route } from '../src/platform/route.js';
import { build } from './helpers.js';
import { createLimitedUser } from './users.js';

describe('a route declared db: false', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const app = await buildApp({ database: t.database, config: t.app.config });
  route(app, 'GET', '/test/whoami', { summary: 'who is signed in', perm: 'org.shop.view', db: false }, async ({ auth }) => ({
    userId: auth.userId,
    tenantId: auth.tenantId,
  }));
  route(app, 'GET', '/test/misuse', { summary: 'uses the missing transaction', perm: null, db: false }, ({ tx }) =>
    tx.select().from(shops),
  );
  await app.ready();
  afterAll(() => app.close());
  const get = async (url: string, token?: string) => {
    const res = await app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.statusCode, body: res.json() };
  };

  it('answers from the signed-in user, through the same checks as any route', async () => {
    const viewer = await createLimitedUser(t, a, { perms: ['org.shop.view'] });
    const first = await get('/test/whoami', viewer.client.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ resp_code: '200', data: { userId: viewer.userId, tenantId: a.tenantId } });
    expect(app.authCache.get(viewer.client.token)?.userId).toBe(viewer.userId);
    expect((await get('/test/whoami', viewer.client.token)).body.data.userId).toBe(viewer.userId);
    expect((await get('/test/whoami')).status).toBe(401);
    const other = await createLimitedUser(t, a, { perms: ['staff.employee.view'] });
    expect((await get('/test/whoami', other.client.token)).status).toBe(403);
  });

  it('has no transaction to use, and cannot be a write', async () => {
    const misuse = await get('/test/misuse', a.admin.token);
    expect(misuse.status).toBe(500);
    expect(() => route(app, 'POST', '/test/write', { summary: 'a write', perm: null, db: false }, async () => null)).toThrow(
      /a write needs the database/,
    );
  });
});
