import { REPORT_HEAD, REPORT_PATHS, reportColumnsPath, reportDataPath } from '@headoffice/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { payTypes } from '../src/modules/cashier/schema.js';
import { userRoles } from '../src/modules/identity/schema.js';
import { members } from '../src/modules/members/schema.js';
import { reportHeads } from '../src/modules/reports/schema.js';
import { ensureShippedReports, SHIPPED_REPORTS } from '../src/modules/reports/shipped.js';
import { addDayFigures } from '../src/platform/day-figures.js';
import { rowsOf } from '../src/platform/ledger.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeMember, shopIds } from './assets-support.js';
import { build, eventually, expectOk, expectStatus, type TestApp, type TestTenant, XLSX } from './helpers.js';
import { createLimitedUser, type LimitedUser } from './users.js';

const COLUMNS = reportColumnsPath(REPORT_HEAD);
const DATA = reportDataPath(REPORT_HEAD);
const FROM = '2031-05-01';
const TO = '2031-05-31';

let t: TestApp;
let a: TestTenant;
let shops: number[];
let runner: LimitedUser;

beforeAll(async () => {
  t = await build();
  a = await t.tenant({ demo: true });
  shops = await shopIds(t, a);
  runner = await createLimitedUser(t, a, { perms: ['reports.run'], loginShops: [shops[0]] });
});

/**
 * On a replica run (TEST_REPLICA_PORT), waits until the replica has replayed every write of the primary so far:
 * reports read the replica, and what a test just wrote must be there.
 */
async function caughtUp() {
  const replica = t.app.config.reportsDatabaseUrl;
  if (!replica) return;
  const [{ lsn }] = rowsOf<{ lsn: string }>(await t.database.db.execute(sql`select pg_current_wal_lsn()::text as lsn`));
  const client = new pg.Client({ connectionString: replica });
  await client.connect();
  try {
    await eventually(
      async () => (await client.query<{ done: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn])).rows[0].done,
      (done) => done,
      10_000,
    );
  } finally {
    await client.end();
  }
}

async function data(client = a.admin, code: string, params: Record<string, unknown> = {}, more: Record<string, unknown> = {}) {
  await caughtUp();
  return client.get(DATA, { code, params: JSON.stringify(params), ...more });
}

async function sqlResult(reportSql: string, params: Record<string, string> = {}) {
  await caughtUp();
  return a.admin.post(REPORT_PATHS.sqlResult, { reportSql, params });
}

async function saveReport(reportSql: string, items: Record<string, unknown>[] = [], extra: Record<string, unknown> = {}) {
  const code = `R${Math.random().toString(36).slice(2, 10)}`;
  const res = await a.admin.post(REPORT_PATHS.headSave, { code, name: `测试报表 ${code}`, reportSql, items, ...extra });
  return { res, code };
}

describe('shipped reports', () => {
  it('the turnover report adds up to the daily figures, for head office and for a user of one shop', async () => {
    // random figures of three days, as the till's bills keep them
    const payTypeIds = await inTenant(t.database.db, a.tenantId, (tx) => tx.select({ id: payTypes.id }).from(payTypes).limit(3));
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const kinds = ['service', 'product', 'cardSale', 'cardUse', 'bill'] as const;
    const figures = Array.from({ length: 60 }, () => ({
      shopId: shops[next(2)],
      day: `2031-05-0${1 + next(3)}`,
      payTypeId: payTypeIds[next(payTypeIds.length)].id,
      kind: kinds[next(kinds.length)],
      amount: next(100_000),
      count: 1,
    }));
    await inTenant(t.database.db, a.tenantId, (tx) => addDayFigures(tx, figures));
    const sum = (rows: typeof figures, ...of: string[]) => rows.filter((f) => of.includes(f.kind)).reduce((n, f) => n + f.amount, 0);
    const params = { day: ['2031-05-01', '2031-05-31'] };

    const res = await data(a.admin, 'TURNOVER_SHOP_DAY', params, { pageSize: 500 });
    expectOk(res);
    expect(res.body.data.totals).toEqual({
      takings: sum(figures, 'service', 'product', 'cardSale'),
      card_use: sum(figures, 'cardUse'),
      bills: figures.filter((f) => f.kind === 'bill').reduce((n, f) => n + f.count, 0),
    });
    const rowKeys = new Set(figures.map((f) => `${f.shopId}|${f.day}|${f.payTypeId}`));
    expect(res.body.data.total).toBe(rowKeys.size);
    expect(res.body.data.columns.map((c: { fieldName: string }) => c.fieldName)).toContain('takings');
    expect(res.body.data.source.replica).toBe(Boolean(t.app.config.reportsDatabaseUrl));

    const mine = await data(runner.client, 'TURNOVER_SHOP_DAY', params, { pageSize: 500 });
    expectOk(mine);
    const own = figures.filter((f) => f.shopId === shops[0]);
    expect(mine.body.data.totals.card_use).toBe(sum(own, 'cardUse'));
    expect(mine.body.data.totals.takings).toBe(sum(own, 'service', 'product', 'cardSale'));
  });

  it('are written again at a start only when this version changed them', async () => {
    const read = () =>
      inTenant(t.database.db, a.tenantId, (tx) =>
        tx
          .select({
            code: reportHeads.code,
            updatedAt: reportHeads.updatedAt,
            items: sql<number>`(select count(*) from report_items i where i.head_id = ${reportHeads.id})::int`,
          })
          .from(reportHeads)
          .where(eq(reportHeads.shipped, true))
          .orderBy(reportHeads.code),
      );
    const before = await read();
    expect(before.map((h) => h.code)).toEqual(SHIPPED_REPORTS.map((r) => r.code).sort());
    await inTenant(t.database.db, a.tenantId, (tx) => ensureShippedReports(tx, a.tenantId));
    expect(await read()).toEqual(before);
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(reportHeads).set({ name: '旧名称' }).where(eq(reportHeads.code, 'CARD_SALES_USE')),
    );
    await inTenant(t.database.db, a.tenantId, (tx) => ensureShippedReports(tx, a.tenantId));
    const after = await read();
    expect(after.find((h) => h.code === 'CARD_SALES_USE')?.updatedAt.getTime()).toBeGreaterThan(
      before.find((h) => h.code === 'CARD_SALES_USE')?.updatedAt.getTime() ?? 0,
    );
    expect(after.map((h) => h.items)).toEqual(before.map((h) => h.items));
  });

  it('asks for a required filter, refuses an unknown sort, and cannot be changed or deleted, only copied', async () => {
    const missing = await data(a.admin, 'TURNOVER_SHOP_DAY');
    expectStatus(missing, 400);
    expect(missing.body.resp_msg).toMatch(/营业日期/);
    expectStatus(await data(a.admin, 'TURNOVER_SHOP_DAY', { day: [FROM, TO] }, { columnOrder: 'pay_name' }), 400);
    expectOk(await data(a.admin, 'TURNOVER_SHOP_DAY', { day: [FROM, TO] }, { columnOrder: 'takings', specification: 'DESC' }));
    const list = await a.admin.get(REPORT_PATHS.headList, { keyword: 'TURNOVER' });
    const head = list.body.data.list.find((h: { code: string }) => h.code === 'TURNOVER_SHOP_DAY');
    expect(head.shipped).toBe(true);
    expectStatus(await a.admin.get(REPORT_PATHS.headDelete, { id: head.id }), 409);
    const full = await a.admin.get(REPORT_PATHS.headGet, { id: head.id });
    const renamed = { id: head.id, code: head.code, name: '改名', reportSql: full.body.data.reportSql };
    expectStatus(await a.admin.post(REPORT_PATHS.headSave, renamed), 409);
    const copy = await a.admin.post(REPORT_PATHS.headCopy, { id: head.id, code: 'MY_TURNOVER', name: '我的营业额' });
    expectOk(copy);
    const copied = await a.admin.get(REPORT_PATHS.headGet, { id: copy.body.data.id });
    expect(copied.body.data.shipped).toBe(false);
    expect(copied.body.data.items.length).toBe(full.body.data.items.length);
    expectStatus(await a.admin.post(REPORT_PATHS.headCopy, { id: head.id, code: 'MY_TURNOVER', name: '再来' }), 409);
    expectOk(await a.admin.get(REPORT_PATHS.headDelete, { id: copy.body.data.id }));
  });
});

describe('report definitions', () => {
  it('saves a report with its columns, runs it with filters, paging and totals, and keeps a user’s hidden columns', async () => {
    const { res, code } = await saveReport(
      'select m.id as member_id, m.code as member_code, m.name as member_name, m.gender from members m order by m.id',
      [
        { fieldName: 'member_code', fieldTxt: '会员编号', isOrder: true },
        { fieldName: 'member_name', fieldTxt: '姓名', isSearch: true },
        { fieldName: 'gender', fieldTxt: '性别', fieldType: 'number', isSearch: true, isSum: true },
      ],
      { isSummary: true },
    );
    expectOk(res);
    const [counts] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select({
          n: sql<number>`count(*)::int`,
          women: sql<number>`count(*) filter (where gender = 2)::int`,
          sum: sql<number>`coalesce(sum(gender), 0)::int`,
        })
        .from(members),
    );
    const all = await data(a.admin, code, {}, { pageSize: 5 });
    expectOk(all);
    expect(all.body.data.total).toBe(counts.n);
    expect(all.body.data.rows).toHaveLength(Math.min(5, counts.n));
    expect(Object.keys(all.body.data.rows[0]).sort()).toEqual(['gender', 'member_code', 'member_name']);
    expect(all.body.data.totals).toEqual({ gender: counts.sum });
    const women = await data(a.admin, code, { gender: '2' });
    expect(women.body.data.total).toBe(counts.women);

    expectOk(await a.admin.post(REPORT_PATHS.udiySave, { code, hidden: ['gender'] }));
    const columns = await a.admin.get(COLUMNS, { code });
    expect(columns.body.data.hidden).toEqual(['gender']);
    expect(columns.body.data.head).not.toHaveProperty('reportSql');
  });

  it('refuses bad definitions with a message: bad SQL, a taken code, a column named twice', async () => {
    const bad = await saveReport('select from where');
    expectStatus(bad.res, 400);
    expect(bad.res.body.resp_msg).toMatch(/语法错误/);
    const first = await saveReport('select 1 as one');
    expectOk(first.res);
    const again = await a.admin.post(REPORT_PATHS.headSave, { code: first.code, name: '重复', reportSql: 'select 1 as one' });
    expectStatus(again, 409);
    const twice = await saveReport('select 1 as one', [
      { fieldName: 'one', fieldTxt: '一' },
      { fieldName: 'one', fieldTxt: '又一' },
    ]);
    expectStatus(twice.res, 409);
  });

  it('saves sent as GET (the seed’s method) carry the same body as JSON in `data`', async () => {
    const code = `G${Math.random().toString(36).slice(2, 10)}`;
    const head = { code, name: '按 GET 保存', reportSql: 'select 1 as one', items: [{ fieldName: 'one', fieldTxt: '一' }] };
    const saved = expectOk(await a.admin.get(REPORT_PATHS.headSave, { data: JSON.stringify(head) }));
    const stored = expectOk(await a.admin.get(REPORT_PATHS.headGet, { id: saved.id }));
    expect([stored.code, stored.items.map((i: { fieldName: string }) => i.fieldName)]).toEqual([code, ['one']]);
    const column = expectOk(
      await a.admin.get(REPORT_PATHS.itemSave, {
        data: JSON.stringify({ id: stored.items[0].id, headId: saved.id, fieldName: 'one', fieldTxt: '壹' }),
      }),
    );
    expect(column.id).toBe(stored.items[0].id);
    expectStatus(await a.admin.get(REPORT_PATHS.headSave, { data: '{not json' }), 400);
    expectStatus(await a.admin.get(REPORT_PATHS.headSave, { data: JSON.stringify({ ...head, code: '1bad' }) }), 400);
    expectStatus(await a.admin.get(REPORT_PATHS.headSave, { data: JSON.stringify(head) }), 409);
  });

  it('does not send a column limited to a role the user lacks, nor let them filter or sort by it', async () => {
    const [{ roleId }] = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, runner.userId)),
    );
    const { res, code } = await saveReport('select s.id as shop_id, s.code as shop_code, s.name as shop_name from shops s', [
      { fieldName: 'shop_code', fieldTxt: '编码' },
      { fieldName: 'shop_name', fieldTxt: '名称', fieldRole: [roleId + 100_000], isOrder: true, isSearch: true },
    ]);
    expectOk(res);
    const theirs = await data(runner.client, code);
    expectOk(theirs);
    expect(theirs.body.data.columns.map((c: { fieldName: string }) => c.fieldName)).toEqual(['shop_code']);
    expect(theirs.body.data.rows.every((r: object) => !('shop_name' in r))).toBe(true);
    expect(theirs.body.data.total).toBe(1);
    expectStatus(await data(runner.client, code, {}, { columnOrder: 'shop_name' }), 400);
    const admin = await data(a.admin, code);
    expect(admin.body.data.columns.map((c: { fieldName: string }) => c.fieldName)).toEqual(['shop_code', 'shop_name']);
    expect(admin.body.data.total).toBe(shops.length);
  });

  it('lets a user of one shop run only reports limited by shop', async () => {
    const { code } = await saveReport('select count(*)::int as members from members', [{ fieldName: 'members', fieldTxt: '会员数' }]);
    expectStatus(await data(runner.client, code), 403);
    expectOk(await data(a.admin, code));
    const scoped = await saveReport('select count(*)::int as members from members where shop_id = any(:shop_ids)', [
      { fieldName: 'members', fieldTxt: '会员数' },
    ]);
    expectOk(await data(runner.client, scoped.code));
  });

  it('answers 401 without a token, 403 without the right, 404 for another tenant’s report', async () => {
    expectStatus(await t.client('').get(REPORT_PATHS.headList), 401);
    expectStatus(await runner.client.get(REPORT_PATHS.headList), 403);
    expectStatus(await runner.client.post(REPORT_PATHS.headSave, { code: 'X1', name: 'x', reportSql: 'select 1 as a' }), 403);
    const other = await t.sharedOtherTenant();
    const theirs = await other.admin.get(REPORT_PATHS.headList, { keyword: 'TURNOVER_SHOP_DAY' });
    const theirId = theirs.body.data.list[0].id;
    expectStatus(await a.admin.get(REPORT_PATHS.headGet, { id: theirId }), 404);
    expectStatus(await a.admin.get(REPORT_PATHS.itemList, { headId: theirId }), 404);
    expectStatus(await a.admin.get(REPORT_PATHS.headDelete, { id: theirId }), 404);
  });

  it.runIf(process.env.TEST_REPLICA_PORT)(
    'reads a streaming replica: a write on the primary appears there, and the lag is told',
    async () => {
      const { code } = await saveReport("select count(*)::int as n from members where name = '副本测试'", [
        { fieldName: 'n', fieldTxt: '人数' },
      ]);
      const before = await data(a.admin, code);
      expect(before.body.data.rows).toEqual([{ n: 0 }]);
      expect(before.body.data.source).toEqual({ replica: true, lagSeconds: expect.any(Number) });
      await makeMember(t, a, shops[0], { name: '副本测试' });
      const after = await eventually(
        () => a.admin.get(DATA, { code, params: '{}' }),
        (res) => res.body.data.rows[0]?.n === 1,
        10_000,
      );
      expect(after.body.data.source.replica).toBe(true);
    },
  );

  it('exports every matching row as a workbook', async () => {
    const res = await a.admin.get(REPORT_PATHS.export.replace(':code', 'TURNOVER_SHOP_DAY'), {
      params: JSON.stringify({ day: [FROM, TO] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.raw.length).toBeGreaterThan(1000);
  });
});

describe('SQL that cannot hurt anyone', () => {
  const refused: [string, RegExp][] = [
    ['delete from members', /只能是一条 SELECT/],
    ['update members set name = name', /只能是一条 SELECT/],
    ['insert into members (name) values (1)', /只能是一条 SELECT/],
    ['create table stolen as select * from members', /只能是一条 SELECT/],
    ['drop table members', /只能是一条 SELECT/],
    ['copy members to stdout', /只能是一条 SELECT/],
    ['set role postgres', /只能是一条 SELECT/],
    ['explain select 1', /只能是一条 SELECT/],
    ['select 1 as a; delete from members', /只能是一条 SELECT/],
    ['select 1 as a; -- just a comment\n delete from members', /只能是一条 SELECT/],
    ['with gone as (delete from members returning id) select * from gone', /不能修改数据/],
    ['with moved as (update members set name = name returning id) select count(*) from moved', /不能修改数据/],
    ['select 1 as a into stolen', /SELECT INTO/],
    ['select * from members for update', /锁定/],
    ['with recursive r(n) as (select 1 union all select n + 1 from r) select * from r', /递归/],
    ['select pg_sleep(5)', /pg_sleep/],
    ['SELECT PG_SLEEP(5)', /pg_sleep/],
    ['select "pg_sleep"(5)', /pg_sleep/],
    ['select pg_catalog.pg_sleep(5)', /pg_sleep/],
    ['/* hidden */ select (select pg_sleep(5)) as a -- there', /pg_sleep/],
    ["select pg_read_file('/etc/passwd')", /pg_read_file/],
    ["select lo_import('/etc/passwd')", /lo_import/],
    ["select * from dblink('host=x', 'select 1') as t(a int)", /dblink/],
    ["select set_config('app.tenant_id', '1', false)", /set_config/],
    ["select current_setting('app.tenant_id')", /current_setting/],
    ['select app_current_tenant()', /app_current_tenant/],
    ['select txid_current()', /txid_current/],
    ["select nextval('members_id_seq')", /nextval/],
    ['select * from pg_authid', /pg_authid/],
    ['select * from pg_catalog.pg_user', /pg_catalog.pg_user/],
    ['select * from information_schema.tables', /information_schema.tables/],
    ['select * from tenant_settings', /tenant_settings/],
    ['select * from sms_codes', /sms_codes/],
    ['select * from tenants', /tenants/],
    ["select name from members where name ~ '(a+)+$'", /正则/],
    ["select xmlparse(document '<a/>')", /XML/],
    ['select * from members where id = $1', /:名称/],
  ];
  it.each(refused)('refuses %s before it runs', async (text, message) => {
    const res = await a.admin.post(REPORT_PATHS.sqlParse, { reportSql: text });
    expectStatus(res, 400);
    expect(res.body.resp_msg).toMatch(message);
  });

  it('never reads a secret column, even of a table reports may read', async () => {
    const res = await sqlResult('select username, password_hash from users');
    expectStatus(res, 400);
    expect(res.body.resp_msg).toMatch(/不允许读取/);
    expectOk(await sqlResult('select username, name from users'));
  });

  it('refuses a query the planner prices past the cap, and answers other requests meanwhile', async () => {
    const huge = a.admin.post(REPORT_PATHS.sqlResult, {
      reportSql:
        'select count(*) as n from generate_series(1, 100000000) a cross join generate_series(1, 100000000) b cross join members c',
    });
    const other = a.admin.get(REPORT_PATHS.headList);
    const [hugeRes, otherRes] = await Promise.all([huge, other]);
    expectStatus(hugeRes, 400);
    expect(hugeRes.body.resp_msg).toMatch(/数据量太大/);
    expectOk(otherRes);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'cuts a report past the time limit on PostgreSQL, and the request’s connection serves on',
    async () => {
      const limits = t.app.reports.limits;
      const allowed = limits.timeoutMs;
      limits.timeoutMs = 300;
      try {
        const slow = await sqlResult('select count(*) as n from generate_series(1, 50000000) a');
        expectStatus(slow, 400);
        expect(slow.body.resp_msg).toMatch(/已中止/);
      } finally {
        limits.timeoutMs = allowed;
      }
      expectOk(await sqlResult('select 1 as one'));
    },
  );

  it('reads only the tenant’s own rows, whatever the SQL says', async () => {
    await caughtUp();
    const res = await a.admin.post(REPORT_PATHS.sqlResult, {
      reportSql: 'select count(*)::int as n, count(distinct tenant_id)::int as tenants from members',
    });
    expectOk(res);
    const [own] = await inTenant(t.database.db, a.tenantId, (tx) => tx.select({ n: sql<number>`count(*)::int` }).from(members));
    expect(res.body.data.rows).toEqual([{ n: own.n, tenants: 1 }]);
  });

  it('parses the columns and parameters without running the SQL, and test-runs it on the given values', async () => {
    const text =
      "select m.code as member_code, m.registered_on, 1.5::numeric as ratio from members m where m.name like coalesce(:name, '') || '%' and m.shop_id = any(:shop_ids)";
    const parsed = await a.admin.post(REPORT_PATHS.sqlParse, { reportSql: text });
    expectOk(parsed);
    expect(parsed.body.data).toEqual({
      columns: [
        { name: 'member_code', type: 'text' },
        { name: 'registered_on', type: 'date' },
        { name: 'ratio', type: 'numeric' },
      ],
      params: ['name', 'shop_ids'],
    });
    const run = await sqlResult(text, { name: '' });
    expectOk(run);
    expect(run.body.data.rows.length).toBeGreaterThan(0);
    expect(run.body.data.rows[0].ratio).toBe(1.5);
    expect(run.body.data.rows[0].registered_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
