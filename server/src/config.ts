import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  jwtSecret?: string;
  uploadLimitBytes: number;
  /** The whole body of an upload must arrive within this time (slow senders are cut off with 408). */
  uploadTimeoutMs: number;
  /** Any other request body must arrive within this time (slow senders are cut off with 408). */
  bodyTimeoutMs: number;
  /** Uploads (files and imports) one user may send a minute, per instance. */
  uploadsPerMinute: number;
  webDist: string;
  logLevel: string;
  /** Proxies whose X-Forwarded-For is believed (Fastify's trustProxy): sign-in limits count the client's address, not the proxy's. */
  trustProxy: boolean | string;
  /** A PostgreSQL streaming replica that reports, statistics and large exports read (the primary when unset). */
  reportsDatabaseUrl?: string;
  /** A report's statement is cancelled past this (PostgreSQL; the embedded database relies on the cost cap). */
  reportTimeoutMs: number;
  /** A report whose plan the planner prices past this is refused before it runs. */
  reportCostCap: number;
  /** The hosts (host[:port]) the accounting system's HTTP adapter may POST to; none: the HTTP adapter cannot be chosen. */
  accountingHttpHosts: string[];
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 8080),
    // The embedded database is the first start on someone's machine, with the demo admin's password printed on its
    // console: it listens on this machine only until HOST says otherwise. A PostgreSQL deployment runs behind a proxy.
    host: env.HOST || (databaseUrl ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? 'data'),
    databaseUrl,
    adminPassword: env.HEADOFFICE_ADMIN_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    uploadLimitBytes: Number(env.UPLOAD_LIMIT_MB ?? 10) * 1024 * 1024,
    uploadTimeoutMs: Number(env.UPLOAD_TIMEOUT_S ?? 60) * 1000,
    bodyTimeoutMs: Number(env.BODY_TIMEOUT_S ?? 30) * 1000,
    uploadsPerMinute: Number(env.UPLOADS_PER_MINUTE ?? 30),
    webDist: path.resolve(repoRoot, 'web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY || false,
    reportsDatabaseUrl: env.REPORTS_DATABASE_URL || undefined,
    reportTimeoutMs: Number(env.REPORT_TIMEOUT_S ?? 20) * 1000,
    // the embedded database cannot cancel a statement: a fiftieth of PostgreSQL's allowance, where the timeout also holds
    reportCostCap: Number(env.REPORT_COST_CAP ?? (databaseUrl ? 50_000_000 : 1_000_000)),
    accountingHttpHosts: (env.ACCOUNTING_HTTP_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  };
}
