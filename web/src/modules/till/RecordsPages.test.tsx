import { type BillDef, cardBill, packageBill, SERVICE_DOC, serviceBill } from '@headoffice/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { LIVE_REFETCH_MS } from '../../platform/bills/parts';
import { useLiveConnection } from '../../platform/live';
import { TabContext } from '../../platform/pages';
import { setBoardToken } from '../../platform/session';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import { fakeWebSockets } from '../../test/live';
import { CardRecordPage, CardRecordsPage, PackageRecordsPage, ServiceRecordPage, ServiceRecordsPage } from './RecordsPages';
import { serviceBillOf } from './test-bills';

const path = (def: BillDef, relative: string) => `${def.basePath}/${relative}`;

/** A walk-in's settled bill of the list, in a state (revoked since, or not). */
const bill = (id: number, state: string) => ({
  ...serviceBillOf({
    id,
    billNo: `XF20260101-000${id}`,
    handTag: id,
    isHc: state === 'revoked' ? 1 : 0,
    listTotal: 12_000,
    discountTotal: 2_000,
    version: 3,
  }),
  state,
});

/** Two settled bills of a list, one revoked since, and the sums of every matching bill. */
const page = () => ({
  list: [bill(1, 'settled'), bill(2, 'revoked')],
  total: 2,
  page: 1,
  pageSize: 20,
  sum: {
    count: 1,
    listTotal: 12_000,
    discountTotal: 2_000,
    amount: 123_450,
    apart: { revoked: { count: 1, listTotal: 12_000, discountTotal: 2_000, amount: 10_000 } },
  },
});

/** A revoke's preview: card money back to its bucket, the WeChat part to refund by hand. */
const said = () => ({
  undone: [{ what: ['储值卡本金退回', 'Card principal paid back'], detail: 'VIP0001 · 北京国贸店', amount: 5_000 }],
  byHand: [{ what: ['需手工退还顾客', 'To be refunded to the customer by hand'], detail: '微信', amount: 7_345 }],
});

fakeApi();

const kinds: { def: BillDef; Page: ComponentType }[] = [
  { def: serviceBill, Page: ServiceRecordsPage },
  { def: packageBill, Page: PackageRecordsPage },
  { def: cardBill, Page: CardRecordsPage },
];

describe.each(kinds)("head office's $def.label.0, from its point-of-sale definition", ({ def, Page }) => {
  const list = path(def, def.paths.list[0] ?? '');
  const revoke = path(def, def.actions?.revoke?.path ?? '');
  const preview = path(def, def.actions?.revoke?.preview ?? '');

  it('start at this month, show the sums of every matching bill, offer no new bill, and revoke a settled one with a reason', async () => {
    serve({ [list]: page, [revoke]: () => ({}), [preview]: said });
    wrap(<Page />);
    expect(await screen.findByText('XF20260101-0001')).toBeTruthy();
    const asked = new URL(String(calls(list)[0]?.[0]), 'http://x').searchParams;
    expect(asked.get('dateFrom')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(asked.get('dateTo')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The revoked bill counts in no total: a tag beside the totals says what it was.
    expect(screen.getByTestId('records-sum').textContent).toBe('合计 1 单，原价合计 ¥120.00，优惠 ¥20.00，实收 ¥1,234.50');
    expect(screen.getByTestId('records-sum-apart').textContent).toBe(
      '已撤单 1 单（不计入合计），原价合计 ¥120.00，优惠 ¥20.00，实收 ¥100.00',
    );
    expect(screen.queryByText(/新建/)).toBeNull();
    expect(screen.getAllByText('散客')).toHaveLength(2);

    // 撤单 is offered on the settled bill only.
    const revokes = document.querySelectorAll('button[data-action="revoke"]');
    expect(revokes).toHaveLength(1);
    fireEvent.click(revokes[0] as HTMLElement);
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    // Before it is confirmed: what it will undo, and what to refund by hand.
    const told = await within(dialog).findByTestId('action-preview');
    expect(new URL(String(calls(preview)[0]?.[0]), 'http://x').searchParams.get('id')).toBe('1');
    expect(within(told).getByText('储值卡本金退回: VIP0001 · 北京国贸店 ¥50.00')).toBeTruthy();
    expect(within(told).getByText('需手工退还顾客: 微信 ¥73.45')).toBeTruthy();
    // Neither a reason nor a note: asked for one.
    fireEvent.click(within(dialog).getByText(/撤\s*单/, { selector: 'button span' }));
    expect(await within(dialog).findByText('请选择原因或填写说明（选“其他”时须写明）')).toBeTruthy();
    // 其他 needs the note.
    fireEvent.click(within(dialog).getByText('其他'));
    fireEvent.click(within(dialog).getByText(/撤\s*单/, { selector: 'button span' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls(revoke)).toHaveLength(0);
    // A preset reason with a note.
    fireEvent.click(within(dialog).getByText('顾客退单'));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '顾客投诉' } });
    fireEvent.click(within(dialog).getByText(/撤\s*单/, { selector: 'button span' }));
    await waitFor(() => expect(calls(revoke)).toHaveLength(1));
    const [, init] = calls(revoke)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ id: 1, version: 3, hcMemo: '顾客投诉', hcReason: 'customerCancelled' });
  });
});

describe('a revoked bill', () => {
  it('says who revoked it, when, the preset reason and the note', async () => {
    const detail = {
      ...bill(8, 'revoked'),
      hcAt: '2026-01-01T03:00:00.000Z',
      hcReason: 'wrongItem',
      hcMemo: '应为烫发',
      hcByName: '系统管理员',
      lines: [],
      payments: [],
      perf: [],
      cards: [],
      gifts: [],
      log: [],
      actions: [],
      afterFields: [],
      editable: false,
    };
    serve({ [path(serviceBill, 'detail/8')]: () => detail });
    wrap(
      <TabContext.Provider
        value={{ key: 't', params: { id: '8' }, setTitle: () => undefined, open: () => undefined, close: () => undefined }}
      >
        <ServiceRecordPage />
      </TabContext.Provider>,
    );
    expect(await screen.findByText('撤单人')).toBeTruthy();
    expect(screen.getByText('系统管理员')).toBeTruthy();
    expect(screen.getByText('录错项目')).toBeTruthy();
    expect(screen.getByText('应为烫发')).toBeTruthy();
    expect(screen.getByText('撤单时间')).toBeTruthy();
  });
});

describe('the package bills', () => {
  it('show below the list the lines paid with gift counts', async () => {
    const gift = { billId: 1, billNo: 'XF20260101-0009', shopName: '北京国贸店', businessDate: '2026-01-01', memberName: '王芳' };
    serve({
      [path(packageBill, 'admin/list')]: page,
      '/api-cashier/packagerecords/zs': () => ({
        list: [{ ...gift, lineId: 5, name: '头皮护理', num: 2, packageLineId: 8, isHc: 0 }],
        total: 1,
        page: 1,
        pageSize: 10,
      }),
    });
    wrap(<PackageRecordsPage />);
    expect(await screen.findByText('头皮护理')).toBeTruthy();
    expect(screen.getByText('赠送次数消费')).toBeTruthy();
  });
});

describe('a card bill', () => {
  it('is read and revoked by the card bills’ own calls, and shows the cards it opened', async () => {
    const card = {
      lineId: 1,
      cardId: 4,
      cardNo: 'VIP0004',
      physicalNo: null,
      memberId: 6,
      memberName: '王芳',
      isOpen: 1,
      amount: 30_000,
      gift: 0,
      activityGift: 0,
      cardBillId: 11,
      giftBackAt: null,
      giftBackMemo: null,
    };
    const detail = {
      ...bill(7, 'settled'),
      memberId: 6,
      memberName: '王芳',
      lines: [],
      payments: [],
      perf: [],
      cards: [card],
      gifts: [],
      log: [],
      actions: ['revoke'],
      afterFields: [],
      editable: false,
    };
    serve({
      '/api-cashier/cardrecords/detail/7': () => detail,
      '/api-cashier/cardrecords/chain/recall': () => detail,
      '/api-cashier/cardrecords/revokePreview': said,
    });
    wrap(
      <TabContext.Provider
        value={{ key: 't', params: { id: '7' }, setTitle: () => undefined, open: () => undefined, close: () => undefined }}
      >
        <CardRecordPage />
      </TabContext.Provider>,
    );
    expect(await screen.findByText('新开的卡')).toBeTruthy();
    expect(screen.getByText('VIP0004')).toBeTruthy();
    expect(calls('/api-cashier/servicerecords')).toHaveLength(0);
    fireEvent.click(screen.getByText(/撤\s*单/, { selector: 'button span' }));
    const dialog = (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    expect(await within(dialog).findByText('需手工退还顾客: 微信 ¥73.45')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '开错卡' } });
    fireEvent.click(within(dialog).getByText(/撤\s*单/, { selector: 'button span' }));
    await waitFor(() => expect(calls('/api-cashier/cardrecords/chain/recall')).toHaveLength(1));
    const [, init] = calls('/api-cashier/cardrecords/chain/recall')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ id: 7, version: 3, hcMemo: '开错卡' });
  });
});

/** The signed-in shell's part: the tab's live connection. */
function Live() {
  useLiveConnection();
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an open records list', () => {
  it("follows its bills as they change: refetched on a till bill's event and after a reconnection, once a moment, not on another type's", async () => {
    const list = path(cardBill, 'chain/admin/cardRecordsList');
    const sockets = fakeWebSockets();
    setBoardToken('tok-1');
    serve({ [list]: page });
    wrap(
      <>
        <Live />
        <CardRecordsPage />
      </>,
    );
    expect(await screen.findByText('XF20260101-0001')).toBeTruthy();
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket');
    const asked = calls(list).length;
    socket.open();
    socket.say({ type: 'ready' });
    const refetched = { timeout: LIVE_REFETCH_MS * 3 };
    await waitFor(() => expect(calls(list)).toHaveLength(asked + 1), refetched);

    const changed = (id: number, docType: string) =>
      socket.say({ type: 'event', id, topic: 'bill.changed', payload: { docType, id: 1, version: 4, action: 'revoke', by: 2 }, at: 'now' });
    changed(1, 'stock.entry');
    await sleep(LIVE_REFETCH_MS * 1.5);
    expect(calls(list)).toHaveLength(asked + 1);

    changed(2, SERVICE_DOC);
    changed(3, SERVICE_DOC);
    await waitFor(() => expect(calls(list)).toHaveLength(asked + 2), refetched);
    await sleep(LIVE_REFETCH_MS * 1.5);
    expect(calls(list)).toHaveLength(asked + 2);
  });
});
