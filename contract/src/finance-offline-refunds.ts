import { z } from 'zod';
import { approveThenReview, approveThenReviewTrail, billPhotoLine, billSave, defineBill } from './bills.js';
import { refundAttributes, refundPayeeFields } from './finance-refunds-shared.js';
import { reserveTypeField } from './finance-reserve.js';
import { date, id, listCode, memo, mobile, optionalText } from './platform.js';

// The offline refund (线下退款, xxtkrecords, DOMAIN-DETAIL §9.6): money a shop gives back outside the
// member's card assets (a group-buy order, a product, a card borne by another shop …), asked by the
// shop, approved by customer service (sp), reviewed by finance (fh). The review draws the amount from
// the shop's reserve money of the chosen type (退款方式); cancelling the review puts it back.

/** 项目分类 (serveType) by business line: 美发 MF1–MF6, 美容 MR1–MR5, as the original's filter names them. */
export const offlineServeTypes = {
  MF1: ['美发线上项目团单', 'Hair: online group-buy order'],
  MF2: ['美发洗护产品', 'Hair: care product'],
  MF3: ['美发跨店承担退卡', 'Hair: card borne by another shop'],
  MF4: ['美发跨月消费退款', 'Hair: spending of an earlier month'],
  MF5: ['美发其他', 'Hair: other'],
  MF6: ['美发老卡退卡', 'Hair: old card'],
  MR1: ['美容项目', 'Beauty: service'],
  MR2: ['美容产品', 'Beauty: product'],
  MR3: ['微慕', 'Beauty: Weimu'],
  MR4: ['美容跨店承担退卡', 'Beauty: card borne by another shop'],
  MR5: ['美容其他', 'Beauty: other'],
} as const;
/** 退款人: a member, or a walk-in customer (散客). */
export const offlineMemTypes = { 1: ['会员', 'Member'], 2: ['散客', 'Walk-in'] } as const;
/** 打款方式: how the money reached the customer. */
export const offlinePayTypes = {
  1: ['店内支出卡', "Shop's card"],
  2: ['顾客银行卡', "Customer's bank card"],
  4: ['微慕卡', 'Weimu card'],
} as const;

export const offlineRefundBill = defineBill({
  docType: 'finance.xxtk',
  locks: ['close'],
  label: ['线下退款', 'Offline refund'],
  basePath: '/api-finance/xxtkrecords',
  webPath: '/admin/finance/offline-refunds',
  ...approveThenReview('finance.xxtk', ['auditBillsp', 'rejectBillsp', 'auditBillfh', 'rejectBillfh']),
  save: billSave({
    shopId: id,
    billDate: date.optional(),
    memType: listCode(2),
    /** The member refunded (memType 1); a walk-in customer has none. */
    memberId: id.nullish(),
    serveType: z.enum(Object.keys(offlineServeTypes) as [keyof typeof offlineServeTypes]),
    /** 订单号: the original order refunded (a group-buy order's number). */
    tkBillcode: optionalText(40),
    tkMoney: z.number().int().min(1).max(10_000_000_00),
    tkName: z.string().trim().min(1).max(32),
    tkMobile: mobile,
    tkAttr: listCode(8),
    tkContent: z.string().trim().min(1).max(500),
    /** 退款方式: the reserve money it is paid from (营业款, 预留款, 退卡保证金, 风险金, 关店退款 …). */
    reserveTypeId: id,
    payType: z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(1), z.literal(2), z.literal(4)])),
    payee: refundPayeeFields.payee.value,
    bank: refundPayeeFields.bank.value,
    bankno: refundPayeeFields.bankno.value,
    memo,
    lines: z.array(billPhotoLine).max(9).default([]),
  }),
  rowFields: { shopName: z.string(), memberName: z.string().nullable(), reserveTypeName: z.string() },
  filterFields: {
    state: true,
    shopId: true,
    date: { label: ['单据日期', 'Date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'] },
    serveType: true,
    keyword: { label: ['单号/电话', 'Bill no. / mobile'], kind: 'text', keys: ['keyword'], fields: ['billNo', 'tkName', 'tkMobile'] },
  },
  sums: ['tkMoney'],
  headFields: {
    billNo: { label: ['单据编码', 'Bill no.'], kind: 'text', column: { width: 170 } },
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { display: 'shopName', width: 120 }, form: {} },
    billDate: { label: ['单据日期', 'Date'], kind: 'date', column: { width: 110, sortable: true }, form: {} },
    state: { label: ['单据状态', 'State'], kind: 'select', column: { width: 100 } },
    memType: { label: ['退款人', 'Refunded to'], kind: 'select', options: offlineMemTypes, column: { width: 80 }, form: {} },
    memberId: { label: ['会员', 'Member'], kind: 'member', column: { display: 'memberName', width: 100 }, form: {} },
    serveType: { label: ['项目分类', 'Category'], kind: 'select', options: offlineServeTypes, column: { width: 150 }, form: {} },
    tkBillcode: { label: ['订单号', 'Order no.'], kind: 'text', form: {} },
    tkMoney: { label: ['实退金额', 'Refund amount'], kind: 'money', column: { width: 110, sortable: true }, form: {} },
    tkName: { label: ['联系人姓名', 'Contact'], kind: 'text', column: { width: 100 }, form: {} },
    tkMobile: { label: ['手机号码', 'Mobile'], kind: 'text', column: { width: 110 }, form: {}, masked: 'mobile' },
    tkAttr: { label: ['退款属性', 'Refund reason'], kind: 'select', options: refundAttributes, form: {} },
    reserveTypeId: reserveTypeField(['退款方式', 'Paid from'], 110),
    payType: { label: ['打款方式', 'Payout'], kind: 'select', options: offlinePayTypes, form: {} },
    ...refundPayeeFields,
    tkContent: { label: ['退款原因', 'Reason'], kind: 'textarea', form: { span: 24 } },
    createdByName: { label: ['制单人', 'Made by'], kind: 'text', column: { width: 90 } },
    ...approveThenReviewTrail,
    memo: { label: ['备注', 'Memo'], kind: 'text', form: { span: 16 }, detail: true },
  },
  lineFields: { url: { label: ['附件', 'Attachment'], kind: 'image', column: {}, form: {} } },
  paths: {
    list: ['billListsp', 'billListfh'],
    pick: 'list/all',
    save: ['saveBill'],
    detail: 'getDetail/:id',
    remove: 'deleteBill',
    export: 'export',
    logByNo: { path: '/api-finance/xxtkoperlog/list/all', key: 'billcode' },
  },
});
