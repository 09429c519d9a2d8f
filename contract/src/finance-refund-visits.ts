import { z } from 'zod';
import { billLine, billSave, defineBill, instant } from './bills.js';
import { refundAttributes } from './finance-refunds-shared.js';
import { date, id, listCode, memo } from './platform.js';

// The return visit of a card refund (退卡回访, cardtkhfhead, §9.6): finance's review opens one (未回访); customer service
// records each call (保存回访), then confirms (已回访) or waives it (免回访, censorforM); a cancelled review voids it.

/** 核实原因: what a call found was behind the refund. */
export const visitFindings = {
  1: ['服务', 'Service'],
  2: ['技术', 'Technique'],
  3: ['服务及技术', 'Service and technique'],
  4: ['其他', 'Other'],
  5: ['消费', 'Spending'],
  6: ['接待', 'Reception'],
  7: ['顾客个人原因', "Customer's own reasons"],
  8: ['换卡（电子卡换实体卡）', 'Card exchanged (e-card for a plastic one)'],
  9: ['员工离职', 'Staff left'],
  10: ['充错卡', 'Wrong card recharged'],
  11: ['0元退卡', 'Zero-amount refund'],
} as const;
/** 满意度 of the member on a call. */
export const visitSatisfaction = {
  5: ['非常满意', 'Very satisfied'],
  4: ['满意', 'Satisfied'],
  3: ['一般', 'Neutral'],
  2: ['不满意', 'Dissatisfied'],
  1: ['非常不满意', 'Very dissatisfied'],
} as const;

const found = { finding: listCode(11), satisfaction: listCode(5).nullish() };
/** One call: its day, who called, what it found behind the refund, how satisfied the member is, a memo. */
const visitCallFields = { hfTime: date, hfBy: z.string().trim().min(1).max(32), ...found, memo };
/** 保存回访 (the seed's POST root): one call by the user (today unless dated), its note, the verified refund reason. */
export const visitCall = z.strictObject({ hfTime: date.optional(), ...found, note: memo, hstkattr: listCode(8).nullish() });

const open = ['pending', 'visiting'] as const;
const step = { from: open, perm: 'finance.cardtkhf.visit' } as const;
const onRefund = { ...step, by: { basePath: '/api-finance/cardtkhead', field: 'refundId' } } as const; // cardtkhead/auditBill, censorforM
const shown = { shopId: z.number(), shopName: z.string(), memberId: z.number(), memberName: z.string(), mobile: z.string().nullable() };
const refundShown = { refundNo: z.string(), refundAt: instant.nullable(), totalMoney: z.number(), tkattr: z.number() };

export const refundVisitBill = defineBill({
  docType: 'finance.cardtkhf',
  locks: ['close'],
  label: ['退卡回访', 'Refund return visit'],
  basePath: '/api-finance/cardtkhfhead',
  webPath: '/admin/finance/refund-visits',
  states: {
    pending: { label: ['未回访', 'Not visited'], color: 'orange' },
    visiting: { label: ['回访中', 'Visiting'], color: 'blue' },
    visited: { label: ['已回访', 'Visited'], color: 'green' },
    waived: { label: ['免回访', 'Waived'], color: 'default' },
    voided: { label: ['已作废', 'Voided'], color: 'default' },
  },
  initial: 'pending',
  editable: ['pending'],
  transitions: {
    visit: {
      ...onRefund,
      label: ['确认回访', 'confirm the visit of'],
      button: ['确认回访', 'Confirm visit'],
      to: 'visited',
      path: 'auditBill',
      when: 'called',
      inbox: true,
      signs: 'visited',
    },
    waive: {
      ...onRefund,
      label: ['免回访', 'waive the visit of'],
      button: ['免回访', 'Waive visit'],
      to: 'waived',
      path: 'waiveBill',
      batchPath: 'censorforM',
      confirm: true,
    },
  },
  actions: {
    record: {
      ...step,
      states: open,
      label: ['保存回访', 'record a call on'],
      button: ['保存回访', 'Record call'],
      path: '',
      body: visitCall,
    },
  },
  save: billSave({
    /** The reviewed refund visited: one visit at a time (a voided one may be made again). */
    refundId: id,
    billDate: date.optional(),
    /** 核实退款属性: the refund's reason as customer service verified it. */
    hstkattr: listCode(8).nullish(),
    hsmemo: memo,
    /** Calls made before the visit was entered (back-filled); later ones are recorded one by one. */
    lines: z.array(billLine(visitCallFields)).max(20).default([]),
  }),
  rowFields: { ...shown, ...refundShown },
  filterFields: { state: true, shopId: true, date: { label: ['单据日期', 'Date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'] } },
  headFields: {
    billNo: { label: ['单据编码', 'Bill no.'], kind: 'text', column: { width: 170 } },
    state: { label: ['回访状态', 'State'], kind: 'select', column: { width: 90 } },
    refundId: {
      label: ['退卡单', 'Refund'],
      kind: 'select',
      options: { url: '/api-finance/cardtkhead/list/all', value: 'id', label: 'billNo', params: { state: 'reviewed' } },
      column: { display: 'refundNo', width: 170 },
      form: {},
    },
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { display: 'shopName', width: 120 } },
    memberId: { label: ['会员', 'Member'], kind: 'member', column: { display: 'memberName', width: 100 } },
    mobile: { label: ['手机号码', 'Mobile'], kind: 'text', column: { width: 110 }, masked: 'mobile' },
    refundAt: { label: ['退款时间', 'Refunded at'], kind: 'datetime', column: { width: 150 } },
    totalMoney: { label: ['实退金额', 'Refund total'], kind: 'money', column: { width: 100 } },
    tkattr: { label: ['退卡属性', 'Refund reason'], kind: 'select', options: refundAttributes, column: { width: 100 } },
    billDate: { label: ['单据日期', 'Date'], kind: 'date', column: { width: 100, sortable: true }, form: {} },
    hstkattr: { label: ['核实退款属性', 'Verified reason'], kind: 'select', options: refundAttributes, form: {} },
    hsmemo: { label: ['核实退款原因', 'Verified details'], kind: 'textarea', form: { span: 16 } },
    visitedByName: { label: ['回访人', 'Visited by'], kind: 'text', column: { width: 90 } },
    visitedAt: { label: ['回访时间', 'Visited at'], kind: 'datetime', column: { width: 150 } },
  },
  lineFields: {
    hfTime: { label: ['回访日期', 'Call date'], kind: 'date', column: { width: 110 }, form: {} },
    hfBy: { label: ['回访人', 'Called by'], kind: 'text', column: { width: 100 }, form: {} },
    finding: { label: ['核实原因', 'Finding'], kind: 'select', options: visitFindings, column: { width: 140 }, form: {} },
    satisfaction: { label: ['满意度', 'Satisfaction'], kind: 'select', options: visitSatisfaction, column: { width: 100 }, form: {} },
    memo: { label: ['备注', 'Memo'], kind: 'text', column: {}, form: {} },
  },
  paths: {
    list: ['billList', 'findListWithProChain'],
    pick: 'list/all',
    save: ['saveBill'],
    detail: 'getDetail/:id',
    remove: 'deleteBill',
    export: 'billHfExport',
  },
});

// ---- refund statistics (退卡统计, findListWithProtj, the original's hyrefundtj) ----

export const refundStatsQuery = z.object({ dateFrom: date.optional(), dateTo: date.optional(), shopId: id.optional() });

/** Per shop, the reviewed refunds of the period (by bill date): counts, and amounts by payout and by reason (cents). */
export const refundStatsRow = z.object({
  shopId: z.number(),
  shopName: z.string(),
  tknum: z.number(),
  zeronum: z.number(),
  stnum: z.number(),
  cardnum: z.number(),
  totalmoney: z.number(),
  cardmoney: z.number(),
  closemoney: z.number(),
  leavemoney: z.number(),
  gerenmoney: z.number(),
  jishumoney: z.number(),
  xiaofeimoney: z.number(),
  fuwumoney: z.number(),
  qitamoney: z.number(),
});
export type RefundStatsRow = z.infer<typeof refundStatsRow>;
