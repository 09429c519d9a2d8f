import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, fakeApi, serve, wrap } from '../../../test/api';
import { CardRefundsPage } from './CardRefunds';

fakeApi();

const row = {
  id: 5,
  version: 3,
  billNo: 'TKSP20260304-0001',
  shopId: 3,
  shopName: '北京国贸店',
  billDate: '2026-03-04',
  memberId: 9,
  memberName: '王芳',
  isKd: false,
  tkattr: 3,
  tkcontent: '顾客搬家',
  tkname: '王芳',
  tkmobile: '13800138000',
  tktype: 2,
  reserveTypeId: 4,
  reserveTypeName: '退卡保证金',
  targetCardId: null,
  payee: null,
  bank: null,
  bankno: null,
  freeCard: 500,
  freePackage: 0,
  freeProduct: 0,
  autokcard: false,
  memo: null,
  cardMoney: 123_450,
  packageMoney: 0,
  productMoney: 0,
  giftMoney: 2000,
  totalMoney: 123_450,
  hstkattr: null,
  hstkcontent: null,
  hsmemo: null,
  rejectMemo: null,
  auditedBy: null,
  auditedByName: null,
  auditedAt: null,
  reviewedByName: null,
  reviewedAt: null,
  refundId: null,
  state: 'approved',
  createdBy: 1,
  createdByName: '系统管理员',
  createdAt: '2026-03-04T01:00:00Z',
  updatedAt: '2026-03-04T01:00:00Z',
  lines: [],
};

describe('card refunds (退卡审批)', () => {
  it('lists the bills with their refund in yuan and the state of the definition, and approves every zero-amount bill in one go', async () => {
    serve({
      '/api-finance/cardtkhead/findListWithProChain': () => ({
        list: [row],
        total: 1,
        page: 1,
        pageSize: 20,
        sum: { count: 1, totalMoney: 123_450 },
      }),
      '/api-finance/cardtkhead/settings': () => ({ requireApproval: true }),
      '/api-finance/cardtkhead/auditBillZeor': () => ({ done: [{ id: 6, billNo: 'TKSP20260304-0002', state: 'approved' }], failed: [] }),
    });
    const { container } = wrap(<CardRefundsPage />);
    expect(await screen.findByText('TKSP20260304-0001')).toBeTruthy();
    expect(screen.getAllByText('¥1,234.50').length).toBeGreaterThan(0);
    expect(screen.getAllByText('客服已审批').length).toBeGreaterThan(0);
    expect(screen.getByText('退卡保证金')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('.ant-switch')?.getAttribute('aria-checked')).toBe('true'));

    fireEvent.click(screen.getByText('自动审批零元退卡单'));
    await waitFor(() => expect(calls('/api-finance/cardtkhead/auditBillZeor')).toHaveLength(1));
    const [, init] = calls('/api-finance/cardtkhead/auditBillZeor')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({});
  });
});
