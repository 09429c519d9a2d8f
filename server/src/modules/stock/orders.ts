import type { productOrderListQuery, productOrderSave, productOrderTreeQuery } from '@headoffice/contract';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import {
  allowedActions,
  assertEditable,
  billChanged,
  billLog,
  billScope,
  loadBill,
  logBill,
  transition,
} from '../../platform/documents.js';
import { conflict, fieldError, forbidden } from '../../platform/errors.js';
import { keywordMatch, offsetOf, orderBy, pageOf } from '../../platform/paging.js';
import { products } from '../catalog/schema.js';
import { regions, shops } from '../org/schema.js';
import { checkLineProducts, getOrderConfig, lineAmount, requireShop, tenantToday } from './common.js';
import { assertOrderChannel, nextOrderNumber, orderDoc } from './doctypes.js';
import { productOrderLines, productOrders, stockBills } from './schema.js';

const outBills = alias(stockBills, 'out_bills');
const entryBills = alias(stockBills, 'entry_bills');
const { tenantId: _tenant, ...orderTableColumns } = getTableColumns(productOrders);

function selectOrders(tx: Db) {
  return tx
    .select({
      ...orderTableColumns,
      shopName: shops.name,
      regionId: shops.regionId,
      outBillNo: outBills.billNo,
      entryBillNo: entryBills.billNo,
    })
    .from(productOrders)
    .innerJoin(shops, eq(shops.id, productOrders.shopId))
    .leftJoin(outBills, eq(outBills.id, productOrders.outBillId))
    .leftJoin(entryBills, eq(entryBills.id, productOrders.entryBillId))
    .$dynamic();
}

type OrderSelect = Awaited<ReturnType<typeof selectOrders>>[number];

async function withLines<T extends OrderSelect>(tx: Db, rows: T[]) {
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await tx
        .select({
          id: productOrderLines.id,
          orderId: productOrderLines.orderId,
          productId: productOrderLines.productId,
          pcode: products.pcode,
          productName: products.name,
          spec: products.spec,
          unit: products.unit,
          quantity: productOrderLines.quantity,
          price: productOrderLines.price,
          amount: productOrderLines.amount,
          sort: productOrderLines.sort,
        })
        .from(productOrderLines)
        .innerJoin(products, eq(products.id, productOrderLines.productId))
        .where(inArray(productOrderLines.orderId, ids))
        .orderBy(asc(productOrderLines.orderId), asc(productOrderLines.sort), asc(productOrderLines.id))
    : [];
  return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.orderId === r.id) }));
}

export async function orderDetail(tx: Db, auth: Auth, id: number) {
  const order = await loadBill(tx, orderDoc, id, auth);
  const [row] = await selectOrders(tx).where(eq(productOrders.id, order.id));
  const [withRows] = await withLines(tx, [row]);
  return {
    ...withRows,
    log: await billLog(tx, orderDoc, order.id),
    actions: allowedActions(orderDoc, order, auth),
    editable: orderDoc.editable.includes(order.state),
  };
}

type ListQuery = z.output<typeof productOrderListQuery>;

/** `list` (a shop's own orders: `shopid`) and `adminList` (every order the user may see). */
export async function listOrders(tx: Db, auth: Auth, q: ListQuery) {
  const where: SQL[] = [eq(productOrders.tenantId, auth.tenantId)];
  const scope = billScope(orderDoc, auth);
  if (scope) where.push(scope);
  if (q.shopid) where.push(eq(productOrders.shopId, q.shopid));
  if (q.state) where.push(eq(productOrders.state, q.state));
  if (q.dateFrom) where.push(gte(productOrders.orderDate, q.dateFrom));
  if (q.dateTo) where.push(lte(productOrders.orderDate, q.dateTo));
  if (q.billNo) where.push(keywordMatch(q.billNo, productOrders.billNo));
  if (q.regionId)
    where.push(
      inArray(
        productOrders.shopId,
        tx
          .select({ id: shops.id })
          .from(shops)
          .innerJoin(regions, eq(regions.id, shops.regionId))
          .where(or(eq(shops.regionId, q.regionId), eq(regions.parentId, q.regionId))),
      ),
    );
  const sortable = {
    billNo: productOrders.billNo,
    orderDate: productOrders.orderDate,
    state: productOrders.state,
    totalQuantity: productOrders.totalQuantity,
    totalAmount: productOrders.totalAmount,
    createdAt: productOrders.createdAt,
  };
  const order = q.sort ? orderBy(q.sort, sortable, [], productOrders.id) : [desc(productOrders.orderDate), desc(productOrders.id)];
  const result = await pageOf(
    tx,
    q,
    selectOrders(tx)
      .where(and(...where))
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    () =>
      tx
        .select({ id: productOrders.id })
        .from(productOrders)
        .where(and(...where)),
  );
  return { ...result, list: await withLines(tx, result.list) };
}

const STATES = ['draft', 'submitted', 'audited', 'received', 'rejected'] as const;
type Counts = Record<(typeof STATES)[number], number> & { total: number };
const zero = (): Counts => ({ draft: 0, submitted: 0, audited: 0, received: 0, rejected: 0, total: 0 });
function add(into: Counts, from: Counts) {
  for (const s of [...STATES, 'total'] as const) into[s] += from[s];
}

interface TreeNode {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
  counts: Counts;
  shops: { id: number; code: string; name: string; counts: Counts }[];
  children: TreeNode[];
}

/** `tree/all`: regions → shops, each with its orders counted by state (regions add up their shops and sub-regions). */
export async function orderTree(tx: Db, auth: Auth, q: z.output<typeof productOrderTreeQuery>) {
  const visible = visibleShops(auth);
  const shopScope = visible ? inArray(shops.id, visible.length ? visible : [0]) : undefined;
  const where: SQL[] = [eq(productOrders.tenantId, auth.tenantId)];
  if (q.dateFrom) where.push(gte(productOrders.orderDate, q.dateFrom));
  if (q.dateTo) where.push(lte(productOrders.orderDate, q.dateTo));
  const regionRows = await tx
    .select({ id: regions.id, code: regions.code, name: regions.name, parentId: regions.parentId })
    .from(regions)
    .orderBy(asc(regions.sort), asc(regions.code));
  const shopRows = await tx
    .select({ id: shops.id, code: shops.code, name: shops.name, regionId: shops.regionId })
    .from(shops)
    .where(shopScope)
    .orderBy(asc(shops.code));
  const countRows = await tx
    .select({ shopId: productOrders.shopId, state: productOrders.state, n: count() })
    .from(productOrders)
    .where(and(...where))
    .groupBy(productOrders.shopId, productOrders.state);
  const nodes = new Map<number, TreeNode>(regionRows.map((r) => [r.id, { ...r, counts: zero(), shops: [], children: [] }]));
  for (const s of shopRows) {
    const counts = zero();
    for (const c of countRows.filter((x) => x.shopId === s.id)) {
      counts[c.state as (typeof STATES)[number]] += c.n;
      counts.total += c.n;
    }
    const node = nodes.get(s.regionId);
    if (node) {
      node.shops.push({ id: s.id, code: s.code, name: s.name, counts });
      add(node.counts, counts);
    }
  }
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  for (const root of roots) for (const child of root.children) add(root.counts, child.counts);
  // Shop users see only the branches that hold their shops.
  const keep = (n: TreeNode): boolean => n.shops.length > 0 || n.children.some(keep);
  const prune = (list: TreeNode[]): TreeNode[] => list.filter(keep).map((n) => ({ ...n, children: prune(n.children) }));
  return visible ? prune(roots) : roots;
}

type SaveBody = z.output<typeof productOrderSave>;

/** `saveBill` and `POST /api-chain/productorder`: create or update a draft (or rejected) order. */
export async function saveOrder(tx: Db, auth: Auth, body: SaveBody) {
  await assertOrderChannel(tx, auth);
  const visible = visibleShops(auth);
  if (visible && !visible.includes(body.shopId)) throw forbidden('shopForbidden');
  await requireShop(tx, body.shopId, 'shopId');
  const found = await checkLineProducts(tx, body.lines ?? []);
  const lines = body.lines?.map((l, i) => {
    const price = l.price ?? found.get(l.productId)?.purchasePrice ?? 0;
    return { productId: l.productId, quantity: l.quantity, price, amount: lineAmount(l.quantity, price), sort: (i + 1) * 10 };
  });
  const head = {
    shopId: body.shopId,
    orderDate: body.orderDate,
    memo: body.memo ?? null,
    ...(lines ? { totalQuantity: lines.reduce((s, l) => s + l.quantity, 0), totalAmount: lines.reduce((s, l) => s + l.amount, 0) } : {}),
  };
  let id: number;
  if (!body.id) {
    const billNo = (await nextOrderNumber(tx, auth)) ?? body.billNo;
    if (!billNo) throw fieldError('billNo', 'billNoRequired');
    const [created] = await tx
      .insert(productOrders)
      .values({
        ...head,
        orderDate: head.orderDate ?? (await tenantToday(tx, auth.tenantId)),
        tenantId: auth.tenantId,
        billNo,
        createdBy: auth.userId,
        createdByName: auth.name,
      })
      .returning({ id: productOrders.id });
    id = created.id;
    await logBill(tx, orderDoc, id, 'create', null, 'draft', auth);
  } else {
    const order = await loadBill(tx, orderDoc, body.id, auth, true);
    assertEditable(orderDoc, order);
    if (body.version !== undefined && body.version !== order.version) throw conflict('staleVersion');
    id = order.id;
    const back = order.state === 'rejected';
    const manualNo = body.billNo && !(await getOrderConfig(tx)).isAutoNo;
    const [now] = await tx
      .update(productOrders)
      .set({
        ...head,
        orderDate: head.orderDate ?? (order.orderDate as string),
        ...(manualNo ? { billNo: body.billNo } : {}),
        ...(back ? { state: 'draft', rejectReason: null } : {}),
        version: sql`${productOrders.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(productOrders.id, id))
      .returning({
        id: productOrders.id,
        state: productOrders.state,
        version: productOrders.version,
        shopId: productOrders.shopId,
        billNo: productOrders.billNo,
      });
    if (lines) await tx.delete(productOrderLines).where(eq(productOrderLines.orderId, id));
    if (back) await logBill(tx, orderDoc, id, 'edit', 'rejected', 'draft', auth);
    else await billChanged(tx, orderDoc, now, auth, 'edit');
    if (now.shopId !== order.shopId) await billChanged(tx, orderDoc, { ...now, shopId: order.shopId }, auth, 'edit');
  }
  if (lines?.length) await tx.insert(productOrderLines).values(lines.map((l) => ({ ...l, tenantId: auth.tenantId, orderId: id })));
  return orderDetail(tx, auth, id);
}

export async function orderTransition(tx: Db, auth: Auth, action: string, body: { id: number; version?: number; memo?: string | null }) {
  await transition(tx, orderDoc, { id: body.id, action, version: body.version, memo: body.memo }, auth);
  return orderDetail(tx, auth, body.id);
}
