import { VOUCHER_PATHS } from '@headoffice/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, serve, wrap } from '../../test/api';
import VouchersPage from './VouchersPage';

fakeApi();

const answer = (refunded: number) => ({
  list: [],
  total: 2 + refunded,
  page: 1,
  pageSize: 20,
  sums: { count: 2, amount: 5_000, verified: 1_200, used: 3_800, apart: { refunded: { count: refunded, amount: refunded * 900 } } },
});

describe('platform vouchers (平台券)', () => {
  it('totals only the vouchers that count: a refunded one is shown apart, not in the total', async () => {
    serve({ [VOUCHER_PATHS.list]: () => answer(1) });
    wrap(<VouchersPage />);
    expect((await screen.findByTestId('voucher-sums')).textContent).toBe('共 2 张，合计 ¥50.00：已核销 ¥12.00，已使用 ¥38.00');
    expect(screen.getByTestId('voucher-sums-apart').textContent).toBe('已退款 1 张 ¥9.00（不计入合计）');
  });

  it('says nothing apart when nothing was refunded', async () => {
    serve({ [VOUCHER_PATHS.list]: () => answer(0) });
    wrap(<VouchersPage />);
    await screen.findByTestId('voucher-sums');
    expect(screen.queryByTestId('voucher-sums-apart')).toBeNull();
  });
});
