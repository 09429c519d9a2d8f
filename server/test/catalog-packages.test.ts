import { describe, expect, it } from 'vitest';
import { EN, expect400, expectStatus, ids, uniq } from './catalog-helpers.js';
import { build } from './helpers.js';
import { createLimitedUser } from './users.js';

const K = '/api-chain/servicepackage';

describe('catalog: service packages', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const anon = t.client();
  const services = (await a.admin.get(`${K}/servinfo`)).body.data as any[];
  const spa = services.find((s) => s.name === '头皮SPA');
  const cut = services.find((s) => s.name === '女士精剪');
  const products = (await a.admin.get(`${K}/productForPrice`)).body.data as any[];
  const mask = products.find((p) => p.name === '强韧修护发膜');
  const types = (await a.admin.get('/api-chain/packagetype/list/all')).body.data as any[];
  const course = types.find((x) => x.name === '疗程套餐');
  const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as any[];
  const foreign = (await b.admin.get(`${K}/list`, { pageSize: 1 })).body.data.list[0];
  const foreignShop = (await b.admin.get('/api-chain/shop/list/all')).body.data[0];
  const foreignService = (await b.admin.get(`${K}/servinfo`)).body.data[0];

  const body = (fields: Record<string, unknown> = {}) => ({
    code: `K${uniq()}`,
    name: `测试套餐${uniq()}`,
    packageTypeId: course.id,
    price: 100000,
    validityDays: 180,
    items: [
      { serviceId: spa.id, quantity: 3, amount: 70000 },
      { productId: mask.id, quantity: 1, amount: 30000 },
    ],
    ...fields,
  });
  const create = async (fields: Record<string, unknown> = {}, url = `${K}/save`) => {
    const res = await a.admin.post(url, body(fields));
    expectStatus(res, 200);
    return res.body.data;
  };

  it('the demo has 10+ packages, each split exactly, sold in several shops', async () => {
    const list = await a.admin.get(`${K}/list`, { pageSize: 200 });
    expectStatus(list, 200);
    expect(list.body.data.total).toBeGreaterThanOrEqual(10);
    for (const p of list.body.data.list as any[]) {
      const detail = (await a.admin.get(`${K}/findById/${p.id}`)).body.data;
      expect(detail.items.reduce((s: number, i: any) => s + i.amount, 0)).toBe(detail.price);
      expect(detail.shops.length).toBeGreaterThan(1);
      expect(detail.itemCount).toBe(detail.items.length);
      expect(detail.shopCount).toBe(detail.shops.length);
    }
  });

  it('list pages packages with filters; list/all answers enabled ones (shopid: those a shop sells)', async () => {
    const p = await create({ shopIds: [shops[0].id] });
    const off = await create({ status: 0 });
    const res = await a.admin.get(`${K}/list`, { keyword: p.code });
    expect(res.body.data.list).toEqual([
      expect.objectContaining({ id: p.id, packageTypeName: '疗程套餐', price: 100000, itemCount: 2, shopCount: 1, isSystem: false }),
    ]);
    expect(ids((await a.admin.get(`${K}/list`, { status: 0, pageSize: 200 })).body.data.list)).toContain(off.id);
    const inShop = (await a.admin.get(`${K}/list`, { shopId: shops[0].id, pageSize: 200 })).body.data.list as any[];
    expect(ids(inShop)).toContain(p.id);
    expect(ids((await a.admin.get(`${K}/list`, { shopId: shops[1].id, pageSize: 200 })).body.data.list)).not.toContain(p.id);
    const typed = (await a.admin.get(`${K}/list`, { packageTypeId: course.id, pageSize: 200 })).body.data.list as any[];
    expect(typed.every((r) => r.packageTypeId === course.id)).toBe(true);
    const system = (await a.admin.get(`${K}/list`, { isSystem: 1, pageSize: 200 })).body.data.list as any[];
    expect(system.length).toBeGreaterThan(0);
    expect(system.every((r) => r.isSystem)).toBe(true);
    const prices = (await a.admin.get(`${K}/list`, { sort: '-price' })).body.data.list.map((r: any) => r.price);
    expect(prices).toEqual([...prices].sort((x, y) => y - x));

    const all = (await a.admin.get(`${K}/list/all`)).body.data as any[];
    expect(ids(all)).toContain(p.id);
    expect(ids(all)).not.toContain(off.id);
    const sold = (await a.admin.get(`${K}/list/all`, { shopid: shops[1].id })).body.data as any[];
    expect(ids(sold)).not.toContain(p.id);
    expect400(await a.admin.get(`${K}/list`, { isSystem: 2 }), 'isSystem');
    expectStatus(await anon.get(`${K}/list`), 401);
    expectStatus(await anon.get(`${K}/list/all`), 401);
  });

  it('pickers: servinfo answers enabled services with base prices, product and productForPrice enabled products', async () => {
    expect(services.length).toBeGreaterThanOrEqual(60);
    expect(spa).toMatchObject({ basePrice: 29800, line: 'mf', serviceTypeName: '头皮养护' });
    const mr = (await a.admin.get(`${K}/servinfo`, { line: 'mr' })).body.data as any[];
    expect(mr.every((s) => s.line === 'mr')).toBe(true);
    const page = await a.admin.get(`${K}/product`, { pageSize: 5, keyword: '发膜' });
    expectStatus(page, 200);
    expect(page.body.data.list.length).toBeGreaterThan(0);
    expect(page.body.data.list.every((r: any) => r.name.includes('发膜') && r.usage === 1)).toBe(true);
    const internal = (await a.admin.get(`${K}/product`, { usage: 2, pageSize: 200 })).body.data.list as any[];
    expect(internal.length).toBeGreaterThan(0);
    expect(internal.every((r) => r.usage === 2)).toBe(true);
    expect(mask).toMatchObject({ retailPrice: 38000, unit: '罐' });
    const priced = (await a.admin.get(`${K}/productForPrice`, { ids: `${mask.id},${products[0].id}` })).body.data as any[];
    expect(ids(priced).sort()).toEqual([mask.id, products[0].id].sort());
    expect400(await a.admin.get(`${K}/productForPrice`, { ids: '1,x' }), 'ids');
    for (const url of [`${K}/servinfo`, `${K}/product`, `${K}/productForPrice`]) expectStatus(await anon.get(url), 401);
  });

  it('newcode suggests the next code; save creates and updates a package with its items; findById shows names and shops', async () => {
    const code = (await a.admin.get(`${K}/newcode`)).body.data;
    expect(code).toMatch(/^TC\d{4}$/);
    const p = await create({ code, shopIds: [shops[0].id, shops[1].id], memo: '春季' });
    expect((await a.admin.get(`${K}/newcode`)).body.data).not.toBe(code);
    expect(p).toMatchObject({ code, price: 100000, validityDays: 180, status: 1, isSystem: false, memo: '春季', version: 1 });
    expect(p.items).toEqual([
      expect.objectContaining({
        serviceId: spa.id,
        productId: null,
        itemCode: spa.code,
        itemName: '头皮SPA',
        quantity: 3,
        amount: 70000,
        listPrice: 29800,
      }),
      expect.objectContaining({
        productId: mask.id,
        serviceId: null,
        itemName: '强韧修护发膜',
        unit: '罐',
        quantity: 1,
        amount: 30000,
        listPrice: 38000,
      }),
    ]);
    expect(ids(p.shops).sort()).toEqual([shops[0].id, shops[1].id].sort());
    expect((await a.admin.get(`${K}/findById/${p.id}`)).body.data).toEqual(p);

    const updated = await a.admin.post(`${K}/save`, {
      id: p.id,
      version: 1,
      code,
      name: p.name,
      price: 50000,
      items: [{ serviceId: cut.id, quantity: 5, amount: 50000 }],
    });
    expectStatus(updated, 200);
    expect(updated.body.data).toMatchObject({ price: 50000, memo: '春季', validityDays: 180, packageTypeId: course.id, version: 2 });
    expect(updated.body.data.items).toEqual([expect.objectContaining({ serviceId: cut.id, quantity: 5, amount: 50000 })]);
    expect(ids(updated.body.data.shops).sort()).toEqual([shops[0].id, shops[1].id].sort());
    expectStatus(await a.admin.post(`${K}/save`, { ...body(), id: p.id, version: 1, code }), 409);
    const dup = await a.admin.post(`${K}/save`, body({ code }));
    expectStatus(dup, 409);
    expect(dup.body.resp_msg).toBe(`编码“${code}”已存在`);
  });

  it('the items’ amounts must add up to the price exactly: 400 on items naming both sums', async () => {
    const res = await a.admin.post(`${K}/save`, body({ price: 99999 }));
    expect400(res, 'items');
    expect(res.body.errors?.[0].message).toBe('套餐项目金额合计 ¥1,000.00 与套餐价格 ¥999.99 不一致，请调整各项目的拆分金额');
    const en = await a.admin.post(`${K}/save`, body({ price: 123456 }), EN);
    expect(en.body.errors?.[0].message).toBe(
      'The items add up to ¥1,000.00 but the package price is ¥1,234.56; adjust the amounts of the items',
    );
    const free = await create({ price: 0, items: [{ serviceId: spa.id, quantity: 1, amount: 0 }] });
    expect(free.price).toBe(0);
  });

  it('save answers 400 naming the item field, 404 for another tenant’s package', async () => {
    expect400(
      await a.admin.post(`${K}/save`, body({ items: [{ serviceId: spa.id, productId: mask.id, quantity: 1, amount: 100000 }] })),
      'items.0.serviceId',
    );
    const neither = await a.admin.post(`${K}/save`, body({ items: [{ quantity: 1, amount: 100000 }] }));
    expect400(neither, 'items.0.serviceId');
    expect(neither.body.errors?.[0].message).toBe('每个套餐项目只能选择一个服务或一个产品');
    expect400(await a.admin.post(`${K}/save`, body({ items: [{ serviceId: spa.id, quantity: 0, amount: 100000 }] })), 'items.0.quantity');
    expect400(await a.admin.post(`${K}/save`, body({ items: [{ serviceId: spa.id, quantity: 1, amount: 1000.5 }] })), 'items.0.amount');
    expect400(await a.admin.post(`${K}/save`, body({ items: [] })), 'items');
    expect400(await a.admin.post(`${K}/save`, body({ price: -1 })), 'price');
    expect400(await a.admin.post(`${K}/save`, body({ validityDays: 0 })), 'validityDays');
    expect400(
      await a.admin.post(
        `${K}/save`,
        body({
          price: 100,
          items: [
            { serviceId: spa.id, quantity: 1, amount: 50 },
            { serviceId: foreignService.id, quantity: 1, amount: 50 },
          ],
        }),
      ),
      'items.1.serviceId',
    );
    const offService = (
      await a.admin.post('/api-chain/serviceinfo/save', {
        code: `Z${uniq()}`,
        name: '停用项目',
        serviceTypeId: spa.serviceTypeId,
        basePrice: 1,
        status: 0,
      })
    ).body.data;
    expect400(
      await a.admin.post(`${K}/save`, body({ price: 1, items: [{ serviceId: offService.id, quantity: 1, amount: 1 }] })),
      'items.0.serviceId',
    );
    expect400(await a.admin.post(`${K}/save`, body({ packageTypeId: 99_999_999 })), 'packageTypeId');
    expect400(await a.admin.post(`${K}/save`, body({ shopIds: [foreignShop.id] })), 'shopIds.0');
    expect400(await a.admin.post(`${K}/save`, body({ isSystem: true })), 'isSystem');
    expectStatus(await a.admin.get(`${K}/findById/${foreign.id}`), 404);
    expectStatus(await a.admin.post(`${K}/save`, { ...body(), id: foreign.id }), 404);
    expectStatus(await a.admin.post(`${K}/saveShop`, { packageId: foreign.id, shopIds: [] }), 404);
    expectStatus(await a.admin.post(`${K}/editStatus`, { ids: [foreign.id], status: 0 }), 404);
    expectStatus(await a.admin.post(`${K}/delete`, { id: foreign.id }), 404);
  });

  it('saveShop replaces the shops; saveDuo saves one definition for several shops; saveSystem makes a head-office template', async () => {
    const p = await create({ shopIds: [shops[0].id] });
    const res = await a.admin.post(`${K}/saveShop`, { packageId: p.id, shopIds: [shops[2].id, shops[3].id] });
    expectStatus(res, 200);
    expect(ids(res.body.data.shops).sort()).toEqual([shops[2].id, shops[3].id].sort());
    expect((await a.admin.post(`${K}/saveShop`, { packageId: p.id, shopIds: [] })).body.data.shops).toEqual([]);
    expect400(await a.admin.post(`${K}/saveShop`, { packageId: p.id, shopIds: [foreignShop.id] }), 'shopIds.0');

    const duo = await create({ shopIds: shops.slice(0, 4).map((s) => s.id) }, `${K}/saveDuo`);
    expect(duo.shops).toHaveLength(4);
    expect400(await a.admin.post(`${K}/saveDuo`, body({ shopIds: [] })), 'shopIds');
    expect400(await a.admin.post(`${K}/saveDuo`, body({ shopIds: undefined })), 'shopIds');
    const duoUpdate = await a.admin.post(`${K}/saveDuo`, {
      ...body({ code: duo.code, name: duo.name }),
      id: duo.id,
      shopIds: [shops[5].id],
    });
    expect(ids(duoUpdate.body.data.shops)).toEqual([shops[5].id]);

    const system = await create({}, `${K}/saveSystem`);
    expect(system.isSystem).toBe(true);
    const asPlain = await a.admin.post(`${K}/save`, { ...body({ code: system.code, name: '模板改名' }), id: system.id });
    expect(asPlain.body.data).toMatchObject({ isSystem: true, name: '模板改名' });
    const promoted = await a.admin.post(`${K}/saveSystem`, { ...body({ code: p.code, name: p.name }), id: p.id });
    expect(promoted.body.data.isSystem).toBe(true);
  });

  it('a shop manager assigns only the shops they see; other shops stay', async () => {
    const p = await create({ shopIds: [shops[0].id, shops[1].id] });
    const manager = await createLimitedUser(t, a, {
      perms: ['catalog.package.view', 'catalog.package.edit'],
      managerShops: [shops[1].id, shops[2].id],
    });
    expectStatus(await manager.client.post(`${K}/saveShop`, { packageId: p.id, shopIds: [shops[3].id] }), 403);
    const res = await manager.client.post(`${K}/saveShop`, { packageId: p.id, shopIds: [shops[2].id] });
    expectStatus(res, 200);
    // The manager's answer shows only the shops they see (see shop-scope-matrix); the admin sees the others stayed.
    expect(ids(res.body.data.shops)).toEqual([shops[2].id]);
    const all = await a.admin.get(`${K}/findById/${p.id}`);
    expect(ids(all.body.data.shops).sort()).toEqual([shops[0].id, shops[2].id].sort());
  });

  it('editStatus puts packages on and off sale; delete marks a package deleted', async () => {
    const [p1, p2] = [await create(), await create()];
    const off = await a.admin.post(`${K}/editStatus`, { ids: [p1.id, p2.id], status: 0 });
    expectStatus(off, 200);
    expect(off.body.data).toEqual({ updated: 2 });
    expect((await a.admin.get(`${K}/findById/${p1.id}`)).body.data).toMatchObject({ status: 0, version: 2 });
    expect(ids((await a.admin.get(`${K}/list/all`)).body.data)).not.toContain(p1.id);
    expect400(await a.admin.post(`${K}/editStatus`, { ids: [p1.id], status: 5 }), 'status');
    const del = await a.admin.post(`${K}/delete`, { id: p1.id });
    expectStatus(del, 200);
    expect(del.body.data).toEqual({ id: p1.id });
    expectStatus(await a.admin.get(`${K}/findById/${p1.id}`), 404);
    expectStatus(await a.admin.post(`${K}/delete`, { id: p1.id }), 404);
    expect(ids((await a.admin.get(`${K}/list`, { pageSize: 200, status: 0 })).body.data.list)).not.toContain(p1.id);
    // a deleted package no longer holds its service: the service may now go
    const s = (
      await a.admin.post('/api-chain/serviceinfo/save', {
        code: `Z${uniq()}`,
        name: '单次项目',
        serviceTypeId: spa.serviceTypeId,
        basePrice: 100,
      })
    ).body.data;
    const holder = await create({ price: 100, items: [{ serviceId: s.id, quantity: 1, amount: 100 }] });
    expectStatus(await a.admin.get('/api-chain/serviceinfo/delete', { id: s.id }), 409);
    await a.admin.post(`${K}/delete`, { id: holder.id });
    expectStatus(await a.admin.get('/api-chain/serviceinfo/delete', { id: s.id }), 200);
    expect400(await a.admin.post(`${K}/delete`, {}), 'id');
  });

  it('needs catalog.package.view to read and catalog.package.edit to write', async () => {
    const viewer = await createLimitedUser(t, a, { perms: ['catalog.package.view'] });
    expectStatus(await viewer.client.get(`${K}/list`), 200);
    for (const res of [
      await viewer.client.post(`${K}/save`, body()),
      await viewer.client.post(`${K}/saveDuo`, body({ shopIds: [shops[0].id] })),
      await viewer.client.post(`${K}/saveSystem`, body()),
      await viewer.client.post(`${K}/saveShop`, { packageId: 1, shopIds: [] }),
      await viewer.client.post(`${K}/editStatus`, { ids: [1], status: 0 }),
      await viewer.client.post(`${K}/delete`, { id: 1 }),
    ])
      expectStatus(res, 403);
    const nobody = await createLimitedUser(t, a, { perms: [] });
    for (const url of [`${K}/list`, `${K}/newcode`, `${K}/servinfo`, `${K}/product`, `${K}/productForPrice`, `${K}/findById/1`])
      expectStatus(await nobody.client.get(url), 403);
    expectStatus(await nobody.client.get(`${K}/list/all`), 200);
    for (const url of [`${K}/save`, `${K}/saveDuo`, `${K}/saveSystem`, `${K}/saveShop`, `${K}/editStatus`, `${K}/delete`])
      expectStatus(await anon.post(url, {}), 401);
    for (const url of [`${K}/newcode`, `${K}/findById/1`]) expectStatus(await anon.get(url), 401);
  });
});
