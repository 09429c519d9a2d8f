import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { build, type Client } from './helpers.js';
import { expectStatus } from './staff-support.js';
import { createLimitedUser } from './users.js';

const S = '/api-member/chainmember/saveMemberCard';
const L = '/api-member/chainmember/pageChainMembers';
const R = '/api-member/userinfo/relation';
const U = '/api-member/userinfo';
const IMP = '/api-member/chainmember/memberImport';
const LOGS = '/api-member/chainmember/queryMemberImplogs';
const TEMPLATE = '/api-member/chainmember/memberImportTemplate';
const EN = { 'accept-language': 'en-US' };
const HEADERS = ['会员编号', '姓名', '手机号', '性别', '生日', '注册日期', '顾客来源', '会员等级', '昵称', '备注'];

let serial = 0;
const mobile = () => `136${String(Date.now() % 1e5).padStart(5, '0')}${String(serial++).padStart(3, '0')}`;

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('会员');
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('members: advisors (客情归属) and the member import', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.tenant();
  const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as { id: number; name: string }[];
  const [shopA, shopB] = shops;
  const staff = (await a.admin.get('/api-chain/employee', { pageSize: 200, status: 1 })).body.data.list as {
    id: number;
    shopId: number | null;
    name: string;
  }[];
  const advisorA = staff.find((e) => e.shopId === shopA.id) as { id: number; name: string };
  const advisorB = staff.find((e) => e.shopId === shopB.id) as { id: number; name: string };

  const member = async (shopId = shopA.id) => {
    const res = await a.admin.post(S, { mobile: mobile(), name: '顾小满', shopId });
    expectStatus(res, 200);
    return res.body.data.id as number;
  };

  const upload = (content: Buffer, query: Record<string, unknown>, client: Client = a.admin, headers: Record<string, string> = {}) =>
    client.upload(IMP, content, { query, headers, filename: '会员.xlsx' });

  it('sets, lists, batch-sets and removes advisors under both readings of the paths', async () => {
    const one = await member();
    const two = await member();
    expectStatus(await a.admin.post(`${R}/editEmployee`, { memid: one, eeid: advisorA.id }), 200);
    expectStatus(await a.admin.post(`${U}/batchEdit`, { memids: [two], eeid: advisorA.id }), 200);
    const list = (await a.admin.get(`${R}/list`, { eeid: advisorA.id, pageSize: 200 })).body.data;
    const ids = list.list.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([one, two]));
    expect(list.list.find((r: { id: number }) => r.id === one)).toMatchObject({ advisorName: advisorA.name, perVisit: 0, missDays: null });
    expectStatus(await a.admin.post(`${U}/removeUserinfo`, { memids: [one] }), 200);
    expect((await a.admin.get(`${R}/list`, { eeid: 0, pageSize: 200 })).body.data.list.map((r: { id: number }) => r.id)).toContain(one);
    expectStatus(await a.admin.post(`${R}/batchEdit`, { memids: [one, two], eeid: advisorB.id }), 200);
    expectStatus(await a.admin.post(`${R}/removeUserinfo`, { memids: [two] }), 200);
    expectStatus(await a.admin.post(`${U}/editEmployee`, { memid: two, eeid: advisorA.id }), 200);
    const detail = (await a.admin.get('/api-member/chainmember/queryMember', { memid: two })).body.data;
    expect(detail.advisorId).toBe(advisorA.id);
    const picker = (await a.admin.get(`${R}/eelistApp`, { shopid: shopA.id })).body.data as { id: number; shopId: number }[];
    expect(picker.map((e) => e.id)).toContain(advisorA.id);
    expect(picker.every((e) => e.shopId === shopA.id)).toBe(true);
    expectStatus(await a.admin.get(`${U}/eelistApp`), 200);
  });

  it('filters relations by days since the last visit, spend, visits, channel; exports them', async () => {
    const res = await a.admin.get(`${R}/list`, { missDays: 30, spentMin: 0, spentMax: 100, visitsMin: 0, visitsMax: 3, pageSize: 5 });
    expectStatus(res, 200);
    expect(Array.isArray(res.body.data.list)).toBe(true);
    const file = await a.admin.get(`${R}/export`, { eeid: advisorA.id });
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.raw as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe('会员编号');
  });

  it('relations: 400, 401, 403, 404 for another tenant, and a shop user against another shop', async () => {
    const m = await member();
    expectStatus(await a.admin.post(`${R}/editEmployee`, { memid: m }), 400);
    expectStatus(await a.admin.post(`${R}/editEmployee`, { memid: m, eeid: 99_999_999 }), 400);
    expectStatus(await t.client().get(`${R}/list`), 401);
    expectStatus(await b.admin.post(`${R}/editEmployee`, { memid: m, eeid: 1 }), 404);
    const viewer = await createLimitedUser(t, a, { perms: ['members.relation.view'] });
    expectStatus(await viewer.client.post(`${U}/batchEdit`, { memids: [m], eeid: advisorA.id }), 403);
    const shopUser = await createLimitedUser(t, a, { perms: ['members.relation.view', 'members.relation.edit'], loginShops: [shopA.id] });
    const other = await member(shopB.id);
    expectStatus(await shopUser.client.post(`${R}/editEmployee`, { memid: other, eeid: advisorA.id }), 403);
    expectStatus(await shopUser.client.post(`${R}/editEmployee`, { memid: m, eeid: advisorB.id }), 403);
    expectStatus(await shopUser.client.post(`${R}/editEmployee`, { memid: m, eeid: advisorA.id }), 200);
    const seen = (await shopUser.client.get(`${R}/list`, { pageSize: 200 })).body.data.list as { shopId: number }[];
    expect(seen.every((r) => r.shopId === shopA.id)).toBe(true);
    expectStatus(await shopUser.client.get(`${R}/list`, { shopid: shopB.id }), 403);
  });

  it('gives a template in the request’s language', async () => {
    const res = await a.admin.get(TEMPLATE, {}, EN);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
    expect(String(wb.worksheets[0].getRow(1).getCell(2).value)).toContain('Name');
  });

  it('imports 10,000 members into the chosen shop, numbered, in one go, and logs it', async () => {
    const base = 15_000_000_000 + (Date.now() % 1_000_000) * 1000;
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      null,
      `导入${i % 100}号`,
      String(base + i),
      i % 2 ? '男' : '女',
      '1990-01-02',
      null,
      '老客介绍',
      '银卡会员',
      null,
      null,
    ]);
    const started = Date.now();
    const res = await upload(await sheet(rows), { shopid: shopB.id, type: 1 });
    expectStatus(res, 200);
    expect(res.body.data.imported).toBe(10_000);
    expect(Date.now() - started).toBeLessThan(120_000);
    const found = (await a.admin.get(L, { keyword: String(base + 1234) })).body.data.list;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ shopId: shopB.id, name: '导入34号', gender: 2, gradeName: '银卡会员', channelName: '老客介绍' });
    expect(found[0].code).toMatch(/^M\d{7}$/);
    const logs = (await a.admin.get(LOGS, { pageSize: 5 })).body.data.list;
    expect(logs[0]).toMatchObject({ id: res.body.data.logId, expected: 10_000, succeeded: 10_000, failed: 0, shopId: shopB.id });
  }, 300_000);

  it('stores nothing when any row is wrong, says which, and logs the failure', async () => {
    const taken = mobile();
    await a.admin.post(S, { mobile: taken, name: '已有会员', shopId: shopA.id });
    const fresh = mobile();
    const bad = await sheet([
      [null, '好行', fresh, '女', null, null, null, null, null, null],
      [null, '手机重复', taken, '女', null, null, null, null, null, null],
      [null, '名字太长太长太长太长太长', mobile(), '女', null, null, null, null, null, null],
      [null, '坏等级', mobile(), '女', null, null, null, '不存在等级', null, null],
    ]);
    const res = await upload(bad, { shopid: shopA.id, type: 1 });
    expectStatus(res, 400);
    const errors = res.body.data.errors as { row: number; column: string }[];
    expect(errors.map((e) => e.row)).toEqual(expect.arrayContaining([3, 4, 5]));
    expect(errors.map((e) => e.column)).toEqual(expect.arrayContaining(['手机号', '姓名', '会员等级']));
    expect((await a.admin.get(L, { keyword: fresh })).body.data.list).toHaveLength(0);
    const logs = (await a.admin.get(LOGS, { pageSize: 5 })).body.data.list;
    expect(logs[0]).toMatchObject({ id: res.body.data.logId, expected: 4, succeeded: 0, failed: 3 });
    expect(logs[0].errors.length).toBeGreaterThanOrEqual(3);
  });

  it('import: a members-only sheet sent as another type lacks its columns, 401, 403, a shop not the user’s, another tenant’s shop', async () => {
    const one = await sheet([[null, '类型测试', mobile(), '女', null, null, null, null, null, null]]);
    const typed = await upload(one, { shopid: shopA.id, type: 2 }, a.admin, EN);
    expectStatus(typed, 400);
    expect(typed.body.errors?.[0].message).toMatch(/Card number.*required column|required column/);
    expectStatus(await upload(one, { type: 1 }), 400);
    expectStatus(await upload(one, { shopid: shopA.id }, t.client()), 401);
    const viewer = await createLimitedUser(t, a, { perms: ['members.member.view'] });
    expectStatus(await upload(one, { shopid: shopA.id }, viewer.client), 403);
    const shopUser = await createLimitedUser(t, a, { perms: ['members.member.import'], loginShops: [shopA.id] });
    expectStatus(await upload(one, { shopid: shopB.id }, shopUser.client), 403);
    expectStatus(await upload(one, { shopid: shopA.id }, b.admin), 400);
    const mine = (await shopUser.client.get(LOGS, { pageSize: 50 })).body.data.list as { shopId: number }[];
    expect(mine.every((l) => l.shopId === shopA.id)).toBe(true);
  });
});
