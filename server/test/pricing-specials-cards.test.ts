import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { priceControls, serviceCardPrices, serviceSpecialLogs, serviceSpecials } from '../src/db/schema.js';
import { build } from './helpers.js';
import { db, EN, expect400, expectStatus, levelsOf, newCardTypes, newService, ok, shopsOf, upload } from './pricing-helpers.js';
import { createLimitedUser } from './users.js';

const SP = '/api-chain/serviceprice';
const SI = '/api-chain/serviceinfo';
const BSP = '/api-base/serviceprice';
const BSI = '/api-base/serviceinfo';
const CARD_TYPES = '/api-chain/cardinfo/list/all';

async function sheet(rows: (string | number | null)[][], header = ['服务项目', '门店', '职级', '价格（元）']) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('职级特价');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('pricing: level prices (specials) and card prices', async () => {
  const t = await build();
  const [a, b] = await Promise.all([t.tenant({ demo: true }), t.tenant({ demo: true })]);
  const anon = t.client();
  const shops = await shopsOf(t, a);
  const [s1, s2] = [shops.byCode('SH001'), shops.byCode('SH002')];
  const foreignShop = (await shopsOf(t, b)).byCode('SH001');
  const foreignService = await newService(t, b);
  const levels = await levelsOf(t, a);
  const [chief, art, senior] = [levels.byName('首席总监'), levels.byName('艺术总监'), levels.byName('资深发型师')];
  const foreignLevel = (await levelsOf(t, b)).byName('首席总监');
  const viewer = await createLimitedUser(t, a, { perms: ['pricing.serviceprice.view'], managerShops: [s1.id] });
  const editor = await createLimitedUser(t, a, {
    perms: ['pricing.serviceprice.view', 'pricing.serviceprice.edit'],
    managerShops: [s1.id],
  });
  const nobody = await createLimitedUser(t, a, { perms: [], managerShops: [s1.id] });
  const [gold, silver, yearly] = await newCardTypes(t, a, ['测试金卡', '测试银卡', '测试年卡']);
  const [foreignCardType] = await newCardTypes(t, b, ['他人的卡']);
  const logsOf = (serviceId: number) =>
    db(t, a, (tx) => tx.select().from(serviceSpecialLogs).where(eq(serviceSpecialLogs.serviceId, serviceId)));

  describe('savespecials (chain, shop) and DELETE servicespecial/{id}', () => {
    it('the level prices of a scope become exactly the items; every change is logged', async () => {
      const x = await newService(t, a, { basePrice: 10_000 });
      const first = ok(
        await a.admin.post(`${SP}/savespecials`, {
          serviceId: x.id,
          items: [
            { levelId: chief.id, price: 20_000 },
            { levelId: art.id, price: 15_000 },
          ],
        }),
      );
      expect(first).toMatchObject({ serviceId: x.id, shopId: null, changed: 2 });
      expect(first.list.map((r: any) => [r.levelName, r.price, r.shopId])).toEqual([
        ['首席总监', 20_000, null],
        ['艺术总监', 15_000, null],
      ]);
      expect(first.list[0].positionName).toBe('发型师');
      const second = ok(
        await a.admin.post(`${SI}/savespecials`, {
          serviceId: x.id,
          items: [
            { levelId: chief.id, price: 21_000 },
            { levelId: senior.id, price: 12_000 },
          ],
        }),
      );
      expect(second.changed).toBe(3);
      expect(second.list.map((r: any) => [r.levelId, r.price])).toEqual([
        [chief.id, 21_000],
        [senior.id, 12_000],
      ]);
      const unchanged = ok(
        await a.admin.post(`${SP}/savespecials`, {
          serviceId: x.id,
          items: second.list.map((r: any) => ({ levelId: r.levelId, price: r.price })),
        }),
      );
      expect(unchanged.changed).toBe(0);
      const shop = ok(
        await editor.client.post(`${BSP}/savespecials?shopid=${s1.id}`, { serviceId: x.id, items: [{ levelId: chief.id, price: 25_000 }] }),
      );
      expect(shop.list).toEqual([expect.objectContaining({ shopId: s1.id, levelId: chief.id, price: 25_000 })]);
      const logs = await logsOf(x.id);
      expect(logs).toHaveLength(6);
      expect(logs.find((l) => l.levelId === art.id && l.newPrice === null)).toMatchObject({
        oldPrice: 15_000,
        shopId: null,
        username: 'admin',
      });
      expect(logs.find((l) => l.levelId === chief.id && l.oldPrice === 20_000)).toMatchObject({ newPrice: 21_000 });
      expect(logs.find((l) => l.shopId === s1.id)).toMatchObject({ oldPrice: null, newPrice: 25_000 });
      // DELETE one
      const chainChief = second.list.find((r: any) => r.levelId === chief.id);
      expect(ok(await a.admin.del(`${SP}/servicespecial/${chainChief.id}`))).toEqual({ id: chainChief.id });
      expect((await logsOf(x.id)).find((l) => l.oldPrice === 21_000 && l.newPrice === null)).toBeTruthy();
      expectStatus(await a.admin.del(`${SP}/servicespecial/${chainChief.id}`), 404);
      const shopRow = shop.list[0];
      const otherShopEditor = await createLimitedUser(t, a, { perms: ['pricing.serviceprice.edit'], managerShops: [s2.id] });
      expectStatus(await otherShopEditor.client.del(`${SP}/servicespecial/${shopRow.id}`), 403);
      expectStatus(await viewer.client.del(`${SP}/servicespecial/${shopRow.id}`), 403);
      expectStatus(await anon.del(`${SP}/servicespecial/${shopRow.id}`), 401);
      const [foreignSpecial] = await db(t, b, (tx) => tx.select().from(serviceSpecials).limit(1));
      expectStatus(await a.admin.del(`${SP}/servicespecial/${foreignSpecial.id}`), 404);
    });

    it('shop level prices lie within price control; the save is all or nothing', async () => {
      const x = await newService(t, a, { basePrice: 10_000 });
      await db(t, a, (tx) =>
        tx.insert(priceControls).values({ tenantId: a.tenantId, kind: 'service', itemId: x.id, minPrice: 8_000, maxPrice: 20_000 }),
      );
      ok(await a.admin.post(`${SP}/savespecials`, { serviceId: x.id, items: [{ levelId: chief.id, price: 30_000 }] }));
      const res = await a.admin.post(`${SP}/savespecials`, {
        serviceId: x.id,
        shopId: s1.id,
        items: [
          { levelId: art.id, price: 15_000 },
          { levelId: chief.id, price: 30_000 },
        ],
      });
      expect400(res, 'items.1.price');
      expect(res.body.resp_msg).toBe(`“${x.name}”价格 ¥300.00 高于总部最高价 ¥200.00`);
      const stored = await db(t, a, (tx) => tx.select().from(serviceSpecials).where(eq(serviceSpecials.serviceId, x.id)));
      expect(stored.map((s) => [s.shopId, s.price])).toEqual([[null, 30_000]]);
    });

    it('400, 401, 403, 404', async () => {
      const x = await newService(t, a);
      const body = { serviceId: x.id, items: [{ levelId: chief.id, price: 1 }] };
      expect400(
        await a.admin.post(`${SP}/savespecials`, {
          ...body,
          items: [
            { levelId: chief.id, price: 1 },
            { levelId: chief.id, price: 2 },
          ],
        }),
        'items.1.levelId',
      );
      expect400(await a.admin.post(`${SP}/savespecials`, { ...body, items: [{ levelId: chief.id, price: -1 }] }), 'items.0.price');
      expect400(await a.admin.post(`${SP}/savespecials`, { ...body, items: [{ levelId: chief.id }] }), 'items.0.price');
      expectStatus(await anon.post(`${SP}/savespecials`, body), 401);
      expectStatus(await viewer.client.post(`${SP}/savespecials`, body), 403);
      expectStatus(await editor.client.post(`${SP}/savespecials`, { ...body, shopId: s2.id }), 403);
      expectStatus(await editor.client.post(`${BSP}/savespecials?shopid=${s2.id}`, body), 403);
      const notFound = await a.admin.post(`${SP}/savespecials`, { ...body, items: [{ levelId: foreignLevel.id, price: 1 }] });
      expectStatus(notFound, 404);
      expect(notFound.body.resp_msg).toBe(`职级不存在（编号 ${foreignLevel.id}）`);
      expectStatus(await a.admin.post(`${SP}/savespecials`, { ...body, serviceId: foreignService.id }), 404);
      expectStatus(await a.admin.post(`${SP}/savespecials`, { ...body, shopId: foreignShop.id }), 404);
    });
  });

  describe('shop views: selectEeSpecial, findEeSpecialList, setEeSpecial, selectSpecialLog', () => {
    it('shows chain and shop level prices; the shop overrides and clears its overrides', async () => {
      const x = await newService(t, a, { basePrice: 10_000, name: '层级测试项目' });
      ok(await a.admin.post(`${SP}/addServs`, { shopId: s1.id, serviceIds: [x.id] }));
      ok(
        await a.admin.post(`${SP}/savespecials`, {
          serviceId: x.id,
          items: [
            { levelId: chief.id, price: 20_000 },
            { levelId: art.id, price: 16_000 },
          ],
        }),
      );
      const view = ok(await viewer.client.post(`${BSI}/selectEeSpecial?shopid=${s1.id}`, { serviceId: x.id }));
      expect(view).toMatchObject({ serviceId: x.id, name: '层级测试项目', shopPrice: 10_000 });
      expect(view.levels.length).toBe(levels.length);
      expect(view.levels.find((l: any) => l.levelId === chief.id)).toMatchObject({
        chainPrice: 20_000,
        shopPrice: null,
        price: 20_000,
        positionName: '发型师',
      });
      expect(view.levels.find((l: any) => l.levelId === senior.id)).toMatchObject({ chainPrice: null, shopPrice: null, price: null });
      const set = ok(
        await editor.client.post(`${BSI}/setEeSpecial?shopid=${s1.id}`, {
          serviceId: x.id,
          items: [
            { levelId: chief.id, price: 22_000 },
            { levelId: senior.id, price: 13_000 },
          ],
        }),
      );
      expect(set.changed).toBe(2);
      expect(set.levels.find((l: any) => l.levelId === chief.id)).toMatchObject({ chainPrice: 20_000, shopPrice: 22_000, price: 22_000 });
      const list = ok(await viewer.client.post(`${BSI}/findEeSpecialList?shopid=${s1.id}`, { keyword: '层级测试' }));
      expect(list.total).toBe(1);
      expect(list.list[0]).toMatchObject({ serviceId: x.id, shopPrice: 10_000 });
      expect(list.list[0].levels[chief.id]).toEqual({ price: 22_000, source: 'shop', levelName: '首席总监' });
      expect(list.list[0].levels[art.id]).toEqual({ price: 16_000, source: 'chain', levelName: '艺术总监' });
      const elsewhere = ok(await a.admin.post(`${BSI}/findEeSpecialList?shopid=${s2.id}`, { keyword: '层级测试' }));
      expect(elsewhere.list[0].levels[chief.id]).toMatchObject({ price: 20_000, source: 'chain' });
      const demo = ok(await a.admin.post(`${BSI}/findEeSpecialList?shopid=${s1.id}`, { pageSize: 5 }));
      expect(demo.total).toBeGreaterThanOrEqual(10);
      expect(demo.list).toHaveLength(5);
      ok(await editor.client.post(`${BSI}/setEeSpecial?shopid=${s1.id}`, { serviceId: x.id, items: [{ levelId: chief.id, price: null }] }));
      const after = ok(await a.admin.post(`${BSI}/selectEeSpecial?shopid=${s1.id}`, { serviceId: x.id }));
      expect(after.levels.find((l: any) => l.levelId === chief.id)).toMatchObject({ shopPrice: null, price: 20_000 });
      // History
      const all = ok(await a.admin.post(`${BSI}/selectSpecialLog`, { serviceId: x.id }));
      expect(all.total).toBe(5);
      expect(all.list[0]).toMatchObject({
        shopId: s1.id,
        shopName: s1.name,
        levelName: '首席总监',
        oldPrice: 22_000,
        newPrice: null,
        username: expect.any(String),
      });
      const chainOnly = ok(await a.admin.post(`${BSI}/selectSpecialLog`, { serviceId: x.id, shopId: null }));
      expect(chainOnly.list.every((l: any) => l.shopId === null)).toBe(true);
      expect(chainOnly.total).toBe(2);
      const shopOnly = ok(await viewer.client.post(`${BSI}/selectSpecialLog?shopid=${s1.id}`, { serviceId: x.id }));
      expect(shopOnly.total).toBe(3);
      const paged = ok(await a.admin.post(`${BSI}/selectSpecialLog`, { serviceId: x.id, pageSize: 2, page: 2 }));
      expect(paged.list).toHaveLength(2);
    });

    it('400, 401, 403, 404', async () => {
      const x = await newService(t, a);
      expect400(await a.admin.post(`${BSI}/selectEeSpecial`, { serviceId: x.id }), 'shopid');
      expect400(await a.admin.post(`${BSI}/setEeSpecial?shopid=${s1.id}`, { serviceId: x.id, items: [] }), 'items');
      expect400(await a.admin.post(`${BSI}/findEeSpecialList?shopid=${s1.id}`, { pageSize: 1000 }), 'pageSize');
      expectStatus(await anon.post(`${BSI}/selectEeSpecial?shopid=${s1.id}`, { serviceId: x.id }), 401);
      expectStatus(await nobody.client.post(`${BSI}/findEeSpecialList?shopid=${s1.id}`, {}), 403);
      expectStatus(await viewer.client.post(`${BSI}/selectEeSpecial?shopid=${s2.id}`, { serviceId: x.id }), 403);
      expectStatus(
        await viewer.client.post(`${BSI}/setEeSpecial?shopid=${s1.id}`, { serviceId: x.id, items: [{ levelId: chief.id, price: 1 }] }),
        403,
      );
      expectStatus(await viewer.client.post(`${BSI}/selectSpecialLog`, { serviceId: x.id, shopId: s2.id }), 403);
      expectStatus(await a.admin.post(`${BSI}/selectEeSpecial?shopid=${foreignShop.id}`, { serviceId: x.id }), 404);
      expectStatus(await a.admin.post(`${BSI}/selectSpecialLog`, { serviceId: foreignService.id }), 404);
      expectStatus(
        await a.admin.post(`${BSI}/setEeSpecial?shopid=${s1.id}`, { serviceId: x.id, items: [{ levelId: foreignLevel.id, price: 1 }] }),
        404,
      );
    });
  });

  describe('specialBatchImport', () => {
    it('imports chain and shop level prices from Excel, all rows or none', async () => {
      const x = await newService(t, a, { basePrice: 10_000 });
      const y = await newService(t, a, { basePrice: 10_000 });
      const template = await a.admin.get(`${BSI}/specialExcelTemplate`);
      expect(template.status).toBe(200);
      expect(String(template.headers['content-type'])).toContain('spreadsheetml');
      const good = await sheet([
        [x.code, null, '首席总监', '188.5'],
        [x.name, s1.code, chief.name, 199],
        [y.code, s2.name, '艺术总监', '¥1,288.00'],
      ]);
      expectStatus(await upload(t, viewer.client.token, `${BSI}/specialBatchImport`, good), 403);
      // A shop the user may not see cannot be named.
      const outOfScope = await upload(t, editor.client.token, `${BSI}/specialBatchImport`, good);
      expect(outOfScope.status).toBe(400);
      expect(outOfScope.body.data.errors).toEqual([{ row: 4, column: '门店', message: `“${s2.name}”不存在或已停用` }]);
      const imported = await upload(t, a.admin.token, `${BSI}/specialBatchImport`, good);
      expect(ok(imported)).toEqual({ imported: 3 });
      // The platform importer answers from inside the request's transaction (a raw route), so on
      // PostgreSQL the commit may land just after the answer: wait for it.
      let stored = await db(t, a, (tx) => tx.select().from(serviceSpecials).where(eq(serviceSpecials.serviceId, x.id)));
      for (let i = 0; i < 50 && stored.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 20));
        stored = await db(t, a, (tx) => tx.select().from(serviceSpecials).where(eq(serviceSpecials.serviceId, x.id)));
      }
      expect(stored.map((s) => [s.shopId, s.levelId, s.price]).sort()).toEqual(
        [
          [null, chief.id, 18_850],
          [s1.id, chief.id, 19_900],
        ].sort(),
      );
      expect((await logsOf(y.id)).map((l) => [l.shopId, l.newPrice])).toEqual([[s2.id, 128_800]]);
      // Problems: bad amount, unknown level, duplicate row, out of bounds → nothing stored.
      await db(t, a, (tx) =>
        tx.insert(priceControls).values({ tenantId: a.tenantId, kind: 'service', itemId: y.id, minPrice: null, maxPrice: 50_000 }),
      );
      const bad = await sheet([
        [y.code, null, '首席总监', '100'],
        [y.code, null, '首席总监', '12.345'],
        [y.code, null, '不存在的职级', '100'],
        [y.code, null, '首席总监', '120'],
        [y.code, s1.code, '首席总监', '600'],
      ]);
      const refused = await upload(t, a.admin.token, `${BSI}/specialBatchImport`, bad, EN);
      expect(refused.status).toBe(400);
      const errors = refused.body.data.errors as { row: number; column: string; message: string }[];
      expect(errors.map((e) => [e.row, e.column])).toEqual([
        [3, 'Price (yuan)'],
        [4, 'Position level'],
        [5, 'Position level'],
        [6, 'Price (yuan)'],
      ]);
      expect(errors[3].message).toContain('above the head-office maximum of ¥500.00');
      expect((await logsOf(y.id)).length).toBe(1);
      expectStatus(await upload(t, undefined, `${BSI}/specialBatchImport`, good), 401);
    });
  });

  describe('card prices', () => {
    it("saveServcards replaces a scope's card prices; batchServiceCards adds or overwrites on many services", async () => {
      const x = await newService(t, a);
      const y = await newService(t, a);
      const chain = ok(
        await a.admin.post(`${SP}/saveServcards`, {
          serviceId: x.id,
          items: [
            { cardTypeId: gold.id, price: 8_000 },
            { cardTypeId: silver.id, price: 7_000 },
          ],
        }),
      );
      expect(chain).toMatchObject({ serviceId: x.id, shopId: null, added: 2 });
      expect(chain.list.map((r: any) => [r.cardTypeId, r.price, r.cardTypeName])).toEqual([
        [gold.id, 8_000, '测试金卡'],
        [silver.id, 7_000, '测试银卡'],
      ]);
      const replaced = ok(await a.admin.post(`${SI}/saveServcards`, { serviceId: x.id, items: [{ cardTypeId: silver.id, price: 6_500 }] }));
      expect(replaced).toMatchObject({ added: 0, updated: 1, removed: 1 });
      ok(
        await editor.client.post(`${BSP}/saveServcards?shopid=${s1.id}`, {
          serviceId: x.id,
          items: [{ cardTypeId: silver.id, price: 6_000 }],
        }),
      );
      const batch = ok(
        await a.admin.post(`${SP}/batchServiceCards`, {
          serviceIds: [x.id, y.id],
          items: [
            { cardTypeId: yearly.id, price: 5_000 },
            { cardTypeId: silver.id, price: 6_600 },
          ],
        }),
      );
      expect(batch).toMatchObject({ added: 3, updated: 1, removed: 0 });
      ok(
        await a.admin.post(`${SI}/batchServiceCards`, {
          serviceIds: [y.id],
          shopId: s2.id,
          items: [{ cardTypeId: yearly.id, price: 4_000 }],
        }),
      );
      const ofX = ok(await a.admin.get(`${SI}/findServPriceCards`, { serviceId: x.id }));
      expect(ofX.map((r: any) => [r.cardTypeId, r.shopId, r.price])).toEqual([
        [silver.id, null, 6_600],
        [silver.id, s1.id, 6_000],
        [yearly.id, null, 5_000],
      ]);
      const ofXMine = ok(await viewer.client.get(`${SI}/findServPriceCards`, { serviceId: y.id }));
      expect(ofXMine.every((r: any) => r.shopId === null)).toBe(true);
      const inS1 = ok(await a.admin.get(`${SI}/findShopCards`, { shopid: s1.id, serviceId: x.id }));
      expect(inS1.map((r: any) => [r.cardTypeId, r.shopId, r.price])).toEqual([
        [silver.id, s1.id, 6_000],
        [yearly.id, null, 5_000],
      ]);
      const inS2 = ok(await a.admin.get(`${SI}/findShopCards`, { shopid: s2.id }));
      expect(inS2.find((r: any) => r.serviceId === y.id && r.cardTypeId === yearly.id)).toMatchObject({
        shopId: s2.id,
        price: 4_000,
        serviceName: y.name,
        cardTypeName: '测试年卡',
      });
      const infos = ok(await a.admin.get(`${SI}/cardinfos`));
      expect(infos).toEqual(
        expect.arrayContaining([
          { cardTypeId: silver.id, name: '测试银卡', services: 2 },
          { cardTypeId: yearly.id, name: '测试年卡', services: 2 },
        ]),
      );
      const shopInfos = ok(await viewer.client.get(`${BSI}/cardinfos`, { shopid: s1.id }));
      expect(shopInfos.find((c: any) => c.cardTypeId === yearly.id)).toEqual({ cardTypeId: yearly.id, name: '测试年卡', services: 2 });
      // DELETE
      const own = inS1[0];
      expectStatus(await viewer.client.del(`${SP}/servicecard/${own.id}`), 403);
      expect(ok(await editor.client.del(`${SP}/servicecard/${own.id}`))).toEqual({ id: own.id });
      expectStatus(await a.admin.del(`${SP}/servicecard/${own.id}`), 404);
      expect(ok(await a.admin.get(`${SI}/findShopCards`, { shopid: s1.id, serviceId: x.id })).map((r: any) => r.price)).toEqual([
        6_600, 5_000,
      ]);
    });

    it('card prices point only at card types of the tenant: 400 naming each offending item, nothing written', async () => {
      const x = await newService(t, a);
      const y = await newService(t, a);
      const [stopped] = await newCardTypes(t, a, ['停办的卡'], { status: 2 });
      const cardsOf = (serviceIds: number[]) =>
        db(t, a, (tx) =>
          tx
            .select({ serviceId: serviceCardPrices.serviceId, cardTypeId: serviceCardPrices.cardTypeId, price: serviceCardPrices.price })
            .from(serviceCardPrices)
            .where(inArray(serviceCardPrices.serviceId, serviceIds))
            .orderBy(serviceCardPrices.serviceId, serviceCardPrices.cardTypeId),
        );
      ok(await a.admin.post(`${SP}/saveServcards`, { serviceId: x.id, items: [{ cardTypeId: gold.id, price: 9_000 }] }));
      const before = await cardsOf([x.id, y.id]);
      expect(before).toEqual([{ serviceId: x.id, cardTypeId: gold.id, price: 9_000 }]);
      const missing = foreignCardType.id + 1_000_000;
      for (const bad of [missing, foreignCardType.id]) {
        const items = [
          { cardTypeId: silver.id, price: 7_000 },
          { cardTypeId: bad, price: 6_000 },
        ];
        const saved = await a.admin.post(`${SP}/saveServcards`, { serviceId: x.id, items });
        expect400(saved, 'items.1.cardTypeId');
        expect(saved.body.errors).toEqual([{ path: 'items.1.cardTypeId', message: '卡项不存在或已停用' }]);
        expect400(await editor.client.post(`${BSP}/saveServcards?shopid=${s1.id}`, { serviceId: x.id, items }), 'items.1.cardTypeId');
        // A batch over several services with valid rows around the bad one: nothing is written anywhere.
        const batch = await a.admin.post(
          `${SI}/batchServiceCards`,
          {
            serviceIds: [x.id, y.id],
            shopId: s1.id,
            items: [
              { cardTypeId: gold.id, price: 8_000 },
              { cardTypeId: silver.id, price: 7_500 },
              ...items.slice(1),
              { cardTypeId: missing + 1, price: 1 },
            ],
          },
          EN,
        );
        expect400(batch, 'items.2.cardTypeId');
        expect(batch.body.errors).toEqual([
          { path: 'items.2.cardTypeId', message: 'Card type does not exist or is disabled' },
          { path: 'items.3.cardTypeId', message: 'Card type does not exist or is disabled' },
        ]);
        expect(await cardsOf([x.id, y.id])).toEqual(before);
      }
      // A card type no longer issued keeps its prices editable.
      const kept = ok(await a.admin.post(`${SP}/saveServcards`, { serviceId: y.id, items: [{ cardTypeId: stopped.id, price: 5_000 }] }));
      expect(kept.list.map((r: any) => [r.cardTypeId, r.cardTypeName])).toEqual([[stopped.id, '停办的卡']]);
      // Another tenant's card types do not name themselves in this tenant's reads either.
      expect(ok(await b.admin.get(`${SI}/findServPriceCards`, { serviceId: foreignService.id }))).toEqual([]);
    });

    it('cardinfo/list/all lists the card types of the tenant for whoever sees services or their prices', async () => {
      const all = ok(await a.admin.get(CARD_TYPES));
      expect(all.slice(0, 3)).toEqual([
        { id: expect.any(Number), code: '001', name: '金卡', kind: 1, status: 1 },
        { id: expect.any(Number), code: '002', name: '银卡', kind: 1, status: 1 },
        { id: expect.any(Number), code: '003', name: '年卡', kind: 2, status: 1 },
      ]);
      expect(all.map((c: any) => c.id)).toEqual(expect.arrayContaining([gold.id, silver.id, yearly.id]));
      expect(all.map((c: any) => c.id)).not.toContain(foreignCardType.id);
      expect(all.find((c: any) => c.id === gold.id)).toEqual({ id: gold.id, code: gold.code, name: '测试金卡', kind: 1, status: 1 });
      expect(ok(await viewer.client.get(CARD_TYPES))).toEqual(all);
      const serviceViewer = await createLimitedUser(t, a, { perms: ['catalog.service.view'] });
      expect(ok(await serviceViewer.client.get(CARD_TYPES))).toEqual(all);
      expectStatus(await nobody.client.get(CARD_TYPES), 403);
      expectStatus(await anon.get(CARD_TYPES), 401);
    });

    it('shop card prices lie within price control; 400, 401, 403, 404', async () => {
      const x = await newService(t, a);
      await db(t, a, (tx) =>
        tx.insert(priceControls).values({ tenantId: a.tenantId, kind: 'service', itemId: x.id, minPrice: 5_000, maxPrice: null }),
      );
      ok(await a.admin.post(`${SP}/saveServcards`, { serviceId: x.id, items: [{ cardTypeId: gold.id, price: 100 }] }));
      const low = await a.admin.post(`${SP}/batchServiceCards`, {
        serviceIds: [x.id],
        shopId: s1.id,
        items: [{ cardTypeId: gold.id, price: 4_999 }],
      });
      expect400(low, 'items.0.price');
      expect(low.body.resp_msg).toContain('低于总部最低价 ¥50.00');
      const body = { serviceId: x.id, items: [{ cardTypeId: gold.id, price: 1 }] };
      expect400(await a.admin.post(`${SP}/saveServcards`, { ...body, items: [{ cardTypeId: 0, price: 1 }] }), 'items.0.cardTypeId');
      expect400(
        await a.admin.post(`${SP}/saveServcards`, {
          ...body,
          items: [
            { cardTypeId: gold.id, price: 1 },
            { cardTypeId: gold.id, price: 2 },
          ],
        }),
        'items.1.cardTypeId',
      );
      expect400(await a.admin.get(`${SI}/findServPriceCards`, {}), 'serviceId');
      expect400(await a.admin.get(`${SI}/findShopCards`, {}), 'shopid');
      expectStatus(await anon.get(`${SI}/cardinfos`), 401);
      expectStatus(await anon.post(`${SP}/saveServcards`, body), 401);
      expectStatus(await viewer.client.post(`${SI}/saveServcards`, body), 403);
      expectStatus(await nobody.client.get(`${SI}/cardinfos`), 403);
      expectStatus(await editor.client.post(`${SP}/batchServiceCards`, { serviceIds: [x.id], shopId: s2.id, items: body.items }), 403);
      expectStatus(await viewer.client.get(`${SI}/findShopCards`, { shopid: s2.id }), 403);
      expectStatus(await viewer.client.get(`${BSI}/cardinfos`, { shopid: s2.id }), 403);
      expectStatus(await a.admin.post(`${SP}/saveServcards`, { ...body, serviceId: foreignService.id }), 404);
      expectStatus(await a.admin.get(`${SI}/findServPriceCards`, { serviceId: foreignService.id }), 404);
      expectStatus(await a.admin.get(`${SI}/findShopCards`, { shopid: foreignShop.id }), 404);
      expectStatus(await a.admin.get(`${BSI}/cardinfos`, { shopid: foreignShop.id }), 404);
      const [foreignCard] = await db(t, b, (tx) =>
        tx
          .insert(serviceCardPrices)
          .values({ tenantId: b.tenantId, serviceId: foreignService.id, cardTypeId: foreignCardType.id, price: 1 })
          .returning(),
      );
      expectStatus(await a.admin.del(`${SP}/servicecard/${foreignCard.id}`), 404);
    });
  });
});
