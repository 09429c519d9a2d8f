import {
  MEMBER_SPENDING_PATH,
  MEMBER_SUMMARY_PATH,
  MEMBER_TYPES_PATH,
  type MemberSpendingRow,
  type MemberSummaryRow,
  type MemberTypesAnswer,
} from '@headoffice/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../platform/money';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import MemberSpendingPage from './MemberSpendingPage';
import MemberSummaryPage from './MemberSummaryPage';
import MemberTypesPage from './MemberTypesPage';

fakeApi();

const counts = (newMembers: number, potential: number, storedValue: number, qualification: number, pkg: number, total: number) => ({
  newMembers,
  potential,
  storedValue,
  qualification,
  package: pkg,
  total,
});

/** Two shops; the chain's counts are their sums, as the server answers them. */
function typesAnswer(): MemberTypesAnswer {
  const shops = [
    { shopId: 3, shopName: '北京国贸店', ...counts(2, 5, 7, 1, 3, 14) },
    { shopId: 4, shopName: '上海静安店', ...counts(1, 4, 2, 0, 1, 7) },
  ];
  const total = counts(3, 9, 9, 1, 4, 21);
  return {
    dateFrom: '2026-03-01',
    dateTo: '2026-03-15',
    total,
    shops,
    growth: Array.from({ length: 12 }, (_, i) => ({ month: `2025-${String(i + 1).padStart(2, '0')}`, newMembers: i, total: 10 + i })),
  };
}

const member = { code: 'M0001', name: '王小丽', nickname: null, mobile: '13800001234', gender: 2, shopId: 3, shopName: '北京国贸店' };

const summaryRow: MemberSummaryRow = {
  memberId: 1,
  ...member,
  registeredOn: '2025-01-02',
  principal: 123_450,
  gift: 10_000,
  balance: 133_450,
  packageValue: 0,
  spent: 256_000,
  visits: 3,
  perVisit: 85_333,
  lastVisitAt: null,
};
const spendingRow: MemberSpendingRow = {
  memberId: 1,
  ...member,
  cmMoney: 25_600,
  cmNum: 2,
  cmUnivalent: 12_800,
  servTotal: 99_900,
  servNum: 5,
  univalent: 19_980,
};

describe('member reports', () => {
  it('会员统计 shows the chain’s counts by type and each shop’s row with the chain’s total', async () => {
    const d = typesAnswer();
    serve({ [MEMBER_TYPES_PATH]: () => d });
    wrap(<MemberTypesPage />);
    const stored = await screen.findByTestId('member-type-storedValue');
    await waitFor(() => expect(stored.textContent).toContain('储值卡会员数'));
    await waitFor(() => expect(stored.textContent).toContain('9'));
    expect(screen.getByTestId('member-type-total').textContent).toContain('21');
    expect(screen.getByTestId('member-type-potential').textContent).toContain('潜在会员数');
    const rows = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')];
    expect(rows).toHaveLength(2);
    expect([...rows[0].querySelectorAll('td')].map((c) => c.textContent)).toEqual(['北京国贸店', '2', '5', '7', '1', '3', '14']);
    const summary = document.querySelector('.ant-table-summary');
    expect(summary?.textContent).toContain('合计');
    expect(summary?.textContent).toContain('21');
    // asked for this month to today, for every shop
    const [url] = calls(MEMBER_TYPES_PATH)[0];
    expect(String(url)).toContain('dateFrom=');
    expect(String(url)).not.toContain('shopid');
  });

  it('会员数据汇总 lists the members’ balances and spending in yuan', async () => {
    const row = summaryRow;
    serve({ [MEMBER_SUMMARY_PATH]: () => ({ list: [row], total: 1, page: 1, pageSize: 20 }) });
    wrap(<MemberSummaryPage />);
    await screen.findByText('王小丽');
    expect(screen.getByText(formatMoney(123_450))).toBeTruthy();
    expect(screen.getByText(formatMoney(256_000))).toBeTruthy();
    expect(screen.getByText(formatMoney(85_333))).toBeTruthy();
    expect(screen.getByText('女')).toBeTruthy();
    expect(screen.getByTestId('member-summary-total').textContent).toBe('共 1 位会员');
  });

  it('会员消费分析 asks for the company’s month and shows the month and the year apart', async () => {
    const row = spendingRow;
    serve({ [MEMBER_SPENDING_PATH]: () => ({ list: [row], total: 1, page: 1, pageSize: 20 }) });
    wrap(<MemberSpendingPage />);
    await screen.findByText('王小丽');
    expect(screen.getByText('按月')).toBeTruthy();
    expect(screen.getByText('按年（年初至该月）')).toBeTruthy();
    for (const cents of [25_600, 12_800, 99_900, 19_980]) expect(screen.getByText(formatMoney(cents))).toBeTruthy();
    const [url] = calls(MEMBER_SPENDING_PATH)[0];
    expect(String(url)).toMatch(/yearMonth=\d{4}-\d{2}/);
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
  });

  it('each page says how far behind the replica is when its figures were read there, and nothing on the primary', async () => {
    const lagging = { replica: true, lagSeconds: 12 };
    const page = (row: unknown) => ({ list: [row], total: 1, page: 1, pageSize: 20, source: lagging });
    serve({
      [MEMBER_TYPES_PATH]: () => ({ ...typesAnswer(), source: lagging }),
      [MEMBER_SUMMARY_PATH]: () => page(summaryRow),
      [MEMBER_SPENDING_PATH]: () => page(spendingRow),
    });
    const types = wrap(<MemberTypesPage />);
    expect((await screen.findByTestId('statistics-replica')).textContent).toBe('数据来自只读副本，约 12 秒前');
    types.unmount();
    const summary = wrap(<MemberSummaryPage />);
    expect((await screen.findByTestId('list-replica')).textContent).toBe('数据来自只读副本，约 12 秒前');
    expect(screen.getByTestId('member-summary-total').textContent).toBe('共 1 位会员');
    summary.unmount();
    const spending = wrap(<MemberSpendingPage />);
    expect((await screen.findByTestId('list-replica')).textContent).toBe('数据来自只读副本，约 12 秒前');
    spending.unmount();
    // the lag not known: the replica is still named
    serve({ [MEMBER_TYPES_PATH]: () => ({ ...typesAnswer(), source: { replica: true, lagSeconds: null } }) });
    const unknown = wrap(<MemberTypesPage />);
    expect((await screen.findByTestId('statistics-replica')).textContent).toBe('数据来自只读副本');
    unknown.unmount();
  });

  it('says nothing of a replica when the figures were read on the primary', async () => {
    serve({
      [MEMBER_TYPES_PATH]: () => ({ ...typesAnswer(), source: { replica: false, lagSeconds: null } }),
      [MEMBER_SUMMARY_PATH]: () => ({ list: [summaryRow], total: 1, page: 1, pageSize: 20, source: { replica: false, lagSeconds: null } }),
    });
    wrap(<MemberTypesPage />);
    await waitFor(() => expect(screen.getByTestId('member-type-total').textContent).toContain('21'));
    expect(screen.queryByTestId('statistics-replica')).toBeNull();
    wrap(<MemberSummaryPage />);
    await screen.findByText('王小丽');
    expect(screen.queryByTestId('list-replica')).toBeNull();
  });
});
