import fs from 'node:fs';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { openDatabase } from '../src/db/client.js';
import { createTenant } from '../src/modules/identity/tenants.js';
import { seedDemoData } from '../src/seed/demo.js';
import { setPasswordHashCost } from '../src/platform/auth.js';
import '../src/modules/index.js';

const stats = new Map<string, { n: number; ms: number }>();
let on = false;
for (const m of ['execute', 'all'] as const) {
  const orig = (PglitePreparedQuery.prototype as any)[m];
  (PglitePreparedQuery.prototype as any)[m] = async function (this: any, ...rest: unknown[]) {
    const t0 = performance.now(); const q = this.queryString;
    try { return await orig.call(this, ...rest); } finally {
      if (on) { const k = String(q).replace(/\s+/g, ' ').slice(0, 110); const s = stats.get(k) ?? { n: 0, ms: 0 }; s.n++; s.ms += performance.now() - t0; stats.set(k, s); }
    }
  };
}
setPasswordHashCost({ memoryCost: 1024, timeCost: 1 });
const dir = '../node_modules/.cache/headoffice-test';
const database = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(`${dir}/${fs.readdirSync(dir)[0]}`)]) });
for (let i = 0; i < 2; i++) {
  const { tenantId } = await createTenant(database.db, { code: `p${i}x${Date.now()}`, name: 'p', adminPassword: 'pw-123456789' });
  on = i === 1;
  const t1 = performance.now();
  await seedDemoData(database.db, tenantId);
  console.log('demo', Math.round(performance.now() - t1));
}
const all = [...stats.entries()].sort((a, b) => b[1].ms - a[1].ms);
console.log('statements', all.reduce((a, [, s]) => a + s.n, 0), 'ms', Math.round(all.reduce((a, [, s]) => a + s.ms, 0)));
for (const [k, s] of all.slice(0, 30)) console.log(s.n, Math.round(s.ms), k);
await database.close();
