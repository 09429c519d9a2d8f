import { SERVICE_DOC, type ServiceBillState, serviceBillState, serviceBillStates } from '@headoffice/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { billLog } from '../../platform/documents.js';
import { posBillChanged, registerPosDocument } from '../../platform/pos-documents.js';
import { serviceBills } from './schema.js';

/**
 * The till's bill as a point-of-sale document (`platform/pos-documents.ts`): its life stays the till's
 * (open → settle, void, expire and cancel; 撤单 and 改单 of a settled bill), and every step writes the
 * bill log and emits `bill.changed` to the bill's shop, as every bill of the engine does.
 */
export const serviceDoc = registerPosDocument({
  docType: SERVICE_DOC,
  label: ['服务单', 'Service bill'],
  table: serviceBills,
  states: serviceBillStates,
  initial: 'open',
  dateField: 'businessDate',
  viewPerms: ['till.checkout.view', 'cashier.servicerecord.view', 'cashier.packagerecord.view', 'cashier.cardrecord.view'],
  steps: [
    { action: 'open', label: ['开单', 'open'], from: [], to: 'open', perm: 'till.checkout.edit' },
    { action: 'settle', label: ['结账', 'settle'], from: ['open'], to: 'settled', perm: 'till.checkout.edit' },
    { action: 'void', label: ['作废', 'void'], from: ['open'], to: 'voided', perm: 'till.checkout.edit' },
    { action: 'cancel', label: ['作废', 'void'], from: ['expired'], to: 'voided', perm: 'cashier.servicerecord.edit' },
    { action: 'revoke', label: ['撤单', 'revoke'], from: ['settled'], to: 'revoked', perm: 'cashier.servicerecord.revoke' },
    { action: 'revise', label: ['改单', 'revise'], from: ['settled'], to: 'settled', perm: 'cashier.servicerecord.revise' },
    { action: 'delete', label: ['删除', 'delete'], from: ['voided'], to: 'voided', perm: 'cashier.servicerecord.edit' },
    { action: 'adjust', label: ['调整业绩', 'adjust'], from: ['settled'], to: 'settled', perm: 'cashier.csadj.audit' },
  ],
  link: (id) => `/admin/cashier/servicerecords?id=${id}`,
});

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
    })
    .from(serviceBills)
    .where(eq(serviceBills.id, billId));
  if (!bill) return;
  await posBillChanged(tx, serviceDoc, { ...bill, state: serviceBillState(bill) }, step, auth);
}

/** The bill log of a till bill, oldest first: the engine's reader. */
export async function serviceBillLog(tx: Db, billId: number) {
  return (await billLog(tx, serviceDoc, billId)).map((r) => ({ ...r, at: r.at.toISOString() }));
}
