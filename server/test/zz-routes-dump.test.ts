import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { build } from './helpers.js';

it('dumps routes', async () => {
  const t = await build();
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  const lines = Object.entries(doc.paths).flatMap(([p, ms]) => Object.keys(ms).map((m) => `${m.toUpperCase()}\t${p}`));
  writeFileSync('/tmp/fin/routes.txt', lines.join('\n'));
});
