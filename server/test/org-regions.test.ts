import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { type Answer, build, type Client } from './helpers.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const R = '/api-chain/dictregion';
const uniq = () => randomBytes(3).toString('hex').toUpperCase();

function expect400(res: Answer, path: string) {
  expect(res.status).toBe(400);
  expect(res.body.resp_code).toBe('400');
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
}

interface Node {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
  status: number;
  children: Node[];
  shopCount?: number;
  shops?: { id: number; code: string; name: string; status: number }[];
}

describe('org regions', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const adminId = (await a.admin.get('/api-user/me')).body.data.user.id as number;
  const anon = t.client();

  const regionsOf = async (admin: Client) => (await admin.get(`${R}/list`, { pageSize: 200 })).body.data.list as any[];
  const shopsOf = async (admin: Client) => (await admin.get('/api-chain/shop', { pageSize: 200 })).body.data.list as any[];
  const saveRegion = async (fields: Record<string, unknown>, admin: Client = a.admin) => {
    const res = await admin.post(`${R}/saveRegion`, { code: `R${uniq()}`, name: `区域${uniq()}`, ...fields });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const saveShop = async (regionId: number, fields: Record<string, unknown> = {}, admin: Client = a.admin) => {
    const brandId = (await admin.get('/api-chain/brand/list/all')).body.data[0].id;
    const res = await admin.post('/api-chain/shop/saveShop', {
      code: `S${uniq()}`,
      name: `门店${uniq()}`,
      brandId,
      regionId,
      provinceCode: '31',
      cityCode: '3101',
      areaCode: '310101',
      ...fields,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('list pages and filters by parentId; rows carry the parent name; list/all holds enabled regions', async () => {
    const res = await a.admin.get(`${R}/list`, { pageSize: 200 });
    expect(res.status).toBe(200);
    const rows = res.body.data.list as any[];
    expect(res.body.data.total).toBe(rows.length);
    const tops = rows.filter((r) => r.parentId === null);
    expect(tops.length).toBeGreaterThan(0);
    for (const r of rows.filter((x) => x.parentId !== null)) expect(r.parentName).toBe(rows.find((p) => p.id === r.parentId)?.name);
    for (const r of tops) expect(r.parentName).toBeNull();

    const top = tops[0];
    const children = await a.admin.get(`${R}/list`, { parentId: top.id });
    expect(children.body.data.list.map((r: any) => r.id).sort()).toEqual(
      rows
        .filter((r) => r.parentId === top.id)
        .map((r) => r.id)
        .sort(),
    );
    const page2 = await a.admin.get(`${R}/list`, { page: 2, pageSize: 3 });
    expect(page2.body.data.list.map((r: any) => r.id)).toEqual(rows.slice(3, 6).map((r) => r.id));

    const off = await saveRegion({ status: 0 });
    const all = await a.admin.get(`${R}/list/all`);
    expect(all.status).toBe(200);
    const allIds = all.body.data.map((r: any) => r.id);
    expect(allIds).not.toContain(off.id);
    expect(allIds.sort()).toEqual(
      (await regionsOf(a.admin))
        .filter((r) => r.status === 1)
        .map((r) => r.id)
        .sort(),
    );
    expect400(await a.admin.get(`${R}/list`, { parentId: 'abc' }), 'parentId');
    expect((await anon.get(`${R}/list`)).status).toBe(401);
    expect((await anon.get(`${R}/list/all`)).status).toBe(401);
  });

  it('GET /:id answers one region with its parent name; 400 on a bad id, 404 on another tenant’s id', async () => {
    const parent = await saveRegion({});
    const child = await saveRegion({ parentId: parent.id, memo: '备注' });
    const res = await a.admin.get(`${R}/${child.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: child.id,
      code: child.code,
      parentId: parent.id,
      parentName: parent.name,
      memo: '备注',
      version: 1,
    });
    expect400(await a.admin.get(`${R}/abc`), 'params.id');
    const foreign = (await regionsOf(b.admin))[0];
    const other = await a.admin.get(`${R}/${foreign.id}`);
    expect(other.status).toBe(404);
    expect(other.body.resp_code).toBe('404');
    expect((await anon.get(`${R}/${child.id}`)).status).toBe(401);
  });

  it('tree/all counts shops: a sub-region counts its own, a top region its own plus its sub-regions’', async () => {
    const top = (await regionsOf(a.admin)).find((r) => r.parentId === null && r.status === 1);
    await saveShop(top.id); // a shop straight under a top region
    const tree = (await a.admin.get(`${R}/tree/all`)).body.data as Node[];
    const shops = await shopsOf(a.admin);
    const own = (id: number) => shops.filter((s) => s.regionId === id).length;
    expect(own(top.id)).toBeGreaterThan(0);
    let sum = 0;
    for (const root of tree) {
      expect(root.parentId).toBeNull();
      for (const child of root.children) {
        expect(child.parentId).toBe(root.id);
        expect(child.children).toEqual([]);
        expect(child.shopCount).toBe(own(child.id));
      }
      expect(root.shopCount).toBe(own(root.id) + root.children.reduce((n, c) => n + (c.shopCount ?? 0), 0));
      sum += root.shopCount ?? 0;
    }
    expect(sum).toBe(shops.length);
    const regionCount = tree.reduce((n, r) => n + 1 + r.children.length, 0);
    expect(regionCount).toBe((await regionsOf(a.admin)).length);
    expect((await anon.get(`${R}/tree/all`)).status).toBe(401);
  });

  it('tree/allNoNum and tree/two answer the same two-level tree without counts', async () => {
    const counted = (await a.admin.get(`${R}/tree/all`)).body.data as Node[];
    const strip = (nodes: Node[]): unknown[] => nodes.map(({ shopCount: _n, children, ...n }) => ({ ...n, children: strip(children) }));
    for (const url of [`${R}/tree/allNoNum`, `${R}/tree/two`]) {
      const res = await a.admin.get(url);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(strip(counted));
      expect(JSON.stringify(res.body.data)).not.toContain('shopCount');
      expect((await anon.get(url)).status).toBe(401);
    }
  });

  it('shopTree puts every shop under its region', async () => {
    const region = await saveRegion({ parentId: (await regionsOf(a.admin)).find((r) => r.parentId === null).id });
    const shop = await saveShop(region.id);
    const tree = (await a.admin.get(`${R}/shopTree`)).body.data as Node[];
    const flat = tree.flatMap((r) => [r, ...r.children]);
    const node = flat.find((n) => n.id === region.id);
    expect(node?.shops).toEqual([{ id: shop.id, code: shop.code, name: shop.name, status: 1 }]);
    const shops = await shopsOf(a.admin);
    const placed = flat.flatMap((n) => (n.shops ?? []).map((s) => [s.id, n.id]));
    expect(placed.length).toBe(shops.length);
    for (const s of shops) expect(placed).toContainEqual([s.id, s.regionId]);
    expect((await anon.get(`${R}/shopTree`)).status).toBe(401);
  });

  it('saveRegion creates and updates (version), refuses stale versions and other tenants’ ids, and is audited', async () => {
    const created = await a.admin.post(`${R}/saveRegion`, { code: `R${uniq()}`, name: '西南大区', sort: 5, memo: '新开' });
    expect(created.status).toBe(200);
    const region = created.body.data;
    expect(region).toMatchObject({ name: '西南大区', sort: 5, memo: '新开', parentId: null, parentName: null, status: 1, version: 1 });
    const updated = await a.admin.post(`${R}/saveRegion`, { id: region.id, version: 1, code: region.code, name: '西南区' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: region.id, name: '西南区', version: 2 });
    const stale = await a.admin.post(`${R}/saveRegion`, { id: region.id, version: 1, code: region.code, name: '旧' });
    expect(stale.status).toBe(409);
    expect(stale.body.resp_code).toBe('409');
    expect((await a.admin.get(`${R}/${region.id}`)).body.data.name).toBe('西南区');

    const foreign = (await regionsOf(b.admin))[0];
    expect((await a.admin.post(`${R}/saveRegion`, { id: foreign.id, code: foreign.code, name: '偷改' })).status).toBe(404);
    expect((await b.admin.get(`${R}/${foreign.id}`)).body.data.name).toBe(foreign.name);

    const audit = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'dictregion'), eq(auditLog.entityId, region.id))),
    );
    expect(audit).toHaveLength(2);
    expect(audit.every((r) => r.userId === adminId && r.action === `POST ${R}/saveRegion`)).toBe(true);
    expect(audit.map((r) => (r.detail as any).body.name).sort()).toEqual(['西南区', '西南大区'].sort());
  });

  it('saveRegion answers 400 naming the field and 401 without a token', async () => {
    expect400(await a.admin.post(`${R}/saveRegion`, { code: `R${uniq()}` }), 'name');
    expect400(await a.admin.post(`${R}/saveRegion`, { name: '无编码' }), 'code');
    expect400(await a.admin.post(`${R}/saveRegion`, { code: `R${uniq()}`, name: 'x', parentId: 'abc' }), 'parentId');
    const unknown = await a.admin.post(`${R}/saveRegion`, { code: `R${uniq()}`, name: 'x', shopCount: 3 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.some((e) => e.message.includes('shopCount'))).toBe(true);
    const en = await a.admin.post(`${R}/saveRegion`, { code: `R${uniq()}` }, EN);
    expect400(en, 'name');
    expect(en.body.resp_msg).toBe('Some fields are not valid; please check the marked fields');
    expect((await anon.post(`${R}/saveRegion`, { code: `R${uniq()}`, name: 'x' })).status).toBe(401);
  });

  it('saveRegion answers 409 naming the code when it is taken', async () => {
    const region = await saveRegion({});
    const dup = await a.admin.post(`${R}/saveRegion`, { code: region.code, name: '重复' });
    expect(dup.status).toBe(409);
    expect(dup.body.resp_msg).toContain(region.code);
    const dupEn = await a.admin.post(`${R}/saveRegion`, { code: region.code, name: '重复' }, EN);
    expect(dupEn.status).toBe(409);
    expect(dupEn.body.resp_msg).toContain(region.code);
    expect(dupEn.body.resp_msg).toContain('already exists');
  });

  it('keeps two levels: a sub-region as parent, itself as parent, a parent with sub-regions moved down, another tenant’s parent → 400 on parentId', async () => {
    const top = await saveRegion({});
    const sub = await saveRegion({ parentId: top.id });
    expect(sub).toMatchObject({ parentId: top.id, parentName: top.name });
    const deep = await a.admin.post(`${R}/saveRegion`, { code: `R${uniq()}`, name: '三级', parentId: sub.id });
    expect400(deep, 'parentId');
    expect(deep.body.errors?.[0].message).toBe('区域最多两级：只能选择大区作为上级');
    const deepEn = await a.admin.post(`${R}/saveRegion`, { code: `R${uniq()}`, name: '三级', parentId: sub.id }, EN);
    expect(deepEn.body.errors?.[0].message).toBe('Regions have two levels: only a top-level region can be a parent');
    expect400(await a.admin.post(`${R}/saveRegion`, { id: top.id, code: top.code, name: top.name, parentId: top.id }), 'parentId');
    const other = await saveRegion({});
    expect400(await a.admin.post(`${R}/saveRegion`, { id: top.id, code: top.code, name: top.name, parentId: other.id }), 'parentId');
    const foreign = (await regionsOf(b.admin)).find((r) => r.parentId === null);
    expect400(await a.admin.post(`${R}/saveRegion`, { code: `R${uniq()}`, name: 'x', parentId: foreign.id }), 'parentId');
    // a sub-region may move to another top region, and a leaf may become a top region
    const moved = await a.admin.post(`${R}/saveRegion`, { id: sub.id, code: sub.code, name: sub.name, parentId: other.id });
    expect(moved.body.data).toMatchObject({ parentId: other.id, parentName: other.name });
    const lifted = await a.admin.post(`${R}/saveRegion`, { id: sub.id, code: sub.code, name: sub.name, parentId: null });
    expect(lifted.body.data).toMatchObject({ parentId: null, parentName: null });
  });

  it('a region used by a shop or by a sub-region cannot be deleted (409 names the user); an unused one can', async () => {
    const top = await saveRegion({});
    const sub = await saveRegion({ parentId: top.id });
    const shop = await saveShop(sub.id, { name: `占用门店${uniq()}` });
    const zh = await a.admin.del(`${R}/${sub.id}`);
    expect(zh.status).toBe(409);
    expect(zh.body.resp_msg).toBe(`不能删除：正被门店“${shop.name}”使用`);
    const en = await a.admin.del(`${R}/${sub.id}`, EN);
    expect(en.body.resp_msg).toBe(`Cannot delete: it is used by shops "${shop.name}"`);
    const parent = await a.admin.del(`${R}/${top.id}`);
    expect(parent.status).toBe(409);
    expect(parent.body.resp_msg).toContain(sub.name);
    const lone = await saveRegion({});
    expect((await a.admin.del(`${R}/${lone.id}`)).status).toBe(200);
    expect((await a.admin.get(`${R}/${lone.id}`)).status).toBe(404);
  });

  describe('batchRegion', () => {
    const B = '/api-chain/shop/batchRegion';

    it('moves shops to one region', async () => {
      const from = await saveRegion({});
      const to = await saveRegion({});
      const s1 = await saveShop(from.id);
      const s2 = await saveShop(from.id);
      const res = await a.admin.post(B, { shopIds: [s1.id, s2.id], regionId: to.id });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ moved: 2 });
      for (const s of [s1, s2]) {
        const shop = (await a.admin.get(`/api-chain/shop/getShopInfo/${s.id}`)).body.data;
        expect(shop).toMatchObject({ regionId: to.id, regionName: to.name, version: s.version + 1 });
      }
      const tree = (await a.admin.get(`${R}/tree/all`)).body.data as Node[];
      expect(tree.find((n) => n.id === from.id)?.shopCount).toBe(0);
      expect(tree.find((n) => n.id === to.id)?.shopCount).toBe(2);
      const audit = await inTenant(t.database.db, a.tenantId, (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, `POST ${B}`)),
      );
      expect(audit.some((r) => (r.detail as any).body.regionId === to.id && r.userId === adminId)).toBe(true);
    });

    it('moves a shop listed twice once instead of refusing the batch', async () => {
      const from = await saveRegion({});
      const to = await saveRegion({});
      const s1 = await saveShop(from.id);
      const s2 = await saveShop(from.id);
      const res = await a.admin.post(B, { shopIds: [s1.id, s2.id, s1.id], regionId: to.id });
      expect(res.status).toBe(200);
      for (const s of [s1, s2]) expect((await a.admin.get(`/api-chain/shop/getShopInfo/${s.id}`)).body.data.regionId).toBe(to.id);
    });

    it('refuses another tenant’s shop with 404 and moves nothing', async () => {
      const from = await saveRegion({});
      const to = await saveRegion({});
      const mine = await saveShop(from.id);
      const foreign = (await shopsOf(b.admin))[0];
      const res = await a.admin.post(B, { shopIds: [mine.id, foreign.id], regionId: to.id });
      expect(res.status).toBe(404);
      expect(res.body.resp_code).toBe('404');
      expect((await a.admin.get(`/api-chain/shop/getShopInfo/${mine.id}`)).body.data).toMatchObject({
        regionId: from.id,
        version: mine.version,
      });
      expect((await b.admin.get(`/api-chain/shop/getShopInfo/${foreign.id}`)).body.data.regionId).toBe(foreign.regionId);
    });

    it('answers 400 on a bad region or body, 401 without a token, 403 without org.shop.edit', async () => {
      const from = await saveRegion({});
      const shop = await saveShop(from.id);
      const foreignRegion = (await regionsOf(b.admin))[0];
      expect400(await a.admin.post(B, { shopIds: [shop.id], regionId: foreignRegion.id }), 'regionId');
      expect400(await a.admin.post(B, { shopIds: [], regionId: from.id }), 'shopIds');
      expect400(await a.admin.post(B, { regionId: from.id }), 'shopIds');
      expect400(await a.admin.post(B, { shopIds: ['abc'], regionId: from.id }), 'shopIds.0');
      expect((await anon.post(B, { shopIds: [shop.id], regionId: from.id })).status).toBe(401);
      const viewer = await createLimitedUser(t, a, { perms: ['org.shop.view'], managerShops: [shop.id] });
      const denied = await viewer.client.post(B, { shopIds: [shop.id], regionId: from.id });
      expect(denied.status).toBe(403);
      expect(denied.body.resp_code).toBe('403');
    });
  });

  describe('permissions', () => {
    it('tree/all and shopTree need org.region.view and count only the shops the user may see', async () => {
      const shops = await shopsOf(a.admin);
      const mine = shops[0];
      const shopViewer = await createLimitedUser(t, a, { perms: ['org.shop.view'], managerShops: [mine.id] });
      expect((await shopViewer.client.get(`${R}/tree/all`)).status).toBe(403);
      expect((await shopViewer.client.get(`${R}/shopTree`)).status).toBe(403);
      expect((await shopViewer.client.get(`${R}/list`)).status).toBe(403);
      expect((await shopViewer.client.post(`${R}/saveRegion`, { code: `R${uniq()}`, name: 'x' })).status).toBe(403);
      expect((await shopViewer.client.get(`${R}/tree/allNoNum`)).status).toBe(200);

      const regionViewer = await createLimitedUser(t, a, { perms: ['org.region.view'], managerShops: [mine.id] });
      const tree = (await regionViewer.client.get(`${R}/tree/all`)).body.data as Node[];
      expect(tree.reduce((n, r) => n + (r.shopCount ?? 0), 0)).toBe(1);
      const shopTree = (await regionViewer.client.get(`${R}/shopTree`)).body.data as Node[];
      const placed = shopTree.flatMap((r) => [r, ...r.children]).flatMap((n) => (n.shops ?? []).map((s) => [s.id, n.id]));
      expect(placed).toEqual([[mine.id, mine.regionId]]);
      expect((await regionViewer.client.post(`${R}/saveRegion`, { code: `R${uniq()}`, name: 'x' })).status).toBe(403);
    });
  });
});
