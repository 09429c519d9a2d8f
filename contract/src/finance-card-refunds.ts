import { z } from 'zod';
import { approveThenReview, approveThenReviewTrail, defineBill } from './bills.js';
import { cents } from './catalog.js';
import { refundAttributes, refundPayeeFields } from './finance-refunds-shared.js';
import { reserveTypeField } from './finance-reserve.js';
import { anyShopOptions } from './org.js';
import { date, id, listCode, memo, mobile, optionalText } from './platform.js';

// The card refund through approval (退卡审批, cardtkhead, DOMAIN-DETAIL §9.6): a shop asks to refund a
// member's cards, packages and deposited products; customer service approves (sp), finance reviews
// (fh). Nothing moves before the review; the review refunds the assets and draws the payout from the
// shop's reserve money (or credits another card); cancelling the review gives everything back.

/** The chain's setting: every refund goes through this bill, the direct refund is refused. */
export const cardRefundSettings = z.strictObject({ requireApproval: z.boolean() });

/** 打款方式 tktype: 1 paid by the shop's card, 2 to the customer's bank card, 3 credited to a card as principal (no payout). */
export const refundPayouts = {
  1: ['店内支出卡', "Shop's card"],
  2: ['顾客银行卡', "Customer's bank card"],
  3: ['退为卡金', 'To card money'],
} as const;
const lineKinds = { card: ['会员卡', 'Card'], package: ['套餐', 'Package'], product: ['寄存产品', 'Deposited product'] } as const;

const count = z.number().int().min(0).max(100_000).default(0);

export const cardRefundBill = defineBill({
  docType: 'finance.cardRefund',
  locks: ['close'],
  label: ['退卡审批单', 'Card refund'],
  basePath: '/api-finance/cardtkhead',
  webPath: '/admin/finance/card-refunds',
  // Approval and review wait in the inbox, and are also taken at once on every zero-amount bill (自动审批零元退卡单).
  ...approveThenReview('finance.cardtk', ['auditSpBill', 'rejectBill', 'auditFhBill', 'rejectBillFh'], {
    field: 'totalMoney',
    approve: 'auditBillZeor',
    review: 'fhBillZeor',
  }),
  actions: {
    savesp: {
      perm: 'finance.cardtk.sp',
      label: ['保存审批信息', 'save the approval details of'],
      button: ['保存审批信息', 'Save approval details'],
      path: 'savesp',
      states: ['submitted'],
      fields: ['tktype', 'reserveTypeId', 'targetCardId', 'payee', 'bank', 'bankno'],
    },
  },
  settings: { value: cardRefundSettings, initial: { requireApproval: false } },
  filterFields: {
    state: true,
    shopId: true,
    date: { label: ['单据日期', 'Date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'] },
    keyword: { label: ['单号', 'Bill no.'], kind: 'text', keys: ['keyword'], fields: ['billNo', 'tkname', 'tkmobile'] },
  },
  sums: ['totalMoney'],
  headFields: {
    billNo: { label: ['单据编码', 'Bill no.'], kind: 'text', column: { width: 170 } },
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { display: 'shopName', width: 120 }, form: {}, value: id },
    billDate: { label: ['单据日期', 'Date'], kind: 'date', column: { width: 110, sortable: true }, value: date.optional() },
    memberId: { label: ['会员', 'Member'], kind: 'member', column: { display: 'memberName', width: 100 }, form: {}, value: id },
    state: { label: ['状态', 'State'], kind: 'select', column: { width: 100 } },
    /** The refund is borne across shops: the member's buckets at other shops may be refunded too. */
    isKd: { label: ['跨店承担', 'Borne across shops'], kind: 'select', value: z.boolean().default(false) },
    tkattr: { label: ['退款属性', 'Refund reason'], kind: 'select', options: refundAttributes, column: { width: 110 }, form: {} },
    tktype: { label: ['打款方式', 'Payout'], kind: 'select', options: refundPayouts, column: { width: 110 }, form: {} },
    /** The reserve type the payout is drawn from (the seed's tkway: 营业款, 预留其他, 退卡保证金, 风险金 …); tktype 3 names the card credited. */
    reserveTypeId: { ...reserveTypeField(['退款方式', 'Paid from'], 110), value: id.nullish(), requiredWhen: { tktype: [1, 2] } },
    cardMoney: { label: ['卡金退款', 'Card refund'], kind: 'money', column: { width: 110 }, row: z.number() },
    packageMoney: { label: ['套餐退款', 'Package refund'], kind: 'money', detail: true, row: z.number() },
    productMoney: { label: ['产品退款', 'Product refund'], kind: 'money', detail: true, row: z.number() },
    giftMoney: { label: ['冲减赠送', 'Gift written off'], kind: 'money', detail: true, row: z.number() },
    totalMoney: { label: ['实退金额', 'Refund total'], kind: 'money', column: { width: 110, sortable: true }, row: z.number() },
    tkname: { label: ['退款联系人', 'Contact'], kind: 'text', form: {}, value: z.string().trim().min(1).max(32) },
    tkmobile: { label: ['联系电话', 'Contact mobile'], kind: 'text', form: {}, value: mobile },
    tkcontent: { label: ['退款原因', 'Reason'], kind: 'textarea', form: { span: 24 }, value: z.string().trim().min(1).max(500) },
    targetCardId: { label: ['转入卡', 'Credited card'], kind: 'number', form: {}, value: id.nullish(), requiredWhen: { tktype: [3] } },
    ...refundPayeeFields,
    freeCard: { label: ['卡金手续费', 'Card fee'], kind: 'money', form: {}, value: cents.default(0) },
    freePackage: { label: ['套餐手续费', 'Package fee'], kind: 'money', form: {}, value: cents.default(0) },
    freeProduct: { label: ['产品手续费', 'Product fee'], kind: 'money', form: {}, value: cents.default(0) },
    /** Close a card whose balances reach 0 at the review. */
    autokcard: { label: ['余额为零时注销卡', 'Close emptied cards'], kind: 'select', value: z.boolean().default(false) },
    hstkattr: {
      label: ['核实退款属性', 'Verified reason'],
      kind: 'select',
      options: refundAttributes,
      detail: true,
      value: listCode(8).nullish(),
      by: 'savesp',
    },
    hstkcontent: { label: ['核实退款原因', 'Verified details'], kind: 'text', detail: true, value: optionalText(500), by: 'savesp' },
    hsmemo: { label: ['核实备注', 'Verification memo'], kind: 'text', value: optionalText(500), by: 'savesp' },
    ...approveThenReviewTrail,
    memo: { label: ['备注', 'Memo'], kind: 'text', form: { span: 16 }, detail: true, value: memo },
  },
  rowFields: { refundId: z.number().nullable() },
  lineFields: {
    kind: { label: ['类别', 'Kind'], kind: 'select', options: lineKinds, column: { width: 90 }, form: {} },
    cardId: { label: ['会员卡', 'Card'], kind: 'number', column: { width: 90 }, form: {}, value: id.nullish() },
    // Any shop's bucket when the cost is borne across shops: a select, not a shop the user must see.
    bucketShopId: {
      label: ['卡金门店', 'Bucket shop'],
      kind: 'select',
      options: anyShopOptions,
      column: { width: 110 },
      form: {},
      value: id.nullish(),
    },
    tkje: { label: ['退本金', 'Principal'], kind: 'money', column: { width: 100 }, form: {}, value: cents.default(0) },
    tzje: { label: ['冲减赠送', 'Gift written off'], kind: 'money', column: { width: 100 }, form: {}, value: cents.default(0) },
    packageLineId: { label: ['套餐项目', 'Package line'], kind: 'number', column: { width: 90 }, form: {}, value: id.nullish() },
    depositId: { label: ['寄存产品', 'Deposit'], kind: 'number', column: { width: 90 }, form: {}, value: id.nullish() },
    num: { label: ['数量', 'Count'], kind: 'number', column: { width: 80 }, form: {}, value: count },
    amount: { label: ['退款金额', 'Amount'], kind: 'money', column: { width: 100 }, row: z.number() },
  },
  paths: {
    list: ['findListWithProChain', 'billListsp'],
    pick: 'list/all',
    save: ['saveBill', ''],
    detail: 'getDetail/:id',
    export: 'export',
    logByNo: { path: '/api-finance/cardtkstatuslog/list/all', key: 'billcode' },
  },
});
