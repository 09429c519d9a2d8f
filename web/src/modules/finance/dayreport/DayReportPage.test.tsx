import { DAY_CLOSE, DAY_REPORT } from '@headoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyToday } from '../../../platform/clock';
import { formatMoney } from '../../../platform/money';
import { calls, fakeApi, serve, wrap } from '../../../test/api';
import DayReportPage from './DayReportPage';

fakeApi();

const cells = (cash: number, other: number) => ({
  cash: { amount: cash, fee: 0 },
  pos: { amount: 10_000, fee: 60 },
  other: { amount: other, fee: 0 },
});

describe('the daily report page (日报表)', () => {
  it("opens on yesterday at the user's first shop and shows the funds with the allocations, the pay summary with 其他, the dj items and the sections", async () => {
    serve({
      [DAY_REPORT.path]: () => ({
        shopId: 3,
        shopName: '北京国贸店',
        day: '2026-03-01',
        bills: [{ id: 1, billNo: 'SB0001', memberName: null, amount: 12_345, settledAt: '2026-03-01T02:00:00.000Z' }],
        customers: { bills: 1, visits: 1 },
        services: [{ itemId: 5, code: 'FW001', name: '洗剪吹', serType: 2, qty: 1, amount: 12_345, perf: 12_300 }],
        serviceTotals: { big: { qty: 0, amount: 0, perf: 0 }, small: { qty: 1, amount: 12_345, perf: 12_300 } },
        products: [{ itemId: 8, code: 'CP001', name: '护发素', staffPurchase: true, qty: 1, amount: 3_000, perf: 3_000 }],
        productTotals: { takeHome: { qty: 0, amount: 0, perf: 0 }, staff: { qty: 1, amount: 3_000, perf: 3_000 } },
        cards: [],
        pay: [
          { row: 'till', cells: cells(2_345, 0) },
          { row: 'income', cells: cells(0, 2_000) },
          { row: 'total', cells: cells(2_345, 2_000) },
        ],
        totals: {
          main: 12_285,
          nonOperating: 2_000,
          weimu: 500,
          groupBuy: 0,
          eCoupon: 0,
          funds: 14_785,
          expenses: 0,
          refunds: 0,
          withheld: 0,
        },
        consumption: { cardMoney: 0, package: 0, gift: 0, oldCard: 0 },
        expenses: [],
        refunds: [],
        dj: [{ djItemId: 9, code: '55', name: '微慕拨款', colname: 'wmbk', isBk: 1, direction: 1, isDkdj: 0, amount: 500, signed: 500 }],
      }),
      '/api-chain/shop/list/all': () => [{ id: 3, code: 'BJ001', name: '北京国贸店' }],
    });
    wrap(<DayReportPage />);
    const report = await screen.findByTestId('dayreport');
    expect(within(report).getByText('北京国贸店 日报表 2026-03-01')).toBeTruthy();
    expect(within(report).getByTestId('dayreport-funds').textContent).toBe(formatMoney(14_785));
    expect(within(report).getAllByText('微慕拨款').length).toBe(2);
    expect(within(report).getByText('wmbk')).toBeTruthy();
    expect(within(report).getAllByText('其他').length).toBeGreaterThan(0);
    expect(within(report).getAllByText(formatMoney(2_000)).length).toBeGreaterThan(1);
    expect(within(report).getByText('洗剪吹')).toBeTruthy();
    expect(within(report).getByText('小项目合计')).toBeTruthy();
    expect(within(report).getByText('内购合计')).toBeTruthy();
    expect(within(report).getAllByText('内购').length).toBe(1);
    await waitFor(() => expect(calls(DAY_REPORT.path).length).toBeGreaterThan(0));
    const asked = String(calls(DAY_REPORT.path)[0]?.[0]);
    expect(asked).toContain('shopid=3');
    expect(asked).toContain(`day=${companyToday().subtract(1, 'day').format('YYYY-MM-DD')}`);
  });

  it("shows the day's close: 未结 with its unmatched reconciliation rows (确认并结账 held back), or 已结 with who closed it and 重新开账", async () => {
    const state = (status: number, unmatched: number) => ({
      id: status ? 7 : null,
      shopId: 3,
      shopName: '北京国贸店',
      day: '2026-03-01',
      status,
      changedByName: status ? '财务张' : null,
      changedAt: status ? '2026-03-02T01:00:00.000Z' : null,
      memo: null,
      reconcileRows: 2,
      unmatched,
      heldBy: null,
    });
    let current = state(0, 1);
    serve({
      [DAY_CLOSE.paths.state]: () => current,
      [DAY_CLOSE.paths.month]: () => [current],
      '/api-chain/shop/list/all': () => [{ id: 3, code: 'BJ001', name: '北京国贸店' }],
    });
    const { unmount } = wrap(<DayReportPage />);
    const panel = await screen.findByTestId('dayclose');
    await waitFor(() => expect(within(panel).getAllByTestId('dayclose-state')[0].textContent).toBe('未结'));
    expect(within(panel).getByTestId('dayclose-unmatched').textContent).toBe('银行对账 2 笔，未对账 1 笔');
    expect((within(panel).getByTestId('dayclose-close') as HTMLButtonElement).disabled).toBe(true);
    unmount();

    current = state(1, 0);
    wrap(<DayReportPage />);
    const closed = await screen.findByTestId('dayclose');
    await waitFor(() => expect(within(closed).getAllByTestId('dayclose-state')[0].textContent).toBe('已结'));
    expect(within(closed).getByText(/财务张 于 .* 结账/)).toBeTruthy();
    expect(within(closed).getByTestId('dayclose-reopen').textContent?.replace(/\s/g, '')).toBe('重新开账');
  });
});
