import { MONTH_LOSS, MONTH_SHEET, monthSheetColumnRecord } from '@headoffice/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../platform/money';
import { fakeApi, serve, wrap } from '../../../test/api';
import MonthLossesPage from './MonthLossesPage';
import MonthSheetsPage from './MonthSheetsPage';

fakeApi();

const at = '2026-03-02T01:00:00.000Z';

describe('the month sheet pages', () => {
  it('shows a column per defined month sheet column, money as money, and the monthly losses by their fields', async () => {
    serve({
      [monthSheetColumnRecord.paths.list]: () => ({
        list: [
          { id: 1, code: 'col1', name: '房租', type: 1 },
          { id: 2, code: 'col2', name: '员工人数', type: 2 },
        ],
        total: 2,
        page: 1,
        pageSize: 200,
      }),
      [MONTH_SHEET.paths.all]: () => [
        {
          id: 5,
          version: 1,
          shopId: 3,
          shopCode: 'BJ001',
          shopName: '北京国贸店',
          yearmonth: '2026-02',
          values: { col1: 800_050, col2: 6 },
          memo: null,
          createdByName: '财务',
          updatedAt: at,
        },
      ],
      [MONTH_LOSS.paths.all]: () => [
        {
          id: 8,
          shopId: 3,
          shopCode: 'BJ001',
          shopName: '北京国贸店',
          year: 2026,
          month: 2,
          ...{ ks: 100_000, orgjkyl: 0, shopjk: 0, jfxj: 0, gcjk: 0, wfgz: 0, fzqk: 20_050, totalks: 120_050 },
          createdByName: null,
          updatedAt: at,
        },
      ],
    });
    const { unmount } = wrap(<MonthSheetsPage />);
    const sheets = await screen.findByTestId('month-sheets');
    await waitFor(() => expect(within(sheets).getByText(formatMoney(800_050))).toBeTruthy());
    expect(within(sheets).getAllByText('房租').length).toBeGreaterThan(0);
    expect(within(sheets).getAllByText('6').length).toBeGreaterThan(0);
    unmount();

    wrap(<MonthLossesPage />);
    const losses = await screen.findByTestId('month-losses');
    await waitFor(() => expect(within(losses).getByText(formatMoney(120_050))).toBeTruthy());
    expect(within(losses).getAllByText('房租缺口').length).toBeGreaterThan(0);
    expect(within(losses).getAllByText('2026-02').length).toBeGreaterThan(0);
  });
});
