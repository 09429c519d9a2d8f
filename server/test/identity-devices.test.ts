import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Answer, build, type Client, type TestTenant } from './helpers.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const uniq = () => randomBytes(4).toString('hex').toUpperCase();
const D = '/api-user/mac';

function expect400(res: Answer, path: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.resp_code).toBe('400');
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
}

function expectStatus(res: Answer, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.resp_code).toBe(String(status));
}

/** A brand, a region and `n` shops, made through the API (cheaper than the whole demo chain). */
async function makeShops(x: TestTenant, n: number) {
  const tag = uniq();
  const brand = await x.admin.post('/api-chain/brand', { code: `B${tag}`, name: `品牌${tag}` });
  const region = await x.admin.post('/api-chain/dictregion/save', { code: `R${tag}`, name: `区域${tag}` });
  const shops: any[] = [];
  for (let i = 0; i < n; i++) {
    const res = await x.admin.post('/api-chain/shop/saveShop', {
      code: `S${tag}${i}`,
      name: `门店${tag}${i}`,
      brandId: brand.body.data.id,
      regionId: region.body.data.id,
      provinceCode: '31',
      cityCode: '3101',
      areaCode: '310101',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    shops.push(res.body.data);
  }
  return shops;
}

describe('identity cashier devices', async () => {
  const t = await build();
  const a = await t.tenant();
  const b = await t.tenant();
  const anon = t.client();
  const shops = await makeShops(a, 4);
  const foreignShops = await makeShops(b, 1);

  const create = async (fields: Record<string, unknown> = {}, by: Client = a.admin, tenant: TestTenant = a) => {
    const res = await by.post(`${D}/saveMac`, {
      mac: `AA:${uniq()}`,
      name: `前台收银机${uniq()}`,
      shopId: (tenant === a ? shops : foreignShops)[0].id,
      ...fields,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const foreign = await create({}, b.admin, b);

  it('saves a device by POST and by GET; stores the device id upper-case; lists it with the shop name', async () => {
    const posted = await create({ mac: ' ab:cd:ef:01 ', memo: '靠门那台' });
    expect(posted).toMatchObject({
      mac: 'AB:CD:EF:01',
      shopId: shops[0].id,
      shopName: shops[0].name,
      status: 1,
      memo: '靠门那台',
      version: 1,
      lastSeenAt: null,
    });
    expect(posted).not.toHaveProperty('tenantId');
    const mac = `GET-${uniq()}`;
    const got = await a.admin.get(`${D}/saveMac`, { mac, name: '二号机', shopId: shops[1].id, status: 0 });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(got.body.data).toMatchObject({ mac, name: '二号机', shopId: shops[1].id, shopName: shops[1].name, status: 0 });

    const edited = await a.admin.get(`${D}/saveMac`, { id: got.body.data.id, mac, name: '二号机（改）', shopId: shops[1].id, version: 1 });
    expect(edited.body.data).toMatchObject({ name: '二号机（改）', status: 0, version: 2 });
    const partial = await a.admin.post(`${D}/saveMac`, { id: posted.id, mac: posted.mac, name: '改名', shopId: shops[0].id });
    expect(partial.body.data).toMatchObject({ name: '改名', memo: '靠门那台', version: 2 });
    expectStatus(await a.admin.post(`${D}/saveMac`, { id: posted.id, mac: posted.mac, name: 'x', shopId: shops[0].id, version: 1 }), 409);

    const list = (await a.admin.get(`${D}/list`, { keyword: mac })).body.data;
    expect(list).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(list.list[0]).toMatchObject({ id: got.body.data.id, shopName: shops[1].name, shopCode: shops[1].code });
  });

  it('filters by shop, status and keyword; pages; a shop manager sees only their shops', async () => {
    const tag = uniq();
    const d1 = await create({ name: `甲${tag}`, shopId: shops[2].id });
    const d2 = await create({ name: `乙${tag}`, shopId: shops[3].id, status: 0 });
    const d3 = await create({ name: `丙${tag}`, shopId: shops[3].id });
    const fetch = async (q: Record<string, unknown>, c: Client = a.admin) => (await c.get(`${D}/list`, { pageSize: 200, ...q })).body.data;
    const ids = (p: any) => p.list.map((r: any) => r.id).sort();
    expect(ids(await fetch({ keyword: tag }))).toEqual([d1.id, d2.id, d3.id].sort());
    expect(ids(await fetch({ shopId: shops[3].id }))).toEqual([d2.id, d3.id].sort());
    expect(ids(await fetch({ keyword: tag, status: 0 }))).toEqual([d2.id]);
    const p2 = await fetch({ keyword: tag, page: 2, pageSize: 2 });
    expect(p2).toMatchObject({ total: 3, page: 2 });
    expect(p2.list).toHaveLength(1);
    expect(ids(await fetch({ keyword: tag, sort: '-name' }))).toEqual([d1.id, d2.id, d3.id].sort());
    expect((await fetch({ keyword: foreign.mac })).total).toBe(0);

    const manager = await createLimitedUser(t, a, { perms: ['identity.device.view', 'identity.device.edit'], managerShops: [shops[2].id] });
    expect(ids(await fetch({ keyword: tag }, manager.client))).toEqual([d1.id]);
    expectStatus(await manager.client.post(`${D}/updateStatus`, { id: d2.id, status: 0 }), 404);
    expectStatus(await manager.client.post(`${D}/saveMac`, { mac: `X${uniq()}`, name: 'x', shopId: shops[3].id }), 403);
    expect((await manager.client.post(`${D}/saveMac`, { mac: `X${uniq()}`, name: 'x', shopId: shops[2].id })).status).toBe(200);

    expect400(await a.admin.get(`${D}/list`, { status: 2 }), 'status');
    expect400(await a.admin.get(`${D}/list`, { shopId: 'x' }), 'shopId');
  });

  it('refuses a device id already registered (any case) with 409 naming it; checks the shop', async () => {
    const d = await create();
    const dup = await a.admin.post(`${D}/saveMac`, { mac: d.mac.toLowerCase(), name: 'x', shopId: shops[0].id });
    expectStatus(dup, 409);
    expect(dup.body.resp_msg).toBe(`设备编号“${d.mac}”已存在`);
    const en = await a.admin.get(`${D}/saveMac`, { mac: d.mac, name: 'x', shopId: shops[0].id }, EN);
    expect(en.body.resp_msg).toBe(`Device ID "${d.mac}" already exists`);
    // The same device id in another company is another device.
    expect((await b.admin.post(`${D}/saveMac`, { mac: d.mac, name: 'x', shopId: foreignShops[0].id })).status).toBe(200);

    expect400(await a.admin.post(`${D}/saveMac`, { mac: `M${uniq()}`, name: 'x', shopId: foreignShops[0].id }), 'shopId');
    expect400(await a.admin.post(`${D}/saveMac`, { mac: 'abc', name: 'x', shopId: shops[0].id }), 'mac');
    expect400(await a.admin.post(`${D}/saveMac`, { mac: `M${uniq()}`, shopId: shops[0].id }), 'name');
    expect400(await a.admin.post(`${D}/saveMac`, { mac: `M${uniq()}`, name: 'x' }), 'shopId');
    expect400(await a.admin.get(`${D}/saveMac`, { mac: `M${uniq()}`, name: 'x', shopId: shops[0].id, status: 7 }), 'status');
    expect400(await a.admin.get(`${D}/saveMac`, { mac: `M${uniq()}`, name: 'x', shopId: shops[0].id, colour: 'red' }), 'colour');
    expectStatus(await a.admin.post(`${D}/saveMac`, { id: foreign.id, mac: foreign.mac, name: 'x', shopId: shops[0].id }), 404);
  });

  it('updateStatus and batchUpdateStatus, by GET and POST; one unknown id changes nothing', async () => {
    const d1 = await create();
    const d2 = await create();
    const get = async (id: number) => (await a.admin.get(`${D}/list`, { keyword: id === d1.id ? d1.mac : d2.mac })).body.data.list[0];

    const one = await a.admin.post(`${D}/updateStatus`, { id: d1.id, status: 0 });
    expect(one.body.data).toEqual({ id: d1.id, updated: 1, ids: [d1.id] });
    expect((await get(d1.id)).status).toBe(0);
    expect((await a.admin.get(`${D}/updateStatus`, { id: d1.id, status: 1 })).status).toBe(200);
    expect((await get(d1.id)).status).toBe(1);

    const batch = await a.admin.post(`${D}/batchUpdateStatus`, { ids: [d1.id, d2.id], status: 0 });
    expect(batch.body.data).toEqual({ updated: 2, ids: [d1.id, d2.id].sort((x, y) => x - y) });
    expect((await get(d2.id)).status).toBe(0);
    const batchGet = await a.admin.get(`${D}/batchUpdateStatus`, { ids: `${d1.id},${d2.id}`, status: 1 });
    expect(batchGet.body.data.updated).toBe(2);
    expect((await get(d1.id)).status).toBe(1);

    expectStatus(await a.admin.post(`${D}/batchUpdateStatus`, { ids: [d1.id, foreign.id], status: 0 }), 404);
    expect((await get(d1.id)).status).toBe(1);
    expectStatus(await a.admin.get(`${D}/updateStatus`, { id: foreign.id, status: 0 }), 404);
    expectStatus(await a.admin.post(`${D}/updateStatus`, { id: foreign.id, status: 0 }), 404);
    expectStatus(await a.admin.get(`${D}/batchUpdateStatus`, { ids: String(foreign.id), status: 0 }), 404);

    expect400(await a.admin.post(`${D}/updateStatus`, { id: d1.id, status: 2 }), 'status');
    expect400(await a.admin.get(`${D}/updateStatus`, { id: d1.id }), 'status');
    expect400(await a.admin.post(`${D}/batchUpdateStatus`, { ids: [], status: 1 }), 'ids');
    expect400(await a.admin.get(`${D}/batchUpdateStatus`, { ids: '1,x', status: 1 }), 'ids');

    const log = (await a.admin.get('/api-chain/logger/list', { entity: 'device', entityId: d1.id })).body.data.list as any[];
    expect(log.map((r) => r.action)).toEqual(expect.arrayContaining(['GET /api-user/mac/updateStatus', 'POST /api-user/mac/updateStatus']));
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    const d = await create();
    const reads = (c: Client) => [c.get(`${D}/list`), c.get(`${D}/settings`)];
    const writes = (c: Client) => [
      c.post(`${D}/saveMac`, { mac: `Z${uniq()}`, name: 'x', shopId: shops[0].id }),
      c.get(`${D}/saveMac`, { mac: `Z${uniq()}`, name: 'x', shopId: shops[0].id }),
      c.post(`${D}/updateStatus`, { id: d.id, status: 0 }),
      c.get(`${D}/updateStatus`, { id: d.id, status: 0 }),
      c.post(`${D}/batchUpdateStatus`, { ids: [d.id], status: 0 }),
      c.get(`${D}/batchUpdateStatus`, { ids: String(d.id), status: 0 }),
      c.post(`${D}/settings`, { requireBoundDevice: true }),
    ];
    for (const res of await Promise.all([...reads(anon), ...writes(anon)])) expectStatus(res, 401);
    const nobody = await createLimitedUser(t, a, { perms: [] });
    for (const res of await Promise.all(reads(nobody.client))) expectStatus(res, 403);
    const viewer = await createLimitedUser(t, a, { perms: ['identity.device.view'] });
    for (const res of await Promise.all(reads(viewer.client))) expect(res.status).toBe(200);
    for (const res of await Promise.all(writes(viewer.client))) expectStatus(res, 403);
    expect400(await a.admin.post(`${D}/settings`, { requireBoundDevice: 'yes' }), 'requireBoundDevice');
    expect400(await a.admin.post(`${D}/settings`, {}), 'requireBoundDevice');
  });

  it('with the bound-device switch on, the cashier opens only on an enabled device of a login shop', async () => {
    const c = await t.tenant();
    const cShops = await makeShops(c, 2);
    const mine = (await c.admin.post(`${D}/saveMac`, { mac: 'till-001', name: '一号机', shopId: cShops[0].id })).body.data;
    const elsewhere = (await c.admin.post(`${D}/saveMac`, { mac: 'TILL-002', name: '二号机', shopId: cShops[1].id })).body.data;
    const cashier = await createLimitedUser(t, c, { perms: ['till.checkout.view'], loginShops: [cShops[0].id] });
    const open = (x: Client, device?: string, headers: Record<string, string> = {}) =>
      x.post('/api-user/relogin', { appId: 'cashier' }, { ...(device ? { 'x-device-id': device } : {}), ...headers });

    // Off by default: any device opens the cashier.
    expect((await c.admin.get(`${D}/settings`)).body.data).toEqual({ requireBoundDevice: false });
    expect((await open(cashier.client)).status).toBe(200);

    const on = await c.admin.post(`${D}/settings`, { requireBoundDevice: true });
    expect(on.body.data).toEqual({ requireBoundDevice: true });
    expect((await c.admin.get(`${D}/settings`)).body.data).toEqual({ requireBoundDevice: true });
    expect((await a.admin.get(`${D}/settings`)).body.data).toEqual({ requireBoundDevice: false });

    const none = await open(cashier.client);
    expectStatus(none, 403);
    expect(none.body.resp_msg).toBe('此设备未绑定门店，不能登录收银系统');
    expect((await open(cashier.client, undefined, EN)).body.resp_msg).toBe(
      'This device is not bound to your shop, so it cannot sign in to the cashier system',
    );
    expectStatus(await open(cashier.client, 'UNKNOWN-9'), 403);
    expectStatus(await open(cashier.client, elsewhere.mac), 403);
    const ok = await open(cashier.client, ' Till-001 ');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await t.client(ok.body.data.access_token).get('/api-user/me')).body.data.user.appId).toBe('cashier');
    const seen = (await c.admin.get(`${D}/list`, { keyword: 'TILL-001' })).body.data.list[0];
    expect(typeof seen.lastSeenAt).toBe('string');

    // A device of another company is unknown here.
    await b.admin.post(`${D}/saveMac`, { mac: 'FOREIGN-TILL', name: 'x', shopId: foreignShops[0].id });
    expectStatus(await open(cashier.client, 'FOREIGN-TILL'), 403);

    // Disabled devices do not open it; the admin (super) may use any enabled device; other apps need none.
    await c.admin.post(`${D}/updateStatus`, { id: mine.id, status: 0 });
    expectStatus(await open(cashier.client, mine.mac), 403);
    expect((await open(c.admin, elsewhere.mac)).status).toBe(200);
    expectStatus(await open(c.admin), 403);
    expect((await cashier.client.post('/api-user/relogin', { appId: 'admin' })).status).not.toBe(403);

    // app-login (application password) applies the same rule.
    await c.admin.post(`${D}/updateStatus`, { id: mine.id, status: 1 });
    const users = (await c.admin.get('/api-user/users', { keyword: cashier.username })).body.data.list;
    await c.admin.post('/api-user/users/updateUser', { id: users[0].id, appPasswords: [{ appId: 'cashier', password: 'till-pass-1' }] });
    expect((await open(cashier.client, mine.mac)).body.resp_code).toBe('4005');
    expectStatus(await cashier.client.post('/api-user/app-login', { appId: 'cashier', password: 'till-pass-1' }), 403);
    const appLogin = await cashier.client.post(
      '/api-user/app-login',
      { appId: 'cashier', password: 'till-pass-1' },
      { 'x-device-id': mine.mac },
    );
    expect(appLogin.status).toBe(200);

    // Moving the user's login shop takes effect at once.
    await c.admin.post(`/api-user/loginshop/${users[0].id}/saveLoginShops`, { shopIds: [cShops[1].id] });
    expectStatus(
      await cashier.client.post('/api-user/app-login', { appId: 'cashier', password: 'till-pass-1' }, { 'x-device-id': mine.mac }),
      403,
    );
    await c.admin.post(`${D}/settings`, { requireBoundDevice: false });
    expect((await cashier.client.post('/api-user/app-login', { appId: 'cashier', password: 'till-pass-1' })).status).toBe(200);
  });
});
