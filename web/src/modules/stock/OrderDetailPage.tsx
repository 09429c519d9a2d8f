import { EditOutlined } from '@ant-design/icons';
import type { ProductOrderDetail, ProductOrderLineRow } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { http, isApiError } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { useTab } from '../../platform/pages';
import { formatDateTime } from '../../platform/resource/cells';
import { ForbiddenResult, NotFoundResult } from '../../platform/results';
import { ORDER_DOC_TYPE, STOCK } from './api';
import { OrderForm } from './OrderForm';
import { ActionButtons, BillLog, ChangedElsewhere, invalidateStock, StateTag } from './shared';

/** /admin/stock/orders/:id — one product order: head, lines, log, and its actions (submit/audit/reject/receive). */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const qc = useQueryClient();
  const can = usePermission();
  const id = tab.params.id ?? '';
  const [editing, setEditing] = useState(false);
  const q = useQuery({
    queryKey: ['order', id],
    queryFn: ({ signal }) => http.get<ProductOrderDetail>(STOCK.order(id), undefined, { signal, quiet: ['403', '404'] }),
  });
  const o = q.data;
  const { setTitle } = tab;
  useEffect(() => {
    if (o) setTitle(t('stock.orders.detail', { billNo: o.billNo }));
  }, [o, setTitle, t]);

  if (q.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isApiError(q.error) && q.error.status === 403) return <ForbiddenResult />;
  if (isApiError(q.error) && q.error.status === 404) return <NotFoundResult />;
  if (!o)
    return (
      <Result status="warning" title={q.error?.message} extra={<Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>} />
    );

  const run = async (action: string, memo?: string) => {
    try {
      await http.post(STOCK.orderAction(action), { id: o.id, version: o.version, memo }, { once: true });
    } finally {
      await invalidateStock(qc);
    }
  };

  const link = (billNo: string | null, path: string) =>
    billNo ? <Typography.Link onClick={() => tab.open(path)}>{billNo}</Typography.Link> : '—';

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="ho-order-detail">
      <ChangedElsewhere docType={ORDER_DOC_TYPE} id={o.id} version={o.version} reload={() => void q.refetch()} />
      <Card
        size="small"
        title={
          <Space>
            <span>{o.billNo}</span>
            <StateTag state={o.state} kind="order" />
          </Space>
        }
        extra={
          <Space>
            {o.editable && can('stock.order.edit') ? (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('common.edit')}
              </Button>
            ) : null}
            <ActionButtons actions={o.actions} billNo={o.billNo} run={run} />
          </Space>
        }
      >
        {o.state === 'rejected' && o.rejectReason ? (
          <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('stock.rejectedBecause', { reason: o.rejectReason })} />
        ) : null}
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, lg: 3 }}
          items={[
            { key: 'shop', label: t('stock.shop'), children: o.shopName },
            { key: 'date', label: t('stock.orderDate'), children: o.orderDate },
            { key: 'qty', label: t('stock.totalQuantity'), children: o.totalQuantity },
            { key: 'amount', label: t('stock.totalAmount'), children: formatMoney(o.totalAmount) },
            { key: 'by', label: t('stock.createdBy'), children: o.createdByName ?? '—' },
            { key: 'at', label: t('stock.createdAt'), children: formatDateTime(o.createdAt) },
            { key: 'out', label: t('stock.outBill'), children: link(o.outBillNo, `/admin/stock/outs/${o.outBillId}`) },
            { key: 'entry', label: t('stock.entryBill'), children: link(o.entryBillNo, `/admin/stock/entries/${o.entryBillId}`) },
            { key: 'memo', label: t('stock.memo'), children: o.memo ?? '' },
          ]}
        />
      </Card>
      <Card size="small" title={t('stock.lines')}>
        <Table<ProductOrderLineRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={o.lines}
          columns={[
            { title: '#', width: 40, render: (_, __, i) => i + 1 },
            { title: t('common.code'), dataIndex: 'pcode', width: 110 },
            { title: t('stock.product'), dataIndex: 'productName' },
            { title: t('stock.unit'), dataIndex: 'unit', width: 70 },
            { title: t('stock.quantity'), dataIndex: 'quantity', width: 100, align: 'right' },
            { title: t('stock.price'), dataIndex: 'price', width: 120, align: 'right', render: (v: number) => formatMoney(v) },
            { title: t('stock.amount'), dataIndex: 'amount', width: 130, align: 'right', render: (v: number) => formatMoney(v) },
          ]}
        />
      </Card>
      <Card size="small" title={t('stock.log')}>
        <BillLog rows={o.log} kind="order" />
      </Card>
      {editing ? <OrderForm open order={o} onClose={() => setEditing(false)} /> : null}
    </Space>
  );
}
