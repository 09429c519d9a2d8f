import {
  auditEntityLabels,
  checkAnswer,
  checkColnameQuery,
  idParam,
  type Label,
  type RecordDef,
  type RecordField,
  type RecordFilter,
  statusBody,
} from '@headoffice/contract';
import { and, asc, count, eq, getTableColumns, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { definedEntityLabels } from './audit.js';
import { type Auth, visibleShops } from './auth.js';
import { conflict, fieldError, forbidden, notFound } from './errors.js';
import { type ExcelColumn, sendXlsx, shownInFull } from './excel.js';
import { defineMessages, type Lang } from './i18n.js';
import { bulkInsert, type ImportColumn, type ImportDef, type ImportLookup, registerImport } from './importer.js';
import { tenantZone } from './numbering.js';
import { afterKey, keyOf, keyset, keywordMatch, offsetOf, type PageInput, page, sentFields } from './paging.js';
import { assertUnreferenced } from './references.js';
import { route } from './route.js';

/**
 * Serves a record type (contract `defineRecord`) from its table: the module gives the table and
 * whatever the definition cannot say (business checks before a save, names of linked records,
 * named filter conditions, lookups of an import); every verb the definition lists becomes a route.
 */

defineMessages({
  unknownColumn: ['没有名为“{column}”的字段', 'There is no field named "{column}"'],
});

export type Row = Record<string, unknown> & { id: number };
type Columns = Record<string, PgColumn>;

/** Field keys that need a column of the table: every field but the computed ones. */
type ColumnFields<D extends RecordDef> = {
  [K in keyof D['fields']]: D['fields'][K] extends { computed: true } ? never : K;
}[keyof D['fields']];
type MissingColumns<D extends RecordDef, T extends PgTable> = Exclude<ColumnFields<D>, keyof T['_']['columns']>;
/** tsc refuses a table that lacks a column of a declared field, naming the fields. */
type ColumnCheck<D extends RecordDef, T extends PgTable> = [MissingColumns<D, T>] extends [never]
  ? unknown
  : { fieldsWithoutColumn: MissingColumns<D, T> };
type NamedFilters<D extends RecordDef> = {
  [K in keyof D['filters'] as D['filters'][K] extends { op: 'named' } ? K : never]: (value: never) => SQL;
};

export interface RecordImpl<D extends RecordDef, T extends PgTable> {
  table: T;
  /** Business checks before a save (after field validation), with the entry as it will be. */
  beforeSave?: (tx: Db, value: Record<string, unknown>, auth: Auth) => Promise<void>;
  /** Adds the computed fields (names of linked records) to rows. */
  decorate?: (tx: Db, rows: Row[]) => Promise<Row[]>;
  /** Business checks before a delete, with the entry as it is: what holds it that no foreign key says. */
  beforeDelete?: (tx: Db, row: Row) => Promise<void>;
  /** The conditions of the definition's `named` filters. */
  conditions?: NamedFilters<D>;
  /** How an import names the record a `pick` field links to. */
  lookups?: Record<string, ImportLookup>;
  /**
   * The field naming the shop an entry belongs to: a user limited to some shops lists, reads and
   * changes only their shops' entries (another shop's answers 404) and creates entries only in them.
   */
  shopField?: keyof T['_']['columns'] & string;
}

export interface ServedRecord {
  shopField?: string;
  def: RecordDef;
  table: PgTable;
  beforeSave?: (tx: Db, value: Record<string, unknown>, auth: Auth) => Promise<void>;
  decorate?: (tx: Db, rows: Row[]) => Promise<Row[]>;
  beforeDelete?: (tx: Db, row: Row) => Promise<void>;
  conditions?: Record<string, (value: never) => SQL>;
  lookups?: Record<string, ImportLookup>;
}

/** A record table with a name column: what a linked entry is shown by. */
type Named = PgTable & { id: PgColumn; name: PgColumn };

/**
 * A `decorate` that adds `as`, the name of the entry (or entries, joined by 、) of `table` that the
 * rows' `key` field links to: a picked parent, position, item or a list of reserve types.
 */
export function linkedNames(table: Named, key: string, as: string) {
  return async (tx: Db, rows: Row[]): Promise<Row[]> => {
    const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v : [v]).filter((x): x is number => typeof x === 'number');
    const ids = [...new Set(rows.flatMap((r) => idsOf(r[key])))];
    const names = ids.length ? await tx.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids)) : [];
    const byId = new Map(names.map((n) => [n.id as number, n.name as string]));
    return rows.map((r) => {
      const linked = idsOf(r[key]).flatMap((id) => byId.get(id) ?? []);
      return { ...r, [as]: linked.length ? linked.join('、') : null };
    });
  };
}

/** Binds a record type to its table; tsc fails when a declared field has no column there. */
export function serveRecord<D extends RecordDef, T extends PgTable>(def: D, impl: RecordImpl<D, T> & ColumnCheck<D, T>): ServedRecord {
  return { ...(impl as RecordImpl<D, T>), def } as ServedRecord;
}

function columnsOf(r: ServedRecord) {
  const { tenantId: _tenant, ...columns } = getTableColumns(r.table) as Columns;
  return columns;
}

function baseWhere(r: ServedRecord, cols: Columns, auth?: Auth): SQL[] {
  const where = r.def.softDelete ? [eq(cols.isDel, 0)] : [];
  const shops = r.shopField && auth ? visibleShops(auth) : undefined;
  if (r.shopField && shops) where.push(inArray(cols[r.shopField], shops.length ? shops : [0]));
  return where;
}

const decorated = (r: ServedRecord, tx: Db, rows: Row[]) => (r.decorate ? r.decorate(tx, rows) : rows);

export async function findRecord(tx: Db, r: ServedRecord, id: number, auth?: Auth): Promise<Row> {
  const cols = columnsOf(r);
  const [row] = await tx
    .select(cols)
    .from(r.table)
    .where(and(eq(cols.id, id), ...baseWhere(r, cols, auth)));
  if (!row) throw notFound();
  const [out] = await decorated(r, tx, [row as Row]);
  return out;
}

/** Enabled entries for pickers, narrowed by the definition's equality filters (e.g. `direction=1`). */
export async function listAllRecords(
  tx: Db,
  r: ServedRecord,
  filters: Record<string, unknown> = {},
  limit = 2000,
  auth?: Auth,
): Promise<Row[]> {
  const cols = columnsOf(r);
  const narrowed = Object.entries(r.def.filters)
    .filter(([key, f]) => f.op === 'eq' && filters[key] !== undefined)
    .map(([key, f]) => eq(cols[(f as { column: string }).column], filters[key]));
  const rows = (await tx
    .select(cols)
    .from(r.table)
    .where(and(eq(cols.status, 1), ...baseWhere(r, cols, auth), ...narrowed))
    .orderBy(asc(cols.sort), asc(cols.code))
    .limit(limit)) as Row[];
  return decorated(r, tx, rows);
}

/** The largest id and the next free code of the series (`<prefix>001`, `<prefix>002`...). */
export async function nextCode(tx: Db, r: ServedRecord) {
  const cols = columnsOf(r);
  const prefix = r.def.codePrefix;
  const pattern = `^${prefix}(\\d+)$`;
  const [row] = await tx
    .select({
      maxId: sql<number>`coalesce(max(${cols.id}), 0)`,
      maxNumber: sql<number>`coalesce(max((substring(${cols.code} from ${pattern}))::bigint), 0)`,
    })
    .from(r.table);
  const next = Number(row.maxNumber) + 1;
  return { maxId: Number(row.maxId), nextCode: `${prefix}${String(next).padStart(3, '0')}` };
}

/** Creates (no id) or updates (id, optional version) an entry; an update changes only the fields sent in `raw`. */
export async function saveRecord(tx: Db, r: ServedRecord, body: Record<string, unknown>, auth: Auth, raw: unknown): Promise<Row> {
  const cols = columnsOf(r);
  const { id, version, ...parsed } = body as { id?: number; version?: number } & Record<string, unknown>;
  const values = id ? sentFields(parsed, raw) : parsed;
  const value = id ? { ...(await findRecord(tx, r, id, auth)), ...values, id } : body;
  const shops = r.shopField ? visibleShops(auth) : undefined;
  if (r.shopField && shops && !shops.includes(value[r.shopField] as number)) throw forbidden('shopForbidden');
  await r.beforeSave?.(tx, value, auth);
  if (!id) {
    const [created] = await tx
      .insert(r.table)
      .values({ ...values, tenantId: auth.tenantId })
      .returning({ id: cols.id });
    return findRecord(tx, r, created.id as number);
  }
  const conditions = [eq(cols.id, id), ...baseWhere(r, cols)];
  if (version !== undefined) conditions.push(eq(cols.version, version));
  const updated = await tx
    .update(r.table)
    .set({ ...values, version: sql`${cols.version} + 1`, updatedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: cols.id });
  if (updated.length === 0) {
    await findRecord(tx, r, id);
    throw conflict('staleVersion');
  }
  return findRecord(tx, r, id);
}

export async function deleteRecord(tx: Db, r: ServedRecord, id: number, auth?: Auth) {
  const cols = columnsOf(r);
  const row = await findRecord(tx, r, id, auth);
  await r.beforeDelete?.(tx, row);
  await assertUnreferenced(tx, r.table, id);
  if (r.def.softDelete) await tx.update(r.table).set({ isDel: 1, updatedAt: new Date() }).where(eq(cols.id, id));
  else await tx.delete(r.table).where(eq(cols.id, id));
  return { id };
}

/** The conditions of the declared filters that the query sets. */
function filterWhere(r: ServedRecord, cols: Columns, query: Record<string, unknown>): SQL[] {
  const where: SQL[] = [];
  for (const [key, f] of Object.entries(r.def.filters) as [string, RecordFilter][]) {
    if (f.op === 'range') {
      const [from, to] = f.params;
      if (query[from] !== undefined) where.push(gte(cols[f.column], query[from]));
      if (query[to] !== undefined) where.push(lte(cols[f.column], query[to]));
      continue;
    }
    const value = query[key];
    if (value === undefined) continue;
    if (f.op === 'eq') where.push(eq(cols[f.column], value));
    else if (f.op === 'in') where.push(inArray(cols[f.column], value as unknown[]));
    else if (f.op === 'contains') where.push(keywordMatch(value as string, ...f.columns.map((c) => cols[c])));
    else {
      const condition = r.conditions?.[key];
      if (!condition) throw new Error(`${r.def.resource}: no condition for the named filter ${key}`);
      where.push(condition(value as never));
    }
  }
  return where;
}

/** The paged, filtered and sorted list; `extraWhere` narrows it further (a module's own list). */
export async function listRecords(tx: Db, r: ServedRecord, query: Record<string, unknown>, extraWhere: SQL[] = [], auth?: Auth) {
  const cols = columnsOf(r);
  const where = [...baseWhere(r, cols, auth), ...filterWhere(r, cols, query), ...extraWhere];
  const p = query as unknown as PageInput;
  const sortable: Columns = { createdAt: cols.createdAt };
  for (const [key, f] of Object.entries(r.def.fields)) if (f.table !== false && f.table?.sortable && cols[key]) sortable[key] = cols[key];
  const keys = keyset(
    p.sort ?? r.def.defaultSort,
    sortable,
    [
      { field: 'sort', column: cols.sort },
      { field: 'code', column: cols.code },
    ],
    cols.id,
  );
  // One query after the other: a transaction's connection runs one query at a time.
  const rows = await tx
    .select(cols)
    .from(r.table)
    .where(and(...where, afterKey(keys, p)))
    .orderBy(...keys.order)
    .limit(p.pageSize)
    .offset(offsetOf(p, keys));
  const [{ total }] = await tx
    .select({ total: count() })
    .from(r.table)
    .where(and(...where));
  const next = rows.length === p.pageSize ? keyOf(keys, rows[rows.length - 1]) : undefined;
  return { ...page(await decorated(r, tx, rows as Row[]), total, p), ...(next ? { next } : {}) };
}

const pick = (label: Label, lang: Lang) => label[lang === 'en-US' ? 1 : 0];

/** Export columns: the table columns of the definition, options and linked names as their labels. */
function exportColumns(r: ServedRecord): ExcelColumn<Row>[] {
  return Object.entries(r.def.fields)
    .filter(([key, f]) => f.table !== false && key !== 'updatedAt')
    .map(([key, f]) => ({
      key,
      title: f.label,
      masked: f.masked,
      width: f.type === 'textarea' ? 30 : key === 'name' ? 24 : undefined,
      value: (row, lang) => {
        const value = row[f.display ?? key];
        const option = f.options?.find((o) => o.value === value);
        return option ? pick(option.label, lang) : (value as string | number | null);
      },
    }));
}

/** The Excel import of the definition's form fields: options as drop-down lists, picks by lookup. */
function importOf(r: ServedRecord): ImportDef<Record<string, unknown>> {
  const cols = columnsOf(r);
  const fields = Object.entries(r.def.fields).filter(([key, f]) => !f.computed && f.form !== false && (!f.pick || r.lookups?.[key]));
  const columnOf = ([key, f]: [string, RecordField]): ImportColumn => ({
    key,
    title: f.label,
    type: f.options ? 'enum' : f.type === 'number' || f.type === 'percent' || f.type === 'money' ? 'int' : 'text',
    required: f.form !== false && !!f.form?.required,
    options: f.options?.map((o) => ({ value: o.value, labels: o.label })),
    lookup: r.lookups?.[key],
    unique: key === 'code' ? cols.code : undefined,
    example: key === 'code' ? `${r.def.codePrefix}001` : key === 'name' ? pick(r.def.label, 'zh-CN') : undefined,
  });
  const shape = Object.fromEntries(fields.map(([key, f]) => [key, f.schema]));
  return {
    name: r.def.label,
    columns: fields.map(columnOf),
    schema: z.object(shape).transform((v) => v as Record<string, unknown>),
    insert: async (tx, rows, auth) => {
      for (const row of rows) await r.beforeSave?.(tx, row, auth);
      const inserted = await bulkInsert(
        tx,
        r.table,
        rows.map((row) => ({ ...row, tenantId: auth.tenantId })),
        { id: cols.id },
      );
      return inserted.length;
    },
  };
}

/**
 * Is `value` of `column` free (no other entry than `id` has it)? `checkColname` sends any column's
 * value as text: compared as text, a word asked of a number column is simply free.
 */
async function isFree(tx: Db, r: ServedRecord, column: PgColumn, value: unknown, id?: number, asText = false) {
  const cols = columnsOf(r);
  const same = asText ? sql`${column}::text = ${String(value)}` : eq(column, value);
  const [taken] = await tx
    .select({ id: cols.id })
    .from(r.table)
    .where(and(same, ...baseWhere(r, cols), ...(id ? [ne(cols.id, id)] : [])))
    .limit(1);
  return { free: !taken };
}

/** Registers every verb the record type serves. */
export function registerRecord(app: FastifyInstance, r: ServedRecord) {
  const { def } = r;
  const paths = def.paths;
  const view = `${def.perm}.view`;
  const edit = `${def.perm}.edit`;
  const entity = def.resource;
  // The operation log names the entries by the type's own label unless the contract's list has a better one.
  if (!(entity in auditEntityLabels)) definedEntityLabels.set(entity, [def.label[0], def.label[1].toLowerCase()]);
  const name = def.label[1];
  const serves = def.serves;

  const list = { summary: `${name}: paged list`, perm: view, query: def.listQuery };
  if (serves('list')) route(app, 'GET', paths.list, list, ({ tx, query, auth }) => listRecords(tx, r, query, [], auth));
  if (serves('listBypage')) route(app, 'GET', paths.listBypage, list, ({ tx, query, auth }) => listRecords(tx, r, query, [], auth));
  if (serves('rootList')) route(app, 'GET', def.basePath, list, ({ tx, query, auth }) => listRecords(tx, r, query, [], auth));
  if (serves('list/all'))
    route(
      app,
      'GET',
      paths.all,
      { summary: `${name}: enabled entries for pickers`, perm: null, query: def.allQuery },
      ({ tx, query, auth }) => listAllRecords(tx, r, query, 2000, auth),
    );
  if (serves('list/allNoid'))
    route(
      app,
      'GET',
      paths.allNoid,
      { summary: `${name}: enabled entries for pickers, without ids`, perm: null, query: def.allQuery },
      async ({ tx, query, auth }) => (await listAllRecords(tx, r, query, 2000, auth)).map(({ id: _id, ...row }) => row),
    );
  if (serves('getMaxId'))
    route(app, 'GET', paths.maxId, { summary: `${name}: largest id and the next free code`, perm: view }, ({ tx }) => nextCode(tx, r));
  if (serves('getNextCode'))
    route(
      app,
      'GET',
      paths.nextCode,
      { summary: `${name}: the next free code`, perm: view, response: z.string() },
      async ({ tx }) => (await nextCode(tx, r)).nextCode,
    );
  if (serves('getCode'))
    route(
      app,
      'GET',
      paths.getCode,
      { summary: `${name}: the next free code`, perm: view, response: z.string() },
      async ({ tx }) => (await nextCode(tx, r)).nextCode,
    );
  if (serves('getMaxOrder'))
    route(
      app,
      'GET',
      paths.maxOrder,
      { summary: `${name}: the largest sort order in use`, perm: view, response: z.object({ maxOrder: z.number() }) },
      async ({ tx }) => {
        const cols = columnsOf(r);
        const [row] = await tx
          .select({ maxOrder: sql<number>`coalesce(max(${cols.sort}), 0)` })
          .from(r.table)
          .where(and(...baseWhere(r, cols)));
        return { maxOrder: Number(row.maxOrder) };
      },
    );
  if (serves('export'))
    route(
      app,
      'GET',
      paths.export,
      { summary: `${name}: Excel export of the filtered list`, perm: view, query: def.listQuery, raw: true },
      async ({ tx, query, reply, lang, auth }) => {
        const result = await listRecords(tx, r, { ...query, page: 1, pageSize: 50_000 }, [], auth);
        const columns = exportColumns(r);
        const zone = await tenantZone(tx, auth.tenantId);
        return sendXlsx(reply, lang, pick(def.label, lang), columns, result.list, zone, await shownInFull(tx, columns));
      },
    );
  if (serves('checkColname'))
    route(
      app,
      'GET',
      paths.checkColname,
      { summary: `${name}: is this value of this column free`, perm: view, query: checkColnameQuery, response: checkAnswer },
      ({ tx, query }) => {
        const field = def.fields[query.colname];
        const column = columnsOf(r)[query.colname];
        if (!field || field.computed || !column) throw fieldError('colname', 'unknownColumn', { column: query.colname });
        return isFree(tx, r, column, query.value, query.id, true);
      },
    );
  for (const [verb, check] of Object.entries(def.checks ?? {})) {
    const param = check.param ?? check.field;
    const field = def.fields[check.field] as RecordField;
    const query = z.object({ [param]: field.schema, id: idParam.shape.id.optional() });
    route(
      app,
      ['GET', 'POST'],
      paths.check(verb),
      { summary: `${name}: is this ${check.field} well formed and free`, perm: view, query, response: checkAnswer, read: true },
      ({ tx, query: q }) => isFree(tx, r, columnsOf(r)[check.field], q[param], q.id as number | undefined),
    );
  }
  if (serves('get'))
    route(app, 'GET', `${def.basePath}/:id`, { summary: `${name}: one entry`, perm: view, params: idParam }, ({ tx, params, auth }) =>
      findRecord(tx, r, params.id, auth),
    );
  const save = { summary: `${name}: create (no id) or update (id, version)`, perm: edit, body: def.save, entity };
  if (serves('save'))
    route(app, 'POST', paths.save, save, ({ tx, body, auth, req }) => saveRecord(tx, r, body as Record<string, unknown>, auth, req.body));
  if (serves('rootSave'))
    route(app, 'POST', def.basePath, save, ({ tx, body, auth, req }) => saveRecord(tx, r, body as Record<string, unknown>, auth, req.body));
  if (serves('saveSystem'))
    registerImport(app, importOf(r), { templateUrl: paths.template, importUrl: paths.saveSystem, perm: edit, entity });
  if (serves('delete'))
    route(
      app,
      'DELETE',
      `${def.basePath}/:id`,
      { summary: `${name}: delete (409 while in use)`, perm: edit, params: idParam, entity },
      ({ tx, params, auth }) => deleteRecord(tx, r, params.id, auth),
    );
  if (serves('updateStatus'))
    route(
      app,
      'POST',
      paths.updateStatus,
      { summary: `${name}: enable (1) or disable (0) one entry or many`, perm: edit, body: statusBody, entity },
      async ({ tx, body, auth }) => {
        const cols = columnsOf(r);
        const changed = await tx
          .update(r.table)
          .set({ status: body.status, version: sql`${cols.version} + 1`, updatedAt: new Date() })
          .where(and(inArray(cols.id, body.ids), ...baseWhere(r, cols, auth)))
          .returning({ id: cols.id });
        // An id that is not there (another tenant's) fails the whole batch: nothing changes.
        if (changed.length < new Set(body.ids).size) throw notFound();
        return { updated: changed.length };
      },
    );
}
