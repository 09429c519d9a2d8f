import { PERIOD_CLOSE } from '@headoffice/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyToday } from '../../../platform/clock';
import { calls, fakeApi, serve, wrap } from '../../../test/api';
import PeriodClosePage from './PeriodClosePage';

const { paths } = PERIOD_CLOSE;

const row = (id: number, status: 0 | 1, shopId: number | null) => ({
  id,
  kind: 'month',
  period: '2026-03',
  shopId,
  shopName: shopId ? '北京国贸店' : null,
  status,
  memo: status ? '三月已对账' : '补录',
  changedByName: '系统管理员',
  updatedAt: '2026-04-01T01:30:00.000Z',
});

fakeApi();

describe('the close page (结账)', () => {
  it("lists what a close stops by the server's labels, closes last month of the user's shop, and reopens a close with a reason", async () => {
    serve({
      [paths.coverage]: () => ({
        bills: [{ docType: 'finance.fund', label: ['备用金申请', 'Petty-cash request'] }],
        writes: [{ key: 'finance.fundAdjustment', label: ['备用金台账调整', 'Petty-cash adjustment'] }],
      }),
      [paths.list]: () => ({ list: [row(1, 1, null), row(2, 0, 3)], total: 2, page: 1, pageSize: 20 }),
      [paths.close]: () => row(3, 1, 3),
      [paths.reopen]: () => row(1, 0, null),
      '/api-chain/shop/list/all': () => [{ id: 3, code: 'BJ001', name: '北京国贸店' }],
    });
    wrap(<PeriodClosePage />);
    const coverage = await screen.findByTestId('close-coverage');
    expect(await within(coverage).findByText('备用金申请')).toBeTruthy();
    expect(within(coverage).getByText('备用金台账调整')).toBeTruthy();
    // the chain's close and the shop's reopened one, with their scopes
    expect(await screen.findByText('全连锁')).toBeTruthy();
    expect(screen.getByText('已反结账')).toBeTruthy();

    // a user who is not head office's closes their shop: last month is offered first
    await waitFor(() => expect(screen.getAllByText('北京国贸店').length).toBeGreaterThan(1));
    fireEvent.click(screen.getByText(/^结\s*账$/, { selector: 'button span' }));
    const lastMonth = companyToday().subtract(1, 'month').format('YYYY-MM');
    const confirm = await screen.findByText(`结账后，北京国贸店 ${lastMonth} 的单据和收银将不能新增、修改或审核。确定结账？`);
    fireEvent.click(confirm.closest('.ant-popover')?.querySelector('.ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(calls(paths.close)).toHaveLength(1));
    expect(JSON.parse(String(calls(paths.close)[0]?.[1]?.body))).toEqual({ kind: 'month', period: lastMonth, shopId: 3 });
    expect(await screen.findByText('已结账 北京国贸店 2026-03')).toBeTruthy();

    fireEvent.click(screen.getByText(/^反\s*结\s*账$/, { selector: 'button span' }));
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    expect(within(dialog).getByText('反结账 全连锁 2026-03')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '补录三月电费' } });
    fireEvent.click(within(dialog).getByText(/^反\s*结\s*账$/, { selector: 'button span' }));
    await waitFor(() => expect(calls(paths.reopen)).toHaveLength(1));
    expect(JSON.parse(String(calls(paths.reopen)[0]?.[1]?.body))).toEqual({ id: 1, reason: '补录三月电费' });
    // the answer is said and the list fetched again before the test ends: nothing of it renders after the file
    expect(await screen.findByText('已反结账 全连锁 2026-03')).toBeTruthy();
    await waitFor(() => expect(calls(paths.list).length).toBeGreaterThanOrEqual(3));
  });
});
