import { type AuditChange, auditEntityLabels, auditFieldLabels, auditVerbLabels, type LogRow, logQuery } from '@headoffice/contract';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { definedEntityLabels } from '../../platform/audit.js';
import { type Auth, can, visibleShops } from '../../platform/auth.js';
import { fieldError, forbidden } from '../../platform/errors.js';
import { dateTimeText } from '../../platform/excel.js';
import type { Lang } from '../../platform/i18n.js';
import { listExport } from '../../platform/list-export.js';
import { tenantZone, withinDays } from '../../platform/numbering.js';
import { afterKey, keyOf, keyset, keywordMatch, offsetOf } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { auditLog } from '../../platform/schema.js';
import { employeeScope, employees } from '../org/public.js';
import './messages.js';

/** Matching rows are counted up to this many, and pages reach this far: the log grows to millions of rows. */
export const LOG_WINDOW = 10_000;

const logColumns = {
  id: auditLog.id,
  at: auditLog.at,
  userId: auditLog.userId,
  username: auditLog.username,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  detail: auditLog.detail,
  requestId: auditLog.requestId,
  verb: auditLog.verb,
  target: auditLog.target,
  changes: auditLog.changes,
};

/** A record the audit triggers saw (migration 0013): `fields` by column, each [before, after]. */
interface TouchedRow {
  table: string;
  op: 'insert' | 'update' | 'delete';
  id: number | null;
  name: string | null;
  fields: Record<string, [unknown, unknown]>;
}

/** Column name → the field's name in the API (the drizzle property), per table. */
const fieldNames = new Map<string, Map<string, string>>();
for (const table of Object.values(schema)) {
  if (!(table instanceof PgTable)) continue;
  const byColumn = new Map<string, string>();
  for (const [key, column] of Object.entries(table)) {
    if (column && typeof column === 'object' && 'name' in column && typeof column.name === 'string') byColumn.set(column.name, key);
  }
  fieldNames.set(getTableConfig(table).name, byColumn);
}

const pick = (label: readonly [string, string] | undefined, lang: Lang) => (label ? label[lang === 'en-US' ? 1 : 0] : undefined);

/** The changed fields of the records a write touched, named in the reader's language. */
function changesOf(touched: TouchedRow[], lang: Lang): AuditChange[] {
  return touched.flatMap((row) =>
    Object.entries(row.fields ?? {}).map(([column, [from, to]]) => {
      const field = fieldNames.get(row.table)?.get(column) ?? column;
      const label = pick(auditFieldLabels[field], lang) ?? field;
      return { field, label: touched.length > 1 && row.name ? `${row.name} · ${label}` : label, from, to };
    }),
  );
}

/** "新建门店 北京国贸店" / "Created shop 北京国贸店": verb and entity from the contract, the record's name. */
function describe(
  row: { action: string; entity: string; verb: string | null; target: string | null },
  touched: TouchedRow[],
  lang: Lang,
): Pick<LogRow, 'text' | 'target'> {
  const names = [...new Set(touched.map((t) => t.name).filter((n): n is string => !!n))];
  const target = row.target ?? (names.length ? names.slice(0, 3).join(lang === 'en-US' ? ', ' : '、') : null);
  const verb = pick(auditVerbLabels[row.verb as keyof typeof auditVerbLabels], lang);
  const entity =
    pick(auditEntityLabels[row.entity as keyof typeof auditEntityLabels] ?? definedEntityLabels.get(row.entity), lang) ?? row.entity;
  // Rows written before the log had verbs keep their call as their text.
  if (!verb) return { text: row.action, target };
  const what = lang === 'en-US' ? `${verb} ${entity}` : `${verb}${entity}`;
  const more = names.length > 3 ? (lang === 'en-US' ? ` and ${names.length - 3} more` : ` 等${names.length}条`) : '';
  return { text: target ? `${what} ${target}${more}` : what, target };
}

type LogQuery = z.output<typeof logQuery>;

const logOrder = [
  { field: 'at', column: auditLog.at, desc: true },
  { field: 'id', column: auditLog.id, desc: true },
];

/**
 * The operation log, newest first. Every condition sits on top of the (tenant_id, at) index, which
 * the scan walks backwards; the count stops at LOG_WINDOW + 1 rows instead of counting the table.
 */
async function listLogs(tx: Db, auth: Auth, lang: Lang, q: LogQuery, employeeLog = false) {
  const where: SQL[] = [eq(auditLog.tenantId, auth.tenantId)];
  // The log has no shop: a user who does not see every shop sees what they did themselves, and in the
  // employee log what was done to the employees they see.
  if (visibleShops(auth)) {
    const own = eq(auditLog.userId, auth.userId);
    const seen = inArray(auditLog.entityId, tx.select({ id: employees.id }).from(employees).where(employeeScope(auth)));
    where.push((employeeLog ? or(own, seen) : own) as SQL);
  }
  if (q.entity) where.push(eq(auditLog.entity, q.entity));
  if (q.entityId) where.push(eq(auditLog.entityId, q.entityId));
  if (q.username) where.push(keywordMatch(q.username, auditLog.username));
  if (q.action) where.push(keywordMatch(q.action, auditLog.action, auditLog.target));
  if (q.dateFrom && q.dateTo && q.dateFrom > q.dateTo) throw fieldError('dateTo', 'logDateRange');
  if (q.dateFrom || q.dateTo) where.push(...withinDays(auditLog.at, await tenantZone(tx, auth.tenantId), q.dateFrom, q.dateTo));
  if (offsetOf(q) >= LOG_WINDOW) throw fieldError('page', 'logPageTooDeep', { max: LOG_WINDOW });
  // Newest first; from the key of the page before when the client sends it (an index range on (tenant_id, at)).
  const keys = keyset(undefined, {}, logOrder, auditLog.id);
  const window = tx
    .select({ one: sql`1` })
    .from(auditLog)
    .where(and(...where))
    .limit(LOG_WINDOW + 1)
    .as('window');
  // One connection serves the transaction: queries run one after the other.
  const rows = await tx
    .select(logColumns)
    .from(auditLog)
    .where(and(...where, afterKey(keys, q)))
    .orderBy(...keys.order)
    .limit(q.pageSize)
    .offset(offsetOf(q, keys));
  const [{ matched }] = await tx.select({ matched: sql<number>`count(*)::int` }).from(window);
  const next = rows.length === q.pageSize ? keyOf(keys, rows[rows.length - 1]) : undefined;
  return {
    ...(next ? { next } : {}),
    list: rows.map(({ verb, changes, ...row }) => {
      const touched = Array.isArray(changes) ? (changes as TouchedRow[]) : [];
      return { ...row, ...describe({ ...row, verb }, touched, lang), changes: changesOf(touched, lang), at: row.at.toISOString() };
    }),
    total: Math.min(matched, LOG_WINDOW),
    page: q.page,
    pageSize: q.pageSize,
    hasMore: matched > LOG_WINDOW,
  };
}

export function registerLogRoutes(app: FastifyInstance) {
  const paging =
    'A user who does not see every shop sees only what they did themselves (in the employee log, also what was done to ' +
    `the employees they see). Newest first. \`total\` counts matching records up to ${LOG_WINDOW}; \`hasMore\` is true when more match than that ` +
    `(narrow the dates or filters to see them); pages past the first ${LOG_WINDOW} records answer 400. username and action ` +
    '(the call, or the record\'s name or bill number) match by "contains"; entity and entityId exactly; dateFrom/dateTo are days (YYYY-MM-DD, both included) in the ' +
    "company's time zone (Asia/Shanghai by default).";
  route(
    app,
    'GET',
    '/api-chain/logger/list',
    {
      summary: 'Operation log: who changed what and when (username, entity, entityId, action, date range)',
      description: paging,
      perm: 'identity.log.view',
      query: logQuery,
    },
    ({ tx, auth, lang, query }) => listLogs(tx, auth, lang, query),
  );
  listExport(app, '/api-chain/logger/export', {
    perm: 'identity.log.view',
    query: logQuery,
    list: ({ tx, auth, lang }, query) => listLogs(tx, auth, lang, query),
    title: ['操作日志', 'Operation log'],
    cap: LOG_WINDOW,
    tooMany: (first) => first.hasMore,
    columns: [
      { key: 'at', title: ['时间', 'Time'], width: 20, value: (r, _lang, zone) => dateTimeText(r.at, zone) },
      { key: 'username', title: ['用户', 'User'] },
      { key: 'text', title: ['操作', 'Action'], width: 36 },
      { key: 'entity', title: ['对象', 'Entity'] },
      { key: 'entityId', title: ['对象编号', 'Entity id'] },
      { key: 'requestId', title: ['请求编号', 'Request'], width: 24 },
    ],
  });
  route(
    app,
    'GET',
    '/api-pers/employeelog/list/allWithParam',
    {
      summary: 'Operation log of employee records (entity employee; filter one with entityId)',
      description: `The entity filter is always "employee". Needs identity.log.view or staff.employee.view. ${paging}`,
      perm: null,
      query: logQuery,
    },
    ({ tx, auth, lang, query }) => {
      if (!can(auth, 'identity.log.view') && !can(auth, 'staff.employee.view')) throw forbidden();
      return listLogs(tx, auth, lang, { ...query, entity: 'employee' }, true);
    },
  );
}
