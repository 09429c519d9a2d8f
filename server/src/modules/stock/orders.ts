import {
  type OrderStateCounts,
  type ProductOrderState,
  type ProductOrderTreeNode,
  productOrderBill,
  type productOrderTreeQuery,
} from '@headoffice/contract';
import { and, asc, count, eq, gte, inArray, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops, visibleShops } from '../../platform/auth.js';
import { type BillCtx, billType } from '../../platform/bills.js';
import { type BillRow, type TransitionContext, transition } from '../../platform/documents.js';
import { conflict, fieldError, forbidden } from '../../platform/errors.js';
import { nextNumber, tenantToday } from '../../platform/numbering.js';
import { regions, shops } from '../org/public.js';
import { billTypeOf, ENTRY, insertBill, OUT } from './bills.js';
import { checkLineProducts, getOrderConfig, lineAmount } from './common.js';
import { systemReason } from './reasons.js';
import { productOrderLines, productOrders, stockBills } from './schema.js';

// Shop product orders (订货单) on the bill engine: a shop orders, head office sends (a stock out from
// the warehouse), the shop receives (a stock entry); plus the region tree with counts by state.

const zero = (): OrderStateCounts => ({ draft: 0, submitted: 0, audited: 0, received: 0, rejected: 0, total: 0 });
function add(into: OrderStateCounts, from: OrderStateCounts) {
  for (const s of Object.keys(into) as (keyof OrderStateCounts)[]) into[s] += from[s];
}

/** `tree/all`: regions → shops, each with its orders counted by state (regions add up their shops and sub-regions). */
export async function orderTree(tx: Db, auth: Auth, q: z.output<typeof productOrderTreeQuery>) {
  const regionRows = await tx
    .select({ id: regions.id, code: regions.code, name: regions.name, parentId: regions.parentId })
    .from(regions)
    .orderBy(asc(regions.sort), asc(regions.code));
  const shopRows = await tx
    .select({ id: shops.id, code: shops.code, name: shops.name, regionId: shops.regionId })
    .from(shops)
    .where(inVisibleShops(auth, shops.id))
    .orderBy(asc(shops.code));
  const countRows = await tx
    .select({ shopId: productOrders.shopId, state: productOrders.state, n: count() })
    .from(productOrders)
    .where(
      and(
        eq(productOrders.tenantId, auth.tenantId),
        q.dateFrom ? gte(productOrders.orderDate, q.dateFrom) : undefined,
        q.dateTo ? lte(productOrders.orderDate, q.dateTo) : undefined,
      ),
    )
    .groupBy(productOrders.shopId, productOrders.state);
  const nodes = new Map<number, ProductOrderTreeNode>(regionRows.map((r) => [r.id, { ...r, counts: zero(), shops: [], children: [] }]));
  for (const s of shopRows) {
    const counts = zero();
    for (const c of countRows.filter((x) => x.shopId === s.id)) {
      counts[c.state as ProductOrderState] += c.n;
      counts.total += c.n;
    }
    const node = nodes.get(s.regionId);
    if (node) {
      node.shops.push({ id: s.id, code: s.code, name: s.name, counts });
      add(node.counts, counts);
    }
  }
  const roots: ProductOrderTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  for (const root of roots) for (const child of root.children) add(root.counts, child.counts);
  // Shop users see only the branches that hold their shops.
  const keep = (n: ProductOrderTreeNode): boolean => n.shops.length > 0 || n.children.some(keep);
  const prune = (list: ProductOrderTreeNode[]): ProductOrderTreeNode[] =>
    list.filter(keep).map((n) => ({ ...n, children: prune(n.children) }));
  return visibleShops(auth) ? prune(roots) : roots;
}

/** Orders from the mobile application are refused while the product-order settings say so. */
async function assertOrderChannel(tx: Db, auth: Auth) {
  if (auth.appId === 'mobile' && !(await getOrderConfig(tx)).isAllowMobile) throw forbidden('orderMobileOff');
}

/**
 * An order's number: with automatic numbering on, the series (prefix + the day it is made + sequence),
 * kept by later saves; else the one typed.
 */
async function numbered({ tx, auth }: BillCtx, body: { billNo?: string }, order?: BillRow) {
  await assertOrderChannel(tx, auth);
  const config = await getOrderConfig(tx);
  if (order) return config.isAutoNo ? { billNo: order.billNo as string } : {};
  const today = await tenantToday(tx, auth.tenantId);
  const billNo = config.isAutoNo ? await nextNumber(tx, auth.tenantId, config.noPrefix, today, config.noWidth) : body.billNo;
  if (!billNo) throw fieldError('billNo', 'billNoRequired');
  return { billNo };
}

const orderLines = (tx: Db, orderId: number) =>
  tx
    .select()
    .from(productOrderLines)
    .where(eq(productOrderLines.orderId, orderId))
    .orderBy(asc(productOrderLines.sort), asc(productOrderLines.id));

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
    totals: { totalQuantity: 'quantity', totalAmount: 'amount' },
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
  prepare: numbered,
  lineValues: async ({ tx }, lines) => {
    const found = await checkLineProducts(tx, lines);
    return lines.map((l) => {
      const price = l.price ?? found.get(l.productId)?.purchasePrice ?? 0;
      return { price, amount: lineAmount(l.quantity, price) };
    });
  },
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
