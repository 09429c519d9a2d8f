import {
  CrownOutlined,
  GiftOutlined,
  IdcardOutlined,
  TeamOutlined,
  UserAddOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { MEMBER_TYPE_FIELDS, MEMBER_TYPES_PATH, type MemberTypeCounts, memberTypesAnswer } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Row, Skeleton, Space, Statistic, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from '../../platform/Chart';
import { companyToday, DATE_FORMATS } from '../../platform/clock';
import { FigureCard } from '../../platform/FigureCard';
import { http } from '../../platform/http';
import { ReplicaNotice } from '../../platform/ReplicaNotice';
import { ShopSelect } from '../../platform/shops';

// ECharts is heavy: the counts show first, the chart when its code is there
const Chart = lazy(() => import('../../platform/Chart').then((m) => ({ default: m.Chart })));

type Field = keyof MemberTypeCounts;
type ShopRow = MemberTypeCounts & { shopId: number; shopName: string };

const LOOK: Record<Field, { icon: ReactNode; color: string }> = {
  newMembers: { icon: <UserAddOutlined />, color: '#2f54eb' },
  potential: { icon: <UserOutlined />, color: '#8c8c8c' },
  storedValue: { icon: <WalletOutlined />, color: '#13c2c2' },
  qualification: { icon: <IdcardOutlined />, color: '#722ed1' },
  package: { icon: <GiftOutlined />, color: '#fa8c16' },
  total: { icon: <TeamOutlined />, color: '#52c41a' },
};

/** /admin/statistics/member-types — 会员统计: members by type for the chain and per shop, and their growth by month. */
export default function MemberTypesPage() {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<[Dayjs, Dayjs]>(() => [companyToday().startOf('month'), companyToday()]);
  const [shopid, setShopid] = useState<number | null>(null);
  const params = { dateFrom: days[0].format('YYYY-MM-DD'), dateTo: days[1].format('YYYY-MM-DD'), shopid: shopid ?? undefined };
  const q = useQuery({
    queryKey: ['statistics', 'member-types', params],
    queryFn: ({ signal }) => http.read(memberTypesAnswer, MEMBER_TYPES_PATH, params, { signal }),
  });
  const d = q.data;
  const count = (v: number) => v.toLocaleString(i18n.language);

  const columns: TableColumnsType<ShopRow> = [
    { key: 'shop', title: t('statistics.shop'), dataIndex: 'shopName', width: 124, ellipsis: true },
    ...MEMBER_TYPE_FIELDS.map((field) => ({
      key: field,
      title: t(`statistics.types.fields.${field}`),
      dataIndex: field,
      align: 'right' as const,
      // a column holds its header's longest word (Qualification) beside its sorter
      width: field === 'qualification' ? 104 : 80,
      sorter: (x: ShopRow, y: ShopRow) => x[field] - y[field],
      render: (v: number) => count(v),
    })),
  ];

  const growth = d?.growth;
  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 44, right: 44, top: 36, bottom: 28 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      xAxis: { type: 'category', data: (growth ?? []).map((g) => g.month.slice(2)) },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          type: 'bar',
          name: t('statistics.types.newPerMonth'),
          data: (growth ?? []).map((g) => g.newMembers),
          barMaxWidth: 24,
          itemStyle: { color: '#2f54eb', borderRadius: [3, 3, 0, 0] },
        },
        {
          type: 'line',
          name: t('statistics.types.totalAtEnd'),
          yAxisIndex: 1,
          data: (growth ?? []).map((g) => g.total),
          smooth: true,
          itemStyle: { color: '#52c41a' },
        },
      ],
    }),
    [growth, t],
  );

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" variant="borderless">
        <Space wrap>
          <Typography.Text>{t('statistics.types.days')}</Typography.Text>
          <DatePicker.RangePicker
            allowClear={false}
            format={DATE_FORMATS}
            value={days}
            onChange={(v) => v?.[0] && v[1] && setDays([v[0], v[1]])}
            disabledDate={(day) => day.isAfter(dayjs(companyToday()).endOf('day'))}
          />
          <ShopSelect value={shopid} onChange={setShopid} allowClear placeholder={t('statistics.allShops')} />
          <Typography.Text type="secondary">{t('statistics.types.note')}</Typography.Text>
          <ReplicaNotice source={d?.source} testId="statistics-replica" />
        </Space>
      </Card>
      <Row gutter={[12, 12]}>
        {MEMBER_TYPE_FIELDS.map((field) => (
          <Col key={field} xs={12} md={8} xl={4}>
            <FigureCard icon={LOOK[field].icon} color={LOOK[field].color}>
              <Statistic
                data-testid={`member-type-${field}`}
                loading={q.isLoading}
                title={
                  <Tooltip title={t(`statistics.types.help.${field}`)}>
                    <span style={{ whiteSpace: 'nowrap', cursor: 'help' }}>{t(`statistics.types.fields.${field}`)}</span>
                  </Tooltip>
                }
                value={d ? count(d.total[field]) : '—'}
              />
            </FigureCard>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={15}>
          <Card size="small" title={t('statistics.types.byShop')} extra={<CrownOutlined style={{ color: '#faad14' }} />}>
            <Table<ShopRow>
              size="small"
              rowKey="shopId"
              loading={q.isLoading}
              dataSource={d?.shops}
              columns={columns}
              pagination={false}
              scroll={{ x: 628, y: 260 }}
              summary={() =>
                d && d.shops.length > 1 ? (
                  <Table.Summary fixed>
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0}>{t('statistics.types.chain')}</Table.Summary.Cell>
                      {MEMBER_TYPE_FIELDS.map((field, i) => (
                        <Table.Summary.Cell key={field} index={i + 1} align="right">
                          {count(d.total[field])}
                        </Table.Summary.Cell>
                      ))}
                    </Table.Summary.Row>
                  </Table.Summary>
                ) : null
              }
            />
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Card size="small" title={t('statistics.types.growth')}>
            <Suspense fallback={<Skeleton active />}>
              {growth ? <Chart option={option} style={{ height: 300 }} /> : <Skeleton active />}
            </Suspense>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
