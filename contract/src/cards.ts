import { z } from 'zod';
import { auditedOnce, billRow, billSave, defineBill, instant } from './bills.js';
import { date, id, memo, name, pageQuery } from './platform.js';
import { defineRecord, dictionaryFilters, dictionaryRecordFields, filter, optionalRef, type RecordOption } from './records.js';

// Card systems (会员卡体系), card types (卡项) with their recharge gift rules, card types per shop and
// the physical card dispatch bill (分拨单): head office's definitions of member cards. The money on
// the cards themselves is the assets module's.

const yesNo: readonly RecordOption[] = [
  { value: 1, label: ['允许', 'Allowed'], color: 'green' },
  { value: 0, label: ['不允许', 'Not allowed'] },
];
const moneyTypes: readonly RecordOption[] = [
  { value: 'principal', label: ['卡金', 'Principal'] },
  { value: 'gift', label: ['赠送金', 'Gift money'] },
];
const flag = z.union([z.literal(0), z.literal(1)]);
const moneyTypeList = z.array(z.enum(['principal', 'gift'])).max(2);
const brandList = z.array(z.number().int().positive()).max(200);
const brandPick = { path: '/api-chain/brand/list/all' } as const;

/** Card systems: a family of card types and where their money may be used (cross-shop, cross-brand). */
export const cardSystemRecord = defineRecord({
  resource: 'cardtemp',
  basePath: '/api-chain/cardtemp',
  label: ['会员卡体系', 'Card systems'],
  perm: 'cards.system',
  codePrefix: 'KT',
  page: '/admin/cards/systems',
  pathNames: { list: 'search' },
  fields: dictionaryRecordFields({
    brandId: {
      schema: optionalRef,
      label: ['品牌', 'Brand'],
      type: 'select',
      pick: brandPick,
      display: 'brandName',
      table: { width: 110 },
      form: {},
    },
    brandName: { schema: z.string().nullable(), label: ['品牌', 'Brand'], computed: true, table: false, form: false },
    storedOtherShop: {
      schema: flag.default(1),
      label: ['储值卡跨店消费', 'Stored value spent at other shops'],
      type: 'select',
      options: yesNo,
      table: { width: 130 },
      form: { initial: 1 },
    },
    storedOtherShopMoney: {
      schema: moneyTypeList.default(['principal', 'gift']),
      label: ['跨店可用金额', 'Money other shops may take'],
      type: 'select',
      options: moneyTypes,
      multiple: true,
      table: false,
      form: { initial: ['principal', 'gift'] },
    },
    storedOtherShopRecharge: {
      schema: flag.default(1),
      label: ['储值卡跨店充值', 'Stored value recharged at other shops'],
      type: 'select',
      options: yesNo,
      table: { width: 130 },
      form: { initial: 1 },
    },
    storedOtherBrand: {
      schema: flag.default(0),
      label: ['储值卡跨品牌消费', 'Stored value spent in other brands'],
      type: 'select',
      options: yesNo,
      table: false,
      form: { initial: 0 },
    },
    storedOtherBrandMoney: {
      schema: moneyTypeList.default([]),
      label: ['跨品牌可用金额', 'Money other brands may take'],
      type: 'select',
      options: moneyTypes,
      multiple: true,
      table: false,
      form: {},
    },
    storedBrandIds: {
      schema: brandList.default([]),
      label: ['储值卡可用品牌', 'Brands taking stored value'],
      type: 'select',
      pick: brandPick,
      multiple: true,
      table: false,
      form: {},
    },
    qualificationOtherShop: {
      schema: flag.default(1),
      label: ['资格卡跨店使用', 'Qualification used at other shops'],
      type: 'select',
      options: yesNo,
      table: { width: 130 },
      form: { initial: 1 },
    },
    qualificationOtherShopRenew: {
      schema: flag.default(1),
      label: ['资格卡跨店续卡', 'Qualification renewed at other shops'],
      type: 'select',
      options: yesNo,
      table: false,
      form: { initial: 1 },
    },
    qualificationOtherBrand: {
      schema: flag.default(0),
      label: ['资格卡跨品牌使用', 'Qualification used in other brands'],
      type: 'select',
      options: yesNo,
      table: false,
      form: { initial: 0 },
    },
    qualificationBrandIds: {
      schema: brandList.default([]),
      label: ['资格卡可用品牌', 'Brands taking the qualification'],
      type: 'select',
      pick: brandPick,
      multiple: true,
      table: false,
      form: {},
    },
  }),
  filters: { ...dictionaryFilters, brandId: filter.eq('brandId', id) },
  verbs: ['list', 'list/all', 'save', 'getNextCode'],
  defaultSort: 'sort',
});
export type CardSystemRow = z.output<typeof cardSystemRecord.row>;

// ------------------------------ card types ------------------------------

/** 1 stored value (储值卡), 2 qualification (资格卡). */
export const cardKind = z.union([z.literal(1), z.literal(2)]);
/** 1 issued (正常), 2 no longer issued (停办). */
export const cardTypeStatus = z.union([z.literal(1), z.literal(2)]);
export const paySplit = z.enum(['proportional', 'principalFirst', 'giftFirst']);
export type PaySplit = z.infer<typeof paySplit>;

export const cardKindLabels = { 1: ['储值卡', 'Stored value'], 2: ['资格卡', 'Qualification'] } as const;
export const cardTypeStatusLabels = { 1: ['正常', 'Issued'], 2: ['停办', 'Discontinued'] } as const;
export const paySplitLabels = {
  proportional: ['按比例扣本金和赠送', 'Principal and gift in proportion'],
  principalFirst: ['先扣本金', 'Principal first'],
  giftFirst: ['先扣赠送', 'Gift first'],
} as const;

const cents = z.number().int().min(0).max(10_000_000_000);
/** A discount in basis points: 0 none, else 100 (1折) .. 10000 (no reduction). */
export const discountBp = z
  .number()
  .int()
  .min(0)
  .max(10_000)
  .refine((v) => v === 0 || v >= 100, '折扣须在 1 折到 10 折之间，0 表示不打折');
const months = z.number().int().min(1).max(600);

/** Card type codes are three digits: 001, 002… */
export const cardTypeCode = z
  .string()
  .trim()
  .regex(/^\d{3}$/, '三位数字，如 001');

export const renewalRule = z.strictObject({ months, amount: cents });

export const cardTypeSave = z
  .strictObject({
    id: z.number().int().positive().optional(),
    version: z.number().int().positive().optional(),
    /** Left out: the next code (newcode). */
    code: cardTypeCode.optional(),
    name,
    kind: cardKind,
    status: cardTypeStatus.default(1),
    sort: z.number().int().min(0).max(99_999).default(0),
    cardSystemId: optionalRef,
    openAmount: cents.default(0),
    openGift: cents.default(0),
    cost: cents.default(0),
    minRecharge: cents.default(0),
    reminderBalance: cents.default(0),
    expireMonths: months.nullish(),
    fee: cents.default(0),
    periodMonths: months.nullish(),
    periodEnd: date.nullish(),
    renewals: z.array(renewalRule).max(20).default([]),
    serviceDiscount: discountBp.default(0),
    productDiscount: discountBp.default(0),
    giftDiscount: flag.default(1),
    paySplit: paySplit.default('proportional'),
    notifyBalance: flag.default(0),
    transferable: flag.default(0),
    autoNumber: flag.default(1),
    expiredMayPay: flag.default(0),
    photo: z.string().trim().max(500).nullish(),
    memo,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 2 && !v.periodMonths && !v.periodEnd)
      ctx.addIssue({ code: 'custom', path: ['periodMonths'], message: '资格卡须填写有效期月数或截止日期' });
    if (v.kind === 2 && v.periodMonths && v.periodEnd)
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: '有效期月数和截止日期只能填一个' });
    const seen = new Set<number>();
    for (const [i, r] of v.renewals.entries()) {
      if (seen.has(r.months)) ctx.addIssue({ code: 'custom', path: ['renewals', i, 'months'], message: '续卡月数重复' });
      seen.add(r.months);
    }
  });
export type CardTypeSave = z.input<typeof cardTypeSave>;

export const cardTypeRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.number(),
  status: z.number(),
  sort: z.number(),
  cardSystemId: z.number().nullable(),
  cardSystemName: z.string().nullable(),
  openAmount: z.number(),
  openGift: z.number(),
  cost: z.number(),
  minRecharge: z.number(),
  reminderBalance: z.number(),
  expireMonths: z.number().nullable(),
  fee: z.number(),
  periodMonths: z.number().nullable(),
  periodEnd: z.string().nullable(),
  renewals: z.array(z.object({ months: z.number(), amount: z.number() })),
  serviceDiscount: z.number(),
  productDiscount: z.number(),
  giftDiscount: z.number(),
  paySplit,
  notifyBalance: z.number(),
  transferable: z.number(),
  autoNumber: z.number(),
  expiredMayPay: z.number(),
  photo: z.string().nullable(),
  memo: z.string().nullable(),
  /** Shops where it is enabled. */
  shopCount: z.number(),
  ruleCount: z.number(),
  version: z.number(),
  createdAt: instant,
  updatedAt: instant,
});
export type CardTypeRow = z.output<typeof cardTypeRow>;

export const cardTypeListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  kind: z.coerce.number().pipe(cardKind).optional(),
  status: z.coerce.number().pipe(cardTypeStatus).optional(),
  cardSystemId: id.optional(),
});
/** The shop-side view: the card types the shop `shopid` sells. */
export const shopCardTypeQuery = z.object({ shopid: id });
export const shopCardTypeListQuery = cardTypeListQuery.extend({ shopid: id });

export const cardTypeStatusBody = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1).max(200),
  status: cardTypeStatus,
});

// ------------------------------ gift rules ------------------------------

/** 1 opening (开卡), 2 recharge (充值), 3 both. */
export const giftRuleKind = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** 1 fixed amount (cents), 2 percent (basis points). */
export const giftType = z.union([z.literal(1), z.literal(2)]);
export const giftRuleKindLabels = { 1: ['开卡', 'Opening'], 2: ['充值', 'Recharge'], 3: ['开卡和充值', 'Both'] } as const;
export const giftTypeLabels = { 1: ['固定金额', 'Fixed amount'], 2: ['按比例', 'Percent'] } as const;

export const giftRuleInput = z
  .strictObject({
    id: z.number().int().positive().optional(),
    kind: giftRuleKind,
    threshold: cents,
    giftType,
    /** Cents (fixed) or basis points (percent, at most 100%). */
    giftValue: z.number().int().min(1).max(10_000_000_000),
  })
  .superRefine((v, ctx) => {
    if (v.giftType === 2 && v.giftValue > 10_000) ctx.addIssue({ code: 'custom', path: ['giftValue'], message: '赠送比例不能超过 100%' });
  });
export const saveGiftRulesBody = z.strictObject({
  cardTypeId: z.number().int().positive(),
  rules: z.array(giftRuleInput).min(1).max(50),
});
export const giftRuleRow = z.object({
  id: z.number(),
  cardTypeId: z.number(),
  kind: z.number(),
  threshold: z.number(),
  giftType: z.number(),
  giftValue: z.number(),
});
export type GiftRuleRow = z.output<typeof giftRuleRow>;
export const giftRulesQuery = z.object({ cardTypeId: id });
export const shopGiftRulesQuery = giftRulesQuery.extend({ shopid: id });

/** Which rule applies to an amount, as the cashier will apply it. */
export const giftPreviewQuery = z.object({
  cardTypeId: id,
  occasion: z.enum(['open', 'recharge']),
  amount: z.coerce.number().int().min(0).max(10_000_000_000),
});
export const giftPreview = z.object({ ruleId: z.number().nullable(), gift: z.number() });
export type GiftPreview = z.output<typeof giftPreview>;

// ------------------------------ card types per shop ------------------------------

export const cardShopBody = z.strictObject({
  cardTypeId: z.number().int().positive(),
  shopId: z.number().int().positive(),
  /** 1 enabled, 2 disabled. */
  status: z.union([z.literal(1), z.literal(2)]),
});
export const cardShopBatchBody = z.strictObject({
  cardTypeIds: z.array(z.number().int().positive()).min(1).max(200),
  shopIds: z.array(z.number().int().positive()).min(1).max(500),
  status: z.union([z.literal(1), z.literal(2)]),
});
export const cardShopQuery = z.object({ cardTypeId: id.optional(), shopId: id.optional() });
/** A card type in a picker (`/cardinfo/list/all`): kind 1 stored value, 2 qualification; status 1 issued, 2 stopped. */
export const cardTypePick = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  kind: z.number().pipe(cardKind),
  status: z.number(),
});
export type CardTypePick = z.output<typeof cardTypePick>;

export const cardShopRow = z.object({
  cardTypeId: z.number(),
  shopId: z.number(),
  status: z.number(),
});
export type CardShopRow = z.output<typeof cardShopRow>;

// ------------------------------ physical card dispatch (分拨单) ------------------------------

/** A physical card number: digits, at most 18. */
export const cardNumber = z
  .string()
  .trim()
  .regex(/^\d{1,18}$/, '卡号须为 1 到 18 位数字');
/** At most this many cards on one line. */
export const DISPATCH_LINE_MAX = 100_000;

export const dispatchLineInput = z
  .strictObject({
    shopId: z.number().int().positive(),
    startNo: cardNumber,
    endNo: cardNumber,
    memo: z.string().trim().max(200).nullish(),
  })
  .superRefine((v, ctx) => {
    // Refinements run even when a number failed its own check: compare only well-formed numbers.
    if (!/^\d+$/.test(v.startNo) || !/^\d+$/.test(v.endNo)) return;
    if (v.startNo.length !== v.endNo.length) ctx.addIssue({ code: 'custom', path: ['endNo'], message: '起始卡号和结束卡号位数须相同' });
    else if (v.endNo < v.startNo) ctx.addIssue({ code: 'custom', path: ['endNo'], message: '结束卡号不能小于起始卡号' });
    else if (BigInt(v.endNo) - BigInt(v.startNo) + 1n > BigInt(DISPATCH_LINE_MAX))
      ctx.addIssue({ code: 'custom', path: ['endNo'], message: `一行最多 ${DISPATCH_LINE_MAX} 张卡` });
  });

export const dispatchSave = billSave({
  billDate: date.optional(),
  memo,
  lines: z.array(dispatchLineInput).min(1).max(200),
});
export const dispatchLineRow = z.object({
  id: z.number(),
  billId: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  startNo: z.string(),
  endNo: z.string(),
  count: z.number(),
  memo: z.string().nullable(),
  sort: z.number(),
});
export const dispatchRow = billRow(['draft', 'audited'], {
  shopId: z.number().nullable(),
  billDate: z.string(),
  memo: z.string().nullable(),
  totalCount: z.number(),
  createdByName: z.string().nullable(),
  auditedBy: z.number().nullable(),
  auditedByName: z.string().nullable(),
  auditedAt: instant.nullable(),
  createdAt: instant,
  lines: z.array(dispatchLineRow),
});
export type DispatchRow = z.output<typeof dispatchRow>;

export const cardDispatchBill = defineBill({
  docType: 'cards.dispatch',
  locks: ['close'],
  label: ['实体卡分拨单', 'Card dispatch'],
  basePath: '/api-member/carddispatchhead',
  webPath: '/admin/cards/dispatch',
  ...auditedOnce({ audited: 'audited', perm: 'cards.dispatch.audit' }),
  save: dispatchSave,
  filterFields: {
    billNo: { label: ['单号', 'Bill no.'], kind: 'text', keys: ['billNo'] },
    dateRange: { label: ['单据日期', 'Bill date'], kind: 'dateRange', keys: ['dateFrom', 'dateTo'] },
    state: { label: ['状态', 'State'], kind: 'state', keys: ['state'] },
    shopid: { label: ['门店', 'Shop'], kind: 'shop', keys: ['shopid'], fields: ['lines.shopId'] },
    // The bills with a range holding the number.
    cardNo: { label: ['卡号', 'Card no.'], kind: 'text', keys: ['cardNo'], match: 'named', value: cardNumber },
  },
  row: dispatchRow,
  headFields: {
    billNo: { label: ['单号', 'Bill no.'], kind: 'text', column: { width: 170, sortable: true } },
    billDate: { label: ['单据日期', 'Bill date'], kind: 'date', column: { width: 110, sortable: true }, form: {} },
    state: { label: ['状态', 'State'], kind: 'select', column: { width: 90, sortable: true } },
    totalCount: { label: ['卡数', 'Cards'], kind: 'number', column: { width: 90, sortable: true } },
    createdByName: { label: ['制单人', 'Made by'], kind: 'text', column: { width: 100 } },
    auditedByName: { label: ['审核人', 'Audited by'], kind: 'text', column: { width: 100 } },
    memo: { label: ['备注', 'Memo'], kind: 'text', form: { span: 16 }, detail: true },
  },
  lineFields: {
    shopId: { label: ['门店', 'Shop'], kind: 'shop', column: { display: 'shopName', width: 160 }, form: {} },
    startNo: { label: ['起始卡号', 'First number'], kind: 'text', column: { width: 160 }, form: {} },
    endNo: { label: ['结束卡号', 'Last number'], kind: 'text', column: { width: 160 }, form: {} },
    count: { label: ['张数', 'Count'], kind: 'number', column: { width: 90 } },
    memo: { label: ['备注', 'Memo'], kind: 'text', column: {}, form: {} },
  },
  paths: {
    list: [''],
    pick: 'list/all',
    save: ['saveBill'],
    detail: 'getDetail/:id',
    remove: 'deleteBill',
    removeByGet: true,
    export: 'export',
  },
});
