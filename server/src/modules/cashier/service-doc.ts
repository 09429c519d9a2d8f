import { SERVICE_DOC, type ServiceBillState, serviceBill, serviceBillState } from '@headoffice/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { billLog } from '../../platform/documents.js';
import type { MovesSpec } from '../../platform/moves.js';
import { posBillChanged, posBillsMoved, registerPosDocument } from '../../platform/pos-documents.js';
import type { MovementOwner } from '../assets/public.js';
import { serviceBills } from './schema.js';

/**
 * The till's bill as a point-of-sale document (`platform/pos-documents.ts`): its life stays the till's
 * (open → settle, void, expire and cancel; 撤单 and 改单 of a settled bill), and every step writes the
 * bill log and emits `bill.changed` to the bill's shop, as every bill of the engine does.
 */
export const serviceDoc = registerPosDocument({
  def: serviceBill,
  table: serviceBills,
  dateField: 'businessDate',
  viewPerms: ['till.checkout.view', 'cashier.servicerecord.view', 'cashier.packagerecord.view', 'cashier.cardrecord.view'],
  // A settled bill is pushed to the accounting system with what it charged; its 撤单 as the reversal.
  accounting: { push: ['settle'], reverse: ['revoke'], amount: 'amount' },
});

/**
 * The till's settle (and a batch card bill's, settled at once): its payments, cards, packages and stock
 * move on the bill's business date (`closedPeriod` of the settle), the card and package money today.
 */
export const settleMoves: MovesSpec = { what: ['money', 'stock'], locks: ['close'], on: "the bill's business date and today, its shop" };

/** 改单 moves commission: its performance rows are dated with the bill's business date (the guard of the bill's type). */
export const reviseMoves: MovesSpec = { what: ['money'], locks: ['close'], on: "the bill's business date, its shop" };

/** A till bill as the owner of the card and package bills it makes: they are reversed only by its 撤单. */
export const ownedBy = (bill: { id: number; billNo: string }): MovementOwner => ({ doc: SERVICE_DOC, id: bill.id, no: bill.billNo });

/**
 * A step of a till bill was taken (after its row was written, in the same transaction): its log row
 * (`quiet`: none, an open bill's lines changed) and its event.
 */
export async function serviceBillStep(
  tx: Db,
  auth: Auth,
  billId: number,
  step: { action: string; fromState: ServiceBillState | null; memo?: string | null; quiet?: boolean },
) {
  const [bill] = await tx
    .select({
      id: serviceBills.id,
      billNo: serviceBills.billNo,
      shopId: serviceBills.shopId,
      status: serviceBills.status,
      isHc: serviceBills.isHc,
      version: serviceBills.version,
      // The head a settle's or 撤单's voucher takes (the outbox does not read it again).
      businessDate: serviceBills.businessDate,
      amount: serviceBills.amount,
    })
    .from(serviceBills)
    .where(eq(serviceBills.id, billId));
  if (!bill) return;
  await posBillChanged(tx, serviceDoc, { ...bill, state: serviceBillState(bill) }, step, auth);
}

/** Open bills of an earlier business day expired (by no user): each one's log row. */
export function serviceBillsExpired(tx: Db, tenantId: number, billIds: number[]) {
  return posBillsMoved(tx, serviceDoc, tenantId, billIds, { action: 'expire', fromState: 'open', toState: 'expired' });
}

/** The bill log of a till bill, oldest first: the engine's reader. */
export async function serviceBillLog(tx: Db, billId: number) {
  return (await billLog(tx, serviceDoc, billId)).map((r) => ({ ...r, at: r.at.toISOString() }));
}
