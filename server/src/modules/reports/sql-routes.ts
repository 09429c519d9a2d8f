import type { ReportParamValues, SqlParseAnswer, SqlResultAnswer } from '@headoffice/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { AppError, conflict } from '../../platform/errors.js';
import { dateTimeText, type ExcelColumn, sendXlsx, yuanCell } from '../../platform/excel.js';
import type { Lang } from '../../platform/i18n.js';
import { rowsOf } from '../../platform/ledger.js';
import { tenantZone } from '../../platform/numbering.js';
import { asJsonRows, assertAffordable, boundSql, describeColumns } from '../../platform/report-run.js';
import { boundReport, checked, filteredQuery, pageOf, paramValues, type RunRequest, reportForUser } from './runner.js';

/** A test run shows this many rows. */
const TEST_ROWS = 100;
/** An export holds at most this many rows; past it the user is asked to narrow the filters, before anything is sent. */
export const REPORT_EXPORT_CAP = 1_000_000;
/** Rows fetched from the cursor at a time while the workbook streams out. */
const EXPORT_FETCH = 1_000;

/** The columns of a SQL text and its parameters, without running it. */
export async function parseSql(
  app: FastifyInstance,
  tx: Db,
  auth: Auth,
  body: { reportSql: string; params: ReportParamValues },
): Promise<SqlParseAnswer> {
  const text = await checked(app, tx, body.reportSql);
  const query = boundSql(text, await paramValues(tx, auth, text.params, body.params));
  const { value: columns } = await app.reports.read(tx, auth.tenantId, (reader) => describeColumns(reader, query));
  return { columns, params: text.params };
}

/** The first rows of a SQL text on the test parameters, as the report would read them for this user. */
export async function testRun(
  app: FastifyInstance,
  tx: Db,
  auth: Auth,
  body: { reportSql: string; params: ReportParamValues },
): Promise<SqlResultAnswer> {
  const text = await checked(app, tx, body.reportSql);
  const query = boundSql(text, await paramValues(tx, auth, text.params, body.params));
  const limited = sql`select * from (${query}) as tested limit ${TEST_ROWS + 1}`;
  const { value, source } = await app.reports.read(tx, auth.tenantId, async (reader) => {
    const columns = await describeColumns(reader, query);
    await assertAffordable(reader, limited, app.reports.limits);
    const rows = rowsOf<{ row: Record<string, unknown> }>(await reader.execute(asJsonRows(limited))).map((r) => r.row);
    return { columns, rows };
  });
  return { columns: value.columns, rows: value.rows.slice(0, TEST_ROWS), more: value.rows.length > TEST_ROWS, source };
}

/** A report's rows by code, one page (the original's `sqlreport/report/{code}`). */
export async function sqlReportRows(
  app: FastifyInstance,
  tx: Db,
  auth: Auth,
  code: string,
  query: RunRequest & { page: number; pageSize: number },
) {
  const { head, items } = await reportForUser(tx, auth, code);
  if (head.status !== 1) throw conflict('reportDisabled', { name: head.name });
  const { rows, total, source } = await pageOf(app, tx, auth, head, items, query);
  return { rows, total, source };
}

/** Every matching row as a workbook: counted first (refused past the cap), then read from a cursor while it streams. */
export async function exportReport(
  app: FastifyInstance,
  tx: Db,
  auth: Auth,
  code: string,
  request: RunRequest,
  lang: Lang,
  reply: FastifyReply,
) {
  const { head, items } = await reportForUser(tx, auth, code);
  if (head.status !== 1) throw conflict('reportDisabled', { name: head.name });
  if (!head.isExcel) throw new AppError(403, 'forbidden');
  const bound = await boundReport(app, tx, auth, head, items, request);
  const zone = await tenantZone(tx, auth.tenantId);
  const columnsOf = (shown: typeof items): ExcelColumn<Record<string, unknown>>[] =>
    shown.map((item) => ({
      key: item.fieldName,
      title: [item.fieldTxt, item.fieldTxt],
      width: item.fieldWidth ? Math.max(8, Math.round(item.fieldWidth / 7)) : undefined,
      value: (row) => {
        const value = row[item.fieldName];
        if (item.fieldType === 'money') return yuanCell(value);
        if (item.fieldType === 'datetime' && typeof value === 'string') return dateTimeText(value, zone);
        return value as string | number | null;
      },
    }));
  await app.reports.read(tx, auth.tenantId, async (reader) => {
    const query = await filteredQuery(reader, auth, items, request, bound);
    const counting = sql`select count(*)::int as total ${query.from}`;
    await assertAffordable(reader, counting, app.reports.limits);
    const [{ total }] = rowsOf<{ total: number }>(await reader.execute(counting));
    if (total > REPORT_EXPORT_CAP) throw new AppError(400, 'exportTooMany', { cap: REPORT_EXPORT_CAP });
    await reader.execute(
      sql`declare report_export no scroll cursor for ${asJsonRows(sql`select ${query.selected} ${query.from}${query.order}`)}`,
    );
    async function* rows() {
      for (;;) {
        const batch = rowsOf<{ row: Record<string, unknown> }>(await reader.execute(sql.raw(`fetch ${EXPORT_FETCH} from report_export`)));
        for (const { row } of batch) yield row;
        if (batch.length < EXPORT_FETCH) return;
      }
    }
    await sendXlsx(reply, lang, head.name, columnsOf(query.shown), rows(), zone);
  });
  return reply;
}
