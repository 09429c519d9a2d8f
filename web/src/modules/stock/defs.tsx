import type { ProductOrderRow, StockBillRow, StockBillType } from '@headoffice/contract';
import { Space, Typography } from 'antd';
import type { ResourceDef } from '../../platform/resource/types';
import { STOCK } from './api';
import { StateTag } from './shared';

const BILL_STATES = [
  { value: 'draft', label: 'stock.billState.draft' },
  { value: 'audited', label: 'stock.billState.audited', color: 'green' },
  { value: 'rejected', label: 'stock.billState.rejected', color: 'red' },
  { value: 'revoked', label: 'stock.billState.revoked', color: 'orange' },
];
const ORDER_STATES = [
  { value: 'draft', label: 'stock.orderState.draft' },
  { value: 'submitted', label: 'stock.orderState.submitted', color: 'blue' },
  { value: 'audited', label: 'stock.orderState.audited', color: 'green' },
  { value: 'received', label: 'stock.orderState.received', color: 'cyan' },
  { value: 'rejected', label: 'stock.orderState.rejected', color: 'red' },
];

/** "洗发水 ×10、护发素 ×5 等 3 种" — the first lines of a bill, for lists. */
export function LinesSummary({ lines }: { lines: { productName: string; quantity: number; unit: string }[] }) {
  if (!lines.length) return <Typography.Text type="secondary">—</Typography.Text>;
  const head = lines.slice(0, 2).map((l) => `${l.productName} ×${l.quantity}`);
  const text = head.join('、') + (lines.length > 2 ? ` … (${lines.length})` : '');
  const full = lines.map((l) => `${l.productName} ×${l.quantity}${l.unit}`).join('\n');
  return (
    <Typography.Text ellipsis={{ tooltip: <span style={{ whiteSpace: 'pre-line' }}>{full}</span> }} style={{ maxWidth: 260 }}>
      {text}
    </Typography.Text>
  );
}

/** The chain-wide list of entries or outs (findListWithPro); the location filter lives in the page. */
export function billDef(type: StockBillType, open?: (id: number) => void): ResourceDef<StockBillRow, 'dateRange' | 'productId' | 'lines'> {
  const perm = type === '1' ? 'stock.entry' : 'stock.out';
  return {
    key: `stock-bills-${type}`,
    title: type === '1' ? 'stock.type.entry' : 'stock.type.out',
    basePath: STOCK.bills(type),
    listPath: STOCK.billList(type),
    deletePath: false,
    updateStatusPath: false,
    exportPath: false,
    readOnly: true,
    editPerm: `${perm}.edit`,
    fields: [
      {
        key: 'billNo',
        title: 'stock.billNo',
        table: {
          width: 170,
          fixed: 'left',
          render: (r) => (open ? <Typography.Link onClick={() => open(r.id)}>{r.billNo}</Typography.Link> : r.billNo),
        },
        search: true,
        form: false,
      },
      { key: 'shopName', title: 'stock.location', table: { width: 150, ellipsis: true }, form: false },
      { key: 'billDate', title: 'stock.billDate', type: 'date', table: { width: 110 }, form: false },
      {
        key: 'dateRange',
        title: 'stock.dateRange',
        type: 'dateRange',
        table: false,
        search: { type: 'dateRange', range: ['dateFrom', 'dateTo'] },
        form: false,
      },
      {
        key: 'reasonId',
        title: 'stock.reason',
        type: 'select',
        options: { kind: 'remote', url: STOCK.reasonAll, value: 'id', label: 'name', params: { direction: type === '1' ? 1 : 2 } },
        table: { width: 110, display: 'reasonName' },
        search: true,
        form: false,
      },
      {
        key: 'state',
        title: 'stock.state',
        type: 'select',
        options: { kind: 'static', items: BILL_STATES },
        table: { width: 90, render: (r) => <StateTag state={r.state} kind="bill" /> },
        search: true,
        form: false,
      },
      {
        key: 'productId',
        title: 'stock.product',
        type: 'select',
        options: { kind: 'remote', url: STOCK.productAll, value: 'id', label: 'name' },
        table: false,
        search: true,
        form: false,
      },
      {
        key: 'counterpart',
        title: 'stock.counterpart',
        table: {
          width: 140,
          ellipsis: true,
          render: (r) => r.counterpartShopName ?? r.counterpart ?? '',
        },
        form: false,
      },
      { key: 'lines', title: 'stock.linesSummary', table: { render: (r) => <LinesSummary lines={r.lines} /> }, form: false },
      { key: 'totalQuantity', title: 'stock.totalQuantity', type: 'number', table: { width: 90 }, form: false },
      { key: 'totalAmount', title: 'stock.totalAmount', type: 'money', table: { width: 120 }, form: false },
      { key: 'createdByName', title: 'stock.createdBy', table: { width: 100 }, form: false },
    ],
  };
}

/** Product orders: `adminList` (every shop the user sees, region filter) or `list?shopid=` (one shop). */
export function orderDef(oneShop: boolean, open?: (id: number) => void): ResourceDef<ProductOrderRow, 'dateRange' | 'lines'> {
  return {
    key: 'orders',
    title: 'stock.menu.orders',
    basePath: STOCK.orderSave,
    listPath: oneShop ? STOCK.orderList : STOCK.orderAdminList,
    deletePath: false,
    updateStatusPath: false,
    exportPath: false,
    readOnly: true,
    editPerm: 'stock.order.edit',
    fields: [
      {
        key: 'billNo',
        title: 'stock.billNo',
        table: {
          width: 170,
          fixed: 'left',
          render: (r) => (open ? <Typography.Link onClick={() => open(r.id)}>{r.billNo}</Typography.Link> : r.billNo),
        },
        search: true,
        form: false,
      },
      { key: 'shopName', title: 'stock.shop', table: { width: 150, ellipsis: true }, form: false },
      { key: 'orderDate', title: 'stock.orderDate', type: 'date', table: { width: 110 }, form: false },
      {
        key: 'dateRange',
        title: 'stock.dateRange',
        type: 'dateRange',
        table: false,
        search: { type: 'dateRange', range: ['dateFrom', 'dateTo'] },
        form: false,
      },
      {
        key: 'state',
        title: 'stock.state',
        type: 'select',
        options: { kind: 'static', items: ORDER_STATES },
        table: { width: 90, render: (r) => <StateTag state={r.state} kind="order" /> },
        search: true,
        form: false,
      },
      { key: 'lines', title: 'stock.linesSummary', table: { render: (r) => <LinesSummary lines={r.lines} /> }, form: false },
      { key: 'totalQuantity', title: 'stock.totalQuantity', type: 'number', table: { width: 90 }, form: false },
      { key: 'totalAmount', title: 'stock.totalAmount', type: 'money', table: { width: 120 }, form: false },
      {
        key: 'outBillNo',
        title: 'stock.outBill',
        table: {
          width: 170,
          render: (r) => (
            <Space orientation="vertical" size={0}>
              {r.outBillNo ? <span>{r.outBillNo}</span> : null}
              {r.entryBillNo ? <Typography.Text type="secondary">{r.entryBillNo}</Typography.Text> : null}
            </Space>
          ),
        },
        form: false,
      },
      { key: 'createdByName', title: 'stock.createdBy', table: { width: 100 }, form: false },
    ],
  };
}
