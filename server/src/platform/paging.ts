import { asc, desc, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export interface PageInput {
  page: number;
  pageSize: number;
  sort?: string;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
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
    const column = sortable[descending ? part.slice(1) : part];
    if (column) order.push(descending ? desc(column) : asc(column));
  }
  return [...(order.length ? order : fallback), asc(idColumn)];
}

export const offsetOf = (p: PageInput) => (p.page - 1) * p.pageSize;

export function page<T>(list: T[], total: number, p: PageInput): Page<T> {
  return { list, total, page: p.page, pageSize: p.pageSize };
}

/** Case-insensitive "contains" on any of the columns; `%`, `_` and `\\` in the keyword match literally. */
export function keywordMatch(keyword: string, ...columns: PgColumn[]): SQL {
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => ilike(c, pattern))) as SQL;
}

/** On update, only the fields the client sent: schema defaults are for creation. */
export function sentFields<T extends Record<string, unknown>>(parsed: T, raw: unknown): Partial<T> {
  const sent = raw && typeof raw === 'object' ? new Set(Object.keys(raw)) : new Set<string>();
  return Object.fromEntries(Object.entries(parsed).filter(([k]) => sent.has(k))) as Partial<T>;
}
