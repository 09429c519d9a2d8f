import type { Page } from '@headoffice/contract';
import { asc, count, desc, ilike, inArray, or, type SQL, type Subquery } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

export type { Page };

export interface PageInput {
  page: number;
  pageSize: number;
  sort?: string;
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

export const offsetOf = (p: PageInput) => (p.page - 1) * p.pageSize;

export function page<T>(list: T[], total: number, p: PageInput): Page<T> {
  return { list, total, page: p.page, pageSize: p.pageSize };
}

/**
 * Runs the page query, then counts the matching rows only when the page does not tell the total
 * (a full page, or an empty page past the first), and then no further than TOTAL_CAP rows.
 * One query after the other: a transaction is one connection.
 */
export async function pageOf<T>(tx: Db, p: PageInput, rows: PromiseLike<T[]>, matching: () => Matching): Promise<Page<T>> {
  const list = await rows;
  const offset = offsetOf(p);
  if (list.length > 0 && list.length < p.pageSize) return page(list, offset + list.length, p);
  if (list.length === 0 && p.page === 1) return page(list, 0, p);
  const [{ total }] = await tx.select({ total: count() }).from(
    matching()
      .limit(TOTAL_CAP + 1)
      .as('matching'),
  );
  if (total > TOTAL_CAP) return { ...page(list, Math.max(TOTAL_CAP, list.length ? offset + list.length : 0), p), totalCapped: true };
  return page(list, total, p);
}

/**
 * Deferred join: the page's ids are picked from the list's own table alone (a walk along an index,
 * however deep the page), and only those rows are joined. `order` may use that table's columns only;
 * the outer query orders by it again.
 */
export function onPage(tx: Db, id: PgColumn, where: SQL | undefined, order: SQL[], p: PageInput): SQL {
  return inArray(
    id,
    tx
      .select({ id })
      .from(id.table)
      .where(where)
      .orderBy(...order)
      .limit(p.pageSize)
      .offset(offsetOf(p)),
  );
}

/** A LIKE pattern for "contains"; `%`, `_` and `\\` in the keyword match literally. */
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
