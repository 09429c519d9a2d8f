import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/open.js';
import { scheduleMissingClocks } from './modules/bookings/clock.js';
import { syncAllTenants } from './modules/identity/tenants.js';
import { scheduleBirthdayJobs } from './modules/marketing/activity-birthday.js';
import { scheduleDailySmsJobs } from './modules/messaging/automatic.js';
import { scheduleDueTransferJobs } from './modules/staff/staff-transfers.js';
import { loggerOptions, signInBox } from './platform/console-log.js';
import { JobRunner, purgeFinishedJobs } from './platform/jobs.js';
import { seedDemoIfEmpty } from './seed/demo.js';

const config = loadConfig();
let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
try {
  database = await openConfiguredDatabase(config);
} catch (error) {
  console.error(`HeadOffice cannot start: ${(error as Error).message}`);
  process.exit(1);
}

const seeded = await seedDemoIfEmpty(database.db, config.adminPassword);
await syncAllTenants(database.db);
const app = await buildApp({ database, config, logger: loggerOptions(config.logLevel) });

// Background work (transfers dated in the future, birthday gifts, …) runs as jobs: each once across instances.
const jobs = new JobRunner(database.db, {
  onError: (error, job) => app.log.error({ err: error, job }, 'job failed'),
});
await scheduleDueTransferJobs(database.db);
await scheduleBirthdayJobs(database.db);
await scheduleDailySmsJobs(database.db);
await scheduleMissingClocks(database.db);
jobs.start();
const purgeTimer = setInterval(() => purgeFinishedJobs(database.db).catch(() => {}), 60 * 60_000);
purgeTimer.unref();

const shutdown = async () => {
  clearInterval(purgeTimer);
  await jobs.stop();
  await app.close();
  await database.close();
  database.release();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
console.log(`\nHeadOffice is running: ${url}`);
console.log(`Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pglite')}`}`);
if (config.host === '127.0.0.1') console.log('Listening on this machine only: set HOST=0.0.0.0 to serve other machines of the network.');
if (!fs.existsSync(path.join(config.webDist, 'index.html'))) console.log('The web app is not built: run `npm run build --workspace web`.');
if (seeded) {
  console.log(
    signInBox([
      `Demo chain created. Sign in at ${url} with:`,
      '  company code (企业编码): demo',
      '  username     (用户名):   admin',
      `  password     (密码):     ${seeded.adminPassword}${config.adminPassword ? ' (from HEADOFFICE_ADMIN_PASSWORD)' : ''}`,
      'This password is shown only once: keep it, or reset it with',
      '  npm run cli -- user reset-password demo admin <new password>',
    ]),
  );
}
