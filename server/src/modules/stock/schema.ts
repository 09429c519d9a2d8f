import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  auditColumns,
  billDate,
  billHeadColumns,
  billNo,
  billNoIndex,
  billState,
  billTraceIndex,
  ledgerTraceColumns,
  makerColumns,
  memo,
  refId,
  sort,
  tenantKeys,
  tenantPrimaryKey,
  tenantReference,
  updatedAt,
  versionedTimestamps,
} from '../../db/columns.js';
import { dictionaryTable } from '../../db/dictionary-table.js';
import { products } from '../catalog/public.js';
import { shops } from '../org/public.js';

/** In/out reasons (dictinout): direction 1 entry, 2 out; kind purchase | transfer | use | loss | return | order | other. */
export const stockReasons = dictionaryTable('stock_reasons', {
  direction: smallint('direction').notNull(),
  kind: text('kind').notNull().default('other'),
});

/**
 * Stock entries (type '1') and outs (type '2'). `shopId` null is the head-office warehouse.
 * States: draft → audited → revoked; draft → rejected → (edited) draft.
 */
export const stockBills = pgTable(
  'stock_bills',
  {
    ...tenantKeys(),
    billNo: billNo(),
    type: text('type').notNull(),
    shopId: refId('shop_id'),
    billDate: billDate(),
    reasonId: refId('reason_id').notNull(),
    counterpart: text('counterpart'),
    /** The other side of a transfer between locations; null on a transfer means the head-office warehouse. */
    counterpartShopId: refId('counterpart_shop_id'),
    /** A transfer's out and entry share this id (the out bill's id). */
    transferId: refId('transfer_id'),
    orderId: refId('order_id'),
    state: billState(),
    rejectReason: text('reject_reason'),
    memo: memo(),
    totalQuantity: integer('total_quantity').notNull().default(0),
    totalAmount: integer('total_amount').notNull().default(0),
    ...makerColumns(),
    ...auditColumns(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('stock_bills_tenant_type_date').on(t.tenantId, t.type, t.billDate, t.id),
    index('stock_bills_tenant_shop_date').on(t.tenantId, t.shopId, t.billDate),
    index('stock_bills_tenant_state').on(t.tenantId, t.state),
    index('stock_bills_tenant_transfer').on(t.tenantId, t.transferId).where(sql`${t.transferId} is not null`),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.reasonId, stockReasons),
    tenantReference(t, t.counterpartShopId, shops),
  ],
);

export const stockBillLines = pgTable(
  'stock_bill_lines',
  {
    ...tenantKeys(),
    billId: refId('bill_id').notNull(),
    productId: refId('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitCost: integer('unit_cost').notNull().default(0),
    amount: integer('amount').notNull().default(0),
    memo: memo(),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('stock_bill_lines_tenant_bill').on(t.tenantId, t.billId),
    index('stock_bill_lines_tenant_product').on(t.tenantId, t.productId),
    tenantReference(t, t.billId, stockBills).onDelete('cascade'),
    tenantReference(t, t.productId, products),
  ],
);

/** Append-only: every movement of a product in a location, traced to its bill line; a revoke adds negated rows. */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    ...tenantKeys(),
    shopId: refId('shop_id'),
    productId: refId('product_id').notNull(),
    delta: integer('delta').notNull(),
    /** The balance after this row. */
    balance: integer('balance').notNull(),
    ...ledgerTraceColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('stock_ledger_tenant_location_product').on(t.tenantId, sql`coalesce(${t.shopId}, 0)`, t.productId, t.id),
    billTraceIndex(t),
  ],
);

export const stockBalances = pgTable(
  'stock_balances',
  {
    ...tenantKeys(),
    shopId: refId('shop_id'),
    productId: refId('product_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('stock_balances_tenant_location_product').on(t.tenantId, sql`coalesce(${t.shopId}, 0)`, t.productId),
    index('stock_balances_tenant_product').on(t.tenantId, t.productId),
    index('stock_balances_tenant_shop').on(t.tenantId, t.shopId),
  ],
);

/** A shop's order of products from head office: draft → submitted → audited (goods sent) → received; or rejected. */
export const productOrders = pgTable(
  'product_orders',
  {
    ...billHeadColumns(),
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    state: billState(),
    rejectReason: text('reject_reason'),
    memo: memo(),
    outBillId: refId('out_bill_id'),
    entryBillId: refId('entry_bill_id'),
    totalQuantity: integer('total_quantity').notNull().default(0),
    totalAmount: integer('total_amount').notNull().default(0),
    ...makerColumns(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    billNoIndex(t),
    index('product_orders_tenant_shop_date').on(t.tenantId, t.shopId, t.orderDate),
    index('product_orders_tenant_state').on(t.tenantId, t.state),
    tenantReference(t, t.shopId, shops),
  ],
);

export const productOrderLines = pgTable(
  'product_order_lines',
  {
    ...tenantKeys(),
    orderId: refId('order_id').notNull(),
    productId: refId('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    price: integer('price').notNull().default(0),
    amount: integer('amount').notNull().default(0),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('product_order_lines_tenant_order').on(t.tenantId, t.orderId),
    tenantReference(t, t.orderId, productOrders).onDelete('cascade'),
    tenantReference(t, t.productId, products),
  ],
);
