import type { RoyaltyRow, RoyaltyStatement } from '@headoffice/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import StatementPage from './StatementPage';

fakeApi();

const row = (perfId: number, eeid: number, eename: string, money: number, royalty: number): RoyaltyRow => ({
  perfId,
  eeid,
  eecode: `E${eeid}`,
  eename,
  psname: '发型师',
  pslname: null,
  shopId: 3,
  shopName: '北京国贸店',
  billId: perfId,
  billcode: `XF-${perfId}`,
  billdate: '2026-03-04',
  btype: 'service',
  sername: '精剪',
  num: 1,
  station: 1,
  isAppoint: true,
  cause: 'settle',
  money,
  perfParts: [
    { payName: '微信', amount: 8_000, fee: 48, perf: 7_952 },
    { payName: '生日赠送', amount: 2_000, fee: 0, perf: 0 },
  ],
  base: money,
  cost: 0,
  paytype: '微信',
  schemeName: '门店标准提成方案',
  royaltyTypeName: '服务提成',
  itemName: '发型师服务',
  normType: 2,
  royaltyRate: 3000,
  tier: null,
  prnname: null,
  royalty,
  lateFrom: null,
});

const metrics = { yj: 0, fwyj: 0, cpyj: 0, ks: 0 };
const statement: RoyaltyStatement = {
  list: [row(1, 7, '王小美', 7_952, 2_386), row(2, 8, '李大壮', 5_000, 1_500)],
  total: 2,
  page: 1,
  pageSize: 50,
  sum: { money: 12_952, base: 12_952, cost: 0, royalty: 3_886 },
  locked: null,
  employees: [
    { eeid: 7, eecode: 'E7', eename: '王小美', metrics, rows: 1, money: 7_952, base: 7_952, cost: 0, royalty: 2_386 },
    { eeid: 8, eecode: 'E8', eename: '李大壮', metrics, rows: 1, money: 5_000, base: 5_000, cost: 0, royalty: 1_500 },
  ],
};

describe('the commission statement', () => {
  it('shows each employee’s subtotal, exports with its filters, and says where a row’s 业绩 comes from', async () => {
    serve({
      '/api-chain/shop/list/all': () => [{ id: 3, code: 'BJ001', name: '北京国贸店' }],
      '/api-pers/employeeroyalty/chain/list': () => statement,
    });
    wrap(<StatementPage />);
    const subtotals = await screen.findByTestId('royalty-subtotals');
    expect(within(subtotals).getByText('王小美')).toBeTruthy();
    expect(within(subtotals).getByText('¥23.86')).toBeTruthy();
    expect(within(subtotals).getByText('¥15.00')).toBeTruthy();

    const cell = screen.getAllByText('¥79.52').find((el) => !subtotals.contains(el)) as HTMLElement;
    await act(async () => {
      fireEvent.mouseEnter(cell);
    });
    const why = await screen.findByTestId('perf-from', undefined, { timeout: 3000 });
    expect(why.textContent).toContain('微信 ¥80.00 − 手续费 ¥0.48；生日赠送 ¥20.00，不计业绩 → 本行业绩 ¥79.52');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    });
    await waitFor(() => expect(calls('/api-pers/employeeroyalty/chain/export')).toHaveLength(1));
    const url = String(calls('/api-pers/employeeroyalty/chain/export')[0][0]);
    expect(url).toContain('shopId=3');
    expect(url).toMatch(/month=\d{4}-\d{2}/);
    expect(url).not.toContain('page=');
  });
});
