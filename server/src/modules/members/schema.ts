import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  memo,
  refId,
  sort,
  status,
  tenantColumn,
  tenantKeys,
  tenantPrimaryKey,
  tenantReference,
  timestamps,
  updatedAt,
  versionedTimestamps,
} from '../../db/columns.js';
import { bigramColumns, bigramIndexes, exactIndex, prefixIndex, tailColumn } from '../../platform/search.js';
import { brands, channels, employees, memberGrades, shops } from '../org/public.js';

/**
 * Card systems (会员卡体系): a family of card types sharing the rules of where their money may be
 * used. Stored value: spent or recharged at another shop, which money (principal, gift) another shop
 * may take, spent in other brands. Qualification cards: used or renewed at another shop or brand.
 */
export const cardSystems = pgTable(
  'card_systems',
  {
    ...tenantKeys(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    brandId: refId('brand_id'),
    /** 1 on, 2 off. */
    status: status(),
    /** Stored value spent at a shop other than the one holding the money (isSdiffshop). */
    storedOtherShop: smallint('stored_other_shop').notNull().default(1),
    /** Which money another shop may take: 'principal', 'gift' (sShopCardMoneyTypes). */
    storedOtherShopMoney: jsonb('stored_other_shop_money').$type<('principal' | 'gift')[]>().notNull().default(['principal', 'gift']),
    /** Recharged at another shop (isSdiffcharge). */
    storedOtherShopRecharge: smallint('stored_other_shop_recharge').notNull().default(1),
    /** Spent in other brands (isSdiffbrand), which money, and which brands. */
    storedOtherBrand: smallint('stored_other_brand').notNull().default(0),
    storedOtherBrandMoney: jsonb('stored_other_brand_money').$type<('principal' | 'gift')[]>().notNull().default([]),
    storedBrandIds: jsonb('stored_brand_ids').$type<number[]>().notNull().default([]),
    /** Qualification cards used / renewed at another shop, used in other brands (isMdiff*). */
    qualificationOtherShop: smallint('qualification_other_shop').notNull().default(1),
    qualificationOtherShopRenew: smallint('qualification_other_shop_renew').notNull().default(1),
    qualificationOtherBrand: smallint('qualification_other_brand').notNull().default(0),
    qualificationBrandIds: jsonb('qualification_brand_ids').$type<number[]>().notNull().default([]),
    sort: sort(),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('card_systems_tenant_code').on(t.tenantId, t.code), tenantReference(t, t.brandId, brands)],
);

/**
 * Card types (卡项). Only two kinds: 1 stored value (储值卡) and 2 qualification (资格卡, a paid
 * membership period giving discounts). Count cards are member packages, not card types.
 * Money in cents; discounts in basis points (8500 = 85%, 0 = no discount).
 */
export const cardTypes = pgTable(
  'card_types',
  {
    ...tenantKeys(),
    /** Three digits: 001, 002… */
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 1 stored value (储值卡), 2 qualification (资格卡). */
    kind: smallint('kind').notNull(),
    /** 1 issued (正常), 2 no longer issued (停办). */
    status: status(),
    sort: sort(),
    cardSystemId: refId('card_system_id'),
    /** Stored value: the opening amount (money) and its gift (gmoney). */
    openAmount: bigint('open_amount', { mode: 'number' }).notNull().default(0),
    openGift: bigint('open_gift', { mode: 'number' }).notNull().default(0),
    /** The cost of making the card (开卡成本). */
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    /** The lowest recharge accepted (minmoney). */
    minRecharge: bigint('min_recharge', { mode: 'number' }).notNull().default(0),
    /** Below this balance the member is reminded to recharge (reminderMoney). */
    reminderBalance: bigint('reminder_balance', { mode: 'number' }).notNull().default(0),
    /** Months a stored-value card lasts from opening; null never expires (expireMonth). */
    expireMonths: integer('expire_months'),
    /** Qualification: the fee (money2), its period in months (expireMonth2) or a fixed end date (expire2). */
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    periodMonths: integer('period_months'),
    periodEnd: date('period_end', { mode: 'string' }),
    /** Qualification renewal prices: [{ months, amount }] (renewal rules). */
    renewals: jsonb('renewals').$type<{ months: number; amount: number }[]>().notNull().default([]),
    /** Basis points; 0 = no discount (serDis, proDis). */
    serviceDiscount: integer('service_discount').notNull().default(0),
    productDiscount: integer('product_discount').notNull().default(0),
    /** Does the discount also apply to the part paid with gift money (giftDis). */
    giftDiscount: smallint('gift_discount').notNull().default(1),
    /** How a card payment is split between principal and gift: proportional | principalFirst | giftFirst. */
    paySplit: text('pay_split').$type<'proportional' | 'principalFirst' | 'giftFirst'>().notNull().default('proportional'),
    /** SMS to the member on every balance change (needMsg). */
    notifyBalance: smallint('notify_balance').notNull().default(0),
    /** May be transferred to another member (isTransfer). */
    transferable: smallint('transferable').notNull().default(0),
    /** Card numbers given by the system (1) or typed / read from a physical card (0) (cardnoAuto). */
    autoNumber: smallint('auto_number').notNull().default(1),
    /** An expired card may still pay (expireLimit). */
    expiredMayPay: smallint('expired_may_pay').notNull().default(0),
    photo: text('photo'),
    /** Copied to each new card. */
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('card_types_tenant_code').on(t.tenantId, t.code),
    tenantReference(t, t.cardSystemId, cardSystems),
  ],
);

/**
 * The chain's members (会员). Searched at the front desk by a mobile's last digits, a member number,
 * two characters of a name or its pinyin initials, each from an index under row security
 * (platform/search.ts): the tail, bigram and initials columns are generated from mobile and name.
 * The money columns are kept by the card ledger in the same transaction as its rows, so that lists
 * filter and sort by balance without summing two million members' buckets.
 */
export const members = pgTable(
  'members',
  {
    ...tenantKeys(),
    /** Member number from the tenant's series (memcode). */
    code: text('code').notNull(),
    /** At most 10 characters (memname). */
    name: text('name').notNull(),
    nickname: text('nickname'),
    /** 11 digits, unique in the tenant. */
    mobile: text('mobile').notNull(),
    mobileTail: tailColumn('mobile_tail', 'mobile'),
    ...bigramColumns('nameGram', 'name'),
    /** Lower-case pinyin initials of the name (app_pinyin_initials, migration 0018). */
    initials: text('initials').generatedAlwaysAs(sql.raw(`app_pinyin_initials("name")`)),
    /** 1 male, 2 female, 0 not given. */
    gender: smallint('gender').notNull().default(0),
    birthday: date('birthday', { mode: 'string' }),
    /**
     * The birthday's month and day, month × 100 + day (0305), generated: the daily birthday job finds
     * the day's members from an index (an expression on `birthday` is not leakproof, so under row
     * security no expression index could answer it).
     */
    birthdayDay: smallint('birthday_day').generatedAlwaysAs(
      sql.raw(`(extract(month from "birthday") * 100 + extract(day from "birthday"))::smallint`),
    ),
    registeredOn: date('registered_on', { mode: 'string' }).notNull().default(sql`current_date`),
    /** Home shop: where the member joined. */
    shopId: refId('shop_id').notNull(),
    /** Customer source (顾客来源). */
    channelId: refId('channel_id'),
    gradeId: refId('grade_id'),
    /** The employee who looks after the member (客情归属 advisor). */
    advisorId: refId('advisor_id'),
    /** 1 normal, 2 frozen, 3 cancelled (注销). */
    status: status(),
    /** Why the member was frozen, at most 200 characters. */
    freezeMemo: text('freeze_memo'),
    photo: text('photo'),
    memo: memo(),
    /** Stored-value principal and gift over all cards and shop buckets, cents. */
    principal: bigint('principal', { mode: 'number' }).notNull().default(0),
    gift: bigint('gift', { mode: 'number' }).notNull().default(0),
    /**
     * principal + gift, generated: a list filters by it from an index (an expression like
     * `principal + gift >= x` is not leakproof, so under row security no index could answer it).
     */
    balance: bigint('balance', { mode: 'number' }).generatedAlwaysAs(sql`"principal" + "gift"`),
    /** Value left in packages (remaining count × unit price), cents. */
    packageValue: bigint('package_value', { mode: 'number' }).notNull().default(0),
    /** Spending and visits (servTotal, servNum), points (jf), last visit (latelyTime). */
    spent: bigint('spent', { mode: 'number' }).notNull().default(0),
    visits: integer('visits').notNull().default(0),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }),
    /**
     * Spending per visit (客单价, univalent = servTotal / servNum), rounded half-up, generated: the list sorts
     * by it from an index (an expression in the ORDER BY would read every member).
     */
    perVisit: bigint('per_visit', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`(case when "visits" > 0 then round("spent"::numeric / "visits") else 0 end)::bigint`),
    /**
     * What the member holds, for 会员统计's types (docs/DECISIONS.md, "Member statistics"), kept by the database's
     * triggers on cards, card types, package lines and their balances (migration 0075) in every write's transaction:
     * a live stored-value card; the latest end of a live qualification card and of a package line with uses
     * left ('infinity' when one never expires, null without one), so that "not expired today" is read at the query.
     */
    holdsStoredCard: boolean('holds_stored_card').notNull().default(false),
    qualificationUntil: date('qualification_until', { mode: 'string' }),
    packageUntil: date('package_until', { mode: 'string' }),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('members_tenant_code').on(t.tenantId, t.code),
    uniqueIndex('members_tenant_mobile').on(t.tenantId, t.mobile),
    exactIndex('members_tenant_mobile_tail', t.tenantId, t.mobileTail),
    ...bigramIndexes('members_tenant_name_gram', t.tenantId, [t.nameGram1, t.nameGram2, t.nameGram3]),
    prefixIndex('members_tenant_initials', t.tenantId, t.initials),
    index('members_tenant_shop').on(t.tenantId, t.shopId, t.id),
    index('members_tenant_last_visit').on(t.tenantId, t.lastVisitAt),
    // List filters at two million members (docs/PERFORMANCE.md, "Member lists"): each led by tenant_id.
    index('members_tenant_registered').on(t.tenantId, t.registeredOn, t.id),
    index('members_tenant_grade').on(t.tenantId, t.gradeId, t.id),
    index('members_tenant_channel').on(t.tenantId, t.channelId, t.id),
    index('members_tenant_advisor').on(t.tenantId, t.advisorId, t.id),
    index('members_tenant_not_normal').on(t.tenantId, t.status, t.id).where(sql`status <> 1`),
    index('members_tenant_balance').on(t.tenantId, t.balance),
    index('members_tenant_birthday').on(t.tenantId, t.birthdayDay),
    index('members_tenant_spent').on(t.tenantId, t.spent),
    // The member list sorts by visits as by spending and the last visit (their indexes above).
    index('members_tenant_visits').on(t.tenantId, t.visits),
    index('members_tenant_per_visit').on(t.tenantId, t.perVisit),
    // 会员统计 counts the members of the user's shops by type from this index alone (an index-only scan).
    index('members_tenant_shop_types')
      .on(t.tenantId, t.shopId, t.registeredOn, t.holdsStoredCard, t.qualificationUntil, t.packageUntil)
      .where(sql`status <> 3`),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.channelId, channels),
    tenantReference(t, t.gradeId, memberGrades),
    tenantReference(t, t.advisorId, employees),
  ],
);

/**
 * Recharge gift rules of a stored-value card type (`cardRules`): on opening (1), on recharging (2) or
 * both (3), from a threshold up, a fixed gift (1, cents) or a percent of the amount (2, basis points).
 * Exactly one rule applies: the highest threshold not above the amount (`rechargeGift`).
 */
export const cardRules = pgTable(
  'card_rules',
  {
    ...tenantKeys(),
    cardTypeId: refId('card_type_id').notNull(),
    /** 1 opening (开卡), 2 recharge (充值), 3 both. */
    kind: smallint('kind').notNull(),
    /** The amount paid from which the rule applies, cents. */
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    /** 1 fixed amount, 2 percent. */
    giftType: smallint('gift_type').notNull(),
    /** Cents (fixed) or basis points (percent). */
    giftValue: bigint('gift_value', { mode: 'number' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('card_rules_tenant_card_type').on(t.tenantId, t.cardTypeId, t.threshold),
    tenantReference(t, t.cardTypeId, cardTypes).onDelete('cascade'),
  ],
);

/** Card types enabled per shop (`cardishop`): a shop sells a card type only where its row is on (1). */
export const cardTypeShops = pgTable(
  'card_type_shops',
  {
    tenantId: tenantColumn(),
    cardTypeId: refId('card_type_id').notNull(),
    shopId: refId('shop_id').notNull(),
    /** 1 enabled, 2 disabled. */
    status: status(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.cardTypeId, t.shopId] }),
    index('card_type_shops_tenant_shop').on(t.tenantId, t.shopId),
    tenantReference(t, t.cardTypeId, cardTypes).onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
  ],
);
export * from './member-schema.js';
