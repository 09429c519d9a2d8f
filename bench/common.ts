import path from 'node:path';

/** Where bench:data keeps the bench tenant's credentials (git-ignored) and the PGlite directory. */
export const BENCH_DIR = path.join(import.meta.dirname, '.data');
export const BENCH_FILE = path.join(BENCH_DIR, 'bench.json');
export const TENANT = 'bench';

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
