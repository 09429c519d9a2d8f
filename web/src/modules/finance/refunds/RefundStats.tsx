import { type RefundStatsRow, refundStatsRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Space, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { companyToday } from '../../../platform/clock';
import { http } from '../../../platform/http';
import { formatMoney } from '../../../platform/money';
import { ShopSelect } from '../../../platform/shops';

const counts = ['tknum', 'zeronum', 'stnum', 'cardnum'] as const;
const amounts = [
  'totalmoney',
  'cardmoney',
  'closemoney',
  'leavemoney',
  'gerenmoney',
  'jishumoney',
  'xiaofeimoney',
  'fuwumoney',
  'qitamoney',
] as const;

/** /admin/finance/refund-stats — 退卡统计: per shop, the refunds finance reviewed in the period, by payout and by reason. */
export default function RefundStatsPage() {
  const { t } = useTranslation();
  const [shopId, setShopId] = useState<number | null>(null);
  const [range, setRange] = useState<[string, string]>(() => [
    companyToday().startOf('month').format('YYYY-MM-DD'),
    companyToday().format('YYYY-MM-DD'),
  ]);
  const q = useQuery({
    queryKey: ['finance-refund-stats', shopId, range],
    queryFn: () =>
      http.read(z.array(refundStatsRow), '/api-finance/cardtkhead/findListWithProtj', {
        dateFrom: range[0],
        dateTo: range[1],
        ...(shopId ? { shopId } : {}),
      }),
  });
  const k = (key: string) => t(`finance.refundStats.${key}`);
  const columns: TableColumnsType<RefundStatsRow> = [
    { key: 'shopName', dataIndex: 'shopName', title: k('shop'), fixed: 'left', width: 140 },
    ...counts.map((key) => ({ key, dataIndex: key, title: k(key), align: 'right' as const, width: 112 })),
    ...amounts.map((key) => ({
      key,
      dataIndex: key,
      title: k(key),
      align: 'right' as const,
      width: 118,
      render: (v: number) => formatMoney(v),
    })),
  ];
  const sum = (key: keyof RefundStatsRow) => (q.data ?? []).reduce((s, r) => s + Number(r[key]), 0);
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <ShopSelect value={shopId} onChange={setShopId} allowClear placeholder={k('allShops')} style={{ width: 220 }} />
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(range[0]), dayjs(range[1])]}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')])}
          />
          <Typography.Text type="secondary">{k('hint')}</Typography.Text>
        </Space>
      }
    >
      <Table<RefundStatsRow>
        size="small"
        bordered
        rowKey="shopId"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <Typography.Text strong>{k('total')}</Typography.Text>
            </Table.Summary.Cell>
            {[...counts, ...amounts].map((key, i) => (
              <Table.Summary.Cell key={key} index={i + 1} align="right">
                <Typography.Text strong>{i < counts.length ? sum(key) : formatMoney(sum(key))}</Typography.Text>
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}
