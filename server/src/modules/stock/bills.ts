import { type StockBillType, type stockBillSave, stockEntryBill, stockOutBill } from '@headoffice/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, can } from '../../platform/auth.js';
import { type BillCtx, billType, insertDraft } from '../../platform/bills.js';
import { type BillRow, type TransitionContext, transition } from '../../platform/documents.js';
import { conflict, fieldError } from '../../platform/errors.js';
import type { Lang } from '../../platform/i18n.js';
import {
  assertLocation,
  getStockConfig,
  lineAmount,
  locationFilter,
  locationName,
  priced,
  productLabel,
  requireShop,
  WAREHOUSE_PERM,
} from './common.js';
import { lockBalances, postStock, reversalOf } from './ledger.js';
import { systemReason } from './reasons.js';
import { productOrders, stockBillLines, stockBills, stockReasons } from './schema.js';

// Stock entries (type '1') and outs (type '2') on the bill engine: their table and display joins,
// saving with the reason and transfer checks, and the effects of audit, reject and revoke on stock.

export const ENTRY: StockBillType = '1';
export const OUT: StockBillType = '2';

export type NewBill = Omit<typeof stockBills.$inferInsert, 'tenantId' | 'billNo'> & {
  type: StockBillType;
  lines: { productId: number; quantity: number; unitCost: number }[];
};

/** A draft the system makes (the entry of a transfer, the bills of an order, the demo): lines as given, no user's checks. */
export async function insertBill(tx: Db, auth: Auth, { lines, ...head }: NewBill): Promise<number> {
  const rows = lines.map((l) => ({ ...l, amount: lineAmount(l.quantity, l.unitCost) }));
  return insertDraft(billTypeOf(head.type), { tx, auth }, head, rows);
}

const billLines = (tx: Db, billId: number) =>
  tx.select().from(stockBillLines).where(eq(stockBillLines.billId, billId)).orderBy(asc(stockBillLines.sort), asc(stockBillLines.id));

/** The other bill of a transfer (same `transferId`). */
async function transferPartner(tx: Db, bill: { id: number; transferId?: unknown }) {
  if (!bill.transferId) return undefined;
  const [partner] = await tx
    .select({ id: stockBills.id, type: stockBills.type, state: stockBills.state, billNo: stockBills.billNo })
    .from(stockBills)
    .where(and(eq(stockBills.transferId, bill.transferId as number), sql`${stockBills.id} <> ${bill.id}`))
    .limit(1);
  return partner;
}

async function reasonKind(tx: Db, reasonId: number): Promise<string> {
  const [row] = await tx.select({ kind: stockReasons.kind }).from(stockReasons).where(eq(stockReasons.id, reasonId));
  return row?.kind ?? 'other';
}

/** Posts a bill's ledger rows: a balance may go below zero only where the stock config allows it. */
async function post(tx: Db, ctx: TransitionContext, billId: number, rows: Parameters<typeof postStock>[1]) {
  const { allowNegative } = await getStockConfig(tx);
  const describe = (productId: number) => productLabel(tx, productId);
  await postStock(tx, rows, { tenantId: ctx.auth.tenantId, docType: ctx.doc.docType, billId, allowNegative, describe });
}

/**
 * Audit: posts the lines (entry +, out −) at the bill's location. A transfer out also creates the
 * matching entry at the other location and audits it in the same transaction (both carry the out's
 * id as `transferId`). Numbers are taken before balances are locked, and the balances of both
 * locations are locked in one order, so concurrent bills never deadlock.
 */
async function auditEffect(tx: Db, bill: BillRow, ctx: TransitionContext) {
  const type = bill.type as StockBillType;
  const lines = await billLines(tx, bill.id);
  if (!lines.length) throw conflict('emptyBill');
  const shopId = bill.shopId;
  let entryId: number | undefined;
  if (type === OUT && !ctx.internal && (await reasonKind(tx, bill.reasonId as number)) === 'transfer') {
    const counterpartShopId = (bill.counterpartShopId as number | null) ?? null;
    entryId = await insertBill(tx, ctx.auth, {
      type: ENTRY,
      shopId: counterpartShopId,
      counterpartShopId: shopId,
      reasonId: await systemReason(tx, ctx.auth.tenantId, 1, 'transfer'),
      billDate: bill.billDate as string,
      transferId: bill.id,
      memo: bill.memo as string | null,
      lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitCost: l.unitCost })),
    });
    await lockBalances(tx, ctx.auth.tenantId, [
      ...lines.map((l) => ({ shopId, productId: l.productId })),
      ...lines.map((l) => ({ shopId: counterpartShopId, productId: l.productId })),
    ]);
  }
  const sign = type === ENTRY ? 1 : -1;
  await post(
    tx,
    ctx,
    bill.id,
    lines.map((l) => ({ shopId, productId: l.productId, delta: sign * l.quantity, lineId: l.id })),
  );
  if (entryId === undefined) return undefined;
  await transition(tx, entryBills.doc, { id: entryId, action: 'audit', internal: true }, ctx.auth);
  return { transferId: bill.id };
}

/** Revoke: posts the negation of every ledger row the bill posted. Revoking either side of a transfer revokes the other in the same transaction. */
async function revokeEffect(tx: Db, bill: BillRow, ctx: TransitionContext) {
  const own = await reversalOf(tx, ctx.doc.docType, bill.id);
  const partner = ctx.internal ? undefined : await transferPartner(tx, bill);
  const partnerType = partner && billTypeOf(partner.type as StockBillType);
  if (partner?.state === 'audited' && partnerType) {
    const theirs = await reversalOf(tx, partnerType.def.docType, partner.id);
    await lockBalances(tx, ctx.auth.tenantId, [...own, ...theirs]);
  }
  await post(tx, ctx, bill.id, own);
  if (partner?.state === 'audited' && partnerType)
    await transition(tx, partnerType.doc, { id: partner.id, action: 'revoke', internal: true, memo: ctx.memo }, ctx.auth);
  return {};
}

async function notFromOrder(tx: Db, bill: BillRow) {
  if (!bill.orderId) return true;
  const [order] = await tx
    .select({ billNo: productOrders.billNo })
    .from(productOrders)
    .where(eq(productOrders.id, bill.orderId as number));
  return conflict('orderBillRevoke', { billNo: order?.billNo ?? String(bill.orderId) });
}

// ---- display ----

/** Display names: the warehouse for a null shop; the other side of transfers and order bills. */
function shape(lang: Lang, row: Record<string, unknown>) {
  const linked = row.reasonKind === 'transfer' || row.orderId !== null;
  const name = (id: unknown, name: unknown) => locationName(lang, id as number | null, name as string | null);
  const counterpartShopName = linked ? name(row.counterpartShopId, row.counterpartShopName) : row.counterpartShopName;
  return { ...row, shopName: name(row.shopId, row.shopName), counterpartShopName };
}

/** The other bill of a transfer and the order that made the bill. */
async function detailLinks({ tx }: BillCtx, row: Record<string, unknown>) {
  const partner = (await transferPartner(tx, row as { id: number; transferId: unknown })) ?? null;
  const [order] = row.orderId
    ? await tx
        .select({ id: productOrders.id, billNo: productOrders.billNo, state: productOrders.state })
        .from(productOrders)
        .where(eq(productOrders.id, row.orderId as number))
    : [];
  return { partner, order: order ?? null };
}

// ---- saving ----

async function checkReason(tx: Db, type: StockBillType, reasonId: number) {
  const [reason] = await tx
    .select({ name: stockReasons.name, direction: stockReasons.direction, kind: stockReasons.kind, status: stockReasons.status })
    .from(stockReasons)
    .where(eq(stockReasons.id, reasonId));
  if (reason?.status !== 1) throw fieldError('reasonId', 'missingReference', { field: '@stock_reason' });
  if (reason.direction !== (type === ENTRY ? 1 : 2)) throw fieldError('reasonId', type === ENTRY ? 'reasonNotEntry' : 'reasonNotOut');
  // Transfer entries come from their out; order bills from their order.
  if (reason.kind === 'order' || (type === ENTRY && reason.kind === 'transfer'))
    throw fieldError('reasonId', 'reasonSystem', { reason: reason.name });
  return reason;
}

type SaveBody = z.output<typeof stockBillSave>;

/** Checks a head: the user's location, the reason, and the other side of a transfer (the column it sets). */
async function checkHead(tx: Db, auth: Auth, type: StockBillType, body: SaveBody) {
  assertLocation(auth, body.shopId);
  if (body.shopId !== null) await requireShop(tx, body.shopId, 'shopId');
  const reason = await checkReason(tx, type, body.reasonId);
  if (type !== OUT || reason.kind !== 'transfer') return null;
  if (body.counterpartShopId === undefined) throw fieldError('counterpartShopId', 'transferTarget');
  if (body.counterpartShopId === body.shopId) throw fieldError('counterpartShopId', 'transferSame');
  if (body.counterpartShopId !== null) await requireShop(tx, body.counterpartShopId, 'counterpartShopId');
  return body.counterpartShopId;
}

/** With the stock config's auto audit on, a bill saved with lines by a user who may audit it is audited at once. */
function autoAudit(type: StockBillType) {
  return async ({ tx, auth }: BillCtx, id: number) => {
    const { doc } = billTypeOf(type);
    if (!can(auth, `${doc.docType}.audit`) || !(await getStockConfig(tx)).autoAudit) return;
    const [{ n }] = await tx.select({ n: count() }).from(stockBillLines).where(eq(stockBillLines.billId, id));
    if (n > 0) await transition(tx, doc, { id, action: 'audit' }, auth);
  };
}

/** A list's location: one shop, or the warehouse (`warehouse=1`); the user's own (403 for another). */
const byLocation = ({ auth }: { auth: Auth }, _value: unknown, query: Record<string, unknown>) =>
  locationFilter(auth, stockBills.shopId, query);

function stockBillType(def: typeof stockEntryBill | typeof stockOutBill, type: StockBillType) {
  return billType(def, {
    table: stockBills,
    scope: eq(stockBills.type, type),
    numberPrefix: type === ENTRY ? 'RK' : 'CK',
    numberedToday: true,
    headOfficePerm: WAREHOUSE_PERM,
    lockGroup: 'transferId',
    displays: { reasonKind: ['reasonId', 'kind'] },
    shape,
    lines: {
      table: stockBillLines,
      displays: {
        pcode: ['productId', 'pcode'],
        barcode: ['productId', 'barcode'],
        spec: ['productId', 'spec'],
        unit: ['productId', 'unit'],
      },
      byKey: true,
      unique: 'productId',
      totals: { totalQuantity: 'quantity', totalAmount: 'amount' },
    },
    filters: { location: byLocation, warehouse: byLocation },
    prepare: async ({ tx, auth }, body) => ({ type, counterpartShopId: await checkHead(tx, auth, type, body) }),
    lineValues: ({ tx }, lines) => priced(tx, lines, 'unitCost'),
    afterSave: autoAudit(type),
    signs: { audit: 'audited' },
    reasons: { reject: 'rejectReason' },
    effects: { audit: auditEffect, revoke: revokeEffect },
    conditions: { notFromOrder },
    detail: detailLinks,
    describe: {
      'chain/findListWithPro':
        'Newest first. Filters: shopid (or warehouse=1; neither: every location the user may see), dateFrom/dateTo (bill date), state, reasonId, productId (bills with a line of it), billNo (contains), counterpartShopId.',
      '': 'The head is replaced; `lines`, when sent, replace every line. Saving a rejected bill makes it a draft again. A transfer out (reason kind transfer) names the receiving location in counterpartShopId (null: the warehouse). With stockconfig.autoAudit, a bill saved with lines by a user who may audit it is audited at once.',
      audit: 'Posts the lines to stock; a transfer out also creates and audits the matching entry.',
      revoke: 'Posts the reversing rows; both bills of a transfer are revoked together; bills of an order only with it.',
    },
  });
}

export const entryBills = stockBillType(stockEntryBill, ENTRY);
export const outBills = stockBillType(stockOutBill, OUT);
/** The bill type of a stock bill type code. */
export function billTypeOf(type: StockBillType) {
  return type === ENTRY ? entryBills : outBills;
}
