import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inTenant } from '../src/platform/tenancy.js';
import { ean13 } from '../src/seed/demo-catalog.js';
import { EN, expect400, expectStatus, fillTemplate, ids, readTemplate, uniq, upload, XLSX } from './catalog-helpers.js';
import { build } from './helpers.js';
import { createLimitedUser } from './users.js';

const P = '/api-chain/product';
const PB = '/api-chain/productbrand';

describe('catalog: product brands and products', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const anon = t.client();
  const categories = (await a.admin.get('/api-chain/productcategory/list/all')).body.data as any[];
  const washCare = categories.find((c) => c.name === '洗护');
  const shampoo = categories.find((c) => c.name === '洗发水');
  const brands = (await a.admin.get(`${PB}/list/all`)).body.data as any[];
  const loreal = brands.find((r) => r.name === '欧莱雅专业');
  const foreignProduct = (await b.admin.get(P, { pageSize: 1 })).body.data.list[0];
  const foreignBrand = (await b.admin.get(`${PB}/list/all`)).body.data[0];

  const newProduct = (fields: Record<string, unknown> = {}) => ({
    pcode: `T${uniq()}`,
    name: `测试产品${uniq()}`,
    unit: '瓶',
    retailPrice: 12800,
    purchasePrice: 5000,
    ...fields,
  });
  const create = async (fields: Record<string, unknown> = {}) => {
    const res = await a.admin.post(P, newProduct(fields));
    expectStatus(res, 200);
    return res.body.data;
  };

  describe('product brands', () => {
    it('GET root pages brands, POST root saves; the dictionary routes answer too', async () => {
      const list = await a.admin.get(PB, { pageSize: 200 });
      expectStatus(list, 200);
      expect(list.body.data.total).toBeGreaterThanOrEqual(8);
      expect(list.body.data.list.map((r: any) => r.name)).toEqual(
        expect.arrayContaining(['欧莱雅专业', '施华蔻', '卡诗', '资生堂专业', '美宝莲']),
      );
      const next = (await a.admin.get(`${PB}/getMaxId`)).body.data;
      expect(next.nextCode).toMatch(/^CB\d{3}$/);
      const created = await a.admin.post(PB, { code: next.nextCode, name: '新锐品牌', logo: '/files/x.png' });
      expectStatus(created, 200);
      expect(created.body.data).toMatchObject({ code: next.nextCode, name: '新锐品牌', logo: '/files/x.png', status: 1, version: 1 });
      const updated = await a.admin.post(PB, { id: created.body.data.id, version: 1, code: next.nextCode, name: '新锐品牌二' });
      expect(updated.body.data).toMatchObject({ name: '新锐品牌二', version: 2, logo: '/files/x.png' });
      expect((await a.admin.get(`${PB}/${created.body.data.id}`)).body.data.name).toBe('新锐品牌二');
      expect(ids((await a.admin.get(`${PB}/list/all`)).body.data)).toContain(created.body.data.id);
      const dup = await a.admin.post(PB, { code: next.nextCode, name: '重复' });
      expectStatus(dup, 409);
      expect(dup.body.resp_msg).toContain(next.nextCode);
      expect400(await a.admin.post(PB, { code: 'X1' }), 'name');
      expectStatus(await a.admin.post(PB, { id: foreignBrand.id, code: 'X', name: 'x' }), 404);
      expectStatus(await anon.get(PB), 401);
      expectStatus(await anon.post(PB, { code: 'X', name: 'x' }), 401);
      expectStatus(await a.admin.del(`${PB}/${created.body.data.id}`), 200);
    });

    it('a brand used by a product cannot be deleted: 409 names the product', async () => {
      const brand = (await a.admin.post(PB, { code: `B${uniq()}`, name: `品牌${uniq()}` })).body.data;
      const product = await create({ brandId: brand.id });
      const res = await a.admin.del(`${PB}/${brand.id}`);
      expectStatus(res, 409);
      expect(res.body.resp_msg).toBe(`不能删除：正被产品“${product.name}”使用`);
      const en = await a.admin.del(`${PB}/${brand.id}`, EN);
      expect(en.body.resp_msg).toBe(`Cannot delete: it is used by products "${product.name}"`);
    });

    it('needs catalog.productbrand.view to list and .edit to save', async () => {
      const viewer = await createLimitedUser(t, a, { perms: ['catalog.productbrand.view'] });
      expectStatus(await viewer.client.get(PB), 200);
      expectStatus(await viewer.client.post(PB, { code: `B${uniq()}`, name: 'x' }), 403);
      const other = await createLimitedUser(t, a, { perms: ['catalog.product.view'] });
      expectStatus(await other.client.get(PB), 403);
      expectStatus(await other.client.get(`${PB}/list/all`), 200);
    });
  });

  describe('products', () => {
    it('GET root and list page the products with names of brand and categories', async () => {
      for (const url of [P, `${P}/list`]) {
        const res = await a.admin.get(url, { pageSize: 200 });
        expectStatus(res, 200);
        const rows = res.body.data.list as any[];
        expect(res.body.data.total).toBeGreaterThanOrEqual(100);
        const first = rows.find((r) => r.pcode === 'SP0001');
        expect(first).toMatchObject({
          name: '丝泉净澈洗发水',
          brandName: '欧莱雅专业',
          categoryId: shampoo.id,
          categoryName: '洗发水',
          topCategoryId: washCare.id,
          topCategoryName: '洗护',
          unit: '瓶',
          purchaseUnit: '箱',
          purchaseFactor: 12,
          purchasePrice: 6800,
          retailPrice: 15800,
          usage: 1,
          status: 1,
          isDel: 0,
        });
        expect(first.barcode).toBe(ean13(first.barcode.slice(0, 12)));
      }
      const page2 = await a.admin.get(P, { page: 2, pageSize: 10 });
      expect(page2.body.data).toMatchObject({ page: 2, pageSize: 10 });
      expect(page2.body.data.list[0].pcode).toBe('SP0011');
      const byPrice = (await a.admin.get(P, { sort: '-retailPrice', pageSize: 50 })).body.data.list.map((r: any) => r.retailPrice);
      expect(byPrice).toEqual([...byPrice].sort((x, y) => y - x));
      expect400(await a.admin.get(P, { usage: 3 }), 'usage');
      expect400(await a.admin.get(P, { color: 'red' }), 'color');
      expectStatus(await anon.get(P), 401);
    });

    it('filters: keyword, exact barcode, category with its children, brand, usage, status', async () => {
      const kw = (await a.admin.get(P, { keyword: '洗发水', pageSize: 200 })).body.data.list as any[];
      expect(kw.length).toBeGreaterThan(3);
      expect(kw.every((r) => `${r.pcode}${r.name}${r.barcode}`.includes('洗发水'))).toBe(true);
      const exact = (await a.admin.get(P, { keyword: 'SP0005' })).body.data;
      expect(exact.list.map((r: any) => r.pcode)).toEqual(['SP0005']);
      expect(exact.total).toBe(1);
      const sample = exact.list[0];
      const byCodePart = (await a.admin.get(P, { keyword: 'sp000', pageSize: 200 })).body.data.list as any[];
      expect(byCodePart.map((r) => r.pcode)).toContain('SP0005');
      expect(byCodePart.length).toBeGreaterThan(1);
      expect(byCodePart.every((r) => r.pcode.toLowerCase().includes('sp000'))).toBe(true);
      const scanned = await a.admin.get(P, { keyword: sample.barcode });
      expect(ids(scanned.body.data.list)).toEqual([sample.id]);
      expect(ids((await a.admin.get(P, { barcode: sample.barcode })).body.data.list)).toEqual([sample.id]);
      const partial = (await a.admin.get(P, { keyword: sample.barcode.slice(0, 9), pageSize: 200 })).body.data.list as any[];
      expect(partial.length).toBeGreaterThan(1);

      const top = (await a.admin.get(P, { categoryId: washCare.id, pageSize: 200 })).body.data.list as any[];
      expect(new Set(top.map((r) => r.categoryName))).toEqual(new Set(['洗发水', '护发素', '发膜']));
      const child = (await a.admin.get(P, { categoryId: shampoo.id, pageSize: 200 })).body.data.list as any[];
      expect(child.length).toBeGreaterThan(0);
      expect(child.every((r) => r.categoryId === shampoo.id)).toBe(true);
      const byBrand = (await a.admin.get(P, { brandId: loreal.id, pageSize: 200 })).body.data.list as any[];
      expect(byBrand.length).toBeGreaterThan(3);
      expect(byBrand.every((r) => r.brandId === loreal.id)).toBe(true);
      const internal = (await a.admin.get(P, { usage: 2, pageSize: 200 })).body.data.list as any[];
      expect(internal.length).toBeGreaterThan(5);
      expect(internal.every((r) => r.usage === 2)).toBe(true);
      const off = await create({ status: 0 });
      const disabled = (await a.admin.get(P, { status: 0, pageSize: 200 })).body.data.list as any[];
      expect(ids(disabled)).toContain(off.id);
      expect(disabled.every((r) => r.status === 0)).toBe(true);
    });

    it('an exact barcode lookup is answered by the (tenant_id, barcode) index', async () => {
      await t.database.db.execute(sql`analyze products`);
      const plan = await inTenant(t.database.db, a.tenantId, async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(sql`explain select id from products where barcode = '6901234500011' and is_del = 0`);
        return JSON.stringify((result as unknown as { rows: unknown[] }).rows ?? result);
      });
      expect(plan).toContain('products_tenant_barcode');
    });

    it('list/all answers enabled products, inlist enabled retail products; both take a keyword', async () => {
      const off = await create({ status: 0, name: `停用${uniq()}` });
      const all = (await a.admin.get(`${P}/list/all`)).body.data as any[];
      expect(all.length).toBeGreaterThanOrEqual(100);
      expect(ids(all)).not.toContain(off.id);
      expect(all.some((r) => r.usage === 2)).toBe(true);
      expect(all[0]).toMatchObject({
        id: expect.any(Number),
        pcode: expect.any(String),
        unit: expect.any(String),
        retailPrice: expect.any(Number),
      });
      const inlist = (await a.admin.get(`${P}/inlist`)).body.data as any[];
      expect(inlist.length).toBeGreaterThan(50);
      expect(inlist.every((r) => r.usage === 1)).toBe(true);
      const kw = (await a.admin.get(`${P}/inlist`, { keyword: '发膜' })).body.data as any[];
      expect(kw.length).toBeGreaterThan(0);
      expect(kw.every((r) => r.name.includes('发膜'))).toBe(true);
      expect400(await a.admin.get(`${P}/inlist`, { usage: 2 }), 'usage');
      expectStatus(await anon.get(`${P}/list/all`), 401);
      expectStatus(await anon.get(`${P}/inlist`), 401);
    });

    it('getCode suggests the next code; POST root creates and updates with the version; checkPcode tells whether a code is free', async () => {
      const code = (await a.admin.get(`${P}/getCode`)).body.data;
      expect(code).toMatch(/^SP\d{4}$/);
      expect((await a.admin.post(`${P}/checkPcode`, { pcode: code })).body.data).toEqual({ available: true });
      const created = await a.admin.post(P, {
        pcode: code,
        name: '测试洗发水',
        barcode: '6901234599990',
        brandId: loreal.id,
        categoryId: shampoo.id,
        spec: '500ml',
        unit: '瓶',
        purchaseUnit: '箱',
        purchaseFactor: 12,
        purchasePrice: 4550,
        retailPrice: 12850,
        usage: 1,
        memo: '备注',
      });
      expectStatus(created, 200);
      const p = created.body.data;
      expect(p).toMatchObject({
        pcode: code,
        brandName: '欧莱雅专业',
        categoryName: '洗发水',
        topCategoryName: '洗护',
        purchasePrice: 4550,
        retailPrice: 12850,
        purchaseFactor: 12,
        version: 1,
        status: 1,
      });
      expect((await a.admin.get(`${P}/getCode`)).body.data).not.toBe(code);
      expect((await a.admin.post(`${P}/checkPcode`, { pcode: code })).body.data).toEqual({ available: false });
      expect((await a.admin.post(`${P}/checkPcode`, { pcode: code, id: p.id })).body.data).toEqual({ available: true });
      // the product being edited must be one of the company: an id cannot ask about anything else
      expectStatus(await a.admin.post(`${P}/checkPcode`, { pcode: code, id: 99_999_999 }), 404);
      expectStatus(await a.admin.post(`${P}/checkPcode`, { pcode: code, id: foreignProduct.id }), 404);
      expect((await a.admin.get(`${P}/${p.id}`)).body.data).toEqual(p);

      const updated = await a.admin.post(P, { id: p.id, version: 1, pcode: code, name: '测试洗发水（新）', unit: '瓶', retailPrice: 9900 });
      expectStatus(updated, 200);
      expect(updated.body.data).toMatchObject({
        name: '测试洗发水（新）',
        retailPrice: 9900,
        purchasePrice: 4550,
        memo: '备注',
        brandId: loreal.id,
        version: 2,
      });
      const stale = await a.admin.post(P, { id: p.id, version: 1, pcode: code, name: 'x', unit: '瓶' });
      expectStatus(stale, 409);
      const cleared = await a.admin.post(P, { id: p.id, pcode: code, name: 'x', unit: '瓶', brandId: null });
      expect(cleared.body.data).toMatchObject({ brandId: null, brandName: null, version: 3 });
    });

    it('POST root answers 409 naming a taken code (deleted products keep theirs)', async () => {
      const p = await create();
      const zh = await a.admin.post(P, newProduct({ pcode: p.pcode }));
      expectStatus(zh, 409);
      expect(zh.body.resp_msg).toBe(`产品编码“${p.pcode}”已存在`);
      expect(zh.body.errors?.[0].path).toBe('pcode');
      const en = await a.admin.post(P, newProduct({ pcode: p.pcode }), EN);
      expect(en.body.resp_msg).toBe(`Product code "${p.pcode}" already exists`);
      const other = await create();
      expectStatus(await a.admin.post(P, { id: other.id, pcode: p.pcode, name: 'x', unit: '瓶' }), 409);
      expectStatus(await a.admin.del(`${P}/${p.id}`), 200);
      expectStatus(await a.admin.post(P, newProduct({ pcode: p.pcode })), 409);
      // another tenant may use the same code
      expectStatus(await b.admin.post(P, newProduct({ pcode: p.pcode })), 200);
    });

    it('POST root answers 400 naming the field', async () => {
      expect400(await a.admin.post(P, newProduct({ unit: undefined })), 'unit');
      expect400(await a.admin.post(P, newProduct({ pcode: '' })), 'pcode');
      expect400(await a.admin.post(P, newProduct({ retailPrice: 12.5 })), 'retailPrice');
      expect400(await a.admin.post(P, newProduct({ purchasePrice: -1 })), 'purchasePrice');
      expect400(await a.admin.post(P, newProduct({ usage: 3 })), 'usage');
      expect400(await a.admin.post(P, newProduct({ purchaseFactor: 0 })), 'purchaseFactor');
      expect400(await a.admin.post(P, newProduct({ barcode: '12 34' })), 'barcode');
      expect400(await a.admin.post(P, newProduct({ tenantId: 1 })), 'tenantId');
      expect400(await a.admin.post(P, newProduct({ brandId: foreignBrand.id })), 'brandId');
      expect400(await a.admin.post(P, newProduct({ categoryId: 99_999_999 })), 'categoryId');
      const missing = await a.admin.post(P, newProduct({ brandId: foreignBrand.id }), EN);
      expect(missing.body.errors?.[0].message).toBe('Product brand does not exist or is disabled');
      expect400(await a.admin.get(`${P}/abc`), 'params.id');
    });

    it('answers 404 for another tenant’s product', async () => {
      expectStatus(await a.admin.get(`${P}/${foreignProduct.id}`), 404);
      expectStatus(await a.admin.post(P, { id: foreignProduct.id, pcode: foreignProduct.pcode, name: 'x', unit: '瓶' }), 404);
      expectStatus(await a.admin.del(`${P}/${foreignProduct.id}`), 404);
      expectStatus(await a.admin.get(`${P}/checkPackage/${foreignProduct.id}`), 404);
      expect((await b.admin.get(`${P}/${foreignProduct.id}`)).body.data.name).toBe(foreignProduct.name);
    });

    it('batchSave stores every product or none', async () => {
      const existing = await create();
      const fresh = [newProduct(), newProduct()];
      const bad = await a.admin.post(`${P}/batchSave`, { products: [...fresh, newProduct({ pcode: existing.pcode })] });
      expectStatus(bad, 409);
      expect(bad.body.errors?.[0].path).toBe('products.2.pcode');
      for (const f of fresh) expect((await a.admin.post(`${P}/checkPcode`, { pcode: f.pcode })).body.data.available).toBe(true);
      const twice = await a.admin.post(`${P}/batchSave`, { products: [fresh[0], newProduct({ pcode: fresh[0].pcode })] });
      expect400(twice, 'products.1.pcode');
      expect(twice.body.errors?.[0].message).toContain('第 1 行');
      expect400(await a.admin.post(`${P}/batchSave`, { products: [fresh[0], newProduct({ retailPrice: 'x' })] }), 'products.1.retailPrice');
      expect400(await a.admin.post(`${P}/batchSave`, { products: [] }), 'products');
      expectStatus(
        await a.admin.post(`${P}/batchSave`, { products: [fresh[0], { id: foreignProduct.id, pcode: 'Q', name: 'x', unit: '瓶' }] }),
        404,
      );
      for (const f of fresh) expect((await a.admin.post(`${P}/checkPcode`, { pcode: f.pcode })).body.data.available).toBe(true);

      const ok = await a.admin.post(`${P}/batchSave`, {
        products: [...fresh, { id: existing.id, version: existing.version, pcode: existing.pcode, name: '批量改名', unit: '盒' }],
      });
      expectStatus(ok, 200);
      expect(ok.body.data.saved).toBe(3);
      expect(ok.body.data.list.map((r: any) => r.pcode)).toEqual([fresh[0].pcode, fresh[1].pcode, existing.pcode]);
      expect(ok.body.data.list[2]).toMatchObject({
        id: existing.id,
        name: '批量改名',
        unit: '盒',
        retailPrice: existing.retailPrice,
        version: 2,
      });
      const stale = await a.admin.post(`${P}/batchSave`, {
        products: [newProduct(), { id: existing.id, version: 1, pcode: existing.pcode, name: '旧', unit: '盒' }],
      });
      expectStatus(stale, 409);
    });

    it('a product in a package cannot be deleted (409 names the package); otherwise it is marked deleted', async () => {
      const pkg = (await a.admin.get('/api-chain/servicepackage/list', { keyword: '头皮SPA疗程' })).body.data.list[0];
      const detail = (await a.admin.get(`/api-chain/servicepackage/findById/${pkg.id}`)).body.data;
      const productId = detail.items.find((i: any) => i.productId).productId;
      const check = await a.admin.get(`${P}/checkPackage/${productId}`);
      expectStatus(check, 200);
      expect(check.body.data).toEqual({ inPackage: true, packages: [pkg.name] });
      const refused = await a.admin.del(`${P}/${productId}`);
      expectStatus(refused, 409);
      expect(refused.body.resp_msg).toBe(`不能删除：正被套餐“${pkg.name}”使用`);
      expect((await a.admin.del(`${P}/${productId}`, EN)).body.resp_msg).toBe(`Cannot delete: it is used by packages "${pkg.name}"`);

      const p = await create();
      expect((await a.admin.get(`${P}/checkPackage/${p.id}`)).body.data).toEqual({ inPackage: false, packages: [] });
      const del = await a.admin.del(`${P}/${p.id}`);
      expectStatus(del, 200);
      expect(del.body.data).toEqual({ id: p.id });
      expectStatus(await a.admin.get(`${P}/${p.id}`), 404);
      expectStatus(await a.admin.del(`${P}/${p.id}`), 404);
      expect(ids((await a.admin.get(P, { keyword: p.pcode })).body.data.list)).toEqual([]);
      expect(ids((await a.admin.get(`${P}/list/all`)).body.data)).not.toContain(p.id);
      expectStatus(await a.admin.post(P, { id: p.id, pcode: p.pcode, name: 'x', unit: '瓶' }), 404);
    });

    it('needs catalog.product.view to read and catalog.product.edit to write', async () => {
      const viewer = await createLimitedUser(t, a, { perms: ['catalog.product.view'] });
      expectStatus(await viewer.client.get(P), 200);
      expectStatus(await viewer.client.get(`${P}/getCode`), 200);
      for (const res of [
        await viewer.client.post(P, newProduct()),
        await viewer.client.post(`${P}/batchSave`, { products: [newProduct()] }),
        await viewer.client.del(`${P}/${foreignProduct.id}`),
        await viewer.client.get(`${P}/excelTemplate`),
      ])
        expectStatus(res, 403);
      const nobody = await createLimitedUser(t, a, { perms: [] });
      expectStatus(await nobody.client.get(P), 403);
      expectStatus(await nobody.client.get(`${P}/list`), 403);
      expectStatus(await nobody.client.get(`${P}/checkPackage/1`), 403);
      expectStatus(await nobody.client.get(`${P}/list/all`), 200);
      expectStatus(await nobody.client.get(`${P}/inlist`), 200);
      expectStatus(await nobody.client.post(`${P}/checkPcode`, { pcode: 'X' }), 200);
      for (const url of [`${P}/getCode`, `${P}/checkPackage/1`]) expectStatus(await anon.get(url), 401);
      expectStatus(await anon.post(`${P}/checkPcode`, { pcode: 'X' }), 401);
      expectStatus(await anon.post(`${P}/batchSave`, { products: [] }), 401);
      expectStatus(await anon.del(`${P}/1`), 401);
    });
  });

  it('hostile input never answers 500', async () => {
    const probes = [
      () => a.admin.get(P, { keyword: 'a\u0000b' }),
      () => a.admin.get(P, { keyword: '69012345000\u0000' }),
      () => a.admin.post(P, newProduct({ name: 'x\u0000' })),
      () => a.admin.get(`${P}/99999999999999999999`),
      () => a.admin.get(`${P}/checkPackage/-1`),
      () => a.admin.get(P, { sort: 'name;drop table products', pageSize: 1 }),
      () => a.admin.post(`${P}/batchSave`, []),
      () => a.admin.post(`${P}/batchSave`, { products: 'all' }),
      () => a.admin.get('/api-chain/servicepackage/productForPrice', { ids: '1,,2' }),
      () => a.admin.get('/api-chain/servicepackage/productForPrice', { ids: '9'.repeat(400) }),
      () => a.admin.post('/api-chain/servicepackage/save', { code: 'x', name: 'x', price: 1, items: 'x' }),
      () => a.admin.post('/api-chain/serviceinfo/updateInfos', { ids: [1], changes: null }),
      () => a.admin.post('/api-stock/product/batchSave', { shopId: 'x', productIds: [1] }),
      () => a.admin.post('/api-chain/serviceGroup/getServiceGroup', []),
      () => a.admin.get('/api-chain/serviceinfo/delete', { id: '1e3' }),
    ];
    for (const probe of probes) {
      const res = await probe();
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      expect(res.body.resp_code).toBe(String(res.status));
    }
  });

  describe('Excel import', () => {
    it('excelTemplate (GET and POST) gives titles, an example row and drop-down lists of brands and categories', async () => {
      for (const res of [await a.admin.get(`${P}/excelTemplate`), await a.admin.post(`${P}/excelTemplate`)]) {
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe(XLSX);
        const template = await readTemplate(res.raw);
        expect(template.titles).toEqual(
          expect.arrayContaining(['*产品编码', '*产品名称', '品牌', '产品分类', '*单位', '零售价(元)', '用途']),
        );
        expect(template.validationCount).toBeGreaterThanOrEqual(3);
        expect(template.listValues.flat()).toEqual(expect.arrayContaining(['欧莱雅专业', '洗发水', '零售', '内用']));
      }
      const en = await a.admin.get(`${P}/excelTemplate`, undefined, EN);
      expect((await readTemplate(en.raw)).titles).toEqual(expect.arrayContaining(['*Product code', 'Retail price (yuan)']));
      expectStatus(await anon.get(`${P}/excelTemplate`), 401);
    });

    it('batchImport stores every row (prices in yuan become cents) or none, with errors by row and column', async () => {
      const template = (await a.admin.get(`${P}/excelTemplate`)).raw;
      const codes = [`I${uniq()}`, `I${uniq()}`, `I${uniq()}`];
      const good = await fillTemplate(template, [
        {
          产品编码: codes[0],
          产品名称: '导入洗发水',
          品牌: '卡诗',
          产品分类: '洗发水',
          单位: '瓶',
          '零售价(元)': '128.5',
          '进货价(元)': 60,
          用途: '零售',
          条码: '6901234588885',
        },
        { 产品编码: codes[1], 产品名称: '导入染膏', 品牌: 'CB002', 产品分类: '染膏', 单位: '支', 用途: '内用', 换算系数: 36, 状态: '停用' },
      ]);
      const bad = await fillTemplate(template, [
        { 产品编码: codes[2], 产品名称: '坏行一', 单位: '瓶', '零售价(元)': '12.345' },
        { 产品编码: codes[2], 产品名称: '坏行二', 单位: '瓶', 品牌: '不存在的品牌' },
        { 产品编码: 'SP0001', 产品名称: '重复编码', 单位: '瓶' },
        { 产品编码: `I${uniq()}`, 产品名称: '缺单位' },
      ]);
      const refused = await upload(t, a.admin.token, `${P}/batchImport`, bad);
      expectStatus(refused, 400);
      expect(refused.body.data, JSON.stringify(refused.body)).not.toBeNull();
      const errors = refused.body.data.errors as { row: number; column: string; message: string }[];
      expect(errors).toEqual(
        expect.arrayContaining([
          { row: 2, column: '零售价(元)', message: expect.stringContaining('金额格式不正确') },
          { row: 3, column: '产品编码', message: expect.stringContaining('第 2 行') },
          { row: 3, column: '品牌', message: '“不存在的品牌”不存在或已停用' },
          { row: 4, column: '产品编码', message: '“SP0001”已存在' },
          { row: 5, column: '单位', message: '不能为空' },
        ]),
      );
      expect(refused.body.errors?.every((e) => e.path === 'file')).toBe(true);
      expect((await a.admin.post(`${P}/checkPcode`, { pcode: codes[2] })).body.data.available).toBe(true);

      const enRefused = await upload(t, a.admin.token, `${P}/batchImport`, bad, EN);
      expect(enRefused.body.data.errors).toEqual(
        expect.arrayContaining([{ row: 2, column: 'Retail price (yuan)', message: expect.stringContaining('Not a valid amount') }]),
      );

      const res = await upload(t, a.admin.token, `${P}/batchImport`, good);
      expectStatus(res, 200);
      expect(res.body.data).toEqual({ imported: 2 });
      const [first] = (await a.admin.get(P, { keyword: codes[0] })).body.data.list;
      expect(first).toMatchObject({
        name: '导入洗发水',
        brandName: '卡诗',
        categoryName: '洗发水',
        retailPrice: 12850,
        purchasePrice: 6000,
        usage: 1,
        barcode: '6901234588885',
      });
      const [second] = (await a.admin.get(P, { keyword: codes[1] })).body.data.list;
      expect(second).toMatchObject({ brandName: '施华蔻', categoryName: '染膏', usage: 2, status: 0, purchaseFactor: 36, retailPrice: 0 });
      const again = await upload(t, a.admin.token, `${P}/batchImport`, good);
      expectStatus(again, 400);
      expect400(await upload(t, a.admin.token, `${P}/batchImport`, Buffer.from('not excel')), 'file');
    });
  });
});
