import {
  type BillDef,
  orderConfig,
  type Page,
  type ProductOrderDetail,
  type ProductOrderRow,
  productOrderBill,
  type StockBalanceRow,
  type StockBillDetail,
  type StockBillRow,
  type StockReasonRow,
  stockEntryBill,
  stockOutBill,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, type FormInstance, Input, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillDetail } from '../../platform/bills/BillDetail';
import type { BillFormSlots } from '../../platform/bills/BillForm';
import { BillList } from '../../platform/bills/BillList';
import type { LineInfo, LineValues } from '../../platform/bills/LinesEditor';
import { remoteOptions } from '../../platform/bills/labels';
import { fromShopId, LocationSelect, locationParams, toShopId } from '../../platform/bills/pickers';
import { http } from '../../platform/http';
import { t } from '../../platform/i18n';
import { useTab } from '../../platform/pages';
import { useRemoteRows } from '../../platform/resource/options';
import { STOCK } from './api';
import { OrderTree, type OrderTreeSelection, orderTreeParams } from './OrderTree';

// What the stock module adds to its bill types' generic pages: a transfer's other location, the
// quantity an out may take, the bills a transfer or an order is tied to, an order's typed number.

type Values = Record<string, unknown>;

/** The reasons a bill type offers (the same cached rows as its reason picker). */
function useReasons(def: BillDef) {
  const source = remoteOptions(def.headFields.reasonId?.options);
  return (useRemoteRows(source?.url, source?.params).data ?? []) as unknown as StockReasonRow[];
}

/** Whether the out being entered is a transfer: it names the location the goods go to. */
function useTransferOut(def: BillDef, form: FormInstance): boolean {
  const reasons = useReasons(def);
  const reasonId = Form.useWatch('reasonId', form);
  return def === stockOutBill && reasons.find((r) => r.id === reasonId)?.kind === 'transfer';
}

function TransferTarget({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  if (!useTransferOut(stockOutBill, form)) return null;
  return (
    <Col span={8}>
      <Form.Item
        name="counterpartShopId"
        label={t('stock.counterpartShopOut')}
        rules={[{ required: true, message: t('common.pleaseSelect', { label: t('stock.counterpartShopOut') }) }]}
      >
        <LocationSelect />
      </Form.Item>
    </Col>
  );
}

const balanceKey = (location: unknown, productId: unknown) => ['stock-balance', 'line', location, productId] as const;

/** The quantity of a product at a location (0 where it has no balance yet). */
const readAvailable = (location: unknown, productId: unknown) =>
  http
    .get<Page<StockBalanceRow>>(STOCK.balance, { ...locationParams(location as number), productId, pageSize: 1 })
    .then((p) => p.list[0]?.quantity ?? 0);

/** On an out's line: what the chosen location holds of the product, red when the line takes more. */
function Available({ line, form }: { line: LineValues; form: FormInstance }) {
  const location = Form.useWatch('shopId', form);
  const productId = line.productId;
  const q = useQuery({
    queryKey: balanceKey(location, productId),
    queryFn: () => readAvailable(location, productId),
    enabled: location !== undefined && typeof productId === 'number',
    staleTime: 10_000,
  });
  if (q.data === undefined) return null;
  const short = Number(line.quantity ?? 0) > q.data;
  return (
    <Typography.Text type={short ? 'danger' : 'secondary'} className="ho-available" data-available={q.data}>
      {q.data}
    </Typography.Text>
  );
}

const available: LineInfo = { title: ['可用库存', 'Available'], width: 90, render: (ctx) => <Available {...ctx} /> };

/** Before an out is saved: the lines that would take a balance below zero (their audit will refuse them). */
const negativeWarnings: NonNullable<BillFormSlots['warnings']> = async ({ values, lines, qc, productLabel }) => {
  const have = await Promise.all(
    lines.map((l) =>
      qc.fetchQuery({
        queryKey: balanceKey(values.shopId, l.productId),
        queryFn: () => readAvailable(values.shopId, l.productId),
        staleTime: 10_000,
      }),
    ),
  );
  return lines.flatMap((l, i) =>
    Number(l.quantity) > (have[i] ?? 0)
      ? [t('stock.wouldGoNegative', { product: productLabel(l.productId), have: have[i] ?? 0, take: Number(l.quantity) })]
      : [],
  );
};

function stockFormSlots(def: BillDef): BillFormSlots<StockBillRow> {
  const out = def === stockOutBill;
  return {
    optionFilter: { reasonId: (r) => r.kind !== 'order' },
    useReplaced: (form) => (useTransferOut(def, form) ? ['counterpart'] : []),
    head: ({ form }) => (out ? <TransferTarget form={form} /> : null),
    fromBill: (bill) => (bill.reasonKind === 'transfer' ? { counterpartShopId: fromShopId(bill.counterpartShopId) } : {}),
    toSave: (values) => ('counterpartShopId' in values ? { counterpartShopId: toShopId(values.counterpartShopId) } : {}),
    ...(out ? { lineInfo: available, warnings: negativeWarnings } : {}),
  };
}
const entryForm = stockFormSlots(stockEntryBill);
const outForm = stockFormSlots(stockOutBill);

/** A link that opens another bill in its tab. */
function BillLink({ def, id, billNo }: { def: BillDef; id: number | null | undefined; billNo: string | null | undefined }) {
  const tab = useTab();
  if (!id || !billNo) return <>—</>;
  return <Typography.Link onClick={() => tab.open(`${def.webPath}/${id}`)}>{billNo}</Typography.Link>;
}

function StockBillPage({ def }: { def: BillDef }) {
  const { t } = useTranslation();
  return (
    <BillDetail<BillDef, StockBillDetail>
      def={def}
      form={(def === stockOutBill ? outForm : entryForm) as BillFormSlots<StockBillDetail>}
      items={(bill) => [
        ...(bill.partner
          ? [
              {
                key: 'partner',
                label: t('stock.partner'),
                children: (
                  <BillLink
                    def={bill.partner.type === '1' ? stockEntryBill : stockOutBill}
                    id={bill.partner.id}
                    billNo={bill.partner.billNo}
                  />
                ),
              },
            ]
          : []),
        ...(bill.order
          ? [
              {
                key: 'order',
                label: t('stock.order'),
                children: <BillLink def={productOrderBill} id={bill.order.id} billNo={bill.order.billNo} />,
              },
            ]
          : []),
      ]}
    />
  );
}

export const EntriesPage = () => <BillList def={stockEntryBill} form={entryForm} />;
export const OutsPage = () => <BillList def={stockOutBill} form={outForm} />;
export const EntryDetailPage = () => <StockBillPage def={stockEntryBill} />;
export const OutDetailPage = () => <StockBillPage def={stockOutBill} />;

/** Automatic numbering off (product-order settings): a new order's number is typed. */
function ManualNumber({ bill }: { bill?: Values | null }) {
  const { t } = useTranslation();
  const config = useQuery({
    queryKey: ['order-config'],
    queryFn: () => http.read(orderConfig, STOCK.orderConfig),
    staleTime: 60_000,
  });
  if (bill || !config.data || config.data.isAutoNo) return null;
  return (
    <Col span={8}>
      <Form.Item
        name="billNo"
        label={t('stock.orders.manualNo')}
        extra={t('stock.orders.manualNoHelp')}
        rules={[{ required: true, pattern: /^[0-9A-Za-z-]{1,40}$/, message: t('stock.orders.manualNoHelp') }]}
      >
        <Input maxLength={40} />
      </Form.Item>
    </Col>
  );
}

const orderForm: BillFormSlots<ProductOrderRow> = {
  head: ({ bill }) => <ManualNumber bill={bill} />,
  toSave: (values) => (typeof values.billNo === 'string' ? { billNo: values.billNo.trim() } : {}),
};

/** An order's out bill, and under it the entry its receipt made. */
const orderBills = (order: ProductOrderRow): ReactNode => (
  <Space orientation="vertical" size={0}>
    <BillLink def={stockOutBill} id={order.outBillId} billNo={order.outBillNo} />
    {order.entryBillId ? <BillLink def={stockEntryBill} id={order.entryBillId} billNo={order.entryBillNo} /> : null}
  </Space>
);
const orderListRender = { outBillNo: orderBills };

export function OrdersPage() {
  const [selection, setSelection] = useState<OrderTreeSelection>({ kind: 'all' });
  return (
    <BillList
      def={productOrderBill}
      fixedParams={orderTreeParams(selection)}
      aside={<OrderTree value={selection} onChange={setSelection} />}
      render={orderListRender}
      form={orderForm}
    />
  );
}

export const OrderDetailPage = () => (
  <BillDetail<typeof productOrderBill, ProductOrderDetail>
    def={productOrderBill}
    form={orderForm as BillFormSlots<ProductOrderDetail>}
    render={{
      outBillNo: (o) => <BillLink def={stockOutBill} id={o.outBillId} billNo={o.outBillNo} />,
      entryBillNo: (o) => <BillLink def={stockEntryBill} id={o.entryBillId} billNo={o.entryBillNo} />,
    }}
  />
);
