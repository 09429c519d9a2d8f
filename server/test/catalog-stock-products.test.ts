import { describe, expect, it } from 'vitest';
import { EN, expect400, expectStatus, ids, uniq } from './catalog-helpers.js';
import { build } from './helpers.js';
import { createLimitedUser } from './users.js';

const S = '/api-stock/product';
const P = '/api-chain/product';

describe('catalog: stock products (what each location keeps)', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const anon = t.client();
  const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as any[];
  const hairShop = shops.find((s) => s.code === 'SH001');
  const beautyShop = shops.find((s) => s.code === 'SH003');
  const otherShop = shops.find((s) => s.code === 'BJ001');
  const foreignShop = (await b.admin.get('/api-chain/shop/list/all')).body.data[0];
  const foreignStock = (await b.admin.get(S, { pageSize: 1 })).body.data.list[0];
  const foreignProduct = (await b.admin.get(P, { pageSize: 1 })).body.data.list[0];

  const newProduct = async () => {
    const res = await a.admin.post(P, { pcode: `S${uniq()}`, name: `库存测试${uniq()}`, unit: '瓶', retailPrice: 100 });
    expectStatus(res, 200);
    return res.body.data;
  };

  it('GET root lists one location: the warehouse without shopid, a shop with it', async () => {
    const warehouse = await a.admin.get(S, { pageSize: 200 });
    expectStatus(warehouse, 200);
    expect(warehouse.body.data.total).toBeGreaterThanOrEqual(100);
    const rows = warehouse.body.data.list as any[];
    expect(rows.every((r) => r.shopId === null && r.shopName === '总部仓库')).toBe(true);
    expect(rows[0]).toMatchObject({
      pcode: 'SP0001',
      productName: '丝泉净澈洗发水',
      unit: '瓶',
      categoryName: '洗发水',
      brandName: '欧莱雅专业',
      safetyStock: 50,
      status: 1,
    });
    expect((await a.admin.get(S, undefined, EN)).body.data.list[0].shopName).toBe('The head-office warehouse');
    const hair = (await a.admin.get(S, { shopid: hairShop.id, pageSize: 200 })).body.data.list as any[];
    expect(hair.length).toBeGreaterThan(50);
    expect(hair.every((r) => r.shopId === hairShop.id && r.shopName === hairShop.name)).toBe(true);
    expect(hair.some((r) => r.categoryName === '面霜')).toBe(false);
    const beauty = (await a.admin.get(S, { shopid: beautyShop.id, pageSize: 200 })).body.data.list as any[];
    expect(beauty.some((r) => r.categoryName === '面霜')).toBe(true);
    expect(beauty.some((r) => r.categoryName === '染膏')).toBe(false);
    const kw = (await a.admin.get(S, { shopid: hairShop.id, keyword: '发膜' })).body.data.list as any[];
    expect(kw.length).toBeGreaterThan(0);
    expect(kw.every((r) => r.productName.includes('发膜'))).toBe(true);
    const byBarcode = (await a.admin.get(S, { keyword: rows[3].barcode })).body.data.list as any[];
    expect(ids(byBarcode)).toEqual([rows[3].id]);
    expect400(await a.admin.get(S, { shopid: 'x' }), 'shopid');
    expectStatus(await anon.get(S), 401);
  });

  it('chain/list shows every location the user may see; list/all the enabled products of one location', async () => {
    const chain = await a.admin.get(`${S}/chain/list`, { pageSize: 200, keyword: 'SP0001' });
    expectStatus(chain, 200);
    const locations = (chain.body.data.list as any[]).map((r) => r.shopId);
    expect(locations).toContain(null);
    expect(locations).toContain(hairShop.id);
    expect(chain.body.data.total).toBe(chain.body.data.list.length);
    const oneShop = (await a.admin.get(`${S}/chain/list`, { shopid: otherShop.id, pageSize: 5 })).body.data;
    expect(oneShop.list.every((r: any) => r.shopId === otherShop.id)).toBe(true);
    const wh = (await a.admin.get(`${S}/chain/list`, { warehouse: 1, pageSize: 5 })).body.data;
    expect(wh.list.every((r: any) => r.shopId === null)).toBe(true);

    const all = await a.admin.get(`${S}/list/all`, { shopid: hairShop.id });
    expectStatus(all, 200);
    expect(all.body.data.length).toBeGreaterThan(50);
    expect(all.body.data.every((r: any) => r.shopId === hairShop.id && r.status === 1)).toBe(true);
    const row = all.body.data[0];
    await a.admin.post(`${S}/updateStatus`, { ids: [row.id], status: 0 });
    expect(ids((await a.admin.get(`${S}/list/all`, { shopid: hairShop.id })).body.data)).not.toContain(row.id);
    await a.admin.post(`${S}/updateStatus`, { ids: [row.id], status: 1 });
    expect((await a.admin.get(`${S}/list/all`)).body.data.every((r: any) => r.shopId === null)).toBe(true);
    expectStatus(await anon.get(`${S}/chain/list`), 401);
    expectStatus(await anon.get(`${S}/list/all`), 401);
  });

  it('a shop user sees only their shops; the warehouse and other shops are refused', async () => {
    const manager = await createLimitedUser(t, a, {
      perms: ['catalog.stockproduct.view', 'catalog.stockproduct.edit'],
      managerShops: [hairShop.id],
    });
    const chain = (await manager.client.get(`${S}/chain/list`, { pageSize: 200 })).body.data;
    expect(chain.total).toBeGreaterThan(0);
    expect(chain.list.every((r: any) => r.shopId === hairShop.id)).toBe(true);
    expectStatus(await manager.client.get(S, { shopid: hairShop.id }), 200);
    expectStatus(await manager.client.get(S, { shopid: otherShop.id }), 403);
    expectStatus(await manager.client.get(S), 403);
    expectStatus(await manager.client.get(`${S}/chain/list`, { warehouse: 1 }), 403);
    const product = await newProduct();
    expectStatus(await manager.client.post(S, { shopId: otherShop.id, productId: product.id }), 403);
    expectStatus(await manager.client.post(S, { shopId: null, productId: product.id }), 403);
    expectStatus(await manager.client.post(`${S}/batchSave`, { shopId: otherShop.id, productIds: [product.id] }), 403);
    const mine = await manager.client.post(S, { shopId: hairShop.id, productId: product.id, safetyStock: 3 });
    expectStatus(mine, 200);
    const otherRow = (await a.admin.get(S, { shopid: otherShop.id, pageSize: 1 })).body.data.list[0];
    expectStatus(await manager.client.post(`${S}/updateStatus`, { ids: [otherRow.id], status: 0 }), 404);
    // updateBypid changes only the locations the user sees
    await a.admin.post(`${S}/batchSave`, { shopId: otherShop.id, productIds: [product.id], safetyStock: 7 });
    const changed = await manager.client.post(`${S}/updateBypid`, { productId: product.id, safetyStock: 9 });
    expect(changed.body.data).toEqual({ id: product.id, updated: 1 });
    const rows = (await a.admin.get(`${S}/chain/list`, { productId: product.id })).body.data.list as any[];
    expect(Object.fromEntries(rows.map((r) => [r.shopId, r.safetyStock]))).toEqual({ [hairShop.id]: 9, [otherShop.id]: 7 });
  });

  it('POST root creates and updates; a product already at the location answers 409 naming both', async () => {
    const product = await newProduct();
    const created = await a.admin.post(S, { shopId: otherShop.id, productId: product.id, safetyStock: 4, memo: '热销' });
    expectStatus(created, 200);
    expect(created.body.data).toMatchObject({
      shopId: otherShop.id,
      shopName: otherShop.name,
      productId: product.id,
      productName: product.name,
      safetyStock: 4,
      status: 1,
      memo: '热销',
      version: 1,
    });
    const id = created.body.data.id;
    const updated = await a.admin.post(S, { id, version: 1, shopId: otherShop.id, productId: product.id, safetyStock: 8 });
    expect(updated.body.data).toMatchObject({ id, safetyStock: 8, memo: '热销', version: 2 });
    expectStatus(await a.admin.post(S, { id, version: 1, shopId: otherShop.id, productId: product.id }), 409);
    const dup = await a.admin.post(S, { shopId: otherShop.id, productId: product.id });
    expectStatus(dup, 409);
    expect(dup.body.resp_msg).toBe(`${otherShop.name}已经有产品“${product.name}”`);
    const wh = await a.admin.post(S, { shopId: null, productId: product.id, safetyStock: 40 });
    expectStatus(wh, 200);
    expect(wh.body.data).toMatchObject({ shopId: null, shopName: '总部仓库' });
    const whDup = await a.admin.post(S, { shopId: null, productId: product.id }, EN);
    expectStatus(whDup, 409);
    expect(whDup.body.resp_msg).toBe(`The head-office warehouse already stocks "${product.name}"`);
  });

  it('POST root answers 400 naming the field and 404 for another tenant’s records', async () => {
    const product = await newProduct();
    expect400(await a.admin.post(S, { shopId: hairShop.id }), 'productId');
    expect400(await a.admin.post(S, { productId: product.id }), 'shopId');
    expect400(await a.admin.post(S, { shopId: hairShop.id, productId: product.id, safetyStock: -1 }), 'safetyStock');
    expect400(await a.admin.post(S, { shopId: hairShop.id, productId: foreignProduct.id }), 'productId');
    expect400(await a.admin.post(S, { shopId: foreignShop.id, productId: product.id }), 'shopId');
    expectStatus(await a.admin.post(S, { id: foreignStock.id, shopId: hairShop.id, productId: product.id }), 404);
    expectStatus(await a.admin.post(`${S}/updateStatus`, { ids: [foreignStock.id], status: 0 }), 404);
    expectStatus(await a.admin.post(`${S}/updateBypid`, { productId: foreignProduct.id, safetyStock: 1 }), 404);
    expect400(await a.admin.post(`${S}/batchSave`, { shopId: hairShop.id, productIds: [product.id, foreignProduct.id] }), 'productIds.1');
  });

  it('batchSave adds products to a location and updates those already there', async () => {
    const [p1, p2] = [await newProduct(), await newProduct()];
    await a.admin.post(S, { shopId: otherShop.id, productId: p1.id, safetyStock: 1, status: 0 });
    const res = await a.admin.post(`${S}/batchSave`, { shopId: otherShop.id, productIds: [p1.id, p2.id, p2.id], safetyStock: 6 });
    expectStatus(res, 200);
    expect(res.body.data).toEqual({ added: 1, updated: 1 });
    const rows = (await a.admin.get(`${S}/chain/list`, { shopid: otherShop.id, keyword: '库存测试', pageSize: 200 })).body.data
      .list as any[];
    for (const p of [p1, p2]) expect(rows.find((r) => r.productId === p.id)).toMatchObject({ safetyStock: 6, status: 1 });
    const warehouse = await a.admin.post(`${S}/batchSave`, { shopId: null, productIds: [p1.id] });
    expect(warehouse.body.data).toEqual({ added: 1, updated: 0 });
    expect((await a.admin.get(S, { keyword: p1.pcode })).body.data.list[0]).toMatchObject({ shopId: null, safetyStock: 0 });
    expect400(await a.admin.post(`${S}/batchSave`, { shopId: null, productIds: [] }), 'productIds');
  });

  it('updateStatus and updateBypid change status and safety stock; a deleted product leaves the lists', async () => {
    const product = await newProduct();
    await a.admin.post(`${S}/batchSave`, { shopId: null, productIds: [product.id], safetyStock: 2 });
    await a.admin.post(`${S}/batchSave`, { shopId: hairShop.id, productIds: [product.id], safetyStock: 2 });
    const rows = (await a.admin.get(`${S}/chain/list`, { productId: product.id })).body.data.list as any[];
    expect(rows).toHaveLength(2);
    const off = await a.admin.post(`${S}/updateStatus`, { ids: ids(rows), status: 0 });
    expect(off.body.data).toEqual({ updated: 2 });
    const both = await a.admin.post(`${S}/updateBypid`, { productId: product.id, safetyStock: 12, status: 1 });
    expect(both.body.data).toEqual({ id: product.id, updated: 2 });
    const after = (await a.admin.get(`${S}/chain/list`, { productId: product.id })).body.data.list as any[];
    expect(after.every((r) => r.safetyStock === 12 && r.status === 1)).toBe(true);
    expect400(await a.admin.post(`${S}/updateBypid`, { productId: product.id }), 'safetyStock');
    expect400(await a.admin.post(`${S}/updateStatus`, { ids: [rows[0].id], status: 2 }), 'status');
    expectStatus(await a.admin.del(`${P}/${product.id}`), 200);
    expect((await a.admin.get(`${S}/chain/list`, { productId: product.id })).body.data.total).toBe(0);
  });

  it('needs catalog.stockproduct.view to read and .edit to write', async () => {
    const viewer = await createLimitedUser(t, a, { perms: ['catalog.stockproduct.view'] });
    expectStatus(await viewer.client.get(`${S}/chain/list`), 200);
    for (const res of [
      await viewer.client.post(S, { shopId: null, productId: 1 }),
      await viewer.client.post(`${S}/batchSave`, { shopId: null, productIds: [1] }),
      await viewer.client.post(`${S}/updateStatus`, { ids: [1], status: 0 }),
      await viewer.client.post(`${S}/updateBypid`, { productId: 1, status: 0 }),
    ])
      expectStatus(res, 403);
    const nobody = await createLimitedUser(t, a, { perms: [] });
    expectStatus(await nobody.client.get(S), 403);
    expectStatus(await nobody.client.get(`${S}/chain/list`), 403);
    for (const url of [S, `${S}/batchSave`, `${S}/updateStatus`, `${S}/updateBypid`]) expectStatus(await anon.post(url, {}), 401);
  });
});
