import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  jwtSecret?: string;
  uploadLimitBytes: number;
  webDist: string;
  logLevel: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.HEADOFFICE_ADMIN_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    uploadLimitBytes: Number(env.UPLOAD_LIMIT_MB ?? 10) * 1024 * 1024,
    webDist: path.resolve(repoRoot, 'web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
