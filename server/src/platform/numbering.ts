import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { tenants } from '../db/tenants.js';
import { numberSeries } from './schema.js';

/**
 * The next number of a per-tenant series, e.g. `RK20261121-0001` for prefix `RK` on that day.
 * One atomic upsert: concurrent callers never get the same number, and a rolled-back
 * transaction gives its number back.
 */
export async function nextNumber(tx: Db, tenantId: number, prefix: string, businessDate: string, width = 4): Promise<string> {
  const day = businessDate.replaceAll('-', '');
  const key = `${prefix}${day}`;
  const [row] = await tx
    .insert(numberSeries)
    .values({ tenantId, key, last: 1 })
    .onConflictDoUpdate({ target: [numberSeries.tenantId, numberSeries.key], set: { last: sql`${numberSeries.last} + 1` } })
    .returning({ last: numberSeries.last });
  return `${key}-${String(row.last).padStart(width, '0')}`;
}

/** `YYYY-MM-DD` plus `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** One formatter per time zone for moments (`YYYY-MM-DD HH:mm`). */
const momentFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment on the clock of a time zone read with `tenantZone`, as messages and lists write it: `2026-03-02 04:25`. */
export function momentIn(zone: string, at: Date): string {
  let format = momentFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      ...{ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    });
    momentFormats.set(zone, format);
  }
  const p = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** The time zone of a company that has none recorded. */
export const DEFAULT_ZONE = 'Asia/Shanghai';

/** One formatter per time zone (making one costs far more than formatting a date). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's business date in the tenant's time zone, `YYYY-MM-DD`. */
export function businessDate(timeZone = DEFAULT_ZONE, at = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The company's time zone (the tenant's), in which its business days are counted. */
export async function tenantZone(tx: Db, tenantId: number): Promise<string> {
  const [tenant] = await tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  return tenant?.timeZone ?? DEFAULT_ZONE;
}

/** The company's business date today, `YYYY-MM-DD`. */
export async function tenantToday(tx: Db, tenantId: number): Promise<string> {
  return businessDate(await tenantZone(tx, tenantId));
}

/**
 * The calendar day of a moment (default: now) in a time zone the caller read with `tenantZone`,
 * `YYYY-MM-DD`. The zone is required: a module never counts days in a zone of its own choosing.
 * Shops have no time zone of their own: a shop's day is its company's.
 */
export function dayIn(zone: string, at = new Date()): string {
  return businessDate(zone, at);
}

/** A time zone for SQL: one read with `tenantZone`, or `tenantZoneSql` where the query is built without it. */
type Zone = string | SQL;

/** The company's time zone read by the query itself (a condition built where no transaction is at hand). */
export const tenantZoneSql = (tenantId: number): SQL => sql`(select ${tenants.timeZone} from ${tenants} where ${tenants.id} = ${tenantId})`;

/**
 * The instant the company's day `day` (plus `days`) starts, in SQL. A bare `'2026-03-02'::date` compared with a
 * moment starts the day at the database session's midnight (UTC), not the company's: a member who came at 04:25
 * in Shanghai would fall on the day before.
 */
export const dayStartSql = (zone: Zone, day: string | SQL, days = 0): SQL =>
  sql`((${day}::date + ${days}::int)::timestamp at time zone ${zone})`;

/**
 * A moment column within the company's days `from`..`to`, both included, either end open: compared as instants,
 * so the column's index serves.
 */
export function withinDays(column: SQLWrapper, zone: Zone, from?: string | null, to?: string | null): SQL[] {
  return [...(from ? [sql`${column} >= ${dayStartSql(zone, from)}`] : []), ...(to ? [sql`${column} < ${dayStartSql(zone, to, 1)}`] : [])];
}

/** The company's today in SQL (`date`), for a query that counts days from it. */
export const todaySql = (zone: Zone): SQL => sql`(now() at time zone ${zone})::date`;

/** The company's calendar day of a moment column, in SQL (`date`): what a list shows, groups and counts by. */
export const daySql = (column: SQLWrapper, zone: Zone): SQL => sql`(${column} at time zone ${zone})::date`;

/**
 * The next free code of a series `<prefix><digits>` (SP0001, FW001...): one more than the largest
 * number in use, deleted rows included (their codes stay taken). A suggestion: the unique index
 * still refuses a code two people saved at once.
 */
export async function nextSeriesCode(tx: Db, table: PgTable, column: PgColumn, prefix: string, width: number): Promise<string> {
  const pattern = `^${prefix}(\\d+)$`;
  const [row] = await tx
    .select({ max: sql<string>`coalesce(max((substring(${column} from ${pattern}))::bigint), 0)` })
    .from(table)
    .where(sql`${column} ~ ${pattern}`);
  return `${prefix}${String(Number(row.max) + 1).padStart(width, '0')}`;
}

/**
 * Reserves `count` numbers of a plain per-tenant series (no date in it): one atomic upsert, so that
 * concurrent callers never share a number and an import takes a whole block in one statement.
 * Answers the first number reserved (the block is first .. first + count - 1).
 */
export async function reserveNumbers(tx: Db, tenantId: number, key: string, count = 1): Promise<number> {
  const [row] = await tx
    .insert(numberSeries)
    .values({ tenantId, key, last: count })
    .onConflictDoUpdate({ target: [numberSeries.tenantId, numberSeries.key], set: { last: sql`${numberSeries.last} + ${count}` } })
    .returning({ last: numberSeries.last });
  return row.last - count + 1;
}
