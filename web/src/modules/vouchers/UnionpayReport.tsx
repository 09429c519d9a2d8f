import { UNIONPAY_REPORT_PATHS } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { ShopSelect } from '../../platform/shops';

type Answer = z.ZodType<{
  rows: ({ shopId: number; shopCode: string; shopName: string } & Record<string, unknown>)[];
  total: Record<string, number>;
}>;

/** One UnionPay report: a shop and business days (this month by default), one row per shop and the total, every money column from the report's keys. */
export function UnionpayReport({
  report,
  schema,
  columns,
}: {
  report: keyof typeof UNIONPAY_REPORT_PATHS;
  schema: Answer;
  columns: string[];
}) {
  const { t } = useTranslation();
  const [shopid, setShopid] = useState<number | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('month'), dayjs()]);
  const params = { shopid: shopid ?? undefined, dateFrom: range[0].format('YYYY-MM-DD'), dateTo: range[1].format('YYYY-MM-DD') };
  const data = useQuery({ queryKey: [report, params], queryFn: () => http.read(schema, UNIONPAY_REPORT_PATHS[report], params) });
  const total = data.data?.total;
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <ShopSelect value={shopid} onChange={setShopid} allowClear placeholder={t('vouchers.chooseShop')} />
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange([v[0], v[1]]);
            }}
          />
        </Space>
      }
    >
      <Table
        size="small"
        rowKey="shopId"
        loading={data.isLoading}
        dataSource={data.data?.rows}
        pagination={false}
        scroll={{ x: 200 + columns.length * 110 }}
        columns={[
          { title: t('vouchers.shop'), dataIndex: 'shopName', width: 140, fixed: 'left' },
          ...columns.map((key) => ({
            title: t(`vouchers.report.${key}`),
            dataIndex: key,
            width: 110,
            align: 'right' as const,
            render: (v: number) => formatMoney(v),
          })),
        ]}
        summary={() =>
          total && (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>{t('vouchers.report.total')}</Table.Summary.Cell>
              {columns.map((key, i) => (
                <Table.Summary.Cell key={key} index={i + 1} align="right">
                  <span data-testid={`${report}-total-${key}`}>{formatMoney(total[key])}</span>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          )
        }
      />
      {report === 'yltlstjb' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('vouchers.report.note')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
