// `npm run test:e2e` (scripts/e2e.mjs): every browser-test file against one product and one Chromium.
// Before the product starts, each file gets its own copy of the demo chain (a company code named after
// the file), so files see none of each other's records and may run side by side; what one file's tests
// need from a first start is exactly what its copy holds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { loadConfig } from '../server/src/config.js';
import { openConfiguredDatabase } from '../server/src/db/open.js';
import { createTenant } from '../server/src/modules/identity/tenants.js';
import { seedDemoData, seedDemoIfEmpty } from '../server/src/seed/demo.js';
import { adminPassword, chromiumOptions, runProduct, tenantOfFile } from './harness.js';
import '../server/src/modules/index.js';

/** How many files run at once: the product and Chromium are shared, and most of a test's time is waiting on the page. */
const CONCURRENCY = Number(process.env.E2E_CONCURRENCY ?? 2);

async function seedTenants(dataDir: string, codes: string[]) {
  const database = await openConfiguredDatabase(loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }));
  try {
    await seedDemoIfEmpty(database.db, adminPassword);
    for (const code of codes) {
      const { tenantId } = await createTenant(database.db, { code, name: '丝域美业连锁（演示）', adminPassword });
      await seedDemoData(database.db, tenantId);
    }
  } finally {
    await database.close();
    database.release();
  }
}

const files = process.argv.slice(2);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'headoffice-e2e-run-'));
let exitCode = 1;
try {
  const seeding = performance.now();
  await seedTenants(dataDir, files.map(tenantOfFile));
  console.log(`# ${files.length} copies of the demo chain in ${Math.round((performance.now() - seeding) / 1000)} s`);
  const product = await runProduct(dataDir);
  const browser = await chromium.launchServer(chromiumOptions);
  try {
    const tests = spawn(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${CONCURRENCY}`, ...files], {
      stdio: 'inherit',
      env: { ...process.env, HEADOFFICE_E2E_URL: product.url, HEADOFFICE_E2E_BROWSER: browser.wsEndpoint() },
    });
    exitCode = await new Promise<number>((resolve) => tests.on('exit', (code) => resolve(code ?? 1)));
  } finally {
    await browser.close();
    await product.stop();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
