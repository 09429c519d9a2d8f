import { dormRentPaymentBill, type RentKind, storeRentPaymentBill } from '@headoffice/contract';
import { and, asc, eq, gt, gte, inArray, isNull, lte, max, min, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { assertShopVisible } from '../../platform/auth.js';
import { type BillCtx, type BillEffect, billType } from '../../platform/bills.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { yuanAmount } from '../../platform/money.js';
import { balancesByLine, postReserve, reverseReserve } from './reserve.js';
import { rentContracts, rentPaymentLines, rentPayments, rentPeriods } from './schema.js';

// Rent payments (storerentrecords, dormrentrecords): a bill pays whole periods of one contract, from
// the first unpaid one up to `periodTo`, out of the shop's reserve types (its lines add up to the
// periods). Approval takes the money out of the reserve balances (refused with the balance when one
// is short) and marks the periods paid; cancelling it gives the money back, latest payment first.

defineMessages({
  rentContractVoid: ['合同 {code} 已作废，不能付款', 'Contract {code} is void and cannot be paid'],
  rentContractNotApproved: ['宿舍合同 {code} 尚未审核，不能付款', 'Dormitory contract {code} is not approved yet and cannot be paid'],
  rentNothingDue: ['合同 {code} 的租期已全部付清', 'Every period of contract {code} is paid'],
  rentPeriodOutOfRange: ['只能付第 {from} 期到第 {to} 期', 'Choose a period from {from} to {to}'],
  rentPeriodsHeld: ['这些租期已在付款单 {billNo} 中', 'These periods are already on payment {billNo}'],
  rentPeriodsPaid: [
    '合同 {code} 的租期已被其他付款单支付，请重新选择',
    'Periods of contract {code} were paid by another bill; choose again',
  ],
  rentLinesSum: ['各预留款支付金额合计须等于租金 {total} 元', 'The reserve amounts must add up to the rent, ¥{total}'],
  rentLaterPaid: ['之后的租期已由付款单 {billNo} 支付，请先取消它', 'A later period is paid by {billNo}; cancel that one first'],
});

defineLabels({ rent_payments: ['租金付款单', 'rent payments'], rent_payment_lines: ['租金付款明细', 'rent payment lines'] });

const contractById = async (tx: Db, kind: RentKind, id: number, lock: boolean) => {
  const query = tx
    .select()
    .from(rentContracts)
    .where(and(eq(rentContracts.id, id), eq(rentContracts.kind, kind)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
};

const firstUnpaid = async (tx: Db, contractId: number) => {
  const [row] = await tx
    .select({ first: min(rentPeriods.seq) })
    .from(rentPeriods)
    .where(and(eq(rentPeriods.contractId, contractId), isNull(rentPeriods.paymentId)));
  return row?.first ?? null;
};

const periodsBetween = (tx: Db, contractId: number, from: number, to: number) =>
  tx
    .select()
    .from(rentPeriods)
    .where(and(eq(rentPeriods.contractId, contractId), gte(rentPeriods.seq, from), lte(rentPeriods.seq, to)))
    .orderBy(asc(rentPeriods.seq));

type SaveBody = z.output<typeof storeRentPaymentBill.save>;

/** The contract's unpaid periods up to `periodTo`, held by no other draft, paid in full by the lines: the head they imply. */
async function prepare(kind: RentKind, { tx, auth }: BillCtx, body: SaveBody, bill?: { id: number }) {
  // The contract row is the lock every payment of it takes: two bills cannot take the same periods.
  const contract = await contractById(tx, kind, body.contractId, true);
  if (!contract) throw fieldError('contractId', 'missingReference', { field: '@rentContract' });
  assertShopVisible(auth, contract.shopId);
  if (contract.status !== 1) throw conflict('rentContractVoid', { code: contract.code });
  if (contract.approval !== null && contract.approval !== 'approved') throw conflict('rentContractNotApproved', { code: contract.code });
  const from = await firstUnpaid(tx, contract.id);
  if (from === null) throw conflict('rentNothingDue', { code: contract.code });
  const [{ last }] = await tx
    .select({ last: max(rentPeriods.seq) })
    .from(rentPeriods)
    .where(eq(rentPeriods.contractId, contract.id));
  if (body.periodTo < from || body.periodTo > (last ?? 0)) throw fieldError('periodTo', 'rentPeriodOutOfRange', { from, to: last ?? from });
  const [held] = await tx
    .select({ billNo: rentPayments.billNo })
    .from(rentPayments)
    .where(
      and(
        eq(rentPayments.contractId, contract.id),
        inArray(rentPayments.state, ['draft', 'submitted', 'rejected']),
        lte(rentPayments.periodFrom, body.periodTo),
        gte(rentPayments.periodTo, from),
        bill ? ne(rentPayments.id, bill.id) : undefined,
      ),
    )
    .limit(1);
  if (held) throw conflict('rentPeriodsHeld', { billNo: held.billNo });
  const totalMoney = (await periodsBetween(tx, contract.id, from, body.periodTo)).reduce((s, p) => s + p.amount, 0);
  if (body.lines.reduce((s, l) => s + l.money, 0) !== totalMoney)
    throw fieldError('lines', 'rentLinesSum', { total: yuanAmount(totalMoney) });
  return { kind, shopId: contract.shopId, periodFrom: from, totalMoney };
}

/** The end of the contract's last paid period (pldate), or null. */
async function refreshPaidTo(tx: Db, contractId: number) {
  const [last] = await tx
    .select({ endDate: rentPeriods.endDate })
    .from(rentPeriods)
    .where(and(eq(rentPeriods.contractId, contractId), sql`${rentPeriods.paymentId} is not null`))
    .orderBy(sql`${rentPeriods.seq} desc`)
    .limit(1);
  await tx
    .update(rentContracts)
    .set({ paidTo: last?.endDate ?? null })
    .where(eq(rentContracts.id, contractId));
}

function auditEffect(kind: RentKind): BillEffect<typeof rentPayments> {
  return async (tx, bill, { auth, doc }) => {
    const contract = await contractById(tx, kind, bill.contractId, true);
    if (!contract) throw notFound();
    if (contract.status !== 1) throw conflict('rentContractVoid', { code: contract.code });
    if (contract.approval !== null && contract.approval !== 'approved') throw conflict('rentContractNotApproved', { code: contract.code });
    const periods = await periodsBetween(tx, contract.id, bill.periodFrom, bill.periodTo);
    if ((await firstUnpaid(tx, contract.id)) !== bill.periodFrom || periods.some((p) => p.paymentId !== null))
      throw conflict('rentPeriodsPaid', { code: contract.code });
    const lines = await tx.select().from(rentPaymentLines).where(eq(rentPaymentLines.paymentId, bill.id));
    await postReserve(
      tx,
      auth.tenantId,
      doc.docType,
      bill.id,
      lines.map((l) => ({ shopId: contract.shopId, reserveTypeId: l.reserveTypeId, delta: -l.money, lineId: l.id })),
    );
    const balanceOf = await balancesByLine(tx, doc.docType, bill.id);
    for (const l of lines) {
      const b = balanceOf(l.id, l.reserveTypeId);
      await tx
        .update(rentPaymentLines)
        .set({ balanceBefore: b?.before ?? null, balanceAfter: b?.after ?? null })
        .where(eq(rentPaymentLines.id, l.id));
    }
    await tx
      .update(rentPeriods)
      .set({ paymentId: bill.id })
      .where(
        inArray(
          rentPeriods.id,
          periods.map((p) => p.id),
        ),
      );
    await refreshPaidTo(tx, contract.id);
  };
}

function cancelEffect(kind: RentKind): BillEffect<typeof rentPayments> {
  return async (tx, bill, { auth, doc }) => {
    const contract = await contractById(tx, kind, bill.contractId, true);
    if (!contract) throw notFound();
    const [later] = await tx
      .select({ billNo: rentPayments.billNo })
      .from(rentPeriods)
      .innerJoin(rentPayments, eq(rentPayments.id, rentPeriods.paymentId))
      .where(and(eq(rentPeriods.contractId, contract.id), gt(rentPeriods.seq, bill.periodTo), ne(rentPayments.id, bill.id)))
      .limit(1);
    if (later) throw conflict('rentLaterPaid', { billNo: later.billNo });
    await reverseReserve(tx, auth.tenantId, doc.docType, bill.id);
    await tx.update(rentPaymentLines).set({ balanceBefore: null, balanceAfter: null }).where(eq(rentPaymentLines.paymentId, bill.id));
    await tx.update(rentPeriods).set({ paymentId: null }).where(eq(rentPeriods.paymentId, bill.id));
    await refreshPaidTo(tx, contract.id);
  };
}

const periodDate = (column: 'start_date' | 'end_date', seq: PgColumn) =>
  sql<string | null>`(select p.${sql.raw(column)}::text from rent_periods p
    where p.tenant_id = ${rentPayments.tenantId} and p.contract_id = ${rentPayments.contractId} and p.seq = ${seq})`;

function rentPaymentType(def: typeof storeRentPaymentBill, kind: RentKind, prefix: string) {
  return billType(def, {
    table: rentPayments,
    scope: eq(rentPayments.kind, kind),
    numberPrefix: prefix,
    displays: {
      contractCode: ['contractId', 'code'],
      coversFrom: periodDate('start_date', rentPayments.periodFrom),
      coversTo: periodDate('end_date', rentPayments.periodTo),
    },
    lines: { table: rentPaymentLines },
    prepare: (ctx, body, bill) => prepare(kind, ctx, body, bill),
    reasons: { reject: 'rejectMemo' },
    accounting: { push: ['audit'], reverse: ['cancelAudit'], amount: 'totalMoney' },
    effects: { audit: auditEffect(kind) },
    reversals: { audit: cancelEffect(kind) },
    describe: {
      saveBill:
        'contractId, periodTo (pays the unpaid periods from the first up to this one), lines: reserveTypeId, money (cents; they add up to the periods’ rent). Approval (auditBillForChain, not by its maker) takes the money out of the shop’s reserve balances (409 with the balance when one is short) and marks the periods paid.',
      changeSumType: 'value 1 pays the bill singly, 2 in a summary batch.',
    },
  });
}

export const storeRentPaymentType = rentPaymentType(storeRentPaymentBill, 'store', 'FZ');
export const dormRentPaymentType = rentPaymentType(dormRentPaymentBill, 'dorm', 'SZ');
export const rentPaymentTypes = [storeRentPaymentType, dormRentPaymentType] as const;
