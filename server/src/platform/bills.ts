import {
  type BillDef,
  type BillFieldDef,
  type BillSettingsDef,
  type BillTransitionDef,
  billActionBatchBody,
  billActionBody,
  billBatchBody,
  billBatchResult,
  billChangeBatchBody,
  billChangeBody,
  billDetailSchema,
  billEmployee,
  billEmployees,
  billFieldChangeQuery,
  billFieldChangeRow,
  billLinesAnswer,
  billLinesDelete,
  billLinesQuery,
  billLinesReplace,
  billLinesSave,
  billLogRow,
  billPage,
  billPath,
  billRemoveBody,
  billSettingsPath,
  billStateLabel,
  billTransitionBody,
  idParam,
  requiredByOthers,
  stateLabels,
} from '@headoffice/contract';
import { and, count, eq, getTableColumns, gte, inArray, isNull, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { billEntities, definedEntityLabels } from './audit.js';
import { type Auth, can, visibleShops } from './auth.js';
import {
  checkReferences,
  columnNamed,
  columnReferring,
  type Display,
  defaultOrder,
  filterConditions,
  filterFields,
  linesReader,
  matchOf,
  type NamedFilter,
  referenceOf,
  selectWithDisplays,
  sortableOf,
} from './bill-defaults.js';
import {
  allowedActions,
  assertEditable,
  type BillRow,
  billChanged,
  billLog,
  billScope,
  type DocumentType,
  type Effect,
  loadBill,
  logBill,
  nextBillNumber,
  registerDocumentType,
  runGuards,
  servedDocuments,
  type Transition,
  type TransitionContext,
  transition,
} from './documents.js';
import { refusalOf } from './envelope.js';
import { AppError, conflict, fieldError, forbidden, notFound } from './errors.js';
import { sendXlsx, shownInFull } from './excel.js';
import { defineProvider } from './hooks.js';
import { defineLabels, defineMessages, type Lang, translate } from './i18n.js';
import { nextNumber, tenantToday, tenantZone } from './numbering.js';
import { afterKey, keyset, offsetOf, type PageInput, pageOf, type SortKey } from './paging.js';
import { route } from './route.js';
import { getSetting, setSetting } from './settings.js';

defineMessages({
  versionOneBill: ['只有删除同一张单据的明细时才能带版本号', 'A version can be given only when every line belongs to one bill'],
  lineNotOnBill: ['明细不属于这张单据', 'This line is not on the bill'],
  fieldNotChangeable: ['单据当前状态为「{state}」，不能修改{field}', 'The bill is "{state}"; its {field} cannot be changed'],
  actionNotAllowed: ['单据当前状态为「{state}」，不能{action}', 'The bill is "{state}"; you cannot {action} it'],
  duplicateProduct: ['产品「{product}」重复，请合并为一行', 'Product "{product}" appears twice; put it on one line'],
  billNoRequired: ['请填写单号（总部已关闭自动编号）', 'Enter the bill number (automatic numbering is off)'],
  stepNotYourDepartment: [
    '这张{bill}由「{department}」{action}，你不在该部门，也没有「{every}」权限',
    'This {bill} is for "{department}" to {action}; you are not in that department and may not {every}',
  ],
  stepNoRight: ['你没有{action}{bill}的权限', 'You have no right to {action} a {bill}'],
  stepMaker: ['你是这张{bill}的制单人，制单人不能{action}自己的{bill}', 'You made this {bill}; its maker cannot {action} it'],
  fieldRequiredWhen: ['「{when}」为「{value}」时须填写「{field}」', '{field} is required when {when} is {value}'],
});

type Row = Record<string, unknown>;

/** What every handler of a type gets. */
export interface BillCtx {
  tx: Db;
  auth: Auth;
  lang: Lang;
}

/** A bill table: the engine reads and sets these columns. */
type BillColumns = { id: PgColumn; tenantId: PgColumn; billNo: PgColumn; state: PgColumn; version: PgColumn; shopId: PgColumn };

/** A bill of a table as its effects, conditions and actions read it: the table's row, typed. */
export type BillOf<T extends PgTable> = T['$inferSelect'] & BillRow;
type Changes = Record<string, unknown> | undefined;
/** A transition's effect on a bill of the type's table; may answer more columns to set. */
export type BillEffect<T extends PgTable> = (tx: Db, bill: BillOf<T>, ctx: TransitionContext) => Promise<Changes> | Promise<void>;

export interface BillLinesImpl<LT extends PgTable> {
  table: LT;
  /** The line's column that holds its bill's id; default: the one whose foreign key names the bill's table. */
  billKey?: PgColumn;
  /** The lines of bills with their display fields (the type's `lineRow`) and `billId`, in order; default: read from the line row (`selectWithDisplays`). */
  of?: (tx: Db, billIds: number[]) => Promise<(Row & { billId: number })[]>;
  /** Display fields of the line row that are not `<x>Name` of an `<x>Id` (`contractCode: ['contractId', 'code']`). */
  displays?: Record<string, Display>;
  /** Each line's referred rows read by their keys (a lateral lookup): for lines of a large catalogue's products. */
  byKey?: boolean;
  /**
   * The line field naming a shop, on types whose lines go to several shops: a user limited to some
   * shops lists the bills with a line of theirs and reads only those lines.
   */
  shopKey?: string;
  /**
   * One-by-one line edits (`paths.lines`): add (no id) or change (id) lines of a locked, editable bill.
   * Default: the lines' columns with the type's `lineValues` (their references checked), added after the last line.
   */
  save?: (ctx: BillCtx, bill: BillRow, lines: Row[]) => Promise<void>;
  /** The line field a bill holds once (`productId`): a one-by-one save refuses a value another line of the bill has. */
  unique?: keyof LT['$inferSelect'] & string;
  /** After lines were added, changed or removed one by one, or replaced by a save (totals). */
  changed?: (tx: Db, billId: number) => Promise<void>;
  /** Head columns that add up a line column (`{ totalAmount: 'amount' }`), summed again whenever the lines change. */
  totals?: Record<string, keyof LT['$inferSelect'] & string>;
}

/** The settings of a type's numbers: automatic (a series of a prefix and a width) or typed. */
export interface BillNumbering {
  isAutoNo: boolean;
  noPrefix: string;
  noWidth: number;
}

type ActionBody<A> = A extends { body: infer B extends z.ZodObject } ? z.output<B> : Record<string, never>;
/** What a named action does to a locked bill: the columns it sets (logged with the change when it is one). */
type ActionHandlers<D extends BillDef, T extends PgTable> = {
  [K in keyof NonNullable<D['actions']>]?: (
    ctx: BillCtx,
    bill: BillOf<T>,
    body: ActionBody<NonNullable<D['actions']>[K]>,
  ) => Promise<Changes>;
};

/**
 * What a module adds to a bill definition: its tables and the effects of its transitions, and only
 * where the business needs more than the engine's defaults, its own reading, filtering and saving.
 * Everything else (routes, permissions, states, logs, events, batches, guards, menus) comes from the definition.
 */
export interface BillImpl<D extends BillDef, T extends PgTable, LT extends PgTable> {
  table: T;
  /** Narrows a table several types share (stock entries and outs). */
  scope?: SQL;
  /** The business date (default `billDate`): lists sort by it, period locks look at it, the inbox shows it, a new bill is today's. */
  dateField?: keyof T['$inferSelect'] & string;
  numberPrefix?: string;
  /**
   * Numbers the tenant's settings of the type decide, read at each save (the seed's `isAutoNo`, `noPrefix`,
   * `noWidth`): automatic, a new bill takes the next of the series `noPrefix` + its day + `noWidth` digits and
   * keeps it; else the number its save gives (`billNo`, required of a new bill).
   */
  numbering?: (tx: Db) => Promise<BillNumbering>;
  /** A new bill is numbered by the day it is made, not by its business date (a back-dated stock entry is numbered today). */
  numberedToday?: boolean;
  /** Bills without a shop are head office's: users limited to shops see them only with this right. */
  headOfficePerm?: string;
  /** The transitions queued for the accounting system (`accounting-outbox.ts`): pushed, and pushed as reversals. */
  accounting?: {
    push?: (keyof D['transitions'] & string)[];
    reverse?: (keyof D['transitions'] & string)[];
    amount: keyof T['$inferSelect'] & string;
  };
  /** Bills changed together, locked together before any is: a function, or the column they share (a transfer's `transferId`), locked in id order. */
  lockGroup?: ((tx: Db, id: number) => Promise<void>) | (keyof T['$inferSelect'] & string);
  inboxFilter?: DocumentType['inboxFilter'];
  /** The rows' query; default: the table's columns with the row's display fields (`<x>Name` of `<x>Id`). */
  select?: (tx: Db) => PgSelect;
  /** Display fields of the row that are not `<x>Name` of an `<x>Id`. */
  displays?: Record<string, Display>;
  /** Display fields in the user's language (the warehouse's name). */
  shape?: (lang: Lang, row: Row) => Row;
  lines: BillLinesImpl<LT>;
  /** The conditions of the filters the definition declares `match: 'named'`, by filter name. */
  filters?: Record<string, NamedFilter>;
  list?: {
    /** More conditions than the declared filters (the bills of the user's members). */
    where?: (ctx: BillCtx, query: Row) => SQL[];
    /** `sort` keys; default: the sortable list columns and the date field. */
    sortable?: Record<string, PgColumn>;
    /** Order without `sort`, as keys, or a field: newest first, then the newest id; default: the date field so. */
    order?: SortKey[] | (keyof T['$inferSelect'] & string);
  };
  /**
   * Saves a draft: creates it (no `bill`; with its log row) or updates the locked, editable `bill`;
   * answers its id. Default: the head fields of the save schema and its lines, checked by `prepare`.
   */
  save?: (ctx: BillCtx, body: z.output<D['save']>, bill?: BillOf<T>) => Promise<number>;
  /** The default save's checks and computed head columns (totals, what an item implies), before anything is written; checks alone answer nothing. */
  prepare?: (ctx: BillCtx, body: z.output<D['save']>, bill?: BillOf<T>) => Promise<Partial<T['$inferInsert']>> | Promise<void>;
  /**
   * The default save's columns of each line beyond the line schema's (the head's shop, a count), in the lines' order; checks may
   * refuse. `head` is what the save writes to the head, `prepare`'s columns included (the card bill an adjustment names).
   */
  lineValues?: (
    ctx: BillCtx,
    lines: z.output<D['line']>[],
    body: z.output<D['save']>,
    head: Partial<T['$inferInsert']>,
  ) => Promise<Partial<LT['$inferInsert']>[]> | Partial<LT['$inferInsert']>[];
  /**
   * A column whose value at most one bill that may still be edited holds (what a partial unique index keeps): a
   * save giving it another such bill's value is refused (409, this message with that bill's fields).
   */
  openOnce?: { column: keyof T['$inferSelect'] & string; message: string };
  /** After a save was logged (automatic audit). */
  afterSave?: (ctx: BillCtx, id: number) => Promise<void>;
  /** Columns cleared when an edit brings a bill back to the initial state (the reject reason). */
  reopen?: Partial<T['$inferInsert']>;
  /**
   * Transitions that sign the bill besides those whose definition `signs`: `<step>By`, `<step>ByName`,
   * `<step>At` set to the user and now (those the table has), cleared again by the transition that undoes it.
   */
  signs?: Partial<Record<keyof D['transitions'] & string, string>>;
  /** Transitions whose memo the bill keeps in a column (`{ reject: 'rejectReason' }`), cleared when an edit reopens the bill. */
  reasons?: Partial<Record<keyof D['transitions'] & string, keyof T['$inferSelect'] & string>>;
  effects?: Partial<Record<keyof D['transitions'] & string, BillEffect<T>>>;
  /**
   * Transitions that first check the bill again as its save did (`prepare` and `lineValues` on its head
   * and lines as saved): what held of a draft may not hold at its audit (a card bill revoked since, numbers taken).
   */
  recheck?: (keyof D['transitions'] & string)[];
  /** The reversal of a transition's effect, run by the transition that `undoes` it. */
  reversals?: Partial<Record<keyof D['transitions'] & string, BillEffect<T>>>;
  /** The conditions transitions name in `when`. */
  conditions?: Record<string, (tx: Db, bill: BillOf<T>) => ReturnType<NonNullable<Transition['when']>>>;
  /** The named actions of the definition (`actions`). */
  actions?: ActionHandlers<D, T>;
  /** What the detail adds (the other bill of a transfer). */
  detail?: (ctx: BillCtx, row: z.output<D['row']>) => Promise<Row>;
  /** OpenAPI descriptions by seed path. */
  describe?: Record<string, string>;
}

/** The module's part with every default filled in: what the engine runs. */
interface Resolved {
  table: PgTable;
  scope?: SQL;
  dateField: string;
  headOfficePerm?: string;
  select: (tx: Db) => PgSelect;
  shape?: (lang: Lang, row: Row) => Row;
  lines: Required<Pick<BillLinesImpl<PgTable>, 'table' | 'billKey' | 'of'>> & BillLinesImpl<PgTable>;
  filters: Record<string, NamedFilter>;
  list: { where?: (ctx: BillCtx, query: Row) => SQL[]; sortable: Record<string, PgColumn>; order: SortKey[] };
  save: (ctx: BillCtx, body: Row, bill?: BillRow) => Promise<number>;
  prepare?: (ctx: BillCtx, body: Row, bill?: BillRow) => Promise<Row | undefined> | Promise<void>;
  lineValues?: (ctx: BillCtx, lines: Row[], body: Row, head: Row) => Promise<Row[]> | Row[];
  numberPrefix?: string;
  numbering?: (tx: Db) => Promise<BillNumbering>;
  numberedToday?: boolean;
  afterSave?: (ctx: BillCtx, id: number) => Promise<void>;
  openOnce?: { column: string; message: string };
  reopen?: Row;
  actions: Partial<Record<string, (ctx: BillCtx, bill: BillRow, body: Row) => Promise<Changes>>>;
  detail?: (ctx: BillCtx, row: Row) => Promise<Row>;
  describe?: Record<string, string>;
}

// ---- tsc refuses a head or line field without a column ----

type ColumnName<T extends PgTable> = keyof T['_']['columns'] & string;
type HeadFields<D extends BillDef> = Exclude<keyof z.output<D['save']> & string, 'id' | 'version' | 'lines'>;
type LineFields<D extends BillDef> = Exclude<keyof z.output<D['line']> & string, 'id'>;
type AfterFields<D extends BillDef> = keyof NonNullable<D['after']> & string;
type Missing<Fields extends string, T extends PgTable> = Exclude<Fields, ColumnName<T>>;
/** Adds a required property naming the fields that have no column, so that tsc fails on them (and the date field of a table without `billDate`). */
export type ColumnsCheck<D extends BillDef, T extends PgTable, LT extends PgTable> = ([Missing<HeadFields<D> | AfterFields<D>, T>] extends [
  never,
]
  ? unknown
  : { headFieldsWithoutColumn: Missing<HeadFields<D> | AfterFields<D>, T> }) &
  ([Missing<LineFields<D>, LT>] extends [never] ? unknown : { lineFieldsWithoutColumn: Missing<LineFields<D>, LT> }) &
  ('billDate' extends ColumnName<T> ? unknown : { dateField: keyof T['$inferSelect'] & string });

/** A bill type the server serves: its definition, the module's part with the engine's defaults, and the documents engine's view of it. */
export interface BillType<D extends BillDef = BillDef> {
  def: D;
  doc: DocumentType;
  impl: Resolved;
}

/** The columns a step's signature sets: those of `<step>By`, `<step>ByName`, `<step>At` the table has. */
function signature(table: PgTable, step: string, auth: Auth | null): Row {
  const columns = columnsOfTable(table);
  const values: Row = {
    [`${step}By`]: auth?.userId ?? null,
    [`${step}ByName`]: auth?.name ?? null,
    [`${step}At`]: auth ? new Date() : null,
  };
  return Object.fromEntries(Object.entries(values).filter(([k]) => k in columns));
}

/** An effect, then the step's signature. */
const signing = (table: PgTable, step: string | undefined, effect: Effect | undefined, undo: boolean): Effect | undefined =>
  step === undefined
    ? effect
    : async (tx, bill, ctx) => ({ ...(await effect?.(tx, bill, ctx)), ...signature(table, step, undo ? null : ctx.auth) });

/** Locks the bills that share a bill's value of `field` (none when it has none), in id order, so that two changes never deadlock. */
function sharingLock(table: PgTable, field: string) {
  const name = sql.identifier(getTableConfig(table).name);
  const column = sql.identifier(columnsOfTable(table)[field].name);
  return async (tx: Db, id: number) => {
    await tx.execute(sql`
      select b2.id from ${name} b1
      join ${name} b2 on b2.tenant_id = b1.tenant_id and b2.${column} = b1.${column}
      where b1.id = ${id} and b1.${column} is not null
      order by b2.id for update of b2`);
  };
}

/** Derives the documents engine's type from a definition and a module's part, filling in the engine's defaults. */
export function billType<D extends BillDef, T extends PgTable, LT extends PgTable>(
  def: D,
  impl: BillImpl<D, T, LT> & ColumnsCheck<D, T, LT>,
): BillType<D> {
  const dateField = impl.dateField ?? 'billDate';
  const effects = (impl.effects ?? {}) as Record<string, Effect | undefined>;
  const reversals = (impl.reversals ?? {}) as Record<string, Effect | undefined>;
  const signed = Object.entries(def.transitions as Record<string, BillTransitionDef>).map(([action, t]) => [action, t.signs]);
  const signs = { ...Object.fromEntries(signed), ...impl.signs } as Record<string, string | undefined>;
  const kept = Object.entries(def.transitions as Record<string, BillTransitionDef>).flatMap(([action, t]) =>
    t.keepsMemo ? [[action, t.keepsMemo]] : [],
  );
  const reasons = { ...Object.fromEntries(kept), ...impl.reasons } as Record<string, string | undefined>;
  // A transition that keeps its memo: the column set after the module's effect.
  const keeping = (action: string, effect: Effect | undefined): Effect | undefined => {
    const column = reasons[action];
    return column ? async (tx, bill, ctx) => ({ ...(await effect?.(tx, bill, ctx)), [column]: ctx.memo?.trim() || null }) : effect;
  };
  const rechecked = (action: string, effect: Effect | undefined): Effect | undefined =>
    impl.recheck?.includes(action as never)
      ? async (tx, bill, ctx) => {
          await checkAsSaved(served, tx, bill, ctx);
          return { ...(await effect?.(tx, bill, ctx)) };
        }
      : effect;
  // A step of a department, or one taken by whoever may take the step the bill waits for: asked before anything else it does.
  const asked = (action: string, effect: Effect | undefined): Effect | undefined => {
    const t = (def.transitions as Record<string, BillTransitionDef>)[action];
    if (!t.department && !t.byWaitingStep) return effect;
    return async (tx, bill, ctx) => {
      if (!ctx.internal) await assertStep(served, { tx, auth: ctx.auth, lang: ctx.lang }, bill, action);
      return { ...(await effect?.(tx, bill, ctx)) };
    };
  };
  const transitions = Object.entries(def.transitions).map(([action, t]): Transition => {
    const when = t.when ? (impl.conditions?.[t.when] as Transition['when']) : undefined;
    if (t.when && !when) throw new Error(`${def.docType}.${action}: no condition ${t.when}`);
    const undone = t.undoes ? signing(impl.table, signs[t.undoes], effects[t.undoes], false) : undefined;
    const effect = t.undoes
      ? signing(impl.table, signs[t.undoes], reversals[t.undoes], true)
      : keeping(action, signing(impl.table, signs[action], asked(action, rechecked(action, effects[action])), false));
    if (undone && !effect) throw new Error(`${def.docType}.${action}: no reversal of ${t.undoes}`);
    const { label, from, to, perm, inbox, memoRequired, notByMaker } = t;
    return { action, label, from: [...from], to, perm, inbox, memoRequired, notByMaker, when, effect };
  });
  for (const [name, f] of Object.entries(def.filterFields)) {
    // A range's label, named by the refusal of a longer one (`@<docType>?<filter>`).
    if (f.maxDays) defineLabels({ [`${def.docType}?${name}`]: f.label });
    if (matchOf(f) === 'named') {
      if (!impl.filters?.[name]) throw new Error(`${def.docType}: no condition of the filter ${name}`);
    } else
      for (const field of filterFields(f, dateField)) {
        const onLines = field.startsWith('lines.');
        const columns = columnsOfTable(onLines ? impl.lines.table : impl.table);
        if (!columnNamed(columns, onLines ? field.slice(6) : field)) throw new Error(`${def.docType}: no column for the filter ${name}`);
      }
  }
  for (const [name, action] of Object.entries(def.actions ?? {}))
    if (!action.fields && !(impl.actions as Record<string, unknown> | undefined)?.[name])
      throw new Error(`${def.docType}: no action ${name}`);
  const doc = registerDocumentType({
    docType: def.docType,
    label: def.label,
    table: impl.table,
    scope: impl.scope,
    states: stateLabels(def.states),
    initial: def.initial,
    editable: [...def.editable],
    dateField,
    locks: def.locks,
    transitions,
    link: (id) => `${def.webPath}/${id}`,
    numberPrefix: impl.numberPrefix,
    headOfficePerm: impl.headOfficePerm,
    viewPerm: `${def.perm}.view`,
    accounting: impl.accounting,
    lockGroup: typeof impl.lockGroup === 'string' ? sharingLock(impl.table, impl.lockGroup) : impl.lockGroup,
    inboxFilter: async (tx, auth, action) =>
      and(await impl.inboxFilter?.(tx, auth, action), await departmentInbox(impl.table, def, tx, auth, action)),
    summarize: (tx, rows, lang) => inboxSummary(served, tx, rows, lang),
  });
  const billKey = impl.lines.billKey ?? columnReferring(impl.lines.table, impl.table);
  if (!billKey) throw new Error(`${def.docType}: no column of its lines refers to its bills`);
  const lines = { ...impl.lines, billKey };
  const resolved: Resolved = {
    ...(impl as unknown as Resolved),
    dateField,
    select: impl.select ?? selectWithDisplays(impl.table, def.row, impl.displays),
    lines: {
      ...lines,
      of: lines.of ?? linesReader(lines.table, lines.billKey, def.lineRow, lines.displays, lines.byKey),
      changed: linesChanged(impl.table, lines),
    },
    filters: impl.filters ?? {},
    list: {
      where: impl.list?.where,
      sortable: impl.list?.sortable ?? sortableOf(def, impl.table, dateField),
      order: typeof impl.list?.order === 'object' ? impl.list.order : defaultOrder(impl.table, impl.list?.order ?? dateField),
    },
    save: (impl.save as Resolved['save'] | undefined) ?? ((ctx, body, bill) => defaultSave(served, ctx, body, bill)),
    actions: (impl.actions ?? {}) as Resolved['actions'],
    reopen: { ...Object.fromEntries(Object.values(reasons).map((column) => [column, null])), ...impl.reopen },
  };
  const served: BillType<D> = { def, doc, impl: resolved };
  return served;
}

// ---- a step that belongs to a department (a transition's `department`) ----

/** Who works where, for a department's step: the users holding a right, those of a department, a user's department. */
export interface StepPeople {
  /** The enabled users (not employees' own accounts) who hold a right now. */
  holding: (tx: Db, perm: string) => Promise<{ id: number; name: string; username: string }[]>;
  /** The users whose employee record is in the department. */
  inDepartment: (tx: Db, departmentId: number) => Promise<number[]>;
  /** The department of a user's employee record; null for a user who is no employee (head office's administrators). */
  departmentOf: (tx: Db, userId: number) => Promise<number | null>;
}
/** Identity's users and org's departments, provided by identity. */
export const stepPeople = defineProvider<() => StepPeople>('stepPeople');

type Step = [action: string, t: BillTransitionDef];

/** The transition of a definition that belongs to a department (one at most is read). */
const departmentStep = (def: BillDef): Step | undefined =>
  Object.entries(def.transitions as Record<string, BillTransitionDef>).find(([, t]) => t.department);

/** The user is in no other department than the bill's step names: none named, the right for every one, or theirs. */
async function inStepDepartment({ tx, auth }: Pick<BillCtx, 'tx' | 'auth'>, bill: Row, t: BillTransitionDef) {
  const d = t.department;
  const departmentId = d ? (bill[d.field] as number | null) : null;
  if (!d || departmentId === null || can(auth, d.every.perm)) return true;
  return (await stepPeople.call().departmentOf(tx, auth.userId)) === departmentId;
}

/** A refusal's words: the bill, the step's verb, the department as the bill's row displays it, the right for every department. */
async function stepWords(type: BillType, ctx: BillCtx, bill: Row, t: BillTransitionDef) {
  const i = ctx.lang === 'en-US' ? 1 : 0;
  const field = t.department?.field ?? '';
  const display = type.def.headFields[field]?.column?.display ?? field;
  const shown = display in bill ? bill : (await rowsOf(type, ctx.tx, ctx.lang, eq(columnsOf(type).id, bill.id as number), false))[0];
  const every = t.department?.every.label[i] ?? '';
  return {
    bill: i ? type.def.label[1].toLowerCase() : type.def.label[0],
    action: t.label[i],
    department: String(shown?.[display] ?? ''),
    every: i ? every.replace(/^./, (c) => c.toLowerCase()) : every,
  };
}

/**
 * A department's step, or one taken by whoever may take the step the bill waits for (`byWaitingStep`): that
 * step's right (403), then its department (403 naming it and the right for every department).
 */
async function assertStep(type: BillType, ctx: BillCtx, bill: Row, action: string) {
  const transitions = type.def.transitions as Record<string, BillTransitionDef>;
  const [name, t] = transitions[action].byWaitingStep
    ? (Object.entries(transitions).find(([a, u]) => a !== action && u.inbox && u.from.includes(bill.state as string)) ?? [])
    : [action, transitions[action]];
  if (!name || !t) return;
  if (name !== action && !can(ctx.auth, t.perm)) throw forbidden();
  if (!(await inStepDepartment(ctx, bill, t))) throw new AppError(403, 'stepNotYourDepartment', await stepWords(type, ctx, bill, t));
}

/** A department's step waits in the inbox of the users it belongs to: bills of their department, or naming none (all with the right for every one). */
async function departmentInbox(table: PgTable, def: BillDef, tx: Db, auth: Auth, action: string) {
  const d = (def.transitions as Record<string, BillTransitionDef>)[action]?.department;
  if (!d || can(auth, d.every.perm)) return undefined;
  const column = columnsOfTable(table)[d.field];
  const mine = await stepPeople.call().departmentOf(tx, auth.userId);
  return or(isNull(column), mine === null ? undefined : eq(column, mine));
}

/**
 * The detail's `approval`: the department of the bill's department step, who may take it (holders of its
 * right in that department or with the right for every one; not the maker when the step refuses them) and,
 * while the bill waits for it, why the reader may not: no right, their own bill, another department.
 */
async function approvalOf(type: BillType, ctx: BillCtx, row: Row) {
  const [, t] = departmentStep(type.def) as Step;
  const d = t.department as NonNullable<BillTransitionDef['department']>;
  const people = stepPeople.call();
  const departmentId = (row[d.field] as number | null) ?? null;
  const everyOne = new Set((await people.holding(ctx.tx, d.every.perm)).map((u) => u.id));
  const inDepartment = new Set(departmentId === null ? [] : await people.inDepartment(ctx.tx, departmentId));
  const approvers = (await people.holding(ctx.tx, t.perm))
    .filter((u) => !(t.notByMaker && u.id === row.createdBy))
    .filter((u) => departmentId === null || everyOne.has(u.id) || inDepartment.has(u.id))
    .map((u) => `${u.name}（${u.username}）`);
  let blocked: string | null = null;
  if (t.from.includes(row.state as string)) {
    const words = await stepWords(type, ctx, row, t);
    if (!can(ctx.auth, t.perm)) blocked = translate(ctx.lang, 'stepNoRight', words);
    else if (t.notByMaker && row.createdBy === ctx.auth.userId) blocked = translate(ctx.lang, 'stepMaker', words);
    else if (!(await inStepDepartment(ctx, row, t))) blocked = translate(ctx.lang, 'stepNotYourDepartment', words);
  }
  const display = type.def.headFields[d.field]?.column?.display;
  return { departmentId, departmentName: display ? ((row[display] as string | null) ?? null) : null, approvers, blocked };
}

/** The default save's checks again on a bill as saved: its head as the body, its lines as read, `prepare`'s columns in the head. */
async function checkAsSaved(type: BillType, tx: Db, bill: BillRow, { auth, lang }: TransitionContext) {
  const ctx = { tx, auth, lang };
  const lines = await type.impl.lines.of(tx, [bill.id]);
  const body = { ...bill, lines };
  const head = { ...bill, ...(await type.impl.prepare?.(ctx, body, bill)) };
  await type.impl.lineValues?.(ctx, lines, body, head);
}

/** A bill's lines as its type's line row reads them. */
export const billLines = <D extends BillDef>(type: BillType<D>, tx: Db, billId: number) =>
  type.impl.lines.of(tx, [billId]) as Promise<z.output<D['lineRow']>[]>;

/** What follows a change of a bill's lines: its totals summed again, then the module's `changed`. */
function linesChanged(
  table: PgTable,
  lines: Required<Pick<BillLinesImpl<PgTable>, 'table' | 'billKey'>> &
    Pick<BillLinesImpl<PgTable>, 'changed'> & { totals?: Record<string, string> },
) {
  const { totals, changed } = lines;
  if (!totals) return changed;
  const lineColumns = columnsOfTable(lines.table);
  return async (tx: Db, billId: number) => {
    const sum = (line: string) =>
      sql`(select coalesce(sum(${lineColumns[line]}), 0)::int from ${lines.table} where ${lines.billKey} = ${billId})`;
    const set = Object.fromEntries(Object.entries(totals).map(([head, line]) => [head, sum(line)]));
    await tx
      .update(table)
      .set(set)
      .where(eq(columnsOfTable(table).id, billId));
    await changed?.(tx, billId);
  };
}

/** The head fields of a save: its schema's, but the id, version and lines. */
/** The head fields among `keys` that other fields' values make required (`requiredWhen`), checked on `values`: 400 naming them. */
function checkRequiredWhen(def: BillDef, lang: Lang, keys: readonly string[], values: Row) {
  const word = (pair: readonly [string, string]) => pair[lang === 'en-US' ? 1 : 0];
  for (const key of keys) {
    const field = def.headFields[key];
    if (!field || !requiredByOthers(field, values) || (values[key] !== undefined && values[key] !== null && values[key] !== '')) continue;
    const [when] = Object.keys(field.requiredWhen ?? {});
    const trigger = def.headFields[when];
    const option = trigger?.options && !('url' in trigger.options) ? trigger.options[String(values[when])] : undefined;
    throw fieldError(key, 'fieldRequiredWhen', {
      field: word(field.label),
      when: trigger ? word(trigger.label) : when,
      value: option ? word(option) : String(values[when]),
    });
  }
}

const headKeys = (def: BillDef) => Object.keys(def.save.shape).filter((k) => !['id', 'version', 'lines'].includes(k));

/** Fields of a definition's form that pick a shop: the user must see the shop they name (403). */
const shopFields = (fields: Record<string, BillFieldDef>) =>
  Object.entries(fields)
    .filter(([, f]) => f.kind === 'shop')
    .map(([k]) => k);

/** A save's lines as rows of the line table: the line schema's fields, the module's `lineValues`, their references checked. */
async function lineValues(type: BillType, ctx: BillCtx, lines: Row[], body: Row, head: Row) {
  const { table } = type.impl.lines;
  const columns = columnsOfTable(table);
  const more = (await type.impl.lineValues?.(ctx, lines, body, head)) ?? [];
  const rows = lines.map((line, i) => {
    const values: Row = {};
    for (const [key, value] of Object.entries(line)) if (key !== 'id' && key in columns) values[key] = value ?? null;
    return { ...values, ...more[i] };
  });
  await checkReferences(ctx.tx, ctx.auth, table, rows, (i, field) => `lines.${i}.${field}`, shopFields(type.def.lineFields));
  return rows;
}

/** The bill's lines replaced by these rows, in their order (`sort` where the table keeps one). */
async function writeLines(type: BillType, { tx, auth }: Pick<BillCtx, 'tx' | 'auth'>, billId: number, rows: Row[]) {
  const { table, billKey } = type.impl.lines;
  const columns = columnsOfTable(table);
  await tx.delete(table).where(eq(billKey, billId));
  const key = Object.entries(columns).find(([, c]) => c === billKey)?.[0] as string;
  const tenant = 'tenantId' in columns ? { tenantId: auth.tenantId } : {};
  if (rows.length)
    await tx
      .insert(table)
      .values(rows.map((l, i) => ({ ...tenant, ...('sort' in columns ? { sort: (i + 1) * 10 } : {}), ...l, [key]: billId })));
}

/**
 * The default one-by-one line save: each line's columns (`lineValues`, references checked); with a
 * `unique` field, none may hold a value another line of the bill keeps (400 naming the referred row);
 * new lines go after the last (`sort` where the table keeps one), changed ones are updated in place.
 */
async function saveLinesOneByOne(type: BillType, ctx: BillCtx, bill: BillRow, lines: Row[]) {
  const { table, billKey, unique } = type.impl.lines;
  const columns = columnsOfTable(table);
  const rows = await lineValues(type, ctx, lines, {}, bill);
  if (unique) {
    const changed = lines.flatMap((l) => (l.id === undefined ? [] : [l.id as number]));
    const kept = await ctx.tx
      .select({ value: columns[unique] })
      .from(table)
      .where(and(eq(billKey, bill.id), changed.length ? notInArray(columns.id, changed) : undefined));
    const referred = referenceOf(table, columns[unique]);
    for (const [i, row] of rows.entries()) {
      if (!kept.some((k) => k.value === row[unique])) continue;
      const [named] = referred
        ? await ctx.tx
            .select()
            .from(referred)
            .where(eq(columnsOfTable(referred).id, row[unique]))
        : [];
      throw fieldError(`lines.${i}.${unique}`, 'duplicateProduct', { product: String((named as Row | undefined)?.name ?? row[unique]) });
    }
  }
  const [{ last }] = columns.sort
    ? await ctx.tx
        .select({ last: sql<number>`coalesce(max(${columns.sort}), 0)::int` })
        .from(table)
        .where(eq(billKey, bill.id))
    : [{ last: 0 }];
  const key = Object.entries(columns).find(([, c]) => c === billKey)?.[0] as string;
  const tenant = 'tenantId' in columns ? { tenantId: ctx.auth.tenantId } : {};
  for (const [i, row] of rows.entries()) {
    const id = lines[i].id as number | undefined;
    if (id !== undefined) await ctx.tx.update(table).set(row).where(eq(columns.id, id));
    else await ctx.tx.insert(table).values({ ...tenant, ...(columns.sort ? { sort: last + (i + 1) * 10 } : {}), ...row, [key]: bill.id });
  }
}

/** Replaces the lines of a locked, editable bill (a type's own line route: a request's photos). */
export async function replaceLines(type: BillType, ctx: BillCtx, billId: number, lines: Row[]) {
  await writeLines(type, ctx, billId, await lineValues(type, ctx, lines, {}, {}));
}

/** A new bill's number of a series: the type's, or the one its settings name; none when its number is typed. */
async function seriesNumber({ doc, impl }: BillType, tx: Db, tenantId: number, date: string): Promise<string | undefined> {
  const day = impl.numberedToday ? await tenantToday(tx, tenantId) : date;
  if (impl.numberPrefix) return nextBillNumber(tx, doc, tenantId, day);
  const settings = await impl.numbering?.(tx);
  return settings?.isAutoNo ? nextNumber(tx, tenantId, settings.noPrefix, day, settings.noWidth) : undefined;
}

/** A new bill's head, its maker's, numbered (by its date, or today's with `numberedToday`), logged as made. */
async function insertHead(type: BillType, { tx, auth }: Pick<BillCtx, 'tx' | 'auth'>, head: Row): Promise<number> {
  const { def, doc, impl } = type;
  const columns = columnsOfTable(impl.table);
  const date = (head[impl.dateField] as string | undefined) ?? (await tenantToday(tx, auth.tenantId));
  const maker = { createdBy: auth.userId, createdByName: auth.name };
  const billNo = await seriesNumber(type, tx, auth.tenantId, date);
  const values = {
    ...Object.fromEntries(Object.entries(maker).filter(([k]) => k in columns)),
    ...head,
    tenantId: auth.tenantId,
    [impl.dateField]: date,
    ...(billNo ? { billNo } : {}),
  };
  const [{ id }] = (await tx.insert(impl.table).values(values).returning({ id: columns.id })) as { id: number }[];
  await logBill(tx, doc, id, 'create', null, def.initial, auth);
  return id;
}

/**
 * A draft the system makes (the entry of a transfer, the bills of an order): its head and lines as
 * given, without a user's checks; numbered and logged as a save makes one, its lines' `changed` run (totals).
 */
export async function insertDraft(type: BillType, ctx: Pick<BillCtx, 'tx' | 'auth'>, head: Row, lines: Row[]): Promise<number> {
  const id = await insertHead(type, ctx, head);
  if (lines.length) await writeLines(type, ctx, id, lines);
  await type.impl.lines.changed?.(ctx.tx, id);
  return id;
}

/**
 * The engine's save: the head fields of the save schema (one left out keeps its value, or is null
 * when the schema allows null; a new bill's date is the company's today), the module's `prepare`,
 * the references checked (400 naming the field; a shop the user sees, 403), a new bill numbered and
 * logged; the lines, when sent, replace the bill's (with `sort` in their order where the table keeps one),
 * then the lines' `changed` runs (totals).
 */
async function defaultSave(type: BillType, ctx: BillCtx, body: Row, bill?: BillRow): Promise<number> {
  const { def, impl } = type;
  const { tx, auth } = ctx;
  const columns = columnsOfTable(impl.table);
  const head: Row = {};
  for (const key of headKeys(def)) {
    if (!(key in columns)) continue;
    if (body[key] !== undefined) head[key] = body[key];
    else if (def.save.shape[key].safeParse(null).success) head[key] = null;
  }
  // The bill's shop first: another shop's bill is refused (403) before its content is judged.
  const shopKeys = shopFields(def.headFields);
  await checkReferences(tx, auth, impl.table, [Object.fromEntries(shopKeys.map((k) => [k, body[k]]))], (_i, field) => field, shopKeys);
  checkRequiredWhen(def, ctx.lang, headKeys(def), body);
  Object.assign(head, await impl.prepare?.(ctx, body, bill));
  // Numbers its settings type by hand: a new bill's is required; numbered, a bill keeps its own.
  const numbering = await impl.numbering?.(tx);
  if (numbering?.isAutoNo) delete head.billNo;
  else if (numbering && !bill && !head.billNo) throw fieldError('billNo', 'billNoRequired');
  if (impl.openOnce) await refuseSecondOpen(type, ctx, head, bill);
  const lines = body.lines as Row[] | undefined;
  await checkReferences(tx, auth, impl.table, [head], (_i, field) => field, shopFields(def.headFields));
  const lineRows = lines && (await lineValues(type, ctx, lines, body, head));
  let id = bill?.id;
  if (id !== undefined) await tx.update(impl.table).set(head).where(eq(columns.id, id));
  else id = await insertHead(type, ctx, head);
  if (lineRows) {
    await writeLines(type, ctx, id, lineRows);
    await impl.lines.changed?.(tx, id);
  }
  return id;
}

/** 409 when another bill that may still be edited holds the save's value of `openOnce.column`, its message given that bill's fields. */
async function refuseSecondOpen({ def, impl }: BillType, { tx, auth }: BillCtx, head: Row, bill?: BillRow) {
  const { column, message } = impl.openOnce as NonNullable<Resolved['openOnce']>;
  const c = columnsOfTable(impl.table);
  const [other] = (await tx
    .select()
    .from(impl.table)
    .where(
      and(eq(c.tenantId, auth.tenantId), eq(c[column], head[column]), inArray(c.state, def.editable), bill ? ne(c.id, bill.id) : undefined),
    )
    .limit(1)) as Row[];
  if (other)
    throw new AppError(
      409,
      message,
      Object.fromEntries(Object.entries(other).filter(([, v]) => ['string', 'number'].includes(typeof v))) as never,
    );
}

const columnsOf = (type: BillType) => getTableColumns(type.impl.table) as unknown as BillColumns & Record<string, PgColumn>;
const columnsOfTable = (table: PgTable) => getTableColumns(table) as Record<string, PgColumn>;

/** Rows with their display fields (and lines), as the type's `row` reads them. */
async function rowsOf(
  type: BillType,
  tx: Db,
  lang: Lang,
  where: SQL | undefined,
  withLines: boolean,
  order: SQL[] = [],
  limit = 1,
  offset = 0,
  auth?: Auth,
) {
  const query = type.impl
    .select(tx)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return finish(type, tx, lang, (await query) as Row[], withLines, auth);
}

async function finish(type: BillType, tx: Db, lang: Lang, rows: Row[], withLines: boolean, auth?: Auth): Promise<Row[]> {
  const shaped = rows.map((r) => type.impl.shape?.(lang, r) ?? r);
  if (!withLines) return shaped;
  const lines = await type.impl.lines.of(
    tx,
    shaped.map((r) => r.id as number),
  );
  const shopKey = type.impl.lines.shopKey;
  const visible = shopKey && auth ? visibleShops(auth) : undefined;
  const readable = visible ? lines.filter((l) => visible.includes(l[shopKey as string] as number)) : lines;
  return shaped.map((r) => ({ ...r, lines: readable.filter((l) => l.billId === r.id) }));
}

/** What the inbox shows of each waiting bill: its row's fields and its business date. */
async function inboxSummary(type: BillType, tx: Db, bills: BillRow[], lang: Lang) {
  if (!bills.length) return [];
  const ids = bills.map((b) => b.id);
  const rows = await rowsOf(type, tx, lang, inArray(columnsOf(type).id, ids), false, [], ids.length);
  return bills.map((b) => {
    const row = rows.find((r) => r.id === b.id) ?? {};
    return { ...row, billDate: row[type.impl.dateField] };
  });
}

/** The conditions of a list: tenant (the indexes lead with it), type, the user's shops, then the filters. */
function listWhere(type: BillType, ctx: BillCtx, query: Row) {
  const c = columnsOf(type);
  const { impl } = type;
  const source = { def: type.def, table: impl.table, dateField: impl.dateField, lines: impl.lines, named: impl.filters };
  return and(
    eq(c.tenantId, ctx.auth.tenantId),
    impl.scope,
    billScope(type.doc, ctx.auth),
    linesScope(type, ctx),
    ...filterConditions(source, ctx, query),
    ...(impl.list.where?.(ctx, query) ?? []),
  );
}

/** Bills whose lines go to several shops: a user limited to some shops lists those with a line of theirs. */
function linesScope(type: BillType, ctx: BillCtx) {
  const { lines } = type.impl;
  const visible = visibleShops(ctx.auth);
  if (!lines.shopKey || !visible) return undefined;
  const l = columnsOfTable(lines.table);
  return inArray(
    columnsOf(type).id,
    ctx.tx
      .select({ id: lines.billKey })
      .from(lines.table)
      .where(and(eq(l.tenantId, ctx.auth.tenantId), inArray(l[lines.shopKey], visible.length ? visible : [0]))),
  );
}

function listOrder(type: BillType, sort: unknown) {
  return keyset(typeof sort === 'string' ? sort : undefined, type.impl.list.sortable, type.impl.list.order, columnsOf(type).id);
}

export async function listBills(type: BillType, ctx: BillCtx, query: Row & PageInput) {
  const where = listWhere(type, ctx, query);
  const keys = listOrder(type, query.sort);
  const result = await pageOf(
    ctx.tx,
    query,
    type.impl
      .select(ctx.tx)
      .where(and(where, afterKey(keys, query)))
      .orderBy(...keys.order)
      .limit(query.pageSize)
      .offset(offsetOf(query, keys)) as unknown as Promise<Row[]>,
    () =>
      ctx.tx
        .select({ id: columnsOf(type).id })
        .from(type.impl.table)
        .where(where),
    keys,
  );
  return { ...result, list: await finish(type, ctx.tx, ctx.lang, result.list, true, ctx.auth) };
}

/** A type's bills counted by shop and state (business dates `dateFrom`–`dateTo`), for a tree of shops. */
export async function billCountsByShop(
  type: BillType,
  { tx, auth }: Pick<BillCtx, 'tx' | 'auth'>,
  q: { dateFrom?: string; dateTo?: string },
) {
  const c = columnsOf(type);
  const date = c[type.impl.dateField];
  return (await tx
    .select({ shopId: c.shopId, state: c.state, n: count() })
    .from(type.impl.table)
    .where(
      and(
        eq(c.tenantId, auth.tenantId),
        type.impl.scope,
        q.dateFrom ? gte(date, q.dateFrom) : undefined,
        q.dateTo ? lte(date, q.dateTo) : undefined,
      ),
    )
    .groupBy(c.shopId, c.state)) as { shopId: number | null; state: string; n: number }[];
}

/** One bill with lines, log, the user's actions and changeable fields, and what the module adds. */
export async function billDetail(type: BillType, ctx: BillCtx, id: number) {
  const bill = await loadBill(ctx.tx, type.doc, id, ctx.auth);
  const [row] = await rowsOf(type, ctx.tx, ctx.lang, eq(columnsOf(type).id, bill.id), true, [], 1, 0, ctx.auth);
  return {
    ...row,
    ...(await type.impl.detail?.(ctx, row)),
    ...(departmentStep(type.def) ? { approval: await approvalOf(type, ctx, row) } : {}),
    log: await billLog(ctx.tx, type.doc, bill.id),
    actions: await allowedActions(ctx.tx, type.doc, bill, ctx.auth),
    afterFields: Object.entries(type.def.after ?? {})
      .filter(([, a]) => a.states.includes(bill.state) && can(ctx.auth, a.perm))
      .map(([field]) => field),
    editable: type.doc.editable.includes(bill.state),
  };
}

/** A bill locked for a change: seen by the user (404), editable (409), at the version given (409), not refused by a guard. */
export async function lockEditable(type: BillType, ctx: BillCtx, id: number, version?: number) {
  const bill = await loadBill(ctx.tx, type.doc, id, ctx.auth, true);
  assertEditable(type.doc, bill);
  if (version !== undefined && version !== bill.version) throw conflict('staleVersion');
  await runGuards(ctx.tx, ctx.auth, { doc: type.doc, bill, operation: 'save' });
  return bill;
}

/**
 * A draft or its lines changed: new version; a bill in another editable state (rejected) goes back to
 * the initial one (logged); its viewers are told, and those of the shop it left when it moved.
 */
export async function touched(type: BillType, ctx: BillCtx, before: BillRow) {
  const c = columnsOf(type);
  const back = before.state !== type.def.initial;
  const [now] = (await ctx.tx
    .update(type.impl.table)
    .set({
      version: sql`${c.version} + 1`,
      updatedAt: new Date(),
      ...(back ? { state: type.def.initial, ...type.impl.reopen } : {}),
    })
    .where(eq(c.id, before.id))
    .returning()) as BillRow[];
  if (back) await logBill(ctx.tx, type.doc, before.id, 'edit', before.state, type.def.initial, ctx.auth);
  else await billChanged(ctx.tx, type.doc, now, ctx.auth, 'edit');
  if (now.shopId !== before.shopId) await billChanged(ctx.tx, type.doc, { ...now, shopId: before.shopId }, ctx.auth, 'edit');
  await runGuards(ctx.tx, ctx.auth, { doc: type.doc, bill: now, operation: 'save' });
}

export async function saveBill(type: BillType, ctx: BillCtx, body: Row & { id?: number; version?: number }) {
  const before = body.id ? await lockEditable(type, ctx, body.id, body.version) : undefined;
  const id = await type.impl.save(ctx, body as never, before);
  if (before) await touched(type, ctx, before);
  else await runGuards(ctx.tx, ctx.auth, { doc: type.doc, bill: await loadBill(ctx.tx, type.doc, id, null), operation: 'save' });
  await type.impl.afterSave?.(ctx, id);
  return billDetail(type, ctx, id);
}

/** Deletes a bill that may still be edited, with its lines; its log stays, ending with the deletion. */
export async function removeBill(type: BillType, ctx: BillCtx, request: { id: number; version?: number }) {
  const bill = await lockEditable(type, ctx, request.id, request.version);
  await logBill(ctx.tx, type.doc, bill.id, 'delete', bill.state, bill.state, ctx.auth);
  await ctx.tx.delete(type.impl.lines.table).where(eq(type.impl.lines.billKey, bill.id));
  await ctx.tx.delete(type.impl.table).where(eq(columnsOf(type).id, bill.id));
  return { id: bill.id };
}

/** An after-approval field change: own right (403), allowed states (409), version (409), guards; logged with from and to. */
export async function changeField(
  type: BillType,
  ctx: BillCtx,
  field: string,
  request: { id: number; version?: number; value: unknown; memo?: string | null },
) {
  const after = type.def.after?.[field];
  if (!after) throw notFound();
  const bill = await loadBill(ctx.tx, type.doc, request.id, ctx.auth, true);
  if (!can(ctx.auth, after.perm)) throw forbidden();
  if (!after.states.includes(bill.state))
    throw new AppError(409, 'fieldNotChangeable', {
      state: `@${type.def.docType}:${bill.state}`,
      field: after.label[ctx.lang === 'en-US' ? 1 : 0],
    });
  if (request.version !== undefined && request.version !== bill.version) throw conflict('staleVersion');
  await runGuards(ctx.tx, ctx.auth, { doc: type.doc, bill, operation: `change:${field}` });
  const c = columnsOf(type);
  const [now] = (await ctx.tx
    .update(type.impl.table)
    .set({ [field]: request.value, version: sql`${c.version} + 1`, updatedAt: new Date() })
    .where(eq(c.id, bill.id))
    .returning()) as BillRow[];
  await logBill(ctx.tx, type.doc, bill.id, field, bill.state, bill.state, ctx.auth, request.memo?.trim() || null, {
    field,
    from: bill[field] ?? null,
    to: now[field] ?? null,
  });
  return now;
}

/** A bill's changes of an after-approval field, from its log: each with the value before and after, oldest first. */
async function fieldChanges(type: BillType, ctx: BillCtx, field: string, billId: number) {
  const bill = await loadBill(ctx.tx, type.doc, billId, ctx.auth);
  const log = await billLog(ctx.tx, type.doc, bill.id);
  return log
    .filter((r) => r.action === field)
    .map((r) => ({
      id: r.id,
      billId: r.billId,
      from: r.change?.from ?? null,
      to: r.change?.to ?? null,
      memo: r.memo,
      username: r.username,
      at: r.at,
    }));
}

/**
 * A named action on one bill: the bill locked and seen (404), the action's right (403), its states
 * (409 naming the state), the version (409), the guards; then the module's handler, whose columns are
 * set with a new version; logged (with the change when it set one column) and told to the bill's viewers.
 */
export async function runAction(
  type: BillType,
  ctx: BillCtx,
  name: string,
  request: Row & { id: number; version?: number; memo?: string | null },
) {
  const action = type.def.actions?.[name];
  if (!action) throw notFound();
  const bill = await loadBill(ctx.tx, type.doc, request.id, ctx.auth, true);
  if (!can(ctx.auth, action.perm)) throw forbidden();
  if (action.states && !action.states.includes(bill.state))
    throw new AppError(409, 'actionNotAllowed', {
      state: `@${type.def.docType}:${bill.state}`,
      action: action.label[ctx.lang === 'en-US' ? 1 : 0],
    });
  if (request.version !== undefined && request.version !== bill.version) throw conflict('staleVersion');
  await runGuards(ctx.tx, ctx.auth, { doc: type.doc, bill, operation: name });
  const { id: _id, version: _version, memo, ...body } = request;
  checkRequiredWhen(type.def, ctx.lang, action.fields ?? [], { ...bill, ...body });
  const handler = type.impl.actions[name];
  const set = (handler ? await handler(ctx, bill, body) : body) ?? {};
  const c = columnsOf(type);
  const [now] = (await ctx.tx
    .update(type.impl.table)
    .set({ ...set, version: sql`${c.version} + 1`, updatedAt: new Date() })
    .where(eq(c.id, bill.id))
    .returning()) as BillRow[];
  const fields = Object.keys(set);
  const change = fields.length === 1 ? { field: fields[0], from: bill[fields[0]] ?? null, to: now[fields[0]] ?? null } : undefined;
  await logBill(ctx.tx, type.doc, bill.id, name, bill.state, bill.state, ctx.auth, memo?.trim() || null, change);
  return now;
}

/**
 * Does `one` for each bill, each in its own savepoint: a bill that fails is rolled back alone and
 * listed with its reason (a failure that is no refusal, a server error, fails the request). A bill
 * the user may not see fails the whole request (404), as it would alone.
 */
export async function batch(
  type: BillType,
  ctx: BillCtx,
  ids: number[],
  one: (tx: Db, id: number) => Promise<BillRow>,
): Promise<z.input<typeof billBatchResult>> {
  const unique = [...new Set(ids)];
  const c = columnsOf(type);
  const seen = await ctx.tx
    .select({ id: c.id, billNo: c.billNo })
    .from(type.impl.table)
    .where(and(inArray(c.id, unique), type.impl.scope, billScope(type.doc, ctx.auth)));
  if (seen.length !== unique.length) throw notFound();
  const result: z.input<typeof billBatchResult> = { done: [], failed: [] };
  // In id order: two batches over the same bills lock them in one order and never wait on each other in a cycle.
  for (const { id, billNo } of (seen as { id: number; billNo: string | null }[]).sort((x, y) => x.id - y.id)) {
    try {
      const bill = await ctx.tx.transaction((savepoint) => one(savepoint as unknown as Db, id));
      result.done.push({ id, billNo, state: bill.state });
    } catch (error) {
      const refusal = refusalOf(ctx.lang, error);
      if (!refusal) throw error;
      result.failed.push({ id, billNo, ...refusal });
    }
  }
  return result;
}

/** The list columns of a type, as workbook columns: labels from the definition, display fields, states and money as read. */
export function exportColumns(type: Pick<BillType, 'def'>) {
  return Object.entries(type.def.headFields as Record<string, BillFieldDef>)
    .filter(([, f]) => f.column)
    .map(([key, f]) => ({
      key,
      title: f.label,
      masked: f.masked,
      width: Math.max(10, Math.round((f.column?.width ?? 120) / 8)),
      value: (row: Row, lang: Lang) => {
        const value = row[f.column?.display ?? key];
        if (key === 'state') return billStateLabel(type.def, String(value), lang);
        if (f.kind === 'money' && typeof value === 'number') return value / 100;
        return value as string | number | null;
      },
    }));
}

const EXPORT_LIMIT = 50_000;
const EXPORT_CHUNK = 1_000;

/**
 * The list's rows under its filters, a chunk at a time, for a streamed workbook. The filters are checked
 * now (another shop's answers 403), before the workbook's answer has begun.
 */
function exportRows(type: BillType, ctx: BillCtx, query: Row) {
  const where = listWhere(type, ctx, query);
  const order = listOrder(type, query.sort).order;
  return (async function* () {
    for (let offset = 0; offset < EXPORT_LIMIT; offset += EXPORT_CHUNK) {
      const rows = await rowsOf(type, ctx.tx, ctx.lang, where, false, order, EXPORT_CHUNK, offset);
      yield* rows;
      if (rows.length < EXPORT_CHUNK) return;
    }
  })();
}

const pagingKeys = { page: true, pageSize: true, sort: true, after: true } as const;

/** What a list's filters take, from their definitions: each key with its label (a state filter: the states), a range's longest span. */
function filtersDescription(def: BillDef) {
  const states = Object.entries(def.states).map(([state, s]) => `${state} ${s.label[0]}`);
  const filters = Object.values(def.filterFields).map(
    (f) => `${f.keys.join('/')} (${f.kind === 'state' ? states.join(', ') : f.label[1]}${f.maxDays ? `, at most ${f.maxDays} days` : ''})`,
  );
  return `The bills the user may see, newest first. Filters: ${filters.join(', ')}.`;
}

/**
 * A transition served under another resource (`by`): the body names bills by a head reference (the refund's id for
 * its visit), each resolved to the latest bill of the tenant naming it (404 when one names none); the user's scope
 * and the transition's checks are then the bill's own, as at its own path.
 */
function servedBy(
  app: FastifyInstance,
  type: BillType,
  t: BillTransitionDef,
  o: {
    entity: string;
    detail: z.ZodType;
    run: (ctx: BillCtx, body: { id: number; version?: number; memo?: string | null }) => Promise<unknown>;
  },
) {
  const by = t.by as { basePath: string; field: string };
  const c = columnsOf(type);
  const reference = c[by.field];
  if (!reference) throw new Error(`${type.def.docType}: by names no column ${by.field}`);
  const billsOf = async (ctx: BillCtx, refs: number[]) => {
    const rows = await ctx.tx
      .select({ id: c.id, ref: reference })
      .from(type.impl.table)
      .where(and(eq(c.tenantId, ctx.auth.tenantId), inArray(reference, refs)));
    const latest = new Map<number, number>();
    for (const r of rows as { id: number; ref: number }[]) latest.set(r.ref, Math.max(latest.get(r.ref) ?? 0, r.id));
    if (refs.some((ref) => !latest.has(ref))) throw notFound();
    return refs.map((ref) => latest.get(ref) as number);
  };
  const what = `${type.def.label[1]}: ${t.label[1]} (${t.from.join(', ')} → ${t.to})`;
  const ctxOf = (x: BillCtx) => ({ tx: x.tx, auth: x.auth, lang: x.lang });
  route(
    app,
    'POST',
    `${by.basePath}/${t.path}`,
    {
      summary: `${what}, the bill named by its ${by.field} (id = the ${by.field})`,
      perm: t.perm,
      body: billTransitionBody,
      entity: o.entity,
      idempotent: 'optional',
      response: o.detail,
    },
    async (x) => {
      const [id] = await billsOf(ctxOf(x), [x.body.id]);
      await o.run(ctxOf(x), { ...x.body, id });
      return billDetail(type, ctxOf(x), id);
    },
  );
  if (t.batchPath)
    route(
      app,
      'POST',
      `${by.basePath}/${t.batchPath}`,
      {
        summary: `${what} for several, named by their ${by.field} (ids); answers the bills done and failed with the reason`,
        perm: t.perm,
        body: billBatchBody,
        entity: o.entity,
        idempotent: 'optional',
        response: billBatchResult,
      },
      async (x) => {
        const ids = await billsOf(ctxOf(x), x.body.ids);
        return batch(type, ctxOf(x), ids, (tx, id) => o.run({ ...ctxOf(x), tx }, { id, memo: x.body.memo }) as Promise<BillRow>);
      },
    );
}

/**
 * Registers every route of a bill type's `paths` with the definition's permissions and answers:
 * lists, pick, saves, detail, export, each transition one by one and as a batch, after-approval
 * field changes, and the line routes; the app's inbox serves the type.
 */
export function registerBill(app: FastifyInstance, type: BillType) {
  const { def, impl, doc } = type;
  servedDocuments(app).set(def.docType, doc);
  const at = (relative: string) => billPath(def, relative);
  const view = `${def.perm}.view`;
  const edit = `${def.perm}.edit`;
  const entity = def.basePath.split('/').pop() ?? def.docType;
  // The log names it mid-sentence: 'Approved stock entry RK…'.
  definedEntityLabels.set(entity, [def.label[0], def.label[1].toLowerCase()]);
  billEntities.set(def.docType, entity);
  const what = def.label[1];
  const describe = (path: string) => impl.describe?.[path];
  const filters = z.object(def.filters);
  const detail = billDetailSchema(def);
  const ctxOf = (c: BillCtx) => ({ tx: c.tx, auth: c.auth, lang: c.lang });

  for (const path of def.paths.list)
    route(
      app,
      'GET',
      at(path),
      {
        summary: `${what}: paged list with lines`,
        description: describe(path) ?? filtersDescription(def),
        perm: view,
        query: filters,
        response: billPage(def.row),
      },
      (c) => listBills(type, ctxOf(c), c.query as never),
    );
  const unpaged = filters.omit(
    Object.fromEntries(
      Object.keys(pagingKeys)
        .filter((k) => k in def.filters)
        .map((k) => [k, true]),
    ) as never,
  );
  if (def.paths.pick) {
    const pickRow: z.ZodObject = 'lines' in def.row.shape ? def.row.omit({ lines: true } as never) : def.row;
    route(
      app,
      'GET',
      at(def.paths.pick),
      {
        summary: `${what}: up to 200 bills for pickers, newest first, without lines`,
        description: describe(def.paths.pick),
        perm: view,
        query: unpaged,
        response: z.array(pickRow),
      },
      (c) => rowsOf(type, c.tx, c.lang, listWhere(type, ctxOf(c), c.query as Row), false, listOrder(type, undefined).order, 200),
    );
  }
  if (def.paths.export) {
    const exportQuery = unpaged.extend({ sort: z.string().max(200).optional() });
    route(
      app,
      'GET',
      at(def.paths.export),
      {
        summary: `${what}: workbook of the list under its filters (list columns, at most ${EXPORT_LIMIT} rows)`,
        perm: view,
        query: exportQuery,
        raw: true,
      },
      async (c) => {
        const rows = exportRows(type, ctxOf(c), c.query as Row);
        const columns = exportColumns(type);
        return sendXlsx(
          c.reply,
          c.lang,
          def.label[c.lang === 'en-US' ? 1 : 0],
          columns,
          rows,
          await tenantZone(c.tx, c.auth.tenantId),
          await shownInFull(c.tx, columns),
        );
      },
    );
  }
  for (const path of def.paths.save)
    route(
      app,
      'POST',
      at(path),
      {
        summary: `${what}: save a draft (no id: create; id: update while ${def.editable.join(' or ')})`,
        description: describe(path),
        perm: edit,
        body: def.save,
        entity,
        idempotent: 'optional',
        response: detail,
      },
      (c) => saveBill(type, ctxOf(c), c.body as Row),
    );
  for (const [action, t] of Object.entries(def.transitions)) {
    const run = (ctx: BillCtx, body: { id: number; version?: number; memo?: string | null }) =>
      transition(ctx.tx, doc, { id: body.id, action, version: body.version, memo: body.memo, lang: ctx.lang }, ctx.auth);
    route(
      app,
      'POST',
      at(t.path),
      {
        summary: `${what}: ${t.label[1]} (${t.from.join(', ')} → ${t.to})`,
        description: describe(t.path),
        perm: t.perm,
        body: billTransitionBody,
        entity,
        idempotent: 'optional',
        response: detail,
      },
      async (c) => {
        await run(ctxOf(c), c.body);
        return billDetail(type, ctxOf(c), c.body.id);
      },
    );
    if (t.batchPath)
      route(
        app,
        'POST',
        at(t.batchPath),
        {
          summary: `${what}: ${t.label[1]} several bills, each on its own; answers what was done and what failed with the reason`,
          perm: t.perm,
          body: billBatchBody,
          entity,
          idempotent: 'optional',
          response: billBatchResult,
        },
        (c) => batch(type, ctxOf(c), c.body.ids, (tx, id) => run({ ...ctxOf(c), tx }, { id, memo: c.body.memo })),
      );
    if (t.by) servedBy(app, type, t, { entity, detail, run: (ctx, body) => run(ctxOf(ctx as BillCtx), body) });
    if (t.zeroBatch) {
      const field = columnsOf(type)[t.zeroBatch.field];
      if (!field) throw new Error(`${def.docType}.${action}: zeroBatch names no column ${t.zeroBatch.field}`);
      route(
        app,
        'POST',
        at(t.zeroBatch.path),
        {
          summary: `${what}: ${t.label[1]} every bill (${t.from.join(', ')}) of ${t.zeroBatch.field} 0 the user sees, each on its own`,
          perm: t.perm,
          body: z.strictObject({}).optional(),
          entity,
          idempotent: 'optional',
          response: billBatchResult,
        },
        async (c) => {
          const ids = await zeroBills(type, ctxOf(c), t.from, field);
          return batch(type, ctxOf(c), ids, (tx, id) => run({ ...ctxOf(c), tx }, { id }));
        },
      );
    }
  }
  for (const [field, a] of Object.entries(def.after ?? {})) {
    route(
      app,
      'POST',
      at(a.path),
      {
        summary: `${what}: change ${a.label[1]} after approval (logged)`,
        perm: a.perm,
        body: billChangeBody(a.value),
        entity,
        idempotent: 'optional',
        response: detail,
      },
      async (c) => {
        await changeField(type, ctxOf(c), field, c.body);
        return billDetail(type, ctxOf(c), c.body.id);
      },
    );
    if (a.batchPath)
      route(
        app,
        'POST',
        at(a.batchPath),
        {
          summary: `${what}: change ${a.label[1]} of several bills, each on its own`,
          perm: a.perm,
          body: billChangeBatchBody(a.value),
          entity,
          idempotent: 'optional',
          response: billBatchResult,
        },
        (c) =>
          batch(type, ctxOf(c), c.body.ids, (tx, id) =>
            changeField(type, { ...ctxOf(c), tx }, field, { id, value: c.body.value, memo: c.body.memo }),
          ),
      );
    if (a.log)
      route(
        app,
        'GET',
        a.log,
        {
          summary: `${what}: the changes of ${a.label[1]} of a bill (billId), oldest first`,
          perm: view,
          query: billFieldChangeQuery,
          response: z.array(billFieldChangeRow),
        },
        (c) => fieldChanges(type, ctxOf(c), field, c.query.billId),
      );
  }
  for (const [name, a] of Object.entries(def.actions ?? {})) {
    route(
      app,
      'POST',
      at(a.path),
      {
        summary: `${what}: ${a.label[1]} (logged)`,
        description: describe(a.path),
        perm: a.perm,
        body: billActionBody(a),
        entity,
        idempotent: 'optional',
        response: detail,
      },
      async (c) => {
        await runAction(type, ctxOf(c), name, c.body);
        return billDetail(type, ctxOf(c), c.body.id);
      },
    );
    if (a.batchPath)
      route(
        app,
        'POST',
        at(a.batchPath),
        {
          summary: `${what}: ${a.label[1]} several bills, each on its own`,
          perm: a.perm,
          body: billActionBatchBody(a),
          entity,
          idempotent: 'optional',
          response: billBatchResult,
        },
        (c) => {
          const { ids, ...body } = c.body as Row & { ids: number[] };
          return batch(type, ctxOf(c), ids, (tx, id) => runAction(type, { ...ctxOf(c), tx }, name, { ...body, id }));
        },
      );
  }
  if (def.paths.remove && def.paths.removeByGet)
    route(
      app,
      'GET',
      `${at(def.paths.remove)}/:id`,
      {
        summary: `${what}: delete a bill while ${def.editable.join(' or ')}`,
        description: "A GET that deletes: the seed's call.",
        perm: edit,
        params: idParam,
        entity,
        write: true,
        response: z.object({ id: z.number() }),
      },
      (c) => removeBill(type, ctxOf(c), { id: c.params.id }),
    );
  else if (def.paths.remove)
    route(
      app,
      'POST',
      at(def.paths.remove),
      {
        summary: `${what}: delete a bill while ${def.editable.join(' or ')}`,
        perm: edit,
        body: billRemoveBody,
        entity,
        response: z.object({ id: z.number() }),
      },
      (c) => removeBill(type, ctxOf(c), c.body),
    );
  if (def.paths.replaceLines)
    route(
      app,
      'POST',
      at(def.paths.replaceLines),
      {
        summary: `${what}: replace the lines of a bill while ${def.editable.join(' or ')}`,
        description: describe(def.paths.replaceLines),
        perm: edit,
        body: billLinesReplace(def),
        entity,
        idempotent: 'optional',
        response: detail,
      },
      async (c) => {
        const bill = await lockEditable(type, ctxOf(c), c.body.id, c.body.version);
        await replaceLines(type, ctxOf(c), bill.id, c.body.lines as Row[]);
        await touched(type, ctxOf(c), bill);
        return billDetail(type, ctxOf(c), bill.id);
      },
    );
  route(
    app,
    'GET',
    at(def.paths.detail),
    { summary: `${what}: one bill with lines, log and the user's actions`, perm: view, params: idParam, response: detail },
    (c) => billDetail(type, ctxOf(c), c.params.id),
  );
  const byNo = def.paths.detailByNo;
  if (byNo)
    route(
      app,
      'GET',
      at(byNo.path),
      {
        summary: `${what}: one bill by its number (${byNo.key}), as the detail by id answers it`,
        perm: view,
        query: z.object({ [byNo.key]: z.string().trim().min(1).max(40) }),
        response: detail,
      },
      async (c) => {
        const cols = columnsOf(type);
        const number = (c.query as Record<string, string>)[byNo.key];
        const [found] = await c.tx
          .select({ id: cols.id })
          .from(impl.table)
          .where(and(eq(cols.tenantId, c.auth.tenantId), eq(cols.billNo, number), impl.scope));
        // Another tenant's number, or none: 404, as the detail by id (which also hides other shops' bills).
        if (!found) throw notFound();
        return billDetail(type, ctxOf(c), found.id as number);
      },
    );
  const logByNo = def.paths.logByNo;
  if (logByNo)
    route(
      app,
      'GET',
      logByNo.path,
      {
        summary: `${what}: the status log of a bill by its number (${logByNo.key}), oldest first`,
        perm: view,
        query: z.object({ [logByNo.key]: z.string().trim().min(1).max(40) }),
        response: z.array(billLogRow),
      },
      async (c) => billLog(c.tx, doc, await idByNo(type, ctxOf(c), (c.query as Record<string, string>)[logByNo.key])),
    );
  if (def.settings) registerSettings(app, def, def.settings);
  if (def.paths.lines) registerLines(app, type, def.paths.lines);
  if ([...Object.values(def.headFields), ...Object.values(def.lineFields)].some((f) => f.kind === 'employee'))
    route(
      app,
      'GET',
      billEmployees(def.basePath).url,
      { summary: `${what}: the employees of the shops the user sees (a select)`, perm: view, response: z.array(billEmployee) },
      ({ tx, auth }) => employeeChoices.call(tx, auth),
    );
}

/** The bills in `from` whose `field` is 0 that the user sees, at most 500 a time, in id order. */
async function zeroBills(type: BillType, ctx: BillCtx, from: readonly string[], field: PgColumn) {
  const c = columnsOf(type);
  const rows = await ctx.tx
    .select({ id: c.id })
    .from(type.impl.table)
    .where(and(inArray(c.state, [...from]), eq(field, 0), type.impl.scope, billScope(type.doc, ctx.auth)))
    .orderBy(c.id)
    .limit(500);
  return rows.map((r) => r.id as number);
}

/** The id of the bill of that number the user sees: another tenant's, another shop's or none, 404. */
async function idByNo(type: BillType, ctx: BillCtx, billNo: string) {
  const c = columnsOf(type);
  const [found] = await ctx.tx
    .select({ id: c.id })
    .from(type.impl.table)
    .where(and(eq(c.billNo, billNo), type.impl.scope, billScope(type.doc, ctx.auth)));
  if (!found) throw notFound();
  return found.id as number;
}

/** A type's chain setting, or its initial value while never saved. */
export const billSetting = (tx: Db, def: BillDef) => getSetting(tx, def.docType, def.settings?.initial ?? {});

function registerSettings(app: FastifyInstance, def: BillDef, settings: BillSettingsDef) {
  const path = billSettingsPath(def);
  const summary = `${def.label[1]}: the chain's setting`;
  route(app, 'GET', path, { summary, perm: `${def.perm}.view`, response: settings.value }, ({ tx }) => billSetting(tx, def));
  route(
    app,
    'POST',
    path,
    { summary: `${summary}, saved`, perm: settings.perm ?? `${def.perm}.settings`, body: settings.value, response: settings.value },
    async ({ tx, auth, body }) => {
      await setSetting(tx, auth.tenantId, def.docType, body);
      return body;
    },
  );
}

/** The employees of the shops the user sees, for the engine's select of an `employee` field: org's, which holds them. */
export const employeeChoices = defineProvider<(tx: Db, auth: Auth) => Promise<z.input<typeof billEmployee>[]>>('employeeChoices');

function registerLines(app: FastifyInstance, type: BillType, paths: NonNullable<BillDef['paths']['lines']>) {
  const { def, impl } = type;
  const lines = impl.lines;
  const at = (relative: string) => `${paths.base}/${relative}`;
  const entity = paths.base.split('/').pop() ?? def.docType;
  definedEntityLabels.set(entity, [`${def.label[0]}明细`, `${def.label[1].toLowerCase()} lines`]);
  const answerSchema = billLinesAnswer(def.lineRow);
  const answer = async (tx: Db, billId: number) => {
    const c = columnsOf(type);
    const [bill] = (await tx.select({ version: c.version, state: c.state }).from(impl.table).where(eq(c.id, billId))) as BillRow[];
    return { billId, version: bill.version, state: bill.state, lines: await lines.of(tx, [billId]) };
  };
  route(
    app,
    'GET',
    at(paths.list),
    {
      summary: `${def.label[1]}: the lines of a bill (billId)`,
      perm: `${def.perm}.view`,
      query: billLinesQuery,
      response: z.array(def.lineRow),
    },
    async ({ tx, auth, query }) => lines.of(tx, [(await loadBill(tx, type.doc, query.billId, auth)).id]),
  );
  const save = lines.save ?? ((ctx: BillCtx, bill: BillRow, rows: Row[]) => saveLinesOneByOne(type, ctx, bill, rows));
  route(
    app,
    'POST',
    at(paths.save),
    {
      summary: `${def.label[1]}: add lines (no id) or change lines (id) of a bill that may still be edited`,
      description: "Answers the bill's lines and its new version.",
      perm: `${def.perm}.edit`,
      body: billLinesSave(def.line),
      entity,
      response: answerSchema,
    },
    async ({ tx, auth, lang, body }) => {
      const ctx = { tx, auth, lang };
      const bill = await lockEditable(type, ctx, body.billId, body.version);
      const keyOf = lines.billKey;
      const current = await tx
        .select({ id: getTableColumns(lines.table).id as PgColumn })
        .from(lines.table)
        .where(eq(keyOf, bill.id));
      for (const [i, line] of (body.lines as Row[]).entries())
        if (line.id !== undefined && !current.some((x) => x.id === line.id)) throw fieldError(`lines.${i}.id`, 'lineNotOnBill');
      await save(ctx, bill, body.lines as Row[]);
      await lines.changed?.(tx, bill.id);
      await touched(type, ctx, bill);
      return answer(tx, bill.id);
    },
  );
  route(
    app,
    'POST',
    at(paths.remove),
    {
      summary: `${def.label[1]}: delete lines (ids) of bills that may still be edited`,
      perm: `${def.perm}.edit`,
      body: billLinesDelete,
      entity,
      response: z.object({ deleted: z.number(), bills: z.array(answerSchema) }),
    },
    async ({ tx, auth, lang, body }) => {
      const ctx = { tx, auth, lang };
      const lineId = getTableColumns(lines.table).id as PgColumn;
      const c = columnsOf(type);
      const rows = (await tx
        .select({ id: lineId, billId: lines.billKey })
        .from(lines.table)
        .innerJoin(impl.table, and(eq(c.id, lines.billKey), impl.scope))
        .where(inArray(lineId, body.ids))) as { id: number; billId: number }[];
      if (rows.length !== new Set(body.ids).size) throw notFound();
      const billIds = [...new Set(rows.map((r) => r.billId))].sort((x, y) => x - y);
      if (body.version !== undefined && billIds.length > 1) throw fieldError('version', 'versionOneBill');
      const bills = [];
      for (const billId of billIds) {
        const bill = await lockEditable(type, ctx, billId, body.version);
        const mine = rows.filter((r) => r.billId === billId).map((r) => r.id);
        await tx.delete(lines.table).where(and(eq(lines.billKey, billId), inArray(lineId, mine)));
        await lines.changed?.(tx, billId);
        await touched(type, ctx, bill);
        bills.push(await answer(tx, billId));
      }
      return { deleted: rows.length, bills };
    },
  );
}
