import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { priceControls, serviceShopPrices, serviceSpecials } from '../src/db/schema.js';
import { build } from './helpers.js';
import { db, EN, expect400, expectStatus, newCardTypes, newService, ok, serviceRow, shopsOf, uniq } from './pricing-helpers.js';
import { createLimitedUser } from './users.js';

const SP = '/api-chain/serviceprice';
const BSP = '/api-base/serviceprice';
const BSI = '/api-base/serviceinfo';

describe('pricing: service prices per shop', async () => {
  const t = await build();
  const [a, b] = await Promise.all([t.tenant({ demo: true }), t.tenant({ demo: true })]);
  const anon = t.client();
  const shops = await shopsOf(t, a);
  const [s1, s2, s3] = [shops.byCode('SH001'), shops.byCode('SH002'), shops.byCode('BJ001')];
  const foreignShop = (await shopsOf(t, b)).byCode('SH001');
  const foreignService = await newService(t, b);
  const viewer = await createLimitedUser(t, a, { perms: ['pricing.serviceprice.view'], managerShops: [s1.id] });
  const editor = await createLimitedUser(t, a, {
    perms: ['pricing.serviceprice.view', 'pricing.serviceprice.edit'],
    managerShops: [s1.id],
  });
  const nobody = await createLimitedUser(t, a, { perms: [], managerShops: [s1.id] });

  const cell = async (shopId: number, serviceId: number) => {
    const [row] = await db(t, a, (tx) =>
      tx
        .select()
        .from(serviceShopPrices)
        .where(and(eq(serviceShopPrices.shopId, shopId), eq(serviceShopPrices.serviceId, serviceId))),
    );
    return row;
  };
  const control = (itemId: number, minPrice: number | null, maxPrice: number | null) =>
    db(t, a, (tx) => tx.insert(priceControls).values({ tenantId: a.tenantId, kind: 'service', itemId, minPrice, maxPrice }));

  describe('grid (findServPriceList, findServPriceListPage)', () => {
    it('answers shops as columns and services as rows with a shopId → cell map', async () => {
      const data = ok(await a.admin.get(`${SP}/findServPriceList`, { shopIds: `${s1.id},${s2.id}` }));
      expect(data.shops.map((s: any) => s.id).sort()).toEqual([s1.id, s2.id].sort());
      expect(data.list.length).toBeGreaterThan(50);
      const search = ok(await a.admin.get(`${SP}/list/search`, { shopId: s1.id, pageSize: 200 }));
      for (const row of data.list) {
        expect(Object.keys(row.prices).every((k) => [String(s1.id), String(s2.id)].includes(k))).toBe(true);
        const flat = search.list.find((r: any) => r.itemId === row.serviceId);
        if (flat) expect(row.prices[s1.id]).toEqual({ id: flat.id, price: flat.price, status: flat.status, templateId: flat.templateId });
      }
      const controlled = data.list.find((r: any) => r.minPrice !== null);
      expect(controlled).toMatchObject({ minPrice: expect.any(Number), maxPrice: expect.any(Number) });
      expect(data.list[0]).toMatchObject({
        serviceTypeName: expect.any(String),
        perfRatio: expect.any(Number),
        line: expect.stringMatching(/^m[fr]$/),
      });
    });

    it('defaults to every open shop the user may see; filters by type, line, keyword and sold', async () => {
      const all = ok(await a.admin.get(`${SP}/findServPriceList`));
      expect(all.shops.length).toBe(shops.length);
      const mine = ok(await viewer.client.get(`${SP}/findServPriceList`));
      expect(mine.shops.map((s: any) => s.id)).toEqual([s1.id]);
      const mr = ok(await a.admin.get(`${SP}/findServPriceList`, { line: 'mr' }));
      expect(mr.list.length).toBeGreaterThan(0);
      expect(mr.list.every((r: any) => r.line === 'mr')).toBe(true);
      const typeId = all.list[0].serviceTypeId;
      const byType = ok(await a.admin.get(`${SP}/findServPriceList`, { serviceTypeId: typeId }));
      expect(byType.list.every((r: any) => r.serviceTypeId === typeId)).toBe(true);
      const name = all.list[3].name as string;
      const byKeyword = ok(await a.admin.get(`${SP}/findServPriceList`, { keyword: name }));
      expect(byKeyword.list.map((r: any) => r.name)).toContain(name);
      const fresh = await newService(t, a);
      const unsold = ok(await a.admin.get(`${SP}/findServPriceList`, { sold: 0, shopIds: `${s1.id}` }));
      expect(unsold.list.map((r: any) => r.serviceId)).toContain(fresh.id);
      expect(unsold.list.every((r: any) => r.prices[s1.id]?.status !== 1)).toBe(true);
      const soldRows = ok(await a.admin.get(`${SP}/findServPriceList`, { sold: 1, shopIds: `${s1.id}` }));
      expect(soldRows.list.every((r: any) => r.prices[s1.id]?.status === 1)).toBe(true);
      expect(soldRows.list.length + unsold.list.length).toBe(all.list.length + 1);
    });

    it('pages over services with total and sort', async () => {
      const p1 = ok(await a.admin.get(`${SP}/findServPriceListPage`, { pageSize: 10, sort: '-basePrice' }));
      const p2 = ok(await a.admin.get(`${SP}/findServPriceListPage`, { pageSize: 10, page: 2, sort: '-basePrice' }));
      expect(p1).toMatchObject({ page: 1, pageSize: 10 });
      expect(p1.total).toBeGreaterThan(20);
      expect(p1.list).toHaveLength(10);
      const prices = [...p1.list, ...p2.list].map((r: any) => r.basePrice);
      expect(prices).toEqual([...prices].sort((x, y) => y - x));
      expect(p1.shops.length).toBe(shops.length);
    });

    it("400 on bad filters, 401, 403 without permission or for another shop, 404 for another tenant's shop", async () => {
      expect400(await a.admin.get(`${SP}/findServPriceList`, { shopIds: 'x,1' }), 'shopIds');
      expect400(await a.admin.get(`${SP}/findServPriceListPage`, { pageSize: 500 }), 'pageSize');
      expect400(await a.admin.get(`${SP}/findServPriceList`, { line: 'zz' }), 'line');
      expectStatus(await anon.get(`${SP}/findServPriceList`), 401);
      expectStatus(await nobody.client.get(`${SP}/findServPriceListPage`), 403);
      expectStatus(await viewer.client.get(`${SP}/findServPriceList`, { shopIds: `${s2.id}` }), 403);
      expectStatus(await a.admin.get(`${SP}/findServPriceList`, { shopIds: `${foreignShop.id}` }), 404);
    });
  });

  describe('list/search', () => {
    it("filters shop price rows and shows only the user's shops", async () => {
      const off = ok(await a.admin.get(`${SP}/list/search`, { status: 0, pageSize: 200 }));
      expect(off.total).toBeGreaterThan(0);
      expect(off.list.every((r: any) => r.status === 0)).toBe(true);
      const mine = ok(await viewer.client.get(`${SP}/list/search`, { pageSize: 200 }));
      expect(mine.list.every((r: any) => r.shopId === s1.id)).toBe(true);
      expect(mine.total).toBeGreaterThan(50);
      expect(mine.list[0]).toMatchObject({ shopName: s1.name, itemName: expect.any(String), basePrice: expect.any(Number) });
      expectStatus(await viewer.client.get(`${SP}/list/search`, { shopId: s2.id }), 403);
      expectStatus(await nobody.client.get(`${SP}/list/search`), 403);
      expectStatus(await anon.get(`${SP}/list/search`), 401);
      expect400(await a.admin.get(`${SP}/list/search`, { status: 3 }), 'status');
    });
  });

  describe('addServs', () => {
    it('adds services at their base price, switches not-sold ones on, leaves sold ones', async () => {
      const x = await newService(t, a, { basePrice: 8_800 });
      const y = await newService(t, a, { basePrice: 9_900 });
      expect(ok(await a.admin.post(`${SP}/addServs`, { shopId: s1.id, serviceIds: [x.id, y.id] }))).toEqual({
        added: 2,
        enabled: 0,
        existing: 0,
      });
      expect(await cell(s1.id, x.id)).toMatchObject({ price: 8_800, status: 1, templateId: null });
      ok(await a.admin.post(`${SP}/saveServShopStatus`, { shopIds: [s1.id], serviceIds: [y.id], status: 0 }));
      await db(t, a, (tx) => tx.update(serviceShopPrices).set({ price: 9_500 }).where(eq(serviceShopPrices.serviceId, y.id)));
      expect(ok(await a.admin.post(`${SP}/addServs`, { shopId: s1.id, serviceIds: [x.id, y.id] }))).toEqual({
        added: 0,
        enabled: 1,
        existing: 1,
      });
      expect(await cell(s1.id, y.id)).toMatchObject({ price: 9_500, status: 1 });
    });

    it('refuses a base price outside price control, all or nothing, naming the bound', async () => {
      const good = await newService(t, a, { basePrice: 10_000 });
      const bad = await newService(t, a, { basePrice: 5_800 });
      await control(bad.id, 6_800, null);
      const res = await a.admin.post(`${SP}/addServs`, { shopId: s2.id, serviceIds: [good.id, bad.id] });
      expect400(res, 'serviceIds.1');
      expect(res.body.resp_msg).toBe(`“${bad.name}”价格 ¥58.00 低于总部最低价 ¥68.00`);
      expect(await cell(s2.id, good.id)).toBeUndefined();
      const en = await a.admin.post(`${SP}/addServs`, { shopId: s2.id, serviceIds: [bad.id] }, EN);
      expect(en.body.resp_msg).toBe(`"${bad.name}": the price ¥58.00 is below the head-office minimum of ¥68.00`);
    });

    it('400, 401, 403, 404 (other tenant), 409 (disabled service)', async () => {
      const x = await newService(t, a);
      expect400(await a.admin.post(`${SP}/addServs`, { shopId: s1.id, serviceIds: [] }), 'serviceIds');
      expect400(await a.admin.post(`${SP}/addServs`, { shopId: s1.id, serviceIds: [x.id], extra: 1 }), 'extra');
      expectStatus(await anon.post(`${SP}/addServs`, { shopId: s1.id, serviceIds: [x.id] }), 401);
      expectStatus(await viewer.client.post(`${SP}/addServs`, { shopId: s1.id, serviceIds: [x.id] }), 403);
      expectStatus(await editor.client.post(`${SP}/addServs`, { shopId: s2.id, serviceIds: [x.id] }), 403);
      expectStatus(await a.admin.post(`${SP}/addServs`, { shopId: s1.id, serviceIds: [foreignService.id] }), 404);
      expectStatus(await a.admin.post(`${SP}/addServs`, { shopId: foreignShop.id, serviceIds: [x.id] }), 404);
      const off = await newService(t, a, { status: 0 });
      const res = await a.admin.post(`${SP}/addServs`, { shopId: s1.id, serviceIds: [off.id] });
      expectStatus(res, 409);
      expect(res.body.resp_msg).toContain(off.name);
      ok(await editor.client.post(`${SP}/addServs`, { shopId: s1.id, serviceIds: [x.id] }));
    });
  });

  describe('batchChangPrices', () => {
    it('previews without storing, then stores percent and amount changes', async () => {
      const x = await newService(t, a, { basePrice: 10_000 });
      const y = await newService(t, a, { basePrice: 3_333 });
      ok(await a.admin.post(`${SP}/saveServShopStatus`, { shopIds: [s1.id, s2.id], serviceIds: [x.id, y.id], status: 1 }));
      const body = { shopIds: [s1.id, s2.id, s3.id], serviceIds: [x.id, y.id], mode: 'percent', value: 10 };
      const preview = ok(await a.admin.post(`${SP}/batchChangPrices`, { ...body, preview: true }));
      expect(preview).toMatchObject({ preview: true, skipped: 2, changed: 0 });
      expect(preview.rows).toHaveLength(4);
      expect(preview.rows.find((r: any) => r.shopId === s1.id && r.serviceId === y.id)).toMatchObject({
        before: 3_333,
        after: 3_666,
        violation: null,
      });
      expect(await cell(s1.id, x.id)).toMatchObject({ price: 10_000 });
      const done = ok(await a.admin.post(`${SP}/batchChangPrices`, body));
      expect(done).toMatchObject({ preview: false, changed: 4, skipped: 2 });
      expect(await cell(s2.id, x.id)).toMatchObject({ price: 11_000, status: 1 });
      expect(await cell(s1.id, y.id)).toMatchObject({ price: 3_666 });
      ok(await a.admin.post(`${SP}/batchChangPrices`, { ...body, mode: 'amount', value: -1_000 }));
      expect(await cell(s1.id, x.id)).toMatchObject({ price: 10_000 });
      expect(await cell(s3.id, x.id)).toBeUndefined();
    });

    it('refuses the whole batch when one price breaks a bound or goes below zero', async () => {
      const x = await newService(t, a, { basePrice: 10_000 });
      ok(await a.admin.post(`${SP}/saveServShopStatus`, { shopIds: [s1.id, s2.id], serviceIds: [x.id], status: 1 }));
      await db(t, a, (tx) =>
        tx
          .update(serviceShopPrices)
          .set({ price: 12_000 })
          .where(and(eq(serviceShopPrices.serviceId, x.id), eq(serviceShopPrices.shopId, s2.id))),
      );
      await control(x.id, 5_000, 12_500);
      const body = { shopIds: [s1.id, s2.id], serviceIds: [x.id], mode: 'percent', value: 5 };
      const preview = ok(await a.admin.post(`${SP}/batchChangPrices`, { ...body, preview: true }));
      const broken = preview.rows.find((r: any) => r.shopId === s2.id);
      expect(broken.violation).toMatchObject({ bound: 'max', limit: 12_500 });
      expect(broken.violation.message).toBe(`${s2.name}：“${x.name}”价格 ¥126.00 高于总部最高价 ¥125.00`);
      expect(preview.rows.find((r: any) => r.shopId === s1.id).violation).toBeNull();
      const res = await a.admin.post(`${SP}/batchChangPrices`, body);
      expect400(res, 'value');
      expect(res.body.resp_msg).toContain('高于总部最高价 ¥125.00');
      expect(await cell(s1.id, x.id)).toMatchObject({ price: 10_000 });
      const negative = await a.admin.post(`${SP}/batchChangPrices`, { ...body, mode: 'amount', value: -20_000 });
      expect400(negative, 'value');
      expect(await cell(s1.id, x.id)).toMatchObject({ price: 10_000 });
    });

    it('400, 401, 403, 404', async () => {
      const body = { shopIds: [s1.id], serviceIds: [1], mode: 'percent', value: 5 };
      expect400(await a.admin.post(`${SP}/batchChangPrices`, { ...body, mode: 'ratio' }), 'mode');
      expect400(await a.admin.post(`${SP}/batchChangPrices`, { ...body, shopIds: [] }), 'shopIds');
      expectStatus(await anon.post(`${SP}/batchChangPrices`, body), 401);
      expectStatus(await viewer.client.post(`${SP}/batchChangPrices`, body), 403);
      expectStatus(await a.admin.post(`${SP}/batchChangPrices`, { ...body, serviceIds: [foreignService.id] }), 404);
      expectStatus(await a.admin.post(`${SP}/batchChangPrices`, { ...body, shopIds: [foreignShop.id] }), 404);
    });
  });

  describe('saveBasePrice and performance ratio', () => {
    it('changes the chain base price only (shop prices stay)', async () => {
      const x = await newService(t, a, { basePrice: 10_000 });
      ok(await a.admin.post(`${SP}/addServs`, { shopId: s1.id, serviceIds: [x.id] }));
      const res = ok(await a.admin.post(`${SP}/saveBasePrice`, { serviceId: x.id, basePrice: 12_345 }));
      expect(res).toMatchObject({ serviceId: x.id, basePrice: 12_345, version: 2 });
      expect((await serviceRow(t, a, x.id)).basePrice).toBe(12_345);
      expect(await cell(s1.id, x.id)).toMatchObject({ price: 10_000 });
      expect400(await a.admin.post(`${SP}/saveBasePrice`, { serviceId: x.id, basePrice: -1 }), 'basePrice');
      expect400(await a.admin.post(`${SP}/saveBasePrice`, { serviceId: x.id, basePrice: 1.5 }), 'basePrice');
      expectStatus(await a.admin.post(`${SP}/saveBasePrice`, { serviceId: foreignService.id, basePrice: 1 }), 404);
      expectStatus(await viewer.client.post(`${SP}/saveBasePrice`, { serviceId: x.id, basePrice: 1 }), 403);
      expectStatus(await anon.post(`${SP}/saveBasePrice`, { serviceId: x.id, basePrice: 1 }), 401);
    });

    it('saves, reads and clears (by GET and POST) the ratio in basis points, touching only perf_ratio', async () => {
      const x = await newService(t, a);
      expect(ok(await a.admin.get(`${SP}/queryPerfratio/${x.id}`))).toEqual({ serviceId: x.id, perfRatio: null });
      expect(ok(await a.admin.post(`${SP}/savePerfratio`, { serviceId: x.id, ratio: 3_500 }))).toEqual({
        serviceId: x.id,
        perfRatio: 3_500,
      });
      expect(ok(await viewer.client.get(`${SP}/queryPerfratio/${x.id}`))).toEqual({ serviceId: x.id, perfRatio: 3_500 });
      const row = await serviceRow(t, a, x.id);
      expect(row).toMatchObject({ perfRatio: 3_500, version: x.version, basePrice: x.basePrice });
      expect(ok(await a.admin.get(`${SP}/deletePerfratio/${x.id}`))).toEqual({ serviceId: x.id, perfRatio: null });
      ok(await a.admin.post(`${SP}/savePerfratio`, { serviceId: x.id, ratio: 10_000 }));
      expect(ok(await a.admin.post(`${SP}/deletePerfratio/${x.id}`))).toEqual({ serviceId: x.id, perfRatio: null });
      expect400(await a.admin.post(`${SP}/savePerfratio`, { serviceId: x.id, ratio: 10_001 }), 'ratio');
      expect400(await a.admin.get(`${SP}/queryPerfratio/abc`), 'params.id');
      expectStatus(await a.admin.get(`${SP}/queryPerfratio/${foreignService.id}`), 404);
      expectStatus(await a.admin.get(`${SP}/deletePerfratio/${foreignService.id}`), 404);
      expectStatus(await viewer.client.get(`${SP}/deletePerfratio/${x.id}`), 403);
      expectStatus(await nobody.client.get(`${SP}/queryPerfratio/${x.id}`), 403);
      expectStatus(await anon.post(`${SP}/savePerfratio`, { serviceId: x.id, ratio: 1 }), 401);
    });
  });

  describe('shop status (saveServShopStatus, getServShopStatus, checkServShopStatus)', () => {
    it('sells (adding at base price) and stops selling; reports per shop and per service', async () => {
      const x = await newService(t, a, { basePrice: 7_700 });
      const y = await newService(t, a, { basePrice: 6_600 });
      expect(ok(await a.admin.post(`${SP}/saveServShopStatus`, { shopIds: [s1.id, s2.id], serviceIds: [x.id], status: 1 }))).toEqual({
        changed: 2,
        added: 2,
      });
      expect(ok(await a.admin.post(`${SP}/saveServShopStatus`, { shopIds: [s1.id, s3.id], serviceIds: [x.id], status: 0 }))).toEqual({
        changed: 1,
        added: 0,
      });
      expect(await cell(s3.id, x.id)).toBeUndefined();
      const perShop = ok(await a.admin.post(`${SP}/getServShopStatus`, { serviceId: x.id }));
      expect(perShop).toHaveLength(shops.length);
      expect(perShop.find((r: any) => r.shopId === s1.id)).toMatchObject({ listed: true, status: 0, price: 7_700 });
      expect(perShop.find((r: any) => r.shopId === s2.id)).toMatchObject({ listed: true, status: 1, price: 7_700 });
      expect(perShop.find((r: any) => r.shopId === s3.id)).toMatchObject({ listed: false, status: null, price: null });
      const mine = ok(await viewer.client.post(`${SP}/getServShopStatus`, { serviceId: x.id }));
      expect(mine.map((r: any) => r.shopId)).toEqual([s1.id]);
      const check = ok(await a.admin.post(`${SP}/checkServShopStatus`, { shopId: s2.id, serviceIds: [x.id, y.id] }));
      expect(check).toMatchObject({ shopId: s2.id, sold: [x.id], notSold: [y.id] });
      expect(check.items).toEqual([
        { itemId: x.id, listed: true, sold: true, price: 7_700 },
        { itemId: y.id, listed: false, sold: false, price: null },
      ]);
    });

    it('is all or nothing under price control and checks its inputs', async () => {
      const x = await newService(t, a, { basePrice: 20_000 });
      await control(x.id, null, 15_000);
      const res = await a.admin.post(`${SP}/saveServShopStatus`, { shopIds: [s1.id, s2.id], serviceIds: [x.id], status: 1 }, EN);
      expect400(res, 'serviceIds.0');
      expect(res.body.resp_msg).toBe(`${s1.name}: "${x.name}" at ¥200.00 is above the head-office maximum of ¥150.00`);
      expect(await cell(s2.id, x.id)).toBeUndefined();
      expect400(await a.admin.post(`${SP}/saveServShopStatus`, { shopIds: [s1.id], serviceIds: [x.id], status: 2 }), 'status');
      expect400(await a.admin.post(`${SP}/checkServShopStatus`, { shopId: 'a', serviceIds: [x.id] }), 'shopId');
      expectStatus(await a.admin.post(`${SP}/getServShopStatus`, { serviceId: foreignService.id }), 404);
      expectStatus(await a.admin.post(`${SP}/checkServShopStatus`, { shopId: foreignShop.id, serviceIds: [x.id] }), 404);
      expectStatus(await viewer.client.post(`${SP}/saveServShopStatus`, { shopIds: [s1.id], serviceIds: [x.id], status: 0 }), 403);
      expectStatus(await viewer.client.post(`${SP}/checkServShopStatus`, { shopId: s2.id, serviceIds: [x.id] }), 403);
      expectStatus(await nobody.client.post(`${SP}/getServShopStatus`, { serviceId: x.id }), 403);
      expectStatus(await anon.post(`${SP}/checkServShopStatus`, { shopId: s1.id, serviceIds: [x.id] }), 401);
    });
  });

  describe('shop side (api-base)', () => {
    it("saveServPrice sets the shop's own price within bounds; the row leaves its template", async () => {
      const x = await newService(t, a, { basePrice: 10_000 });
      await control(x.id, 9_000, 11_000);
      await db(t, a, (tx) =>
        tx.insert(serviceShopPrices).values({ tenantId: a.tenantId, shopId: s1.id, serviceId: x.id, price: 10_000, templateId: 1 }),
      );
      const saved = ok(await editor.client.post(`${BSP}/saveServPrice?shopid=${s1.id}`, { serviceId: x.id, price: 10_500 }));
      expect(saved).toMatchObject({ shopId: s1.id, serviceId: x.id, price: 10_500, status: 1, templateId: null, version: 2 });
      const low = await editor.client.post(`${BSP}/saveServPrice?shopid=${s1.id}`, { serviceId: x.id, price: 8_999 });
      expect400(low, 'price');
      expect(low.body.resp_msg).toBe(`“${x.name}”价格 ¥89.99 低于总部最低价 ¥90.00`);
      expect(await cell(s1.id, x.id)).toMatchObject({ price: 10_500 });
      expect400(await a.admin.post(`${BSP}/saveServPrice`, { serviceId: x.id, price: 1 }), 'shopid');
      expect400(await a.admin.post(`${BSP}/saveServPrice?shopid=${s1.id}`, { serviceId: x.id }), 'price');
      expectStatus(await editor.client.post(`${BSP}/saveServPrice?shopid=${s2.id}`, { serviceId: x.id, price: 10_000 }), 403);
      expectStatus(await viewer.client.post(`${BSP}/saveServPrice?shopid=${s1.id}`, { serviceId: x.id, price: 10_000 }), 403);
      expectStatus(await a.admin.post(`${BSP}/saveServPrice?shopid=${foreignShop.id}`, { serviceId: x.id, price: 10_000 }), 404);
      expectStatus(await a.admin.post(`${BSP}/saveServPrice?shopid=${s1.id}`, { serviceId: foreignService.id, price: 10_000 }), 404);
      expectStatus(await anon.post(`${BSP}/saveServPrice?shopid=${s1.id}`, { serviceId: x.id, price: 10_000 }), 401);
    });

    it("findShopServprice and findShopServpriceList show the shop's services", async () => {
      const x = await newService(t, a, { basePrice: 10_000, name: `单店项目${uniq()}` });
      ok(await a.admin.post(`${BSP}/saveServPrice?shopid=${s1.id}`, { serviceId: x.id, price: 9_900 }));
      const detail = ok(await viewer.client.get(`${BSI}/findShopServprice`, { shopid: s1.id, serviceId: x.id }));
      expect(detail).toMatchObject({
        shopId: s1.id,
        serviceId: x.id,
        listed: true,
        status: 1,
        price: 9_900,
        basePrice: 10_000,
        minPrice: null,
        specials: [],
        cards: [],
      });
      const demo = ok(await a.admin.get(`${SP}/findServPriceListPage`, { pageSize: 1 })).list[0];
      const withSpecials = ok(await a.admin.get(`${BSI}/findShopServprice`, { shopid: s1.id, serviceId: demo.serviceId }));
      expect(withSpecials.specials.length).toBeGreaterThan(0);
      expect(withSpecials.specials.every((s: any) => s.shopId === null || s.shopId === s1.id)).toBe(true);
      const list = ok(await viewer.client.get(`${BSI}/findShopServpriceList`, { shopid: s1.id, keyword: x.name }));
      expect(list.list).toEqual([expect.objectContaining({ serviceId: x.id, listed: true, price: 9_900, status: 1 })]);
      const unsold = ok(await a.admin.get(`${BSI}/findShopServpriceList`, { shopid: s1.id, status: 0, pageSize: 200 }));
      expect(unsold.list.every((r: any) => r.status !== 1)).toBe(true);
      const all = ok(await a.admin.get(`${BSI}/findShopServpriceList`, { shopid: s1.id, pageSize: 1 }));
      const sold = ok(await a.admin.get(`${BSI}/findShopServpriceList`, { shopid: s1.id, status: 1, pageSize: 1 }));
      expect(sold.total + unsold.total).toBe(all.total);
      expect400(await a.admin.get(`${BSI}/findShopServpriceList`, {}), 'shopid');
      expectStatus(await viewer.client.get(`${BSI}/findShopServpriceList`, { shopid: s2.id }), 403);
      expectStatus(await a.admin.get(`${BSI}/findShopServpriceList`, { shopid: foreignShop.id }), 404);
      expectStatus(await a.admin.get(`${BSI}/findShopServprice`, { shopid: s1.id, serviceId: foreignService.id }), 404);
      expectStatus(await nobody.client.get(`${BSI}/findShopServprice`, { shopid: s1.id, serviceId: x.id }), 403);
      expectStatus(await anon.get(`${BSI}/findShopServprice`, { shopid: s1.id, serviceId: x.id }), 401);
    });

    it("saveServShopStatus and updateServStatus switch the shop's services", async () => {
      const x = await newService(t, a, { basePrice: 5_000 });
      expect(ok(await editor.client.post(`${BSI}/saveServShopStatus?shopid=${s1.id}`, { serviceIds: [x.id], status: 1 }))).toEqual({
        changed: 1,
        added: 1,
      });
      const row = await cell(s1.id, x.id);
      expect(ok(await editor.client.post(`${BSI}/updateServStatus?shopid=${s1.id}`, { ids: [row.id], status: 0 }))).toEqual({ updated: 1 });
      expect(await cell(s1.id, x.id)).toMatchObject({ status: 0, version: row.version + 1 });
      await control(x.id, 6_000, null);
      expect400(await editor.client.post(`${BSI}/updateServStatus?shopid=${s1.id}`, { ids: [row.id], status: 1 }), 'ids.0');
      const other = (await db(t, a, (tx) => tx.select().from(serviceShopPrices).where(eq(serviceShopPrices.shopId, s2.id)).limit(1)))[0];
      expectStatus(await a.admin.post(`${BSI}/updateServStatus?shopid=${s1.id}`, { ids: [row.id, other.id], status: 0 }), 404);
      expectStatus(await editor.client.post(`${BSI}/updateServStatus?shopid=${s2.id}`, { ids: [other.id], status: 0 }), 403);
      expectStatus(await editor.client.post(`${BSI}/saveServShopStatus?shopid=${s2.id}`, { serviceIds: [x.id], status: 0 }), 403);
      expectStatus(await viewer.client.post(`${BSI}/saveServShopStatus?shopid=${s1.id}`, { serviceIds: [x.id], status: 0 }), 403);
      expectStatus(await a.admin.post(`${BSI}/saveServShopStatus?shopid=${foreignShop.id}`, { serviceIds: [x.id], status: 0 }), 404);
      expect400(await a.admin.post(`${BSI}/updateServStatus?shopid=${s1.id}`, { ids: [], status: 0 }), 'ids');
      expect400(await a.admin.post(`${BSI}/saveServShopStatus?shopid=${s1.id}`, { serviceIds: [x.id] }), 'status');
      expectStatus(await anon.post(`${BSI}/updateServStatus?shopid=${s1.id}`, { ids: [row.id], status: 0 }), 401);
    });
  });

  describe('resolve (the one price question)', () => {
    it("answers the cashier's price with its source, as resolvePrice decides", async () => {
      const x = await newService(t, a, { basePrice: 10_000 });
      const [director] = await db(t, a, (tx) => tx.select().from(serviceSpecials).limit(1));
      const levelId = director.levelId;
      ok(await a.admin.post(`${SP}/addServs`, { shopId: s1.id, serviceIds: [x.id] }));
      ok(await a.admin.post(`${BSP}/saveServPrice?shopid=${s1.id}`, { serviceId: x.id, price: 11_000 }));
      const q = { shopId: s1.id, itemId: x.id };
      expect(ok(await a.admin.get(`${SP}/resolve`, q))).toMatchObject({
        price: 11_000,
        source: 'shop',
        reason: null,
        basePrice: 10_000,
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
      ok(await a.admin.post(`${SP}/savespecials`, { serviceId: x.id, items: [{ levelId, price: 15_000 }] }));
      expect(ok(await a.admin.get(`${SP}/resolve`, { ...q, levelId }))).toMatchObject({ price: 15_000, source: 'special-chain' });
      ok(await a.admin.post(`${SP}/savespecials`, { serviceId: x.id, shopId: s1.id, items: [{ levelId, price: 16_000 }] }));
      expect(ok(await a.admin.get(`${SP}/resolve`, { ...q, levelId }))).toMatchObject({ price: 16_000, source: 'special-shop' });
      expect(ok(await a.admin.get(`${SP}/resolve`, { ...q, shopId: s2.id, levelId }))).toMatchObject({ price: null, reason: 'not-listed' });
      const [priced, unpriced] = await newCardTypes(t, a, ['试算金卡', '试算银卡']);
      ok(await a.admin.post(`${SP}/saveServcards`, { serviceId: x.id, items: [{ cardTypeId: priced.id, price: 8_000 }] }));
      expect(ok(await a.admin.get(`${SP}/resolve`, { ...q, levelId, cardTypeId: priced.id }))).toMatchObject({
        price: 8_000,
        source: 'card-chain',
      });
      expect(ok(await a.admin.get(`${SP}/resolve`, { ...q, cardTypeId: unpriced.id, date: '2027-01-01' }))).toMatchObject({
        price: 11_000,
        source: 'shop',
        date: '2027-01-01',
      });
      ok(await a.admin.post(`${SP}/saveServShopStatus`, { shopIds: [s1.id], serviceIds: [x.id], status: 0 }));
      expect(ok(await viewer.client.get(`${SP}/resolve`, { ...q, cardTypeId: priced.id }))).toMatchObject({
        price: null,
        reason: 'not-sold',
      });
    });

    it('products too; 400, 401, 403 (shop not visible), 404 (other tenant)', async () => {
      const product = ok(await a.admin.get('/api-chain/productprice/productPriceListByPage', { pageSize: 1, shopIds: `${s1.id}` })).list[0];
      const cellP = product.prices[s1.id];
      expect(ok(await a.admin.get(`${SP}/resolve`, { shopId: s1.id, kind: 'product', itemId: product.productId }))).toMatchObject({
        price: cellP.status === 1 ? cellP.price : null,
        kind: 'product',
      });
      expect400(await a.admin.get(`${SP}/resolve`, { shopId: s1.id, itemId: 1, kind: 'card' }), 'kind');
      expect400(await a.admin.get(`${SP}/resolve`, { shopId: s1.id, itemId: 1, date: '2024/01/01' }), 'date');
      expect400(await a.admin.get(`${SP}/resolve`, { shopId: s1.id }), 'itemId');
      expectStatus(await anon.get(`${SP}/resolve`, { shopId: s1.id, itemId: 1 }), 401);
      expectStatus(await viewer.client.get(`${SP}/resolve`, { shopId: s2.id, itemId: 1 }), 403);
      expectStatus(await a.admin.get(`${SP}/resolve`, { shopId: foreignShop.id, itemId: 1 }), 404);
      expectStatus(await a.admin.get(`${SP}/resolve`, { shopId: s1.id, itemId: foreignService.id }), 404);
    });
  });
});
