import { z } from 'zod';
import { instant } from './bills.js';
import { code, id, memo, name, pageAnswer, pageQuery } from './platform.js';

/**
 * Prices: what each shop charges for services and products, employee-level specials, card prices,
 * price templates, head-office price control, and the one price-resolution question.
 * Money is integer priceCents (分) everywhere.
 */

/** An id sent in a JSON body (a number, not a string). */
export const pricingId = z.number().int().positive();
/** Money in cents: 0 … ¥10,000,000.00. */
export const priceCents = z.number().int().min(0).max(1_000_000_000);
export const priceKind = z.enum(['service', 'product']);
export type PriceKind = z.infer<typeof priceKind>;
/** Service line: 'mf' hair (美发), 'mr' beauty (美容). */
export const priceLine = z.enum(['mf', 'mr']);
export type PriceLine = z.infer<typeof priceLine>;
const flag = z.union([z.literal(0), z.literal(1)]);
const queryFlag = z.coerce.number().int().min(0).max(1);
const keyword = z.string().trim().max(64).optional();

/** Ids in a query string, comma separated: `shopIds=3,5,8` (at most 200). */
export const pricingIdList = z
  .string()
  .trim()
  .regex(/^\d+(,\d+)*$/, 'ids separated by commas, e.g. 3,5,8')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .pipe(z.array(z.number().int().positive()).max(200));

const shopIds = z.array(pricingId).min(1).max(200);
const itemIds = z.array(pricingId).min(1).max(2000);

// ---------------------------------------------------------------------------------------------
// Service prices per shop (api-chain/serviceprice, api-base/serviceprice, api-base/serviceinfo)
// ---------------------------------------------------------------------------------------------

/**
 * Grid filters (findServPriceList, findServPriceListPage). `shopIds` picks the grid's columns
 * (default: every shop the user may see, at most 200); rows are services.
 */
export const servicePriceGridQuery = z.object({
  shopIds: pricingIdList.optional(),
  serviceTypeId: id.optional(),
  line: priceLine.optional(),
  keyword,
  /** Only services sold (1) / not sold (0) in at least one of the grid's shops. */
  sold: queryFlag.optional(),
});
export const servicePriceGridPageQuery = pageQuery.extend(servicePriceGridQuery.shape);

/** One cell of the grid: the shop's price row of a service. Absent cell = the shop does not list it. */
export interface PriceCell {
  /** The shop price row id (DELETE / updateServStatus use it). */
  id: number;
  price: number;
  /** 1 sold, 0 listed but not sold. */
  status: number;
  templateId: number | null;
}

export interface GridShop {
  id: number;
  code: string;
  name: string;
}

export interface ServicePriceGridRow {
  serviceId: number;
  code: string;
  name: string;
  serviceTypeId: number | null;
  serviceTypeName: string | null;
  line: PriceLine;
  basePrice: number;
  perfRatio: number | null;
  /** The service's own status (1 enabled). */
  status: number;
  /** Head-office bounds, if any. */
  minPrice: number | null;
  maxPrice: number | null;
  /** shopId → cell; shops of `shops` missing here do not list the service. */
  prices: Record<string, PriceCell>;
}

/** findServPriceList answers `{ shops, list }` (at most 1000 rows); findServPriceListPage adds total/page/pageSize. */
export interface ServicePriceGrid {
  shops: GridShop[];
  list: ServicePriceGridRow[];
}
export interface ServicePriceGridPage extends ServicePriceGrid {
  total: number;
  page: number;
  pageSize: number;
}

/** list/search: flat, paged list of shop price rows (one row per shop × service). */
export const servicePriceSearchQuery = pageQuery.extend({
  shopId: id.optional(),
  serviceId: id.optional(),
  serviceTypeId: id.optional(),
  line: priceLine.optional(),
  status: queryFlag.optional(),
  templateId: id.optional(),
  keyword,
});
export interface ShopPriceRow {
  id: number;
  shopId: number;
  shopCode: string;
  shopName: string;
  itemId: number;
  itemCode: string;
  itemName: string;
  basePrice: number;
  price: number;
  status: number;
  templateId: number | null;
  templateName: string | null;
  version: number;
  updatedAt: string;
}

/**
 * addServs: the services become sold in the shop: missing ones are added at their base price, listed
 * but not sold ones are switched on at their current shop price, sold ones are left as they are.
 */
export const addServsBody = z.strictObject({ shopId: pricingId, serviceIds: itemIds });
export interface AddServsResult {
  added: number;
  enabled: number;
  existing: number;
}

/**
 * batchChangPrices: every listed shop × service the shop lists gets `price + value` (mode amount,
 * value in priceCents, may be negative) or `price × (1 + value/100)` (mode percent, rounded to the cent).
 * `preview: true` answers the before/after list and stores nothing.
 */
export const batchChangePricesBody = z.strictObject({
  shopIds,
  serviceIds: itemIds,
  mode: z.enum(['percent', 'amount']),
  value: z.number().min(-100_000_000).max(1_000_000_000),
  preview: z.boolean().default(false),
});
export interface BatchChangeRow {
  shopId: number;
  shopName: string;
  serviceId: number;
  serviceName: string;
  before: number;
  after: number;
  /** Present when `after` breaks price control (the batch would be refused). */
  violation: { bound: 'min' | 'max'; limit: number; message: string } | null;
}
export interface BatchChangeResult {
  preview: boolean;
  rows: BatchChangeRow[];
  /** Shop × service pairs skipped because the shop does not list the service. */
  skipped: number;
  changed: number;
}

/** saveBasePrice: the chain base price of a service (services.base_price). */
export const saveBasePriceBody = z.strictObject({ serviceId: pricingId, basePrice: priceCents });

/** Performance ratio, basis points: 10000 = 100% of the price counts as the employee's performance. */
export const savePerfRatioBody = z.strictObject({ serviceId: pricingId, ratio: z.number().int().min(0).max(10_000) });
export const perfRatio = z.object({ serviceId: z.number(), perfRatio: z.number().nullable() });
export type PerfRatio = z.output<typeof perfRatio>;

/** saveServShopStatus (chain): the listed shops sell (1) or stop selling (0) the services; selling adds a missing row at the base price. */
export const servShopStatusBody = z.strictObject({ shopIds, serviceIds: itemIds, status: flag });
/** getServShopStatus: for one service, every shop the user may see and whether it sells it. */
export const getServShopStatusBody = z.strictObject({ serviceId: pricingId });
export interface ShopStatusRow {
  shopId: number;
  shopCode: string;
  shopName: string;
  /** false: the shop does not list the item at all. */
  listed: boolean;
  status: number | null;
  price: number | null;
  priceId: number | null;
}
/** checkServShopStatus: which of the services the shop sells now (before selling / adding). */
export const checkServShopStatusBody = z.strictObject({ shopId: pricingId, serviceIds: itemIds });
export interface ShopStatusCheck {
  shopId: number;
  sold: number[];
  notSold: number[];
  items: { itemId: number; listed: boolean; sold: boolean; price: number | null }[];
}

/** api-base/serviceprice/saveServPrice?shopid=: the shop's own price (and status) of one service. */
export const saveShopServicePriceBody = z.strictObject({ serviceId: pricingId, price: priceCents, status: flag.default(1) });
/** api-base/serviceinfo/saveServShopStatus?shopid=: the shop sells (1) or stops selling (0) services. */
export const shopServStatusBody = z.strictObject({ serviceIds: itemIds, status: flag });
/** api-base/serviceinfo/updateServStatus?shopid=: status of shop price rows by their ids. */
export const updateServStatusBody = z.strictObject({ ids: z.array(pricingId).min(1).max(2000), status: flag });

export const shopQuery = z.object({ shopid: id });
export const shopPriceListQuery = pageQuery.extend({
  shopid: id,
  serviceTypeId: id.optional(),
  line: priceLine.optional(),
  /** 1 sold, 0 listed but not sold. */
  status: queryFlag.optional(),
  keyword,
});
export const shopServiceQuery = z.object({ shopid: id, serviceId: id });

/** findShopServpriceList rows: every service with the shop's row, if any. */
export interface ShopServiceRow {
  serviceId: number;
  itemId: number;
  code: string;
  name: string;
  basePrice: number;
  /** The service is enabled. */
  active: boolean;
  line: PriceLine | null;
  listed: boolean;
  priceId: number | null;
  price: number | null;
  status: number | null;
  templateId: number | null;
}

/** saveServShopStatus / saveProductShopStatus answer. */
export interface ShopStatusResult {
  changed: number;
  added: number;
}

/** findShopServprice: one service as a shop sells it, with everything that decides its price. */
export interface ShopServicePrice {
  shopId: number;
  serviceId: number;
  code: string;
  name: string;
  basePrice: number;
  listed: boolean;
  status: number | null;
  price: number | null;
  priceId: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  specials: SpecialRow[];
  cards: CardPriceRow[];
}

// ------------------------------ specials (price by position level) ------------------------------

const specialItem = z.strictObject({ levelId: pricingId, price: priceCents });
/** savespecials: replaces the level prices of a service at the chain (no shopId) or one shop. */
export const saveSpecialsBody = z.strictObject({
  serviceId: pricingId,
  shopId: pricingId.nullish(),
  items: z.array(specialItem).max(200),
});
export const shopSaveSpecialsBody = saveSpecialsBody.omit({ shopId: true });
export interface SpecialRow {
  id: number;
  serviceId: number;
  /** null: chain default. */
  shopId: number | null;
  levelId: number;
  levelName: string;
  positionName: string | null;
  price: number;
  updatedAt: string;
}
/** savespecials answer: the scope's level prices after the save. */
export interface SaveSpecialsResult {
  serviceId: number;
  shopId: number | null;
  changed: number;
  list: SpecialRow[];
}
/** selectEeSpecial?shopid=: a service's level prices as the shop charges them. */
export const selectEeSpecialBody = z.strictObject({ serviceId: pricingId });
export interface EeSpecialLevel {
  levelId: number;
  levelName: string;
  positionId: number;
  positionName: string;
  chainPrice: number | null;
  shopPrice: number | null;
  /** shop price, else chain price, else null (the shop price of the service applies). */
  price: number | null;
  shopSpecialId: number | null;
  chainSpecialId: number | null;
}
export interface EeSpecialView {
  serviceId: number;
  code: string;
  name: string;
  shopPrice: number | null;
  levels: EeSpecialLevel[];
}
/** findEeSpecialList?shopid=: services that have level prices (chain or this shop), paged. */
export const findEeSpecialListBody = z.strictObject({
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  keyword,
  serviceTypeId: pricingId.optional(),
});
export interface EeSpecialListRow {
  serviceId: number;
  code: string;
  name: string;
  basePrice: number;
  shopPrice: number | null;
  /** Effective level prices in the shop: levelId → price. */
  levels: Record<string, { price: number; source: 'shop' | 'chain'; levelName: string }>;
}
/** setEeSpecial?shopid=: the shop's overrides; `price: null` removes the override (the chain price applies again). */
export const setEeSpecialBody = z.strictObject({
  serviceId: pricingId,
  items: z
    .array(z.strictObject({ levelId: pricingId, price: priceCents.nullable() }))
    .min(1)
    .max(200),
});
/** selectSpecialLog: the change history of a service's level prices; shopId null = chain only, absent = all. */
export const specialLogBody = z.strictObject({
  serviceId: pricingId,
  shopId: pricingId.nullish(),
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(200).default(50),
});
export interface SpecialLogRow {
  id: number;
  serviceId: number;
  shopId: number | null;
  shopName: string | null;
  levelId: number;
  levelName: string | null;
  oldPrice: number | null;
  newPrice: number | null;
  username: string | null;
  at: string;
}

// ------------------------------ card prices ------------------------------

const cardItem = z.strictObject({ cardTypeId: pricingId, price: priceCents });
/** saveServcards: replaces the card prices of a service at the chain (no shopId) or one shop. */
export const saveServCardsBody = z.strictObject({
  serviceId: pricingId,
  shopId: pricingId.nullish(),
  items: z.array(cardItem).max(200),
});
export const shopSaveServCardsBody = saveServCardsBody.omit({ shopId: true });
/** batchServiceCards: sets (adds or overwrites) these card prices on many services; other card prices stay. */
export const batchServiceCardsBody = z.strictObject({
  serviceIds: itemIds,
  shopId: pricingId.nullish(),
  items: z.array(cardItem).min(1).max(200),
});
export const cardPriceRow = z.object({
  id: z.number(),
  serviceId: z.number(),
  serviceCode: z.string().optional(),
  serviceName: z.string().optional(),
  cardTypeId: z.number(),
  cardTypeName: z.string(),
  shopId: z.number().nullable(),
  price: z.number(),
  updatedAt: instant,
});
export type CardPriceRow = z.output<typeof cardPriceRow>;
/** saveServcards / batchServiceCards answer (saveServcards adds the scope's rows as `list`). */
export interface SaveCardsResult {
  serviceId?: number;
  shopId: number | null;
  added: number;
  updated: number;
  removed: number;
  list?: CardPriceRow[];
}
export const servPriceCardsQuery = z.object({ serviceId: id, shopId: id.optional() });
export const shopCardsQuery = z.object({ shopid: id, serviceId: id.optional() });
export interface CardInfo {
  cardTypeId: number;
  name: string;
  services: number;
}
/** 1 stored value (储值卡), 2 qualification (资格卡). */
export type CardTypeKind = 1 | 2;
/** GET /api-chain/cardinfo/list/all: every card type of the chain, for pickers; status 1 issued, 2 no longer issued (停办). */
export interface CardTypeOption {
  id: number;
  code: string;
  name: string;
  kind: CardTypeKind;
  status: 1 | 2;
}

// ------------------------------ product prices per shop ------------------------------

/** POST /api-chain/productprice: the price (and status) of a product in a shop; create or update by shop × product. */
export const productPriceSave = z.strictObject({
  id: pricingId.optional(),
  shopId: pricingId,
  productId: pricingId,
  price: priceCents,
  status: flag.default(1),
});
export const productPriceBatchSave = z.strictObject({
  items: z
    .array(z.strictObject({ shopId: pricingId, productId: pricingId, price: priceCents, status: flag.default(1) }))
    .min(1)
    .max(2000),
});
export const productPriceGridQuery = z.object({
  shopIds: pricingIdList.optional(),
  categoryId: id.optional(),
  brandId: id.optional(),
  keyword,
  sold: queryFlag.optional(),
});
export const productPriceGridPageQuery = pageQuery.extend(productPriceGridQuery.shape);
export interface ProductPriceGridRow {
  productId: number;
  pcode: string;
  name: string;
  spec: string | null;
  unit: string;
  categoryId: number | null;
  categoryName: string | null;
  brandId: number | null;
  brandName: string | null;
  retailPrice: number;
  status: number;
  minPrice: number | null;
  maxPrice: number | null;
  prices: Record<string, PriceCell>;
}
export interface ProductPriceGrid {
  shops: GridShop[];
  list: ProductPriceGridRow[];
}
export interface ProductPriceGridPage extends ProductPriceGrid {
  total: number;
  page: number;
  pageSize: number;
}
export const getProductShopStatusBody = z.strictObject({ productId: pricingId });
export const productShopStatusBody = z.strictObject({ shopIds, productIds: itemIds, status: flag });
export const checkProductShopStatusBody = z.strictObject({ shopId: pricingId, productIds: itemIds });

// ------------------------------ price templates (service and product, one mechanism) ------------------------------

const templateItem = z.strictObject({ itemId: pricingId, price: priceCents });
/** newCode (service templates): creates a template; the code is generated when absent. */
export const newTemplateBody = z.strictObject({
  code: code.optional(),
  name,
  line: priceLine.nullish(),
  memo,
});
/**
 * saveShopPrice: the template's prices (replaced as a whole). No templateId creates a template
 * (name required, code generated when absent). Shops on the template get the new prices.
 */
export const saveTemplatePricesBody = z.strictObject({
  templateId: pricingId.optional(),
  version: z.number().int().positive().optional(),
  code: code.optional(),
  name: name.optional(),
  line: priceLine.nullish(),
  memo,
  items: z.array(templateItem).max(5000),
});
/** saveShop: the template's shops become exactly these (an empty list takes it off every shop). */
export const saveTemplateShopsBody = z.strictObject({ templateId: pricingId, shopIds: z.array(pricingId).max(500) });
/** stopPrice: stop (status 0, default) or put back in force (1). */
export const stopTemplateBody = z.strictObject({ id: pricingId, status: flag.default(0) });
/** copyShopPrice: a new template with the same prices (not the shops). */
export const copyTemplateBody = z.strictObject({ templateId: pricingId, code, name });
/** saveSystemMf / saveSystemMr / saveSystem: the head-office default template (created or updated). */
export const saveSystemTemplateBody = z.strictObject({
  name: name.optional(),
  memo,
  items: z.array(templateItem).max(5000),
});
export const templateListQuery = pageQuery.extend({
  keyword,
  status: queryFlag.optional(),
  line: priceLine.optional(),
  isSystem: queryFlag.optional(),
});
export const unableShopsQuery = z.object({ templateId: id.optional() });
export const templateRow = z.object({
  id: z.number(),
  kind: z.string().pipe(priceKind),
  code: z.string(),
  name: z.string(),
  line: z.string().pipe(priceLine).nullable(),
  isSystem: z.boolean(),
  /** 1 in force, 0 stopped. */
  status: z.number(),
  memo: z.string().nullable(),
  itemCount: z.number(),
  shopCount: z.number(),
  version: z.number(),
  createdAt: instant,
  updatedAt: instant,
});
export type TemplateRow = z.output<typeof templateRow>;
export const templatePage = pageAnswer(templateRow);
export const templateDetail = templateRow.extend({
  items: z.array(z.object({ itemId: z.number(), code: z.string(), name: z.string(), basePrice: z.number(), price: z.number() })),
  shops: z.array(z.object({ shopId: z.number(), code: z.string(), name: z.string() })),
});
export type TemplateDetail = z.output<typeof templateDetail>;
export const unableShopRow = z.object({
  shopId: z.number(),
  shopCode: z.string(),
  shopName: z.string(),
  templateId: z.number(),
  templateCode: z.string(),
  templateName: z.string(),
});
export type UnableShopRow = z.output<typeof unableShopRow>;

// ------------------------------ price control ------------------------------

export const priceControlListBody = z.strictObject({
  page: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
  kind: priceKind.optional(),
  keyword,
});
/** saveOrUpdate: no id creates (one control per item: a second one is 409), an id updates. At least one bound. */
export const priceControlSave = z.strictObject({
  id: pricingId.optional(),
  version: z.number().int().positive().optional(),
  kind: priceKind,
  itemId: pricingId,
  minPrice: priceCents.nullish(),
  maxPrice: priceCents.nullish(),
  memo,
});
export const priceControlDeleteBody = z.strictObject({ ids: z.array(pricingId).min(1).max(1000) });
export interface PriceControlRow {
  id: number;
  kind: PriceKind;
  itemId: number;
  itemCode: string;
  itemName: string;
  basePrice: number;
  minPrice: number | null;
  maxPrice: number | null;
  memo: string | null;
  version: number;
  updatedAt: string;
  /** Shop prices currently outside the bounds (set before the control). */
  violations: number;
}

// ------------------------------ price resolution ------------------------------

/** GET /api-chain/serviceprice/resolve: what shop S charges for item X, card type C, level L, on a date. */
export const resolvePriceQuery = z.object({
  shopId: id,
  kind: priceKind.default('service'),
  itemId: id,
  cardTypeId: id.optional(),
  levelId: id.optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
    .optional(),
});
export const priceSource = z.enum(['card-shop', 'card-chain', 'special-shop', 'special-chain', 'shop']);
export type PriceSource = z.infer<typeof priceSource>;
export const resolvedPrice = z.object({
  /** Cents; null: the shop does not sell the item. */
  price: z.number().nullable(),
  source: priceSource.nullable(),
  /** Why the price is null. */
  reason: z.enum(['inactive', 'not-listed', 'not-sold']).nullable(),
  shopId: z.number(),
  kind: priceKind,
  itemId: z.number(),
  cardTypeId: z.number().nullable(),
  levelId: z.number().nullable(),
  date: z.string(),
  /** The chain base price, for display (never a fallback). */
  basePrice: z.number(),
});
export type ResolvedPrice = z.output<typeof resolvedPrice>;
