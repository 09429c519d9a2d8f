import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { type Answer, build, type Client } from './helpers.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const S = '/api-chain/shop';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const uniq = () => randomBytes(3).toString('hex').toUpperCase();

function expect400(res: Answer, path: string) {
  expect(res.status).toBe(400);
  expect(res.body.resp_code).toBe('400');
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('org shops', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const adminId = (await a.admin.get('/api-user/me')).body.data.user.id as number;
  const anon = t.client();

  const regions = (await a.admin.get('/api-chain/dictregion/list', { pageSize: 200 })).body.data.list as any[];
  const brands = (await a.admin.get('/api-chain/brand/list/all')).body.data as any[];
  const top = regions.find((r) => r.parentId === null && regions.some((c) => c.parentId === r.id));
  const sub = regions.find((r) => r.parentId === top.id);
  const allShops = async (admin: Client = a.admin) => (await admin.get(S, { pageSize: 200 })).body.data.list as any[];

  /** A valid save body: brand, region and a place in Shanghai (黄浦区). */
  const body = (fields: Record<string, unknown> = {}) => ({
    code: `S${uniq()}`,
    name: `测试门店${uniq()}`,
    shortName: '测试',
    brandId: brands[0].id,
    regionId: sub.id,
    type: 1,
    provinceCode: '31',
    cityCode: '3101',
    areaCode: '310101',
    address: '南京东路 1 号',
    phone: '021-12345678',
    openDate: '2024-05-01',
    openTime: '10:00',
    closeTime: '22:00',
    stations: 6,
    ...fields,
  });
  const create = async (fields: Record<string, unknown> = {}) => {
    const res = await a.admin.post(`${S}/saveShop`, body(fields));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  describe('list', () => {
    it('answers a page of shops with brand, region and place names', async () => {
      const res = await a.admin.get(S, { pageSize: 200 });
      expect(res.status).toBe(200);
      expect(res.body.resp_code).toBe('200');
      const rows = res.body.data.list as any[];
      expect(res.body.data).toMatchObject({ total: rows.length, page: 1, pageSize: 200 });
      expect(rows.length).toBeGreaterThan(5);
      for (const r of rows) {
        expect(r.brandName).toBe(brands.find((x) => x.id === r.brandId)?.name);
        expect(r.regionName).toBe(regions.find((x) => x.id === r.regionId)?.name);
        expect(Array.isArray(r.images)).toBe(true);
        expect(r).not.toHaveProperty('tenantId');
      }
      const jingan = rows.find((r) => r.areaCode === '310106');
      expect(jingan).toMatchObject({ provinceName: '上海市', areaName: '静安区' });
      const dflt = await a.admin.get(S);
      expect(dflt.body.data).toMatchObject({ page: 1, pageSize: 20, total: rows.length });
    });

    it('filters by region (with its sub-regions), brand, status, type and keyword', async () => {
      const closed = await create({ status: 0, type: 2, regionId: top.id, brandId: brands[1].id, address: `闭店路${uniq()}号` });
      const rows = await allShops();
      const fetch = async (q: Record<string, unknown>) => (await a.admin.get(S, { pageSize: 200, ...q })).body.data;

      const subIds = regions.filter((r) => r.parentId === top.id).map((r) => r.id);
      const inTop = await fetch({ regionId: top.id });
      expect(ids(inTop.list).sort()).toEqual(ids(rows.filter((r) => r.regionId === top.id || subIds.includes(r.regionId))).sort());
      expect(inTop.list.some((r: any) => r.regionId === sub.id)).toBe(true);
      expect(ids(inTop.list)).toContain(closed.id);
      expect(inTop.total).toBe(inTop.list.length);
      const inSub = await fetch({ regionId: sub.id });
      expect(ids(inSub.list).sort()).toEqual(ids(rows.filter((r) => r.regionId === sub.id)).sort());

      const byBrand = await fetch({ brandId: brands[1].id });
      expect(ids(byBrand.list).sort()).toEqual(ids(rows.filter((r) => r.brandId === brands[1].id)).sort());
      expect(byBrand.list.length).toBeGreaterThan(0);

      const byStatus = await fetch({ status: 0 });
      expect(ids(byStatus.list).sort()).toEqual(ids(rows.filter((r) => r.status === 0)).sort());
      expect(ids(byStatus.list)).toContain(closed.id);
      const open = await fetch({ status: 1 });
      expect(open.total).toBe(rows.length - byStatus.total);

      const franchise = await fetch({ type: 2 });
      expect(ids(franchise.list).sort()).toEqual(ids(rows.filter((r) => r.type === 2)).sort());

      const name = rows.find((r) => r.id !== closed.id).name as string;
      const byName = await fetch({ keyword: name.slice(2, 5) });
      expect(ids(byName.list)).toContain(rows.find((r) => r.name === name).id);
      for (const r of byName.list) expect(`${r.code}|${r.name}|${r.address}`).toContain(name.slice(2, 5));
      const byAddress = await fetch({ keyword: closed.address });
      expect(ids(byAddress.list)).toEqual([closed.id]);
      const byCode = await fetch({ keyword: closed.code });
      expect(ids(byCode.list)).toEqual([closed.id]);

      const combined = await fetch({ regionId: top.id, brandId: brands[1].id, status: 0, type: 2 });
      expect(ids(combined.list)).toContain(closed.id);
      expect(combined.list.every((r: any) => r.brandId === brands[1].id && r.status === 0 && r.type === 2)).toBe(true);

      const foreignRegion = (await b.admin.get('/api-chain/dictregion/list/all')).body.data[0];
      expect((await fetch({ regionId: foreignRegion.id })).total).toBe(0);

      expect400(await a.admin.get(S, { regionId: 'abc' }), 'regionId');
      expect400(await a.admin.get(S, { type: 3 }), 'type');
      expect400(await a.admin.get(S, { status: 2 }), 'status');
      expect400(await a.admin.get(S, { pageSize: 201 }), 'pageSize');
      expect400(await a.admin.get(S, { page: 0 }), 'page');
      const unknown = await a.admin.get(S, { shopColour: 'red' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors?.some((e) => e.message.includes('shopColour'))).toBe(true);
    });

    it('takes the keyword literally (% and _ are not wildcards)', async () => {
      const rows = await allShops();
      for (const keyword of ['%', '_']) {
        const res = await a.admin.get(S, { keyword, pageSize: 200 });
        expect(res.status).toBe(200);
        expect(ids(res.body.data.list)).toEqual(ids(rows.filter((r) => `${r.code}|${r.name}|${r.address}`.includes(keyword))));
      }
      const odd = await create({ name: `100%_满意店${uniq()}` });
      expect(ids((await a.admin.get(S, { keyword: '100%_' })).body.data.list)).toEqual([odd.id]);
    });

    it('pages and sorts', async () => {
      const rows = await allShops();
      const page2 = await a.admin.get(S, { page: 2, pageSize: 3 });
      expect(page2.body.data).toMatchObject({ page: 2, pageSize: 3, total: rows.length });
      expect(ids(page2.body.data.list)).toEqual(ids(rows.slice(3, 6)));
      const beyond = await a.admin.get(S, { page: 1000, pageSize: 3 });
      expect(beyond.body.data).toMatchObject({ list: [], total: rows.length });

      const codes = rows.map((r) => r.code);
      expect(codes).toEqual([...codes].sort());
      const desc = (await a.admin.get(S, { pageSize: 200, sort: '-code' })).body.data.list.map((r: any) => r.code);
      expect(desc).toEqual([...codes].sort().reverse());
      const byOpen = (await a.admin.get(S, { pageSize: 200, sort: '-openDate,code' })).body.data.list as any[];
      const dates = byOpen.filter((r) => r.openDate).map((r) => r.openDate);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('tells the total on a full page, a partial last page, an exactly full last page and a page past the end', async () => {
      for (const filter of [{}, { regionId: top.id }, { status: 1 }]) {
        const rows = (await a.admin.get(S, { pageSize: 200, ...filter })).body.data.list as any[];
        const n = rows.length;
        const size = [2, 3, 4, 5].find((p) => n > p && n % p !== 0);
        expect(size, `${n} shops for ${JSON.stringify(filter)}`).toBeDefined();
        const get = async (page: number, pageSize: number) => (await a.admin.get(S, { page, pageSize, ...filter })).body.data;
        const pageSize = size as number;
        const last = Math.ceil(n / pageSize);

        const first = await get(1, pageSize);
        expect(first).toEqual({ list: expect.any(Array), total: n, page: 1, pageSize, next: expect.any(String) });
        expect(ids(first.list)).toEqual(ids(rows.slice(0, pageSize)));
        const partial = await get(last, pageSize);
        expect(partial).toMatchObject({ total: n, page: last, pageSize });
        expect(ids(partial.list)).toEqual(ids(rows.slice((last - 1) * pageSize)));
        expect(partial.list.length).toBeLessThan(pageSize);
        for (const page of [last + 1, last + 50]) expect(await get(page, pageSize)).toEqual({ list: [], total: n, page, pageSize });

        const exact = await get(n, 1);
        expect(exact).toMatchObject({ total: n, page: n, pageSize: 1 });
        expect(ids(exact.list)).toEqual([rows[n - 1].id]);
        expect(await get(2, n)).toEqual({ list: [], total: n, page: 2, pageSize: n });
        expect((await get(1, n)).total).toBe(n);
      }
      const none = (await a.admin.get(S, { keyword: `无此店${uniq()}`, pageSize: 2 })).body.data;
      expect(none).toEqual({ list: [], total: 0, page: 1, pageSize: 2 });
      expect((await a.admin.get(S, { keyword: `无此店${uniq()}`, page: 3, pageSize: 2 })).body.data).toEqual({
        list: [],
        total: 0,
        page: 3,
        pageSize: 2,
      });
    });

    it('answers 401 without a token', async () => {
      const res = await anon.get(S);
      expect(res.status).toBe(401);
      expect(res.body.resp_code).toBe('401');
      expect(res.body.resp_msg).toBe('请先登录');
      expect((await anon.get(S, undefined, EN)).body.resp_msg).toBe('Please sign in');
      const bad = await t.client('not-a-token').get(S);
      expect(bad.status).toBe(401);
    });
  });

  describe('saveShop', () => {
    it('creates a shop with images, reads it back, and audits the write', async () => {
      const images = ['/files/a/1.png', '/files/a/2.jpg'];
      const res = await a.admin.post(`${S}/saveShop`, body({ images }));
      expect(res.status).toBe(200);
      const shop = res.body.data;
      expect(shop).toMatchObject({
        id: expect.any(Number),
        brandId: brands[0].id,
        brandName: brands[0].name,
        regionId: sub.id,
        regionName: sub.name,
        provinceName: '上海市',
        cityName: '市辖区',
        areaName: '黄浦区',
        openDate: '2024-05-01',
        openTime: '10:00',
        stations: 6,
        status: 1,
        version: 1,
        images,
      });
      const info = await a.admin.get(`${S}/getShopInfo/${shop.id}`);
      expect(info.status).toBe(200);
      expect(info.body.data).toEqual(shop);
      const pics = await a.admin.get(`/api-chain/shopbanner/getShopImages/${shop.id}`);
      expect(pics.status).toBe(200);
      expect(pics.body.data.map((p: any) => p.url)).toEqual(images);
      expect(pics.body.data.map((p: any) => p.sort)).toEqual([0, 1]);

      const audit = await inTenant(t.database.db, a.tenantId, (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'shop'), eq(auditLog.entityId, shop.id))),
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ userId: adminId, username: 'admin', action: `POST ${S}/saveShop` });
      expect((audit[0].detail as any).body.code).toBe(shop.code);
    });

    it('updates with the version, replaces the images, refuses a stale version', async () => {
      const shop = await create({ images: ['/files/old.png'] });
      const res = await a.admin.post(
        `${S}/saveShop`,
        body({ id: shop.id, version: shop.version, code: shop.code, name: '改名店', images: ['/x/1.png', '/x/2.png', '/x/3.png'] }),
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: shop.id,
        name: '改名店',
        version: shop.version + 1,
        images: ['/x/1.png', '/x/2.png', '/x/3.png'],
      });
      const stale = await a.admin.post(`${S}/saveShop`, body({ id: shop.id, version: shop.version, code: shop.code, name: '旧版本' }));
      expect(stale.status).toBe(409);
      expect(stale.body.resp_code).toBe('409');
      expect(stale.body.resp_msg).toBe('记录已被他人修改，请刷新后重试');
      const staleEn = await a.admin.post(
        `${S}/saveShop`,
        body({ id: shop.id, version: shop.version, code: shop.code, name: '旧版本' }),
        EN,
      );
      expect(staleEn.body.resp_msg).toBe('Someone else changed this record; please reload and try again');
      const now = (await a.admin.get(`${S}/getShopInfo/${shop.id}`)).body.data;
      expect(now).toMatchObject({ name: '改名店', version: shop.version + 1 });
      expect((await a.admin.get(`/api-chain/shopbanner/getShopImages/${shop.id}`)).body.data.map((p: any) => p.url)).toEqual([
        '/x/1.png',
        '/x/2.png',
        '/x/3.png',
      ]);
    });

    it('an update that leaves out images, status or stations keeps them', async () => {
      const shop = await create({ images: ['/keep/1.png'], status: 0, stations: 9, type: 2 });
      // body() sends neither images nor status; leave out stations and type as well
      const { stations: _n, type: _t, ...rest } = body({ id: shop.id, version: shop.version, code: shop.code, name: '只改名字' });
      const res = await a.admin.post(`${S}/saveShop`, rest);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: '只改名字', images: ['/keep/1.png'], status: 0, stations: 9, type: 2 });
    });

    it('answers 400 naming the field', async () => {
      const mismatch = await a.admin.post(`${S}/saveShop`, body({ provinceCode: '31', cityCode: '3101', areaCode: '330106' }));
      expect400(mismatch, 'areaCode');
      expect(mismatch.body.errors?.[0].message).toBe('省市区不匹配，请重新选择');
      expect400(await a.admin.post(`${S}/saveShop`, body({ provinceCode: '32', cityCode: '3101', areaCode: '310101' })), 'areaCode');
      expect400(await a.admin.post(`${S}/saveShop`, body({ areaCode: '31010' })), 'areaCode');

      const foreignBrand = (await b.admin.get('/api-chain/brand/list/all')).body.data[0];
      const badBrand = await a.admin.post(`${S}/saveShop`, body({ brandId: foreignBrand.id }));
      expect400(badBrand, 'brandId');
      expect(badBrand.body.errors?.[0].message).toBe('品牌不存在或已停用');
      const foreignRegion = (await b.admin.get('/api-chain/dictregion/list/all')).body.data[0];
      expect400(await a.admin.post(`${S}/saveShop`, body({ regionId: foreignRegion.id })), 'regionId');

      const { name: _name, ...noName } = body();
      expect400(await a.admin.post(`${S}/saveShop`, noName), 'name');
      expect400(await a.admin.post(`${S}/saveShop`, body({ code: '' })), 'code');
      expect400(await a.admin.post(`${S}/saveShop`, body({ type: 3 })), 'type');
      expect400(await a.admin.post(`${S}/saveShop`, body({ openTime: '9点' })), 'openTime');
      expect400(await a.admin.post(`${S}/saveShop`, body({ openDate: '2024/05/01' })), 'openDate');
      expect400(await a.admin.post(`${S}/saveShop`, body({ images: [1] })), 'images.0');
      expect400(await a.admin.post(`${S}/saveShop`, body({ images: Array.from({ length: 13 }, (_, i) => `/f/${i}.png`) })), 'images');
      const unknown = await a.admin.post(`${S}/saveShop`, body({ brandName: '冒充' }));
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors?.some((e) => e.message.includes('brandName'))).toBe(true);
      const tenantField = await a.admin.post(`${S}/saveShop`, body({ tenantId: b.tenantId }));
      expect(tenantField.status).toBe(400);

      const en = await a.admin.post(`${S}/saveShop`, body({ areaCode: '330106' }), EN);
      expect400(en, 'areaCode');
      expect(en.body.resp_msg).toBe('Some fields are not valid; please check the marked fields');
      expect(en.body.errors?.[0].message).toBe('Province, city and area do not match; please choose again');
      expect((await anon.post(`${S}/saveShop`, body())).status).toBe(401);
    });

    it('answers 409 naming the code when it is taken', async () => {
      const shop = await create();
      const dup = await a.admin.post(`${S}/saveShop`, body({ code: shop.code }));
      expect(dup.status).toBe(409);
      expect(dup.body.resp_code).toBe('409');
      expect(dup.body.resp_msg).toContain(shop.code);
      const other = await create();
      const rename = await a.admin.post(`${S}/saveShop`, body({ id: other.id, code: shop.code }));
      expect(rename.status).toBe(409);
      expect(rename.body.resp_msg).toContain(shop.code);
    });

    it('answers 404 for another tenant’s shop', async () => {
      const foreign = (await allShops(b.admin))[0];
      const res = await a.admin.post(`${S}/saveShop`, body({ id: foreign.id, code: foreign.code }));
      expect(res.status).toBe(404);
      expect(res.body.resp_code).toBe('404');
      expect(res.body.resp_msg).toBe('记录不存在');
      expect((await b.admin.get(`${S}/getShopInfo/${foreign.id}`)).body.data).toMatchObject({
        name: foreign.name,
        version: foreign.version,
      });
    });

    it('addShop creates only; api-base saveShop is the same save', async () => {
      const added = await a.admin.post(`${S}/addShop`, body({ images: ['/p.png'] }));
      expect(added.status).toBe(200);
      expect(added.body.data).toMatchObject({ version: 1, images: ['/p.png'], brandName: brands[0].name });
      const withId = await a.admin.post(`${S}/addShop`, body({ id: added.body.data.id }));
      expect(withId.status).toBe(400);
      expect(withId.body.errors?.some((e) => e.message.includes('id'))).toBe(true);

      const viaBase = await a.admin.post(
        '/api-base/shop/saveShop',
        body({ id: added.body.data.id, version: 1, code: added.body.data.code, name: '经由 api-base' }),
      );
      expect(viaBase.status).toBe(200);
      expect(viaBase.body.data).toMatchObject({ id: added.body.data.id, name: '经由 api-base', version: 2, images: ['/p.png'] });
      const createdViaBase = await a.admin.post('/api-base/shop/saveShop', body());
      expect(createdViaBase.status).toBe(200);
      expect((await a.admin.get(`${S}/getShopInfo/${createdViaBase.body.data.id}`)).status).toBe(200);
      expect((await anon.post(`${S}/addShop`, body())).status).toBe(401);
      expect((await anon.post('/api-base/shop/saveShop', body())).status).toBe(401);
    });
  });

  describe('reads', () => {
    it('getShopInfo and its api-base alias; 400 on bad ids, 404 on another tenant’s', async () => {
      const shop = await create({ images: ['/i/1.png'] });
      const chain = await a.admin.get(`${S}/getShopInfo/${shop.id}`);
      const base = await a.admin.get('/api-base/shop/getShopInfo', { id: shop.id });
      expect(base.status).toBe(200);
      expect(base.body.data).toEqual(chain.body.data);
      expect400(await a.admin.get(`${S}/getShopInfo/abc`), 'params.id');
      expect400(await a.admin.get('/api-base/shop/getShopInfo', { id: 'abc' }), 'id');
      expect400(await a.admin.get('/api-base/shop/getShopInfo'), 'id');
      const foreign = (await allShops(b.admin))[0];
      expect((await a.admin.get(`${S}/getShopInfo/${foreign.id}`)).status).toBe(404);
      expect((await a.admin.get('/api-base/shop/getShopInfo', { id: foreign.id })).status).toBe(404);
      expect((await anon.get(`${S}/getShopInfo/${shop.id}`)).status).toBe(401);
      expect((await anon.get('/api-base/shop/getShopInfo', { id: shop.id })).status).toBe(401);
    });

    it('getShopImages and its api-base alias', async () => {
      const shop = await create({ images: ['/g/1.png', '/g/2.png'] });
      const chain = await a.admin.get(`/api-chain/shopbanner/getShopImages/${shop.id}`);
      expect(chain.body.data.map((p: any) => p.url)).toEqual(['/g/1.png', '/g/2.png']);
      const base = await a.admin.get('/api-base/shopbanner/getShopImages', { id: shop.id });
      expect(base.status).toBe(200);
      expect(base.body.data).toEqual(chain.body.data);
      const empty = await create();
      expect((await a.admin.get(`/api-chain/shopbanner/getShopImages/${empty.id}`)).body.data).toEqual([]);
      const foreign = (await allShops(b.admin))[0];
      expect((await a.admin.get(`/api-chain/shopbanner/getShopImages/${foreign.id}`)).status).toBe(404);
      expect((await a.admin.get('/api-base/shopbanner/getShopImages', { id: foreign.id })).status).toBe(404);
      expect400(await a.admin.get('/api-chain/shopbanner/getShopImages/abc'), 'params.id');
      expect400(await a.admin.get('/api-base/shopbanner/getShopImages', { id: 'x' }), 'id');
      expect((await anon.get(`/api-chain/shopbanner/getShopImages/${shop.id}`)).status).toBe(401);
      expect((await anon.get('/api-base/shopbanner/getShopImages', { id: shop.id })).status).toBe(401);
    });

    it('list/all (and api-base) answers the open shops; list/withRoyalty adds the scheme; list/shop the login shops', async () => {
      const closed = await create({ status: 0 });
      const rows = await allShops();
      const openIds = ids(rows.filter((r) => r.status === 1)).sort();
      for (const url of [`${S}/list/all`, '/api-base/shop/list/all']) {
        const res = await a.admin.get(url);
        expect(res.status).toBe(200);
        expect(ids(res.body.data).sort()).toEqual(openIds);
        expect(ids(res.body.data)).not.toContain(closed.id);
        expect(res.body.data[0]).toEqual({
          id: expect.any(Number),
          code: expect.any(String),
          name: expect.any(String),
          regionId: expect.any(Number),
          brandId: expect.any(Number),
          status: 1,
        });
        expect((await anon.get(url)).status).toBe(401);
      }
      const royalty = await a.admin.get(`${S}/list/withRoyalty`);
      expect(royalty.status).toBe(200);
      expect(ids(royalty.body.data).sort()).toEqual(openIds);
      expect(royalty.body.data.every((r: any) => r.royaltySchemeId === null && 'royaltySchemeName' in r)).toBe(true);
      expect((await anon.get(`${S}/list/withRoyalty`)).status).toBe(401);

      const mine = await a.admin.get(`${S}/list/shop`);
      expect(mine.status).toBe(200);
      expect(ids(mine.body.data).sort()).toEqual(openIds);
      const [open1, open2] = rows.filter((r) => r.status === 1);
      const cashier = await createLimitedUser(t, a, { perms: [], loginShops: [open1.id, open2.id, closed.id] });
      const theirs = await cashier.client.get(`${S}/list/shop`);
      expect(theirs.status).toBe(200);
      expect(ids(theirs.body.data).sort()).toEqual([open1.id, open2.id].sort());
      expect((await anon.get(`${S}/list/shop`)).status).toBe(401);
    });

    it('regionShopList answers the open shops of a region and its sub-regions; regionShopListAll groups them by region', async () => {
      const rows = (await allShops()).filter((r) => r.status === 1);
      const subIds = regions.filter((r) => r.parentId === top.id).map((r) => r.id);
      const res = await a.admin.get(`${S}/regionShopList`, { regionId: top.id });
      expect(res.status).toBe(200);
      expect(ids(res.body.data).sort()).toEqual(ids(rows.filter((r) => r.regionId === top.id || subIds.includes(r.regionId))).sort());
      expect(res.body.data.length).toBeGreaterThan(0);
      const one = await a.admin.get(`${S}/regionShopList`, { regionId: sub.id });
      expect(ids(one.body.data).sort()).toEqual(ids(rows.filter((r) => r.regionId === sub.id)).sort());
      expect400(await a.admin.get(`${S}/regionShopList`), 'regionId');
      expect400(await a.admin.get(`${S}/regionShopList`, { regionId: 'abc' }), 'regionId');
      expect((await anon.get(`${S}/regionShopList`, { regionId: top.id })).status).toBe(401);

      const all = await a.admin.get(`${S}/regionShopListAll`);
      expect(all.status).toBe(200);
      const grouped = all.body.data as any[];
      const enabledRegions = (await a.admin.get('/api-chain/dictregion/list/all')).body.data;
      expect(ids(grouped).sort()).toEqual(ids(enabledRegions).sort());
      for (const g of grouped) for (const s of g.shops) expect(s.regionId).toBe(g.id);
      expect(grouped.flatMap((g) => ids(g.shops)).sort()).toEqual(ids(rows).sort());
      expect((await anon.get(`${S}/regionShopListAll`)).status).toBe(401);
    });

    it('findShopByCode and getShopListByIds', async () => {
      const [first, second] = await allShops();
      const found = await a.admin.get(`${S}/findShopByCode`, { code: second.code });
      expect(found.status).toBe(200);
      expect(found.body.data).toMatchObject({ id: second.id, code: second.code, name: second.name, brandName: second.brandName });
      expect((await a.admin.get(`${S}/findShopByCode`, { code: `NOPE${uniq()}` })).status).toBe(404);
      const bBrand = (await b.admin.get('/api-chain/brand/list/all')).body.data[0];
      const bRegion = (await b.admin.get('/api-chain/dictregion/list/all')).body.data[0];
      const bShop = (await b.admin.post(`${S}/saveShop`, body({ code: `B${uniq()}`, brandId: bBrand.id, regionId: bRegion.id }))).body.data;
      expect((await a.admin.get(`${S}/findShopByCode`, { code: bShop.code })).status).toBe(404);
      expect400(await a.admin.get(`${S}/findShopByCode`), 'code');
      expect((await anon.get(`${S}/findShopByCode`, { code: first.code })).status).toBe(401);

      const byIds = await a.admin.get(`${S}/getShopListByIds`, { ids: `${second.id},${first.id}` });
      expect(byIds.status).toBe(200);
      expect(byIds.body.data.map((s: any) => s.code)).toEqual([first.code, second.code].sort());
      expect(byIds.body.data[0]).toHaveProperty('provinceName');
      const withForeign = await a.admin.get(`${S}/getShopListByIds`, { ids: `${first.id},${bShop.id}` });
      expect(ids(withForeign.body.data)).toEqual([first.id]);
      expect400(await a.admin.get(`${S}/getShopListByIds`, { ids: '1,abc' }), 'ids');
      expect400(await a.admin.get(`${S}/getShopListByIds`), 'ids');
      expect((await anon.get(`${S}/getShopListByIds`, { ids: `${first.id}` })).status).toBe(401);
    });

    it('checkShopcode tells whether a code is free', async () => {
      const [first, second] = await allShops();
      const check = (payload: unknown) => a.admin.post(`${S}/checkShopcode`, payload);
      expect((await check({ code: first.code })).body.data).toEqual({ available: false });
      expect((await check({ code: `FREE${uniq()}` })).body.data).toEqual({ available: true });
      expect((await check({ code: first.code, id: first.id })).body.data).toEqual({ available: true });
      expect((await check({ code: first.code, id: second.id })).body.data).toEqual({ available: false });
      // another tenant's codes do not count
      const bShop = (await allShops(b.admin)).find((s) => !s.code.startsWith('S'));
      const ownSame = (await allShops()).some((s) => s.code === bShop.code);
      expect((await check({ code: bShop.code })).body.data).toEqual({ available: !ownSame });
      const bOnly = `BONLY${uniq()}`;
      const bBrand = (await b.admin.get('/api-chain/brand/list/all')).body.data[0];
      const bRegion = (await b.admin.get('/api-chain/dictregion/list/all')).body.data[0];
      expect((await b.admin.post(`${S}/saveShop`, body({ code: bOnly, brandId: bBrand.id, regionId: bRegion.id }))).status).toBe(200);
      expect((await check({ code: bOnly })).body.data).toEqual({ available: true });
      expect400(await check({}), 'code');
      expect400(await check({ code: '  ' }), 'code');
      expect400(await check({ code: 'X', id: 'abc' }), 'id');
      expect((await anon.post(`${S}/checkShopcode`, { code: 'X' })).status).toBe(401);
    });

    it('checkShopcode tells a shop editor limited to some shops that a code is taken, and nothing of shops out of sight', async () => {
      const [mine, theirs] = await allShops();
      const editor = await createLimitedUser(t, a, { perms: ['org.shop.view', 'org.shop.edit'], managerShops: [mine.id] });
      const check = (payload: unknown, client: Client = editor.client) => client.post(`${S}/checkShopcode`, payload, EN);
      expect((await check({ code: theirs.code })).body.data).toEqual({ available: false });
      expect((await check({ code: mine.code, id: mine.id })).body.data).toEqual({ available: true });
      // the shop being edited must be one the editor sees: its id cannot test another shop's code
      const unseen = await check({ code: theirs.code, id: theirs.id });
      expect(unseen.status).toBe(403);
      expect(unseen.body).toMatchObject({ resp_code: '403', data: null });
      const nowhere = await check({ code: theirs.code, id: 99_999_999 });
      expect(nowhere.status).toBe(404);
      expect(nowhere.body.resp_code).toBe('404');
      expect((await check({ code: mine.code, id: (await allShops(b.admin))[0].id })).status).toBe(404);
      // a code is asked about by who may make or edit shops
      const viewer = await createLimitedUser(t, a, { perms: ['org.shop.view'], managerShops: [mine.id] });
      const refused = await check({ code: theirs.code }, viewer.client);
      expect(refused.status).toBe(403);
      expect(refused.body.data).toBeNull();
    });

    it('getProCityArea (and api-base) answers the 31 provinces down to areas', async () => {
      for (const url of [`${S}/getProCityArea`, '/api-base/shop/getProCityArea']) {
        const res = await a.admin.get(url);
        expect(res.status).toBe(200);
        const provinces = res.body.data as any[];
        expect(provinces).toHaveLength(31);
        const shanghai = provinces.find((p) => p.name === '上海市');
        expect(shanghai.code).toBe('31');
        const areas = shanghai.children.flatMap((c: any) => c.children.map((x: any) => x.name));
        expect(areas).toContain('黄浦区');
        expect(provinces.find((p) => p.code === '44').name).toBe('广东省');
        expect((await anon.get(url)).status).toBe(401);
      }
    });

    it('export answers an xlsx of the filtered list', async () => {
      const shop = await create({ name: `导出门店${uniq()}` });
      const res = await a.admin.get(`${S}/export`, { keyword: shop.name });
      expect(res.status).toBe(200);
      expect(String(res.headers['content-type'])).toContain(XLSX);
      expect(String(res.headers['content-disposition'])).toContain('.xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.raw as any);
      const sheet = workbook.worksheets[0];
      expect(sheet.getRow(1).getCell(1).value).toBe('门店编码');
      expect(sheet.rowCount).toBe(2);
      const row = sheet.getRow(2);
      expect(row.getCell(1).value).toBe(shop.code);
      expect(row.getCell(2).value).toBe(shop.name);
      expect(row.getCell(3).value).toBe(brands[0].name);
      expect(row.getCell(4).value).toBe(sub.name);
      expect(row.getCell(6).value).toBe('上海市 市辖区 黄浦区');
      const full = await a.admin.get(`${S}/export`);
      const fullBook = new ExcelJS.Workbook();
      await fullBook.xlsx.load(full.raw as any);
      expect(fullBook.worksheets[0].rowCount).toBe((await allShops()).length + 1);
      const en = await a.admin.get(`${S}/export`, { keyword: shop.name }, EN);
      const enBook = new ExcelJS.Workbook();
      await enBook.xlsx.load(en.raw as any);
      expect(enBook.worksheets[0].getRow(1).getCell(1).value).toBe('Code');
      expect400(await a.admin.get(`${S}/export`, { page: 2 }), 'page');
      expect((await anon.get(`${S}/export`)).status).toBe(401);
    });
  });

  describe('a shop manager with only org.shop.view', () => {
    it('sees only the managed shop and cannot save or read dictionaries', async () => {
      const rows = await allShops();
      const managed = rows[2];
      const other = rows[3];
      const manager = await createLimitedUser(t, a, { perms: ['org.shop.view'], managerShops: [managed.id] });
      const list = await manager.client.get(S);
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBe(1);
      expect(ids(list.body.data.list)).toEqual([managed.id]);
      expect((await manager.client.get(`${S}/getShopInfo/${managed.id}`)).body.data.id).toBe(managed.id);
      const hidden = await manager.client.get(`${S}/getShopInfo/${other.id}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body.resp_code).toBe('404');
      expect((await manager.client.get(`/api-chain/shopbanner/getShopImages/${other.id}`)).status).toBe(404);
      expect((await manager.client.get(`${S}/findShopByCode`, { code: other.code })).status).toBe(404);
      expect(ids((await manager.client.get(`${S}/getShopListByIds`, { ids: `${managed.id},${other.id}` })).body.data)).toEqual([
        managed.id,
      ]);
      expect(ids((await manager.client.get(`${S}/list/all`)).body.data)).toEqual(managed.status === 1 ? [managed.id] : []);

      const save = await manager.client.post(`${S}/saveShop`, body());
      expect(save.status).toBe(403);
      expect(save.body.resp_code).toBe('403');
      expect(save.body.resp_msg).toBe('没有权限执行此操作');
      expect((await manager.client.post(`${S}/saveShop`, body(), EN)).body.resp_msg).toBe('You do not have permission to do this');
      expect((await manager.client.post(`${S}/addShop`, body())).status).toBe(403);
      const branch = await manager.client.get('/api-chain/branch/list');
      expect(branch.status).toBe(403);
      expect(branch.body.resp_code).toBe('403');
      const exported = await manager.client.get(`${S}/export`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(exported.raw as any);
      expect(book.worksheets[0].rowCount).toBe(2);
      expect(book.worksheets[0].getRow(2).getCell(1).value).toBe(managed.code);
    });
  });
});
