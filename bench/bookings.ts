/**
 * Bookings benchmark of the issue "Bookings and customer messaging" (run `npm run bench:data` first):
 *
 *   DATABASE_URL=postgres://... npm run bench:bookings [-- --stylists 30 --per-stylist 10 --reads 200]
 *
 * A shop's day as the calendar and the online booking page read it (`GET /api-yy/billhead/availability`):
 * one generated shop of the bench tenant gets 30 stylists of its own (made once, through the API),
 * scheduled 09:00–21:00 on a day two days ahead, and 10 bookings each on that day (300, made through
 * `POST /api-yy/billhead/save`, sequentially; their p50/p99 is reported too). Then, sequentially:
 * the availability through the API, in this process, against the same reads as raw SQL on one
 * connection (the booking settings, the shop's stylists, their shifts of the day and the day's
 * bookings with their till bills' numbers). Every run checks that the answer holds every booking.
 * Beside them, once: every employee of the generated shops booked ten times a day for the week before
 * (`--background-days`, bulk SQL), so that the day is read out of a chain's table, not a shop's.
 * Results: a markdown table on stdout and in bench/results/bookings-<date>.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { CALENDAR_STATES, YY_PATHS } from '@headoffice/contract';
import pg from 'pg';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { migrate } from '../server/src/db/migrate.js';
import { openConfiguredDatabase } from '../server/src/db/open.js';
import { CONFIG_KEY } from '../server/src/modules/bookings/config.js';
import { type BenchInfo, benchFile } from './common.js';
import { f1, loginBody, pct } from './load.js';

const { values: flags } = parseArgs({
  options: {
    stylists: { type: 'string', default: '30' },
    'per-stylist': { type: 'string', default: '10' },
    reads: { type: 'string', default: '200' },
    'background-days': { type: 'string', default: '7' },
  },
});
const STYLISTS = Number(flags.stylists);
const PER_STYLIST = Number(flags['per-stylist']);
const READS = Number(flags.reads);
const BACKGROUND_DAYS = Number(flags['background-days']);
const URL_ = process.env.DATABASE_URL ?? '';
if (!URL_) throw new Error('DATABASE_URL is required (PostgreSQL with the bench tenant: npm run bench:data)');
const info = JSON.parse(fs.readFileSync(benchFile({ databaseUrl: URL_ }), 'utf8')) as BenchInfo;
const STYLIST_NAME = '压测发型师';

const companyDay = (daysAhead: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + daysAhead * 86_400_000));
const DAY = companyDay(2);
const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const config = { ...loadConfig({ ...process.env, DATABASE_URL: URL_ }), dataDir: path.join(os.tmpdir(), 'headoffice-bench-bookings') };
const database = await openConfiguredDatabase(config);
await migrate(database);
const app = await buildApp({ database, config });
const owner = new pg.Client({ connectionString: URL_ });
await owner.connect();
const T = info.tenantId;

try {
  const login = await app.inject({ method: 'POST', url: '/api-user/login', payload: loginBody(info, 3) });
  const token = (login.json() as { data: { access_token: string } }).data.access_token;
  const call = async <R = Record<string, unknown>>(method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }),
    });
    const json = res.json() as { resp_msg: string; data: R };
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${json.resp_msg}`);
    return json.data;
  };

  // ---- the shop, its stylists and their shift of the day, once ----
  const { rows: shopRows } = await owner.query("select id, name from shops where tenant_id = $1 and code like 'M%' order by id limit 1", [
    T,
  ]);
  const shopId = Number(shopRows[0].id);
  const stylistIds = async () =>
    (
      await owner.query('select id from employees where tenant_id = $1 and shop_id = $2 and name like $3 order by id', [
        T,
        shopId,
        `${STYLIST_NAME}%`,
      ])
    ).rows.map((r) => Number(r.id));
  for (let i = (await stylistIds()).length; i < STYLISTS; i++)
    await call('POST', '/api-chain/employee', {
      eecode: `YYB${shopId}-${String(i + 1).padStart(2, '0')}`,
      name: `${STYLIST_NAME}${String(i + 1).padStart(2, '0')}`,
      shopId,
      entryDate: '2024-01-01',
    });
  const eeids = (await stylistIds()).slice(0, STYLISTS);
  const { rows: shifted } = await owner.query(
    'select count(*)::int as n from check_records where tenant_id = $1 and shop_id = $2 and cdate = $3 and employee_id = any($4) and class_id is not null',
    [T, shopId, DAY, eeids],
  );
  if (shifted[0].n < eeids.length) {
    const color = (await call<string | null>('GET', '/api-pers/checkclass/getMaxColor', { shopid: String(shopId) })) ?? '#8c8c8c';
    const shift = await call<{ id: number }>('POST', '/api-pers/checkclass/save', {
      code: `YB${Date.now() % 100_000}`,
      name: '压测全天班',
      shopId,
      startTime: '09:00',
      endTime: '21:00',
      color,
    });
    await call('POST', '/api-pers/employeeschedule/batchPb', { shopid: shopId, eeids, startDate: DAY, endDate: DAY, classId: shift.id });
  }

  // ---- the chain's past week, once: every employee of the generated shops booked 10 times a day ----
  const { rows: background } = await owner.query("select count(*)::int as n from bookings where tenant_id = $1 and bill_no like 'YYBG%'", [
    T,
  ]);
  if (!background[0].n && BACKGROUND_DAYS > 0) {
    const t0 = performance.now();
    const { rowCount } = await owner.query(
      `insert into bookings (tenant_id, bill_no, shop_id, custname, custmobile, eeid, yyday, start_min, hjtimes, ctype, status, sersnames)
       select $1, 'YYBG' || e.id || '-' || to_char(d, 'YYYYMMDD') || '-' || k, e.shop_id, '老顾客',
              '139' || lpad((e.id % 100000000)::text, 8, '0'), e.id, d::date, 540 + k * 60, 60, 3, 5, '剪发'
         from employees e
        cross join generate_series($2::date - $3::int, $2::date - 1, interval '1 day') d
        cross join generate_series(0, 9) k
        where e.tenant_id = $1 and e.shop_id in (select id from shops where tenant_id = $1 and code like 'M%')`,
      [T, DAY, BACKGROUND_DAYS],
    );
    await owner.query('analyze bookings');
    console.log(`  ${rowCount} bookings of the past ${BACKGROUND_DAYS} days in ${Math.round((performance.now() - t0) / 1000)} s`);
  }

  // ---- the day's bookings: PER_STYLIST an hour apart from 09:00 for each stylist ----
  const services = await call<{ id: number; minutes: number }[]>('GET', `/api-yy/service/list/all`);
  const service = services.find((s) => s.minutes > 0 && s.minutes <= 60);
  if (!service) throw new Error('no bookable service of an hour or less');
  const channel = (await call<{ id: number }[]>('GET', '/api-yy/channel/list/all'))[0];
  const { rows: bookedRows } = await owner.query(
    'select eeid, start_min from bookings where tenant_id = $1 and shop_id = $2 and yyday = $3 and status = any($4)',
    [T, shopId, DAY, [...CALENDAR_STATES]],
  );
  const taken = new Set(bookedRows.map((r) => `${r.eeid} ${r.start_min}`));
  const saves: number[] = [];
  for (const [i, eeid] of eeids.entries())
    for (let k = 0; k < PER_STYLIST; k++) {
      const start = 9 * 60 + k * 60;
      if (taken.has(`${eeid} ${start}`)) continue;
      const t0 = performance.now();
      await call('POST', YY_PATHS.save, {
        shopId,
        custname: `顾客${i}-${k}`,
        custmobile: `137${String(shopId % 10_000).padStart(4, '0')}${String(i * 100 + k).padStart(4, '0')}`,
        eeid,
        yydate: `${DAY} ${clock(start)}`,
        serviceIds: [service.id],
        ycid: channel?.id,
      });
      saves.push(performance.now() - t0);
    }
  saves.sort((a, b) => a - b);
  const expected = eeids.length * PER_STYLIST;

  // ---- the reads ----
  type Answer = { stylists: { eeid: number; bookings: unknown[] }[] };
  const countOf = (a: Answer) => a.stylists.filter((s) => eeids.includes(s.eeid)).reduce((n, s) => n + s.bookings.length, 0);
  const api: number[] = [];
  for (let i = 0; i < READS; i++) {
    const t0 = performance.now();
    const answer = await call<Answer>('GET', YY_PATHS.availability, { shopId: String(shopId), date: DAY });
    api.push(performance.now() - t0);
    if (countOf(answer) < expected) throw new Error(`the answer holds ${countOf(answer)} of ${expected} bookings`);
  }
  const raw: number[] = [];
  for (let i = 0; i < READS; i++) {
    const t0 = performance.now();
    await owner.query('select value from tenant_settings where tenant_id = $1 and key = $2', [T, CONFIG_KEY]);
    await owner.query('select id, name from employees where tenant_id = $1 and shop_id = $2 and status = 1 order by booking_order, id', [
      T,
      shopId,
    ]);
    await owner.query(
      `select r.employee_id, c.start_time, c.end_time, r.kq_am, r.kq_pm from check_records r
         join check_classes c on c.tenant_id = r.tenant_id and c.id = r.class_id
        where r.tenant_id = $1 and r.shop_id = $2 and r.cdate = $3 and r.class_id is not null`,
      [T, shopId, DAY],
    );
    const { rows } = await owner.query(
      `select b.id, b.eeid, b.start_min, b.hjtimes, b.status, b.custname, b.sersnames, b.version, b.till_bill_id, s.bill_no
         from bookings b left join service_bills s on s.tenant_id = b.tenant_id and s.id = b.till_bill_id
        where b.tenant_id = $1 and b.shop_id = $2 and b.yyday = $3 and b.status = any($4) order by b.start_min`,
      [T, shopId, DAY, [...CALENDAR_STATES]],
    );
    raw.push(performance.now() - t0);
    if (rows.length < expected) throw new Error(`raw SQL found ${rows.length} of ${expected} bookings`);
  }
  api.sort((a, b) => a - b);
  raw.sort((a, b) => a - b);
  const { rows: size } = await owner.query('select count(*)::int as n from bookings where tenant_id = $1', [T]);

  const lines = [
    `# Bookings benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Data: ${info.scale.shops} shops, ${info.scale.employees} employees (bench:data ${info.loadedAt}); ${size[0].n} bookings in the tenant. ${os.cpus().length} CPUs, Node ${process.version}.`,
    `The day: ${shopRows[0].name}, ${DAY}, ${eeids.length} stylists on 09:00–21:00, ${expected} bookings of ${service.minutes} minutes.`,
    '',
    `## A shop's day (\`availability\`), ${READS} sequential reads`,
    '',
    '| | p50 ms | p99 ms | ratio (p50) |',
    '| --- | --- | --- | --- |',
    `| API \`${YY_PATHS.availability}\`, in process | ${f1(pct(api, 0.5))} | ${f1(pct(api, 0.99))} | ${(pct(api, 0.5) / pct(raw, 0.5)).toFixed(1)} |`,
    `| raw SQL, the same four reads on one connection | ${f1(pct(raw, 0.5))} | ${f1(pct(raw, 0.99))} | 1 |`,
    '',
    saves.length
      ? `Bookings made in this run: ${saves.length}, \`${YY_PATHS.save}\` p50 ${f1(pct(saves, 0.5))} ms, p99 ${f1(pct(saves, 0.99))} ms (sequential).`
      : 'The bookings were made by an earlier run.',
  ];
  const out = lines.join('\n');
  console.log(`\n${out}`);
  const file = path.join(import.meta.dirname, 'results', `bookings-${new Date().toISOString().slice(0, 10)}.md`);
  fs.writeFileSync(file, `${out}\n`);
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
} finally {
  await app.close();
  await database.close();
  database.release();
  await owner.end();
}
