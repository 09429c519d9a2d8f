import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type TestTenant } from './helpers.js';

/**
 * Hostile input on every operation of the OpenAPI document: no answer may be a 5xx, every answer is
 * an envelope whose `resp_code` is its HTTP status, and none takes longer than a few seconds.
 * `npm test` runs a fixed set of hostile values; `FUZZ_RUNS=200 npx vitest run test/openapi-fuzz`
 * adds that many random values per operation (fast-check) for a longer run by hand or in CI.
 */

const SLOW_MS = 3_000;
const randomRuns = Number(process.env.FUZZ_RUNS ?? 0);

interface Operation {
  method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyProps: string[];
  hasBody: boolean;
  isPublic: boolean;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        security?: unknown[];
      }
    >
  >;
};

function operationsOf(doc: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const schema = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProps: Object.keys(schema?.properties ?? {}),
        hasBody: method !== 'get' && method !== 'delete',
        isPublic: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  return ops;
}

/** Values a path parameter or a query value can carry (strings: that is all a URL holds). */
const hostileStrings = [
  '-1',
  '0',
  '1.5',
  '1e400',
  '9'.repeat(40),
  'NaN',
  'Infinity',
  '0x10',
  'x'.repeat(3000),
  'a\u0000b',
  '__proto__',
  'constructor',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '%',
  '中文',
];

/**
 * Query values an export is attacked with, one parameter at a time: sent together, the first value a
 * schema refuses would answer for all of them and the others would never reach the database.
 */
const hostileExportValues = ['a\u0000b', '2024-13-45', '9'.repeat(40), '-1', 'x'.repeat(3000)];

/** An export is named so, or answers a workbook to its bare path. */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const namedExport = (op: Operation) => /export|\/exp[A-Z]/i.test(op.path);

/** Values a JSON body field can carry. */
const hostileJson: unknown[] = [
  -1,
  -(2 ** 53) - 2,
  1e308,
  1.5,
  '',
  'x'.repeat(10_000),
  'a\u0000b',
  '__proto__',
  '9'.repeat(40),
  true,
  null,
  [],
  {},
  Array.from({ length: 20_000 }, (_, i) => i),
  { a: { b: { c: [1, { d: 'e' }] } } },
];

function deep(levels: number, open: string, close: string, inner = '1') {
  return open.repeat(levels) + inner + close.repeat(levels);
}

/** Whole bodies sent as they are, with their content type. */
const hostileBodies: { type: string; payload: string }[] = [
  { type: 'application/json', payload: '{"__proto__":{"isSuper":true}}' },
  { type: 'application/json', payload: '{"constructor":{"prototype":{"isSuper":true}}}' },
  { type: 'application/json', payload: deep(5_000, '{"a":', '}') },
  { type: 'application/json', payload: deep(5_000, '[', ']') },
  { type: 'application/json', payload: '[]' },
  { type: 'application/json', payload: '"text"' },
  { type: 'application/json', payload: 'null' },
  { type: 'application/json', payload: '{"a":' },
  { type: 'text/plain', payload: 'hello' },
  { type: 'application/xml', payload: '<a/>' },
  { type: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  { type: 'multipart/form-data; boundary=XX', payload: '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK' },
  { type: 'multipart/form-data', payload: 'no boundary' },
];

function urlOf(op: Operation, pathValue: (name: string) => string) {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValue(name)));
}

function queryString(entries: [string, string][]) {
  return entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/** The requests of one operation with one hostile value: in the path, in every query parameter, in every body field. */
function casesFor(op: Operation, value: string, json: unknown): InjectOptions[] {
  const cases: InjectOptions[] = [];
  const base = urlOf(op, () => '1');
  if (op.pathParams.length) cases.push({ method: op.method, url: urlOf(op, () => value), payload: op.hasBody ? {} : undefined });
  const query: [string, string][] = [...op.queryParams.map((q): [string, string] => [q, value]), ['sort', value]];
  cases.push({ method: op.method, url: `${base}?${queryString(query)}`, payload: op.hasBody ? {} : undefined });
  if (op.hasBody) {
    const body = Object.fromEntries((op.bodyProps.length ? op.bodyProps : ['id']).map((p) => [p, json]));
    cases.push({ method: op.method, url: base, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  }
  return cases;
}

/** The requests every operation gets, whatever its parameters. */
function fixedCasesFor(op: Operation): InjectOptions[] {
  const base = urlOf(op, () => '1');
  const cases: InjectOptions[] = [
    { method: op.method, url: `${base}?__proto__=1&constructor=2` },
    { method: op.method, url: `${base}?sort=__proto__,-constructor,toString,hasOwnProperty` },
    {
      method: op.method,
      url: `${base}?${queryString(
        [...op.queryParams, 'page'].flatMap((q): [string, string][] => [
          [q, '1'],
          [q, '2'],
        ]),
      )}`,
    },
  ];
  if (op.hasBody)
    for (const { type, payload } of hostileBodies) cases.push({ method: op.method, url: base, payload, headers: { 'content-type': type } });
  return cases;
}

interface Failure {
  request: string;
  status: number;
  reason: string;
}

function judge(res: { statusCode: number; headers: Record<string, unknown>; body: string }, ms: number): string | undefined {
  if (ms > SLOW_MS) return `took ${ms} ms`;
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode < 300 && !type.includes('application/json')) return undefined; // a file or an export
  let body: { resp_code?: unknown; resp_msg?: unknown } | undefined;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `not JSON (${type}): ${res.body.slice(0, 120)}`;
  }
  if (typeof body?.resp_code !== 'string' || typeof body.resp_msg !== 'string' || !('data' in body))
    return `not an envelope: ${res.body.slice(0, 160)}`;
  if (body.resp_code !== String(res.statusCode)) return `resp_code ${body.resp_code} with HTTP ${res.statusCode}`;
  return undefined;
}

const t = await build();
let tenant: TestTenant;
let ops: Operation[];

beforeAll(async () => {
  tenant = await t.tenant({ demo: true });
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as OpenApi;
  ops = operationsOf(doc);
});

async function send(request: InjectOptions, token: string | undefined, failures: Failure[]) {
  const headers = { ...(request.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const started = performance.now();
  const res = await t.app.inject({ ...request, headers });
  const reason = judge(res, Math.round(performance.now() - started));
  if (reason) failures.push({ request: `${request.method} ${String(request.url).slice(0, 120)}`, status: res.statusCode, reason });
  return res;
}

/** Signing out would end the admin's token for the rest of the run. */
const keepsTheSession = (op: Operation) => !op.path.endsWith('/logout');

describe('OpenAPI fuzz', () => {
  it('finds the operations to attack', () => {
    expect(ops.length).toBeGreaterThan(300);
    expect(ops.filter((o) => o.queryParams.length).length).toBeGreaterThan(100);
    expect(ops.filter((o) => o.bodyProps.length).length).toBeGreaterThan(100);
  });

  it('answers hostile input to every operation with an envelope, never a 5xx, within seconds', { timeout: 600_000 }, async () => {
    const failures: Failure[] = [];
    let sent = 0;
    for (const op of ops.filter(keepsTheSession)) {
      const requests = [
        ...fixedCasesFor(op),
        ...hostileStrings.flatMap((value, i) => casesFor(op, value, hostileJson[i % hostileJson.length])),
      ];
      for (const request of requests) {
        await send(request, tenant.admin.token, failures);
        sent++;
      }
    }
    expect((await tenant.admin.get('/api-user/me')).status, 'the admin is still signed in').toBe(200);
    expect(sent).toBeGreaterThan(5_000);
    expect(failures.slice(0, 30)).toEqual([]);
  });

  it('answers hostile query strings to every export, one parameter at a time, with an envelope before any workbook', {
    timeout: 300_000,
  }, async () => {
    // An empty chain: a query the database refuses is refused whatever the rows, and empty workbooks are quick to write.
    const empty = await t.tenant();
    const gets = ops.filter((op) => op.method === 'GET');
    const exports: Operation[] = [];
    for (const op of gets) {
      const res = await empty.admin.get(urlOf(op, () => '1'));
      if (namedExport(op) || String(res.headers['content-type']).includes(XLSX)) exports.push(op);
    }
    const failures: Failure[] = [];
    for (const op of exports)
      for (const param of [...op.queryParams, 'sort'])
        for (const value of hostileExportValues)
          await send({ method: 'GET', url: `${urlOf(op, () => '1')}?${queryString([[param, value]])}` }, empty.admin.token, failures);
    expect(exports.length).toBeGreaterThan(50);
    expect(failures.slice(0, 30)).toEqual([]);
  });

  it('answers every operation without a valid token with a 401 envelope (public ones with a 4xx)', { timeout: 120_000 }, async () => {
    const forged = await new SignJWT({ app: 'board', tv: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti('x')
      .setExpirationTime('1h')
      .sign(t.app.secret);
    const noTenant = forged;
    const badTenant = await new SignJWT({ tid: 'abc', app: 'board', tv: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setJti('x')
      .setExpirationTime('1h')
      .sign(t.app.secret);
    const failures: Failure[] = [];
    for (const op of ops) {
      for (const token of [undefined, 'garbage', noTenant, badTenant]) {
        const res = await send({ method: op.method, url: urlOf(op, () => '1'), payload: op.hasBody ? {} : undefined }, token, failures);
        if (!op.isPublic && res.statusCode !== 401)
          failures.push({
            request: `${op.method} ${op.path}`,
            status: res.statusCode,
            reason: `expected 401 with token ${String(token).slice(0, 12)}`,
          });
      }
    }
    expect(failures.slice(0, 30)).toEqual([]);
  });

  it('answers oversized paths and unknown routes with envelopes', async () => {
    const failures: Failure[] = [];
    for (const url of [
      `/api-chain/shop/getShopInfo/${'9'.repeat(5_000)}`,
      `/api-chain/${'x'.repeat(20_000)}`,
      '/api-nothing/here',
      '/files/../../etc/passwd',
    ]) {
      for (const method of ['GET', 'POST', 'DELETE'] as const)
        await send({ method, url, payload: method === 'POST' ? {} : undefined }, tenant.admin.token, failures);
    }
    expect(failures).toEqual([]);
  });

  it.runIf(randomRuns > 0)('answers random input with envelopes too (FUZZ_RUNS per operation)', { timeout: 3_600_000 }, async () => {
    const failures: Failure[] = [];
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.integer().map(String), fc.double().map(String));
    const value = fc.anything({ maxDepth: 4, withNullPrototype: true, withBigInt: false });
    for (const op of ops.filter(keepsTheSession)) {
      for (const [s, j] of fc.sample(fc.tuple(text, value), { numRuns: randomRuns })) {
        for (const request of casesFor(op, s, j)) await send(request, tenant.admin.token, failures);
      }
    }
    expect(failures.slice(0, 30)).toEqual([]);
  });
});
