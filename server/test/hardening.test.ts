import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { build } from './helpers.js';

const t = await build();

async function loginFrom(address: string, tenant: unknown, username: unknown, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api-user/login',
    remoteAddress: address,
    payload: { tenant, username, password },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('sign-in limits', () => {
  it('counts tries on the account as sign-in reads it: spaces, tabs and case give no new tries', async () => {
    const a = await t.tenant();
    const spellings = ['admin', ' admin', 'admin ', '\tadmin', 'ADMIN', ' Admin\t'];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const tenant = i % 2 ? ` ${a.code}` : a.code.toUpperCase();
      statuses.push((await loginFrom('10.0.0.1', tenant, spellings[i % spellings.length], 'wrong-password')).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const refused = await loginFrom('10.0.0.1', a.code, 'admin', a.adminPassword);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ resp_code: '429' });
    expect(refused.body.resp_msg).toContain('1 min');
    // Another address is not held back by this one's tries.
    expect((await loginFrom('10.0.0.2', a.code, 'admin', a.adminPassword)).status).toBe(200);
  });

  it('limits failed tries per address across usernames (password spraying)', async () => {
    const a = await t.tenant();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await loginFrom('10.0.1.1', a.code, `user${i}`, 'Summer2026!')).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
    expect((await loginFrom('10.0.1.1', a.code, 'admin', a.adminPassword)).status).toBe(429);
    expect((await loginFrom('10.0.1.2', a.code, 'admin', a.adminPassword)).status).toBe(200);
  });

  it('successful sign-ins from one address (an office behind one router) are not limited across accounts', async () => {
    const a = await t.tenant();
    for (let i = 0; i < 40; i++) {
      const res = await loginFrom('10.0.2.1', a.code, 'admin', a.adminPassword);
      if (i < 10) expect(res.status).toBe(200);
    }
    const b = await t.tenant();
    expect((await loginFrom('10.0.2.1', b.code, 'admin', b.adminPassword)).status).toBe(200);
  });

  it('limits app-login, the independent password check, the same way', async () => {
    const a = await t.tenant();
    const users = await a.admin.get('/api-user/users', { keyword: 'admin' });
    const adminId = users.body.data.list.find((u: { username: string }) => u.username === 'admin').id;
    const set = await a.admin.post('/api-user/users/updateUser', {
      id: adminId,
      appPasswords: [{ appId: 'admin', password: 'till-pass-123' }],
    });
    expect(set.status).toBe(200);
    const signedIn = await loginFrom('10.0.3.1', a.code, 'admin', a.adminPassword);
    const token = signedIn.body.data.access_token;
    const appLogin = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api-user/app-login',
        remoteAddress: '10.0.3.1',
        headers: { authorization: `Bearer ${token}` },
        payload: { appId: 'admin', password },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await appLogin(`guess-${i}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await appLogin('till-pass-123')).statusCode).toBe(429);
  });

  it('answers a deeply nested tenant or username with 400, not 500', async () => {
    const nested = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    for (const payload of [
      `{"tenant":${nested},"username":"admin","password":"x"}`,
      `{"tenant":"demo","username":${'['.repeat(10_000)}${']'.repeat(10_000)},"password":"x"}`,
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api-user/login', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().resp_code).toBe('400');
    }
  });
});

describe('tokens', () => {
  it('refuses a validly signed token whose tenant or user is missing or not a number with 401', async () => {
    const a = await t.tenant();
    const claims = [
      { app: 'board', tv: 1 },
      { tid: 'abc', app: 'board', tv: 1 },
      { tid: String(a.tenantId), app: 'board' },
      { tid: -1, app: 'board', tv: 1 },
    ];
    for (const payload of claims) {
      const token = await new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setJti('j')
        .setExpirationTime('1h')
        .sign(t.app.secret);
      const res = await t.client(token).get('/api-user/me');
      expect(res.status).toBe(401);
      expect(res.body.resp_code).toBe('401');
    }
    const noSubject = await new SignJWT({ tid: a.tenantId, app: 'board', tv: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti('j')
      .setExpirationTime('1h')
      .sign(t.app.secret);
    expect((await t.client(noSubject).get('/api-user/me')).status).toBe(401);
  });
});

describe('answers', () => {
  it('answers a too long path parameter and a wrong content type with envelopes carrying their status', async () => {
    const a = await t.tenant();
    const long = await a.admin.get(`/api-chain/shop/getShopInfo/${'9'.repeat(500)}`);
    expect(long.status).toBe(414);
    expect(long.body).toMatchObject({ resp_code: '414', data: null });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api-user/roletype/save',
      headers: { authorization: `Bearer ${a.admin.token}`, 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ resp_code: '415' });
  });

  it('refuses unknown query parameters like unknown body fields, also on routes that take no query', async () => {
    const a = await t.tenant();
    const me = await a.admin.get('/api-user/me', { debug: '1' });
    expect(me.status).toBe(400);
    expect(me.body.errors?.[0].path).toContain('debug');
    const list = await a.admin.get('/api-user/roletype/list', { isSuper: 'true' });
    expect(list.status).toBe(400);
  });

  it('ignores sort keys that are not own fields of the list (prototype keys)', async () => {
    const a = await t.tenant();
    for (const sort of ['__proto__', '-constructor', 'toString,hasOwnProperty']) {
      const res = await a.admin.get('/api-user/roletype/list', { sort });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.data.list)).toBe(true);
    }
  });

  it('keeps API answers out of caches and sends a content security policy with the web app', async () => {
    const a = await t.tenant();
    const me = await a.admin.get('/api-user/me');
    expect(me.headers['cache-control']).toBe('no-store');
    const login = await t.login(a.code, 'admin', 'wrong');
    expect(login.headers['cache-control']).toBe('no-store');
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });
});
