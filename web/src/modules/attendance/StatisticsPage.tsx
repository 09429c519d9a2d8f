import { statisticsPage } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Input, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyMonth } from '../../platform/clock';
import { http } from '../../platform/http';
import { ExportButton } from '../../platform/resource/ExportButton';
import { ShopSelect } from '../../platform/shops';
import { ATT } from './api';

/** /admin/attendance/statistics — the month's figures per employee and shop, with the export of the same filters. */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(companyMonth());
  const [shopid, setShopid] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const params = { month, shopid: shopid ?? undefined, keyword: keyword || undefined, ...page };
  const q = useQuery({ queryKey: ['attendance-stats', params], queryFn: () => http.read(statisticsPage, ATT.stats, params) });
  const num = (key: string, title: string, width = 90) => ({ key, dataIndex: key, title, width, align: 'right' as const });
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <DatePicker picker="month" allowClear={false} value={dayjs(`${month}-01`)} onChange={(d) => d && setMonth(d.format('YYYY-MM'))} />
          <ShopSelect value={shopid} onChange={setShopid} allowClear placeholder={t('attendance.shop')} style={{ width: 220 }} />
          <Input.Search
            allowClear
            placeholder={t('attendance.stats.keywordPh')}
            style={{ width: 180 }}
            onSearch={(v) => setKeyword(v.trim())}
          />
        </Space>
      }
      extra={<ExportButton path={ATT.statsExport} params={params} fileName={`${t('attendance.stats.file')}${month}`} />}
    >
      <Table
        size="small"
        rowKey={(r) => `${r.shopId}-${r.eeid}`}
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        scroll={{ y: 480 }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: q.data?.total ?? 0,
          showTotal: (total) => t('common.total', { total }),
          onChange: (p, s) => setPage({ page: p, pageSize: s }),
        }}
        columns={[
          { key: 'shopName', dataIndex: 'shopName', title: t('attendance.shop'), width: 160 },
          { key: 'eename', dataIndex: 'eename', title: t('attendance.employee'), width: 110 },
          num('scheduledDays', t('attendance.stats.scheduledDays')),
          num('days', t('attendance.stats.days')),
          num('delayDays', t('attendance.stats.delayDays')),
          num('earlyDays', t('attendance.stats.earlyDays')),
          { ...num('totalTime', t('attendance.stats.totalTime'), 110), render: (m: number) => (m / 60).toFixed(1) },
          num('uncheck', t('attendance.stats.uncheck')),
          num('rest', t('attendance.stats.rest')),
          num('study', t('attendance.stats.study')),
          num('absenteeism', t('attendance.stats.absenteeism')),
        ]}
      />
    </Card>
  );
}
