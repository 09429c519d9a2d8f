/**
 * Member search under row security at chain scale (docs/DECISIONS.md, "Search"):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:members
 *   npm run bench:members -- --rows 2000000 --connections 8 --queries 800 --keep
 *
 * In a throwaway database on DATABASE_URL's server (migrated, dropped afterwards unless --keep):
 * generates a member-shaped table (tenant, member number, 2–3 character Chinese name, pinyin
 * initials, mobile, card number) with the search columns and indexes of server/src/platform/search.ts,
 * 95% of the rows in tenant 1 and the rest in tenant 2; then, as the app role with tenant 1 set,
 * prints the plans and measures p50/p99 at N concurrent connections of: mobile tail (4 digits), a
 * 2-character name fragment, a card number, and the same three written as `LIKE` for comparison.
 * It also shows the parallel plan the tenant function now allows, against the same query with the
 * function marked PARALLEL UNSAFE again. Prints each search's p99 against the 20 ms target next to the
 * floor (the same transaction around `select 1`); exits 1 if a search is not answered from its index
 * or the count gets no parallel plan.
 */
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client.js';
import { migrate } from '../server/src/db/migrate.js';
import { bigramColumns, searchCondition, tailColumn } from '../server/src/platform/search.js';
import { APP_ROLE } from '../server/src/platform/tenancy.js';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROWS = flag('rows', 2_000_000);
const CONNECTIONS = flag('connections', 8);
const QUERIES = flag('queries', 800);
const LIKE_QUERIES = flag('like-queries', 48);
const KEEP = args.includes('--keep');
const TARGET_P99_MS = 20;

const base = process.env.DATABASE_URL;
if (!base) {
  console.error('DATABASE_URL (a PostgreSQL server) is required: the bench measures parallel plans and concurrency.');
  process.exit(2);
}

// Surnames and given-name characters with their pinyin initials (same order).
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const SURNAME_INITIALS = 'wlzlcyhzwzxsmzhghgllzlxstxhfdcpzxtdypyjcydycswldrsyljcztlwfjsljxwffbzmxqqjyxydlhlstlhgmhgswqyqwdmkxt';
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红梅鹏飞宇浩然子轩欣怡雨涵梓晨思博文佳琪嘉俊宏志峰斌辉建国海燕雪婷颖琳晶慧倩瑶瑞雅晓东立新春亮成龙凤云波宁楠凯鑫';
const GIVEN_INITIALS = 'wfnmjlqljyyyjjtmcxxpggyhylphmpfyhrzxxyyhzcsbwjqjjhzfbhjghyxtyljhqyryxdlxclclfybnnkx';

const members = pgTable('bench_members', {
  tenantId: bigint('tenant_id', { mode: 'number' }).notNull(),
  id: bigint('id', { mode: 'number' }).notNull(),
  memberNo: text('member_no').notNull(),
  name: text('name').notNull(),
  initials: text('initials'),
  mobile: text('mobile').notNull(),
  cardNo: text('card_no').notNull(),
  mobileTail: tailColumn('mobile_tail', 'mobile'),
  ...bigramColumns('nameGram', 'name'),
});

const fields = {
  numbers: [members.cardNo, members.memberNo],
  mobile: { column: members.mobile, tail: members.mobileTail },
  name: { column: members.name, grams: [members.nameGram1, members.nameGram2, members.nameGram3] },
  initials: members.initials,
};

function pick<T>(list: ArrayLike<T>): T {
  return list[Math.floor(Math.random() * list.length)];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const name = `headoffice_member_search_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base as string);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  const owner = new pg.Client({ connectionString: dbUrl });
  let failed = false;
  try {
    const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 1 });
    await migrate(database);
    await database.close();
    await owner.connect();
    const ownerDb = drizzle(owner);

    // The table as the members module will declare it: generated search columns and (tenant_id, …) indexes.
    await owner.query(`
      create table bench_members (
        tenant_id bigint not null,
        id bigint not null,
        member_no text not null,
        name text not null,
        initials text,
        mobile text not null,
        card_no text not null,
        mobile_tail text generated always as (right(mobile, 4)) stored,
        name_gram1 text generated always as (CASE WHEN char_length(name) > 1 THEN substr(name, 1, 2) END) stored,
        name_gram2 text generated always as (CASE WHEN char_length(name) > 2 THEN substr(name, 2, 2) END) stored,
        name_gram3 text generated always as (CASE WHEN char_length(name) > 3 THEN substr(name, 3, 2) END) stored,
        primary key (tenant_id, id)
      )`);
    const started = performance.now();
    await owner.query('select setseed(0.42)');
    await owner.query(
      `insert into bench_members (tenant_id, id, member_no, name, initials, mobile, card_no)
       select t, i, 'M' || lpad(i::text, 8, '0'),
              substr($1, s, 1) || substr($3, g1, 1) || case when three then substr($3, g2, 1) else '' end,
              substr($2, s, 1) || substr($4, g1, 1) || case when three then substr($4, g2, 1) else '' end,
              '1' || (3 + (i % 7))::text || lpad(floor(random() * 1e9)::bigint::text, 9, '0'),
              '8' || lpad(i::text, 11, '0')
       from (select i, case when i <= $5 * 0.95 then 1 else 2 end as t,
                    1 + floor(random() * char_length($1))::int as s,
                    1 + floor(random() * char_length($3))::int as g1,
                    1 + floor(random() * char_length($3))::int as g2,
                    random() < 0.7 as three
             from generate_series(1, $5::int) i) r`,
      [SURNAMES, SURNAME_INITIALS, GIVEN, GIVEN_INITIALS, ROWS],
    );
    const loaded = performance.now();
    for (const ddl of [
      'create index bench_members_card on bench_members (tenant_id, card_no)',
      'create index bench_members_no on bench_members (tenant_id, member_no)',
      'create index bench_members_mobile_tail on bench_members (tenant_id, mobile_tail)',
      'create index bench_members_initials on bench_members (tenant_id, initials text_pattern_ops)',
      'create index bench_members_name_gram1 on bench_members (tenant_id, name_gram1) where name_gram1 is not null',
      'create index bench_members_name_gram2 on bench_members (tenant_id, name_gram2) where name_gram2 is not null',
      'create index bench_members_name_gram3 on bench_members (tenant_id, name_gram3) where name_gram3 is not null',
    ])
      await owner.query(ddl);
    await owner.query('select app_apply_rls()');
    await owner.query('vacuum analyze bench_members');
    const indexedAt = performance.now();
    const size = (await owner.query(`select pg_size_pretty(pg_total_relation_size('bench_members')) as s`)).rows[0].s;
    console.log(
      `${ROWS.toLocaleString('en')} rows generated in ${((loaded - started) / 1000).toFixed(1)} s, indexed and analysed in ${((indexedAt - loaded) / 1000).toFixed(1)} s; table + indexes ${size}`,
    );

    // Keywords from tenant 1's own rows, so every search finds something.
    const sample = (
      await owner.query(`select name, mobile, card_no from bench_members tablesample system (1) where tenant_id = 1 limit 2000`)
    ).rows as { name: string; mobile: string; card_no: string }[];
    const keywords = {
      tail: () => pick(sample).mobile.slice(-4),
      name: () => Array.from(pick(sample).name).slice(0, 2).join(''),
      card: () => pick(sample).card_no,
    };

    const searchSql = (keyword: string) => {
      const q = ownerDb
        .select({ id: members.id, name: members.name, mobile: members.mobile, cardNo: members.cardNo })
        .from(members)
        .where(searchCondition(keyword, fields))
        .orderBy(members.id)
        .limit(20)
        .toSQL();
      return { text: q.sql, values: q.params };
    };
    const likeSql = (kind: keyof typeof keywords, keyword: string) => {
      const column = kind === 'tail' ? 'mobile' : kind === 'name' ? 'name' : 'card_no';
      const pattern = kind === 'tail' ? `%${keyword}` : kind === 'name' ? `%${keyword}%` : keyword;
      return {
        text: `select id, name, mobile, card_no from bench_members where ${column} like $1 order by id limit 20`,
        values: [pattern],
      };
    };

    const asApp = async (client: pg.Client, query: { text: string; values: unknown[] }) => {
      await client.query(`begin; select set_config('app.tenant_id', '1', true), set_config('role', '${APP_ROLE}', true)`);
      try {
        return await client.query(query);
      } finally {
        await client.query('commit');
      }
    };
    const explain = async (client: pg.Client, query: { text: string; values: unknown[] }) =>
      (await asApp(client, { text: `explain (analyze, costs off, timing off, summary on) ${query.text}`, values: query.values })).rows
        .map((r) => `    ${r['QUERY PLAN']}`)
        .join('\n');

    const clients = await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        const c = new pg.Client({ connectionString: dbUrl });
        await c.connect();
        return c;
      }),
    );

    console.log('\nPlans as headoffice_app with tenant 1 set (row security on):');
    for (const kind of Object.keys(keywords) as (keyof typeof keywords)[]) {
      const keyword = keywords[kind]();
      const plan = await explain(clients[0], searchSql(keyword));
      console.log(`\n  ${kind} "${keyword}", indexed search:\n${plan}`);
      const index = { tail: 'bench_members_mobile_tail', name: 'bench_members_name_gram1', card: 'bench_members_card' }[kind];
      if (!plan.includes(`Index Scan on ${index}`)) {
        console.log(`FAILED: the ${kind} search is not answered from ${index}`);
        failed = true;
      }
      console.log(`\n  ${kind} "${keyword}", as LIKE:\n${await explain(clients[0], likeSql(kind, keyword))}`);
    }

    type Query = { text: string; values: unknown[] };
    /** Runs the kinds interleaved (one after the other on each connection), so that all see the same load. */
    const measure = async (kinds: { label: string; make: () => Query }[], perKind: number) => {
      const times = kinds.map(() => [] as number[]);
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        clients.map(async (client) => {
          while (next < perKind * kinds.length) {
            const k = next++ % kinds.length;
            const query = kinds[k].make();
            const t = performance.now();
            await asApp(client, query);
            times[k].push(performance.now() - t);
          }
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      return kinds.map(({ label }, k) => {
        const sorted = times[k].sort((a, b) => a - b);
        return { label, n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), qps: sorted.length / seconds };
      });
    };
    const line = (r: { label: string; n: number; p50: number; p99: number }) =>
      console.log(`| ${r.label} | ${r.n} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |`);

    const kinds = Object.keys(keywords) as (keyof typeof keywords)[];
    // The floor: the same transaction (begin + tenant settings, one statement, commit) with `select 1`.
    const indexedKinds = [
      { label: 'floor: `select 1` in the same transaction', make: () => ({ text: 'select 1', values: [] }) },
      ...kinds.map((kind) => ({ label: `${kind}, indexed`, make: () => searchSql(keywords[kind]()) })),
    ];
    await measure(indexedKinds, Math.ceil(QUERIES / 4)); // warm the cache and the connections
    console.log(
      `\nAt ${CONNECTIONS} connections, as headoffice_app under row security (tenant 1 has ${Math.round(ROWS * 0.95).toLocaleString('en')} rows), kinds interleaved:`,
    );
    console.log('| search | queries | p50 ms | p99 ms |');
    console.log('| --- | --: | --: | --: |');
    const indexed = await measure(indexedKinds, QUERIES);
    indexed.forEach(line);
    const likeKinds = kinds
      .filter((kind) => kind !== 'card') // a card number is an equality either way
      .map((kind) => ({ label: `${kind}, as LIKE`, make: () => likeSql(kind, keywords[kind]()) }));
    (await measure(likeKinds, LIKE_QUERIES)).forEach(line);
    // The database's own time per search (EXPLAIN ANALYZE's execution time, one connection): what the
    // search costs the server, apart from queueing for the machine's 2 cores.
    console.log('\nDatabase execution time per search (one connection, EXPLAIN ANALYZE):');
    console.log('| search | queries | p50 ms | p99 ms | max ms |');
    console.log('| --- | --: | --: | --: | --: |');
    for (const kind of kinds) {
      const ms: number[] = [];
      for (let i = 0; i < Math.ceil(QUERIES / 4); i++) {
        const plan = await explain(clients[0], searchSql(keywords[kind]()));
        ms.push(Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]));
      }
      ms.sort((a, b) => a - b);
      console.log(
        `| ${kind}, indexed | ${ms.length} | ${percentile(ms, 50).toFixed(2)} | ${percentile(ms, 99).toFixed(2)} | ${ms[ms.length - 1].toFixed(2)} |`,
      );
    }
    const [floor, ...searches] = indexed;
    for (const r of searches)
      console.log(
        `${r.label}: p99 ${r.p99.toFixed(1)} ms, target ${TARGET_P99_MS} ms ${r.p99 <= TARGET_P99_MS ? 'met' : 'missed'} (the floor's p99 in the same run: ${floor.p99.toFixed(1)} ms)`,
      );

    // Parallel plans: a count of a 2-character name fragment with LIKE scans the tenant's rows.
    const count = { text: `select count(*) from bench_members where name like $1`, values: [`%${keywords.name()}%`] };
    const timed = async () => {
      const plan = await explain(clients[0], count);
      return { plan, ms: Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]) };
    };
    await timed(); // warm
    const safe = await timed();
    await owner.query('alter function app_current_tenant() parallel unsafe');
    const unsafe = await timed();
    await owner.query('alter function app_current_tenant() parallel safe');
    const safeAgain = await timed();
    console.log(`\nCount of "${count.values[0]}" under row security, tenant function PARALLEL SAFE:\n${safe.plan}`);
    console.log(`\nThe same with the function PARALLEL UNSAFE (as before migration 0012):\n${unsafe.plan}`);
    console.log(
      `\nParallel safe ${Math.min(safe.ms, safeAgain.ms).toFixed(0)} ms vs unsafe ${unsafe.ms.toFixed(0)} ms: ${(unsafe.ms / Math.min(safe.ms, safeAgain.ms)).toFixed(2)}× (same run)`,
    );
    if (!/Gather/.test(safe.plan)) {
      console.log('FAILED: no parallel plan under row security');
      failed = true;
    }
    await Promise.all(clients.map((c) => c.end()));
  } finally {
    await owner.end().catch(() => {});
    if (KEEP) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
