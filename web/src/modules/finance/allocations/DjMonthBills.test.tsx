import { djMonthBill, djMonthConvert } from '@headoffice/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BillForm } from '../../../platform/bills/BillForm';
import { calls, fakeApi, serve, wrap } from '../../../test/api';
import { djMonthFormSlots } from './DjMonthBills';

fakeApi();

const draft = {
  id: 7,
  version: 1,
  billNo: 'DM20260301-0001',
  yearmonth: '2026-02',
  state: 'draft',
  totalMoney: 12_050,
  memo: null,
  createdBy: 1,
  createdByName: '系统管理员',
  auditedByName: null,
  auditedAt: null,
  createdAt: '2026-03-01T01:00:00Z',
  updatedAt: '2026-03-01T01:00:00Z',
  lines: [
    {
      id: 1,
      billId: 7,
      shopId: 3,
      djItemId: 10,
      umoney: 12_050,
      memo: '二月社保',
      shopName: '北京国贸店',
      djItemName: '代扣社保',
      smoney: 0,
      rmoney: 12_050,
    },
  ],
  editable: true,
  actions: [],
  log: [],
};

describe('the dj bill’s month form (收支变动维护单)', () => {
  it('edits a month’s lines, its items picked among the withholding items only', async () => {
    serve({
      '/api-finance/dicdjitem/list/all': () => [{ id: 10, code: 'DJ001', name: '代扣社保' }],
      '/api-chain/shop/list/all': () => [{ id: 3, code: 'BJ001', name: '北京国贸店' }],
    });
    wrap(<BillForm def={djMonthBill} open bill={draft} onClose={() => undefined} />);
    expect(await screen.findByDisplayValue('2026-02')).toBeTruthy();
    expect(screen.getByDisplayValue('二月社保')).toBeTruthy();
    expect(screen.getByDisplayValue('120.50')).toBeTruthy();
    await waitFor(() => expect(calls('/api-finance/dicdjitem/list/all').length).toBeGreaterThan(0));
    expect(String(calls('/api-finance/dicdjitem/list/all')[0]?.[0])).toContain('isBk=0');
  });

  it('reads a workbook’s lines for its month (saveSystemdj) into the lines table', async () => {
    serve({
      [djMonthConvert.path]: () => [{ shopId: 3, djItemId: 10, umoney: 30_000, memo: '三月社保', smoney: 12_050, rmoney: 42_050 }],
      '/api-finance/dicdjitem/list/all': () => [{ id: 10, code: 'DJ001', name: '代扣社保' }],
      '/api-chain/shop/list/all': () => [{ id: 3, code: 'BJ001', name: '北京国贸店' }],
    });
    wrap(<BillForm def={djMonthBill} open bill={{ ...draft, lines: [] }} onClose={() => undefined} slots={djMonthFormSlots} />);
    expect(await screen.findByRole('button', { name: /从表格文件读入明细/ })).toBeTruthy();
    const input = document.body.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'lines.xlsx')] } });
    await waitFor(() => expect(calls(djMonthConvert.path).length).toBe(1));
    expect(String(calls(djMonthConvert.path)[0]?.[0])).toContain('yearmonth=2026-02');
    expect(await screen.findByDisplayValue('三月社保')).toBeTruthy();
    expect(screen.getByDisplayValue('300.00')).toBeTruthy();
  });
});
