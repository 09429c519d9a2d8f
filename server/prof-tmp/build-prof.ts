import fs from 'node:fs';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';

const dir = '../node_modules/.cache/headoffice-test';
const database = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(`${dir}/${fs.readdirSync(dir)[0]}`)]) });
for (let i = 0; i < 4; i++) {
  const t0 = performance.now();
  const app = await buildApp({ database, config: { ...loadConfig({}), dataDir: '/tmp/prof/data' } });
  await app.ready();
  console.log('build', Math.round(performance.now() - t0));
  await app.close();
}
await database.close();
