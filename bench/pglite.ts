/**
 * PGlite against PostgreSQL, for the target of the issue "Fast at a big chain's scale":
 * "PGlite: the same list pages within 3× PostgreSQL".
 *
 *   DATA_DIR=/tmp/ho-pglite npm run bench:data -- --shops 100
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/headoffice_bench_small npm run bench:data -- --shops 100
 *   DATA_DIR=/tmp/ho-pglite DATABASE_URL=postgres://postgres@127.0.0.1:5432/headoffice_bench_small \
 *     npm run bench:pglite [-- --duration 5 --connections 1,8 --only shop,emp]
 *
 * The two data sets must have been loaded at the same scale (their credentials files are compared).
 * Two bench servers (bench/server.ts) run as child processes: one on PGlite in DATA_DIR (default
 * bench/.data), one on PostgreSQL (pool of 10). For each list endpoint and connection count,
 * autocannon measures the PGlite server, then the PostgreSQL one, back to back. PGlite runs inside
 * the server's process on a single connection, so there is no raw SQL loop here (npm run bench has
 * them for PostgreSQL). Results: a markdown table on stdout and in bench/results/pglite-<date>.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client.js';
import { lockDataDir } from '../server/src/db/lock.js';
import { type BenchInfo, benchFile, pgliteDir } from './common.js';
import {
  type BenchFacts,
  benchEndpoints,
  type Child,
  cannon,
  describeCounts,
  type Endpoint,
  f1,
  type Measure,
  readFacts,
  selectEndpoints,
  signIn,
  startChild,
  warm,
} from './load.js';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '1,8' },
    only: { type: 'string' },
  },
});
const DURATION = Number(flags.duration);
const LEVELS = flags.connections.split(',').map(Number);
/** The list pages of the target (keys of load.ts benchEndpoints). */
const LIST_KEYS = [
  'shop1',
  'shopN',
  'emp1',
  'emp500',
  'empf',
  'prodcode',
  'prodbar',
  'prodname',
  'balance',
  'bills',
  'billsShop',
  'dict',
  'apps',
];
/** "Within 3×": p99 at most 3 times PostgreSQL's and req/s at least a third of it. */
const LIMIT = 3;

const PG_URL = process.env.DATABASE_URL ?? '';
if (!PG_URL) throw new Error('DATABASE_URL is required: the PostgreSQL data set to compare with (npm run bench:data at the same scale)');
const DIR = pgliteDir();

function readInfo(file: string, load: string): BenchInfo {
  if (!fs.existsSync(file)) throw new Error(`${file} not found: run ${load} npm run bench:data first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as BenchInfo;
}
const pgInfo = readInfo(benchFile({ databaseUrl: PG_URL }), 'DATABASE_URL=… ');
const liteInfo = readInfo(benchFile({ dataDir: DIR }), `DATA_DIR=${DIR} (no DATABASE_URL)`);
if (JSON.stringify(pgInfo.scale) !== JSON.stringify(liteInfo.scale))
  throw new Error(
    `the two data sets differ in scale: PGlite ${JSON.stringify(liteInfo.scale)}, PostgreSQL ${JSON.stringify(pgInfo.scale)}; load them with the same bench:data flags`,
  );

/** The PGlite data set's facts, read in this process under the directory's lock, closed before its server starts. */
async function pgliteFacts(): Promise<BenchFacts> {
  const release = lockDataDir(DIR);
  try {
    const database = await openDatabase({ dataDir: path.join(DIR, 'pglite') });
    try {
      const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
      return await readFacts(async (text, values) => (await client.query<Record<string, unknown>>(text, values)).rows, liteInfo.tenantId);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

async function postgresFacts(): Promise<BenchFacts> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await readFacts(async (text, values) => (await client.query(text, values)).rows, pgInfo.tenantId);
  } finally {
    await client.end();
  }
}

interface Target {
  name: string;
  info: BenchInfo;
  facts: BenchFacts;
  endpoints: Map<string, Endpoint>;
  child?: Child;
  token?: string;
}

const lists = (facts: BenchFacts, info: BenchInfo) =>
  new Map(
    selectEndpoints(
      benchEndpoints(facts, info).filter((e) => LIST_KEYS.includes(e.key)),
      flags.only,
    ).map((e) => [e.key, e]),
  );

async function main() {
  const started = new Date();
  const liteF = await pgliteFacts();
  const pgF = await postgresFacts();
  const lite: Target = { name: 'PGlite', info: liteInfo, facts: liteF, endpoints: lists(liteF, liteInfo) };
  const post: Target = { name: 'PostgreSQL', info: pgInfo, facts: pgF, endpoints: lists(pgF, pgInfo) };
  for (const k of ['shops', 'employees', 'products'] as const)
    if (liteF.counts[k] !== pgF.counts[k]) console.log(`  warning: ${k} differ: PGlite ${liteF.counts[k]}, PostgreSQL ${pgF.counts[k]}`);
  const keys = [...post.endpoints.keys()];
  if (!keys.length) throw new Error(`no list endpoint matches --only ${flags.only} (keys: ${LIST_KEYS.join(', ')})`);

  console.log(
    `PGlite ${path.join(DIR, 'pglite')} against PostgreSQL ${PG_URL.replace(/\/\/[^@]*@/, '//')}, scale ${JSON.stringify(pgInfo.scale)}`,
  );
  const sampler = setInterval(() => {
    lite.child?.sample();
    post.child?.sample();
  }, 250);
  type Row = { key: string; label: string; c: number; lite: Measure; pg: Measure };
  const rows: Row[] = [];
  try {
    for (const [t, env] of [
      [lite, { DATABASE_URL: '', DATA_DIR: DIR }],
      [post, { DATABASE_URL: PG_URL }],
    ] as const) {
      t.child = await startChild(env);
      t.token = await signIn(t.child.port, t.info, Math.floor(Math.random() * t.info.users.length));
      for (const e of t.endpoints.values()) await warm(t.child.port, t.token, e, t.info);
    }
    const measure = (t: Target, key: string, c: number, duration = DURATION) =>
      cannon({
        port: t.child?.port as number,
        token: t.token as string,
        e: t.endpoints.get(key) as Endpoint,
        connections: c,
        duration,
        info: t.info,
      });
    // warm-up (JIT, caches), not reported: 1 s of the first endpoint on each server
    for (const t of [lite, post]) await measure(t, keys[0], Math.max(...LEVELS), 1);
    for (const key of keys) {
      for (const c of LEVELS) {
        const l = await measure(lite, key, c);
        const p = await measure(post, key, c);
        const label = post.endpoints.get(key)?.label ?? key;
        rows.push({ key, label, c, lite: l, pg: p });
        console.log(
          `  ${label.padEnd(36)} c=${String(c).padStart(2)} PGlite p50 ${f1(l.p50)} p99 ${f1(l.p99)} ms ${Math.round(l.rps)} rps` +
            ` | PostgreSQL p50 ${f1(p.p50)} p99 ${f1(p.p99)} ms ${Math.round(p.rps)} rps` +
            (l.errors || p.errors ? ` (errors ${l.errors}/${p.errors})` : ''),
        );
      }
    }
    clearInterval(sampler);
    lite.child?.sample();
    post.child?.sample();

    // ---- report ----
    const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? a / b : Number.NaN);
    const times = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '–');
    const within = (r: Row) => {
      const p99 = ratio(r.lite.p99, r.pg.p99);
      const rps = ratio(r.lite.rps, r.pg.rps);
      // autocannon's latencies are whole milliseconds: a p99 under 1 ms on both sides counts as equal
      return (r.lite.p99 <= 1 || (Number.isFinite(p99) && p99 <= LIMIT)) && Number.isFinite(rps) && rps >= 1 / LIMIT;
    };
    const lines: string[] = [];
    lines.push(`## PGlite against PostgreSQL — ${started.toISOString().replace('T', ' ').slice(0, 16)} UTC`);
    lines.push('');
    lines.push(
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}; ` +
        `PGlite (PostgreSQL ${liteF.serverVersion}, in the server's process, one connection) and PostgreSQL ${pgF.serverVersion} (same host, pool 10). ` +
        `autocannon ${DURATION} s per cell, both servers in child processes, the load generator in the parent; PGlite then PostgreSQL, back to back.`,
    );
    lines.push(`Data (tenant \`${pgInfo.tenant}\`, same bench:data scale): PGlite ${describeCounts(liteF.counts)}.`);
    lines.push(`PostgreSQL: ${describeCounts(pgF.counts)}.`);
    lines.push('');
    lines.push(
      '| endpoint | conn | PGlite p50 ms | PGlite p99 ms | PGlite req/s | PG p50 ms | PG p99 ms | PG req/s | p99 PGlite/PG | req/s PGlite/PG | within 3× | err PGlite/PG |',
    );
    lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|--:|');
    for (const r of rows)
      lines.push(
        `| ${r.label} | ${r.c} | ${f1(r.lite.p50)} | ${f1(r.lite.p99)} | ${Math.round(r.lite.rps)} | ${f1(r.pg.p50)} | ${f1(r.pg.p99)} | ${Math.round(r.pg.rps)} | ` +
          `${times(ratio(r.lite.p99, r.pg.p99))} | ${times(ratio(r.lite.rps, r.pg.rps))} | ${within(r) ? '✔' : '✘'} | ${r.lite.errors}/${r.pg.errors} |`,
      );
    lines.push('');
    const ok = rows.filter(within).length;
    const worst = rows.reduce<Row | undefined>(
      (w, r) => (!w || ratio(r.lite.p99, r.pg.p99) > ratio(w.lite.p99, w.pg.p99) ? r : w),
      undefined,
    );
    lines.push(
      `Within 3× (PGlite p99 ≤ 3 × PostgreSQL's, or ≤ 1 ms, and PGlite req/s ≥ ⅓ of PostgreSQL's): ${ok} of ${rows.length} cells.` +
        (worst
          ? ` Highest p99 ratio: ${worst.label} at ${worst.c} connection${worst.c === 1 ? '' : 's'}, ${times(ratio(worst.lite.p99, worst.pg.p99))}.`
          : ''),
    );
    lines.push(
      `Server peak RSS: PGlite ${Math.round(lite.child?.peakRss ?? 0)} MB (the database inside), PostgreSQL ${Math.round(post.child?.peakRss ?? 0)} MB (the server alone).`,
    );
    const md = `${lines.join('\n')}\n`;
    console.log(`\n${md}`);
    const dir = path.join(import.meta.dirname, 'results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `pglite-${started.toISOString().slice(0, 10)}.md`);
    fs.writeFileSync(file, md);
    console.log(`written to ${path.relative(process.cwd(), file)}`);
  } finally {
    clearInterval(sampler);
    await lite.child?.stop();
    await post.child?.stop();
  }
}

await main();
