// `npm run test:e2e`: browser tests in Debian's Chromium against the built product.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInstalled, ensureWebBuilt, root, run } from './ensure.mjs';

ensureInstalled();
ensureWebBuilt();
const dir = path.join(root, 'e2e/tests');
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => path.join(dir, f));
// The data of a first start, made by the first file and copied by every file (e2e/harness.ts).
const firstStartData = fs.mkdtempSync(path.join(os.tmpdir(), 'headoffice-e2e-first-start-'));
process.on('exit', () => fs.rmSync(firstStartData, { recursive: true, force: true }));
run(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
  env: { ...process.env, HEADOFFICE_E2E_DATA: firstStartData },
});
