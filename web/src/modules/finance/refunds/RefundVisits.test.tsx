import { cardRefundBill, offlineRefundBill, refundVisitBill } from '@headoffice/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { linesRequired } from '../../../platform/bills/LinesEditor';
import { TabContext } from '../../../platform/pages';
import { calls, fakeApi, serve, wrap } from '../../../test/api';
import { OfflineRefundsPage } from './OfflineRefunds';
import RefundStatsPage from './RefundStats';
import { RefundVisitPage, RefundVisitsPage } from './RefundVisits';

fakeApi();

/** The posts to the visits' root (保存回访). */
const rootCalls = () => calls('/api-finance/cardtkhfhead').filter(([url]) => String(url) === '/api-finance/cardtkhfhead');

const visit = {
  id: 7,
  version: 2,
  billNo: 'HF20260305-0001',
  state: 'visiting',
  billDate: '2026-03-05',
  refundId: 5,
  refundNo: 'TKSP20260304-0001',
  refundAt: '2026-03-05T02:00:00Z',
  shopId: 3,
  shopName: '北京国贸店',
  memberId: 9,
  memberName: '王芳',
  mobile: '13800138000',
  totalMoney: 123_450,
  tkattr: 3,
  hstkattr: 3,
  hsmemo: null,
  visitedBy: null,
  visitedByName: null,
  visitedAt: null,
  createdBy: 1,
  createdByName: '系统管理员',
  createdAt: '2026-03-05T02:00:00Z',
  updatedAt: '2026-03-05T03:00:00Z',
  lines: [{ id: 1, billId: 7, hfTime: '2026-03-05', hfBy: '客服小王', finding: 7, satisfaction: 4, memo: '顾客搬家', sort: 0 }],
};

const inTab = (node: React.ReactNode) =>
  wrap(
    <TabContext.Provider
      value={{ key: 't', params: { id: '7' }, setTitle: () => undefined, open: () => undefined, close: () => undefined }}
    >
      {node}
    </TabContext.Provider>,
  );

describe('return visits (退卡回访), offline refunds (线下退款) and the refund statistics', () => {
  it('lists the visits with their refund, its amount in yuan and the state, and waives the ticked ones in one batch (censorforM)', async () => {
    serve({
      '/api-finance/cardtkhfhead/billList': () => ({ list: [visit], total: 1, page: 1, pageSize: 20 }),
      '/api-finance/cardtkhfhead/censorforM': () => ({ done: [{ id: 7, billNo: visit.billNo, state: 'waived' }], failed: [] }),
    });
    const { container } = wrap(<RefundVisitsPage />);
    expect(await screen.findByText('HF20260305-0001')).toBeTruthy();
    expect(screen.getByText('TKSP20260304-0001')).toBeTruthy();
    expect(screen.getAllByText('¥1,234.50').length).toBeGreaterThan(0);
    expect(screen.getAllByText('回访中').length).toBeGreaterThan(0);
    const tick = container.querySelector('tbody .ant-checkbox-input') as HTMLInputElement;
    fireEvent.click(tick);
    fireEvent.click(await screen.findByRole('button', { name: /批量免回访/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls('/api-finance/cardtkhfhead/censorforM')).toHaveLength(1));
    const [, init] = calls('/api-finance/cardtkhfhead/censorforM')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ ids: [7] });
  });

  it('shows the calls of a visit and records another one (保存回访) with its finding, satisfaction and note', async () => {
    serve({
      '/api-finance/cardtkhfhead/getDetail/7': () => ({ ...visit, log: [], actions: ['visit', 'waive'], afterFields: [], editable: false }),
      '/api-finance/cardtkhfhead': () => ({ ...visit, version: 3 }),
    });
    inTab(<RefundVisitPage />);
    expect(await screen.findByText('客服小王')).toBeTruthy();
    expect(screen.getByText('顾客个人原因')).toBeTruthy();
    expect(screen.getByRole('button', { name: '确认回访' })).toBeTruthy();
    const card = (await screen.findByText('核实原因', { selector: 'label' })).closest('.ho-visit-call') as HTMLElement;
    fireEvent.mouseDown(within(card).getAllByRole('combobox')[0]);
    fireEvent.click(await screen.findByTitle('技术'));
    fireEvent.change(within(card).getByRole('textbox'), { target: { value: '发型不满意，已约复剪' } });
    fireEvent.click(within(card).getByRole('button', { name: '保存回访' }));
    await waitFor(() => expect(rootCalls()).toHaveLength(1));
    const [, init] = rootCalls()[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ id: 7, version: 2, finding: 2, note: '发型不满意，已约复剪', hstkattr: 3 });
  });

  it('lists offline refunds with their category, amount and the reserve money paying them', async () => {
    serve({
      '/api-finance/xxtkrecords/billListsp': () => ({
        list: [
          {
            id: 3,
            version: 1,
            billNo: 'XXTK20260305-0001',
            state: 'submitted',
            shopId: 3,
            shopName: '北京国贸店',
            billDate: '2026-03-05',
            memType: 2,
            memberId: null,
            memberName: null,
            serveType: 'MF1',
            tkBillcode: 'MT1',
            tkMoney: 9900,
            tkName: '王女士',
            tkMobile: '13912345678',
            tkAttr: 5,
            tkContent: '团购券未使用',
            reserveTypeId: 4,
            reserveTypeName: '风险金',
            payType: 2,
            payee: null,
            bank: null,
            bankno: null,
            memo: null,
            rejectMemo: null,
            auditedBy: null,
            auditedByName: null,
            auditedAt: null,
            reviewedBy: null,
            reviewedByName: null,
            reviewedAt: null,
            createdBy: 1,
            createdByName: '店长',
            createdAt: '2026-03-05T02:00:00Z',
            updatedAt: '2026-03-05T02:00:00Z',
            lines: [],
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
        sum: { count: 1, tkMoney: 9900 },
      }),
    });
    wrap(<OfflineRefundsPage />);
    expect(await screen.findByText('XXTK20260305-0001')).toBeTruthy();
    expect(screen.getByText('美发线上项目团单')).toBeTruthy();
    expect(screen.getByText('风险金')).toBeTruthy();
    expect(screen.getAllByText('¥99.00').length).toBeGreaterThan(0);
  });

  it('shows the statistics per shop with their totals, from the first of the month', async () => {
    const row = { shopId: 3, shopName: '北京国贸店', tknum: 3, zeronum: 1, stnum: 1, cardnum: 1, totalmoney: 150_000, cardmoney: 50_000 };
    const money = { closemoney: 100_000, leavemoney: 0, gerenmoney: 0, jishumoney: 50_000, xiaofeimoney: 0, fuwumoney: 0, qitamoney: 0 };
    serve({ '/api-finance/cardtkhead/findListWithProtj': () => [{ ...row, ...money }] });
    wrap(<RefundStatsPage />);
    expect(await screen.findByText('北京国贸店', { selector: 'td' })).toBeTruthy();
    expect(screen.getAllByText('¥1,500.00')).toHaveLength(2);
    expect(screen.getByText('合计')).toBeTruthy();
    const [url] = calls('/api-finance/cardtkhead/findListWithProtj')[0] ?? [];
    expect(String(url)).toMatch(/dateFrom=\d{4}-\d{2}-01/);
  });

  it('asks for a line only where the save needs one: a visit may have no call yet, an offline refund no attachment', () => {
    expect([linesRequired(refundVisitBill), linesRequired(offlineRefundBill), linesRequired(cardRefundBill)]).toEqual([false, false, true]);
  });
});
