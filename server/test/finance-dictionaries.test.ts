import { describe, expect, it } from 'vitest';
import { build } from './helpers.js';
import { createLimitedUser } from './users.js';

const F = '/api-finance';

describe('finance dictionaries and landlords', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const anon = t.client();
  const list = async (resource: string, query: Record<string, unknown> = {}) => {
    const res = await a.admin.get(`${F}/${resource}/list`, { pageSize: 200, ...query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.list as Record<string, any>[];
  };
  const all = async (resource: string) => (await a.admin.get(`${F}/${resource}/list/all`)).body.data as Record<string, any>[];

  it('lists the demo chain’s items under their groups, with their budgets and approving departments named', async () => {
    const items = await list('dicioitem');
    const water = items.find((i) => i.name === '水电费');
    expect(water).toMatchObject({ groupName: '门店日常费用', type: 2, budget: 6_000_000 });
    const approvers = await list('dicfunddescribe', { itemId: water?.id });
    expect(approvers).toHaveLength(1);
    expect(approvers[0]).toMatchObject({ itemName: '水电费', departmentName: '运营部' });
    for (const resource of ['dicpioitem', 'dicfinancialarea', 'dicshopftype', 'dicbank', 'dicreserve', 'dicreserveioitem'])
      expect((await all(resource)).length, resource).toBeGreaterThan(0);
  });

  it('proposes the next code and creates an item that books what its group books', async () => {
    const [group] = (await list('dicpioitem', { type: 2 })).filter((g) => g.name === '门店日常费用');
    const next = await a.admin.get(`${F}/dicioitem/getNextCode`);
    expect(next.status).toBe(200);
    expect(next.body.data).toMatch(/^XM\d+$/);
    const saved = await a.admin.post(`${F}/dicioitem/save`, {
      code: next.body.data,
      name: '网络宽带',
      groupId: group.id,
      type: 2,
      budget: 360_000,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await list('dicioitem', { groupId: group.id })).map((i) => i.name)).toContain('网络宽带');
    const wrongType = await a.admin.post(`${F}/dicioitem/save`, { code: 'XM900', name: '房租收入', groupId: group.id, type: 1 });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(wrongType.body)).toContain('门店日常费用');
    const noGroup = await a.admin.post(`${F}/dicioitem/save`, { code: 'XM901', name: '无组', type: 2 });
    expect(noGroup.status).toBe(400);
  });

  it('gives an item one approving department', async () => {
    const items = await list('dicioitem');
    const water = items.find((i) => i.name === '水电费');
    const [department] = (await a.admin.get('/api-chain/branch/list/all')).body.data as { id: number }[];
    const second = await a.admin.post(`${F}/dicfunddescribe/save`, {
      code: 'FY900',
      name: '第二审批',
      itemId: water?.id,
      departmentId: department.id,
    });
    expect(second.status).toBe(409);
    expect(second.body.resp_msg).toContain('水电费');
  });

  it('pays each landlord to an account of their own, checked for its form and its owner', async () => {
    const landlords = await list('landlordinfo');
    const taken = landlords[0];
    const check = await a.admin.get(`${F}/landlordinfo/checkBankno`, { bankno: taken.bankno });
    expect(check.status).toBe(200);
    expect(check.body.data.free).toBe(false);
    expect((await a.admin.get(`${F}/landlordinfo/checkBankno`, { bankno: '6222 0000 1111 2222' })).body.data.free).toBe(true);
    expect((await a.admin.get(`${F}/landlordinfo/checkBankno`, { bankno: '12ab' })).status).toBe(400);
    const base = { name: '李四', payee: '李四', bank: '中国银行上海分行' };
    const duplicate = await a.admin.post(`${F}/landlordinfo/save`, { ...base, code: 'FD900', bankno: taken.bankno });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.resp_msg).toContain(taken.name);
    const badForm = await a.admin.post(`${F}/landlordinfo/save`, { ...base, code: 'FD901', bankno: '6222-abc' });
    expect(badForm.status).toBe(400);
    const spaced = await a.admin.post(`${F}/landlordinfo/save`, { ...base, code: 'FD902', bankno: '6222 0000 1111 2222' });
    expect(spaced.status, JSON.stringify(spaced.body)).toBe(200);
    expect((await list('landlordinfo', { keyword: '李四' }))[0].bankno).toBe('6222000011112222');
    // another tenant may use the same account for its own landlord
    expect((await b.admin.get(`${F}/landlordinfo/checkBankno`, { bankno: '6222000011112222' })).body.data.free).toBe(true);
  });

  it('names the reserve types a spending item may be paid from, and filters by one of them', async () => {
    const types = await all('dicreserve');
    const refund = types.find((r) => r.name === '退卡保证金');
    const items = (await a.admin.get(`${F}/dicreserveioitem/listBypage`, { reserveTypeId: refund?.id })).body.data.list as Record<
      string,
      any
    >[];
    expect(items.map((i) => i.name)).toEqual(['会员退卡']);
    const rent = (await list('dicreserveioitem')).find((i) => i.name === '门店房租');
    expect(rent?.reserveTypeNames).toBe('营业款、预留其他');
    const saved = await a.admin.post(`${F}/dicreserveioitem/save`, {
      code: 'ZC900',
      name: '消防检测',
      kind: 1,
      reserveTypeIds: [types[1].id, types[3].id],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const foreign = (await b.admin.get(`${F}/dicreserve/list/all`)).body.data[0].id as number;
    const mixed = await a.admin.post(`${F}/dicreserveioitem/save`, { code: 'ZC901', name: '跨租户', kind: 1, reserveTypeIds: [foreign] });
    expect(mixed.status).toBe(400);
    const none = await a.admin.post(`${F}/dicreserveioitem/save`, { code: 'ZC902', name: '无来源', kind: 1, reserveTypeIds: [] });
    expect(none.status).toBe(400);
  });

  it('getReserveByriid answers the enabled reserve types a spending item may be paid from', async () => {
    const rent = (await list('dicreserveioitem')).find((i) => i.name === '门店房租') as Record<string, any>;
    const of = (riid: unknown, client = a.admin) => client.get(`${F}/dicreserveioitem/getReserveByriid`, { riid });
    const answered = await of(rent.id);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.data.map((r: any) => r.name)).toEqual(['营业款', '预留其他']);
    expect(answered.body.data.map((r: any) => r.id).sort()).toEqual([...rent.reserveTypeIds].sort());
    // a disabled type is not offered any more; enabled again, it is
    const other = answered.body.data[1].id as number;
    expect((await a.admin.post(`${F}/dicreserve/updateStatus`, { ids: [other], status: 0 })).status).toBe(200);
    expect((await of(rent.id)).body.data.map((r: any) => r.name)).toEqual(['营业款']);
    expect((await a.admin.post(`${F}/dicreserve/updateStatus`, { ids: [other], status: 1 })).status).toBe(200);
    // any signed-in user may read it (the spending form's picker); another tenant's item is not there
    const clerk = await createLimitedUser(t, a, { perms: ['finance.reserve.spend.edit'] });
    expect((await of(rent.id, clerk.client)).body.data).toHaveLength(2);
    const theirs = (await b.admin.get(`${F}/dicreserveioitem/list/all`)).body.data[0].id as number;
    expect((await of(theirs)).status).toBe(404);
    expect((await of('x')).status).toBe(400);
    expect((await anon.get(`${F}/dicreserveioitem/getReserveByriid`, { riid: rent.id })).status).toBe(401);
  });

  it('enables and disables finance areas like every other finance dictionary (updateStatus)', async () => {
    const [area] = await all('dicfinancialarea');
    const off = await a.admin.post(`${F}/dicfinancialarea/updateStatus`, { ids: [area.id], status: 0 });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await all('dicfinancialarea')).map((r) => r.id)).not.toContain(area.id);
    expect((await list('dicfinancialarea')).find((r) => r.id === area.id)?.status).toBe(0);
    expect((await a.admin.post(`${F}/dicfinancialarea/updateStatus`, { ids: [area.id], status: 1 })).status).toBe(200);
    expect((await all('dicfinancialarea')).map((r) => r.id)).toContain(area.id);
    const theirs = (await b.admin.get(`${F}/dicfinancialarea/list/all`)).body.data[0].id as number;
    expect((await a.admin.post(`${F}/dicfinancialarea/updateStatus`, { ids: [theirs], status: 0 })).status).toBe(404);
    const viewer = await createLimitedUser(t, a, { perms: ['finance.dict.dicfinancialarea.view'] });
    expect((await viewer.client.post(`${F}/dicfinancialarea/updateStatus`, { ids: [area.id], status: 0 })).status).toBe(403);
  });

  it('answers 401 without a session, 403 without the right and 404 for another tenant’s entry', async () => {
    expect((await anon.get(`${F}/dicioitem/list`)).status).toBe(401);
    const clerk = await createLimitedUser(t, a, { perms: ['finance.dict.dicbank.view'] });
    expect((await clerk.client.get(`${F}/dicbank/list`)).status).toBe(200);
    expect((await clerk.client.post(`${F}/dicbank/save`, { code: 'YH900', name: '某银行' })).status).toBe(403);
    expect((await clerk.client.get(`${F}/landlordinfo/list`)).status).toBe(403);
    const theirs = (await b.admin.get(`${F}/landlordinfo/list`)).body.data.list[0].id as number;
    expect((await a.admin.get(`${F}/landlordinfo/${theirs}`)).status).toBe(404);
    const mine = (await list('landlordinfo'))[0];
    expect((await a.admin.get(`${F}/landlordinfo/${mine.id}`)).status).toBe(200);
  });
});
