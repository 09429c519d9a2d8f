import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import { AutoTexts } from './AutoTexts';

fakeApi();

const config = () => ({ signature: '【美发连锁】', provider: 'sandbox', partLimits: [54, 118, 185], packages: [] });

describe('the automatic texts', () => {
  it('lists return-visit texts with their service types by name, and saves an edit with its version and the switch as a status', async () => {
    serve({
      '/api-push/smsconfig': config,
      '/api-chain/servicetype/list/all': () => [
        { id: 7, code: 'FL001', name: '剪发' },
        { id: 8, code: 'FL002', name: '烫发' },
      ],
      '/api-push/servicesmsreturn': (init) =>
        init?.method === 'POST'
          ? { id: 4, version: 3, scontent: '烫后护理提醒', serviceTypeIds: [8], afterDay: 5, status: 0, updatedAt: '2026-11-30T02:00:00Z' }
          : [
              {
                id: 4,
                version: 2,
                scontent: '烫后护理提醒',
                serviceTypeIds: [8],
                afterDay: 3,
                status: 1,
                updatedAt: '2026-11-30T02:00:00Z',
              },
            ],
    });
    wrap(<AutoTexts />);
    const row = (await screen.findByText('烫后护理提醒', undefined, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(await within(row).findByText('烫发')).toBeTruthy();
    expect(within(row).getByText('3 天后')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = (await screen.findByText('服务后天数', { selector: 'label' })).closest('.ant-modal') as HTMLElement;
    const days = within(dialog).getByRole('spinbutton');
    fireEvent.change(days, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls('/api-push/servicesmsreturn').filter(([, init]) => init?.method === 'POST')).toHaveLength(1));
    const [, init] = calls('/api-push/servicesmsreturn').find(([, i]) => i?.method === 'POST') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      id: 4,
      version: 2,
      scontent: '烫后护理提醒',
      serviceTypeIds: [8],
      afterDay: 5,
      status: 0,
    });
  }, 90_000);

  it("keeps a birthday text longer than one message on the form, and saves the shop's text once it fits", async () => {
    serve({
      '/api-push/smsconfig': config,
      '/api-push/birthdaysms/list/findAllByShop': () => [
        { shopId: 3, shopName: '北京国贸店', autosend: 1, autoMessage: '生日快乐', updatedAt: '2026-11-30T02:00:00Z' },
      ],
      '/api-push/birthdaysms': () => ({
        shopId: 3,
        shopName: '北京国贸店',
        autosend: 0,
        autoMessage: '祝您生日快乐',
        updatedAt: '2026-12-01T02:00:00Z',
      }),
    });
    wrap(<AutoTexts />);
    const row = (await screen.findByText('生日快乐', undefined, { timeout: 30_000 })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = (await screen.findByText('自动发送', { selector: 'label' })).closest('.ant-modal') as HTMLElement;
    const text = within(dialog).getByRole('textbox');
    const posts = () =>
      calls('/api-push/birthdaysms').filter(([url, i]) => String(url) === '/api-push/birthdaysms' && i?.method === 'POST');
    fireEvent.change(text, { target: { value: '生'.repeat(50) } });
    expect(await within(dialog).findByText(/56 字：生日短信连签名只能是一条/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('短信太长')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.change(text, { target: { value: '祝您生日快乐' } });
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({ shopid: 3, autosend: 0, autoMessage: '祝您生日快乐' });
  }, 90_000);
});
