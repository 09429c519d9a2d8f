import {
  type ActionPreview,
  actionPreview,
  type BillActionDef,
  type BillDef,
  billActionBody,
  billDetailSchema,
  billPath,
  billSumsPage,
  idParam,
  stateLabels,
} from '@headoffice/contract';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { definedEntityLabels } from './audit.js';
import { type Auth, can } from './auth.js';
import {
  columnNamed,
  type Display,
  defaultOrder,
  filterConditions,
  filterFields,
  matchOf,
  type NamedFilter,
  selectWithDisplays,
  sortableOf,
} from './bill-defaults.js';
import { type BillCtx, exportColumns } from './bills.js';
import {
  type BillChange,
  type BillRow,
  billChanged,
  billLog,
  billScope,
  type DocumentType,
  registerDocumentType,
  runGuards,
  writeBillLog,
} from './documents.js';
import { AppError, notFound } from './errors.js';
import { sendXlsx, shownInFull } from './excel.js';
import { tenantZone } from './numbering.js';
import { afterKey, keyset, offsetOf, type PageInput, pageOf } from './paging.js';
import { route } from './route.js';
import { billLogs } from './schema.js';

/**
 * Point-of-sale documents: bills whose life is a module's own protocol (the till's open → settle, then
 * revoke or revise) rather than the engine's transitions, and whose state is derived from their columns
 * (the till's status and revoke flag). They are registered document types all the same, so that their
 * bill log, their `bill.changed` events and the engine's lookups (state and action labels in messages,
 * links from ledger rows, `billLog`) are every bill's. `transition()` is never run on one: the module's
 * protocol changes the bill, then calls `posBillChanged` in the same transaction.
 */
export interface PosDocumentDef {
  /** The type's definition (`definePosBill`): its label, states and its own steps. */
  def: BillDef;
  table: PgTable;
  /** Field of the business date. */
  dateField?: string;
  /** Rights to see a bill (any of them): with the steps' rights, the audience of its events. */
  viewPerms: string[];
  /** The steps queued for the accounting system (`accounting-outbox.ts`). */
  accounting?: DocumentType['accounting'];
}

/** The type as the engine knows it: its own steps stand as its transitions (their labels, their rights' holders hear of it). */
export function registerPosDocument({ def, table, dateField, viewPerms, accounting }: PosDocumentDef): DocumentType {
  return registerDocumentType({
    docType: def.docType,
    label: def.label,
    table,
    states: stateLabels(def.states),
    initial: def.initial,
    editable: [def.initial],
    dateField,
    locks: def.locks,
    transitions: Object.entries(def.steps ?? {}).map(([action, s]) => ({
      action,
      label: s.label,
      from: [...s.from],
      to: s.to,
      perm: s.perm,
    })),
    link: (id) => `${def.webPath}/${id}`,
    viewPerm: viewPerms.join('|'),
    accounting,
  });
}

/** A point-of-sale bill as it is after the change: its derived state. */
export interface PosBill {
  id: number;
  state: string;
  version: number;
  shopId: number | null;
  billNo?: unknown;
}

export interface PosChange {
  action: string;
  fromState: string | null;
  memo?: string | null;
  change?: BillChange;
  /** Write no log row, only the event (an edit of an open bill's lines, as the engine's draft edits). */
  quiet?: boolean;
}

/**
 * Point-of-sale bills that the module's own rule moved at once, by no user (the till's open bills of
 * an earlier day expire): one bill-log row each, in one statement.
 */
export async function posBillsMoved(
  tx: Db,
  doc: DocumentType,
  tenantId: number,
  billIds: number[],
  step: { action: string; fromState: string; toState: string; change?: BillChange },
) {
  if (!billIds.length) return;
  await tx.insert(billLogs).values(billIds.map((billId) => ({ tenantId, docType: doc.docType, billId, ...step })));
}

/**
 * A point-of-sale bill changed, in the caller's transaction: its bill-log row (the same table and shape
 * as the engine's transitions write) and `bill.changed` to the users of its shop who may see it.
 */
export async function posBillChanged(tx: Db, doc: DocumentType, bill: PosBill, change: PosChange, auth: Auth) {
  if (!change.quiet)
    await writeBillLog(
      tx,
      doc,
      {
        billId: bill.id,
        action: change.action,
        fromState: change.fromState,
        toState: bill.state,
        memo: change.memo,
        change: change.change,
      },
      auth,
    );
  await billChanged(tx, doc, bill, auth, change.action);
}

// ---- head office's pages of point-of-sale bills, from a definition (contract `definePosBill`) ----

type Row = Record<string, unknown>;
type ActionBody<A> = A extends { body: infer B extends z.ZodObject } ? z.output<B> : Record<string, never>;

/**
 * What a module adds to a point-of-sale definition for head office's pages: the registered document
 * (its table, date field and steps), which of its rows the type covers and lists, its derived state as
 * SQL, and its own parts of the detail and of the actions.
 */
export interface PosBillImpl<D extends BillDef> {
  doc: DocumentType;
  /** The bills the type covers (not deleted): the detail and the actions find no other (404). */
  scope?: SQL;
  /** The bills its lists and export show besides (the settled ones). */
  listed?: SQL;
  /** The state as the definition names it, computed from the columns it derives from. */
  state: SQL;
  /** Display fields of the row that are not `<x>Name` of an `<x>Id` (`cardNo: ['cardId', 'cardNo']`). */
  displays?: Record<string, Display>;
  /** The lines' table, for filters on `lines.<field>`. */
  lines: { table: PgTable; billKey: PgColumn };
  /** The conditions of the filters the definition declares `match: 'named'`, by filter name. */
  filters?: Record<string, NamedFilter>;
  /** What the detail adds to the row (lines, payments, performance). */
  detail: (ctx: BillCtx, row: Row) => Promise<Row>;
  /**
   * The definition's actions, done by the module's protocol: it locks the bill, refuses on its own terms
   * (its messages), changes it and writes its log and event (`posBillChanged`).
   */
  actions: {
    [K in keyof NonNullable<D['actions']>]: (
      ctx: BillCtx,
      bill: Row,
      body: ActionBody<NonNullable<D['actions']>[K]>,
      /** The version of the bill the user saw, when sent (a protocol may refuse a stale one). */
      version?: number,
    ) => Promise<unknown>;
  };
  /** What each action with a `preview` will do to a bill, read from its records (nothing written). */
  previews?: { [K in keyof NonNullable<D['actions']>]?: (ctx: BillCtx, bill: Row) => Promise<ActionPreview> };
}

const EXPORT_LIMIT = 50_000;
const EXPORT_CHUNK = 1_000;

/**
 * Registers head office's routes of a point-of-sale definition at its seed paths: the paged list under
 * its declared filters with the sums of every matching bill, the export of that list, the detail with
 * the bill log and the actions the user may take, and each action (right, bill seen, guards, then the
 * module's protocol). A user limited to shops sees only theirs: another shop's filter is 403, its bill 404.
 * Answers the list's query and its sums, for the module's other calls on the same list.
 */
export function registerPosBill<D extends BillDef>(app: FastifyInstance, def: D, impl: PosBillImpl<D>) {
  const { doc } = impl;
  const table = doc.table;
  const dateField = doc.dateField;
  if (!dateField) throw new Error(`${def.docType}: no business date to list and guard its bills by`);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  for (const [name, f] of Object.entries(def.filterFields))
    if (matchOf(f) === 'named' ? !impl.filters?.[name] : filterFields(f, dateField).some((field) => !columnNamed(columns, field)))
      throw new Error(`${def.docType}: no column or condition for the filter ${name}`);
  const select = selectWithDisplays(table, def.row, { ...impl.displays, state: impl.state });
  const source = { def, table, dateField, lines: impl.lines, named: impl.filters ?? {} };
  const sortable = sortableOf(def, table, dateField);
  const order = defaultOrder(table, dateField);
  const at = (relative: string) => billPath(def, relative);
  const entity = def.basePath.split('/').pop() ?? def.docType;
  definedEntityLabels.set(entity, [def.label[0], def.label[1].toLowerCase()]);
  const detailSchema = billDetailSchema(def);
  const filters = z.object(def.filters);
  const what = def.label[1];

  const listWhere = (ctx: BillCtx, query: Row) =>
    and(
      eq(columns.tenantId, ctx.auth.tenantId),
      impl.scope,
      impl.listed,
      billScope(doc, ctx.auth),
      ...filterConditions(source, ctx, query),
    );
  const keysOf = (sort: unknown) => keyset(typeof sort === 'string' ? sort : undefined, sortable, order, columns.id);

  /**
   * The count and the `sums` fields over every bill the filters match that counts, and the same apart for
   * each state that counts in no total (`sumsApart`: a revoked bill).
   */
  async function sumsOf(ctx: BillCtx, where: SQL | undefined) {
    const fields = def.sums ?? [];
    const apart = def.sumsApart ?? [];
    const totalsOf = (key: string, of: SQL) => ({
      [`${key}count`]: sql<number>`count(*) filter (where ${of})`.mapWith(Number),
      ...Object.fromEntries(
        fields.map((f) => [`${key}${f}`, sql<number>`coalesce(sum(${columns[f]}) filter (where ${of}), 0)::bigint`.mapWith(Number)]),
      ),
    });
    const counted = apart.length
      ? sql`${impl.state} not in (${sql.join(
          apart.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql`true`;
    const [row] = (await ctx.tx
      .select(Object.assign(totalsOf('', counted), ...apart.map((s) => totalsOf(`${s}:`, sql`${impl.state} = ${s}`))))
      .from(table)
      .where(where)) as Record<string, number>[];
    const totals = (key: string) => Object.fromEntries(['count', ...fields].map((f) => [f, row[`${key}${f}`]]));
    return { ...totals(''), apart: Object.fromEntries(apart.map((s) => [s, totals(`${s}:`)])) } as {
      count: number;
      apart: Record<never, never>;
    };
  }

  async function list(ctx: BillCtx, query: Row & PageInput) {
    const where = listWhere(ctx, query);
    const keys = keysOf(query.sort);
    const page = await pageOf(
      ctx.tx,
      query,
      select(ctx.tx)
        .where(and(where, afterKey(keys, query)))
        .orderBy(...keys.order)
        .limit(query.pageSize)
        .offset(offsetOf(query, keys)) as unknown as Promise<Row[]>,
      () => ctx.tx.select({ id: columns.id }).from(table).where(where),
      keys,
    );
    return { ...page, sum: await sumsOf(ctx, where) };
  }

  async function visible(ctx: BillCtx, id: number) {
    const [row] = (await (select(ctx.tx) as PgSelect).where(
      and(eq(columns.id, id), eq(columns.tenantId, ctx.auth.tenantId), impl.scope, billScope(doc, ctx.auth)),
    )) as Row[];
    if (!row) throw notFound();
    return row;
  }

  /** The actions offered on a bill now: its state among the action's, and the user's right. */
  const offered = (state: unknown, auth: Auth) =>
    Object.entries((def.actions ?? {}) as Record<string, BillActionDef>)
      .filter(([, a]) => (!a.states || a.states.includes(String(state))) && can(auth, a.perm))
      .map(([name]) => name);

  async function detail(ctx: BillCtx, id: number) {
    const row = await visible(ctx, id);
    return {
      ...row,
      ...(await impl.detail(ctx, row)),
      log: await billLog(ctx.tx, doc, id),
      actions: offered(row.state, ctx.auth),
      afterFields: [],
      editable: false,
    };
  }

  const view = `${def.perm}.view`;
  for (const path of def.paths.list)
    route(
      app,
      'GET',
      at(path),
      {
        summary: `${what}: paged list with the sums of every matching bill`,
        perm: view,
        query: filters,
        // The fields and states are the definition's, known when it is registered.
        response: billSumsPage(def.row, (def.sums ?? []) as readonly never[], (def.sumsApart ?? []) as readonly never[]),
      },
      (c) => list(c, c.query as Row & PageInput),
    );
  if (def.paths.export) {
    const paging = ['page', 'pageSize', 'after'].filter((k) => k in def.filters);
    const exportQuery = filters.omit(Object.fromEntries(paging.map((k) => [k, true])) as never);
    route(
      app,
      'GET',
      at(def.paths.export),
      {
        summary: `${what}: workbook of the list under its filters (at most ${EXPORT_LIMIT} rows)`,
        perm: view,
        query: exportQuery,
        raw: true,
      },
      async (c) => {
        // The filters are checked now (another shop: 403), before the workbook's answer begins.
        const where = listWhere(c, c.query as Row);
        const keys = keysOf((c.query as Row).sort);
        async function* rows() {
          for (let offset = 0; offset < EXPORT_LIMIT; offset += EXPORT_CHUNK) {
            const chunk = (await select(c.tx)
              .where(where)
              .orderBy(...keys.order)
              .limit(EXPORT_CHUNK)
              .offset(offset)) as Row[];
            yield* chunk;
            if (chunk.length < EXPORT_CHUNK) return;
          }
        }
        const zone = await tenantZone(c.tx, c.auth.tenantId);
        const columns = exportColumns({ def });
        return sendXlsx(c.reply, c.lang, def.label[c.lang === 'en-US' ? 1 : 0], columns, rows(), zone, await shownInFull(c.tx, columns));
      },
    );
  }
  route(
    app,
    'GET',
    at(def.paths.detail),
    { summary: `${what}: one bill with its lines, log and the user's actions`, perm: view, params: idParam, response: detailSchema },
    (c) => detail(c, c.params.id),
  );
  for (const [name, a] of Object.entries((def.actions ?? {}) as Record<string, BillActionDef>)) {
    const preview = (impl.previews as Record<string, ((ctx: BillCtx, bill: Row) => Promise<ActionPreview>) | undefined> | undefined)?.[
      name
    ];
    if (a.preview && !preview) throw new Error(`${def.docType}: no preview of the action ${name}`);
    if (a.preview && preview)
      route(
        app,
        'GET',
        at(a.preview),
        {
          summary: `${what}: what ${a.label[1]} would undo by itself and what must then be done by hand (nothing written)`,
          perm: a.perm,
          query: z.object({ id: idParam.shape.id }),
          response: actionPreview,
        },
        async (c) => {
          const bill = await visible(c, c.query.id);
          if (a.states && !a.states.includes(String(bill.state)))
            throw new AppError(409, 'transitionNotAllowed', { state: `@${def.docType}:${bill.state}`, action: `@${def.docType}!${name}` });
          return preview(c, bill);
        },
      );
    route(
      app,
      'POST',
      at(a.path),
      {
        summary: `${what}: ${a.label[1]} (logged)`,
        perm: a.perm,
        body: billActionBody(a),
        entity,
        idempotent: 'optional',
        response: detailSchema,
      },
      async (c) => {
        const bill = await visible(c, c.body.id);
        await runGuards(c.tx, c.auth, { doc, bill: bill as BillRow, operation: name });
        const { id: _id, version, memo: _memo, ...body } = c.body as Row;
        const run = (impl.actions as Record<string, (ctx: BillCtx, bill: Row, body: Row, version?: number) => Promise<unknown>>)[name];
        await run(c, bill, body, version as number | undefined);
        return detail(c, bill.id as number);
      },
    );
  }
  return {
    /** The list's query (its declared filters), for a module's own path that reads the list. */
    query: filters,
    /** The list's sums alone under its filters (the seed's separate sums call). */
    sums: (ctx: BillCtx, query: Row) => sumsOf(ctx, listWhere(ctx, query)),
  };
}
