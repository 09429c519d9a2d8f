import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import BookingsPanel from './BookingsPanel';

fakeApi();

const block = { start: '10:00', end: '10:30', sersnames: '剪发', revision: 2 };
const detail = (state: string, tillBillId: number | null) => ({
  id: 41,
  billNo: 'YY0041',
  shopId: 3,
  shopName: '北京国贸店',
  custname: '王小姐',
  custmobile: '13800000041',
  custsex: 2,
  memid: null,
  eeid: 7,
  eeName: '托尼',
  yydate: '2026-12-03 10:00',
  yyday: '2026-12-03',
  hjtimes: 30,
  perNum: 1,
  ycid: null,
  ycName: null,
  sersnames: '剪发',
  services: [{ serviceId: 5, name: '剪发', minutes: 30 }],
  memo: null,
  ctype: 3,
  payje: 0,
  state,
  tillBillId,
  version: state === '4' ? 3 : 2,
  revision: state === '4' ? 3 : 2,
  createdAt: '2026-12-02T02:00:00Z',
  log: [],
  actions: [],
  editable: false,
});

describe("the till's bookings", () => {
  it("marks a booked customer arrived at the revision the server holds and opens the bill it made; an arrived one's block opens its bill", async () => {
    serve({
      '/api-yy/billhead/availability': () => ({
        date: '2026-12-03',
        stime: '09:00',
        etime: '21:00',
        stylists: [
          {
            eeid: 7,
            name: '托尼',
            work: { start: '09:00', end: '21:00' },
            leave: [],
            free: [{ start: '09:00', end: '10:00' }],
            bookings: [
              { ...block, id: 41, state: '3', custname: '王小姐', tillBillId: null, tillBillNo: null },
              { ...block, id: 42, start: '11:00', end: '11:30', state: '4', custname: '李先生', tillBillId: 77, tillBillNo: 'XF0077' },
            ],
          },
        ],
        unassigned: [],
      }),
      '/api-yy/billhead/id/41': () => detail('3', null),
      '/api-yy/billhead/yysure': () => detail('4', 78),
    });
    const onOpenBill = vi.fn();
    wrap(
      <App>
        <BookingsPanel shopId={3} onOpenBill={onOpenBill} />
      </App>,
    );
    fireEvent.click(await screen.findByText(/10:00–10:30 王小姐/, undefined, { timeout: 30_000 }));
    const confirm = (await screen.findByText('王小姐 10:00 到店？', { selector: '.ant-modal-confirm-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '到店开单' }));
    await waitFor(() => expect(onOpenBill).toHaveBeenCalledWith(78));
    expect(JSON.parse(String(calls('/api-yy/billhead/yysure')[0]?.[1]?.body))).toEqual({ id: 41, revision: 2 });
    fireEvent.click(screen.getByText(/11:00–11:30 李先生/));
    expect(onOpenBill).toHaveBeenLastCalledWith(77);
    expect(calls('/api-yy/billhead/yysure')).toHaveLength(1);
  }, 90_000);
});
