import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { events, users } from '../src/db/schema.js';
import {
  CLOSE_PROTOCOL,
  CLOSE_REFUSED,
  CLOSE_TOO_MANY,
  EVENTS_CHANNEL,
  EVENTS_PATH,
  emit,
  MAX_SOCKETS_PER_USER,
  purgeEvents,
} from '../src/platform/events.js';
import { inTenant } from '../src/platform/tenancy.js';
import { buildOwn, eventually, type TestTenant } from './helpers.js';
import { ensureReasons, ensureStockMenus, expectOk, makeProducts, shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

interface Message {
  type: string;
  id?: number;
  topic?: string;
  payload?: any;
}

/** A browser's side of the live connection: signs in with its first message and keeps what it hears. */
function listen(ws: WebSocket, token?: string) {
  const messages: Message[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as Message;
    if (message.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
    messages.push(message);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  if (token !== undefined) ws.send(JSON.stringify({ type: 'auth', token }));
  const waitFor = async (accept: (m: Message) => boolean, timeoutMs = 3_000): Promise<Message> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(accept);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`not heard in ${timeoutMs} ms; heard ${JSON.stringify(messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { ws, messages, closed, waitFor, events: () => messages.filter((m) => m.type === 'event') };
}

const withMarker = (marker: string) => (m: Message) => m.type === 'event' && m.payload?.marker === marker;

describe('events pushed live', async () => {
  const t = await buildOwn();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  await ensureStockMenus(t, a);
  await ensureStockMenus(t, b);
  const r = await ensureReasons(t, a);
  const [s1, s2] = await shopIds(t, a);
  const [p1] = await makeProducts(t, a, 1);

  const connect = async (token?: string) => {
    const client = listen(await t.app.injectWS(EVENTS_PATH), token);
    if (token !== undefined) await client.waitFor((m) => m.type === 'ready').catch(() => undefined);
    return client;
  };
  /** An event every signed-in user of the tenant receives: what was to come before it has come. */
  const everyone = (tenant: TestTenant, marker: string) =>
    inTenant(t.database.db, tenant.tenantId, (tx) => emit(tx, tenant, { topic: 'test.marker', payload: { marker } }));
  const entry = async (shopId: number | null) =>
    expectOk(await a.admin.post('/api-stock/entry', { shopId, reasonId: r.purchase, lines: [{ productId: p1.id, quantity: 3 }] })) as {
      id: number;
      version: number;
    };

  it('refuses a bad token, and a first message that is not a sign-in', async () => {
    const bad = listen(await t.app.injectWS(EVENTS_PATH), 'not-a-token');
    expect(await bad.closed).toBe(CLOSE_REFUSED);
    expect(bad.messages).toEqual([]);
    const forged = listen(await t.app.injectWS(EVENTS_PATH), `${a.admin.token.slice(0, -4)}AAAA`);
    expect(await forged.closed).toBe(CLOSE_REFUSED);
    const rude = listen(await t.app.injectWS(EVENTS_PATH));
    rude.ws.send('hello');
    expect(await rude.closed).toBe(CLOSE_PROTOCOL);
    // without the upgrade, the address answers like an unknown one
    const plain = await t.app.inject({ url: EVENTS_PATH });
    expect(plain.statusCode).toBe(404);
    expect(plain.json().resp_code).toBe('404');
    const good = await connect(a.admin.token);
    expect(good.messages[0]).toEqual({ type: 'ready' });
    good.ws.close();
  });

  it('an event of a transaction that rolls back is never delivered; a committed one is', async () => {
    const admin = await connect(a.admin.token);
    await expect(
      inTenant(t.database.db, a.tenantId, async (tx) => {
        await emit(tx, a, { topic: 'test.marker', payload: { marker: 'rolled back' } });
        throw new Error('the write fails');
      }),
    ).rejects.toThrow('the write fails');
    await everyone(a, 'committed');
    await admin.waitFor(withMarker('committed'));
    expect(admin.events().map((m) => m.payload.marker)).toEqual(['committed']);
    // and the outbox holds the committed one only
    const stored = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select({ payload: events.payload }).from(events).where(sql`${events.payload}->>'marker' in ('rolled back', 'committed')`),
    );
    expect(stored).toEqual([{ payload: { marker: 'committed' } }]);
    admin.ws.close();
  });

  it('a bill change reaches the users who may see the bill, and no one else', async () => {
    const viewerS1 = await createLimitedUser(t, a, { perms: ['stock.entry.view'], managerShops: [s1] });
    const auditorS1 = await createLimitedUser(t, a, { perms: ['stock.entry.audit'], loginShops: [s1] });
    const viewerS2 = await createLimitedUser(t, a, { perms: ['stock.entry.view'], managerShops: [s2] });
    const noRightS1 = await createLimitedUser(t, a, { perms: ['org.shop.view', 'stock.out.view'], managerShops: [s1] });
    const sockets = {
      admin: await connect(a.admin.token),
      viewerS1: await connect(viewerS1.client.token),
      auditorS1: await connect(auditorS1.client.token),
      viewerS2: await connect(viewerS2.client.token),
      noRightS1: await connect(noRightS1.client.token),
      otherTenant: await connect(b.admin.token),
    };
    for (const s of Object.values(sockets)) expect(s.messages[0]).toEqual({ type: 'ready' });

    const bill = await entry(s1);
    expectOk(
      await a.admin.post('/api-stock/entry', {
        id: bill.id,
        shopId: s1,
        reasonId: r.purchase,
        lines: [{ productId: p1.id, quantity: 5 }],
      }),
    );
    expectOk(await a.admin.post('/api-stock/entry/audit', { id: bill.id }));
    await everyone(a, 'after the bill');
    await everyone(b, 'after the bill');

    const isBill = (m: Message) => m.type === 'event' && m.topic === 'bill.changed' && m.payload.id === bill.id;
    for (const name of ['admin', 'viewerS1', 'auditorS1'] as const) {
      const s = sockets[name];
      const audited = await s.waitFor((m) => isBill(m) && m.payload.state === 'audited');
      expect(audited.payload).toMatchObject({ docType: 'stock.entry', id: bill.id, state: 'audited', action: 'audit', shopId: s1 });
      expect(audited.payload.version).toBeGreaterThan(bill.version);
      expect(
        s
          .events()
          .filter(isBill)
          .map((m) => [m.payload.action, m.payload.state]),
      ).toEqual([
        ['create', 'draft'],
        ['edit', 'draft'],
        ['audit', 'audited'],
      ]);
    }
    for (const name of ['viewerS2', 'noRightS1', 'otherTenant'] as const) {
      const s = sockets[name];
      await s.waitFor(withMarker('after the bill'));
      expect(
        s.events().filter((m) => m.topic === 'bill.changed'),
        name,
      ).toEqual([]);
    }
    for (const s of Object.values(sockets)) s.ws.close();
  });

  it('head office bills reach restricted users only with the warehouse right', async () => {
    const warehouse = await createLimitedUser(t, a, { perms: ['stock.entry.view', 'stock.warehouse'], managerShops: [s1] });
    const shopOnly = await createLimitedUser(t, a, { perms: ['stock.entry.view'], managerShops: [s1] });
    const w = await connect(warehouse.client.token);
    const s = await connect(shopOnly.client.token);
    const bill = await entry(null);
    await everyone(a, 'after the warehouse bill');
    expect((await w.waitFor((m) => m.topic === 'bill.changed' && m.payload.id === bill.id)).payload.shopId).toBeNull();
    await s.waitFor(withMarker('after the warehouse bill'));
    expect(s.events().filter((m) => m.topic === 'bill.changed')).toEqual([]);
    w.ws.close();
    s.ws.close();
  });

  it('a user holds at most MAX_SOCKETS_PER_USER connections: the next is refused, another user is not', async () => {
    const user = await createLimitedUser(t, a, { perms: ['stock.entry.view'], managerShops: [s1] });
    const held = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) held.push(await connect(user.client.token));
    expect(held.every((c) => c.messages[0]?.type === 'ready')).toBe(true);
    const refused = listen(await t.app.injectWS(EVENTS_PATH), user.client.token);
    const reason = new Promise<string>((resolve) => refused.ws.on('close', (_code, why) => resolve(String(why))));
    expect(await refused.closed).toBe(CLOSE_TOO_MANY);
    expect(await reason).toBe(`at most ${MAX_SOCKETS_PER_USER} connections per user`);
    expect(refused.messages).toEqual([]);
    // the held ones still hear what they may, and another user of the same shops connects
    const other = await connect(a.admin.token);
    expect(other.messages[0]).toEqual({ type: 'ready' });
    await everyone(a, 'after the refusal');
    for (const c of held) await c.waitFor(withMarker('after the refusal'));
    // a place given up is taken again
    const connected = t.app.events.size;
    held.pop()?.ws.terminate();
    expect(
      await eventually(
        async () => t.app.events.size,
        (n) => n < connected,
      ),
    ).toBe(connected - 1);
    const again = await connect(user.client.token);
    expect(again.messages[0]).toEqual({ type: 'ready' });
    for (const c of [...held, again]) c.ws.close();
    other.ws.close();
  });

  it('the socket of a user who is disabled is closed', async () => {
    const user = await createLimitedUser(t, a, { perms: ['stock.entry.view'], managerShops: [s1] });
    const s = await connect(user.client.token);
    expect(s.messages[0]).toEqual({ type: 'ready' });
    await inTenant(t.database.db, a.tenantId, (tx) => tx.update(users).set({ status: 0 }).where(eq(users.id, user.userId)));
    expect(await s.closed).toBe(CLOSE_REFUSED);
    // and it cannot come back
    const again = listen(await t.app.injectWS(EVENTS_PATH), user.client.token);
    expect(await again.closed).toBe(CLOSE_REFUSED);
  });

  it('after its listening connection came back, an instance tells its browsers to refetch, and delivers again', async () => {
    let lose = () => {};
    const database = {
      ...t.database,
      listen: async (channel: string, onMessage: (payload: string) => void, onLost: () => void) => {
        let deaf = false;
        const stop = await t.database.listen(channel, (payload) => deaf || onMessage(payload), onLost);
        if (channel === EVENTS_CHANNEL)
          lose = () => {
            deaf = true;
            void stop();
            onLost();
          };
        return stop;
      },
    };
    const flaky = await buildApp({ database, config: t.app.config });
    try {
      await flaky.ready();
      const s = listen(await flaky.injectWS(EVENTS_PATH), a.admin.token);
      await s.waitFor((m) => m.type === 'ready');
      lose();
      await everyone(a, 'while deaf');
      const resync = await s.waitFor((m) => m.type === 'resync');
      await everyone(a, 'heard again');
      await s.waitFor(withMarker('heard again'));
      expect(s.messages.indexOf(resync)).toBeGreaterThan(0);
      expect(s.events().map((m) => m.payload.marker)).toEqual(['heard again']);
    } finally {
      await flaky.close();
    }
  });

  it('old events are purged, of every tenant, a batch at a time', async () => {
    for (const tenant of [a, b])
      await inTenant(t.database.db, tenant.tenantId, async (tx) => {
        await emit(tx, tenant, { topic: 'test.old', payload: {} });
        await tx.execute(sql`update ${events} set at = now() - interval '2 days' where topic = 'test.old'`);
        await emit(tx, tenant, { topic: 'test.fresh', payload: {} });
      });
    expect(await purgeEvents(t.database.db)).toBeGreaterThanOrEqual(2);
    for (const tenant of [a, b]) {
      const left = await inTenant(t.database.db, tenant.tenantId, (tx) =>
        tx.select({ topic: events.topic }).from(events).where(sql`${events.topic} like 'test.%' and ${events.topic} <> 'test.marker'`),
      );
      expect(left).toEqual([{ topic: 'test.fresh' }]);
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('an approval on one instance reaches a browser connected to another', async () => {
    const second = await openDatabase({ databaseUrl: inject('testDatabaseUrl'), poolSize: 2 });
    const appB = await buildApp({ database: second, config: t.app.config });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await appB.listen({ port: 0, host: '127.0.0.1' });
      const portOf = (app: typeof appB) => {
        const address = app.server.address();
        return typeof address === 'object' && address ? address.port : 0;
      };
      const auditor = await createLimitedUser(t, a, { perms: ['stock.entry.view', 'stock.entry.audit', 'inbox.view'], managerShops: [s2] });
      const ws = new WebSocket(`ws://127.0.0.1:${portOf(appB)}${EVENTS_PATH}`);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const onB = listen(ws, auditor.client.token);
      await onB.waitFor((m) => m.type === 'ready');

      const bill = await entry(s2);
      await onB.waitFor((m) => m.topic === 'bill.changed' && m.payload.id === bill.id && m.payload.state === 'draft');
      const started = Date.now();
      const res = await fetch(`http://127.0.0.1:${portOf(t.app)}/api-stock/entry/audit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: bill.id }),
      });
      expect(res.status).toBe(200);
      const heard = await onB.waitFor(
        (m) => m.topic === 'bill.changed' && m.payload.id === bill.id && m.payload.state === 'audited',
        2_000,
      );
      expect(heard.payload).toMatchObject({ docType: 'stock.entry', action: 'audit', shopId: s2 });
      expect(Date.now() - started).toBeLessThan(2_000);
      ws.close();
    } finally {
      await appB.close();
      await second.close();
    }
  });
});
