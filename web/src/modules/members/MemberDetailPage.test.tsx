import { MEMBER_BILLS_PATH, memberPaths } from '@headoffice/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { companyDateTime } from '../../platform/clock';
import { TabContext } from '../../platform/pages';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import MemberDetailPage from './MemberDetailPage';

fakeApi();

const member = {
  id: 9,
  code: 'M0000009',
  name: '王思雨',
  nickname: null,
  mobile: '13800001234',
  gender: 2,
  birthday: null,
  registeredOn: '2026-01-02',
  shopId: 3,
  shopName: '北京国贸店',
  channelId: null,
  channelName: null,
  gradeId: null,
  gradeName: null,
  advisorId: null,
  advisorName: null,
  status: 1,
  freezeMemo: null,
  memo: null,
  principal: 0,
  gift: 0,
  packageValue: 0,
  spent: 123_450,
  visits: 3,
  perVisit: 41_150,
  points: 0,
  lastVisitAt: '2026-03-04T01:30:00.000Z',
  version: 1,
  createdAt: '2026-01-02T01:00:00.000Z',
  limited: false,
};

const row = (id: number, state: 'settled' | 'revoked') => ({
  id,
  billNo: `XF20260304-000${id}`,
  shopId: 3,
  shopName: '北京国贸店',
  businessDate: '2026-03-04',
  settledAt: '2026-03-04T01:30:00.000Z',
  state,
  amount: 23_450,
  items: [
    { kind: 'service', name: '洗剪吹', num: 2, amount: 20_000 },
    { kind: 'product', name: '洗发水', num: 1, amount: 3_450 },
  ],
  staff: ['张师傅', '李助理'],
  payments: [
    { payName: '微信', amount: 20_000 },
    { payName: '储值卡卡金', amount: 3_450 },
  ],
});

describe('the member page', () => {
  it('shows the figures kept from the bills and a 消费记录 tab: items, staff, payments, a revoked bill struck, the bill a link', async () => {
    serve({
      [memberPaths.detail]: () => member,
      [MEMBER_BILLS_PATH]: () => ({ list: [row(2, 'revoked'), row(1, 'settled')], total: 2, page: 1, pageSize: 10 }),
    });
    const open = vi.fn();
    wrap(
      <TabContext.Provider value={{ key: 't', params: { id: '9' }, setTitle: () => undefined, open, close: () => undefined }}>
        <MemberDetailPage />
      </TabContext.Provider>,
    );
    expect(await screen.findByText('¥1,234.50')).toBeTruthy();
    expect(screen.getByText('¥411.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '消费记录' }));
    const settled = (await screen.findByText('XF20260304-0001')).closest('tr') as HTMLElement;
    expect(new URL(String(calls(MEMBER_BILLS_PATH)[0]?.[0]), 'http://x').searchParams.get('memid')).toBe('9');
    expect(within(settled).getByText('洗剪吹 ×2、洗发水 ×1')).toBeTruthy();
    expect(within(settled).getByText('张师傅、李助理')).toBeTruthy();
    expect(within(settled).getByText('微信 ¥200.00、储值卡卡金 ¥34.50')).toBeTruthy();
    // On the company's clock (its zone comes with the signed-in user).
    expect(within(settled).getByText(companyDateTime('2026-03-04T01:30:00.000Z'))).toBeTruthy();
    const revoked = screen.getByText('XF20260304-0002').closest('tr') as HTMLElement;
    expect(within(revoked).getByText('已撤单')).toBeTruthy();
    expect(within(revoked).getByText('¥234.50').closest('del')).toBeTruthy();
    fireEvent.click(screen.getByText('XF20260304-0001'));
    expect(open).toHaveBeenCalledWith('/admin/cashier/servicerecords/1');
  });
});
