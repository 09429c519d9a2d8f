import { productOrderStates, stateLabels, stockBillStates } from '@headoffice/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import {
  type BillRow,
  type DocumentType,
  logBill,
  nextBillNumber,
  registerDocumentType,
  type TransitionContext,
  transition,
} from '../../platform/documents.js';
import { conflict, forbidden } from '../../platform/errors.js';
import type { Lang } from '../../platform/i18n.js';
import { nextNumber } from '../../platform/numbering.js';
import {
  getOrderConfig,
  getStockConfig,
  lineAmount,
  locationName,
  productLabel,
  shopNames,
  tenantToday,
  WAREHOUSE_PERM,
} from './common.js';
import { lockBalances, postStock, reversalOf } from './ledger.js';
import { systemReason } from './reasons.js';
import { productOrderLines, productOrders, stockBillLines, stockBills, stockReasons } from './schema.js';

export type BillType = '1' | '2';
export const ENTRY: BillType = '1';
export const OUT: BillType = '2';

export interface NewLine {
  productId: number;
  quantity: number;
  unitCost: number;
  memo?: string | null;
}

export interface NewBill {
  type: BillType;
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

const docTypeOf = (type: BillType) => (type === ENTRY ? 'stock.entry' : 'stock.out');

/** Adds lines to a bill after its last one. */
export async function insertLines(tx: Db, tenantId: number, billId: number, lines: NewLine[]) {
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
export async function refreshTotals(tx: Db, billId: number) {
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
  const billNo = await nextBillNumber(tx, billDoc(bill.type), auth.tenantId, await tenantToday(tx, auth.tenantId));
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
  await logBill(tx, billDoc(bill.type), created.id, 'create', null, 'draft', auth);
  return created.id;
}

export async function billLines(tx: Db, billId: number) {
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

async function reasonKind(tx: Db, reasonId: number): Promise<string> {
  const [row] = await tx.select({ kind: stockReasons.kind }).from(stockReasons).where(eq(stockReasons.id, reasonId));
  return row?.kind ?? 'other';
}

/** The other bill of a transfer (same `transferId`). */
export async function transferPartner(tx: Db, bill: { id: number; transferId?: unknown }) {
  if (!bill.transferId) return undefined;
  const [partner] = await tx
    .select({ id: stockBills.id, type: stockBills.type, state: stockBills.state, billNo: stockBills.billNo })
    .from(stockBills)
    .where(and(eq(stockBills.transferId, bill.transferId as number), sql`${stockBills.id} <> ${bill.id}`))
    .limit(1);
  return partner;
}

/**
 * Audit: posts the lines (entry +, out −) at the bill's location. A transfer out also creates the
 * matching entry at the other location and audits it in the same transaction (both carry the out's
 * id as `transferId`). Numbers are taken before balances are locked, and the balances of both
 * locations are locked in one order, so concurrent bills never deadlock.
 */
async function auditEffect(tx: Db, bill: BillRow, ctx: TransitionContext) {
  const type = bill.type as BillType;
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
  if (entryId !== undefined) await transition(tx, entryDoc, { id: entryId, action: 'audit', internal: true }, ctx.auth);
  return {
    auditedBy: ctx.auth.userId,
    auditedByName: ctx.auth.name,
    auditedAt: new Date(),
    ...(entryId !== undefined ? { transferId: bill.id } : {}),
  };
}

/**
 * Revoke: posts the negation of every ledger row the bill posted. Revoking either side of a
 * transfer revokes the other in the same transaction. Bills made by a product order are revoked
 * only with the order.
 */
async function revokeEffect(tx: Db, bill: BillRow, ctx: TransitionContext) {
  if (bill.orderId && !ctx.internal) {
    const [order] = await tx
      .select({ billNo: productOrders.billNo })
      .from(productOrders)
      .where(eq(productOrders.id, bill.orderId as number));
    throw conflict('orderBillRevoke', { billNo: order?.billNo ?? String(bill.orderId) });
  }
  const config = await getStockConfig(tx);
  const own = await reversalOf(tx, ctx.doc.docType, bill.id);
  const partner = ctx.internal ? undefined : await transferPartner(tx, bill);
  if (partner?.state === 'audited') {
    const theirs = await reversalOf(tx, docTypeOf(partner.type as BillType), partner.id);
    await lockBalances(tx, ctx.auth.tenantId, [...own, ...theirs]);
  }
  await postStock(tx, own, {
    tenantId: ctx.auth.tenantId,
    docType: ctx.doc.docType,
    billId: bill.id,
    allowNegative: config.allowNegative,
    describe: (productId) => productLabel(tx, productId),
  });
  if (partner?.state === 'audited') {
    const doc = partner.type === ENTRY ? entryDoc : outDoc;
    await transition(tx, doc, { id: partner.id, action: 'revoke', internal: true, memo: ctx.memo }, ctx.auth);
  }
  return {};
}

/** Both bills of a transfer, locked in id order (the out first) before either is changed. */
async function lockTransfer(tx: Db, id: number) {
  await tx.execute(sql`
    select b2.id from stock_bills b1
    join stock_bills b2 on b2.tenant_id = b1.tenant_id and b2.transfer_id = b1.transfer_id
    where b1.id = ${id} and b1.transfer_id is not null
    order by b2.id for update of b2`);
}

async function summarizeBills(tx: Db, rows: BillRow[], lang: Lang) {
  const names = await shopNames(
    tx,
    rows.map((r) => r.shopId),
  );
  const reasonIds = [...new Set(rows.map((r) => r.reasonId as number))];
  const reasons = reasonIds.length
    ? await tx.select({ id: stockReasons.id, name: stockReasons.name }).from(stockReasons).where(inArray(stockReasons.id, reasonIds))
    : [];
  return rows.map((r) => ({
    shopName: locationName(lang, r.shopId, names.get(r.shopId ?? 0)),
    billDate: r.billDate,
    reasonName: reasons.find((x) => x.id === r.reasonId)?.name ?? null,
    totalQuantity: r.totalQuantity,
    totalAmount: r.totalAmount,
    createdByName: r.createdByName,
  }));
}

function billDocument(type: BillType): DocumentType {
  const docType = docTypeOf(type);
  const isEntry = type === ENTRY;
  return registerDocumentType({
    docType,
    label: isEntry ? ['入库单', 'Stock entry'] : ['出库单', 'Stock out'],
    table: stockBills,
    scope: eq(stockBills.type, type),
    states: stateLabels(stockBillStates),
    editable: ['draft', 'rejected'],
    headOfficePerm: WAREHOUSE_PERM,
    link: (id) => `/admin/stock/${isEntry ? 'entries' : 'outs'}/${id}`,
    numberPrefix: isEntry ? 'RK' : 'CK',
    lockGroup: lockTransfer,
    summarize: summarizeBills,
    transitions: [
      {
        action: 'audit',
        label: ['审核', 'audit'],
        from: ['draft'],
        to: 'audited',
        perm: `${docType}.audit`,
        inbox: true,
        effect: auditEffect,
      },
      {
        action: 'reject',
        label: ['驳回', 'reject'],
        from: ['draft'],
        to: 'rejected',
        perm: `${docType}.audit`,
        inbox: true,
        memoRequired: true,
        effect: async (_tx, _bill, ctx) => ({ rejectReason: ctx.memo?.trim() ?? null }),
      },
      { action: 'revoke', label: ['撤销', 'revoke'], from: ['audited'], to: 'revoked', perm: `${docType}.revoke`, effect: revokeEffect },
    ],
  });
}

export const entryDoc = billDocument(ENTRY);
export const outDoc = billDocument(OUT);
export const billDoc = (type: BillType) => (type === ENTRY ? entryDoc : outDoc);

// ---- product orders ----

export async function orderLines(tx: Db, orderId: number) {
  return tx
    .select({ productId: productOrderLines.productId, quantity: productOrderLines.quantity, price: productOrderLines.price })
    .from(productOrderLines)
    .where(eq(productOrderLines.orderId, orderId))
    .orderBy(asc(productOrderLines.sort), asc(productOrderLines.id));
}

/** Orders from the mobile application are refused while makeorderconfig says so. */
export async function assertOrderChannel(tx: Db, auth: Auth) {
  if (auth.appId === 'mobile' && !(await getOrderConfig(tx)).isAllowMobile) throw forbidden('orderMobileOff');
}

/** Makes a bill for an order and audits it at once (the stock moves now). */
async function orderBill(tx: Db, order: BillRow, ctx: TransitionContext, type: BillType) {
  const lines = await orderLines(tx, order.id);
  const shopId = order.shopId as number;
  const billId = await insertBill(tx, ctx.auth, {
    type,
    // Head office sends from its warehouse; the shop receives into its own stock.
    shopId: type === OUT ? null : shopId,
    counterpartShopId: type === OUT ? shopId : null,
    reasonId: await systemReason(tx, ctx.auth.tenantId, type === OUT ? 2 : 1, 'order'),
    billDate: await tenantToday(tx, ctx.auth.tenantId),
    orderId: order.id,
    memo: order.memo as string | null,
    lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitCost: l.price })),
  });
  await transition(tx, billDoc(type), { id: billId, action: 'audit', internal: true }, ctx.auth);
  return billId;
}

async function summarizeOrders(tx: Db, rows: BillRow[], lang: Lang) {
  const names = await shopNames(
    tx,
    rows.map((r) => r.shopId),
  );
  return rows.map((r) => ({
    shopName: locationName(lang, r.shopId, names.get(r.shopId ?? 0)),
    billDate: r.orderDate,
    totalQuantity: r.totalQuantity,
    totalAmount: r.totalAmount,
    createdByName: r.createdByName,
  }));
}

export const orderDoc = registerDocumentType({
  docType: 'stock.order',
  label: ['订货单', 'Product order'],
  table: productOrders,
  states: stateLabels(productOrderStates),
  editable: ['draft', 'rejected'],
  link: (id) => `/admin/stock/orders/${id}`,
  summarize: summarizeOrders,
  transitions: [
    {
      action: 'submit',
      label: ['提交', 'submit'],
      from: ['draft'],
      to: 'submitted',
      perm: 'stock.order.submit',
      effect: async (tx, order, ctx) => {
        await assertOrderChannel(tx, ctx.auth);
        if (!(await orderLines(tx, order.id)).length) throw conflict('emptyOrder');
        return {};
      },
    },
    {
      action: 'audit',
      label: ['审核', 'audit'],
      from: ['submitted'],
      to: 'audited',
      perm: 'stock.order.audit',
      inbox: true,
      effect: async (tx, order, ctx) => ({ outBillId: await orderBill(tx, order, ctx, OUT), rejectReason: null }),
    },
    {
      action: 'reject',
      label: ['驳回', 'reject'],
      from: ['submitted'],
      to: 'rejected',
      perm: 'stock.order.audit',
      inbox: true,
      memoRequired: true,
      effect: async (_tx, _order, ctx) => ({ rejectReason: ctx.memo?.trim() ?? null }),
    },
    {
      action: 'receive',
      label: ['确认收货', 'receive'],
      from: ['audited'],
      to: 'received',
      perm: 'stock.order.receive',
      inbox: true,
      effect: async (tx, order, ctx) => ({ entryBillId: await orderBill(tx, order, ctx, ENTRY) }),
    },
  ],
});

/** Order numbers: the series (prefix + date + sequence) when automatic numbering is on. */
export async function nextOrderNumber(tx: Db, auth: Auth): Promise<string | undefined> {
  const config = await getOrderConfig(tx);
  if (!config.isAutoNo) return undefined;
  return nextNumber(tx, auth.tenantId, config.noPrefix, await tenantToday(tx, auth.tenantId), config.noWidth);
}
