import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { build, type Client } from './helpers.js';
import { shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

const F = '/api-finance';

describe('shop finance settings: profiles, petty cash and payee accounts', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  // The demo chain gives its first shops finance profiles and accounts: these two have none.
  const [shopA, shopB] = (await shopIds(t, a)).slice(-2);
  const all = async (client: Client, path: string) => (await client.get(path)).body.data as Record<string, any>[];
  const item = async (client: Client, name: string) =>
    (await all(client, `${F}/dicioitem/list/all`)).find((i) => i.name === name)?.id as number;
  const water = await item(a.admin, '水电费');
  const office = await item(a.admin, '办公用品');
  const manager = await createLimitedUser(t, a, {
    perms: ['finance.shopext.view', 'finance.shopext.edit', 'finance.ioaccount.view', 'finance.ioaccount.edit'],
    managerShops: [shopA],
  });
  const upload = async (rows: unknown[][], client: Client = a.admin) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('收款账户');
    ws.addRow(['门店', '收支项目', '收款人', '开户行', '银行账号', '支行']);
    for (const r of rows) ws.addRow(r);
    return client.upload(`${F}/ioaccount/saveSystem`, Buffer.from(await wb.xlsx.writeBuffer()));
  };

  it('lists every shop with its profile, saves one on its first save and then only at the version read', async () => {
    const page = (await a.admin.get(`${F}/shopext/list`, { pageSize: 50 })).body.data;
    expect(page.total).toBeGreaterThanOrEqual(11);
    const row = page.list.find((r: any) => r.shopId === shopA);
    expect(row).toMatchObject({ payee: null, feeRatio: 0, float: 0 });
    expect(row.version).toBeUndefined();
    const [area] = await all(a.admin, `${F}/dicfinancialarea/list/all`);
    const saved = await a.admin.post(`${F}/shopext/save`, {
      shopId: shopA,
      payee: '张店长',
      bank: '招商银行',
      bankno: '6225 8801 0000 1111',
      financialAreaId: area.id,
      feeRatio: 350,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ bankno: '6225880100001111', financialAreaName: area.name, feeRatio: 350, version: 1 });
    const shown = await a.admin.get(`${F}/shopext/getShopExtShow`, { shopId: shopA });
    expect(shown.body.data.payee).toBe('张店长');
    const inArea = (await a.admin.get(`${F}/shopext/list`, { financialAreaId: area.id })).body.data.list.map((r: any) => r.shopId);
    expect(inArea).toContain(shopA);
    expect(inArea).not.toContain(shopB);
    const again = await a.admin.post(`${F}/shopext/save`, { shopId: shopA, version: 1, payee: '李店长' });
    expect(again.status).toBe(200);
    const stale = await a.admin.post(`${F}/shopext/save`, { shopId: shopA, version: 1, payee: '王店长' });
    expect(stale.status).toBe(409);
    expect((await a.admin.post(`${F}/shopext/save`, { shopId: shopA, bankno: '12-34' })).status).toBe(400);
    expect((await a.admin.post(`${F}/shopext/save`, { shopId: shopA, feeRatio: 10_001 })).status).toBe(400);
    const [theirArea] = await all(b.admin, `${F}/dicfinancialarea/list/all`);
    expect((await a.admin.post(`${F}/shopext/save`, { shopId: shopA, version: 2, financialAreaId: theirArea.id })).status).toBe(400);
    const [theirShop] = await shopIds(t, b);
    expect((await a.admin.post(`${F}/shopext/save`, { shopId: theirShop, payee: 'x' })).status).toBe(404);
  });

  it('keeps each shop’s petty-cash float', async () => {
    const saved = await a.admin.post(`${F}/fundshop/save`, { shopId: shopB, float: 500_000, largeNeedsTakings: 1 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const one = await a.admin.post(`${F}/fundshop/getFundShop`, { shopId: shopB });
    expect(one.body.data).toMatchObject({ shopId: shopB, float: 500_000, largeNeedsTakings: 1, version: 1 });
    const some = await a.admin.post(`${F}/fundshop/queryFundShop`, { shopIds: [shopA, shopB] });
    expect(some.body.data.map((r: any) => [r.shopId, r.float])).toEqual(expect.arrayContaining([[shopB, 500_000]]));
    expect((await a.admin.post(`${F}/fundshop/save`, { shopId: shopB, float: -1 })).status).toBe(400);
    expect((await a.admin.post(`${F}/fundshop/save`, { shopId: shopB, version: 7, float: 1 })).status).toBe(409);
  });

  it('keeps one payee account per shop and item', async () => {
    const created = await a.admin.post(`${F}/ioaccount/save`, {
      shopId: shopA,
      itemId: water,
      payee: '上海电力',
      bank: '工商银行',
      bankno: '1001244309001111',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ itemName: '水电费', version: 1 });
    const twice = await a.admin.post(`${F}/ioaccount/save`, {
      shopId: shopA,
      itemId: water,
      payee: '另一个',
      bank: '工商银行',
      bankno: '1001244309002222',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.resp_msg).toContain('水电费');
    const found = await a.admin.post(`${F}/ioaccount/getIoAccount`, { shopId: shopA, itemId: water });
    expect(found.body.data.payee).toBe('上海电力');
    expect((await a.admin.post(`${F}/ioaccount/getIoAccount`, { shopId: shopA, itemId: office })).body.data).toBeNull();
    const id = created.body.data.id as number;
    const updated = await a.admin.post(`${F}/ioaccount/save`, {
      id,
      version: 1,
      shopId: shopA,
      itemId: water,
      payee: '国网上海',
      bank: '工商银行',
      bankno: '1001244309001111',
    });
    expect(updated.status).toBe(200);
    expect((await a.admin.get(`${F}/ioaccount/list`, { keyword: '国网上海' })).body.data.list.map((r: any) => r.id)).toEqual([id]);
    expect(
      (
        await b.admin.post(`${F}/ioaccount/save`, {
          id,
          version: 2,
          shopId: shopA,
          itemId: water,
          payee: 'x',
          bank: 'y',
          bankno: '10012443090011',
        })
      ).status,
    ).toBe(404);
    expect((await b.admin.del(`${F}/ioaccount/${id}`)).status).toBe(404);
    expect((await a.admin.del(`${F}/ioaccount/${id}`)).status).toBe(200);
    expect((await a.admin.post(`${F}/ioaccount/getIoAccount`, { shopId: shopA, itemId: water })).body.data).toBeNull();
  });

  it('imports payee accounts all or nothing, refusing a shop and item twice', async () => {
    const shops = await all(a.admin, '/api-chain/shop/list/all');
    const [s1, s2] = shops.slice(-2);
    const bad = await upload([
      [s1.code, '办公用品', '文具店', '建设银行', '6227000011112222', ''],
      [s1.code, '办公用品', '文具店二', '建设银行', '6227000011113333', ''],
    ]);
    expect(bad.status).toBe(400);
    expect((await a.admin.post(`${F}/ioaccount/getIoAccount`, { shopId: s1.id, itemId: office })).body.data).toBeNull();
    const good = await upload([
      [s1.code, '办公用品', '文具店', '建设银行', '6227000011112222', '静安支行'],
      [s2.name, '水电费', '供电局', '工商银行', '6222000011114444', ''],
    ]);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data.imported).toBe(2);
    expect((await a.admin.post(`${F}/ioaccount/getIoAccount`, { shopId: s2.id, itemId: water })).body.data.payee).toBe('供电局');
  });

  it('shows a shop’s manager their own shop only', async () => {
    const list = (await manager.client.get(`${F}/shopext/list`)).body.data.list as any[];
    expect(list.map((r) => r.shopId)).toEqual([shopA]);
    expect((await manager.client.get(`${F}/shopext/getShopExtShow`, { shopId: shopB })).status).toBe(403);
    expect((await manager.client.post(`${F}/shopext/save`, { shopId: shopB, payee: 'x' })).status).toBe(403);
    expect((await manager.client.post(`${F}/fundshop/getFundShop`, { shopId: shopB })).status).toBe(403);
    expect(
      (await manager.client.post(`${F}/ioaccount/save`, { shopId: shopB, itemId: office, payee: 'x', bank: 'y', bankno: '62270000111122' }))
        .status,
    ).toBe(403);
    const accounts = (await manager.client.get(`${F}/ioaccount/list`, { pageSize: 200 })).body.data.list as any[];
    expect(accounts.every((r) => r.shopId === shopA)).toBe(true);
    const other = (await a.admin.get(`${F}/ioaccount/list`, { shopId: shopB, pageSize: 1 })).body.data.list[0];
    if (other) expect((await manager.client.del(`${F}/ioaccount/${other.id}`)).status).toBe(404);
  });

  it('answers 401 without a session and 403 without the right', async () => {
    expect((await t.client().get(`${F}/shopext/list`)).status).toBe(401);
    const clerk = await createLimitedUser(t, a, { perms: ['finance.ioaccount.view'] });
    expect((await clerk.client.get(`${F}/ioaccount/list`)).status).toBe(200);
    expect((await clerk.client.get(`${F}/shopext/list`)).status).toBe(403);
    expect(
      (await clerk.client.post(`${F}/ioaccount/save`, { shopId: shopA, itemId: office, payee: 'x', bank: 'y', bankno: '62270000111122' }))
        .status,
    ).toBe(403);
  });

  it('UnionPay merchant accounts (uplshopaccount): one per shop, saved at the root, listed, found by shop code, imported; the shop’s QR', async () => {
    const U = `${F}/uplshopaccount`;
    const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as { id: number; code: string; name: string }[];
    const shop = shops.find((s) => s.id === shopA) as { id: number; code: string; name: string };
    const other = shops.find((s) => s.id === shopB) as { id: number; code: string; name: string };
    // Nothing yet: the code finds the shop, no account; the QR is refused with the reason.
    expect((await a.admin.post(`${U}/getShopcodeAccountShow`, { shopcode: shop.code })).body.data).toBeNull();
    const none = await a.admin.post(`${U}/getUnionQr`, { shopid: shopA });
    expect([none.status, none.body.resp_msg]).toEqual([409, `门店「${shop.name}」还没有银联商户账户`]);
    const saved = await a.admin.post(U, {
      code: 'YL001',
      name: '银联商户一',
      shopId: shopA,
      cbMerchantCode: '898310048160001',
      cbTerminalCode: '10000001',
      pubBcMerchantCode: '898310048160002',
      limitMoney: 5_000_000,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ shopId: shopA, shopName: shop.name, limitMoney: 5_000_000, version: 1 });
    const found = (await a.admin.post(`${U}/getShopcodeAccountShow`, { shopcode: shop.code })).body.data;
    expect(found).toMatchObject({ id: saved.body.data.id, cbMerchantCode: '898310048160001' });
    const qr = (await a.admin.post(`${U}/getUnionQr`, { shopid: shopA })).body.data;
    expect(qr).toEqual({
      resultCode: '0000',
      resultMsg: 'OK',
      qrcode: `upqr://collect?mid=898310048160001&tid=10000001&shop=${shop.code}`,
    });
    // A second account of the shop is a conflict; an update at the version read is not.
    expect((await a.admin.post(U, { code: 'YL002', name: '重复', shopId: shopA })).status).toBe(409);
    const updated = await a.admin.post(U, { ...found, shopName: undefined, createdAt: undefined, updatedAt: undefined, limitMoney: 100 });
    expect([updated.status, updated.body.data?.limitMoney]).toEqual([200, 100]);
    const bad = await a.admin.post(U, { code: 'YL003', name: '坏', shopId: shopB, limitMoney: -1 });
    expect([bad.status, bad.body.errors?.[0]?.path]).toEqual([400, 'limitMoney']);
    // The list, filtered by merchant number.
    const list = (await a.admin.get(`${U}/list`, { keyword: '898310048160001' })).body.data;
    expect(list.list.map((r: { shopId: number }) => r.shopId)).toEqual([shopA]);
    // The import (saveSystem) from the template's columns.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('银联商户账户');
    ws.addRow(['账户编码', '商户名称', '门店', '对私C扫B商户号', '对私C扫B终端号', '对公限制金额']);
    ws.addRow(['YL009', '银联商户二', other.code, '898310048160009', '10000009', 20_000]);
    const imported = await a.admin.upload(`${U}/saveSystem`, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(imported.status).toBe(200);
    expect((await a.admin.post(`${U}/getShopcodeAccountShow`, { shopcode: other.code })).body.data).toMatchObject({
      name: '银联商户二',
      cbTerminalCode: '10000009',
    });
    // 401, 403 without the right, another tenant's shop 404, a shop user only their shop.
    expect((await t.client('nope').get(`${U}/list`)).status).toBe(401);
    const noRight = await createLimitedUser(t, a, { perms: ['finance.shopext.view'], managerShops: [shopA] });
    expect((await noRight.client.post(`${U}/getUnionQr`, { shopid: shopA })).status).toBe(403);
    const [foreign] = await shopIds(t, b);
    expect((await a.admin.post(`${U}/getUnionQr`, { shopid: foreign })).status).toBe(404);
    const clerk = await createLimitedUser(t, a, { perms: ['finance.uplshopaccount.view'], managerShops: [shopB] });
    expect((await clerk.client.get(`${U}/list`)).body.data.list.map((r: { shopId: number }) => r.shopId)).toEqual([shopB]);
    expect((await clerk.client.get(`${U}/${saved.body.data.id}`)).status).toBe(404);
    expect((await clerk.client.post(`${U}/getShopcodeAccountShow`, { shopcode: shop.code })).status).toBe(404);
    expect((await clerk.client.post(`${U}/getUnionQr`, { shopid: shopA })).status).toBe(403);
  });
});
