import type { ReportSource } from '@headoffice/contract';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client.js';
import { AppError } from './errors.js';
import { defineMessages } from './i18n.js';
import { rowsOf } from './ledger.js';
import { type CheckedSql, quoteName, refuse } from './report-sql.js';

/**
 * Where reports read, and how: on a PostgreSQL streaming replica when `REPORTS_DATABASE_URL` names one,
 * else on the primary inside the request's transaction. Either way the report's statements run
 * read-only, as `headoffice_reader` (it may only read, and not the tables and columns of secrets), with
 * the tenant set for row security, a statement timeout, and a plan cost cap: the embedded database has no
 * timeout that fires, so a query the planner prices past the cap is refused before it runs.
 */
export const READER_ROLE = 'headoffice_reader';

defineMessages({
  reportTooCostly: [
    '报表查询的数据量太大，请缩小条件（如日期范围、门店）后再查',
    'The report would read too much; narrow its filters (dates, shops) and run it again',
  ],
  reportTimeout: [
    '报表查询超过 {seconds} 秒未完成，已中止，请缩小条件',
    'The report ran past {seconds} s and was stopped; narrow its filters',
  ],
  reportDenied: ['报表 SQL 读取了不允许读取的内容：{detail}', 'The report SQL reads something reports may not read: {detail}'],
  reportFailed: ['报表 SQL 执行出错：{detail}', 'The report SQL failed: {detail}'],
});

export interface ReportLimits {
  /** A statement past this is cancelled (PostgreSQL). */
  timeoutMs: number;
  /** A plan the planner prices past this is refused before it runs. */
  costCap: number;
}

/** The reports' database: the replica's pool, or none (the primary, in the request's transaction). */
export class ReportsDatabase {
  private readonly pool?: pg.Pool;
  private tables?: Promise<ReadonlySet<string>>;

  constructor(
    url: string | undefined,
    readonly limits: ReportLimits,
  ) {
    if (url) this.pool = new pg.Pool({ connectionString: url, max: 4 });
  }

  get replica() {
    return this.pool !== undefined;
  }

  /** The tables the reader role may read: a report names no other (the check refuses them by name). */
  readableTables(tx: Db): Promise<ReadonlySet<string>> {
    this.tables ??= tx
      .execute(
        sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'p', 'v') and has_any_column_privilege(${READER_ROLE}, c.oid, 'SELECT')`,
      )
      .then((result) => new Set(rowsOf<{ name: string }>(result).map((row) => row.name)));
    this.tables.catch(() => {
      this.tables = undefined;
    });
    return this.tables;
  }

  /**
   * Runs `read` as the reader: on the replica in a read-only transaction of its own, or on the primary in
   * a savepoint of the request's transaction made read-only (rolled back after, so that the request's
   * role and mode come back for anything it writes later).
   */
  async read<T>(tx: Db, tenantId: number, read: (reader: Db) => Promise<T>): Promise<{ value: T; source: ReportSource }> {
    const settings = sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', ${READER_ROLE}, true),
      set_config('statement_timeout', ${String(this.limits.timeoutMs)}, true)`;
    if (this.pool) {
      const client = await this.pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin transaction read only');
        const lag = await client.query<{ lag: number | null }>(
          `select case when not pg_is_in_recovery() then null
             when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
             else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as lag`,
        );
        const reader = drizzle({ client }) as unknown as Db;
        await reader.execute(settings);
        const value = await read(reader).catch(explain(this.limits));
        return { value, source: { replica: true, lagSeconds: lag.rows[0]?.lag ?? null } };
      } finally {
        await client.query('rollback').catch((error: Error) => {
          broken = error;
        });
        client.release(broken);
      }
    }
    await tx.execute(sql`savepoint report_read`);
    try {
      await tx.execute(sql`select set_config('transaction_read_only', 'on', true)`);
      await tx.execute(settings);
      const value = await read(tx).catch(explain(this.limits));
      return { value, source: { replica: false, lagSeconds: null } };
    } finally {
      await tx.execute(sql`rollback to savepoint report_read`);
      await tx.execute(sql`release savepoint report_read`);
    }
  }

  async close() {
    await this.pool?.end();
  }
}

/** The database's refusals, told as the report's problems (never a 500). */
const explain = (limits: ReportLimits) => (error: unknown) => {
  if (error instanceof AppError) throw error;
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, message } = cause as { code?: string; message?: string };
  if (code === '57014') throw new AppError(400, 'reportTimeout', { seconds: Math.round(limits.timeoutMs / 1000) });
  if (code === '42501' || code === '25006') throw new AppError(400, 'reportDenied', { detail: message ?? '' });
  // 42xxx: the text names a column or type that does not exist; 22xxx: a value the query cannot take
  if (code && /^(42|22|2F|0A|21|54)/.test(code)) throw new AppError(400, 'reportFailed', { detail: message ?? '' });
  throw error;
};

/** The checked SQL as a drizzle query, its `:name` parameters bound to `values` (a name not given binds null). */
export function boundSql(checked: CheckedSql, values: Record<string, unknown>): SQL {
  return sql.join(
    checked.pieces.map((piece) => (typeof piece === 'number' ? sql`${sql.param(values[checked.params[piece]] ?? null)}` : sql.raw(piece))),
  );
}

/** Refuses a plan the planner prices past the cap (the embedded database cannot cancel a running statement). */
export async function assertAffordable(reader: Db, query: SQL, limits: ReportLimits) {
  const plan = rowsOf<{ 'QUERY PLAN': unknown }>(await reader.execute(sql`explain (format json) ${query}`))[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Total Cost': number } }[];
  if ((parsed[0]?.Plan['Total Cost'] ?? 0) > limits.costCap) throw new AppError(400, 'reportTooCostly');
}

/** The names and types of the query's columns, without running it. */
export async function describeColumns(reader: Db, query: SQL): Promise<{ name: string; type: string }[]> {
  const result = (await reader.execute(sql`select * from (${query}) as described limit 0`)) as unknown as {
    fields?: { name: string; dataTypeID: number }[];
  };
  const columns = (result.fields ?? []).map((field) => ({ name: field.name, type: TYPE_NAMES[field.dataTypeID] ?? 'text' }));
  const seen = new Set<string>();
  for (const column of columns) {
    if (seen.has(column.name)) throw refuse({ reason: 'duplicateColumn', name: column.name });
    seen.add(column.name);
  }
  return columns;
}

/** How a column's database type is told to the designer (the web guesses the column's kind from it). */
const TYPE_NAMES: Record<number, string> = {
  16: 'boolean',
  20: 'bigint',
  21: 'smallint',
  23: 'integer',
  700: 'real',
  701: 'double precision',
  1700: 'numeric',
  1082: 'date',
  1114: 'timestamp',
  1184: 'timestamptz',
  1083: 'time',
  25: 'text',
  1043: 'varchar',
  114: 'json',
  3802: 'jsonb',
};

/** Rows as JSON objects: numbers as numbers, dates as `YYYY-MM-DD`, moments in ISO form, the same on both databases. */
export const asJsonRows = (query: SQL) => sql`select row_to_json(report_row) as "row" from (${query}) as report_row`;

export const column = (name: string) => sql.raw(`report_result.${quoteName(name)}`);

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsDatabase;
  }
}

/** Opens the reports' database of the configuration (the replica's pool, if any) and closes it with the app. */
export function reportsDatabase(app: FastifyInstance, url: string | undefined, limits: ReportLimits) {
  const reports = new ReportsDatabase(url, limits);
  app.decorate('reports', reports);
  app.addHook('onClose', () => reports.close());
}
