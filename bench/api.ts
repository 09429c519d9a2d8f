/**
 * API benchmark of the issue "Fast at a big chain's scale" (run `npm run bench:data` first).
 *
 *   DATABASE_URL=postgres://... npm run bench [-- --duration 5 --connections 1,8,32 --only shop,employee]
 *
 * 1. Capture: the server is built in this process and each endpoint is called twice (app.inject)
 *    with pg's Client.query wrapped; the second call's SQL (text + values) is recorded: the steady
 *    state, where the token's user comes from the auth cache (the first call of a token also loads
 *    the user; that cold call is recorded once, on /bench/noop-tx, and only reported).
 * 2. Load: the server runs as a child process (bench/server.ts, pool of 10) on a free port; autocannon
 *    measures each endpoint at each connection count. In the same run, at the same concurrency,
 *    a raw pg loop replays the recorded SQL:
 *      raw q   the handler's statements only, on connections already set to the app role and tenant
 *              (same SQL, same row-level security; no transaction): the physical limit
 *      raw tx  every statement of the request as the app sent it (begin, set_config, handler,
 *              commit): the database's share of one request
 *    Beside each: PostgreSQL's CPU time per request, read from the backends' own counters
 *    (/proc/<pid>/stat; the server's connections are named by application_name, the loop's by pg_backend_pid()).
 * 3. The audit of a 20-line stock bill, measured sequentially (draft made first, unmeasured), and
 *    32 concurrent audits of bills on the same shop and products (deadlock check).
 * Results: a markdown table on stdout and in bench/results/<date>.md; the child's peak RSS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type BenchInfo, benchFile } from './common.js';
import {
  benchEndpoints,
  cannon,
  cpuMsOf,
  describeCounts,
  type Endpoint,
  f1,
  loginBody,
  type Measure,
  pct,
  readFacts,
  type Stmt,
  selectEndpoints,
  startChild,
} from './load.js';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '1,8,32' },
    only: { type: 'string' },
    audits: { type: 'string', default: '200' },
  },
});
const DURATION = Number(flags.duration);
const LEVELS = flags.connections.split(',').map(Number);
const URL_ = process.env.DATABASE_URL ?? '';
if (!URL_) throw new Error('DATABASE_URL is required (PostgreSQL with the bench tenant: npm run bench:data)');
const BENCH_FILE = benchFile({ databaseUrl: URL_ });
if (!fs.existsSync(BENCH_FILE)) throw new Error(`${BENCH_FILE} not found: run npm run bench:data first (same DATABASE_URL)`);
const info = JSON.parse(fs.readFileSync(BENCH_FILE, 'utf8')) as BenchInfo;
/** The child server's connections carry this application_name, so that its backends can be found. */
const API_APPLICATION = 'headoffice-bench-api';
const API_URL = (() => {
  const url = new URL(URL_);
  url.searchParams.set('application_name', API_APPLICATION);
  return url.toString();
})();

// ---- SQL capture: wrap pg's Client.query (the server's pool uses it) ----
let capturing: Stmt[] | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (capturing) {
    const [a, b] = args as [string | { text: string; values?: unknown[]; rowMode?: string }, unknown];
    if (typeof a === 'string') capturing.push({ text: a, values: Array.isArray(b) ? b : undefined });
    else if (a && typeof a === 'object' && 'text' in a)
      // drizzle passes a config object and its parameters as the second argument
      capturing.push({ text: a.text, values: a.values ?? (Array.isArray(b) ? b : undefined), rowMode: a.rowMode });
  }
  return (originalQuery as (...x: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/** `connections` workers, each on its own connection, replaying `stmts` in a loop for DURATION s. */
async function rawLoop(stmts: Stmt[], connections: number, setup: string | null): Promise<Measure> {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const c = new pg.Client({ connectionString: URL_ });
      await c.connect();
      if (setup) await c.query(setup);
      return c;
    }),
  );
  const pids = await Promise.all(clients.map(async (c) => Number((await c.query('select pg_backend_pid() pid')).rows[0].pid)));
  const cpuBefore = pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + DURATION * 1000;
  const t0 = performance.now();
  await Promise.all(
    clients.map(async (c) => {
      while (performance.now() < end) {
        const s = performance.now();
        try {
          for (const q of stmts)
            await c.query(
              q.rowMode === 'array'
                ? ({ text: q.text, values: q.values, rowMode: 'array' } as pg.QueryArrayConfig)
                : { text: q.text, values: q.values },
            );
        } catch (error) {
          if (!errors++) console.log(`    raw loop error: ${(error as Error).message}`);
          await c.query('rollback').catch(() => {});
        }
        latencies.push(performance.now() - s);
      }
    }),
  );
  const took = (performance.now() - t0) / 1000;
  const dbCpu = pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0) - cpuBefore;
  await Promise.all(clients.map((c) => c.end()));
  const requests = latencies.length;
  latencies.sort((a, b) => a - b);
  return { p50: pct(latencies, 0.5), p99: pct(latencies, 0.99), rps: requests / took, errors, requests, dbCpuMs: dbCpu / requests };
}

/** CPU time (ms) used so far by each of the child server's backends, by pid. */
async function apiBackendsCpu(admin: pg.Client): Promise<Map<number, number>> {
  const { rows } = await admin.query('select pid from pg_stat_activity where application_name = $1', [API_APPLICATION]);
  return new Map(rows.map((r) => [Number(r.pid), cpuMsOf(Number(r.pid))]));
}

/**
 * autocannon on the child, with the CPU time its database backends spent per request. A one-second
 * warm-up at the same concurrency first opens the pool's connections (the pool closes idle ones
 * between cells), so that connection start-up is not counted; a backend first seen after it counts whole.
 */
async function measureApi(admin: pg.Client, o: Parameters<typeof cannon>[0]): Promise<Measure> {
  await cannon({ ...o, duration: 1 });
  const before = await apiBackendsCpu(admin);
  const api = await cannon(o);
  const after = await apiBackendsCpu(admin);
  let dbCpu = 0;
  for (const [pid, ms] of after) dbCpu += ms - (before.get(pid) ?? 0);
  return { ...api, dbCpuMs: api.requests ? dbCpu / api.requests : undefined };
}

/** PostgreSQL CPU ms per request, to 2 decimals (a table cell). */
const cpuMs = (m?: Measure) => (m?.dbCpuMs === undefined ? '–' : m.dbCpuMs.toFixed(2));

async function main() {
  const started = new Date();
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  const T = info.tenantId;
  const one = async <R>(text: string, values: unknown[] = []) => (await admin.query(text, values)).rows[0] as R;
  const facts = await readFacts(async (text, values) => (await admin.query(text, values)).rows, T);
  const { shop } = facts;
  // the bare route and the two empty platform routes are the baseline of every run
  const endpoints = selectEndpoints(benchEndpoints(facts, info), flags.only, ['bare', 'noop', 'noopTx']);

  // ---- 1. capture the SQL of each endpoint (in process) ----
  console.log(`capturing SQL (in-process app) on ${URL_.replace(/\/\/[^@]*@/, '//')} …`);
  const { startBenchServer } = await import('./server.js');
  const cap = await startBenchServer(0);
  const login = await cap.app.inject({ method: 'POST', url: '/api-user/login', payload: loginBody(info, info.users.length - 1) });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
  const token = login.json().data.access_token as string;
  const inject = (e: Endpoint) =>
    cap.app.inject({
      method: e.method,
      url: e.path,
      headers: e.auth ? { authorization: `Bearer ${token}` } : {},
      ...(e.body ? { payload: e.body() as object } : {}),
    });
  const capture = async (e: Endpoint) => {
    capturing = [];
    const res = await inject(e);
    const all = capturing;
    capturing = null;
    if (res.statusCode !== 200) throw new Error(`${e.path} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return all;
  };
  /** Statements in brief: up to their first parenthesis (`select set_config(…)`) or 40 characters. */
  const short = (stmts: Stmt[] | undefined) =>
    (stmts ?? [])
      .map((q) => {
        const text = q.text.replace(/\s+/g, ' ');
        const paren = text.indexOf('(');
        return paren >= 0 && paren < 40 ? `${text.slice(0, paren)}(…)` : text.length > 40 ? `${text.slice(0, 40)}…` : text;
      })
      .join(', ');
  // The token's first request loads its user (then cached up to 60 s, until access changes): recorded once, reported.
  const noopTx = endpoints.find((e) => e.key === 'noopTx') as Endpoint;
  const cold = await capture(noopTx);
  let prefix = 0;
  for (const e of endpoints) {
    if (e.key === 'bare') continue;
    await capture(e); // warms the route (and the token's cached user)
    const all = await capture(e); // the steady state: what every later request sends
    if (e.key === 'noopTx') prefix = all.length - 1; // begin, set_config …; the last one is commit
    e.all = all;
    // The handler's statements: after the platform's prefix, before commit (writes would add an audit row).
    e.handler = e.auth ? all.slice(prefix, -1) : all.filter((s) => !/^(begin|commit|select set_config)/i.test(s.text));
    console.log(
      `  ${e.key}: ${all.length} statements, handler: ${e.handler.map((h) => h.text.replace(/\s+/g, ' ').slice(0, 70)).join(' | ')}`,
    );
    if (e.key === 'login') e.note = 'argon2id verification dominates; raw = its 2 selects only';
  }
  const noop = endpoints.find((e) => e.key === 'noop') as Endpoint;
  console.log(`  platform statements per request: ${noopTx.all?.length} (${short(noopTx.all)}); db: false route: ${noop.all?.length}`);
  console.log(`  first request of a token: ${cold.length} statements (${short(cold)})`);
  await cap.app.close();
  await cap.database.close();

  // ---- 2. load the child server ----
  const child = await startChild({ DATABASE_URL: API_URL });
  const sampler = setInterval(child.sample, 250);
  const setup = `set app.tenant_id = '${T}'; set role headoffice_app`;
  type Row = { e: Endpoint; c: number; api: Measure; rawQ?: Measure; rawTx?: Measure };
  const rows: Row[] = [];
  try {
    // warm-up (JIT, sockets), not reported: otherwise the first cell, the bare route, is measured cold
    const bareRoute = endpoints.find((e) => e.key === 'bare') as Endpoint;
    await cannon({ port: child.port, token, e: bareRoute, connections: Math.max(...LEVELS), duration: 1, info });
    for (const e of endpoints) {
      for (const c of LEVELS) {
        const api = await measureApi(admin, { port: child.port, token, e, connections: c, duration: DURATION, info });
        const rawQ = e.handler?.length ? await rawLoop(e.handler, c, e.auth ? setup : null) : undefined;
        const rawTx = e.auth && e.all?.length ? await rawLoop(e.all, c, null) : undefined;
        rows.push({ e, c, api, rawQ, rawTx });
        console.log(
          `  ${e.label.padEnd(36)} c=${String(c).padStart(2)} api p50 ${f1(api.p50)} p99 ${f1(api.p99)} ms ${Math.round(api.rps)} rps` +
            (api.errors ? ` (${api.errors} errors)` : '') +
            (rawQ ? ` | raw q ${Math.round(rawQ.rps)} rps p99 ${f1(rawQ.p99)}` : '') +
            (rawTx ? ` | raw tx ${Math.round(rawTx.rps)} rps` : '') +
            ` | db cpu ms/req api ${cpuMs(api)} raw q ${cpuMs(rawQ)} raw tx ${cpuMs(rawTx)}`,
        );
      }
    }

    // ---- 3. audits of 20-line stock bills ----
    const http = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(`http://127.0.0.1:${child.port}${p}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as { resp_code: number; data: Record<string, unknown> } };
    };
    const reason = await one<{ id: number }>(`select id from stock_reasons where tenant_id = $1 and code = 'RK01'`, [T]);
    const kept = (
      await admin.query(`select product_id from stock_products where tenant_id = $1 and shop_id = $2 order by product_id limit 20`, [
        T,
        shop.id,
      ])
    ).rows.map((r) => Number(r.product_id));
    const draft = async (order: number[]) => {
      const res = await http('POST', '/api-stock/entry', {
        shopId: shop.id,
        reasonId: reason.id,
        memo: '压测审核',
        lines: order.map((productId, i) => ({ productId, quantity: 5 + i, unitCost: 1000 })),
      });
      if (res.status !== 200) throw new Error(`draft: ${res.status} ${JSON.stringify(res.json)}`);
      const id = Number((res.json.data as { id?: number }).id ?? res.json.data);
      return id;
    };
    const auditLat: number[] = [];
    const audits = Number(flags.audits);
    for (let i = 0; i < audits; i++) {
      const id = await draft(kept);
      const s = performance.now();
      const res = await http('POST', '/api-stock/entry/audit', { id });
      auditLat.push(performance.now() - s);
      if (res.status !== 200) throw new Error(`audit: ${res.status} ${JSON.stringify(res.json)}`);
    }
    auditLat.sort((a, b) => a - b);
    // 32 at once, same shop and products in different orders: the ledger locks balances in key order.
    const concurrent: { ok: number; failed: string[]; ms: number }[] = [];
    for (let round = 0; round < 3; round++) {
      const ids: number[] = [];
      for (let i = 0; i < 32; i++) ids.push(await draft(i % 2 ? kept : [...kept].reverse()));
      const s = performance.now();
      const results = await Promise.all(ids.map((id) => http('POST', '/api-stock/entry/audit', { id })));
      concurrent.push({
        ok: results.filter((r) => r.status === 200).length,
        failed: results.filter((r) => r.status !== 200).map((r) => `${r.status} ${JSON.stringify(r.json).slice(0, 120)}`),
        ms: performance.now() - s,
      });
    }
    clearInterval(sampler);
    child.sample();

    // ---- report ----
    const date = started.toISOString().slice(0, 10);
    const lines: string[] = [];
    lines.push(`## API benchmark — ${started.toISOString().replace('T', ' ').slice(0, 16)} UTC`);
    lines.push('');
    lines.push(
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, PostgreSQL ${facts.serverVersion} (same host). ` +
        `autocannon ${DURATION} s per cell, server in a child process (pool 10), load generator and raw loop in the parent.`,
    );
    lines.push(`Data (tenant \`${info.tenant}\`): ${describeCounts(facts.counts)}.`);
    lines.push('');
    lines.push(
      '| endpoint | conn | API p50 ms | API p99 ms | API req/s | raw q p50 | raw q p99 | raw q req/s | API/raw q | raw tx req/s | API/raw tx | db CPU ms/req API | raw q | raw tx | API/raw tx | err API/raw |',
    );
    lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
    for (const r of rows) {
      const ratio = (m?: Measure) => (m ? `${Math.round((100 * r.api.rps) / m.rps)}%` : '–');
      const cpuRatio = r.api.dbCpuMs !== undefined && r.rawTx?.dbCpuMs ? `${Math.round((100 * r.api.dbCpuMs) / r.rawTx.dbCpuMs)}%` : '–';
      lines.push(
        `| ${r.e.label} | ${r.c} | ${f1(r.api.p50)} | ${f1(r.api.p99)} | ${Math.round(r.api.rps)} | ${r.rawQ ? f1(r.rawQ.p50) : '–'} | ${r.rawQ ? f1(r.rawQ.p99) : '–'} | ${r.rawQ ? Math.round(r.rawQ.rps) : '–'} | ${ratio(r.rawQ)} | ${r.rawTx ? Math.round(r.rawTx.rps) : '–'} | ${ratio(r.rawTx)} | ${cpuMs(r.api)} | ${cpuMs(r.rawQ)} | ${cpuMs(r.rawTx)} | ${cpuRatio} | ${r.api.errors}/${(r.rawQ?.errors ?? 0) + (r.rawTx?.errors ?? 0)} |`,
      );
    }
    lines.push('');
    lines.push(
      `Statements are captured from each endpoint's second call with the same token (the steady state: the token's user comes from the auth cache). ` +
        `raw q = the handler's own SQL, replayed on connections already set to the app role and tenant; ` +
        'db CPU = PostgreSQL CPU time (user + system) per request of the backends that served it, from /proc/<pid>/stat (10 ms ticks, summed over the cell): ' +
        "the API through the child server's pool (after a 1 s warm-up at the same concurrency), the raw loops through their own connections; raw q and raw tx send every statement unnamed, planned on each call. " +
        `raw tx = every statement of the request as the app sent it (${prefix} platform statements before the handler: ${short(noopTx.all?.slice(0, prefix))}; commit after it). ` +
        `A \`db: false\` route (\`/bench/noop\`) sent ${noop.all?.length ?? 0} statements. ` +
        `The first request of a token also loads its user: ${cold.length} statements on \`/bench/noop-tx\` instead of ${noopTx.all?.length} (kept up to 60 s, until access changes; not replayed).`,
    );
    const at = (key: string, c: number) => rows.find((r) => r.e.key === key && r.c === c);
    const pctOf = (m: Measure | undefined, base: Measure | undefined) => (m && base ? `${Math.round((100 * m.rps) / base.rps)}%` : '–');
    const rps = (m: Measure | undefined) => (m ? String(Math.round(m.rps)) : '–');
    lines.push('');
    lines.push('### Platform cost (req/s relative to the bare Fastify route)');
    lines.push('');
    lines.push(
      '| conn | bare | trivial route (db: false) | % of bare | empty transaction | % of bare | its raw tx | empty transaction / raw tx | /api-user/me | % of bare |',
    );
    lines.push('|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
    for (const b of rows.filter((r) => r.e.key === 'bare')) {
      const n = at('noop', b.c);
      const t = at('noopTx', b.c);
      const m = at('me', b.c);
      lines.push(
        `| ${b.c} | ${rps(b.api)} | ${rps(n?.api)} | ${pctOf(n?.api, b.api)} | ${rps(t?.api)} | ${pctOf(t?.api, b.api)} | ${rps(t?.rawTx)} | ${pctOf(t?.api, t?.rawTx)} | ${rps(m?.api)} | ${pctOf(m?.api, b.api)} |`,
      );
    }
    lines.push('');
    lines.push(
      'Target: the trivial authenticated route (`GET /bench/noop`: `route()` with `db: false`, the user from the auth cache, no database) ≥ 50% of the bare route. ' +
        `The empty transaction (\`GET /bench/noop-tx\`: ${short(noopTx.all)}) shows what a route that needs the database pays at least; its raw tx is those ${noopTx.all?.length} statements replayed by pg.`,
    );
    lines.push('');
    lines.push('### Audit of a 20-line stock entry (sequential, draft made first)');
    lines.push('');
    lines.push(
      `${audits} audits: p50 ${f1(pct(auditLat, 0.5))} ms, p99 ${f1(pct(auditLat, 0.99))} ms, max ${f1(auditLat[auditLat.length - 1])} ms.`,
    );
    lines.push(
      `32 concurrent audits (same shop, same 20 products, half in reverse order), 3 rounds: ${concurrent
        .map((r) => `${r.ok}/32 ok in ${Math.round(r.ms)} ms`)
        .join(
          '; ',
        )}${concurrent.some((r) => r.failed.length) ? ` — failures: ${concurrent.flatMap((r) => r.failed).join('; ')}` : ' — no deadlock, no error'}.`,
    );
    lines.push('');
    lines.push(`Server peak RSS over the whole run: ${Math.round(child.peakRss)} MB.`);
    for (const e of endpoints)
      if (e.note) lines.push(`\nNote (${e.label}): ${e.note}. 300 bench users rotate, each under the 10/min limit.`);
    const md = `${lines.join('\n')}\n`;
    console.log(`\n${md}`);
    const dir = path.join(import.meta.dirname, 'results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${date}.md`);
    fs.writeFileSync(file, md);
    console.log(`written to ${path.relative(process.cwd(), file)}`);
  } finally {
    clearInterval(sampler);
    await child.stop();
    await admin.end();
  }
}

await main();
