import { z } from 'zod';
import type { MaskedField } from './accounting.js';
import { shopListPath } from './org.js';
import type { Label } from './platform.js';
import { code, memo, name, pageQuery, status } from './platform.js';

// A record type (a dictionary-like entity: regions, positions, stock reasons...) is defined once,
// here: its paths, labels, permission, fields (validation, labels, how the web shows them), list
// filters and the seed verbs it serves. The server registers its routes from the definition
// (platform/records.ts) and the web renders it with one generic page (platform/RecordPage.tsx).

/** A label in both languages: [zh-CN, en-US]. */

/** How the web shows a field (the names of the web's field types). */
export type RecordFieldType =
  | 'text'
  | 'textarea'
  | 'number'
  | 'money'
  | 'percent'
  | 'select'
  | 'status'
  | 'date'
  | 'datetime'
  | 'time'
  | 'image';

export interface RecordOption {
  value: string | number;
  label: Label;
  /** Tag colour in the table. */
  color?: string;
}

export interface RecordField<S extends z.ZodType = z.ZodType> {
  /** Validates the field on save (and its values in an import). */
  schema: S;
  label: Label;
  type?: RecordFieldType;
  /** The choices of a `select` field. */
  options?: readonly RecordOption[];
  /** A `select` field that picks an entry of another record type: its `list/all` path. */
  pick?: { path: string; label?: string };
  /** A `select` of several values (the field is an array). */
  multiple?: true;
  /** Row key that holds the picked entry's name (filled by the server's decoration). */
  display?: string;
  /** false: not a table column; `optional`: a column shown only when chosen in the list's column chooser. */
  table?: false | { width?: number; sortable?: boolean; optional?: boolean };
  /** false: not in the form (and not saved). */
  form?:
    | false
    | {
        required?: boolean;
        help?: Label;
        min?: number;
        max?: number;
        maxLength?: number;
        initial?: unknown;
        /** Set on creation only. */
        disabledOnEdit?: boolean;
        /** 24: the whole width of the form. */
        span?: 12 | 24;
      };
  /** Filled by the server (a linked record's name): no column, never saved. */
  computed?: true;
  /** A mobile, ID card or bank account: masked in the workbook unless the data settings show it in full. */
  masked?: MaskedField;
}

/** A list filter: the query key's value narrows the list by one column (or a condition of the module). */
export type RecordFilter<K extends string = string> =
  | { op: 'eq'; column: K; schema: z.ZodType }
  | { op: 'contains'; columns: readonly K[]; label?: Label }
  | { op: 'in'; column: K; schema: z.ZodType }
  | { op: 'range'; column: K; schema: z.ZodType; params: readonly [from: string, to: string] }
  | { op: 'named'; schema: z.ZodType; label: Label; type?: RecordFieldType; options?: readonly RecordOption[] };

/** The filter kinds, typed by the record's field keys. */
export const filter = {
  eq: <const K extends string>(column: K, schema: z.ZodType) => ({ op: 'eq' as const, column, schema }),
  contains: <const K extends string>(...columns: K[]) => ({ op: 'contains' as const, columns }),
  /** A comma-separated list of values (`ids=1,2,3`). */
  in: <const K extends string>(column: K, item: z.ZodType) => ({
    op: 'in' as const,
    column,
    schema: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).min(1).max(1000)),
  }),
  range: <const K extends string>(column: K, schema: z.ZodType, params: readonly [string, string]) => ({
    op: 'range' as const,
    column,
    schema,
    params,
  }),
  /** A condition the server module supplies (`conditions` in its registration). */
  named: (schema: z.ZodType, label: Label, view: { type?: RecordFieldType; options?: readonly RecordOption[] } = {}) => ({
    op: 'named' as const,
    schema,
    label,
    ...view,
  }),
};

/**
 * The seed's verbs a record type may serve (each type lists its own):
 * `list` paged list · `listBypage` the same under the seed's other name · `list/all` enabled entries for
 * pickers · `list/allNoid` the same without ids · `get` one entry (`GET {id}`) · `getMaxId` largest id and
 * next code · `getMaxOrder` largest sort order · `getNextCode` next free code (a string) · `getCode` the
 * same under another name · `save` create or update · `rootList`/`rootSave` list and save at the base
 * path · `saveSystem` import from the Excel template · `delete` (409 while used) · `updateStatus`
 * enable/disable one or many · `export` Excel of the filtered list · `checkColname` is this value of
 * this column free.
 */
export const recordVerbs = [
  'list',
  'listBypage',
  'list/all',
  'list/allNoid',
  'get',
  'getMaxId',
  'getMaxOrder',
  'getNextCode',
  'getCode',
  'save',
  'rootList',
  'rootSave',
  'saveSystem',
  'delete',
  'updateStatus',
  'export',
  'checkColname',
] as const;
export type RecordVerb = (typeof recordVerbs)[number];

/** The verbs of the generic dictionary pattern (what most dictionaries of the seed serve). */
export const dictionaryVerbs = [
  'list',
  'list/all',
  'get',
  'getMaxId',
  'save',
  'delete',
  'updateStatus',
  'export',
] as const satisfies readonly RecordVerb[];

/** A named check (`checkBankno`-like): the value's format (the field's schema) and that no other entry has it. */
export interface RecordCheck<K extends string = string> {
  field: K;
  /** The query/body key of the value (default: the field key). */
  param?: string;
}

export interface RecordSpec<F extends Record<string, RecordField>, Q extends Record<string, RecordFilter<Extract<keyof F, string>>>> {
  /** Names the entity in audit rows and caches. */
  resource: string;
  basePath: string;
  label: Label;
  /** Permission prefix: `<perm>.view` reads, `<perm>.edit` writes. */
  perm: string;
  /** Prefix of suggested codes (getMaxId, getNextCode). */
  codePrefix: string;
  /** The web page (menu URL) that shows it with the generic record page. */
  page?: string;
  fields: F;
  filters: Q;
  verbs: readonly RecordVerb[];
  /** Named checks by verb, e.g. `{ checkBankno: { field: 'bankno' } }`. */
  checks?: Record<string, RecordCheck<Extract<keyof F, string>>>;
  /** Rows marked deleted (`isDel`) instead of removed. */
  softDelete?: boolean;
  /** Default list order (`sort=` syntax). */
  defaultSort?: string;
  /** Shown as a tree by `parentId` on the web. */
  tree?: boolean;
  /** The seed's own names of some verbs' paths (`{ list: 'search', save: 'add', updateStatus: 'changeStatus' }`). */
  pathNames?: Partial<Record<'list' | 'save' | 'updateStatus', string>>;
}

type Stored<F> = { [K in keyof F]: F[K] extends { computed: true } ? never : F[K] extends { form: false } ? never : K }[keyof F];
type SaveShape<F extends Record<string, RecordField>> = { [K in Stored<F>]: F[K]['schema'] };
type RowShape<F extends Record<string, RecordField>> = { [K in keyof F]: F[K]['schema'] };
type FilterShape<Q extends Record<string, RecordFilter>> = {
  [K in keyof Q as Q[K] extends { op: 'range' } ? never : K]: Q[K] extends { op: 'contains' }
    ? z.ZodOptional<z.ZodString>
    : Q[K] extends { schema: infer S extends z.ZodType }
      ? z.ZodOptional<S>
      : never;
};

const rowBase = { id: z.number(), version: z.number(), createdAt: z.string(), updatedAt: z.string() };

export const listQueryBase = pageQuery;

function definePaths(basePath: string, names: RecordSpec<never, never>['pathNames'] = {}) {
  const B = basePath;
  return {
    list: `${B}/${names.list ?? 'list'}`,
    listBypage: `${B}/listBypage`,
    all: `${B}/list/all`,
    allNoid: `${B}/list/allNoid`,
    one: (id: number) => `${B}/${id}`,
    maxId: `${B}/getMaxId`,
    maxOrder: `${B}/getMaxOrder`,
    nextCode: `${B}/getNextCode`,
    getCode: `${B}/getCode`,
    save: `${B}/${names.save ?? 'save'}`,
    saveSystem: `${B}/saveSystem`,
    template: `${B}/excelTemplate`,
    updateStatus: `${B}/${names.updateStatus ?? 'updateStatus'}`,
    export: `${B}/export`,
    checkColname: `${B}/checkColname`,
    check: (verb: string) => `${B}/${verb}`,
  };
}

/** A value of one column and the entry it may belong to (`checkColname`). */
export const checkColnameQuery = z.object({
  colname: z.string().min(1).max(64),
  value: z.string().max(300),
  id: z.coerce.number().int().positive().optional(),
});
export const checkAnswer = z.object({ free: z.boolean() });

/**
 * An entry of a picker (a record type's `list/all`, a package or shop list): its id, code and name,
 * what a select shows. Read with it, the row's other fields are left out.
 */
export const recordPick = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type RecordPick = z.output<typeof recordPick>;
/** An entry of a picker by its id and name. */
export const namePick = z.object({ id: z.number(), name: z.string() });
export type NamePick = z.output<typeof namePick>;
/** What a picker path answers: a `list/all` array, or a page whose `list` holds the entries. */
export const namePicks = z.union([z.array(namePick), z.object({ list: z.array(namePick) })]);

/** Defines a record type: the spec plus what both sides derive from it (schemas, paths). */
export function defineRecord<
  const F extends Record<string, RecordField>,
  const Q extends Record<string, RecordFilter<Extract<keyof F, string>>>,
>(spec: RecordSpec<F, Q>) {
  const saved = Object.fromEntries(Object.entries(spec.fields).filter(([, f]) => !f.computed && f.form !== false)) as unknown as Record<
    Stored<F>,
    RecordField
  >;
  const saveShape = Object.fromEntries(Object.entries(saved).map(([k, f]) => [k, (f as RecordField).schema])) as SaveShape<F>;
  const rowShape = Object.fromEntries(Object.entries(spec.fields).map(([k, f]) => [k, f.schema])) as RowShape<F>;
  const filterShape: Record<string, z.ZodType> = {};
  for (const [key, f] of Object.entries(spec.filters as Record<string, RecordFilter>)) {
    if (f.op === 'range') for (const p of f.params) filterShape[p] = f.schema.optional();
    else if (f.op === 'contains') filterShape[key] = z.string().trim().max(64).optional();
    else filterShape[key] = f.schema.optional();
  }
  /** `list/all` narrows by the equality filters only (e.g. `direction=1`). */
  const allShape = Object.fromEntries(
    Object.entries(spec.filters as Record<string, RecordFilter>).flatMap(([k, f]) => (f.op === 'eq' ? [[k, f.schema.optional()]] : [])),
  );
  return {
    ...spec,
    paths: definePaths(spec.basePath, spec.pathNames),
    /** The body of `save`: no id creates, an id (and the version read) updates. */
    save: z.strictObject({
      id: z.number().int().positive().optional(),
      version: z.number().int().positive().optional(),
      ...saveShape,
    }),
    /** A row as the API answers it. */
    row: z.object({ ...rowBase, ...rowShape }),
    listQuery: pageQuery.extend(filterShape as FilterShape<Q>),
    allQuery: z.object(allShape),
    serves: (verb: RecordVerb) => spec.verbs.includes(verb),
  };
}

type AnyObject = z.ZodObject<z.core.$ZodLooseShape, z.core.$ZodObjectConfig>;

/** Any defined record type (what the server's registration and the web's page take). */
export interface RecordDef extends RecordSpec<Record<string, RecordField>, Record<string, RecordFilter>> {
  paths: ReturnType<typeof definePaths>;
  save: AnyObject;
  row: AnyObject;
  listQuery: AnyObject;
  allQuery: AnyObject;
  serves: (verb: RecordVerb) => boolean;
}
/** A row of a record type, as the API answers it. */
export type RecordRow<D extends { row: z.ZodType }> = z.output<D['row']>;

// ---- the fields every dictionary shares ----

const enabledOptions: readonly RecordOption[] = [
  { value: 1, label: ['启用', 'Enabled'], color: 'green' },
  { value: 0, label: ['停用', 'Disabled'], color: 'default' },
];

/** Code, name, sort, status, memo and the update time: the fields of every dictionary, around its own. */
export function dictionaryRecordFields<const X extends Record<string, RecordField> = Record<never, RecordField>>(extra: X = {} as X) {
  return {
    code: {
      schema: code,
      label: ['编码', 'Code'],
      table: { width: 120, sortable: true },
      form: { required: true, maxLength: 32 },
    },
    name: {
      schema: name,
      label: ['名称', 'Name'],
      table: { width: 180, sortable: true },
      form: { required: true, maxLength: 64 },
    },
    ...extra,
    sort: {
      schema: z.number().int().min(0).max(99999).default(0),
      label: ['排序', 'Sort'],
      type: 'number',
      table: { width: 90, sortable: true },
      form: { initial: 0, min: 0, max: 99999 },
    },
    status: {
      schema: status.default(1),
      label: ['状态', 'Status'],
      type: 'status',
      options: enabledOptions,
      table: { width: 100 },
      form: { initial: 1 },
    },
    memo: { schema: memo, label: ['备注', 'Memo'], type: 'textarea', table: { width: 220 }, form: { maxLength: 500 } },
    updatedAt: { schema: z.string(), label: ['更新时间', 'Updated'], type: 'datetime', table: { width: 150, sortable: true }, form: false },
  } as const satisfies Record<string, RecordField>;
}

/** A record's shop, picked from the chain's shops and listed by name (`form`: what the form asks of it). */
export function shopRecordFields(width: number, form: Exclude<RecordField['form'], false | undefined> = { required: true }) {
  return {
    shopId: {
      schema: z.number().int().positive(),
      label: ['门店', 'Shop'],
      type: 'select',
      pick: { path: shopListPath },
      display: 'shopName',
      table: { width },
      form,
    },
    shopName: { schema: z.string().nullish(), label: ['门店', 'Shop'], computed: true, table: false, form: false },
  } as const satisfies Record<string, RecordField>;
}

/** The filters of every dictionary: a keyword over code and name, and the status. */
export const dictionaryFilters = {
  keyword: filter.contains('code', 'name'),
  status: filter.eq('status', z.coerce.number().int().min(0).max(1)),
} as const;

/** An optional reference to another entry (a parent, a position). */
export const optionalRef = z.number().int().positive().nullish();
