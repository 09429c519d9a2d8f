import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  billNo,
  billNoIndex,
  billTraceIndex,
  createdAt,
  ledgerTraceColumns,
  makerColumns,
  refId,
  tenantColumn,
  tenantKeys,
  tenantPrimaryKey,
  tenantReference,
  versionedTimestamps,
} from '../../db/columns.js';
import { shops } from '../org/public.js';

// The SMS allowance (DOMAIN-DETAIL §8.1): one balance per tenant pool (shop null) and per shop, moved only by `smsBook`.

/** Messages left: the chain's pool to assign (shop null) or a shop's to send. */
export const smsBalances = pgTable(
  'sms_balances',
  {
    ...tenantKeys(),
    shopId: refId('shop_id'),
    count: integer('count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('sms_balances_tenant_shop').on(t.tenantId, sql`coalesce(${t.shopId}, 0)`)],
);

/**
 * Append-only: every movement of the allowance with the count after it. doc types: `messaging.order`
 * (bought, pool +), `messaging.assign` (pool −, shop +, or back), `messaging.send` (shop −, a task's
 * reservation), `messaging.refund` (shop +, a failed delivery or a task's unused reservation).
 */
export const smsLedger = pgTable(
  'sms_ledger',
  {
    ...tenantKeys(),
    shopId: refId('shop_id'),
    delta: integer('delta').notNull(),
    balance: integer('balance').notNull(),
    ...ledgerTraceColumns(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('sms_ledger_tenant_shop').on(t.tenantId, sql`coalesce(${t.shopId}, 0)`, t.id),
    index('sms_ledger_tenant_at').on(t.tenantId, t.at),
    billTraceIndex(t),
  ],
);

/** The chain's purchases of messages, paid through the payment adapter. */
export const smsOrders = pgTable(
  'sms_orders',
  {
    ...tenantKeys(),
    billNo: billNo(),
    count: integer('count').notNull(),
    /** Cents. */
    money: bigint('money', { mode: 'number' }).notNull(),
    /** 1 WeChat Pay, 2 Alipay. */
    payType: smallint('pay_type').notNull(),
    state: text('state').$type<'paid' | 'failed'>().notNull(),
    tradeNo: text('trade_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...makerColumns(),
    createdAt: createdAt(),
  },
  (t) => [tenantPrimaryKey(t), billNoIndex(t)],
);

/** One shop's share of a batch assignment (a negative count takes messages back). */
export const smsAssigns = pgTable(
  'sms_assigns',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    count: integer('count').notNull(),
    ...makerColumns(),
    createdAt: createdAt(),
  },
  (t) => [tenantPrimaryKey(t), index('sms_assigns_tenant_shop').on(t.tenantId, t.shopId, t.id), tenantReference(t, t.shopId, shops)],
);

/** SMS templates: a text with variables ({name}, {shop}, {date}) a shop picks for a campaign. */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    ...tenantKeys(),
    name: text('name').notNull(),
    /** 1 service staff reminder, 2 customer message. */
    kind: smallint('kind').notNull().default(2),
    content: text('content').notNull(),
    /** A WeChat template id, when the template is also sent there. */
    wechatId: text('wechat_id'),
    ...makerColumns(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('sms_templates_tenant_name').on(t.tenantId, t.name)],
);

/**
 * A campaign (群发): its audience (typed numbers or a member filter), text and when to send. Its
 * cost (recipients × the most parts a message may take) is reserved on the shop's allowance when it is
 * queued and returned when it is cancelled; what a sent message did not use is returned at the end.
 */
export const smsTasks = pgTable(
  'sms_tasks',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    content: text('content').notNull(),
    /** 1: each text starts with the member's name (addcw). */
    salutation: smallint('salutation').notNull().default(0),
    /** 1 now, 2 at `sendAt`. */
    sendType: smallint('send_type').notNull().default(1),
    sendAt: timestamp('send_at', { withTimezone: true }),
    /** Typed numbers, or null: the member filter chooses. */
    mobiles: jsonb('mobiles').$type<string[] | null>(),
    filter: jsonb('filter').$type<Record<string, unknown> | null>(),
    recipients: integer('recipients').notNull(),
    /** The parts reserved per recipient. */
    parts: integer('parts').notNull(),
    /** pending (waiting or sending), sent, cancelled. */
    state: text('state').$type<'pending' | 'sending' | 'sent' | 'cancelled'>().notNull(),
    /** The last member id queued, the next batch starts after it. */
    cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
    queued: integer('queued').notNull().default(0),
    ...makerColumns(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), index('sms_tasks_tenant_shop').on(t.tenantId, t.shopId, t.id), tenantReference(t, t.shopId, shops)],
);

/** Every text sent from a shop's allowance, with its delivery state; a failed one returns its parts once. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    /** task, returnVisit, birthday, bookingReminder. */
    kind: text('kind').notNull(),
    taskId: refId('task_id'),
    memberId: refId('member_id'),
    mobile: text('mobile').notNull(),
    text: text('text').notNull(),
    parts: integer('parts').notNull(),
    /** queued, sent, failed. */
    state: text('state').$type<'queued' | 'sent' | 'failed'>().notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('sms_messages_tenant_task').on(t.tenantId, t.taskId, t.state),
    index('sms_messages_tenant_shop_created').on(t.tenantId, t.shopId, t.createdAt),
  ],
);

/** Replies to campaign texts, recorded as the SMS adapter hands them in. */
export const smsReplies = pgTable(
  'sms_replies',
  {
    ...tenantKeys(),
    shopId: refId('shop_id'),
    taskId: refId('task_id'),
    mobile: text('mobile').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [tenantPrimaryKey(t), index('sms_replies_tenant_created').on(t.tenantId, t.id)],
);

/** 服务回访: N days after a settled service of these types, the member gets this text (from the bill's shop). */
export const smsReturnRules = pgTable(
  'sms_return_rules',
  {
    ...tenantKeys(),
    content: text('content').notNull(),
    serviceTypeIds: jsonb('service_type_ids').$type<number[]>().notNull(),
    afterDays: integer('after_days').notNull(),
    status: smallint('status').notNull().default(1),
    ...makerColumns(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t)],
);

/** 生日短信: a shop's birthday text, sent by the daily job to its members born that day when `autoSend`. */
export const smsBirthdaySettings = pgTable(
  'sms_birthday_settings',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    autoSend: smallint('auto_send').notNull().default(0),
    content: text('content').notNull(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('sms_birthday_settings_tenant_shop').on(t.tenantId, t.shopId),
    tenantReference(t, t.shopId, shops),
  ],
);

/**
 * The occasions an automatic text was sent for, once each: `birthday` × member × year, `returnVisit:<rule>`
 * × member × bill. The key makes a second run (or a second instance) send nothing more.
 */
export const smsAutoSent = pgTable(
  'sms_auto_sent',
  {
    tenantId: tenantColumn(),
    occasion: text('occasion').notNull(),
    memberId: refId('member_id').notNull(),
    key: bigint('key', { mode: 'number' }).notNull(),
    messageId: refId('message_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.occasion, t.memberId, t.key] })],
);

/**
 * In-app messages: system and head-office notices (`system`, `admin`) to every shop or one, and
 * `inside` messages between head office and a shop (from a shop: `toShopId` null, head office reads it).
 */
export const inappMessages = pgTable(
  'inapp_messages',
  {
    ...tenantKeys(),
    kind: text('kind').$type<'system' | 'admin' | 'inside'>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    fromShopId: refId('from_shop_id'),
    toShopId: refId('to_shop_id'),
    ...makerColumns(),
    createdAt: createdAt(),
  },
  (t) => [tenantPrimaryKey(t), index('inapp_messages_tenant_kind').on(t.tenantId, t.kind, t.id)],
);

/** Which account read which message, and when. */
export const inappReads = pgTable(
  'inapp_reads',
  {
    tenantId: tenantColumn(),
    messageId: refId('message_id').notNull(),
    userId: refId('user_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.messageId] })],
);

/**
 * WeChat return visits (servicewxreturn): for services of one type (of a brand's shops, or every
 * shop), whether the staff at `station` are reminded and whether the customer gets a message.
 */
export const wxReturnRules = pgTable(
  'wx_return_rules',
  {
    ...tenantKeys(),
    serviceTypeId: refId('service_type_id').notNull(),
    serviceIds: jsonb('service_ids').$type<number[]>().notNull(),
    brandId: refId('brand_id'),
    /** The bill line's station (1–3) whose employee gets the staff reminder. */
    station: smallint('station').notNull(),
    staffOn: smallint('staff_on').notNull(),
    customerOn: smallint('customer_on').notNull(),
    ...makerColumns(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), index('wx_return_rules_tenant_type').on(t.tenantId, t.serviceTypeId)],
);

/** The reminders of a rule (servicewxtask): so many days after the service, with this WeChat template. */
export const wxReturnTasks = pgTable(
  'wx_return_tasks',
  {
    ...tenantKeys(),
    ruleId: refId('rule_id').notNull(),
    /** 1 staff, 2 customer. */
    type: smallint('type').notNull(),
    afterDays: integer('after_days').notNull(),
    templateId: refId('template_id').notNull(),
    ...makerColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('wx_return_tasks_tenant_rule').on(t.tenantId, t.ruleId, t.type),
    tenantReference(t, t.ruleId, wxReturnRules).onDelete('cascade'),
    tenantReference(t, t.templateId, smsTemplates),
  ],
);

/** A WeChat message the daily job sent (the sandbox delivers it at once): to an employee or a member. */
export const wxMessages = pgTable(
  'wx_messages',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    taskId: refId('task_id').notNull(),
    type: smallint('type').notNull(),
    billId: refId('bill_id').notNull(),
    memberId: refId('member_id').notNull(),
    employeeId: refId('employee_id'),
    templateId: refId('template_id').notNull(),
    state: text('state').$type<'queued' | 'sent'>().notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [tenantPrimaryKey(t), index('wx_messages_tenant_task').on(t.tenantId, t.taskId)],
);
