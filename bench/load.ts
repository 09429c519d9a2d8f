/**
 * What the load benchmarks share (api.ts: the API on PostgreSQL against raw SQL; pglite.ts: the API
 * on PGlite against the API on PostgreSQL): the bench tenant's facts and endpoints, the bench server
 * as a child process, autocannon, percentiles and the child's resident set size.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { serverNodeFlags } from '../scripts/ensure.mjs';
import type { BenchInfo } from './common.js';

/** One SQL statement as the app sent it (recorded by api.ts's capture). */
export interface Stmt {
  text: string;
  values?: unknown[];
  rowMode?: string;
}

export interface Endpoint {
  key: string;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: () => unknown;
  auth: boolean;
  /** Statements to replay for "raw q" (api.ts); computed by the capture. */
  handler?: Stmt[];
  /** Every statement of a steady-state request (api.ts); computed by the capture. */
  all?: Stmt[];
  note?: string;
}

export interface Measure {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /** Requests (or loop iterations) completed in the measurement. */
  requests: number;
  /** PostgreSQL CPU time (user + system) of the measured backends per request, in ms (api.ts only). */
  dbCpuMs?: number;
}

export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : Number.NaN;

/** A number for a table cell: one decimal under 10, none above; `–` when not a number. */
export const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 1 : 0) : '–');

export const loginBody = (info: BenchInfo, i: number) => ({
  tenant: info.tenant,
  username: info.users[i % info.users.length],
  password: info.adminPassword,
});

/** Runs autocannon on one endpoint; sign-in rotates over the bench users (10 sign-ins a minute per user). */
export async function cannon(o: {
  port: number;
  token: string;
  e: Endpoint;
  connections: number;
  duration: number;
  info: BenchInfo;
}): Promise<Measure> {
  const { e, info } = o;
  let userIndex = Math.floor(Math.random() * info.users.length);
  const result = await autocannon({
    url: `http://127.0.0.1:${o.port}`,
    connections: o.connections,
    duration: o.duration,
    headers: { 'content-type': 'application/json', ...(e.auth ? { authorization: `Bearer ${o.token}` } : {}) },
    requests: [
      {
        method: e.method,
        path: e.path,
        ...(e.body
          ? {
              setupRequest: (req: Record<string, unknown>) => ({
                ...req,
                body: JSON.stringify(e.key === 'login' ? loginBody(info, userIndex++) : e.body?.()),
              }),
            }
          : {}),
      },
    ],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.non2xx + result.timeouts,
    requests: result.requests.total,
  };
}

/** Runs a SQL statement and returns its rows (pg or PGlite). */
export type Query = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/** What the endpoints are built from: a generated shop and product of the bench tenant, the row counts. */
export interface BenchFacts {
  shop: { id: number; code: string };
  product: { id: number; pcode: string; barcode: string };
  counts: Record<'shops' | 'employees' | 'products' | 'bills' | 'lines' | 'ledger' | 'balances' | 'audit' | 'members' | 'cards', number>;
  serverVersion: string;
  /**
   * The `after` keys of the deep pages (the last row of the page before, as the server's `next` writes
   * it: base64url JSON of the order's signature, the row's sort values and id), and a row for each detail.
   */
  keyed: { employees: string; bills: string; log: string; employeeId: number; billId: number; members: string | null };
  /** A month of the till and a settled bill in it (null: a data set without the till's year). */
  till: { from: string; to: string; billId: number } | null;
  /** A generated member as the front desk looks for it (null: a data set without members). */
  member: { mobileTail: string; cardNo: string; nameFragment: string } | null;
}

/** The deep pages measured both by number and by key. */
export const DEEP = { bills: 100, log: 100 } as const;
export const employeePage = (employees: number) => Math.min(500, Math.max(1, Math.floor(employees / 20)));
const keyText = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

export async function readFacts(query: Query, tenantId: number): Promise<BenchFacts> {
  const one = async <R>(text: string, values: unknown[] = []) => {
    const [row] = await query(text, values);
    if (!row) throw new Error(`no row for: ${text.replace(/\s+/g, ' ').slice(0, 100)}`);
    return row as R;
  };
  const shop = await one<{ id: number; code: string }>(
    `select s.id, s.code from shops s where s.tenant_id = $1 and s.code like 'M%' order by s.id limit 1`,
    [tenantId],
  );
  // the 1234th generated product, or the middle one when there are fewer (small data sets)
  const product = await one<{ id: number; pcode: string; barcode: string }>(
    `select id, pcode, barcode from products where tenant_id = $1 and pcode like 'BP%' order by id
     offset least(1233, (select count(*) from products where tenant_id = $1 and pcode like 'BP%') / 2) limit 1`,
    [tenantId],
  );
  const counts = await one<BenchFacts['counts']>(
    `select (select count(*) from shops where tenant_id = $1)::int shops, (select count(*) from employees where tenant_id = $1)::int employees,
            (select count(*) from products where tenant_id = $1)::int products, (select count(*) from stock_bills where tenant_id = $1)::int bills,
            (select count(*) from stock_bill_lines where tenant_id = $1)::int lines, (select count(*) from stock_ledger where tenant_id = $1)::int ledger,
            (select count(*) from stock_balances where tenant_id = $1)::int balances, (select count(*) from audit_log where tenant_id = $1)::int audit,
            (select count(*) from members where tenant_id = $1)::int members, (select count(*) from member_cards where tenant_id = $1)::int cards`,
    [tenantId],
  );
  const { server_version } = await one<{ server_version: string }>('show server_version');
  // The rows that end the page before each deep page, in the lists' own orders.
  const before = (page: number) => Math.max(0, (page - 1) * 20 - 1);
  const emp = await one<{ id: number; eecode: string }>(
    `select id, eecode from employees where tenant_id = $1 order by eecode, id offset $2 limit 1`,
    [tenantId, before(employeePage(counts.employees))],
  );
  const bill = await one<{ id: number; bill_date: string }>(
    `select id, to_char(bill_date, 'YYYY-MM-DD') bill_date from stock_bills where tenant_id = $1 and type = '1' order by bill_date desc, id desc offset $2 limit 1`,
    [tenantId, before(DEEP.bills)],
  );
  const log = await one<{ id: number; at: Date }>(
    `select id, at from audit_log where tenant_id = $1 order by at desc, id desc offset $2 limit 1`,
    [tenantId, before(DEEP.log)],
  );
  const [memberBefore] = counts.members
    ? await query(
        `select id from members where tenant_id = $1 and status = 1 and registered_on >= '2020-01-01' and balance >= 100000
         order by id desc offset $2 limit 1`,
        [tenantId, before(500)],
      )
    : [];
  // The last full month of the till's year, and a settled bill of its middle.
  const [till] = await query(
    `select to_char(date_trunc('month', current_date) - interval '1 month', 'YYYY-MM-DD') as "from",
            to_char(date_trunc('month', current_date) - interval '1 day', 'YYYY-MM-DD') as "to",
            (select id from service_bills where tenant_id = $1 and status = 4
               and business_date = (date_trunc('month', current_date) - interval '15 days')::date order by id limit 1) as bill_id`,
    [tenantId],
  );
  // The 12,345th generated member with a card, or the middle one of a small data set.
  const [member] = await query(
    `select right(m.mobile, 4) mobile_tail, c.card_no, left(m.name, 2) name_fragment from members m
     join member_cards c on c.tenant_id = m.tenant_id and c.member_id = m.id
     where m.tenant_id = $1 and m.mobile like '17%' order by m.id offset least(12344, $2::int / 2) limit 1`,
    [tenantId, counts.members],
  );
  return {
    member: member
      ? { mobileTail: String(member.mobile_tail), cardNo: String(member.card_no), nameFragment: String(member.name_fragment) }
      : null,
    shop: { id: Number(shop.id), code: shop.code },
    product: { ...product, id: Number(product.id) },
    counts,
    serverVersion: server_version,
    keyed: {
      employees: keyText(['eecode,id', emp.eecode, Number(emp.id)]),
      bills: keyText(['-billDate,-id', bill.bill_date, Number(bill.id)]),
      log: keyText(['-at,-id', new Date(log.at).toISOString(), Number(log.id)]),
      employeeId: Number(emp.id),
      billId: Number(bill.id),
      members: memberBefore ? keyText(['-id', Number(memberBefore.id)]) : null,
    },
    till: till?.bill_id ? { from: String(till.from), to: String(till.to), billId: Number(till.bill_id) } : null,
  };
}

export const describeCounts = (c: BenchFacts['counts']) =>
  `${c.shops} shops, ${c.employees} employees, ${c.products} products, ${c.bills} stock bills, ${c.lines} lines, ${c.ledger} ledger rows, ${c.balances} balances, ${c.audit} audit rows, ${c.members} members, ${c.cards} cards`;

/** The member list's filters as a head-office user narrows it: normal members registered since 2020 holding ¥1,000 or more. */
const MEMBER_FILTERS = 'status=1&regFrom=2020-01-01&balanceMin=100000';

/** The front desk's member lookups and the member list, when the data set has members. */
function memberEndpoints(f: BenchFacts): Endpoint[] {
  if (!f.member) return [];
  const list = '/api-member/chainmember/pageChainMembers';
  const lookup = (key: string, label: string, keyword: string): Endpoint => ({
    key,
    label,
    method: 'GET',
    path: `${list}?keyword=${encodeURIComponent(keyword)}`,
    auth: true,
  });
  return [
    lookup('memTail', `member by mobile tail (${f.member.mobileTail})`, f.member.mobileTail),
    lookup('memCard', 'member by card number', f.member.cardNo),
    lookup('memName', `member by 2-character name (${f.member.nameFragment})`, f.member.nameFragment),
    {
      key: 'memList1',
      label: 'member list with filters page 1',
      method: 'GET',
      path: `${list}?page=1&pageSize=20&${MEMBER_FILTERS}`,
      auth: true,
    },
    {
      key: 'memList500',
      label: 'member list with filters page 500',
      method: 'GET',
      path: `${list}?page=500&pageSize=20&${MEMBER_FILTERS}`,
      auth: true,
    },
    ...(f.keyed.members
      ? [
          {
            key: 'memList500k',
            label: 'member list with filters page 500 by key',
            method: 'GET' as const,
            path: `${list}?page=500&pageSize=20&${MEMBER_FILTERS}&after=${f.keyed.members}`,
            auth: true,
          },
        ]
      : []),
  ];
}

/** Head office's bill lists over the till's year, when the data set has it. */
function tillEndpoints(f: BenchFacts): Endpoint[] {
  if (!f.till) return [];
  const { from, to, billId } = f.till;
  const list = '/api-cashier/servicerecords/chain/list';
  const month = `dateFrom=${from}&dateTo=${to}`;
  return [
    {
      key: 'tillMonth',
      label: 'service bills, the chain, a month, page 1',
      method: 'GET',
      path: `${list}?page=1&pageSize=20&${month}`,
      auth: true,
    },
    {
      key: 'tillDeep',
      label: 'service bills, the chain, a month, page 100',
      method: 'GET',
      path: `${list}?page=100&pageSize=20&${month}`,
      auth: true,
    },
    {
      key: 'tillShop',
      label: 'service bills, one shop, a month, page 1',
      method: 'GET',
      path: `${list}?page=1&pageSize=20&shopid=${f.shop.id}&${month}`,
      auth: true,
    },
    { key: 'tillYear', label: 'service bills, the chain, no dates, page 1', method: 'GET', path: `${list}?page=1&pageSize=20`, auth: true },
    { key: 'tillDetail', label: 'service bill detail', method: 'GET', path: `/api-cashier/servicerecords/detail/${billId}`, auth: true },
    {
      key: 'tillPerf',
      label: 'service bill performance rows (yj)',
      method: 'GET',
      path: `/api-cashier/servicerecords/yj?id=${billId}`,
      auth: true,
    },
    // Package and card bills are service bills filtered by their lines: few in the year, so the list must not scan it.
    {
      key: 'tillPackages',
      label: 'package bills, the chain, a month, page 1',
      method: 'GET',
      path: `/api-cashier/packagerecords/admin/list?page=1&pageSize=20&${month}`,
      auth: true,
    },
    {
      key: 'tillCards',
      label: 'card bills, the chain, a month, page 1',
      method: 'GET',
      path: `/api-cashier/cardrecords/chain/admin/cardRecordsList?page=1&pageSize=20&${month}`,
      auth: true,
    },
    {
      key: 'tillHome',
      label: "head office's home page, the chain: today's and this month's figures",
      method: 'GET',
      path: '/api-home/dashboard',
      auth: true,
    },
    {
      key: 'tillTurnover',
      label: 'turnover by shop and pay type, a month',
      method: 'GET',
      path: `/api-cashier/turnover/chain/list?${month}`,
      auth: true,
    },
  ];
}

/** Every endpoint the benchmarks measure, in table order. */
export function benchEndpoints(f: BenchFacts, info: BenchInfo): Endpoint[] {
  const shopPages = Math.max(1, Math.ceil(f.counts.shops / 20));
  const empPage = employeePage(f.counts.employees);
  const { shop, product } = f;
  return [
    { key: 'bare', label: 'bare Fastify route (baseline)', method: 'GET', path: '/bench/bare', auth: false },
    { key: 'noop', label: 'platform route, db: false', method: 'GET', path: '/bench/noop', auth: true },
    { key: 'noopTx', label: 'platform route, empty transaction', method: 'GET', path: '/bench/noop-tx', auth: true },
    { key: 'me', label: 'GET /api-user/me', method: 'GET', path: '/api-user/me', auth: true },
    {
      key: 'login',
      label: 'POST /api-user/login (sign-in)',
      method: 'POST',
      path: '/api-user/login',
      auth: false,
      body: () => loginBody(info, 0),
    },
    { key: 'shop1', label: 'shop list page 1', method: 'GET', path: '/api-chain/shop?page=1&pageSize=20', auth: true },
    {
      key: 'shopN',
      label: `shop list page ${shopPages} (last)`,
      method: 'GET',
      path: `/api-chain/shop?page=${shopPages}&pageSize=20`,
      auth: true,
    },
    { key: 'shop500', label: 'shop list page 500 (past the end)', method: 'GET', path: '/api-chain/shop?page=500&pageSize=20', auth: true },
    { key: 'emp1', label: 'employee list page 1', method: 'GET', path: '/api-chain/employee?page=1&pageSize=20', auth: true },
    {
      key: 'emp500',
      label: `employee list page ${empPage}`,
      method: 'GET',
      path: `/api-chain/employee?page=${empPage}&pageSize=20`,
      auth: true,
    },
    {
      key: 'emp500k',
      label: `employee list page ${empPage} by key`,
      method: 'GET',
      path: `/api-chain/employee?page=${empPage}&pageSize=20&after=${f.keyed.employees}`,
      auth: true,
    },
    {
      key: 'empf',
      label: 'employee list shopId+status=1',
      method: 'GET',
      path: `/api-chain/employee?shopId=${shop.id}&status=1`,
      auth: true,
    },
    { key: 'prodcode', label: 'product search by code', method: 'GET', path: `/api-chain/product?keyword=${product.pcode}`, auth: true },
    {
      key: 'prodbar',
      label: 'product search by barcode',
      method: 'GET',
      path: `/api-chain/product?keyword=${product.barcode}`,
      auth: true,
    },
    {
      key: 'prodname',
      label: 'product search by name (修护)',
      method: 'GET',
      path: `/api-chain/product?keyword=${encodeURIComponent('修护')}`,
      auth: true,
    },
    { key: 'balance', label: 'stock balance by shop', method: 'GET', path: `/api-stock/balance?shopId=${shop.id}`, auth: true },
    {
      key: 'bills',
      label: 'stock bills with products (chain)',
      method: 'GET',
      path: '/api-stock/entry/chain/findListWithPro?page=1&pageSize=20',
      auth: true,
    },
    {
      key: 'billsDeep',
      label: `stock bills with products (chain) page ${DEEP.bills}`,
      method: 'GET',
      path: `/api-stock/entry/chain/findListWithPro?page=${DEEP.bills}&pageSize=20`,
      auth: true,
    },
    {
      key: 'billsDeepk',
      label: `stock bills with products (chain) page ${DEEP.bills} by key`,
      method: 'GET',
      path: `/api-stock/entry/chain/findListWithPro?page=${DEEP.bills}&pageSize=20&after=${f.keyed.bills}`,
      auth: true,
    },
    { key: 'billDetail', label: 'stock bill detail', method: 'GET', path: `/api-stock/entry/${f.keyed.billId}`, auth: true },
    { key: 'empDetail', label: 'employee detail', method: 'GET', path: `/api-chain/employee/id/${f.keyed.employeeId}`, auth: true },
    { key: 'log1', label: 'operation log page 1', method: 'GET', path: '/api-chain/logger/list?page=1&pageSize=20', auth: true },
    {
      key: 'logDeep',
      label: `operation log page ${DEEP.log}`,
      method: 'GET',
      path: `/api-chain/logger/list?page=${DEEP.log}&pageSize=20`,
      auth: true,
    },
    {
      key: 'logDeepk',
      label: `operation log page ${DEEP.log} by key`,
      method: 'GET',
      path: `/api-chain/logger/list?page=${DEEP.log}&pageSize=20&after=${f.keyed.log}`,
      auth: true,
    },
    {
      key: 'billsShop',
      label: 'stock bills with products (shop)',
      method: 'GET',
      path: `/api-stock/entry/chain/findListWithPro?shopid=${shop.id}`,
      auth: true,
    },
    { key: 'dict', label: 'dictionary list/all (branch)', method: 'GET', path: '/api-chain/branch/list/all', auth: true },
    { key: 'apps', label: "board's apps", method: 'GET', path: '/api-user/apps', auth: true },
    ...memberEndpoints(f),
    ...tillEndpoints(f),
  ];
}

/** The endpoints whose key starts with one of `only` (comma-separated), plus the `always` ones; all without `only`. */
export function selectEndpoints(list: Endpoint[], only: string | undefined, always: string[] = []): Endpoint[] {
  const prefixes = only?.split(',').filter(Boolean);
  return list.filter((e) => !prefixes?.length || always.includes(e.key) || prefixes.some((k) => e.key.startsWith(k)));
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * CPU time (user + system, ms) a process on this machine has used so far, from /proc/<pid>/stat
 * (Linux; PostgreSQL on the same host): a database backend's own counter. 0 when it has ended.
 */
export function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name (which may hold spaces), from field 3: utime is the 14th field, stime the 15th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The child's resident set size in MB (Linux). */
export function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export interface Child {
  port: number;
  pid: number;
  /** Highest RSS seen by `sample` (MB). */
  peakRss: number;
  sample(): void;
  stop(): Promise<void>;
}

/**
 * Starts bench/server.ts as a child process on a free port. `env` is added to this process's
 * environment: `{ DATABASE_URL: '' , DATA_DIR }` starts it on PGlite.
 */
export async function startChild(env: Record<string, string> = {}): Promise<Child> {
  const child = spawn(process.execPath, [...serverNodeFlags(), path.join(import.meta.dirname, 'server.ts')], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const line = buffer.split('\n')[0];
      if (buffer.includes('\n')) {
        try {
          resolve(JSON.parse(line).port);
        } catch {
          /* a log line before the port: keep reading */
          buffer = buffer.slice(buffer.indexOf('\n') + 1);
        }
      }
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const pid = child.pid as number;
  const handle: Child = {
    port,
    pid,
    peakRss: rssOf(pid),
    sample: () => {
      handle.peakRss = Math.max(handle.peakRss, rssOf(pid));
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
  return handle;
}

/** Signs in over HTTP as the i-th bench user; returns the access token. */
export async function signIn(port: number, info: BenchInfo, i: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api-user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(loginBody(info, i)),
  });
  const body = (await res.json()) as { data?: { access_token?: string } };
  if (res.status !== 200 || !body.data?.access_token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data.access_token;
}

/** One request, checked for HTTP 200 (warms the route and the token's cached access). */
export async function warm(port: number, token: string, e: Endpoint, info: BenchInfo): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}${e.path}`, {
    method: e.method,
    headers: { 'content-type': 'application/json', ...(e.auth ? { authorization: `Bearer ${token}` } : {}) },
    body: e.body ? JSON.stringify(e.key === 'login' ? loginBody(info, 1) : e.body()) : undefined,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${e.method} ${e.path} answered ${res.status}: ${text.slice(0, 300)}`);
}
