import type { ServiceBillDetail } from '@headoffice/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, serve, wrap } from '../../test/api';
import { BillView } from './BillView';

fakeApi();

const bill = (isHc: number): ServiceBillDetail => ({
  id: 5,
  billNo: 'XF20260101-0005',
  shopId: 3,
  shopName: '北京国贸店',
  handTag: 5,
  businessDate: '2026-01-01',
  memberId: null,
  memberName: null,
  mobile: null,
  cardId: null,
  cardNo: null,
  status: 4,
  isHc,
  listTotal: 10_000,
  discountTotal: 0,
  amount: 10_000,
  roundOff: 0,
  cashierName: null,
  createdAt: '2026-01-01T02:00:00.000Z',
  settledAt: '2026-01-01T02:30:00.000Z',
  hcAt: isHc ? '2026-01-01T03:00:00.000Z' : null,
  hcMemo: isHc ? '应为烫发' : null,
  hcReason: isHc ? 'wrongItem' : null,
  hcByName: isHc ? '张店长' : null,
  cancelReason: null,
  version: 4,
  lines: [],
  payments: [],
  perf: [],
  log: [],
  cards: [],
  gifts: [],
});

describe("the till's view of a bill", () => {
  it('says of a revoked bill who revoked it, when and why', () => {
    serve({});
    wrap(<BillView bill={bill(1)} />);
    expect(screen.getByText('撤单人')).toBeTruthy();
    expect(screen.getByText('张店长')).toBeTruthy();
    expect(screen.getByText('录错项目 · 应为烫发')).toBeTruthy();
  });

  it('says nothing of a revoke on a settled bill', () => {
    serve({});
    wrap(<BillView bill={bill(0)} />);
    expect(screen.queryByText('撤单人')).toBeNull();
  });
});
