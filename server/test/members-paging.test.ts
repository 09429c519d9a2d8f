import { and, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { memberFilters } from '../src/modules/members/members.js';
import { members } from '../src/modules/members/schema.js';
import type { Auth } from '../src/platform/auth.js';
import { afterKey, keyOf, keyset } from '../src/platform/paging.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type Client } from './helpers.js';
import { createLimitedUser } from './users.js';

const L = '/api-member/chainmember/pageChainMembers';
const SL = '/api-member/chainmember/chainPageMembers';

type Row = { id: number; shopId: number; status: number; balance?: number; principal: number; gift: number };
interface Paged {
  list: Row[];
  total: number;
  totalCapped?: boolean;
  page: number;
  next?: string;
}

/** Every page of a member list by page number, and again by each page's `next` key. */
async function walk(client: Client, path: string, query: Record<string, unknown>) {
  const size = query.pageSize as number;
  const get = async (q: Record<string, unknown>) => {
    const res = await client.get<Paged>(path, { ...query, ...q });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const byNumber: Row[] = [];
  for (let page = 1; ; page++) {
    const { list } = await get({ page });
    byNumber.push(...list);
    if (list.length < size) break;
  }
  const byKey: Row[] = [];
  let keyed = 0;
  let after: string | undefined;
  for (let page = 1; ; page++) {
    const data = await get(after ? { page, after } : { page });
    byKey.push(...data.list);
    if (data.list.length < size) {
      expect(data.next).toBeUndefined();
      break;
    }
    if (after) keyed++;
    after = data.next;
  }
  return { byNumber: byNumber.map((r) => r.id), byKey: byKey.map((r) => r.id), rows: byKey, keyed };
}

/**
 * The member lists (chain and shop) page by key: walking every page from each page's `next` gives
 * exactly the rows of the filter, each once, in the order of walking by page number; a deep page read
 * from its key walks as few index entries as the first page.
 */
describe('members: the lists page by key, stable and complete, a deep page as cheap as the first', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const { db } = t.database;
  const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as { id: number }[];
  const grades = (await a.admin.get('/api-chain/dictgrade/list/all')).body.data as { id: number }[];
  const arr = (ids: number[]) => sql.raw(`array[${ids.join(',')}]`);
  // 12,000 members with many ties: balances repeat every 50, visits every 30 days, a tenth never visited.
  // The worker's shared other tenant gets members without balances: other files check there that a
  // member's balance is what their cards hold.
  const insert = (
    tenantId: number,
    prefix: string,
    mobilePrefix: string,
    n: number,
    shopIds: number[],
    gradeIds: number[],
    balances = true,
  ) =>
    inTenant(db, tenantId, (tx) =>
      tx.execute(sql`
        insert into members (tenant_id, code, name, mobile, shop_id, grade_id, registered_on, last_visit_at, principal, gift, status)
        select ${tenantId}, ${prefix} || lpad(i::text, 6, '0'), '会员' || (i % 13), ${mobilePrefix} || lpad(i::text, 8, '0'),
          (${arr(shopIds)})[1 + i % ${shopIds.length}], (${arr(gradeIds)})[1 + i % ${gradeIds.length}],
          date '2024-01-01' + i % 40,
          case when i % 10 = 0 then null else timestamptz '2026-10-01 10:00:00.123456+00' - make_interval(days => i % 30) end,
          case when ${balances} then (i % 50) * 1000 else 0 end, case when ${balances} then (i % 7) * 100 else 0 end,
          case when i % 9 = 0 then 2 else 1 end
        from generate_series(1, ${n}) i`),
    );
  await insert(
    a.tenantId,
    'K',
    '136',
    12_000,
    shops.map((s) => s.id),
    grades.map((g) => g.id),
  );
  const shopsB = (await b.admin.get('/api-chain/shop/list/all')).body.data as { id: number }[];
  const gradesB = (await b.admin.get('/api-chain/dictgrade/list/all')).body.data as { id: number }[];
  await insert(
    b.tenantId,
    'Q',
    '135',
    300,
    shopsB.map((s) => s.id),
    gradesB.map((g) => g.id),
    false,
  );
  await db.execute(sql`analyze members`);

  /** The ids the filter must give, counted in the database (as the tenant). */
  const expected = (where: ReturnType<typeof sql>) =>
    inTenant(db, a.tenantId, async (tx) => {
      const res = (await tx.execute(sql`select id from members where ${where}`)) as unknown as { rows: { id: string | number }[] };
      return new Set(res.rows.map((r) => Number(r.id)));
    });

  it.each([
    ['a shop, newest first (default)', { shopId: 0 }, (s: number[]) => sql`shop_id = ${s[0]}`],
    ['a shop, by balance descending (ties)', { shopId: 0, sort: '-balance' }, (s: number[]) => sql`shop_id = ${s[0]}`],
    ['frozen, by last visit (nulls)', { status: 2, sort: 'lastVisitAt' }, () => sql`status = 2`],
    [
      'balance range, by name then registration',
      { balanceMin: 10_000, balanceMax: 12_000, sort: 'name,-registeredOn' },
      () => sql`principal + gift between 10000 and 12000`,
    ],
    [
      'a shop and a grade, by code',
      { shopId: 1, gradeId: 0, sort: 'code', pageSize: 31 },
      (s: number[], g: number[]) => sql`shop_id = ${s[1]} and grade_id = ${g[0]}`,
    ],
  ] as const)('chain list, %s: every row once, none missing, both walks alike', async (_, q, where) => {
    const s = shops.map((x) => x.id);
    const g = grades.map((x) => x.id);
    const query: Record<string, unknown> = { pageSize: 97, ...q };
    if ('shopId' in q) query.shopId = s[q.shopId];
    if ('gradeId' in q) query.gradeId = g[q.gradeId];
    const { byNumber, byKey, keyed } = await walk(a.admin, L, query);
    const want = await expected(where(s, g));
    expect(want.size).toBeGreaterThan(200);
    expect(keyed).toBeGreaterThan(1);
    expect(byKey).toEqual(byNumber);
    expect(new Set(byKey).size).toBe(byKey.length);
    expect(new Set(byKey)).toEqual(want);
  });

  it('the shop list and a shop-limited user page by key over their own shop only', async () => {
    const shop = shops[2].id;
    const want = await expected(sql`shop_id = ${shop} and principal >= 20000`);
    const { byKey, keyed } = await walk(a.admin, SL, { shopid: shop, pageSize: 61, balanceMin: 20_000, sort: '-lastVisitAt' });
    expect(keyed).toBeGreaterThan(1);
    expect(new Set(byKey).size).toBe(byKey.length);
    expect(new Set(byKey)).toEqual(want);

    const { client: limited } = await createLimitedUser(t, a, { perms: ['members.member.view'], managerShops: [shop] });
    const own = await walk(limited, L, { pageSize: 150, sort: 'balance' });
    expect(new Set(own.byKey)).toEqual(await expected(sql`shop_id = ${shop}`));
    expect(own.rows.every((r) => r.shopId === shop)).toBe(true);
    expect((await limited.get(SL, { shopid: shops[0].id })).status).toBe(403);
  });

  it('the count stops at the cap: a chain of twelve thousand says "at least ten thousand"', async () => {
    const res = await a.admin.get<Paged>(L, { pageSize: 20 });
    expect(res.status).toBe(200);
    expect(res.body.data.totalCapped).toBe(true);
    expect(res.body.data.total).toBe(10_000);
    expect(res.body.data.next).toEqual(expect.any(String));
    // Another tenant's key reaches only the reader's own members.
    const theirs = (await b.admin.get<Paged>(L, { pageSize: 20 })).body.data;
    const mine = await a.admin.get<Paged>(L, { pageSize: 20, page: 2, after: theirs.next });
    expect(mine.status).toBe(200);
    const ownIds = await expected(sql`true`);
    expect(mine.body.data.list.length).toBe(20);
    expect(mine.body.data.list.every((r) => ownIds.has(r.id))).toBe(true);
    // A made-up key is a 400 naming `after`.
    const bad = await a.admin.get(L, { pageSize: 20, page: 2, after: 'nonsense!' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toMatchObject({ path: 'after' });
  });

  /** Index entries the id-picking query reads (the plan's actual rows of its scans, summed). */
  const rowsRead = (tx: Db, query: ReturnType<typeof sql>) =>
    tx.execute(sql`explain (analyze, costs off, timing off, summary off) ${query}`).then((res) => {
      const text = (res as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => String(Object.values(r)[0])).join('\n');
      const scans = [...text.matchAll(/(?:Index|Index Only|Bitmap Heap|Seq) Scan[^\n]*actual rows=(\d+)/g)].map((m) => Number(m[1]));
      return { text, read: scans.reduce((x, y) => x + y, 0) };
    });

  it.each([
    ['newest first', undefined, {}],
    ['by balance, highest first', '-balance', {}],
    ['registered since a day, by registration', 'registeredOn', { regFrom: true }],
  ] as const)('page 500 from its key reads no more index entries than page 1 (%s)', async (_, sort, f) => {
    const head = { isSuper: true, loginShops: [], managerShops: [] } as unknown as Auth;
    const sortable = { balance: members.balance, registeredOn: members.registeredOn };
    const keys = keyset(sort, sortable, [{ field: 'id', column: members.id, desc: true }], members.id);
    const where = and(...memberFilters(head, 'regFrom' in f ? { regFrom: '2024-01-05' } : {}, 'Asia/Shanghai'));
    const size = 20;
    await inTenant(db, a.tenantId, async (tx) => {
      // The last row of page 499, as the client holds it in the `next` of that page.
      const before = await tx
        .select({ id: members.id, balance: members.balance, registeredOn: members.registeredOn })
        .from(members)
        .where(where)
        .orderBy(...keys.order)
        .limit(1)
        .offset(499 * size - 1);
      expect(before.length).toBe(1);
      const after = keyOf(keys, before[0]);
      expect(after).toEqual(expect.any(String));
      const pick = (p: { page: number; pageSize: number; after?: string }) =>
        tx
          .select({ id: members.id })
          .from(members)
          .where(and(where, afterKey(keys, p)))
          .orderBy(...keys.order)
          .limit(size)
          .getSQL();
      const first = await rowsRead(tx, pick({ page: 1, pageSize: size }));
      const deep = await rowsRead(tx, pick({ page: 500, pageSize: size, after }));
      expect(deep.read, deep.text).toBeLessThanOrEqual(Math.max(first.read, size) * 2);
      // The measure tells: the same page by offset walks past the 9,980 rows before it.
      const offset = await rowsRead(tx, sql`${pick({ page: 1, pageSize: size })} offset ${499 * size}`);
      expect(first.read, first.text).toBeGreaterThanOrEqual(size);
      expect(offset.read, offset.text).toBeGreaterThan(499 * size);
      // And it is page 500: the rows an offset of 499 pages gives.
      const [byKey, byOffset] = await Promise.all([
        tx
          .select({ id: members.id })
          .from(members)
          .where(and(where, afterKey(keys, { page: 500, pageSize: size, after })))
          .orderBy(...keys.order)
          .limit(size),
        tx
          .select({ id: members.id })
          .from(members)
          .where(where)
          .orderBy(...keys.order)
          .limit(size)
          .offset(499 * size),
      ]);
      expect(byKey.map((r) => r.id)).toEqual(byOffset.map((r) => r.id));
      expect(byKey.length).toBe(size);
    });
  });
});
