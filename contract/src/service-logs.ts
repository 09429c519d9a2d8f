import { z } from 'zod';
import { date, id, type Label, pageAnswer, pageQuery } from './platform.js';

/**
 * Service logs (服务日志), customer reviews (顾客评价) and the usage records of coupons and red envelopes
 * (module `servicelogs`). A log and a review belong to a settled, not revoked service bill with a service
 * line; a bill without a log is 未填写 (computed, never stored).
 */
export const SERVICE_LOG_PATHS = {
  list: '/api-member/servicerecords/list/log',
  chainList: '/api-member/servicerecords/chain/list/log',
  detail: '/api-member/servicerecords/log/detail',
  save: '/api-member/servicerecords/log/save',
  reviews: '/api-member/servicerecords/chain/memServicelogList',
  reviewsExport: '/api-member/servicerecords/chain/memServicelogExport',
  reviewSave: '/api-member/servicerecords/review/save',
  reviewReply: '/api-member/servicerecords/review/reply',
  couponRecords: '/api-member/couponinfo/chain/list/records',
  redEnvelopeRecords: '/api-member/redenvelopeinfo/chain/list/records',
} as const;

export const SERVICE_LOG_PERMS = {
  view: 'servicelogs.log.view',
  edit: 'servicelogs.log.edit',
  reviewView: 'servicelogs.review.view',
  reviewEdit: 'servicelogs.review.edit',
  reviewReply: 'servicelogs.review.reply',
  usageView: 'servicelogs.usage.view',
} as const;

export const SERVICE_LOG_PAGES = {
  logs: '/admin/members/servicelogs',
  reviews: '/admin/members/reviews',
  usage: '/admin/members/couponrecords',
} as const;

/** 日志状态: 1 未填写 (no log yet) | 2 已填写. */
export const logStateLabels: Record<1 | 2, Label> = { 1: ['未填写', 'Not written'], 2: ['已填写', 'Written'] };
/** 回访状态: 1 待回访 | 2 已取消 | 3 已预约. */
export const returnStateLabels: Record<1 | 2 | 3, Label> = {
  1: ['待回访', 'To call back'],
  2: ['已取消', 'Cancelled'],
  3: ['已预约', 'Booked'],
};
/** 反预约 (the stylist books the next visit): 1 成功 | 2 失败 | 3 已预约. */
export const rebookLabels: Record<1 | 2 | 3, Label> = {
  1: ['成功', 'Booked now'],
  2: ['失败', 'Not booked'],
  3: ['已预约', 'Already booked'],
};
/** 整体评价: 1 好评 | 2 中评 | 3 差评. */
export const reviewRateLabels: Record<1 | 2 | 3, Label> = { 1: ['好评', 'Good'], 2: ['中评', 'Fair'], 3: ['差评', 'Poor'] };

const code3 = z.coerce.number().int().min(1).max(3);
const keyword = z.string().trim().max(64).optional();

/** The chain's list (and a member's or a shop's): 消费日期, 编辑时间 and 回访时间 ranges, shop, 服务人员, states. */
export const serviceLogQuery = pageQuery.extend({
  shopid: id.optional(),
  /** 消费日期: the bill's business day. */
  dateFrom: date.optional(),
  dateTo: date.optional(),
  /** 编辑时间: the day the log was last saved. */
  editFrom: date.optional(),
  editTo: date.optional(),
  /** 回访时间: the day of the return visit. */
  visitFrom: date.optional(),
  visitTo: date.optional(),
  /** 服务人员: an employee who served a service line of the bill. */
  employeeId: id.optional(),
  logState: z.coerce.number().int().min(1).max(2).optional(),
  returnState: code3.optional(),
  /** Member name or mobile, or the bill number (contains). */
  keyword,
});
/** `list/log`: one member's (memid), one shop's (shopid) or one stylist's (employeeId) service logs; one is required. */
export const memberServiceLogQuery = serviceLogQuery.extend({ memid: id.optional() });

const named = z.object({ id: z.number(), name: z.string() });

export const serviceLogRow = z.object({
  /** The bill's id: a row is a bill, with or without its log. */
  billId: z.number(),
  billNo: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  memberId: z.number().nullable(),
  memberName: z.string().nullable(),
  mobile: z.string().nullable(),
  sex: z.number().nullable(),
  businessDate: z.string(),
  /** 消费时间: when the bill was settled. */
  settledAt: z.string().nullable(),
  /** 项目: the bill's services. */
  items: z.string(),
  /** 服务人员: who served its services. */
  staffNames: z.string(),
  logState: z.union([z.literal(1), z.literal(2)]),
  logId: z.number().nullable(),
  content: z.string().nullable(),
  /** 问题分析 (content1). */
  problem: z.string().nullable(),
  /** 铺垫项目 (pdsers): the services suggested for the next visit. */
  suggested: z.array(named),
  photos: z.array(z.string()),
  returnState: z.number().nullable(),
  returnAt: z.string().nullable(),
  rebook: z.number().nullable(),
  /** 编辑时间. */
  editedAt: z.string().nullable(),
  editedByName: z.string().nullable(),
  version: z.number().nullable(),
});
export type ServiceLogRow = z.infer<typeof serviceLogRow>;
export const serviceLogPage = pageAnswer(serviceLogRow);

export const serviceLogDetailQuery = z.object({ billId: id });

export const serviceLogSave = z.strictObject({
  billId: z.number().int().positive(),
  /** The log's version when it exists (optimistic locking); left out for a new log. */
  version: z.number().int().positive().optional(),
  content: z.string().trim().min(1).max(2000),
  problem: z.string().trim().max(2000).nullish(),
  suggestedServiceIds: z.array(z.number().int().positive()).max(10).default([]),
  photos: z.array(z.string().trim().min(1).max(300)).max(3).default([]),
  returnState: z.number().int().min(1).max(3).nullish(),
  /** 回访时间 (ISO 8601). */
  returnAt: z.iso.datetime({ offset: true }).nullish(),
  rebook: z.number().int().min(1).max(3).nullish(),
});

export const reviewRow = z.object({
  id: z.number(),
  billId: z.number(),
  billNo: z.string(),
  settledAt: z.string().nullable(),
  memberName: z.string().nullable(),
  mobile: z.string().nullable(),
  shopId: z.number(),
  shopName: z.string(),
  items: z.string(),
  staffNames: z.string(),
  /** 点评对象. */
  employeeId: z.number(),
  employeeName: z.string(),
  rate: z.number(),
  comment: z.string().nullable(),
  /** 评价时间. */
  reviewedAt: z.string(),
  replied: z.boolean(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type ReviewRow = z.infer<typeof reviewRow>;
export const reviewPage = pageAnswer(reviewRow);

/** 顾客评价记录: shop, member (name or mobile), 评价时间 range, 整体评价. */
export const reviewQuery = pageQuery.extend({
  shopid: id.optional(),
  keyword,
  dateFrom: date.optional(),
  dateTo: date.optional(),
  rate: code3.optional(),
});

export const reviewSave = z.strictObject({
  billId: z.number().int().positive(),
  /** 点评对象: one who served the bill's services. */
  employeeId: z.number().int().positive(),
  rate: z.number().int().min(1).max(3),
  comment: z.string().trim().max(1000).nullish(),
});
export const reviewReplyBody = z.strictObject({
  id: z.number().int().positive(),
  reply: z.string().trim().min(1).max(1000),
});

/** A log with the bill's review, for the drawer of one bill. */
export const serviceLogDetail = z.object({ log: serviceLogRow, review: reviewRow.nullable() });

/** A coupon's or red envelope's use at the till: a payment of a settled, not revoked bill. */
export const usageRecordRow = z.object({
  /** The payment's id. */
  id: z.number(),
  memberCouponId: z.number(),
  code: z.string(),
  definitionName: z.string().nullable(),
  memberId: z.number(),
  memberName: z.string().nullable(),
  mobile: z.string().nullable(),
  faceValue: z.number(),
  /** What this bill paid with it (cents). */
  amount: z.number(),
  issuedShopName: z.string(),
  issuedAt: z.string(),
  billId: z.number(),
  billNo: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  businessDate: z.string(),
  usedAt: z.string().nullable(),
});
export type UsageRecordRow = z.infer<typeof usageRecordRow>;
export const usageRecordPage = pageAnswer(usageRecordRow).extend({ sum: z.object({ count: z.number(), amount: z.number() }) });

/** The shop of the bill, its business day range, the member (name, mobile) or the code or bill number. */
export const usageRecordQuery = pageQuery.extend({
  shopid: id.optional(),
  dateFrom: date.optional(),
  dateTo: date.optional(),
  keyword,
});
