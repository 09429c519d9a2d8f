// `npm run test:e2e`: browser tests in Debian's Chromium against the built product (e2e/run.ts).
import fs from 'node:fs';
import path from 'node:path';
import { ensureInstalled, ensureWebBuilt, root, run, tsx } from './ensure.mjs';

ensureInstalled();
ensureWebBuilt();
const dir = path.join(root, 'e2e/tests');
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => path.join(dir, f));
run(tsx, [path.join(root, 'e2e/run.ts'), ...files]);
