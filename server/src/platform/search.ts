import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { bigint, type ExtraConfigColumn, foreignKey, index, type PgColumn, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantColumn } from '../db/columns.js';

/**
 * Searches that an index answers under row security (see docs/DECISIONS.md, "Search").
 *
 * Under the tenant policy the planner may use a condition as an index condition only when its
 * operator is leakproof: `LIKE`, `ILIKE`, `@>` and pg_trgm's operators are not, so they filter every
 * row of the tenant. Text `=`, `<`, `>=` and the `text_pattern_ops` operators `~>=~` / `~<~` are. So:
 *
 * - numbers (card, member number, code, barcode) are compared with `=`;
 * - a mobile's last 4 digits are kept in a generated column: a typed tail (or whole number) is `=` on
 *   it, then checked whole on the few rows found (equality is also what the planner estimates well);
 * - a name keeps its first bigrams (2-character pieces) in generated columns, and a fragment of two
 *   or more characters is `=` on those columns, then checked whole on the few rows found;
 * - pinyin initials (written by the module) are a prefix range;
 * - a longer text (a product's code, name and barcode; an employee's code, name and mobile) keeps
 *   every 2-character piece in a gram table `(tenant_id, gram, record)`, written by a trigger: a
 *   fragment of two characters or more is `=` on its first and last pieces, then checked whole.
 *
 * Every index starts with tenant_id, which the policy's `tenant_id = app_current_tenant()` fills.
 */

/** How many bigram columns a name keeps: every fragment of a name of up to this + 1 characters is found. */
export const NAME_GRAMS = 3;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** How many of a mobile's last digits its tail column keeps: the shortest tail a search takes. */
export const TAIL_DIGITS = 4;

/** A generated column holding the last TAIL_DIGITS characters of `source` (a mobile's tail). */
export function tailColumn(name: string, source: string) {
  return text(name).generatedAlwaysAs(sql.raw(`right(${quoted(source)}, ${TAIL_DIGITS})`));
}

/**
 * Generated columns `${prefix}1` … `${prefix}${NAME_GRAMS}` with the bigram starting at characters
 * 1, 2, 3 of `source` (null when the name is too short to have it). Spread into the table's columns.
 */
export function bigramColumns<P extends string>(prefix: P, source: string) {
  const columns: Record<string, ReturnType<typeof text>> = {};
  for (let at = 1; at <= NAME_GRAMS; at++) {
    const s = quoted(source);
    columns[`${prefix}${at}`] = text(`${toSnake(prefix)}${at}`).generatedAlwaysAs(
      sql.raw(`CASE WHEN char_length(${s}) > ${at} THEN substr(${s}, ${at}, 2) END`),
    );
  }
  return columns as Record<`${P}${1 | 2 | 3}`, ReturnType<typeof text>>;
}

const toSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A btree on (tenant_id, column) for equality. */
export const exactIndex = (name: string, tenantId: PgColumn, column: PgColumn) => index(name).on(tenantId, column);

/** A btree on (tenant_id, column) comparing bytes, for prefix ranges (`~>=~`, `~<~`). */
export const prefixIndex = (name: string, tenantId: PgColumn, column: ExtraConfigColumn) =>
  index(name).on(tenantId, column.op('text_pattern_ops'));

/** Partial btrees on (tenant_id, gram) for each bigram column (rows without that gram are left out). */
export const bigramIndexes = (name: string, tenantId: PgColumn, grams: PgColumn[]) =>
  grams.map((g, i) =>
    index(`${name}${i + 1}`)
      .on(tenantId, g)
      .where(sql`${sql.identifier(g.name)} IS NOT NULL`),
  );

/** The first string after every string that starts with `prefix` (bytewise), or undefined if none. */
export function prefixEnd(prefix: string): string | undefined {
  const chars = Array.from(prefix);
  while (chars.length) {
    const last = chars.pop() as string;
    let next = (last.codePointAt(0) as number) + 1;
    if (next === 0xd800) next = 0xe000;
    if (next <= 0x10ffff) return chars.join('') + String.fromCodePoint(next);
  }
  return undefined;
}

/** `column` starts with `prefix`, as a range the (tenant_id, column text_pattern_ops) index answers. */
export function prefixMatch(column: PgColumn, prefix: string): SQL {
  const end = prefixEnd(prefix);
  const from = sql`${column} ~>=~ ${prefix}`;
  return end === undefined ? from : sql`(${from} and ${column} ~<~ ${end})`;
}

/**
 * A stored mobile ends with `digits` (TAIL_DIGITS or more): `=` on its tail column, and for a longer
 * tail the whole of it checked on the rows found.
 */
export function tailMatch(tail: PgColumn, mobile: PgColumn, digits: string): SQL {
  const found = eq(tail, digits.slice(-TAIL_DIGITS));
  return digits.length > TAIL_DIGITS ? (and(found, sql`right(${mobile}, ${digits.length}) = ${digits}`) as SQL) : found;
}

/**
 * The name contains `fragment` (two characters or more): its first bigram equals one of the name's
 * bigram columns, then the whole fragment is checked on those rows.
 */
export function fragmentMatch(name: PgColumn, grams: PgColumn[], fragment: string): SQL {
  const first = Array.from(fragment).slice(0, 2).join('');
  const found = or(...grams.map((g) => eq(g, first))) as SQL;
  return Array.from(fragment).length > 2 ? (and(found, sql`strpos(${name}, ${fragment}) > 0`) as SQL) : found;
}

export interface SearchFields {
  /** Card, member number, code, barcode: a keyword equal to one of them. */
  numbers?: PgColumn[];
  /** The mobile and its tail column: a keyword of 4 or more digits is its tail (or the whole number). */
  mobile?: { column: PgColumn; tail: PgColumn };
  /** The name and its bigram columns: a keyword of 2 or more CJK characters is a fragment of it. */
  name?: { column: PgColumn; grams: PgColumn[] };
  /** Lower-case pinyin initials: a keyword of 2 or more latin letters is their beginning. */
  initials?: PgColumn;
}

const CJK = /^[\p{Script=Han}·]{2,}$/u;
const DIGITS = /^\d{4,}$/;
const LETTERS = /^[a-z]{2,}$/i;

/**
 * The condition for a typed keyword over the fields given, using only index-answerable comparisons:
 * numbers are always compared exactly; the other fields only for a keyword of their kind. Undefined
 * when nothing applies (a blank keyword, or one character and no numbers): the caller then asks for
 * more, or falls back to its own unindexed filter on a narrower list.
 */
export function searchCondition(keyword: string, fields: SearchFields): SQL | undefined {
  const k = keyword.trim();
  if (!k) return undefined;
  const parts: SQL[] = [];
  for (const column of fields.numbers ?? []) parts.push(eq(column, k));
  if (fields.mobile && DIGITS.test(k)) parts.push(tailMatch(fields.mobile.tail, fields.mobile.column, k));
  if (fields.name && CJK.test(k)) parts.push(fragmentMatch(fields.name.column, fields.name.grams, k));
  if (fields.initials && LETTERS.test(k)) parts.push(prefixMatch(fields.initials, k.toLowerCase()));
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : (or(...parts) as SQL);
}

/** A gram table: each record's 2-character pieces of its searched text (lower case, no whitespace). */
export type GramTable = ReturnType<typeof gramTable>;

/**
 * `(tenant_id, gram, record_id)`, keyed in that order, its rows removed with their record. The
 * trigger that fills it is SQL in the migration that creates it (`app_grams()` gives the pieces).
 */
export function gramTable(name: string, record: { tenantId: PgColumn; id: PgColumn }) {
  return pgTable(
    name,
    {
      tenantId: tenantColumn(),
      gram: text('gram').notNull(),
      recordId: bigint('record_id', { mode: 'number' }).notNull(),
    },
    (t) => [
      primaryKey({ columns: [t.tenantId, t.gram, t.recordId] }),
      index(`${name}_tenant_record`).on(t.tenantId, t.recordId),
      foreignKey({
        name: `${name}_record_id_fk`,
        columns: [t.tenantId, t.recordId],
        foreignColumns: [record.tenantId, record.id],
      }).onDelete('cascade'),
    ],
  );
}

/** The 2-character pieces of a keyword that a gram table keeps (none with whitespace), lower case. */
export function gramsOf(keyword: string): string[] {
  const chars = Array.from(keyword.toLowerCase());
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) {
    const gram = chars[i] + chars[i + 1];
    if (!/\s/u.test(gram)) grams.push(gram);
  }
  return grams;
}

/**
 * The record's searched text (`text`, lower case as its grams are) contains `keyword`: its first and
 * last pieces are looked up in the gram table (each an index lookup), then the whole keyword is
 * checked on the records found. Undefined for a keyword with no piece (one character): the caller
 * decides what such a keyword finds.
 */
export function gramMatch(grams: GramTable, id: PgColumn, text: PgColumn | SQL, keyword: string): SQL | undefined {
  const pieces = gramsOf(keyword.trim());
  if (!pieces.length) return undefined;
  const having = (gram: string) => sql`${id} in (select ${grams.recordId} from ${grams} where ${grams.gram} = ${gram})`;
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  const parts = [having(first)];
  if (last !== first) parts.push(having(last));
  if (Array.from(keyword.trim()).length > 2) parts.push(sql`strpos(${text}, ${keyword.trim().toLowerCase()}) > 0`);
  return and(...parts) as SQL;
}
