/**
 * Commission and attendance benchmark of the issue "Staff time and pay" (run `npm run bench:data` with
 * its year of the till first, or `npm run bench:data -- --add-till` on an existing data set):
 *
 *   DATABASE_URL=postgres://... npm run bench:commission [-- --month 2026-10 --runs 3]
 *
 * 1. The full month's commission run: the chain's statement of a month (every performance row of
 *    every employee, each with its scheme, item, tier and commission), as head office asks for it
 *    (`POST /api-pers/employeeroyalty/chain/list`, all shops), timed end to end in this process, against
 *    one SQL aggregation over the same rows (the month's performance per employee, joined to the
 *    bills and lines the statement reads). The server's resident memory before and after is printed.
 *    The bench tenant gets one commission scheme over all its generated shops first (made once,
 *    through the API): services 20% 指定 / 10% 非指定 less 10% cost, 30% / 15% from 3,000.00 of the
 *    month's performance; anything else 3.00 a unit.
 * 2. A shop's month attendance grid (`GET /api-pers/employeeschedule/shopEeScheduleList`) for a shop
 *    whose employees are scheduled every day of the next month (made through `batchPb`), p50/p99 of
 *    sequential requests, against the raw SQL reading the same schedule rows.
 * The database is migrated first (the commission tables are newer than most data sets).
 * Results: a markdown table on stdout and in bench/results/commission-<date>.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { migrate } from '../server/src/db/migrate.js';
import { openConfiguredDatabase } from '../server/src/db/open.js';
import { type BenchInfo, benchFile } from './common.js';
import { f1, loginBody, pct } from './load.js';

const lastMonth = () => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
};
const nextMonth = () => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 7);
};
const { values: flags } = parseArgs({
  options: {
    month: { type: 'string', default: lastMonth() },
    runs: { type: 'string', default: '3' },
    grids: { type: 'string', default: '50' },
  },
});
const MONTH = flags.month;
const RUNS = Number(flags.runs);
const URL_ = process.env.DATABASE_URL ?? '';
if (!URL_) throw new Error('DATABASE_URL is required (PostgreSQL with the bench tenant: npm run bench:data)');
const info = JSON.parse(fs.readFileSync(benchFile({ databaseUrl: URL_ }), 'utf8')) as BenchInfo;
const SCHEME = '压测提成方案';
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

const config = { ...loadConfig({ ...process.env, DATABASE_URL: URL_ }), dataDir: path.join(os.tmpdir(), 'headoffice-bench-commission') };
const database = await openConfiguredDatabase(config);
await migrate(database);
const app = await buildApp({ database, config });
const owner = new pg.Client({ connectionString: URL_ });
await owner.connect();
const T = info.tenantId;

try {
  const login = await app.inject({ method: 'POST', url: '/api-user/login', payload: loginBody(info, 2) });
  const token = (login.json() as { data: { access_token: string } }).data.access_token;
  const call = async (method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }),
    });
    const json = res.json() as { resp_msg: string; data: Record<string, unknown> };
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${json.resp_msg}`);
    return json.data;
  };

  // ---- the scheme, once ----
  const { rows: existing } = await owner.query('select id from royalty_schemes where tenant_id = $1 and name = $2', [T, SCHEME]);
  if (!existing.length) {
    const { rows: shopRows } = await owner.query("select id from shops where tenant_id = $1 and code like 'M%' order by id", [T]);
    const type = await call('POST', '/api-pers/royaltytype/save', { code: 'BENCH', name: '压测提成' });
    const scheme = await call('POST', '/api-pers/royaltymanage/save', {
      prmname: SCHEME,
      type: 1,
      shops: shopRows.map((r) => Number(r.id)),
    });
    const group = await call('POST', '/api-pers/royaltygroup/save', { schemeId: scheme.id, royaltyTypeId: type.id, name: '全部岗位' });
    const { rows: serviceRows } = await owner.query('select id from services where tenant_id = $1 and status = 1 order by id', [T]);
    await call('POST', '/api-pers/royaltyitem/item', {
      groupId: group.id,
      items: [{ itemtype: 'service', ids: serviceRows.map((r) => Number(r.id)) }],
      normType: 2,
      costType: 1,
      cost: 1_000,
      norm: 2_000,
      norm2: 1_000,
      levelList: [{ level: 1, pcondition: 1, subdescList: [{ prnname: 'yj', pvalue: 300_000 }], norm: 3_000, norm2: 1_500 }],
    });
    await call('POST', '/api-pers/royaltyitem/item', { groupId: group.id, normType: 1, norm: 300, norm2: 300 });
    console.log(`  scheme "${SCHEME}" made over ${shopRows.length} shops`);
  }

  // ---- 1. the month's run ----
  const first = `${MONTH}-01`;
  const { rows: facts } = await owner.query(
    `select count(*)::int as rows, count(distinct employee_id)::int as employees from service_bill_perf
      where tenant_id = $1 and business_date >= $2::date and business_date < ($2::date + interval '1 month')`,
    [T, first],
  );
  console.log(`  ${MONTH}: ${facts[0].rows} performance rows of ${facts[0].employees} employees`);
  const runs: { ms: number; rows: number; royalty: number; rssAfter: number }[] = [];
  const rssBefore = process.memoryUsage().rss;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const data = await call('POST', '/api-pers/employeeroyalty/chain/list', { month: MONTH, pageSize: 50 });
    const took = performance.now() - t0;
    const sum = data.sum as { royalty: number };
    runs.push({ ms: took, rows: Number(data.total), royalty: sum.royalty, rssAfter: process.memoryUsage().rss });
    console.log(`  run ${i + 1}: ${Math.round(took)} ms, ${data.total} rows, commission ${(sum.royalty / 100).toFixed(2)}`);
  }
  const aggregation = `select p.employee_id, count(*), sum(p.amount), sum(l.amount)
                         from service_bill_perf p
                         join service_bills b on b.tenant_id = p.tenant_id and b.id = p.bill_id
                         join service_bill_lines l on l.tenant_id = p.tenant_id and l.id = p.line_id
                        where p.tenant_id = $1 and p.business_date >= $2::date and p.business_date < ($2::date + interval '1 month')
                        group by p.employee_id`;
  const sqlRuns: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await owner.query(aggregation, [T, first]);
    sqlRuns.push(performance.now() - t0);
  }

  // ---- 2. a shop's month grid ----
  const { rows: shopRow } = await owner.query(
    `select shop_id, array_agg(id order by id) as ids from employees where tenant_id = $1 and shop_id in
       (select id from shops where tenant_id = $1 and code like 'M%') group by shop_id order by count(*) desc, shop_id limit 1`,
    [T],
  );
  const shopId = Number(shopRow[0].shop_id);
  const eeids = (shopRow[0].ids as string[]).map(Number).slice(0, 200);
  const month = nextMonth();
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const { rows: scheduled } = await owner.query(
    `select count(*)::int as n from check_records where tenant_id = $1 and shop_id = $2 and to_char(cdate, 'YYYY-MM') = $3`,
    [T, shopId, month],
  );
  if (scheduled[0].n < eeids.length * days) {
    const color = (await call('GET', '/api-pers/checkclass/getMaxColor', { shopid: String(shopId) })) ?? '#8c8c8c';
    const shift = await call('POST', '/api-pers/checkclass/save', {
      code: `BC${Date.now() % 100000}`,
      name: '压测早班',
      shopId,
      startTime: '10:00',
      endTime: '19:00',
      color,
    });
    await call('POST', '/api-pers/employeeschedule/batchPb', {
      shopid: shopId,
      eeids,
      startDate: `${month}-01`,
      endDate: `${month}-${String(days).padStart(2, '0')}`,
      classId: shift.id,
    });
  }
  const grid: number[] = [];
  for (let i = 0; i < Number(flags.grids); i++) {
    const t0 = performance.now();
    await call('GET', '/api-pers/employeeschedule/shopEeScheduleList', { shopid: String(shopId), month });
    grid.push(performance.now() - t0);
  }
  const rawGrid: number[] = [];
  for (let i = 0; i < Number(flags.grids); i++) {
    const t0 = performance.now();
    await owner.query(
      `select r.*, e.eecode, e.name from check_records r join employees e on e.tenant_id = r.tenant_id and e.id = r.employee_id
        where r.tenant_id = $1 and r.shop_id = $2 and r.cdate >= $3::date and r.cdate < ($3::date + interval '1 month')`,
      [T, shopId, `${month}-01`],
    );
    rawGrid.push(performance.now() - t0);
  }
  grid.sort((a, b) => a - b);
  rawGrid.sort((a, b) => a - b);

  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const apiMs = median(runs.map((r) => r.ms));
  const sqlMs = median(sqlRuns);
  const lines = [
    `# Commission and attendance benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Data: ${info.scale.shops} shops, ${info.scale.employees} employees, ${info.scale.serviceLines ?? '?'} service lines in the year (bench:data ${info.loadedAt}). ${os.cpus().length} CPUs, Node ${process.version}.`,
    '',
    `## The month's commission run (${MONTH}: ${facts[0].rows} performance rows of ${facts[0].employees} employees)`,
    '',
    '| | runs (ms) | median ms | ratio |',
    '| --- | --- | --- | --- |',
    `| statement of the whole chain (API, in process) | ${runs.map((r) => Math.round(r.ms)).join(', ')} | ${Math.round(apiMs)} | ${(apiMs / sqlMs).toFixed(1)} |`,
    `| one SQL aggregation over the same rows | ${sqlRuns.map((r) => Math.round(r)).join(', ')} | ${Math.round(sqlMs)} | 1 |`,
    '',
    `Statement rows: ${runs[0].rows}; commission ${(runs[0].royalty / 100).toFixed(2)} yuan, the same in every run: ${runs.every((r) => r.royalty === runs[0].royalty)}. Process RSS ${mb(rssBefore)} MB before, ${Math.max(...runs.map((r) => mb(r.rssAfter)))} MB after at most.`,
    '',
    `## A shop's month attendance grid (${eeids.length} employees × ${days} days, ${Number(flags.grids)} sequential requests)`,
    '',
    '| | p50 ms | p99 ms |',
    '| --- | --- | --- |',
    `| API \`shopEeScheduleList\` | ${f1(pct(grid, 0.5))} | ${f1(pct(grid, 0.99))} |`,
    `| raw SQL, the same rows | ${f1(pct(rawGrid, 0.5))} | ${f1(pct(rawGrid, 0.99))} |`,
  ];
  const out = lines.join('\n');
  console.log(`\n${out}`);
  const file = path.join(import.meta.dirname, 'results', `commission-${new Date().toISOString().slice(0, 10)}.md`);
  fs.writeFileSync(file, `${out}\n`);
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
} finally {
  await app.close();
  await database.close();
  database.release();
  await owner.end();
}
