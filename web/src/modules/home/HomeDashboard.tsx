import { AuditOutlined, CreditCardOutlined, DollarOutlined, TeamOutlined } from '@ant-design/icons';
import { HOME_PATH, type HomeFigures, homeAnswer } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Row, Segmented, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from '../../platform/Chart';
import { EmptyState } from '../../platform/Empty';
import { FigureCard } from '../../platform/FigureCard';
import { http } from '../../platform/http';
import { centsToYuan, formatMoney } from '../../platform/money';
import { useTab } from '../../platform/pages';
import { ShopSelect } from '../../platform/shops';
import { INBOX_URL } from '../inbox/public';

// ECharts is heavy: the figures show first, the charts when their code is there
const Chart = lazy(() => import('../../platform/Chart').then((m) => ({ default: m.Chart })));

const TOP_SHOPS = 10;
type Period = 'today' | 'month';

function Figure({ title, icon, color, value, month }: { title: string; icon: ReactNode; color: string; value: ReactNode; month: string }) {
  return (
    <FigureCard icon={icon} color={color}>
      <div>
        <Statistic title={title} value={value as string} />
        <Typography.Text type="secondary">{month}</Typography.Text>
      </div>
    </FigureCard>
  );
}

/** Bars of turnover and card sales (yuan) per row, visits in the tooltip. */
function barsOption(rows: { name: string; f: HomeFigures }[], t: (k: string) => string): ChartOption {
  return {
    grid: { left: 64, right: 16, top: 36, bottom: rows.length > 5 ? 52 : 28 },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.name),
      axisLabel: { interval: 0, rotate: rows.length > 5 ? 30 : 0, width: 90, overflow: 'truncate' },
    },
    yAxis: { type: 'value' },
    series: [
      {
        type: 'bar',
        name: t('home.turnover'),
        data: rows.map((r) => centsToYuan(r.f.turnover)),
        barMaxWidth: 28,
        itemStyle: { color: '#2f54eb', borderRadius: [4, 4, 0, 0] },
      },
      {
        type: 'bar',
        name: t('home.cardSales'),
        data: rows.map((r) => centsToYuan(r.f.cardSales)),
        barMaxWidth: 28,
        itemStyle: { color: '#13c2c2', borderRadius: [4, 4, 0, 0] },
      },
      {
        type: 'line',
        name: t('home.visits'),
        data: rows.map((r) => r.f.visits),
        yAxisIndex: 0,
        showSymbol: false,
        lineStyle: { opacity: 0 },
      },
    ],
  };
}

/** The home page's figures for a business day (GET /api-home/dashboard), within the shops the user sees. */
export function DashboardFigures() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  const tab = useTab();
  const [date, setDate] = useState<string | undefined>();
  const [shopid, setShopid] = useState<number | null>(null);
  const [period, setPeriod] = useState<Period>('today');
  const q = useQuery({
    queryKey: ['home', 'dashboard', date, shopid],
    queryFn: () => http.read(homeAnswer, HOME_PATH, { date, shopid: shopid ?? undefined }),
  });
  const d = q.data;
  const count = (n: number) => n.toLocaleString(en ? 'en-US' : 'zh-CN');

  const shopRows = useMemo(
    () =>
      [...(d?.shops ?? [])]
        .sort((a, b) => b[period].turnover - a[period].turnover || b[period].cardSales - a[period].cardSales)
        .slice(0, TOP_SHOPS)
        .map((s) => ({ name: s.shopName, f: s[period] })),
    [d, period],
  );
  const regionRows = useMemo(() => (d?.regions ?? []).map((r) => ({ name: r.regionName, f: r[period] })), [d, period]);
  const shopOption = useMemo(() => barsOption(shopRows, t), [shopRows, t]);
  const regionOption = useMemo(() => barsOption(regionRows, t), [regionRows, t]);
  const hasFigures = (rows: { f: HomeFigures }[]) => rows.some((r) => r.f.turnover || r.f.cardSales || r.f.visits);

  const chart = (rows: { f: HomeFigures }[], option: ChartOption) =>
    q.isLoading ? (
      <Skeleton active />
    ) : hasFigures(rows) ? (
      <Suspense fallback={<Skeleton active />}>
        <Chart option={option} style={{ height: 260 }} />
      </Suspense>
    ) : (
      <EmptyState compact description={t('home.noFigures')} />
    );

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" variant="borderless">
        <Space wrap>
          <Typography.Text>{t('home.date')}</Typography.Text>
          <DatePicker
            allowClear={false}
            value={d ? dayjs(d.date) : date ? dayjs(date) : undefined}
            onChange={(v) => v && setDate(v.format('YYYY-MM-DD'))}
          />
          <ShopSelect value={shopid} onChange={setShopid} allowClear placeholder={t('home.allShops')} style={{ width: 240 }} />
          <Segmented<Period>
            value={period}
            onChange={setPeriod}
            options={[
              { value: 'today', label: t('home.today') },
              { value: 'month', label: t('home.month') },
            ]}
          />
        </Space>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} sm={12} xl={6}>
          <Figure
            title={t('home.turnover')}
            icon={<DollarOutlined />}
            color="#2f54eb"
            value={d ? formatMoney(d.today.turnover) : '—'}
            month={t('home.monthValue', { value: d ? formatMoney(d.month.turnover) : '—' })}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Figure
            title={t('home.visits')}
            icon={<TeamOutlined />}
            color="#52c41a"
            value={d ? count(d.today.visits) : '—'}
            month={t('home.monthValue', { value: d ? count(d.month.visits) : '—' })}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Figure
            title={t('home.cardSales')}
            icon={<CreditCardOutlined />}
            color="#13c2c2"
            value={d ? formatMoney(d.today.cardSales) : '—'}
            month={t('home.monthValue', { value: d ? formatMoney(d.month.cardSales) : '—' })}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <FigureCard icon={<AuditOutlined />} color="#fa8c16">
            <Space size={18}>
              <Statistic title={t('home.approvals')} value={d?.approvals.total ?? '—'} />
              <Statistic title={t('home.openBills')} value={d?.bills.open ?? '—'} />
              <Statistic title={t('home.expiredBills')} value={d?.bills.expired ?? '—'} />
            </Space>
          </FigureCard>
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <Card
            size="small"
            variant="borderless"
            title={t('home.byShop')}
            extra={<Typography.Text type="secondary">{t('home.topShops', { count: TOP_SHOPS })}</Typography.Text>}
          >
            {chart(shopRows, shopOption)}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" variant="borderless" title={t('home.byRegion')}>
            {chart(regionRows, regionOption)}
          </Card>
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={10}>
          <Card
            size="small"
            variant="borderless"
            title={t('home.approvalsByType')}
            style={{ height: '100%' }}
            extra={
              d?.approvals.total ? (
                <Button size="small" type="link" onClick={() => tab.open(INBOX_URL)}>
                  {t('home.openInbox')}
                </Button>
              ) : null
            }
          >
            {d?.approvals.byType.length ? (
              <Space wrap>
                {d.approvals.byType.map((g) => (
                  <Tag key={g.docType} color="orange" style={{ padding: '2px 8px' }}>
                    {en ? g.label[1] : g.label[0]} · {g.count}
                  </Tag>
                ))}
              </Space>
            ) : (
              <EmptyState compact description={t('home.noApprovals')} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card
            size="small"
            variant="borderless"
            title={t('home.lowStock')}
            extra={d?.lowStock.total ? <Tag color="red">{t('home.lowStockCount', { count: d.lowStock.total })}</Tag> : null}
          >
            <Table
              size="small"
              rowKey={(r) => `${r.shopId ?? 0}-${r.productId}`}
              loading={q.isLoading}
              dataSource={d?.lowStock.items ?? []}
              pagination={false}
              scroll={{ y: 220 }}
              locale={{ emptyText: <EmptyState compact description={t('home.noLowStock')} /> }}
              columns={[
                { title: t('home.product'), dataIndex: 'productName', ellipsis: true },
                {
                  title: t('home.location'),
                  dataIndex: 'shopName',
                  ellipsis: true,
                  render: (v: string | null) => v ?? t('home.warehouse'),
                },
                { title: t('home.quantity'), dataIndex: 'quantity', width: 90, align: 'right' },
                { title: t('home.safetyStock'), dataIndex: 'safetyStock', width: 110, align: 'right' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Space>
  );
}

/** /admin/home: the dashboard page of the menu. */
export default function HomeDashboardPage() {
  return <DashboardFigures />;
}
