/**
 * Data generator of the issue "Fast at a big chain's scale": fills a tenant `bench` with a chain of
 * realistic Chinese data through bulk SQL (multi-row INSERT ... SELECT over generate_series and
 * json arrays), as the table owner, with tenant_id set on every row.
 *
 *   npm run bench:data -- --shops 1000 --employees 30000 --products 5000 --stock-bills 200000 [--reset]
 *   npm run bench:data -- --add-till [--service-lines N]   (the till's year, on a data set without it)
 *   DATABASE_URL unset: PGlite in DATA_DIR (default bench/.data/pglite), meant for small scale.
 *
 * The tenant is made by createTenant + seedDemoData (11 demo shops, dictionaries, a demo catalogue
 * and stock), then grown to the flags. Stock bills are generated for the generated shops only:
 * entries first and outs later in each shop, so that no balance goes below zero; every audited
 * bill has its ledger rows (running balance) and stock_balances = sum(ledger.delta).
 * The admin's password and the bench users' names are written to the data set's credentials file
 * (common.ts benchFile): bench/.data/bench.json for the database headoffice_bench, bench/.data/bench-<database>.json
 * for another PostgreSQL database, <DATA_DIR>/bench-pglite.json for PGlite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Database, openDatabase } from '../server/src/db/client.js';
import { migrate } from '../server/src/db/migrate.js';
import { tillFigures } from '../server/src/modules/cashier/day-figures.js';
import { createTenant, findTenant, generatePassword } from '../server/src/modules/identity/tenants.js';
import '../server/src/modules/index.js';
import { divisions } from '../server/src/modules/org/pca.js';
import { seedDemoData } from '../server/src/seed/demo.js';
import { BENCH_DIR, type BenchInfo, benchFile, TENANT } from './common.js';

const { values: flags } = parseArgs({
  options: {
    shops: { type: 'string', default: '20' },
    employees: { type: 'string' },
    products: { type: 'string' },
    'stock-bills': { type: 'string' },
    'lines-per-bill': { type: 'string', default: '5' },
    'bench-users': { type: 'string', default: '300' },
    members: { type: 'string' },
    'service-lines': { type: 'string' },
    'add-till': { type: 'boolean', default: false },
    reset: { type: 'boolean', default: false },
  },
});
const int = (v: string | undefined, fallback: number) => (v === undefined ? fallback : Math.max(0, Number.parseInt(v, 10)));
const SHOPS = Math.max(12, int(flags.shops, 20));
const scale = {
  shops: SHOPS,
  employees: int(flags.employees, SHOPS * 30),
  products: Math.max(50, int(flags.products, SHOPS * 5)),
  stockBills: int(flags['stock-bills'], SHOPS * 200),
  linesPerBill: Math.max(1, int(flags['lines-per-bill'], 5)),
  benchUsers: int(flags['bench-users'], 300),
  /** Members of the generated shops; a card each, and a second for every other member (3 cards per 2 members). */
  members: int(flags.members, SHOPS * 2000),
  /** A year of the till: settled service bills of 1–4 lines (2.5 on average) in the generated shops. */
  serviceLines: int(flags['service-lines'], SHOPS * 10_000),
  /** Products each generated shop keeps (stock_products) and cycles through in its bills. */
  keptPerShop: 40,
  services: Math.max(60, Math.min(600, Math.round(SHOPS / 2))),
};

// ---- Chinese vocabularies ----
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split(
    '',
  );
const GIVEN =
  '静伟芳娜敏秀英丽强磊洋艳勇军杰娟涛明超霞平刚桂兰婷雅琪浩然欣怡子轩晓燕俊梓涵诗雨思佳梦瑶嘉欣宇航天佑若曦紫萱雪晴一诺可馨'.split('');
const SHOP_BRANDS = ['青丝汇', '颐美SPA', '臻颜美容', '朵拉美甲', '木北造型', '悦己养发', '素颜护肤', '兰亭水疗'];
const MALLS = [
  '万达广场',
  '银泰城',
  '万象城',
  '大悦城',
  '吾悦广场',
  '龙湖天街',
  '印象城',
  '来福士',
  '凯德广场',
  '新天地',
  '宝龙广场',
  '苏宁广场',
];
const PRODUCT_BRANDS = [
  '欧莱雅',
  '施华蔻',
  '卡诗',
  '资生堂',
  '威娜',
  '沙宣',
  '潘婷',
  '阿道夫',
  '雅诗兰黛',
  '兰蔻',
  '娇韵诗',
  '百雀羚',
  '自然堂',
  '珀莱雅',
  '薇诺娜',
  '玉泽',
  '修丽可',
  '理肤泉',
  '雅漾',
  '科颜氏',
  '芙丽芳丝',
  '欧舒丹',
  '美宝莲',
  '花王',
  '丝蕴',
  '滋源',
  '舒蕾',
  '植村秀',
  '悦诗风吟',
  '相宜本草',
];
const SERIES = ['修护', '滋养', '控油', '保湿', '焕亮', '丰盈', '柔顺', '清爽', '奢华', '专业', '舒缓', '紧致', '净澈', '水润', '防脱'];
const KINDS = [
  '洗发水',
  '护发素',
  '发膜',
  '精油',
  '弹力素',
  '定型喷雾',
  '染膏',
  '烫发药水',
  '双氧乳',
  '面膜',
  '精华液',
  '面霜',
  '爽肤水',
  '洁面乳',
  '眼霜',
  '身体乳',
];
const SPECS = ['250ml', '500ml', '1000ml', '50g', '100g', '30ml', '10片/盒', '200ml', '750ml'];
const UNITS = ['瓶', '支', '盒', '罐', '袋'];
const SERVICES = [
  '精剪',
  '洗剪吹',
  '造型烫',
  '数码烫',
  '时尚染',
  '植物染',
  '头皮护理',
  '深层护理',
  '面部补水',
  '深层清洁',
  '肩颈舒缓',
  '精油SPA',
  '美甲',
  '美睫',
  '眉形设计',
  '头疗',
];
const SERVICE_GRADES = ['', '（总监）', '（资深）', '（套餐）', '（体验）', '（会员）'];
const SUPPLIERS = [
  '广州美源供应链有限公司',
  '欧莱雅（中国）有限公司',
  '上海汉高贸易有限公司',
  '杭州美业云仓有限公司',
  '深圳丽人供应链有限公司',
];
const REGIONS: [string, string[]][] = [
  ['华北大区', ['11', '12', '13', '14', '15']],
  ['东北大区', ['21', '22', '23']],
  ['华东大区', ['31', '32', '33', '34', '35', '36', '37']],
  ['华中大区', ['41', '42', '43']],
  ['华南大区', ['44', '45', '46']],
  ['西南大区', ['50', '51', '52', '53', '54']],
  ['西北大区', ['61', '62', '63', '64', '65']],
];

// ---- database access (owner connection) ----
interface Exec {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
  close(): Promise<void>;
}

async function ownerExec(database: Database): Promise<Exec> {
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query("set synchronous_commit = off; set work_mem = '256MB'; set maintenance_work_mem = '512MB'");
    return {
      query: async (text, params) => {
        const r = await client.query(text, params as unknown[]);
        return { rows: r.rows, rowCount: r.rowCount ?? 0 };
      },
      close: () => client.end(),
    };
  }
  const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
  return {
    query: async (text, params) => {
      if (!params?.length) {
        // several statements: PGlite's query() takes one, exec() many
        const results = await client.exec(text);
        const last = results[results.length - 1];
        return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: last?.affectedRows ?? 0 };
      }
      const r = await client.query<Record<string, unknown>>(text, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    close: async () => {},
  };
}

const stats: { table: string; rows: number; ms: number }[] = [];
const ms = (start: number) => performance.now() - start;

async function timed(x: Exec, table: string, text: string, params: unknown[] = []) {
  const start = performance.now();
  const r = await x.query(text, params);
  const took = ms(start);
  stats.push({ table, rows: r.rowCount, ms: took });
  const rate = took > 0 ? Math.round((r.rowCount * 1000) / took) : 0;
  console.log(
    `  ${table.padEnd(28)} ${String(r.rowCount).padStart(9)} rows ${String(Math.round(took)).padStart(7)} ms ${String(rate).padStart(9)} rows/s`,
  );
  return r;
}

/** Deletes every row of the tenant from every table with tenant_id (FK triggers off: superuser). */
async function dropTenant(x: Exec, tenantId: number) {
  const { rows } = await x.query(
    "select table_name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id' and table_name <> 'tenants'",
  );
  await x.query('begin');
  await x.query('set local session_replication_role = replica');
  for (const r of rows) await x.query(`delete from "${r.table_name}" where tenant_id = $1`, [tenantId]);
  await x.query('delete from tenants where id = $1', [tenantId]);
  await x.query('commit');
}

/**
 * A year of the till in the generated shops, ending yesterday: settled service bills of 1–4 lines
 * (services 4 in 5, retail products 1 in 5), 3 in 5 for a member at 85% of the list price; one
 * payment each (cash, WeChat or bank card), its shares on the lines, and the performance rows: the
 * line's amount to its station-1 employee, and to a station-2 employee on 2 lines in 5.
 * Every line's shares add up to the line, every payment's to the payment, as the till's settle makes them.
 */
async function generateTillYear(x: Exec, T: number, lines: number) {
  const bills = Math.ceil(lines / 2.5);
  let start = performance.now();
  await x.query('drop table if exists gen_tlines, gen_tbills, gen_tids, gen_tlids');
  await x.query(
    `create temp table gen_tlines as
     with s as (select array_agg(id order by id) as ids, count(*)::int as n from shops where tenant_id = $1 and code like 'M%'),
          e as (select shop_id, array_agg(id order by id) as ids, count(*)::int as n from employees
                 where tenant_id = $1 and shop_id in (select id from shops where tenant_id = $1 and code like 'M%') group by shop_id),
          sv as (select array_agg(id order by id) as ids, array_agg(code order by id) as codes, array_agg(name order by id) as names,
                        array_agg(greatest(base_price, 3000) order by id) as prices, count(*)::int as n
                   from services where tenant_id = $1 and status = 1),
          pr as (select array_agg(id order by id) as ids, array_agg(pcode order by id) as codes, array_agg(name order by id) as names,
                        array_agg(greatest(retail_price, 1000) order by id) as prices, count(*)::int as n
                   from products where tenant_id = $1 and usage = 1 and status = 1),
          b as (select g, s.ids[1 + g % s.n] as shop_id from generate_series(1, $2::int) g, s)
     select b.g, j, b.shop_id, (g % 5 < 3) as member,
            case when (g + j) % 5 = 0 then 'product' else 'service' end as kind,
            case when (g + j) % 5 = 0 then pr.ids[1 + (g * 7 + j) % pr.n] else sv.ids[1 + (g * 11 + j) % sv.n] end as item_id,
            case when (g + j) % 5 = 0 then pr.codes[1 + (g * 7 + j) % pr.n] else sv.codes[1 + (g * 11 + j) % sv.n] end as code,
            case when (g + j) % 5 = 0 then pr.names[1 + (g * 7 + j) % pr.n] else sv.names[1 + (g * 11 + j) % sv.n] end as name,
            case when (g + j) % 5 = 0 then pr.prices[1 + (g * 7 + j) % pr.n] else sv.prices[1 + (g * 11 + j) % sv.n] end as list_price,
            e.ids[1 + (g + j) % e.n] as e1,
            case when (g * 3 + j) % 5 < 2 then e.ids[1 + (g + j + 1) % e.n] end as e2
     from b join e on e.shop_id = b.shop_id, sv, pr,
          lateral generate_series(1, 1 + (g * 13) % 4) j`,
    [T, bills],
  );
  await x.query(
    `alter table gen_tlines add column price int;
     update gen_tlines set price = case when member then list_price * 85 / 100 else list_price end;
     create temp table gen_tbills as
     select g, min(shop_id) as shop_id, bool_and(member) as member, sum(list_price)::int as list_total, sum(price)::int as amount,
            current_date - 1 - (g % 365) as business_date
     from gen_tlines group by g;
     analyze gen_tlines; analyze gen_tbills`,
  );
  console.log(`  (staging: ${bills} bills, ${lines} lines wanted, generated in ${Math.round(ms(start))} ms)`);
  const memberIds = `(select array_agg(id order by id) as ids, count(*)::int as n from members where tenant_id = $1)`;
  start = performance.now();
  await timed(
    x,
    'service_bills',
    `create temp table gen_tids as
     with m as ${memberIds},
          ins as (
       insert into service_bills (tenant_id, bill_no, shop_id, hand_tag, business_date, member_id, status, list_total, discount_total,
                                  amount, settled_at, created_at, updated_at)
       select $1, 'FW' || to_char(b.business_date, 'YYYYMMDD') || '-' || lpad(b.g::text, 8, '0'), b.shop_id, 1 + b.g % 100,
              b.business_date, case when b.member then m.ids[1 + (b.g::bigint * 7919) % m.n] end, 4, b.list_total,
              b.list_total - b.amount, b.amount, b.business_date + time '11:00' + make_interval(mins => b.g % 540),
              b.business_date + time '10:30' + make_interval(mins => b.g % 540), b.business_date + time '11:00' + make_interval(mins => b.g % 540)
       from gen_tbills b, m order by b.g
       returning id, bill_no)
     select id, split_part(bill_no, '-', 2)::int as g from ins`,
    [T],
  );
  await x.query('create index on gen_tids (g); analyze gen_tids');
  await timed(
    x,
    'service_bill_lines',
    `create temp table gen_tlids as
     with ins as (
       insert into service_bill_lines (tenant_id, bill_id, line_no, kind, item_id, code, name, num, list_price, price, plain_price,
                                       price_source, list_amount, amount, staff)
       select $1, i.id, l.j, l.kind, l.item_id, l.code, l.name, 1, l.list_price, l.price, l.list_price,
              case when l.member then 'card-discount' else 'shop' end, l.list_price, l.price,
              jsonb_build_array(jsonb_build_object('employeeId', l.e1, 'station', 1, 'appointed', l.g % 3 = 0, 'share', 10000))
                || case when l.e2 is null then '[]'::jsonb
                        else jsonb_build_array(jsonb_build_object('employeeId', l.e2, 'station', 2, 'appointed', false, 'share', 10000)) end
       from gen_tlines l join gen_tids i on i.g = l.g order by l.g, l.j
       returning id, bill_id, line_no, amount)
     select * from ins`,
    [T],
  );
  await x.query('create index on gen_tlids (bill_id); analyze gen_tlids');
  await timed(
    x,
    'service_bill_payments',
    `with p as (select t.id, t.code, t.name, c.code as class_code, row_number() over (order by t.code) - 1 as k
                  from pay_types t join pay_classes c on c.id = t.class_id and c.tenant_id = t.tenant_id
                 where t.tenant_id = $1 and t.code in ('01', '07', '23'))
     insert into service_bill_payments (tenant_id, bill_id, pay_type_id, pay_code, pay_name, class_code, amount, perf, fee)
     select $1, i.id, p.id, p.code, p.name, p.class_code, b.amount, b.amount, 0
     from gen_tids i join gen_tbills b on b.g = i.g join p on p.k = i.g % 3 order by i.id`,
    [T],
  );
  await timed(
    x,
    'service_bill_shares',
    `insert into service_bill_shares (tenant_id, bill_id, payment_id, line_id, amount, perf, fee)
     select $1, l.bill_id, p.id, l.id, l.amount, l.amount, 0
     from gen_tlids l join service_bill_payments p on p.tenant_id = $1 and p.bill_id = l.bill_id order by l.id`,
    [T],
  );
  await timed(
    x,
    'service_bill_perf',
    `insert into service_bill_perf (tenant_id, bill_id, line_id, employee_id, station, appointed, amount, cause, business_date, created_at)
     select $1, l.bill_id, l.id, s."employeeId", s.station, s.appointed, l.amount, 'settle', b.business_date, b.settled_at
     from gen_tlids l join service_bills b on b.tenant_id = $1 and b.id = l.bill_id
          join service_bill_lines sl on sl.tenant_id = $1 and sl.id = l.id,
          lateral jsonb_to_recordset(sl.staff) as s("employeeId" bigint, station int, appointed boolean)
     order by l.id`,
    [T],
  );
  // The daily figures of the generated bills, by the till's own SQL (bills written here bypass the settle that keeps them).
  await timed(
    x,
    'day_figures (the till)',
    `insert into day_figures (tenant_id, shop_id, day, pay_type_id, kind, amount, count)
     select tenant_id, shop_id, day, pay_type_id, kind, sum(amount)::bigint, sum(count)::int
     from (${new PgDialect().sqlToQuery(tillFigures(sql`b.tenant_id = $1 and b.bill_no ~ '${sql.raw(GENERATED_TILL_BILL)}'`)).sql}) figures
     group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
     on conflict (tenant_id, shop_id, day, pay_type_id, kind)
     do update set amount = day_figures.amount + excluded.amount, count = day_figures.count + excluded.count`,
    [T],
  );
  await x.query('drop table if exists gen_tlines, gen_tbills, gen_tids, gen_tlids');
}

async function openTarget(): Promise<{ database: Database; label: string }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    return { database, label: `PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}` };
  }
  const dataDir = process.env.DATA_DIR ? path.join(process.env.DATA_DIR, 'pglite') : path.join(BENCH_DIR, 'pglite');
  const database = await openDatabase({ dataDir });
  return { database, label: `PGlite ${dataDir}` };
}

/** Numbers of the generated till bills (`FW<date>-` and an 8-digit sequence; the till's own have 4 digits). */
const GENERATED_TILL_BILL = '^FW[0-9]{8}-[0-9]{8}$';

/**
 * `--add-till`: the till's year added to a data set made before the generator had it (its credentials
 * file gains the count). A data set that holds it already (every full run since makes it) is left as it
 * is, with a message: a second year over the same days would only double the first.
 */
async function addTillYear(x: Exec, T: number) {
  const file = benchFile({ databaseUrl: process.env.DATABASE_URL });
  const info = JSON.parse(fs.readFileSync(file, 'utf8')) as BenchInfo;
  const { rows: held } = await x.query('select exists (select 1 from service_bills where tenant_id = $1 and bill_no ~ $2) as held', [
    T,
    GENERATED_TILL_BILL,
  ]);
  if (held[0].held) {
    console.log(
      `  the tenant "${TENANT}" already holds the till's year (${info.scale.serviceLines ?? 'an unknown count of'} service lines): nothing added.\n` +
        '  To change its size, regenerate the data set: bench:data --reset --service-lines N (with the other flags of the first run).',
    );
    return;
  }
  const shops = Number(info.scale.shops ?? SHOPS);
  const lines = flags['service-lines'] === undefined ? shops * 10_000 : scale.serviceLines;
  await generateTillYear(x, T, lines);
  const start = performance.now();
  await x.query('vacuum analyze service_bills, service_bill_lines, service_bill_payments, service_bill_shares, service_bill_perf');
  console.log(`  vacuum analyze ${Math.round(ms(start))} ms`);
  const { rows } = await x.query('select count(*)::int as n from service_bill_lines where tenant_id = $1', [T]);
  info.scale.serviceLines = Number(rows[0].n);
  fs.writeFileSync(file, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
  console.log(`  the tenant now holds ${rows[0].n} service lines; ${path.relative(process.cwd(), file)} updated`);
}

async function main() {
  const t0 = performance.now();
  const { database, label } = await openTarget();
  console.log(`bench:data → ${label}\n  scale ${JSON.stringify(scale)}`);
  await migrate(database);
  const x = await ownerExec(database);
  try {
    const existing = await findTenant(database.db, TENANT);
    if (flags['add-till']) {
      if (!existing) throw new Error(`--add-till adds the till's year to the tenant "${TENANT}": run bench:data without it first`);
      await addTillYear(x, existing.id);
      return;
    }
    if (existing) {
      if (!flags.reset) throw new Error(`Tenant "${TENANT}" exists: pass --reset to drop and regenerate it`);
      const start = performance.now();
      await dropTenant(x, existing.id);
      console.log(`  dropped the previous tenant in ${Math.round(ms(start))} ms`);
    }
    let start = performance.now();
    const adminPassword = generatePassword();
    const { tenantId: T } = await createTenant(database.db, { code: TENANT, name: '丝域美业连锁（压测）', adminPassword });
    await seedDemoData(database.db, T);
    console.log(`  createTenant + seedDemoData (the demo chain, through the app's functions) ${Math.round(ms(start))} ms`);

    // ---- dictionaries at scale ----
    const regionRows = REGIONS.flatMap(([big, provinces], i) => [
      { code: `BQ${String(i + 1).padStart(2, '0')}`, name: big, parent: null, sort: (i + 1) * 10 },
      ...provinces.map((p, j) => ({
        code: `BR${p}`,
        name: `${divisions.find((d) => d.code === p)?.name.replace(/(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区)$/, '')}区域`,
        parent: `BQ${String(i + 1).padStart(2, '0')}`,
        sort: (j + 1) * 10,
      })),
    ]);
    await timed(
      x,
      'regions (大区)',
      `insert into regions (tenant_id, code, name, sort) select $1, r.code, r.name, r.sort from json_to_recordset($2::json) as r(code text, name text, parent text, sort int) where r.parent is null`,
      [T, JSON.stringify(regionRows)],
    );
    await timed(
      x,
      'regions (省区域)',
      `insert into regions (tenant_id, code, name, sort, parent_id) select $1, r.code, r.name, r.sort, p.id
       from json_to_recordset($2::json) as r(code text, name text, parent text, sort int) join regions p on p.tenant_id = $1 and p.code = r.parent`,
      [T, JSON.stringify(regionRows.filter((r) => r.parent))],
    );
    await timed(
      x,
      'brands',
      `insert into brands (tenant_id, code, name, sort, memo) select $1, 'BPP' || lpad(o::text, 3, '0'), n, 100 + o::int * 10, '连锁品牌'
       from jsonb_array_elements_text($2::jsonb) with ordinality as a(n, o)`,
      [T, JSON.stringify(SHOP_BRANDS)],
    );
    await timed(
      x,
      'channels',
      `insert into channels (tenant_id, code, name, sort) select $1, 'BQD' || lpad(o::text, 3, '0'), n, 100 + o::int * 10
       from jsonb_array_elements_text($2::jsonb) with ordinality as a(n, o)`,
      [T, JSON.stringify(['快手', '高德地图', '大众点评', '企业微信', '异业联盟', '地推活动', '会员转介绍', '直播间'])],
    );
    await timed(
      x,
      'product_brands',
      `insert into product_brands (tenant_id, code, name, sort) select $1, 'BPB' || lpad(o::text, 3, '0'), n, o::int * 10
       from jsonb_array_elements_text($2::jsonb) with ordinality as a(n, o)`,
      [T, JSON.stringify(PRODUCT_BRANDS)],
    );

    // ---- shops: real province/city/area codes ----
    const areas: { p: string; c: string; a: string; city: string; area: string }[] = [];
    for (const p of divisions)
      for (const c of p.children ?? [])
        for (const a of c.children ?? []) {
          const city = /^(市辖区|县|省直辖县级行政区划|自治区直辖县级行政区划)$/.test(c.name) ? p.name : c.name;
          areas.push({ p: p.code, c: c.code, a: a.code, city: city.replace(/市$/, ''), area: a.name });
        }
    // Big cities first: each shop takes an area by a stride that visits every area; districts (区) are preferred.
    areas.sort((l, r) => Number(r.area.endsWith('区')) - Number(l.area.endsWith('区')) || l.a.localeCompare(r.a));
    await timed(
      x,
      'shops',
      `with a as (select array_agg(v order by o) as v, count(*)::int as n from jsonb_array_elements($2::jsonb) with ordinality as t(v, o)),
            b as (select array_agg(id order by id) as ids, count(*)::int as n from brands where tenant_id = $1),
            g as (select g, a.v[1 + ((g * 7919) % a.n)] as area, b.ids[1 + g % b.n] as brand_id from generate_series(1, $3::int) g, a, b)
       insert into shops (tenant_id, code, name, short_name, brand_id, region_id, type, province_code, city_code, area_code, address, phone, open_date, open_time, close_time, stations)
       select $1, 'M' || lpad(g::text, 5, '0'),
              (area->>'city') || (area->>'area') || ($4::jsonb->>(g % $5))::text || '店',
              (area->>'area') || ($4::jsonb->>(g % $5))::text,
              brand_id, r.id, case when g % 10 < 7 then 1 else 2 end,
              area->>'p', area->>'c', area->>'a',
              ($4::jsonb->>(g % $5))::text || ' ' || (1 + g % 5)::text || ' 楼 ' || (100 + g % 300)::text || ' 号',
              '0' || (10 + g % 890)::text || '-' || lpad(((g * 104729) % 100000000)::text, 8, '6'),
              date '2015-01-01' + (g * 37 % 3650), '10:00', '22:00', 6 + g % 15
       from g join regions r on r.tenant_id = $1 and r.code = 'BR' || (area->>'p')`,
      [T, JSON.stringify(areas), scale.shops - 11, JSON.stringify(MALLS), MALLS.length],
    );

    // ---- employees ----
    await timed(
      x,
      'employees',
      `with s as (select array_agg(id order by id) as ids, count(*)::int as n from shops where tenant_id = $1),
            pl as (select array_agg(l.id order by l.id) as lv, array_agg(l.position_id order by l.id) as pos, count(*)::int as n from position_levels l where l.tenant_id = $1),
            sk as (select array_agg(id order by id) as ids, count(*)::int as n from skill_levels where tenant_id = $1),
            br as (select id from branches where tenant_id = $1 and name = '门店事业部'),
            nm as (select $3::text[] as sur, $4::text[] as given)
       insert into employees (tenant_id, eecode, name, gender, mobile, birthday, id_card, shop_id, branch_id, position_id, level_id, skill_level_id, entry_date, leave_date, status, bookable, booking_order)
       select $1, 'E' || lpad(g::text, 6, '0'),
              nm.sur[1 + (g * 31) % cardinality(nm.sur)] || nm.given[1 + (g * 17) % cardinality(nm.given)] ||
                case when g % 3 = 0 then '' else nm.given[1 + (g * 7 + 3) % cardinality(nm.given)] end,
              case when g % 10 < 3 then 1 else 2 end,
              '1' || (array['38','39','58','59','86','87','36','35','50','52'])[1 + g % 10] || lpad(((g * 7919 + 1234) % 100000000)::text, 8, '0'),
              date '1975-01-01' + ((g * 137) % 10000),
              null,
              s.ids[1 + g % s.n], (select id from br), pl.pos[1 + (g * 13) % pl.n], pl.lv[1 + (g * 13) % pl.n],
              case when sk.n > 0 and g % 4 = 0 then sk.ids[1 + g % sk.n] end,
              date '2016-01-01' + ((g * 53) % 3300),
              case when g % 12 = 0 then date '2025-06-01' + (g % 180) end,
              case when g % 12 = 0 then 0 else 1 end,
              case when g % 5 = 0 then 1 else 0 end, g % 50
       from generate_series(1, $2::int) g, s, pl, sk, nm`,
      [T, scale.employees, SURNAMES, GIVEN],
    );
    await timed(
      x,
      'employee_stream',
      `insert into employee_stream (tenant_id, employee_id, kind, effective_date, to_shop_id, to_branch_id, to_position_id, to_level_id, applied_at, created_by_name)
       select tenant_id, id, 'entry', entry_date, shop_id, branch_id, position_id, level_id, entry_date::timestamptz, '系统管理员'
       from employees where tenant_id = $1 and eecode like 'E%'`,
      [T],
    );

    // ---- catalogue ----
    await timed(
      x,
      'products',
      `with pb as (select array_agg(id order by id) as ids, array_agg(name order by id) as names, count(*)::int as n from product_brands where tenant_id = $1),
            c as (select array_agg(id order by id) as ids, count(*)::int as n from product_categories where tenant_id = $1 and parent_id is not null)
       insert into products (tenant_id, pcode, name, barcode, brand_id, category_id, spec, unit, purchase_unit, purchase_factor, purchase_price, retail_price, usage)
       select $1, 'BP' || lpad(g::text, 6, '0'),
              pb.names[1 + g % pb.n] || ($3::text[])[1 + (g / pb.n) % cardinality($3::text[])] || ($4::text[])[1 + (g * 7) % cardinality($4::text[])] || ' ' || ($5::text[])[1 + g % cardinality($5::text[])],
              '69' || lpad(((g::bigint * 1000003 + 4201) % 100000000000)::text, 11, '0'),
              pb.ids[1 + g % pb.n], c.ids[1 + (g * 7) % c.n], ($5::text[])[1 + g % cardinality($5::text[])],
              ($6::text[])[1 + g % cardinality($6::text[])], '箱', 12,
              1000 + (g * 389) % 29000, 2 * (1000 + (g * 389) % 29000), case when g % 6 = 0 then 2 else 1 end
       from generate_series(1, $2::int) g, pb, c`,
      [T, scale.products, SERIES, KINDS, SPECS, UNITS],
    );
    await timed(
      x,
      'services',
      `with t as (select array_agg(id order by id) as ids, count(*)::int as n from service_types where tenant_id = $1),
            br as (select id from branches where tenant_id = $1 and name = '门店事业部')
       insert into services (tenant_id, code, name, service_type_id, branch_id, line, duration_minutes, base_price, perf_ratio)
       select $1, 'BS' || lpad(g::text, 5, '0'),
              ($3::text[])[1 + g % cardinality($3::text[])] || ($4::text[])[1 + (g / cardinality($3::text[])) % cardinality($4::text[])] ||
                case when g > cardinality($3::text[]) * cardinality($4::text[]) then ' ' || (g / (cardinality($3::text[]) * cardinality($4::text[])))::text || '号' else '' end,
              t.ids[1 + g % t.n], (select id from br), case when g % 16 < 8 then 'mf' else 'mr' end,
              30 + (g % 6) * 15, 6800 + (g * 1300) % 60000, case when g % 3 = 0 then 3000 end
       from generate_series(1, $2::int) g, t`,
      [T, scale.services, SERVICES, SERVICE_GRADES],
    );
    await timed(
      x,
      'stock_products',
      `with s as (select id, row_number() over (order by id) as i from shops where tenant_id = $1 and code like 'M%'),
            p as (select array_agg(id order by id) as ids, count(*)::int as n from products where tenant_id = $1 and pcode like 'BP%')
       insert into stock_products (tenant_id, shop_id, product_id, safety_stock)
       select $1, s.id, p.ids[1 + ((s.i * 131 + k) % p.n)], 5 + k % 10 from s, p, generate_series(0, $2::int - 1) k`,
      [T, Math.min(scale.keptPerShop, scale.products)],
    );

    // ---- stock bills, lines, ledger, balances, logs ----
    // Bill g goes to generated shop (g % shops); q = its rank in that shop. The first 80% of a shop's
    // bills are entries (purchase), the rest outs (use) of at most 3 per line, dated later: no
    // balance ever goes below zero. Every 50th bill stays a draft (no ledger rows).
    const K = Math.min(scale.keptPerShop, scale.products);
    await x.query('drop table if exists pg_temp.gen_bills; drop table if exists pg_temp.gen_lines');
    start = performance.now();
    await x.query(
      `create temp table gen_bills as
       with s as (select array_agg(id order by id) as ids, count(*)::int as n from shops where tenant_id = $1 and code like 'M%')
       select g, s.ids[1 + g % s.n] as shop_id, 1 + g % s.n as si, (g - 1) / s.n as q, ceil($2::numeric / s.n)::int as qn
       from generate_series(1, $2::int) g, s`,
      [T, scale.stockBills],
    );
    await x.query(
      `alter table gen_bills add column type text, add column bill_date date, add column state text, add column bill_no text;
       update gen_bills set type = case when q < qn * 0.8 then '1' else '2' end,
                            bill_date = current_date - 730 + (q * 729 / greatest(qn, 1)),
                            state = case when q % 50 = 49 then 'draft' else 'audited' end;
       update gen_bills set bill_no = case when type = '1' then 'RK' else 'CK' end || to_char(bill_date, 'YYYYMMDD') || '-B' || lpad(g::text, 7, '0')`,
    );
    await x.query(
      `create temp table gen_lines as
       with p as (select array_agg(id order by id) as ids, count(*)::int as n from products where tenant_id = $1 and pcode like 'BP%')
       select b.g, j, p.ids[1 + ((b.si * 131 + ((b.q * $2 + j) % $3)) % p.n)] as product_id,
              case when b.type = '1' then 10 + (b.q + j * 7) % 40 else 1 + (b.q + j) % 3 end as quantity
       from gen_bills b, p, generate_series(0, $2::int - 1) j`,
      [T, scale.linesPerBill, K],
    );
    await x.query(
      `alter table gen_lines add column unit_cost int;
       update gen_lines l set unit_cost = p.purchase_price from products p where p.id = l.product_id;
       create index on gen_lines (g); analyze gen_bills; analyze gen_lines`,
    );
    console.log(`  (staging: ${scale.stockBills} bills × ${scale.linesPerBill} lines generated in ${Math.round(ms(start))} ms)`);
    await timed(
      x,
      'stock_bills',
      `with r as (select id from stock_reasons where tenant_id = $1 and code = 'RK01'), o as (select id from stock_reasons where tenant_id = $1 and code = 'CK01'),
            u as (select id, name from users where tenant_id = $1 and username = 'admin'),
            t as (select g, sum(quantity)::int as qty, sum(quantity * unit_cost)::int as amount from gen_lines group by g)
       insert into stock_bills (tenant_id, bill_no, type, shop_id, bill_date, reason_id, counterpart, state, memo, total_quantity, total_amount,
                                created_by, created_by_name, audited_by, audited_by_name, audited_at, created_at, updated_at)
       select $1, b.bill_no, b.type, b.shop_id, b.bill_date, case when b.type = '1' then (select id from r) else (select id from o) end,
              case when b.type = '1' then ($2::text[])[1 + b.g % cardinality($2::text[])] end, b.state,
              case when b.type = '1' then '门店补货' else '护理领用' end, t.qty, t.amount,
              u.id, u.name, case when b.state = 'audited' then u.id end, case when b.state = 'audited' then u.name end,
              case when b.state = 'audited' then b.bill_date + time '18:00' end, b.bill_date + time '10:00', b.bill_date + time '18:00'
       from gen_bills b join t on t.g = b.g, u order by b.g`,
      [T, SUPPLIERS],
    );
    await x.query('alter table gen_bills add column bill_id bigint');
    await x.query('update gen_bills b set bill_id = s.id from stock_bills s where s.tenant_id = $1 and s.bill_no = b.bill_no', [T]);
    await x.query('analyze stock_bills; analyze gen_bills');
    await timed(
      x,
      'stock_bill_lines',
      `insert into stock_bill_lines (tenant_id, bill_id, product_id, quantity, unit_cost, amount, sort)
       select $1, b.bill_id, l.product_id, l.quantity, l.unit_cost, l.quantity * l.unit_cost, l.j + 1
       from gen_lines l join gen_bills b on b.g = l.g order by b.g, l.j`,
      [T],
    );
    await x.query('analyze stock_bills; analyze stock_bill_lines');
    await timed(
      x,
      'stock_ledger',
      `insert into stock_ledger (tenant_id, shop_id, product_id, delta, balance, doc_type, bill_id, line_id, at)
       select $1, b.shop_id, l.product_id, d.delta,
              sum(d.delta) over (partition by b.shop_id, l.product_id order by l.id)::int,
              case when b.type = '1' then 'stock.entry' else 'stock.out' end, b.id, l.id, b.audited_at
       from stock_bill_lines l join stock_bills b on b.id = l.bill_id,
            lateral (select case when b.type = '1' then l.quantity else -l.quantity end as delta) d
       where b.tenant_id = $1 and l.tenant_id = $1 and b.state = 'audited' and b.bill_no like '__________-B%'
       order by l.id`,
      [T],
    );
    await x.query('analyze stock_ledger');
    await timed(
      x,
      'stock_balances',
      `insert into stock_balances (tenant_id, shop_id, product_id, quantity, updated_at)
       select $1, shop_id, product_id, sum(delta)::int, max(at) from stock_ledger
       where tenant_id = $1 and shop_id in (select id from shops where tenant_id = $1 and code like 'M%')
       group by shop_id, product_id`,
      [T],
    );
    await timed(
      x,
      'bill_logs',
      `insert into bill_logs (tenant_id, doc_type, bill_id, action, from_state, to_state, user_id, username, at)
       select $1, case when s.type = '1' then 'stock.entry' else 'stock.out' end, s.id, a.action, a.from_state, a.to_state, s.created_by, 'admin',
              case when a.action = 'create' then s.created_at else s.audited_at end
       from gen_bills b join stock_bills s on s.id = b.bill_id,
            lateral (values ('create', null, 'draft'), ('audit', 'draft', 'audited')) as a(action, from_state, to_state)
       where a.action = 'create' or s.state = 'audited'`,
      [T],
    );
    await timed(
      x,
      'audit_log',
      `insert into audit_log (tenant_id, user_id, username, action, entity, entity_id, detail, request_id, at)
       select $1, s.created_by, 'admin', a.action, case when s.type = '1' then 'entry' else 'out' end, s.id,
              jsonb_build_object('body', jsonb_build_object('id', s.id, 'version', 1)), substr(md5(s.id::text || a.action), 1, 10),
              case when a.action like '%audit' then s.audited_at else s.created_at end
       from gen_bills b join stock_bills s on s.id = b.bill_id,
            lateral (values ('POST /api-stock/' || case when s.type = '1' then 'entry' else 'out' end),
                            ('POST /api-stock/' || case when s.type = '1' then 'entry' else 'out' end || '/audit')) as a(action)
       where a.action not like '%audit' or s.state = 'audited'`,
      [T],
    );
    // The history's months get their audit log partitions, as a running server makes its own: the rows move out of the default one.
    await x.query('select audit_log_add_months((select min(at) from audit_log), 2)');
    await x.query('drop table if exists gen_bills; drop table if exists gen_lines');

    // ---- members and their stored-value cards ----
    // Numbers continue the tenant's member series; the series is moved past them as the app's import does.
    // The members' audit trigger is off for the load (as for the bills above, whose history is written by hand).
    const firstMember = Number(
      (await x.query(`select coalesce((select last from number_series where tenant_id = $1 and key = 'member'), 0) as n`, [T])).rows[0].n,
    );
    const lastMemberBefore = Number((await x.query('select coalesce(max(id), 0) as n from members')).rows[0].n);
    await x.query('alter table members disable trigger members_audit_change');
    await timed(
      x,
      'members',
      `with s as (select array_agg(id order by id) as ids, count(*)::int as n from shops where tenant_id = $1 and code like 'M%'),
            ch as (select array_agg(id order by id) as ids, greatest(count(*), 1)::int as n from channels where tenant_id = $1),
            gr as (select array_agg(id order by id) as ids, greatest(count(*), 1)::int as n from member_grades where tenant_id = $1),
            nm as (select $4::text[] as sur, $5::text[] as given)
       insert into members (tenant_id, code, name, mobile, gender, birthday, registered_on, shop_id, channel_id, grade_id, status,
                            spent, visits, points, last_visit_at)
       select $1, 'M' || lpad(($3 + g)::text, 7, '0'),
              nm.sur[1 + (g * 31) % cardinality(nm.sur)] || nm.given[1 + (g * 17) % cardinality(nm.given)] ||
                case when g % 3 = 0 then '' else nm.given[1 + (g * 7 + 3) % cardinality(nm.given)] end,
              '17' || lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0'),
              case when g % 10 < 8 then 2 else 1 end,
              date '1965-01-01' + ((g * 137) % 14000),
              date '2018-01-01' + ((g * 53) % 2880),
              s.ids[1 + g % s.n], ch.ids[1 + g % ch.n], gr.ids[1 + g % gr.n],
              case when g % 250 = 0 then 2 else 1 end,
              (g::bigint * 3761) % 2000000, g % 80, (g * 13) % 20000,
              case when g % 8 > 0 then timestamptz '2025-01-01 10:00+08' + make_interval(days => (g * 11) % 690, mins => g % 600) end
       from generate_series(1, $2::int) g, s, ch, gr, nm`,
      [T, scale.members, firstMember, SURNAMES, GIVEN],
    );
    await x.query('alter table members enable trigger members_audit_change');
    await x.query(
      `insert into number_series (tenant_id, key, last) values ($1, 'member', $2)
       on conflict (tenant_id, key) do update set last = $2`,
      [T, firstMember + scale.members],
    );
    await timed(
      x,
      'member_cards',
      `with ct as (select array_agg(id order by id) as ids, count(*)::int as n from card_types where tenant_id = $1 and kind = 1)
       insert into member_cards (tenant_id, card_no, member_id, card_type_id, shop_id, opened_on, service_discount, product_discount,
                                 electronic_no, physical_no, created_at)
       select $1, 'HY' || lpad((m.id * 2 + k)::text, 10, '0'), m.id, ct.ids[1 + (m.id + k) % ct.n], m.shop_id,
              m.registered_on + k * 30, 8500, 9000, 'HY' || lpad((m.id * 2 + k)::text, 10, '0'),
              case when k = 1 and m.id % 3 = 0 then '88' || lpad(m.id::text, 8, '0') end,
              (m.registered_on + k * 30)::timestamptz
       from members m cross join lateral generate_series(1, case when m.id % 2 = 0 then 2 else 1 end) k, ct
       where m.tenant_id = $1 and m.id > $2`,
      [T, lastMemberBefore],
    );
    // Each card opened with money: principal 0–4,900 yuan and a tenth of it as gift, at its shop.
    await timed(
      x,
      'card_bills (open)',
      `insert into card_bills (tenant_id, bill_no, kind, card_id, member_id, shop_id, amount, principal_before, gift_before,
                               principal_change, gift_change, principal_after, gift_after, created_at)
       select $1, 'KK' || to_char(c.opened_on, 'YYYYMMDD') || '-' || lpad(c.id::text, 9, '0'), 'open', c.id, c.member_id, c.shop_id, a.p, 0, 0,
              a.p, a.p / 10, a.p, a.p / 10, c.created_at
       from member_cards c cross join lateral (select ((c.id * 7919) % 50) * 10000 as p) a
       where c.tenant_id = $1 and c.member_id > $2`,
      [T, lastMemberBefore],
    );
    await timed(
      x,
      'card_ledger',
      `insert into card_ledger (tenant_id, card_id, shop_id, bucket, delta, balance, doc_type, bill_id, at)
       select $1, b.card_id, b.shop_id, k.bucket, k.amount, k.amount, 'card.open', b.id, b.created_at
       from card_bills b cross join lateral (values ('principal', b.principal_change), ('gift', b.gift_change)) as k(bucket, amount)
       where b.tenant_id = $1 and b.member_id > $2 and k.amount > 0`,
      [T, lastMemberBefore],
    );
    await timed(
      x,
      'card_balances',
      `insert into card_balances (tenant_id, card_id, shop_id, bucket, amount)
       select $1, card_id, shop_id, bucket, sum(delta) from card_ledger l
       where l.tenant_id = $1 and l.card_id in (select id from member_cards where tenant_id = $1 and member_id > $2)
       group by card_id, shop_id, bucket`,
      [T, lastMemberBefore],
    );
    start = performance.now();
    await x.query(
      `update members m set principal = s.principal, gift = s.gift
       from (select c.member_id,
                    sum(b.amount) filter (where b.bucket = 'principal')::bigint as principal,
                    coalesce(sum(b.amount) filter (where b.bucket = 'gift'), 0)::bigint as gift
             from card_balances b join member_cards c on c.id = b.card_id and c.tenant_id = $1
             where b.tenant_id = $1 and c.member_id > $2 group by c.member_id) s
       where m.tenant_id = $1 and m.id = s.member_id`,
      [T, lastMemberBefore],
    );
    console.log(`  members' money columns from their cards ${Math.round(ms(start))} ms`);

    await generateTillYear(x, T, scale.serviceLines);

    // ---- bench users: sign-in is limited to 10 a minute per ip + user ----
    const users = Array.from({ length: scale.benchUsers }, (_, i) => `bench${String(i + 1).padStart(4, '0')}`);
    await timed(
      x,
      'users (bench sign-in)',
      `insert into users (tenant_id, username, name, password_hash)
       select $1, u, '压测用户' || substr(u, 6), (select password_hash from users where tenant_id = $1 and username = 'admin')
       from unnest($2::text[]) as u`,
      [T, users],
    );
    await timed(
      x,
      'user_roles',
      `insert into user_roles (tenant_id, user_id, role_id)
       select $1, u.id, (select id from roles where tenant_id = $1 and code = 'admin') from users u where u.tenant_id = $1 and u.username like 'bench%'`,
      [T],
    );

    // Vacuumed as autovacuum leaves a table in use (it vacuums insert-only tables too): index-only
    // scans need the visibility map, and plans measured on a never-vacuumed table are not the ones users get.
    start = performance.now();
    await x.query('vacuum analyze');
    console.log(`  vacuum analyze ${Math.round(ms(start))} ms`);

    // ---- check the ledger invariant ----
    const check = await x.query(
      `select
         (select count(*) from stock_balances b full join (select coalesce(shop_id, 0) as loc, product_id, sum(delta) as q from stock_ledger
            where tenant_id = $1 group by 1, 2) l on l.loc = coalesce(b.shop_id, 0) and l.product_id = b.product_id and b.tenant_id = $1
          where (b.tenant_id = $1 or b.tenant_id is null) and b.quantity is distinct from l.q::int)::int as bad,
         (select count(*) from stock_balances where tenant_id = $1 and quantity < 0)::int as negative`,
      [T],
    );
    const { bad, negative } = check.rows[0] as { bad: number; negative: number };
    if (bad || negative) throw new Error(`ledger invariant broken: ${bad} balances differ from their ledger, ${negative} below zero`);
    const cardCheck = await x.query(
      `select
         (select count(*) from card_balances b full join (select card_id, shop_id, bucket, sum(delta) as amount from card_ledger
            where tenant_id = $1 group by 1, 2, 3) l using (card_id, shop_id, bucket)
          where (b.tenant_id = $1 or b.tenant_id is null) and b.amount is distinct from l.amount)::int as bad,
         (select count(*) from card_balances where tenant_id = $1 and amount < 0)::int as negative,
         (select count(*) from members m where m.tenant_id = $1 and m.principal + m.gift <> coalesce((select sum(b.amount) from card_balances b
            join member_cards c on c.id = b.card_id and c.tenant_id = $1 where b.tenant_id = $1 and c.member_id = m.id), 0))::int as members`,
      [T],
    );
    const cards = cardCheck.rows[0] as { bad: number; negative: number; members: number };
    if (cards.bad || cards.negative || cards.members)
      throw new Error(
        `card ledger invariant broken: ${cards.bad} balances differ from their ledger, ${cards.negative} below zero, ${cards.members} members' money differs`,
      );

    const totalSeconds = ms(t0) / 1000;
    const info: BenchInfo = {
      tenant: TENANT,
      tenantId: T,
      adminPassword,
      users,
      scale,
      loadedAt: new Date().toISOString(),
      totalSeconds: Math.round(totalSeconds),
    };
    const file = benchFile({ databaseUrl: process.env.DATABASE_URL });
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
    const rows = stats.reduce((a, s) => a + s.rows, 0);
    console.log(
      `\n  ledger invariants (stock and cards): balance = sum(ledger) on every row, none below zero; members' money = their cards'\n` +
        `  total: ${rows} generated rows in ${totalSeconds.toFixed(1)} s (${os.cpus().length} CPUs, Node ${process.version})\n` +
        `  tenant "${TENANT}" (id ${T}); admin password and bench users in ${file.startsWith(process.cwd()) ? path.relative(process.cwd(), file) : file}`,
    );
  } finally {
    await x.close();
    await database.close();
  }
}

await main();
