import type { RentContractRow } from '@headoffice/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, serve, wrap } from '../../../test/api';
import { StoreContractsPage } from './ContractsPage';

fakeApi();

const contract = (code: string, over: Partial<RentContractRow>): RentContractRow => ({
  id: Number(code.slice(-3)),
  kind: 'store',
  code,
  shopId: 3,
  shopName: '北京国贸店',
  landlordId: 1,
  landlordName: '王建国',
  payee: '王建国',
  bank: '招商银行',
  bankno: '6225880000001111',
  tel: null,
  address: null,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  cycle: 'month',
  totalMoney: 1_200_000,
  deposit: 0,
  firstPeriodFree: 0,
  increaseRate: 0,
  rentType: 1,
  status: 1,
  paidTo: null,
  approval: null,
  rejectMemo: null,
  createdByName: null,
  auditedByName: null,
  auditedAt: null,
  paidMoney: 0,
  nextDueDate: '2026-01-01',
  nextAmount: 100_000,
  overdueDays: 0,
  memo: null,
  version: 1,
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
});

const landlords = [
  { id: 1, code: 'FD001', name: '王建国', status: 1, payee: '王建国', bank: '招商银行', bankno: '6225880000001111', tel: '13900000001' },
  {
    id: 2,
    code: 'FD002',
    name: '李秀兰',
    status: 1,
    payee: '李秀兰（代收）',
    bank: '工商银行',
    bankno: '6222020000002222',
    tel: '13900000002',
  },
];

describe('store rent contracts', () => {
  it('shows 逾期 with its days in the main list, for the overdue contract only', async () => {
    serve({
      '/api-finance/storerentcont/list': () => ({
        list: [contract('ZJ2026001', { overdueDays: 45 }), contract('ZJ2026002', { nextDueDate: '2027-01-01' })],
        total: 2,
        page: 1,
        pageSize: 20,
      }),
    });
    wrap(<StoreContractsPage />);
    const tag = await screen.findByTestId('rent-overdue');
    expect(tag.textContent).toBe('逾期 45 天');
    expect(screen.getAllByTestId('rent-overdue')).toHaveLength(1);
    const row = tag.closest('tr') as HTMLElement;
    expect(within(row).getByText('ZJ2026001')).toBeTruthy();
  });

  it('a new contract is proposed its number; picking a landlord fills the payee, bank and account', async () => {
    serve({
      '/api-finance/storerentcont/list': () => ({ list: [], total: 0, page: 1, pageSize: 20 }),
      '/api-finance/storerentcont/getCode': () => 'ZJ2026004',
      '/api-finance/landlordinfo/list/all': () => landlords,
      '/api-chain/shop/list/all': () => [{ id: 3, code: 'BJ001', name: '北京国贸店' }],
    });
    wrap(<StoreContractsPage />);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /新\s*建|新\s*增/ }));
    });
    const code = (await screen.findByPlaceholderText('请输入合同编号')) as HTMLInputElement;
    await waitFor(() => expect(code.value).toBe('ZJ2026004'));
    const picker = within(await screen.findByTestId('rent-landlord')).getByRole('combobox');
    await act(async () => {
      fireEvent.mouseDown(picker);
    });
    await act(async () => {
      fireEvent.click(await screen.findByTitle('李秀兰'));
    });
    const input = (label: string) => screen.getByPlaceholderText(`请输入${label}`) as HTMLInputElement;
    await waitFor(() => expect(input('收款人').value).toBe('李秀兰（代收）'));
    expect(input('开户行').value).toBe('工商银行');
    expect(input('银行账号').value).toBe('6222020000002222');
  });
});
