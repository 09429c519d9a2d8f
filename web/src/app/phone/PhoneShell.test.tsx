import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import SignInPage from '../../modules/attendance/SignInPage';
import { getBoardToken } from '../../platform/session';
import { calls, fakeApi, fetchMock, reply } from '../../test/api';
import { PhoneShell } from './PhoneShell';

fakeApi();

const today = {
  eeid: 7,
  eename: '王小美',
  shopName: '杭州西湖银泰店',
  today: null,
  zone: 'Asia/Shanghai',
};

/** The sign-in page a shop's QR code opens, in the phone's frame, as the router serves it. */
function openFromQr() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={['/m/sign-in?t=qr-token-123456']}>
      <QueryClientProvider client={client}>
        <Routes>
          <Route
            path="/m/sign-in"
            element={
              <PhoneShell>
                <SignInPage />
              </PhoneShell>
            }
          />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the phone sign-in opened from a QR code', () => {
  it('without a session asks for one on the page, asking the server nothing before; then shows the sign-in of the code', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api-user/login'))
        return reply({ access_token: 'board-token', tenantId: 1, user: { id: 3, username: 'wxm', name: '王小美' } });
      if (url.startsWith('/api-user/me'))
        return reply({ user: { id: 3, name: '王小美' }, roles: [], permissions: [], loginShops: [], managerShops: [], selfService: true });
      if (url.startsWith('/api-pers/checkrecords/my')) return reply(today);
      if (url.startsWith('/api-pers/checkrecords/signIn'))
        return reply({
          ...JSON.parse(String(init?.body)),
          type: 'on',
          cdate: '2026-03-04',
          at: '2026-03-04T01:58:00Z',
          status: 1,
          shopName: '杭州西湖银泰店',
          eename: '王小美',
          className: '早班',
        });
      return reply(null);
    });
    openFromQr();
    expect(screen.getByTestId('phone-sign-in')).toBeTruthy();
    expect(screen.queryByTestId('sign-button')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'wxm' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'own-pass-123' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    });
    await waitFor(() => expect(screen.getByTestId('sign-button')).toBeTruthy());
    expect(getBoardToken()).toBe('board-token');
    expect(JSON.parse(String(calls('/api-user/login')[0][1]?.body))).toMatchObject({ username: 'wxm', password: 'own-pass-123' });
    expect(screen.getByText('王小美，你好')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByTestId('sign-button'));
    });
    const punch = calls('/api-pers/checkrecords/signIn');
    expect(punch).toHaveLength(1);
    expect(JSON.parse(String(punch[0][1]?.body))).toEqual({ method: 'qr', token: 'qr-token-123456' });
  });

  it('with a session shows the sign-in at once', async () => {
    localStorage.setItem('ho.token', 'board-token');
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api-user/me'))
        return reply({ user: { id: 3, name: '王小美' }, roles: [], permissions: [], loginShops: [], managerShops: [] });
      if (url.startsWith('/api-pers/checkrecords/my')) return reply(today);
      return reply(null);
    });
    openFromQr();
    await waitFor(() => expect(screen.getByTestId('sign-button')).toBeTruthy());
    expect(screen.queryByTestId('phone-sign-in')).toBeNull();
    expect(calls('/api-user/login')).toHaveLength(0);
  });
});
