import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { inlineRowCounts, PREPARE_AFTER, StatementNames } from '../src/db/statements.js';
import { employees } from '../src/modules/org/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { buildOwn } from './helpers.js';

describe('statement texts', () => {
  it('writes limits and offsets into the text and renumbers the other parameters', () => {
    expect(inlineRowCounts('select a from t where b = $1 order by a limit $2 offset $3', [5, 20, 40])).toEqual({
      text: 'select a from t where b = $1 order by a limit 20 offset 40',
      values: [5],
    });
    // a deferred join: the page's limit inside the subquery, a parameter after it
    expect(
      inlineRowCounts('select * from t where id in (select id from t where b = $1 limit $2) and c = $3 and d = $10', [
        7,
        20,
        'z',
        1,
        2,
        3,
        4,
        5,
        6,
        'j',
      ]),
    ).toEqual({
      text: 'select * from t where id in (select id from t where b = $1 limit 20) and c = $2 and d = $9',
      values: [7, 'z', 1, 2, 3, 4, 5, 6, 'j'],
    });
    // only non-negative integers are written in; anything else stays a parameter
    expect(inlineRowCounts('select 1 limit $1', ['20'])).toEqual({ text: 'select 1 limit $1', values: ['20'] });
    expect(inlineRowCounts('select 1 limit $1', [-1])).toEqual({ text: 'select 1 limit $1', values: [-1] });
    expect(inlineRowCounts('select $1::int', [3])).toEqual({ text: 'select $1::int', values: [3] });
  });

  it('names a text from its PREPARE_AFTER-th use, always the same name, and never a multi-command text', () => {
    const names = new StatementNames();
    const text = 'select id from employees where id = $1';
    for (let i = 1; i < PREPARE_AFTER; i++) expect(names.nameOf(text)).toBeUndefined();
    const name = names.nameOf(text);
    expect(name).toMatch(/^ho_[0-9a-f]{24}$/);
    expect(names.nameOf(text)).toBe(name);
    expect(names.nameOf('select id from employees where id = $2')).toBeUndefined();
    for (let i = 0; i < PREPARE_AFTER + 1; i++) expect(names.nameOf('begin; select 1')).toBeUndefined();
    expect(names.size).toBe(1);
  });
});

describe('plans under the tenant policy', async () => {
  // Its own database: statements are counted per database, and a shared one has run this list before.
  const t = await buildOwn();
  const a = await t.tenant();
  const b = await t.tenant();
  const { db } = t.database;
  await t.database.db.execute(sql`
    insert into employees (tenant_id, eecode, name, entry_date, status)
    select tenant, prefix || lpad(i::text, 6, '0'), '员工' || i, date '2024-01-01', 1
    from generate_series(1, 3000) as i, (values (${a.tenantId}::bigint, 'P'), (${b.tenantId}::bigint, 'Q')) as v(tenant, prefix)`);
  await t.database.db.execute(sql`analyze employees`);
  // PostgreSQL 15 shows the InitPlan's result as $0, PGlite's PostgreSQL 17 as (InitPlan 1).col1
  const TENANT_ONCE = /Index Cond: \(tenant_id = (\$\d+|\(InitPlan \d+\)\.col1)\)/;
  const rows = async (tx: Db, query: SQL) => ((await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const plan = async (tx: Db, query: SQL) =>
    (await rows(tx, sql`explain (costs off) ${query}`)).map((row) => String(Object.values(row)[0])).join('\n');

  it('the policy reads the tenant once per query, as an index condition', async () => {
    const text = await inTenant(db, a.tenantId, (tx) =>
      plan(tx, sql`select count(*) from (select ${employees.id} from ${employees} order by ${employees.id} limit 100) as page`),
    );
    expect(text).toMatch(/InitPlan/);
    expect(text).toMatch(TENANT_ONCE);
    const policies = await rows(
      db,
      sql`select tablename, qual from pg_policies where policyname = 'tenant_isolation' and schemaname = 'public'`,
    );
    expect(policies.length).toBeGreaterThan(50);
    expect(policies.filter((p) => !String(p.qual).includes('SELECT app_current_tenant()'))).toEqual([]);
  });

  it.runIf(t.database.kind === 'postgres')(
    'a list request sent again runs prepared, on a generic plan that keeps the tenant index',
    async () => {
      // The statements the employee list sends, as the pool's connections send them.
      const sent: { name?: string; text: string; values?: unknown[] }[] = [];
      const original = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const [config] = args as [{ name?: string; text?: string; values?: unknown[] } | string];
        if (typeof config === 'object' && config.text?.includes('from "employees"')) sent.push(config as (typeof sent)[number]);
        return (original as (...x: unknown[]) => unknown).apply(this, args);
      } as typeof pg.Client.prototype.query;
      try {
        for (let i = 0; i < PREPARE_AFTER + 1; i++) {
          const res = await a.admin.get('/api-chain/employee', { page: 3, pageSize: 20 });
          expect(res.status).toBe(200);
          expect(res.body.data.list[0].eecode).toBe('P000041');
          expect(res.body.data).toMatchObject({ total: 3000 });
        }
      } finally {
        pg.Client.prototype.query = original;
      }
      const page = sent.filter((s) => s.text.includes('limit 20 offset 40'));
      expect(page.length).toBe(PREPARE_AFTER + 1);
      expect(page.at(-1)?.name).toMatch(/^ho_/);
      expect(page[0].name).toBeUndefined();

      // The same text prepared as the app role, forced to its generic plan: the page is still walked
      // along a (tenant_id, …) index, with the tenant as the index condition, and answers this tenant only.
      const last = page.at(-1) as (typeof sent)[number];
      const generic = await inTenant(db, b.tenantId, async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare generic_page as ${last.text}`));
        const args = (last.values ?? []).map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`));
        const execute = `execute generic_page${args.length ? `(${args.join(', ')})` : ''}`;
        const explained = await rows(tx, sql.raw(`explain (costs off) ${execute}`));
        const answer = await rows(tx, sql.raw(execute));
        await tx.execute(sql`deallocate generic_page`);
        return { text: explained.map((row) => String(Object.values(row)[0])).join('\n'), answer };
      });
      expect(generic.text).not.toMatch(/Seq Scan on employees/);
      expect(generic.text).toMatch(/Index (Only )?Scan using employees_tenant_\w+ on employees/);
      expect(generic.text).toMatch(TENANT_ONCE);
      expect(generic.answer.map((r) => r.eecode)).toEqual(Array.from({ length: 20 }, (_, i) => `Q${String(41 + i).padStart(6, '0')}`));
    },
  );
  it.runIf(t.database.kind === 'postgres')(
    'a deep page read from its key is an index range under the policy, on the generic plan too',
    async () => {
      // The key of page 149's last row, as the server gives it, sent with page 150.
      const before = await a.admin.get('/api-chain/employee', { page: 149, pageSize: 20 });
      expect(before.body.data.next).toEqual(expect.any(String));
      const sent: { text: string; values?: unknown[] }[] = [];
      const original = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const [config] = args as [{ text?: string; values?: unknown[] } | string];
        if (typeof config === 'object' && config.text?.includes('from "employees"')) sent.push(config as (typeof sent)[number]);
        return (original as (...x: unknown[]) => unknown).apply(this, args);
      } as typeof pg.Client.prototype.query;
      try {
        const res = await a.admin.get('/api-chain/employee', { page: 150, pageSize: 20, after: before.body.data.next });
        expect(res.status).toBe(200);
        expect(res.body.data.list.map((r: { eecode: string }) => r.eecode)).toEqual(
          Array.from({ length: 20 }, (_, i) => `P${String(2981 + i).padStart(6, '0')}`),
        );
      } finally {
        pg.Client.prototype.query = original;
      }
      const page = sent.find((s) => s.text.includes('limit 20') && !s.text.includes('count('));
      expect(page?.text).not.toMatch(/offset [1-9]/);
      const last = page as (typeof sent)[number];
      for (const mode of ['auto', 'force_generic_plan']) {
        const text = await inTenant(db, a.tenantId, async (tx) => {
          await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
          await tx.execute(sql.raw(`prepare keyed_page as ${last.text}`));
          const args = (last.values ?? []).map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`));
          const explained = await rows(
            tx,
            sql.raw(`explain (analyze, costs off, timing off) execute keyed_page${args.length ? `(${args.join(', ')})` : ''}`),
          );
          await tx.execute(sql`deallocate keyed_page`);
          return explained.map((row) => String(Object.values(row)[0])).join('\n');
        });
        // The page's ids: a range of the (tenant_id, eecode) index from the key on, 20 entries read, no sort.
        expect(text, mode).toMatch(/Index (Only )?Scan using employees_tenant_eecode on employees( \w+)? \(actual rows=20 loops=1\)/);
        expect(text, mode).toMatch(/Index Cond: \(\(tenant_id = (\$\d+|\(InitPlan \d+\)\.col1)\) AND \(.*eecode.*\)\)/);
        expect(text, mode).not.toMatch(/Seq Scan on employees|Rows Removed by Filter: \d{2,}/);
      }
    },
  );
});
