import { MEMBER_FIND_PATH } from '@headoffice/contract';
import { describe, expect, it } from 'vitest';
import { makeMember } from './assets-support.js';
import { build } from './helpers.js';
import { memberWithCard, ok, shopIds } from './till-support.js';
import { createLimitedUser } from './users.js';

describe('会员卡: the card page finds members as the member list and the till do', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const other = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const { member, cardNo } = await memberWithCard(t, a, s1, 30_000);
  const elsewhere = await makeMember(t, a, s2);
  const find = async (keyword: string, client = a.admin) =>
    ok(await client.get(MEMBER_FIND_PATH, { keyword })).map((m: { id: number }) => m.id) as number[];

  it('by the last 4 digits of a mobile, the whole mobile, a card number, a member number, with the balance', async () => {
    expect(await find(member.mobile.slice(-4))).toContain(member.id);
    expect(await find(member.mobile)).toEqual([member.id]);
    expect(await find(cardNo)).toEqual([member.id]);
    const [row] = ok(await a.admin.get(MEMBER_FIND_PATH, { keyword: member.mobile }));
    expect(row).toMatchObject({ id: member.id, name: member.name, mobile: member.mobile, balance: 30_000, status: 1 });
    expect(await find(row.code)).toEqual([member.id]);
  });

  it("a user of one shop finds only that shop's members, by tail or whole mobile", async () => {
    const clerk = await createLimitedUser(t, a, { perms: ['assets.card.view'], loginShops: [s2] });
    expect(await find(elsewhere.mobile.slice(-4), clerk.client)).toContain(elsewhere.id);
    expect(await find(member.mobile.slice(-4), clerk.client)).not.toContain(member.id);
    expect(await find(member.mobile, clerk.client)).toEqual([]);
    expect(await find(cardNo, clerk.client)).toEqual([]);
  });

  it('400 for a keyword too short to search by (one character), 401, 403 without the right; another tenant finds nothing', async () => {
    const short = await a.admin.get(MEMBER_FIND_PATH, { keyword: '1' });
    expect(short.status).toBe(400);
    expect(short.body.errors?.[0]?.path).toBe('keyword');
    expect((await a.admin.get(MEMBER_FIND_PATH, {})).status).toBe(400);
    expect((await t.client().get(MEMBER_FIND_PATH, { keyword: member.mobile })).status).toBe(401);
    const noRight = await createLimitedUser(t, a, { perms: ['members.member.view'], loginShops: [s1] });
    expect((await noRight.client.get(MEMBER_FIND_PATH, { keyword: member.mobile })).status).toBe(403);
    expect(await find(member.mobile, other.admin)).toEqual([]);
  });
});
