import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkModules } from '../../scripts/module-arrows.mjs';

// A small tree laid out as the project is, checked by the same function `npm run lint` runs.
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'module-arrows-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

function tree(files: Record<string, string>, drawing: string) {
  fs.rmSync(base, { recursive: true, force: true });
  for (const [file, text] of Object.entries({ ...files, 'docs/ARCHITECTURE.md': drawing })) {
    fs.mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    fs.writeFileSync(path.join(base, file), text);
  }
}

const drawing = (...arrows: string[]) =>
  `# Map\n\n\`\`\`mermaid\nflowchart LR\n  %% server/src/modules\n${arrows.map((a) => `  ${a}`).join('\n')}\n\`\`\`\n`;
const lower = {
  'server/src/modules/org/schema.ts': 'export const shops = 1;\n',
  'server/src/modules/org/public.ts': "export { shops } from './schema.js';\n",
};

describe('the module check of npm run lint', () => {
  it('passes a module that uses another through its public face, as drawn', async () => {
    tree(
      { ...lower, 'server/src/modules/sales/bills.ts': "import { shops } from '../org/public.js';\nexport const x = shops;\n" },
      drawing('sales --> org'),
    );
    expect(await checkModules(base)).toEqual({ problems: [], files: 3 });
  });

  it('fails a deep import into another module', async () => {
    tree(
      { ...lower, 'server/src/modules/sales/bills.ts': "import { shops } from '../org/schema.js';\nexport const x = shops;\n" },
      drawing('sales --> org'),
    );
    const { problems } = await checkModules(base);
    expect(problems).toEqual(['deep-import: server/src/modules/sales/bills.ts -> server/src/modules/org/schema.ts']);
  });

  it('fails a platform file that imports a module', async () => {
    tree(
      { ...lower, 'server/src/platform/auth.ts': "import { shops } from '../modules/org/public.js';\nexport const x = shops;\n" },
      drawing('org'),
    );
    const { problems } = await checkModules(base);
    expect(problems).toEqual(['platform-imports-module: server/src/platform/auth.ts -> server/src/modules/org/public.ts']);
  });

  it('fails an arrow the drawing lacks, a cycle in the drawing, and an arrow no import uses', async () => {
    const files = {
      ...lower,
      'server/src/modules/sales/public.ts': 'export const sold = 1;\n',
      'server/src/modules/org/uses.ts': "import { sold } from '../sales/public.js';\nexport const y = sold;\n",
    };
    tree(files, drawing('sales --> org'));
    expect((await checkModules(base)).problems).toEqual([
      'arrow-not-drawn: server/src/modules/org/uses.ts -> server/src/modules/sales/public.ts',
      'docs/ARCHITECTURE.md draws sales --> org (server/src), which no import uses: remove it',
    ]);
    tree(files, drawing('sales --> org', 'org --> sales'));
    expect((await checkModules(base)).problems).toEqual([
      'the drawing of server/src has a cycle: sales -> org -> sales',
      'docs/ARCHITECTURE.md draws sales --> org (server/src), which no import uses: remove it',
    ]);
  });
});
