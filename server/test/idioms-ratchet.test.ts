import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One generation of idioms: the old ones are counted here and may only go away. Each count is
 * recorded below; a change that adds an old idiom fails (use the new one instead), and a change that
 * removes some fails too until its number is lowered here, so the numbers only ever go down.
 * Pure file scanning: no database, no server.
 */

const HERE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(HERE), '../..');

interface Idiom {
  /** What the old idiom is, and what replaces it. */
  name: string;
  /** The most uses allowed: today's count. Lower it when uses go away; never raise it. */
  recorded: number;
  /** The files to scan (paths relative to the repository). */
  files: () => string[];
  /** How many uses a file's text holds. */
  count: (text: string, file: string) => number;
}

function walk(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  const visit = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (full !== HERE && keep(full)) out.push(path.relative(ROOT, full).split(path.sep).join('/'));
    }
  };
  visit(path.join(ROOT, dir));
  return out.sort();
}

const isTest = (f: string) => /\.test\.tsx?$/.test(f);
const isSource = (f: string) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts');
const matches = (re: RegExp) => (text: string) => text.match(re)?.length ?? 0;

/** Helpers of every API test (status checks, languages, unique codes) that the stock tests' support file still exports. */
const GENERIC_HELPERS = new Set(['EN', 'uniq', 'expectOk', 'expectStatus', 'expect400']);

/** The platform's own helpers, which hold the one way of writing money and moments. */
const HELPERS = [
  'web/src/platform/money.ts',
  'web/src/platform/clock.ts',
  'server/src/platform/numbering.ts',
  'server/src/platform/money.ts',
];
const isHelper = (f: string) => HELPERS.some((h) => f.endsWith(h));

const idioms: Idiom[] = [
  {
    name: "money written by hand in the web (`(cents / 100).toFixed(2)`, `'¥' + …`, a template of `¥` and a bare amount): one format, ¥1,200.00, by `formatMoney` of platform/money",
    recorded: 0,
    files: () => walk('web/src', (f) => isSource(f) && !isTest(f) && !isHelper(f)),
    // a percentage of basis points (`(bp / 100).toFixed(2)}%`) is not money
    count: matches(/\/\s*100\)\.toFixed\(2\)(?!\}?%)|'¥'\s*\+|`¥\$\{/g),
  },
  {
    name: "a moment on the browser's clock in the web (`dayjs()`, `dayjs(x).format('… HH …')`, `toLocaleDateString`, an ISO text cut to `YYYY-MM-DDTHH:mm`): the company's calendar, `companyToday` / `companyDateTime` of platform/clock",
    recorded: 0,
    files: () => walk('web/src', (f) => isSource(f) && !isTest(f) && !isHelper(f)),
    count: matches(
      /\bdayjs\(\)|\bdayjs\([^()]*\)\.format\(\s*'[^']*[Hh]|toLocale(?:Date|Time)String\(|\.slice\(0,\s*1[0-9]\)\.replace\('T'/g,
    ),
  },
  {
    name: "a day or moment on a zone the server code chose (`'Asia/Shanghai'`, the server's own zone by `toLocaleDateString`, today as UTC by `new Date().toISOString().slice(0, 10)`): `tenantToday`, `dayIn`, `momentIn` with `tenantZone`",
    recorded: 0,
    files: () => walk('server/src', (f) => isSource(f) && !isHelper(f) && !f.endsWith('server/src/db/tenants.ts')),
    count: matches(
      /'Asia\/Shanghai'|new Date\(\)\.toISOString\(\)\.slice\(0,\s*10\)|toLocale(?:Date|Time)String\(|toLocaleString\([^)]*timeZone/g,
    ),
  },
  {
    name: "a business day in SQL on the database's clock (`current_date`, a moment compared with a bare `'…'::date`, which starts at the session's midnight, UTC): `withinDays`, `dayStartSql`, `daySql`, `todaySql` of platform/numbering with the tenant's zone (left: the members' registration default, which every insert of the app overrides)",
    recorded: 1,
    files: () => walk('server/src', isSource),
    count: matches(/current_date|\b(?:gte|gt|lte|lt)\(\s*[\w.]+\.(?:\w+At|at)\s*,\s*sql`\$\{[^}]+\}::date/gi),
  },
  {
    name: 'untyped `http.get<T>(…)` in the web (read with `http.read(schema, …)`, the contract giving the schema)',
    recorded: 30,
    files: () => walk('web/src', (f) => isSource(f) && !isTest(f)),
    count: matches(/\bhttp\.get</g),
  },
  {
    name: "`businessDate(…)` in a server module, zone-less or zoned by hand (`tenantToday` for the company's today, `dayIn(tenantZone(…), at)` for a moment's day)",
    recorded: 0,
    files: () => walk('server/src/modules', isSource),
    count: matches(/\bbusinessDate\(/g),
  },
  {
    name: "a hand-spelled id column `bigint('…_id', { mode: 'number' })` (use `refId`, `tenantKeys` and the builders of db/columns.ts)",
    recorded: 12,
    files: () => walk('server/src', (f) => isSource(f) && !f.endsWith('server/src/db/columns.ts')),
    count: matches(/\bbigint\(\s*'(?:(?:\w+_)?id|\w+_by|by_\w+)'\s*,\s*\{\s*mode:\s*'number'\s*\}\s*\)/g),
  },
  {
    name: 'a test file defining its own `function expect400` (use the shared test helper)',
    recorded: 15,
    files: () => walk('server/test', isSource),
    count: matches(/\bfunction expect400\b/g),
  },
  {
    name: 'a test file importing generic helpers (EN, uniq, expectOk, expectStatus, expect400) from `stock-support` (import them from the shared test helpers)',
    recorded: 19,
    files: () => walk('server/test', isTest),
    count: (text) => {
      const imports = text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'\.\/stock-support(?:\.js)?'/g);
      for (const [, names] of imports) {
        const named = names.split(',').map(
          (n) =>
            n
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0],
        );
        if (named.some((n) => GENERIC_HELPERS.has(n))) return 1;
      }
      return 0;
    },
  },
];

/** Every idiom's uses now: the total and the files that hold them. */
function countIdiom(idiom: Idiom) {
  const perFile = idiom.files().flatMap((file) => {
    const n = idiom.count(fs.readFileSync(path.join(ROOT, file), 'utf8'), file);
    return n ? [{ file, n }] : [];
  });
  return { total: perFile.reduce((s, f) => s + f.n, 0), perFile };
}

describe('one generation of idioms: the old ones only go away', () => {
  for (const idiom of idioms)
    it(idiom.name, () => {
      const { total, perFile } = countIdiom(idiom);
      const where = perFile.map((f) => `  ${f.file}: ${f.n}`).join('\n');
      if (total > idiom.recorded)
        expect.fail(
          `${idiom.name}: ${total} uses, more than the ${idiom.recorded} recorded. Use the new idiom instead. Where they are:\n${where}`,
        );
      if (total < idiom.recorded)
        expect.fail(
          `${idiom.name}: ${total} uses, fewer than the ${idiom.recorded} recorded. Well done: lower its number in server/test/idioms-ratchet.test.ts to ${total}.`,
        );
      expect(total).toBe(idiom.recorded);
    });
});
