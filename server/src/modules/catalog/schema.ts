import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  isDel,
  memo,
  refId,
  sort,
  status,
  tenantColumn,
  tenantKeys,
  tenantPrimaryKey,
  tenantReference,
  versionedTimestamps,
} from '../../db/columns.js';
import { dictionaryTable } from '../../db/dictionary-table.js';
import { gramTable } from '../../platform/search.js';
import { branches, employees, packageTypes, positions, productCategories, serviceTypes, shops } from '../org/public.js';

export const productBrands = dictionaryTable('product_brands', { logo: text('logo') });

/** Money columns are integer cents (分). Quantities are integers in the product's base unit. */
export const products = pgTable(
  'products',
  {
    ...tenantKeys(),
    pcode: text('pcode').notNull(),
    name: text('name').notNull(),
    barcode: text('barcode'),
    brandId: refId('brand_id'),
    categoryId: refId('category_id'),
    spec: text('spec'),
    unit: text('unit').notNull(),
    purchaseUnit: text('purchase_unit'),
    /** Base units in one purchase unit (a box of 12 bottles: 12). */
    purchaseFactor: integer('purchase_factor').notNull().default(1),
    purchasePrice: integer('purchase_price').notNull().default(0),
    retailPrice: integer('retail_price').notNull().default(0),
    /** 1 sold to customers, 2 internal use (consumables). */
    usage: smallint('usage').notNull().default(1),
    image: text('image'),
    status: status(),
    isDel: isDel(),
    memo: memo(),
    ...versionedTimestamps(),
    /** Code, name, barcode and the name's pinyin initials in lower case: what the keyword search finds. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(pcode || ' ' || name || ' ' || coalesce(barcode, '') || ' ' || app_pinyin_initials(name))`,
    ),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('products_tenant_pcode').on(t.tenantId, t.pcode),
    index('products_tenant_barcode').on(t.tenantId, t.barcode),
    index('products_tenant_category').on(t.tenantId, t.categoryId),
    index('products_tenant_brand').on(t.tenantId, t.brandId),
    tenantReference(t, t.brandId, productBrands),
    tenantReference(t, t.categoryId, productCategories),
  ],
);

/** Every 2-character piece of each product's `search_text` (code, name, barcode): its keyword search. */
export const productGrams = gramTable('product_grams', products);

/** Which products a shop (or the head-office warehouse: shop_id null) stocks, with its safety stock. */
export const stockProducts = pgTable(
  'stock_products',
  {
    ...tenantKeys(),
    shopId: refId('shop_id'),
    productId: refId('product_id').notNull(),
    safetyStock: integer('safety_stock').notNull().default(0),
    status: status(),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('stock_products_tenant_location_product').on(t.tenantId, sql`coalesce(${t.shopId}, 0)`, t.productId),
    index('stock_products_tenant_product').on(t.tenantId, t.productId),
    index('stock_products_tenant_shop').on(t.tenantId, t.shopId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.productId, products),
  ],
);

export const services = pgTable(
  'services',
  {
    ...tenantKeys(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    serviceTypeId: refId('service_type_id'),
    branchId: refId('branch_id'),
    /** Service line: 'mf' hair (美发), 'mr' beauty (美容). */
    line: text('line').notNull().default('mf'),
    /** 1 大项目 (a major service: colour, perm, treatment), 2 小项目; the daily report totals each (sertype). */
    serType: smallint('ser_type').notNull().default(2),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    basePrice: integer('base_price').notNull().default(0),
    /** Share of the price that counts as the employee's performance, in basis points (10000 = 100%). */
    perfRatio: integer('perf_ratio'),
    status: status(),
    isDel: isDel(),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('services_tenant_code').on(t.tenantId, t.code),
    index('services_tenant_type').on(t.tenantId, t.serviceTypeId),
    tenantReference(t, t.serviceTypeId, serviceTypes),
    tenantReference(t, t.branchId, branches),
  ],
);

/** Positions whose employees may perform a service. */
export const servicePositions = pgTable(
  'service_positions',
  {
    tenantId: tenantColumn(),
    serviceId: refId('service_id').notNull(),
    positionId: refId('position_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.serviceId, t.positionId] }),
    tenantReference(t, t.serviceId, services).onDelete('cascade'),
    tenantReference(t, t.positionId, positions),
  ],
);

/** Employees named for a service (beyond their position). */
export const serviceEmployees = pgTable(
  'service_employees',
  {
    tenantId: tenantColumn(),
    serviceId: refId('service_id').notNull(),
    employeeId: refId('employee_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.serviceId, t.employeeId] }),
    tenantReference(t, t.serviceId, services).onDelete('cascade'),
    tenantReference(t, t.employeeId, employees).onDelete('cascade'),
  ],
);

export const serviceGroups = dictionaryTable('service_groups', {});
export const serviceGroupItems = pgTable(
  'service_group_items',
  {
    tenantId: tenantColumn(),
    groupId: refId('group_id').notNull(),
    serviceId: refId('service_id').notNull(),
    sort: sort(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.groupId, t.serviceId] }),
    tenantReference(t, t.groupId, serviceGroups).onDelete('cascade'),
    tenantReference(t, t.serviceId, services).onDelete('cascade'),
  ],
);

export const servicePackages = pgTable(
  'service_packages',
  {
    ...tenantKeys(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    packageTypeId: refId('package_type_id'),
    price: integer('price').notNull(),
    /** Days the package can be used after sale; null: no limit. */
    validityDays: integer('validity_days'),
    /** A head-office template (saveSystem) that shops copy. */
    isSystem: boolean('is_system').notNull().default(false),
    status: status(),
    isDel: isDel(),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('service_packages_tenant_code').on(t.tenantId, t.code),
    tenantReference(t, t.packageTypeId, packageTypes),
  ],
);

/** A package's items: services × times or products × quantity, each with its share of the price. */
export const servicePackageItems = pgTable(
  'service_package_items',
  {
    ...tenantKeys(),
    packageId: refId('package_id').notNull(),
    serviceId: refId('service_id'),
    productId: refId('product_id'),
    quantity: integer('quantity').notNull(),
    /** This item's share of the package price, cents; the shares add up to the price. */
    amount: integer('amount').notNull(),
    sort: sort(),
  },
  (t) => [
    tenantPrimaryKey(t),
    index('service_package_items_tenant_package').on(t.tenantId, t.packageId),
    index('service_package_items_service').on(t.tenantId, t.serviceId),
    index('service_package_items_product').on(t.tenantId, t.productId),
    tenantReference(t, t.packageId, servicePackages).onDelete('cascade'),
    tenantReference(t, t.serviceId, services),
    tenantReference(t, t.productId, products),
  ],
);

/** Shops that sell a package. */
export const servicePackageShops = pgTable(
  'service_package_shops',
  {
    tenantId: tenantColumn(),
    packageId: refId('package_id').notNull(),
    shopId: refId('shop_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.packageId, t.shopId] }),
    index('service_package_shops_shop').on(t.tenantId, t.shopId),
    tenantReference(t, t.packageId, servicePackages).onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
  ],
);
