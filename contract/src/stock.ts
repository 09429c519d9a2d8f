import { z } from 'zod';
import { type BillStateCounts, type BillStateDef, type BillTreeNode, billLine, billSave, billTreeNode, instant } from './bills.js';
import { date, id, memo, pageAnswer, pageQuery } from './platform.js';

// Stock: entries (入库, type '1') and outs (出库, type '2'), their lines, the in/out reasons
// (dictinout), balances and movement history, shop product orders (订货单), stock and order settings,
// and the approvals inbox. Quantities are whole numbers in the product's base unit; money is cents.

type Label = readonly [string, string];

/** Stock document type codes of the seed: '1' entry (in), '2' out. */
export const stockBillType = z.enum(['1', '2']);
export type StockBillType = z.infer<typeof stockBillType>;

/** draft → audited → revoked; draft → rejected → (edited and saved) draft. */
export const stockBillStates = {
  draft: { label: ['草稿', 'Draft'], color: 'default' },
  audited: { label: ['已审核', 'Audited'], color: 'green' },
  rejected: { label: ['已驳回', 'Rejected'], color: 'red' },
  revoked: { label: ['已撤销', 'Revoked'], color: 'orange' },
} as const satisfies Record<string, BillStateDef>;

/** draft → submitted → audited (goods sent) → received; submitted → rejected → (edited) draft. */
export const productOrderStates = {
  draft: { label: ['草稿', 'Draft'], color: 'default' },
  submitted: { label: ['待审核', 'Submitted'], color: 'blue' },
  audited: { label: ['已发货', 'Sent'], color: 'green' },
  received: { label: ['已收货', 'Received'], color: 'cyan' },
  rejected: { label: ['已驳回', 'Rejected'], color: 'red' },
} as const satisfies Record<string, BillStateDef>;
export type ProductOrderState = keyof typeof productOrderStates;

/** What a reason means to the system: transfers and orders create linked bills. */
export const stockReasonKinds = ['purchase', 'transfer', 'use', 'loss', 'return', 'order', 'count', 'other'] as const;
export const stockReasonKind = z.enum(stockReasonKinds);
export const stockReasonKindLabels: Record<(typeof stockReasonKinds)[number], Label> = {
  purchase: ['采购', 'Purchase'],
  transfer: ['调拨', 'Transfer'],
  use: ['领用', 'Internal use'],
  loss: ['报损', 'Loss'],
  return: ['退货', 'Return'],
  order: ['订货', 'Shop order'],
  count: ['盘点', 'Stock count'],
  other: ['其他', 'Other'],
};
/** 1 entry (in), 2 out. */
export const stockDirection = z.union([z.literal(1), z.literal(2)]);

const version = z.number().int().positive().optional();
/** A quantity on a line: at least 1, at most 10 million base units. */
export const stockQuantity = z.number().int().min(1).max(10_000_000);
const cents = z.number().int().min(0).max(1_000_000_000);
export const flag = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
  .transform((v) => v === '1' || v === 'true')
  .optional();

// ---- bills ----

export const stockLineInput = billLine({
  productId: id,
  quantity: stockQuantity,
  /** Unit cost in cents; defaults to the product's purchase price. */
  unitCost: cents.optional(),
  memo,
});

/** `POST /api-stock/entry` and `/out`: numbered RK/CK + the day it is made. */
export const stockBillSave = billSave({
  /** null: the head-office warehouse. */
  shopId: id.nullable(),
  billDate: date.optional(),
  reasonId: id,
  /** Supplier or other party, free text. */
  counterpart: z.string().trim().max(100).nullish(),
  /** The other location of a transfer out (a reason of kind `transfer`, else ignored): a shop, or null for the warehouse. */
  counterpartShopId: id.nullish(),
  memo,
  lines: z.array(stockLineInput).max(500).optional(),
});

// The reasons (dictinout) are a record type: stock-records.ts.

// ---- balances and history ----

export const stockBalanceQuery = pageQuery.extend({
  shopid: id.optional(),
  /** Alias of `shopid`. */
  shopId: id.optional(),
  warehouse: flag,
  productId: id.optional(),
  /** Contains-match on product code, name or barcode. */
  keyword: z.string().trim().max(64).optional(),
  categoryId: id.optional(),
  /** `1`: only rows whose quantity is not zero. */
  nonZero: flag,
});

export const stockBalanceRow = z.object({
  id: z.number(),
  shopId: z.number().nullable(),
  shopName: z.string(),
  productId: z.number(),
  pcode: z.string(),
  productName: z.string(),
  barcode: z.string().nullable(),
  spec: z.string().nullable(),
  unit: z.string(),
  quantity: z.number(),
  purchasePrice: z.number(),
  /** quantity × purchase price, cents. */
  value: z.number(),
  updatedAt: instant,
});
export type StockBalanceRow = z.output<typeof stockBalanceRow>;
/** A page of balances with the sums over every matching row. */
export const stockBalancePage = pageAnswer(stockBalanceRow).extend({ summary: z.object({ quantity: z.number(), value: z.number() }) });
export type StockBalancePage = z.output<typeof stockBalancePage>;

export const stockHistoryQuery = pageQuery.extend({
  shopid: id.optional(),
  shopId: id.optional(),
  warehouse: flag,
  productId: id,
  dateFrom: date.optional(),
  dateTo: date.optional(),
});

export const stockHistoryRow = z.object({
  id: z.number(),
  at: instant,
  shopId: z.number().nullable(),
  shopName: z.string(),
  delta: z.number(),
  /** The balance after this movement. */
  balance: z.number(),
  docType: z.string(),
  billId: z.number(),
  billNo: z.string().nullable(),
  billDate: z.string().nullable(),
  reasonName: z.string().nullable(),
  lineId: z.number().nullable(),
  /** The ledger row this one reverses (a revoke). */
  reversesId: z.number().nullable(),
  /** Web route of the bill. */
  link: z.string().nullable(),
});
export type StockHistoryRow = z.output<typeof stockHistoryRow>;
export const stockHistoryPage = pageAnswer(stockHistoryRow);

// ---- product orders (api-chain/productorder) ----

export const productOrderLineInput = z.strictObject({
  productId: id,
  quantity: stockQuantity,
  /** Price per base unit in cents; defaults to the product's purchase price. */
  price: cents.optional(),
});

/** `saveBill` and `POST /api-chain/productorder`: a draft order of a shop (lines replace the order's lines). */
export const productOrderSave = billSave({
  shopId: id,
  orderDate: date.optional(),
  /** Only when automatic numbering is off (the product-order settings). */
  billNo: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{1,40}$/)
    .optional(),
  memo,
  lines: z.array(productOrderLineInput).max(500).optional(),
});

export type OrderStateCounts = BillStateCounts<ProductOrderState>;
export type ProductOrderTreeNode = BillTreeNode<ProductOrderState>;
/** `tree/all`: regions → shops, each with its orders counted by state. */
export const productOrderTreeNode = billTreeNode(productOrderStates);

// ---- settings ----

/** `stockconfig` (setting `stock.config`). */
export const stockConfig = z.strictObject({
  /** Outs may take a balance below zero. */
  allowNegative: z.boolean().default(false),
  /** A bill saved with lines by a user who may audit it is audited at once. */
  autoAudit: z.boolean().default(false),
});
export type StockConfig = z.output<typeof stockConfig>;

/** Product-order settings (setting `stock.order`), served at ORDER_CONFIG_PATH (makeorderconfig is the cashier's). */
export const ORDER_CONFIG_PATH = '/api-stock/orderconfig';
export const orderConfig = z.strictObject({
  /** Order numbers come from the series (prefix + date + sequence); off: the shop types the number. */
  isAutoNo: z.boolean().default(true),
  /** Shops may save and submit orders from the mobile application. */
  isAllowMobile: z.boolean().default(true),
  noPrefix: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,6}$/)
    .default('DH'),
  /** Digits of the daily sequence. */
  noWidth: z.number().int().min(3).max(6).default(4),
});
export type OrderConfig = z.output<typeof orderConfig>;
export const orderConfigAutoNo = z.strictObject({ isAutoNo: z.boolean() });
export const orderConfigMobile = z.strictObject({ isAllowMobile: z.boolean() });
export const orderConfigNo = z.strictObject({ noPrefix: orderConfig.shape.noPrefix, noWidth: orderConfig.shape.noWidth });

// ---- approvals inbox (api-user/inbox) ----

export const inboxTransitionBody = z.strictObject({
  docType: z.string().min(1).max(40),
  id,
  action: z.string().min(1).max(40),
  version,
  memo: z.string().trim().max(500).nullish(),
});

export interface InboxItem {
  id: number;
  billNo: string;
  state: string;
  shopId: number | null;
  shopName?: string;
  actions: string[];
  link: string;
  version: number;
  updatedAt: string;
  [field: string]: unknown;
}

export interface InboxGroup {
  docType: string;
  label: Label;
  count: number;
  states: Record<string, Label>;
  actionLabels: Record<string, Label>;
  memoRequired: string[];
  items: InboxItem[];
}

export interface InboxCounts {
  total: number;
  byType: { docType: string; label: Label; count: number }[];
}

const label = z.tuple([z.string(), z.string()]);
/** What the inbox answers (`/api-user/inbox`): per document type, the bills waiting for the user, with their own fields too. */
export const inboxGroups: z.ZodType<InboxGroup[]> = z.array(
  z.object({
    docType: z.string(),
    label,
    count: z.number(),
    states: z.record(z.string(), label),
    actionLabels: z.record(z.string(), label),
    memoRequired: z.array(z.string()),
    items: z.array(
      z.looseObject({
        id: z.number(),
        billNo: z.string(),
        state: z.string(),
        shopId: z.number().nullable(),
        shopName: z.string().optional(),
        actions: z.array(z.string()),
        link: z.string(),
        version: z.number(),
        updatedAt: z.string(),
      }),
    ),
  }),
);
export const inboxCounts: z.ZodType<InboxCounts> = z.object({
  total: z.number(),
  byType: z.array(z.object({ docType: z.string(), label, count: z.number() })),
});
