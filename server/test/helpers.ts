import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import type { PgSchema } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createTenant } from '../src/modules/identity/tenants.js';
import { seedDemoData } from '../src/seed/demo.js';

export interface Answer<T = any> {
  status: number;
  body: { resp_code: string; resp_msg: string; data: T; errors?: { path: string; message: string }[]; requestId?: string };
  headers: Record<string, unknown>;
  raw: Buffer;
}

export interface Client {
  token: string;
  get<T = any>(url: string, query?: Record<string, unknown>, headers?: Record<string, string>): Promise<Answer<T>>;
  post<T = any>(url: string, body?: unknown, headers?: Record<string, string>): Promise<Answer<T>>;
  del<T = any>(url: string, headers?: Record<string, string>): Promise<Answer<T>>;
  /** Posts `content` as the multipart field `file` (an .xlsx unless `type` says otherwise). */
  upload<T = any>(url: string, content: Buffer, options?: UploadOptions): Promise<Answer<T>>;
}

export interface UploadOptions {
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  filename?: string;
  type?: string;
}

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** A new tenant with an admin; `demo` fills it with the demo chain. */
  tenant(options?: { demo?: boolean }): Promise<TestTenant>;
  /**
   * "Another tenant": a demo chain made once per application and shared by the files that use it, as
   * a stranger whose ids and records must never reach the file's own tenant. Records made in it stay
   * there for the next file: assert what the file's own tenant sees, never what the stranger holds.
   * (staff-support's `foreignTenant` is a small chain of the file's own, with one record of each kind.)
   */
  sharedOtherTenant(): Promise<TestTenant>;
  client(token?: string): Client;
  login(tenant: string, username: string, password: string): Promise<Answer>;
}

export interface TestTenant {
  code: string;
  tenantId: number;
  adminPassword: string;
  admin: Client;
}

let pglite: Promise<Database> | undefined;

/**
 * The PGlite database of this worker, started once from the migrated dump of the global setup and
 * shared by the files the worker runs, as the PostgreSQL database is shared by every file: starting
 * PGlite from the dump takes seconds, and every file makes its own tenants anyway.
 */
function workerPglite(): Promise<Database> {
  pglite ??= (async () => {
    const template = inject('pgliteTemplate');
    const database = await openDatabase({ loadDataDir: template ? new Blob([fs.readFileSync(template)]) : undefined });
    if (!template) await migrate(database);
    return database;
  })();
  return pglite;
}

/**
 * Makes a test's own tables (a schema of their own) from their declaration, once in a database that
 * test files may share, and lets the application's role use them.
 */
export async function makeTables(database: Database, schema: PgSchema, tables: Record<string, unknown>) {
  const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ schema, ...tables }));
  const grants = ['usage on schema', 'select, insert, update, delete on all tables in schema', 'usage, select on all sequences in schema'];
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${schema.schemaName}))`);
    const made = sql`select exists (select from pg_namespace where nspname = ${schema.schemaName}) as found`;
    const { rows } = (await tx.execute(made)) as unknown as { rows: { found: boolean }[] };
    if (rows[0].found) return;
    for (const statement of [...statements, ...grants.map((g) => `grant ${g} ${schema.schemaName} to headoffice_app`)])
      await tx.execute(sql.raw(statement));
  });
}

/**
 * The real app on a real database (the worker's PGlite in memory, or TEST_DATABASE_URL's throwaway database);
 * `prepare` may add tables and routes of its own before the app is ready (an example bill type).
 */
let shared: Promise<TestApp> | undefined;

/**
 * The application of this worker, shared by the files it runs as its database is: every file makes
 * its own tenants, and building the application (a thousand routes) once per file was a good part of
 * the suite's time. A file that changes the application (its own routes, `prepare`) or listens on a
 * port gets one of its own (`buildOwn`), closed after the file.
 */
export function build(prepare?: (app: FastifyInstance, database: Database) => Promise<void>): Promise<TestApp> {
  if (prepare) return buildOwn(prepare);
  shared ??= makeApp();
  return shared;
}

/** An application of the file's own, closed after it. */
export async function buildOwn(prepare?: (app: FastifyInstance, database: Database) => Promise<void>): Promise<TestApp> {
  const t = await makeApp(prepare);
  afterAll(async () => {
    await t.app.close();
    // The worker's PGlite stays open for its next file.
    if (process.env.TEST_DATABASE_URL) await t.database.close();
  });
  return t;
}

/** With TEST_REPLICA_PORT, reports read the test database on that port: a streaming replica of the test server (`scripts/pg-replica.sh`). */
function replicaUrl(url: string): string | undefined {
  const port = process.env.TEST_REPLICA_PORT;
  if (!port) return undefined;
  const replica = new URL(url);
  replica.port = port;
  return replica.toString();
}

async function makeApp(prepare?: (app: FastifyInstance, database: Database) => Promise<void>): Promise<TestApp> {
  const url = process.env.TEST_DATABASE_URL ? inject('testDatabaseUrl') : undefined;
  const database = url ? await openDatabase({ databaseUrl: url, poolSize: 4 }) : await workerPglite();
  const config = {
    ...loadConfig({}),
    dataDir: path.join(os.tmpdir(), `headoffice-test-${randomBytes(4).toString('hex')}`),
    reportsDatabaseUrl: url && replicaUrl(url),
  };
  const app = await buildApp({ database, config });
  await prepare?.(app, database);
  await app.ready();

  const send = async (
    method: string,
    url: string,
    token: string | undefined,
    payload?: unknown,
    headers: Record<string, string> = {},
    query?: Record<string, unknown>,
  ): Promise<Answer> => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      query: query
        ? Object.fromEntries(
            Object.entries(query)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => [k, String(v)]),
          )
        : undefined,
      payload: payload as object,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    let body: Answer['body'];
    try {
      body = res.json();
    } catch {
      body = undefined as unknown as Answer['body'];
    }
    return { status: res.statusCode, body, headers: res.headers, raw: res.rawPayload };
  };
  const upload = (url: string, token: string | undefined, content: Buffer, options: UploadOptions = {}) => {
    const { query, headers = {}, filename = 'import.xlsx', type = XLSX } = options;
    const boundary = `----headoffice${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return send('POST', url, token, payload, { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers }, query);
  };
  const client = (token?: string): Client => ({
    token: token ?? '',
    get: (url, query, headers) => send('GET', url, token, undefined, headers, query),
    post: (url, body, headers) => send('POST', url, token, body ?? {}, headers),
    del: (url, headers) => send('DELETE', url, token, undefined, headers),
    upload: (url, content, options) => upload(url, token, content, options),
  });
  const login = (tenant: string, username: string, password: string) =>
    send('POST', '/api-user/login', undefined, { tenant, username, password });

  let foreign: Promise<TestTenant> | undefined;
  const testApp: TestApp = {
    app,
    database,
    client,
    login,
    sharedOtherTenant: () => {
      foreign ??= testApp.tenant({ demo: true });
      return foreign;
    },
    async tenant(options = {}) {
      const code = `t${randomBytes(5).toString('hex')}`;
      const adminPassword = `pw-${randomBytes(6).toString('hex')}`;
      const { tenantId } = await createTenant(database.db, { code, name: `测试连锁 ${code}`, adminPassword });
      if (options.demo) await seedDemoData(database.db, tenantId);
      const res = await login(code, 'admin', adminPassword);
      if (res.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
      return { code, tenantId, adminPassword, admin: client(res.body.data.access_token) };
    },
  };
  return testApp;
}

/**
 * Polls `read` until `accept` holds, for changes that reach the app asynchronously (a write made
 * outside the app is heard through the database's notifications); fails with the last value.
 */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The answers every API test checks: 200 with its data, a status, a 400 naming a field. */
export function expectOk(res: Answer) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.resp_code).toBe('200');
  return res.body.data;
}

export function expectStatus(res: Answer, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.resp_code).toBe(String(status));
}

export function expect400(res: Answer, path: string) {
  expectStatus(res, 400);
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
}
