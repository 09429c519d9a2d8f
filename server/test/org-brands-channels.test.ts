import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { type Answer, build, type Client } from './helpers.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const BR = '/api-chain/brand';
const CH = '/api-chain/channel';
const uniq = () => randomBytes(3).toString('hex').toUpperCase();

function expect400(res: Answer, path: string) {
  expect(res.status).toBe(400);
  expect(res.body.resp_code).toBe('400');
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
}

function expectedNext(prefix: string, codes: string[]) {
  const re = new RegExp(`^${prefix}(\\d+)$`);
  const max = Math.max(
    0,
    ...codes
      .map((c) => re.exec(c))
      .filter((m) => m !== null)
      .map((m) => Number(m[1])),
  );
  return `${prefix}${String(max + 1).padStart(3, '0')}`;
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('org brands and channels', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const adminId = (await a.admin.get('/api-user/me')).body.data.user.id as number;
  const anon = t.client();
  const region = (await a.admin.get('/api-chain/dictregion/list/all')).body.data.find((r: any) => r.parentId !== null);

  const saveBrand = async (fields: Record<string, unknown> = {}) => {
    const res = await a.admin.post(BR, { code: `X${uniq()}`, name: `品牌${uniq()}`, ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const shopFor = async (brandId: number) => {
    const res = await a.admin.post('/api-chain/shop/saveShop', {
      code: `S${uniq()}`,
      name: `品牌门店${uniq()}`,
      brandId,
      regionId: region.id,
      provinceCode: '11',
      cityCode: '1101',
      areaCode: '110105',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const brandLists = async (admin: Client = a.admin) => ({
    root: (await admin.get(BR, { pageSize: 200 })).body.data.list as any[],
    all: (await admin.get(`${BR}/list/all`)).body.data as any[],
    every: (await admin.get(`${BR}/allBrand`)).body.data as any[],
  });

  describe('brands', () => {
    it('GET root pages the brands; list/all holds enabled ones; allBrand every brand not deleted', async () => {
      const off = await saveBrand({ status: 0 });
      const res = await a.admin.get(BR, { pageSize: 200 });
      expect(res.status).toBe(200);
      const rows = res.body.data.list as any[];
      expect(res.body.data).toMatchObject({ total: rows.length, page: 1, pageSize: 200 });
      for (const r of rows) {
        expect(r).toMatchObject({ id: expect.any(Number), code: expect.any(String), name: expect.any(String), isDel: 0 });
        expect(r).toHaveProperty('logo');
      }
      const { all, every } = await brandLists();
      expect(ids(all).sort()).toEqual(ids(rows.filter((r) => r.status === 1)).sort());
      expect(ids(all)).not.toContain(off.id);
      expect(ids(every).sort()).toEqual(ids(rows).sort());
      expect(every.find((r) => r.id === off.id)?.status).toBe(0);

      const page2 = await a.admin.get(BR, { page: 2, pageSize: 1 });
      expect(ids(page2.body.data.list)).toEqual([rows[1].id]);
      const byKeyword = await a.admin.get(BR, { keyword: off.code });
      expect(ids(byKeyword.body.data.list)).toEqual([off.id]);
      const disabled = await a.admin.get(BR, { status: 0 });
      expect(ids(disabled.body.data.list)).toContain(off.id);
      expect(disabled.body.data.list.every((r: any) => r.status === 0)).toBe(true);
      for (const url of [BR, `${BR}/list/all`, `${BR}/allBrand`]) expect((await anon.get(url)).status).toBe(401);
    });

    it('getCode answers the next free code; POST root creates with it, updates with the version, and is audited', async () => {
      const { root } = await brandLists();
      const code = await a.admin.get(`${BR}/getCode`);
      expect(code.status).toBe(200);
      expect(code.body.data).toBe(
        expectedNext(
          'PP',
          root.map((r) => r.code),
        ),
      );
      const created = await a.admin.post(BR, { code: code.body.data, name: '新品牌', logo: '/files/logo.png', memo: '备注', sort: 3 });
      expect(created.status).toBe(200);
      const brand = created.body.data;
      expect(brand).toMatchObject({
        code: code.body.data,
        name: '新品牌',
        logo: '/files/logo.png',
        memo: '备注',
        sort: 3,
        status: 1,
        isDel: 0,
        version: 1,
      });
      expect((await a.admin.get(`${BR}/getCode`)).body.data).toBe(expectedNext('PP', [code.body.data]));
      expect((await a.admin.get(`${BR}/${brand.id}`)).body.data).toEqual(brand);

      const updated = await a.admin.post(BR, { id: brand.id, version: 1, code: brand.code, name: '新品牌二', logo: null });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ id: brand.id, name: '新品牌二', logo: null, version: 2 });
      const stale = await a.admin.post(BR, { id: brand.id, version: 1, code: brand.code, name: '旧' });
      expect(stale.status).toBe(409);
      expect(stale.body.resp_code).toBe('409');
      const viaSave = await a.admin.post(`${BR}/save`, { id: brand.id, version: 2, code: brand.code, name: '新品牌三' });
      expect(viaSave.body.data).toMatchObject({ name: '新品牌三', version: 3 });

      const audit = await inTenant(t.database.db, a.tenantId, (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'brand'), eq(auditLog.entityId, brand.id))),
      );
      expect(audit.map((r) => r.action).sort()).toEqual([`POST ${BR}`, `POST ${BR}`, `POST ${BR}/save`].sort());
      expect(audit.every((r) => r.userId === adminId && r.username === 'admin')).toBe(true);
      expect((await anon.get(`${BR}/getCode`)).status).toBe(401);
      expect((await anon.post(BR, { code: 'X', name: 'x' })).status).toBe(401);
    });

    it('an update that leaves out status and sort keeps them (as it keeps memo and logo)', async () => {
      const brand = await saveBrand({ status: 0, sort: 9, memo: '保留', logo: '/l.png' });
      const res = await a.admin.post(BR, { id: brand.id, version: brand.version, code: brand.code, name: '只改名字' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: '只改名字', memo: '保留', logo: '/l.png', status: 0, sort: 9 });
      expect(ids((await brandLists()).all)).not.toContain(brand.id);
    });

    it('POST root answers 400 naming the field, 404 for another tenant’s brand', async () => {
      expect400(await a.admin.post(BR, { code: `X${uniq()}` }), 'name');
      expect400(await a.admin.post(BR, { name: '无编码' }), 'code');
      expect400(await a.admin.post(BR, { code: `X${uniq()}`, name: 'x', logo: 5 }), 'logo');
      const isDel = await a.admin.post(BR, { code: `X${uniq()}`, name: 'x', isDel: 1 });
      expect(isDel.status).toBe(400);
      expect(isDel.body.errors?.some((e) => e.message.includes('isDel'))).toBe(true);
      expect400(await a.admin.get(`${BR}/abc`), 'params.id');
      const foreign = (await b.admin.get(`${BR}/list/all`)).body.data[0];
      expect((await a.admin.get(`${BR}/${foreign.id}`)).status).toBe(404);
      const save = await a.admin.post(BR, { id: foreign.id, code: foreign.code, name: '偷改' });
      expect(save.status).toBe(404);
      expect(save.body.resp_code).toBe('404');
      expect((await a.admin.del(`${BR}/${foreign.id}`)).status).toBe(404);
      expect((await b.admin.get(`${BR}/${foreign.id}`)).body.data.name).toBe(foreign.name);
    });

    it('POST root answers 409 naming the code when it is taken', async () => {
      const brand = await saveBrand();
      const zh = await a.admin.post(BR, { code: brand.code, name: '重复' });
      expect(zh.status).toBe(409);
      expect(zh.body.resp_msg).toContain(brand.code);
      expect(zh.body.resp_msg).toContain('已存在');
      const en = await a.admin.post(BR, { code: brand.code, name: '重复' }, EN);
      expect(en.status).toBe(409);
      expect(en.body.resp_msg).toContain(brand.code);
      expect(en.body.resp_msg).toContain('already exists');
    });

    it('a deleted brand vanishes from GET root, list/all and allBrand; its code stays used', async () => {
      const code = (await a.admin.get(`${BR}/getCode`)).body.data;
      const brand = await saveBrand({ code });
      expect(ids((await brandLists()).every)).toContain(brand.id);
      const del = await a.admin.del(`${BR}/${brand.id}`);
      expect(del.status).toBe(200);
      expect(del.body.data).toEqual({ id: brand.id });
      const { root, all, every } = await brandLists();
      expect(ids(root)).not.toContain(brand.id);
      expect(ids(all)).not.toContain(brand.id);
      expect(ids(every)).not.toContain(brand.id);
      expect((await a.admin.get(`${BR}/${brand.id}`)).status).toBe(404);
      expect((await a.admin.del(`${BR}/${brand.id}`)).status).toBe(404);
      expect((await a.admin.post(`${BR}/updateStatus`, { ids: [brand.id], status: 1 })).status).toBe(404);
      expect((await a.admin.post(BR, { id: brand.id, code: brand.code, name: '复活' })).status).toBe(404);
      expect((await a.admin.get(`${BR}/getCode`)).body.data).not.toBe(code);
      // a deleted brand cannot be given to a shop
      const shop = await a.admin.post('/api-chain/shop/saveShop', {
        code: `S${uniq()}`,
        name: 'x',
        brandId: brand.id,
        regionId: region.id,
        provinceCode: '11',
        cityCode: '1101',
        areaCode: '110105',
      });
      expect400(shop, 'brandId');
    });

    it('a brand used by a shop cannot be deleted: 409 names the shop, in Chinese or English', async () => {
      const brand = await saveBrand();
      const shop = await shopFor(brand.id);
      const zh = await a.admin.del(`${BR}/${brand.id}`);
      expect(zh.status).toBe(409);
      expect(zh.body.resp_code).toBe('409');
      expect(zh.body.resp_msg).toBe(`不能删除：正被门店“${shop.name}”使用`);
      const en = await a.admin.del(`${BR}/${brand.id}`, EN);
      expect(en.status).toBe(409);
      expect(en.body.resp_msg).toBe(`Cannot delete: it is used by shops "${shop.name}"`);
      expect(ids((await brandLists()).root)).toContain(brand.id);
    });

    it('a disabled brand leaves list/all but stays on its shops', async () => {
      const brand = await saveBrand();
      const shop = await shopFor(brand.id);
      const off = await a.admin.post(`${BR}/updateStatus`, { ids: [brand.id], status: 0 });
      expect(off.status).toBe(200);
      expect(off.body.data).toEqual({ updated: 1 });
      const { all, every } = await brandLists();
      expect(ids(all)).not.toContain(brand.id);
      expect(every.find((r) => r.id === brand.id)).toMatchObject({ status: 0, name: brand.name });
      const info = await a.admin.get(`/api-chain/shop/getShopInfo/${shop.id}`);
      expect(info.body.data).toMatchObject({ brandId: brand.id, brandName: brand.name });
      const listed = await a.admin.get('/api-chain/shop', { brandId: brand.id });
      expect(listed.body.data.list.map((s: any) => [s.id, s.brandName])).toEqual([[shop.id, brand.name]]);
      // the shop can still be edited while its brand is disabled
      const edit = await a.admin.post('/api-chain/shop/saveShop', {
        id: shop.id,
        version: shop.version,
        code: shop.code,
        name: `${shop.name}（改）`,
        brandId: brand.id,
        regionId: region.id,
        provinceCode: '11',
        cityCode: '1101',
        areaCode: '110105',
      });
      expect(edit.status).toBe(200);
      expect(edit.body.data.brandName).toBe(brand.name);
    });

    it('needs org.brand.view to list and org.brand.edit to save', async () => {
      const shop = (await a.admin.get('/api-chain/shop', { pageSize: 1 })).body.data.list[0];
      const shopViewer = await createLimitedUser(t, a, { perms: ['org.shop.view'], managerShops: [shop.id] });
      const list = await shopViewer.client.get(BR);
      expect(list.status).toBe(403);
      expect(list.body.resp_code).toBe('403');
      expect((await shopViewer.client.get(`${BR}/getCode`)).status).toBe(403);
      expect((await shopViewer.client.post(BR, { code: `X${uniq()}`, name: 'x' })).status).toBe(403);
      expect((await shopViewer.client.get(`${BR}/list/all`)).status).toBe(200);
      expect((await shopViewer.client.get(`${BR}/allBrand`)).status).toBe(200);

      const viewer = await createLimitedUser(t, a, { perms: ['org.brand.view'] });
      expect((await viewer.client.get(BR)).status).toBe(200);
      const denied = await viewer.client.post(BR, { code: `X${uniq()}`, name: 'x' });
      expect(denied.status).toBe(403);
      expect(denied.body.resp_msg).toBe('没有权限执行此操作');
    });
  });

  describe('channels', () => {
    const saveChannel = async (fields: Record<string, unknown> = {}) => {
      const res = await a.admin.post(CH, { code: `X${uniq()}`, name: `渠道${uniq()}`, ...fields });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };

    it('GET root pages the channels; list/all holds enabled ones', async () => {
      const off = await saveChannel({ status: 0 });
      const res = await a.admin.get(CH, { pageSize: 200 });
      expect(res.status).toBe(200);
      const rows = res.body.data.list as any[];
      expect(res.body.data).toMatchObject({ total: rows.length, page: 1, pageSize: 200 });
      expect(rows.length).toBeGreaterThan(3);
      const page2 = await a.admin.get(CH, { page: 2, pageSize: 2 });
      expect(ids(page2.body.data.list)).toEqual(ids(rows.slice(2, 4)));
      const sorted = (await a.admin.get(CH, { pageSize: 200, sort: '-code' })).body.data.list.map((r: any) => r.code);
      expect(sorted).toEqual([...sorted].sort().reverse());
      const all = (await a.admin.get(`${CH}/list/all`)).body.data as any[];
      expect(ids(all).sort()).toEqual(ids(rows.filter((r) => r.status === 1)).sort());
      expect(ids(all)).not.toContain(off.id);
      expect400(await a.admin.get(CH, { status: 'x' }), 'status');
      expect((await anon.get(CH)).status).toBe(401);
      expect((await anon.get(`${CH}/list/all`)).status).toBe(401);
    });

    it('getCode answers the next free code; POST root creates and updates; stale versions are refused', async () => {
      const rows = (await a.admin.get(CH, { pageSize: 200 })).body.data.list as any[];
      const code = await a.admin.get(`${CH}/getCode`);
      expect(code.status).toBe(200);
      expect(code.body.data).toBe(
        expectedNext(
          'QD',
          rows.map((r) => r.code),
        ),
      );
      const created = await a.admin.post(CH, { code: code.body.data, name: '视频号', memo: '新渠道' });
      expect(created.status).toBe(200);
      const channel = created.body.data;
      expect(channel).toMatchObject({ code: code.body.data, name: '视频号', memo: '新渠道', status: 1, version: 1 });
      expect((await a.admin.get(`${CH}/getCode`)).body.data).toBe(expectedNext('QD', [code.body.data]));
      const updated = await a.admin.post(CH, { id: channel.id, version: 1, code: channel.code, name: '微信视频号', status: 0 });
      expect(updated.body.data).toMatchObject({ name: '微信视频号', status: 0, version: 2 });
      expect(ids((await a.admin.get(`${CH}/list/all`)).body.data)).not.toContain(channel.id);
      const stale = await a.admin.post(CH, { id: channel.id, version: 1, code: channel.code, name: '旧' });
      expect(stale.status).toBe(409);
      const audit = await inTenant(t.database.db, a.tenantId, (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'channel'), eq(auditLog.entityId, channel.id))),
      );
      expect(audit).toHaveLength(2);
      expect(audit.every((r) => r.userId === adminId && r.action === `POST ${CH}`)).toBe(true);
      expect((await anon.get(`${CH}/getCode`)).status).toBe(401);
      expect((await anon.post(CH, { code: 'X', name: 'x' })).status).toBe(401);
    });

    it('POST root answers 400 naming the field and 404 for another tenant’s channel', async () => {
      expect400(await a.admin.post(CH, { code: `X${uniq()}` }), 'name');
      expect400(await a.admin.post(CH, { code: `X${uniq()}`, name: 'x'.repeat(65) }), 'name');
      const unknown = await a.admin.post(CH, { code: `X${uniq()}`, name: 'x', logo: '/a.png' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors?.some((e) => e.message.includes('logo'))).toBe(true);
      const foreign = (await b.admin.get(`${CH}/list/all`)).body.data[0];
      expect((await a.admin.post(CH, { id: foreign.id, code: foreign.code, name: '偷改' })).status).toBe(404);
      expect((await a.admin.get(`${CH}/${foreign.id}`)).status).toBe(404);
      expect((await b.admin.get(`${CH}/${foreign.id}`)).body.data.name).toBe(foreign.name);
    });

    it('POST root answers 409 naming the code when it is taken', async () => {
      const channel = await saveChannel();
      const dup = await a.admin.post(CH, { code: channel.code, name: '重复' });
      expect(dup.status).toBe(409);
      expect(dup.body.resp_msg).toContain(channel.code);
    });

    it('deletes a channel; needs org.channel permissions', async () => {
      const channel = await saveChannel();
      expect((await a.admin.del(`${CH}/${channel.id}`)).status).toBe(200);
      expect((await a.admin.get(`${CH}/${channel.id}`)).status).toBe(404);
      expect(ids((await a.admin.get(CH, { pageSize: 200 })).body.data.list)).not.toContain(channel.id);
      const shop = (await a.admin.get('/api-chain/shop', { pageSize: 1 })).body.data.list[0];
      const shopViewer = await createLimitedUser(t, a, { perms: ['org.shop.view'], managerShops: [shop.id] });
      expect((await shopViewer.client.get(CH)).status).toBe(403);
      expect((await shopViewer.client.get(`${CH}/getCode`)).status).toBe(403);
      expect((await shopViewer.client.post(CH, { code: `X${uniq()}`, name: 'x' })).status).toBe(403);
    });
  });
});
