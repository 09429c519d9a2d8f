import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * `column = any($1::bigint[])`: the ids travel as one array parameter. An `inArray` list takes one
 * parameter per id, and PostgreSQL refuses a statement of more than 65,535 (a month of commission
 * reads hundreds of thousands of bill lines).
 */
export const anyOf = (column: Column, ids: readonly number[]): SQL => sql`${column} = any(${sql.param([...ids])}::bigint[])`;
