import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { calls, fakeApi, fetchMock, serve } from '../../test/api';
import OnlineBooking from './OnlineBooking';

fakeApi();

const KEY = '7-abcdefghijklmnopqrstuvwx';
const TOKEN = '7-zyxwvutsrqponmlkjihgfedc';
const P = '/api-public/booking';
const day = '2030-05-02';
const booking = (state: string, extra: Record<string, unknown> = {}) => ({
  token: TOKEN,
  billNo: 'YY20300501-0001',
  shopName: '杭州西湖店',
  address: null,
  custname: '王女士',
  mobile: '138****0000',
  yydate: `${day} 10:00`,
  hjtimes: 30,
  stylist: '小李',
  sersnames: '洗剪吹',
  state,
  payje: 5000,
  suretyState: state === '1' ? null : 0,
  refundUntil: '2030-05-02 08:00',
  refundable: true,
  cancellable: true,
  ...extra,
});

function open(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <App>
      <MemoryRouter initialEntries={[path]}>
        <QueryClientProvider client={client}>
          <Routes>
            <Route path="/book/*" element={<OnlineBooking />} />
          </Routes>
        </QueryClientProvider>
      </MemoryRouter>
    </App>,
  );
}

describe('OnlineBooking', () => {
  it('books without a sign-in: services, stylist, a free time, the texted code; then pays the deposit in the sandbox', async () => {
    let state = '1';
    serve({
      [`${P}/shop/${KEY}/times`]: () => ({ date: day, minutes: 30, times: ['10:00', '10:30'] }),
      [`${P}/shop/${KEY}/sms`]: () => ({ resendAfter: 60, validFor: 300 }),
      [`${P}/shop/${KEY}/book`]: () => booking('1'),
      [`${P}/shop/${KEY}`]: () => ({
        shopName: '杭州西湖店',
        address: '西湖区 1 号',
        phone: null,
        today: '2030-05-01',
        firstDay: '2030-05-01',
        lastDay: '2030-05-14',
        stime: '09:00',
        etime: '21:00',
        deposit: 5000,
        canceltime: 120,
        timeType: 2,
        services: [{ id: 11, name: '洗剪吹', minutes: 30 }],
        stylists: [{ id: 21, name: '小李' }],
      }),
      [`${P}/my/${TOKEN}/pay`]: () => {
        state = '3';
        return booking('3');
      },
      [`${P}/my/${TOKEN}`]: () => booking(state),
    });
    open(`/book/${KEY}`);
    fireEvent.click((await screen.findByText('30 分钟', undefined, { timeout: 30_000 })).closest('button') as HTMLElement);
    fireEvent.click(document.querySelector('[data-stylist="21"]') as HTMLElement);
    fireEvent.click(document.querySelector(`[data-day="${day}"]`) as HTMLElement);
    fireEvent.click((await screen.findByText('10:00', undefined, { timeout: 15_000 })).closest('button') as HTMLElement);
    expect(screen.getByText('需支付定金 ¥50.00，开始前 120 分钟以前取消可退')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '王女士' } });
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(calls(`${P}/shop/${KEY}/sms`)).toHaveLength(1), { timeout: 15_000 });
    expect(await screen.findByText('60 秒后重发', undefined, { timeout: 15_000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('短信验证码'), { target: { value: '123456' } });
    expect(screen.getByTestId('summary').textContent).toBe(`${day} 10:00 · 小李 · 30 分钟`);
    fireEvent.click(screen.getByTestId('confirm'));
    await waitFor(() => expect(calls(`${P}/shop/${KEY}/book`)).toHaveLength(1), { timeout: 15_000 });
    const [, init] = calls(`${P}/shop/${KEY}/book`)[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      custname: '王女士',
      mobile: '13800000000',
      code: '123456',
      eeid: 21,
      serviceIds: [11],
      yydate: `${day} 10:00`,
    });
    expect((init?.headers ?? {}) as Record<string, string>).not.toHaveProperty('Authorization');

    // The booking by its token: 待支付, the sandbox's page pays it.
    expect(await screen.findByText('YY20300501-0001', undefined, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId('pay'));
    fireEvent.click(await screen.findByTestId('pay-now', undefined, { timeout: 15_000 }));
    await waitFor(() => expect(calls(`${P}/my/${TOKEN}/pay`)).toHaveLength(1), { timeout: 15_000 });
    expect(JSON.parse(String(calls(`${P}/my/${TOKEN}/pay`)[0][1]?.body))).toEqual({ payType: 1 });
    expect(await screen.findByText('预约成功', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('cancel')).toBeTruthy();
  }, 90_000);

  it('says so when the link is not known', async () => {
    fetchNotFound();
    open(`/book/${KEY}`);
    expect(await screen.findByText('没有找到这个预约页面，请向门店索取新的链接', undefined, { timeout: 30_000 })).toBeTruthy();
  }, 60_000);
});

function fetchNotFound() {
  fetchMock.mockImplementation(async () => new Response(JSON.stringify({ resp_code: '404', resp_msg: '不存在' }), { status: 404 }));
}
