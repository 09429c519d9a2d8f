import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

/** Where bench:data keeps the bench tenant's credentials (git-ignored) and the default PGlite directory. */
export const BENCH_DIR = path.join(import.meta.dirname, '.data');
/** The credentials of the chain-scale PostgreSQL data set (database `headoffice_bench`). */
export const BENCH_FILE = path.join(BENCH_DIR, 'bench.json');
export const TENANT = 'bench';
/** The PostgreSQL database whose credentials are `bench.json` (the chain-scale data set). */
export const BIG_DATABASE = 'headoffice_bench';

/**
 * The credentials file of one data set, so that loading a small one never overwrites another's:
 *   PostgreSQL: bench/.data/bench.json for the database `headoffice_bench`, bench/.data/bench-<database>.json
 *               for any other database;
 *   PGlite:     <dir>/bench-pglite.json, next to the PGlite database <dir>/pglite (dir: DATA_DIR, default bench/.data).
 */
export function benchFile(target: { databaseUrl?: string; dataDir?: string }): string {
  if (target.databaseUrl) {
    const database = decodeURIComponent(new URL(target.databaseUrl).pathname.replace(/^\//, '')) || 'postgres';
    return database === BIG_DATABASE ? BENCH_FILE : path.join(BENCH_DIR, `bench-${database.replace(/[^\w.-]/g, '_')}.json`);
  }
  return path.join(pgliteDir(target.dataDir), 'bench-pglite.json');
}

/** The directory holding a PGlite data set (`pglite/` inside it), as bench:data and bench/server.ts read DATA_DIR. */
export function pgliteDir(dataDir = process.env.DATA_DIR): string {
  return path.resolve(dataDir || BENCH_DIR);
}

export interface BenchInfo {
  tenant: string;
  tenantId: number;
  adminPassword: string;
  /** Extra users with the admin role and the same password (sign-in is rate limited per user). */
  users: string[];
  scale: Record<string, number>;
  loadedAt: string;
  totalSeconds: number;
}

// ---- what the sequential read benchmarks share (reports.ts, finance.ts) ----

/** SQL sent raw on one connection: a statement and its values. */
export interface RawSql {
  text: string;
  values?: unknown[];
}

/** The first and last day (YYYY-MM-DD) of the last full month before the till's last settled business day. */
export async function lastFullMonth(db: pg.Client, tenantId: number): Promise<[string, string]> {
  const { rows } = await db.query('select max(business_date)::text as last from service_bills where tenant_id = $1 and status = 4', [
    tenantId,
  ]);
  const last = rows[0]?.last;
  if (!last) throw new Error('the data set has no settled till bill (npm run bench:data makes a year of them)');
  const monthEnd = new Date(`${String(last).slice(0, 7)}-01T00:00:00Z`);
  monthEnd.setUTCDate(0);
  return [`${monthEnd.toISOString().slice(0, 7)}-01`, monthEnd.toISOString().slice(0, 10)];
}

/** The (shop, business day) with the most settled bills in `days`, or with `shopId` that shop's busiest day. */
export async function busiestShopDay(db: pg.Client, tenantId: number, days: [string, string], shopId?: number) {
  const { rows } = await db.query(
    `select shop_id, business_date::text as day, count(*)::int as bills from service_bills
     where tenant_id = $1 and status = 4 and business_date between $2 and $3 and ($4::bigint is null or shop_id = $4)
     group by 1, 2 order by 3 desc, 1, 2 limit 1`,
    [tenantId, ...days, shopId ?? null],
  );
  if (!rows[0]) throw new Error(`no settled bill between ${days.join(' and ')}`);
  return { shopId: Number(rows[0].shop_id), day: String(rows[0].day), bills: Number(rows[0].bills) };
}

/**
 * Runs `statements` in one transaction on `db`, as the server's requests do: begin, the tenant and `role` set
 * (row security applies), the statements, commit; `runs` times after one unmeasured warm-up. The times sorted
 * (ms), and the last run's rows of each statement.
 */
export async function timeRaw(db: pg.Client, tenantId: number, role: string, statements: RawSql[], runs: number) {
  const times: number[] = [];
  let rows: Record<string, unknown>[][] = [];
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now();
    await db.query('begin');
    try {
      await db.query("select set_config('app.tenant_id', $1, true), set_config('role', $2, true)", [String(tenantId), role]);
      rows = [];
      for (const s of statements) rows.push((await db.query(s.text, s.values ?? [])).rows);
      await db.query('commit');
    } catch (e) {
      await db.query('rollback');
      throw e;
    }
    if (i) times.push(performance.now() - t0);
  }
  return { times: times.sort((a, b) => a - b), rows };
}

/** GETs `path` from the bench server `runs` times after one unmeasured warm-up (HTTP 200 expected): the times sorted (ms), the last answer. */
export async function timeGet(port: number, token: string, path: string, runs: number) {
  const times: number[] = [];
  let body = '';
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${token}` } });
    body = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
    if (i) times.push(performance.now() - t0);
  }
  return { times: times.sort((a, b) => a - b), body };
}

/** Lines printed as they come and kept for the results file, `bench/results/<name>-<date>.md`. */
export function markdown() {
  const lines: string[] = [];
  return {
    say(s = '') {
      console.log(s);
      lines.push(s);
    },
    write(name: string) {
      const out = path.join(import.meta.dirname, 'results', `${name}-${new Date().toISOString().slice(0, 10)}.md`);
      fs.writeFileSync(out, `${lines.join('\n')}\n`);
      console.log(`\n(written to ${path.relative(process.cwd(), out)})`);
    },
  };
}
