import type { LockKind } from '@headoffice/contract';
import { and, asc, eq, getTableColumns, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { type AccountingSpec, queueForAccounting } from './accounting-outbox.js';
import { type Auth, can, visibleShops } from './auth.js';
import { AppError, conflict, forbidden, notFound } from './errors.js';
import { emit } from './events.js';
import { defineLabelResolver, defineMessages, type Lang } from './i18n.js';
import { nextNumber } from './numbering.js';
import { checkLocks, coverWithLocks } from './period-locks.js';
import { billLogs } from './schema.js';

defineMessages({
  transitionNotAllowed: ['单据当前状态为「{state}」，不能{action}', 'The bill is "{state}"; you cannot {action} it'],
  memoRequired: ['请填写{action}原因', 'Please give a reason to {action}'],
  readOnlyBill: [
    '单据当前状态为「{state}」，不能修改；请通过撤销或新单据更正',
    'The bill is "{state}" and cannot be changed; revoke it or make a new bill',
  ],
  notByMaker: ['制单人不能{action}自己的单据，请由其他人{action}', 'The maker of a bill cannot {action} it; someone else must'],
  conditionNotMet: ['这张单据现在不能{action}', 'This bill cannot be {action}ed now'],
});

export type Label = readonly [string, string];
export type BillRow = { id: number; state: string; version: number; shopId: number | null } & Record<string, unknown>;

export interface TransitionContext {
  auth: Auth;
  /** The language of the request: of the names a refusal's message holds. */
  lang: Lang;
  memo?: string | null;
  doc: DocumentType;
  /** The transition runs as a consequence of another one (the other side of a transfer): no cascades. */
  internal: boolean;
}

export interface Transition {
  action: string;
  /** The verb, e.g. ['审核', 'audit']: fills «不能审核» / «you cannot audit it» and the web's buttons. */
  label: Label;
  from: string[];
  to: string;
  /** Permission key the user must hold. */
  perm: string;
  /** A bill waiting in a `from` state shows in the approvals inbox of users who may do this. */
  inbox?: boolean;
  memoRequired?: boolean;
  /** The bill's maker may not do it (maker–checker): 403. */
  notByMaker?: boolean;
  /**
   * Offered and allowed only when this holds for the bill: `true`, or else `false` (409 naming the
   * action) or the refusal itself. Not asked when the system acts (`internal`).
   */
  when?: (tx: Db, bill: BillRow) => Promise<boolean | AppError> | boolean | AppError;
  /**
   * What the transition does besides changing state (post stock, create bills...); may answer more
   * columns to set. An undo transition's effect reverses the effect of the one it undoes.
   */
  effect?: Effect;
}

// An effect that sets no more columns answers nothing.
export type Effect = (tx: Db, bill: BillRow, ctx: TransitionContext) => Promise<Record<string, unknown> | undefined> | Promise<void>;

/** What a guard is asked about: the bill as it is (or as a save leaves it) and what is being done. */
export interface GuardTarget {
  doc: DocumentType;
  bill: BillRow;
  /** `save`, a transition's action, or `change:<field>` (after approval). */
  operation: string;
}

/**
 * A check that runs before every save, transition and after-approval change of the types it names
 * (a closed accounting period, say); it refuses by throwing.
 */
export interface BillGuard {
  name: string;
  docTypes: readonly string[];
  check: (tx: Db, auth: Auth, target: GuardTarget) => Promise<void>;
}

/**
 * One definition per document type: its table, states, transitions and number series. Every change
 * of state goes through `transition()`, the only write path after saving a draft.
 */
export interface DocumentType {
  docType: string;
  label: Label;
  table: PgTable;
  /** Narrows a table several types share (stock entries and outs), e.g. `type = '1'`. */
  scope?: SQL;
  states: Record<string, Label>;
  initial: string;
  /** States in which the bill may still be edited and its lines changed. */
  editable: string[];
  /** Field of the business date (the period a guard such as the period lock looks at). */
  dateField?: string;
  /** The lock kinds that close this type's bills dated in a locked period (contract LOCK_KINDS). */
  locks?: readonly LockKind[];
  transitions: Transition[];
  /** Web route of a bill, for the inbox. */
  link: (id: number) => string;
  /** Prefix of the bill numbers (`RK` → RK20261121-0001); types whose prefix is a setting leave it out. */
  numberPrefix?: string;
  /**
   * Bills without a shop belong to head office (the stock warehouse): users whose shops are limited
   * see them only when they hold this permission. Without it, only unrestricted users see them.
   */
  headOfficePerm?: string;
  /** Permission to see a bill of this type; `<docType>.view` when not given. */
  viewPerm?: string;
  /** Display fields of inbox items (shop name, totals...), one object per row, in order. */
  summarize?: (tx: Db, rows: BillRow[], lang: Lang) => Promise<Record<string, unknown>[]>;
  /**
   * Locks, in a fixed order, the rows of the bills that change together with this one (the two
   * sides of a transfer) before the bill itself is locked, so that two transitions started from
   * either side queue up instead of deadlocking.
   */
  lockGroup?: (tx: Db, id: number) => Promise<void>;
  /** Narrows the bills waiting in a user's inbox for a transition (requests of the approver's own department). */
  inboxFilter?: (tx: Db, auth: Auth, action: string) => Promise<SQL | undefined>;
  /** The steps queued for the accounting system (a money bill's settle or review, and their reversals). */
  accounting?: AccountingSpec;
}

/** Every type the code defines (labels of messages, links): types are plain data apart from their effects. */
const registry = new Map<string, DocumentType>();
const guards: BillGuard[] = [];

// `@<docType>:<state>` and `@<docType>!<action>` in message params name a state or an action.
defineLabelResolver((key, lang) => {
  const match = /^([\w.]+)([:!])(\w+)$/.exec(key);
  const doc = match ? registry.get(match[1]) : undefined;
  if (!doc || !match) return undefined;
  const pair = match[2] === ':' ? doc.states[match[3]] : doc.transitions.find((t) => t.action === match[3])?.label;
  return pair?.[lang === 'en-US' ? 1 : 0];
});

export function registerDocumentType(doc: DocumentType) {
  registry.set(doc.docType, doc);
  if (doc.locks) coverWithLocks(doc.docType, doc.locks);
  return doc;
}

export const documentType = (docType: string) => registry.get(docType);

/** Adds a guard; it runs for the types it names. */
export function registerGuard(guard: BillGuard) {
  guards.push(guard);
  return guard;
}

/** Runs the lock check (period locks of the kinds covering the type), then the guards of the bill's type; the first that refuses throws. */
export async function runGuards(tx: Db, auth: Auth, target: GuardTarget) {
  await checkLocks(tx, target);
  for (const guard of guards) if (guard.docTypes.includes(target.doc.docType)) await guard.check(tx, auth, target);
}

/**
 * The types an app serves (its inbox lists them). Kept per app: a type registered by one app (a
 * test's example type over its own table) is not asked about by another one in the same process.
 */
const served = new WeakMap<object, Map<string, DocumentType>>();
export function servedDocuments(app: object): Map<string, DocumentType> {
  const docs = served.get(app) ?? new Map<string, DocumentType>();
  served.set(app, docs);
  return docs;
}

/** The next number of a type's series for a business date (`RK20261121-0001`). */
export function nextBillNumber(tx: Db, doc: DocumentType, tenantId: number, businessDate: string): Promise<string> {
  if (!doc.numberPrefix) throw new Error(`${doc.docType} has no number prefix`);
  return nextNumber(tx, tenantId, doc.numberPrefix, businessDate);
}
export const documentTypes = () => [...registry.values()];

function cols(doc: DocumentType) {
  return getTableColumns(doc.table) as Record<string, PgColumn>;
}

/** Whether the user may see (and work on) bills of this location; `null` is head office. */
export function canSeeLocation(doc: DocumentType, auth: Auth, shopId: number | null): boolean {
  const visible = visibleShops(auth);
  if (!visible) return true;
  if (shopId === null) return doc.headOfficePerm !== undefined && can(auth, doc.headOfficePerm);
  return visible.includes(shopId);
}

/**
 * Bills the user may see: those of their shops, plus head office's when they hold the type's
 * `headOfficePerm`. A bill of another shop is not found (404), never forbidden.
 */
export function billScope(doc: DocumentType, auth: Auth): SQL | undefined {
  const visible = visibleShops(auth);
  if (!visible) return undefined;
  const shopId = cols(doc).shopId;
  const headOffice = doc.headOfficePerm !== undefined && can(auth, doc.headOfficePerm);
  const ofShops = visible.length ? inArray(shopId, visible) : undefined;
  if (headOffice) return ofShops ? or(ofShops, isNull(shopId)) : isNull(shopId);
  return ofShops ?? sql`false`;
}

export const stateLabel = (doc: DocumentType, state: string, lang: Lang) => doc.states[state]?.[lang === 'en-US' ? 1 : 0] ?? state;

/**
 * Loads a bill the user may see (`auth`), or any bill of the tenant (`auth` null: the system acting
 * for a transition the user was allowed to do), optionally locking it for the rest of the transaction.
 */
export async function loadBill(tx: Db, doc: DocumentType, id: number, auth: Auth | null, lock = false): Promise<BillRow> {
  const c = cols(doc);
  const query = tx
    .select()
    .from(doc.table)
    .where(and(eq(c.id, id), doc.scope, auth ? billScope(doc, auth) : undefined));
  const [row] = (await (lock ? query.for('update') : query)) as BillRow[];
  if (!row) throw notFound();
  return row;
}

/** Refuses a change to a bill that is no longer editable (audited bills are read-only). */
export function assertEditable(doc: DocumentType, bill: BillRow) {
  if (!doc.editable.includes(bill.state)) throw new AppError(409, 'readOnlyBill', { state: `@${doc.docType}:${bill.state}` });
}

export interface TransitionRequest {
  id: number;
  action: string;
  version?: number;
  memo?: string | null;
  lang?: Lang;
  /**
   * Done by the system as part of a transition the user was allowed to do (the entry side of a
   * transfer, the out of an audited order): no permission or shop check, and effects do not cascade.
   */
  internal?: boolean;
}

/**
 * Performs one transition in the caller's transaction: lock the row, check scope (404), permission
 * (403), state (409 naming the current state), version (409) and memo (400), run the effect, set the
 * new state and write the bill log. Of two concurrent requests, the second waits for the lock, then
 * finds the new state and answers 409.
 */
export async function transition(tx: Db, doc: DocumentType, request: TransitionRequest, auth: Auth): Promise<BillRow> {
  const t = doc.transitions.find((x) => x.action === request.action);
  if (!t) throw notFound();
  const internal = request.internal === true;
  await doc.lockGroup?.(tx, request.id);
  const bill = await loadBill(tx, doc, request.id, internal ? null : auth, true);
  const action = `@${doc.docType}!${t.action}`;
  if (!internal && !can(auth, t.perm)) throw forbidden();
  if (!internal && t.notByMaker && bill.createdBy === auth.userId) throw new AppError(403, 'notByMaker', { action });
  if (!t.from.includes(bill.state)) throw new AppError(409, 'transitionNotAllowed', { state: `@${doc.docType}:${bill.state}`, action });
  if (request.version !== undefined && request.version !== bill.version) throw conflict('staleVersion');
  if (t.memoRequired && !request.memo?.trim())
    throw new AppError(400, 'validation', {}, [{ path: 'memo', key: 'memoRequired', params: { action } }]);
  if (!internal && t.when) {
    const verdict = await t.when(tx, bill);
    if (verdict !== true) throw verdict || new AppError(409, 'conditionNotMet', { action });
  }
  await runGuards(tx, auth, { doc, bill, operation: t.action });
  const extra = (await t.effect?.(tx, bill, { auth, lang: request.lang ?? 'zh-CN', memo: request.memo, doc, internal })) ?? {};
  const c = cols(doc);
  const [updated] = (await tx
    .update(doc.table)
    .set({ ...extra, state: t.to, version: sql`${c.version} + 1`, updatedAt: new Date() })
    .where(eq(c.id, bill.id))
    .returning()) as BillRow[];
  await tx.insert(billLogs).values({
    tenantId: auth.tenantId,
    docType: doc.docType,
    billId: bill.id,
    action: t.action,
    fromState: bill.state,
    toState: t.to,
    memo: request.memo?.trim() || null,
    userId: auth.userId,
    username: auth.name,
  });
  await billChanged(tx, doc, updated, auth, t.action);
  return updated;
}

/** The event every change of a bill emits (the inbox counts of the users concerned, open pages of the bill). */
export const BILL_CHANGED = 'bill.changed';

/** A key no menu grants: only users who see every shop hold it. */
const EVERY_SHOP = '(every-shop)';

/**
 * Emits `bill.changed` in the caller's transaction, to the users who may see the bill: they see its
 * shop (head office's bills: they hold the type's `headOfficePerm`) and may view the bill or perform
 * one of its transitions (an approver sees it in the inbox). Every step of every bill passes here, so it
 * is also the door of the accounting outbox: a step the type's `accounting` names is queued in the same
 * transaction (`accounting-outbox.ts`).
 */
export async function billChanged(
  tx: Db,
  doc: DocumentType,
  bill: { id: number; state: string; version: number; shopId: number | null; billNo?: unknown },
  auth: Auth,
  action: string,
) {
  await queueForAccounting(tx, auth.tenantId, doc, bill, action);
  const anyRight = [...new Set([doc.viewPerm ?? `${doc.docType}.view`, ...doc.transitions.map((t) => t.perm)])].join('|');
  await emit(tx, auth, {
    topic: BILL_CHANGED,
    payload: {
      docType: doc.docType,
      id: bill.id,
      billNo: bill.billNo ?? null,
      state: bill.state,
      version: bill.version,
      shopId: bill.shopId,
      action,
      by: auth.userId,
      byName: auth.name,
    },
    shopId: bill.shopId,
    perm: bill.shopId === null ? [doc.headOfficePerm ?? EVERY_SHOP, anyRight] : anyRight,
  });
}

/** An after-approval field change as the bill log keeps it. */
export interface BillChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** Writes the log row of a bill's creation (and of edits that change its state back to draft), and emits `bill.changed`. */
export async function logBill(
  tx: Db,
  doc: DocumentType,
  billId: number,
  action: string,
  fromState: string | null,
  toState: string,
  auth: Auth,
  memo?: string | null,
  change?: BillChange,
) {
  await tx.insert(billLogs).values({
    tenantId: auth.tenantId,
    docType: doc.docType,
    billId,
    action,
    fromState,
    toState,
    memo: memo ?? null,
    change: change ?? null,
    userId: auth.userId,
    username: auth.name,
  });
  const c = cols(doc);
  const [bill] = (await tx
    .select({ id: c.id, state: c.state, version: c.version, shopId: c.shopId, ...(c.billNo ? { billNo: c.billNo } : {}) })
    .from(doc.table)
    .where(eq(c.id, billId))) as BillRow[];
  if (bill) await billChanged(tx, doc, bill, auth, action);
}

export async function billLog(tx: Db, doc: DocumentType, billId: number) {
  return tx
    .select()
    .from(billLogs)
    .where(and(eq(billLogs.docType, doc.docType), eq(billLogs.billId, billId)))
    .orderBy(asc(billLogs.id));
}

/**
 * Writes one bill-log row as transitions and `logBill` write it, without reading the bill's state from
 * its table: for documents whose state is derived (the till's point-of-sale bills, `pos-documents.ts`).
 */
export async function writeBillLog(
  tx: Db,
  doc: DocumentType,
  row: { billId: number; action: string; fromState: string | null; toState: string; memo?: string | null; change?: BillChange },
  auth: Auth,
) {
  await tx.insert(billLogs).values({
    tenantId: auth.tenantId,
    docType: doc.docType,
    billId: row.billId,
    action: row.action,
    fromState: row.fromState,
    toState: row.toState,
    memo: row.memo?.trim() || null,
    change: row.change ?? null,
    userId: auth.userId,
    username: auth.name,
  });
}

/** The transitions the user may perform on a bill now (for the web's buttons): state, right, maker–checker and condition. */
export async function allowedActions(tx: Db, doc: DocumentType, bill: BillRow, auth: Auth) {
  const actions: string[] = [];
  for (const t of doc.transitions) {
    if (!mayDo(t, bill, auth) || !can(auth, t.perm)) continue;
    if (t.when && (await t.when(tx, bill)) !== true) continue;
    actions.push(t.action);
  }
  return actions;
}

export interface InboxItem {
  id: number;
  billNo: unknown;
  state: string;
  shopId: number | null;
  /** What the user may do now, e.g. `['audit', 'reject']`. */
  actions: string[];
  link: string;
  updatedAt: unknown;
  version: number;
  [field: string]: unknown;
}

export interface InboxGroup {
  docType: string;
  label: Label;
  count: number;
  states: Record<string, Label>;
  /** Labels of the actions offered in this group. */
  actionLabels: Record<string, Label>;
  /** Actions that need a memo (reject). */
  memoRequired: string[];
  items: InboxItem[];
}

async function waitingFor(tx: Db, doc: DocumentType, auth: Auth) {
  const waiting = doc.transitions.filter((t) => t.inbox && can(auth, t.perm));
  const states = [...new Set(waiting.flatMap((t) => t.from))];
  const c = cols(doc);
  // A maker–checker step does not wait for the bill's own maker.
  const waitsFor = await Promise.all(
    waiting.map(async (t) =>
      and(
        inArray(c.state, t.from),
        t.notByMaker ? sql`${c.createdBy} is distinct from ${auth.userId}` : undefined,
        await doc.inboxFilter?.(tx, auth, t.action),
      ),
    ),
  );
  return { waiting, states, where: states.length ? and(or(...waitsFor), doc.scope, billScope(doc, auth)) : undefined };
}

const mayDo = (t: Transition, bill: BillRow, auth: Auth) =>
  t.from.includes(bill.state) && !(t.notByMaker && bill.createdBy === auth.userId);

/** Every bill of the given types that waits for a transition this user may perform (oldest first). */
export async function inbox(tx: Db, auth: Auth, lang: Lang, docs: Iterable<DocumentType>, limit = 50): Promise<InboxGroup[]> {
  const groups: InboxGroup[] = [];
  for (const doc of docs) {
    const { waiting, states, where } = await waitingFor(tx, doc, auth);
    if (!states.length) continue;
    const c = cols(doc);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(doc.table).where(where);
    if (!n) continue;
    const rows = (await tx.select().from(doc.table).where(where).orderBy(asc(c.id)).limit(limit)) as BillRow[];
    const extra = doc.summarize ? await doc.summarize(tx, rows, lang) : [];
    groups.push({
      docType: doc.docType,
      label: doc.label,
      count: Number(n),
      states: doc.states,
      actionLabels: Object.fromEntries(waiting.map((t) => [t.action, t.label])),
      memoRequired: waiting.filter((t) => t.memoRequired).map((t) => t.action),
      items: rows.map((r, i) => ({
        ...extra[i],
        id: r.id,
        billNo: r.billNo,
        state: r.state,
        shopId: r.shopId,
        version: r.version,
        actions: waiting.filter((t) => mayDo(t, r, auth)).map((t) => t.action),
        link: doc.link(r.id),
        updatedAt: r.updatedAt,
      })),
    });
  }
  return groups;
}

/** How many bills wait for this user, by document type (the menu badge). */
export async function inboxCounts(
  tx: Db,
  auth: Auth,
  docs: Iterable<DocumentType>,
): Promise<{ total: number; byType: { docType: string; label: Label; count: number }[] }> {
  const byType: { docType: string; label: Label; count: number }[] = [];
  for (const doc of docs) {
    const { states, where } = await waitingFor(tx, doc, auth);
    if (!states.length) continue;
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(doc.table).where(where);
    if (Number(n)) byType.push({ docType: doc.docType, label: doc.label, count: Number(n) });
  }
  return { total: byType.reduce((sum, g) => sum + g.count, 0), byType };
}
