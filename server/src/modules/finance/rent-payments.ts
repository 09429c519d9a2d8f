import { dormRentPaymentBill, type RentKind, storeRentPaymentBill } from '@headoffice/contract';
import { and, asc, eq, getTableColumns, gt, gte, inArray, isNull, lte, max, min, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { assertShopVisible } from '../../platform/auth.js';
import { type BillCtx, type BillType, billType } from '../../platform/bills.js';
import { type BillRow, type Effect, logBill, nextBillNumber } from '../../platform/documents.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { yuanAmount } from '../../platform/money.js';
import { tenantToday } from '../../platform/numbering.js';
import { keywordMatch } from '../../platform/paging.js';
import { loadShops, shops } from '../org/public.js';
import { balancesByLine, checkReserveTypes, postReserve, reverseReserve } from './reserve.js';
import { rentContracts, rentPaymentLines, rentPayments, rentPeriods, reserveTypes } from './schema.js';

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

async function savePayment(kind: RentKind, doc: () => BillRowType, { tx, auth }: BillCtx, body: SaveBody, bill?: BillRow) {
  // The contract row is the lock every payment of it takes: two bills cannot take the same periods.
  const contract = await contractById(tx, kind, body.contractId, true);
  if (!contract) throw fieldError('contractId', 'missingReference', { field: '@rentContract' });
  await loadShops(tx, auth, [contract.shopId]);
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
  await checkReserveTypes(
    tx,
    body.lines.map((l) => l.reserveTypeId),
    (i) => `lines.${i}.reserveTypeId`,
  );
  const head = {
    shopId: contract.shopId,
    contractId: contract.id,
    periodFrom: from,
    periodTo: body.periodTo,
    totalMoney,
    memo: body.memo ?? null,
  };
  let billId = bill?.id;
  if (billId) {
    await tx
      .update(rentPayments)
      .set({ ...head, ...(body.billDate ? { billDate: body.billDate } : {}) })
      .where(eq(rentPayments.id, billId));
    await tx.delete(rentPaymentLines).where(eq(rentPaymentLines.paymentId, billId));
  } else {
    const billDate = body.billDate ?? (await tenantToday(tx, auth.tenantId));
    [{ id: billId }] = await tx
      .insert(rentPayments)
      .values({
        tenantId: auth.tenantId,
        kind,
        billNo: await nextBillNumber(tx, doc(), auth.tenantId, billDate),
        billDate,
        ...head,
        createdBy: auth.userId,
        createdByName: auth.name,
      })
      .returning({ id: rentPayments.id });
    await logBill(tx, doc(), billId, 'create', null, 'draft', auth);
  }
  const id = billId;
  await tx.insert(rentPaymentLines).values(
    body.lines.map((l, i) => ({
      tenantId: auth.tenantId,
      paymentId: id,
      reserveTypeId: l.reserveTypeId,
      money: l.money,
      memo: l.memo ?? null,
      sort: (i + 1) * 10,
    })),
  );
  return id;
}

type BillRowType = Parameters<typeof nextBillNumber>[1];

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

function auditEffect(kind: RentKind): Effect {
  return async (tx, bill, { auth, doc }) => {
    const contract = await contractById(tx, kind, bill.contractId as number, true);
    if (!contract) throw notFound();
    if (contract.status !== 1) throw conflict('rentContractVoid', { code: contract.code });
    if (contract.approval !== null && contract.approval !== 'approved') throw conflict('rentContractNotApproved', { code: contract.code });
    const periods = await periodsBetween(tx, contract.id, bill.periodFrom as number, bill.periodTo as number);
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
    return { auditedBy: auth.userId, auditedByName: auth.name, auditedAt: new Date() };
  };
}

function cancelEffect(kind: RentKind): Effect {
  return async (tx, bill, { auth, doc }) => {
    const contract = await contractById(tx, kind, bill.contractId as number, true);
    if (!contract) throw notFound();
    const [later] = await tx
      .select({ billNo: rentPayments.billNo })
      .from(rentPeriods)
      .innerJoin(rentPayments, eq(rentPayments.id, rentPeriods.paymentId))
      .where(and(eq(rentPeriods.contractId, contract.id), gt(rentPeriods.seq, bill.periodTo as number), ne(rentPayments.id, bill.id)))
      .limit(1);
    if (later) throw conflict('rentLaterPaid', { billNo: later.billNo });
    await reverseReserve(tx, auth.tenantId, doc.docType, bill.id);
    await tx.update(rentPaymentLines).set({ balanceBefore: null, balanceAfter: null }).where(eq(rentPaymentLines.paymentId, bill.id));
    await tx.update(rentPeriods).set({ paymentId: null }).where(eq(rentPeriods.paymentId, bill.id));
    await refreshPaidTo(tx, contract.id);
    return { auditedBy: null, auditedByName: null, auditedAt: null };
  };
}

async function linesOf(tx: Db, billIds: number[]) {
  if (!billIds.length) return [];
  return tx
    .select({
      id: rentPaymentLines.id,
      billId: rentPaymentLines.paymentId,
      reserveTypeId: rentPaymentLines.reserveTypeId,
      reserveTypeName: reserveTypes.name,
      money: rentPaymentLines.money,
      balanceBefore: rentPaymentLines.balanceBefore,
      balanceAfter: rentPaymentLines.balanceAfter,
      memo: rentPaymentLines.memo,
    })
    .from(rentPaymentLines)
    .innerJoin(reserveTypes, eq(reserveTypes.id, rentPaymentLines.reserveTypeId))
    .where(inArray(rentPaymentLines.paymentId, billIds))
    .orderBy(asc(rentPaymentLines.paymentId), asc(rentPaymentLines.sort), asc(rentPaymentLines.id));
}

const { tenantId: _tenant, kind: _kind, ...columns } = getTableColumns(rentPayments);
const periodDate = (column: 'start_date' | 'end_date', seq: PgColumn) =>
  sql<string | null>`(select p.${sql.raw(column)}::text from rent_periods p
    where p.tenant_id = ${rentPayments.tenantId} and p.contract_id = ${rentPayments.contractId} and p.seq = ${seq})`;

function listWhere({ auth }: BillCtx, q: Record<string, unknown>): SQL[] {
  const where: SQL[] = [];
  if (q.billNo) where.push(keywordMatch(q.billNo as string, rentPayments.billNo));
  if (q.state) where.push(eq(rentPayments.state, q.state as string));
  if (q.dateFrom) where.push(gte(rentPayments.billDate, q.dateFrom as string));
  if (q.dateTo) where.push(lte(rentPayments.billDate, q.dateTo as string));
  if (q.shopid) {
    assertShopVisible(auth, q.shopid as number);
    where.push(eq(rentPayments.shopId, q.shopid as number));
  }
  if (q.contractId) where.push(eq(rentPayments.contractId, q.contractId as number));
  if (q.sumType) where.push(eq(rentPayments.sumType, q.sumType as number));
  return where;
}

function rentPaymentType(def: typeof storeRentPaymentBill, kind: RentKind, prefix: string) {
  const type: BillType<typeof storeRentPaymentBill> = billType(def, {
    table: rentPayments,
    scope: eq(rentPayments.kind, kind),
    dateField: 'billDate',
    numberPrefix: prefix,
    select: (tx) =>
      tx
        .select({
          ...columns,
          shopName: shops.name,
          contractCode: rentContracts.code,
          coversFrom: periodDate('start_date', rentPayments.periodFrom),
          coversTo: periodDate('end_date', rentPayments.periodTo),
        })
        .from(rentPayments)
        .innerJoin(shops, eq(shops.id, rentPayments.shopId))
        .innerJoin(rentContracts, eq(rentContracts.id, rentPayments.contractId))
        .$dynamic(),
    lines: { table: rentPaymentLines, billKey: rentPaymentLines.paymentId, of: linesOf },
    list: {
      where: listWhere,
      sortable: {
        billNo: rentPayments.billNo,
        billDate: rentPayments.billDate,
        state: rentPayments.state,
        totalMoney: rentPayments.totalMoney,
      },
      order: [
        { field: 'billDate', column: rentPayments.billDate, desc: true },
        { field: 'id', column: rentPayments.id, desc: true },
      ],
    },
    save: (ctx, body, bill): Promise<number> => savePayment(kind, () => type.doc, ctx, body as SaveBody, bill),
    reopen: { rejectMemo: null },
    effects: {
      audit: auditEffect(kind),
      reject: async (_tx, _bill, { memo }) => ({ rejectMemo: memo?.trim() ?? null }),
    },
    reversals: { audit: cancelEffect(kind) },
    describe: {
      saveBill:
        'contractId, periodTo (pays the unpaid periods from the first up to this one), lines: reserveTypeId, money (cents; they add up to the periods’ rent). Approval (auditBillForChain, not by its maker) takes the money out of the shop’s reserve balances (409 with the balance when one is short) and marks the periods paid.',
      changeSumType: 'value 1 pays the bill singly, 2 in a summary batch.',
    },
  });
  return type;
}

export const storeRentPaymentType = rentPaymentType(storeRentPaymentBill, 'store', 'FZ');
export const dormRentPaymentType = rentPaymentType(dormRentPaymentBill, 'dorm', 'SZ');
export const rentPaymentTypes = [storeRentPaymentType, dormRentPaymentType] as const;
