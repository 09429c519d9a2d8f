import { djBill, djConvertPath } from '@headoffice/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BillForm } from '../../../platform/bills/BillForm';
import { calls, fakeApi, serve, wrap } from '../../../test/api';
import { djFormSlots } from './DjBills';

fakeApi();

const draft = {
  id: 5,
  version: 1,
  billNo: 'DJ20260311-0001',
  rq: '2026-03-11',
  state: 'draft',
  totalMoney: 0,
  memo: null,
  createdBy: 1,
  createdByName: '系统管理员',
  auditedByName: null,
  auditedAt: null,
  createdAt: '2026-03-11T01:00:00Z',
  updatedAt: '2026-03-11T01:00:00Z',
  lines: [],
  editable: true,
  actions: [],
  log: [],
};

describe('the dj bill form (代缴单)', () => {
  it('reads the lines of a workbook for its day (saveSystemdj) into the lines table', async () => {
    serve({
      [djConvertPath]: () => [
        { shopId: 3, djItemId: 9, umoney: 150_000, memo: '补录', smoney: 128_000, rmoney: 150_000 },
        { shopId: 3, djItemId: 10, umoney: 12_050, memo: null, smoney: 0, rmoney: 12_050 },
      ],
      '/api-finance/dicdjitem/list/all': () => [
        { id: 9, code: '55', name: '微慕拨款' },
        { id: 10, code: 'DJ001', name: '代扣社保' },
      ],
      '/api-chain/shop/list/all': () => [{ id: 3, code: 'BJ001', name: '北京国贸店' }],
    });
    wrap(<BillForm def={djBill} open bill={draft} onClose={() => undefined} slots={djFormSlots} />);
    expect(await screen.findByRole('button', { name: /从表格文件读入明细/ })).toBeTruthy();
    const input = document.body.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'lines.xlsx')] } });
    await waitFor(() => expect(calls(djConvertPath).length).toBe(1));
    expect(String(calls(djConvertPath)[0]?.[0])).toContain('rq=2026-03-11');
    expect(await screen.findByDisplayValue('补录')).toBeTruthy();
    expect(screen.getByDisplayValue('1500.00')).toBeTruthy();
    expect(screen.getByDisplayValue('120.50')).toBeTruthy();
  });
});
