import { ApartmentOutlined, ShopOutlined, TagsOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { HOME_URL, pageAnswer, regionTreeNode } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type MenuNode, useMe, useMenus } from '../../platform/auth';
import type { ChartOption } from '../../platform/Chart';
import { companyToday } from '../../platform/clock';
import { EmptyState } from '../../platform/Empty';
import { FigureCard } from '../../platform/FigureCard';
import { http } from '../../platform/http';
import { AppIcon } from '../../platform/icons';
import { useTab } from '../../platform/pages';
import { ADMIN_APP_ID } from './pages';

const quiet = { quiet: true } as const;

// ECharts is heavy: the counts and shortcuts show first, the chart when its code is there
const Chart = lazy(() => import('../../platform/Chart').then((m) => ({ default: m.Chart })));
// The home page's figures (module home; its texts come with this page) replace the chain's counts for a user who may see them.
const Dashboard = lazy(() => import('../../modules/home/HomeDashboard').then((m) => ({ default: m.DashboardFigures })));

function useCount(key: string, params: Record<string, unknown>) {
  return useQuery({
    queryKey: ['home', key],
    queryFn: () => http.read(pageAnswer(z.unknown()), '/api-chain/shop', { page: 1, pageSize: 1, ...params }, quiet).then((p) => p.total),
  });
}

function Stat({
  title,
  value,
  icon,
  color,
  loading,
}: {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  color: string;
  loading: boolean;
}) {
  return (
    <FigureCard icon={icon} color={color} large>
      <Statistic title={title} value={loading ? ' ' : (value as string | number)} loading={loading} />
    </FigureCard>
  );
}

/** Menu leaves in menu order; a leaf without an icon shows its group's. */
function leaves(nodes: MenuNode[], out: MenuNode[] = [], icon?: string | null): MenuNode[] {
  for (const n of [...nodes].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))) {
    if (n.children?.length) leaves(n.children, out, n.icon ?? icon);
    else if (n.url) out.push({ ...n, icon: n.icon ?? icon });
  }
  return out;
}

/** /admin — welcome, the chain's key counts and shortcuts. */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en-US';
  const tab = useTab();
  const me = useMe();
  const menus = useMenus(ADMIN_APP_ID);
  const shops = useCount('shops', {});
  const open = useCount('openShops', { status: 1 });
  const tree = useQuery({
    queryKey: ['home', 'regions'],
    queryFn: () => http.read(z.array(regionTreeNode), '/api-chain/dictregion/tree/all', undefined, quiet),
  });
  const brands = useQuery({
    queryKey: ['home', 'brands'],
    queryFn: () => http.read(z.array(z.unknown()), '/api-chain/brand/list/all', undefined, quiet),
  });

  // the greeting follows the reader's own clock, wherever they sit; the company's calendar is for business days
  const hour = new Date().getHours();
  const greeting = t(hour < 12 ? 'admin.morning' : hour < 18 ? 'admin.afternoon' : 'admin.evening');
  const areas = tree.data ?? [];
  const subRegions = areas.reduce((n, a) => n + (a.children?.length ?? 0), 0);
  const dash = '—';

  const option = useMemo<ChartOption>(() => {
    const rows = [...areas].sort((a, b) => (b.shopCount ?? 0) - (a.shopCount ?? 0));
    return {
      grid: { left: 40, right: 16, top: 24, bottom: 32 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: rows.map((r) => r.name), axisLabel: { interval: 0, hideOverlap: true } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: t('admin.shops'),
          data: rows.map((r) => r.shopCount ?? 0),
          barMaxWidth: 36,
          itemStyle: { color: '#2f54eb', borderRadius: [4, 4, 0, 0] },
        },
      ],
    };
  }, [areas, t]);

  const all = leaves(menus.data ?? []);
  const links = all.slice(0, 12);
  const dashboard = all.some((n) => n.url === HOME_URL);

  const welcome = (
    <Card variant="borderless" size={dashboard ? 'small' : undefined}>
      <Typography.Title level={dashboard ? 5 : 4} style={{ margin: 0 }}>
        {t('admin.welcome', { greeting, name: me.data?.user.name ?? '' })}
      </Typography.Title>
      <Typography.Text type="secondary">
        {me.data?.user.tenantName ? `${me.data.user.tenantName} · ` : ''}
        {t('admin.today', { date: companyToday().format(en ? 'dddd, MMMM D, YYYY' : 'YYYY年M月D日 dddd') })}
      </Typography.Text>
    </Card>
  );
  if (dashboard)
    return (
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {welcome}
        <Suspense fallback={<Skeleton active />}>
          <Dashboard />
        </Suspense>
      </Space>
    );

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {welcome}
      <Row gutter={[12, 12]}>
        <Col xs={24} sm={12} xl={6}>
          <Stat title={t('admin.shops')} value={shops.data ?? dash} icon={<ShopOutlined />} color="#2f54eb" loading={shops.isLoading} />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Stat
            title={t('admin.openShops')}
            value={open.data ?? dash}
            icon={<ThunderboltOutlined />}
            color="#52c41a"
            loading={open.isLoading}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Stat
            title={t('admin.regions')}
            value={tree.data ? `${areas.length} / ${subRegions}` : dash}
            icon={<ApartmentOutlined />}
            color="#fa8c16"
            loading={tree.isLoading}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <Stat
            title={t('admin.brands')}
            value={brands.data?.length ?? dash}
            icon={<TagsOutlined />}
            color="#eb2f96"
            loading={brands.isLoading}
          />
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <Card size="small" title={t('admin.shopsByRegion')} variant="borderless">
            {tree.isLoading ? (
              <Skeleton active />
            ) : areas.length ? (
              <Suspense fallback={<Skeleton active />}>
                <Chart option={option} />
              </Suspense>
            ) : (
              <EmptyState description={t('admin.noData')} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('admin.quickLinks')} variant="borderless" style={{ height: '100%' }}>
            {links.length ? (
              <Row gutter={[8, 8]}>
                {links.map((n) => (
                  <Col span={12} key={String(n.id)}>
                    <Card size="small" hoverable onClick={() => n.url && tab.open(n.url)} styles={{ body: { padding: '10px 12px' } }}>
                      <Space>
                        <AppIcon name={n.icon} />
                        <Typography.Text ellipsis>{en && n.nameEn ? n.nameEn : n.name}</Typography.Text>
                      </Space>
                    </Card>
                  </Col>
                ))}
              </Row>
            ) : (
              <EmptyState compact />
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
