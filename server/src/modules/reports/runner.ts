import {
  REPORT_BUILT_IN_PARAMS,
  type ReportColumnsAnswer,
  type ReportDataAnswer,
  type ReportParamValues,
  type ReportSource,
  reportRunHead,
} from '@headoffice/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { rowsOf } from '../../platform/ledger.js';
import { tenantToday } from '../../platform/numbering.js';
import { asJsonRows, assertAffordable, boundSql, column, describeColumns } from '../../platform/report-run.js';
import { type CheckedSql, checkReportSql, reportParserReady } from '../../platform/report-sql.js';
import { userRoles } from '../identity/public.js';
import { shops } from '../org/public.js';
import { reportHeads, reportItems, reportLayouts } from './schema.js';

defineMessages({
  reportDisabled: ['报表「{name}」已停用', 'The report {name} is disabled'],
  reportNotShopScoped: [
    '此报表未按门店限定（结果没有 shop_id 列，SQL 也未使用 :shop_ids），只有总部用户可以运行',
    'This report is not limited by shop (no shop_id column, no :shop_ids in its SQL): only head office may run it',
  ],
  reportParamRequired: ['请先填写查询条件「{name}」', 'Fill in the filter {name} first'],
  reportSortNotAllowed: ['不能按「{name}」排序', 'The report cannot be sorted by {name}'],
});

type Head = typeof reportHeads.$inferSelect;
type Item = typeof reportItems.$inferSelect;

/** A report's head by code, refused (404) when the tenant has none. */
export async function headByCode(tx: Db, code: string): Promise<Head> {
  const [head] = await tx.select().from(reportHeads).where(eq(reportHeads.code, code));
  if (!head) throw notFound();
  return head;
}

export const itemsOf = (tx: Db, headId: number) =>
  tx.select().from(reportItems).where(eq(reportItems.headId, headId)).orderBy(asc(reportItems.sort), asc(reportItems.id));

async function roleIdsOf(tx: Db, auth: Auth): Promise<Set<number>> {
  const rows = await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, auth.userId));
  return new Set(rows.map((row) => row.roleId));
}

const granted = (roles: number[], mine: Set<number>, auth: Auth) => auth.isSuper || roles.length === 0 || roles.some((r) => mine.has(r));

/** The head and the columns this user may see of a report they may run: another's columns are never sent. */
export async function reportForUser(tx: Db, auth: Auth, code: string) {
  const head = await headByCode(tx, code);
  const mine = await roleIdsOf(tx, auth);
  if (!granted(head.roles, mine, auth)) throw forbidden();
  const items = (await itemsOf(tx, head.id)).filter((item) => granted(item.fieldRole, mine, auth));
  return { head, items };
}

/** May this user run it: the reports of the centre. */
export async function headsForUser(tx: Db, auth: Auth) {
  const mine = await roleIdsOf(tx, auth);
  const heads = await tx
    .select({ code: reportHeads.code, name: reportHeads.name, memo: reportHeads.memo, roles: reportHeads.roles })
    .from(reportHeads)
    .where(eq(reportHeads.status, 1))
    .orderBy(asc(reportHeads.code));
  return heads.filter((head) => granted(head.roles, mine, auth)).map(({ roles: _, ...head }) => head);
}

export async function columnsAnswer(tx: Db, auth: Auth, code: string): Promise<ReportColumnsAnswer> {
  const { head, items } = await reportForUser(tx, auth, code);
  return columnsOf(tx, auth, head, items);
}

/** The head and columns as the page shows them, with the columns this user hides. */
async function columnsOf(tx: Db, auth: Auth, head: Head, items: Item[]): Promise<ReportColumnsAnswer> {
  const [layout] = await tx
    .select({ hidden: reportLayouts.hidden })
    .from(reportLayouts)
    .where(and(eq(reportLayouts.headId, head.id), eq(reportLayouts.userId, auth.userId)));
  return { head: reportRunHead.parse(head), columns: items.map(columnOf), hidden: layout?.hidden ?? [] };
}

const columnOf = ({ fieldRole: _, sort: __, tenantId: ___, ...item }: Item) => ({
  ...item,
  fieldType: item.fieldType as ReportColumnsAnswer['columns'][number]['fieldType'],
});

/** A report's SQL checked against the tables reports may read. */
export async function checked(app: FastifyInstance, tx: Db, text: string): Promise<CheckedSql> {
  await reportParserReady();
  return checkReportSql(text, await app.reports.readableTables(tx));
}

/** The values of the SQL's `:name` parameters: the built-in ones, and the filters the user gave. */
export async function paramValues(tx: Db, auth: Auth, sqlParams: string[], given: ReportParamValues): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const name of sqlParams) {
    if (name === 'shop_ids') values[name] = visibleShops(auth) ?? (await tx.select({ id: shops.id }).from(shops)).map((shop) => shop.id);
    else if (name === 'today') values[name] = await tenantToday(tx, auth.tenantId);
    else if (name === 'user_id') values[name] = auth.userId;
    else values[name] = single(given, name);
  }
  return values;
}

/** One value of the filters: a range's ends are `name_from` and `name_to`; an empty text is no value. */
function single(given: ReportParamValues, name: string): string | null {
  const direct = given[name];
  if (typeof direct === 'string') return direct === '' ? null : direct;
  const range = /^(.*)_(from|to)$/.exec(name);
  const pair = range ? given[range[1]] : undefined;
  if (range && Array.isArray(pair)) return pair[range[2] === 'from' ? 0 : 1] || null;
  return null;
}

export interface RunRequest {
  params: ReportParamValues;
  columnOrder?: string;
  specification: 'ASC' | 'DESC';
}

/**
 * The report's SQL bound to this request's values (outside the read: the built-in values read tables the
 * reader may not), refused first when a required filter is empty.
 */
export async function boundReport(app: FastifyInstance, tx: Db, auth: Auth, head: Head, items: Item[], request: RunRequest) {
  const sqlText = await checked(app, tx, head.reportSql);
  for (const item of items) {
    if (!item.isSearch || !item.isNonull) continue;
    const value = request.params[item.fieldName];
    const empty = value === undefined || value === '' || (Array.isArray(value) && value.every((end) => end === ''));
    if (empty) throw new AppError(400, 'reportParamRequired', { name: item.fieldTxt });
  }
  return { params: sqlText.params, inner: boundSql(sqlText, await paramValues(tx, auth, sqlText.params, request.params)) };
}

/**
 * The report's query, filtered and sorted for this user, made in the reader's transaction: the SQL as a
 * subquery, the user's filters on its columns (those not read as `:name` parameters), the shops the user may
 * see on its `shop_id`, and only the columns the user may see (`shown`: those the table and the workbook show).
 */
export async function filteredQuery(
  reader: Db,
  auth: Auth,
  items: Item[],
  request: RunRequest,
  { params, inner }: Awaited<ReturnType<typeof boundReport>>,
) {
  const byName = new Map(items.map((item) => [item.fieldName, item]));
  const output = new Set((await describeColumns(reader, inner)).map((c) => c.name));
  const conditions: SQL[] = [];
  const visible = visibleShops(auth);
  if (visible) {
    if (output.has('shop_id')) conditions.push(sql`${column('shop_id')} = any(${sql.param(visible)}::bigint[])`);
    else if (!params.includes('shop_ids')) throw forbidden('reportNotShopScoped');
  }
  const asParam = new Set(params);
  for (const item of items) {
    if (!item.isSearch || !output.has(item.fieldName)) continue;
    if (asParam.has(item.fieldName) || asParam.has(`${item.fieldName}_from`) || asParam.has(`${item.fieldName}_to`)) continue;
    const condition = filterOn(item, request.params[item.fieldName]);
    if (condition) conditions.push(condition);
  }
  const shown = items.filter(
    (item) => item.isShow && output.has(item.fieldName) && !REPORT_BUILT_IN_PARAMS.includes(item.fieldName as never),
  );
  const where = conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
  const from = sql`from (${inner}) as report_result${where}`;
  let order = sql``;
  if (request.columnOrder) {
    const sortable = byName.get(request.columnOrder);
    if (!sortable?.isOrder || !output.has(sortable.fieldName))
      throw new AppError(400, 'reportSortNotAllowed', { name: sortable?.fieldTxt ?? request.columnOrder });
    order = sql` order by ${column(sortable.fieldName)} ${sql.raw(request.specification)} nulls last`;
  }
  // A row carries every column the user may see, shown or not: a link or a chart's click reads the hidden ones
  // (the bill a bill number opens); the table and the workbook show the `isShow` ones.
  const read = items.filter((item) => output.has(item.fieldName) && !REPORT_BUILT_IN_PARAMS.includes(item.fieldName as never));
  const selected = read.length
    ? sql.join(
        read.map((item) => column(item.fieldName)),
        sql`, `,
      )
    : sql`null as nothing`;
  return { from, order, selected, shown };
}

/** A filter on one column of the result, by the column's kind. */
function filterOn(item: Item, value: ReportParamValues[string] | undefined): SQL | undefined {
  const target = column(item.fieldName);
  if (Array.isArray(value)) {
    const [from, to] = value;
    const cast = item.fieldType === 'date' || item.fieldType === 'datetime' ? sql`::date` : sql`::numeric`;
    const parts: SQL[] = [];
    if (from) parts.push(sql`${target}${cast} >= ${from}${cast}`);
    if (to) parts.push(sql`${target}${cast} <= ${to}${cast}`);
    return parts.length ? sql.join(parts, sql` and `) : undefined;
  }
  if (value === undefined || value === '') return undefined;
  if (item.fieldType === 'text') return sql`${target}::text ilike ${`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
  if (item.fieldType === 'date' || item.fieldType === 'datetime') return sql`${target}::date = ${value}::date`;
  return sql`${target}::text = ${value}`;
}

export interface PageRequest extends RunRequest {
  page: number;
  pageSize: number;
}

/** One page of the report, its count and its totals (over every row that matched). */
export async function runReport(app: FastifyInstance, tx: Db, auth: Auth, code: string, request: PageRequest): Promise<ReportDataAnswer> {
  const { head, items } = await reportForUser(tx, auth, code);
  if (head.status !== 1) throw conflict('reportDisabled', { name: head.name });
  const columns = await columnsOf(tx, auth, head, items);
  const { rows, total, totals, source } = await pageOf(app, tx, auth, head, items, request);
  return { ...columns, rows, total, totals, source };
}

export async function pageOf(
  app: FastifyInstance,
  tx: Db,
  auth: Auth,
  head: Head,
  items: Item[],
  request: PageRequest,
): Promise<{ rows: Record<string, unknown>[]; total: number; totals: Record<string, number> | null; source: ReportSource }> {
  const bound = await boundReport(app, tx, auth, head, items, request);
  const pageSize = head.isPage ? request.pageSize : 500;
  const offset = head.isPage ? (request.page - 1) * pageSize : 0;
  const read = await app.reports.read(tx, auth.tenantId, async (reader) => {
    const query = await filteredQuery(reader, auth, items, request, bound);
    const summed = head.isSummary ? query.shown.filter((item) => item.isSum) : [];
    const sums = summed.map((item) => sql`, coalesce(sum(${column(item.fieldName)}), 0)::float8 as ${sql.raw(`"sum_${item.fieldName}"`)}`);
    const counting = sql`select count(*)::int as total${sql.join(sums)} ${query.from}`;
    const paging = sql`select ${query.selected} ${query.from}${query.order} limit ${pageSize} offset ${offset}`;
    await assertAffordable(reader, counting, app.reports.limits);
    const [counted] = rowsOf<Record<string, number>>(await reader.execute(counting));
    const page = rowsOf<{ row: Record<string, unknown> }>(await reader.execute(asJsonRows(paging))).map((r) => r.row);
    return { counted, page, summed };
  });
  const totals = head.isSummary
    ? Object.fromEntries(read.value.summed.map((item) => [item.fieldName, Number(read.value.counted[`sum_${item.fieldName}`])]))
    : null;
  return { rows: read.value.page, total: read.value.counted.total, totals, source: read.source };
}

/** The heads of several ids, all the tenant's (404 for any other). */
export async function headsByIds(tx: Db, ids: number[]) {
  const found = await tx.select().from(reportHeads).where(inArray(reportHeads.id, ids));
  if (found.length !== new Set(ids).size) throw notFound();
  return found;
}
