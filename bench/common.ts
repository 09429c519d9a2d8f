import path from 'node:path';

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
