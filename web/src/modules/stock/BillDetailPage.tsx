import { EditOutlined } from '@ant-design/icons';
import type { StockBillDetail, StockLineRow } from '@headoffice/contract';
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
import { BILL_TYPES, type BillKind, kindOf, STOCK } from './api';
import { BillForm } from './BillForm';
import { ActionButtons, BillLog, ChangedElsewhere, invalidateStock, StateTag } from './shared';

/** One stock entry or out: head, lines, the bill log, and audit / reject / revoke as the user may. */
function BillDetailPage({ kind }: { kind: BillKind }) {
  const { t } = useTranslation();
  const tab = useTab();
  const qc = useQueryClient();
  const can = usePermission();
  const cfg = BILL_TYPES[kind];
  const id = tab.params.id ?? '';
  const [editing, setEditing] = useState(false);
  const q = useQuery({
    queryKey: ['stock-bill', cfg.type, id],
    queryFn: ({ signal }) => http.get<StockBillDetail>(STOCK.bill(cfg.type, id), undefined, { signal, quiet: ['403', '404'] }),
  });
  const b = q.data;
  const { setTitle } = tab;
  useEffect(() => {
    if (b) setTitle(t('stock.detailOf', { type: t(cfg.title), billNo: b.billNo }));
  }, [b, setTitle, t, cfg.title]);

  if (q.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isApiError(q.error) && q.error.status === 403) return <ForbiddenResult />;
  if (isApiError(q.error) && q.error.status === 404) return <NotFoundResult />;
  if (!b)
    return (
      <Result status="warning" title={q.error?.message} extra={<Button onClick={() => void q.refetch()}>{t('common.retry')}</Button>} />
    );

  const run = async (action: string, memo?: string) => {
    try {
      await http.post(STOCK.billAction(cfg.type, action), { id: b.id, version: b.version, memo }, { once: true });
    } finally {
      await invalidateStock(qc);
    }
  };
  const transfer = b.reasonKind === 'transfer' || b.orderId !== null;

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} className="ho-bill-detail">
      <ChangedElsewhere docType={cfg.docType} id={b.id} version={b.version} reload={() => void q.refetch()} />
      <Card
        size="small"
        title={
          <Space>
            <span>
              {t(cfg.title)} {b.billNo}
            </span>
            <StateTag state={b.state} kind="bill" />
          </Space>
        }
        extra={
          <Space>
            {b.editable && can(`${cfg.perm}.edit`) ? (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('common.edit')}
              </Button>
            ) : null}
            <ActionButtons actions={b.actions} billNo={b.billNo} run={run} />
          </Space>
        }
      >
        {b.state === 'rejected' && b.rejectReason ? (
          <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('stock.rejectedBecause', { reason: b.rejectReason })} />
        ) : null}
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, lg: 3 }}
          items={[
            { key: 'loc', label: t('stock.location'), children: b.shopName },
            { key: 'date', label: t('stock.billDate'), children: b.billDate },
            { key: 'reason', label: t('stock.reason'), children: b.reasonName },
            transfer
              ? {
                  key: 'cp',
                  label: t(cfg.type === '1' ? 'stock.counterpartShopIn' : 'stock.counterpartShopOut'),
                  children: b.counterpartShopName ?? '—',
                }
              : { key: 'cp', label: t('stock.counterpart'), children: b.counterpart ?? '—' },
            { key: 'qty', label: t('stock.totalQuantity'), children: b.totalQuantity },
            { key: 'amount', label: t('stock.totalAmount'), children: formatMoney(b.totalAmount) },
            { key: 'by', label: t('stock.createdBy'), children: `${b.createdByName ?? '—'} · ${formatDateTime(b.createdAt)}` },
            {
              key: 'audit',
              label: t('stock.auditedBy'),
              children: b.auditedAt ? `${b.auditedByName ?? '—'} · ${formatDateTime(b.auditedAt)}` : '—',
            },
            ...(b.partner
              ? [
                  {
                    key: 'partner',
                    label: t('stock.partner'),
                    children: (
                      <Typography.Link onClick={() => tab.open(`${BILL_TYPES[kindOf(b.partner?.type ?? '1')].menu}/${b.partner?.id}`)}>
                        {b.partner.billNo}
                      </Typography.Link>
                    ),
                  },
                ]
              : []),
            ...(b.order
              ? [
                  {
                    key: 'order',
                    label: t('stock.order'),
                    children: (
                      <Typography.Link onClick={() => tab.open(`/admin/stock/orders/${b.order?.id}`)}>{b.order.billNo}</Typography.Link>
                    ),
                  },
                ]
              : []),
            { key: 'memo', label: t('stock.memo'), children: b.memo ?? '' },
          ]}
        />
      </Card>
      <Card size="small" title={t('stock.lines')}>
        <Table<StockLineRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={b.lines}
          scroll={{ x: 800 }}
          columns={[
            { title: '#', width: 40, render: (_, __, i) => i + 1 },
            { title: t('common.code'), dataIndex: 'pcode', width: 100 },
            { title: t('stock.product'), dataIndex: 'productName' },
            { title: t('stock.spec'), dataIndex: 'spec', width: 90 },
            { title: t('stock.unit'), dataIndex: 'unit', width: 60 },
            { title: t('stock.quantity'), dataIndex: 'quantity', width: 90, align: 'right' },
            { title: t('stock.unitCost'), dataIndex: 'unitCost', width: 110, align: 'right', render: (v: number) => formatMoney(v) },
            { title: t('stock.amount'), dataIndex: 'amount', width: 120, align: 'right', render: (v: number) => formatMoney(v) },
          ]}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={5}>
                <Typography.Text strong>{t('stock.lineCount', { count: b.lines.length })}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <Typography.Text strong>{b.totalQuantity}</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} />
              <Table.Summary.Cell index={7} align="right">
                <Typography.Text strong>{formatMoney(b.totalAmount)}</Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </Card>
      <Card size="small" title={t('stock.log')}>
        <BillLog rows={b.log} kind="bill" />
      </Card>
      {editing ? <BillForm type={cfg.type} open bill={b} onClose={() => setEditing(false)} /> : null}
    </Space>
  );
}

export const EntryDetailPage = () => <BillDetailPage kind="entries" />;
export const OutDetailPage = () => <BillDetailPage kind="outs" />;
