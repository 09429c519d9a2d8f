import { statisEmployeeRow, statisShopRow, YY_PATHS } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Space, Table, Tabs } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { companyToday, DATE_FORMATS } from '../../platform/clock';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { ExportButton } from '../../platform/resource/ExportButton';
import { ShopSelect } from '../../platform/shops';

const shopRows = z.array(statisShopRow);
const employeeRows = z.array(statisEmployeeRow);
const percent = (v: number) => `${(v * 100).toFixed(1)}%`;

/** /admin/bookings/statistics — bookings, arrivals and no-shows per shop × channel and per employee, with the export. */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [companyToday().startOf('month'), companyToday()]);
  const [shopId, setShopId] = useState<number | null>(null);
  const params = { dateFrom: range[0].format('YYYY-MM-DD'), dateTo: range[1].format('YYYY-MM-DD'), shopId: shopId ?? undefined };
  const byShop = useQuery({ queryKey: ['bookings-stats-shop', params], queryFn: () => http.read(shopRows, YY_PATHS.statisShop, params) });
  const byEmployee = useQuery({
    queryKey: ['bookings-stats-employee', params],
    queryFn: () => http.read(employeeRows, YY_PATHS.statisEmployee, params),
  });
  const s = (key: string) => t(`bookings.stats.${key}`);
  const figures = [
    { key: 'yyNum', dataIndex: 'yyNum', title: s('yyNum'), width: 90, align: 'right' as const },
    { key: 'doneNum', dataIndex: 'doneNum', title: s('doneNum'), width: 90, align: 'right' as const },
    { key: 'missNum', dataIndex: 'missNum', title: s('missNum'), width: 90, align: 'right' as const },
    { key: 'cancelNum', dataIndex: 'cancelNum', title: s('cancelNum'), width: 90, align: 'right' as const },
    { key: 'keptje', dataIndex: 'keptje', title: s('keptje'), width: 110, align: 'right' as const, render: (v: number) => formatMoney(v) },
    { key: 'doneRate', dataIndex: 'doneRate', title: s('doneRate'), width: 90, align: 'right' as const, render: percent },
    { key: 'missRate', dataIndex: 'missRate', title: s('missRate'), width: 90, align: 'right' as const, render: percent },
  ];
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <DatePicker.RangePicker
            allowClear={false}
            format={DATE_FORMATS}
            value={range}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          />
          <ShopSelect value={shopId} onChange={setShopId} allowClear placeholder={t('bookings.shop')} style={{ width: 220 }} />
        </Space>
      }
      extra={<ExportButton path={YY_PATHS.statisShopExcel} params={params} fileName={`${s('file')}${params.dateFrom}_${params.dateTo}`} />}
    >
      <Tabs
        items={[
          {
            key: 'shop',
            label: s('byShop'),
            children: (
              <Table
                size="small"
                rowKey={(r) => `${r.shopId}-${r.ycid}`}
                loading={byShop.isLoading}
                dataSource={byShop.data ?? []}
                pagination={false}
                scroll={{ y: 460 }}
                columns={[
                  { key: 'shopName', dataIndex: 'shopName', title: t('bookings.shop'), width: 180 },
                  { key: 'ycName', dataIndex: 'ycName', title: s('channel'), width: 120, render: (v) => v ?? '—' },
                  ...figures,
                ]}
              />
            ),
          },
          {
            key: 'employee',
            label: s('byEmployee'),
            children: (
              <Table
                size="small"
                rowKey={(r) => `${r.shopId}-${r.eeid}`}
                loading={byEmployee.isLoading}
                dataSource={byEmployee.data ?? []}
                pagination={false}
                scroll={{ y: 460 }}
                columns={[
                  { key: 'shopName', dataIndex: 'shopName', title: t('bookings.shop'), width: 180 },
                  {
                    key: 'eeName',
                    dataIndex: 'eeName',
                    title: s('employee'),
                    width: 120,
                    render: (v) => v ?? t('bookings.anyStylist'),
                  },
                  ...figures,
                ]}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
