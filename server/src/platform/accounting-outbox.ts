import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import type { DocumentType } from './documents.js';
import { enqueue } from './jobs.js';
import { accountingOutbox } from './schema.js';

/**
 * The accounting system's outbox: the money bills' changes to push, queued in the transaction of the change
 * itself (the row exists only if the change commits). The door is `billChanged()` (documents.ts), which every
 * step of every bill passes (the engine's transitions, its logged saves, the point-of-sale steps): a type that
 * declares `accounting` has the steps it names queued, the others pass by. The accounting module's job
 * (`ACCOUNTING_PUSH_JOB`) pushes them; the platform knows the job by name only.
 */
export interface AccountingSpec {
  /** Steps pushed as the bill's own voucher (the till's `settle`, a review). */
  push?: readonly string[];
  /** Steps pushed as the reversal (红冲, isHc) of the bill's last pushed voucher (撤单, a review undone). */
  reverse?: readonly string[];
  /** The bill's money column (cents), by its field name. */
  amount: string;
}

export const ACCOUNTING_PUSH_JOB = 'accounting.push';

/**
 * What a voucher takes of its bill's head. A caller holding the head (the engine's transition has the
 * row it just wrote, the till's step reads it anyway) leaves it on the bill it passes, under the type's
 * own field names (`billNo`, `shopId`, the date field, the amount field): the head is then not read again.
 */
type Bill = { id: number; shopId: number | null; billNo?: unknown; [field: string]: unknown };

const column = (doc: DocumentType, field: string): PgColumn => {
  const c = (getTableColumns(doc.table) as Record<string, PgColumn>)[field];
  if (!c) throw new Error(`${doc.docType}: no column ${field}`);
  return c;
};

const dayText = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

/** The head's values the bill carries (every one of them), else undefined: the caller did not hold the head. */
function carriedHead(doc: DocumentType, spec: AccountingSpec, bill: Bill) {
  const row = bill as Record<string, unknown>;
  const day = row[doc.dateField ?? 'billDate'];
  const amount = row[spec.amount];
  if (row.billNo == null || !('shopId' in row) || day == null || amount == null) return undefined;
  return { billNo: row.billNo, shopId: row.shopId, day, amount };
}

/** Queues the bill's step for the accounting system when its type declares the step; answers the row's id. */
export async function queueForAccounting(tx: Db, tenantId: number, doc: DocumentType, bill: Bill, action: string) {
  const spec = doc.accounting;
  if (!spec) return undefined;
  const reversal = spec.reverse?.includes(action) ?? false;
  if (!reversal && !spec.push?.includes(action)) return undefined;
  const head =
    carriedHead(doc, spec, bill) ??
    (
      await tx
        .select({
          billNo: column(doc, 'billNo'),
          shopId: column(doc, 'shopId'),
          day: column(doc, doc.dateField ?? 'billDate'),
          amount: column(doc, spec.amount),
        })
        .from(doc.table)
        .where(eq(column(doc, 'id'), bill.id))
    )[0];
  if (!head) return undefined;
  let day = dayText(head.day);
  let amount = Number(head.amount);
  let reversesId: number | null = null;
  if (reversal) {
    // The voucher it reverses: the bill's last row that is not a reversal; its amount, negated, on its day.
    const [original] = await tx
      .select({ id: accountingOutbox.id, amount: accountingOutbox.amount, day: accountingOutbox.businessDate })
      .from(accountingOutbox)
      .where(and(eq(accountingOutbox.docType, doc.docType), eq(accountingOutbox.billId, bill.id), eq(accountingOutbox.isHc, 0)))
      .orderBy(desc(accountingOutbox.id))
      .limit(1);
    reversesId = original?.id ?? null;
    amount = -(original ? Number(original.amount) : amount);
    // On the original's day (a bill's is its own; an order refunded days after it was taken: the day it was taken).
    if (original) day = original.day;
  }
  const [row] = await tx
    .insert(accountingOutbox)
    .values({
      tenantId,
      docType: doc.docType,
      billId: bill.id,
      billNo: String(head.billNo ?? bill.billNo ?? bill.id),
      action,
      shopId: (head.shopId as number | null) ?? bill.shopId,
      businessDate: day,
      yearMonth: day.slice(0, 7),
      amount,
      isHc: reversal ? 1 : 0,
      reversesId,
    })
    .returning({ id: accountingOutbox.id });
  await queuePush(tx, tenantId);
  return row.id;
}

/** Queues the push job (one queued or running per tenant; the job pushes every due row). */
export const queuePush = (tx: Db, tenantId: number, runAt?: Date, key = 'push') =>
  enqueue(tx, { tenantId, name: ACCOUNTING_PUSH_JOB, singletonKey: key, runAt, maxAttempts: 3 });
