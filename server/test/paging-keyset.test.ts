import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build, type Client } from './helpers.js';

type Row = { id: number } & Record<string, unknown>;
interface Paged {
  list: Row[];
  total: number;
  page: number;
  next?: string;
}

/** Every page of a list by page number, and again by each page's `next` key; both as id lists. */
async function walk(client: Client, path: string, query: Record<string, unknown>) {
  const get = async (q: Record<string, unknown>) => {
    const res = await client.get<Paged>(path, { ...query, ...q });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const byNumber: number[] = [];
  for (let page = 1; ; page++) {
    const { list } = await get({ page });
    byNumber.push(...list.map((r) => r.id));
    if (list.length < (query.pageSize as number)) break;
  }
  const byKey: number[] = [];
  let keyed = 0;
  let after: string | undefined;
  for (let page = 1; ; page++) {
    const data = await get(after ? { page, after } : { page });
    expect(data.page).toBe(page);
    byKey.push(...data.list.map((r) => r.id));
    if (data.list.length < (query.pageSize as number)) {
      expect(data.next).toBeUndefined();
      break;
    }
    expect(data.next).toEqual(expect.any(String));
    if (after) keyed++;
    after = data.next;
  }
  return { byNumber, byKey, keyed };
}

describe('keyset paging: a page from the key of the page before', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.tenant();
  const E = '/api-chain/employee';
  // 57 employees in each tenant with many ties: 3 statuses-by-modulo, 4 entry dates, names repeating.
  await t.database.db.execute(sql`
    insert into employees (tenant_id, eecode, name, gender, entry_date, status)
    select tenant, prefix || lpad(i::text, 4, '0'), '员工' || (i % 7), i % 2, date '2024-01-01' + (i % 4), case when i % 3 = 0 then 0 else 1 end
    from generate_series(1, 57) as i, (values (${a.tenantId}::bigint, 'K'), (${b.tenantId}::bigint, 'Q')) as v(tenant, prefix)`);

  it.each([
    ['default order (code)', {}],
    ['ties in the sort column', { sort: 'status' }],
    ['descending with ties, then a second key', { sort: '-entryDate,name' }],
    ['a nullable column (leave date, all empty)', { sort: '-leaveDate' }],
    ['a filter', { status: 1, sort: '-name' }],
  ])('employees, %s: walking by key returns exactly the rows of walking by page number', async (_, q) => {
    const { byNumber, byKey, keyed } = await walk(a.admin, E, { pageSize: 7, ...q });
    expect(byNumber.length).toBeGreaterThan(20);
    expect(keyed).toBeGreaterThan(1);
    expect(byKey).toEqual(byNumber);
    expect(new Set(byKey).size).toBe(byKey.length);
  });

  it('products, stock bills (newest first), the operation log and a record list page by key too', async () => {
    // Operation log rows, four at each of the same instants (microseconds apart from the millisecond).
    await t.database.db.execute(sql`
      insert into audit_log (tenant_id, username, action, entity, at)
      select ${a.tenantId}, 'u' || i, 'POST /x', 'shop', timestamptz '2026-11-01 10:00:00.123456+00' - ((i / 4) || ' minutes')::interval
      from generate_series(1, 23) as i`);
    for (const [path, q] of [
      ['/api-chain/product/list', { pageSize: 4, sort: 'status' }],
      ['/api-chain/product/list', { pageSize: 5, sort: '-retailPrice' }],
      ['/api-chain/logger/list', { pageSize: 3 }],
      ['/api-chain/shop', { pageSize: 2, sort: '-status' }],
      ['/api-pers/employeestream/chain/streamList', { pageSize: 4 }],
      ['/api-stock/entry/chain/findListWithPro', { pageSize: 3 }],
      ['/api-stock/entry/chain/findListWithPro', { pageSize: 3, sort: 'state' }],
    ] as const) {
      const { byNumber, byKey, keyed } = await walk(a.admin, path, q);
      expect(byNumber.length, path).toBeGreaterThan(6);
      expect(keyed, path).toBeGreaterThan(0);
      expect(byKey, path).toEqual(byNumber);
    }
  });

  it('answers 400 with a clear message for a malformed key or one of another order', async () => {
    const first = (await a.admin.get<Paged>(E, { pageSize: 5, sort: 'name' })).body.data;
    for (const after of ['not base64!', 'eyJ4IjoxfQ', Buffer.from('["-name,id","x",1]').toString('base64url'), first.next]) {
      const res = await a.admin.get(E, { pageSize: 5, page: 2, after });
      expect(res.status, String(after)).toBe(400);
      expect(res.body.errors?.[0]).toMatchObject({ path: 'after' });
    }
    // The key of sort=name sent with another sort: refused, not misread.
    const other = await a.admin.get(E, { pageSize: 5, page: 2, after: first.next });
    expect(other.status).toBe(400);
    const en = await a.admin.get(E, { pageSize: 5, page: 2, after: 'AAAA' }, { 'accept-language': 'en-US' });
    expect(en.body.errors?.[0].message).toMatch(/page key is not valid/);
    // A value of the wrong type for its column.
    const wrong = Buffer.from(JSON.stringify(['name,id', 12, 'x'])).toString('base64url');
    expect((await a.admin.get(E, { pageSize: 5, page: 2, sort: 'name', after: wrong })).status).toBe(400);
    // The same key with its own order is fine.
    const ok = await a.admin.get<Paged>(E, { pageSize: 5, page: 2, sort: 'name', after: first.next });
    expect(ok.status).toBe(200);
  });

  it("a key from another tenant's list reaches only the reader's own rows", async () => {
    const theirs = await b.admin.get<Paged>(E, { pageSize: 20, sort: '-eecode' });
    const ownIds = new Set((await walk(a.admin, E, { pageSize: 50 })).byNumber);
    const theirIds = new Set((await walk(b.admin, E, { pageSize: 50 })).byNumber);
    expect(theirs.body.data.next).toEqual(expect.any(String));
    const res = await a.admin.get<Paged>(E, { pageSize: 20, page: 2, sort: '-eecode', after: theirs.body.data.next });
    expect(res.status).toBe(200);
    expect(res.body.data.list.length).toBeGreaterThan(0);
    for (const row of res.body.data.list) {
      expect(ownIds.has(row.id)).toBe(true);
      expect(theirIds.has(row.id)).toBe(false);
      expect(String(row.eecode)).not.toMatch(/^Q/);
    }
    // A key naming another tenant's row id with our own sort values still answers only our rows.
    const forged = Buffer.from(JSON.stringify(['eecode,id', 'K0001', [...theirIds][0]])).toString('base64url');
    const again = await a.admin.get<Paged>(E, { pageSize: 20, page: 2, after: forged });
    expect(again.status).toBe(200);
    expect(again.body.data.list.every((r) => ownIds.has(r.id))).toBe(true);
  });
});
