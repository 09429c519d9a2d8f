import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, fakeApi, fetchMock, reply, serve, wrap } from '../../test/api';
import NoticesPage from './NoticesPage';

fakeApi();

const shops = () => [
  { id: 3, code: 'MD001', name: '北京国贸店', regionId: null },
  { id: 4, code: 'MD002', name: '上海徐汇店', regionId: null },
];
const sent = () => ({
  list: [
    {
      id: 9,
      kind: 'admin',
      title: '周末盘点通知',
      content: '本周六闭店后盘点',
      fromShopId: null,
      toShopId: 4,
      publishedByName: '管理员',
      createdAt: '2026-12-01T02:00:00Z',
      read: false,
      readers: 2,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 10,
});
const letters = () => ({
  list: [
    {
      id: 11,
      kind: 'inside',
      title: '染膏缺货',
      content: '请尽快补货',
      fromShopId: 3,
      toShopId: null,
      publishedByName: '店长',
      createdAt: '2026-12-01T03:00:00Z',
      read: false,
      unread: 1,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
  unread: 1,
});
const posts = (path: string) => calls(path).filter(([, init]) => init?.method === 'POST');

describe('NoticesPage', () => {
  it('lets head office publish a notice to chosen shops, one message each, and shows what it sent with its readers', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api-user/me'))
        return reply({ user: { id: 1 }, roles: [], permissions: ['*'], loginShops: [], managerShops: [] });
      if (url.startsWith('/api-push/adminmstatus/list/published')) return reply(sent());
      if (url.startsWith('/api-push/insidemsg/list/accountchain')) return reply(letters());
      if (url.startsWith('/api-push/adminmstatus/publish')) return reply({ ...sent().list[0], id: 10, read: false });
      if (url.startsWith('/api-chain/shop')) return reply(shops());
      return reply(init?.method === 'POST' ? null : []);
    });
    wrap(<NoticesPage />);
    const row = (await screen.findByText('周末盘点通知', undefined, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('2')).toBeTruthy();
    expect(await within(row).findByText('上海徐汇店')).toBeTruthy();
    const letter = (await screen.findByText('染膏缺货')).closest('tr') as HTMLElement;
    expect(within(letter).getByText('北京国贸店')).toBeTruthy();
    expect(screen.queryByText('写给总部')).toBeNull();

    const form = screen.getByText('发布公告').closest('.ant-card') as HTMLElement;
    fireEvent.change(within(form).getByLabelText('标题'), { target: { value: '年终盘点' } });
    fireEvent.change(within(form).getByLabelText('内容'), { target: { value: '各店月底盘点' } });
    fireEvent.click(within(form).getByRole('button', { name: /发\s*布/ }));
    await waitFor(() => expect(posts('/api-push/adminmstatus/publish')).toHaveLength(1));
    expect(JSON.parse(String(posts('/api-push/adminmstatus/publish')[0]?.[1]?.body))).toEqual({
      title: '年终盘点',
      content: '各店月底盘点',
    });
    // Chosen shops: without a shop the notice stays on the form.
    await waitFor(() => expect((within(form).getByLabelText('标题') as HTMLInputElement).value).toBe(''));
    fireEvent.change(within(form).getByLabelText('标题'), { target: { value: '整改' } });
    fireEvent.change(within(form).getByLabelText('内容'), { target: { value: '请整改' } });
    fireEvent.click(within(form).getByRole('radio', { name: '指定门店' }));
    await within(form).findByText('门店', { selector: 'label' });
    fireEvent.click(within(form).getByRole('button', { name: /发\s*布/ }));
    await waitFor(() => expect(form.querySelector('.ant-form-item-has-error')?.textContent).toContain('门店'));
    expect(posts('/api-push/adminmstatus/publish')).toHaveLength(1);
  }, 90_000);

  it('lets a shop write to head office from its shop, and lists its letters', async () => {
    serve({
      '/api-push/adminmstatus/list/published': sent,
      '/api-push/insidemsg/list/accountchain': letters,
      '/api-push/insidemsg/publishchain': () => letters().list[0],
      '/api-chain/shop': () => shops().slice(0, 1),
    });
    wrap(<NoticesPage />);
    const form = (await screen.findByText('写给总部', undefined, { timeout: 30_000 })).closest('.ant-card') as HTMLElement;
    expect(screen.queryByText('发布公告')).toBeNull();
    expect(await screen.findByText('染膏缺货')).toBeTruthy();
    await within(form).findByText('北京国贸店（MD001）');
    fireEvent.change(within(form).getByLabelText('标题'), { target: { value: '染膏缺货' } });
    fireEvent.change(within(form).getByLabelText('内容'), { target: { value: '请尽快补货' } });
    fireEvent.click(within(form).getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => expect(posts('/api-push/insidemsg/publishchain')).toHaveLength(1));
    expect(JSON.parse(String(posts('/api-push/insidemsg/publishchain')[0]?.[1]?.body))).toEqual({
      shopid: 3,
      title: '染膏缺货',
      content: '请尽快补货',
    });
  }, 90_000);
});
