import { z } from 'zod';
import { basisPoints } from './cashier-records.js';
import { code, type Label, memo, name } from './platform.js';

/** A time as answered: an ISO string. */
const at = z.string();

// ---- the seed paths of the till settings ----

const C = '/api-cashier';
export const CASHIER_PATHS = {
  payTypeAll: `${C}/paytype/list/all`,
  payTypeVo: `${C}/paytype/list/vo`,
  payTypeInfoAll: `${C}/paytypeinfo/list/all`,
  payTypeSave: `${C}/paytype/savePay`,
  payTypeStatus: `${C}/paytype/EditStatus`,
  payClassAll: `${C}/paymold/list/all`,
  templateAll: `${C}/paytemplate/list/all`,
  templateSave: `${C}/paytemplate/savePayTemplate`,
  templateItemsSave: `${C}/paytemplate/savePayTemplates`,
  templateShops: `${C}/paytemplate/batchSave`,
  templateOne: (id: number) => `${C}/paytemplate/${id}`,
  templateDelete: (id: number) => `${C}/paytemplate/${id}`,
  stationPositions: `${C}/station/getWcPostions`,
  stationByCode: (code: string) => `${C}/station/getByCode/${encodeURIComponent(code)}`,
  stationAll: `${C}/station/list/all`,
  stationSave: `${C}/station/save`,
  stationDesc: `${C}/stationdesc/desc`,
  wheelRestSave: `${C}/wheelrest/save`,
  wheelRestDelete: `${C}/wheelrest/delete`,
  wheelRestList: `${C}/wheelrest/chain/list/shop`,
  wheelSave: '/api-chain/wheelconfig/save',
  wheelAll: '/api-chain/wheelconfig/list/all',
  wheelDelete: (id: number) => `/api-chain/wheelconfig/${id}`,
  billConfig: '/api-chain/makeorderconfig/sysuser',
  billConfigSave: '/api-chain/makeorderconfig',
  billConfigAutoNo: '/api-chain/makeorderconfig/isAutoNo',
  billConfigMobile: '/api-chain/makeorderconfig/isAllowMobile',
  billConfigNo: '/api-chain/makeorderconfig/saveNo',
  mtKeys: '/api-third/mtkeys',
  mtKeysPage: '/api-third/mtkeys/listByPage',
  mtKeyDelete: (id: number) => `/api-third/mtkeys/${id}`,
  mtShopsAll: '/api-third/mtshops/list/all',
  mtShopSave: '/api-third/mtshops/saveMtshop',
  mtShopDelete: (id: number) => `/api-third/mtshops/${id}`,
  dyShops: '/api-third/dyshops',
  dyPois: '/api-third/dyshops/dylist',
  dyShopDelete: (id: number) => `/api-third/dyshops/${id}`,
} as const;

// ---- pay types as the till reads them ----

export const payTypeVo = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  classId: z.number(),
  classCode: z.string(),
  className: z.string(),
  feeRate: z.number(),
  perfRate: z.number(),
  kind: z.string().nullable(),
  status: z.number(),
  sort: z.number(),
});
export type PayTypeVo = z.output<typeof payTypeVo>;
export const payTypeStatusBody = z.strictObject({ id: z.number().int().positive(), status: z.union([z.literal(0), z.literal(1)]) });

// ---- pay templates ----

/** The business types of a pay template (项目, 商品, 开卡, 充值/续卡, 购买套餐, 预收款). */
export const businessTypes = [1, 2, 3, 4, 5, 6] as const;
export const businessType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]);
export const businessTypeLabels: Record<(typeof businessTypes)[number], Label> = {
  1: ['项目', 'Services'],
  2: ['商品', 'Products'],
  3: ['开卡', 'Card opening'],
  4: ['充值/续卡', 'Recharge / renewal'],
  5: ['购买套餐', 'Packages'],
  6: ['预收款', 'Prepaid'],
};

/** One pay type's settings in one business type of a template. */
export const payTemplateItem = z.strictObject({
  businessType,
  payTypeId: z.number().int().positive(),
  enable: z.boolean().default(true),
  /** A quick button at the till. */
  isOften: z.boolean().default(false),
  /** May be combined with other pay types in one settle. */
  isMixed: z.boolean().default(true),
  perfRate: basisPoints,
  /** The rate within its class. */
  classRate: basisPoints.default(10000),
  feeRate: basisPoints,
});
export type PayTemplateItem = z.output<typeof payTemplateItem>;

export const payTemplateSave = z.strictObject({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  code,
  name,
  memo,
  status: z.union([z.literal(0), z.literal(1)]).default(1),
});
export const payTemplateItemsSave = z.strictObject({
  templateId: z.number().int().positive(),
  /** Replaces the items of these business types only (all six when absent). */
  businessTypes: z.array(businessType).min(1).max(6).optional(),
  items: z.array(payTemplateItem).max(600),
});
export const payTemplateShopsSave = z.strictObject({
  templateId: z.number().int().positive(),
  /** The shops that take this template (each shop has one template: a shop moves from its old one). */
  shopIds: z.array(z.number().int().positive()).max(5000),
  /** true: the template's shops become exactly these (others are released); false: these are added. */
  replace: z.boolean().default(true),
});
export const payTemplateRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  memo: z.string().nullable(),
  status: z.number(),
  version: z.number(),
  updatedAt: at,
  shopIds: z.array(z.number()),
  shops: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
});
export type PayTemplateRow = z.output<typeof payTemplateRow>;
export const payTemplateDetail = payTemplateRow.extend({
  items: z.array(
    z.object({
      ...payTemplateItem.shape,
      businessType: z.number(),
      enable: z.boolean(),
      isOften: z.boolean(),
      isMixed: z.boolean(),
      classRate: z.number(),
    }),
  ),
});
export type PayTemplateDetail = z.output<typeof payTemplateDetail>;
export const payTemplateListQuery = z.object({ shopid: z.coerce.number().int().positive().optional() });

/** What the till pays with in one shop and business type: the enabled pay types with their rates. */
export interface PayRule {
  payTypeId: number;
  code: string;
  name: string;
  classCode: string;
  kind: string | null;
  isOften: boolean;
  isMixed: boolean;
  perfRate: number;
  classRate: number;
  feeRate: number;
}

// ---- stations ----

export const stationBusinessTypes = [1, 2, 3] as const;
export const stationBusinessTypeLabels: Record<(typeof stationBusinessTypes)[number], Label> = {
  1: ['美发', 'Hair'],
  2: ['美容', 'Beauty'],
  3: ['综合', 'Combined'],
};
export const stationPost = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export const stationPostLabels: Record<1 | 2 | 3, Label> = {
  1: ['第一工位', 'Station 1'],
  2: ['第二工位', 'Station 2'],
  3: ['第三工位', 'Station 3'],
};
export const stationRow = z.strictObject({
  postion: stationPost,
  name: z.string().trim().min(1).max(32),
  /** The employee positions that may fill this station. */
  positionIds: z.array(z.number().int().positive()).max(200),
});
export const stationSave = z.strictObject({
  id: z.number().int().positive(),
  version: z.number().int().positive().optional(),
  name: name.optional(),
  /** Station 1, then 2, then 3 (the server refuses another order). */
  rows: z.array(stationRow).min(1).max(3),
});
export const station = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  businessType: z.number(),
  version: z.number(),
  rows: z.array(
    z.object({
      postion: z.number(),
      name: z.string(),
      positionIds: z.array(z.number()),
      positions: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  ),
});
export type Station = z.output<typeof station>;
export const stationDescQuery = z.object({ statid: z.coerce.number().int().positive() });
export const positionOption = z.object({ id: z.number(), code: z.string(), name: z.string() });

// ---- the wheel ----

export const wheelRow = z.strictObject({
  /** The row's name (设计师轮牌). */
  cwcname: z.string().trim().min(1).max(32),
  postion: stationPost,
  positionIds: z.array(z.number().int().positive()).max(200).default([]),
  levelIds: z.array(z.number().int().positive()).max(200).default([]),
  /** Daily reshuffle (每日洗牌): the queue is rebuilt each morning in sign-in order. */
  dayClean: z.boolean().default(true),
  /** Linked to checkout (收银联动): opening a bill with the employee turns their card. */
  withCashier: z.boolean().default(true),
  /** A requested employee turns their card too (点客是否翻牌). */
  dksffp: z.boolean().default(false),
});
export type WheelRow = z.output<typeof wheelRow>;
export const wheelSchemeSave = z.strictObject({
  id: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  cwtcode: code,
  cwtname: name,
  /** The shop type (shops.type) the scheme is made for. */
  shoptype: z.number().int().min(1).max(9),
  shopIds: z.array(z.number().int().positive()).max(5000).default([]),
  rows: z.array(wheelRow).min(1).max(20),
  memo,
});
export const wheelScheme = z.object({
  id: z.number(),
  version: z.number(),
  cwtcode: z.string(),
  cwtname: z.string(),
  shoptype: z.number(),
  shopIds: z.array(z.number()),
  shops: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  rows: z.array(wheelRow),
  memo: z.string().nullable(),
  updatedAt: at,
});
export type WheelScheme = z.output<typeof wheelScheme>;

/** A temporary rest kind of a shop (轮牌临休: 吃饭 30 minutes). */
export const wheelRestSave = z.strictObject({
  id: z.number().int().positive().optional(),
  shopid: z.number().int().positive(),
  cwrname: z.string().trim().min(1).max(32),
  time: z.number().int().min(1).max(480),
});
export const wheelRestDelete = z.strictObject({ id: z.number().int().positive(), isDel: z.union([z.literal(1), z.literal('1')]) });
export const wheelRestQuery = z.object({ shopid: z.coerce.number().int().positive() });
export const wheelRest = z.object({ id: z.number(), shopId: z.number(), cwrname: z.string(), time: z.number(), updatedAt: at });
export type WheelRest = z.output<typeof wheelRest>;

// ---- the cashier's bill settings (makeorderconfig) ----

/** Hand tags (手牌号) are numbered within noMin..noMax: at most 100 numbers. */
export const HAND_TAG_RANGE_MAX = 100;
/**
 * Who gets the card's prices and discounts on a member's bill (DOMAIN-DETAIL §3.3): `cardPays` only
 * what the card pays (a bill paid wholly by other money is at the shop's prices), `member` the whole
 * bill of a member who holds the card, whatever pays.
 */
export const cardPriceRules = ['cardPays', 'member'] as const;
export type CardPriceRule = (typeof cardPriceRules)[number];
export const cardPriceRuleLabels: Record<CardPriceRule, Label> = {
  cardPays: ['仅卡内支付部分享受卡价/折扣', 'Only what the card pays gets its price'],
  member: ['会员整单享受卡价/折扣', "The member's whole bill gets the card's price"],
};
/** 抹零: what other money than the card pays is rounded down to the jiao (角) or the yuan (元), or not at all. */
export const roundingModes = ['none', 'jiao', 'yuan'] as const;
export type RoundingMode = (typeof roundingModes)[number];
export const roundingModeLabels: Record<RoundingMode, Label> = {
  none: ['不抹零', 'No rounding'],
  jiao: ['抹到角', 'Down to 0.10'],
  yuan: ['抹到元', 'Down to 1.00'],
};
export const billConfig = z.object({
  shopId: z.number(),
  /** Hand tag numbers are given automatically from the range; off: typed. */
  isAutoNo: z.boolean(),
  noMin: z.number(),
  noMax: z.number(),
  /** A member may be looked up by mobile number. */
  isAllowMobile: z.boolean(),
  /** A member may be looked up by card number. */
  isAllowCardno: z.boolean(),
  /** The customer signs the bill. */
  isNeedSign: z.boolean(),
  isAutoPrint: z.boolean(),
  isPushWxmsg: z.boolean(),
  /** The customer rates the service. */
  isRate: z.boolean(),
  cardPriceRule: z.enum(cardPriceRules),
  rounding: z.enum(roundingModes),
  revision: z.number(),
});
export type BillConfig = z.output<typeof billConfig>;
export const billConfigQuery = z.object({ shopid: z.coerce.number().int().positive().optional() });
const shopid = z.number().int().positive();
const tagNumber = z.number().int().min(1).max(99999);
/** The range noMin..noMax (checked by the server: low to high, at most 100 numbers). */
export const billConfigSave = z.strictObject({
  shopid,
  isAutoNo: z.boolean().optional(),
  noMin: tagNumber.optional(),
  noMax: tagNumber.optional(),
  isAllowMobile: z.boolean().optional(),
  isAllowCardno: z.boolean().optional(),
  isNeedSign: z.boolean().optional(),
  isAutoPrint: z.boolean().optional(),
  isPushWxmsg: z.boolean().optional(),
  isRate: z.boolean().optional(),
  cardPriceRule: z.enum(cardPriceRules).optional(),
  rounding: z.enum(roundingModes).optional(),
  /** The revision read: a save over a newer one is refused (409). */
  revision: z.number().int().min(0).optional(),
});
export const billConfigAutoNo = z.strictObject({ shopid, isAutoNo: z.boolean() });
export const billConfigMobile = z.strictObject({ shopid, isAllowMobile: z.boolean(), isAllowCardno: z.boolean().optional() });
export const billConfigNo = z.strictObject({ shopid, noMin: tagNumber, noMax: tagNumber });

// ---- Meituan and Douyin ----

export const mtKeySave = z.strictObject({
  id: z.number().int().positive().optional(),
  account: z.string().trim().min(1).max(64),
  /** The platform's app secret / token; absent on update: kept. Never answered in full. */
  secret: z.string().trim().min(1).max(500).optional(),
  expiresDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
    .nullish(),
  remainRefreshCount: z.number().int().min(0).max(100000).nullish(),
  accountName: z.string().trim().max(64).nullish(),
  tel: z.string().trim().max(32).nullish(),
  memo,
});
export const mtKey = z.object({
  id: z.number(),
  account: z.string(),
  /** The secret masked: its last four characters only. */
  secretMasked: z.string().nullable(),
  expiresDate: z.string().nullable(),
  remainRefreshCount: z.number().nullable(),
  accountName: z.string().nullable(),
  tel: z.string().nullable(),
  memo: z.string().nullable(),
  updatedAt: at,
});
export type MtKey = z.output<typeof mtKey>;
/** A page of Meituan accounts. */
export const mtKeyPage = z.object({ list: z.array(mtKey), total: z.number(), page: z.number(), pageSize: z.number() });
export const thirdPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  keyword: z.string().trim().max(64).optional(),
});
export const mtShopSave = z.strictObject({
  id: z.number().int().positive().optional(),
  shopid,
  openShopUuid: z.string().trim().min(1).max(128),
  mtKeyId: z.number().int().positive().nullish(),
});
export const mtShop = z.object({
  id: z.number(),
  shopId: z.number(),
  shopCode: z.string(),
  shopName: z.string(),
  openShopUuid: z.string(),
  mtKeyId: z.number().nullable(),
  account: z.string().nullable(),
  updatedAt: at,
});
export type MtShop = z.output<typeof mtShop>;
export const dyShopSave = z.strictObject({
  id: z.number().int().positive().optional(),
  shopid,
  poiId: z.string().trim().min(1).max(64),
  poiName: z.string().trim().min(1).max(128),
  address: z.string().trim().max(256).nullish(),
});
export const dyShop = z.object({
  id: z.number(),
  shopId: z.number(),
  shopCode: z.string(),
  shopName: z.string(),
  poiId: z.string(),
  poiName: z.string(),
  address: z.string().nullable(),
  updatedAt: at,
});
export type DyShop = z.output<typeof dyShop>;
export const dyPoi = z.object({ poiId: z.string(), poiName: z.string(), address: z.string().nullable(), mapped: z.boolean() });
export type DyPoi = z.output<typeof dyPoi>;
