import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { type Answer, build, type TestTenant } from './helpers.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };
const L = '/api-chain/logger/list';
const E = '/api-pers/employeelog/list/allWithParam';

function expect400(res: Answer, path: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.resp_code).toBe('400');
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
}

function expectStatus(res: Answer, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.resp_code).toBe(String(status));
}

describe('identity operation log', async () => {
  const t = await build();
  const a = await t.tenant();
  const b = await t.tenant();
  const anon = t.client();

  /** Audit rows written straight into the table (the log reads whatever the modules wrote). */
  const addRows = (x: TestTenant, rows: { at: string; entity: string; entityId?: number; username?: string; action?: string }[]) =>
    inTenant(t.database.db, x.tenantId, (tx) =>
      tx.insert(auditLog).values(
        rows.map((r) => ({
          tenantId: x.tenantId,
          userId: 1,
          username: r.username ?? 'zhangsan',
          action: r.action ?? `POST /api-pers/${r.entity}/save`,
          entity: r.entity,
          entityId: r.entityId ?? null,
          detail: { body: { name: '示例' } },
          requestId: 'req',
          at: new Date(r.at),
        })),
      ),
    );

  it('lists what was done, newest first, with who, what and the detail', async () => {
    const role = await a.admin.post('/api-user/roles/saveOrUpdate', { code: 'LOG1', name: '日志角色' });
    await a.admin.post('/api-user/roles/saveOrUpdate', { id: role.body.data.id, code: 'LOG1', name: '日志角色二' });
    const res = await a.admin.get(L);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
    const [latest, before] = res.body.data.list;
    expect(latest).toMatchObject({
      username: 'admin',
      action: 'POST /api-user/roles/saveOrUpdate',
      entity: 'role',
      entityId: role.body.data.id,
      detail: { body: { id: role.body.data.id, code: 'LOG1', name: '日志角色二' } },
    });
    expect(typeof latest.requestId).toBe('string');
    expect(new Date(latest.at).getTime()).toBeGreaterThanOrEqual(new Date(before.at).getTime());
    expect(latest).not.toHaveProperty('tenantId');
    expect(res.body.data.total).toBe(res.body.data.list.length);
    // Another company's log is not shown.
    expect((await b.admin.get(L)).body.data.list.some((r: any) => r.entityId === role.body.data.id && r.entity === 'role')).toBe(false);
  });

  it('filters by username, entity, entityId, action and days in Asia/Shanghai', async () => {
    await addRows(a, [
      { at: '2024-03-01T15:59:00Z', entity: 'shop', entityId: 7, username: 'lisi' }, // 2024-03-01 23:59 in Shanghai
      { at: '2024-03-01T16:30:00Z', entity: 'shop', entityId: 8, username: 'wangwu', action: 'DELETE /api-chain/shop/8' }, // 03-02 00:30
      { at: '2024-03-03T02:00:00Z', entity: 'brand', entityId: 7, username: 'lisi' },
    ]);
    const ids = async (q: Record<string, unknown>) =>
      ((await a.admin.get(L, { pageSize: 200, ...q })).body.data.list as any[]).map((r) => `${r.entity}:${r.entityId}`);
    expect(await ids({ dateFrom: '2024-03-01', dateTo: '2024-03-01' })).toEqual(['shop:7']);
    expect(await ids({ dateFrom: '2024-03-02', dateTo: '2024-03-02' })).toEqual(['shop:8']);
    expect(await ids({ dateFrom: '2024-03-01', dateTo: '2024-03-03' })).toEqual(['brand:7', 'shop:8', 'shop:7']);
    expect(await ids({ dateTo: '2024-03-02' })).toEqual(['shop:8', 'shop:7']);
    expect(await ids({ username: 'LIS' })).toEqual(['brand:7', 'shop:7']);
    expect(await ids({ entity: 'shop' })).toEqual(['shop:8', 'shop:7']);
    expect(await ids({ entityId: 7 })).toEqual(['brand:7', 'shop:7']);
    expect(await ids({ entity: 'shop', entityId: 7 })).toEqual(['shop:7']);
    expect(await ids({ action: 'delete /api-chain' })).toEqual(['shop:8']);
    expect(await ids({ action: '%' })).toEqual([]);
    expect(await ids({ entity: 'sho' })).toEqual([]);

    expect400(await a.admin.get(L, { dateFrom: '2024/03/01' }), 'dateFrom');
    const backwards = await a.admin.get(L, { dateFrom: '2024-03-02', dateTo: '2024-03-01' });
    expect400(backwards, 'dateTo');
    expect(backwards.body.errors?.[0].message).toBe('开始日期不能晚于结束日期');
    expect((await a.admin.get(L, { dateFrom: '2024-02-30' })).status).toBe(400);
    expect400(await a.admin.get(L, { entityId: 'x' }), 'entityId');
    expect400(await a.admin.get(L, { pageSize: 201 }), 'pageSize');
    expect400(await a.admin.get(L, { colour: 'red' }), 'colour');
  });

  it('counts up to 10 000 matching records and says when there are more; deep pages are refused', async () => {
    const c = await t.tenant();
    await inTenant(t.database.db, c.tenantId, (tx) =>
      tx.execute(sql`
        insert into audit_log (tenant_id, user_id, username, action, entity, entity_id, at)
        select ${c.tenantId}, 1, 'bulk', 'POST /api-chain/shop/saveShop', 'shop', g, timestamptz '2024-01-01 00:00+08' + g * interval '1 minute'
        from generate_series(1, 10050) g`),
    );
    const first = (await c.admin.get(L, { entity: 'shop' })).body.data;
    expect(first).toMatchObject({ total: 10_000, hasMore: true, page: 1, pageSize: 20 });
    expect(first.list.map((r: any) => r.entityId)).toEqual(Array.from({ length: 20 }, (_, i) => 10_050 - i));
    const last = (await c.admin.get(L, { entity: 'shop', page: 500 })).body.data;
    expect(last.list).toHaveLength(20);
    expect(last.list.at(-1).entityId).toBe(51);
    const deep = await c.admin.get(L, { entity: 'shop', page: 501 });
    expect400(deep, 'page');
    expect(deep.body.errors?.[0].message).toBe('最多只能翻看符合条件的前 10000 条记录，请缩小日期范围或增加筛选条件');
    expect((await c.admin.get(L, { entity: 'shop', page: 501 }, EN)).body.errors?.[0].message).toBe(
      'Only the first 10000 matching records can be paged through; narrow the dates or add filters',
    );
    const narrowed = (await c.admin.get(L, { entity: 'shop', dateFrom: '2024-01-01', dateTo: '2024-01-01' })).body.data;
    expect(narrowed).toMatchObject({ total: 1439, hasMore: false });
  });

  it('employeelog answers the log of employee records only', async () => {
    await addRows(a, [
      { at: '2024-05-01T01:00:00Z', entity: 'employee', entityId: 11 },
      { at: '2024-05-01T02:00:00Z', entity: 'employee', entityId: 12, action: 'POST /api-pers/employee/saveTransfer' },
      { at: '2024-05-01T03:00:00Z', entity: 'shop', entityId: 11 },
    ]);
    const res = await a.admin.get(E, { dateFrom: '2024-05-01', dateTo: '2024-05-01' });
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((r: any) => r.entityId)).toEqual([12, 11]);
    expect(res.body.data).toMatchObject({ total: 2, hasMore: false });
    expect((await a.admin.get(E, { entityId: 11 })).body.data.list.map((r: any) => r.entity)).toEqual(['employee']);
    expect((await a.admin.get(E, { entity: 'shop', entityId: 11 })).body.data.list.map((r: any) => r.entity)).toEqual(['employee']);
    expect((await a.admin.get(E, { action: 'saveTransfer' })).body.data.list.map((r: any) => r.entityId)).toEqual([12]);
    expect((await b.admin.get(E, { entityId: 11 })).body.data.total).toBe(0);
    expect400(await a.admin.get(E, { dateTo: 'yesterday' }), 'dateTo');
  });

  it('serves every path of the seed area users-roles, the logs and the extra user and device routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const MA = '/api-cashier/modelauthority';
    const expected: [string, string][] = [
      ['get', MA],
      ['post', `${MA}/save`],
      ['post', `${MA}/edit`],
      ['get', `${MA}/positionRoleList`],
      ['post', `${MA}/savePositionRole`],
      ['post', `${MA}/editPositionRole`],
      ['delete', `${MA}/deletePositionRole/{id}`],
      ['get', '/api-user/menus/treeList'],
      ['get', '/api-user/menus/getRoleMenus/{id}'],
      ['get', '/api-user/menus/getAllMenus'],
      ['post', '/api-user/menus/saveOrUpdate'],
      ['delete', '/api-user/menus/{id}'],
      ['get', '/api-user/roletype/list'],
      ['get', '/api-user/roles/roleList'],
      ['get', '/api-user/roles/getSysRoleList'],
      ['get', '/api-user/roles/getUsersByRoleId/{id}'],
      ['get', '/api-user/roles/findRoleMenuList/{id}'],
      ['post', '/api-user/roles/saveOrUpdate'],
      ['post', '/api-user/roles/saveRoleMenuList/{id}'],
      ['post', '/api-user/roles/saveCopyRoleMenu'],
      ['post', '/api-user/roles/roleListById'],
      ['delete', '/api-user/roles/{id}'],
      ['post', '/api-user/loginshop/{id}/saveLoginShops'],
      ['post', '/api-user/mangershop/{id}/saveMangerShops'],
      ['post', '/api-user/users/saveOrUpdate'],
      ['post', '/api-user/users/updateUser'],
      ['get', '/api-user/users-anon/eeid'],
      ['get', '/api-user/mac/list'],
      ['get', '/api-user/mac/saveMac'],
      ['post', '/api-user/mac/saveMac'],
      ['get', '/api-user/mac/updateStatus'],
      ['post', '/api-user/mac/updateStatus'],
      ['get', '/api-user/mac/batchUpdateStatus'],
      ['post', '/api-user/mac/batchUpdateStatus'],
      ['get', '/api-chain/logger/list'],
      ['get', '/api-pers/employeelog/list/allWithParam'],
      ['get', '/api-user/users'],
      ['get', '/api-user/users/{id}'],
      ['get', '/api-user/mac/settings'],
      ['post', '/api-user/mac/settings'],
    ];
    const missing = expected.filter(([method, path]) => !doc.paths[path]?.[method]);
    expect(missing).toEqual([]);
    expect(doc.paths['/api-user/users-anon/eeid'].get.description).toContain('requires sign-in');
    expect(doc.paths['/api-user/mac/settings'].get.description).toContain('X-Device-Id');
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    expectStatus(await anon.get(L), 401);
    expectStatus(await anon.get(E), 401);
    const nobody = await createLimitedUser(t, a, { perms: [] });
    expectStatus(await nobody.client.get(L), 403);
    expectStatus(await nobody.client.get(E), 403);
    const auditor = await createLimitedUser(t, a, { perms: ['identity.log.view'] });
    expect((await auditor.client.get(L)).status).toBe(200);
    expect((await auditor.client.get(E)).status).toBe(200);
    const hr = await createLimitedUser(t, a, { perms: ['staff.employee.view'] });
    expectStatus(await hr.client.get(L), 403);
    expect((await hr.client.get(E)).status).toBe(200);
  });
});
