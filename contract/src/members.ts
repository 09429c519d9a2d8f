import { z } from 'zod';
import type { Label } from './platform.js';
import { date, id, pageQuery } from './platform.js';

/** Member paths (`/api-member/...`), defined once for server and web. */
export const memberPaths = {
  chainList: '/api-member/chainmember/pageChainMembers',
  shopList: '/api-member/chainmember/chainPageMembers',
  detail: '/api-member/chainmember/queryMember',
  save: '/api-member/chainmember/saveMemberCard',
  freeze: '/api-member/chainmember/freezeMember',
  unfreeze: '/api-member/chainmember/cancelFreezeMember',
  import: '/api-member/chainmember/memberImport',
  importTemplate: '/api-member/chainmember/memberImportTemplate',
  importLogs: '/api-member/chainmember/queryMemberImplogs',
  relationList: '/api-member/userinfo/relation/list',
  relationExport: '/api-member/userinfo/relation/export',
  /** The writes and the picker, served under `relation/` and directly under `userinfo/` (both readings). */
  relationBases: ['/api-member/userinfo/relation', '/api-member/userinfo'],
} as const;

/** 1 normal, 2 frozen, 3 cancelled (注销). */
export const memberStatusLabels: Record<1 | 2 | 3, Label> = {
  1: ['正常', 'Normal'],
  2: ['冻结', 'Frozen'],
  3: ['注销', 'Cancelled'],
};

export const memberGenderLabels: Record<0 | 1 | 2, Label> = {
  0: ['未知', 'Not given'],
  1: ['男', 'Male'],
  2: ['女', 'Female'],
};

/** Import types: 1 members only, 2 with stored-value cards and their balances per shop bucket, 3 with packages. */
export const memberImportTypeLabels: Record<1 | 2 | 3, Label> = {
  1: ['仅导入会员', 'Members only'],
  2: ['会员 + 会员卡余额', 'Members with cards and balances'],
  3: ['会员 + 套餐', 'Members with packages'],
};

export const memberMobile = z
  .string()
  .trim()
  .regex(/^1\d{10}$/, '11 位手机号 / 11-digit mobile');

/** At most 10 characters, counted as characters (not bytes). */
export const memberName = z
  .string()
  .trim()
  .min(1)
  .refine((s) => Array.from(s).length <= 10, { message: '≤ 10' });

const cents = z.coerce.number().int().min(0).max(1e13);

/** Filters shared by the chain and shop lists. Money in cents. */
export const memberListQuery = pageQuery.extend({
  /** Whole mobile or its last 4+ digits, member number, a card's electronic or physical number, 2+ Chinese characters of the name, pinyin initials (2+ letters). */
  keyword: z.string().trim().max(32).optional(),
  shopId: id.optional(),
  gradeId: id.optional(),
  channelId: id.optional(),
  /** 1 normal, 2 frozen, 3 cancelled. */
  status: z.coerce.number().int().min(1).max(3).optional(),
  regFrom: date.optional(),
  regTo: date.optional(),
  visitFrom: date.optional(),
  visitTo: date.optional(),
  /** Stored value (principal + gift), cents. */
  balanceMin: cents.optional(),
  balanceMax: cents.optional(),
});

/** The shop list: `shopid` is the shop (scope-checked). */
export const memberShopListQuery = memberListQuery.omit({ shopId: true }).extend({ shopid: id });

export const memberSave = z.strictObject({
  id: id.optional(),
  version: z.number().int().positive().optional(),
  mobile: memberMobile,
  name: memberName,
  nickname: z.string().trim().max(20).nullish(),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  birthday: date.nullish(),
  /** Empty: today. */
  registeredOn: date.nullish(),
  shopId: id,
  channelId: id.nullish(),
  gradeId: id.nullish(),
  advisorId: id.nullish(),
  memo: z.string().trim().max(200).nullish(),
  /** saveMemberCard: the new member's first stored-value card, opened at the home shop in the same transaction. */
  card: z
    .strictObject({
      cardTypeId: id,
      /** Paid in, cents. */
      amount: z.number().int().min(0).max(10_000_000_000),
      cardNo: z.string().trim().min(1).max(32).optional(),
    })
    .optional(),
});

export const memberIdQuery = z.object({ memid: id });
export const freezeBody = z.strictObject({
  memids: z.array(id).min(1).max(1000),
  freezeMemo: z.string().trim().min(1).max(200),
});
/** The seed calls freeze by GET: `memids` as a comma list. */
export const freezeQuery = z.object({
  memids: z
    .string()
    .regex(/^\d+(,\d+){0,999}$/)
    .transform((s) => s.split(',').map(Number)),
  freezeMemo: z.string().trim().min(1).max(200),
});
export const unfreezeBody = z.strictObject({ memid: id });

export const relationListQuery = pageQuery.extend({
  keyword: z.string().trim().max(32).optional(),
  shopid: id.optional(),
  /** The advisor (所属员工); 0 = members without one. */
  eeid: z.coerce.number().int().min(0).optional(),
  /** At least this many days since the last visit (missday). */
  missDays: z.coerce.number().int().min(0).max(36500).optional(),
  spentMin: cents.optional(),
  spentMax: cents.optional(),
  visitsMin: z.coerce.number().int().min(0).optional(),
  visitsMax: z.coerce.number().int().min(0).optional(),
  channelId: id.optional(),
});
export const editEmployeeBody = z.strictObject({ memid: id, eeid: id });
export const batchEditBody = z.strictObject({ memids: z.array(id).min(1).max(1000), eeid: id });
export const removeUserinfoBody = z.strictObject({ memids: z.array(id).min(1).max(1000) });
export const eelistQuery = z.object({ shopid: id.optional(), keyword: z.string().trim().max(32).optional() });
/** An employee on the job in the advisor picker (`eelistApp`). */
export const advisorOption = z.object({
  id: z.number(),
  eecode: z.string(),
  name: z.string(),
  shopId: z.number().nullable(),
  shopName: z.string().nullable(),
});
export type AdvisorOption = z.output<typeof advisorOption>;

export const memberImportQuery = z.object({
  shopid: id,
  type: z.coerce.number().int().min(1).max(3).default(1),
});
export const memberImportTemplateQuery = z.object({ type: z.coerce.number().int().min(1).max(3).default(1) });
export const importLogQuery = pageQuery.extend({ shopid: id.optional() });

export interface MemberRow {
  id: number;
  code: string;
  name: string;
  nickname: string | null;
  mobile: string;
  gender: number;
  birthday: string | null;
  registeredOn: string;
  shopId: number;
  shopName: string | null;
  channelId: number | null;
  channelName: string | null;
  gradeId: number | null;
  gradeName: string | null;
  advisorId: number | null;
  advisorName: string | null;
  status: number;
  freezeMemo: string | null;
  memo: string | null;
  principal: number;
  gift: number;
  packageValue: number;
  /** 累计消费, 到店次数, 客单价 (spent / visits, rounded half-up), 最近到店: kept from the member's bills (docs/DECISIONS.md). */
  spent: number;
  visits: number;
  perVisit: number;
  points: number;
  lastVisitAt: string | null;
  version: number;
  createdAt: string;
}

/** The detail: the row, and whether it is the reduced front-desk view of another shop's member. */
export interface MemberDetail extends MemberRow {
  /** true: a member of a shop the user does not see (personal fields left out, mobile masked). */
  limited: boolean;
}

export interface RelationRow {
  id: number;
  code: string;
  name: string;
  mobile: string;
  shopId: number;
  shopName: string | null;
  channelName: string | null;
  advisorId: number | null;
  advisorName: string | null;
  spent: number;
  visits: number;
  /** spent / visits, cents (univalent). */
  perVisit: number;
  lastVisitAt: string | null;
  /** Days since the last visit; null: never visited. */
  missDays: number | null;
}

export interface ImportLogRow {
  id: number;
  shopId: number;
  shopName: string | null;
  type: number;
  fileName: string | null;
  expected: number;
  succeeded: number;
  failed: number;
  errors: { row: number; column: string; message: string }[];
  createdByName: string | null;
  createdAt: string;
}
