import { MEMBER_FIND_PATH } from '@headoffice/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import { ASSETS } from './api';
import CardsPage from './CardsPage';

fakeApi();

const found = (id: number, name: string) => ({
  id,
  code: `M000000${id}`,
  name,
  mobile: `1380000${String(id).padStart(4, '0')}`,
  shopName: '北京国贸店',
  status: 1,
  balance: 123_450,
});
const assets = (memberId: number, memberName: string) => ({
  memberId,
  memberName,
  mobile: '13800001234',
  status: 1,
  principal: 100_000,
  gift: 23_450,
  packageValue: 0,
  cards: [],
});

const search = (text: string) => {
  fireEvent.change(screen.getByPlaceholderText('手机号 / 尾号 4 位 / 卡号 / 会员编号 / 姓名'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
};

describe('会员卡: the card page', () => {
  it('takes the last 4 digits of a mobile: one member found opens at once', async () => {
    serve({ [MEMBER_FIND_PATH]: () => [found(1, '王芳')], [ASSETS.assets]: () => assets(1, '王芳') });
    wrap(<CardsPage />);
    search('1234');
    expect(await screen.findByText(/王芳 13800001234/)).toBeTruthy();
    expect(new URL(String(calls(MEMBER_FIND_PATH)[0]?.[0]), 'http://x').searchParams.get('keyword')).toBe('1234');
    expect(new URL(String(calls(ASSETS.assets)[0]?.[0]), 'http://x').searchParams.get('memberId')).toBe('1');
  });

  it('lists several members to pick from, then shows the one picked', async () => {
    serve({ [MEMBER_FIND_PATH]: () => [found(1, '王芳'), found(2, '李娜')], [ASSETS.assets]: () => assets(2, '李娜') });
    wrap(<CardsPage />);
    search('0000');
    expect(await screen.findByText('找到 2 位会员，请选择')).toBeTruthy();
    expect(screen.getAllByText('¥1,234.50')).toHaveLength(2);
    expect(calls(ASSETS.assets)).toHaveLength(0);
    fireEvent.click(screen.getByText('李娜'));
    await waitFor(() => expect(calls(ASSETS.assets)).toHaveLength(1));
    expect(new URL(String(calls(ASSETS.assets)[0]?.[0]), 'http://x').searchParams.get('memberId')).toBe('2');
  });

  it('says so when no member is found', async () => {
    serve({ [MEMBER_FIND_PATH]: () => [] });
    wrap(<CardsPage />);
    search('9999');
    expect(await screen.findByText('没有找到会员')).toBeTruthy();
  });
});
