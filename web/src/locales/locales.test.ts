import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authorityDef, deviceDef, logDef, roleDef, userDef } from '../modules/identity/defs';
import { menuDef } from '../modules/identity/MenusPage';
import { regionDef, shopDef } from '../modules/org/defs';
import { employeeDef, streamDef } from '../modules/staff/defs';
import { allTexts } from './all-texts';

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !p.includes('locales')) out.push(p);
  }
  return out;
}

const zh = allTexts('zh-CN');
const en = allTexts('en-US');

describe('locales', () => {
  it('have the same keys', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
  });

  it('cover every literal key used in the code', () => {
    const root = join(__dirname, '..');
    const missing: string[] = [];
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z0-9_.]+)'/g)) {
        if (m[1] && !zh.has(m[1])) missing.push(`${file}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('cover every field, option and title of the resource definitions', () => {
    const defs = [shopDef, regionDef([]), userDef, roleDef, deviceDef, authorityDef, logDef, menuDef('admin', []), employeeDef, streamDef];
    const keys = new Set<string>();
    for (const d of defs) {
      keys.add(d.title);
      for (const f of d.fields as {
        title: string;
        options?: { kind: string; raw?: boolean; items?: { label: string }[] };
        form?: unknown;
        search?: unknown;
      }[]) {
        keys.add(f.title);
        if (f.options?.kind === 'static' && !f.options.raw) for (const i of f.options.items ?? []) keys.add(i.label);
        const form = (f.form || undefined) as { help?: string; placeholder?: string } | undefined;
        if (form?.help) keys.add(form.help);
        const search = f.search as { placeholder?: string } | boolean | undefined;
        if (typeof search === 'object' && search.placeholder) keys.add(search.placeholder);
      }
    }
    expect([...keys].filter((k) => !zh.has(k))).toEqual([]);
  });

  it('keep English out of the Chinese texts', () => {
    const allowed = /^(HeadOffice|HTTP|ID)$/;
    const offenders = [...zh.entries()].filter(([, v]) =>
      (v.replace(/\{\{\w+\}\}/g, '').match(/[A-Za-z]{2,}/g) ?? []).some((w) => !allowed.test(w)),
    );
    expect(offenders).toEqual([]);
  });
});
