import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOwn, eventually } from './helpers.js';
import { createLimitedUser } from './users.js';

/**
 * Uploads that trickle in must not hold the database: the body is read (within a time limit)
 * before the request's transaction opens, so a dozen slow senders leave every other tenant
 * served, and cutting them off leaves no connection in a transaction.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const BOUNDARY = '----headoffice-slow';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface SlowUpload {
  socket: net.Socket;
  /** What the server has answered so far. */
  answer(): string;
  /** Resolves when the server closes the connection. */
  closed: Promise<void>;
  stop(): void;
}

/** A multipart upload whose body arrives one byte every `everyMs` on a real TCP connection. */
function slowUpload(port: number, url: string, token: string, everyMs = 100): SlowUpload {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.xlsx"\r\nContent-Type: ${XLSX}\r\n\r\n`,
  );
  socket.write(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${head.length + 100_000}\r\n\r\n`,
  );
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    socket.write(sent < head.length ? head.subarray(sent, sent + 1) : Buffer.from('P'));
    sent++;
  }, everyMs);
  return {
    socket,
    answer: () => received,
    closed,
    stop() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
};

describe('uploads and availability', async () => {
  const t = await buildOwn();
  const uploader = await t.tenant({ demo: true });
  const other = await t.sharedOtherTenant();
  let port = 0;
  let base = '';
  const slow: SlowUpload[] = [];

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => {
    for (const s of slow) s.stop();
  });

  const call = async (method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(8_000),
    });
    return { status: res.status, body: (await res.json()) as { resp_code: string; resp_msg: string; data: any } };
  };
  // Other test files share the database: their transactions are idle for a moment between statements,
  // a connection left behind stays idle in its transaction, so only those idle for a second count.
  const inTransaction = async () => {
    const result = (await t.database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%' and state_change < now() - interval '1 second'`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0].n;
  };

  it('serves other tenants (sign-in and reads) while a dozen uploads trickle in, and keeps nothing open after they are cut off', async () => {
    // Plenty of time for the slow senders: they are cut off by the test, not by the limit.
    t.app.config.uploadTimeoutMs = 30_000;
    for (let i = 0; i < 12; i++) {
      const url = i % 2 ? '/api-chain/employee/batchImport' : '/api-file/files-anon';
      slow.push(slowUpload(port, url, uploader.admin.token));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));

    const signIn = await timed(() =>
      call('POST', '/api-user/login', undefined, { tenant: other.code, username: 'admin', password: other.adminPassword }),
    );
    expect(signIn.value.status).toBe(200);
    expect(signIn.ms).toBeLessThan(2_000);
    const token = signIn.value.body.data.access_token as string;
    const shops = await timed(() => call('GET', '/api-chain/shop/list/all', token));
    expect(shops.value.status).toBe(200);
    expect(shops.value.body.data.length).toBeGreaterThan(0);
    expect(shops.ms).toBeLessThan(2_000);
    const employees = await timed(() => call('GET', '/api-chain/employee', token));
    expect(employees.value.status).toBe(200);
    expect(employees.ms).toBeLessThan(2_000);
    // The uploader's own tenant is served too.
    const own = await timed(() => call('GET', '/api-chain/shop/list/all', uploader.admin.token));
    expect(own.value.status).toBe(200);
    expect(own.ms).toBeLessThan(2_000);
    if (onPostgres) expect(await eventually(inTransaction, (n) => n === 0, 3_000)).toBe(0);
    // The slow uploads are still being received meanwhile, not refused.
    expect(slow.map((s) => s.answer())).toEqual(slow.map(() => ''));

    for (const s of slow) s.stop();
    await Promise.all(slow.map((s) => s.closed));
    if (onPostgres) expect(await eventually(inTransaction, (n) => n === 0, 2_000)).toBe(0);
    const after = await timed(() => call('GET', '/api-chain/shop/list/all', token));
    expect(after.value.status).toBe(200);
    expect(after.ms).toBeLessThan(2_000);
    // Nothing half-received is left behind.
    const tmp = path.join(t.app.config.dataDir, 'tmp');
    expect(
      await eventually(
        async () => (fs.existsSync(tmp) ? fs.readdirSync(tmp) : []),
        (left) => left.length === 0,
        2_000,
      ),
    ).toEqual([]);
  });

  it('checks the token and the right before it waits for the body', async () => {
    t.app.config.uploadTimeoutMs = 30_000;
    const viewer = await createLimitedUser(t, uploader, { perms: ['staff.employee.view'] });
    const cases = [
      { url: '/api-file/files-anon', token: 'not-a-token', status: 401 },
      { url: '/api-file/files-anon', token: viewer.client.token, status: 403 },
      { url: '/api-chain/employee/batchImport', token: viewer.client.token, status: 403 },
    ];
    for (const { url, token, status } of cases) {
      const upload = slowUpload(port, url, token);
      slow.push(upload);
      const answer = await eventually(
        async () => upload.answer(),
        (text) => text.length > 0,
        2_000,
      );
      expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      upload.stop();
    }
  });

  it('answers 408 to a sender slower than the time limit, closes its connection, and stores nothing', async () => {
    t.app.config.uploadTimeoutMs = 1_000;
    const started = performance.now();
    const upload = slowUpload(port, '/api-file/files-anon', uploader.admin.token, 50);
    slow.push(upload);
    await upload.closed;
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(upload.answer()).toMatch(/^HTTP\/1\.1 408 /);
    expect(upload.answer()).toMatch(/connection: close/i);
    const body = JSON.parse(upload.answer().slice(upload.answer().indexOf('\r\n\r\n') + 4));
    expect(body).toMatchObject({ resp_code: '408', data: null });
    expect(body.resp_msg).toContain('1');
    if (onPostgres) expect(await eventually(inTransaction, (n) => n === 0, 3_000)).toBe(0);
    const still = await call('GET', '/api-chain/shop/list/all', uploader.admin.token);
    expect(still.status).toBe(200);
  });
});
