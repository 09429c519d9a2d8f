import { HOME_PATH, type HomeAnswer, LOW_STOCK_PATH, LOW_STOCK_URL } from '@headoffice/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../platform/money';
import { TabContext, type TabInfo } from '../../platform/pages';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import { DashboardFigures } from './HomeDashboard';
import LowStockPage from './LowStockPage';

const figures = (cash: number, cardUse: number, visits: number, cardSales: number) => ({ cash, cardUse, visits, cardSales });

/** Two shops' day and month; the totals are their sums, as the server answers them. */
function answer(): HomeAnswer {
  const shops = [
    {
      shopId: 3,
      shopName: '北京国贸店',
      regionName: '华北大区',
      today: figures(123_450, 20_000, 7, 100_000),
      month: figures(987_600, 88_800, 61, 300_000),
    },
    {
      shopId: 4,
      shopName: '上海静安店',
      regionName: '华东大区',
      today: figures(6_000, 0, 1, 0),
      month: figures(54_321, 12_000, 9, 50_000),
    },
  ];
  const sum = (period: 'today' | 'month') =>
    figures(
      shops.reduce((n, s) => n + s[period].cash, 0),
      shops.reduce((n, s) => n + s[period].cardUse, 0),
      shops.reduce((n, s) => n + s[period].visits, 0),
      shops.reduce((n, s) => n + s[period].cardSales, 0),
    );
  return {
    date: '2026-03-15',
    monthFrom: '2026-03-01',
    today: sum('today'),
    month: sum('month'),
    shops,
    approvals: { total: 2, byType: [{ docType: 'finance.fund', label: ['备用金申请', 'Petty cash'], count: 2 }] },
    bills: { open: 3, expired: 1 },
    lowStock: { total: 758 },
  };
}

const tab = (open: (path: string) => void): TabInfo => ({
  key: '/admin',
  params: {},
  setTitle: () => undefined,
  open,
  close: () => undefined,
});

fakeApi();

describe('the home page', () => {
  it('leads with cash takings and card consumption apart, visits and card sales, each shop’s day and month, totals', async () => {
    const d = answer();
    serve({ [HOME_PATH]: () => d });
    wrap(<DashboardFigures />);
    const cash = await screen.findByTestId('home-figure-cash');
    await within(cash).findByText(formatMoney(d.today.cash));
    expect(cash.textContent).toContain('现金业绩');
    expect(cash.textContent).toContain(`本月 ${formatMoney(d.month.cash)}`);
    const cardUse = screen.getByTestId('home-figure-cardUse');
    expect(cardUse.textContent).toContain('耗卡');
    expect(cardUse.textContent).toContain(formatMoney(d.today.cardUse));
    expect(cardUse.textContent).not.toContain(formatMoney(d.today.cash));
    expect(screen.getByTestId('home-figure-visits').textContent).toContain(`客数${d.today.visits}`);
    expect(screen.getByTestId('home-figure-cardSales').textContent).toContain(formatMoney(d.today.cardSales));

    // Every shop with its day and month, and the totals row under them.
    const rows = document.querySelectorAll('.ant-table-tbody tr.ant-table-row');
    expect(rows).toHaveLength(2);
    for (const [i, s] of d.shops.entries()) {
      const cells = [...(rows[i] as HTMLElement).querySelectorAll('td')].map((c) => c.textContent);
      expect(cells).toEqual([
        s.shopName,
        s.regionName,
        ...(['today', 'month'] as const).flatMap((p) => [
          formatMoney(s[p].cash),
          formatMoney(s[p].cardUse),
          String(s[p].visits),
          formatMoney(s[p].cardSales),
        ]),
      ]);
    }
    const total = [...document.querySelectorAll('.ant-table-summary td')].map((c) => c.textContent);
    expect(total).toEqual([
      '合计',
      ...(['today', 'month'] as const).flatMap((p) => [
        formatMoney(d[p].cash),
        formatMoney(d[p].cardUse),
        String(d[p].visits),
        formatMoney(d[p].cardSales),
      ]),
    ]);
    expect(calls(HOME_PATH)).toHaveLength(1);
  });

  it('says the stock warnings in one line that opens their list, and what waits', async () => {
    const open = vi.fn();
    serve({ [HOME_PATH]: answer });
    wrap(
      <TabContext.Provider value={tab(open)}>
        <DashboardFigures />
      </TabContext.Provider>,
    );
    const line = await screen.findByTestId('home-low-stock');
    await within(line).findByText('758 种商品低于安全库存');
    // one line, not the products: no table of them on the home page
    expect(document.querySelectorAll('.ant-table')).toHaveLength(1);
    fireEvent.click(within(line).getByRole('button', { name: '查看清单' }));
    expect(open).toHaveBeenCalledWith(LOW_STOCK_URL);
    const todo = screen.getByTestId('home-todo');
    expect(todo.textContent).toContain('待审批 2 单');
    expect(todo.textContent).toContain('未结单 3');
    expect(todo.textContent).toContain('过期单 1');
  });

  it('with no stock below its level, says so without a link', async () => {
    serve({ [HOME_PATH]: () => ({ ...answer(), lowStock: { total: 0 } }) });
    wrap(<DashboardFigures />);
    const line = await screen.findByTestId('home-low-stock');
    await within(line).findByText('没有低于安全库存的商品');
    expect(within(line).queryByRole('button')).toBeNull();
  });
});

describe('the stock warning list', () => {
  it('lists the products below their safety stock with the shortfall, the warehouse named', async () => {
    serve({
      [LOW_STOCK_PATH]: () => ({
        list: [
          {
            shopId: 3,
            shopName: '北京国贸店',
            productId: 9,
            productCode: 'P009',
            productName: '洗发水',
            quantity: 2,
            safetyStock: 30,
            shortfall: 28,
          },
          {
            shopId: null,
            shopName: null,
            productId: 7,
            productCode: 'P007',
            productName: '护发素',
            quantity: 0,
            safetyStock: 5,
            shortfall: 5,
          },
        ],
        total: 2,
        page: 1,
        pageSize: 20,
      }),
    });
    wrap(<LowStockPage />);
    await screen.findByText('洗发水');
    const rows = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['P009', '洗发水', '北京国贸店', '2', '30', '28'],
      ['P007', '护发素', '总部仓库', '0', '5', '5'],
    ]);
    const asked = new URL(String(calls(LOW_STOCK_PATH)[0]?.[0]), 'http://x').searchParams;
    expect([asked.get('page'), asked.get('pageSize')]).toEqual(['1', '20']);
  });
});
