import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, date, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, isDel, memo, status, tenantColumn, updatedAt, version } from '../../db/columns.js';
import { dictionaryTable } from '../../db/dictionary-table.js';

export const regions = dictionaryTable('regions', {
  parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => regions.id),
});
export const brands = dictionaryTable('brands', { logo: text('logo'), isDel: isDel() });
export const channels = dictionaryTable('channels', {});
export const branches = dictionaryTable('branches', {});
export const positions = dictionaryTable('positions', {});
export const positionLevels = dictionaryTable('position_levels', {
  positionId: bigint('position_id', { mode: 'number' })
    .notNull()
    .references(() => positions.id),
});
export const serviceTypes = dictionaryTable('service_types', {});
export const productCategories = dictionaryTable('product_categories', {
  parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => productCategories.id),
});
export const packageTypes = dictionaryTable('package_types', {});
export const distChannels = dictionaryTable('dist_channels', {});
export const memberStatuses = dictionaryTable('member_statuses', {});
export const memberGrades = dictionaryTable('member_grades', { discount: integer('discount').notNull().default(100) });

export const shops = pgTable(
  'shops',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name'),
    brandId: bigint('brand_id', { mode: 'number' })
      .notNull()
      .references(() => brands.id),
    regionId: bigint('region_id', { mode: 'number' })
      .notNull()
      .references(() => regions.id),
    type: smallint('type').notNull().default(1),
    provinceCode: text('province_code').notNull(),
    cityCode: text('city_code').notNull(),
    areaCode: text('area_code').notNull(),
    address: text('address'),
    phone: text('phone'),
    openDate: date('open_date', { mode: 'string' }),
    openTime: text('open_time').notNull().default('09:00'),
    closeTime: text('close_time').notNull().default('21:00'),
    stations: integer('stations').notNull().default(0),
    status: status(),
    memo: memo(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shops_tenant_code').on(t.tenantId, t.code),
    index('shops_tenant_region').on(t.tenantId, t.regionId),
    index('shops_tenant_brand').on(t.tenantId, t.brandId),
    index('shops_tenant_name').using('btree', t.tenantId, sql`lower(${t.name})`),
  ],
);

export const shopImages = pgTable(
  'shop_images',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('shop_images_tenant_shop').on(t.tenantId, t.shopId)],
);
