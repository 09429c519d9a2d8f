import { z } from 'zod';
import { billLine, billSave, defineBill } from './bills.js';
import { cents } from './catalog.js';
import { bankAccountNumber } from './finance-records.js';
import { date, id, listCode, memo } from './platform.js';

// The card refund through approval (退卡审批, cardtkhead, DOMAIN-DETAIL §9.6): a shop asks to refund a
// member's cards, packages and deposited products; customer service approves (sp), finance reviews
// (fh). Nothing moves before the review; the review refunds the assets and draws the payout from the
// shop's reserve money (or credits another card); cancelling the review gives everything back.

/** The chain's setting: every refund goes through this bill, the direct refund is refused. */
export const cardRefundSettings = z.strictObject({ requireApproval: z.boolean() });

/** 退款属性 tkattr (and 核实退款属性 hstkattr, customer service's finding). */
export const refundAttributes = {
  1: ['仅注销无退款', 'Cancel only, no payout'],
  2: ['员工离职', 'Staff left'],
  3: ['个人原因', 'Personal reasons'],
  4: ['技术原因', 'Technical reasons'],
  5: ['消费原因', 'Spending reasons'],
  6: ['服务及接待', 'Service and reception'],
  7: ['关店原因', 'Shop closing'],
  8: ['其它', 'Other'],
} as const;
/** 打款方式 tktype: 1 paid by the shop's card, 2 to the customer's bank card, 3 credited to a card as principal (no payout). */
export const refundPayouts = {
  1: ['店内支出卡', "Shop's card"],
  2: ['顾客银行卡', "Customer's bank card"],
  3: ['退为卡金', 'To card money'],
} as const;
const lineKinds = { card: ['会员卡', 'Card'], package: ['套餐', 'Package'], product: ['寄存产品', 'Deposited product'] } as const;

const mobile = /^1\d{10}$/;
const text = (max: number) => z.string().trim().max(max).nullish();

/** What customer service may still change at the approval (savesp): the payout and its verification. */
export const cardRefundApproval = z.strictObject({
  tktype: listCode(3),
  /** The reserve type the payout is drawn from (the seed's tkway: 营业款, 预留其他, 退卡保证金, 风险金 …); tktype 3 names the card credited. */
  reserveTypeId: id.nullish(),
  targetCardId: id.nullish(),
  payee: text(64),
  bank: text(64),
  bankno: bankAccountNumber.nullish(),
  hstkattr: listCode(8).nullish(),
  hstkcontent: text(500),
  hsmemo: text(500),
});

/** A line: a card bucket (principal tkje refunded, gift tzje written off), a package line's count or a deposit's units. */
const cardRefundLine = billLine({
  kind: z.enum(['card', 'package', 'product']),
  cardId: id.nullish(),
  /** The card bucket's shop. */
  bucketShopId: id.nullish(),
  tkje: cents.default(0),
  tzje: cents.default(0),
  packageLineId: id.nullish(),
  depositId: id.nullish(),
  num: z.number().int().min(0).max(100_000).default(0),
});

const maker = { perm: 'finance.cardtk.edit', from: ['draft', 'rejected'] } as const;
const sp = { perm: 'finance.cardtk.sp', from: ['submitted'] } as const;
const fh = { perm: 'finance.cardtk.fh', from: ['approved'] } as const;
/** Approval and review wait in the inbox, and are also taken at once on every zero-amount bill (自动审批零元退卡单). */
const inbox = (zeroPath: string) => ({ inbox: true, zeroBatch: { path: zeroPath, field: 'totalMoney' } });

/** The states of a refund through customer service's approval and finance's review (the card refund, the offline refund). */
export const refundStates = {
  draft: { label: ['未提交', 'Not submitted'], color: 'default' },
  submitted: { label: ['已提交', 'Submitted'], color: 'blue' },
  approved: { label: ['客服已审批', 'Approved'], color: 'cyan' },
  reviewed: { label: ['财务已复核', 'Reviewed'], color: 'green' },
  rejected: { label: ['已驳回', 'Rejected'], color: 'red' },
  voided: { label: ['已作废', 'Voided'], color: 'default' },
} as const;

export const cardRefundBill = defineBill({
  docType: 'finance.cardRefund',
  locks: ['close'],
  label: ['退卡审批单', 'Card refund'],
  perm: 'finance.cardtk',
  basePath: '/api-finance/cardtkhead',
  webPath: '/admin/finance/card-refunds',
  states: refundStates,
  initial: 'draft',
  editable: ['draft', 'rejected'],
  transitions: {
    submit: { ...maker, label: ['提交', 'submit'], to: 'submitted', path: 'submitBill' },
    approve: {
      ...sp,
      ...inbox('auditBillZeor'),
      label: ['审批', 'approve'],
      to: 'approved',
      path: 'auditSpBill',
      notByMaker: true,
      signs: 'audited',
    },
    reject: { ...sp, label: ['驳回', 'reject'], to: 'rejected', path: 'rejectBill', memoRequired: true },
    review: { ...fh, ...inbox('fhBillZeor'), label: ['复核', 'review'], to: 'reviewed', path: 'auditFhBill', signs: 'reviewed' },
    rejectFh: { ...fh, label: ['复核驳回', 'reject at review'], to: 'rejected', path: 'rejectBillFh', memoRequired: true },
    cancelReview: {
      ...fh,
      from: ['reviewed'],
      label: ['取消复核', 'cancel the review of'],
      button: ['取消复核', 'Cancel review'],
      to: 'approved',
      path: 'cancelFhBill',
      undoes: 'review',
      confirm: true,
    },
    void: { ...maker, label: ['作废', 'void'], to: 'voided', path: 'voidBill', confirm: true },
  },
  actions: {
    savesp: {
      perm: sp.perm,
      label: ['保存审批信息', 'save the approval details of'],
      button: ['保存审批信息', 'Save approval details'],
      path: 'savesp',
      states: ['submitted'],
      body: cardRefundApproval,
    },
  },
  settings: { value: cardRefundSettings, initial: { requireApproval: false } },
  save: billSave({
    shopId: id,
    billDate: date.optional(),
    memberId: id,
    /** The refund is borne across shops: the member's buckets at other shops may be refunded too. */
    isKd: z.boolean().default(false),
    tkattr: listCode(8),
    tkcontent: z.string().trim().min(1).max(500),
    tkname: z.string().trim().min(1).max(32),
    tkmobile: z.string().trim().regex(mobile),
    ...cardRefundApproval.omit({ hstkattr: true, hstkcontent: true, hsmemo: true }).shape,
    freeCard: cents.default(0),
    freePackage: cents.default(0),
    freeProduct: cents.default(0),
    /** Close a card whose balances reach 0 at the review. */
    autokcard: z.boolean().default(false),
    memo,
    lines: z.array(cardRefundLine).min(1).max(100),
  }),
  rowFields: {
    shopName: z.string(),
    memberName: z.string(),
    reserveTypeName: z.string().nullable(),
    cardMoney: z.number(),
    packageMoney: z.number(),
    productMoney: z.number(),
    giftMoney: z.number(),
    totalMoney: z.number(),
    hstkattr: z.number().nullable(),
    hstkcontent: z.string().nullable(),
    hsmemo: z.string().nullable(),
    rejectMemo: z.string().nullable(),
    refundId: z.number().nullable(),
  },
  lineRowFields: { amount: z.number() },
  filterFields: {
    state: true,
    shopId: true,
    date: { label: ['单据日期', 'Date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'] },
    keyword: { label: ['单号', 'Bill no.'], kind: 'text', keys: ['keyword'], fields: ['billNo', 'tkname', 'tkmobile'] },
  },
  sums: ['totalMoney'],
  headFields: {
    billNo: { label: ['单据编码', 'Bill no.'], kind: 'text', column: { width: 170 } },
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { display: 'shopName', width: 120 }, form: {} },
    billDate: { label: ['单据日期', 'Date'], kind: 'date', column: { width: 110, sortable: true } },
    memberId: { label: ['会员', 'Member'], kind: 'member', column: { display: 'memberName', width: 100 }, form: {} },
    state: { label: ['状态', 'State'], kind: 'select', column: { width: 100 } },
    tkattr: { label: ['退款属性', 'Refund reason'], kind: 'select', options: refundAttributes, column: { width: 110 }, form: {} },
    tktype: { label: ['打款方式', 'Payout'], kind: 'select', options: refundPayouts, column: { width: 110 }, form: {} },
    reserveTypeId: {
      label: ['退款方式', 'Paid from'],
      kind: 'select',
      options: { url: '/api-finance/dicreserve/list/all', value: 'id', label: 'name' },
      column: { display: 'reserveTypeName', width: 110 },
      form: {},
    },
    cardMoney: { label: ['卡金退款', 'Card refund'], kind: 'money', column: { width: 110 } },
    packageMoney: { label: ['套餐退款', 'Package refund'], kind: 'money', detail: true },
    productMoney: { label: ['产品退款', 'Product refund'], kind: 'money', detail: true },
    giftMoney: { label: ['冲减赠送', 'Gift written off'], kind: 'money', detail: true },
    totalMoney: { label: ['实退金额', 'Refund total'], kind: 'money', column: { width: 110, sortable: true } },
    tkname: { label: ['退款联系人', 'Contact'], kind: 'text', form: {} },
    tkmobile: { label: ['联系电话', 'Contact mobile'], kind: 'text', form: {} },
    tkcontent: { label: ['退款原因', 'Reason'], kind: 'textarea', form: { span: 24 } },
    targetCardId: { label: ['转入卡', 'Credited card'], kind: 'number', form: {} },
    payee: { label: ['户名', 'Payee'], kind: 'text', form: {} },
    bank: { label: ['开户行', 'Bank'], kind: 'text', form: {} },
    bankno: { label: ['账号', 'Account no.'], kind: 'text', form: {} },
    freeCard: { label: ['卡金手续费', 'Card fee'], kind: 'money', form: {} },
    freePackage: { label: ['套餐手续费', 'Package fee'], kind: 'money', form: {} },
    freeProduct: { label: ['产品手续费', 'Product fee'], kind: 'money', form: {} },
    hstkattr: { label: ['核实退款属性', 'Verified reason'], kind: 'select', options: refundAttributes, detail: true },
    hstkcontent: { label: ['核实退款原因', 'Verified details'], kind: 'text', detail: true },
    rejectMemo: { label: ['驳回原因', 'Reject reason'], kind: 'text', detail: true },
    auditedByName: { label: ['审批人', 'Approved by'], kind: 'text', detail: true },
    reviewedByName: { label: ['复核人', 'Reviewed by'], kind: 'text', detail: true },
    memo: { label: ['备注', 'Memo'], kind: 'text', form: { span: 16 }, detail: true },
  },
  lineFields: {
    kind: { label: ['类别', 'Kind'], kind: 'select', options: lineKinds, column: { width: 90 }, form: {} },
    cardId: { label: ['会员卡', 'Card'], kind: 'number', column: { width: 90 }, form: {} },
    // Any shop's bucket when the cost is borne across shops: a select, not a shop the user must see.
    bucketShopId: {
      label: ['卡金门店', 'Bucket shop'],
      kind: 'select',
      options: { url: '/api-chain/shop/list/all', value: 'id', label: 'name' },
      column: { width: 110 },
      form: {},
    },
    tkje: { label: ['退本金', 'Principal'], kind: 'money', column: { width: 100 }, form: {} },
    tzje: { label: ['冲减赠送', 'Gift written off'], kind: 'money', column: { width: 100 }, form: {} },
    packageLineId: { label: ['套餐项目', 'Package line'], kind: 'number', column: { width: 90 }, form: {} },
    depositId: { label: ['寄存产品', 'Deposit'], kind: 'number', column: { width: 90 }, form: {} },
    num: { label: ['数量', 'Count'], kind: 'number', column: { width: 80 }, form: {} },
    amount: { label: ['退款金额', 'Amount'], kind: 'money', column: { width: 100 } },
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
