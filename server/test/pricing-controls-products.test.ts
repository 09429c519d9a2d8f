import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { priceControls, productShopPrices, serviceShopPrices } from '../src/db/schema.js';
import { build } from './helpers.js';
import { db, EN, expect400, expectStatus, newProduct, newService, ok, shopsOf } from './pricing-helpers.js';
import { createLimitedUser } from './users.js';

const CTRL = '/api-chain/shopPriceControl';
const PP = '/api-chain/productprice';

describe('pricing: price control and product prices', async () => {
  const t = await build();
  const [a, b] = await Promise.all([t.tenant({ demo: true }), t.tenant({ demo: true })]);
  const anon = t.client();
  const shops = await shopsOf(t, a);
  const [s1, s2, s3] = [shops.byCode('SH003'), shops.byCode('HZ001'), shops.byCode('NJ001')];
  const foreignShop = (await shopsOf(t, b)).byCode('SH003');
  const foreignProduct = await newProduct(t, b);
  const foreignService = await newService(t, b);
  const controlViewer = await createLimitedUser(t, a, { perms: ['pricing.control.view'] });
  const priceEditor = await createLimitedUser(t, a, {
    perms: ['pricing.productprice.view', 'pricing.productprice.edit'],
    managerShops: [s1.id],
  });
  const priceViewer = await createLimitedUser(t, a, { perms: ['pricing.productprice.view'], managerShops: [s1.id] });
  const nobody = await createLimitedUser(t, a, { perms: ['pricing.serviceprice.view'], managerShops: [s1.id] });

  const productCell = async (shopId: number, productId: number) =>
    (
      await db(t, a, (tx) =>
        tx
          .select()
          .from(productShopPrices)
          .where(and(eq(productShopPrices.shopId, shopId), eq(productShopPrices.productId, productId))),
      )
    )[0];

  describe('shopPriceControl', () => {
    it('creates, lists (with violations), updates the fields sent, deletes', async () => {
      const x = await newService(t, a, { basePrice: 10_000, name: '管控测试项目' });
      ok(await a.admin.post('/api-chain/serviceprice/addServs', { shopId: s1.id, serviceIds: [x.id] }));
      const created = ok(await a.admin.post(`${CTRL}/saveOrUpdate`, { kind: 'service', itemId: x.id, minPrice: 11_000, memo: '旺季' }));
      expect(created).toMatchObject({
        kind: 'service',
        itemId: x.id,
        itemName: '管控测试项目',
        basePrice: 10_000,
        minPrice: 11_000,
        maxPrice: null,
        memo: '旺季',
        version: 1,
        violations: 1,
      });
      const list = ok(await controlViewer.client.post(`${CTRL}/findlistPage`, { keyword: '管控测试' }));
      expect(list).toMatchObject({ total: 1, page: 1, pageSize: 20 });
      expect(list.list[0]).toMatchObject({ id: created.id, itemCode: x.code });
      const services = ok(await a.admin.post(`${CTRL}/findlistPage`, { kind: 'service', pageSize: 200 }));
      expect(services.list.every((r: any) => r.kind === 'service')).toBe(true);
      const products = ok(await a.admin.post(`${CTRL}/findlistPage`, { kind: 'product' }));
      expect(products.total).toBeGreaterThanOrEqual(1);
      const updated = ok(
        await a.admin.post(`${CTRL}/saveOrUpdate`, { id: created.id, version: 1, kind: 'service', itemId: x.id, maxPrice: 12_000 }),
      );
      expect(updated).toMatchObject({ minPrice: 11_000, maxPrice: 12_000, memo: '旺季', version: 2 });
      expectStatus(
        await a.admin.post(`${CTRL}/saveOrUpdate`, { id: created.id, version: 1, kind: 'service', itemId: x.id, maxPrice: 13_000 }),
        409,
      );
      const cleared = ok(await a.admin.post(`${CTRL}/saveOrUpdate`, { id: created.id, kind: 'service', itemId: x.id, minPrice: null }));
      expect(cleared).toMatchObject({ minPrice: null, maxPrice: 12_000, violations: 0 });
      expect(ok(await a.admin.post(`${CTRL}/deleteData`, { ids: [created.id] }))).toEqual({ deleted: 1 });
      expect(ok(await a.admin.post(`${CTRL}/findlistPage`, { keyword: '管控测试' })).total).toBe(0);
    });

    it('checks bounds (400), one control per item (409), all-or-nothing delete (404)', async () => {
      const x = await newService(t, a);
      const p = await newProduct(t, a);
      const inverted = await a.admin.post(`${CTRL}/saveOrUpdate`, { kind: 'service', itemId: x.id, minPrice: 5_000, maxPrice: 4_000 });
      expect400(inverted, 'minPrice');
      expect(inverted.body.resp_msg).toBe('最低价 ¥50.00 不能高于最高价 ¥40.00');
      expect400(await a.admin.post(`${CTRL}/saveOrUpdate`, { kind: 'service', itemId: x.id }), 'minPrice');
      expect400(await a.admin.post(`${CTRL}/saveOrUpdate`, { kind: 'card', itemId: x.id, minPrice: 1 }), 'kind');
      expect400(await a.admin.post(`${CTRL}/saveOrUpdate`, { kind: 'service', itemId: x.id, minPrice: 1.5 }), 'minPrice');
      const one = ok(await a.admin.post(`${CTRL}/saveOrUpdate`, { kind: 'product', itemId: p.id, maxPrice: 9_000 }));
      const dup = await a.admin.post(`${CTRL}/saveOrUpdate`, { kind: 'product', itemId: p.id, minPrice: 1 }, EN);
      expectStatus(dup, 409);
      expect(dup.body.resp_msg).toBe(`"${p.name}" already has a price control`);
      expectStatus(await a.admin.post(`${CTRL}/saveOrUpdate`, { kind: 'service', itemId: foreignService.id, minPrice: 1 }), 404);
      expectStatus(await a.admin.post(`${CTRL}/saveOrUpdate`, { kind: 'product', itemId: foreignProduct.id, minPrice: 1 }), 404);
      const [foreignControl] = await db(t, b, (tx) =>
        tx.insert(priceControls).values({ tenantId: b.tenantId, kind: 'product', itemId: foreignProduct.id, minPrice: 1 }).returning(),
      );
      expectStatus(await a.admin.post(`${CTRL}/saveOrUpdate`, { id: foreignControl.id, kind: 'product', itemId: p.id, minPrice: 1 }), 404);
      expectStatus(await a.admin.post(`${CTRL}/deleteData`, { ids: [one.id, foreignControl.id] }), 404);
      expect(ok(await a.admin.post(`${CTRL}/findlistPage`, { kind: 'product', keyword: p.name })).total).toBe(1);
      expect400(await a.admin.post(`${CTRL}/deleteData`, { ids: [] }), 'ids');
      expect400(await a.admin.post(`${CTRL}/findlistPage`, { pageSize: 201 }), 'pageSize');
      expectStatus(await anon.post(`${CTRL}/findlistPage`, {}), 401);
      expectStatus(await anon.post(`${CTRL}/saveOrUpdate`, { kind: 'service', itemId: x.id, minPrice: 1 }), 401);
      expectStatus(await nobody.client.post(`${CTRL}/findlistPage`, {}), 403);
      expectStatus(await controlViewer.client.post(`${CTRL}/saveOrUpdate`, { kind: 'service', itemId: x.id, minPrice: 1 }), 403);
      expectStatus(await controlViewer.client.post(`${CTRL}/deleteData`, { ids: [one.id] }), 403);
    });

    it('bounds every way a shop price is set, and stop once the control is deleted', async () => {
      const x = await newService(t, a, { basePrice: 10_000 });
      ok(await a.admin.post('/api-chain/serviceprice/addServs', { shopId: s1.id, serviceIds: [x.id] }));
      const c = ok(await a.admin.post(`${CTRL}/saveOrUpdate`, { kind: 'service', itemId: x.id, minPrice: 9_000, maxPrice: 11_000 }));
      const direct = await a.admin.post(`/api-base/serviceprice/saveServPrice?shopid=${s1.id}`, { serviceId: x.id, price: 11_001 });
      expect400(direct, 'price');
      expect(direct.body.resp_msg).toBe(`“${x.name}”价格 ¥110.01 高于总部最高价 ¥110.00`);
      expect400(
        await a.admin.post('/api-chain/serviceprice/batchChangPrices', {
          shopIds: [s1.id],
          serviceIds: [x.id],
          mode: 'amount',
          value: -1_001,
        }),
        'value',
      );
      const tpl = ok(await a.admin.post('/api-chain/servicepricetemp/saveShopPrice', { name: '管控模板', items: [] }));
      expect400(
        await a.admin.post('/api-chain/servicepricetemp/saveShopPrice', { templateId: tpl.id, items: [{ itemId: x.id, price: 8_999 }] }),
        'items.0.price',
      );
      ok(await a.admin.post(`${CTRL}/deleteData`, { ids: [c.id] }));
      ok(await a.admin.post(`/api-base/serviceprice/saveServPrice?shopid=${s1.id}`, { serviceId: x.id, price: 11_001 }));
      const [row] = await db(t, a, (tx) =>
        tx
          .select()
          .from(serviceShopPrices)
          .where(and(eq(serviceShopPrices.shopId, s1.id), eq(serviceShopPrices.serviceId, x.id))),
      );
      expect(row.price).toBe(11_001);
    });
  });

  describe('product prices per shop', () => {
    it('grid: shops × retail products with filters and paging', async () => {
      const grid = ok(await a.admin.get(`${PP}/productPriceList`, { shopIds: `${s1.id},${s2.id}` }));
      expect(grid.shops.map((s: any) => s.id).sort()).toEqual([s1.id, s2.id].sort());
      expect(grid.list.length).toBeGreaterThan(50);
      const sample = grid.list.find((r: any) => r.prices[s1.id]);
      expect(sample).toMatchObject({
        pcode: expect.any(String),
        unit: expect.any(String),
        retailPrice: expect.any(Number),
        categoryName: expect.any(String),
      });
      expect(sample.prices[s1.id]).toEqual({
        id: expect.any(Number),
        price: expect.any(Number),
        status: expect.any(Number),
        templateId: null,
      });
      const sh001 = shops.byCode('SH001');
      const onTemplate = ok(await a.admin.get(`${PP}/productPriceList`, { shopIds: `${sh001.id}` }));
      const demoProducts = onTemplate.list.filter((r: any) => r.pcode.startsWith('SP'));
      expect(demoProducts.length).toBeGreaterThan(50);
      expect(demoProducts.every((r: any) => r.prices[sh001.id]?.templateId)).toBe(true);
      const demo = grid.list.find((r: any) => r.pcode.startsWith('SP') && r.categoryId);
      const categoryId = demo.categoryId;
      const byCategory = ok(await a.admin.get(`${PP}/productPriceList`, { categoryId }));
      expect(byCategory.list.every((r: any) => r.categoryId === categoryId)).toBe(true);
      const brandId = grid.list.find((r: any) => r.brandId).brandId;
      const byBrand = ok(await a.admin.get(`${PP}/productPriceList`, { brandId }));
      expect(byBrand.list.length).toBeGreaterThan(0);
      expect(byBrand.list.every((r: any) => r.brandId === brandId)).toBe(true);
      const byKeyword = ok(await a.admin.get(`${PP}/productPriceList`, { keyword: demo.pcode }));
      expect(byKeyword.list.map((r: any) => r.productId)).toEqual([demo.productId]);
      const parent = await a.admin.get('/api-chain/productcategory/list', { pageSize: 200 });
      const parentId = parent.body.data.list.find((c: any) => c.id === categoryId)?.parentId;
      if (parentId) {
        const byParent = ok(await a.admin.get(`${PP}/productPriceList`, { categoryId: parentId }));
        expect(byParent.list.map((r: any) => r.productId)).toEqual(expect.arrayContaining(byCategory.list.map((r: any) => r.productId)));
        expect(byParent.list.length).toBeGreaterThan(byCategory.list.length);
      }
      const sold = ok(await a.admin.get(`${PP}/productPriceList`, { sold: 1, shopIds: `${s1.id}` }));
      expect(sold.list.every((r: any) => r.prices[s1.id]?.status === 1)).toBe(true);
      const page = ok(await priceViewer.client.get(`${PP}/productPriceListByPage`, { pageSize: 5, page: 2, sort: 'name' }));
      expect(page).toMatchObject({ page: 2, pageSize: 5 });
      expect(page.list).toHaveLength(5);
      expect(page.shops.map((s: any) => s.id)).toEqual([s1.id]);
      expect400(await a.admin.get(`${PP}/productPriceListByPage`, { page: 0 }), 'page');
      expectStatus(await anon.get(`${PP}/productPriceList`), 401);
      expectStatus(await nobody.client.get(`${PP}/productPriceListByPage`), 403);
      expectStatus(await priceViewer.client.get(`${PP}/productPriceList`, { shopIds: `${s2.id}` }), 403);
      expectStatus(await a.admin.get(`${PP}/productPriceList`, { shopIds: `${foreignShop.id}` }), 404);
    });

    it('saves one price (create or update), within bounds; deletes it', async () => {
      const p = await newProduct(t, a, { retailPrice: 5_000 });
      const saved = ok(await priceEditor.client.post(PP, { shopId: s1.id, productId: p.id, price: 5_200 }));
      expect(saved).toMatchObject({ shopId: s1.id, productId: p.id, price: 5_200, status: 1, templateId: null, version: 1 });
      const updated = ok(await priceEditor.client.post(PP, { id: saved.id, shopId: s1.id, productId: p.id, price: 5_300, status: 0 }));
      expect(updated).toMatchObject({ id: saved.id, price: 5_300, status: 0, version: 2 });
      expect400(await a.admin.post(PP, { id: saved.id, shopId: s2.id, productId: p.id, price: 1 }), 'productId');
      ok(await a.admin.post(`${CTRL}/saveOrUpdate`, { kind: 'product', itemId: p.id, minPrice: 4_800 }));
      const low = await a.admin.post(PP, { shopId: s2.id, productId: p.id, price: 4_700 });
      expect400(low, 'price');
      expect(low.body.resp_msg).toBe(`“${p.name}”价格 ¥47.00 低于总部最低价 ¥48.00`);
      expect(await productCell(s2.id, p.id)).toBeUndefined();
      const internal = await newProduct(t, a, { usage: 2 });
      expectStatus(await a.admin.post(PP, { shopId: s1.id, productId: internal.id, price: 1 }), 409);
      expectStatus(await a.admin.post(PP, { shopId: s1.id, productId: foreignProduct.id, price: 1 }), 404);
      expectStatus(await a.admin.post(PP, { shopId: foreignShop.id, productId: p.id, price: 1 }), 404);
      expectStatus(await a.admin.post(PP, { id: 99_999_999, shopId: s1.id, productId: p.id, price: 1 }), 404);
      expectStatus(await priceEditor.client.post(PP, { shopId: s2.id, productId: p.id, price: 5_000 }), 403);
      expectStatus(await priceViewer.client.post(PP, { shopId: s1.id, productId: p.id, price: 5_000 }), 403);
      expectStatus(await anon.post(PP, { shopId: s1.id, productId: p.id, price: 5_000 }), 401);
      expect400(await a.admin.post(PP, { shopId: s1.id, productId: p.id, price: '50' }), 'price');
      expectStatus(await priceViewer.client.del(`${PP}/${saved.id}`), 403);
      expect(ok(await priceEditor.client.del(`${PP}/${saved.id}`))).toEqual({ id: saved.id });
      expectStatus(await a.admin.del(`${PP}/${saved.id}`), 404);
      const [foreignRow] = await db(t, b, (tx) => tx.select().from(productShopPrices).limit(1));
      expectStatus(await a.admin.del(`${PP}/${foreignRow.id}`), 404);
      expectStatus(await anon.del(`${PP}/${foreignRow.id}`), 401);
    });

    it('answers another shop’s price id as one that is not there: 404 alike, nothing changed', async () => {
      const p = await newProduct(t, a, { retailPrice: 5_000 });
      const theirs = ok(await a.admin.post(PP, { shopId: s2.id, productId: p.id, price: 5_100 }));
      const mine = { shopId: s1.id, productId: p.id, price: 4_900 };
      const unseen = await priceEditor.client.post(PP, { ...mine, id: theirs.id }, EN);
      const nowhere = await priceEditor.client.post(PP, { ...mine, id: 99_999_999 }, EN);
      expectStatus(unseen, 404);
      expectStatus(nowhere, 404);
      expect(unseen.body.resp_msg).toBe(nowhere.body.resp_msg.replace('99999999', String(theirs.id)));
      const deleteUnseen = await priceEditor.client.del(`${PP}/${theirs.id}`, EN);
      const deleteNowhere = await priceEditor.client.del(`${PP}/99999999`, EN);
      expectStatus(deleteUnseen, 404);
      expectStatus(deleteNowhere, 404);
      expect(deleteUnseen.body.resp_msg).toBe(deleteNowhere.body.resp_msg.replace('99999999', String(theirs.id)));
      expect(await productCell(s2.id, p.id)).toMatchObject({ id: theirs.id, price: 5_100 });
      expect(await productCell(s1.id, p.id)).toBeUndefined();
      // who sees both shops is told the id is another row
      expect400(await a.admin.post(PP, { ...mine, id: theirs.id }), 'productId');
    });

    it('batchSave stores all rows or none', async () => {
      const p = await newProduct(t, a, { retailPrice: 5_000 });
      const q = await newProduct(t, a, { retailPrice: 5_000 });
      ok(await a.admin.post(`${CTRL}/saveOrUpdate`, { kind: 'product', itemId: q.id, maxPrice: 6_000 }));
      const items = [
        { shopId: s1.id, productId: p.id, price: 5_100 },
        { shopId: s2.id, productId: q.id, price: 6_100 },
      ];
      const refused = await a.admin.post(`${PP}/batchSave`, { items });
      expect400(refused, 'items.1.price');
      expect(refused.body.resp_msg).toBe(`${s2.name}：“${q.name}”价格 ¥61.00 高于总部最高价 ¥60.00`);
      expect(await productCell(s1.id, p.id)).toBeUndefined();
      expect(ok(await a.admin.post(`${PP}/batchSave`, { items: [items[0], { ...items[1], price: 5_900, status: 0 }] }))).toEqual({
        saved: 2,
      });
      expect(await productCell(s2.id, q.id)).toMatchObject({ price: 5_900, status: 0 });
      expect400(await a.admin.post(`${PP}/batchSave`, { items: [items[0], items[0]] }), 'items.1.productId');
      expect400(await a.admin.post(`${PP}/batchSave`, { items: [] }), 'items');
      expectStatus(await a.admin.post(`${PP}/batchSave`, { items: [{ ...items[0], productId: foreignProduct.id }] }), 404);
      expectStatus(await priceEditor.client.post(`${PP}/batchSave`, { items: [items[0], { ...items[1], price: 5_000 }] }), 403);
      expectStatus(await anon.post(`${PP}/batchSave`, { items }), 401);
    });

    it('shop status: get, save (adding at retail price), check', async () => {
      const p = await newProduct(t, a, { retailPrice: 3_000 });
      expect(ok(await a.admin.post(`${PP}/saveProductShopStatus`, { shopIds: [s1.id, s2.id], productIds: [p.id], status: 1 }))).toEqual({
        changed: 2,
        added: 2,
      });
      expect(await productCell(s1.id, p.id)).toMatchObject({ price: 3_000, status: 1 });
      ok(await a.admin.post(`${PP}/saveProductShopStatus`, { shopIds: [s2.id, s3.id], productIds: [p.id], status: 0 }));
      const status = ok(await priceViewer.client.post(`${PP}/getProductShopStatus`, { productId: p.id }));
      expect(status).toEqual([expect.objectContaining({ shopId: s1.id, listed: true, status: 1, price: 3_000 })]);
      const all = ok(await a.admin.post(`${PP}/getProductShopStatus`, { productId: p.id }));
      expect(all.find((r: any) => r.shopId === s2.id)).toMatchObject({ listed: true, status: 0 });
      expect(all.find((r: any) => r.shopId === s3.id)).toMatchObject({ listed: false, status: null });
      const check = ok(await a.admin.post(`${PP}/checkProductShopStatus`, { shopId: s2.id, productIds: [p.id] }));
      expect(check).toMatchObject({ shopId: s2.id, sold: [], notSold: [p.id] });
      ok(await a.admin.post(`${CTRL}/saveOrUpdate`, { kind: 'product', itemId: p.id, minPrice: 3_500 }));
      expect400(await a.admin.post(`${PP}/saveProductShopStatus`, { shopIds: [s3.id], productIds: [p.id], status: 1 }), 'productIds.0');
      expect(await productCell(s3.id, p.id)).toBeUndefined();
      expect400(await a.admin.post(`${PP}/checkProductShopStatus`, { shopId: s1.id, productIds: [] }), 'productIds');
      expectStatus(await a.admin.post(`${PP}/getProductShopStatus`, { productId: foreignProduct.id }), 404);
      expectStatus(await a.admin.post(`${PP}/checkProductShopStatus`, { shopId: foreignShop.id, productIds: [p.id] }), 404);
      expectStatus(await priceViewer.client.post(`${PP}/saveProductShopStatus`, { shopIds: [s1.id], productIds: [p.id], status: 0 }), 403);
      expectStatus(await priceViewer.client.post(`${PP}/checkProductShopStatus`, { shopId: s2.id, productIds: [p.id] }), 403);
      expectStatus(await nobody.client.post(`${PP}/getProductShopStatus`, { productId: p.id }), 403);
      expectStatus(await anon.post(`${PP}/checkProductShopStatus`, { shopId: s1.id, productIds: [p.id] }), 401);
    });
  });
});
