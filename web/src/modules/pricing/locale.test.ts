import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogEn, catalogZh } from '../catalog/locale';
import { pricingEn, pricingZh } from './locale';

type Tree = { [k: string]: string | Tree };

function flat(tree: Tree, prefix: string, out = new Map<string, string>()) {
  for (const [k, v] of Object.entries(tree)) {
    const key = `${prefix}.${k}`;
    if (typeof v === 'string') out.set(key, v);
    else flat(v, key, out);
  }
  return out;
}

const zh = new Map([...flat(catalogZh, 'catalog'), ...flat(pricingZh, 'pricing')]);
const en = new Map([...flat(catalogEn as Tree, 'catalog'), ...flat(pricingEn as Tree, 'pricing')]);

function files(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n) && n !== 'locale.ts')
    .map((n) => join(dir, n));
}

describe('catalogue and price texts', () => {
  it('exist in both languages', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
    expect([...en.values()].filter((v) => !v.trim())).toEqual([]);
  });

  it('cover every key the pages name (titles in specs, t() and tr() calls)', () => {
    const missing: string[] = [];
    for (const file of [...files(join(__dirname, '../catalog')), ...files(__dirname)]) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/'((?:catalog|pricing)\.[a-zA-Z0-9_.-]+)'/g)) {
        const key = m[1] ?? '';
        if (/\.(edit|view)$/.test(key) && !zh.has(key)) continue; // permission keys
        if (!zh.has(key)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('cover the keys built at run time', () => {
    const built = [
      ...['inactive', 'not-listed', 'not-sold'].map((r) => `pricing.trial.reason.${r}`),
      ...['card-shop', 'card-chain', 'special-shop', 'special-chain', 'shop'].map((s) => `pricing.trial.source.${s}`),
      'catalog.service.lineMf',
      'catalog.service.lineMr',
    ];
    expect(built.filter((k) => !zh.has(k))).toEqual([]);
  });
});
