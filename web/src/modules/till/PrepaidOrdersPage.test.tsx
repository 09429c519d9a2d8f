import { PREPAID_PATHS } from '@headoffice/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, serve, wrap } from '../../test/api';
import PrepaidOrdersPage from './PrepaidOrdersPage';

fakeApi();

describe('prepaid orders (预付订单)', () => {
  it('totals only the orders that count: a refunded one is shown apart, not in the total', async () => {
    serve({
      [PREPAID_PATHS.list]: () => ({
        list: [],
        total: 3,
        page: 1,
        pageSize: 20,
        sums: { count: 2, amount: 30_000, unused: 10_000, used: 20_000, apart: { refunded: { count: 1, amount: 7_700 } } },
      }),
    });
    wrap(<PrepaidOrdersPage />);
    expect((await screen.findByTestId('prepaid-sums')).textContent).toBe('共 2 笔，合计 ¥300.00：未使用 ¥100.00，已使用 ¥200.00');
    expect(screen.getByTestId('prepaid-sums-apart').textContent).toBe('已退款 1 笔 ¥77.00（不计入合计）');
  });
});
