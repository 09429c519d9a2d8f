import {
  type BillRecordKind,
  type RevokeReason,
  type reviseBody,
  SERVICE_DOC,
  type ServiceBillDetail,
  type ServiceBillRow,
  serviceBillState,
  type serviceRecordsPage,
  type serviceRecordsQuery,
  stationLabels,
} from '@headoffice/contract';
import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { runGuards } from '../../platform/documents.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors.js';
import type { Lang } from '../../platform/i18n.js';
import { yuan } from '../../platform/money.js';
import { containsPattern, orderBy, pageOf } from '../../platform/paging.js';
import {
  cardBills,
  itemsIssuedBy,
  memberCards,
  memberCoupons,
  revokeActivityGifts,
  revoke as revokeCardBill,
  revokePackageBill,
} from '../assets/public.js';
import { users } from '../identity/public.js';
import { employees, shops } from '../org/public.js';
import { postStock, reversalOf } from '../stock/public.js';
import { billCards, revokeCardLines } from './card-bills.js';
import { giftMoneyOf } from './checkout-prices.js';
import { revokeText } from './revoke.js';
import './checkout-messages.js';
import { addDayFiguresOf } from '../../platform/day-figures.js';
import { giveBackCoupons } from './coupon-payments.js';
import { tillFigures } from './day-figures.js';
import { refreshMemberFigures } from './member-bills.js';
import { prepaidOrders, serviceBillLines, serviceBillPayments, serviceBillPerf, serviceBillShares, serviceBills } from './schema.js';
import { ownedBy, serviceBillLog, serviceBillStep, serviceDoc } from './service-doc.js';
import { releaseVouchers } from './vouchers.js';

/** The user who revoked a bill (撤单), named on it. */
const revoker = alias(users, 'revoker');

const rowColumns = {
  id: serviceBills.id,
  billNo: serviceBills.billNo,
  shopId: serviceBills.shopId,
  shopName: shops.name,
  handTag: serviceBills.handTag,
  businessDate: serviceBills.businessDate,
  memberId: serviceBills.memberId,
  memberName: serviceBills.memberName,
  mobile: serviceBills.mobile,
  cardId: serviceBills.cardId,
  cardNo: memberCards.cardNo,
  status: serviceBills.status,
  isHc: serviceBills.isHc,
  listTotal: serviceBills.listTotal,
  discountTotal: serviceBills.discountTotal,
  amount: serviceBills.amount,
  createdAt: serviceBills.createdAt,
  settledAt: serviceBills.settledAt,
  hcAt: serviceBills.hcAt,
  hcMemo: serviceBills.hcMemo,
  hcReason: serviceBills.hcReason,
  hcByName: revoker.name,
  cancelReason: serviceBills.cancelReason,
  version: serviceBills.version,
};

type RawRow = { [K in keyof typeof rowColumns]: unknown } & {
  createdAt: Date;
  settledAt: Date | null;
  hcAt: Date | null;
};

function toRow(r: RawRow): ServiceBillRow {
  return {
    ...(r as unknown as ServiceBillRow),
    createdAt: r.createdAt.toISOString(),
    settledAt: r.settledAt?.toISOString() ?? null,
    hcAt: r.hcAt?.toISOString() ?? null,
  };
}

const billSelect = (tx: Db) =>
  tx
    .select(rowColumns)
    .from(serviceBills)
    .innerJoin(shops, eq(shops.id, serviceBills.shopId))
    .leftJoin(memberCards, eq(memberCards.id, serviceBills.cardId))
    .leftJoin(revoker, eq(revoker.id, serviceBills.hcBy))
    .$dynamic();

/** A bill with its lines (and what the payments put on each), payments and performance rows. */
export async function billDetail(tx: Db, id: number): Promise<ServiceBillDetail> {
  const [row] = await billSelect(tx).where(eq(serviceBills.id, id));
  if (!row) throw notFound();
  const [head] = await tx
    .select({ roundOff: serviceBills.roundOff, cashierName: users.name })
    .from(serviceBills)
    .leftJoin(users, eq(users.id, serviceBills.settledBy))
    .where(eq(serviceBills.id, id));
  const lines = await tx.select().from(serviceBillLines).where(eq(serviceBillLines.billId, id)).orderBy(asc(serviceBillLines.lineNo));
  const shares = await tx
    .select({ lineId: serviceBillShares.lineId, amount: sql<number>`sum(${serviceBillShares.amount})::int` })
    .from(serviceBillShares)
    .where(eq(serviceBillShares.billId, id))
    .groupBy(serviceBillShares.lineId);
  const paidOf = new Map(shares.map((s) => [s.lineId, Number(s.amount)]));
  const staffIds = [...new Set(lines.flatMap((l) => l.staff.map((s) => s.employeeId)))];
  const people = staffIds.length
    ? await tx
        .select({ id: employees.id, code: employees.eecode, name: employees.name })
        .from(employees)
        .where(inArray(employees.id, staffIds))
    : [];
  const person = new Map(people.map((p) => [p.id, p]));
  const payments = await tx
    .select({
      id: serviceBillPayments.id,
      payTypeId: serviceBillPayments.payTypeId,
      payCode: serviceBillPayments.payCode,
      payName: serviceBillPayments.payName,
      classCode: serviceBillPayments.classCode,
      amount: serviceBillPayments.amount,
      perf: serviceBillPayments.perf,
      fee: serviceBillPayments.fee,
      cardId: serviceBillPayments.cardId,
      cardNo: memberCards.cardNo,
      memberCouponId: serviceBillPayments.memberCouponId,
      couponCode: memberCoupons.code,
      principalAfter: cardBills.principalAfter,
      giftAfter: cardBills.giftAfter,
    })
    .from(serviceBillPayments)
    .leftJoin(memberCards, eq(memberCards.id, serviceBillPayments.cardId))
    .leftJoin(memberCoupons, eq(memberCoupons.id, serviceBillPayments.memberCouponId))
    .leftJoin(cardBills, eq(cardBills.id, serviceBillPayments.cardBillId))
    .where(eq(serviceBillPayments.billId, id))
    .orderBy(asc(serviceBillPayments.id));
  return {
    ...toRow(row as RawRow),
    roundOff: head.roundOff,
    cashierName: head.cashierName,
    giftMoney: row.status === 1 ? await giftMoneyOf(tx, row.cardId) : null,
    lines: lines.map((l) => ({
      id: l.id,
      lineNo: l.lineNo,
      kind: l.kind,
      itemId: l.itemId,
      code: l.code,
      name: l.name,
      num: l.num,
      listPrice: l.listPrice,
      plainPrice: l.plainPrice,
      price: l.price,
      priceSource: l.priceSource,
      discount: l.discount,
      additional: l.additional,
      listAmount: l.listAmount,
      amount: l.amount,
      roundOff: l.roundOff,
      paid: paidOf.get(l.id) ?? 0,
      staff: l.staff.map((s) => ({
        ...s,
        employeeCode: person.get(s.employeeId)?.code ?? '',
        employeeName: person.get(s.employeeId)?.name ?? '',
      })),
      packageLineId: l.packageLineId,
      packageBillId: l.packageBillId,
      serType: l.serType,
      staffPurchase: l.staffPurchase,
    })),
    payments: payments.map(({ principalAfter, giftAfter, ...p }) => ({
      ...p,
      cardBalance: principalAfter === null || giftAfter === null ? null : { principal: principalAfter, gift: giftAfter },
    })),
    perf: await perfRows(tx, id),
    log: await serviceBillLog(tx, id),
    cards: await billCards(tx, id),
    gifts: row.memberId ? await itemsIssuedBy(tx, id) : [],
  };
}

/** Every performance row of a bill (settle, revise and revoke rows), oldest first. */
export async function perfRows(tx: Db, billId: number) {
  const rows = await tx
    .select({
      id: serviceBillPerf.id,
      lineId: serviceBillPerf.lineId,
      lineName: serviceBillLines.name,
      employeeId: serviceBillPerf.employeeId,
      employeeCode: employees.eecode,
      employeeName: employees.name,
      station: serviceBillPerf.station,
      appointed: serviceBillPerf.appointed,
      amount: serviceBillPerf.amount,
      cause: serviceBillPerf.cause,
      causeBillNo: serviceBillPerf.causeBillNo,
      createdAt: serviceBillPerf.createdAt,
    })
    .from(serviceBillPerf)
    .innerJoin(serviceBillLines, eq(serviceBillLines.id, serviceBillPerf.lineId))
    .leftJoin(employees, eq(employees.id, serviceBillPerf.employeeId))
    .where(eq(serviceBillPerf.billId, billId))
    .orderBy(asc(serviceBillPerf.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** `serviceBillState` in SQL: the state the definitions name, from the status and the revoke flag. */
export const billStateSql = sql<string>`case ${serviceBills.status} when 4 then (case when ${serviceBills.isHc} <> 0 then 'revoked' else 'settled' end) when 1 then 'open' when 2 then 'expired' else 'voided' end`;

/** The bills a head-office list shows besides their state: those of package lines, of card lines, or every one. */
export const ofKind = (kind: BillRecordKind) =>
  kind === 'package' ? eq(serviceBills.hasPackageLines, true) : kind === 'card' ? eq(serviceBills.hasCards, true) : undefined;

/** The filters of the head-office lists, within the shops the user sees. */
function listWhere(
  auth: Auth,
  q: z.output<typeof serviceRecordsQuery>,
  statuses: number[],
  kind: BillRecordKind = 'service',
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(serviceBills.isDel, 0),
    ofKind(kind),
    inArray(serviceBills.status, statuses),
    inVisibleShops(auth, serviceBills.shopId),
    q.shopid ? eq(serviceBills.shopId, q.shopid) : undefined,
    q.dateFrom ? gte(serviceBills.businessDate, q.dateFrom) : undefined,
    q.dateTo ? lte(serviceBills.businessDate, q.dateTo) : undefined,
    q.isHc !== undefined ? eq(serviceBills.isHc, q.isHc) : undefined,
  ];
  if (q.keyword) {
    const pattern = containsPattern(q.keyword);
    const tag = /^\d{1,4}$/.test(q.keyword) ? eq(serviceBills.handTag, Number(q.keyword)) : undefined;
    conditions.push(
      or(ilike(serviceBills.billNo, pattern), ilike(serviceBills.memberName, pattern), ilike(serviceBills.mobile, pattern), tag),
    );
  }
  return and(...conditions);
}

const sortable = {
  billNo: serviceBills.billNo,
  businessDate: serviceBills.businessDate,
  amount: serviceBills.amount,
  settledAt: serviceBills.settledAt,
  createdAt: serviceBills.createdAt,
};

/** A page of service bills with the totals of every matching bill. */
export async function listBills(
  tx: Db,
  auth: Auth,
  q: z.output<typeof serviceRecordsQuery>,
  statuses: number[],
): Promise<z.output<typeof serviceRecordsPage>> {
  const where = listWhere(auth, q, statuses);
  const order = orderBy(q.sort, sortable, [desc(serviceBills.businessDate), desc(serviceBills.id)], serviceBills.id);
  const rows = billSelect(tx)
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const result = await pageOf(tx, q, rows, () => tx.select({ id: serviceBills.id }).from(serviceBills).where(where).$dynamic());
  // A voided or revoked bill counts in no total: their sums come apart.
  const totalsOf = (of: SQL) => ({
    count: sql<number>`count(*) filter (where ${of})`.mapWith(Number),
    listTotal: sql<number>`coalesce(sum(${serviceBills.listTotal}) filter (where ${of}), 0)::bigint`.mapWith(Number),
    discountTotal: sql<number>`coalesce(sum(${serviceBills.discountTotal}) filter (where ${of}), 0)::bigint`.mapWith(Number),
    amount: sql<number>`coalesce(sum(${serviceBills.amount}) filter (where ${of}), 0)::bigint`.mapWith(Number),
  });
  const [sum] = await tx
    .select({
      counted: totalsOf(sql`${billStateSql} not in ('voided', 'revoked')`),
      voided: totalsOf(sql`${billStateSql} = 'voided'`),
      revoked: totalsOf(sql`${billStateSql} = 'revoked'`),
    })
    .from(serviceBills)
    .where(where);
  return {
    ...result,
    list: (result.list as RawRow[]).map(toRow),
    sum: { ...sum.counted, apart: { voided: sum.voided, revoked: sum.revoked } },
  };
}

/** The current performance rows of a bill: written by a settle or revise and not negated since. */
export async function currentPerf(tx: Db, billId: number) {
  return tx
    .select()
    .from(serviceBillPerf)
    .where(
      and(
        eq(serviceBillPerf.billId, billId),
        isNull(serviceBillPerf.reversesId),
        sql`not exists (select 1 from service_bill_perf r where r.tenant_id = service_bill_perf.tenant_id and r.reverses_id = service_bill_perf.id)`,
      ),
    )
    .orderBy(asc(serviceBillPerf.id));
}

/** Negates the current performance rows (as new rows pointing at them). */
async function negatePerf(
  tx: Db,
  auth: Auth,
  billId: number,
  cause: 'revise' | 'revoke' | 'adjust',
  businessDate: string,
  causeBillNo: string | null = null,
) {
  const current = await currentPerf(tx, billId);
  if (current.length)
    await tx.insert(serviceBillPerf).values(
      current.map((r) => ({
        tenantId: auth.tenantId,
        billId,
        lineId: r.lineId,
        employeeId: r.employeeId,
        station: r.station,
        appointed: r.appointed,
        amount: -r.amount,
        cause,
        causeBillNo,
        businessDate,
        reversesId: r.id,
      })),
    );
}

export async function lockSettled(tx: Db, auth: Auth, id: number) {
  const [bill] = await tx
    .select()
    .from(serviceBills)
    .where(and(eq(serviceBills.id, id), eq(serviceBills.isDel, 0)))
    .for('update');
  if (!bill) throw notFound();
  const visible = inVisibleShops(auth, serviceBills.shopId);
  if (visible) {
    const [mine] = await tx
      .select({ id: serviceBills.id })
      .from(serviceBills)
      .where(and(eq(serviceBills.id, id), visible));
    if (!mine) throw notFound();
  }
  return bill;
}

/**
 * 撤单: reverses every effect of a settled bill in one transaction: the card bills of its card
 * payments (ledger rows negated to the same buckets), its package bills (counts used given back,
 * packages sold taken away), the stock it took, its performance rows, the coupons and red envelopes
 * activities gave on it (withdrawn; refused while one was used).
 * Refused (by the ledgers) when a reversal would take a balance below zero; a closed period is refused
 * before, by the platform's guard of the records' 撤单.
 */
export async function revokeBill(tx: Db, auth: Auth, lang: Lang, input: { id: number; hcMemo?: string; hcReason?: RevokeReason }) {
  const body = { ...input, hcMemo: revokeText(lang, input) };
  const bill = await lockSettled(tx, auth, body.id);
  if (bill.status !== 4 || bill.isHc) throw conflict('serviceBillNotRevocable');
  await revokeActivityGifts(tx, bill);
  const cardBills = await tx
    .selectDistinct({ cardBillId: serviceBillPayments.cardBillId })
    .from(serviceBillPayments)
    .where(and(eq(serviceBillPayments.billId, bill.id), sql`${serviceBillPayments.cardBillId} is not null`))
    .orderBy(asc(serviceBillPayments.cardBillId));
  await revokeCardLines(tx, auth, bill, `${bill.billNo} ${body.hcMemo}`);
  for (const { cardBillId } of cardBills)
    await revokeCardBill(
      tx,
      { tenantId: auth.tenantId, userId: auth.userId },
      { billId: cardBillId as number, memo: `${bill.billNo} ${body.hcMemo}` },
      ownedBy(bill),
    );
  // Package counts: the uses given back first, then the sales taken away (refused once a sold package was used).
  const packageLines = await tx
    .select({ packageBillId: serviceBillLines.packageBillId, kind: serviceBillLines.kind })
    .from(serviceBillLines)
    .where(and(eq(serviceBillLines.billId, bill.id), sql`${serviceBillLines.packageBillId} is not null`))
    .orderBy(asc(serviceBillLines.lineNo));
  const packageBills = [
    ...packageLines.filter((l) => l.kind !== 'package').map((l) => l.packageBillId as number),
    ...packageLines.filter((l) => l.kind === 'package').map((l) => l.packageBillId as number),
  ];
  for (const packageBillId of [...new Set(packageBills)])
    await revokePackageBill(
      tx,
      { tenantId: auth.tenantId, userId: auth.userId },
      { billId: packageBillId, memo: `${bill.billNo} ${body.hcMemo}` },
      ownedBy(bill),
    );
  const stock = await reversalOf(tx, SERVICE_DOC, bill.id);
  if (stock.length)
    await postStock(tx, stock, {
      tenantId: auth.tenantId,
      docType: SERVICE_DOC,
      billId: bill.id,
      allowNegative: false,
      describe: async (id) => String(id),
    });
  await negatePerf(tx, auth, bill.id, 'revoke', bill.businessDate);
  // The prepaid orders the bill used are unused again, usable by another bill.
  await tx
    .update(prepaidOrders)
    .set({ status: 1, billId: null, paymentId: null, usedAt: null, version: sql`${prepaidOrders.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(prepaidOrders.billId, bill.id), eq(prepaidOrders.status, 2)));
  await releaseVouchers(tx, bill.id);
  await giveBackCoupons(tx, bill.id);
  // What the bill counted, taken off the day it counted on (its business day), before it counts no more.
  await addDayFiguresOf(tx, tillFigures(sql`b.id = ${bill.id}`), -1);
  await tx
    .update(serviceBills)
    .set({
      isHc: 1,
      hcAt: sql`now()`,
      hcBy: auth.userId,
      hcMemo: input.hcMemo || null,
      hcReason: input.hcReason ?? null,
      version: sql`${serviceBills.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(serviceBills.id, bill.id));
  // The revoked bill counts no more in the member's spending and visits.
  await refreshMemberFigures(tx, bill.memberId);
  await serviceBillStep(tx, auth, bill.id, { action: 'revoke', fromState: 'settled', memo: body.hcMemo });
  return billDetail(tx, bill.id);
}

/** One row of a performance split: an employee (null: 公单, credited to no one), station, 指定, performance. */
export interface SplitRow {
  lineId: number;
  employeeId: number | null;
  station: number;
  appointed: boolean;
  yj: number;
}

/** Each line's performance (Σ of the payments' shares): what a station of the line is given in all. */
export async function linePerf(tx: Db, billId: number) {
  const rows = await tx
    .select({ lineId: serviceBillShares.lineId, perf: sql<number>`sum(${serviceBillShares.perf})::int` })
    .from(serviceBillShares)
    .where(eq(serviceBillShares.billId, billId))
    .groupBy(serviceBillShares.lineId);
  return new Map(rows.map((r) => [r.lineId, Number(r.perf)]));
}

/**
 * The revise rules of a new split (DOMAIN-DETAIL §4.2): every row on a line of the bill, its employee
 * known (of `shopId` when given), no employee twice in one station, per line and station at most the
 * line's amount. `exact` (an adjustment): every station given adds up to the line's performance to the
 * cent, and every line with performance has a station. Refusals are 400 on `${field}.${i}`.
 */
export async function checkSplit(
  tx: Db,
  lang: Lang,
  bill: { id: number },
  rows: SplitRow[],
  field: string,
  o: { shopId?: number; exact?: boolean } = {},
) {
  const lines = await tx.select().from(serviceBillLines).where(eq(serviceBillLines.billId, bill.id));
  const lineById = new Map(lines.map((l) => [l.id, l]));
  const ids = [...new Set(rows.flatMap((r) => (r.employeeId === null ? [] : [r.employeeId])))];
  const found = ids.length
    ? await tx
        .select({ id: employees.id, name: employees.name })
        .from(employees)
        .where(and(inArray(employees.id, ids), o.shopId === undefined ? undefined : eq(employees.shopId, o.shopId)))
    : [];
  const names = new Map(found.map((e) => [e.id, e.name]));
  const stationName = (station: number) => stationLabels[station as 1 | 2 | 3][lang === 'en-US' ? 1 : 0];
  const sums = new Map<string, { sum: number; last: number }>();
  const seen = new Set<string>();
  for (const [i, r] of rows.entries()) {
    const line = lineById.get(r.lineId);
    if (!line) throw fieldError(`${field}.${i}.lineId`, 'reviseLineUnknown');
    if (r.employeeId !== null) {
      if (!names.has(r.employeeId)) throw fieldError(`${field}.${i}.employeeId`, 'employeeUnknown');
      const who = `${r.lineId}:${r.station}:${r.employeeId}`;
      if (seen.has(who)) throw fieldError(`${field}.${i}.employeeId`, 'employeeTwice', { name: names.get(r.employeeId) ?? '' });
      seen.add(who);
    }
    const key = `${r.lineId}:${r.station}`;
    const sum = (sums.get(key)?.sum ?? 0) + r.yj;
    sums.set(key, { sum, last: i });
    if (sum > line.amount)
      throw fieldError(`${field}.${i}.yj`, 'revisePerfOver', {
        line: line.name,
        station: stationName(r.station),
        sum: yuan(sum),
        amount: yuan(line.amount),
      });
  }
  if (!o.exact) return;
  const perfOf = await linePerf(tx, bill.id);
  for (const [key, { sum, last }] of sums) {
    const [lineId, station] = key.split(':').map(Number);
    const perf = perfOf.get(lineId) ?? 0;
    if (sum !== perf)
      throw fieldError(`${field}.${last}.yj`, 'splitNotExact', {
        line: lineById.get(lineId)?.name ?? '',
        station: stationName(station),
        sum: yuan(sum),
        perf: yuan(perf),
      });
  }
  for (const line of lines)
    if ((perfOf.get(line.id) ?? 0) > 0 && ![1, 2, 3].some((station) => sums.has(`${line.id}:${station}`)))
      throw fieldError(field, 'splitLineMissing', { line: line.name, perf: yuan(perfOf.get(line.id) ?? 0) });
}

/**
 * Writes a new split of a settled bill: its current performance rows negated and the new ones written,
 * dated with the bill's business date, under `cause` (and the adjustment bill's number that caused it).
 */
export async function writeSplit(
  tx: Db,
  auth: Auth,
  bill: { id: number; businessDate: string },
  rows: SplitRow[],
  cause: 'revise' | 'adjust',
  causeBillNo: string | null = null,
) {
  await negatePerf(tx, auth, bill.id, cause, bill.businessDate, causeBillNo);
  await tx.insert(serviceBillPerf).values(
    rows.map((r) => ({
      tenantId: auth.tenantId,
      billId: bill.id,
      lineId: r.lineId,
      employeeId: r.employeeId,
      station: r.station,
      appointed: r.appointed,
      amount: r.yj,
      cause,
      causeBillNo,
      businessDate: bill.businessDate,
    })),
  );
  await tx
    .update(serviceBills)
    .set({ version: sql`${serviceBills.version} + 1`, updatedAt: sql`now()` })
    .where(eq(serviceBills.id, bill.id));
  // 改单, or an adjustment bill's new split (its number as the memo).
  await serviceBillStep(tx, auth, bill.id, { action: cause, fromState: 'settled', memo: causeBillNo });
}

/**
 * 改单: re-attributes staff credit only (DOMAIN-DETAIL §4.2): every row names an employee, performance
 * above zero and 指定 or not; per line and station the sum is at most the line's amount; no employee
 * twice in one station. The current rows are negated and the new ones written; money never changes.
 * Its rows are dated with the bill's business date, so a closed period refuses it as it refuses the
 * 撤单: through the platform's guard of the bill's type (its `locks`).
 */
export async function reviseBill(tx: Db, auth: Auth, lang: Lang, body: z.output<typeof reviseBody>) {
  const bill = await lockSettled(tx, auth, body.id);
  if (bill.status !== 4 || bill.isHc) throw conflict('billNotRevisable');
  await runGuards(tx, auth, { doc: serviceDoc, bill: { ...bill, state: serviceBillState(bill) }, operation: 'revise' });
  await checkSplit(tx, lang, bill, body.eeyjList, 'eeyjList');
  await writeSplit(tx, auth, bill, body.eeyjList, 'revise');
  return billDetail(tx, bill.id);
}

/** Head office voids expired bills (作废, status 3), each at the revision it read. */
export async function cancelExpired(tx: Db, auth: Auth, rows: { id: number; revision: number; cancelReason: string }[]) {
  for (const r of [...rows].sort((a, b) => a.id - b.id)) {
    const bill = await lockSettled(tx, auth, r.id);
    if (bill.status !== 2) throw conflict('cancelNotExpired', { billNo: bill.billNo });
    if (bill.version !== r.revision) throw conflict('billStale');
    await tx
      .update(serviceBills)
      .set({
        status: 3,
        cancelledAt: sql`now()`,
        cancelledBy: auth.userId,
        cancelReason: r.cancelReason,
        version: sql`${serviceBills.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(serviceBills.id, bill.id));
    await serviceBillStep(tx, auth, bill.id, { action: 'cancel', fromState: 'expired', memo: r.cancelReason });
  }
  return { done: rows.length };
}

/** Deletes a voided bill (only voided ones: 已作废的单据才可以删除). */
export async function deleteVoided(tx: Db, auth: Auth, id: number) {
  const bill = await lockSettled(tx, auth, id);
  if (bill.status !== 3) throw new AppError(409, 'deleteNotVoided');
  await tx
    .update(serviceBills)
    .set({ isDel: 1, version: sql`${serviceBills.version} + 1`, updatedAt: sql`now()` })
    .where(eq(serviceBills.id, bill.id));
  await serviceBillStep(tx, auth, bill.id, { action: 'delete', fromState: 'voided' });
  return { id };
}

/** zs: lines of settled bills paid with counts of gift package lines, newest first, within the shops the user sees. */
export async function packageGifts(tx: Db, auth: Auth, q: z.output<typeof serviceRecordsQuery>) {
  const where = and(
    listWhere(auth, q, [4], 'package'),
    sql`${serviceBillLines.packageLineId} is not null`,
    sql`exists (select 1 from member_package_lines m where m.tenant_id = ${serviceBillLines.tenantId} and m.id = ${serviceBillLines.packageLineId} and m.is_gift = 1)`,
  );
  const from = () =>
    tx
      .select({
        billId: serviceBills.id,
        billNo: serviceBills.billNo,
        shopName: shops.name,
        businessDate: serviceBills.businessDate,
        memberName: serviceBills.memberName,
        lineId: serviceBillLines.id,
        name: serviceBillLines.name,
        num: serviceBillLines.num,
        packageLineId: sql<number>`${serviceBillLines.packageLineId}`.mapWith(Number),
        isHc: serviceBills.isHc,
      })
      .from(serviceBillLines)
      .innerJoin(serviceBills, eq(serviceBills.id, serviceBillLines.billId))
      .innerJoin(shops, eq(shops.id, serviceBills.shopId));
  return pageOf(
    tx,
    q,
    from()
      .where(where)
      .orderBy(desc(serviceBills.businessDate), desc(serviceBillLines.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    () =>
      tx
        .select({ id: serviceBillLines.id })
        .from(serviceBillLines)
        .innerJoin(serviceBills, eq(serviceBills.id, serviceBillLines.billId))
        .where(where)
        .$dynamic(),
  );
}

/** 404 unless the bill is settled, of a shop the user sees, and of the list's kind (package or card bill). */
export async function assertBillOfKind(tx: Db, auth: Auth, id: number, kind: BillRecordKind) {
  const [row] = await tx
    .select({ id: serviceBills.id })
    .from(serviceBills)
    .where(and(eq(serviceBills.id, id), listWhere(auth, { page: 1, pageSize: 1 }, [4], kind)));
  if (!row) throw notFound();
}
