import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { build, type TestApp, type TestTenant } from './helpers.js';

/**
 * Keys that carry the tenant (docs/SCALE.md): every primary key and unique index of a tenant table
 * starts with tenant_id and every reference between tenant tables includes it, so the database
 * itself refuses a record of one tenant pointing at another's, even where the application's checks
 * and row-level security are not in the way.
 */

const rowsOf = <T = Record<string, unknown>>(result: unknown) => (result as { rows: T[] }).rows;

/** The SQLSTATE of a database error, also when drizzle wraps it. */
function codeOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

async function refusal(run: Promise<unknown>): Promise<string | undefined> {
  try {
    await run;
    return 'accepted';
  } catch (error) {
    return codeOf(error) ?? String(error);
  }
}

/** Tables shared by every tenant: no tenant_id, reference tables under Citus (docs/SCALE.md). */
const SHARED_TABLES = ['platform_settings', 'tenants'];

let t: TestApp;
let owner: Db;
beforeAll(async () => {
  t = await build();
  owner = t.database.db;
});

describe('the catalogue: keys of tenant tables', () => {
  const tenantTables = async () =>
    rowsOf<{ name: string }>(
      await owner.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
        order by 1`),
    ).map((r) => r.name);

  it('only the shared tables have no tenant_id', async () => {
    const rows = rowsOf<{ name: string }>(
      await owner.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
        order by 1`),
    );
    expect(rows.map((r) => r.name)).toEqual(SHARED_TABLES);
    expect((await tenantTables()).length).toBeGreaterThan(50);
  });

  it('every tenant table has a primary key that starts with tenant_id', async () => {
    const rows = rowsOf<{ name: string; pk: string | null }>(
      await owner.execute(sql`select c.relname as name, (
          select string_agg(a.attname, ',' order by k.i) from pg_constraint p
          cross join lateral unnest(p.conkey) with ordinality k(attnum, i)
          join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum
          where p.conrelid = c.oid and p.contype = 'p') as pk
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
        order by 1`),
    );
    const offenders = rows.filter((r) => !r.pk?.startsWith('tenant_id,')).map((r) => `${r.name} (${r.pk ?? 'no primary key'})`);
    expect(offenders).toEqual([]);
  });

  it('every unique index of a tenant table starts with tenant_id', async () => {
    const rows = rowsOf<{ table: string; index: string; def: string }>(
      await owner.execute(sql`select c.relname as table, i.relname as index, pg_get_indexdef(x.indexrelid) as def
        from pg_index x
        join pg_class c on c.oid = x.indrelid
        join pg_class i on i.oid = x.indexrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute t on t.attrelid = c.oid and t.attname = 'tenant_id' and not t.attisdropped
        where n.nspname = 'public' and x.indisunique and x.indkey[0] <> t.attnum
        order by 1, 2`),
    );
    expect(rows.map((r) => `${r.table}.${r.index}: ${r.def}`)).toEqual([]);
    const unique = rowsOf<{ n: number }>(
      await owner.execute(sql`select count(*)::int as n from pg_index x join pg_class c on c.oid = x.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and x.indisunique and c.relname not in ('tenants', 'platform_settings')`),
    );
    expect(unique[0].n).toBeGreaterThan(50);
  });

  it('every reference between tenant tables includes tenant_id on both sides', async () => {
    const rows = rowsOf<{ table: string; name: string; def: string; carries: boolean }>(
      await owner.execute(sql`select c.relname as table, f.conname as name, pg_get_constraintdef(f.oid) as def,
          exists (select 1 from unnest(f.conkey, f.confkey) k(here, there)
            where k.here = (select attnum from pg_attribute where attrelid = f.conrelid and attname = 'tenant_id')
              and k.there = (select attnum from pg_attribute where attrelid = f.confrelid and attname = 'tenant_id')) as carries
        from pg_constraint f
        join pg_class c on c.oid = f.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and f.contype = 'f'
          and exists (select 1 from pg_attribute a where a.attrelid = f.conrelid and a.attname = 'tenant_id' and not a.attisdropped)
          and exists (select 1 from pg_attribute a where a.attrelid = f.confrelid and a.attname = 'tenant_id' and not a.attisdropped)
        order by 1, 2`),
    );
    expect(rows.filter((r) => !r.carries).map((r) => `${r.table}.${r.name}: ${r.def}`)).toEqual([]);
    expect(rows.length).toBeGreaterThan(50);
  });

  it('a reference that clears itself on delete clears only its own column, never tenant_id', async () => {
    const rows = rowsOf<{ table: string; def: string }>(
      await owner.execute(sql`select c.relname as table, pg_get_constraintdef(f.oid) as def from pg_constraint f
        join pg_class c on c.oid = f.conrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and f.contype = 'f' and f.confdeltype in ('n', 'd') and array_length(f.conkey, 1) > 1`),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.def).toMatch(/ON DELETE SET (NULL|DEFAULT) \((?!.*tenant_id)[a-z_, ]+\)/);
  });
});

describe('the database refuses a record of one tenant pointing at another tenant', () => {
  let a: TestTenant;
  let b: TestTenant;
  const one = async (query: ReturnType<typeof sql>) => {
    const [row] = rowsOf<{ id: number }>(await owner.execute(query));
    if (!row) throw new Error('no row');
    return Number(row.id);
  };

  beforeAll(async () => {
    a = await t.tenant({ demo: true });
    b = await t.tenant({ demo: true });
  });

  it('the owner role bypasses row-level security here, so only the keys stand in the way', async () => {
    const [row] = rowsOf<{ n: number }>(
      await owner.execute(sql`select count(distinct tenant_id)::int as n from shops where tenant_id in (${a.tenantId}, ${b.tenantId})`),
    );
    expect(row.n).toBe(2);
  });

  it("an employee of A in B's shop", async () => {
    const shopOfB = await one(sql`select id from shops where tenant_id = ${b.tenantId} order by id limit 1`);
    const shopOfA = await one(sql`select id from shops where tenant_id = ${a.tenantId} order by id limit 1`);
    const insert = (shopId: number, eecode: string) =>
      owner.execute(sql`insert into employees (tenant_id, eecode, name, shop_id, entry_date)
        values (${a.tenantId}, ${eecode}, '跨租户', ${shopId}, '2024-01-01') returning id`);
    expect(await refusal(insert(shopOfB, 'X-CROSS-1'))).toBe('23503');
    // The same row with A's own shop is accepted: the tenant is what the key refuses.
    const [own] = rowsOf<{ id: number }>(await insert(shopOfA, 'X-OWN-1'));
    await owner.execute(sql`delete from employees where tenant_id = ${a.tenantId} and id = ${own.id}`);
    // Moving an existing employee of A into B's shop is refused as well.
    const employeeOfA = await one(sql`select id from employees where tenant_id = ${a.tenantId} order by id limit 1`);
    expect(await refusal(owner.execute(sql`update employees set shop_id = ${shopOfB} where id = ${employeeOfA}`))).toBe('23503');
  });

  it("a stock bill line of A for B's product, and A's bill in B's shop", async () => {
    const billOfA = await one(sql`select id from stock_bills where tenant_id = ${a.tenantId} order by id limit 1`);
    const productOfB = await one(sql`select id from products where tenant_id = ${b.tenantId} order by id limit 1`);
    const productOfA = await one(sql`select id from products where tenant_id = ${a.tenantId} order by id limit 1`);
    const line = (productId: number) =>
      owner.execute(sql`insert into stock_bill_lines (tenant_id, bill_id, product_id, quantity)
        values (${a.tenantId}, ${billOfA}, ${productId}, 1) returning id`);
    expect(await refusal(line(productOfB))).toBe('23503');
    const [own] = rowsOf<{ id: number }>(await line(productOfA));
    await owner.execute(sql`delete from stock_bill_lines where tenant_id = ${a.tenantId} and id = ${own.id}`);
    // A line of B hung on A's bill: the bill is not B's.
    expect(
      await refusal(
        owner.execute(sql`insert into stock_bill_lines (tenant_id, bill_id, product_id, quantity)
          values (${b.tenantId}, ${billOfA}, ${productOfB}, 1)`),
      ),
    ).toBe('23503');
    const shopOfB = await one(sql`select id from shops where tenant_id = ${b.tenantId} order by id limit 1`);
    expect(await refusal(owner.execute(sql`update stock_bills set shop_id = ${shopOfB} where id = ${billOfA}`))).toBe('23503');
  });

  it("links between A's records and B's: a user's role, a price of B's service in A's shop, a region under B's region", async () => {
    const userOfA = await one(sql`select id from users where tenant_id = ${a.tenantId} order by id limit 1`);
    const roleOfB = await one(sql`select id from roles where tenant_id = ${b.tenantId} order by id limit 1`);
    expect(
      await refusal(
        owner.execute(sql`insert into user_roles (tenant_id, user_id, role_id) values (${a.tenantId}, ${userOfA}, ${roleOfB})`),
      ),
    ).toBe('23503');
    const shopOfA = await one(sql`select id from shops where tenant_id = ${a.tenantId} order by id limit 1`);
    const serviceOfB = await one(sql`select id from services where tenant_id = ${b.tenantId} order by id limit 1`);
    expect(
      await refusal(
        owner.execute(sql`insert into service_shop_prices (tenant_id, shop_id, service_id, price)
          values (${a.tenantId}, ${shopOfA}, ${serviceOfB}, 100)`),
      ),
    ).toBe('23503');
    const regionOfB = await one(sql`select id from regions where tenant_id = ${b.tenantId} order by id limit 1`);
    expect(
      await refusal(
        owner.execute(
          sql`insert into regions (tenant_id, code, name, parent_id) values (${a.tenantId}, 'X-CROSS', '跨租户', ${regionOfB})`,
        ),
      ),
    ).toBe('23503');
  });

  it('a record of A with no reference at all is still accepted (a null reference is not checked)', async () => {
    const [row] = rowsOf<{ id: number }>(
      await owner.execute(sql`insert into employees (tenant_id, eecode, name, shop_id, entry_date)
        values (${a.tenantId}, 'X-NOSHOP', '无门店', null, '2024-01-01') returning id`),
    );
    expect(row.id).toBeGreaterThan(0);
    await owner.execute(sql`delete from employees where tenant_id = ${a.tenantId} and id = ${row.id}`);
  });

  it("deleting an employee a user is linked to clears the user's employee only, the user stays A's", async () => {
    const shopOfA = await one(sql`select id from shops where tenant_id = ${a.tenantId} order by id limit 1`);
    const employee = await one(sql`insert into employees (tenant_id, eecode, name, shop_id, entry_date)
      values (${a.tenantId}, 'X-LINKED', '有账号', ${shopOfA}, '2024-01-01') returning id`);
    const user = await one(sql`insert into users (tenant_id, username, name, password_hash, employee_id)
      values (${a.tenantId}, 'x-linked', '有账号', 'x', ${employee}) returning id`);
    await owner.execute(sql`delete from employees where tenant_id = ${a.tenantId} and id = ${employee}`);
    const [row] = rowsOf<{ tenant_id: number; employee_id: number | null }>(
      await owner.execute(sql`select tenant_id, employee_id from users where id = ${user}`),
    );
    expect({ tenant: Number(row.tenant_id), employee: row.employee_id }).toEqual({ tenant: a.tenantId, employee: null });
    await owner.execute(sql`delete from users where tenant_id = ${a.tenantId} and id = ${user}`);
  });
});
