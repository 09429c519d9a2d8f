import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import { WxReturns } from './WxReturns';

fakeApi();

const rule = {
  id: 6,
  version: 2,
  servtid: 8,
  servids: [31],
  brandid: null,
  postion: 2,
  serStatus: 1,
  cusStatus: 2,
  updatedAt: '2026-12-01T02:00:00Z',
};
const posts = (path: string) => calls(path).filter(([url, init]) => String(url) === path && init?.method === 'POST');

describe('the WeChat return visits', () => {
  it('lists a setting by names, shows its reminders, adds one with a template of its kind, and saves the switches as 1/2', async () => {
    serve({
      '/api-chain/servicetype/list/all': () => [{ id: 8, code: 'FL002', name: '烫发' }],
      '/api-chain/brand/list/all': () => [{ id: 2, code: 'PP1', name: '丝域' }],
      '/api-chain/serviceinfo/findServiceList': () => [{ id: 31, code: 'S31', name: '热烫' }],
      '/api-push/smstemplate/getTemplateListForChain': () => [
        { id: 4, version: 1, name: '回访提醒（员工）', stype: 1, content: 'x', tempid: 'W1', parts: 1, updatedAt: '2026-12-01T02:00:00Z' },
        { id: 5, version: 1, name: '护理回访（顾客）', stype: 2, content: 'y', tempid: 'W2', parts: 1, updatedAt: '2026-12-01T02:00:00Z' },
      ],
      '/api-push/servicewxtask/findByIdAndType': (init) =>
        JSON.parse(String(init?.body)).type === 1
          ? [{ id: 9, wrid: 6, type: 1, afterDay: 2, pstid: 4, pstname: '回访提醒（员工）', createdAt: '2026-12-01T02:00:00Z' }]
          : [],
      '/api-push/servicewxtask': () => ({ id: 10, wrid: 6, type: 2, afterDay: 3, pstid: 5, pstname: '护理回访（顾客）', createdAt: '' }),
      '/api-push/servicewxreturn': (init) => (init?.method === 'POST' ? { ...rule, version: 3, cusStatus: 1 } : [rule]),
    });
    wrap(<WxReturns />);
    const row = (await screen.findByText('第 2 岗位', undefined, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(await within(row).findByText('热烫')).toBeTruthy();
    expect(within(row).getByText('烫发')).toBeTruthy();
    expect(within(row).getByText('全部品牌')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: /展开|Expand/ }));
    expect(await screen.findByText(/2 天后 · 回访提醒（员工）/)).toBeTruthy();
    const customers = document.querySelector('.ho-wx-reminders-2') as HTMLElement;
    fireEvent.change(within(customers).getByRole('spinbutton'), { target: { value: '3' } });
    fireEvent.mouseDown(within(customers).getByRole('combobox'));
    // Only the customer templates are offered for a customer message.
    expect(screen.queryAllByText('回访提醒（员工）', { selector: '.ant-select-item-option-content' })).toHaveLength(0);
    fireEvent.click(await screen.findByText('护理回访（顾客）', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(customers).getByRole('button', { name: /添\s*加/ }));
    await waitFor(() => expect(posts('/api-push/servicewxtask')).toHaveLength(1));
    expect(JSON.parse(String(posts('/api-push/servicewxtask')[0]?.[1]?.body))).toEqual({ wrid: 6, type: 2, afterDay: 3, pstid: 5 });

    fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = (await screen.findByText('顾客消息', { selector: 'label' })).closest('.ant-modal') as HTMLElement;
    const [, customerSwitch] = within(dialog).getAllByRole('switch');
    fireEvent.click(customerSwitch);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(posts('/api-push/servicewxreturn')).toHaveLength(1));
    expect(JSON.parse(String(posts('/api-push/servicewxreturn')[0]?.[1]?.body))).toEqual({
      id: 6,
      version: 2,
      servtid: 8,
      servids: [31],
      brandid: null,
      postion: 2,
      serStatus: 1,
      cusStatus: 1,
    });
  }, 90_000);
});
