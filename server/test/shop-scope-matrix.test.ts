import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { inTenant } from '../src/platform/tenancy.js';
import { type Answer, build } from './helpers.js';
import { allPermissions, createLimitedUser } from './users.js';

/**
 * Shop scope, route by route: a user limited to one shop, holding every view and edit right of the
 * modules, against the other shops' records of the demo chain. Driven from the OpenAPI document, so
 * a new route is attacked the day it lands:
 *
 * - every GET route is read (required query parameters filled by name): no row of another shop in
 *   the answer, JSON or workbook;
 * - every route that takes a record id (path `{id}`, `id`/`ids` in query or body, and references to
 *   shop-owned records such as `employeeIds` or `billId`) is given, one by one, the id of a record of
 *   another shop of every shop-owned table: it answers 403 or 404;
 * - every route that names a shop (`shopid`, `shopId`, `shopIds`) is given another shop: 403 or 404,
 *   or (reads only) an answer without anything of that shop;
 * - and the tenant's data is exactly as before.
 *
 * Every table's ids are moved to a range of their own before the chain is made, so an id names one
 * record of one table: another shop's employee id given to a brand route finds no brand (404), and a
 * route that answers 200 to it did serve or change that employee.
 */

const ID_RANGE = 10_000_000;
/** Keys of a row that say which shop it belongs to. */
const SHOP_KEYS = ['shopId', 'shopid', 'counterpartShopId', 'fromShopId', 'toShopId'];
/** Request fields that name the shop a record belongs to (a bill's counterpart may be any shop: not one of them). */
const SHOP_FIELDS = new Set(['shopid', 'shopId', 'shopIds', 'loginShopIds', 'managerShopIds']);
/** Request fields that refer to shop-owned records (besides `id` and `ids`), and the tables they name. */
const RECORD_FIELDS: Record<string, string[]> = {
  id: [],
  ids: [],
  eeid: ['employees'],
  eeids: ['employees'],
  employeeId: ['employees'],
  employeeIds: ['employees'],
  billId: ['stock_bills'],
  orderId: ['product_orders'],
  userId: ['users'],
};

/**
 * Routes whose id-like input is not a record to serve or change, so a foreign id proves nothing.
 * Each answers the same whatever record it names.
 */
const NOT_A_RECORD: Record<string, string> = {
  // A record type's checks (platform/records.ts): `id` is the entry to leave out of the uniqueness check.
  'GET /api-stock/dictinout/checkColname': '`id` is the reason to leave out; answers only whether the value is free',
  'GET /api-stock/dictinout/checkCode': '`id` is the reason to leave out; answers only whether the code is free',
  'POST /api-stock/dictinout/checkCode': '`id` is the reason to leave out; answers only whether the code is free',
  'GET /api-cashier/paytype/checkCode': '`id` is the pay type to leave out; answers only whether the code is free',
  'POST /api-cashier/paytype/checkCode': '`id` is the pay type to leave out; answers only whether the code is free',
  'GET /api-finance/landlordinfo/checkBankno': '`id` is the landlord to leave out; answers only whether the account is free',
  'POST /api-finance/landlordinfo/checkBankno': '`id` is the landlord to leave out; answers only whether the account is free',
  'GET /api-finance/dicdjitem/checkColname': '`id` is the dj item to leave out; answers only whether the report column is free',
  'POST /api-finance/dicdjitem/checkColname': '`id` is the dj item to leave out; answers only whether the report column is free',
};

/**
 * Fields a route needs beyond what its schema says (refinements, cross-field rules), so that the
 * attack reaches the record and is not refused for a malformed request.
 */
const BODY_EXTRAS: Record<string, (refs: Record<string, unknown>) => Record<string, unknown>> = {
  'POST /api-user/users/saveOrUpdate': () => ({ password: 'Attack-pass-1', username: unique('atk'), name: 'x' }),
  'POST /api-chain/serviceinfo/updateInfos': () => ({ changes: { status: 1 } }),
  'POST /api-stock/out': (refs) => ({ reasonId: refs.outReasonId }),
  'POST /api-chain/servicepackage/save': (refs) => ({ price: 100, items: [{ serviceId: refs['@serviceId'], quantity: 1, amount: 100 }] }),
  'POST /api-chain/servicepackage/saveDuo': (refs) => ({
    price: 100,
    items: [{ serviceId: refs['@serviceId'], quantity: 1, amount: 100 }],
  }),
  'POST /api-chain/servicepackage/saveSystem': (refs) => ({
    price: 100,
    items: [{ serviceId: refs['@serviceId'], quantity: 1, amount: 100 }],
  }),
};

/** GET routes that write (the seed deletes and saves by GET): read with foreign ids only, never with the own shop's. */
const writesByGet = (path: string) => /\/(save|update|delete|edit|set|batch)[^/]*$/i.test(path.replace(/\/\{[^}]+\}$/, ''));

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

type Method = 'GET' | 'POST' | 'DELETE';
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  nullable?: boolean;
}
interface Param {
  name: string;
  in: 'query' | 'path';
  required?: boolean;
  schema: JsonSchema;
}
interface Route {
  method: Method;
  path: string;
  key: string;
  params: Param[];
  body?: JsonSchema;
  raw: boolean;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Every table of the schema with an `id` column gets ids from a range of its own. */
async function spreadIds(db: Db) {
  const tables = rowsOf(
    await db.execute(sql`select table_name as name from information_schema.columns
      where table_schema = 'public' and column_name = 'id' order by table_name`),
  ).map((r) => String(r.name));
  for (const [i, name] of tables.entries()) {
    const start = (i + 1) * ID_RANGE;
    await db.execute(sql`select setval(pg_get_serial_sequence(${`public.${name}`}, 'id'),
      greatest(${start}, (select coalesce(max(id), 0) + 1 from ${sql.identifier(name)})), false)
      where pg_get_serial_sequence(${`public.${name}`}, 'id') is not null`);
  }
}

/** A fingerprint of every table of the tenant (row-level security keeps it to the tenant). */
async function fingerprint(db: Db, tenantId: number): Promise<Record<string, string>> {
  return inTenant(db, tenantId, async (tx) => {
    const tables = rowsOf(
      await tx.execute(sql`select table_name as name from information_schema.columns
        where table_schema = 'public' and column_name = 'tenant_id' order by table_name`),
    ).map((r) => String(r.name));
    const out: Record<string, string> = {};
    for (const name of tables) {
      const [row] = rowsOf(
        await tx.execute(
          sql`select count(*)::int as n, coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as h from ${sql.identifier(name)} t`,
        ),
      );
      out[name] = `${row.n}:${row.h}`;
    }
    return out;
  });
}

interface ShopRef {
  id: number;
  name: string;
}

/**
 * Rows of other shops in an answer: objects whose shop keys name other shops and not `mine`, and
 * list items that name another shop (by name, as in a user's shops) without naming `mine`.
 */
function foreignRows(value: unknown, mine: ShopRef, others: ShopRef[], out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) {
    for (const v of value) {
      if (v && typeof v === 'object') {
        const text = JSON.stringify(v);
        if (!text.includes(mine.name) && others.some((s) => text.includes(s.name))) out.push(v);
      }
      foreignRows(v, mine, others, out);
    }
    return out;
  }
  if (!value || typeof value !== 'object') return out;
  const shopIds = SHOP_KEYS.map((k) => (value as Record<string, unknown>)[k]).filter((v): v is number => typeof v === 'number');
  if (shopIds.length && !shopIds.includes(mine.id)) out.push(value);
  for (const v of Object.values(value)) if (v && typeof v === 'object') foreignRows(v, mine, others, out);
  return out;
}

/** The rows of every sheet of a workbook, as cell texts. */
async function workbookRows(raw: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(raw as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      const cells: string[] = [];
      row.eachCell((cell) => {
        cells.push(cell.text);
      });
      rows.push(cells);
    });
  });
  return rows;
}

function routesOf(spec: { paths: Record<string, Record<string, any>> }): Route[] {
  const out: Route[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase() as Method;
      if (!['GET', 'POST', 'DELETE'].includes(method)) continue;
      const security = op.security as unknown[] | undefined;
      if (security && security.length === 0) continue; // sign-in and other public routes
      const body = op.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
      const multipart = !!op.requestBody?.content && !body;
      out.push({ method, path, key: `${method} ${path}`, params: op.parameters ?? [], body, raw: multipart });
    }
  }
  return out;
}

const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
/** Values for patterned or meaningful strings, by field name. */
const STRINGS: Record<string, string> = {
  username: 'attacker_made',
  mobile: '13800138000',
  key: 'attack.menu',
  provinceCode: '31',
  cityCode: '3101',
  areaCode: '310101',
  openTime: '10:00',
  closeTime: '22:00',
  idCard: '110101199001011234',
  barcode: '69000001',
  billNo: 'X1',
  noPrefix: 'AB',
  appId: 'admin',
  password: 'Attack-pass-1',
  month: today.slice(0, 7),
  yearmonth: today.slice(0, 7),
  yearMonth: today.slice(0, 7),
  omon: '2020-01',
  nmon: '2020-02',
  startTime: '09:00',
  endTime: '18:00',
  time: '10:00',
  bankno: '6222000011112222',
  startNo: '900001',
  endNo: '900002',
  corporateBankno: '1001244309001111',
};

const first = (s: JsonSchema) => (s.anyOf ?? s.oneOf ?? []).find((x) => x.type !== 'null') ?? s;

/**
 * A value the schema accepts: the given value by field name when there is one, else the smallest
 * thing the schema allows (required fields only, one item in arrays of objects).
 */
function sample(schema: JsonSchema, name: string, given: Record<string, unknown>): unknown {
  if (name in given) return given[name];
  const s = schema.anyOf || schema.oneOf ? first(schema) : schema;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s.properties ?? {}))
      if (k in given || s.required?.includes(k)) out[k] = sample(v, k, k in given ? given : withoutId(given));
    return out;
  }
  if (type === 'array') {
    const item = s.items ?? {};
    const n = Math.max(s.minItems ?? 0, item.properties ? 1 : 0);
    return Array.from({ length: n }, () => sample(item, `${name}[]`, withoutId(given)));
  }
  if (type === 'integer' || type === 'number') {
    if (/Id$/.test(name) && given[`@${name}`] !== undefined) return given[`@${name}`];
    const min = typeof s.minimum === 'number' ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0) : 1;
    return Math.max(min, typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : min, 1);
  }
  if (type === 'boolean') return false;
  if (type === 'string') {
    if (name === 'code' && s.pattern?.startsWith('^col')) return 'col1';
    if (['code', 'eecode', 'pcode', 'mac', 'username', 'key'].includes(name)) return unique(name === 'key' ? 'atk.' : 'ATK');
    if (STRINGS[name]) return STRINGS[name];
    if (s.pattern === '^1\\d{10}$') return STRINGS.mobile;
    if (s.pattern?.includes('\\d{4}-\\d{2}-\\d{2} ')) return `${tomorrow} 10:00`;
    if (s.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return today;
    if (s.pattern === '^\\d+(,\\d+)*$') return '1';
    return 'x'.repeat(Math.max(s.minLength ?? 1, 1)).slice(0, s.maxLength ?? 64);
  }
  return null;
}
const withoutId = (given: Record<string, unknown>) => {
  const { id: _id, ids: _ids, ...rest } = given;
  return rest;
};

describe('shop scope matrix', { timeout: 300_000 }, async () => {
  const t = await build();
  await spreadIds(t.database.db);
  const x = await t.tenant({ demo: true });
  const admin = x.admin;
  const db = t.database.db;
  const q = (query: ReturnType<typeof sql>) => inTenant(db, x.tenantId, async (tx) => rowsOf(await tx.execute(query)));

  const shops = (await admin.get('/api-chain/shop/list/all')).body.data as { id: number; code: string; name: string; regionId: number }[];
  const mine = shops.find((s) => s.code === 'HZ001') as (typeof shops)[number];
  const other = shops.find((s) => s.code === 'BJ001') as (typeof shops)[number];
  const others = shops.filter((s) => s.id !== mine.id);

  // What the demo chain lacks: users of other shops (one also of the attacker's shop, one of none) and a cashier device.
  for (const fields of [{ loginShopIds: [other.id] }, { loginShopIds: [mine.id], managerShopIds: [other.id] }, {}]) {
    const res = await admin.post('/api-user/users/saveOrUpdate', {
      username: unique('victim'),
      name: '受害者',
      password: 'victim-pass-1',
      ...fields,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const device = await admin.post('/api-user/mac/saveMac', { mac: 'AA-BB-CC-DD', name: '前台收银', shopId: other.id });
  expect(device.status, JSON.stringify(device.body)).toBe(200);
  // A card price of that shop (no card price of a shop is seeded).
  await inTenant(db, x.tenantId, async (tx) => {
    const types = rowsOf(await tx.execute(sql`select min(id) as id from card_types`));
    const cardTypeId =
      types[0]?.id ??
      rowsOf(
        await tx.execute(sql`insert into card_types (tenant_id, code, name, kind) values (${x.tenantId}, '901', '测试卡', 1) returning id`),
      )[0].id;
    await tx.execute(sql`insert into service_card_prices (tenant_id, service_id, card_type_id, shop_id, price)
      select ${x.tenantId}, min(id), ${cardTypeId}, ${other.id}, 20000 from services`);
  });

  const perms = allPermissions().filter((p) => p !== 'stock.warehouse'); // the warehouse is head office's, not a shop's
  const attacker = await createLimitedUser(t, x, { perms, loginShops: [mine.id] });
  const atk = attacker.client;

  /** Per shop-owned table (every table with `id` and `shop_id`), records of other shops: one per type or kind. */
  const foreign = new Map<string, number[]>();
  const shopTables = rowsOf(
    await db.execute(sql`select c.table_name as name,
        bool_or(c2.column_name = 'type') as typed, bool_or(c2.column_name = 'kind') as kinded
      from information_schema.columns c
      join information_schema.columns c2 on c2.table_schema = c.table_schema and c2.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'shop_id'
        and exists (select 1 from information_schema.columns i where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id')
      group by c.table_name order by c.table_name`),
  );
  for (const { name, typed, kinded } of shopTables) {
    const by = sql.raw(typed ? 'type' : kinded ? 'kind' : 'shop_id is null');
    const rows = await q(sql`select min(id) as id from ${sql.identifier(String(name))}
      where shop_id is not null and shop_id <> ${mine.id} group by ${by} order by 1`);
    if (rows.length)
      foreign.set(
        String(name),
        rows.map((r) => Number(r.id)),
      );
  }
  // Lines belong to their bill; stream entries to the shops they leave and join.
  const linesOf = async (table: string, parent: string, parentTable: string) => {
    const rows = await q(sql`select min(l.id) as id from ${sql.identifier(table)} l
      join ${sql.identifier(parentTable)} p on p.id = l.${sql.identifier(parent)} where p.shop_id <> ${mine.id}`);
    foreign.set(table, [Number(rows[0].id)]);
  };
  await linesOf('stock_bill_lines', 'bill_id', 'stock_bills');
  await linesOf('product_order_lines', 'order_id', 'product_orders');
  const stream = await q(sql`select min(id) as id from employee_stream where coalesce(from_shop_id, 0) <> ${mine.id}
    and coalesce(to_shop_id, 0) <> ${mine.id} and coalesce(from_shop_id, to_shop_id) is not null`);
  foreign.set('employee_stream', [Number(stream[0].id)]);
  // A user is another shop's when one of their shops is not the attacker's, or they have none (the admin among them).
  const victims = await q(sql`select u.id from users u where u.id <> ${attacker.userId} and (
      exists (select 1 from user_shops s where s.user_id = u.id and s.shop_id <> ${mine.id})
      or not exists (select 1 from user_shops s where s.user_id = u.id)) order by u.id`);
  foreign.set(
    'users',
    victims.map((r) => Number(r.id)),
  );
  foreign.set('shops', [other.id]);
  const allForeign = [...foreign.values()].flat();

  /** Real records for the references an attack does not aim at, so that it is not refused for naming nothing. */
  const firstId = async (table: string, where = sql`true`) =>
    Number((await q(sql`select min(id) as id from ${sql.identifier(table)} where ${where}`))[0]?.id ?? 1);
  const refs: Record<string, unknown> = {
    '@serviceId': await firstId('services'),
    '@productId': await firstId('products'),
    '@itemId': await firstId('services'),
    '@reasonId': await firstId('stock_reasons', sql`code = 'RK01'`),
    outReasonId: await firstId('stock_reasons', sql`code = 'CK01'`),
    '@serviceTypeId': await firstId('service_types'),
    '@positionId': await firstId('positions'),
    '@skillLevelId': await firstId('skill_levels'),
    '@regionId': mine.regionId,
    '@brandId': await firstId('brands'),
    '@templateId': await firstId('price_templates'),
    '@authorityId': await firstId('cashier_authorities'),
    '@fromRoleId': await firstId('roles'),
  };
  const ownShop = { shopid: mine.id, shopId: mine.id, shopIds: [mine.id] };

  const spec = (await admin.get('/openapi.json')).body as unknown as { paths: Record<string, Record<string, any>> };
  const routes = routesOf(spec).filter((r) => !r.raw && r.path !== '/api-user/logout');
  const before = await fingerprint(db, x.tenantId);

  const call = (r: Route, values: Record<string, unknown>): Promise<Answer> => {
    const given = { ...refs, ...ownShop, ...BODY_EXTRAS[r.key]?.(refs), ...values };
    let url = r.path;
    const query = new URLSearchParams();
    for (const p of r.params) {
      const value = p.name in values || p.required ? sample(p.schema, p.name, given) : undefined;
      if (value === undefined) continue;
      const text = Array.isArray(value) ? value.join(',') : String(value);
      if (p.in === 'path') url = url.replace(`{${p.name}}`, text);
      else query.set(p.name, text);
    }
    const target = query.size ? `${url}?${query}` : url;
    if (r.method === 'GET') return atk.get(target);
    if (r.method === 'DELETE') return atk.del(target);
    return atk.post(target, r.body ? sample(r.body, 'body', given) : {});
  };
  const inputs = (r: Route) => [...r.params.map((p) => p.name), ...Object.keys(r.body?.properties ?? {})];
  const isWorkbook = (res: Answer) => String(res.headers['content-type']).includes('spreadsheet');
  /** Whether an answer shows something of another shop: a row of it, its name in a workbook row, or the given record. */
  const shows = async (res: Answer, record?: number) => {
    if (isWorkbook(res))
      return (await workbookRows(res.raw)).some((row) => others.some((s) => row.includes(s.name)) && !row.includes(mine.name));
    const text = res.raw.toString('utf8');
    if (record !== undefined && text.includes(String(record))) return true;
    if (!String(res.headers['content-type']).includes('json')) return others.some((s) => text.includes(s.name));
    return foreignRows(JSON.parse(text).data, mine, others).length > 0;
  };
  /**
   * 403 or 404; for a reference to another record (an employee to link, say), also the 400 that names
   * that field as unknown, the answer an unknown record gets.
   */
  const refused = (r: Route, field: string, res: Answer) => {
    if (res.status === 403 || res.status === 404) return true;
    const reference = field !== 'id' && field !== 'ids' && !r.params.some((p) => p.in === 'path' && p.name === field);
    const paths = res.body?.errors?.map((e) => e.path) ?? [];
    return reference && res.status === 400 && paths.length > 0 && paths.every((p) => p === field || p.startsWith(`${field}.`));
  };
  const answer = (res: Answer) => `${res.status} ${isWorkbook(res) ? '(workbook)' : res.raw.toString('utf8').slice(0, 300)}`;

  it('the attacker holds every right of the modules; the chain has records of other shops in every shop-owned table', () => {
    expect(perms.length).toBeGreaterThan(50);
    expect([...foreign.keys()]).toEqual(
      expect.arrayContaining([
        'devices',
        'employees',
        'employee_stream',
        'product_orders',
        'product_shop_prices',
        'service_card_prices',
        'service_shop_prices',
        'service_specials',
        'shops',
        'stock_bills',
        'stock_products',
        'users',
      ]),
    );
    for (const [table, ids] of foreign) expect(ids.length, table).toBeGreaterThan(0);
  });

  it('every read answers the own shop only, in JSON and in workbooks', async () => {
    const leaks: string[] = [];
    const reads = routes.filter((r) => r.method === 'GET' && !r.params.some((p) => p.in === 'path') && !writesByGet(r.path));
    for (const r of reads) {
      const res = await call(r, r.params.some((p) => p.name === 'pageSize') ? { pageSize: 100 } : {});
      if (res.status === 200 && (await shows(res))) leaks.push(`${r.key}: ${answer(res)}`);
    }
    expect(leaks, leaks.join('\n')).toEqual([]);
  });

  it('every read of a record the attacker may see (a chain-level one, by id) answers the own shop only', async () => {
    // The record: an id the admin's lists under the same path prefix answer, which the route serves to the admin.
    const leaks: string[] = [];
    let read = 0;
    const byId = routes.filter((r) => r.method === 'GET' && r.params.some((p) => p.in === 'path') && !writesByGet(r.path));
    for (const r of byId) {
      const prefix = r.path.split('/').slice(0, 3).join('/');
      const candidates = new Set<number>();
      for (const list of routes.filter((l) => l.method === 'GET' && l.path.startsWith(prefix) && !l.params.some((p) => p.in === 'path'))) {
        if (writesByGet(list.path) || list.params.some((p) => p.required)) continue;
        const res = await admin.get(list.path);
        const data = res.body?.data as { list?: unknown[] } | unknown[] | undefined;
        const items = Array.isArray(data) ? data : Array.isArray(data?.list) ? data.list : [];
        for (const item of items.slice(0, 5))
          if (typeof (item as { id?: unknown })?.id === 'number') candidates.add((item as { id: number }).id);
      }
      for (const id of candidates) {
        const url = r.path.replace(/\{[^}]+\}/, String(id));
        if ((await admin.get(url)).status !== 200) continue;
        read++;
        const res = await atk.get(url);
        if (res.status === 200 && (await shows(res))) leaks.push(`${r.key} ${id}: ${answer(res)}`);
        break;
      }
    }
    expect(leaks, leaks.join('\n')).toEqual([]);
    expect(read).toBeGreaterThan(20);
  });

  it("another shop's record, given by id to any route, answers 403 or 404 (a read may answer nothing of it)", async () => {
    const wrong: string[] = [];
    const attacked = new Set<string>();
    for (const r of routes) {
      if (NOT_A_RECORD[r.key]) continue;
      for (const field of inputs(r)) {
        const tables = RECORD_FIELDS[field];
        if (!tables) continue;
        const ids = tables.length ? tables.flatMap((table) => foreign.get(table) ?? []) : allForeign;
        const list = field === 'ids' || field.endsWith('Ids');
        attacked.add(r.key);
        await Promise.all(
          ids.map(async (id) => {
            const res = await call(r, { [field]: list ? [id] : id });
            if (refused(r, field, res)) return;
            if (r.method === 'GET' && res.status === 200 && !(await shows(res, id))) return;
            wrong.push(`${r.key} ${field}=${id}: ${answer(res)}`);
          }),
        );
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
    // The users routes are among them (and so is every other record route the document lists).
    expect([...attacked]).toEqual(
      expect.arrayContaining([
        'GET /api-user/users/{id}',
        'POST /api-user/users/saveOrUpdate',
        'POST /api-user/users/updateUser',
        'POST /api-user/loginshop/{id}/saveLoginShops',
        'POST /api-user/mangershop/{id}/saveMangerShops',
        'GET /api-user/users-anon/eeid',
        'POST /api-chain/serviceinfo/save',
      ]),
    );
    expect(attacked.size).toBeGreaterThan(150);
  });

  it('another shop, named by any route, answers 403 or 404 (a read may answer nothing of it)', async () => {
    const wrong: string[] = [];
    let attacked = 0;
    for (const r of routes) {
      for (const field of inputs(r)) {
        if (!SHOP_FIELDS.has(field)) continue;
        attacked++;
        const res = await call(r, { [field]: field.endsWith('Ids') ? [other.id] : other.id });
        if (refused(r, field, res)) continue;
        if (r.method === 'GET' && res.status === 200 && !(await shows(res))) continue;
        wrong.push(`${r.key} ${field}=${other.id}: ${answer(res)}`);
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
    expect(attacked).toBeGreaterThan(50);
  });

  it("nothing of the tenant's data changed", async () => {
    const after = await fingerprint(db, x.tenantId);
    expect(Object.keys(before).filter((k) => before[k] !== after[k])).toEqual([]);
  });
});
