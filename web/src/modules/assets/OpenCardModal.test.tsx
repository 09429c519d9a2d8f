import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PICKER_PATHS } from '../../platform/bills/pickers';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import { ASSETS } from './api';
import { OpenCardModal } from './MemberAssets';

fakeApi();

const setup = {
  payTypes: [
    { payTypeId: 11, code: '01', name: '现金', kind: null, isOften: true },
    { payTypeId: 23, code: '23', name: '微信', kind: null, isOften: true },
  ],
  employees: [{ id: 7, code: 'E007', name: '张晓' }],
  cardTypes: [{ id: 5, code: '001', name: '金卡', openAmount: 100_000, minRecharge: 0 }],
};

async function pick(container: HTMLElement, title: string) {
  await act(async () => {
    fireEvent.mouseDown(within(container).getByRole('combobox'));
  });
  await act(async () => {
    fireEvent.click(await screen.findByTitle(title));
  });
}

describe('开卡 in head office', () => {
  it('takes payments and sellers as the till does, shows the gift before saving and sends them with the card', async () => {
    serve({
      [PICKER_PATHS.shops]: () => [{ id: 3, code: 'S01', name: '北京国贸店' }],
      [ASSETS.openSetup]: () => setup,
      // 充1000送200: the gift of the rule whose threshold the amount reaches.
      [ASSETS.openGift]: () => {
        const url = String(calls(ASSETS.openGift).at(-1)?.[0]);
        return { gift: Number(new URL(url, 'http://x').searchParams.get('amount')) >= 100_000 ? 20_000 : 0 };
      },
      [ASSETS.open]: () => ({ billId: 1, billNo: 'KK1', cardId: 9, cardNo: 'HY0001', giftChange: 20_000, rows: [] }),
    });
    const onClose = vi.fn();
    wrap(<OpenCardModal memberId={42} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    const items = () => Array.from(dialog.querySelectorAll<HTMLElement>('.ant-form-item'));
    await pick(items()[0], '北京国贸店（S01）');
    await waitFor(() => expect(calls(ASSETS.openSetup)).toHaveLength(1));
    await pick(items()[1], '金卡（001）');
    fireEvent.change(within(items()[2]).getByRole('spinbutton'), { target: { value: '1000' } });
    // The gift of the card type's rules for this amount, before saving.
    expect(await screen.findByText('开卡赠送 ¥200.00')).toBeTruthy();
    const gift = new URL(String(calls(ASSETS.openGift).at(-1)?.[0]), 'http://x').searchParams;
    expect([gift.get('cardTypeId'), gift.get('amount')]).toEqual(['5', '100000']);
    // One payment row pays it all at first; split it between cash and WeChat.
    await waitFor(() => expect(screen.getByTestId('till-pay-remaining').textContent).toBe('未付 ¥0.00'));
    fireEvent.change(screen.getByTestId('till-pay-amount-0').querySelector('input') ?? screen.getByTestId('till-pay-amount-0'), {
      target: { value: '600' },
    });
    fireEvent.click(screen.getByTestId('till-add-payment'));
    await waitFor(() => expect(screen.getByTestId('till-pay-remaining').textContent).toBe('未付 ¥0.00'));
    fireEvent.click(screen.getByTestId('staff-add'));
    await pick(screen.getByTestId('staff-employee-0').parentElement as HTMLElement, 'E007 张晓');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    // The open route's name begins the setup's and the gift's: the one POST is the opening.
    const posted = () => calls(ASSETS.open).filter(([, init]) => init?.method === 'POST');
    await waitFor(() => expect(posted()).toHaveLength(1));
    const body = JSON.parse(String(posted()[0]?.[1]?.body));
    expect(body).toMatchObject({
      memberId: 42,
      shopId: 3,
      cardTypeId: 5,
      amount: 100_000,
      pays: [
        { payTypeId: 11, amount: 60_000 },
        { payTypeId: 23, amount: 40_000 },
      ],
      yjs: [{ employeeId: 7, station: 1, appointed: false }],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
