import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { revokedTokens, shops, users } from '../src/db/schema.js';
import type { Auth } from '../src/platform/auth.js';
import { AuthCache } from '../src/platform/auth-cache.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, eventually } from './helpers.js';
import { createLimitedUser } from './users.js';

const someAuth = (tenantId: number, expInSeconds = 3600): Auth => ({
  userId: 1,
  tenantId,
  appId: 'admin',
  tokenVersion: 1,
  jti: 'j',
  exp: Math.floor(Date.now() / 1000) + expInSeconds,
  username: 'u',
  name: 'U',
  isSuper: false,
  permissions: new Set(['org.shop.view']),
  loginShops: [],
  managerShops: [],
});

/** A cache that believes it hears changes, without a database. */
async function listeningCache() {
  const cache = new AuthCache();
  await cache.follow({ listen: async () => async () => {} } as never);
  return cache;
}

describe('access cache (unit)', () => {
  it('keeps a load, and drops it when its tenant changes; other tenants keep theirs', async () => {
    const cache = await listeningCache();
    cache.set('a', someAuth(1), cache.stamp());
    cache.set('b', someAuth(2), cache.stamp());
    expect(cache.get('a')?.tenantId).toBe(1);
    cache.changed(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.tenantId).toBe(2);
    cache.changed('*');
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not keep a load that overlapped a change', async () => {
    const cache = await listeningCache();
    const stamp = cache.stamp();
    cache.changed(1);
    cache.set('a', someAuth(1), stamp);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', someAuth(1), cache.stamp());
    expect(cache.get('a')).toBeDefined();
  });

  it('forgets after a minute, and at the token expiry', async () => {
    const cache = await listeningCache();
    const now = Date.now();
    cache.set('a', someAuth(1), cache.stamp(), now);
    expect(cache.get('a', now + 59_000)).toBeDefined();
    expect(cache.get('a', now + 61_000)).toBeUndefined();
    cache.set('b', someAuth(1, 5), cache.stamp(), now);
    expect(cache.get('b', now + 6_000)).toBeUndefined();
  });

  it('keeps nothing while it cannot hear changes', async () => {
    const cache = new AuthCache();
    cache.set('a', someAuth(1), cache.stamp());
    expect(cache.get('a')).toBeUndefined();
    let lose = () => {};
    await cache.follow({
      listen: async (_channel: string, _onMessage: unknown, onLost: () => void) => {
        lose = onLost;
        return async () => {};
      },
    } as never);
    cache.set('a', someAuth(1), cache.stamp());
    expect(cache.get('a')).toBeDefined();
    lose();
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', someAuth(1), cache.stamp());
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('access cache (app)', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const shopIds = (await inTenant(t.database.db, a.tenantId, (tx) => tx.select({ id: shops.id }).from(shops).limit(2))).map((s) => s.id);
  const listed = async (client: { get: typeof a.admin.get }) => {
    const res = await client.get('/api-chain/shop', { pageSize: 50 });
    return res.status === 200 ? (res.body.data.list as { id: number }[]).map((s) => s.id).sort() : res.status;
  };

  it('reads a token’s access once, then answers from memory', async () => {
    const user = await createLimitedUser(t, a, { perms: ['org.shop.view'], managerShops: shopIds });
    expect(t.app.authCache.get(user.client.token)).toBeUndefined();
    expect(await listed(user.client)).toEqual([...shopIds].sort());
    expect(t.app.authCache.get(user.client.token)?.managerShops.sort()).toEqual([...shopIds].sort());
  });

  it('a change made through the app counts from the very next request, without waiting for the notification', async () => {
    // This instance hears no notification: only the writing request's own report can refresh it.
    const deaf = await buildApp({ database: { ...t.database, listen: async () => async () => {} }, config: t.app.config });
    try {
      const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
        const res = await deaf.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
        return { status: res.statusCode, data: res.json().data };
      };
      const shopsOf = async (token: string) => {
        const res = await call('GET', '/api-chain/shop?pageSize=50', token);
        return res.status === 200 ? (res.data.list as { id: number }[]).map((s) => s.id).sort() : res.status;
      };
      const user = await createLimitedUser(t, a, { perms: ['org.shop.view'], managerShops: shopIds });
      expect(await shopsOf(user.client.token)).toEqual([...shopIds].sort());
      const saved = await call('POST', `/api-user/mangershop/${user.userId}/saveMangerShops`, a.admin.token, { shopIds: [shopIds[0]] });
      expect(saved.status).toBe(200);
      expect(await shopsOf(user.client.token)).toEqual([shopIds[0]]);
      expect((await call('POST', '/api-user/logout', user.client.token, {})).status).toBe(200);
      expect(await shopsOf(user.client.token)).toBe(401);
    } finally {
      await deaf.close();
    }
  });

  it('a change committed outside the app reaches every instance', async () => {
    const second = await buildApp({ database: t.database, config: t.app.config });
    try {
      const user = await createLimitedUser(t, a, { perms: ['org.shop.view'], managerShops: shopIds });
      const onSecond = async () =>
        (await second.inject({ url: '/api-chain/shop', headers: { authorization: `Bearer ${user.client.token}` } })).statusCode;
      expect(await onSecond()).toBe(200);
      expect(await listed(user.client)).toEqual([...shopIds].sort());
      await inTenant(t.database.db, a.tenantId, (tx) => tx.update(users).set({ status: 0 }).where(eq(users.id, user.userId)));
      expect(await eventually(onSecond, (s) => s === 401)).toBe(401);
      expect(
        await eventually(
          () => listed(user.client),
          (s) => s === 401,
        ),
      ).toBe(401);

      const other = await createLimitedUser(t, a, { perms: ['org.shop.view'] });
      const otherOnSecond = async () =>
        (await second.inject({ url: '/api-chain/shop', headers: { authorization: `Bearer ${other.client.token}` } })).statusCode;
      expect(await otherOnSecond()).toBe(200);
      expect((await other.client.post('/api-user/logout')).status).toBe(200);
      expect(await eventually(otherOnSecond, (s) => s === 401)).toBe(401);
      const [revoked] = await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(revokedTokens).limit(1));
      expect(revoked).toBeDefined();
    } finally {
      await second.close();
    }
  });
});
