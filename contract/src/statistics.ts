import { z } from 'zod';
import { date, id, pageAnswer, pageQuery } from './platform.js';
import { reportSource } from './reports.js';

/**
 * Member reports (DOMAIN-DETAIL §10, docs/DECISIONS.md "Member statistics"): the chain's members by type
 * (会员统计), each member's stored value and spending as kept on the member (会员数据汇总), and each member's
 * spending in a month and in its year to that month (会员消费分析, with its workbook). Money in cents.
 */
export const MEMBER_TYPES_PATH = '/api-member/tenantstatistics/memberStatistics';
export const MEMBER_SUMMARY_PATH = '/api-member/statistics/statisticsListForChain';
export const MEMBER_SPENDING_PATH = '/api-member/statisticsym/chain/list';
export const MEMBER_SPENDING_EXPORT_PATH = '/api-member/statisticsym/chain/export';

export const MEMBER_TYPES_URL = '/admin/statistics/member-types';
export const MEMBER_SUMMARY_URL = '/admin/statistics/member-summary';
export const MEMBER_SPENDING_URL = '/admin/statistics/member-spending';

export const MEMBER_TYPES_PERM = 'statistics.memberTypes.view';
export const MEMBER_SUMMARY_PERM = 'statistics.memberSummary.view';
export const MEMBER_SPENDING_PERM = 'statistics.memberSpending.view';

const money = z.coerce.number().int().min(0).max(1e13);
const visits = z.coerce.number().int().min(0).max(1e7);
const keyword = z.string().trim().max(32).optional();

/** A month of the calendar, `YYYY-MM`. */
export const yearMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM')
  .refine((s) => Number(s.slice(0, 4)) >= 1900, 'YYYY-MM');

export const memberTypesQuery = z
  .object({
    /** The new members' days (registered on them); this month to today on the company's calendar when left out. */
    dateFrom: date.optional(),
    dateTo: date.optional(),
    /** One shop only (a shop the user sees): members of that home shop. */
    shopid: id.optional(),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { message: 'dateFrom ≤ dateTo', path: ['dateTo'] });

/**
 * Members by type (a member may be of several types, so the types do not add up to the total):
 * - `newMembers` 新客: registered within the days;
 * - `potential` 潜在会员: holding no live stored-value or qualification card and no package with uses left;
 * - `storedValue` 储值卡会员: holding a live (not closed) stored-value card;
 * - `qualification` 资格卡会员: holding a live qualification card not expired;
 * - `package` 套餐会员: holding a package line with uses left, not expired;
 * - `total` 顾客总数量: every member not cancelled (注销), registered by the end of the days.
 * The types are the members' cards and packages as they are today.
 */
export const memberTypeCounts = z.object({
  newMembers: z.number(),
  potential: z.number(),
  storedValue: z.number(),
  qualification: z.number(),
  package: z.number(),
  total: z.number(),
});
export type MemberTypeCounts = z.infer<typeof memberTypeCounts>;
export const MEMBER_TYPE_FIELDS = [
  'newMembers',
  'potential',
  'storedValue',
  'qualification',
  'package',
  'total',
] as const satisfies readonly (keyof MemberTypeCounts)[];

export const memberTypesAnswer = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  /** The chain's (the user's shops'): sums of the shops' rows. */
  total: memberTypeCounts,
  /** Per home shop, by shop code: every shop the user sees with members. */
  shops: z.array(memberTypeCounts.extend({ shopId: z.number(), shopName: z.string() })),
  /** The twelve months to dateTo's: members registered in each, and the members (not cancelled) at its end. */
  growth: z.array(z.object({ month: z.string(), newMembers: z.number(), total: z.number() })),
  /** Where the figures were read (they read where reports read): the primary, or a replica and how far behind it was. */
  source: reportSource.optional(),
});
export type MemberTypesAnswer = z.infer<typeof memberTypesAnswer>;

/** 会员数据汇总: members with their stored value and spending, as kept on the member. */
export const memberSummaryQuery = pageQuery.extend({
  /** Members of this home shop (one the user sees). */
  shopid: id.optional(),
  /** Name, mobile (whole or its last 4+ digits), member number or pinyin initials (memcodename). */
  keyword,
  /** Money left on the member's stored-value cards (principal + gift), cents. */
  minMoney: money.optional(),
  maxMoney: money.optional(),
});

const memberColumns = {
  memberId: z.number(),
  code: z.string(),
  name: z.string(),
  nickname: z.string().nullable(),
  mobile: z.string(),
  /** 1 male, 2 female, 0 not given. */
  gender: z.number(),
  shopId: z.number(),
  shopName: z.string(),
};

export const memberSummaryRow = z.object({
  ...memberColumns,
  registeredOn: z.string(),
  /** 卡金余额, 赠送金余额 and their sum, over the member's cards and shop buckets. */
  principal: z.number(),
  gift: z.number(),
  balance: z.number(),
  /** Value left in packages (uses left × unit price). */
  packageValue: z.number(),
  /** 累计消费, 到店次数, 客单价 and 最近到店, as the member's bills make them (settled, not revoked). */
  spent: z.number(),
  visits: z.number(),
  perVisit: z.number(),
  lastVisitAt: z.string().nullable(),
});
export type MemberSummaryRow = z.infer<typeof memberSummaryRow>;
/** The statistics' pages say where they were read, as 会员统计 does. */
export const memberSummaryPage = pageAnswer(memberSummaryRow).extend({ source: reportSource.optional() });

/** 会员消费分析 (年月统计): the month's and its year's spending of each member. */
export const memberSpendingQuery = pageQuery.extend({
  /** The month (消费月), required. */
  yearMonth,
  /** Members of this home shop (one the user sees). */
  shopid: id.optional(),
  keyword,
  /** Only members who spent at least this much in the year to the month (minservTotal), cents. */
  minservTotal: money.optional(),
  /** … in the month (mincmMoney), cents. */
  mincmMoney: money.optional(),
  /** … with at least this many visits in the year to the month (minservNum). */
  minservNum: visits.optional(),
  /** … in the month (mincmNum). */
  mincmNum: visits.optional(),
});

export const memberSpendingRow = z.object({
  ...memberColumns,
  /** The month's spending, visits and spending per visit (cmMoney, cmNum, cmUnivalent). */
  cmMoney: z.number(),
  cmNum: z.number(),
  cmUnivalent: z.number(),
  /** From the first of the month's year to the month's end (servTotal, servNum, univalent). */
  servTotal: z.number(),
  servNum: z.number(),
  univalent: z.number(),
});
export type MemberSpendingRow = z.infer<typeof memberSpendingRow>;
export const memberSpendingPage = pageAnswer(memberSpendingRow).extend({ source: reportSource.optional() });
