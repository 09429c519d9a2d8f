import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenantSettings } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';
import { EN, expect400, expectOk, expectStatus, shopIds, uniq } from './stock-support.js';
import { createLimitedUser } from './users.js';

const C = '/api-cashier';
const W = '/api-chain/wheelconfig';
const M = '/api-chain/makeorderconfig';

describe('stations, the wheel, bill settings, Meituan and Douyin', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const [bShop] = await shopIds(t, b);
  const shopUser = await createLimitedUser(t, a, {
    perms: [
      'cashier.wheel.view',
      'cashier.wheel.edit',
      'cashier.billconfig.view',
      'cashier.billconfig.edit',
      'cashier.third.view',
      'cashier.third.edit',
    ],
    loginShops: [s1],
  });
  const positions = expectOk(await a.admin.get('/api-chain/position/list/all')) as any[];

  it('stations: the three business types with their rows, positions that fill them', async () => {
    const hair = expectOk(await a.admin.get(`${C}/station/getByCode/01`));
    expect(hair).toMatchObject({ name: '美发', businessType: 1 });
    expect(hair.rows.map((r: any) => r.name)).toEqual(['第一工位', '第二工位', '第三工位']);
    expect(expectOk(await a.admin.get(`${C}/station/getByCode/02`)).rows).toHaveLength(2);
    expectStatus(await a.admin.get(`${C}/station/getByCode/99`), 404);
    const pos = (positions as any[]).slice(0, 2).map((p) => p.id);
    const saved = expectOk(
      await a.admin.post(`${C}/station/save`, {
        id: hair.id,
        version: hair.version,
        rows: [
          { postion: 1, name: '第一工位', positionIds: pos.slice(0, 1) },
          { postion: 2, name: '第二工位', positionIds: pos.slice(1, 2) },
        ],
      }),
    );
    expect(saved.rows).toHaveLength(2);
    const desc = expectOk(await a.admin.get(`${C}/stationdesc/desc`, { statid: hair.id }));
    expect(desc[0].positionIds).toEqual(pos.slice(0, 1));
    const wc = expectOk(await a.admin.get(`${C}/station/getWcPostions`)) as any[];
    expect(wc.map((p) => p.id).sort()).toEqual([...pos].sort());
    expectStatus(
      await a.admin.post(`${C}/station/save`, {
        id: hair.id,
        version: hair.version,
        rows: saved.rows.map(({ positions: _, ...r }: any) => r),
      }),
      409,
    );
    expect400(
      await a.admin.post(`${C}/station/save`, { id: hair.id, rows: [{ postion: 2, name: 'x', positionIds: [] }] }),
      'rows.0.postion',
    );
    expect400(
      await a.admin.post(`${C}/station/save`, { id: hair.id, rows: [{ postion: 1, name: 'x', positionIds: [999999999] }] }),
      'rows.0.positionIds',
    );
    expect400(await a.admin.get(`${C}/stationdesc/desc`), 'statid');
    expectStatus(await b.admin.get(`${C}/stationdesc/desc`, { statid: hair.id }), 404);
    expectStatus(await b.admin.post(`${C}/station/save`, { id: hair.id, rows: [{ postion: 1, name: 'x', positionIds: [] }] }), 404);
    expectStatus(await shopUser.client.post(`${C}/station/save`, { id: hair.id, rows: [{ postion: 1, name: 'x', positionIds: [] }] }), 403);
    expectStatus(await t.client().get(`${C}/station/getWcPostions`), 401);
  });

  it('wheel schemes: rows, one scheme per shop, shop type', async () => {
    const shops = expectOk(await a.admin.get('/api-chain/shop/list/all')) as any[];
    const shopType = shops.find((s) => s.id === s1).type ?? 1;
    const row = { cwcname: '设计师轮牌', postion: 1, dayClean: true, withCashier: true, dksffp: false };
    const code = `W${uniq()}`;
    const scheme = expectOk(
      await a.admin.post(`${W}/save`, { cwtcode: code, cwtname: '标准轮牌', shoptype: shopType, shopIds: [s1], rows: [row] }),
    );
    expect(scheme).toMatchObject({ cwtcode: code, shopIds: [s1], rows: [{ ...row, positionIds: [], levelIds: [] }] });
    const second = await a.admin.post(
      `${W}/save`,
      { cwtcode: `X${uniq()}`, cwtname: '另一个', shoptype: shopType, shopIds: [s1], rows: [row] },
      EN,
    );
    expectStatus(second, 409);
    expect(second.body.resp_msg).toContain('标准轮牌');
    expectStatus(await a.admin.post(`${W}/save`, { cwtcode: code, cwtname: 'dup', shoptype: shopType, rows: [row] }), 409);
    expect400(await a.admin.post(`${W}/save`, { cwtcode: `Y${uniq()}`, cwtname: 'x', shoptype: shopType, rows: [] }), 'rows');
    expect400(
      await a.admin.post(`${W}/save`, { cwtcode: `Y${uniq()}`, cwtname: 'x', shoptype: shopType, rows: [row, row] }),
      'rows.1.cwcname',
    );
    expectStatus(
      await a.admin.post(`${W}/save`, { cwtcode: `Z${uniq()}`, cwtname: 'x', shoptype: shopType, shopIds: [bShop], rows: [row] }),
      404,
    );
    const edited = expectOk(
      await a.admin.post(`${W}/save`, {
        id: scheme.id,
        version: scheme.version,
        cwtcode: code,
        cwtname: '标准轮牌2',
        shoptype: shopType,
        shopIds: [s1, s2].filter((id) => shops.find((s) => s.id === id).type === shopType),
        rows: [row, { ...row, cwcname: '助理轮牌', postion: 2 }],
      }),
    );
    expect(edited.rows).toHaveLength(2);
    expect((expectOk(await a.admin.get(`${W}/list/all`)) as any[]).map((s) => s.id)).toContain(scheme.id);
    expectStatus(await b.admin.del(`${W}/${scheme.id}`), 404);
    expectStatus(
      await shopUser.client.post(`${W}/save`, { cwtcode: `S${uniq()}`, cwtname: 's', shoptype: shopType, shopIds: [s2], rows: [row] }),
      403,
    );
    const viewer = await createLimitedUser(t, a, { perms: ['cashier.paytype.view'] });
    expectStatus(await viewer.client.get(`${W}/list/all`), 403);
    expectStatus(await t.client().get(`${W}/list/all`), 401);
    expectOk(await a.admin.del(`${W}/${scheme.id}`));
    expectStatus(await a.admin.del(`${W}/${scheme.id}`), 404);
  });

  it('temporary rest kinds per shop: save, list, delete by isDel, shop scope', async () => {
    const meal = expectOk(await a.admin.post(`${C}/wheelrest/save`, { shopid: s1, cwrname: '吃饭', time: 30 }));
    expect(meal).toMatchObject({ shopId: s1, cwrname: '吃饭', time: 30 });
    expectStatus(await a.admin.post(`${C}/wheelrest/save`, { shopid: s1, cwrname: '吃饭', time: 20 }), 409);
    expectOk(await a.admin.post(`${C}/wheelrest/save`, { shopid: s2, cwrname: '吃饭', time: 45 }));
    expect400(await a.admin.post(`${C}/wheelrest/save`, { shopid: s1, cwrname: '午休', time: 0 }), 'time');
    expect(expectOk(await a.admin.post(`${C}/wheelrest/save`, { id: meal.id, shopid: s1, cwrname: '吃饭', time: 40 })).time).toBe(40);
    expect((expectOk(await a.admin.get(`${C}/wheelrest/chain/list/shop`, { shopid: s1 })) as any[]).map((r) => r.time)).toEqual([40]);
    // The shop's own user sees and edits their shop only.
    expectOk(await shopUser.client.get(`${C}/wheelrest/chain/list/shop`, { shopid: s1 }));
    expectStatus(await shopUser.client.get(`${C}/wheelrest/chain/list/shop`, { shopid: s2 }), 403);
    const s2Rest = (expectOk(await a.admin.get(`${C}/wheelrest/chain/list/shop`, { shopid: s2 })) as any[])[0];
    expectStatus(await shopUser.client.post(`${C}/wheelrest/delete`, { id: s2Rest.id, isDel: 1 }), 404);
    expectStatus(await b.admin.post(`${C}/wheelrest/delete`, { id: meal.id, isDel: 1 }), 404);
    expectStatus(await b.admin.get(`${C}/wheelrest/chain/list/shop`, { shopid: s1 }), 404);
    expect400(await a.admin.post(`${C}/wheelrest/delete`, { id: meal.id }), 'isDel');
    expectStatus(await t.client().post(`${C}/wheelrest/delete`, { id: meal.id, isDel: 1 }), 401);
    expectOk(await shopUser.client.post(`${C}/wheelrest/delete`, { id: meal.id, isDel: 1 }));
    expect(expectOk(await a.admin.get(`${C}/wheelrest/chain/list/shop`, { shopid: s1 }))).toEqual([]);
    // The name is free again once deleted.
    expectOk(await a.admin.post(`${C}/wheelrest/save`, { shopid: s1, cwrname: '吃饭', time: 30 }));
  });

  it("makeorderconfig is the cashier's bill settings per shop", async () => {
    const fresh = expectOk(await a.admin.get(`${M}/sysuser`, { shopid: s2 }));
    expect(fresh).toMatchObject({ shopId: s2, isAutoNo: true, noMin: 1, noMax: 100, isAllowMobile: true, revision: 0 });
    // A user of one shop reads their shop without naming it; head office names the shop.
    expect(expectOk(await shopUser.client.get(`${M}/sysuser`)).shopId).toBe(s1);
    expect400(await a.admin.get(`${M}/sysuser`, {}, EN), 'shopid');
    const ranged = expectOk(await a.admin.post(`${M}/saveNo`, { shopid: s2, noMin: 101, noMax: 200 }));
    expect(ranged).toMatchObject({ noMin: 101, noMax: 200, revision: 1 });
    const tooWide = await a.admin.post(`${M}/saveNo`, { shopid: s2, noMin: 1, noMax: 101 }, EN);
    expect400(tooWide, 'noMax');
    expect(tooWide.body.errors?.[0].message).toContain('at most 100');
    expect400(await a.admin.post(`${M}/saveNo`, { shopid: s2, noMin: 50, noMax: 10 }), 'noMax');
    expect(expectOk(await a.admin.post(`${M}/isAutoNo`, { shopid: s2, isAutoNo: false })).isAutoNo).toBe(false);
    expect(
      expectOk(await a.admin.post(`${M}/isAllowMobile`, { shopid: s2, isAllowMobile: false, isAllowCardno: true })).isAllowMobile,
    ).toBe(false);
    const all = expectOk(await a.admin.post(M, { shopid: s2, isNeedSign: true, isAutoPrint: false, isRate: true, revision: 3 }));
    expect(all).toMatchObject({ isNeedSign: true, isAutoPrint: false, isRate: true, noMin: 101, isAutoNo: false, revision: 4 });
    // The till reads the receipt's settings with its setup.
    expect(expectOk(await a.admin.get('/api-cashier/checkout/setup', { shopid: s2 }))).toMatchObject({
      isNeedSign: true,
      isAutoPrint: false,
    });
    expectStatus(await a.admin.post(M, { shopid: s2, isRate: false, revision: 3 }), 409);
    expect(expectOk(await a.admin.get(`${M}/sysuser`, { shopid: s1 })).noMin).toBe(1);
    expectStatus(await shopUser.client.post(`${M}/saveNo`, { shopid: s2, noMin: 1, noMax: 10 }), 403);
    expectStatus(await shopUser.client.get(`${M}/sysuser`, { shopid: s2 }), 403);
    expectOk(await shopUser.client.post(`${M}/saveNo`, { shopid: s1, noMin: 1, noMax: 50 }));
    expectStatus(await b.admin.get(`${M}/sysuser`, { shopid: s1 }), 404);
    expectStatus(await b.admin.post(`${M}/saveNo`, { shopid: s1, noMin: 1, noMax: 10 }), 404);
    const viewer = await createLimitedUser(t, a, { perms: ['cashier.paytype.view'] });
    expectStatus(await viewer.client.post(`${M}/isAutoNo`, { shopid: s1, isAutoNo: true }), 403);
    expectStatus(await t.client().get(`${M}/sysuser`, { shopid: s1 }), 401);
    expect400(await a.admin.post(`${M}/isAutoNo`, { shopid: s1, isAutoNo: 'yes' }), 'isAutoNo');
  });

  it('the product-order settings moved to their own key: a tenant saved under the old key keeps its values', async () => {
    const old = await t.tenant({ demo: true });
    await inTenant(t.database.db, old.tenantId, (tx) =>
      tx.insert(tenantSettings).values({
        tenantId: old.tenantId,
        key: 'order.config',
        value: { isAutoNo: false, isAllowMobile: false, noPrefix: 'OLD', noWidth: 5 },
      }),
    );
    const file = fs.readFileSync(path.join(import.meta.dirname, '../drizzle/0021_till_settings.sql'), 'utf8');
    const handWritten = file.slice(file.indexOf('-- hand-written'));
    await inTenant(t.database.db, old.tenantId, (tx) => tx.execute(sql.raw(handWritten)));
    expect(expectOk(await old.admin.get('/api-stock/orderconfig/sysuser'))).toEqual({
      isAutoNo: false,
      isAllowMobile: false,
      noPrefix: 'OLD',
      noWidth: 5,
    });
    // The cashier's settings are not the product-order ones.
    const [shop] = await shopIds(t, old);
    expect(expectOk(await old.admin.get(`${M}/sysuser`, { shopid: shop })).isAutoNo).toBe(true);
  });

  it('Meituan accounts (secret masked) and shop mappings, Douyin POIs', async () => {
    const acct = `mt${uniq()}`;
    const key = expectOk(
      await a.admin.post('/api-third/mtkeys', {
        account: acct,
        secret: 'sk-verysecret-1234',
        accountName: '张三',
        tel: '13800000000',
        remainRefreshCount: 5,
      }),
    );
    expect(key.secretMasked).toBe('****1234');
    expect(JSON.stringify(key)).not.toContain('verysecret');
    const page = expectOk(await a.admin.get('/api-third/mtkeys/listByPage', { keyword: acct }));
    expect(page.total).toBe(1);
    expect(JSON.stringify(page)).not.toContain('verysecret');
    expect(expectOk(await a.admin.post('/api-third/mtkeys', { id: key.id, account: acct, memo: '改' })).secretMasked).toBe('****1234');
    expect400(await a.admin.post('/api-third/mtkeys', { account: `n${uniq()}` }), 'secret');
    expectStatus(await a.admin.post('/api-third/mtkeys', { account: acct, secret: 'another-secret' }), 409);
    expectStatus(await b.admin.post('/api-third/mtkeys', { id: key.id, account: 'x' }), 404);

    const uuid = `uuid-${uniq()}`;
    const map = expectOk(await a.admin.post('/api-third/mtshops/saveMtshop', { shopid: s1, openShopUuid: uuid, mtKeyId: key.id }));
    expect(map).toMatchObject({ shopId: s1, openShopUuid: uuid, account: acct });
    expectStatus(await a.admin.post('/api-third/mtshops/saveMtshop', { shopid: s2, openShopUuid: uuid }), 409);
    expectStatus(await a.admin.post('/api-third/mtshops/saveMtshop', { shopid: s1, openShopUuid: `u2-${uniq()}` }), 409);
    expectStatus(await a.admin.post('/api-third/mtshops/saveMtshop', { shopid: bShop, openShopUuid: `u3-${uniq()}` }), 404);
    expect400(await a.admin.post('/api-third/mtshops/saveMtshop', { shopid: s2 }), 'openShopUuid');
    expectStatus(await a.admin.del(`/api-third/mtkeys/${key.id}`), 409);
    const s2map = expectOk(await a.admin.post('/api-third/mtshops/saveMtshop', { shopid: s2, openShopUuid: `u4-${uniq()}` }));
    expect((expectOk(await shopUser.client.get('/api-third/mtshops/list/all')) as any[]).map((m) => m.shopId)).toEqual([s1]);
    expectStatus(await shopUser.client.del(`/api-third/mtshops/${s2map.id}`), 404);
    expectStatus(await shopUser.client.post('/api-third/mtshops/saveMtshop', { shopid: s2, openShopUuid: 'z' }), 403);
    expectStatus(await b.admin.del(`/api-third/mtshops/${map.id}`), 404);
    expectOk(await a.admin.del(`/api-third/mtshops/${map.id}`));

    const pois = expectOk(await a.admin.get('/api-third/dyshops/dylist')) as any[];
    expect(pois.length).toBeGreaterThan(0);
    const poi = pois[0];
    const dy = expectOk(
      await a.admin.post('/api-third/dyshops', { shopid: s1, poiId: poi.poiId, poiName: poi.poiName, address: poi.address }),
    );
    expect(dy).toMatchObject({ shopId: s1, poiId: poi.poiId });
    expect((expectOk(await a.admin.get('/api-third/dyshops/dylist')) as any[]).find((p) => p.poiId === poi.poiId).mapped).toBe(true);
    expectStatus(await a.admin.post('/api-third/dyshops', { shopid: s2, poiId: poi.poiId, poiName: 'x' }), 409);
    expectStatus(await b.admin.del(`/api-third/dyshops/${dy.id}`), 404);
    expect((expectOk(await a.admin.get('/api-third/dyshops')) as any[]).map((d) => d.id)).toContain(dy.id);
    expectStatus(await shopUser.client.post('/api-third/dyshops', { shopid: s2, poiId: 'p', poiName: 'x' }), 403);
    const viewer = await createLimitedUser(t, a, { perms: ['cashier.paytype.view'] });
    expectStatus(await viewer.client.get('/api-third/dyshops'), 403);
    expectStatus(await t.client().get('/api-third/mtkeys/listByPage'), 401);
    expectOk(await a.admin.del(`/api-third/dyshops/${dy.id}`));
    expectOk(await a.admin.del(`/api-third/mtkeys/${key.id}`));
  });
});
