import { z } from 'zod';
import { date, id, pageAnswer, pageQuery } from './platform.js';

/**
 * Messaging (短信与消息, DOMAIN-DETAIL §8): the SMS allowance on one ledger (bought by the chain,
 * assigned to shops, spent by sends, returned by failed deliveries), SMS templates, campaigns (群发)
 * to a member audience, and their statistics.
 */

/** Where a text's length takes it: ≤ 54 characters is one SMS, 55–118 two, 119–185 three (§8.1). */
export const SMS_PART_LIMITS = [54, 118, 185] as const;
export const SMS_MAX_CHARS = SMS_PART_LIMITS[SMS_PART_LIMITS.length - 1];

/** Characters as a phone counts them (an emoji is one), so the web preview and the server agree. */
export const smsLength = (text: string) => [...text].length;

/** The SMS a text is billed as (signature and salutation included by the caller), or null when too long to send. */
export function smsParts(text: string): number | null {
  const length = smsLength(text);
  const index = SMS_PART_LIMITS.findIndex((limit) => length <= limit);
  return index < 0 ? null : index + 1;
}

/** The signature every text ends with; it counts towards the parts. */
export const smsSignature = (tenantName: string) => `【${tenantName}】`;

/**
 * The salutation a campaign with `addcw` puts before each text: the member's name, at most
 * SMS_NAME_CHARS characters of it, then a comma. A campaign's cost reserves that many characters.
 */
export const SMS_NAME_CHARS = 4;
export const smsSalutation = (memberName: string) => `${[...memberName.trim()].slice(0, SMS_NAME_CHARS).join('')}，`;

/** The chain's price packages (smsconfig): so many messages for so many cents. */
export const SMS_PACKAGES = [
  { count: 1000, price: 8000 },
  { count: 5000, price: 37500 },
  { count: 10000, price: 70000 },
  { count: 50000, price: 325000 },
] as const;

// ---- the allowance ----

/** The seed's prefix of the messaging calls (the server's routes and the web's calls). */
export const SMS_PATH = '/api-push';

export const SMS_PERM = {
  view: 'messaging.sms.view',
  buy: 'messaging.sms.buy',
  assign: 'messaging.sms.assign',
  send: 'messaging.sms.send',
  template: 'messaging.template.edit',
} as const;

export const SMS_URL = '/admin/messaging/sms';

/** 1 WeChat Pay, 2 Alipay: how the chain pays an order (the sandbox accepts both). */
export const smsPayTypes = [1, 2] as const;

export const smsOrderBody = z.strictObject({
  rechargenum: z.number().int().positive(),
  /** The package's price in cents, as the buyer saw it. */
  payje: z.number().int().positive(),
  ptype: z.union([z.literal(1), z.literal(2)]).default(1),
});
export const smsOrderRow = z.object({
  id: z.number(),
  billcode: z.string(),
  rechargenum: z.number(),
  payje: z.number(),
  ptype: z.number(),
  state: z.enum(['paid', 'failed']),
  tradeNo: z.string().nullable(),
  payTime: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export const smsOrderQuery = pageQuery.extend({ from: date.optional(), to: date.optional() });
export const smsOrderPage = pageAnswer(smsOrderRow);

/**
 * 分配: the same count to each of these shops; a negative count takes messages back from them. The
 * seed reads batchAssign as GET: `shopIds=1,2&count=100` in the query, or the same as a POST body.
 */
const shopIdList = z.array(id).min(1).max(500);
export const smsAssignBody = z.strictObject({ shopIds: shopIdList, count: z.number().int().min(-1_000_000).max(1_000_000) });
export const smsAssignQuery = z.object({
  shopIds: z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), shopIdList),
  count: z.coerce.number().int().min(-1_000_000).max(1_000_000),
});
export const smsAssignRow = z.object({
  id: z.number(),
  shopId: z.number(),
  shopName: z.string().nullable(),
  count: z.number(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export const smsAssignListQuery = pageQuery.extend({ shopid: id.optional(), from: date.optional(), to: date.optional() });
export const smsAssignPage = pageAnswer(smsAssignRow);

/** A shop's allowance: assigned to it, used by its sends (net of failed deliveries), what is left. */
export const smsShopRow = z.object({
  shopId: z.number(),
  shopName: z.string(),
  assigned: z.number(),
  used: z.number(),
  remaining: z.number(),
});
export const smsShopQuery = z.object({ shopid: id.optional() });
export const smsShopList = z.array(smsShopRow);

/** The chain's allowance: bought, assigned to shops, left to assign, and left in the shops. */
export const smsTenantAllowance = z.object({
  bought: z.number(),
  assigned: z.number(),
  pool: z.number(),
  shopsRemaining: z.number(),
  used: z.number(),
});

export const smsConfigAnswer = z.object({
  signature: z.string(),
  provider: z.string(),
  partLimits: z.array(z.number()),
  packages: z.array(z.object({ count: z.number(), price: z.number() })),
});

// ---- statistics (smsdstatis per day, smsmstatis per month) ----

/** 验证码, 群发, 服务回访, 生日 (sent, net of failures), 充值 (bought), 分配 (assigned to the shop), 余量 (left at the period's end). */
export const smsStatRow = z.object({
  period: z.string(),
  shopId: z.number().nullable(),
  shopName: z.string().nullable(),
  code: z.number(),
  task: z.number(),
  returnVisit: z.number(),
  birthday: z.number(),
  recharge: z.number(),
  assign: z.number(),
  remaining: z.number(),
});
export const smsStatQuery = z.object({ shopid: id.optional(), from: date, to: date });
export const smsStatList = z.array(smsStatRow);

// ---- templates (smstemplate) ----

/** The variables a template's text may hold, filled per recipient. */
export const SMS_VARIABLES = ['{name}', '{shop}', '{date}'] as const;

const smsText = z.string().trim().min(1).max(SMS_MAX_CHARS);
export const smsTemplateBody = z.strictObject({
  id: id.optional(),
  version: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(64),
  /** 1 service staff reminder, 2 customer message. */
  stype: z.union([z.literal(1), z.literal(2)]).default(2),
  content: smsText,
  tempid: z.string().trim().max(64).nullish(),
});
export const smsTemplateRow = z.object({
  id: z.number(),
  version: z.number(),
  name: z.string(),
  stype: z.number(),
  content: z.string(),
  tempid: z.string().nullable(),
  /** The parts of the content with its signature (variables as written). */
  parts: z.number().nullable(),
  updatedAt: z.string(),
});
export const smsTemplateQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  stype: z.coerce.number().int().min(1).max(2).optional(),
});
export const smsTemplatePage = pageAnswer(smsTemplateRow);
export const smsTemplateList = z.array(smsTemplateRow);

// ---- the audience (userinfo/list/findConditionSms) and campaigns (smstask) ----

const dayOrEmpty = date.optional();
/** The member filter of a campaign; every condition left out matches everyone (an empty filter is all members). */
export const smsAudienceFilter = z.strictObject({
  /** The members of this home shop; every shop the user sees when left out. */
  shopid: id.optional(),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  gradeId: id.optional(),
  advisorId: id.optional(),
  minVisits: z.number().int().min(0).optional(),
  /** Cents. */
  minSpent: z.number().int().min(0).optional(),
  /** Members with money on their cards. */
  hasBalance: z.boolean().optional(),
  /** The last visit within these days. */
  visitFrom: dayOrEmpty,
  visitTo: dayOrEmpty,
});
export type SmsAudienceFilter = z.output<typeof smsAudienceFilter>;
/** The same filter in a query string (numbers as text). */
export const smsAudienceQuery = z.object({
  shopid: id.optional(),
  gender: z.coerce.number().int().min(0).max(2).optional(),
  gradeId: id.optional(),
  advisorId: id.optional(),
  minVisits: z.coerce.number().int().min(0).optional(),
  minSpent: z.coerce.number().int().min(0).optional(),
  hasBalance: z.enum(['true', 'false']).optional(),
  visitFrom: dayOrEmpty,
  visitTo: dayOrEmpty,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export const smsAudienceMember = z.object({ id: z.number(), code: z.string(), name: z.string(), mobile: z.string(), shopId: z.number() });
export const smsAudiencePage = pageAnswer(smsAudienceMember);

const mobileNo = z.string().regex(/^1\d{10}$/, '11 位手机号 / 11-digit mobile');
export const smsTaskBody = z.strictObject({
  id: id.optional(),
  version: z.number().int().positive().optional(),
  /** The sending shop: its allowance pays. */
  shopid: id,
  content: smsText,
  /** 1: each text starts with the member's name. */
  addcw: z.union([z.literal(0), z.literal(1)]).default(0),
  /** 1 now, 2 at sendtime. */
  sendtype: z.union([z.literal(1), z.literal(2)]).default(1),
  sendtime: z.iso.datetime({ offset: true }).optional(),
  /** Typed numbers; when given, the filter is not used. */
  mobiles: z.array(mobileNo).min(1).max(1000).optional(),
  filter: smsAudienceFilter.optional(),
  /** false: only answer the recipients, parts and cost (the confirmation), queue nothing. */
  confirm: z.boolean().default(true),
});
export const smsTaskState = z.enum(['pending', 'sending', 'sent', 'cancelled']);
/** The live event of a campaign whose sending starts or ends (its shop limits who gets it). */
export const SMS_TASK_TOPIC = 'sms.task.changed';
export const smsTaskRow = z.object({
  id: z.number(),
  version: z.number(),
  shopId: z.number(),
  shopName: z.string().nullable(),
  content: z.string(),
  addcw: z.number(),
  sendtype: z.number(),
  sendtime: z.string().nullable(),
  mobiles: z.array(z.string()).nullable(),
  filter: z.record(z.string(), z.unknown()).nullable(),
  recipients: z.number(),
  parts: z.number(),
  /** recipients × parts: what is reserved on the shop's allowance. */
  cost: z.number(),
  state: smsTaskState,
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
/** What sending would take, before it is confirmed. */
export const smsTaskPreview = z.object({
  recipients: z.number(),
  parts: z.number(),
  cost: z.number(),
  remaining: z.number(),
  /** The audience is every member (no numbers, no condition). */
  allMembers: z.boolean(),
});
export const smsTaskAnswer = z.object({ preview: smsTaskPreview, task: smsTaskRow.nullable() });
export const smsTaskQuery = pageQuery.extend({ shopid: id.optional(), state: smsTaskState.optional() });
export const smsTaskPage = pageAnswer(smsTaskRow);
/** updateTaskConnetById: cancel a pending campaign (its reservation returns) or resume a cancelled one. */
export const smsTaskToggleBody = z.strictObject({ id, action: z.enum(['cancel', 'resume']) });

export const smsReplyRow = z.object({
  id: z.number(),
  shopId: z.number().nullable(),
  taskId: z.number().nullable(),
  mobile: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export const smsReplyQuery = pageQuery.extend({ shopid: id.optional(), taskId: id.optional() });
export const smsReplyPage = pageAnswer(smsReplyRow);

// ---- automatic messages: service return visits (servicesmsreturn), birthdays (birthdaysms) ----

export const smsReturnBody = z.strictObject({
  id: id.optional(),
  version: z.number().int().positive().optional(),
  scontent: smsText,
  /** The service types whose settled services call for the text. */
  serviceTypeIds: z.array(id).min(1).max(200),
  /** Days after the service. */
  afterDay: z.number().int().min(1).max(365),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
});
export const smsReturnRow = z.object({
  id: z.number(),
  version: z.number(),
  scontent: z.string(),
  serviceTypeIds: z.array(z.number()),
  afterDay: z.number(),
  status: z.number(),
  updatedAt: z.string(),
});
export const smsReturnList = z.array(smsReturnRow);

/** A shop's birthday text; a birthday text is one SMS (≤ 54 characters with the signature). */
export const smsBirthdayBody = z.strictObject({
  shopid: id,
  autosend: z.union([z.literal(0), z.literal(1)]),
  autoMessage: smsText,
});
export const smsBirthdayRow = z.object({
  shopId: z.number(),
  shopName: z.string().nullable(),
  autosend: z.number(),
  autoMessage: z.string(),
  updatedAt: z.string(),
});
export const smsBirthdayQuery = z.object({ shopid: id.optional() });
export const smsBirthdayList = z.array(smsBirthdayRow);

// ---- in-app messages (systemmsg, systemmstatus, adminmstatus, insidemsg) ----

/** The seed's resources and the kind of message each serves. */
export const INAPP_RESOURCES = { systemmsg: 'system', systemmstatus: 'system', adminmstatus: 'admin', insidemsg: 'inside' } as const;
export const INAPP_PERM = 'messaging.notice.publish';
/** The page where head office publishes notices and shops write to head office. */
export const INAPP_URL = '/admin/messaging/notices';
/** The live event of a published message (its shop limits who gets it). */
export const INAPP_TOPIC = 'message.published';

const ids = z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(id).min(1).max(500));
export const inappPublishBody = z.strictObject({
  title: z.string().trim().min(1).max(100),
  content: z.string().trim().min(1).max(2000),
  /** publish: the shop it goes to (none: every shop); publishchain: the shop it comes from. */
  shopid: id.optional(),
});
export const inappReadBody = z.strictObject({ ids });
export const inappListQuery = pageQuery.extend({ shopid: id.optional(), unread: z.enum(['true', 'false']).optional() });
export const inappRow = z.object({
  id: z.number(),
  kind: z.enum(['system', 'admin', 'inside']),
  title: z.string(),
  content: z.string(),
  fromShopId: z.number().nullable(),
  toShopId: z.number().nullable(),
  publishedByName: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export const inappPage = pageAnswer(inappRow).extend({ unread: z.number() });
export const inappReadAnswer = z.object({ read: z.number() });

/** A message as its publisher sees it: how many accounts have read it so far. */
export const inappSentRow = inappRow.extend({ readers: z.number() });
export const inappSentPage = pageAnswer(inappSentRow);

// ---- WeChat return visits (servicewxreturn, servicewxtask) ----

const onOff = z.union([z.literal(1), z.literal(2)]);
/** Save a setting (no id creates); `isDel: '1'` with its id deletes it, as the original client does. */
export const wxReturnBody = z.union([
  z.strictObject({ id, isDel: z.literal('1') }),
  z.strictObject({
    id: id.optional(),
    version: z.number().int().positive().optional(),
    servtid: id,
    servids: z.array(id).min(1).max(200),
    /** The brand whose shops' bills count; none: every shop's. */
    brandid: id.nullish(),
    /** The station (1–3) of the bill line whose employee is reminded. */
    postion: z.number().int().min(1).max(3),
    /** Staff reminder: 1 on, 2 off. */
    serStatus: onOff,
    /** Customer message: 1 on, 2 off. */
    cusStatus: onOff,
  }),
]);
export const wxReturnQuery = z.object({ servtid: id.optional() });
export const wxReturnRow = z.object({
  id: z.number(),
  version: z.number(),
  servtid: z.number(),
  servids: z.array(z.number()),
  brandid: z.number().nullable(),
  postion: z.number(),
  serStatus: z.number(),
  cusStatus: z.number(),
  updatedAt: z.string(),
});
export const wxReturnList = z.array(wxReturnRow);
/** What a save answers: the setting, or null once deleted. */
export const wxReturnAnswer = wxReturnRow.nullable();

const wxTaskType = z.union([z.literal(1), z.literal(2)]);
export const wxTaskBody = z.strictObject({
  wrid: id,
  /** 1 staff reminder, 2 customer message. */
  type: wxTaskType,
  afterDay: z.number().int().min(1).max(10),
  /** The template (smstemplate) of the same kind: 1 staff, 2 customer. */
  pstid: id,
  /** The template's name as the client showed it; the server answers the stored one. */
  pstname: z.string().max(64).optional(),
});
export const wxTaskFind = z.strictObject({ wrid: id, type: wxTaskType });
export const wxTaskRow = z.object({
  id: z.number(),
  wrid: z.number(),
  type: z.number(),
  afterDay: z.number(),
  pstid: z.number(),
  pstname: z.string(),
  createdAt: z.string(),
});
export const wxTaskList = z.array(wxTaskRow);
