import { ACCOUNTING_PATHS as P, type SyncRow } from '@headoffice/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import SyncPage from './SyncPage';

fakeApi();

const row = (over: Partial<SyncRow>): SyncRow => ({
  id: 1,
  docType: 'cashier.service',
  btname: '服务单',
  billId: 11,
  billNo: 'XF20260301-0001',
  action: 'settle',
  shopId: 3,
  shopName: '北京国贸店',
  businessDate: '2026-03-01',
  yearmonth: '2026-03',
  amount: 123_450,
  isTs: 0,
  isHc: 0,
  reversesId: null,
  jobcount: 5,
  joblog: 'HTTP 503 busy',
  state: 'failed',
  nextTryAt: null,
  pushedAt: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  ...over,
});

const page = {
  list: [
    row({}),
    row({
      id: 2,
      billNo: 'XF20260301-0002',
      amount: -123_450,
      isHc: 1,
      reversesId: 1,
      state: 'pushed',
      isTs: 1,
      jobcount: 1,
      joblog: null,
      pushedAt: '2026-03-01T03:00:00.000Z',
    }),
  ],
  total: 2,
  page: 1,
  pageSize: 20,
  amount: 0,
  types: [{ value: 'cashier.service', label: '服务单' }],
};

describe('单据同步', () => {
  it('lists the queue with money in yuan, state and reversal tags, and its totals', async () => {
    serve({ [P.sync]: () => page });
    wrap(<SyncPage />);
    expect(await screen.findByText('¥1,234.50')).toBeTruthy();
    expect(screen.getByText('-¥1,234.50')).toBeTruthy();
    expect(screen.getByText('推送失败')).toBeTruthy();
    expect(screen.getByText('红冲')).toBeTruthy();
    expect(screen.getByTestId('sync-sums').textContent).toBe('共 2 条，合计 ¥0.00');
  });

  it('pushes the chosen rows again and shows a row’s log in a drawer', async () => {
    serve({
      [P.saveBatch]: () => ({ requeued: 1 }),
      [P.sync]: () => page,
      [P.log]: () => [
        { id: 7, adapter: 'http', ok: 0, message: 'HTTP 503 busy', at: '2026-03-01T02:00:10.000Z' },
        { id: 8, adapter: 'http', ok: 1, message: 'HTTP 200', at: '2026-03-01T02:00:30.000Z' },
      ],
    });
    wrap(<SyncPage />);
    const first = (await screen.findByText('XF20260301-0001')).closest('tr') as HTMLElement;
    const repush = screen.getByRole('button', { name: '重新推送' });
    expect((repush as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(first).getByRole('checkbox'));
    await waitFor(() => expect((repush as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(repush);
    await waitFor(() => expect(calls(P.saveBatch)).toHaveLength(1));
    expect(JSON.parse(String(calls(P.saveBatch)[0][1]?.body))).toEqual({ ids: [1] });
    fireEvent.click(within(first).getByRole('button', { name: '日志' }));
    expect(await screen.findByText('推送日志：XF20260301-0001')).toBeTruthy();
    expect(await screen.findByText('HTTP 503 busy', { selector: '.ant-drawer td' })).toBeTruthy();
    expect(screen.getAllByText('网络接口')).toHaveLength(2);
    expect(calls(P.log)[0][0]).toContain('id=1');
  });
});
