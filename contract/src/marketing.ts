import { z } from 'zod';
import { instant } from './bills.js';
import { date, id, memo, name, pageQuery } from './platform.js';
import { defineRecord, dictionaryFilters, dictionaryRecordFields, filter, optionalRef, type RecordOption, recordPick } from './records.js';

// Coupons (优惠券), red envelopes (红包) and marketing activities (营销活动): definitions only. Issuing
// them to members and redeeming them come with the cashier.

const flag = z.union([z.literal(0), z.literal(1)]);
const cents = z.number().int().min(0).max(10_000_000_000);
const yesNo: readonly RecordOption[] = [
  { value: 1, label: ['是', 'Yes'], color: 'green' },
  { value: 0, label: ['否', 'No'] },
];
const channelOptions: readonly RecordOption[] = [
  { value: 0, label: ['门店', 'In shop'] },
  { value: 1, label: ['线上', 'Online'], color: 'blue' },
];
const timeTypeOptions: readonly RecordOption[] = [
  { value: 1, label: ['固定日期', 'Fixed dates'] },
  { value: 2, label: ['领取后天数', 'Days after issue'] },
];
const brandPick = { path: '/api-chain/brand/list/all' } as const;

/** The validity of a coupon or red envelope: fixed dates (1) or N days after issue (2). */
const validityFields = {
  timeType: {
    schema: z.union([z.literal(1), z.literal(2)]).default(2),
    label: ['有效期类型', 'Validity'],
    type: 'select',
    options: timeTypeOptions,
    table: { width: 110 },
    form: { initial: 2, required: true },
  },
  startDate: { schema: date.nullish(), label: ['开始日期', 'From'], type: 'date', table: { width: 110 }, form: {} },
  endDate: { schema: date.nullish(), label: ['结束日期', 'To'], type: 'date', table: { width: 110 }, form: {} },
  validDays: {
    schema: z.number().int().min(1).max(3650).nullish(),
    label: ['有效天数', 'Days valid'],
    type: 'number',
    table: { width: 90 },
    form: { min: 1, max: 3650 },
  },
} as const;

/** A coupon or red envelope definition in a picker: a coupon's kind (1 amount off, 2 discount) too. */
export const couponDefinitionPick = recordPick.extend({ couponType: z.number().optional() });

/** Coupons: a fixed amount off (1, cents) or a discount (2, basis points: 8500 = 85%). */
export const couponRecord = defineRecord({
  resource: 'couponinfo',
  basePath: '/api-chain/couponinfo',
  label: ['优惠券', 'Coupons'],
  perm: 'marketing.coupon',
  codePrefix: 'YHQ',
  page: '/admin/marketing/coupons',
  pathNames: { list: 'search', save: 'add', updateStatus: 'changeStatus' },
  fields: dictionaryRecordFields({
    brandId: {
      schema: optionalRef,
      label: ['品牌', 'Brand'],
      type: 'select',
      pick: brandPick,
      display: 'brandName',
      table: false,
      form: {},
    },
    brandName: { schema: z.string().nullable(), label: ['品牌', 'Brand'], computed: true, table: false, form: false },
    couponType: {
      schema: z.union([z.literal(1), z.literal(2)]),
      label: ['券类型', 'Kind'],
      type: 'select',
      options: [
        { value: 1, label: ['代金券', 'Amount off'], color: 'blue' },
        { value: 2, label: ['折扣券', 'Discount'], color: 'purple' },
      ],
      table: { width: 90 },
      form: { required: true, initial: 1 },
    },
    value: {
      schema: z.number().int().min(1).max(10_000_000_000),
      label: ['面值（分）/折扣（万分比）', 'Value (cents) / discount (basis points)'],
      type: 'number',
      table: { width: 120 },
      form: {
        required: true,
        min: 1,
        help: ['代金券填金额（分）；折扣券填万分比，8500 即 8.5 折', 'Cents off, or basis points for a discount (8500 = 85%)'],
      },
    },
    minSpend: {
      schema: cents.default(0),
      label: ['最低消费', 'Minimum spend'],
      type: 'money',
      table: { width: 100 },
      form: { initial: 0 },
    },
    usableOn: {
      schema: z
        .array(z.enum(['service', 'product', 'package']))
        .min(1)
        .max(3)
        .default(['service', 'product', 'package']),
      label: ['适用范围', 'Usable on'],
      type: 'select',
      options: [
        { value: 'service', label: ['服务项目', 'Services'] },
        { value: 'product', label: ['产品', 'Products'] },
        { value: 'package', label: ['套餐', 'Packages'] },
      ],
      multiple: true,
      table: false,
      form: { initial: ['service', 'product', 'package'] },
    },
    isOnline: {
      schema: flag.default(0),
      label: ['发放渠道', 'Channel'],
      type: 'select',
      options: channelOptions,
      table: false,
      form: { initial: 0 },
    },
    ...validityFields,
    combinable: {
      schema: flag.default(0),
      label: ['可叠加使用', 'Combinable'],
      type: 'select',
      options: yesNo,
      table: false,
      form: { initial: 0 },
    },
    perfSubsidy: {
      schema: flag.default(1),
      label: ['券额计业绩', 'Counts as performance'],
      type: 'select',
      options: yesNo,
      table: false,
      form: { initial: 1 },
    },
  }),
  filters: { ...dictionaryFilters, couponType: filter.eq('couponType', z.coerce.number().int().min(1).max(2)) },
  verbs: ['list', 'list/all', 'save', 'updateStatus', 'getNextCode'],
  defaultSort: 'sort',
});
export type CouponRow = z.output<typeof couponRecord.row>;

/** Red envelopes: an amount of money, spent at once or over several bills. */
export const redEnvelopeRecord = defineRecord({
  resource: 'redenvelopeinfo',
  basePath: '/api-chain/redenvelopeinfo',
  label: ['红包', 'Red envelopes'],
  perm: 'marketing.envelope',
  codePrefix: 'HB',
  page: '/admin/marketing/envelopes',
  pathNames: { list: 'search', updateStatus: 'changeStatus' },
  fields: dictionaryRecordFields({
    money: {
      schema: z.number().int().min(1).max(10_000_000_000),
      label: ['金额', 'Amount'],
      type: 'money',
      table: { width: 100 },
      form: { required: true },
    },
    manyTimes: {
      schema: flag.default(0),
      label: ['可分次使用', 'Spent over several bills'],
      type: 'select',
      options: yesNo,
      table: { width: 110 },
      form: { initial: 0 },
    },
    isOnline: {
      schema: flag.default(0),
      label: ['发放渠道', 'Channel'],
      type: 'select',
      options: channelOptions,
      table: false,
      form: { initial: 0 },
    },
    ...validityFields,
  }),
  filters: dictionaryFilters,
  verbs: ['list', 'rootList', 'rootSave', 'list/all', 'updateStatus', 'getNextCode'],
  defaultSort: 'sort',
});
export type RedEnvelopeRow = z.output<typeof redEnvelopeRecord.row>;

/** `queryCoupon` / `queryRedenv`: one definition by id. */
export const definitionQuery = z.object({ id });

/** A validity is complete: fixed dates need both ends in order, relative validity its days. */
export function validityIssue(v: { timeType?: number; startDate?: string | null; endDate?: string | null; validDays?: number | null }) {
  if (v.timeType === 1) {
    if (!v.startDate) return { path: 'startDate', message: 'validityDates' } as const;
    if (!v.endDate) return { path: 'endDate', message: 'validityDates' } as const;
    if (v.endDate < v.startDate) return { path: 'endDate', message: 'validityOrder' } as const;
  }
  if (v.timeType === 2 && !v.validDays) return { path: 'validDays', message: 'validityDays' } as const;
  return null;
}

// ------------------------------ marketing activities ------------------------------

/** 1 birthday gift, 2 card opening/recharge gift, 3 package purchase gift, 4 service bill gift. */
export const activityKind = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export const activityKindLabels = {
  1: ['生日赠送', 'Birthday gift'],
  2: ['开卡充值赠送', 'Card opening / recharge gift'],
  3: ['购买套餐赠送', 'Package purchase gift'],
  4: ['服务开单赠送', 'Service bill gift'],
} as const;
/** 1 not started, 2 running, 3 paused, 4 ended. */
export const activityStatus = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export const activityStatusLabels = {
  1: ['未开始', 'Not started'],
  2: ['进行中', 'Running'],
  3: ['暂停中', 'Paused'],
  4: ['已结束', 'Ended'],
} as const;
/** The moves between statuses: start, pause, resume, end (ended is final). */
export const activityMoves: Readonly<Record<number, readonly number[]>> = { 1: [2, 4], 2: [3, 4], 3: [2, 4], 4: [] };
/** Statuses in which an activity may still be edited. */
export const activityEditable: readonly number[] = [1, 3];

const count = z.number().int().min(1).max(999);
/** What a rule gives: red envelopes, coupons, services or products (× count), or a discount (basis points). */
export const activityGift = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('redEnvelope'), id: z.number().int().positive(), count }),
  z.strictObject({ type: z.literal('coupon'), id: z.number().int().positive(), count }),
  z.strictObject({ type: z.literal('service'), id: z.number().int().positive(), count }),
  z.strictObject({ type: z.literal('product'), id: z.number().int().positive(), count }),
  z.strictObject({ type: z.literal('discount'), rate: z.number().int().min(100).max(9_999) }),
]);
export type ActivityGift = z.infer<typeof activityGift>;
/** When a rule applies. */
export const activityCondition = z.discriminatedUnion('type', [
  /** Birthday (activity kind 1). */
  z.strictObject({ type: z.literal('birthday') }),
  /** The member's first card of the brand (kind 2). */
  z.strictObject({ type: z.literal('firstCard') }),
  /** A recharge of at least `amount` cents; `cumulative`: recharges add up (kind 2). */
  z.strictObject({ type: z.literal('recharge'), amount: z.number().int().min(1).max(10_000_000_000), cumulative: z.boolean() }),
  /** Buying the package `packageId` (kind 3). */
  z.strictObject({ type: z.literal('package'), packageId: z.number().int().positive() }),
  /** A bill of at least `amount` cents (kind 4). */
  z.strictObject({ type: z.literal('spend'), amount: z.number().int().min(1).max(10_000_000_000) }),
  /** Bills with these services (at most 5) (kind 4). */
  z.strictObject({ type: z.literal('items'), serviceIds: z.array(z.number().int().positive()).min(1).max(5) }),
]);
export type ActivityCondition = z.infer<typeof activityCondition>;
export const activityRule = z.strictObject({ condition: activityCondition, gifts: z.array(activityGift).min(1).max(20) });
export type ActivityRule = z.infer<typeof activityRule>;

/** The conditions each kind of activity accepts. */
export const conditionsOfKind: Readonly<Record<number, readonly ActivityCondition['type'][]>> = {
  1: ['birthday'],
  2: ['firstCard', 'recharge'],
  3: ['package'],
  4: ['spend', 'items'],
};

export const activitySave = z
  .strictObject({
    id: z.number().int().positive().optional(),
    version: z.number().int().positive().optional(),
    /** Left out: the next code (newcode). */
    code: z.string().trim().min(1).max(32).optional(),
    name,
    brandId: optionalRef,
    kind: activityKind,
    startDate: date,
    endDate: date,
    shopIds: z.array(z.number().int().positive()).min(1).max(500),
    /** 1 gifts usable at every shop of the activity, 2 only at the issuing shop. */
    useShopType: z.union([z.literal(1), z.literal(2)]).default(1),
    /** Share of the sale counted as performance, basis points. */
    perfDiscount: z.number().int().min(0).max(10_000).default(10_000),
    priority: z.number().int().min(0).max(999).default(0),
    /** Times one member may take part; empty = no limit. */
    timesPerMember: z.number().int().min(1).max(999).nullish(),
    combinable: flag.default(1),
    rules: z.array(activityRule).min(1).max(20),
    memo,
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: '结束日期不能早于开始日期' });
    const allowed = conditionsOfKind[v.kind] ?? [];
    for (const [i, r] of v.rules.entries())
      if (!allowed.includes(r.condition.type))
        ctx.addIssue({ code: 'custom', path: ['rules', i, 'condition', 'type'], message: '该活动类型不能使用此条件' });
    if (new Set(v.shopIds).size !== v.shopIds.length) ctx.addIssue({ code: 'custom', path: ['shopIds'], message: '门店重复' });
  });
export type ActivitySave = z.input<typeof activitySave>;

export const activityRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  brandId: z.number().nullable(),
  brandName: z.string().nullable(),
  kind: z.number(),
  status: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  shopIds: z.array(z.number()),
  useShopType: z.number(),
  perfDiscount: z.number(),
  priority: z.number(),
  timesPerMember: z.number().nullable(),
  combinable: z.number(),
  rules: z.array(activityRule),
  memo: z.string().nullable(),
  version: z.number(),
  createdAt: instant,
  updatedAt: instant,
});
export type ActivityRow = z.output<typeof activityRow>;

export const activityListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  kind: z.coerce.number().pipe(activityKind).optional(),
  status: z.coerce.number().pipe(activityStatus).optional(),
});
export const activityAllQuery = z.object({ kind: z.coerce.number().pipe(activityKind).optional() });
export const activityStatusBody = z.strictObject({
  id: z.number().int().positive(),
  version: z.number().int().positive().optional(),
  status: activityStatus,
});
