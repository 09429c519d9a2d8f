import { productOrderBill } from '@headoffice/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { type BillType, billLines, billType } from '../../platform/bills.js';
import { type BillRow, type TransitionContext, transition } from '../../platform/documents.js';
import { conflict, forbidden } from '../../platform/errors.js';
import { tenantToday } from '../../platform/numbering.js';
import { shopsInRegion } from '../org/public.js';
import { billTypeOf, ENTRY, insertBill, OUT } from './bills.js';
import { getOrderConfig, priced } from './common.js';
import { systemReason } from './reasons.js';
import { productOrderLines, productOrders, stockBills } from './schema.js';

// Shop product orders (订货单) on the bill engine: a shop orders, head office sends (a stock out from
// the warehouse), the shop receives (a stock entry).

/** Orders from the mobile application are refused while the product-order settings say so. */
async function assertOrderChannel(tx: Db, auth: Auth) {
  if (auth.appId === 'mobile' && !(await getOrderConfig(tx)).isAllowMobile) throw forbidden('orderMobileOff');
}

/** Makes a bill for an order and audits it at once (the stock moves now). */
async function orderBill(tx: Db, order: BillRow, ctx: TransitionContext, type: typeof ENTRY) {
  const lines = await billLines(orderBills, tx, order.id);
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

export const orderBills: BillType<typeof productOrderBill> = billType(productOrderBill, {
  table: productOrders,
  dateField: 'orderDate',
  displays: {
    regionId: ['shopId', 'regionId'],
    outBillNo: ['outBillId', 'billNo', stockBills],
    entryBillNo: ['entryBillId', 'billNo', stockBills],
  },
  lines: {
    table: productOrderLines,
    displays: { pcode: ['productId', 'pcode'], unit: ['productId', 'unit'] },
    totals: { totalQuantity: 'quantity', totalAmount: 'amount' },
  },
  filters: {
    // adminList: the shops of a region or of its sub-regions.
    regionId: ({ tx }, region) => inArray(productOrders.shopId, shopsInRegion(tx, Number(region))),
  },
  // The product-order settings number orders by the day they are made, or leave the number to the shop.
  numbering: getOrderConfig,
  numberedToday: true,
  prepare: ({ tx, auth }) => assertOrderChannel(tx, auth),
  lineValues: ({ tx }, lines) => priced(tx, lines, 'price'),
  reasons: { reject: 'rejectReason' },
  effects: {
    submit: async (tx, order, ctx) => {
      await assertOrderChannel(tx, ctx.auth);
      if (!(await billLines(orderBills, tx, order.id)).length) throw conflict('emptyOrder');
      return {};
    },
    audit: async (tx, order, ctx) => ({ outBillId: await orderBill(tx, order, ctx, OUT), rejectReason: null }),
    receive: async (tx, order, ctx) => ({ entryBillId: await orderBill(tx, order, ctx, ENTRY) }),
  },
  describe: {
    saveBill:
      "Lines replace the order's lines (absent on update: kept). The number comes from the product-order settings (prefix + date + sequence) or, with automatic numbering off, from billNo.",
    submitBill: "Submit a draft order to head office (it appears in the approvers' inbox).",
    auditBill: 'Head office accepts an order: creates and audits the stock out from the warehouse.',
    receiveBill: 'The shop confirms receipt: creates and audits the stock entry into the shop.',
  },
});
