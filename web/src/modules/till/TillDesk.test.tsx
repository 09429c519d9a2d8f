import { type ServiceBillDetail, TILL_PATHS as T, type TillSetup } from '@headoffice/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import { BillEditor } from './BillEditor';
import { OpenBill } from './OpenBill';
import { billLine, herBill, serviceBillOf } from './test-bills';

fakeApi();

const setup: TillSetup = {
  shopId: 3,
  shopName: '北京国贸店',
  shopAddress: '北京市朝阳区建国门外大街1号',
  shopPhone: '010-65050000',
  cardPriceRule: 'cardPays',
  rounding: 'none',
  isAutoPrint: false,
  isNeedSign: true,
  handTags: { isAutoNo: true, noMin: 1, noMax: 100, held: [] },
  payTypes: [
    { payTypeId: 1, code: '01', name: '人民币', kind: null, isOften: true },
    { payTypeId: 23, code: '23', name: '微信', kind: null, isOften: true },
    { payTypeId: 2, code: '02', name: '储值卡卡金', kind: 'cardPrincipal', isOften: false },
  ],
  services: [
    { id: 7, code: 'S01', name: '精剪造型', price: 11_800 },
    { id: 8, code: 'S02', name: '头皮护理', price: 20_000 },
  ],
  products: [],
  employees: [{ id: 1, code: 'E01', name: '王设计' }],
  packages: [],
  cardTypes: [],
  voucherChannels: [],
};
const card = { cardId: 4, cardNo: 'K0000008', cardTypeName: '金卡', principal: 50_000, gift: 0, status: 1 };
const member = { memberId: 8, name: '张小美', mobile: '13800138001', sex: 2, cards: [card, { ...card, cardId: 5, cardNo: 'K0000009' }] };

/** An open bill of the member with her card: one cut at ¥118.00, 8.8折 with the card. */
function openBill(): ServiceBillDetail {
  return serviceBillOf({
    ...herBill,
    status: 1,
    listTotal: 11_800,
    discountTotal: 1_416,
    amount: 10_384,
    settledAt: null,
    version: 2,
    lines: [billLine()],
  });
}

const inApp = (node: ReactNode) => wrap(<App>{node}</App>);
/** Enter as a keyboard gives it: down, then up (the input takes one Enter per key press). */
const enter = (el: HTMLElement) => {
  fireEvent.keyDown(el, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(el, { key: 'Enter', code: 'Enter', keyCode: 13 });
};
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');

describe('the till by keyboard', () => {
  it('starts in the member lookup: Enter finds by the phone tail, ↓ chooses the card, Enter opens the bill', async () => {
    serve({ [T.member]: () => [member], [T.open]: () => openBill() });
    const opened = vi.fn();
    inApp(<OpenBill setup={setup} onOpened={opened} />);
    const lookup = screen.getByTestId('till-member-search');
    expect(document.activeElement).toBe(lookup);
    fireEvent.change(lookup, { target: { value: '8001' } });
    enter(lookup);
    await screen.findAllByText('张小美');
    expect(new URL(String(calls(T.member)[0]?.[0]), 'http://x').searchParams.get('q')).toBe('8001');
    fireEvent.keyDown(lookup, { key: 'ArrowDown' });
    enter(lookup);
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(calls(T.open)[0]?.[1]?.body))).toEqual({ shopId: 3, memberId: 8, cardId: 5 });
  });

  it('Enter with nothing typed opens a walk-in bill', async () => {
    serve({ [T.open]: () => ({ ...openBill(), memberId: null, memberName: null, cardId: null, cardNo: null }) });
    const opened = vi.fn();
    inApp(<OpenBill setup={setup} onOpened={opened} />);
    enter(screen.getByTestId('till-member-search'));
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(calls(T.open)[0]?.[1]?.body))).toEqual({ shopId: 3 });
  });

  it('explains each price, puts the shop price back when the card stops paying, and settles with F9', async () => {
    const settled = { ...openBill(), status: 4, settledAt: '2026-03-04T01:30:00.000Z' };
    serve({
      [T.bill(5)]: () => openBill(),
      [T.memberCards]: () => [card],
      [T.settle]: () => settled,
    });
    inApp(<BillEditor billId={5} setup={setup} waiting={false} onChanged={() => undefined} />);
    // The card pays the bill at its price; its balance beside the payment.
    const amount = (await screen.findByTestId('till-pay-amount-0', {}, { timeout: 5000 })) as HTMLInputElement;
    expect(amount.value).toBe('103.84');
    expect(screen.getByTestId('till-card-balance').textContent).toBe('余额 ¥500.00（赠送 ¥0.00）');
    const row = () => document.querySelector('.ant-table-tbody .ant-table-row') as HTMLElement;
    expect(cellsOf(row()).slice(4, 8)).toEqual(['¥118.00', '卡折扣 8.8折', '¥14.16', '¥103.84']);
    // The card pays ¥50.00: the discount on its part only; nothing by card: the shop's price.
    fireEvent.change(amount, { target: { value: '50' } });
    await waitFor(() => expect(cellsOf(row()).slice(4, 8)).toEqual(['¥118.00', '卡折扣 8.8折（卡付部分）', '¥6.82', '¥111.18']));
    expect(screen.getByText(/^支付 · 应付/).textContent).toBe('支付 · 应付 ¥111.18');
    fireEvent.change(amount, { target: { value: '0' } });
    await waitFor(() => expect(cellsOf(row()).slice(4, 8)).toEqual(['¥118.00', '门店价', '¥0.00', '¥118.00']));
    // Back to the whole bill by card, then F9 settles.
    fireEvent.change(amount, { target: { value: '103.84' } });
    const settle = screen.getByTestId('till-settle');
    expect(settle.textContent).toBe('结账 F9');
    await waitFor(() => expect((settle as HTMLButtonElement).disabled).toBe(false));
    await act(async () => {
      fireEvent.keyDown(window, { key: 'F9' });
    });
    await waitFor(() => expect(calls(T.settle)).toHaveLength(1));
    expect(JSON.parse(String(calls(T.settle)[0]?.[1]?.body)).payments).toEqual([{ cardId: 4, amount: 10_384 }]);
    expect((await screen.findByTestId('till-receipt')).textContent).toContain('顾客签名：');
  });

  it("shows an activity's price as the line's price source, whatever pays", async () => {
    const activityLine = billLine({ plainPrice: 9_440, price: 9_440, priceSource: 'activity', discount: 8_000, amount: 9_440 });
    serve({
      [T.bill(5)]: () => ({ ...openBill(), lines: [activityLine], discountTotal: 2_360, amount: 9_440 }),
      [T.memberCards]: () => [card],
    });
    inApp(<BillEditor billId={5} setup={setup} waiting={false} onChanged={() => undefined} />);
    const amount = (await screen.findByTestId('till-pay-amount-0', {}, { timeout: 5000 })) as HTMLInputElement;
    const row = () => document.querySelector('.ant-table-tbody .ant-table-row') as HTMLElement;
    expect(cellsOf(row()).slice(4, 8)).toEqual(['¥118.00', '活动价 8折', '¥23.60', '¥94.40']);
    fireEvent.change(amount, { target: { value: '0' } });
    await waitFor(() => expect(cellsOf(row()).slice(4, 8)).toEqual(['¥118.00', '活动价 8折', '¥23.60', '¥94.40']));
  });

  it.each([
    [true, 1],
    [false, 0],
  ])('with 结账后自动打印小票 %s the settled receipt prints %i time(s) by itself', async (isAutoPrint, times) => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    serve({
      [T.bill(5)]: () => openBill(),
      [T.memberCards]: () => [card],
      [T.settle]: () => ({ ...openBill(), status: 4, settledAt: '2026-03-04T01:30:00.000Z' }),
    });
    inApp(<BillEditor billId={5} setup={{ ...setup, isAutoPrint }} waiting={false} onChanged={() => undefined} />);
    const settle = await screen.findByTestId('till-settle', {}, { timeout: 5000 });
    await waitFor(() => expect((settle as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(settle);
    await screen.findByTestId('till-receipt');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(times));
    vi.unstubAllGlobals();
  });

  it('F3 adds a service line with the focus in its picker, F4 a payment with the focus in its amount; 作废 is out of the tab order', async () => {
    serve({ [T.bill(5)]: () => openBill(), [T.memberCards]: () => [{ ...card, principal: 5_000 }] });
    inApp(<BillEditor billId={5} setup={setup} waiting={false} onChanged={() => undefined} />);
    // A card short of the bill pays what it holds; cash is asked for the rest at the shop's price on it.
    const first = (await screen.findByTestId('till-pay-amount-0', {}, { timeout: 5000 })) as HTMLInputElement;
    expect(first.value).toBe('50.00');
    expect((screen.getByTestId('till-pay-amount-1') as HTMLInputElement).value).toBe('61.18');
    expect(
      screen
        .getByText(/作\s*废/)
        .closest('button')
        ?.getAttribute('tabindex'),
    ).toBe('-1');
    expect(screen.getByTestId('till-add-service').textContent).toBe('添加项目 F3');
    await act(async () => {
      fireEvent.keyDown(window, { key: 'F4' });
    });
    const added = (await screen.findByTestId('till-pay-amount-2')) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(added));
    await act(async () => {
      fireEvent.keyDown(window, { key: 'F3' });
    });
    const rows = document.querySelectorAll('.ant-table-tbody .ant-table-row');
    expect(rows).toHaveLength(2);
    await waitFor(() => expect(rows[1]?.contains(document.activeElement)).toBe(true));
    // A line not saved yet is not priced, and the bill cannot be settled until it is.
    expect(within(rows[1] as HTMLElement).getAllByText('-').length).toBeGreaterThan(0);
    expect(screen.getByText('明细已修改：保存后计价、结账')).toBeTruthy();
    expect((screen.getByTestId('till-settle') as HTMLButtonElement).disabled).toBe(true);
  });
});
