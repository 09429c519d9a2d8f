import { UNIONPAY_REPORT_PATHS } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { http } from '../../platform/http';
import { ListCard, useFilters } from '../../platform/list/ListParts';
import { formatMoney } from '../../platform/money';

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
  const filters = useFilters([
    { kind: 'shop', placeholder: t('vouchers.chooseShop') },
    { kind: 'days', month: true },
  ]);
  const params = filters.params;
  const data = useQuery({ queryKey: [report, params], queryFn: () => http.read(schema, UNIONPAY_REPORT_PATHS[report], params) });
  const total = data.data?.total;
  return (
    <ListCard filters={filters}>
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
    </ListCard>
  );
}
