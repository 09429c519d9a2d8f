import { CHART_REPORTS, REPORT_HEAD, type ReportDataAnswer, reportDataAnswer, reportDataPath, reportRunUrl } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, DatePicker, Row, Segmented, Space, Spin, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from '../../platform/Chart';
import { companyToday, DATE_FORMATS } from '../../platform/clock';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { useTab } from '../../platform/pages';
import { ReplicaNotice } from '../../platform/ReplicaNotice';
import { ShopSelect } from '../../platform/shops';

// ECharts is heavy: the page's frame shows first, the charts when their code is there
const Chart = lazy(() => import('../../platform/Chart').then((m) => ({ default: m.Chart })));

/** How many shops, regions or staff a ranking shows: the rest are in the report it opens. */
const TOP = 10;
/** Member growth shows this many months up to the range's last day. */
const GROWTH_MONTHS = 12;

type ReportRow = Record<string, unknown>;
type Texts = (key: string) => string;
type Filters = Record<string, string | readonly [string, string]>;

const day = (d: Dayjs) => d.format('YYYY-MM-DD');
const yuan = (cents: unknown) => Math.round(Number(cents ?? 0)) / 100;

/** The rows of a shipped report for the charts (every row: the reports the charts read are not paged). */
function useReport(code: string, params: Filters) {
  return useQuery({
    queryKey: ['reports', 'chart', code, params],
    queryFn: ({ signal }) =>
      http.read(
        reportDataAnswer,
        reportDataPath(REPORT_HEAD),
        { code, params: JSON.stringify(params), page: 1, pageSize: 500 },
        { signal },
      ),
  });
}

/**
 * /admin/reports/charts — 经营图表: turnover and visits day by day, shops or regions compared, how customers paid,
 * the staff's performance and the members' growth, all read from the shipped reports (the daily figures and the
 * till's bills). A click on a day, a bar or a slice opens the bills behind it in the report runner; a bill there
 * opens the bill.
 */
export default function ChartsPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const today = companyToday();
    return [today.startOf('month'), today];
  });
  const [shopId, setShopId] = useState<number | null>(null);
  const [by, setBy] = useState<'shop' | 'region'>('shop');
  const days: readonly [string, string] = [day(range[0]), day(range[1])];
  const shop: Filters = shopId ? { shop_id: String(shopId) } : {};
  const bills = (filters: Filters) => tab.open(reportRunUrl(CHART_REPORTS.tillBills, { day: days, ...filters }));

  const growthFrom = range[1].subtract(GROWTH_MONTHS - 1, 'month').startOf('month');
  const turnover = useReport(CHART_REPORTS.turnoverDay, { day: days, ...shop });
  const compared = useReport(by === 'shop' ? CHART_REPORTS.turnoverShop : CHART_REPORTS.turnoverRegion, { day: days });
  const pays = useReport(CHART_REPORTS.payMix, { day: days, ...shop });
  const staff = useReport(CHART_REPORTS.staffPerformance, { day: days, ...shop });
  const growth = useReport(CHART_REPORTS.memberGrowth, { day: [day(growthFrom), days[1]], ...shop });

  const k = useCallback((key: string) => t(`reports.charts.${key}`), [t]);

  // the charts read where reports read: say how far behind the replica is when they come from one
  const replica = [turnover, compared, pays, staff, growth].map((q) => q.data?.source).find((source) => source?.replica);
  const turnoverRows = turnover.data?.rows ?? [];
  const comparedRows = useMemo(() => (compared.data?.rows ?? []).slice(0, TOP).reverse(), [compared.data]);
  const payRows = useMemo(() => (pays.data?.rows ?? []).filter((r) => Number(r.amount) > 0), [pays.data]);
  const staffRows = useMemo(
    () =>
      [...(staff.data?.rows ?? [])]
        .filter((r) => Number(r.performance) > 0)
        .sort((x, y) => Number(y.performance) - Number(x.performance))
        .slice(0, TOP)
        .reverse(),
    [staff.data],
  );
  const growthRows = growth.data?.rows ?? [];
  const options = useMemo(
    () => ({
      turnover: turnoverChart(turnover.data?.rows ?? [], k),
      compared: comparedChart(comparedRows, by, k),
      pays: payChart(payRows, k),
      staff: staffChart(staffRows, k),
      growth: growthChart(growth.data?.rows ?? [], k),
    }),
    // the texts follow the language
    [turnover.data, comparedRows, by, payRows, staffRows, growth.data, k],
  );

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            format={DATE_FORMATS}
            aria-label={k('range')}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          />
          <ShopSelect value={shopId} onChange={setShopId} allowClear placeholder={k('allShops')} />
          <Typography.Text type="secondary">{k('hint')}</Typography.Text>
          <ReplicaNotice source={replica} testId="charts-replica" />
        </Space>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <ChartCard title={k('turnover')} query={turnover} empty={!turnoverRows.length}>
            <Chart
              option={options.turnover}
              label={k('turnover')}
              onClick={({ dataIndex }) => {
                const d = String(turnoverRows[dataIndex]?.day ?? '').slice(0, 10);
                if (d) tab.open(reportRunUrl(CHART_REPORTS.tillBills, { day: [d, d], ...shop }));
              }}
            />
          </ChartCard>
        </Col>
        <Col xs={24} xl={10}>
          <ChartCard
            title={k(by === 'shop' ? 'byShop' : 'byRegion')}
            query={compared}
            empty={!comparedRows.length}
            extra={
              <Segmented
                size="small"
                value={by}
                onChange={(v) => setBy(v as 'shop' | 'region')}
                options={[
                  { value: 'shop', label: k('shop') },
                  { value: 'region', label: k('region') },
                ]}
              />
            }
          >
            <Chart
              option={options.compared}
              label={k(by === 'shop' ? 'byShop' : 'byRegion')}
              onClick={({ dataIndex }) => {
                const r = comparedRows[dataIndex];
                if (r) bills(by === 'shop' ? { shop_id: String(r.shop_id) } : { region_id: String(r.region_id) });
              }}
            />
          </ChartCard>
        </Col>
        <Col xs={24} xl={8}>
          <ChartCard title={k('payMix')} query={pays} empty={!payRows.length}>
            <Chart
              option={options.pays}
              label={k('payMix')}
              onClick={({ dataIndex }) => {
                const r = payRows[dataIndex];
                if (r) bills({ pay_type_id: String(r.pay_type_id), ...shop });
              }}
            />
          </ChartCard>
        </Col>
        <Col xs={24} xl={8}>
          <ChartCard title={k('staff')} query={staff} empty={!staffRows.length}>
            <Chart
              option={options.staff}
              label={k('staff')}
              onClick={({ dataIndex }) => {
                const r = staffRows[dataIndex];
                if (r) bills({ employee_code: String(r.employee_code), shop_id: String(r.shop_id) });
              }}
            />
          </ChartCard>
        </Col>
        <Col xs={24} xl={8}>
          <ChartCard title={k('growth')} query={growth} empty={!growthRows.length}>
            <Chart
              option={options.growth}
              label={k('growth')}
              onClick={({ dataIndex }) => {
                const month = String(growthRows[dataIndex]?.month ?? '');
                if (!month) return;
                const first = range[1]
                  .year(Number(month.slice(0, 4)))
                  .month(Number(month.slice(5, 7)) - 1)
                  .startOf('month');
                tab.open(reportRunUrl(CHART_REPORTS.newMembers, { day: [day(first), day(first.endOf('month'))], ...shop }));
              }}
            />
          </ChartCard>
        </Col>
      </Row>
    </Space>
  );
}

/** One chart's card: loading, the server's refusal, nothing to show, or the chart. */
function ChartCard({
  title,
  query,
  empty,
  extra,
  children,
}: {
  title: string;
  query: { isLoading: boolean; error: Error | null; data?: ReportDataAnswer };
  empty: boolean;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  let body = children;
  if (query.isLoading) body = <Spin style={{ display: 'block', margin: '120px auto' }} />;
  else if (query.error) body = <Alert type="error" showIcon title={query.error.message} />;
  else if (empty)
    body = (
      <div style={{ height: 300, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <EmptyState description={t('reports.charts.empty')} />
      </div>
    );
  return (
    <Card size="small" title={title} extra={extra} data-testid={`chart-${title}`}>
      <Suspense fallback={<Spin style={{ display: 'block', margin: '120px auto' }} />}>{body}</Suspense>
    </Card>
  );
}

/** A chart's value in yuan shown as the app shows money. */
const money = (v: unknown) => formatMoney(Math.round(Number(v) * 100));

function turnoverChart(rows: ReportRow[], k: Texts): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 64, right: 48, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: rows.map((r) => String(r.day).slice(5, 10)) },
    yAxis: [
      { type: 'value', axisLabel: { formatter: money } },
      { type: 'value', minInterval: 1 },
    ],
    series: [
      { name: k('takings'), type: 'line', data: rows.map((r) => yuan(r.takings)), tooltip: { valueFormatter: money } },
      { name: k('cardUse'), type: 'line', data: rows.map((r) => yuan(r.card_use)), tooltip: { valueFormatter: money } },
      { name: k('visits'), type: 'bar', yAxisIndex: 1, data: rows.map((r) => Number(r.visits)), barMaxWidth: 16 },
    ],
  };
}

function comparedChart(rows: ReportRow[], by: 'shop' | 'region', k: Texts): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'value', axisLabel: { formatter: money } },
    yAxis: {
      type: 'category',
      data: rows.map((r) => String(by === 'shop' ? r.shop_name : r.region_name)),
      axisLabel: { width: 110, overflow: 'truncate' },
    },
    series: [
      { name: k('takings'), type: 'bar', stack: 'money', data: rows.map((r) => yuan(r.takings)), tooltip: { valueFormatter: money } },
      { name: k('cardUse'), type: 'bar', stack: 'money', data: rows.map((r) => yuan(r.card_use)), tooltip: { valueFormatter: money } },
    ],
  };
}

function payChart(rows: ReportRow[], k: Texts): ChartOption {
  return {
    tooltip: { trigger: 'item', valueFormatter: money },
    legend: { type: 'scroll', orient: 'vertical', right: 0, top: 'middle' },
    series: [
      {
        name: k('payMix'),
        type: 'pie',
        radius: ['40%', '70%'],
        center: ['38%', '50%'],
        label: { formatter: '{d}%' },
        data: rows.map((r) => ({ name: String(r.pay_name), value: yuan(r.amount) })),
      },
    ],
  };
}

function staffChart(rows: ReportRow[], k: Texts): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: money },
    grid: { left: 8, right: 24, top: 12, bottom: 8, containLabel: true },
    xAxis: { type: 'value', axisLabel: { formatter: money } },
    yAxis: {
      type: 'category',
      data: rows.map((r) => `${String(r.employee_name)}（${String(r.shop_name)}）`),
      axisLabel: { width: 140, overflow: 'truncate' },
    },
    series: [{ name: k('performance'), type: 'bar', data: rows.map((r) => yuan(r.performance)) }],
  };
}

function growthChart(rows: ReportRow[], k: Texts): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 56, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: rows.map((r) => String(r.month)) },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', minInterval: 1 },
    ],
    series: [
      { name: k('newMembers'), type: 'bar', data: rows.map((r) => Number(r.new_members)), barMaxWidth: 24 },
      { name: k('members'), type: 'line', yAxisIndex: 1, data: rows.map((r) => Number(r.members)) },
    ],
  };
}
