import { z } from 'zod';
import { dictionaryFields } from './org.js';
import { code, id, memo, name, pageQuery, status } from './platform.js';

// The catalogue: product brands, products, stock products (which products a location keeps),
// services (服务项目), service groups and service packages (套餐). Money is integer cents (分).

/** An amount of money in cents (分): a whole number, never negative. At most ¥10,000,000. */
export const cents = z.number().int().min(0).max(1_000_000_000);
const version = z.number().int().positive().optional();
const ids = z.array(id).max(5000);
/** A comma-separated id list in a query (`ids=1,2,3`). */
export const idsQueryParam = z
  .string()
  .regex(/^\d+(,\d+)*$/)
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .pipe(z.array(z.number().int().positive()).max(1000));
const statusFilter = z.coerce.number().int().min(0).max(1).optional();
const keyword = z.string().trim().max(64).optional();

// Product brands (api-chain/productbrand) are a record type: catalog-records.ts.

// ---- products (api-chain/product) ----

/** 1 sold to customers (retail), 2 internal use (consumables used in services). */
export const productUsage = z.union([z.literal(1), z.literal(2)]);
export const barcode = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z-]{4,32}$/);

export const productSave = z.strictObject({
  id: id.optional(),
  version,
  pcode: code,
  name: z.string().trim().min(1).max(100),
  barcode: barcode.nullish(),
  brandId: id.nullish(),
  /** A first- or second-level product category. */
  categoryId: id.nullish(),
  spec: z.string().trim().max(64).nullish(),
  /** Base unit: stock quantities count in it (瓶, 支, 盒...). */
  unit: z.string().trim().min(1).max(16),
  purchaseUnit: z.string().trim().max(16).nullish(),
  /** Base units in one purchase unit (a box of 12 bottles: 12). */
  purchaseFactor: z.number().int().min(1).max(100_000).default(1),
  purchasePrice: cents.default(0),
  retailPrice: cents.default(0),
  usage: productUsage.default(1),
  image: z.string().max(300).nullish(),
  status: status.default(1),
  memo,
});
export type ProductSave = z.input<typeof productSave>;

/** Many products at once (create or update each), all or nothing. */
export const productBatchSave = z.strictObject({ products: z.array(productSave).min(1).max(500) });

export const productListQuery = pageQuery.extend({
  /** Contains-match on pcode, name and barcode; a scanned barcode (8–14 digits) that matches exactly wins. */
  keyword,
  /** Exact barcode. */
  barcode: z.string().trim().max(32).optional(),
  /** A category; a first-level one includes its second-level children. */
  categoryId: id.optional(),
  brandId: id.optional(),
  usage: z.coerce.number().int().min(1).max(2).optional(),
  status: statusFilter,
});

/** Pickers (`list/all`, `inlist`): bounded arrays of enabled products. */
export const productPickQuery = z.object({
  keyword,
  categoryId: id.optional(),
  brandId: id.optional(),
  usage: z.coerce.number().int().min(1).max(2).optional(),
});

export const pcodeCheck = z.strictObject({ pcode: code, id: id.optional() });

export interface ProductRow {
  id: number;
  pcode: string;
  name: string;
  barcode: string | null;
  brandId: number | null;
  brandName: string | null;
  categoryId: number | null;
  categoryName: string | null;
  /** The first-level category (the category itself when it is first-level). */
  topCategoryId: number | null;
  topCategoryName: string | null;
  spec: string | null;
  unit: string;
  purchaseUnit: string | null;
  purchaseFactor: number;
  purchasePrice: number;
  retailPrice: number;
  usage: 1 | 2;
  image: string | null;
  status: number;
  isDel: number;
  memo: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Short product entry for pickers (`/product/list/all`). */
export const productPick = z.object({
  id: z.number(),
  pcode: z.string(),
  name: z.string(),
  barcode: z.string().nullable(),
  spec: z.string().nullable(),
  unit: z.string(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  brandId: z.number().nullable(),
  brandName: z.string().nullable(),
  usage: z.number().pipe(productUsage),
  retailPrice: z.number(),
  purchasePrice: z.number(),
});
export type ProductPick = z.output<typeof productPick>;

/** `batchSave`: the saved products, in the order sent. */
export interface ProductBatchSaveResult {
  saved: number;
  list: ProductRow[];
}

/** `checkPackage/{id}` of products and services. */
export const inPackageAnswer = z.object({ inPackage: z.boolean(), packages: z.array(z.string()) });
export type InPackageAnswer = z.output<typeof inPackageAnswer>;

// ---- stock products (api-stock/product): what a shop or the warehouse keeps ----

/** `shopid` absent: the head-office warehouse. */
export const stockProductListQuery = pageQuery.extend({
  shopid: id.optional(),
  keyword,
  categoryId: id.optional(),
  status: statusFilter,
});
/** Chain-wide: every location the user may see; `warehouse=1` the head-office warehouse only. */
export const stockProductChainQuery = pageQuery.extend({
  shopid: id.optional(),
  warehouse: z.coerce.number().int().min(0).max(1).optional(),
  productId: id.optional(),
  keyword,
  categoryId: id.optional(),
  status: statusFilter,
});
export const stockProductAllQuery = z.object({ shopid: id.optional(), keyword });

export const stockProductSave = z.strictObject({
  id: id.optional(),
  version,
  /** null: the head-office warehouse. */
  shopId: id.nullable(),
  productId: id,
  safetyStock: z.number().int().min(0).max(10_000_000).default(0),
  status: status.default(1),
  memo,
});
/** Adds products to a location (or updates their safety stock when already there). */
export const stockProductBatchSave = z.strictObject({
  shopId: id.nullable(),
  productIds: z.array(id).min(1).max(2000),
  safetyStock: z.number().int().min(0).max(10_000_000).optional(),
});
/** Every location of one product. */
export const stockProductByProduct = z.strictObject({
  productId: id,
  safetyStock: z.number().int().min(0).max(10_000_000).optional(),
  status: status.optional(),
});

export interface StockProductRow {
  id: number;
  shopId: number | null;
  /** Shop name, or 总部仓库 / Head-office warehouse. */
  shopName: string;
  productId: number;
  pcode: string;
  productName: string;
  barcode: string | null;
  spec: string | null;
  unit: string;
  categoryId: number | null;
  categoryName: string | null;
  brandName: string | null;
  retailPrice: number;
  productStatus: number;
  safetyStock: number;
  status: number;
  memo: string | null;
  version: number;
  updatedAt: string;
}

/** `batchSave` of stock products. */
export interface StockProductBatchResult {
  added: number;
  updated: number;
}

// ---- services (api-chain/serviceinfo, api-base/serviceinfo) ----

/** Service line: 'mf' hair (美发), 'mr' beauty (美容). */
export const serviceLine = z.enum(['mf', 'mr']);
/** 1 大项目, 2 小项目 (the original's sertype): the daily report totals each. */
export const serviceSerType = z.union([z.literal(1), z.literal(2)]);
export const durationMinutes = z.number().int().min(5).max(1440);

export const serviceSave = z.strictObject({
  id: id.optional(),
  version,
  code,
  name,
  serviceTypeId: id,
  /** Department (部门). */
  branchId: id.nullish(),
  line: serviceLine.default('mf'),
  serType: serviceSerType.default(2),
  durationMinutes: durationMinutes.default(60),
  basePrice: cents,
  /** Positions whose employees perform it (replaced when sent). */
  positionIds: ids.default([]),
  /** Employees named for it beyond their position (replaced when sent). */
  employeeIds: ids.default([]),
  status: status.default(1),
  memo,
});
export type ServiceSave = z.input<typeof serviceSave>;

export const serviceListQuery = pageQuery.extend({
  keyword,
  serviceTypeId: id.optional(),
  branchId: id.optional(),
  line: serviceLine.optional(),
  status: statusFilter,
});
/** Pickers: enabled services. */
export const servicePickQuery = z.object({ keyword, serviceTypeId: id.optional(), line: serviceLine.optional() });
/** `employees` / `positions` of a service; `shopid` narrows employees to one shop. */
export const serviceWhoQuery = z.object({ serviceId: id, shopid: id.optional() });
export const serviceDeleteQuery = z.object({ id });

/** Batch edit: the same changes on every listed service, all or nothing (at least one change). */
export const serviceUpdateInfos = z.strictObject({
  ids: z.array(id).min(1).max(1000),
  changes: z.strictObject({
    serviceTypeId: id.optional(),
    branchId: id.nullable().optional(),
    line: serviceLine.optional(),
    serType: serviceSerType.optional(),
    durationMinutes: durationMinutes.optional(),
    status: status.optional(),
    positionIds: ids.optional(),
  }),
});

export interface ServiceRow {
  id: number;
  code: string;
  name: string;
  serviceTypeId: number | null;
  serviceTypeName: string | null;
  branchId: number | null;
  branchName: string | null;
  line: 'mf' | 'mr';
  /** 1 大项目, 2 小项目. */
  serType: number;
  durationMinutes: number;
  basePrice: number;
  /** Performance ratio in basis points (set by pricing), null when not set. */
  perfRatio: number | null;
  positions: { id: number; name: string }[];
  employees: { id: number; name: string }[];
  status: number;
  memo: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface ServicePick {
  id: number;
  code: string;
  name: string;
  serviceTypeId: number | null;
  serviceTypeName: string | null;
  line: 'mf' | 'mr';
  durationMinutes: number;
  basePrice: number;
}

/** Who may perform a service: named employees and those holding one of its positions. */
export interface ServiceEmployee {
  id: number;
  eecode: string;
  name: string;
  shopId: number | null;
  shopName: string | null;
  positionId: number | null;
  positionName: string | null;
  levelId: number | null;
  levelName: string | null;
  /** Named for the service (rather than through the position). */
  named: boolean;
}

/** `findServiceType`: service types that have services. */
export interface ServiceTypeWithCount {
  id: number;
  code: string;
  name: string;
  serviceCount: number;
}

/** `findbranch`: departments that have services. */
export interface ServiceBranch {
  id: number;
  code: string;
  name: string;
}

// ---- service groups (api-chain/serviceGroup) ----

export const serviceGroupQuery = z.strictObject({ keyword, status: status.optional() });
export const serviceGroupSave = z.strictObject({
  id: id.optional(),
  version,
  ...dictionaryFields,
  /** The group's services in display order (replaced). */
  serviceIds: z.array(id).max(1000).default([]),
});

export interface ServiceGroupRow {
  id: number;
  code: string;
  name: string;
  sort: number;
  status: number;
  memo: string | null;
  version: number;
  services: ServicePick[];
}

// ---- service packages (api-chain/servicepackage) ----

/** One line of a package: a service × times or a product × quantity, with its share of the price. */
/** Exactly one of `serviceId` and `productId` (the server answers 400 on `items.N.serviceId` otherwise). */
export const packageItem = z.strictObject({
  serviceId: id.nullish(),
  productId: id.nullish(),
  quantity: z.number().int().min(1).max(10_000),
  /** This line's share of the package price, in cents. */
  amount: cents,
});

const packageFields = {
  id: id.optional(),
  version,
  code,
  name,
  packageTypeId: id.nullish(),
  /** Package price in cents: the items' amounts must add up to it exactly. */
  price: cents,
  /** Days the package can be used after sale; null: no limit. */
  validityDays: z.number().int().min(1).max(3650).nullish(),
  status: status.default(1),
  memo,
  items: z.array(packageItem).min(1).max(100),
};
export const packageSave = z.strictObject({
  ...packageFields,
  /** When sent, the shops that sell it (replaced). */
  shopIds: ids.optional(),
});
export type PackageSave = z.input<typeof packageSave>;
/** One definition for several shops at once. */
export const packageSaveDuo = z.strictObject({ ...packageFields, shopIds: z.array(id).min(1).max(5000) });
export const packageShopsBody = z.strictObject({ packageId: id, shopIds: ids });
export const packageListQuery = pageQuery.extend({
  keyword,
  packageTypeId: id.optional(),
  status: statusFilter,
  /** Sold in this shop. */
  shopId: id.optional(),
  /** 1 head-office templates only, 0 others. */
  isSystem: z.coerce.number().int().min(0).max(1).optional(),
});
export const packageAllQuery = z.object({ shopid: id.optional(), keyword });
/** Products for the item picker: enabled, retail by default. */
export const packageProductQuery = pageQuery.extend({
  keyword,
  categoryId: id.optional(),
  brandId: id.optional(),
  usage: z.coerce.number().int().min(1).max(2).optional(),
});
/** Products with their retail price, for the price split; `ids` to price the lines of a form. */
export const packageProductPriceQuery = z.object({ keyword, ids: idsQueryParam.optional() });

export interface PackageItemRow {
  id: number;
  serviceId: number | null;
  productId: number | null;
  /** Code and name of the service or product. */
  itemCode: string;
  itemName: string;
  /** 次 for services, the product's unit for products. */
  unit: string | null;
  quantity: number;
  amount: number;
  /** The item's own price (service base price, product retail price), for comparison. */
  listPrice: number;
  sort: number;
}

export interface PackageRow {
  id: number;
  code: string;
  name: string;
  packageTypeId: number | null;
  packageTypeName: string | null;
  price: number;
  validityDays: number | null;
  isSystem: boolean;
  status: number;
  isDel: number;
  memo: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** Number of items and of shops that sell it (lists). */
  itemCount: number;
  shopCount: number;
}

export interface PackageDetail extends PackageRow {
  items: PackageItemRow[];
  shops: { id: number; code: string; name: string }[];
}

/** Sum of the items' amounts (cents). */
export const packageItemsTotal = (items: { amount: number }[]) => items.reduce((sum, i) => sum + i.amount, 0);

/**
 * `batchImport` (products, services): multipart field `file`. 200 `{ imported }`; 400 with
 * `data: { errors: ImportError[], errorCount }` (ImportError from staff.ts: row, column, message).
 */
export interface CatalogImportResult {
  imported: number;
}
