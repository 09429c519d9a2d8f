// What a bill type costs in code: the lines of its definition (contract), its server part and its web
// pages, without tests. `node scripts/bill-lines.mjs` prints one row per type; the limits are issue 26's
// (contract + server: the petty-cash request 350, every other type 200, the engine's example 150 with
// its fixture). A part is a whole file, or the named top-level declarations of a file shared by several
// types (with their comments; imports not counted).
import fs from 'node:fs';
import path from 'node:path';
import { parseSync } from '@babel/core';

const root = path.resolve(import.meta.dirname, '..');

/** Lines of a file, or of the named top-level declarations in it. */
function linesOf(file, names) {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  if (!names) return text.split('\n').filter((l) => l.trim()).length;
  const ast = parseSync(text, { babelrc: false, configFile: false, parserOpts: { plugins: ['typescript', 'jsx'] }, sourceType: 'module' });
  const wanted = new Set(names);
  let count = 0;
  for (const node of ast.program.body) {
    const decl = node.declaration ?? node;
    const declared = decl.type === 'VariableDeclaration' ? decl.declarations.map((d) => d.id.name) : decl.id?.name ? [decl.id.name] : [];
    if (!declared.some((n) => wanted.delete(n))) continue;
    const start = node.leadingComments?.[0]?.start ?? node.start;
    count += text
      .slice(start, node.end)
      .split('\n')
      .filter((l) => l.trim()).length;
  }
  if (wanted.size) throw new Error(`${file}: no top-level ${[...wanted].join(', ')}`);
  return count;
}

const sum = (parts) => parts.reduce((n, [file, names]) => n + linesOf(file, names), 0);

/** Each type's parts: [file] or [file, [declarations]]. */
const types = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'bill-lines.json'), 'utf8'));

const rows = Object.entries(types).map(([name, t]) => {
  const contract = sum(t.contract ?? []);
  const server = sum(t.server ?? []);
  const web = sum(t.web ?? []);
  const within = contract + server <= t.limit;
  return { name, contract, server, web, 'contract+server': contract + server, limit: t.limit, within };
});
console.table(rows);
if (rows.some((r) => !r.within)) process.exitCode = 1;
