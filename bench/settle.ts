/**
 * Settle benchmark of the till issue (run `npm run bench:data` first):
 *
 *   DATABASE_URL=postgres://... npm run bench:settle [-- --bills 200 --connections 1,8 --round 40]
 *
 * What is measured: 结账 of a 5-line service bill (3 services, 2 products; 3 employees on stations 1–3)
 * for a member, paid by 2 payments (the member's stored-value card and cash), through the API, against
 * the same writes as raw SQL in one transaction, at each connection count. At n connections, n shops'
 * tills settle at once, each its own bills (one worker per shop), each bill with its own member's card.
 *
 * How the raw SQL is the same writes: every bill is opened and given its lines through the API first
 * (unmeasured). For a bill settled as raw SQL, the server built in this process settles it once with
 * pg's Client.query wrapped: every statement (text, values, prepared name) is recorded and the
 * transaction's `commit` is sent as `rollback`, so the bill stays open. The measured raw settle then
 * replays exactly those statements on a plain connection and commits; an id an INSERT ... RETURNING gave
 * at recording is replaced in later values by the id the replay's own INSERT returned (each sequence is
 * first moved to a range of its own, so that such an id is never mistaken for another table's), and a
 * bill number by the one the replay's number series gave.
 * Beside each: PostgreSQL's CPU time per settle, read from the backends' own counters.
 * Results: a markdown table on stdout and in bench/results/settle-<date>.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { openConfiguredDatabase } from '../server/src/db/open.js';
import { type BenchInfo, benchFile } from './common.js';
import { type Child, cpuMsOf, f1, loginBody, pct, signIn, startChild } from './load.js';

const { values: flags } = parseArgs({
  options: {
    bills: { type: 'string', default: '200' },
    connections: { type: 'string', default: '1,8' },
    round: { type: 'string', default: '40' },
  },
});
const BILLS = Number(flags.bills);
const LEVELS = flags.connections.split(',').map(Number);
/** Bills a shop holds open at once (its hand-tag range allows at most 100). */
const ROUND = Math.min(80, Number(flags.round));
const URL_ = process.env.DATABASE_URL ?? '';
if (!URL_) throw new Error('DATABASE_URL is required (PostgreSQL with the bench tenant: npm run bench:data)');
const info = JSON.parse(fs.readFileSync(benchFile({ databaseUrl: URL_ }), 'utf8')) as BenchInfo;
const API_APPLICATION = 'headoffice-bench-settle';
const C = '/api-cashier';

// ---- recording: pg's Client.query wrapped; `commit` becomes `rollback` while recording ----
interface Recorded {
  text: string;
  values?: unknown[];
  name?: string;
  rowMode?: string;
  rows?: unknown[];
}
let recording: Recorded[] | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (recording) {
    const [a, b] = args as [string | { text: string; values?: unknown[]; name?: string; rowMode?: string }, unknown];
    const stmt: Recorded =
      typeof a === 'string'
        ? { text: a, values: Array.isArray(b) ? b : undefined }
        : { text: a.text, values: a.values ?? (Array.isArray(b) ? b : undefined), name: a.name, rowMode: a.rowMode };
    recording.push(stmt);
    if (stmt.text.trim().toLowerCase() === 'commit') args[0] = 'rollback';
    const result = (originalQuery as (...x: unknown[]) => unknown).apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<{ rows?: unknown[] }>).then(
        (r) => {
          stmt.rows = r?.rows;
        },
        () => {},
      );
    return result;
  }
  return (originalQuery as (...x: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

// ---- the API over HTTP (the child server) ----
async function call(port: number, token: string, method: string, url: string, body?: unknown, key?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { resp_code: string; resp_msg: string; data: Record<string, unknown> };
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${json.resp_msg}`);
  return json.data;
}

interface ShopFixture {
  shopId: number;
  employees: number[];
  products: number[];
  cards: { cardId: number; memberId: number }[];
  cashPayTypeId: number;
}

interface Bill {
  shop: ShopFixture;
  id: number;
  version: number;
  cardId: number;
  body: { id: number; version: number; payments: Record<string, number>[] };
  key: string;
}

async function fixtures(owner: pg.Client, shopsNeeded: number, billsPerShop: number, services: number[], port: number, token: string) {
  const tenantId = info.tenantId;
  const { rows: shopRows } = await owner.query(
    `select e.shop_id, (array_agg(e.id order by e.id))[1:3] as employees
       from employees e
      where e.tenant_id = $1 and e.shop_id is not null
      group by e.shop_id having count(*) >= 3
      order by e.shop_id desc limit $2`,
    [tenantId, shopsNeeded],
  );
  if (shopRows.length < shopsNeeded) throw new Error(`only ${shopRows.length} shops have 3 employees; ${shopsNeeded} needed`);
  const list: ShopFixture[] = [];
  for (const r of shopRows) {
    const shopId = Number(r.shop_id);
    const { rows: products } = await owner.query(
      `select b.product_id from stock_balances b join products p on p.tenant_id = b.tenant_id and p.id = b.product_id
        where b.tenant_id = $1 and b.shop_id = $2 and p.usage = 1 and p.status = 1 and b.quantity >= $3
        order by b.quantity desc limit 2`,
      [tenantId, shopId, billsPerShop * 2],
    );
    if (products.length < 2) throw new Error(`shop ${shopId} lacks two retail products with stock for ${billsPerShop} bills`);
    const { rows: cards } = await owner.query(
      `select c.id, c.member_id from member_cards c
         join members m on m.tenant_id = c.tenant_id and m.id = c.member_id
         join card_types t on t.tenant_id = c.tenant_id and t.id = c.card_type_id
        where c.tenant_id = $1 and c.status = 1 and m.status = 1 and t.kind = 1
          and (select sum(amount) from card_balances b where b.tenant_id = c.tenant_id and b.card_id = c.id and b.shop_id = $2) >= 20000
        order by c.id limit $3`,
      [tenantId, shopId, billsPerShop],
    );
    // The shop lists the services and products (the bench data lists none in a shop); at the catalogue's price.
    await owner.query(
      `insert into service_shop_prices (tenant_id, shop_id, service_id, price)
       select tenant_id, $2, id, base_price from services where tenant_id = $1 and id = any($3::bigint[])
       on conflict do nothing`,
      [tenantId, shopId, services],
    );
    await owner.query(
      `insert into product_shop_prices (tenant_id, shop_id, product_id, price)
       select tenant_id, $2, id, retail_price from products where tenant_id = $1 and id = any($3::bigint[])
       on conflict do nothing`,
      [tenantId, shopId, products.map((p) => p.product_id)],
    );
    if (cards.length < billsPerShop) throw new Error(`shop ${shopId} has ${cards.length} cards with ¥200 there; ${billsPerShop} needed`);
    const setup = await call(port, token, 'GET', `${C}/checkout/setup?shopid=${shopId}`);
    const cash = (setup.payTypes as { code: string; payTypeId: number }[]).find((p) => p.code === '01');
    if (!cash) throw new Error(`shop ${shopId} has no cash pay type in its pay template`);
    list.push({
      shopId,
      employees: (r.employees as string[]).map(Number),
      products: products.map((p) => Number(p.product_id)),
      cards: cards.map((c) => ({ cardId: Number(c.id), memberId: Number(c.member_id) })),
      cashPayTypeId: cash.payTypeId,
    });
  }
  return list;
}

/** Opens a bill for the shop's next card with 3 services and 2 products and prices its 2 payments. */
async function prepare(port: number, token: string, shop: ShopFixture, services: number[], n: number): Promise<Bill> {
  const { cardId, memberId } = shop.cards[n];
  const [e1, e2, e3] = shop.employees;
  const opened = await call(port, token, 'POST', `${C}/checkout/open`, { shopId: shop.shopId, memberId, cardId });
  const lines = await call(port, token, 'POST', `${C}/checkout/lines`, {
    id: opened.id,
    version: opened.version,
    lines: [
      ...services.map((itemId, i) => ({
        kind: 'service',
        itemId,
        num: 1,
        staff: [
          { employeeId: [e1, e2, e3][i], station: 1, appointed: i === 0 },
          { employeeId: [e2, e3, e1][i], station: 2, appointed: false },
        ],
      })),
      ...shop.products.map((itemId) => ({ kind: 'product', itemId, num: 1, staff: [{ employeeId: e3, station: 1, appointed: false }] })),
    ],
  });
  const amount = Number(lines.amount);
  const byCard = Math.min(Math.floor(amount * 0.6), 20000);
  return {
    shop,
    id: Number(lines.id),
    version: Number(lines.version),
    cardId,
    key: `bench-settle-${lines.id}-${Date.now()}`,
    body: {
      id: Number(lines.id),
      version: Number(lines.version),
      payments: [
        { cardId, amount: byCard },
        { payTypeId: shop.cashPayTypeId, amount: amount - byCard },
      ],
    },
  };
}

const idLike = (v: unknown) => (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^\d+$/.test(v));
const NUMBER_SERIES = /insert into "number_series"/i;

/**
 * Replays a recorded settle on `client` and commits. An id an INSERT ... RETURNING gave at recording
 * is replaced in later values by the id the replay's INSERT returned; a bill number (letters and digits ending
 * in the series' number) by the one the replay's number series gave.
 */
async function replay(client: pg.Client, stmts: Recorded[]) {
  const ids = new Map<string, unknown>();
  const numbers: [string, string][] = [];
  const mapValue = (v: unknown) => {
    if (idLike(v) && ids.has(String(v))) return ids.get(String(v));
    if (typeof v === 'string' && /^[A-Z]+\d+-?\d+$/.test(v))
      for (const [from, to] of numbers) if (v.endsWith(from)) return v.slice(0, -from.length) + to;
    return v;
  };
  for (const s of stmts) {
    const text = s.text.trim().toLowerCase() === 'rollback' && s === stmts.at(-1) ? 'commit' : s.text;
    const config = { text, values: s.values?.map(mapValue), name: s.name, rowMode: s.rowMode } as pg.QueryConfig;
    const result = await client.query(config);
    if (!/^\s*insert\b/i.test(s.text) || !s.rows || !result.rows) continue;
    const pairs = s.rows.flatMap((old, i) => {
      const olds = Array.isArray(old) ? old : Object.values(old as object);
      const now = result.rows[i] ?? {};
      const nows = Array.isArray(now) ? now : Object.values(now as object);
      return olds.map((o, j) => [o, nows[j]] as const).filter(([o, n]) => idLike(o) && idLike(n) && String(o) !== String(n));
    });
    for (const [o, n] of pairs) {
      if (!NUMBER_SERIES.test(s.text)) ids.set(String(o), n);
      else {
        const width = Math.max(4, String(o).length, String(n).length);
        numbers.push([String(o).padStart(width, '0'), String(n).padStart(width, '0')]);
      }
    }
  }
}

async function backendsCpu(admin: pg.Client, application: string) {
  const { rows } = await admin.query('select pid from pg_stat_activity where application_name = $1', [application]);
  return rows.reduce((sum, r) => sum + cpuMsOf(Number(r.pid)), 0);
}

interface Cell {
  level: number;
  api: number[];
  raw: number[];
  apiCpu: number;
  rawCpu: number;
}

async function main(child: Child) {
  const token = await signIn(child.port, info, 0);
  const owner = new pg.Client({ connectionString: URL_ });
  await owner.connect();

  // The recorder: the server built in this process.
  const config = { ...loadConfig({ ...process.env, DATABASE_URL: URL_ }), dataDir: path.join(os.tmpdir(), 'headoffice-bench-settle') };
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ database, config });
  const login = await app.inject({ method: 'POST', url: '/api-user/login', payload: loginBody(info, 1) });
  const recorderToken = (login.json() as { data: { access_token: string } }).data.access_token;

  // Every sequence gets a range of its own (the k-th from k × 10^10), so that an id a replayed INSERT
  // returns can only be that row's id in the later values, never an id of another table.
  await owner.query(
    `select setval(format('%I.%I', schemaname, sequencename), greatest(coalesce(last_value, 0), k * 10000000000))
       from (select *, row_number() over (order by sequencename) as k from pg_sequences where schemaname = 'public') s`,
  );
  const { rows: serviceRows } = await owner.query(
    'select id from services where tenant_id = $1 and status = 1 and base_price between 5000 and 30000 order by id limit 3',
    [info.tenantId],
  );
  const services = serviceRows.map((r) => Number(r.id));
  const maxLevel = Math.max(...LEVELS);
  const perRoundAt = (level: number) => Math.min(ROUND, Math.ceil(BILLS / level));
  // The first shop settles at every level: 2 bills (API and raw) per settle measured, in whole rounds.
  const perShop = LEVELS.reduce((sum, level) => sum + 2 * perRoundAt(level) * Math.ceil(BILLS / (perRoundAt(level) * level)), 0);
  const shops = await fixtures(owner, maxLevel, perShop, services, child.port, token);
  const used = new Map<number, number>(shops.map((s) => [s.shopId, 0]));
  const next = (shop: ShopFixture) => {
    const n = used.get(shop.shopId) ?? 0;
    used.set(shop.shopId, n + 1);
    return n;
  };

  const cells: Cell[] = [];
  const settledIds: number[] = [];
  const statementCounts: number[] = [];
  for (const level of LEVELS) {
    const cell: Cell = { level, api: [], raw: [], apiCpu: 0, rawCpu: 0 };
    const active = shops.slice(0, level);
    const perRound = perRoundAt(level);
    const rawClients = await Promise.all(
      active.map(async () => {
        const c = new pg.Client({ connectionString: URL_ });
        await c.connect();
        return c;
      }),
    );
    const rawPids = await Promise.all(rawClients.map(async (c) => Number((await c.query('select pg_backend_pid() pid')).rows[0].pid)));
    while (cell.api.length < BILLS) {
      // The API: each shop's worker settles its own bills one after the other.
      const apiBills = await Promise.all(
        active.map(async (shop) => {
          const bills: Bill[] = [];
          for (let i = 0; i < perRound; i++) bills.push(await prepare(child.port, token, shop, services, next(shop)));
          settledIds.push(...bills.map((b) => b.id));
          return bills;
        }),
      );
      const apiCpuBefore = await backendsCpu(owner, API_APPLICATION);
      await Promise.all(
        apiBills.map(async (bills) => {
          for (const b of bills) {
            const t0 = performance.now();
            await call(child.port, token, 'POST', `${C}/checkout/settle`, b.body, b.key);
            cell.api.push(performance.now() - t0);
          }
        }),
      );
      cell.apiCpu += (await backendsCpu(owner, API_APPLICATION)) - apiCpuBefore;

      // The same writes as raw SQL: record each bill's settle (rolled back), then replay and commit.
      const rawBills = await Promise.all(
        active.map(async (shop) => {
          const bills: Bill[] = [];
          for (let i = 0; i < perRound; i++) bills.push(await prepare(child.port, token, shop, services, next(shop)));
          settledIds.push(...bills.map((b) => b.id));
          return bills;
        }),
      );
      const recorded = [];
      for (const bills of rawBills) {
        const stmts: Recorded[][] = [];
        for (const b of bills) {
          recording = [];
          const res = await app.inject({
            method: 'POST',
            url: `${C}/checkout/settle`,
            payload: b.body,
            headers: { authorization: `Bearer ${recorderToken}`, 'idempotency-key': b.key },
          });
          const stmtsOfBill = recording;
          recording = null;
          if (res.statusCode !== 200) throw new Error(`recording settle: ${res.statusCode} ${res.body}`);
          stmts.push(stmtsOfBill);
          statementCounts.push(stmtsOfBill.length);
        }
        recorded.push(stmts);
      }
      const rawCpuBefore = rawPids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
      await Promise.all(
        recorded.map(async (bills, w) => {
          for (const stmts of bills) {
            const t0 = performance.now();
            await replay(rawClients[w], stmts);
            cell.raw.push(performance.now() - t0);
          }
        }),
      );
      cell.rawCpu += rawPids.reduce((sum, pid) => sum + cpuMsOf(pid), 0) - rawCpuBefore;
      process.stdout.write(`  ${level} connection(s): ${cell.api.length} API and ${cell.raw.length} raw settles\n`);
    }
    await Promise.all(rawClients.map((c) => c.end()));
    cells.push(cell);
  }

  // Every settled bill is settled once and every ledger still adds up.
  const { rows: check } = await owner.query(
    `select (select count(*) from service_bills where tenant_id = $1 and status = 4 and id = any($2::bigint[]))::int as settled,
            (select count(*) from card_balances b full join (select card_id, shop_id, bucket, sum(delta) as amount from card_ledger
               where tenant_id = $1 group by 1, 2, 3) l using (card_id, shop_id, bucket)
              where b.tenant_id = $1 and coalesce(b.amount, 0) <> coalesce(l.amount, 0))::int as mismatched`,
    [info.tenantId, settledIds],
  );
  await app.close();
  await database.close();
  database.release();
  await owner.end();

  const lines = [
    `# Settle benchmark, ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Data: ${info.scale.shops} shops, ${info.scale.members ?? '?'} members (bench:data ${info.loadedAt}). ${os.cpus().length} CPUs, Node ${process.version}.`,
    'A 5-line bill (3 services, 2 products), 3 employees, 2 payments (stored-value card + cash); n shops settle at once at n connections.',
    `Statements per settle (the transaction's, as the server sends them): ${Math.min(...statementCounts)}–${Math.max(...statementCounts)}.`,
    `Bills settled: ${check[0].settled} of ${settledIds.length}; card balances that differ from their ledger after the run: ${check[0].mismatched}.`,
    '',
    '| connections | settles | API p50 ms | API p99 ms | raw SQL p50 ms | raw SQL p99 ms | p50 ratio | PG CPU ms/settle API | PG CPU ms/settle raw | CPU ratio |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const c of cells) {
    const api = [...c.api].sort((x, y) => x - y);
    const raw = [...c.raw].sort((x, y) => x - y);
    const apiCpu = c.apiCpu / c.api.length;
    const rawCpu = c.rawCpu / c.raw.length;
    lines.push(
      `| ${c.level} | ${c.api.length} | ${f1(pct(api, 0.5))} | ${f1(pct(api, 0.99))} | ${f1(pct(raw, 0.5))} | ${f1(pct(raw, 0.99))} | ${(
        pct(api, 0.5) / pct(raw, 0.5)
      ).toFixed(2)} | ${f1(apiCpu)} | ${f1(rawCpu)} | ${(apiCpu / rawCpu).toFixed(2)} |`,
    );
  }
  const out = lines.join('\n');
  console.log(`\n${out}`);
  const file = path.join(import.meta.dirname, 'results', `settle-${new Date().toISOString().slice(0, 10)}.md`);
  fs.writeFileSync(file, `${out}\n`);
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
}

const apiUrl = new URL(URL_);
apiUrl.searchParams.set('application_name', API_APPLICATION);
const child = await startChild({ DATABASE_URL: apiUrl.toString() });
try {
  await main(child);
} finally {
  await child.stop();
}
