/**
 * Reports benchmark of the issue "Reports…" (run `npm run bench:data -- … --members 2000000` first):
 *
 *   DATABASE_URL=postgres://… npm run bench:reports [-- --runs 20 --replica postgres://…:5433/… --export-rows 1000000]
 *
 * The bench server as a child process (bench/server.ts), signed in as the bench tenant's admin, on the
 * primary and (with `--replica`) again with REPORTS_DATABASE_URL set to a streaming replica of it. Sequentially,
 * `--runs` times each: the month's turnover by shop (the shipped TURNOVER_SHOP over the last full month), a day's
 * bills of one shop (TILL_BILLS, a chart's click), the month by day (TURNOVER_DAY) and the extra requests given by
 * `--get path?query` (the member statistics, say), against the same report SQL run raw as the reader role under
 * the tenant's row security on one connection (what the runner adds: the checks, the count and the totals, the
 * page, JSON). Then one workbook of about `--export-rows` service lines (a report defined for it), streamed while
 * the child's resident set size is sampled every 50 ms: its peak against its size before.
 * Results: a markdown table on stdout and in bench/results/reports-<date>.md.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { CHART_REPORTS, REPORT_HEAD, REPORT_PATHS, reportDataPath } from '@headoffice/contract';
import pg from 'pg';
import { SHIPPED_REPORTS } from '../server/src/modules/reports/shipped.js';
import { type BenchInfo, benchFile, busiestShopDay, lastFullMonth, markdown, timeGet, timeRaw } from './common.js';
import { type Child, f1, pct, signIn, startChild } from './load.js';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    replica: { type: 'string' },
    'export-rows': { type: 'string', default: '1000000' },
    get: { type: 'string', multiple: true, default: [] },
  },
});
const RUNS = Number(flags.runs);
const EXPORT_ROWS = Number(flags['export-rows']);
const URL_ = process.env.DATABASE_URL ?? '';
if (!URL_) throw new Error('DATABASE_URL is required (PostgreSQL with the bench tenant: npm run bench:data)');
const info = JSON.parse(fs.readFileSync(benchFile({ databaseUrl: URL_ }), 'utf8')) as BenchInfo;
const T = info.tenantId;
const EXPORT_CODE = 'BENCH_EXPORT_LINES';
const EXPORT_SQL = `select l.id as line_id, b.bill_no, b.shop_id, b.business_date as day, l.code, l.name, l.num, l.amount
from service_bill_lines l
join service_bills b on b.id = l.bill_id
where b.business_date between :day_from and :day_to and b.shop_id = any(:shop_ids)`;

const owner = new pg.Client({ connectionString: URL_ });
await owner.connect();
const one = async (text: string, values: unknown[] = []) => (await owner.query(text, values)).rows[0];

// the last full month, one generated shop and its busiest day in it
const month = await lastFullMonth(owner, T);
const busiest = await busiestShopDay(owner, T, month);
const shopDay: [string, string] = [busiest.day, busiest.day];

// a window of days whose lines are at most EXPORT_ROWS (the workbook's cap), as many as that allows
const perDay = (
  await owner.query(
    `select b.business_date::text as day, count(*)::int as n from service_bill_lines l join service_bills b on b.id = l.bill_id
     where b.tenant_id = $1 group by 1 order by 1 desc`,
    [T],
  )
).rows as { day: string; n: number }[];
let exportRows = 0;
let exportFrom = perDay[0]?.day ?? month[0];
for (const d of perDay) {
  if (exportRows + d.n > EXPORT_ROWS) break;
  exportRows += d.n;
  exportFrom = d.day;
}
const exportDays: [string, string] = [exportFrom, perDay[0]?.day ?? month[1]];

// head office's shops: what the runner binds to `:shop_ids` for the admin
const { ids: allShops } = await one('select array_agg(id order by id) as ids from shops where tenant_id = $1', [T]);

/** A report's SQL with its `:name` parameters as $n, for the raw runs. */
function rawOf(code: string, params: Record<string, string | null>) {
  const report = SHIPPED_REPORTS.find((r) => r.code === code);
  if (!report) throw new Error(`no shipped report ${code}`);
  const values: unknown[] = [];
  const text = report.reportSql.replace(/(?<!:):([a-z_][a-z0-9_]*)/g, (_, name: string) => {
    values.push(name === 'shop_ids' ? allShops : (params[name] ?? null));
    return `$${values.length}`;
  });
  return { text, values };
}

interface Case {
  label: string;
  path: string;
  raw?: { text: string; values: unknown[] };
}

const data = (code: string, params: Record<string, unknown>) =>
  `${reportDataPath(REPORT_HEAD)}?${new URLSearchParams({ code, params: JSON.stringify(params), page: '1', pageSize: '20' })}`;

const cases: Case[] = [
  {
    label: `turnover by shop, the chain's month (${month.join(' – ')}, TURNOVER_SHOP)`,
    path: data(CHART_REPORTS.turnoverShop, { day: month }),
    raw: rawOf(CHART_REPORTS.turnoverShop, { day_from: month[0], day_to: month[1], region_id: null }),
  },
  {
    label: "turnover by day, the chain's month (TURNOVER_DAY)",
    path: data(CHART_REPORTS.turnoverDay, { day: month }),
    raw: rawOf(CHART_REPORTS.turnoverDay, { day_from: month[0], day_to: month[1], shop_id: null, region_id: null }),
  },
  {
    label: `one shop's busiest day's bills (${shopDay[0]}, TILL_BILLS, page 1)`,
    path: data(CHART_REPORTS.tillBills, { day: shopDay, shop_id: String(busiest.shopId) }),
    raw: (() => {
      const r = rawOf(CHART_REPORTS.tillBills, {
        day_from: shopDay[0],
        day_to: shopDay[1],
        region_id: null,
        pay_type_id: null,
        employee_code: null,
      });
      return { text: `select * from (${r.text}) r where shop_id = ${Number(busiest.shopId)} limit 20`, values: r.values };
    })(),
  },
  ...(flags.get ?? []).map((p) => ({ label: `GET ${p}`, path: p })),
];

/** The workbook of the export report streamed to nothing, the child's RSS sampled meanwhile. */
async function exportOnce(child: Child, token: string) {
  const q = new URLSearchParams({ params: JSON.stringify({ day: exportDays }) });
  child.sample();
  const rssBefore = child.peakRss;
  child.peakRss = 0;
  const timer = setInterval(() => child.sample(), 50);
  const t0 = performance.now();
  const res = await fetch(`http://127.0.0.1:${child.port}${REPORT_PATHS.export.replace(':code', EXPORT_CODE)}?${q}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status} ${(await res.text()).slice(0, 300)}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
  clearInterval(timer);
  child.sample();
  return { seconds: (performance.now() - t0) / 1000, bytes, rssBefore, rssPeak: child.peakRss };
}

const { say, write } = markdown();

say(`# Reports at the chain's scale (${new Date().toISOString().slice(0, 10)})`);
say();
say(
  `Tenant ${T}: month ${month.join(' – ')}; export window ${exportDays.join(' – ')} (${exportRows.toLocaleString('en')} lines); ${RUNS} runs each, sequential.`,
);

const sources: { name: string; env: Record<string, string> }[] = [{ name: 'primary', env: {} }];
if (flags.replica) sources.push({ name: 'replica', env: { REPORTS_DATABASE_URL: flags.replica } });
const rawTimes = new Map<string, number[]>();
for (const c of cases) if (c.raw) rawTimes.set(c.label, (await timeRaw(owner, T, 'headoffice_reader', [c.raw], RUNS)).times);

try {
  for (const source of sources) {
    const child = await startChild({ DATABASE_URL: URL_, ...source.env });
    try {
      const token = await signIn(child.port, info, 0);
      // the export's report, defined once through the API
      const defined = await fetch(`http://127.0.0.1:${child.port}${REPORT_PATHS.headSave}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          code: EXPORT_CODE,
          name: '压测导出：服务明细',
          reportSql: EXPORT_SQL,
          items: [
            { fieldName: 'day', fieldTxt: '营业日', fieldType: 'date', isSearch: true, isRange: true, isNonull: true, sort: 1 },
            { fieldName: 'bill_no', fieldTxt: '单号', sort: 2 },
            { fieldName: 'code', fieldTxt: '编码', sort: 3 },
            { fieldName: 'name', fieldTxt: '项目', sort: 4 },
            { fieldName: 'num', fieldTxt: '数量', fieldType: 'number', sort: 5 },
            { fieldName: 'amount', fieldTxt: '金额', fieldType: 'money', sort: 6 },
          ],
          ...(await existingId(child, token)),
        }),
      });
      if (defined.status !== 200) throw new Error(`saving the export report: ${defined.status} ${await defined.text()}`);
      say();
      say(`## Reading from the ${source.name}`);
      say();
      say('| request | API p50 / p99 ms | raw SQL p50 / p99 ms | API / raw (p50) |');
      say('| --- | ---: | ---: | ---: |');
      for (const c of cases) {
        const { times: api } = await timeGet(child.port, token, c.path, RUNS);
        const raw = rawTimes.get(c.label);
        say(
          `| ${c.label} | ${f1(pct(api, 0.5))} / ${f1(pct(api, 0.99))} | ${raw ? `${f1(pct(raw, 0.5))} / ${f1(pct(raw, 0.99))}` : '–'} | ${
            raw ? `${f1((pct(api, 0.5) / pct(raw, 0.5)) * 100)}%` : '–'
          } |`,
        );
      }
      const exported = await exportOnce(child, token);
      say();
      say(
        `Workbook of ${exportRows.toLocaleString('en')} lines: ${f1(exported.seconds)} s, ${f1(exported.bytes / 1024 / 1024)} MB sent; the server's RSS ${f1(exported.rssBefore)} MB before, peak ${f1(exported.rssPeak)} MB while streaming.`,
      );
    } finally {
      await child.stop();
    }
  }
} finally {
  await owner.end();
}

async function existingId(child: Child, token: string): Promise<{ id?: number }> {
  const res = await fetch(`http://127.0.0.1:${child.port}${REPORT_PATHS.headList}?${new URLSearchParams({ keyword: EXPORT_CODE })}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data?: { list?: { id: number; code: string }[] } };
  const found = body.data?.list?.find((r) => r.code === EXPORT_CODE);
  return found ? { id: found.id } : {};
}

write('reports');
