import type { Page } from '@headoffice/contract';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, or, type SQL, type Subquery, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { fieldError } from './errors.js';

export type { Page };

export interface PageInput {
  page: number;
  pageSize: number;
  sort?: string;
  /** The `next` key of the page before: this page starts after that row (see `keyset`). */
  after?: string;
}

/**
 * Matching rows are counted up to this many: counting a whole chain's history costs more than the
 * page itself. Past it, `total` is at least TOTAL_CAP (or the rows up to this page) with `totalCapped`.
 */
export const TOTAL_CAP = 10_000;

/** A select of the list's filter (any one column); only its row count is used. */
interface Matching {
  limit(limit: number): { as(alias: string): Subquery };
}

/**
 * `sort=field,-other` → ORDER BY, using only the listed columns; unknown fields are ignored.
 * The id is always the last key so that pages are stable.
 */
export function orderBy(sort: string | undefined, sortable: Record<string, PgColumn>, fallback: SQL[], idColumn: PgColumn): SQL[] {
  const order: SQL[] = [];
  for (const part of (sort ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const descending = part.startsWith('-');
    const field = descending ? part.slice(1) : part;
    const column = Object.hasOwn(sortable, field) ? sortable[field] : undefined;
    if (column) order.push(descending ? desc(column) : asc(column));
  }
  return [...(order.length ? order : fallback), asc(idColumn)];
}

/** The rows before the page; none when it starts from a key (`after`) of the list's keyset. */
export const offsetOf = (p: PageInput, keys?: Keyset) => (keys && p.after ? 0 : rowsBefore(p));
const rowsBefore = (p: PageInput) => (p.page - 1) * p.pageSize;

export function page<T>(list: T[], total: number, p: PageInput): Page<T> {
  return { list, total, page: p.page, pageSize: p.pageSize };
}

/**
 * One key of a list's order: the row field the page's rows carry it in (and the API's `sort` name),
 * its column, its direction. PostgreSQL's default null order applies (last ascending, first descending).
 */
export interface SortKey {
  field: string;
  column: PgColumn;
  desc?: boolean;
}

/**
 * A list's order as keys (the id always last): its ORDER BY, the condition "after the row of the key
 * `after`" and the key of a page's last row. A list built on it pages both ways: by page number (an
 * offset, as before) and, when the client sends back the `next` of the page before as `after`, from
 * that row on, so that a deep page is an index range instead of a walk past every row before it.
 *
 * The key is the last row's sort values and id with the order's signature (base64url JSON), not
 * signed: it only narrows a query that runs under the tenant's row security like any other, so a key
 * made up or taken from another tenant reaches nothing more than the list itself does. A key that does
 * not decode, belongs to another order, or holds a value of the wrong type is a 400.
 */
export interface Keyset {
  keys: SortKey[];
  order: SQL[];
}

/** `sort=field,-other` → keys, using only the listed columns (unknown fields ignored); else `fallback`; the id last (ascending unless `fallback` ends with it). */
export function keyset(
  sort: string | undefined,
  sortable: Record<string, PgColumn>,
  fallback: SortKey[],
  id: PgColumn,
  idField = 'id',
): Keyset {
  const keys: SortKey[] = [];
  for (const part of (sort ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const descending = part.startsWith('-');
    const field = descending ? part.slice(1) : part;
    const column = Object.hasOwn(sortable, field) ? sortable[field] : undefined;
    if (column && !keys.some((k) => k.column === column)) keys.push({ field, column, desc: descending });
  }
  const chosen = keys.length ? keys : fallback;
  const all = chosen.some((k) => k.column === id) ? chosen : [...chosen, { field: idField, column: id }];
  return { keys: all, order: all.map((k) => (k.desc ? desc(k.column) : asc(k.column))) };
}

type KeyValue = string | number | boolean | Date | null;

const signature = (ks: Keyset) => ks.keys.map((k) => `${k.desc ? '-' : ''}${k.field}`).join(',');

/** A row's value of a key, as the key carries it; undefined when the row lacks it or its type has no key form. */
function keyValue(key: SortKey, row: Record<string, unknown>): KeyValue | undefined {
  const v = row[key.field];
  if (v === null) return key.column.notNull ? undefined : null;
  switch (key.column.dataType) {
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
    case 'string':
      return typeof v === 'string' ? v : undefined;
    case 'boolean':
      return typeof v === 'boolean' ? v : undefined;
    case 'date':
      return v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : undefined;
    default:
      return undefined;
  }
}

/** The key of the row a page ends with; undefined when a key field is missing from the row. */
export function keyOf(ks: Keyset, row: unknown): string | undefined {
  if (!row || typeof row !== 'object') return undefined;
  const values: KeyValue[] = [];
  for (const key of ks.keys) {
    const v = keyValue(key, row as Record<string, unknown>);
    if (v === undefined) return undefined;
    values.push(v);
  }
  return Buffer.from(JSON.stringify([signature(ks), ...values])).toString('base64url');
}

const badKey = () => fieldError('after', 'pageKeyInvalid');

function decodeKey(ks: Keyset, after: string): KeyValue[] {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(after)) throw badKey();
    parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw badKey();
  }
  if (!Array.isArray(parsed) || parsed[0] !== signature(ks) || parsed.length !== ks.keys.length + 1) throw badKey();
  return ks.keys.map((key, i) => {
    const v: unknown = parsed[i + 1];
    if (v === null && !key.column.notNull) return null;
    const type = key.column.dataType;
    if (type === 'number' && typeof v === 'number' && Number.isFinite(v)) return v;
    if (type === 'string' && typeof v === 'string' && v.length <= 1000) return v;
    if (type === 'boolean' && typeof v === 'boolean') return v;
    if (type === 'date' && typeof v === 'string' && !Number.isNaN(Date.parse(v))) return new Date(v);
    throw badKey();
  });
}

/**
 * The value a key compares with. A timestamp is kept to the microsecond in the database but to the
 * millisecond in the row: the exact value is read back from the key's row (its id and the
 * millisecond narrow it to one index entry; a partitioned table prunes to one partition), the
 * millisecond value when that row is gone.
 */
function bound(ks: Keyset, key: SortKey, value: KeyValue, idValue: number): SQL {
  const param = sql`${sql.param(value, key.column)}`;
  if (!(value instanceof Date)) return param;
  const id = ks.keys[ks.keys.length - 1].column;
  const upper = sql.param(new Date(value.getTime() + 1), key.column);
  // One scalar subquery (a parameter of the plan, so that the comparison stays an index condition under
  // row security, where a COALESCE would not be leakproof): the row's value, else the millisecond.
  return sql`(select ${key.column} from ${id.table} where ${id} = ${sql.param(idValue, id)} and ${key.column} >= ${param} and ${key.column} < ${upper} union all select ${param} limit 1)`;
}

/**
 * "After the row of `p.after`" in the keys' order, or undefined without `after`. When every key is
 * not null and all go the same way, one row comparison `(a, b, id) > (…)` (an index range on an index
 * of those columns); otherwise each key in turn, with its null order, under a first-key bound.
 */
export function afterKey(ks: Keyset, p: PageInput): SQL | undefined {
  if (!p.after) return undefined;
  const values = decodeKey(ks, p.after);
  const idValue = values[values.length - 1] as number;
  const bounds = ks.keys.map((k, i) => (values[i] === null ? null : bound(ks, k, values[i], idValue)));
  const first = ks.keys[0];
  if (ks.keys.every((k, i) => k.column.notNull && values[i] !== null && !!k.desc === !!first.desc)) {
    const columns = sql.join(
      ks.keys.map((k) => sql`${k.column}`),
      sql`, `,
    );
    // The first key's own bound too: an index of the first key alone (without the id, as the audit
    // log's partitions have) then still reads a range instead of filtering every entry.
    const lead = bounds[0] as SQL;
    return and(
      first.desc ? sql`${first.column} <= ${lead}` : sql`${first.column} >= ${lead}`,
      sql`(${columns}) ${sql.raw(first.desc ? '<' : '>')} (${sql.join(bounds as SQL[], sql`, `)})`,
    );
  }
  const beyond = (k: SortKey, b: SQL | null): SQL | undefined => {
    // Nulls come last ascending and first descending.
    if (b === null) return k.desc ? isNotNull(k.column) : sql`false`;
    const strictly = k.desc ? lt(k.column, b) : gt(k.column, b);
    return k.desc || k.column.notNull ? strictly : or(strictly, isNull(k.column));
  };
  const same = (k: SortKey, b: SQL | null) => (b === null ? isNull(k.column) : eq(k.column, b));
  let condition: SQL | undefined;
  for (let i = ks.keys.length - 1; i >= 0; i--) {
    const k = ks.keys[i];
    condition = condition ? or(beyond(k, bounds[i]), and(same(k, bounds[i]), condition)) : beyond(k, bounds[i]);
  }
  const lead = bounds[0];
  if (lead !== null && first.column.notNull) {
    return and(first.desc ? sql`${first.column} <= ${lead}` : sql`${first.column} >= ${lead}`, condition);
  }
  return condition;
}

/**
 * Runs the page query, then counts the matching rows only when the page does not tell the total
 * (a full page, or an empty page past the first), and then no further than TOTAL_CAP rows.
 * One query after the other: a transaction is one connection.
 */
export async function pageOf<T>(tx: Db, p: PageInput, rows: PromiseLike<T[]>, matching: () => Matching, keys?: Keyset): Promise<Page<T>> {
  const list = await rows;
  const offset = rowsBefore(p);
  if (list.length > 0 && list.length < p.pageSize) return page(list, offset + list.length, p);
  if (list.length === 0 && p.page === 1) return page(list, 0, p);
  const next = keys && list.length === p.pageSize ? keyOf(keys, list[list.length - 1]) : undefined;
  const [{ total }] = await tx.select({ total: count() }).from(
    matching()
      .limit(TOTAL_CAP + 1)
      .as('matching'),
  );
  const withNext = (r: Page<T>): Page<T> => (next ? { ...r, next } : r);
  if (total > TOTAL_CAP)
    return withNext({ ...page(list, Math.max(TOTAL_CAP, list.length ? offset + list.length : 0), p), totalCapped: true });
  return withNext(page(list, total, p));
}

/**
 * Deferred join: the page's ids are picked from the list's own table alone (a walk along an index,
 * however deep the page), and only those rows are joined. `order` may use that table's columns only;
 * the outer query orders by it again.
 */
export function onPage(tx: Db, id: PgColumn, where: SQL | undefined, order: SQL[] | Keyset, p: PageInput): SQL {
  const keys = Array.isArray(order) ? undefined : order;
  return inArray(
    id,
    tx
      .select({ id })
      .from(id.table)
      .where(keys ? and(where, afterKey(keys, p)) : where)
      .orderBy(...(keys ? keys.order : (order as SQL[])))
      .limit(p.pageSize)
      .offset(offsetOf(p, keys)),
  );
}

/** A LIKE pattern for "contains"; `%`, `_` and `\\` in the keyword match literally. */
/** How many matching rows have one of these values (a list's count of the bills that count, or of those apart). */
export const countWhere = (column: PgColumn, values: unknown[]) =>
  sql<number>`count(*) filter (where ${inArray(column, values)})`.mapWith(Number);
/** The sum of a column over the matching rows with one of these values (0 for none). */
export const sumWhere = (summed: PgColumn, column: PgColumn, values: unknown[]) =>
  sql<number>`coalesce(sum(${summed}) filter (where ${inArray(column, values)}), 0)::bigint`.mapWith(Number);

export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains" on any of the columns. */
export function keywordMatch(keyword: string, ...columns: PgColumn[]): SQL {
  const pattern = containsPattern(keyword);
  return or(...columns.map((c) => ilike(c, pattern))) as SQL;
}

/** On update, only the fields the client sent: schema defaults are for creation. */
export function sentFields<T extends Record<string, unknown>>(parsed: T, raw: unknown): Partial<T> {
  const sent = raw && typeof raw === 'object' ? new Set(Object.keys(raw)) : new Set<string>();
  return Object.fromEntries(Object.entries(parsed).filter(([k]) => sent.has(k))) as Partial<T>;
}
