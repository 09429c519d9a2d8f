import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { insertMany } from '../db/insert-many.js';
import { products, services, stockProducts } from '../modules/catalog/schema.js';
import { brands, positionLevels, serviceTypes, shops } from '../modules/org/schema.js';
import {
  priceControls,
  priceTemplateItems,
  priceTemplateShops,
  priceTemplates,
  productShopPrices,
  serviceShopPrices,
  serviceSpecialLogs,
  serviceSpecials,
} from '../modules/pricing/schema.js';

/** A deterministic spread in -10..10 (percent) from two numbers: the same demo every time. */
const spread = (a: number, b: number) => ((a * 7919 + b * 104_729) % 21) - 10;
/** Whole yuan, in cents. */
const yuan = (cents: number) => Math.round(cents / 100) * 100;

/**
 * Demo prices for every demo shop: each enabled service and retail product at the base price ±10%
 * (a few services not sold in some shops, products sold where the shop stocks them), level prices
 * (directors cost more), performance ratios, two price controls, the head-office hair and beauty
 * templates, and one product template applied to two shops. Runs after the catalogue; bulk inserts.
 */
export async function seedDemoPrices(tx: Db, tenantId: number) {
  const t = { tenantId };
  const shopRows = await tx
    .select({ id: shops.id, code: shops.code, brand: brands.code })
    .from(shops)
    .innerJoin(brands, eq(brands.id, shops.brandId))
    .orderBy(shops.code);
  const serviceRows = await tx
    .select({ id: services.id, code: services.code, line: services.line, basePrice: services.basePrice, type: serviceTypes.name })
    .from(services)
    .leftJoin(serviceTypes, eq(serviceTypes.id, services.serviceTypeId))
    .where(and(eq(services.status, 1), eq(services.isDel, 0)))
    .orderBy(services.code);
  const productRows = await tx
    .select({ id: products.id, retailPrice: products.retailPrice })
    .from(products)
    .where(and(eq(products.status, 1), eq(products.isDel, 0), eq(products.usage, 1)))
    .orderBy(products.pcode);
  const levelRows = await tx.select({ id: positionLevels.id, name: positionLevels.name }).from(positionLevels);
  const stocked = await tx
    .select({ shopId: stockProducts.shopId, productId: stockProducts.productId })
    .from(stockProducts)
    .where(isNotNull(stockProducts.shopId));
  if (!shopRows.length || !serviceRows.length) return;
  const stockedSet = new Set(stocked.map((s) => `${s.shopId}:${s.productId}`));

  // Price controls: the two cheapest-to-discount haircuts and one shampoo (bounds well around the demo prices).
  const controlled = serviceRows.slice(0, 2);
  const controls = [
    ...controlled.map((s) => ({
      ...t,
      kind: 'service',
      itemId: s.id,
      minPrice: yuan(s.basePrice * 0.85),
      maxPrice: yuan(s.basePrice * 1.2),
      memo: '总部限价',
    })),
    ...productRows
      .slice(0, 1)
      .map((p) => ({ ...t, kind: 'product', itemId: p.id, minPrice: yuan(p.retailPrice * 0.85), maxPrice: null, memo: '防止低价倾销' })),
  ];
  await tx.insert(priceControls).values(controls);

  // Templates: the head-office hair (mf) and beauty (mr) defaults at base price; one product template.
  const templateRows = await tx
    .insert(priceTemplates)
    .values([
      { ...t, kind: 'service', code: 'SYS-MF', name: '总部美发默认价格', line: 'mf', isSystem: true },
      { ...t, kind: 'service', code: 'SYS-MR', name: '总部美容默认价格', line: 'mr', isSystem: true },
      { ...t, kind: 'product', code: 'CPMB0001', name: '华东直营店产品价', memo: '上海直营门店统一零售价' },
    ])
    .returning({ id: priceTemplates.id, code: priceTemplates.code });
  const templateId = (code: string) => templateRows.find((r) => r.code === code)?.id as number;
  const productTemplate = templateId('CPMB0001');
  const templatePrice = (retail: number) => yuan(retail * 1.05);
  await insertMany(tx, priceTemplateItems, [
    ...serviceRows.map((s) => ({ ...t, templateId: templateId(s.line === 'mr' ? 'SYS-MR' : 'SYS-MF'), itemId: s.id, price: s.basePrice })),
    ...productRows.map((p) => ({ ...t, templateId: productTemplate, itemId: p.id, price: templatePrice(p.retailPrice) })),
  ]);
  const templateShops = shopRows.filter((s) => s.code === 'SH001' || s.code === 'SH002').map((s) => s.id);
  if (templateShops.length)
    await tx.insert(priceTemplateShops).values(templateShops.map((shopId) => ({ ...t, templateId: productTemplate, shopId })));

  // Service prices: every shop lists every enabled service; about one in thirteen is not sold there.
  const servicePrices = shopRows.flatMap((shop, i) =>
    serviceRows.map((s, j) => {
      const limit = controls.find((c) => c.kind === 'service' && c.itemId === s.id);
      let price = yuan((s.basePrice * (100 + spread(i + 1, j + 1))) / 100);
      if (limit) price = Math.min(Math.max(price, limit.minPrice), limit.maxPrice ?? Number.POSITIVE_INFINITY);
      const beautyShop = shop.brand === 'PP002';
      const sold = (i * 31 + j * 17) % 13 !== 0 && !(beautyShop && s.type === '烫发');
      return { ...t, shopId: shop.id, serviceId: s.id, price, status: sold ? 1 : 0 };
    }),
  );
  await insertMany(tx, serviceShopPrices, servicePrices);

  // Product prices: retail ±10% (the template's price in its shops), sold where the shop stocks the product.
  const productPrices = shopRows.flatMap((shop, i) =>
    productRows.map((p, j) => {
      const onTemplate = templateShops.includes(shop.id);
      let price = onTemplate ? templatePrice(p.retailPrice) : yuan((p.retailPrice * (100 + spread(j + 3, i + 5))) / 100);
      const limit = controls.find((c) => c.kind === 'product' && c.itemId === p.id);
      if (limit) price = Math.max(price, limit.minPrice);
      return {
        ...t,
        shopId: shop.id,
        productId: p.id,
        price,
        status: stockedSet.size === 0 || stockedSet.has(`${shop.id}:${p.id}`) ? 1 : 0,
        templateId: onTemplate ? productTemplate : null,
      };
    }),
  );
  await insertMany(tx, productShopPrices, productPrices);

  // Level prices: directors and senior stylists cost more on cuts, perms and colour; the flagship charges its chief director more still.
  const level = new Map(levelRows.map((l) => [l.name, l.id]));
  const uplift: [string, number][] = [
    ['首席总监', 150],
    ['艺术总监', 130],
    ['资深发型师', 110],
  ];
  const specialServices = serviceRows.filter((s) => s.line === 'mf' && ['剪发', '烫发', '染发'].includes(s.type ?? '')).slice(0, 10);
  const flagship = shopRows.find((s) => s.code === 'SH001');
  const specials = specialServices.flatMap((s) =>
    uplift.flatMap(([name, pct]) => {
      const levelId = level.get(name);
      if (!levelId) return [];
      const rows = [{ ...t, serviceId: s.id, shopId: null as number | null, levelId, price: yuan((s.basePrice * pct) / 100) }];
      if (flagship && name === '首席总监')
        rows.push({ ...t, serviceId: s.id, shopId: flagship.id, levelId, price: yuan((s.basePrice * (pct + 20)) / 100) });
      return rows;
    }),
  );
  if (specials.length) {
    // Keep shop level prices of controlled services inside their bounds.
    for (const row of specials) {
      const limit = controls.find((c) => c.kind === 'service' && c.itemId === row.serviceId);
      if (limit && row.shopId !== null)
        row.price = Math.min(Math.max(row.price, limit.minPrice), limit.maxPrice ?? Number.POSITIVE_INFINITY);
    }
    await tx.insert(serviceSpecials).values(specials);
    await tx.insert(serviceSpecialLogs).values(
      specials.map((r) => ({
        ...t,
        serviceId: r.serviceId,
        shopId: r.shopId,
        levelId: r.levelId,
        oldPrice: null,
        newPrice: r.price,
        username: 'admin',
      })),
    );
  }

  // Performance ratios: cuts 60%, perms and colour 40% (products used), everything else 50%.
  const ratio = (type: string | null) => (type === '剪发' ? 6000 : type === '烫发' || type === '染发' ? 4000 : 5000);
  const values = sql.join(
    serviceRows.map((s) => sql`(${s.id}::bigint, ${ratio(s.type)}::integer)`),
    sql`, `,
  );
  await tx.execute(sql`update ${services} set perf_ratio = v.r from (values ${values}) as v(id, r) where ${services.id} = v.id`);
}
