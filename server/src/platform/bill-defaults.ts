import type { BillDef, BillFilterDef, BillFilterMatch } from '@headoffice/contract';
import { and, asc, eq, getTableColumns, gte, inArray, lt, lte, or, SQL, sql } from 'drizzle-orm';
import { alias, getTableConfig, type PgColumn, type PgSelect, type PgTable, QueryBuilder } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { type Auth, assertShopVisible } from './auth.js';
import { fieldError } from './errors.js';
import { defineMessages } from './i18n.js';
import { dayStartSql, tenantZoneSql } from './numbering.js';
import { keywordMatch, type SortKey } from './paging.js';

// What the bill engine derives from a definition and the tables' foreign keys, so that a module
// writes none of it: the rows' display names, the lines' reader, the list's filters and order, and
// the reference checks of a save.

defineMessages({
  filterRangeTooLong: ['{filter}的范围不能超过 {days} 天', 'The date range may span at most {days} days'],
});

type Row = Record<string, unknown>;
type Columns = Record<string, PgColumn>;

export const columnsOf = (table: PgTable) => getTableColumns(table) as Columns;

/** The table a column's foreign key points at (the tenant's half of the key left aside). */
export function referenceOf(table: PgTable, column: PgColumn): PgTable | undefined {
  for (const fk of getTableConfig(table).foreignKeys) {
    const ref = fk.reference();
    const own = ref.columns.filter((c) => c.name !== 'tenant_id');
    if (own.length === 1 && own[0].name === column.name) return ref.foreignTable;
  }
  return undefined;
}

/** The column of `table` whose foreign key names `target` (the tenant's half of the key left aside). */
export function columnReferring(table: PgTable, target: PgTable): PgColumn | undefined {
  for (const fk of getTableConfig(table).foreignKeys) {
    const ref = fk.reference();
    const own = ref.columns.filter((c) => c.name !== 'tenant_id');
    if (ref.foreignTable === target && own.length === 1) return Object.values(columnsOf(table)).find((c) => c.name === own[0].name);
  }
  return undefined;
}

/**
 * A display field read through a reference, `[the referring field, the referred table's column]` (and
 * the referred table where no foreign key names it), or computed.
 */
export type Display = readonly [string, string] | readonly [string, string, PgTable] | SQL;

/**
 * The display fields of a row schema the table lacks: `<x>Name` is the `name` of what `<x>Id` refers
 * to (shopName, itemName, employeeName), others as the module names them (`contractCode: ['contractId', 'code']`).
 */
function displaysOf(table: PgTable, row: z.ZodObject, named: Record<string, Display> = {}) {
  const columns = columnsOf(table);
  const found: { field: string; via: PgColumn; target: PgTable; column: string }[] = [];
  for (const field of Object.keys(row.shape)) {
    const display = named[field];
    if (field in columns || display instanceof SQL) continue;
    const [via, column, referred] = display ?? (field.endsWith('Name') ? [`${field.slice(0, -4)}Id`, 'name'] : []);
    const target = via && columns[via] ? (referred ?? referenceOf(table, columns[via])) : undefined;
    if (target && column && column in columnsOf(target)) found.push({ field, via: columns[via as string], target, column });
  }
  return found;
}

/**
 * A query of a table with its display fields: each reference joined once (left: an empty reference
 * reads null), on the tenant and the id the referred table's key leads with. `byKey` reads each
 * referred row by its key instead (a lateral lookup): a page's lines then never make the planner hash
 * a whole catalogue to find their products.
 */
export function selectWithDisplays(table: PgTable, row: z.ZodObject, named?: Record<string, Display>, only?: string[], byKey = false) {
  const columns = columnsOf(table);
  const fields: Record<string, PgColumn | SQL | SQL.Aliased> = {};
  for (const [key, column] of Object.entries(columns)) if (key !== 'tenantId' && (!only || only.includes(key))) fields[key] = column;
  for (const [key, display] of Object.entries(named ?? {})) if (display instanceof SQL) fields[key] = display;
  const references = new Map<string, ReturnType<typeof displaysOf>>();
  for (const d of displaysOf(table, row, named)) {
    const key = `${d.via.name}:${getTableConfig(d.target).name}`;
    references.set(key, [...(references.get(key) ?? []), d]);
  }
  const joins = [...references.values()].map((ds, i) => {
    const { target, via } = ds[0];
    const joined = alias(target, `${ds[0].field}_ref`);
    const theirs = columnsOf(joined);
    const on = and(eq(theirs.id, via), theirs.tenantId && columns.tenantId ? eq(theirs.tenantId, columns.tenantId) : undefined);
    if (!byKey) {
      for (const d of ds) fields[d.field] = theirs[d.column];
      return { joined, on, lateral: false };
    }
    const picked = Object.fromEntries(ds.map((d) => [d.field, theirs[d.column]]));
    const lookup = new QueryBuilder().select(picked).from(joined).where(on).limit(1).as(`lookup_${i}`);
    for (const d of ds) fields[d.field] = lookup[d.field];
    return { joined: lookup, on: sql`true`, lateral: true };
  });
  return (tx: Db, extra: Record<string, PgColumn> = {}) => {
    let query = tx
      .select({ ...fields, ...extra })
      .from(table)
      .$dynamic() as PgSelect;
    for (const j of joins)
      query = (j.lateral
        ? query.leftJoinLateral(j.joined as never, j.on)
        : query.leftJoin(j.joined as PgTable, j.on)) as unknown as PgSelect;
    return query;
  };
}

/** The lines of bills as the line row reads them, with `billId`, in the bill's order (`sort`, then id). */
export function linesReader(table: PgTable, billKey: PgColumn, lineRow: z.ZodObject, named?: Record<string, Display>, byKey = false) {
  const columns = columnsOf(table);
  const select = selectWithDisplays(table, lineRow, named, Object.keys(lineRow.shape), byKey);
  return async (tx: Db, billIds: number[]) => {
    if (!billIds.length) return [];
    const order = [asc(billKey), ...(columns.sort ? [asc(columns.sort)] : []), asc(columns.id)];
    return (await select(tx, { billId: billKey })
      .where(inArray(billKey, billIds))
      .orderBy(...order)) as (Row & { billId: number })[];
  };
}

/** What a list's filters need of the type. */
export interface FilterSource {
  def: BillDef;
  table: PgTable;
  dateField: string;
  lines: { table: PgTable; billKey: PgColumn };
  named: Record<string, NamedFilter>;
}

/** A filter the server matches its own way (`match: 'named'`): the value (both ends of a range) and the whole query. */
export type NamedFilter = (ctx: { tx: Db; auth: Auth }, value: unknown, query: Row) => SQL | undefined;

export const matchOf = (f: BillFilterDef): BillFilterMatch =>
  f.match ?? (f.kind === 'text' ? 'contains' : f.kind === 'dateRange' ? 'range' : 'eq');

const empty = (v: unknown) => v === undefined || v === null || v === '';

/** The company's day `day` (plus `days`) as the instant it starts, in the tenant's time zone. */
export const dayStart = (tenantId: number, day: string, days = 0) => dayStartSql(tenantZoneSql(tenantId), day, days);

/** The conditions of the filters the definition declares, for the values the query holds. */
export function filterConditions(source: FilterSource, ctx: { tx: Db; auth: Auth }, query: Row): SQL[] {
  const where: SQL[] = [];
  const head = columnsOf(source.table);
  const lineColumns = columnsOf(source.lines.table);
  for (const [name, f] of Object.entries(source.def.filterFields)) {
    const values = f.keys.map((k) => query[k]);
    if (values.every(empty)) continue;
    const match = matchOf(f);
    if (match === 'named') {
      const condition = source.named[name](ctx, f.keys.length === 1 ? values[0] : values, query);
      if (condition) where.push(condition);
      continue;
    }
    if (f.kind === 'shop') assertShopVisible(ctx.auth, values[0] as number);
    const [from, to] = values as (string | undefined)[];
    if (f.maxDays && from && to && (Date.parse(to) - Date.parse(from)) / 86_400_000 >= f.maxDays)
      throw fieldError(f.keys[1] ?? f.keys[0], 'filterRangeTooLong', { filter: `@${source.def.docType}?${name}`, days: f.maxDays });
    const conditions = filterFields(f, source.dateField).map((field) => {
      const onLines = field.startsWith('lines.');
      const column = columnNamed(onLines ? lineColumns : head, onLines ? field.slice(6) : field) as PgColumn;
      const condition = matching(match, column, values, ctx.auth.tenantId);
      if (!onLines) return condition;
      const lineTenant = lineColumns.tenantId;
      return inArray(
        head.id,
        ctx.tx
          .select({ id: source.lines.billKey })
          .from(source.lines.table)
          .where(and(lineTenant ? eq(lineTenant, ctx.auth.tenantId) : undefined, condition)),
      );
    });
    where.push(conditions.length === 1 ? conditions[0] : (or(...conditions) as SQL));
  }
  return where;
}

/** The fields a filter looks at: its own, or its key (a date range: the type's date field). */
export const filterFields = (f: BillFilterDef, dateField: string) => f.fields ?? [matchOf(f) === 'range' ? dateField : f.keys[0]];

/** A column by its field name, or by the seed's spelling of it in another case (`shopid` is `shopId`). */
export function columnNamed(columns: Columns, field: string): PgColumn | undefined {
  return columns[field] ?? Object.entries(columns).find(([key]) => key.toLowerCase() === field.toLowerCase())?.[1];
}

function matching(match: BillFilterMatch, column: PgColumn, values: unknown[], tenantId: number): SQL {
  const [value, to] = values;
  switch (match) {
    case 'contains':
      return keywordMatch(String(value), column);
    case 'in': {
      const list = String(value).split(',').filter(Boolean);
      return inArray(column, column.dataType === 'number' ? list.map(Number) : list);
    }
    case 'range': {
      // A timestamp is bounded by the company's days: from the start of the first to the start of the day after the last.
      const timestamp = column.dataType === 'date';
      const from = empty(value) ? undefined : timestamp ? gte(column, dayStart(tenantId, String(value))) : gte(column, value);
      const until = empty(to) ? undefined : timestamp ? lt(column, dayStart(tenantId, String(to), 1)) : lte(column, to);
      return and(from, until) as SQL;
    }
    default:
      return eq(column, value);
  }
}

/** `sort` keys: the list columns the definition marks sortable, the date field and when the bill was made. */
export function sortableOf(def: BillDef, table: PgTable, dateField: string) {
  const columns = columnsOf(table);
  const sortable: Record<string, PgColumn> = {
    [dateField]: columns[dateField],
    ...(columns.createdAt ? { createdAt: columns.createdAt } : {}),
  };
  for (const [field, f] of Object.entries(def.headFields)) if (f.column?.sortable && columns[field]) sortable[field] = columns[field];
  return sortable;
}

/** The order without `sort`: newest business date first, then the newest bill. */
export const defaultOrder = (table: PgTable, dateField: string): SortKey[] => [
  { field: dateField, column: columnsOf(table)[dateField], desc: true },
  { field: 'id', column: columnsOf(table).id, desc: true },
];

/**
 * The references a save names exist (400 naming the field) and a shop among them is one the user
 * sees (403): every field of `values` whose column has a foreign key. `path` names a field's place in the body.
 */
export async function checkReferences(
  tx: Db,
  auth: Auth,
  table: PgTable,
  values: Row[],
  path: (i: number, field: string) => string,
  shopFields: string[],
) {
  const columns = columnsOf(table);
  const fields = [...new Set(values.flatMap((v) => Object.keys(v)))].filter((f) => columns[f] && f !== 'tenantId');
  for (const field of fields) {
    const target = referenceOf(table, columns[field]);
    if (!target) continue;
    const ids = [...new Set(values.map((v) => v[field]).filter((v): v is number => typeof v === 'number'))];
    if (!ids.length) continue;
    const id = columnsOf(target).id;
    const found = new Set((await tx.select({ id }).from(target).where(inArray(id, ids))).map((r) => r.id));
    for (const [i, v] of values.entries()) {
      if (typeof v[field] !== 'number') continue;
      if (!found.has(v[field])) throw fieldError(path(i, field), 'missingReference', { field: `@${getTableConfig(target).name}` });
      if (shopFields.includes(field)) assertShopVisible(auth, v[field]);
    }
  }
}
