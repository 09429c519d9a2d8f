import { z } from 'zod';
import type { MaskedField } from './accounting.js';
import type { LockKind } from './locks.js';
import { date, id, type Label, listCode, pageQuery } from './platform.js';

// A bill type (单据) defined once: the server registers its routes and runs its transitions from this
// definition, the web renders its list, detail and form from it. A definition holds only data (no
// server code): the server adds the table, display joins and effects when it registers the type.

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
  | 'employee' // an employee of the shops the user sees: a select the engine serves (`billEmployees`)
  | 'member' // a member of the shops the user sees, found as the member pages find one (a mobile's last digits, a name)
  | 'image' // a picture's address: a thumbnail that opens; a line of pictures is added by uploading one
  | 'images';

/**
 * Options of a select: fixed labels, or rows of a list/all route (`value`/`label` row fields). On a
 * line, `lineParams` sends other fields of the same line (query parameter → line field): the options
 * are read once those are set (the reserve types that may pay the line's spending item).
 */
export type BillOptions =
  | Readonly<Record<string, Label>>
  | { url: string; value: string; label: string; params?: Record<string, unknown>; lineParams?: Record<string, string> };

/** The options of a yes-or-no select (a field stored as true or false: 指定 or not). */
export const yesNoOptions = { true: ['是', 'Yes'], false: ['否', 'No'] } as const satisfies BillOptions;

export interface BillFieldDef {
  label: Label;
  kind: BillFieldKind;
  /** A list column; `display` names the row field shown instead (shopId → shopName); `optional`: shown only when chosen. */
  column?: { width?: number; display?: string; sortable?: boolean; optional?: boolean };
  /** Entered in the form (the save schema decides what is required). */
  form?: { span?: 8 | 12 | 16 | 24; placeholder?: Label };
  /** Shown in the detail's head (default: when it is a column or a form field). */
  detail?: boolean;
  options?: BillOptions;
  /** What an empty value means, shown instead of a dash (no employee: 公单). */
  empty?: Label;
  /**
   * What a save (a head field) or a line (a line field) takes for it. A definition that gives no `save`
   * is made of these (and no `line`, of its line fields'); the row reads each back, and a `column.display`
   * of it is text (or null, when the value may be left out).
   */
  value?: z.ZodType;
  /** Entered only by this action of the type (its body), not by the save: customer service's finding at the approval. */
  by?: string;
  /**
   * Required only while other head fields hold one of their values here (转入卡 when 打款方式 is 退为卡金:
   * `{ tktype: [3] }`): the schema leaves it optional, the form asks for it and the server refuses its absence (400 naming both).
   */
  requiredWhen?: Readonly<Record<string, readonly (string | number)[]>>;
  /** The row's type of a field the server works out (an amount, a reason it was rejected): the row has it. */
  row?: z.ZodType;
  /** A mobile, ID card or bank account: masked in the workbook unless the data settings show it in full. */
  masked?: MaskedField;
}

/**
 * How the server matches a filter: `eq` the field is the value; `contains` one of the fields holds the
 * text (any case); `in` the field is one of the values (comma separated); `range` the two keys bound
 * the field (a timestamp by the company's days); `named` the server's condition of the filter's name.
 */
export type BillFilterMatch = 'eq' | 'contains' | 'in' | 'range' | 'named';

export interface BillFilterDef {
  label: Label;
  kind: 'text' | 'dateRange' | 'state' | 'shop' | 'location' | 'product' | 'select';
  /** Query keys: one, or the two ends of a range (`dateFrom`, `dateTo`). */
  keys: readonly [string] | readonly [string, string];
  options?: BillOptions;
  /** Default: `contains` for text, `range` for a date range, else `eq` (a shop the user may not see: 403). */
  match?: BillFilterMatch;
  /**
   * The head fields it looks at; default the key (a date range: the type's date field). `lines.<field>`
   * looks at the lines: the bills that have such a line.
   */
  fields?: readonly string[];
  /** Sent by the page itself (the tree beside the list), not shown in the filter bar. */
  hidden?: boolean;
  /** What a key takes, when not what the kind implies (an id, a date, a state, an option, up to 64 characters). */
  value?: z.ZodType;
  /** What the page starts with (a date range: this month so far), where a list of every day would be too much. */
  initial?: 'thisMonth';
  /** A date range spans at most this many days, both ends counted: the server refuses a longer one (400 on the second key). */
  maxDays?: number;
}

/**
 * A named action on a bill that changes no state (设置限额: a reviewed request becomes a spending
 * limit): its own right, the states it may be done in, what it takes besides `{ id, version? }`; logged.
 */
export interface BillActionDef<S extends string = string> {
  label: Label;
  /**
   * The words of its button and of the bill log, when the verb reads only with its object ("cancel the review of"
   * it): "Cancel review". Without it, the label is both.
   */
  button?: Label;
  perm: string;
  path: string;
  batchPath?: string;
  /** States in which it may be done (409 naming the state); none: the server's own checks decide. */
  states?: readonly S[];
  /** Fields of the body besides the bill's id and version (400 naming the field on bad input). */
  body?: z.ZodObject;
  /**
   * Head fields it changes too, as the save takes them: the body has their values, then those of the fields entered `by` it.
   * An action of fields alone needs no handler on the server: it sets them.
   */
  fields?: readonly string[];
  confirm?: boolean;
  /** The user gives a reason, sent as this field of the body (the seed's `hcMemo`), which requires it. */
  reason?: string;
  /**
   * Preset reasons offered beside the free text (录错项目, 顾客退单 …), sent by key in `field`: one of them
   * or the text is required, the text too after a preset of `textFor` (其他).
   */
  presets?: { field: string; options: Readonly<Record<string, Label>>; textFor?: readonly string[] };
  /**
   * A read route (relative to the base path, `GET ?id=`) answering `actionPreview`: what the action will
   * undo by itself and what people must then do by hand, said before it is confirmed.
   */
  preview?: string;
  /** Offered on the list's rows too, beside the bill's page (the records' 撤单). */
  onRows?: boolean;
}

/** One thing an action will do, or leave to people, as its preview says it. */
export const actionPreviewItem = z.object({
  what: z.tuple([z.string(), z.string()]).readonly(),
  /** What it concerns, as the records name it: a card number and shop, an item and count, a pay type. */
  detail: z.string(),
  /** Cents, where it moves money; null otherwise. */
  amount: z.number().nullable(),
});
export type ActionPreviewItem = z.infer<typeof actionPreviewItem>;
/** What an action on a bill will undo by itself, and what people must do by hand after it (refund a WeChat payment). */
export const actionPreview = z.object({ undone: z.array(actionPreviewItem), byHand: z.array(actionPreviewItem) });
export type ActionPreview = z.infer<typeof actionPreview>;

export interface BillTransitionDef<S extends string = string> {
  /** The verb: fills 「不能审核」 / "you cannot audit it" and the buttons. */
  label: Label;
  /**
   * The words of its button and of the bill log, when the verb reads only with its object ("cancel the review of"
   * it): "Cancel review". Without it, the label is both.
   */
  button?: Label;
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
  /**
   * The bill keeps who did it and when, as this step: `<signs>By`, `<signs>ByName`, `<signs>At` (those its
   * table has; the row's `billSigned`); the transition that undoes it clears them.
   */
  signs?: string;
  /** The bill keeps the memo in this column (why it was rejected), cleared when an edit reopens it. */
  keepsMemo?: string;
  /**
   * The step belongs to the department a head field names (审批部门: a select whose column displays its
   * name): only that department's users take it, or the holders of `every` (全部门审批, an action of the
   * type's menu); it waits in their inbox only, and the detail's `approval` (`billApproval`) says who may
   * and why the reader may not. A bill naming no department is anyone's who holds the step's right.
   */
  department?: { field: string; every: { perm: string; label: Label } };
  /**
   * Taken by whoever may take the step the bill waits for in its state (the inbox transition leaving it):
   * that step's right and department are asked as well (a rejection, by the approvers at approval, by
   * finance at review).
   */
  byWaitingStep?: boolean;
  /**
   * Also served at `path` (`POST {}`) for every bill in `from` whose head `field` is 0 that the user may
   * see: each moved on alone, as a batch (the refunds' 自动审批零元退卡单).
   */
  zeroBatch?: { path: string; field: string };
  /**
   * Also served under another resource's `basePath` (at `path`, and `batchPath` when it has one), where the body's
   * `id`/`ids` name the bills by the head reference `field`: each the latest bill naming it (a refund's id names its
   * return visit). The seed lists the visit's calls under the refunds' resource.
   */
  by?: { basePath: string; field: string };
}

/**
 * A step of a point-of-sale bill's own protocol (the till's open, settle, void…): run by its module, not
 * by the engine; its label names it in the bill log, its right says who hears of it.
 */
export interface BillStepDef<S extends string = string> {
  label: Label;
  from: readonly S[];
  to: S;
  /** The right the module's route asks for: whoever holds it hears the bill's changes. */
  perm: string;
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
  /** The new value as sent (`{ id, version?, value }`); the table has a column of the field's name. */
  value: z.ZodType;
  /** The seed's route listing a bill's changes of the field, oldest first (`GET ?billId=`, `billFieldChangeRow`): read from the bill log. */
  log?: string;
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
  /** The same detail by the bill's number, given as the query key `key` (`getCsadjBillForSaas?billcode=`). */
  detailByNo?: { path: string; key: string };
  /** A bill's status log by its number (query key `key`), oldest first: an absolute path, the seed's own resource (`cardtkstatuslog/list/all?billcode=`). */
  logByNo?: { path: string; key: string };
  /** Delete a bill while in an editable state (`POST {id, version?}`). */
  remove?: string;
  /** The delete is `GET <remove>/{id}` instead (the seed's `deleteBill/{id}`). */
  removeByGet?: boolean;
  /** Export of the list with its current filters: a workbook of the row's list columns. */
  export?: string;
  /** Import from the Excel template (`saveSystem`). */
  import?: string;
  /** Line routes of types whose lines are edited one by one (`entryproducts/save`...). */
  lines?: { base: string; list: string; save: string; remove: string };
  /** Replaces every line of a bill that may still be edited (`{ id, version?, lines }`), answered with the bill (a request's photos). */
  replaceLines?: string;
}

export interface BillDef<
  S extends string = string,
  Head extends z.ZodObject = z.ZodObject,
  Line extends z.ZodObject = z.ZodObject,
  Filters extends z.ZodRawShape = z.ZodRawShape,
  Row extends z.ZodObject = z.ZodObject,
  LineRow extends z.ZodObject = z.ZodObject,
  Transitions extends Readonly<Record<string, BillTransitionDef<S>>> = Readonly<Record<string, BillTransitionDef<S>>>,
  After extends Readonly<Record<string, BillAfterFieldDef<S>>> = Readonly<Record<string, BillAfterFieldDef<S>>>,
  Actions extends Readonly<Record<string, BillActionDef<S>>> = Readonly<Record<string, BillActionDef<S>>>,
  Detail extends z.ZodObject = z.ZodObject,
> {
  docType: string;
  label: Label;
  /** Permission prefix: `<perm>.view` reads, `<perm>.edit` saves. */
  perm: string;
  basePath: string;
  /** The web's list page; a bill is `<webPath>/<id>`. */
  webPath: string;
  states: Readonly<Record<S, BillStateDef>>;
  initial: NoInfer<S>;
  /** States in which the bill and its lines may still be changed (and deleted, where the type allows). */
  editable: readonly NoInfer<S>[];
  transitions: Transitions;
  after?: After;
  actions?: Actions;
  /** What a save sends: the head's fields and `lines`. */
  save: Head;
  /** One line as saved. */
  line: Line;
  /** List filters (query keys); `defineBill` derives them from `filterFields` when left out. */
  filters: Filters;
  filterFields: Readonly<Record<string, BillFilterDef>>;
  /** One row of the list (head and display fields, with its lines). */
  row: Row;
  lineRow: LineRow;
  /** One bill as its page reads it; default: the row with `billDetailExtra`. */
  detail?: Detail;
  /** How head and line fields are shown and entered, by field name. */
  headFields: Readonly<Record<string, BillFieldDef>>;
  lineFields: Readonly<Record<string, BillFieldDef>>;
  /** The form's button that adds a line (`addLineLabel` gives the default). */
  addLine?: Label;
  paths: BillPaths;
  /** The lock kinds that close this type's bills dated in a locked period (the one place a type says so). */
  locks?: readonly LockKind[];
  /** Head fields the list adds up over every matching bill (not only the page), answered as `sum` with their count. */
  sums?: readonly string[];
  /**
   * States whose bills count in no total (a revoked bill): `sum` leaves them out and gives their count
   * and sums apart, per state (`sum.apart.<state>`), for the list to show beside the totals.
   */
  sumsApart?: readonly string[];
  /** A point-of-sale type's own steps (`definePosBill`), by the action its bill log names. */
  steps?: Readonly<Record<string, BillStepDef>>;
  /** The chain's setting of the type (whether refunds need approval…). */
  settings?: BillSettingsDef;
}

/**
 * A chain's setting of a bill type, kept under the type's name (`tenant_settings`): read with the view
 * right and written with `perm` (default `<perm>.settings`) at `path` (default `settings`), `initial`
 * until first saved.
 */
export interface BillSettingsDef {
  value: z.ZodObject;
  initial: Readonly<Record<string, unknown>>;
  path?: string;
  perm?: string;
}

/**
 * A filter as declared: its definition, or `true` for the head field of the same name (its label, its
 * kind — a select, a shop, some text; `state` the states — and options, the field's name as the key).
 */
export type BillFilterInput = BillFilterDef | true;

/** The schema of one of an object schema's `lines` (an array, optional or with a default). */
type LineOf<T extends z.ZodObject> = T['shape'] extends { lines: infer L } ? ElementOf<L> : z.ZodObject;
type ElementOf<L> =
  L extends z.ZodArray<infer E extends z.ZodObject>
    ? E
    : L extends z.ZodOptional<infer I> | z.ZodDefault<infer I>
      ? ElementOf<I>
      : z.ZodObject;

/** An object schema's `lines`, optional or with a default, as the array they are. */
function linesOf(schema: z.ZodObject): z.ZodArray<z.ZodObject> | undefined {
  let lines = schema.shape.lines as z.ZodType | undefined;
  while (lines && ['optional', 'default'].includes(lines.def.type)) lines = (lines.def as unknown as { innerType: z.ZodType }).innerType;
  return lines as z.ZodArray<z.ZodObject> | undefined;
}

// biome-ignore lint/complexity/noBannedTypes: the type of no fields
type NoFields = {};
/** A row a definition derives: what every bill has, the save's fields, the type's own and the lines. */
type DerivedRow<
  S extends string,
  Head extends z.ZodObject,
  Signs extends string,
  Fields extends z.ZodRawShape,
  LineRow extends z.ZodObject,
> = ReturnType<
  typeof billRow<
    readonly S[],
    SavedShape<Head['shape']> & typeof billMade & ReturnType<typeof billSigned<Signs>> & Fields & { lines: z.ZodArray<LineRow> }
  >
>;
/** What a field takes: its `value`, or what its kind implies for a form field (`impliedValue`). */
type ValueOf<F> = F extends { value: infer V extends z.ZodType }
  ? V
  : F extends { form: object; kind: 'shop' | 'member' | 'employee' | 'product' }
    ? typeof id
    : F extends { form: object; kind: 'select'; options: infer O }
      ? O extends { url: string }
        ? never
        : keyof O extends `${number}` | number
          ? ReturnType<typeof listCode>
          : z.ZodEnum<{ [K in keyof O & string]: K }>
      : never;
/** The values of fields: those a save takes (`By` false) or those an action's body takes (entered `by` it). */
type ValuesOf<F, By extends boolean> = {
  -readonly [K in keyof F as [ValueOf<F[K]>] extends [never]
    ? never
    : (F[K] extends { by: string } ? true : false) extends By
      ? K
      : never]: ValueOf<F[K]>;
};
/** The row's fields that fields declare: those entered by an action, those the server works out (`row`), the names displayed for values. */
type FieldsRow<F> = SavedShape<ValuesOf<F, true>> & {
  -readonly [K in keyof F as F[K] extends { row: z.ZodType } ? K : never]: F[K] extends { row: infer R } ? R : never;
} & {
  -readonly [K in keyof F as F[K] extends { value: z.ZodType; column: { display: infer D extends string } }
    ? D
    : never]: null extends z.output<ValueOf<F[K]>> ? z.ZodNullable<z.ZodString> : z.ZodString;
};
type DerivedLine<LF> = ReturnType<typeof billLine<ValuesOf<LF, false>>>;
type DerivedSave<HF, Line extends z.ZodObject> = ReturnType<typeof billSave<ValuesOf<HF, false> & { lines: z.ZodArray<Line> }>>;

type Fields = Readonly<Record<string, BillFieldDef>>;
/**
 * What a field takes: its `value`; a form field without one, what its kind implies: a shop's, member's,
 * employee's or product's id; one key of a select's fixed list (codes 1…n as `listCode`).
 */
function impliedValue(f: BillFieldDef): z.ZodType | undefined {
  if (f.value || !f.form) return f.value;
  if (['shop', 'member', 'employee', 'product'].includes(f.kind)) return id;
  const keys = f.kind === 'select' && f.options && !('url' in f.options) ? Object.keys(f.options) : [];
  if (!keys.length) return undefined;
  if (keys.every((k, i) => k === String(i + 1))) return listCode(keys.length);
  return keys.every((k) => /^\d+$/.test(k))
    ? z.coerce
        .number()
        .int()
        .pipe(z.union(keys.map((k) => z.literal(Number(k))) as never))
    : z.enum(keys as [string, ...string[]]);
}
const valuesOf = (fields: Fields, by: boolean) =>
  Object.fromEntries(
    Object.entries(fields).flatMap(([k, f]) => {
      const value = impliedValue(f);
      return value && !!f.by === by ? [[k, value]] : [];
    }),
  );
/** The row's fields that fields declare (`FieldsRow`). */
function fieldsRow(fields: Fields): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = savedFields(z.object(valuesOf(fields, true)));
  for (const [k, f] of Object.entries(fields)) {
    if (f.row) shape[k] = f.row;
    if (f.value && f.column?.display)
      shape[f.column.display] = storedAs(f.value).def.type === 'nullable' ? z.string().nullable() : z.string();
  }
  return shape;
}
/** An action's body with the values of the head fields it names (`fields`) and of those entered `by` it. */
function actionBodies(actions: Readonly<Record<string, BillActionDef>>, fields: Fields) {
  return Object.fromEntries(
    Object.entries(actions).map(([name, a]) => {
      const own = Object.entries(fields).filter(([, f]) => f.by === name);
      if (!a.fields && !own.length) return [name, a];
      const named = (a.fields ?? []).map((k) => {
        const value = fields[k] && impliedValue(fields[k]);
        if (!value) throw new Error(`action ${name}: no head field ${k} that takes a value`);
        return [k, value];
      });
      const values = [...named, ...own.map(([k, f]) => [k, f.value])];
      return [name, { ...a, body: z.strictObject({ ...Object.fromEntries(values), ...a.body?.shape }) }];
    }),
  );
}

/** The steps a type's transitions sign as (`signs`). */
type SignsOf<T> = { [K in keyof T]: T[K] extends { signs: infer Step extends string } ? Step : never }[keyof T];
type DerivedLineRow<Line extends z.ZodObject, Fields extends z.ZodRawShape> = ReturnType<typeof savedLineRow<Line['shape'], Fields>>;
/** A detail a definition derives: the row, what every detail has and the type's own parts. */
type DerivedDetail<Row extends z.ZodObject, Fields extends z.ZodRawShape> = z.ZodObject<
  Omit<Row['shape'], keyof Fields> & (typeof billDetailExtra)['shape'] & Fields
>;

/**
 * Declares a bill type; checks at compile time that transitions name declared states. Filters given as
 * `true` are made from their head fields. What the rest of the definition says is not restated: the
 * permission prefix is the type's name, one line is what the save's `lines` hold and one line row what
 * the row's `lines` hold. A row may be left to the definition: every bill's fields, the save's read
 * back, who made it and when, who signed each step its transitions sign, the type's own (`rowFields`)
 * and the lines (their saved fields and `lineRowFields`); the detail likewise: the row, what every
 * detail has and the type's own parts (`detailFields`).
 */
export function defineBill<
  S extends string,
  const HF extends Fields,
  const LF extends Fields,
  Filters extends z.ZodRawShape,
  Transitions extends Readonly<Record<string, BillTransitionDef<S>>>,
  // No `after`: no after-approval fields (keyof {} is never).
  // biome-ignore lint/complexity/noBannedTypes: the type of an empty set of fields
  After extends Readonly<Record<string, BillAfterFieldDef<S>>> = {},
  // biome-ignore lint/complexity/noBannedTypes: the type of an empty set of actions
  Actions extends Readonly<Record<string, BillActionDef<NoInfer<S>>>> = {},
  Head extends z.ZodObject = DerivedSave<HF, DerivedLine<LF>>,
  Line extends z.ZodObject = LineOf<Head>,
  RowFields extends z.ZodRawShape = NoFields,
  LineRowFields extends z.ZodRawShape = NoFields,
  DetailFields extends z.ZodRawShape = NoFields,
  Row extends z.ZodObject = DerivedRow<
    S,
    Head,
    SignsOf<Transitions>,
    FieldsRow<HF> & RowFields,
    DerivedLineRow<Line, FieldsRow<LF> & LineRowFields>
  >,
  LineRow extends z.ZodObject = LineOf<Row>,
  Detail extends z.ZodObject = DerivedDetail<Row, DetailFields>,
>(
  declared: Omit<
    BillDef<S, Head, Line, Filters, Row, LineRow, Transitions, After, Actions, Detail>,
    'filters' | 'filterFields' | 'perm' | 'line' | 'row' | 'lineRow' | 'save' | 'headFields' | 'lineFields'
  > & {
    headFields: HF;
    lineFields: LF;
    /** What a save sends; none: the head fields' values with `lines` of the line fields' (`lineCount` of them, default 1–100). */
    save?: Head;
    lineCount?: readonly [min: number, max: number];
    filters?: Filters;
    filterFields: Readonly<Record<string, BillFilterInput>>;
    perm?: string;
    line?: Line;
    row?: Row;
    lineRow?: LineRow;
    rowFields?: RowFields;
    lineRowFields?: LineRowFields;
    detailFields?: DetailFields;
  },
): BillDef<S, Head, Line, Filters, Row, LineRow, Transitions, After, Actions, Detail> {
  const { rowFields, lineRowFields, detailFields, lineCount: [min, max] = [1, 100], ...rest } = declared;
  const filterFields = Object.fromEntries(
    Object.entries(declared.filterFields).map(([name, f]) => [name, f === true ? headFilter(declared, name) : f]),
  );
  const derived = declared.save ? undefined : billLine(valuesOf(declared.lineFields, false));
  const save =
    declared.save ??
    billSave({
      ...valuesOf(declared.headFields, false),
      lines: z
        .array(derived as z.ZodObject)
        .min(min)
        .max(max),
    });
  const line = declared.line ?? linesOf(save)?.element;
  if (!line) throw new Error(`${declared.docType}: no lines in the save, and no line given`);
  const row =
    declared.row ??
    billRow(Object.keys(declared.states), {
      ...savedFields(save),
      ...billMade,
      ...Object.assign({}, ...Object.values(declared.transitions).map((t) => (t.signs ? billSigned(t.signs) : {}))),
      ...fieldsRow(declared.headFields),
      ...rowFields,
      lines: z.array(savedLineRow(line, { ...fieldsRow(declared.lineFields), ...lineRowFields })),
    });
  const lineRow = declared.lineRow ?? linesOf(row)?.element;
  if (!lineRow) throw new Error(`${declared.docType}: no lines in the row, and no line row given`);
  const detail = declared.detail ?? (detailFields ? row.extend({ ...billDetailExtra.shape, ...detailFields }) : undefined);
  const withEmployees = (fields: Readonly<Record<string, BillFieldDef>>) =>
    Object.fromEntries(
      Object.entries(fields).map(([k, f]) => [k, f.kind === 'employee' ? { options: billEmployees(declared.basePath), ...f } : f]),
    );
  const def = {
    ...rest,
    save: save as Head,
    ...(declared.actions ? { actions: actionBodies(declared.actions, declared.headFields) as Actions } : {}),
    headFields: withEmployees(declared.headFields),
    lineFields: withEmployees(declared.lineFields),
    perm: declared.perm ?? declared.docType,
    line: line as Line,
    row: row as Row,
    lineRow: lineRow as LineRow,
    ...(detail ? { detail: detail as Detail } : {}),
    filterFields,
    filters: declared.filters ?? (filtersOf({ ...declared, filterFields }) as Filters),
  };
  for (const [name, t] of Object.entries(def.transitions)) {
    const undone = t.undoes ? def.transitions[t.undoes] : undefined;
    if (t.undoes && !undone) throw new Error(`${def.docType}.${name} undoes an unknown transition ${t.undoes}`);
    // An undo leads back: from the state the undone transition reached to one it started from.
    if (undone && (t.from.some((s) => s !== undone.to) || !undone.from.includes(t.to)))
      throw new Error(`${def.docType}.${name} does not lead back from ${t.undoes}`);
  }
  return def;
}

const headFilterKinds: Partial<Record<BillFieldKind, BillFilterDef['kind']>> = {
  text: 'text',
  textarea: 'text',
  select: 'select',
  shop: 'shop',
  location: 'location',
  product: 'product',
};

/** The filter of a head field: its label, kind and options under its own name. */
function headFilter(def: Pick<BillDef, 'docType' | 'headFields'>, name: string): BillFilterDef {
  const field = def.headFields[name];
  const kind = field && (name === 'state' ? 'state' : headFilterKinds[field.kind]);
  if (!kind) throw new Error(`${def.docType}: no head field ${name} to filter by`);
  return { label: field.label, kind, keys: [name], ...(field.options ? { options: field.options } : {}) };
}

/**
 * Declares a point-of-sale bill type: its life is its module's own protocol (the till's open → settle),
 * so it has no save, no draft and no transitions; its lists, export, detail with the bill log and its
 * actions (撤单) are served and shown from the definition as every bill's (server `platform/pos-documents.ts`).
 */
export function definePosBill<
  S extends string,
  Filters extends z.ZodRawShape,
  Row extends z.ZodObject,
  LineRow extends z.ZodObject,
  // biome-ignore lint/complexity/noBannedTypes: the type of an empty set of actions
  Actions extends Readonly<Record<string, BillActionDef<NoInfer<S>>>> = {},
  Detail extends z.ZodObject = z.ZodObject,
>(
  declared: Omit<
    BillDef<S, z.ZodObject, z.ZodObject, Filters, Row, LineRow, Record<never, never>, Record<never, never>, Actions, Detail>,
    'filters' | 'editable' | 'transitions' | 'save' | 'line' | 'paths'
  > & {
    filters?: Filters;
    paths: Omit<BillPaths, 'save' | 'remove' | 'removeByGet' | 'import' | 'lines'>;
    steps: Readonly<Record<string, BillStepDef<NoInfer<S>>>>;
  },
) {
  return defineBill<
    S,
    Fields,
    Fields,
    Filters,
    Record<never, never>,
    Record<never, never>,
    Actions,
    z.ZodObject,
    z.ZodObject,
    NoFields,
    NoFields,
    NoFields,
    Row,
    LineRow,
    Detail
  >({
    ...declared,
    editable: [],
    transitions: {},
    save: z.strictObject({}),
    line: z.strictObject({}),
    paths: { ...declared.paths, save: [] },
  });
}

/** The value a filter's key takes by its kind: a state, an option, an id, a day, some text. */
function filterValue(f: BillFilterDef, states: readonly string[]): z.ZodType {
  if (f.value) return f.value;
  if (f.match === 'in') return z.string().trim().max(200);
  switch (f.kind) {
    case 'state':
      return z.enum(states as [string, ...string[]]);
    case 'dateRange':
      return date;
    case 'text':
      return z.string().trim().max(64);
    case 'select': {
      const keys = f.options && !('url' in f.options) ? Object.keys(f.options) : [];
      if (keys.length && keys.some((k) => !/^\d+$/.test(k))) return z.enum(keys as [string, ...string[]]);
      return keys.length
        ? z.coerce
            .number()
            .int()
            .pipe(z.union(keys.map((k) => z.literal(Number(k))) as never))
        : id;
    }
    default:
      return id;
  }
}

/** A list's query: paging, sort and every key of the declared filters. */
function filtersOf(def: Pick<BillDef, 'filterFields' | 'states'>): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = { ...pageQuery.shape };
  for (const f of Object.values(def.filterFields))
    for (const key of f.keys) shape[key] = filterValue(f, Object.keys(def.states)).optional();
  return shape;
}

/**
 * The states and the one transition of a bill audited once (未审核 → 已审核), to spread into
 * `defineBill`: editable while a draft; the audit waits in the approvals inbox. `audited` is the
 * audited state's name as the type's table stores it; `path` the seed's audit call (`auditBill`).
 */
export function auditedOnce<A extends string>(o: { audited: A; perm: string; path?: string; batchPath?: string }) {
  const states = {
    draft: { label: ['未审核', 'Unaudited'], color: 'orange' },
    [o.audited]: { label: ['已审核', 'Audited'], color: 'green' },
  } as Readonly<Record<'draft' | A, BillStateDef>>;
  const audit: BillTransitionDef<'draft' | A> & { signs: 'audited' } = {
    label: ['审核', 'audit'],
    from: ['draft'],
    to: o.audited,
    perm: o.perm,
    path: o.path ?? 'auditBill',
    ...(o.batchPath ? { batchPath: o.batchPath } : {}),
    inbox: true,
    signs: 'audited',
  };
  return { states, initial: 'draft' as const, editable: ['draft' as const], transitions: { audit } };
}

/** The states of a bill submitted, then approved (未提交 → 已提交 → 已审批, or 已驳回 back to its maker). */
export const submitApproveStates = {
  draft: { label: ['未提交', 'Not submitted'], color: 'default' },
  submitted: { label: ['已提交', 'Submitted'], color: 'blue' },
  approved: { label: ['已审批', 'Approved'], color: 'green' },
  rejected: { label: ['已驳回', 'Rejected'], color: 'red' },
} as const satisfies Record<string, BillStateDef>;

/**
 * The states and transitions of a bill its maker submits and someone else approves (in the inbox),
 * rejects with a reason, or un-approves, to spread into `defineBill`: the rights `<perm>.edit` (submit)
 * and `<perm>.audit`, the seed's paths `submitBill`, `auditBillForChain`, `rejectBill`, `cancelAuditBillForChain`.
 */
export function submitThenApprove(perm: string) {
  type S = keyof typeof submitApproveStates;
  const audit = `${perm}.audit`;
  const transitions = {
    submit: { label: ['提交', 'submit'], from: ['draft', 'rejected'], to: 'submitted', perm: `${perm}.edit`, path: 'submitBill' },
    audit: {
      label: ['审批', 'approve'],
      from: ['submitted'],
      to: 'approved',
      perm: audit,
      path: 'auditBillForChain',
      inbox: true,
      notByMaker: true,
      signs: 'audited',
    },
    reject: { label: ['驳回', 'reject'], from: ['submitted'], to: 'rejected', perm: audit, path: 'rejectBill', memoRequired: true },
    cancelAudit: {
      label: ['取消审批', 'cancel the approval of'],
      button: ['取消审批', 'Cancel approval'],
      from: ['approved'],
      to: 'submitted',
      perm: audit,
      path: 'cancelAuditBillForChain',
      undoes: 'audit',
      confirm: true,
    },
  } as const satisfies Record<string, BillTransitionDef<S>>;
  return { states: submitApproveStates, initial: 'draft' as const, editable: ['draft', 'rejected'] as S[], transitions };
}

/** The states of a bill one team approves and another reviews (the refunds: customer service, then finance). */
export const approveReviewStates = {
  draft: { label: ['未提交', 'Not submitted'], color: 'default' },
  submitted: { label: ['已提交', 'Submitted'], color: 'blue' },
  approved: { label: ['客服已审批', 'Approved'], color: 'cyan' },
  reviewed: { label: ['财务已复核', 'Reviewed'], color: 'green' },
  rejected: { label: ['已驳回', 'Rejected'], color: 'red' },
  voided: { label: ['已作废', 'Voided'], color: 'default' },
} as const satisfies Record<string, BillStateDef>;

type ZeroBatch<Z> = Z extends string ? { zeroBatch: { path: string; field: string } } : NoFields;

/** Whether the values of other fields make a field required now (its `requiredWhen`). */
export function requiredByOthers(field: BillFieldDef, values: Readonly<Record<string, unknown>>) {
  const when = Object.entries(field.requiredWhen ?? {});
  return when.length > 0 && when.every(([key, among]) => among.includes(values[key] as string | number));
}

/** The trail of an `approveThenReview` bill in its detail: who approved it, who reviewed it, why it was last rejected. */
export const approveThenReviewTrail = {
  rejectMemo: { label: ['驳回原因', 'Reject reason'], kind: 'text', detail: true, row: z.string().nullable() },
  auditedByName: { label: ['审批人', 'Approved by'], kind: 'text', detail: true },
  reviewedByName: { label: ['复核人', 'Reviewed by'], kind: 'text', detail: true },
} as const satisfies Record<string, BillFieldDef>;

/**
 * The states and transitions of a bill its maker submits (or voids), one team approves (`<perm>.sp`, by
 * someone else) and another reviews (`<perm>.fh`), each waiting in the inbox; either rejects it back with
 * a reason, and the review may be cancelled (its effect reversed): to spread into `defineBill` (with the
 * type's `perm`). `paths`
 * are the seed's calls of the approval, its rejection, the review and its rejection; `zero`: the approval
 * and the review are also taken at once on every bill whose `field` is 0 (`zeroBatch`, at its paths).
 */
export function approveThenReview<Z extends string | undefined = undefined>(
  perm: string,
  paths: readonly [approve: string, reject: string, review: string, rejectFh: string],
  zero?: { field: Z; approve: string; review: string },
) {
  type S = keyof typeof approveReviewStates;
  const maker = { perm: `${perm}.edit`, from: ['draft', 'rejected'] } as const;
  const sp = { perm: `${perm}.sp`, from: ['submitted'] } as const;
  const fh = { perm: `${perm}.fh`, from: ['approved'] } as const;
  const batch = (path?: string) => (zero && path ? { zeroBatch: { path, field: zero.field } } : {}) as ZeroBatch<Z>;
  const transitions = {
    submit: { ...maker, label: ['提交', 'submit'], to: 'submitted', path: 'submitBill' },
    approve: {
      ...sp,
      label: ['审批', 'approve'],
      to: 'approved',
      path: paths[0],
      inbox: true,
      notByMaker: true,
      signs: 'audited',
    },
    reject: { ...sp, label: ['驳回', 'reject'], to: 'rejected', path: paths[1], memoRequired: true, keepsMemo: 'rejectMemo' },
    review: {
      ...fh,
      label: ['复核', 'review'],
      to: 'reviewed',
      path: paths[2],
      inbox: true,
      signs: 'reviewed',
    },
    rejectFh: {
      ...fh,
      label: ['复核驳回', 'reject at review'],
      to: 'rejected',
      path: paths[3],
      memoRequired: true,
      keepsMemo: 'rejectMemo',
    },
    cancelReview: {
      ...fh,
      from: ['reviewed'],
      label: ['取消复核', 'cancel the review of'],
      button: ['取消复核', 'Cancel review'],
      to: 'approved',
      path: 'cancelFhBill',
      undoes: 'review',
      confirm: true,
    },
    void: { ...maker, label: ['作废', 'void'], to: 'voided', path: 'voidBill', confirm: true },
  } as const satisfies Record<string, BillTransitionDef<S>>;
  const approve = { ...transitions.approve, ...batch(zero?.approve) };
  const review = { ...transitions.review, ...batch(zero?.review) };
  return {
    perm,
    states: approveReviewStates,
    initial: 'draft' as const,
    editable: ['draft', 'rejected'] as S[],
    transitions: { ...transitions, approve, review },
  };
}

// ---- shapes every bill type shares ----

export const billVersion = z.number().int().positive().optional();

/** What a save sends: `id` (none: a new bill) and `version` of the bill, with the type's fields. */
export const billSave = <F extends z.ZodRawShape>(fields: F) =>
  z.strictObject({ id: z.number().int().positive().optional(), version: billVersion, ...fields });
/** One line of a save: its `id` when it is already on the bill, with the type's fields. */
export const billLine = <F extends z.ZodRawShape>(fields: F) => z.strictObject({ id: z.number().int().positive().optional(), ...fields });

const notSaved = ['id', 'version', 'lines'] as const;
/** A field of a save as a row reads it back: its type, never left out (a bill keeps a value or null). */
type SavedField<F> = F extends z.ZodType ? z.ZodType<Exclude<z.output<F>, undefined>> : never;

/** The type a field is stored as: text, a number, a flag, or its own values (an enum, literals); null when it may be. */
function storedAs(field: z.ZodType): z.ZodType {
  let nullable = false;
  let inner = field;
  for (;;) {
    const def = inner.def as { type: string; innerType?: z.ZodType; out?: z.ZodType };
    if (def.type === 'nullable') nullable = true;
    const next = ['optional', 'nullable', 'default', 'prefault', 'readonly'].includes(def.type)
      ? def.innerType
      : def.type === 'pipe'
        ? def.out
        : undefined;
    if (!next) break;
    inner = next;
  }
  const type = inner.def.type;
  const base =
    type === 'string'
      ? z.string()
      : type === 'number'
        ? z.number()
        : type === 'boolean'
          ? z.boolean()
          : ['enum', 'literal', 'union'].includes(type)
            ? inner
            : z.unknown();
  return nullable ? base.nullable() : base;
}

/**
 * The fields of a save (or a line) as its row reads them back, but `id`, `version` and `lines`: the row
 * schema restates none of them (`billRow(states, { ...savedFields(save), shopName: z.string() })`).
 */
type SavedShape<Shape> = { [K in Exclude<keyof Shape, (typeof notSaved)[number]>]: SavedField<Shape[K]> };

export function savedFields<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>): SavedShape<Shape> {
  return Object.fromEntries(
    Object.entries(schema.shape)
      .filter(([key]) => !(notSaved as readonly string[]).includes(key))
      .map(([key, field]) => [key, storedAs(field as z.ZodType)]),
  ) as never;
}

/** A line row: its `id` and `billId`, the line's saved fields and the type's own (display fields, `sort`). */
export const savedLineRow = <L extends z.ZodRawShape, F extends z.ZodRawShape>(line: z.ZodObject<L>, fields: F) =>
  z.object({ id: z.number(), billId: z.number(), ...savedFields(line), ...fields });

/** A list row: what every bill has (`id`, `billNo`, `state`, maker, `version`, `updatedAt`) and the type's fields. */
export const billRow = <const S extends readonly string[], F extends z.ZodRawShape>(states: S, fields: F) =>
  z.object({
    id: z.number(),
    billNo: z.string(),
    state: z.enum(states),
    createdBy: z.number().nullable(),
    version: z.number(),
    updatedAt: z.union([z.string(), z.date()]).transform((v) => (typeof v === 'string' ? v : v.toISOString())),
    ...fields,
  });

/** One-by-one transition: `{ id, version?, memo? }`. */
export const billTransitionBody = z.strictObject({
  id: z.number().int().positive(),
  version: billVersion,
  memo: z.string().trim().max(500).nullish(),
});

/** A named action on one bill: `{ id, version?, memo?, ...its body }`. */
export const billActionBody = (action: BillActionDef) => z.strictObject({ ...billTransitionBody.shape, ...action.body?.shape });
/** The same action on several bills, each on its own: `{ ids, memo?, ...its body }`. */
export const billActionBatchBody = (action: BillActionDef) => billBatchBody.extend(action.body?.shape ?? {});

/** Deleting a bill while it may still be edited: `{ id, version? }`. */
export const billRemoveBody = z.strictObject({ id: z.number().int().positive(), version: billVersion });

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

/** An after-approval field change: `{ id, version?, value, memo? }`. */
export const billChangeBody = <V extends z.ZodType>(value: V) =>
  z.strictObject({ id: z.number().int().positive(), version: billVersion, value, memo: z.string().trim().max(500).nullish() });
/** The same change on several bills: `{ ids, value, memo? }`, answered like a batch transition. */
export const billChangeBatchBody = <V extends z.ZodType>(value: V) =>
  z.strictObject({ ids: billBatchBody.shape.ids, value, memo: z.string().trim().max(500).nullish() });

/** Every line of an editable bill replaced (`paths.replaceLines`): the save's lines as the save takes them, but required. */
export const billLinesReplace = (def: Pick<BillDef, 'save'>) =>
  z.strictObject({ id: z.number().int().positive(), version: billVersion, lines: linesOf(def.save) as z.ZodArray<z.ZodObject> });

/** Lines of a type whose lines are edited one by one: add (no id) or change (id) lines of an editable bill. */
export const billLinesSave = <L extends z.ZodObject>(line: L) =>
  z.strictObject({ billId: z.number().int().positive(), version: billVersion, lines: z.array(line).min(1).max(500) });
export const billLinesDelete = z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(500), version: billVersion });
export const billLinesQuery = z.object({ billId: z.coerce.number().int().positive() });
/** What a line save or delete answers per bill: its lines, new version and state. */
export const billLinesAnswer = <L extends z.ZodObject>(lineRow: L) =>
  z.object({ billId: z.number(), version: z.number(), state: z.string(), lines: z.array(lineRow) });

/** A page of a type's list. */
export const billPage = <R extends z.ZodObject>(row: R) =>
  z.object({
    list: z.array(row),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    totalCapped: z.literal(true).optional(),
    next: z.string().optional(),
  });

/**
 * The totals of a list that adds up fields (`sums`): the count and each field over every matching bill
 * that counts, and under `apart` the same for each state that counts in no total (`sumsApart`).
 */
export const billSums = <F extends string, A extends string = never>(sums: readonly F[], apart: readonly A[] = []) => {
  type Totals = z.ZodObject<{ count: z.ZodNumber } & Record<F, z.ZodNumber>>;
  const totals = z.object({ count: z.number(), ...Object.fromEntries(sums.map((field) => [field, z.number()])) }) as unknown as Totals;
  const apartOf = z.object(Object.fromEntries(apart.map((state) => [state, totals]))) as unknown as z.ZodObject<Record<A, Totals>>;
  return totals.extend({ apart: apartOf });
};

/** A page of a list that adds up fields (`sums`) over every matching bill: `sum` holds their totals and the count. */
export const billSumsPage = <R extends z.ZodObject, F extends string, A extends string = never>(
  row: R,
  sums: readonly F[],
  apart: readonly A[] = [],
) => billPage(row).extend({ sum: billSums(sums, apart) });

/** An employee of the shops the user sees, as the engine's select lists them (`billEmployees`). */
export const billEmployee = z.object({ id: z.number(), label: z.string(), shopId: z.number() });

/** The options of an `employee` field: the engine serves them under the type's base path. */
export const billEmployees = (basePath: string) => ({ url: `${basePath}/employees`, value: 'id', label: 'label' }) as const;

/** A timestamp: a Date on the server, an ISO string on the wire. */
export const instant = z.union([z.string(), z.date()]).transform((v) => (typeof v === 'string' ? v : v.toISOString()));

/** Who made a bill and when, as a row reads them (`createdBy` is every row's). */
export const billMade = { createdByName: z.string().nullable(), createdAt: instant };

/** The columns a signing step sets (the server's `signs`), as a row reads them: `<step>By`, `<step>ByName`, `<step>At`. */
export const billSigned = <S extends string>(step: S) =>
  ({ [`${step}By`]: z.number().nullable(), [`${step}ByName`]: z.string().nullable(), [`${step}At`]: instant.nullable() }) as {
    [K in `${S}By`]: z.ZodNullable<z.ZodNumber>;
  } & { [K in `${S}ByName`]: z.ZodNullable<z.ZodString> } & { [K in `${S}At`]: z.ZodNullable<typeof instant> };

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
  at: instant,
});
export type BillLog = z.infer<typeof billLogRow>;

/** A bill's changes of an after-approval field (`after.<field>.log`), as its bill log holds them. */
export const billFieldChangeQuery = z.object({ billId: z.coerce.number().int().positive() });
export const billFieldChangeRow = z.object({
  id: z.number(),
  billId: z.number(),
  from: z.unknown(),
  to: z.unknown(),
  memo: z.string().nullable(),
  username: z.string().nullable(),
  at: instant,
});

/**
 * Who takes a bill's department step (a transition's `department`): the department, the users who may
 * (its users holding the step's right and the holders of the right for every department, never a maker
 * the step refuses) and, while the bill waits for it, why the reader may not (null when they may).
 */
export const billApproval = z.object({
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  /** 姓名（用户名） of each user who may take it. */
  approvers: z.array(z.string()),
  blocked: z.string().nullable(),
});
export type BillApproval = z.infer<typeof billApproval>;

/** A line holding a picture (a receipt, a deposit slip): an uploaded file's address; and its row. */
export const billPhotoLine = z.strictObject({ id: id.optional(), url: z.string().trim().min(1).max(500) });
export const billPhotoRow = z.object({ id: z.number(), billId: z.number(), url: z.string() });

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
export type BillDetailOf<D extends BillDef> = BillRowOf<D> & z.infer<typeof billDetailExtra> & z.infer<NonNullable<D['detail']>>;
/** The detail schema of a type: its own, or the row with `billDetailExtra`. */
export const billDetailSchema = (def: BillDef): z.ZodObject => def.detail ?? def.row.extend(billDetailExtra.shape);
export type BillSaveOf<D extends BillDef> = z.input<D['save']>;
export type BillStateOf<D extends BillDef> = D extends BillDef<infer S> ? S : never;

/**
 * The form's add-line button: the type's own `addLine`, else what its lines hold: 添加产品 for product
 * lines, 添加照片 for pictures (the button uploads one), 添加明细 for any other line.
 */
export function addLineLabel(def: Pick<BillDef, 'addLine' | 'lineFields'>): Label {
  if (def.addLine) return def.addLine;
  const kinds = Object.values(def.lineFields)
    .filter((f) => f.form)
    .map((f) => f.kind);
  if (kinds.includes('product')) return ['添加产品', 'Add product'];
  if (kinds.includes('image')) return ['添加照片', 'Add photo'];
  return ['添加明细', 'Add line'];
}

/** A state's label in a language. */
export const billStateLabel = (def: BillDef, state: string, lang: 'zh-CN' | 'en-US') =>
  (def.states as Record<string, BillStateDef>)[state]?.label[lang === 'en-US' ? 1 : 0] ?? state;

/** Full path of a type's seed call. */
export const billPath = (def: BillDef, relative: string) => (relative ? `${def.basePath}/${relative}` : def.basePath);
/** Where a type's chain setting is read and written. */
export const billSettingsPath = (def: BillDef) => billPath(def, def.settings?.path ?? 'settings');

/** The labels of a type's states, by state. */
export const stateLabels = (states: Readonly<Record<string, BillStateDef>>): Record<string, Label> =>
  Object.fromEntries(Object.entries(states).map(([state, def]) => [state, def.label]));

// ---- a type's bills counted by shop, in the region tree ----

/** `dateFrom`/`dateTo`: the business dates counted. */
export const billTreeQuery = z.object({ dateFrom: date.optional(), dateTo: date.optional() });

/** Bills counted by state, with their `total`. */
export type BillStateCounts<S extends string = string> = Record<S | 'total', number>;

export interface BillTreeNode<S extends string = string> {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
  counts: BillStateCounts<S>;
  shops: { id: number; code: string; name: string; counts: BillStateCounts<S> }[];
  children: BillTreeNode<S>[];
}

/** A region of a type's tree: its shops and sub-regions, each with the type's bills counted by state. */
export function billTreeNode<S extends string>(states: Readonly<Record<S, BillStateDef>>): z.ZodType<BillTreeNode<S>> {
  const counts = z.record(z.enum(['total', ...Object.keys(states)] as [string, ...string[]]), z.number());
  const node: z.ZodType<BillTreeNode<S>> = z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    parentId: z.number().nullable(),
    counts,
    shops: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), counts })),
    get children() {
      return z.array(node);
    },
  }) as never;
  return node;
}
