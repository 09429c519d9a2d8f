import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/** Column types whose values go into the JSON as they are (PostgreSQL reads JSON arrays and objects into them). */
const takenAsIs = (type: string) => type === 'json' || type === 'jsonb' || type.endsWith('[]');

/**
 * Inserts many rows with one statement that carries them as one JSON parameter, unpacked by
 * `json_to_recordset` in the order given: for the hundreds of rows a demo chain makes, building a
 * statement of thousands of parameters costs more than the insert itself. A column a row leaves out
 * takes its default (rows that give different columns go in one statement per set of columns);
 * `returning` names the columns to answer, row by row in the order given.
 */
export async function insertMany<T extends PgTable, K extends keyof T['$inferSelect'] & string = never>(
  tx: Db,
  table: T,
  rows: T['$inferInsert'][],
  returning: K[] = [],
): Promise<Pick<T['$inferSelect'], K>[]> {
  const columns = getTableColumns(table) as Record<string, Column>;
  const bySignature = new Map<string, { keys: string[]; rows: Record<string, unknown>[]; at: number[] }>();
  for (const [at, row] of (rows as Record<string, unknown>[]).entries()) {
    const keys = Object.keys(row)
      .filter((key) => row[key] !== undefined)
      .sort();
    for (const key of keys) if (!columns[key]) throw new Error(`insertMany: ${key} is not a column`);
    const group = bySignature.get(keys.join()) ?? { keys, rows: [], at: [] };
    group.rows.push(row);
    group.at.push(at);
    bySignature.set(keys.join(), group);
  }
  const answered: Pick<T['$inferSelect'], K>[] = new Array(rows.length);
  for (const group of bySignature.values()) {
    const answers = await insertGroup(tx, table, columns, group.keys, group.rows, returning);
    for (const [i, answer] of answers.entries()) answered[group.at[i]] = answer;
  }
  return returning.length ? answered : [];
}

async function insertGroup<T extends PgTable, K extends keyof T['$inferSelect'] & string>(
  tx: Db,
  table: T,
  columns: Record<string, Column>,
  keys: string[],
  rows: Record<string, unknown>[],
  returning: K[],
): Promise<Pick<T['$inferSelect'], K>[]> {
  const names = keys.map((key) => columns[key].name);
  const values = rows.map((row) =>
    Object.fromEntries(
      keys.map((key) => {
        const column = columns[key];
        const value = (row as Record<string, unknown>)[key];
        const json = value === null || takenAsIs(column.getSQLType()) ? value : column.mapToDriverValue(value);
        return [column.name, json];
      }),
    ),
  );
  const list = (items: string[]) => sql.raw(items.map((n) => `"${n}"`).join(', '));
  const shape = sql.raw(keys.map((key) => `"${columns[key].name}" ${columns[key].getSQLType()}`).join(', '));
  const answer: SQL = returning.length ? sql` returning ${list(returning.map((key) => columns[key].name))}` : sql``;
  const result = (await tx.execute(
    sql`insert into ${table} (${list(names)})
      select ${list(names)} from rows from (json_to_recordset(${JSON.stringify(values)}::json) as (${shape})) with ordinality as x(${list(names)}, row_no)
      order by row_no${answer}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map(
    (row) =>
      Object.fromEntries(
        returning.map((key) => {
          const value = row[columns[key].name];
          return [key, value === null ? null : columns[key].mapFromDriverValue(value)];
        }),
      ) as Pick<T['$inferSelect'], K>,
  );
}
