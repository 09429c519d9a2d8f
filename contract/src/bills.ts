import { z } from 'zod';

// A bill type (单据) defined once: the server registers its routes and runs its transitions from this
// definition, the web renders its list, detail and form from it. A definition holds only data (no
// server code): the server adds the table, display joins and effects when it registers the type.

export type Label = readonly [zh: string, en: string];

/** antd tag colours used for states. */
export type StateColor = 'default' | 'blue' | 'green' | 'red' | 'orange' | 'cyan' | 'purple' | 'gold' | 'magenta';

export interface BillStateDef {
  label: Label;
  color: StateColor;
}

/** How a head or line field is shown and entered. */
export type BillFieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'money' // integer cents on the wire, yuan on screen
  | 'date'
  | 'datetime'
  | 'shop' // a shop the user sees
  | 'location' // a shop or the head-office warehouse (null)
  | 'product' // a catalogue product (line pickers)
  | 'select' // options from `options`
  | 'images';

/** Options of a select: fixed labels, or rows of a list/all route (`value`/`label` row fields). */
export type BillOptions = Readonly<Record<string, Label>> | { url: string; value: string; label: string; params?: Record<string, unknown> };

export interface BillFieldDef {
  label: Label;
  kind: BillFieldKind;
  /** A list column; `display` names the row field shown instead (shopId → shopName). */
  column?: { width?: number; display?: string; sortable?: boolean };
  /** Entered in the form (the save schema decides what is required). */
  form?: { span?: 8 | 12 | 16 | 24; placeholder?: Label };
  /** Shown in the detail's head (default: when it is a column or a form field). */
  detail?: boolean;
  options?: BillOptions;
}

export interface BillFilterDef {
  label: Label;
  kind: 'text' | 'dateRange' | 'state' | 'shop' | 'location' | 'product' | 'select';
  /** Query keys: one, or the two ends of a range (`dateFrom`, `dateTo`). */
  keys: readonly [string] | readonly [string, string];
  options?: BillOptions;
}

export interface BillTransitionDef<S extends string = string> {
  /** The verb: fills 「不能审核」 / "you cannot audit it" and the buttons. */
  label: Label;
  from: readonly S[];
  to: S;
  /** Permission key the user must hold. */
  perm: string;
  /** Seed path of the one-by-one call, relative to `basePath` (`audit`, `auditFhBill`). */
  path: string;
  /** Seed path of the batch call (`auditFhBilllBatch`): each bill in its own savepoint, per-bill results. */
  batchPath?: string;
  /** A bill waiting in a `from` state shows in the approvals inbox of users who may do this. */
  inbox?: boolean;
  memoRequired?: boolean;
  /** Approval by someone else: the bill's maker is refused (maker–checker). */
  notByMaker?: boolean;
  /** This transition undoes another one (cancel a review): the server reverses that one's effect. */
  undoes?: string;
  /** Offered only when the server's named condition holds for the bill (`zeroAmount`). */
  when?: string;
  /** Ask before doing it (revoke, cancel). */
  confirm?: boolean;
}

/** A field that stays editable after approval, with its own permission, logged in the bill log. */
export interface BillAfterFieldDef<S extends string = string> {
  label: Label;
  perm: string;
  /** States in which it may still be changed. */
  states: readonly S[];
  path: string;
  batchPath?: string;
  kind: BillFieldKind;
  options?: BillOptions;
}

/** The seed's paths of a type, relative to `basePath` ('' is the base path itself). */
export interface BillPaths {
  /** Paged list variants: the first is the web's. Each takes the type's filters. */
  list: readonly string[];
  /** Bounded list for pickers (`list/all`). */
  pick?: string;
  /** Save a draft (create without id, update with id): the first is the web's. */
  save: readonly string[];
  /** One bill with lines, log and the user's actions (`:id`). */
  detail: string;
  /** Delete a bill while in an editable state. */
  remove?: string;
  /** Export of the list with its current filters. */
  export?: string;
  /** Import from the Excel template (`saveSystem`). */
  import?: string;
  /** Line routes of types whose lines are edited one by one (`entryproducts/save`...). */
  lines?: { base: string; list: string; save: string; remove: string };
}

export interface BillDef<
  S extends string = string,
  Head extends z.ZodObject = z.ZodObject,
  Line extends z.ZodObject = z.ZodObject,
  Filters extends z.ZodRawShape = z.ZodRawShape,
  Row extends z.ZodObject = z.ZodObject,
  LineRow extends z.ZodObject = z.ZodObject,
> {
  docType: string;
  label: Label;
  /** Permission prefix: `<perm>.view` reads, `<perm>.edit` saves. */
  perm: string;
  basePath: string;
  /** The web's list page; a bill is `<webPath>/<id>`. */
  webPath: string;
  states: Readonly<Record<S, BillStateDef>>;
  initial: S;
  /** States in which the bill and its lines may still be changed (and deleted, where the type allows). */
  editable: readonly S[];
  transitions: Readonly<Record<string, BillTransitionDef<S>>>;
  after?: Readonly<Record<string, BillAfterFieldDef<S>>>;
  /** What a save sends: the head's fields and `lines`. */
  save: Head;
  /** One line as saved. */
  line: Line;
  /** List filters (query keys) and how the web shows them. */
  filters: Filters;
  filterFields: Readonly<Record<string, BillFilterDef>>;
  /** One row of the list (head and display fields, with its lines). */
  row: Row;
  lineRow: LineRow;
  /** How head and line fields are shown and entered, by field name. */
  headFields: Readonly<Record<string, BillFieldDef>>;
  lineFields: Readonly<Record<string, BillFieldDef>>;
  paths: BillPaths;
}

/** Declares a bill type; checks at compile time that transitions name declared states. */
export function defineBill<
  S extends string,
  Head extends z.ZodObject,
  Line extends z.ZodObject,
  Filters extends z.ZodRawShape,
  Row extends z.ZodObject,
  LineRow extends z.ZodObject,
>(def: BillDef<S, Head, Line, Filters, Row, LineRow>) {
  for (const [name, t] of Object.entries(def.transitions)) {
    if (t.undoes && !def.transitions[t.undoes]) throw new Error(`${def.docType}.${name} undoes an unknown transition ${t.undoes}`);
  }
  return def;
}

// ---- shapes every bill type shares ----

export const billVersion = z.number().int().positive().optional();

/** One-by-one transition: `{ id, version?, memo? }`. */
export const billTransitionBody = z.strictObject({
  id: z.number().int().positive(),
  version: billVersion,
  memo: z.string().trim().max(500).nullish(),
});

/** Batch transition: every bill in its own savepoint; the answer lists what was done and what failed. */
export const billBatchBody = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(200),
  memo: z.string().trim().max(500).nullish(),
});

export const billBatchResult = z.object({
  done: z.array(z.object({ id: z.number(), billNo: z.string().nullable(), state: z.string() })),
  failed: z.array(z.object({ id: z.number(), billNo: z.string().nullable(), code: z.number(), message: z.string() })),
});
export type BillBatchResult = z.infer<typeof billBatchResult>;

export const billLogRow = z.object({
  id: z.number(),
  action: z.string(),
  fromState: z.string().nullable(),
  toState: z.string(),
  memo: z.string().nullable(),
  /** After-approval field changes: the field, its old and new value. */
  change: z.object({ field: z.string(), from: z.unknown(), to: z.unknown() }).nullish(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  at: z.string(),
});
export type BillLog = z.infer<typeof billLogRow>;

/** What the detail adds to a row. */
export const billDetailExtra = z.object({
  log: z.array(billLogRow),
  /** Transitions the user may perform now. */
  actions: z.array(z.string()),
  /** After-approval fields the user may change now. */
  afterFields: z.array(z.string()).default([]),
  editable: z.boolean(),
});

/** The list row and detail types of a bill type, derived from its definition. */
export type BillRowOf<D extends BillDef> = z.infer<D['row']>;
export type BillLineRowOf<D extends BillDef> = z.infer<D['lineRow']>;
export type BillDetailOf<D extends BillDef> = BillRowOf<D> & z.infer<typeof billDetailExtra>;
export type BillSaveOf<D extends BillDef> = z.input<D['save']>;
export type BillStateOf<D extends BillDef> = D extends BillDef<infer S> ? S : never;

/** A state's label in a language. */
export const billStateLabel = (def: BillDef, state: string, lang: 'zh-CN' | 'en-US') =>
  (def.states as Record<string, BillStateDef>)[state]?.label[lang === 'en-US' ? 1 : 0] ?? state;

/** Full path of a type's seed call. */
export const billPath = (def: BillDef, relative: string) => (relative ? `${def.basePath}/${relative}` : def.basePath);

/** The labels of a type's states, by state. */
export const stateLabels = (states: Readonly<Record<string, BillStateDef>>): Record<string, Label> =>
  Object.fromEntries(Object.entries(states).map(([state, def]) => [state, def.label]));
