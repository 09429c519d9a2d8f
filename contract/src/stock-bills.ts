import { z } from 'zod';
import {
  type BillDetailOf,
  type BillFieldDef,
  type BillFilterDef,
  type BillOptions,
  billDetailExtra,
  billRow,
  defineBill,
  instant,
  savedFields,
} from './bills.js';
import {
  flag,
  productOrderLineInput,
  productOrderSave,
  productOrderStates,
  stockBillSave,
  stockBillStates,
  stockBillType,
  stockLineInput,
} from './stock.js';

// The stock bills (入库单, 出库单) and product orders (订货单) as bill definitions: the server's routes
// and transitions and the web's pages all come from these.

const optionalName = z.string().nullable();

export const stockLineRow = z.object({
  id: z.number(),
  billId: z.number(),
  ...savedFields(stockLineInput),
  pcode: z.string(),
  productName: z.string(),
  barcode: optionalName,
  spec: optionalName,
  unit: z.string(),
  amount: z.number(),
  sort: z.number(),
});

export const stockBillRow = billRow(['draft', 'audited', 'rejected', 'revoked'], {
  ...savedFields(stockBillSave),
  type: stockBillType,
  /** Shop name, or 总部仓库 / Head-office warehouse. */
  shopName: z.string(),
  reasonName: z.string(),
  reasonKind: z.string(),
  counterpartShopName: optionalName,
  transferId: z.number().nullable(),
  orderId: z.number().nullable(),
  rejectReason: optionalName,
  totalQuantity: z.number(),
  totalAmount: z.number(),
  createdByName: optionalName,
  auditedBy: z.number().nullable(),
  auditedByName: optionalName,
  auditedAt: instant.nullable(),
  createdAt: instant,
  lines: z.array(stockLineRow),
});
export type StockBillRow = z.infer<typeof stockBillRow>;

export const stockBillDetail = stockBillRow.extend({
  ...billDetailExtra.shape,
  /** The other bill of a transfer. */
  partner: z.object({ id: z.number(), billNo: z.string(), type: stockBillType, state: z.string() }).nullable(),
  order: z.object({ id: z.number(), billNo: z.string(), state: z.string() }).nullable(),
});
export type StockBillDetail = z.infer<typeof stockBillDetail>;

const stockLineFields: Record<string, BillFieldDef> = {
  productId: { label: ['商品', 'Product'], kind: 'product', column: { display: 'productName' }, form: {} },
  quantity: { label: ['数量', 'Quantity'], kind: 'number', column: { width: 90 }, form: {} },
  unitCost: { label: ['单价', 'Unit cost'], kind: 'money', column: { width: 110 }, form: {} },
  amount: { label: ['金额', 'Amount'], kind: 'money', column: { width: 120 } },
  memo: { label: ['备注', 'Memo'], kind: 'text', column: {}, form: {} },
};

const stockFilterFields = (reasons: BillOptions): Record<string, BillFilterDef> => ({
  billNo: { label: ['单号', 'Bill no.'], kind: 'text', keys: ['billNo'] },
  // One shop, `warehouse=1` the head-office warehouse; neither: every location the user may see.
  location: { label: ['库位', 'Location'], kind: 'location', keys: ['shopid'], match: 'named' },
  warehouse: { label: ['总仓', 'Warehouse'], kind: 'location', keys: ['warehouse'], match: 'named', hidden: true, value: flag },
  counterpartShopId: { label: ['对方库位', 'Other side'], kind: 'location', keys: ['counterpartShopId'], hidden: true },
  dateRange: { label: ['单据日期', 'Bill date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'] },
  state: { label: ['状态', 'State'], kind: 'state', keys: ['state'] },
  reasonId: { label: ['出入库类型', 'Reason'], kind: 'select', keys: ['reasonId'], options: reasons },
  productId: { label: ['商品', 'Product'], kind: 'product', keys: ['productId'], fields: ['lines.productId'] },
});

function stockBillDef(type: '1' | '2') {
  const entry = type === '1';
  const docType = entry ? 'stock.entry' : 'stock.out';
  const resource = entry ? 'entry' : 'out';
  const reasons = { url: '/api-stock/dictinout/list/all', value: 'id', label: 'name', params: { direction: entry ? 1 : 2 } };
  const audit = `${docType}.audit`;
  return defineBill({
    locks: ['close'],
    docType,
    label: entry ? ['入库单', 'Stock entry'] : ['出库单', 'Stock out'],
    basePath: `/api-stock/${resource}`,
    webPath: `/admin/stock/${entry ? 'entries' : 'outs'}`,
    states: stockBillStates,
    initial: 'draft',
    editable: ['draft', 'rejected'],
    transitions: {
      audit: { label: ['审核', 'audit'], from: ['draft'], to: 'audited', perm: audit, path: 'audit', inbox: true },
      reject: { label: ['驳回', 'reject'], from: ['draft'], to: 'rejected', perm: audit, path: 'reject', inbox: true, memoRequired: true },
      // Bills made by a product order are revoked only with it.
      revoke: {
        label: ['撤销', 'revoke'],
        from: ['audited'],
        to: 'revoked',
        perm: `${docType}.revoke`,
        path: 'revoke',
        confirm: true,
        when: 'notFromOrder',
      },
    },
    save: stockBillSave,
    filterFields: stockFilterFields(reasons),
    row: stockBillRow,
    detail: stockBillDetail,
    headFields: {
      billNo: { label: ['单号', 'Bill no.'], kind: 'text', column: { width: 170, sortable: true } },
      shopId: { label: ['库位', 'Location'], kind: 'location', column: { width: 150, display: 'shopName' }, form: {} },
      billDate: { label: ['单据日期', 'Bill date'], kind: 'date', column: { width: 110, sortable: true }, form: {} },
      reasonId: {
        label: ['出入库类型', 'Reason'],
        kind: 'select',
        column: { width: 110, display: 'reasonName' },
        form: {},
        options: reasons,
      },
      state: { label: ['状态', 'State'], kind: 'select', column: { width: 90, sortable: true } },
      counterpart: { label: ['往来单位', 'Counterpart'], kind: 'text', column: { width: 140, display: 'counterpartShopName' }, form: {} },
      totalQuantity: { label: ['总数量', 'Total quantity'], kind: 'number', column: { width: 90, sortable: true } },
      totalAmount: { label: ['总金额', 'Total amount'], kind: 'money', column: { width: 120, sortable: true } },
      createdByName: { label: ['制单人', 'Made by'], kind: 'text', column: { width: 100 } },
      auditedByName: { label: ['审核人', 'Audited by'], kind: 'text', detail: true },
      memo: { label: ['备注', 'Memo'], kind: 'text', form: { span: 16 }, detail: true },
    },
    lineFields: stockLineFields,
    paths: {
      list: ['chain/findListWithPro'],
      pick: 'list/all',
      save: [''],
      detail: ':id',
      export: 'export',
      lines: { base: `/api-stock/${resource}products`, list: 'list/all', save: 'save', remove: 'batchdelete' },
    },
  });
}

export const stockEntryBill = stockBillDef('1');
export const stockOutBill = stockBillDef('2');

export const productOrderLineRow = z.object({
  id: z.number(),
  ...savedFields(productOrderLineInput),
  pcode: z.string(),
  productName: z.string(),
  unit: z.string(),
  amount: z.number(),
  sort: z.number(),
});

export const productOrderRow = billRow(['draft', 'submitted', 'audited', 'received', 'rejected'], {
  ...savedFields(productOrderSave),
  shopName: z.string(),
  regionId: z.number(),
  rejectReason: optionalName,
  outBillId: z.number().nullable(),
  outBillNo: optionalName,
  entryBillId: z.number().nullable(),
  entryBillNo: optionalName,
  totalQuantity: z.number(),
  totalAmount: z.number(),
  createdByName: optionalName,
  createdAt: instant,
  lines: z.array(productOrderLineRow),
});
export type ProductOrderRow = z.infer<typeof productOrderRow>;

export type ProductOrderDetail = BillDetailOf<typeof productOrderBill>;

const orderAudit = 'stock.order.audit';

export const productOrderBill = defineBill({
  locks: ['close'],
  docType: 'stock.order',
  label: ['订货单', 'Product order'],
  basePath: '/api-chain/productorder',
  webPath: '/admin/stock/orders',
  states: productOrderStates,
  initial: 'draft',
  editable: ['draft', 'rejected'],
  transitions: {
    submit: { label: ['提交', 'submit'], from: ['draft'], to: 'submitted', perm: 'stock.order.submit', path: 'submitBill' },
    audit: { label: ['审核', 'audit'], from: ['submitted'], to: 'audited', perm: orderAudit, path: 'auditBill', inbox: true },
    reject: {
      label: ['驳回', 'reject'],
      from: ['submitted'],
      to: 'rejected',
      perm: orderAudit,
      path: 'rejectBill',
      inbox: true,
      memoRequired: true,
    },
    receive: {
      label: ['确认收货', 'receive'],
      from: ['audited'],
      to: 'received',
      perm: 'stock.order.receive',
      path: 'receiveBill',
      inbox: true,
    },
  },
  save: productOrderSave,
  filterFields: {
    billNo: { label: ['单号', 'Bill no.'], kind: 'text', keys: ['billNo'] },
    dateRange: { label: ['订货日期', 'Order date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'] },
    state: { label: ['状态', 'State'], kind: 'state', keys: ['state'] },
    shopid: { label: ['门店', 'Shop'], kind: 'shop', keys: ['shopid'], hidden: true },
    regionId: { label: ['区域', 'Region'], kind: 'select', keys: ['regionId'], match: 'named', hidden: true },
  },
  row: productOrderRow,
  headFields: {
    billNo: { label: ['单号', 'Bill no.'], kind: 'text', column: { width: 170, sortable: true } },
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { width: 150, display: 'shopName' }, form: {} },
    orderDate: { label: ['订货日期', 'Order date'], kind: 'date', column: { width: 110, sortable: true }, form: {} },
    state: { label: ['状态', 'State'], kind: 'select', column: { width: 90, sortable: true } },
    totalQuantity: { label: ['总数量', 'Total quantity'], kind: 'number', column: { width: 90, sortable: true } },
    totalAmount: { label: ['总金额', 'Total amount'], kind: 'money', column: { width: 120, sortable: true } },
    outBillNo: { label: ['出库单', 'Stock out'], kind: 'text', column: { width: 170 } },
    entryBillNo: { label: ['入库单', 'Stock entry'], kind: 'text', detail: true },
    createdByName: { label: ['制单人', 'Made by'], kind: 'text', column: { width: 100 } },
    memo: { label: ['备注', 'Memo'], kind: 'text', form: { span: 16 }, detail: true },
  },
  lineFields: {
    productId: { label: ['商品', 'Product'], kind: 'product', column: { display: 'productName' }, form: {} },
    quantity: { label: ['数量', 'Quantity'], kind: 'number', column: { width: 90 }, form: {} },
    price: { label: ['单价', 'Price'], kind: 'money', column: { width: 110 }, form: {} },
    amount: { label: ['金额', 'Amount'], kind: 'money', column: { width: 120 } },
  },
  paths: { list: ['adminList', 'list'], save: ['saveBill', ''], detail: ':id', export: 'export' },
});

/** Every bill type of the stock module. */
export const stockBillDefs = [stockEntryBill, stockOutBill, productOrderBill] as const;
