import type { stockBillListQuery, stockBillPickQuery, stockBillSave, stockLinesDelete, stockLinesSave } from '@headoffice/contract';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, can } from '../../platform/auth.js';
import {
  allowedActions,
  assertEditable,
  type BillRow,
  billChanged,
  billLog,
  loadBill,
  logBill,
  transition,
} from '../../platform/documents.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import type { Lang } from '../../platform/i18n.js';
import { keywordMatch, offsetOf, orderBy, pageOf } from '../../platform/paging.js';
import { products } from '../catalog/schema.js';
import { shops } from '../org/schema.js';
import { assertLocation, checkLineProducts, getStockConfig, locationFilter, locationName, requireShop, tenantToday } from './common.js';
import { type BillType, billDoc, ENTRY, insertBill, insertLines, OUT, refreshTotals, transferPartner } from './doctypes.js';
import { productOrders, stockBillLines, stockBills, stockReasons } from './schema.js';

const counterpartShops = alias(shops, 'counterpart_shops');
const { tenantId: _tenant, ...billTableColumns } = getTableColumns(stockBills);
const billColumns = {
  ...billTableColumns,
  shopName: shops.name,
  counterpartShopName: counterpartShops.name,
  reasonName: stockReasons.name,
  reasonKind: stockReasons.kind,
};

function selectBills(tx: Db) {
  return tx
    .select(billColumns)
    .from(stockBills)
    .innerJoin(stockReasons, eq(stockReasons.id, stockBills.reasonId))
    .leftJoin(shops, eq(shops.id, stockBills.shopId))
    .leftJoin(counterpartShops, eq(counterpartShops.id, stockBills.counterpartShopId))
    .$dynamic();
}

type BillSelect = Awaited<ReturnType<typeof selectBills>>[number];

export async function linesOf(tx: Db, billIds: number[]) {
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

/** Display names: the warehouse for a null shop; the other side of transfers and order bills. */
function shape(lang: Lang, row: BillSelect) {
  const linked = row.reasonKind === 'transfer' || row.orderId !== null;
  return {
    ...row,
    shopName: locationName(lang, row.shopId, row.shopName),
    counterpartShopName: linked ? locationName(lang, row.counterpartShopId, row.counterpartShopName) : row.counterpartShopName,
  };
}

async function withLines(tx: Db, lang: Lang, rows: BillSelect[]) {
  const lines = await linesOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...shape(lang, r), lines: lines.filter((l) => l.billId === r.id) }));
}

/** One bill with lines, log, the user's actions, and its transfer partner or order. */
export async function billDetail(tx: Db, auth: Auth, lang: Lang, type: BillType, id: number) {
  const doc = billDoc(type);
  const bill = await loadBill(tx, doc, id, auth);
  const [row] = await selectBills(tx).where(eq(stockBills.id, bill.id));
  const [withRows] = await withLines(tx, lang, [row]);
  const partner = (await transferPartner(tx, row)) ?? null;
  const [order] = row.orderId
    ? await tx
        .select({ id: productOrders.id, billNo: productOrders.billNo, state: productOrders.state })
        .from(productOrders)
        .where(eq(productOrders.id, row.orderId))
    : [];
  return {
    ...withRows,
    log: await billLog(tx, doc, bill.id),
    // Bills made by an order are revoked only with it: no revoke button.
    actions: allowedActions(doc, bill, auth).filter((a) => !(a === 'revoke' && row.orderId)),
    editable: doc.editable.includes(bill.state),
    partner,
    order: order ?? null,
  };
}

type ListQuery = z.output<typeof stockBillListQuery>;

function listWhere(auth: Auth, type: BillType, q: Partial<ListQuery>): SQL[] {
  // Leading with tenant and type keeps the list on stock_bills_tenant_type_date.
  const where: SQL[] = [eq(stockBills.tenantId, auth.tenantId), eq(stockBills.type, type)];
  const location = locationFilter(auth, stockBills.shopId, q);
  if (location) where.push(location);
  if (q.dateFrom) where.push(gte(stockBills.billDate, q.dateFrom));
  if (q.dateTo) where.push(lte(stockBills.billDate, q.dateTo));
  if (q.state) where.push(eq(stockBills.state, q.state));
  if (q.reasonId) where.push(eq(stockBills.reasonId, q.reasonId));
  if (q.counterpartShopId) where.push(eq(stockBills.counterpartShopId, q.counterpartShopId));
  if (q.billNo) where.push(keywordMatch(q.billNo, stockBills.billNo));
  if (q.productId)
    where.push(
      sql`${stockBills.id} in (select ${stockBillLines.billId} from ${stockBillLines}
        where ${stockBillLines.tenantId} = ${auth.tenantId} and ${stockBillLines.productId} = ${q.productId})`,
    );
  return where;
}

/** `chain/findListWithPro`: a page of bills with their product lines, newest first. */
export async function listBills(tx: Db, auth: Auth, lang: Lang, type: BillType, q: ListQuery) {
  const where = and(...listWhere(auth, type, q));
  const sortable = {
    billNo: stockBills.billNo,
    billDate: stockBills.billDate,
    state: stockBills.state,
    totalQuantity: stockBills.totalQuantity,
    totalAmount: stockBills.totalAmount,
    createdAt: stockBills.createdAt,
  };
  const order = q.sort ? orderBy(q.sort, sortable, [], stockBills.id) : [desc(stockBills.billDate), desc(stockBills.id)];
  const rows = selectBills(tx)
    .where(where)
    .orderBy(...order)
    .limit(q.pageSize)
    .offset(offsetOf(q));
  const result = await pageOf(tx, q, rows, () => tx.select({ id: stockBills.id }).from(stockBills).where(where));
  return { ...result, list: await withLines(tx, lang, result.list) };
}

/** `list/all`: up to 200 bills for pickers, newest first, without lines. */
export async function pickBills(tx: Db, auth: Auth, lang: Lang, type: BillType, q: z.output<typeof stockBillPickQuery>) {
  const rows = await selectBills(tx)
    .where(and(...listWhere(auth, type, q)))
    .orderBy(desc(stockBills.billDate), desc(stockBills.id))
    .limit(200);
  return rows.map((r) => shape(lang, r));
}

interface ReasonRow {
  id: number;
  name: string;
  direction: number;
  kind: string;
  status: number;
}

async function checkReason(tx: Db, type: BillType, reasonId: number): Promise<ReasonRow> {
  const [reason] = await tx
    .select({
      id: stockReasons.id,
      name: stockReasons.name,
      direction: stockReasons.direction,
      kind: stockReasons.kind,
      status: stockReasons.status,
    })
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
async function checkHead(tx: Db, auth: Auth, type: BillType, body: SaveBody) {
  assertLocation(auth, body.shopId);
  if (body.shopId !== null) await requireShop(tx, body.shopId, 'shopId');
  const reason = await checkReason(tx, type, body.reasonId);
  let counterpartShopId: number | null = null;
  if (type === OUT && reason.kind === 'transfer') {
    if (body.counterpartShopId === undefined) throw fieldError('counterpartShopId', 'transferTarget');
    counterpartShopId = body.counterpartShopId;
    if (counterpartShopId === body.shopId) throw fieldError('counterpartShopId', 'transferSame');
    if (counterpartShopId !== null) await requireShop(tx, counterpartShopId, 'counterpartShopId');
  }
  return { counterpartShopId };
}

/** A bill's lines changed: totals, version, and a rejected bill goes back to draft (logged); its viewers are told. */
async function touched(tx: Db, auth: Auth, type: BillType, bill: BillRow) {
  await refreshTotals(tx, bill.id);
  const back = bill.state === 'rejected';
  const [now] = await tx
    .update(stockBills)
    .set({ version: sql`${stockBills.version} + 1`, updatedAt: new Date(), ...(back ? { state: 'draft', rejectReason: null } : {}) })
    .where(eq(stockBills.id, bill.id))
    .returning({
      id: stockBills.id,
      state: stockBills.state,
      version: stockBills.version,
      shopId: stockBills.shopId,
      billNo: stockBills.billNo,
    });
  if (back) await logBill(tx, billDoc(type), bill.id, 'edit', 'rejected', 'draft', auth);
  else await billChanged(tx, billDoc(type), now, auth, 'edit');
  // Moved to another location: the users of the one it left are told too.
  if (now.shopId !== bill.shopId) await billChanged(tx, billDoc(type), { ...now, shopId: bill.shopId }, auth, 'edit');
}

async function lockEditable(tx: Db, auth: Auth, type: BillType, id: number, version?: number) {
  const doc = billDoc(type);
  const bill = await loadBill(tx, doc, id, auth, true);
  assertEditable(doc, bill);
  if (version !== undefined && version !== bill.version) throw conflict('staleVersion');
  return bill;
}

/** With the stock config's auto audit on, a bill saved with lines by a user who may audit it is audited at once. */
async function maybeAutoAudit(tx: Db, auth: Auth, type: BillType, id: number) {
  const doc = billDoc(type);
  if (!can(auth, `${doc.docType}.audit`) || !(await getStockConfig(tx)).autoAudit) return;
  const [{ n }] = await tx.select({ n: count() }).from(stockBillLines).where(eq(stockBillLines.billId, id));
  if (n > 0) await transition(tx, doc, { id, action: 'audit' }, auth);
}

/** `POST /api-stock/entry` and `/out`: create (no id) or update a draft or rejected bill. */
export async function saveBill(tx: Db, auth: Auth, lang: Lang, type: BillType, body: SaveBody) {
  const { counterpartShopId } = await checkHead(tx, auth, type, body);
  const found = body.lines ? await checkLineProducts(tx, body.lines) : new Map();
  const lines = (body.lines ?? []).map((l) => ({ ...l, unitCost: l.unitCost ?? found.get(l.productId)?.purchasePrice ?? 0 }));
  const head = {
    shopId: body.shopId,
    billDate: body.billDate,
    reasonId: body.reasonId,
    counterpart: body.counterpart ?? null,
    counterpartShopId,
    memo: body.memo ?? null,
  };
  let id: number;
  if (!body.id) {
    id = await insertBill(tx, auth, { type, ...head, billDate: head.billDate ?? (await tenantToday(tx, auth.tenantId)), lines });
  } else {
    const bill = await lockEditable(tx, auth, type, body.id, body.version);
    id = bill.id;
    await tx
      .update(stockBills)
      .set({ ...head, billDate: head.billDate ?? (bill.billDate as string) })
      .where(eq(stockBills.id, id));
    if (body.lines) {
      await tx.delete(stockBillLines).where(eq(stockBillLines.billId, id));
      await insertLines(tx, auth.tenantId, id, lines);
    }
    await touched(tx, auth, type, bill);
  }
  await maybeAutoAudit(tx, auth, type, id);
  return billDetail(tx, auth, lang, type, id);
}

/** `entryproducts/save`, `outproducts/save`: add lines (no id) or change lines (id) of an editable bill. */
export async function saveLines(tx: Db, auth: Auth, type: BillType, body: z.output<typeof stockLinesSave>) {
  const bill = await lockEditable(tx, auth, type, body.billId, body.version);
  const current = await tx
    .select({ id: stockBillLines.id, productId: stockBillLines.productId })
    .from(stockBillLines)
    .where(eq(stockBillLines.billId, bill.id));
  for (const [i, line] of body.lines.entries())
    if (line.id !== undefined && !current.some((c) => c.id === line.id)) throw fieldError(`lines.${i}.id`, 'lineNotOnBill');
  // The bill after the change must not hold a product twice.
  const changed = new Set(body.lines.map((l) => l.id).filter((v) => v !== undefined));
  const found = await checkLineProducts(tx, body.lines);
  const kept = current.filter((c) => !changed.has(c.id));
  for (const [i, line] of body.lines.entries())
    if (kept.some((k) => k.productId === line.productId))
      throw fieldError(`lines.${i}.productId`, 'duplicateProduct', { product: found.get(line.productId)?.name ?? '' });
  for (const line of body.lines) {
    const unitCost = line.unitCost ?? found.get(line.productId)?.purchasePrice ?? 0;
    if (line.id !== undefined) {
      await tx
        .update(stockBillLines)
        .set({ productId: line.productId, quantity: line.quantity, unitCost, amount: line.quantity * unitCost, memo: line.memo ?? null })
        .where(eq(stockBillLines.id, line.id));
    } else {
      await insertLines(tx, auth.tenantId, bill.id, [{ productId: line.productId, quantity: line.quantity, unitCost, memo: line.memo }]);
    }
  }
  await touched(tx, auth, type, bill);
  return billLinesAnswer(tx, bill.id);
}

async function billLinesAnswer(tx: Db, billId: number) {
  const [bill] = await tx
    .select({ version: stockBills.version, state: stockBills.state })
    .from(stockBills)
    .where(eq(stockBills.id, billId));
  return { billId, version: bill.version, state: bill.state, lines: await linesOf(tx, [billId]) };
}

/** `entryproducts/batchdelete`, `outproducts/batchdelete`: removes lines of editable bills. */
export async function deleteLines(tx: Db, auth: Auth, type: BillType, body: z.output<typeof stockLinesDelete>) {
  const rows = await tx
    .select({ id: stockBillLines.id, billId: stockBillLines.billId })
    .from(stockBillLines)
    .innerJoin(stockBills, and(eq(stockBills.id, stockBillLines.billId), eq(stockBills.type, type)))
    .where(inArray(stockBillLines.id, body.ids));
  const ids = new Set(body.ids);
  if (rows.length !== ids.size) throw notFound();
  const billIds = [...new Set(rows.map((r) => r.billId))].sort((a, b) => a - b);
  if (body.version !== undefined && billIds.length > 1) throw fieldError('version', 'versionOneBill');
  const answers = [];
  for (const billId of billIds) {
    const bill = await lockEditable(tx, auth, type, billId, body.version);
    await tx.delete(stockBillLines).where(
      and(
        eq(stockBillLines.billId, billId),
        inArray(
          stockBillLines.id,
          rows.filter((r) => r.billId === billId).map((r) => r.id),
        ),
      ),
    );
    await touched(tx, auth, type, bill);
    answers.push(await billLinesAnswer(tx, billId));
  }
  return { deleted: rows.length, bills: answers };
}

/** `entryproducts/list/all?billId=`: the lines of a bill the user may see. */
export async function listLines(tx: Db, auth: Auth, type: BillType, billId: number) {
  const bill = await loadBill(tx, billDoc(type), billId, auth);
  return linesOf(tx, [bill.id]);
}

/** Audit, reject or revoke through the documents engine; answers the bill as it is now. */
export async function billTransition(
  tx: Db,
  auth: Auth,
  lang: Lang,
  type: BillType,
  action: string,
  body: { id: number; version?: number; memo?: string | null },
) {
  await transition(tx, billDoc(type), { id: body.id, action, version: body.version, memo: body.memo }, auth);
  return billDetail(tx, auth, lang, type, body.id);
}
