import { RECONCILE } from '@headoffice/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../platform/money';
import { calls, fakeApi, serve, wrap } from '../../../test/api';
import ReconcilePage from './ReconcilePage';

const R = RECONCILE.paths;
fakeApi();

const line = (id: number, rowIndex: number, amount: number, payCode: string, matchId: number | null = null) => ({
  id,
  shopId: 3,
  day: '2026-03-02',
  rowIndex,
  amount,
  statementAmount: amount,
  payCode,
  memo: null,
  inputType: 1,
  splitFrom: null,
  matchId,
});
const sys = (day: string, type: number, payCode: string, amount: number, matched?: ReturnType<typeof line>) => ({
  shopId: 3,
  shopCode: 'BJ001',
  shopName: '北京国贸店',
  day,
  type,
  payCode,
  amount,
  status: matched ? 1 : 0,
  matchId: matched?.matchId ?? null,
  matchedAmount: matched ? amount : null,
  linesAmount: matched?.amount ?? null,
  matchedBy: matched ? '财务' : null,
  matchedAt: matched ? '2026-03-03T01:00:00.000Z' : null,
  lines: matched ? [matched] : [],
});

/** Ticks a table row by its key (a system row's is `day|type`, a line's its id). */
const tick = (key: string) => fireEvent.click(document.querySelector(`tr[data-row-key="${key}"] input[type=checkbox]`) as HTMLElement);

describe('the bank reconciliation page (银行对账)', () => {
  it('shows the system rows with their state and the unmatched lines, and matches a ticked row with a ticked line of its amount', async () => {
    serve({
      [R.getFd]: () => [
        sys('2026-03-01', 1, '01', 24_690),
        sys('2026-03-01', 2, '07', 2_345, line(9, 7, 2_300, '07', 5)),
        // matched, and the till's POS of that day changed since (a bill revoked): the amount at the match is shown
        { ...sys('2026-03-01', 3, '23', 1_000, line(10, 8, 1_500, '23', 6)), matchedAmount: 1_500 },
      ],
      [R.getUnbalance]: () => [line(1, 2, 24_690, '01'), line(2, 3, 9_900, '07')],
      [R.doLock]: () => ({ matched: 1 }),
      '/api-chain/shop/list/all': () => [{ id: 3, code: 'BJ001', name: '北京国贸店' }],
    });
    wrap(<ReconcilePage />);
    expect((await screen.findAllByText('已对账', { selector: '.ant-tag' })).length).toBe(2);
    expect(screen.getByText('未对账', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByText(`#7 ${formatMoney(2_300)}`)).toBeTruthy();
    expect(screen.getByText(`对账时 ${formatMoney(1_500)}`)).toBeTruthy();
    expect(await screen.findByText(formatMoney(9_900))).toBeTruthy();
    const lock = () => screen.getByText(/^对\s*账$/, { selector: 'button span' }).closest('button') as HTMLButtonElement;
    expect(lock().disabled).toBe(true);
    tick('2026-03-01|1');
    tick('1');
    // The cash row and the cash line: equal, so 对账 is offered.
    await waitFor(() => expect(screen.getByTestId('reconcile-picked').textContent).toContain('差额 ¥0.00'));
    expect(lock().disabled).toBe(false);
    fireEvent.click(lock());
    await waitFor(() => expect(calls(R.doLock)).toHaveLength(1));
    expect(JSON.parse(String(calls(R.doLock)[0]?.[1]?.body))).toEqual({ shopId: 3, day: '2026-03-01', type: 1, lineIds: [1] });
    // both sides fetched again before the test ends
    await waitFor(() => expect(calls(R.getFd).length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(calls(R.getUnbalance).length).toBeGreaterThanOrEqual(2));
  });
});
