/**
 * API benchmark of the issue "Fast at a big chain's scale" (run `npm run bench:data` first).
 *
 *   DATABASE_URL=postgres://... npm run bench [-- --duration 5 --connections 1,8,32 --only shop,employee]
 *
 * 1. Capture: the server is built in this process and each endpoint is called once (app.inject)
 *    with pg's Client.query wrapped, to record the exact SQL (text + values) it sends.
 * 2. Load: the server runs as a child process (bench/server.ts, pool of 10) on a free port; autocannon
 *    measures each endpoint at each connection count. In the same run, at the same concurrency,
 *    a raw pg loop replays the recorded SQL:
 *      raw q   the handler's statements only, on connections already set to the app role and tenant
 *              (same SQL, same row-level security; no transaction, no auth reload): the physical limit
 *      raw tx  every statement of the request as the app sent it (begin, set_config, user reload,
 *              handler, commit): the database's share of one request
 * 3. The audit of a 20-line stock bill, measured sequentially (draft made first, unmeasured), and
 *    32 concurrent audits of bills on the same shop and products (deadlock check).
 * Results: a markdown table on stdout and in bench/results/<date>.md; the child's peak RSS.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_FILE, type BenchInfo } from './common.js';

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
if (!fs.existsSync(BENCH_FILE)) throw new Error(`${BENCH_FILE} not found: run npm run bench:data first`);
const info = JSON.parse(fs.readFileSync(BENCH_FILE, 'utf8')) as BenchInfo;

// ---- SQL capture: wrap pg's Client.query (the server's pool uses it) ----
interface Stmt {
  text: string;
  values?: unknown[];
  rowMode?: string;
}
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

// ---- endpoints ----
interface Endpoint {
  key: string;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: () => unknown;
  auth: boolean;
  /** Statements to replay for "raw q"; computed by the capture. */
  handler?: Stmt[];
  all?: Stmt[];
  note?: string;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : Number.NaN;

interface Measure {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function cannon(port: number, token: string, e: Endpoint, connections: number): Promise<Measure> {
  let userIndex = Math.floor(Math.random() * info.users.length);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: DURATION,
    headers: { 'content-type': 'application/json', ...(e.auth ? { authorization: `Bearer ${token}` } : {}) },
    requests: [
      {
        method: e.method,
        path: e.path,
        ...(e.body
          ? {
              setupRequest: (req: Record<string, unknown>) => ({
                ...req,
                body: JSON.stringify(e.key === 'login' ? loginBody(userIndex++) : e.body?.()),
              }),
            }
          : {}),
      },
    ],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const loginBody = (i: number) => ({ tenant: info.tenant, username: info.users[i % info.users.length], password: info.adminPassword });

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
  await Promise.all(clients.map((c) => c.end()));
  latencies.sort((a, b) => a - b);
  return { p50: pct(latencies, 0.5), p99: pct(latencies, 0.99), rps: latencies.length / took, errors };
}

/** The child's resident set size in MB (Linux). */
function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function startChild(): Promise<{ port: number; pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const line = buffer.split('\n')[0];
      if (buffer.includes('\n')) {
        try {
          resolve(JSON.parse(line).port);
        } catch {
          /* a log line before the port: keep reading */
          buffer = buffer.slice(buffer.indexOf('\n') + 1);
        }
      }
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    port,
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function main() {
  const started = new Date();
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  const T = info.tenantId;
  const one = async <R>(text: string, values: unknown[] = []) => (await admin.query(text, values)).rows[0] as R;
  const shop = await one<{ id: number; code: string }>(
    `select s.id, s.code from shops s where s.tenant_id = $1 and s.code like 'M%' order by s.id limit 1`,
    [T],
  );
  const product = await one<{ id: number; pcode: string; barcode: string }>(
    `select id, pcode, barcode from products where tenant_id = $1 and pcode like 'BP%' order by id offset 1233 limit 1`,
    [T],
  );
  const counts = await one<Record<string, string>>(
    `select (select count(*) from shops where tenant_id = $1) shops, (select count(*) from employees where tenant_id = $1) employees,
            (select count(*) from products where tenant_id = $1) products, (select count(*) from stock_bills where tenant_id = $1) bills,
            (select count(*) from stock_bill_lines where tenant_id = $1) lines, (select count(*) from stock_ledger where tenant_id = $1) ledger,
            (select count(*) from stock_balances where tenant_id = $1) balances, (select count(*) from audit_log where tenant_id = $1) audit`,
    [T],
  );
  const shopPages = Math.max(1, Math.ceil(Number(counts.shops) / 20));
  const empPage = Math.min(500, Math.max(1, Math.floor(Number(counts.employees) / 20)));
  const [pgVersion] = (await admin.query('show server_version')).rows.map((r) => r.server_version as string);

  const endpoints: Endpoint[] = [
    { key: 'bare', label: 'bare Fastify route (baseline)', method: 'GET', path: '/bench/bare', auth: false },
    { key: 'noop', label: 'platform route, empty handler', method: 'GET', path: '/bench/noop', auth: true },
    { key: 'me', label: 'GET /api-user/me', method: 'GET', path: '/api-user/me', auth: true },
    {
      key: 'login',
      label: 'POST /api-user/login (sign-in)',
      method: 'POST',
      path: '/api-user/login',
      auth: false,
      body: () => loginBody(0),
    },
    { key: 'shop1', label: 'shop list page 1', method: 'GET', path: '/api-chain/shop?page=1&pageSize=20', auth: true },
    {
      key: 'shopN',
      label: `shop list page ${shopPages} (last)`,
      method: 'GET',
      path: `/api-chain/shop?page=${shopPages}&pageSize=20`,
      auth: true,
    },
    { key: 'shop500', label: 'shop list page 500 (past the end)', method: 'GET', path: '/api-chain/shop?page=500&pageSize=20', auth: true },
    { key: 'emp1', label: 'employee list page 1', method: 'GET', path: '/api-chain/employee?page=1&pageSize=20', auth: true },
    {
      key: 'emp500',
      label: `employee list page ${empPage}`,
      method: 'GET',
      path: `/api-chain/employee?page=${empPage}&pageSize=20`,
      auth: true,
    },
    {
      key: 'empf',
      label: 'employee list shopId+status=1',
      method: 'GET',
      path: `/api-chain/employee?shopId=${shop.id}&status=1`,
      auth: true,
    },
    { key: 'prodcode', label: 'product search by code', method: 'GET', path: `/api-chain/product?keyword=${product.pcode}`, auth: true },
    {
      key: 'prodbar',
      label: 'product search by barcode',
      method: 'GET',
      path: `/api-chain/product?keyword=${product.barcode}`,
      auth: true,
    },
    {
      key: 'prodname',
      label: 'product search by name (修护)',
      method: 'GET',
      path: `/api-chain/product?keyword=${encodeURIComponent('修护')}`,
      auth: true,
    },
    { key: 'balance', label: 'stock balance by shop', method: 'GET', path: `/api-stock/balance?shopId=${shop.id}`, auth: true },
    {
      key: 'bills',
      label: 'stock bills with products (chain)',
      method: 'GET',
      path: '/api-stock/entry/chain/findListWithPro?page=1&pageSize=20',
      auth: true,
    },
    {
      key: 'billsShop',
      label: 'stock bills with products (shop)',
      method: 'GET',
      path: `/api-stock/entry/chain/findListWithPro?shopid=${shop.id}`,
      auth: true,
    },
    { key: 'dict', label: 'dictionary list/all (branch)', method: 'GET', path: '/api-chain/branch/list/all', auth: true },
    { key: 'apps', label: "board's apps", method: 'GET', path: '/api-user/apps', auth: true },
  ].filter(
    (e) => !flags.only || e.key === 'bare' || e.key === 'noop' || flags.only.split(',').some((k) => e.key.startsWith(k)),
  ) as Endpoint[];

  // ---- 1. capture the SQL of each endpoint (in process) ----
  console.log(`capturing SQL (in-process app) on ${URL_.replace(/\/\/[^@]*@/, '//')} …`);
  const { startBenchServer } = await import('./server.js');
  const cap = await startBenchServer(0);
  const login = await cap.app.inject({ method: 'POST', url: '/api-user/login', payload: loginBody(info.users.length - 1) });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.body}`);
  const token = login.json().data.access_token as string;
  const inject = (e: Endpoint) =>
    cap.app.inject({
      method: e.method,
      url: e.path,
      headers: e.auth ? { authorization: `Bearer ${token}` } : {},
      ...(e.body ? { payload: e.body() as object } : {}),
    });
  let prefix = 0;
  for (const e of endpoints) {
    if (e.key === 'bare') continue;
    const warm = await inject(e);
    if (warm.statusCode !== 200) throw new Error(`${e.path} answered ${warm.statusCode}: ${warm.body.slice(0, 300)}`);
    capturing = [];
    await inject(e);
    const all = capturing;
    capturing = null;
    if (e.key === 'noop') prefix = all.length - 1; // begin, set_config, user reload …; the last one is commit
    e.all = all;
    // The handler's statements: after the platform's prefix, before commit (writes would add an audit row).
    e.handler = e.auth ? all.slice(prefix, -1) : all.filter((s) => !/^(begin|commit|select set_config)/i.test(s.text));
    console.log(
      `  ${e.key}: ${all.length} statements, handler: ${e.handler.map((h) => h.text.replace(/\s+/g, ' ').slice(0, 70)).join(' | ')}`,
    );
    if (e.key === 'login') e.note = 'argon2id verification dominates; raw = its 2 selects only';
  }
  const noop = endpoints.find((e) => e.key === 'noop');
  console.log(`  platform prefix per request: ${prefix} statements (${noop?.all?.map((s) => s.text.slice(0, 40)).join(' | ')})`);
  await cap.app.close();
  await cap.database.close();

  // ---- 2. load the child server ----
  const child = await startChild();
  let peakRss = rssOf(child.pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(child.pid));
  }, 250);
  const setup = `set app.tenant_id = '${T}'; set role headoffice_app`;
  type Row = { e: Endpoint; c: number; api: Measure; rawQ?: Measure; rawTx?: Measure };
  const rows: Row[] = [];
  const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 1 : 0) : '–');
  try {
    for (const e of endpoints) {
      for (const c of LEVELS) {
        const api = await cannon(child.port, token, e, c);
        const rawQ = e.handler?.length ? await rawLoop(e.handler, c, e.auth ? setup : null) : undefined;
        const rawTx = e.auth && e.all?.length ? await rawLoop(e.all, c, null) : undefined;
        rows.push({ e, c, api, rawQ, rawTx });
        console.log(
          `  ${e.label.padEnd(36)} c=${String(c).padStart(2)} api p50 ${f1(api.p50)} p99 ${f1(api.p99)} ms ${Math.round(api.rps)} rps` +
            (api.errors ? ` (${api.errors} errors)` : '') +
            (rawQ ? ` | raw q ${Math.round(rawQ.rps)} rps p99 ${f1(rawQ.p99)}` : '') +
            (rawTx ? ` | raw tx ${Math.round(rawTx.rps)} rps` : ''),
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
    peakRss = Math.max(peakRss, rssOf(child.pid));

    // ---- report ----
    const date = started.toISOString().slice(0, 10);
    const lines: string[] = [];
    lines.push(`## API benchmark — ${started.toISOString().replace('T', ' ').slice(0, 16)} UTC`);
    lines.push('');
    lines.push(
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, PostgreSQL ${pgVersion} (same host). ` +
        `autocannon ${DURATION} s per cell, server in a child process (pool 10), load generator and raw loop in the parent.`,
    );
    lines.push(
      `Data (tenant \`${info.tenant}\`): ${counts.shops} shops, ${counts.employees} employees, ${counts.products} products, ${counts.bills} stock bills, ${counts.lines} lines, ${counts.ledger} ledger rows, ${counts.balances} balances, ${counts.audit} audit rows.`,
    );
    lines.push('');
    lines.push(
      '| endpoint | conn | API p50 ms | API p99 ms | API req/s | raw q p50 | raw q p99 | raw q req/s | API/raw q | raw tx req/s | API/raw tx | err API/raw |',
    );
    lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
    for (const r of rows) {
      const ratio = (m?: Measure) => (m ? `${Math.round((100 * r.api.rps) / m.rps)}%` : '–');
      lines.push(
        `| ${r.e.label} | ${r.c} | ${f1(r.api.p50)} | ${f1(r.api.p99)} | ${Math.round(r.api.rps)} | ${r.rawQ ? f1(r.rawQ.p50) : '–'} | ${r.rawQ ? f1(r.rawQ.p99) : '–'} | ${r.rawQ ? Math.round(r.rawQ.rps) : '–'} | ${ratio(r.rawQ)} | ${r.rawTx ? Math.round(r.rawTx.rps) : '–'} | ${ratio(r.rawTx)} | ${r.api.errors}/${(r.rawQ?.errors ?? 0) + (r.rawTx?.errors ?? 0)} |`,
      );
    }
    lines.push('');
    lines.push(
      `raw q = the handler's own SQL (captured from the app), replayed on connections already set to the app role and tenant; raw tx = every statement of the request (${prefix} platform statements before the handler: begin, set_config, user reload…, and commit).`,
    );
    const bare = rows.filter((r) => r.e.key === 'bare');
    const noopRows = rows.filter((r) => r.e.key === 'noop');
    const meRows = rows.filter((r) => r.e.key === 'me');
    lines.push('');
    lines.push('### Platform cost (req/s relative to the bare Fastify route)');
    lines.push('');
    lines.push('| conn | bare | platform route, empty handler | % of bare | /api-user/me | % of bare |');
    lines.push('|--:|--:|--:|--:|--:|--:|');
    for (const b of bare) {
      const n = noopRows.find((r) => r.c === b.c);
      const m = meRows.find((r) => r.c === b.c);
      lines.push(
        `| ${b.c} | ${Math.round(b.api.rps)} | ${n ? Math.round(n.api.rps) : '–'} | ${n ? `${Math.round((100 * n.api.rps) / b.api.rps)}%` : '–'} | ${m ? Math.round(m.api.rps) : '–'} | ${m ? `${Math.round((100 * m.api.rps) / b.api.rps)}%` : '–'} |`,
      );
    }
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
    lines.push(`Server peak RSS over the whole run: ${Math.round(peakRss)} MB.`);
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
