import { cardRefundBill } from '@headoffice/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { describe, expect, it } from 'vitest';
import { HeadInput } from '../../../platform/bills/BillForm';
import { calls, fakeApi, serve, wrap } from '../../../test/api';
import { CardRefundsPage } from './CardRefunds';
import { RefundAssets } from './RefundAssets';

fakeApi();

const row = {
  id: 5,
  version: 3,
  billNo: 'TKSP20260304-0001',
  shopId: 3,
  shopName: '北京国贸店',
  billDate: '2026-03-04',
  memberId: 9,
  memberName: '王芳',
  isKd: false,
  tkattr: 3,
  tkcontent: '顾客搬家',
  tkname: '王芳',
  tkmobile: '13800138000',
  tktype: 2,
  reserveTypeId: 4,
  reserveTypeName: '退卡保证金',
  targetCardId: null,
  payee: null,
  bank: null,
  bankno: null,
  freeCard: 500,
  freePackage: 0,
  freeProduct: 0,
  autokcard: false,
  memo: null,
  cardMoney: 123_450,
  packageMoney: 0,
  productMoney: 0,
  giftMoney: 2000,
  totalMoney: 123_450,
  hstkattr: null,
  hstkcontent: null,
  hsmemo: null,
  rejectMemo: null,
  auditedBy: null,
  auditedByName: null,
  auditedAt: null,
  reviewedBy: null,
  reviewedByName: null,
  reviewedAt: null,
  refundId: null,
  state: 'approved',
  createdBy: 1,
  createdByName: '系统管理员',
  createdAt: '2026-03-04T01:00:00Z',
  updatedAt: '2026-03-04T01:00:00Z',
  lines: [],
};

/** The member field of the definition and the assets beside it, in a form of their own. */
function Picking({ onForm }: { onForm: (form: FormInstance) => void }) {
  const [form] = Form.useForm();
  onForm(form);
  return (
    <Form form={form} initialValues={{ shopId: 3, lines: [] }}>
      <Form.Item name="memberId">
        <HeadInput field={cardRefundBill.headFields.memberId} required />
      </Form.Item>
      <RefundAssets form={form} />
    </Form>
  );
}

describe('card refunds (退卡审批)', () => {
  it('lists the bills with their refund in yuan and the state of the definition, and approves every zero-amount bill in one go', async () => {
    serve({
      '/api-finance/cardtkhead/findListWithProChain': () => ({
        list: [row],
        total: 1,
        page: 1,
        pageSize: 20,
        sum: { count: 1, totalMoney: 123_450 },
      }),
      '/api-finance/cardtkhead/settings': () => ({ requireApproval: true }),
      '/api-finance/cardtkhead/auditBillZeor': () => ({ done: [{ id: 6, billNo: 'TKSP20260304-0002', state: 'approved' }], failed: [] }),
    });
    const { container } = wrap(<CardRefundsPage />);
    expect(await screen.findByText('TKSP20260304-0001')).toBeTruthy();
    expect(screen.getAllByText('¥1,234.50').length).toBeGreaterThan(0);
    expect(screen.getAllByText('客服已审批').length).toBeGreaterThan(0);
    expect(screen.getByText('退卡保证金')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('.ant-switch')?.getAttribute('aria-checked')).toBe('true'));

    fireEvent.click(screen.getByText('自动审批零元退卡单'));
    await waitFor(() => expect(calls('/api-finance/cardtkhead/auditBillZeor')).toHaveLength(1));
    const [, init] = calls('/api-finance/cardtkhead/auditBillZeor')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({});
  });

  it('finds the member by mobile tail and fills the lines from the assets ticked, within what is left', async () => {
    const card = {
      ...{ id: 21, cardNo: '8800001', cardTypeId: 2, cardTypeName: '金卡', shopId: 3, shopName: '北京国贸店', openedOn: '2026-01-01' },
      ...{ expiresOn: null, status: 1, serviceDiscount: 100, productDiscount: 100, electronicNo: 'E1', physicalNo: null },
      ...{
        transferable: true,
        principal: 10_000,
        gift: 2000,
        buckets: [{ shopId: 3, shopName: '北京国贸店', principal: 10_000, gift: 2000 }],
      },
    };
    const pkg = {
      ...{
        id: 31,
        memberPackageId: 4,
        memberId: 9,
        memname: '王芳',
        mobile: '13800138000',
        mpname: '护理套餐',
        cardId: null,
        cardno: null,
      },
      ...{
        stype: 1,
        servId: 5,
        productId: null,
        scode: 'FW1',
        servname: '头皮护理',
        total: 10,
        snum: 6,
        singlePrice: 300,
        lessmoney: 1800,
      },
      ...{ expiryTime: null, expired: false, isGift: false, shopId: 3, shopName: '北京国贸店', soldOn: '2026-01-02' },
    };
    serve({
      '/api-member/membercard/findMembers': () => [
        { id: 9, code: 'M9', name: '王芳', mobile: '13800138000', shopName: '北京国贸店', status: 1, balance: 12_000 },
      ],
      '/api-member/financecardtk/queryCardRecords': () => [card],
      '/api-member/financecardtk/queryMemPackageTk': () => [pkg],
      '/api-member/financecardtk/queryMemProductTk': () => [],
    });
    let form: FormInstance | undefined;
    wrap(
      <Picking
        onForm={(f) => {
          form = f;
        }}
      />,
    );
    expect(screen.getByText('请先选择会员')).toBeTruthy();
    const search = within(document.querySelector('.ho-member-select') as HTMLElement).getByRole('combobox');
    await act(async () => {
      fireEvent.change(search, { target: { value: '8000' } });
    });
    await waitFor(() => expect(calls('/api-member/membercard/findMembers?keyword=8000')).toHaveLength(1));
    await act(async () => {
      fireEvent.click(await screen.findByTitle('王芳 13800138000（北京国贸店）'));
    });
    await waitFor(() => expect(calls('/api-member/financecardtk/queryCardRecords?memid=9&shopid=3')).toHaveLength(1));
    expect(await screen.findByText('本金 ¥100.00，赠送 ¥20.00')).toBeTruthy();
    fireEvent.click(await screen.findByLabelText('8800001 金卡 · 北京国贸店'));
    fireEvent.click(screen.getByLabelText('护理套餐 · 头皮护理'));
    expect(form?.getFieldValue('lines')).toEqual([
      { kind: 'card', cardId: 21, bucketShopId: 3, tkje: 100, tzje: 20 },
      { kind: 'package', packageLineId: 31, num: 6 },
    ]);
    const count = screen.getByLabelText('护理套餐 · 头皮护理 数量');
    fireEvent.change(count, { target: { value: '9' } });
    fireEvent.blur(count);
    await waitFor(() => expect(form?.getFieldValue('lines')[1]).toEqual({ kind: 'package', packageLineId: 31, num: 6 }));
    fireEvent.change(count, { target: { value: '2' } });
    await waitFor(() => expect(form?.getFieldValue('lines')[1].num).toBe(2));
    fireEvent.click(screen.getByLabelText('8800001 金卡 · 北京国贸店'));
    expect(form?.getFieldValue('lines')).toEqual([{ kind: 'package', packageLineId: 31, num: 2 }]);
  });
});
