import { cardSettlementAnswer } from '@headoffice/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Form, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyToday } from '../../platform/clock';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { ShopSelect } from '../../platform/shops';
import { ASSETS } from './api';

const money = (v: number) => formatMoney(v);

/**
 * /admin/assets/settlement — cross-shop settlement: per month, what each shop's card payments took
 * from other shops' buckets, and what each shop is owed and owes (principal).
 */
export default function SettlementPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([
    companyToday().subtract(2, 'month').startOf('month'),
    companyToday().startOf('month'),
  ]);
  const [shopId, setShopId] = useState<number | null>(null);
  const params = { from: range[0].format('YYYY-MM'), to: range[1].format('YYYY-MM'), shopId: shopId ?? undefined };
  const q = useQuery({
    queryKey: ['card-settlement', params],
    queryFn: ({ signal }) => http.read(cardSettlementAnswer, ASSETS.settlement, params, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Alert type="info" showIcon title={t('assets.settle.hint')} style={{ marginBottom: 12 }} />
        <Form layout="inline">
          <Form.Item label={t('assets.settle.months')}>
            <DatePicker.RangePicker
              picker="month"
              allowClear={false}
              value={range}
              onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            />
          </Form.Item>
          <Form.Item label={t('assets.settle.shop')}>
            <ShopSelect value={shopId} onChange={setShopId} allowClear placeholder={t('assets.settle.allShops')} style={{ width: 220 }} />
          </Form.Item>
        </Form>
      </Card>
      <Card size="small" title={t('assets.settle.balances')}>
        <Table
          className="ho-settlement-shops"
          rowKey="shopId"
          size="small"
          loading={q.isFetching}
          pagination={false}
          dataSource={q.data?.shops ?? []}
          locale={{ emptyText: <EmptyState compact /> }}
          columns={[
            { title: t('assets.settle.shop'), dataIndex: 'shopName' },
            { title: t('assets.settle.receivable'), dataIndex: 'receivable', align: 'right', width: 140, render: money },
            { title: t('assets.settle.payable'), dataIndex: 'payable', align: 'right', width: 140, render: money },
            {
              title: t('assets.settle.net'),
              dataIndex: 'net',
              align: 'right',
              width: 140,
              render: (v: number) => <Typography.Text type={v < 0 ? 'danger' : undefined}>{money(v)}</Typography.Text>,
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('assets.settle.detail')}>
        <Table
          className="ho-settlement-rows"
          rowKey={(r) => `${r.month}-${r.servingShopId}-${r.holdingShopId}`}
          size="small"
          loading={q.isFetching}
          pagination={false}
          dataSource={q.data?.rows ?? []}
          locale={{ emptyText: <EmptyState compact /> }}
          columns={[
            { title: t('assets.settle.month'), dataIndex: 'month', width: 90 },
            { title: t('assets.settle.serving'), dataIndex: 'servingShopName' },
            { title: t('assets.settle.holding'), dataIndex: 'holdingShopName' },
            { title: t('assets.settle.principal'), dataIndex: 'principal', align: 'right', width: 120, render: money },
            { title: t('assets.settle.gift'), dataIndex: 'gift', align: 'right', width: 110, render: money },
            { title: t('assets.settle.total'), dataIndex: 'total', align: 'right', width: 120, render: money },
            { title: t('assets.settle.bills'), dataIndex: 'bills', align: 'right', width: 90 },
          ]}
        />
      </Card>
    </Space>
  );
}
