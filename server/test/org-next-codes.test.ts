import { describe, expect, it } from 'vitest';
import { build } from './helpers.js';
import { createLimitedUser } from './users.js';

/** The create forms of shops and employees open with the next code of their series filled in. */
describe('next codes of shops and employees', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.tenant();
  const anon = t.client();

  it('proposes one more than the largest code of the series, and the next once it is taken', async () => {
    const first = await a.admin.get('/api-chain/shop/getCode');
    expect(first.status).toBe(200);
    expect(first.body.data).toBe('MD001');
    const regions = (await a.admin.get('/api-chain/dictregion/list', { pageSize: 200 })).body.data.list as any[];
    const brands = (await a.admin.get('/api-chain/brand/list/all')).body.data as any[];
    const saved = await a.admin.post('/api-chain/shop/saveShop', {
      code: first.body.data,
      name: '北京国贸店',
      brandId: brands[0].id,
      regionId: regions.find((r) => r.parentId !== null).id,
      type: 1,
      provinceCode: '11',
      cityCode: '1101',
      areaCode: '110105',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await a.admin.get('/api-chain/shop/getCode')).body.data).toBe('MD002');

    // The demo's employees run E1001…: the proposal continues after the largest.
    const employees = (await a.admin.get('/api-chain/employee', { pageSize: 200 })).body.data.list as { eecode: string }[];
    const largest = Math.max(...employees.map((e) => Number(/^E(\d+)$/.exec(e.eecode)?.[1] ?? 0)));
    expect((await a.admin.get('/api-chain/employee/getCode')).body.data).toBe(`E${String(largest + 1).padStart(4, '0')}`);
  });

  it('each company has its own series', async () => {
    expect((await b.admin.get('/api-chain/shop/getCode')).body.data).toBe('MD001');
    expect((await b.admin.get('/api-chain/employee/getCode')).body.data).toBe('E0001');
  });

  it('needs a signed-in user who may create the record', async () => {
    expect((await anon.get('/api-chain/shop/getCode')).status).toBe(401);
    expect((await anon.get('/api-chain/employee/getCode')).status).toBe(401);
    const viewer = await createLimitedUser(t, a, { perms: ['org.shop.view', 'staff.employee.view'] });
    expect((await viewer.client.get('/api-chain/shop/getCode')).status).toBe(403);
    expect((await viewer.client.get('/api-chain/employee/getCode')).status).toBe(403);
  });

  it('takes no parameters', async () => {
    const res = await a.admin.get('/api-chain/shop/getCode', { prefix: 'X' });
    expect(res.status).toBe(400);
    expect(res.body.resp_msg).toBeTruthy();
  });
});
