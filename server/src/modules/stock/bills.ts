import { type StockBillType, type stockBillSave, stockEntryBill, stockOutBill } from '@headoffice/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, can } from '../../platform/auth.js';
import { type BillCtx, billType } from '../../platform/bills.js';
import { type BillRow, logBill, nextBillNumber, type TransitionContext, transition } from '../../platform/documents.js';
import { conflict, fieldError } from '../../platform/errors.js';
import type { Lang } from '../../platform/i18n.js';
import { tenantToday } from '../../platform/numbering.js';
import { products } from '../catalog/public.js';
import {
  assertLocation,
  checkLineProducts,
  getStockConfig,
  lineAmount,
  locationFilter,
  locationName,
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

export interface NewLine {
  productId: number;
  quantity: number;
  unitCost: number;
  memo?: string | null;
}

export interface NewBill {
  type: StockBillType;
  shopId: number | null;
  billDate: string;
  reasonId: number;
  counterpart?: string | null;
  counterpartShopId?: number | null;
  transferId?: number | null;
  orderId?: number | null;
  memo?: string | null;
  lines: NewLine[];
}

/** Adds lines to a bill after its last one. */
async function insertLines(tx: Db, tenantId: number, billId: number, lines: NewLine[]) {
  if (!lines.length) return;
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${stockBillLines.sort}), 0)::int` })
    .from(stockBillLines)
    .where(eq(stockBillLines.billId, billId));
  await tx.insert(stockBillLines).values(
    lines.map((l, i) => ({
      tenantId,
      billId,
      productId: l.productId,
      quantity: l.quantity,
      unitCost: l.unitCost,
      amount: lineAmount(l.quantity, l.unitCost),
      memo: l.memo ?? null,
      sort: Number(last) + (i + 1) * 10,
    })),
  );
}

/** Recomputes a bill's totals from its lines. */
async function refreshTotals(tx: Db, billId: number) {
  await tx
    .update(stockBills)
    .set({
      totalQuantity: sql`(select coalesce(sum(quantity), 0)::int from stock_bill_lines where bill_id = ${billId})`,
      totalAmount: sql`(select coalesce(sum(amount), 0)::int from stock_bill_lines where bill_id = ${billId})`,
    })
    .where(eq(stockBills.id, billId));
}

/** Creates a draft bill with its number (RK/CK + business date), lines, totals and its first log row. */
export async function insertBill(tx: Db, auth: Auth, bill: NewBill): Promise<number> {
  const { doc } = billTypeOf(bill.type);
  const billNo = await nextBillNumber(tx, doc, auth.tenantId, await tenantToday(tx, auth.tenantId));
  const [created] = await tx
    .insert(stockBills)
    .values({
      tenantId: auth.tenantId,
      billNo,
      type: bill.type,
      shopId: bill.shopId,
      billDate: bill.billDate,
      reasonId: bill.reasonId,
      counterpart: bill.counterpart ?? null,
      counterpartShopId: bill.counterpartShopId ?? null,
      transferId: bill.transferId ?? null,
      orderId: bill.orderId ?? null,
      memo: bill.memo ?? null,
      createdBy: auth.userId,
      createdByName: auth.name,
    })
    .returning({ id: stockBills.id });
  await insertLines(tx, auth.tenantId, created.id, bill.lines);
  await refreshTotals(tx, created.id);
  await logBill(tx, doc, created.id, 'create', null, 'draft', auth);
  return created.id;
}

async function billLines(tx: Db, billId: number) {
  return tx
    .select({
      id: stockBillLines.id,
      productId: stockBillLines.productId,
      quantity: stockBillLines.quantity,
      unitCost: stockBillLines.unitCost,
    })
    .from(stockBillLines)
    .where(eq(stockBillLines.billId, billId))
    .orderBy(asc(stockBillLines.sort), asc(stockBillLines.id));
}

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
  const config = await getStockConfig(tx);
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
  await postStock(
    tx,
    lines.map((l) => ({ shopId, productId: l.productId, delta: sign * l.quantity, lineId: l.id })),
    {
      tenantId: ctx.auth.tenantId,
      docType: ctx.doc.docType,
      billId: bill.id,
      allowNegative: config.allowNegative,
      describe: (productId) => productLabel(tx, productId),
    },
  );
  if (entryId !== undefined) await transition(tx, entryBills.doc, { id: entryId, action: 'audit', internal: true }, ctx.auth);
  return {
    auditedBy: ctx.auth.userId,
    auditedByName: ctx.auth.name,
    auditedAt: new Date(),
    ...(entryId !== undefined ? { transferId: bill.id } : {}),
  };
}

/** Revoke: posts the negation of every ledger row the bill posted. Revoking either side of a transfer revokes the other in the same transaction. */
async function revokeEffect(tx: Db, bill: BillRow, ctx: TransitionContext) {
  const config = await getStockConfig(tx);
  const own = await reversalOf(tx, ctx.doc.docType, bill.id);
  const partner = ctx.internal ? undefined : await transferPartner(tx, bill);
  const partnerType = partner && billTypeOf(partner.type as StockBillType);
  if (partner?.state === 'audited' && partnerType) {
    const theirs = await reversalOf(tx, partnerType.def.docType, partner.id);
    await lockBalances(tx, ctx.auth.tenantId, [...own, ...theirs]);
  }
  await postStock(tx, own, {
    tenantId: ctx.auth.tenantId,
    docType: ctx.doc.docType,
    billId: bill.id,
    allowNegative: config.allowNegative,
    describe: (productId) => productLabel(tx, productId),
  });
  if (partner?.state === 'audited' && partnerType)
    await transition(tx, partnerType.doc, { id: partner.id, action: 'revoke', internal: true, memo: ctx.memo }, ctx.auth);
  return {};
}

/** Bills made by a product order are revoked only with it. */
async function notFromOrder(tx: Db, bill: BillRow) {
  if (!bill.orderId) return true;
  const [order] = await tx
    .select({ billNo: productOrders.billNo })
    .from(productOrders)
    .where(eq(productOrders.id, bill.orderId as number));
  return conflict('orderBillRevoke', { billNo: order?.billNo ?? String(bill.orderId) });
}

/** Both bills of a transfer, locked in id order (the out first) before either is changed. */
async function lockTransfer(tx: Db, id: number) {
  await tx.execute(sql`
    select b2.id from stock_bills b1
    join stock_bills b2 on b2.tenant_id = b1.tenant_id and b2.transfer_id = b1.transfer_id
    where b1.id = ${id} and b1.transfer_id is not null
    order by b2.id for update of b2`);
}

// ---- display ----

/** Display names: the warehouse for a null shop; the other side of transfers and order bills. */
function shape(lang: Lang, row: Record<string, unknown>) {
  const linked = row.reasonKind === 'transfer' || row.orderId !== null;
  const shopId = row.shopId as number | null;
  const counterpartShopId = row.counterpartShopId as number | null;
  return {
    ...row,
    shopName: locationName(lang, shopId, row.shopName as string | null),
    counterpartShopName: linked ? locationName(lang, counterpartShopId, row.counterpartShopName as string | null) : row.counterpartShopName,
  };
}

async function linesOf(tx: Db, billIds: number[]) {
  if (!billIds.length) return [];
  // Each line's product by its key (a lateral lookup, LIMIT 1 keeps it one): joined plainly, the
  // planner hashed every product of the chain to serve a page's hundred lines.
  const product = tx
    .select({ pcode: products.pcode, name: products.name, barcode: products.barcode, spec: products.spec, unit: products.unit })
    .from(products)
    .where(eq(products.id, stockBillLines.productId))
    .limit(1)
    .as('product');
  return tx
    .select({
      id: stockBillLines.id,
      billId: stockBillLines.billId,
      productId: stockBillLines.productId,
      pcode: product.pcode,
      productName: product.name,
      barcode: product.barcode,
      spec: product.spec,
      unit: product.unit,
      quantity: stockBillLines.quantity,
      unitCost: stockBillLines.unitCost,
      amount: stockBillLines.amount,
      memo: stockBillLines.memo,
      sort: stockBillLines.sort,
    })
    .from(stockBillLines)
    .innerJoinLateral(product, sql`true`)
    .where(inArray(stockBillLines.billId, billIds))
    .orderBy(asc(stockBillLines.billId), asc(stockBillLines.sort), asc(stockBillLines.id));
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

/** Checks a head: the user's location, the reason, and the other side of a transfer. */
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

function saveOf(type: StockBillType) {
  return async ({ tx, auth }: BillCtx, body: SaveBody, bill?: BillRow) => {
    const counterpartShopId = await checkHead(tx, auth, type, body);
    const found = body.lines ? await checkLineProducts(tx, body.lines) : new Map();
    const lines = (body.lines ?? []).map((l) => ({ ...l, unitCost: l.unitCost ?? found.get(l.productId)?.purchasePrice ?? 0 }));
    const head = {
      shopId: body.shopId,
      reasonId: body.reasonId,
      counterpart: body.counterpart ?? null,
      counterpartShopId,
      memo: body.memo ?? null,
    };
    if (!bill) return insertBill(tx, auth, { type, ...head, billDate: body.billDate ?? (await tenantToday(tx, auth.tenantId)), lines });
    await tx
      .update(stockBills)
      .set({ ...head, billDate: body.billDate ?? (bill.billDate as string) })
      .where(eq(stockBills.id, bill.id));
    if (body.lines) {
      await tx.delete(stockBillLines).where(eq(stockBillLines.billId, bill.id));
      await insertLines(tx, auth.tenantId, bill.id, lines);
    }
    await refreshTotals(tx, bill.id);
    return bill.id;
  };
}

/** `entryproducts/save`: adds (no id) or changes (id) lines; the bill must not hold a product twice afterwards. */
async function saveLines({ tx, auth }: BillCtx, bill: BillRow, lines: Record<string, unknown>[]) {
  const body = lines as { id?: number; productId: number; quantity: number; unitCost?: number; memo?: string | null }[];
  const current = await tx
    .select({ id: stockBillLines.id, productId: stockBillLines.productId })
    .from(stockBillLines)
    .where(eq(stockBillLines.billId, bill.id));
  const changed = new Set(body.map((l) => l.id).filter((v) => v !== undefined));
  const found = await checkLineProducts(tx, body);
  const kept = current.filter((c) => !changed.has(c.id));
  for (const [i, line] of body.entries())
    if (kept.some((k) => k.productId === line.productId))
      throw fieldError(`lines.${i}.productId`, 'duplicateProduct', { product: found.get(line.productId)?.name ?? '' });
  for (const line of body) {
    const unitCost = line.unitCost ?? found.get(line.productId)?.purchasePrice ?? 0;
    if (line.id === undefined) await insertLines(tx, auth.tenantId, bill.id, [{ ...line, unitCost }]);
    else
      await tx
        .update(stockBillLines)
        .set({
          productId: line.productId,
          quantity: line.quantity,
          unitCost,
          amount: lineAmount(line.quantity, unitCost),
          memo: line.memo ?? null,
        })
        .where(eq(stockBillLines.id, line.id));
  }
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
    dateField: 'billDate',
    numberPrefix: type === ENTRY ? 'RK' : 'CK',
    headOfficePerm: WAREHOUSE_PERM,
    lockGroup: lockTransfer,
    displays: { reasonKind: ['reasonId', 'kind'] },
    shape,
    lines: { table: stockBillLines, billKey: stockBillLines.billId, of: linesOf, save: saveLines, changed: refreshTotals },
    filters: { location: byLocation, warehouse: byLocation },
    save: saveOf(type),
    afterSave: autoAudit(type),
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
