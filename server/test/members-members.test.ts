import { describe, expect, it } from 'vitest';
import { build } from './helpers.js';
import { expectStatus } from './staff-support.js';
import { createLimitedUser } from './users.js';

const L = '/api-member/chainmember/pageChainMembers';
const SL = '/api-member/chainmember/chainPageMembers';
const D = '/api-member/chainmember/queryMember';
const S = '/api-member/chainmember/saveMemberCard';
const F = '/api-member/chainmember/freezeMember';
const U = '/api-member/chainmember/cancelFreezeMember';
const EN = { 'accept-language': 'en-US' };

let serial = 0;
/** A mobile no other test uses: 139 + 8 digits. */
const mobile = () => `139${String(Date.now() % 1e5).padStart(5, '0')}${String(serial++).padStart(3, '0')}`;

describe('members: create, edit, lists, search, detail, freeze', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.tenant();
  const shops = (await a.admin.get('/api-chain/shop/list/all')).body.data as { id: number; name: string }[];
  const [shopA, shopB] = shops;
  const grades = (await a.admin.get('/api-chain/dictgrade/list/all')).body.data as { id: number }[];
  const channels = (await a.admin.get('/api-chain/channel/list/all')).body.data as { id: number }[];

  const create = async (fields: Record<string, unknown> = {}) => {
    const res = await a.admin.post(S, { mobile: mobile(), name: '林晓雨', shopId: shopA.id, ...fields });
    expectStatus(res, 200);
    return res.body.data as { id: number; code: string };
  };

  it('creates a member with a number from the series, and shows it in the detail', async () => {
    const m = mobile();
    const res = await a.admin.post(S, {
      mobile: m,
      name: '陈思远',
      gender: 2,
      birthday: '1992-03-04',
      shopId: shopA.id,
      gradeId: grades[0].id,
      channelId: channels[0].id,
      memo: '喜欢安静',
    });
    expectStatus(res, 200);
    expect(res.body.data.code).toMatch(/^M\d{7}$/);
    const next = await create();
    expect(Number(next.code.slice(1))).toBe(Number(res.body.data.code.slice(1)) + 1);
    const detail = await a.admin.get(D, { memid: res.body.data.id });
    expectStatus(detail, 200);
    expect(detail.body.data).toMatchObject({
      mobile: m,
      name: '陈思远',
      gender: 2,
      birthday: '1992-03-04',
      shopId: shopA.id,
      shopName: shopA.name,
      gradeId: grades[0].id,
      status: 1,
      limited: false,
      memo: '喜欢安静',
    });
    expect(detail.body.data.gradeName).toBeTruthy();
  });

  it('edits only the fields sent, checks the version, and 409s a stale one', async () => {
    // The drawer sends an empty registration date as null: today on create, kept on edit.
    const { id } = await create({ memo: '原备注', registeredOn: null });
    const before = (await a.admin.get(D, { memid: id })).body.data;
    expect(before.registeredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const res = await a.admin.post(S, {
      id,
      version: before.version,
      mobile: before.mobile,
      name: '林晓',
      shopId: shopA.id,
      registeredOn: null,
    });
    expectStatus(res, 200);
    const after = (await a.admin.get(D, { memid: id })).body.data;
    expect(after).toMatchObject({ name: '林晓', memo: '原备注', version: before.version + 1, registeredOn: before.registeredOn });
    expectStatus(await a.admin.post(S, { id, version: before.version, mobile: before.mobile, name: '林晓雨', shopId: shopA.id }), 409);
  });

  it('refuses a duplicate mobile with 409 naming the member who has it', async () => {
    const m = mobile();
    const first = await create({ mobile: m, name: '周可欣' });
    const res = await a.admin.post(S, { mobile: m, name: '别人', shopId: shopB.id });
    expectStatus(res, 409);
    expect(res.body.resp_msg).toContain('周可欣');
    expect(res.body.resp_msg).toContain(first.code);
    const other = await create();
    const detail = (await a.admin.get(D, { memid: other.id })).body.data;
    const change = await a.admin.post(S, { id: other.id, mobile: m, name: detail.name, shopId: shopA.id }, EN);
    expectStatus(change, 409);
    expect(change.body.resp_msg).toContain('already belongs');
  });

  it('answers 400 with a clear message for bad input, 401 without a token, 404 for another tenant', async () => {
    const bad = await a.admin.post(S, { mobile: '12345', name: '一二三四五六七八九十一', shopId: shopA.id }, EN);
    expectStatus(bad, 400);
    expect(bad.body.errors?.map((e) => e.path)).toEqual(expect.arrayContaining(['mobile', 'name']));
    expectStatus(await a.admin.post(S, { mobile: mobile(), shopId: shopA.id }), 400);
    expectStatus(await a.admin.get(L, { status: 9 }), 400);
    expectStatus(await t.client().get(L), 401);
    expectStatus(await t.client().post(S, { mobile: mobile(), name: '甲乙', shopId: shopA.id }), 401);
    const mine = await create();
    expectStatus(await b.admin.get(D, { memid: mine.id }), 404);
    expectStatus(await b.admin.post(F, { memids: [mine.id], freezeMemo: '别家' }), 404);
    expectStatus(await b.admin.post(U, { memid: mine.id }), 404);
    const bShop = (await b.admin.get('/api-chain/shop/list/all')).body.data as { id: number }[];
    if (bShop[0]) expectStatus(await b.admin.post(S, { id: mine.id, mobile: mobile(), name: '甲乙', shopId: bShop[0].id }), 404);
    // A shop of another tenant is not a shop here.
    expect([400, 403]).toContain((await b.admin.post(S, { mobile: mobile(), name: '甲乙', shopId: shopA.id })).status);
  });

  it('finds a member by each keyword shape, and asks for more on one character', async () => {
    const m = mobile();
    const created = await create({ mobile: m, name: '欧阳娜娜' });
    const find = async (keyword: string) =>
      ((await a.admin.get(L, { keyword, pageSize: 50 })).body.data.list as { id: number }[]).map((r) => r.id);
    expect(await find(m)).toContain(created.id);
    expect(await find(m.slice(-4))).toContain(created.id);
    expect(await find(m.slice(-6))).toContain(created.id);
    expect(await find(created.code)).toContain(created.id);
    expect(await find('阳娜')).toContain(created.id);
    expect(await find('欧阳娜')).toContain(created.id);
    expect(await find('oynn')).toContain(created.id);
    expect(await find('OY')).toContain(created.id);
    expect(await find('阳欧')).not.toContain(created.id);
    const short = await a.admin.get(L, { keyword: '欧' }, EN);
    expectStatus(short, 400);
    expect(short.body.errors?.[0].path).toBe('keyword');
    expect(short.body.errors?.[0].message).toContain('Type more');
  });

  it('filters by shop, grade, channel, status, registered date, balance; the shop list takes shopid', async () => {
    const g = grades[grades.length - 1].id;
    const made = await create({ shopId: shopB.id, gradeId: g, channelId: channels[1].id, registeredOn: '2021-02-03' });
    const ids = async (url: string, q: Record<string, unknown>) =>
      ((await a.admin.get(url, { pageSize: 200, ...q })).body.data.list as { id: number }[]).map((r) => r.id);
    expect(await ids(L, { shopId: shopB.id, gradeId: g })).toContain(made.id);
    expect(await ids(L, { shopId: shopA.id, gradeId: g })).not.toContain(made.id);
    expect(await ids(L, { channelId: channels[1].id, regFrom: '2021-02-03', regTo: '2021-02-03' })).toContain(made.id);
    expect(await ids(L, { regFrom: '2021-02-04' })).not.toContain(made.id);
    expect(await ids(L, { balanceMin: 0, balanceMax: 0, gradeId: g })).toContain(made.id);
    expect(await ids(L, { balanceMin: 1 })).not.toContain(made.id);
    expect(await ids(L, { status: 1, gradeId: g })).toContain(made.id);
    expect(await ids(SL, { shopid: shopB.id })).toContain(made.id);
    expect(await ids(SL, { shopid: shopA.id })).not.toContain(made.id);
    expectStatus(await a.admin.get(SL, {}), 400);
    const page = (await a.admin.get(L, { pageSize: 1 })).body.data;
    expect(page.total).toBeGreaterThan(1);
    expect(page.list).toHaveLength(1);
  });

  it('freezes and unfreezes with the operation log; 409 twice; memo required and at most 200', async () => {
    const one = await create();
    const two = await create();
    expectStatus(await a.admin.post(F, { memids: [one.id, two.id], freezeMemo: 'x'.repeat(201) }), 400);
    expectStatus(await a.admin.post(F, { memids: [one.id, two.id] }), 400);
    expectStatus(await a.admin.post(F, { memids: [one.id, two.id], freezeMemo: '卡片遗失，顾客要求冻结' }), 200);
    const frozen = (await a.admin.get(D, { memid: one.id })).body.data;
    expect(frozen).toMatchObject({ status: 2, freezeMemo: '卡片遗失，顾客要求冻结' });
    expect((await a.admin.get(L, { status: 2, pageSize: 200 })).body.data.list.map((r: { id: number }) => r.id)).toContain(two.id);
    expectStatus(await a.admin.post(F, { memids: [one.id], freezeMemo: '再冻' }), 409);
    expectStatus(await a.admin.post(U, { memid: one.id }), 200);
    expect((await a.admin.get(D, { memid: one.id })).body.data).toMatchObject({ status: 1, freezeMemo: null });
    expectStatus(await a.admin.post(U, { memid: one.id }), 409);
    // The seed's GET forms.
    expectStatus(await a.admin.get(U, { memid: two.id }), 200);
    expectStatus(await a.admin.get(F, { memids: `${one.id},${two.id}`, freezeMemo: '门店要求' }), 200);
    expectStatus(await a.admin.get(F, { memids: 'a,b', freezeMemo: '门店要求' }), 400);
    const log = (await a.admin.get('/api-chain/logger/list', { pageSize: 20 })).body.data;
    const texts = (log?.list ?? []).map((r: { text: string }) => r.text).join('\n');
    expect(texts).toContain('冻结会员');
    expect(texts).toContain('解冻会员');
  });

  it('needs the right: 403 without it', async () => {
    const viewer = await createLimitedUser(t, a, { perms: ['members.member.view'] });
    expectStatus(await viewer.client.get(L), 200);
    expectStatus(await viewer.client.post(S, { mobile: mobile(), name: '甲乙', shopId: shopA.id }), 403);
    const m = await create();
    expectStatus(await viewer.client.post(F, { memids: [m.id], freezeMemo: '无权' }), 403);
    const nobody = await createLimitedUser(t, a, { perms: ['staff.employee.view'] });
    expectStatus(await nobody.client.get(L), 403);
    expectStatus(await nobody.client.get(D, { memid: m.id }), 403);
  });

  it('a user of one shop works on that shop’s members; another shop’s are found only by exact mobile or number', async () => {
    const user = await createLimitedUser(t, a, {
      perms: ['members.member.view', 'members.member.edit', 'members.member.freeze'],
      loginShops: [shopA.id],
    });
    const c = user.client;
    const other = await create({ shopId: shopB.id, name: '宋雨桐' });
    const otherMobile = (await a.admin.get(D, { memid: other.id })).body.data.mobile as string;
    expectStatus(await c.post(S, { mobile: mobile(), name: '甲乙', shopId: shopB.id }), 403);
    const mine = await c.post(S, { mobile: mobile(), name: '丁一', shopId: shopA.id });
    expectStatus(mine, 200);
    const list = (await c.get(L, { pageSize: 200 })).body.data.list as { id: number; shopId: number }[];
    expect(list.every((r) => r.shopId === shopA.id)).toBe(true);
    expect(list.map((r) => r.id)).toContain(mine.body.data.id);
    expectStatus(await c.get(SL, { shopid: shopB.id }), 403);
    expect(((await c.get(L, { keyword: '雨桐' })).body.data.list as { id: number }[]).map((r) => r.id)).not.toContain(other.id);
    expect(((await c.get(L, { keyword: otherMobile.slice(-4) })).body.data.list as { id: number }[]).map((r) => r.id)).not.toContain(
      other.id,
    );
    expect(((await c.get(L, { keyword: otherMobile })).body.data.list as { id: number }[]).map((r) => r.id)).toEqual([other.id]);
    expect(((await c.get(L, { keyword: other.code })).body.data.list as { id: number }[]).map((r) => r.id)).toEqual([other.id]);
    const detail = await c.get(D, { memid: other.id });
    expectStatus(detail, 200);
    expect(detail.body.data).toMatchObject({ limited: true, memo: null, name: '宋雨桐' });
    expect(detail.body.data.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    expectStatus(await c.post(S, { id: other.id, mobile: otherMobile, name: '改名', shopId: shopB.id }), 403);
    expectStatus(await c.post(F, { memids: [other.id], freezeMemo: '别店' }), 403);
    expectStatus(await c.post(U, { memid: other.id }), 403);
    expect((await a.admin.get(D, { memid: other.id })).body.data).toMatchObject({ name: '宋雨桐', status: 1 });
  });
});
