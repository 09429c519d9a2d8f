import { CHAIN_REPORT } from '@headoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyToday } from '../../../platform/clock';
import { formatMoney } from '../../../platform/money';
import { calls, fakeApi, serve, wrap } from '../../../test/api';
import ChainReportPage from './ChainReportPage';

fakeApi();

const figures = (funds: number, main: number) => ({
  funds,
  main,
  nonOperating: funds - main,
  weimu: 0,
  groupBuy: 0,
  eCoupon: 0,
  withheld: -1_000,
  expenses: 1_200,
  refunds: 0,
  cardSales: 80_000,
  cardUse: 6_800,
});

describe('the chain’s daily report page (门店日报汇总)', () => {
  it('opens on yesterday for every shop, a row per shop and the chain’s total beneath', async () => {
    serve({
      [CHAIN_REPORT.path]: () => ({
        srq: '2026-03-01',
        erq: '2026-03-01',
        rows: [
          { shopId: 3, shopCode: 'BJ001', shopName: '北京国贸店', regionName: '华北区', ...figures(123_456, 100_000) },
          { shopId: 4, shopCode: 'SH001', shopName: '上海静安店', regionName: null, ...figures(5_000, 5_000) },
        ],
        total: { ...figures(128_456, 105_000), withheld: -2_000, expenses: 2_400, cardSales: 160_000, cardUse: 13_600 },
      }),
      '/api-chain/shop/list/all': () => [
        { id: 3, code: 'BJ001', name: '北京国贸店' },
        { id: 4, code: 'SH001', name: '上海静安店' },
      ],
    });
    wrap(<ChainReportPage />);
    const table = await screen.findByTestId('chainreport');
    await waitFor(() => expect(within(table).getByText('北京国贸店')).toBeTruthy());
    expect(within(table).getByText('华北区')).toBeTruthy();
    expect(within(table).getByText(formatMoney(123_456))).toBeTruthy();
    expect(within(table).getByText('合计')).toBeTruthy();
    expect(screen.getByTestId('chainreport-total-funds').textContent).toBe(formatMoney(128_456));
    expect(screen.getByTestId('chainreport-total-withheld').textContent).toBe(formatMoney(-2_000));
    expect(within(table).getAllByText('资金总业绩').length).toBeGreaterThan(0);
    const asked = String(calls(CHAIN_REPORT.path)[0]?.[0]);
    const yesterday = companyToday().subtract(1, 'day').format('YYYY-MM-DD');
    expect(asked).toContain(`srq=${yesterday}`);
    expect(asked).toContain(`erq=${yesterday}`);
    expect(asked).not.toContain('shopIds');
  });
});
