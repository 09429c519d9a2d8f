import type { StockBillType } from '@headoffice/contract';

/** The stock module's routes (bills, lines, reasons, balances, product orders, settings, the inbox). */
export const STOCK = {
  bills: (type: StockBillType) => `/api-stock/${type === '1' ? 'entry' : 'out'}`,
  billList: (type: StockBillType) => `/api-stock/${type === '1' ? 'entry' : 'out'}/chain/findListWithPro`,
  bill: (type: StockBillType, id: number | string) => `/api-stock/${type === '1' ? 'entry' : 'out'}/${id}`,
  billAction: (type: StockBillType, action: string) => `/api-stock/${type === '1' ? 'entry' : 'out'}/${action}`,
  reasons: '/api-stock/dictinout',
  reasonAll: '/api-stock/dictinout/list/all',
  balance: '/api-stock/balance',
  balanceExport: '/api-stock/balance/export',
  history: '/api-stock/balance/history',
  orderList: '/api-chain/productorder/list',
  orderAdminList: '/api-chain/productorder/adminList',
  orderTree: '/api-chain/productorder/tree/all',
  orderSave: '/api-chain/productorder/saveBill',
  order: (id: number | string) => `/api-chain/productorder/${id}`,
  orderAction: (action: string) => `/api-chain/productorder/${action}Bill`,
  stockConfig: '/api-chain/stockconfig/sysuser',
  stockConfigSave: '/api-chain/stockconfig/save',
  orderConfig: '/api-chain/makeorderconfig/sysuser',
  orderConfigSave: '/api-chain/makeorderconfig',
  productAll: '/api-chain/product/list/all',
  shopAll: '/api-chain/shop/list/all',
  inbox: '/api-user/inbox',
  inboxCounts: '/api-user/inbox/counts',
  inboxTransition: '/api-user/inbox/transition',
} as const;

/** Bill types by the page's path segment. */
export const BILL_TYPES = {
  entries: {
    type: '1',
    docType: 'stock.entry',
    perm: 'stock.entry',
    title: 'stock.type.entry',
    menu: '/admin/stock/entries',
    direction: 1,
  },
  outs: { type: '2', docType: 'stock.out', perm: 'stock.out', title: 'stock.type.out', menu: '/admin/stock/outs', direction: 2 },
} as const satisfies Record<string, { type: StockBillType; docType: string; perm: string; title: string; menu: string; direction: 1 | 2 }>;
/** The document type of product orders (its `bill.changed` events). */
export const ORDER_DOC_TYPE = 'stock.order';
export type BillKind = keyof typeof BILL_TYPES;

export const kindOf = (type: StockBillType): BillKind => (type === '1' ? 'entries' : 'outs');

/** Query keys every stock page shares, so a transition refreshes lists, details, balances and the inbox. */
export const STOCK_KEYS = ['stock-bills', 'stock-bill', 'stock-balance', 'stock-history', 'orders', 'order', 'order-tree', 'inbox'];

export const BILL_STATE_COLORS: Record<string, string> = {
  draft: 'default',
  audited: 'green',
  rejected: 'red',
  revoked: 'orange',
  submitted: 'blue',
  received: 'cyan',
};

/** The head-office warehouse in location pickers (the wire sends null / warehouse=1). */
export const WAREHOUSE = 0;
