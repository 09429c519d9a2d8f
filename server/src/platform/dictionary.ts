import { dictionaryFields, dictionaryListQuery, idParam, statusBody } from '@headoffice/contract';
import { and, asc, count, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import type { Auth } from './auth.js';
import { conflict, notFound } from './errors.js';
import { type ExcelColumn, sendXlsx, statusText } from './excel.js';
import { keywordMatch, offsetOf, orderBy, page, sentFields } from './paging.js';
import { assertUnreferenced } from './references.js';
import { route } from './route.js';

type Row = Record<string, unknown> & { id: number };
type Columns = Record<string, PgColumn>;

/**
 * One definition of a dictionary-like entity (code, name, sort, status, memo + its own fields)
 * gives the seed's whole pattern at `basePath`: list, list/all, {id}, getMaxId, save, delete,
 * updateStatus, export. Modules add routes only where the business needs more.
 */
export interface DictionaryDef {
  resource: string;
  basePath: string;
  table: PgTable;
  /** Permission prefix: `<perm>.view` reads, `<perm>.edit` writes. */
  perm: string;
  label: readonly [string, string];
  /** Prefix of suggested codes (getMaxId → nextCode). */
  codePrefix: string;
  /** Fields beyond the shared ones, validated on save. */
  extra?: z.ZodRawShape;
  /** Query filters on extra columns, e.g. `{ positionId: z.coerce.number() }`. */
  filters?: z.ZodRawShape;
  /** Extra export columns. */
  exportColumns?: ExcelColumn<Row>[];
  /** Rows marked deleted (`isDel`) instead of removed. */
  softDelete?: boolean;
  /** No `updateStatus` in the seed for this one; status is still saved with the form. */
  noStatusRoute?: boolean;
  /** Shown in the dictionaries menu. */
  menu?: boolean;
  /** Business checks before a save (after field validation). */
  beforeSave?: (tx: Db, value: Record<string, unknown>, auth: Auth) => Promise<void>;
  /** Adds display fields (names of linked records) to rows. */
  decorate?: (tx: Db, rows: Row[]) => Promise<Row[]>;
}

export function saveSchema(def: DictionaryDef) {
  return z.strictObject({
    id: z.number().int().positive().optional(),
    version: z.number().int().positive().optional(),
    ...dictionaryFields,
    ...def.extra,
  });
}

function columnsOf(def: DictionaryDef) {
  const { tenantId: _tenant, ...columns } = getTableColumns(def.table) as Columns;
  return columns;
}

function baseWhere(def: DictionaryDef, cols: Columns): SQL[] {
  return def.softDelete ? [eq(cols.isDel, 0)] : [];
}

export async function findDictionaryRow(tx: Db, def: DictionaryDef, id: number): Promise<Row> {
  const cols = columnsOf(def);
  const [row] = await tx
    .select(cols)
    .from(def.table)
    .where(and(eq(cols.id, id), ...baseWhere(def, cols)));
  if (!row) throw notFound();
  const [decorated] = def.decorate ? await def.decorate(tx, [row as Row]) : [row as Row];
  return decorated;
}

/** Enabled entries for pickers, narrowed by the definition's filters when given (e.g. `direction=1`). */
export async function listAllDictionary(tx: Db, def: DictionaryDef, filters: Record<string, unknown> = {}, limit = 2000): Promise<Row[]> {
  const cols = columnsOf(def);
  const narrowed = Object.keys(def.filters ?? {})
    .filter((key) => filters[key] !== undefined)
    .map((key) => eq(cols[key], filters[key]));
  const rows = (await tx
    .select(cols)
    .from(def.table)
    .where(and(eq(cols.status, 1), ...baseWhere(def, cols), ...narrowed))
    .orderBy(asc(cols.sort), asc(cols.code))
    .limit(limit)) as Row[];
  return def.decorate ? def.decorate(tx, rows) : rows;
}

export async function nextCode(tx: Db, def: DictionaryDef) {
  const cols = columnsOf(def);
  const pattern = `^${def.codePrefix}(\\d+)$`;
  const [row] = await tx
    .select({
      maxId: sql<number>`coalesce(max(${cols.id}), 0)`,
      maxNumber: sql<number>`coalesce(max((substring(${cols.code} from ${pattern}))::bigint), 0)`,
    })
    .from(def.table);
  const next = Number(row.maxNumber) + 1;
  return { maxId: Number(row.maxId), nextCode: `${def.codePrefix}${String(next).padStart(3, '0')}` };
}

/** Creates (no id) or updates (id, optional version) an entry; an update changes only the fields sent in `raw`. */
export async function saveDictionary(tx: Db, def: DictionaryDef, body: Record<string, unknown>, auth: Auth, raw: unknown): Promise<Row> {
  const cols = columnsOf(def);
  const { id, version, ...parsed } = body as { id?: number; version?: number } & Record<string, unknown>;
  const values = id ? sentFields(parsed, raw) : parsed;
  await def.beforeSave?.(tx, id ? { ...(await findDictionaryRow(tx, def, id)), ...values, id } : body, auth);
  if (!id) {
    const [created] = await tx
      .insert(def.table)
      .values({ ...values, tenantId: auth.tenantId })
      .returning({ id: cols.id });
    return findDictionaryRow(tx, def, created.id as number);
  }
  const conditions = [eq(cols.id, id), ...baseWhere(def, cols)];
  if (version !== undefined) conditions.push(eq(cols.version, version));
  const updated = await tx
    .update(def.table)
    .set({ ...values, version: sql`${cols.version} + 1`, updatedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: cols.id });
  if (updated.length === 0) {
    await findDictionaryRow(tx, def, id);
    throw conflict('staleVersion');
  }
  return findDictionaryRow(tx, def, id);
}

export async function deleteDictionary(tx: Db, def: DictionaryDef, id: number) {
  const cols = columnsOf(def);
  await findDictionaryRow(tx, def, id);
  await assertUnreferenced(tx, def.table, id);
  if (def.softDelete) await tx.update(def.table).set({ isDel: 1, updatedAt: new Date() }).where(eq(cols.id, id));
  else await tx.delete(def.table).where(eq(cols.id, id));
  return { id };
}

export async function listDictionary(tx: Db, def: DictionaryDef, query: Record<string, unknown>, extraWhere: SQL[] = []) {
  const cols = columnsOf(def);
  const where = [...baseWhere(def, cols), ...extraWhere];
  const keyword = query.keyword as string | undefined;
  if (keyword) where.push(keywordMatch(keyword, cols.code, cols.name));
  if (query.status !== undefined) where.push(eq(cols.status, query.status as number));
  for (const key of Object.keys(def.filters ?? {})) {
    if (query[key] !== undefined && query[key] !== null) where.push(eq(cols[key], query[key]));
    if (query[key] === null) where.push(sql`${cols[key]} is null`);
  }
  const p = query as { page: number; pageSize: number; sort?: string };
  const sortable = {
    code: cols.code,
    name: cols.name,
    sort: cols.sort,
    status: cols.status,
    createdAt: cols.createdAt,
    updatedAt: cols.updatedAt,
  };
  // One query after the other: a transaction's connection runs one query at a time.
  const rows = await tx
    .select(cols)
    .from(def.table)
    .where(and(...where))
    .orderBy(...orderBy(p.sort, sortable, [asc(cols.sort), asc(cols.code)], cols.id))
    .limit(p.pageSize)
    .offset(offsetOf(p));
  const [{ total }] = await tx
    .select({ total: count() })
    .from(def.table)
    .where(and(...where));
  const list = def.decorate ? await def.decorate(tx, rows as Row[]) : (rows as Row[]);
  return page(list, total, p);
}

const baseExportColumns: ExcelColumn<Row>[] = [
  { key: 'code', title: ['编码', 'Code'] },
  { key: 'name', title: ['名称', 'Name'], width: 24 },
  { key: 'sort', title: ['排序', 'Sort'], width: 8 },
  { key: 'status', title: ['状态', 'Status'], width: 8, value: (r, lang) => statusText(r.status, lang) },
  { key: 'memo', title: ['备注', 'Memo'], width: 30 },
];

/** Registers the dictionary pattern of `def` on the app. */
export function registerDictionary(app: FastifyInstance, def: DictionaryDef) {
  const B = def.basePath;
  const view = `${def.perm}.view`;
  const edit = `${def.perm}.edit`;
  const entity = def.resource;
  const listQuery = dictionaryListQuery.extend(def.filters ?? {});
  const save = saveSchema(def);

  route(app, 'GET', `${B}/list`, { summary: `${def.label[1]}: paged list`, perm: view, query: listQuery }, ({ tx, query }) =>
    listDictionary(tx, def, query),
  );
  route(
    app,
    'GET',
    `${B}/list/all`,
    { summary: `${def.label[1]}: enabled entries for pickers`, perm: null, query: z.object(def.filters ?? {}) },
    ({ tx, query }) => listAllDictionary(tx, def, query),
  );
  route(app, 'GET', `${B}/getMaxId`, { summary: `${def.label[1]}: largest id and the next free code`, perm: view }, ({ tx }) =>
    nextCode(tx, def),
  );
  route(
    app,
    'GET',
    `${B}/export`,
    { summary: `${def.label[1]}: Excel export of the filtered list`, perm: view, query: listQuery, raw: true },
    async ({ tx, query, reply, lang }) => {
      const result = await listDictionary(tx, def, { ...query, page: 1, pageSize: 50_000 });
      return sendXlsx(reply, lang, def.label[lang === 'en-US' ? 1 : 0], [...baseExportColumns, ...(def.exportColumns ?? [])], result.list);
    },
  );
  route(app, 'GET', `${B}/:id`, { summary: `${def.label[1]}: one entry`, perm: view, params: idParam }, ({ tx, params }) =>
    findDictionaryRow(tx, def, params.id),
  );
  route(
    app,
    'POST',
    `${B}/save`,
    { summary: `${def.label[1]}: create (no id) or update (id, version)`, perm: edit, body: save, entity },
    ({ tx, body, auth, req }) => saveDictionary(tx, def, body, auth, req.body),
  );
  route(
    app,
    'DELETE',
    `${B}/:id`,
    { summary: `${def.label[1]}: delete (409 while in use)`, perm: edit, params: idParam, entity },
    ({ tx, params }) => deleteDictionary(tx, def, params.id),
  );
  if (!def.noStatusRoute) {
    route(
      app,
      'POST',
      `${B}/updateStatus`,
      { summary: `${def.label[1]}: enable (1) or disable (0) entries`, perm: edit, body: statusBody, entity },
      async ({ tx, body }) => {
        const cols = columnsOf(def);
        const changed = await tx
          .update(def.table)
          .set({ status: body.status, version: sql`${cols.version} + 1`, updatedAt: new Date() })
          .where(and(inArray(cols.id, body.ids), ...baseWhere(def, cols)))
          .returning({ id: cols.id });
        if (changed.length === 0) throw notFound();
        return { updated: changed.length };
      },
    );
  }
}

/**
 * The seed's other names for the pattern: `GET <base>` (paged list), `POST <base>` (save) and
 * `GET <base>/getCode` (the next free code as a string).
 */
export function registerAliases(
  app: FastifyInstance,
  def: DictionaryDef,
  aliases: { rootList?: boolean; rootSave?: boolean; getCode?: boolean },
) {
  const B = def.basePath;
  const listQuery = dictionaryListQuery.extend(def.filters ?? {});
  if (aliases.rootList)
    route(app, 'GET', B, { summary: `${def.label[1]}: paged list`, perm: `${def.perm}.view`, query: listQuery }, ({ tx, query }) =>
      listDictionary(tx, def, query),
    );
  if (aliases.rootSave)
    route(
      app,
      'POST',
      B,
      { summary: `${def.label[1]}: create or update`, perm: `${def.perm}.edit`, body: saveSchema(def), entity: def.resource },
      ({ tx, body, auth, req }) => saveDictionary(tx, def, body, auth, req.body),
    );
  if (aliases.getCode)
    route(
      app,
      'GET',
      `${B}/getCode`,
      { summary: `${def.label[1]}: the next free code`, perm: `${def.perm}.view` },
      async ({ tx }) => (await nextCode(tx, def)).nextCode,
    );
}
