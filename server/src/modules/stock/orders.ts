import { productOrderBill, type productOrderSave, type productOrderTreeQuery } from '@headoffice/contract';
import { and, asc, count, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { type BillCtx, billType } from '../../platform/bills.js';
import { type BillRow, logBill, type TransitionContext, transition } from '../../platform/documents.js';
import { conflict, fieldError, forbidden } from '../../platform/errors.js';
import { nextNumber, tenantToday } from '../../platform/numbering.js';
import { regions, shops } from '../org/public.js';
import { billTypeOf, ENTRY, insertBill, OUT } from './bills.js';
import { checkLineProducts, getOrderConfig, lineAmount, requireShop } from './common.js';
import { systemReason } from './reasons.js';
import { productOrderLines, productOrders, stockBills } from './schema.js';

// Shop product orders (订货单) on the bill engine: a shop orders, head office sends (a stock out from
// the warehouse), the shop receives (a stock entry); plus the region tree with counts by state.

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

/** Orders from the mobile application are refused while the product-order settings say so. */
async function assertOrderChannel(tx: Db, auth: Auth) {
  if (auth.appId === 'mobile' && !(await getOrderConfig(tx)).isAllowMobile) throw forbidden('orderMobileOff');
}

/** Order numbers: the series (prefix + date + sequence) when automatic numbering is on. */
async function nextOrderNumber(tx: Db, auth: Auth): Promise<string | undefined> {
  const config = await getOrderConfig(tx);
  if (!config.isAutoNo) return undefined;
  return nextNumber(tx, auth.tenantId, config.noPrefix, await tenantToday(tx, auth.tenantId), config.noWidth);
}

/** `saveBill` and `POST /api-chain/productorder`: create or update a draft (or rejected) order. */
export async function saveOrder({ tx, auth }: Pick<BillCtx, 'tx' | 'auth'>, body: SaveBody, order?: BillRow) {
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
    memo: body.memo ?? null,
    ...(lines ? { totalQuantity: lines.reduce((s, l) => s + l.quantity, 0), totalAmount: lines.reduce((s, l) => s + l.amount, 0) } : {}),
  };
  let id: number;
  if (!order) {
    const billNo = (await nextOrderNumber(tx, auth)) ?? body.billNo;
    if (!billNo) throw fieldError('billNo', 'billNoRequired');
    const [created] = await tx
      .insert(productOrders)
      .values({
        ...head,
        orderDate: body.orderDate ?? (await tenantToday(tx, auth.tenantId)),
        tenantId: auth.tenantId,
        billNo,
        createdBy: auth.userId,
        createdByName: auth.name,
      })
      .returning({ id: productOrders.id });
    id = created.id;
    await logBill(tx, orderBills.doc, id, 'create', null, 'draft', auth);
  } else {
    id = order.id;
    const manualNo = body.billNo && !(await getOrderConfig(tx)).isAutoNo;
    await tx
      .update(productOrders)
      .set({ ...head, orderDate: body.orderDate ?? (order.orderDate as string), ...(manualNo ? { billNo: body.billNo } : {}) })
      .where(eq(productOrders.id, id));
    if (lines) await tx.delete(productOrderLines).where(eq(productOrderLines.orderId, id));
  }
  if (lines?.length) await tx.insert(productOrderLines).values(lines.map((l) => ({ ...l, tenantId: auth.tenantId, orderId: id })));
  return id;
}

async function orderLines(tx: Db, orderId: number) {
  return tx
    .select({ productId: productOrderLines.productId, quantity: productOrderLines.quantity, price: productOrderLines.price })
    .from(productOrderLines)
    .where(eq(productOrderLines.orderId, orderId))
    .orderBy(asc(productOrderLines.sort), asc(productOrderLines.id));
}

/** Makes a bill for an order and audits it at once (the stock moves now). */
async function orderBill(tx: Db, order: BillRow, ctx: TransitionContext, type: typeof ENTRY) {
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
  await transition(tx, billTypeOf(type).doc, { id: billId, action: 'audit', internal: true }, ctx.auth);
  return billId;
}

export const orderBills = billType(productOrderBill, {
  table: productOrders,
  dateField: 'orderDate',
  displays: {
    regionId: ['shopId', 'regionId'],
    outBillNo: ['outBillId', 'billNo', stockBills],
    entryBillNo: ['entryBillId', 'billNo', stockBills],
  },
  lines: {
    table: productOrderLines,
    billKey: productOrderLines.orderId,
    displays: { pcode: ['productId', 'pcode'], unit: ['productId', 'unit'] },
  },
  filters: {
    // adminList: the shops of a region or of its sub-regions.
    regionId: ({ tx }, region) =>
      inArray(
        productOrders.shopId,
        tx
          .select({ id: shops.id })
          .from(shops)
          .innerJoin(regions, eq(regions.id, shops.regionId))
          .where(or(eq(shops.regionId, Number(region)), eq(regions.parentId, Number(region)))),
      ),
  },
  save: saveOrder,
  reasons: { reject: 'rejectReason' },
  effects: {
    submit: async (tx, order, ctx) => {
      await assertOrderChannel(tx, ctx.auth);
      if (!(await orderLines(tx, order.id)).length) throw conflict('emptyOrder');
      return {};
    },
    audit: async (tx, order, ctx) => ({ outBillId: await orderBill(tx, order, ctx, OUT), rejectReason: null }),
    receive: async (tx, order, ctx) => ({ entryBillId: await orderBill(tx, order, ctx, ENTRY) }),
  },
  describe: {
    list: "A shop's own orders (shopid; without it, every shop the user may see), newest first.",
    adminList: "Head office's list: every shop the user may see; filters state, shopid, regionId, dates, billNo.",
    saveBill:
      "Lines replace the order's lines (absent on update: kept). The number comes from the product-order settings (prefix + date + sequence) or, with automatic numbering off, from billNo.",
    submitBill: "Submit a draft order to head office (it appears in the approvers' inbox).",
    auditBill: 'Head office accepts an order: creates and audits the stock out from the warehouse.',
    receiveBill: 'The shop confirms receipt: creates and audits the stock entry into the shop.',
  },
});
