import { fundBill, productOrderBill, storeRentPaymentBill } from '@headoffice/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BillForm } from '../../../platform/bills/BillForm';
import { TabContext } from '../../../platform/pages';
import { fakeApi, serve, wrap } from '../../../test/api';
import { FundRequestPage } from './FundRequests';

fakeApi();

const request = {
  id: 7,
  version: 4,
  billNo: 'BYJ20260304-0001',
  shopId: 3,
  shopName: '北京国贸店',
  billDate: '2026-03-04',
  type: 1,
  groupId: 1,
  groupName: '门店日常费用',
  itemId: 2,
  itemName: '培训费',
  amount: 86_000,
  reason: '三月培训',
  startDate: null,
  endDate: null,
  payee: null,
  bankno: null,
  bank: null,
  branchBank: null,
  matched: 2,
  departmentId: 5,
  departmentName: '培训部',
  gathertype: null,
  isLimit: 0,
  rejectReason: null,
  approvedBy: null,
  approvedByName: null,
  approvedAt: null,
  reviewedBy: null,
  reviewedByName: null,
  reviewedAt: null,
  memo: null,
  state: 'submitted',
  createdBy: 1,
  createdByName: '系统管理员',
  createdAt: '2026-03-04T01:00:00Z',
  updatedAt: '2026-03-04T01:00:00Z',
  lines: [
    { id: 11, billId: 7, url: '/files/2026/receipt-1.png' },
    { id: 12, billId: 7, url: '/files/2026/receipt-2.png' },
  ],
  editable: false,
  afterFields: [],
  actions: ['reject'],
  log: [],
  approval: {
    departmentId: 5,
    departmentName: '培训部',
    approvers: ['孙培训（sp_peixun）', '林财务（sp_caiwu）'],
    blocked: '你是这张备用金申请的制单人，制单人不能审批自己的备用金申请',
  },
};

describe('a petty-cash request', () => {
  it('shows its photos as thumbnails that open, never their addresses, and who approves it and why the reader may not', async () => {
    serve({ '/api-finance/fundbillhead/7': () => request });
    const { container } = wrap(
      <TabContext.Provider
        value={{ key: 't', params: { id: '7' }, setTitle: () => undefined, open: () => undefined, close: () => undefined }}
      >
        <FundRequestPage />
      </TabContext.Provider>,
    );
    const approval = await screen.findByTestId('fund-approval');
    expect(approval.textContent).toContain('由「培训部」审批');
    expect(approval.textContent).toContain('可审批：孙培训（sp_peixun）、林财务（sp_caiwu）');
    expect(within(approval).getByRole('alert').textContent).toContain('制单人不能审批自己的备用金申请');
    const images = [...container.querySelectorAll('.ant-image img')].map((img) => img.getAttribute('src'));
    expect(images).toEqual(['/files/2026/receipt-1.png', '/files/2026/receipt-2.png']);
    expect(container.textContent).not.toContain('/files/');
  });

  it('adds photos by uploading them in its form (添加照片), each shown as a thumbnail', async () => {
    serve({});
    wrap(<BillForm def={fundBill} open bill={{ ...request, state: 'draft', editable: true }} onClose={() => undefined} />);
    expect(await screen.findByRole('button', { name: /添加照片/ })).toBeTruthy();
    // the form is a drawer, outside the page's own element
    const container = document.body;
    expect(container.querySelector('input[type=file]')).toBeTruthy();
    expect([...container.querySelectorAll('.ant-image img')].map((img) => img.getAttribute('src'))).toEqual([
      '/files/2026/receipt-1.png',
      '/files/2026/receipt-2.png',
    ]);
    expect(container.querySelector('input[value^="/files/"]')).toBeNull();
  });
});

describe('the add-line button of a bill form', () => {
  it('says 添加明细 where the lines hold no product (a rent payment), 添加产品 where they do', async () => {
    serve({});
    wrap(<BillForm def={storeRentPaymentBill} open onClose={() => undefined} />);
    expect(await screen.findByRole('button', { name: /添加明细/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /添加产品/ })).toBeNull();
  });

  it('says 添加产品 for product lines', async () => {
    serve({});
    wrap(<BillForm def={productOrderBill} open onClose={() => undefined} />);
    expect(await screen.findByRole('button', { name: /添加产品/ })).toBeTruthy();
  });
});
