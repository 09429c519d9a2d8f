import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceRecordsPage } from './ServiceRecordsPage';

const LIST = '/api-cashier/servicerecords/chain/list';
const REVOKE = '/api-cashier/servicerecords/chain/revoke';

function reply(data: unknown) {
  return new Response(JSON.stringify({ resp_code: '200', resp_msg: 'ok', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();
const calls = (prefix: string) => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(prefix));

const bill = (id: number, state: string) => ({
  id,
  billNo: `XF20260101-000${id}`,
  shopId: 3,
  shopName: '北京国贸店',
  handTag: id,
  businessDate: '2026-01-01',
  memberId: null,
  memberName: null,
  mobile: null,
  cardId: null,
  cardNo: null,
  status: 4,
  isHc: state === 'revoked' ? 1 : 0,
  listTotal: 12_000,
  discountTotal: 2_000,
  amount: 10_000,
  createdAt: '2026-01-01T02:00:00.000Z',
  settledAt: '2026-01-01T02:30:00.000Z',
  hcAt: null,
  hcMemo: null,
  cancelReason: null,
  version: 3,
  state,
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api-user/me'))
      return reply({ user: { id: 1 }, roles: [], permissions: ['*'], loginShops: [{ id: 3, name: '北京国贸店' }], managerShops: [] });
    if (url.startsWith(LIST))
      return reply({
        list: [bill(1, 'settled'), bill(2, 'revoked')],
        total: 2,
        page: 1,
        pageSize: 20,
        sum: { count: 2, listTotal: 24_000, discountTotal: 4_000, amount: 123_450 },
      });
    if (url.startsWith(REVOKE)) return reply({});
    return reply([]);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("head office's service bills, from their point-of-sale definition", () => {
  it('start at this month, show the sums of every matching bill, offer no new bill, and revoke a settled one with a reason', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <ServiceRecordsPage />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByText('XF20260101-0001')).toBeTruthy();
    const asked = new URL(String(calls(LIST)[0]?.[0]), 'http://x').searchParams;
    expect(asked.get('dateFrom')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(asked.get('dateTo')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByTestId('records-sum').textContent).toBe('合计 2 单，原价合计 ¥240.00，优惠 ¥40.00，实收 ¥1,234.50');
    expect(screen.queryByText(/新建/)).toBeNull();
    expect(screen.getAllByText('散客')).toHaveLength(2);

    // 撤单 is offered on the settled bill only.
    const revokes = document.querySelectorAll('button[data-action="revoke"]');
    expect(revokes).toHaveLength(1);
    fireEvent.click(revokes[0] as HTMLElement);
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '顾客投诉' } });
    fireEvent.click(within(dialog).getByText(/撤\s*单/, { selector: 'button span' }));
    await waitFor(() => expect(calls(REVOKE)).toHaveLength(1));
    const [, init] = calls(REVOKE)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ id: 1, version: 3, hcMemo: '顾客投诉' });
  });
});
