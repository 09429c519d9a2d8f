import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import type { Auth } from './auth.js';
import { type BillChange, billChanged, type DocumentType, type Label, registerDocumentType, writeBillLog } from './documents.js';

/**
 * Point-of-sale documents: bills whose life is a module's own protocol (the till's open → settle, then
 * revoke or revise) rather than the engine's transitions, and whose state is derived from their columns
 * (the till's status and revoke flag). They are registered document types all the same, so that their
 * bill log, their `bill.changed` events and the engine's lookups (state and action labels in messages,
 * links from ledger rows, `billLog`) are every bill's. `transition()` is never run on one: the module's
 * protocol changes the bill, then calls `posBillChanged` in the same transaction.
 */
export interface PosStep {
  action: string;
  label: Label;
  from: string[];
  to: string;
  /** The right the module's route asks for: whoever holds it hears the bill's changes. */
  perm: string;
}

export interface PosDocumentDef {
  docType: string;
  label: Label;
  table: PgTable;
  states: Record<string, Label>;
  initial: string;
  /** Field of the business date. */
  dateField?: string;
  /** Rights to see a bill (any of them): with the steps' rights, the audience of its events. */
  viewPerms: string[];
  steps: PosStep[];
  /** Web route of a bill. */
  link: (id: number) => string;
}

export function registerPosDocument(def: PosDocumentDef): DocumentType {
  return registerDocumentType({
    docType: def.docType,
    label: def.label,
    table: def.table,
    states: def.states,
    initial: def.initial,
    editable: [def.initial],
    dateField: def.dateField,
    transitions: def.steps.map((s) => ({ ...s, from: [...s.from] })),
    link: def.link,
    viewPerm: def.viewPerms.join('|'),
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
