import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  atColumn,
  memo,
  refId,
  status,
  tenantColumn,
  tenantKeys,
  tenantPrimaryKey,
  tenantReference,
  updatedAt,
  version,
  versionedTimestamps,
} from '../../db/columns.js';
import { products, services } from '../catalog/public.js';
import { cardTypes } from '../members/public.js';
import { positionLevels, shops } from '../org/public.js';

/** What a shop charges for a service, and whether it sells it at all (status). */
export const serviceShopPrices = pgTable(
  'service_shop_prices',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    serviceId: refId('service_id').notNull(),
    price: integer('price').notNull(),
    status: status(),
    templateId: refId('template_id'),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('service_shop_prices_tenant_shop_service').on(t.tenantId, t.shopId, t.serviceId),
    index('service_shop_prices_service').on(t.tenantId, t.serviceId),
    index('service_shop_prices_template').on(t.tenantId, t.templateId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.serviceId, services).onDelete('cascade'),
  ],
);

/** Employee-level specials: the price of a service when done by a given position level; shop null = chain default. */
export const serviceSpecials = pgTable(
  'service_specials',
  {
    ...tenantKeys(),
    serviceId: refId('service_id').notNull(),
    shopId: refId('shop_id'),
    levelId: refId('level_id').notNull(),
    price: integer('price').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('service_specials_tenant_service_shop_level').on(t.tenantId, t.serviceId, sql`coalesce(${t.shopId}, 0)`, t.levelId),
    tenantReference(t, t.serviceId, services).onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.levelId, positionLevels),
  ],
);

/** Every change of a special: who, when, old and new price. */
export const serviceSpecialLogs = pgTable(
  'service_special_logs',
  {
    ...tenantKeys(),
    serviceId: refId('service_id').notNull(),
    shopId: refId('shop_id'),
    levelId: refId('level_id').notNull(),
    oldPrice: integer('old_price'),
    newPrice: integer('new_price'),
    userId: refId('user_id'),
    username: text('username'),
    at: atColumn(),
  },
  (t) => [tenantPrimaryKey(t), index('service_special_logs_tenant_service').on(t.tenantId, t.serviceId, t.at)],
);

/** The price of a service when paid with a card type; shop null = chain. */
export const serviceCardPrices = pgTable(
  'service_card_prices',
  {
    ...tenantKeys(),
    serviceId: refId('service_id').notNull(),
    cardTypeId: refId('card_type_id').notNull(),
    shopId: refId('shop_id'),
    price: integer('price').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('service_card_prices_tenant_service_card_shop').on(t.tenantId, t.serviceId, t.cardTypeId, sql`coalesce(${t.shopId}, 0)`),
    index('service_card_prices_shop').on(t.tenantId, t.shopId),
    index('service_card_prices_card_type').on(t.tenantId, t.cardTypeId),
    tenantReference(t, t.serviceId, services).onDelete('cascade'),
    tenantReference(t, t.cardTypeId, cardTypes),
    tenantReference(t, t.shopId, shops),
  ],
);

/** Named price sets applied to many shops; `kind` service | product; `line` mf | mr for the head-office defaults. */
export const priceTemplates = pgTable(
  'price_templates',
  {
    ...tenantKeys(),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    line: text('line'),
    isSystem: boolean('is_system').notNull().default(false),
    /** 1 in force, 0 stopped. */
    status: status(),
    memo: memo(),
    ...versionedTimestamps(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('price_templates_tenant_code').on(t.tenantId, t.kind, t.code)],
);

export const priceTemplateItems = pgTable(
  'price_template_items',
  {
    tenantId: tenantColumn(),
    templateId: refId('template_id').notNull(),
    /** A service id or a product id, per the template's kind. */
    itemId: refId('item_id').notNull(),
    price: integer('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.templateId, t.itemId] }),
    tenantReference(t, t.templateId, priceTemplates).onDelete('cascade'),
  ],
);

export const priceTemplateShops = pgTable(
  'price_template_shops',
  {
    tenantId: tenantColumn(),
    templateId: refId('template_id').notNull(),
    shopId: refId('shop_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.templateId, t.shopId] }),
    index('price_template_shops_shop').on(t.tenantId, t.shopId),
    tenantReference(t, t.templateId, priceTemplates).onDelete('cascade'),
    tenantReference(t, t.shopId, shops),
  ],
);

/** Head-office bounds for what shops may charge; `kind` service | product. */
export const priceControls = pgTable(
  'price_controls',
  {
    ...tenantKeys(),
    kind: text('kind').notNull(),
    itemId: refId('item_id').notNull(),
    minPrice: integer('min_price'),
    maxPrice: integer('max_price'),
    memo: memo(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [tenantPrimaryKey(t), uniqueIndex('price_controls_tenant_item').on(t.tenantId, t.kind, t.itemId)],
);

export const productShopPrices = pgTable(
  'product_shop_prices',
  {
    ...tenantKeys(),
    shopId: refId('shop_id').notNull(),
    productId: refId('product_id').notNull(),
    price: integer('price').notNull(),
    status: status(),
    templateId: refId('template_id'),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    tenantPrimaryKey(t),
    uniqueIndex('product_shop_prices_tenant_shop_product').on(t.tenantId, t.shopId, t.productId),
    index('product_shop_prices_product').on(t.tenantId, t.productId),
    index('product_shop_prices_template').on(t.tenantId, t.templateId),
    tenantReference(t, t.shopId, shops),
    tenantReference(t, t.productId, products).onDelete('cascade'),
  ],
);
