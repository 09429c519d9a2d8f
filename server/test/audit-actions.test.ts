import { auditEntityLabels } from '@headoffice/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { auditedEntities, definedEntityLabels } from '../src/platform/audit.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build, type Client } from './helpers.js';
import { ensureReasons, ensureStockMenus, makeProducts, shopIds, uniq } from './stock-support.js';

const L = '/api-chain/logger/list';
const EN = { 'accept-language': 'en-US' };

describe('the operation log reads as business actions', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });

  const auditCount = () =>
    inTenant(t.database.db, a.tenantId, async (tx) => {
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.tenantId, a.tenantId));
      return row?.n ?? 0;
    });
  /** The newest log line, as the log page reads it in zh-CN and in en-US. */
  const latest = async (client: Client = a.admin) => {
    const zh = (await client.get(L, { pageSize: 1 })).body.data.list[0];
    const en = (await client.get(L, { pageSize: 1 }, EN)).body.data.list[0];
    return { zh, en };
  };
  const regions = (await a.admin.get('/api-chain/dictregion/list', { pageSize: 200 })).body.data.list as any[];
  const brands = (await a.admin.get('/api-chain/brand/list/all')).body.data as any[];
  const region = regions.find((r) => r.parentId !== null);
  const place = { provinceCode: '31', cityCode: '3101', areaCode: '310101' };

  it('names every write route’s entity in both languages', () => {
    const missing = [...auditedEntities].filter((e) => !(e in auditEntityLabels) && !definedEntityLabels.has(e));
    expect(missing).toEqual([]);
    expect(auditedEntities.size).toBeGreaterThan(40);
  });

  it('a new shop reads 新建门店 <name>, and a change lists each field: old → new', async () => {
    const name = `北京国贸店${uniq()}`;
    const created = await a.admin.post('/api-chain/shop/saveShop', {
      code: `S${uniq()}`,
      name,
      brandId: brands[0].id,
      regionId: region.id,
      type: 1,
      ...place,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const shop = created.body.data;
    let log = await latest();
    expect(log.zh).toMatchObject({ text: `新建门店 ${name}`, entity: 'shop', entityId: shop.id, target: name });
    expect(log.en).toMatchObject({ text: `Created shop ${name}` });

    const renamed = `${name}（新）`;
    const updated = await a.admin.post('/api-chain/shop/saveShop', {
      id: shop.id,
      version: shop.version,
      code: shop.code,
      name: renamed,
      brandId: brands[0].id,
      regionId: region.id,
      type: 1,
      stations: 8,
      ...place,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    log = await latest();
    expect(log.zh.text).toBe(`修改门店 ${renamed}`);
    expect(log.zh.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', label: '名称', from: name, to: renamed },
        { field: 'stations', label: '工位数', from: shop.stations, to: 8 },
      ]),
    );
    // Bookkeeping columns never show as changes.
    expect(log.zh.changes.map((c: any) => c.field)).not.toContain('version');
    expect(log.en.text).toBe(`Changed shop ${renamed}`);
    expect(log.en.changes).toEqual(expect.arrayContaining([{ field: 'name', label: 'Name', from: name, to: renamed }]));
  });

  it('a delete names the record it removed, which the request did not', async () => {
    const name = `删除品牌${uniq()}`;
    const brand = (await a.admin.post('/api-chain/brand/save', { code: `B${uniq()}`, name })).body.data;
    expect((await a.admin.del(`/api-chain/brand/${brand.id}`)).status).toBe(200);
    const log = await latest();
    expect(log.zh.text).toBe(`删除品牌 ${name}`);
    expect(log.en.text).toBe(`Deleted brand ${name}`);
  });

  it('enabling and disabling several records reads as one action naming them', async () => {
    const made = [];
    for (let i = 0; i < 2; i++)
      made.push((await a.admin.post('/api-chain/channel/save', { code: `C${uniq()}`, name: `渠道${uniq()}` })).body.data);
    const res = await a.admin.post('/api-chain/channel/updateStatus', { ids: made.map((c) => c.id), status: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const log = await latest();
    expect(log.zh.text.startsWith('停用渠道 ')).toBe(true);
    for (const c of made) expect(log.zh.text).toContain(c.name);
    expect(log.en.text.startsWith('Disabled channel ')).toBe(true);
    expect(log.zh.changes).toEqual(expect.arrayContaining([{ field: 'status', label: `${made[0].name} · 状态`, from: 1, to: 0 }]));
  });

  it('an employee change reads 修改员工 <name>', async () => {
    const list = (await a.admin.get('/api-chain/employee', { pageSize: 1 })).body.data.list as any[];
    const employee = list[0];
    const res = await a.admin.post('/api-chain/employee', {
      id: employee.id,
      eecode: employee.eecode,
      name: employee.name,
      entryDate: employee.entryDate,
      memo: '调整备注',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const log = await latest();
    expect(log.zh.text).toBe(`修改员工 ${employee.name}`);
    expect(log.zh.changes).toEqual([{ field: 'memo', label: '备注', from: employee.memo ?? null, to: '调整备注' }]);
    expect(log.en.text).toBe(`Changed employee ${employee.name}`);
  });

  it('approving a stock entry reads 审核入库单 <bill number>', async () => {
    await ensureStockMenus(t, a);
    const reasons = await ensureReasons(t, a);
    const [shopId] = await shopIds(t, a);
    const [product] = await makeProducts(t, a, 1);
    const bill = (
      await a.admin.post('/api-stock/entry', { shopId, reasonId: reasons.purchase, lines: [{ productId: product.id, quantity: 2 }] })
    ).body.data;
    expect(bill.billNo).toMatch(/^RK/);
    expect((await a.admin.post('/api-stock/entry/audit', { id: bill.id })).status).toBe(200);
    const log = await latest();
    expect(log.zh.text).toBe(`审核入库单 ${bill.billNo}`);
    expect(log.en.text).toBe(`Approved stock entry ${bill.billNo}`);
    expect(log.zh.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'state', label: '单据状态', to: 'audited' })]));
  });

  it('a bill approved from the inbox reads as its own transition, like one approved on its page', async () => {
    const reasons = await ensureReasons(t, a);
    const [shopId] = await shopIds(t, a);
    const [product] = await makeProducts(t, a, 1);
    const bill = (
      await a.admin.post('/api-stock/entry', { shopId, reasonId: reasons.purchase, lines: [{ productId: product.id, quantity: 1 }] })
    ).body.data;
    const res = await a.admin.post('/api-user/inbox/transition', { docType: 'stock.entry', id: bill.id, action: 'audit' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const log = await latest();
    expect(log.zh.text).toBe(`审核入库单 ${bill.billNo}`);
    expect(log.en.text).toBe(`Approved stock entry ${bill.billNo}`);
  });

  it('a read writes nothing, whether by GET or by POST', async () => {
    const before = await auditCount();
    expect((await a.admin.get('/api-chain/shop', { pageSize: 5 })).status).toBe(200);
    expect((await a.admin.post('/api-chain/shop/checkShopcode', { code: 'NO-SUCH' })).status).toBe(200);
    expect((await a.admin.post('/api-chain/product/checkPcode', { pcode: 'NO-SUCH' })).status).toBe(200);
    expect((await a.admin.post('/api-chain/serviceGroup/getServiceGroup', {})).status).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it('a refused write leaves no log line', async () => {
    const before = await auditCount();
    expect((await a.admin.post('/api-chain/brand/save', { name: '' })).status).toBe(400);
    expect(await auditCount()).toBe(before);
  });
});
