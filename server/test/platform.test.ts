import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shops } from '../src/db/schema.js';
import { lockFor } from '../src/platform/locks.js';
import { yuan, yuanAmount } from '../src/platform/money.js';
import { businessDate, nextNumber } from '../src/platform/numbering.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';

describe('platform', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();

  describe('row-level security', () => {
    it('a query without any tenant filter sees only its own tenant', async () => {
      const [all] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(shops);
      const seen = await inTenant(t.database.db, a.tenantId, (tx) => tx.select({ tenantId: shops.tenantId }).from(shops));
      expect(all.n).toBeGreaterThan(seen.length);
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen.map((s) => s.tenantId))).toEqual(new Set([a.tenantId]));
    });

    it('an unset tenant sees nothing, and rows of another tenant cannot be written', async () => {
      const none = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', 'headoffice_app', true)`);
        return tx.select({ id: shops.id }).from(shops);
      });
      expect(none).toHaveLength(0);
      const [foreign] = await inTenant(t.database.db, b.tenantId, (tx) => tx.select({ id: shops.id }).from(shops).limit(1));
      const changed = await inTenant(t.database.db, a.tenantId, (tx) =>
        tx.update(shops).set({ name: 'hijacked' }).where(sql`${shops.id} = ${foreign.id}`).returning({ id: shops.id }),
      );
      expect(changed).toHaveLength(0);
      await expect(
        inTenant(t.database.db, a.tenantId, (tx) =>
          tx.insert(shops).values({
            tenantId: b.tenantId,
            code: 'X',
            name: 'X',
            brandId: 1,
            regionId: 1,
            provinceCode: '31',
            cityCode: '3101',
            areaCode: '310101',
          }),
        ),
      ).rejects.toThrow();
    });
  });

  describe('envelope and errors', () => {
    it('unknown routes answer 404 in the envelope', async () => {
      const res = await a.admin.get('/api-chain/nothing-here');
      expect(res.status).toBe(404);
      expect(res.body.resp_code).toBe('404');
      expect(res.body.resp_msg).toContain('/api-chain/nothing-here');
    });

    it('no token answers 401, a bad token 401', async () => {
      expect((await t.client().get('/api-chain/shop')).status).toBe(401);
      const bad = await t.client('not-a-token').get('/api-chain/shop');
      expect(bad.status).toBe(401);
      expect(bad.body.resp_code).toBe('401');
    });

    it('bad JSON answers 400, never 500', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api-chain/branch/save',
        headers: { authorization: `Bearer ${a.admin.token}`, 'content-type': 'application/json' },
        payload: '{"code":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().resp_code).toBe('400');
    });

    it('unknown fields are refused with their path, in Chinese by default and English on request', async () => {
      const zh = await a.admin.post('/api-chain/branch/save', { code: 'BMX', name: '测试部', tenantId: 99 });
      expect(zh.status).toBe(400);
      expect(zh.body.errors?.length).toBeGreaterThan(0);
      expect(zh.body.resp_msg).toMatch(/[\u4e00-\u9fa5]/);
      const en = await a.admin.post('/api-chain/branch/save', { name: '' }, { 'accept-language': 'en-US' });
      expect(en.status).toBe(400);
      expect(en.body.resp_msg).toMatch(/fields are not valid/);
      expect(en.body.errors?.map((e) => e.path)).toEqual(expect.arrayContaining(['code', 'name']));
    });
  });

  describe('numbering', () => {
    it('concurrent requests never get the same number, per tenant and day', async () => {
      const day = businessDate();
      const numbers = await Promise.all(
        Array.from({ length: 20 }, () => inTenant(t.database.db, a.tenantId, (tx) => nextNumber(tx, a.tenantId, 'TS', day))),
      );
      expect(new Set(numbers).size).toBe(20);
      expect(numbers.every((n) => n.startsWith(`TS${day.replaceAll('-', '')}-`))).toBe(true);
      const other = await inTenant(t.database.db, b.tenantId, (tx) => nextNumber(tx, b.tenantId, 'TS', day));
      expect(other).toBe(`TS${day.replaceAll('-', '')}-0001`);
    });

    it('business dates follow the tenant time zone', () => {
      expect(businessDate('Asia/Shanghai', new Date('2026-11-21T17:00:00Z'))).toBe('2026-11-22');
      expect(businessDate('UTC', new Date('2026-11-21T17:00:00Z'))).toBe('2026-11-21');
    });
  });

  describe('advisory locks', () => {
    // The locks held by one transaction after `take`, as PostgreSQL names them.
    const held = (take: (tx: Parameters<typeof lockFor>[0]) => Promise<unknown>) =>
      t.database.db.transaction(async (tx) => {
        await take(tx);
        const rows = (await tx.execute(sql`
          select classid::text, objid::text, objsubid from pg_locks
          where locktype = 'advisory' and pid = pg_backend_pid() order by 1, 2, 3`)) as unknown as { rows: unknown[] };
        return rows.rows;
      });

    it('lockFor takes the very lock the hand-written statements took: an id in the two-key form, a text in the one-key form', async () => {
      const byId = await held((tx) => lockFor(tx, 'wheel', 5));
      expect(byId).toHaveLength(1);
      expect(byId).toEqual(await held((tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('wheel_queue'), ${5}::int)`)));
      const byText = await held((tx) => lockFor(tx, 'voucherCode', '1:meituan:ABC'));
      expect(byText).toHaveLength(1);
      expect(byText).toEqual(await held((tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'third_order:1:meituan:ABC'}))`)));
    });

    it('a bigint id is folded into the lock key, as the activity gifts did', async () => {
      const id = 2 ** 40 + 7;
      const folded = await held((tx) => lockFor(tx, 'activityGifts', id));
      expect(folded).toHaveLength(1);
      expect(folded).toEqual(
        await held((tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('activity_gifts'), (${id}::bigint % 2147483647)::int)`)),
      );
    });
  });

  describe('money as text', () => {
    it('yuan writes the sign and groups thousands; yuanAmount writes the bare amount as toFixed(2) did', () => {
      expect(yuan(123450)).toBe('¥1,234.50');
      expect(yuan(-123456789)).toBe('-¥1,234,567.89');
      expect(yuan(5)).toBe('¥0.05');
      expect(yuan(0)).toBe('¥0.00');
      expect(yuanAmount(123450)).toBe('1234.50');
      expect(yuanAmount(-50)).toBe('-0.50');
      for (const cents of [0, 1, 99, 100, 101, 12345, 999999, 1000000000, -1, -201, -123456])
        expect(yuanAmount(cents)).toBe((cents / 100).toFixed(2));
    });
  });

  describe('OpenAPI', () => {
    it('documents every route', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      const paths = Object.keys(doc.paths);
      for (const p of [
        '/api-user/login',
        '/api-chain/shop',
        '/api-chain/dictregion/tree/all',
        '/api-chain/branch/{id}',
        '/api-file/files-anon',
      ])
        expect(paths).toContain(p);
      expect(paths.length).toBeGreaterThan(100);
      const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
      expect(ui.statusCode).toBe(200);
    });
  });
});

describe('hostile input', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  it('never answers 500', async () => {
    const probes = [
      () => a.admin.get('/api-chain/shop', { keyword: 'a\u0000b' }),
      () => a.admin.post('/api-chain/branch/save', { code: 'Z\u0000', name: 'x' }),
      () => a.admin.get('/api-chain/shop', { page: 0 }),
      () => a.admin.get('/api-chain/shop', { pageSize: 100000 }),
      () => a.admin.get('/api-chain/shop', { sort: 'name;drop table shops' }),
      () => a.admin.get('/api-chain/branch/99999999999999999999'),
      () => a.admin.get('/api-chain/branch/-1'),
      () => a.admin.post('/api-chain/branch/save', { code: 'Q1', name: 'x', sort: 1e12 }),
      () => a.admin.post('/api-chain/branch/updateStatus', { ids: [], status: 1 }),
      () => a.admin.post('/api-chain/shop/batchRegion', { shopIds: 'all', regionId: 1 }),
      () => a.admin.post('/api-chain/shop/saveShop', []),
      () => a.admin.get('/api-chain/shop/getShopListByIds', { ids: '1,,2' }),
    ];
    for (const probe of probes) {
      const res = await probe();
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      expect(res.body.resp_code).toBe(String(res.status));
    }
  });
});
