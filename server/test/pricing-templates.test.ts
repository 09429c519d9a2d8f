import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { priceControls, productShopPrices, serviceShopPrices, services } from '../src/db/schema.js';
import { build } from './helpers.js';
import { db, EN, expect400, expectStatus, newProduct, newService, ok, shopsOf, uniq } from './pricing-helpers.js';
import { createLimitedUser } from './users.js';

const ST = '/api-chain/servicepricetemp';
const PT = '/api-chain/productpricetemp';

describe('pricing: price templates (services and products)', async () => {
  const t = await build();
  const [a, b] = await Promise.all([t.tenant({ demo: true }), t.tenant({ demo: true })]);
  const anon = t.client();
  const shops = await shopsOf(t, a);
  const [s1, s2, s3, s4] = [shops.byCode('BJ001'), shops.byCode('BJ002'), shops.byCode('GZ001'), shops.byCode('TJ001')];
  const foreignService = await newService(t, b);
  const foreignProduct = await newProduct(t, b);
  const foreignShop = (await shopsOf(t, b)).byCode('BJ001');
  const viewer = await createLimitedUser(t, a, { perms: ['pricing.servicetemplate.view', 'pricing.producttemplate.view'] });
  const nobody = await createLimitedUser(t, a, { perms: ['pricing.serviceprice.view'] });
  const foreignTemplate = ok(await b.admin.post(`${ST}/newCode`, { name: '外部模板' }));

  const servicePrices = (shopIds: number[], serviceIds: number[]) =>
    db(t, a, (tx) =>
      tx
        .select()
        .from(serviceShopPrices)
        .where(and(inArray(serviceShopPrices.shopId, shopIds), inArray(serviceShopPrices.serviceId, serviceIds))),
    );

  describe('service templates', () => {
    it('creates (newCode), prices (saveShopPrice), applies (saveShop) and re-applies on change', async () => {
      expect(ok(await a.admin.get(`${ST}/newCode`))).toEqual({ code: 'FWMB0001' });
      const x = await newService(t, a, { basePrice: 10_000 });
      const y = await newService(t, a, { basePrice: 20_000 });
      const created = ok(await a.admin.post(`${ST}/newCode`, { name: '北方门店价', memo: '京津' }));
      expect(created).toMatchObject({
        code: 'FWMB0001',
        name: '北方门店价',
        kind: 'service',
        status: 1,
        isSystem: false,
        items: [],
        shops: [],
        itemCount: 0,
      });
      const priced = ok(
        await a.admin.post(`${ST}/saveShopPrice`, {
          templateId: created.id,
          items: [
            { itemId: x.id, price: 11_000 },
            { itemId: y.id, price: 21_000 },
          ],
        }),
      );
      expect(priced.items.map((i: any) => [i.itemId, i.price, i.basePrice]).sort((m: number[], n: number[]) => m[0] - n[0])).toEqual([
        [x.id, 11_000, 10_000],
        [y.id, 21_000, 20_000],
      ]);
      const applied = ok(await a.admin.post(`${ST}/saveShop`, { templateId: created.id, shopIds: [s1.id, s2.id] }));
      expect(applied.shops.map((s: any) => s.shopId).sort()).toEqual([s1.id, s2.id].sort());
      expect(applied).toMatchObject({ shopCount: 2, itemCount: 2 });
      const rows = await servicePrices([s1.id, s2.id], [x.id, y.id]);
      expect(rows).toHaveLength(4);
      for (const r of rows) expect(r).toMatchObject({ status: 1, templateId: created.id, price: r.serviceId === x.id ? 11_000 : 21_000 });
      // Changing the template's prices changes its shops'; an item taken out stops pointing at it.
      ok(await a.admin.post(`${ST}/saveShopPrice`, { templateId: created.id, items: [{ itemId: x.id, price: 12_000 }] }));
      const after = await servicePrices([s1.id, s2.id], [x.id, y.id]);
      expect(after.filter((r) => r.serviceId === x.id).map((r) => r.price)).toEqual([12_000, 12_000]);
      expect(after.filter((r) => r.serviceId === y.id).every((r) => r.price === 21_000 && r.templateId === null)).toBe(true);
      // A shop taken off keeps its prices.
      ok(await a.admin.post(`${ST}/saveShop`, { templateId: created.id, shopIds: [s1.id] }));
      const [kept] = await servicePrices([s2.id], [x.id]);
      expect(kept).toMatchObject({ price: 12_000, templateId: null });
      const detail = ok(await a.admin.get(`${ST}/${created.id}`));
      expect(detail).toMatchObject({
        id: created.id,
        shopCount: 1,
        itemCount: 1,
        shops: [{ shopId: s1.id, code: s1.code, name: s1.name }],
      });
      // A user limited to shops (here: none) sees only their shops among the template's (see shop-scope-matrix).
      expect(ok(await viewer.client.get(`${ST}/${created.id}`))).toMatchObject({ id: created.id, itemCount: 1, shops: [] });
    });

    it('a shop is on one template: 409 naming it; unableSelectShopList lists the taken shops', async () => {
      const x = await newService(t, a);
      const one = ok(await a.admin.post(`${ST}/saveShopPrice`, { name: `模板${uniq()}`, items: [{ itemId: x.id, price: 9_000 }] }));
      expect(one.code).toMatch(/^FWMB\d{4}$/);
      ok(await a.admin.post(`${ST}/saveShop`, { templateId: one.id, shopIds: [s3.id] }));
      const two = ok(await a.admin.post(`${ST}/saveShopPrice`, { name: `模板${uniq()}`, items: [{ itemId: x.id, price: 9_500 }] }));
      const taken = await a.admin.post(`${ST}/saveShop`, { templateId: two.id, shopIds: [s4.id, s3.id] });
      expectStatus(taken, 409);
      expect(taken.body.resp_msg).toBe(`门店“${s3.name}”已在使用价格模板“${one.name}”，一个门店只能使用一个模板`);
      expect(await servicePrices([s4.id], [x.id])).toHaveLength(0);
      expect(ok(await viewer.client.get(`${ST}/unableSelectShopList`, { templateId: two.id }))).toEqual([]);
      const unable = ok(await a.admin.get(`${ST}/unableSelectShopList`, { templateId: two.id }));
      expect(unable).toEqual(
        expect.arrayContaining([
          { shopId: s3.id, shopCode: s3.code, shopName: s3.name, templateId: one.id, templateCode: one.code, templateName: one.name },
        ]),
      );
      const own = ok(await a.admin.get(`${ST}/unableSelectShopList`, { templateId: one.id }));
      expect(own.some((r: any) => r.shopId === s3.id)).toBe(false);
      ok(await a.admin.post(`${ST}/saveShop`, { templateId: one.id, shopIds: [] }));
      ok(await a.admin.post(`${ST}/saveShop`, { templateId: two.id, shopIds: [s3.id] }));
      const [row] = await servicePrices([s3.id], [x.id]);
      expect(row).toMatchObject({ price: 9_500, templateId: two.id });
    });

    it('every applied price lies within price control, all or nothing', async () => {
      const x = await newService(t, a, { basePrice: 10_000 });
      const y = await newService(t, a, { basePrice: 10_000 });
      const tpl = ok(
        await a.admin.post(`${ST}/saveShopPrice`, {
          name: `限价模板${uniq()}`,
          items: [
            { itemId: x.id, price: 9_000 },
            { itemId: y.id, price: 5_000 },
          ],
        }),
      );
      await db(t, a, (tx) =>
        tx.insert(priceControls).values({ tenantId: a.tenantId, kind: 'service', itemId: y.id, minPrice: 6_000, maxPrice: null }),
      );
      const res = await a.admin.post(`${ST}/saveShop`, { templateId: tpl.id, shopIds: [s4.id] });
      expect400(res, 'templateId');
      expect(res.body.resp_msg).toBe(`“${y.name}”价格 ¥50.00 低于总部最低价 ¥60.00`);
      expect(await servicePrices([s4.id], [x.id, y.id])).toHaveLength(0);
      const save = await a.admin.post(`${ST}/saveShopPrice`, { templateId: tpl.id, items: [{ itemId: y.id, price: 5_500 }] }, EN);
      expect400(save, 'items.0.price');
      expect(save.body.resp_msg).toBe(`"${y.name}": the price ¥55.00 is below the head-office minimum of ¥60.00`);
      expect(
        ok(await a.admin.get(`${ST}/${tpl.id}`))
          .items.map((i: any) => i.price)
          .sort(),
      ).toEqual([5_000, 9_000]);
    });

    it('stopPrice releases the shops and refuses to apply (409) until restarted; copyShopPrice copies prices', async () => {
      const x = await newService(t, a);
      const tpl = ok(await a.admin.post(`${ST}/saveShopPrice`, { name: `停用模板${uniq()}`, items: [{ itemId: x.id, price: 8_000 }] }));
      ok(await a.admin.post(`${ST}/saveShop`, { templateId: tpl.id, shopIds: [s4.id] }));
      const stopped = ok(await a.admin.post(`${ST}/stopPrice`, { id: tpl.id }));
      expect(stopped).toMatchObject({ status: 0, shops: [] });
      expect((await servicePrices([s4.id], [x.id]))[0]).toMatchObject({ price: 8_000, templateId: null });
      const refused = await a.admin.post(`${ST}/saveShop`, { templateId: tpl.id, shopIds: [s4.id] });
      expectStatus(refused, 409);
      expect(refused.body.resp_msg).toBe(`价格模板“${tpl.name}”已停用，不能应用到门店`);
      expect(ok(await a.admin.get(`${ST}/list/all`)).some((r: any) => r.id === tpl.id)).toBe(false);
      const copy = ok(await a.admin.post(`${ST}/copyShopPrice`, { templateId: tpl.id, code: `CP${uniq()}`, name: '复制的模板' }));
      expect(copy).toMatchObject({
        status: 1,
        isSystem: false,
        shops: [],
        items: [expect.objectContaining({ itemId: x.id, price: 8_000 })],
      });
      const dup = await a.admin.post(`${ST}/copyShopPrice`, { templateId: tpl.id, code: copy.code, name: '再复制' });
      expectStatus(dup, 409);
      expect(dup.body.errors?.[0].path).toBe('code');
      expect(ok(await a.admin.post(`${ST}/stopPrice`, { id: tpl.id, status: 1 })).status).toBe(1);
      ok(await a.admin.post(`${ST}/saveShop`, { templateId: tpl.id, shopIds: [s4.id] }));
      ok(await a.admin.post(`${ST}/saveShop`, { templateId: tpl.id, shopIds: [] }));
    });

    it('saveSystemMf / saveSystemMr create then update the head-office default of each line', async () => {
      const mf = await newService(t, a, { line: 'mf' });
      const mr = await newService(t, a, { line: 'mr' });
      const before = ok(await a.admin.get(`${ST}/listPage`, { isSystem: 1 }));
      expect(before.list.map((r: any) => r.code).sort()).toEqual(['SYS-MF', 'SYS-MR']);
      const saved = ok(await a.admin.post(`${ST}/saveSystemMf`, { name: '总部美发价 2027', items: [{ itemId: mf.id, price: 7_000 }] }));
      expect(saved).toMatchObject({ code: 'SYS-MF', line: 'mf', isSystem: true, name: '总部美发价 2027', itemCount: 1 });
      const wrong = await a.admin.post(`${ST}/saveSystemMf`, { items: [{ itemId: mr.id, price: 7_000 }] });
      expect400(wrong, 'items.0.itemId');
      expect(wrong.body.resp_msg).toBe(`“${mr.name}”不属于美发项目，不能放入该系统模板`);
      const beauty = ok(await a.admin.post(`${ST}/saveSystemMr`, { items: [{ itemId: mr.id, price: 6_000 }] }));
      expect(beauty).toMatchObject({ code: 'SYS-MR', line: 'mr', isSystem: true, items: [expect.objectContaining({ itemId: mr.id })] });
      const after = ok(await a.admin.get(`${ST}/listPage`, { isSystem: 1 }));
      expect(after.total).toBe(2);
      // A fresh tenant without system templates gets them created.
      const c = await t.tenant();
      const [svc] = await db(t, c, (tx) =>
        tx.insert(services).values({ tenantId: c.tenantId, code: 'X1', name: '洗剪吹', line: 'mr', basePrice: 100 }).returning(),
      );
      const createdMr = ok(await c.admin.post(`${ST}/saveSystemMr`, { items: [{ itemId: svc.id, price: 200 }] }));
      expect(createdMr).toMatchObject({ code: 'SYS-MR', name: '总部美容默认价格', isSystem: true, line: 'mr' });
    });

    it('lists: listPage (filters, counts), list/all; 400, 401, 403, 404', async () => {
      const page = ok(await viewer.client.get(`${ST}/listPage`, { pageSize: 50 }));
      expect(page.total).toBeGreaterThanOrEqual(4);
      expect(page.list[0].isSystem).toBe(true);
      const stopped = ok(await a.admin.get(`${ST}/listPage`, { status: 0 }));
      expect(stopped.list.every((r: any) => r.status === 0)).toBe(true);
      const mr = ok(await a.admin.get(`${ST}/listPage`, { line: 'mr' }));
      expect(mr.list.every((r: any) => r.line === 'mr')).toBe(true);
      const byName = ok(await a.admin.get(`${ST}/listPage`, { keyword: '北方' }));
      expect(byName.list.map((r: any) => r.name)).toEqual(['北方门店价']);
      expect(ok(await a.admin.get(`${ST}/list/all`)).every((r: any) => r.status === 1 && r.kind === 'service')).toBe(true);
      const x = await newService(t, a);
      expect400(await a.admin.post(`${ST}/saveShopPrice`, { items: [] }), 'name');
      expect400(
        await a.admin.post(`${ST}/saveShopPrice`, {
          name: 'd',
          items: [
            { itemId: x.id, price: 1 },
            { itemId: x.id, price: 2 },
          ],
        }),
        'items.1.itemId',
      );
      expect400(await a.admin.post(`${ST}/newCode`, {}), 'name');
      expect400(await a.admin.post(`${ST}/stopPrice`, { id: 1, status: 5 }), 'status');
      expect400(await a.admin.post(`${ST}/saveShop`, { templateId: 1 }), 'shopIds');
      const tpl = ok(await a.admin.post(`${ST}/newCode`, { name: '版本测试' }));
      expectStatus(await a.admin.post(`${ST}/saveShopPrice`, { templateId: tpl.id, version: 99, items: [] }), 409);
      expectStatus(await a.admin.post(`${ST}/newCode`, { code: tpl.code, name: '重复' }), 409);
      const off = await newService(t, a, { status: 0 });
      expectStatus(await a.admin.post(`${ST}/saveShopPrice`, { templateId: tpl.id, items: [{ itemId: off.id, price: 1 }] }), 409);
      expectStatus(await anon.get(`${ST}/listPage`), 401);
      expectStatus(await anon.post(`${ST}/saveShop`, { templateId: tpl.id, shopIds: [] }), 401);
      expectStatus(await nobody.client.get(`${ST}/list/all`), 403);
      expectStatus(await viewer.client.post(`${ST}/newCode`, { name: 'x' }), 403);
      expectStatus(await viewer.client.post(`${ST}/saveSystemMf`, { items: [] }), 403);
      expectStatus(await viewer.client.post(`${ST}/copyShopPrice`, { templateId: tpl.id, code: 'Z', name: 'z' }), 403);
      expectStatus(await viewer.client.post(`${ST}/stopPrice`, { id: tpl.id }), 403);
      expectStatus(await a.admin.get(`${ST}/${foreignTemplate.id}`), 404);
      expectStatus(await a.admin.post(`${ST}/saveShop`, { templateId: foreignTemplate.id, shopIds: [] }), 404);
      expectStatus(await a.admin.post(`${ST}/stopPrice`, { id: foreignTemplate.id }), 404);
      expectStatus(await a.admin.post(`${ST}/copyShopPrice`, { templateId: foreignTemplate.id, code: 'Q', name: 'q' }), 404);
      expectStatus(await a.admin.post(`${ST}/saveShop`, { templateId: tpl.id, shopIds: [foreignShop.id] }), 404);
      expectStatus(
        await a.admin.post(`${ST}/saveShopPrice`, { templateId: tpl.id, items: [{ itemId: foreignService.id, price: 1 }] }),
        404,
      );
      // A product template is not a service template.
      const productTpl = ok(await a.admin.get(`${PT}/list/all`))[0];
      expectStatus(await a.admin.get(`${ST}/${productTpl.id}`), 404);
    });
  });

  describe('product templates (the same mechanism)', () => {
    it('lists the demo template on two shops; saves, applies, stops; saveSystem; unableSelectShopList', async () => {
      const [demo] = ok(await viewer.client.get(`${PT}/list/all`));
      expect(demo).toMatchObject({ code: 'CPMB0001', kind: 'product', shopCount: 2 });
      const taken = ok(await a.admin.get(`${PT}/unableSelectShopList`));
      expect(taken.map((r: any) => r.shopCode).sort()).toEqual(['SH001', 'SH002']);
      const page = ok(await a.admin.get(`${PT}/list/listByPage`, { keyword: 'CPMB' }));
      expect(page.total).toBe(1);
      const p = await newProduct(t, a, { retailPrice: 5_000 });
      const q = await newProduct(t, a, { retailPrice: 8_000 });
      const tpl = ok(
        await a.admin.post(`${PT}/saveShopPrice`, {
          name: '南方产品价',
          items: [
            { itemId: p.id, price: 5_500 },
            { itemId: q.id, price: 8_800 },
          ],
        }),
      );
      expect(tpl).toMatchObject({ code: 'CPMB0002', kind: 'product', line: null });
      const conflict = await a.admin.post(`${PT}/saveShop`, { templateId: tpl.id, shopIds: [shops.byCode('SH001').id] });
      expectStatus(conflict, 409);
      ok(await a.admin.post(`${PT}/saveShop`, { templateId: tpl.id, shopIds: [s3.id, s4.id] }));
      const rows = await db(t, a, (tx) =>
        tx
          .select()
          .from(productShopPrices)
          .where(inArray(productShopPrices.productId, [p.id, q.id])),
      );
      expect(rows.map((r) => [r.shopId, r.productId, r.price, r.status, r.templateId]).sort()).toEqual(
        [
          [s3.id, p.id, 5_500, 1, tpl.id],
          [s3.id, q.id, 8_800, 1, tpl.id],
          [s4.id, p.id, 5_500, 1, tpl.id],
          [s4.id, q.id, 8_800, 1, tpl.id],
        ].sort(),
      );
      // The browser scenario: a shop on the template changes its price out of bounds (refused) and within (kept).
      ok(
        await a.admin.post('/api-chain/shopPriceControl/saveOrUpdate', { kind: 'product', itemId: p.id, minPrice: 5_000, maxPrice: 6_000 }),
      );
      const out = await a.admin.post('/api-chain/productprice', { shopId: s3.id, productId: p.id, price: 6_500 });
      expect400(out, 'price');
      expect(out.body.resp_msg).toBe(`“${p.name}”价格 ¥65.00 高于总部最高价 ¥60.00`);
      ok(await a.admin.post('/api-chain/productprice', { shopId: s3.id, productId: p.id, price: 5_900 }));
      const [mine] = await db(t, a, (tx) =>
        tx
          .select()
          .from(productShopPrices)
          .where(and(eq(productShopPrices.shopId, s3.id), eq(productShopPrices.productId, p.id))),
      );
      expect(mine).toMatchObject({ price: 5_900, templateId: null });
      // Stop, system template.
      ok(await a.admin.post(`${PT}/stopPrice`, { id: tpl.id }));
      expectStatus(await a.admin.post(`${PT}/saveShop`, { templateId: tpl.id, shopIds: [s3.id] }), 409);
      const sys = ok(await a.admin.post(`${PT}/saveSystem`, { items: [{ itemId: q.id, price: 8_000 }] }));
      expect(sys).toMatchObject({ code: 'SYS-CP', isSystem: true, line: null, name: '总部产品默认价格' });
      const again = ok(await a.admin.post(`${PT}/saveSystem`, { name: '总部产品价', items: [] }));
      expect(again).toMatchObject({ id: sys.id, name: '总部产品价', itemCount: 0 });
      const copy = ok(await a.admin.post(`${PT}/copyShopPrice`, { templateId: demo.id, code: 'CPMB0100', name: '产品价副本' }));
      expect(copy.itemCount).toBe(demo.itemCount);
      expect(ok(await a.admin.get(`${PT}/newCode`))).toEqual({ code: 'CPMB0101' });
    });

    it('400, 401, 403, 404', async () => {
      expect400(await a.admin.post(`${PT}/saveShopPrice`, { name: 'x', items: [{ itemId: 1, price: -5 }] }), 'items.0.price');
      expect400(await a.admin.get(`${PT}/list/listByPage`, { status: 9 }), 'status');
      expectStatus(await anon.get(`${PT}/list/all`), 401);
      expectStatus(await nobody.client.get(`${PT}/unableSelectShopList`), 403);
      expectStatus(await viewer.client.post(`${PT}/saveSystem`, { items: [] }), 403);
      expectStatus(await viewer.client.post(`${PT}/saveShopPrice`, { name: 'x', items: [] }), 403);
      expectStatus(await viewer.client.post(`${PT}/saveShop`, { templateId: 1, shopIds: [] }), 403);
      expectStatus(await viewer.client.post(`${PT}/stopPrice`, { id: 1 }), 403);
      expectStatus(await a.admin.post(`${PT}/saveShopPrice`, { name: 'x', items: [{ itemId: foreignProduct.id, price: 1 }] }), 404);
      expectStatus(await a.admin.post(`${PT}/saveShop`, { templateId: foreignTemplate.id, shopIds: [] }), 404);
      expectStatus(await a.admin.post(`${PT}/stopPrice`, { id: foreignTemplate.id }), 404);
    });
  });
});
