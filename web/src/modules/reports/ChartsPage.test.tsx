import { CHART_REPORTS, REPORT_HEAD, type ReportDataAnswer, reportDataPath, reportRunUrl } from '@headoffice/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChartClick, ChartOption } from '../../platform/Chart';
import { TabContext, type TabInfo } from '../../platform/pages';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import ChartsPage from './ChartsPage';

// A canvas draws nothing in the tests: each chart is a button that clicks its first bar, and its option in a <pre>.
vi.mock('../../platform/Chart', () => ({
  Chart: ({ option, label, onClick }: { option: ChartOption; label?: string; onClick?: (c: ChartClick) => void }) => (
    <div>
      <button type="button" onClick={() => onClick?.({ seriesIndex: 0, dataIndex: 0, name: '' })}>
        {label}
      </button>
      <pre data-testid={`option-${label}`}>{JSON.stringify(option)}</pre>
    </div>
  ),
}));

fakeApi();

const DATA = reportDataPath(REPORT_HEAD);

const rowsOf: Record<string, Record<string, unknown>[]> = {
  [CHART_REPORTS.turnoverDay]: [
    { day: '2026-03-03', takings: 123_450, card_use: 20_000, visits: 7, bills: 8 },
    { day: '2026-03-04', takings: 6_000, card_use: 0, visits: 1, bills: 1 },
  ],
  [CHART_REPORTS.turnoverShop]: [
    { shop_id: 3, shop_name: '北京国贸店', takings: 123_450, card_use: 20_000 },
    { shop_id: 4, shop_name: '上海静安店', takings: 6_000, card_use: 0 },
  ],
  [CHART_REPORTS.turnoverRegion]: [{ region_id: 2, region_name: '华北', takings: 129_450, card_use: 20_000 }],
  [CHART_REPORTS.payMix]: [
    { pay_type_id: 11, pay_name: '人民币', amount: 100_000 },
    { pay_type_id: 12, pay_name: '微信', amount: 29_450 },
  ],
  [CHART_REPORTS.staffPerformance]: [
    { shop_id: 3, shop_name: '北京国贸店', employee_code: 'E001', employee_name: '王丽', performance: 50_000 },
    { shop_id: 3, shop_name: '北京国贸店', employee_code: 'E002', employee_name: '李强', performance: 90_000 },
  ],
  [CHART_REPORTS.memberGrowth]: [
    { month: '2026-02', new_members: 5, members: 105 },
    { month: '2026-03', new_members: 3, members: 108 },
  ],
};

function answer(code: string): ReportDataAnswer {
  return {
    head: {
      code,
      name: code,
      isAuto: true,
      hideQuery: false,
      isPage: false,
      isSummary: true,
      isPrint: true,
      isExcel: true,
      isUdiy: true,
      isContent: false,
      content: null,
      status: 1,
    },
    columns: [],
    hidden: [],
    rows: rowsOf[code] ?? [],
    total: rowsOf[code]?.length ?? 0,
    totals: null,
    source: { replica: false, lagSeconds: null },
  };
}

function open() {
  const opened: string[] = [];
  const tab: TabInfo = {
    key: '/admin/reports/charts',
    params: {},
    setTitle: () => undefined,
    open: (path) => opened.push(path),
    close: () => undefined,
  };
  wrap(
    <TabContext.Provider value={tab}>
      <ChartsPage />
    </TabContext.Provider>,
  );
  return opened;
}

const askedFor = (code: string) =>
  calls(DATA)
    .map(([url]) => new URL(String(url), 'http://localhost').searchParams)
    .filter((q) => q.get('code') === code)
    .map((q) => JSON.parse(q.get('params') ?? '{}'));

describe('the business charts', () => {
  it('draws each chart from its shipped report over the month so far, money in yuan, the best first', async () => {
    serve({ [DATA]: (_, url) => answer(url.searchParams.get('code') ?? '') });
    open();
    const turnover = JSON.parse((await screen.findByTestId('option-营业走势')).textContent ?? '{}');
    expect(turnover.xAxis.data).toEqual(['03-03', '03-04']);
    expect(turnover.series[0].data).toEqual([1234.5, 60]);
    expect(turnover.series[2].data).toEqual([7, 1]);
    const [asked] = askedFor(CHART_REPORTS.turnoverDay);
    expect(asked.day[1] >= asked.day[0]).toBe(true);
    expect(asked.day[0].endsWith('-01')).toBe(true);
    // the staff ranking puts the best at the top of the bars (ECharts draws categories from the bottom)
    const staff = JSON.parse((await screen.findByTestId('option-员工业绩排行（前 10）')).textContent ?? '{}');
    expect(staff.yAxis.data).toEqual(['王丽（北京国贸店）', '李强（北京国贸店）']);
    const pays = JSON.parse((await screen.findByTestId('option-支付方式构成')).textContent ?? '{}');
    expect(pays.series[0].data).toEqual([
      { name: '人民币', value: 1000 },
      { name: '微信', value: 294.5 },
    ]);
    // member growth reads twelve months up to the range's end
    const [growth] = askedFor(CHART_REPORTS.memberGrowth);
    expect(growth.day[0].endsWith('-01')).toBe(true);
  });

  it('a click opens the bills behind the day, the shop, the pay type or the employee; a region when compared by region', async () => {
    serve({ [DATA]: (_, url) => answer(url.searchParams.get('code') ?? '') });
    const opened = open();
    const [{ day }] = askedFor(CHART_REPORTS.turnoverDay);
    fireEvent.click(await screen.findByRole('button', { name: '营业走势' }));
    expect(opened.at(-1)).toBe(reportRunUrl(CHART_REPORTS.tillBills, { day: ['2026-03-03', '2026-03-03'] }));
    fireEvent.click(screen.getByRole('button', { name: '门店对比（收款前 10）' }));
    // the bars are drawn from the bottom: the first is the tenth best (here the second)
    expect(opened.at(-1)).toBe(reportRunUrl(CHART_REPORTS.tillBills, { day, shop_id: '4' }));
    fireEvent.click(screen.getByRole('button', { name: '支付方式构成' }));
    expect(opened.at(-1)).toBe(reportRunUrl(CHART_REPORTS.tillBills, { day, pay_type_id: '11' }));
    fireEvent.click(screen.getByRole('button', { name: '员工业绩排行（前 10）' }));
    expect(opened.at(-1)).toBe(reportRunUrl(CHART_REPORTS.tillBills, { day, employee_code: 'E001', shop_id: '3' }));
    fireEvent.click(screen.getByRole('button', { name: '会员增长（近 12 个月）' }));
    expect(opened.at(-1)).toBe(reportRunUrl(CHART_REPORTS.newMembers, { day: ['2026-02-01', '2026-02-28'] }));
    fireEvent.click(screen.getByText('区域'));
    await waitFor(() => expect(askedFor(CHART_REPORTS.turnoverRegion)).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: '区域对比（收款前 10）' }));
    expect(opened.at(-1)).toBe(reportRunUrl(CHART_REPORTS.tillBills, { day, region_id: '2' }));
  });

  it('says how far behind the replica is when the figures come from one', async () => {
    serve({ [DATA]: (_, url) => ({ ...answer(url.searchParams.get('code') ?? ''), source: { replica: true, lagSeconds: 4 } }) });
    open();
    expect((await screen.findByTestId('charts-replica')).textContent).toBe('数据来自只读副本，约 4 秒前');
  });

  it('says so when a period has no figures', async () => {
    serve({ [DATA]: (_, url) => ({ ...answer(url.searchParams.get('code') ?? ''), rows: [], total: 0 }) });
    open();
    expect(await screen.findAllByText('所选期间没有数据')).toHaveLength(5);
  });
});
