import { SERVICE_LOG_PATHS as P, type ReviewRow, type ServiceLogRow, type UsageRecordRow } from '@headoffice/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyDate } from '../../platform/clock';
import { calls, fakeApi, serve, wrap } from '../../test/api';
import ReviewsPage from './ReviewsPage';
import ServiceLogsPage from './ServiceLogsPage';
import UsagePage from './UsagePage';

fakeApi();

const row = (over: Partial<ServiceLogRow> = {}): ServiceLogRow => ({
  billId: 7,
  billNo: 'XF202603020001',
  shopId: 3,
  shopName: '北京国贸店',
  memberId: 11,
  memberName: '王芳',
  mobile: '13800000001',
  sex: 2,
  businessDate: '2026-03-02',
  settledAt: '2026-03-02T02:30:00.000Z',
  items: '精剪',
  staffNames: '李明',
  logState: 1,
  logId: null,
  content: null,
  problem: null,
  suggested: [],
  photos: [],
  returnState: null,
  returnAt: null,
  rebook: null,
  editedAt: null,
  editedByName: null,
  version: null,
  ...over,
});
const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 20 });
const body = (init?: RequestInit) => JSON.parse(String(init?.body));

describe('service logs (服务日志)', () => {
  it('asks for today’s bills first, shows a bill as 未填写, and saves the log written in its drawer', async () => {
    let saved: unknown;
    serve({
      [P.chainList]: () => page([row()]),
      [P.detail]: () => ({ log: row(), review: null }),
      [P.save]: (init) => {
        saved = body(init);
        return row({ logState: 2, logId: 5, content: '发质偏干', version: 1 });
      },
    });
    wrap(<ServiceLogsPage />);
    expect(await screen.findByText('XF202603020001')).toBeTruthy();
    expect(screen.getByText('未填写')).toBeTruthy();
    expect(screen.getByText('女')).toBeTruthy();
    const today = companyDate();
    const asked = new URL(String(calls(P.chainList)[0][0]), 'http://x').searchParams;
    expect([asked.get('dateFrom'), asked.get('dateTo')]).toEqual([today, today]);
    fireEvent.click(screen.getByTestId('log-open-7'));
    const content = await screen.findByTestId('log-content');
    fireEvent.change(content, { target: { value: '发质偏干' } });
    fireEvent.click(screen.getByTestId('log-save'));
    await waitFor(() => expect(saved).toBeTruthy());
    expect(saved).toMatchObject({ billId: 7, content: '发质偏干', suggestedServiceIds: [], photos: [], returnState: null, rebook: null });
    expect(saved).not.toHaveProperty('version');
  });

  it('shows a written log with its photos, states and the review’s reply box', async () => {
    const written = row({
      logState: 2,
      logId: 5,
      content: '烫后护理',
      suggested: [{ id: 9, name: '深层护理' }],
      photos: ['/files/x/1.png'],
      returnState: 3,
      rebook: 1,
      version: 2,
    });
    const review: ReviewRow = {
      id: 4,
      billId: 7,
      billNo: 'XF202603020001',
      settledAt: '2026-03-02T02:30:00.000Z',
      memberName: '王芳',
      mobile: '13800000001',
      shopId: 3,
      shopName: '北京国贸店',
      items: '精剪',
      staffNames: '李明',
      employeeId: 2,
      employeeName: '李明',
      rate: 3,
      comment: '等太久',
      reviewedAt: '2026-03-02T05:00:00.000Z',
      replied: false,
      reply: null,
      repliedAt: null,
    };
    let replied: unknown;
    serve({
      [P.chainList]: () => page([written]),
      [P.detail]: () => ({ log: written, review }),
      [P.reviewReply]: (init) => {
        replied = body(init);
        return { ...review, replied: true, reply: '抱歉' };
      },
    });
    wrap(<ServiceLogsPage />);
    expect(await screen.findByText('已填写')).toBeTruthy();
    expect(screen.getByText('深层护理')).toBeTruthy();
    expect(screen.getByText('已预约')).toBeTruthy();
    expect(screen.getByText('成功')).toBeTruthy();
    fireEvent.click(screen.getByTestId('log-open-7'));
    const drawer = await screen.findByText('差评');
    expect(drawer).toBeTruthy();
    fireEvent.change(screen.getByTestId('review-reply'), { target: { value: '抱歉' } });
    fireEvent.click(screen.getByTestId('review-reply-save'));
    await waitFor(() => expect(replied).toEqual({ id: 4, reply: '抱歉' }));
  });
});

describe('customer reviews (顾客评价)', () => {
  it('asks for the last three months and shows the rating and whether it was answered', async () => {
    serve({
      [P.reviews]: () =>
        page([
          {
            id: 4,
            billId: 7,
            billNo: 'XF202603020001',
            settledAt: null,
            memberName: '王芳',
            mobile: '13800000001',
            shopId: 3,
            shopName: '北京国贸店',
            items: '精剪',
            staffNames: '李明',
            employeeId: 2,
            employeeName: '李明',
            rate: 1,
            comment: '很满意',
            reviewedAt: '2026-03-02T05:00:00.000Z',
            replied: true,
            reply: '谢谢',
            repliedAt: null,
          } satisfies ReviewRow,
        ]),
    });
    wrap(<ReviewsPage />);
    expect(await screen.findByText('好评')).toBeTruthy();
    expect(screen.getByText('很满意')).toBeTruthy();
    expect(screen.getByText('是')).toBeTruthy();
    const asked = new URL(String(calls(P.reviews)[0][0]), 'http://x').searchParams;
    expect(asked.get('dateTo')).toBe(companyDate());
    expect(asked.get('dateFrom')! < asked.get('dateTo')!).toBe(true);
  });
});

describe('coupon use (券使用记录)', () => {
  it('lists coupon uses with money as ¥ and the totals, and red envelopes on their own tab', async () => {
    const use: UsageRecordRow = {
      id: 1,
      memberCouponId: 2,
      code: 'Q0001',
      definitionName: '满100减20',
      memberId: 11,
      memberName: '王芳',
      mobile: '13800000001',
      faceValue: 2_000,
      amount: 123_450,
      issuedShopName: '北京国贸店',
      issuedAt: '2026-03-01T02:00:00.000Z',
      billId: 7,
      billNo: 'XF202603020001',
      shopId: 3,
      shopName: '北京国贸店',
      businessDate: '2026-03-02',
      usedAt: '2026-03-02T02:30:00.000Z',
    };
    serve({
      [P.couponRecords]: () => ({ ...page([use]), sum: { count: 1, amount: 123_450 } }),
      [P.redEnvelopeRecords]: () => ({ ...page([]), sum: { count: 0, amount: 0 } }),
    });
    wrap(<UsagePage />);
    expect(await screen.findByText('Q0001')).toBeTruthy();
    expect(screen.getAllByText('¥1,234.50').length).toBeGreaterThan(0);
    expect((await screen.findByTestId('usage-sums')).textContent).toBe('共 1 次，合计 ¥1,234.50');
    fireEvent.click(screen.getByText('红包'));
    await waitFor(() => expect(calls(P.redEnvelopeRecords).length).toBeGreaterThan(0));
    await waitFor(() => expect(within(document.body).getByTestId('usage-sums').textContent).toBe('共 0 次，合计 ¥0.00'));
  });
});
