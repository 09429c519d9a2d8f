import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idempotencyKeys, stockLedger, users } from '../src/db/schema.js';
import { AuthCache } from '../src/platform/auth-cache.js';
import { sendError } from '../src/platform/envelope.js';
import { canonicalJson, purgeExpiredKeys, resetPurgeClock } from '../src/platform/idempotency.js';
import { route } from '../src/platform/route.js';
import { inTenant } from '../src/platform/tenancy.js';
import { type Answer, build, type TestTenant } from './helpers.js';
import {
  balanceOf,
  EN,
  ensureReasons,
  ensureStockMenus,
  expectLedgerConsistent,
  expectOk,
  expectStatus,
  makeProducts,
  shopIds,
} from './stock-support.js';
import { createLimitedUser } from './users.js';

const KEY = 'idempotency-key';
const newKey = () => `k-${randomBytes(8).toString('hex')}`;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('idempotent money and stock writes', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const r = await ensureReasons(t, a);
  const [s1, s2] = await shopIds(t, a);

  afterEach(() => expectLedgerConsistent(t, [a]));

  const entryOf = async (shopId: number | null, productId: number, quantity: number, client = a.admin) =>
    expectOk(await client.post('/api-stock/entry', { shopId, reasonId: r.purchase, lines: [{ productId, quantity }] }));
  const outOf = async (shopId: number | null, productId: number, quantity: number) =>
    expectOk(await a.admin.post('/api-stock/out', { shopId, reasonId: r.use, lines: [{ productId, quantity }] }));
  const ledgerRows = (productId: number, tenant: TestTenant = a) =>
    inTenant(t.database.db, tenant.tenantId, (tx) => tx.select().from(stockLedger).where(eq(stockLedger.productId, productId)));
  const storedKeys = (key: string, tenant: TestTenant = a) =>
    inTenant(t.database.db, tenant.tenantId, (tx) => tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)));
  const auditLog = async (path: string, id: number) =>
    (expectOk(await a.admin.get(`${path}/${id}`)).log as { action: string }[]).filter((l) => l.action === 'audit');

  it('a repeat with the same key and request answers the first answer again and posts the stock once', async () => {
    const [p] = await makeProducts(t, a, 1);
    const bill = await entryOf(s1, p.id, 7);
    const key = newKey();
    const first = await a.admin.post('/api-stock/entry/audit', { id: bill.id }, { [KEY]: key });
    expect(first.body.data.state).toBe('audited');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      const again = await a.admin.post('/api-stock/entry/audit', { id: bill.id }, { [KEY]: key });
      expectStatus(again, 200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
    }
    // The same request without the key is a new request: the bill is audited already.
    expectStatus(await a.admin.post('/api-stock/entry/audit', { id: bill.id }), 409);
    expect(await balanceOf(t, a, s1, p.id)).toBe(7);
    expect(await ledgerRows(p.id)).toHaveLength(1);
    expect(await auditLog('/api-stock/entry', bill.id)).toHaveLength(1);
    // Stored in the tenant for this user: the request's hash and the answer that was sent.
    const [row] = await storedKeys(key);
    expect(row).toMatchObject({ tenantId: a.tenantId, status: 200 });
    expect(row.requestHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.answer).toEqual(first.body);

    // A revoke replays the same way: one reversal.
    const revokeKey = newKey();
    const revoked = expectOk(await a.admin.post('/api-stock/entry/revoke', { id: bill.id, memo: '录错' }, { [KEY]: revokeKey }));
    expect(revoked.state).toBe('revoked');
    const replayed = await a.admin.post('/api-stock/entry/revoke', { id: bill.id, memo: '录错' }, { [KEY]: revokeKey });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body.data).toEqual(revoked);
    expect(await balanceOf(t, a, s1, p.id)).toBe(0);
    expect(await ledgerRows(p.id)).toHaveLength(2);
  });

  it('the body is compared as canonical JSON: the same fields in another order are the same request', async () => {
    expect(canonicalJson({ b: [1, { y: 2, x: null }], a: 'x', c: undefined })).toBe('{"a":"x","b":[1,{"x":null,"y":2}]}');
    const [p] = await makeProducts(t, a, 1);
    const bill = await entryOf(s2, p.id, 3);
    const key = newKey();
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api-stock/entry/audit',
        payload,
        headers: { authorization: `Bearer ${a.admin.token}`, 'content-type': 'application/json', [KEY]: key },
      });
    const first = await send(`{"id":${bill.id},"memo":"ok"}`);
    const second = await send(`{ "memo": "ok", "id": ${bill.id} }`);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await ledgerRows(p.id)).toHaveLength(1);
  });

  it('the same key with another request answers 422 in the request language and does nothing', async () => {
    const [p] = await makeProducts(t, a, 1);
    const one = await entryOf(s1, p.id, 2);
    const two = await entryOf(s1, p.id, 5);
    const key = newKey();
    expectOk(await a.admin.post('/api-stock/entry/audit', { id: one.id }, { [KEY]: key }));
    const zh = await a.admin.post('/api-stock/entry/audit', { id: two.id }, { [KEY]: key });
    expectStatus(zh, 422);
    expect(zh.body.resp_msg).toBe('此 Idempotency-Key 已用于另一个不同的请求；新的操作请使用新的 Idempotency-Key');
    const en = await a.admin.post('/api-stock/entry/audit', { id: two.id }, { [KEY]: key, ...EN });
    expectStatus(en, 422);
    expect(en.body.resp_msg).toBe('This Idempotency-Key was already used for a different request; use a new key for a new operation');
    // Another path with the same body is another request too.
    expectStatus(await a.admin.post('/api-stock/entry/reject', { id: one.id }, { [KEY]: key }), 422);
    expect(expectOk(await a.admin.get(`/api-stock/entry/${two.id}`)).state).toBe('draft');
    expect(await balanceOf(t, a, s1, p.id)).toBe(2);
    const [row] = await storedKeys(key);
    expect(row.answer).toMatchObject({ data: { id: one.id, state: 'audited' } });
  });

  it('concurrent requests with one key run once: every answer is the first answer (or a retry)', async () => {
    const [p] = await makeProducts(t, a, 1);
    const bill = await entryOf(s2, p.id, 9);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => a.admin.post('/api-stock/entry/audit', { id: bill.id }, { [KEY]: key })),
    );
    const done = answers.filter((x) => x.status === 200);
    const retry = answers.filter((x) => x.status !== 200);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const x of retry) expectStatus(x, 409);
    for (const x of retry) expect(x.body.resp_msg).toBe('使用此 Idempotency-Key 的请求正在处理中，请稍后重试');
    for (const x of done) expect(x.body).toEqual(done[0].body);
    // Exactly one of them did the work; the others were replays.
    expect(done.filter((x) => x.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(await balanceOf(t, a, s2, p.id)).toBe(9);
    expect(await ledgerRows(p.id)).toHaveLength(1);
    expect(await auditLog('/api-stock/entry', bill.id)).toHaveLength(1);
    console.info(`8 concurrent same-key audits: ${done.length} × 200, ${retry.length} × 409 (${onPostgres ? 'PostgreSQL' : 'PGlite'})`);
  });

  it.runIf(onPostgres)(
    'a request waits for the transaction holding its key: it replays what that one committed, or runs when it rolled back',
    async () => {
      const [p] = await makeProducts(t, a, 1);
      const bill = await entryOf(s1, p.id, 2);
      const [admin] = await inTenant(t.database.db, a.tenantId, (tx) =>
        tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin')),
      );
      const body = { id: bill.id };
      const hash = createHash('sha256')
        .update(canonicalJson({ method: 'POST', path: '/api-stock/entry/audit', query: {}, body }))
        .digest('hex');
      const holding = async (key: string, finish: 'commit' | 'rollback') => {
        let answer: Promise<Answer> | undefined;
        let settled = false;
        await inTenant(t.database.db, a.tenantId, async (tx) => {
          await tx
            .insert(idempotencyKeys)
            .values({ tenantId: a.tenantId, userId: admin.id, key, requestHash: hash, status: 0, answer: {} });
          answer = a.admin.post('/api-stock/entry/audit', body, { [KEY]: key }).finally(() => {
            settled = true;
          });
          await new Promise((resolve) => setTimeout(resolve, 400));
          expect(settled).toBe(false);
          // Not visible outside the transaction that holds it.
          expect(await storedKeys(key)).toEqual([]);
          await tx
            .update(idempotencyKeys)
            .set({ status: 200, answer: { resp_code: '200', resp_msg: '成功', data: 'held' } })
            .where(and(eq(idempotencyKeys.tenantId, a.tenantId), eq(idempotencyKeys.key, key)));
          if (finish === 'rollback') throw new Error('rolled back');
        }).catch((error: Error) => expect(error.message).toBe('rolled back'));
        return (await answer) as Answer;
      };
      const replayed = await holding(newKey(), 'commit');
      expect(replayed.body.data).toBe('held');
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(await ledgerRows(p.id)).toHaveLength(0);
      const ran = await holding(newKey(), 'rollback');
      expect(ran.body.data.state).toBe('audited');
      expect(ran.headers['idempotent-replayed']).toBeUndefined();
      expect(await ledgerRows(p.id)).toHaveLength(1);
    },
  );

  it('concurrent outs with their own keys and their repeats: each out posts once and the stock never goes negative', async () => {
    const [p] = await makeProducts(t, a, 1);
    expectOk(await a.admin.post('/api-stock/entry/audit', { id: (await entryOf(s1, p.id, 5)).id }));
    const outs = [];
    for (let i = 0; i < 8; i++) outs.push(await outOf(s1, p.id, 1));
    const keys = outs.map(() => newKey());
    // Every out sent three times at once, with its key.
    const answers = await Promise.all(
      outs.flatMap((o, i) => [0, 1, 2].map(() => a.admin.post('/api-stock/out/audit', { id: o.id }, { [KEY]: keys[i] }))),
    );
    const byOut = outs.map((_, i) => answers.slice(i * 3, i * 3 + 3));
    let posted = 0;
    for (const group of byOut) {
      const statuses = new Set(group.filter((x) => x.status !== 409 || !/处理中/.test(x.body.resp_msg)).map((x) => x.status));
      // The three copies agree: all audited, or all refused (a refusal stores nothing, so each copy tried and was refused).
      expect(statuses.size).toBe(1);
      if (statuses.has(200)) posted++;
    }
    expect(posted).toBe(5);
    expect(await balanceOf(t, a, s1, p.id)).toBe(0);
    expect(await ledgerRows(p.id)).toHaveLength(6);
  });

  it('a request that fails stores nothing: the same key may be sent again and then does the work', async () => {
    const [p] = await makeProducts(t, a, 1);
    const out = await outOf(s1, p.id, 4);
    const key = newKey();
    const refused = await a.admin.post('/api-stock/out/audit', { id: out.id }, { [KEY]: key });
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toBe(`「${p.name}」库存不足：可用 0，需要 4`);
    expect(await storedKeys(key)).toEqual([]);
    expectOk(await a.admin.post('/api-stock/entry/audit', { id: (await entryOf(s1, p.id, 4)).id }));
    const retried = await a.admin.post('/api-stock/out/audit', { id: out.id }, { [KEY]: key });
    expectStatus(retried, 200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await balanceOf(t, a, s1, p.id)).toBe(0);
    // A 403 or a 400 stores nothing either.
    const viewer = await createLimitedUser(t, a, { perms: ['stock.out.view'] });
    const other = await outOf(s1, p.id, 1);
    expectStatus(await viewer.client.post('/api-stock/out/audit', { id: other.id }, { [KEY]: key }), 403);
    expectStatus(await a.admin.post('/api-stock/out/audit', { id: 'x' }, { [KEY]: newKey() }), 400);
    expect(await storedKeys(key)).toHaveLength(1);
  });

  it("keys are per tenant and user: another user's or another tenant's same key is independent", async () => {
    await ensureStockMenus(t, a);
    const clerk = await createLimitedUser(t, a, {
      perms: ['stock.entry.view', 'stock.entry.edit', 'stock.entry.audit'],
      managerShops: [s1, s2],
    });
    const b = await t.sharedOtherTenant();
    const rb = await ensureReasons(t, b);
    const [pa] = await makeProducts(t, a, 1);
    const [pb] = await makeProducts(t, b, 1);
    const key = newKey();
    const mine = await entryOf(s1, pa.id, 1);
    const theirs = await entryOf(s1, pa.id, 2, clerk.client);
    const [bShop] = await shopIds(t, b);
    const inB = expectOk(
      await b.admin.post('/api-stock/entry', { shopId: bShop, reasonId: rb.purchase, lines: [{ productId: pb.id, quantity: 3 }] }),
    );
    const answers = [
      await a.admin.post('/api-stock/entry/audit', { id: mine.id }, { [KEY]: key }),
      await clerk.client.post('/api-stock/entry/audit', { id: theirs.id }, { [KEY]: key }),
      await b.admin.post('/api-stock/entry/audit', { id: inB.id }, { [KEY]: key }),
    ];
    for (const x of answers) {
      expectStatus(x, 200);
      expect(x.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await balanceOf(t, a, s1, pa.id)).toBe(3);
    expect(await balanceOf(t, b, bShop, pb.id)).toBe(3);
    expect(await storedKeys(key)).toHaveLength(2);
    expect(await storedKeys(key, b)).toHaveLength(1);
    await expectLedgerConsistent(t, [b]);
  });

  it('keys older than 24 hours are purged (a keyed write now and then, every tenant at start); younger ones are kept', async () => {
    const c = await t.tenant({ demo: true });
    const rc = await ensureReasons(t, c);
    const [shop] = await shopIds(t, c);
    const [p] = await makeProducts(t, c, 1);
    const [admin] = await inTenant(t.database.db, c.tenantId, (tx) =>
      tx.execute(sql`select id from users where username = 'admin'`).then((x) => (x as unknown as { rows: { id: number }[] }).rows),
    );
    const plant = (key: string, hoursAgo: number) =>
      inTenant(t.database.db, c.tenantId, (tx) =>
        tx.insert(idempotencyKeys).values({
          tenantId: c.tenantId,
          userId: Number(admin.id),
          key,
          requestHash: 'x'.repeat(64),
          status: 200,
          answer: { resp_code: '200', resp_msg: '成功', data: 'old' },
          createdAt: new Date(Date.now() - hoursAgo * 3_600_000),
        }),
      );
    const old = newKey();
    const young = newKey();
    await plant(old, 25);
    await plant(young, 23);
    // Until it is purged, an expired key still answers its answer (kept at least 24 hours, not at most).
    resetPurgeClock();
    const bill = expectOk(
      await c.admin.post('/api-stock/entry', { shopId: shop, reasonId: rc.purchase, lines: [{ productId: p.id, quantity: 1 }] }),
    );
    expectOk(await c.admin.post('/api-stock/entry/audit', { id: bill.id }, { [KEY]: newKey() }));
    expect(await storedKeys(old, c)).toEqual([]);
    expect(await storedKeys(young, c)).toHaveLength(1);
    // The purged key is free again: it does the work of a new request.
    const reused = await c.admin.post('/api-stock/entry/revoke', { id: bill.id }, { [KEY]: old });
    expectStatus(reused, 200);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    // The sweep of every tenant (as the database owner).
    await plant(newKey(), 30);
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .update(idempotencyKeys)
        .set({ createdAt: new Date(Date.now() - 48 * 3_600_000) })
        .where(and(eq(idempotencyKeys.tenantId, a.tenantId), sql`${idempotencyKeys.key} like 'k-%'`)),
    );
    await purgeExpiredKeys(t.database.db);
    const left = await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(idempotencyKeys));
    expect(left).toEqual([]);
    expect(await storedKeys(young, c)).toHaveLength(1);
  });

  it('a malformed key is refused with 400; the OpenAPI document shows the header on the stock routes', async () => {
    const [p] = await makeProducts(t, a, 1);
    const bill = await entryOf(s1, p.id, 1);
    for (const bad of ['x'.repeat(201), 'a\tb', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api-stock/entry/audit',
        payload: { id: bill.id },
        headers: { authorization: `Bearer ${a.admin.token}`, [KEY]: bad, ...EN },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors).toEqual([
        { path: 'Idempotency-Key', message: 'The Idempotency-Key header must be 1 to 200 printable characters' },
      ]);
    }
    expect(expectOk(await a.admin.post('/api-stock/entry/audit', { id: bill.id }, { [KEY]: 'x'.repeat(200) })).state).toBe('audited');
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>>;
    };
    const headerOf = (path: string) => doc.paths[path]?.post?.parameters?.find((x) => x.in === 'header' && x.name === KEY);
    for (const path of [
      '/api-stock/entry/audit',
      '/api-stock/entry/revoke',
      '/api-stock/out/audit',
      '/api-stock/out/revoke',
      '/api-chain/productorder/auditBill',
      '/api-chain/productorder/receiveBill',
      '/api-user/inbox/transition',
    ])
      expect(headerOf(path), path).toMatchObject({ required: false });
    expect(headerOf('/api-chain/shop')).toBeUndefined();
  });

  it('an order audited and received from the inbox with keys: one out, one entry', async () => {
    const [p] = await makeProducts(t, a, 1);
    expectOk(await a.admin.post('/api-stock/entry/audit', { id: (await entryOf(null, p.id, 10)).id }));
    const order = expectOk(
      await a.admin.post('/api-chain/productorder/saveBill', { shopId: s1, lines: [{ productId: p.id, quantity: 4 }] }),
    );
    expectOk(await a.admin.post('/api-chain/productorder/submitBill', { id: order.id }));
    const auditKey = newKey();
    const audit = () =>
      a.admin.post('/api-user/inbox/transition', { docType: 'stock.order', id: order.id, action: 'audit' }, { [KEY]: auditKey });
    const answers: Answer[] = [await audit(), await audit()];
    expect(answers.map((x) => x.status)).toEqual([200, 200]);
    expect(answers[1].body).toEqual(answers[0].body);
    const receiveKey = newKey();
    const receive = () => a.admin.post('/api-chain/productorder/receiveBill', { id: order.id }, { [KEY]: receiveKey });
    expect(expectOk(await receive()).state).toBe('received');
    expect((await receive()).headers['idempotent-replayed']).toBe('true');
    expect(await balanceOf(t, a, null, p.id)).toBe(6);
    expect(await balanceOf(t, a, s1, p.id)).toBe(4);
    expect(await ledgerRows(p.id)).toHaveLength(3);
  });
});

describe('a route that requires the key', async () => {
  const t = await build();
  const a = await t.tenant();
  // A small app of its own, with the platform's route wrapper, signing with the same secret.
  const app = Fastify();
  app.decorate('database', t.database);
  app.decorate('secret', t.app.secret);
  app.decorate('authCache', new AuthCache());
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setErrorHandler((error, req, reply) => sendError(req, reply, error));
  let runs = 0;
  route(
    app,
    'POST',
    '/api-test/pay',
    // An entity the operation log names: files sharing this worker check every registered write's entity.
    { summary: 'test payment', perm: null, body: z.object({ amount: z.number().int() }), idempotent: 'required', entity: 'file' },
    async ({ body }) => ({ paid: body.amount, run: ++runs }),
  );
  await app.ready();
  afterAll(() => app.close());
  const pay = (amount: number, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api-test/pay',
      payload: { amount },
      headers: { authorization: `Bearer ${a.admin.token}`, ...headers },
    });

  it('answers 400 without the header, in the request language, and runs once per key with it', async () => {
    const zh = await pay(5);
    expect(zh.statusCode).toBe(400);
    expect(zh.json().errors).toEqual([
      { path: 'Idempotency-Key', message: '此操作需要 Idempotency-Key 请求头（每次新的操作使用一个新的值）' },
    ]);
    const en = await pay(5, EN);
    expect(en.json().errors[0].message).toBe('This request needs an Idempotency-Key header (a new value for each new operation)');
    expect(runs).toBe(0);
    const key = newKey();
    const first = await pay(5, { [KEY]: key });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ paid: 5, run: 1 });
    const again = await pay(5, { [KEY]: key });
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await pay(6, { [KEY]: key })).statusCode).toBe(422);
    expect((await pay(6, { [KEY]: newKey() })).json().data).toEqual({ paid: 6, run: 2 });
    expect(runs).toBe(2);
  });
});
