import { desc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { members, smsCodes, smsOutbox } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { bucketsOf, expectAssetsConsistent, key, makeCardType, makeMember, ok, openCardFor, shopIds } from './assets-support.js';
import { build } from './helpers.js';
import { createLimitedUser } from './users.js';

const EN = { 'accept-language': 'en-US' };

describe('SMS codes, card transfer, binding, cancelling a member', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const db = t.database.db;

  afterEach(() => expectAssetsConsistent(t, a));

  /** The last code texted to a mobile, read from the outbox as an administrator would. */
  const lastCode = async (mobile: string) => {
    const page = ok(await a.admin.get('/api-push/smsmsgctrl/outbox', { mobile }));
    const match = /验证码是 (\d{6})/.exec(page.list[0]?.text ?? '');
    if (!match) throw new Error(`no code sent to ${mobile}`);
    return match[1];
  };
  /** Lets the resend wait pass, as a minute would. */
  const age = (mobile: string, seconds: number) =>
    inTenant(db, a.tenantId, (tx) =>
      tx
        .update(smsCodes)
        .set({
          sentAt: sql`${smsCodes.sentAt} - make_interval(secs => ${seconds})`,
          expiresAt: sql`${smsCodes.expiresAt} - make_interval(secs => ${seconds})`,
        })
        .where(eq(smsCodes.mobile, mobile)),
    );

  it('sends a 6-digit code kept hashed, refuses a resend within 60 s, ends after 5 wrong tries, expires after 5 minutes', async () => {
    const mobile = '13700000001';
    const sent = ok(await a.admin.post('/api-push/smsmsgctrl/sentAuthMsg', { mobile }));
    expect(sent).toEqual({ resendAfter: 60, validFor: 300 });
    const code = await lastCode(mobile);
    const [stored] = await inTenant(db, a.tenantId, (tx) => tx.select().from(smsCodes).where(eq(smsCodes.mobile, mobile)));
    expect(stored.codeHash).not.toContain(code);
    expect(stored.codeHash).toHaveLength(64);
    const soon = await a.admin.post('/api-push/smsmsgctrl/sentAuthMsg', { mobile }, EN);
    expect(soon.status).toBe(429);
    expect(soon.body.resp_msg).toMatch(/^A code was just sent; try again in (60|59) s$/);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await a.admin.post('/api-push/smsmsgctrl/authSmsCode', { mobile, code: wrong });
      expect(res.status).toBe(400);
      expect(res.body.resp_msg).toBe(`验证码错误，还可尝试 ${5 - i} 次`);
    }
    const fifth = await a.admin.post('/api-push/smsmsgctrl/authSmsCode', { mobile, code: wrong });
    expect(fifth.status).toBe(409);
    const spent = await a.admin.post('/api-push/smsmsgctrl/authSmsCode', { mobile, code });
    expect(spent.status).toBe(409);
    expect(spent.body.resp_msg).toBe('验证码错误次数过多，请重新获取');
    await age(mobile, 61);
    ok(await a.admin.post('/api-push/smsmsgctrl/sentAuthMsg', { mobile }));
    const fresh = await lastCode(mobile);
    await age(mobile, 301);
    const expired = await a.admin.post('/api-push/smsmsgctrl/authSmsCode', { mobile, code: fresh });
    expect(expired.status).toBe(409);
    expect(expired.body.resp_msg).toBe('验证码已过期，请重新获取');
    expect((await a.admin.post('/api-push/smsmsgctrl/sentAuthMsg', { mobile: '123' })).status).toBe(400);
    expect((await t.client().post('/api-push/smsmsgctrl/sentAuthMsg', { mobile })).status).toBe(401);
    const viewer = await createLimitedUser(t, a, { perms: ['assets.card.view'] });
    expect((await viewer.client.post('/api-push/smsmsgctrl/sentAuthMsg', { mobile })).status).toBe(403);
    expect((await viewer.client.get('/api-push/smsmsgctrl/outbox')).status).toBe(403);
    // Another tenant's outbox does not show it.
    expect(ok(await b.admin.get('/api-push/smsmsgctrl/outbox', { mobile })).list).toEqual([]);
  });

  it('transfers a card with its buckets and history after the receiver verified the code; both totals move', async () => {
    const type = await makeCardType(t, a, { shops: [s1, s2], notifyBalance: true });
    const giver = await makeMember(t, a, s1);
    const taker = await makeMember(t, a, s1);
    const card = ok(await openCardFor(a, { memberId: giver.id, cardTypeId: type.id, shopId: s1, amount: 3000 }));
    ok(await a.admin.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s2, amount: 2000 }, key()));
    // Every balance change texted the holder.
    const texts = await inTenant(db, a.tenantId, (tx) =>
      tx.select().from(smsOutbox).where(eq(smsOutbox.mobile, giver.mobile)).orderBy(desc(smsOutbox.id)),
    );
    expect(texts[0].text).toBe(`您的会员卡 ${card.cardNo} 发生充值，当前本金 ¥50.00，赠送 ¥0.00。`);

    const own = await a.admin.get('/api-member/userinfo/queryMemberByMobile', { mobile: giver.mobile, memid: giver.id });
    expect(own.status).toBe(409);
    expect(own.body.resp_msg).toBe('不能输入会员本人的手机号');
    const found = ok(await a.admin.get('/api-member/userinfo/queryMemberByMobile', { mobile: taker.mobile, memid: giver.id }));
    expect(found).toMatchObject({ memid: taker.id, memname: taker.name });
    expect(ok(await a.admin.get('/api-member/userinfo/checkCardInfo', { cardno: card.cardNo }))).toMatchObject({
      cardId: card.cardId,
      memid: giver.id,
    });

    const body = { cardno: card.cardNo, omemid: giver.id, memid: taker.id };
    const unverified = await a.admin.post('/api-member/userinfo/changeCardInfo', body, key());
    expect(unverified.status).toBe(409);
    expect(unverified.body.resp_msg).toBe(`请先验证 ${taker.mobile} 收到的短信验证码`);
    ok(await a.admin.post('/api-push/smsmsgctrl/sentAuthMsg', { mobile: taker.mobile }));
    ok(await a.admin.post('/api-push/smsmsgctrl/authSmsCode', { mobile: taker.mobile, code: await lastCode(taker.mobile) }));
    const moved = ok(await a.admin.post('/api-member/userinfo/changeCardInfo', body, key()));
    expect(moved).toMatchObject({ kind: 'transfer', principalBefore: 5000, principalAfter: 5000, principalChange: 0 });
    expect(moved.rows).toHaveLength(4);
    const [g, r] = await inTenant(db, a.tenantId, (tx) =>
      Promise.all(
        [giver.id, taker.id].map(async (id) => (await tx.select({ p: members.principal }).from(members).where(eq(members.id, id)))[0].p),
      ),
    );
    expect([g, r]).toEqual([0, 5000]);
    expect(await bucketsOf(t, a, card.cardId)).toEqual({ [`${s1}:principal`]: 3000, [`${s2}:principal`]: 2000 });
    const history = ok(await a.admin.post('/api-member/chainmember/queryCardRecords', { memberId: taker.id, pageSize: 50 }));
    expect(history.list.map((x: any) => x.kind)).toEqual(['transfer', 'transfer', 'transfer', 'transfer', 'recharge', 'open']);
    // The verification is used up: a second transfer back needs a new code.
    const back = await a.admin.post(
      '/api-member/userinfo/changeCardInfo',
      { cardno: card.cardNo, omemid: taker.id, memid: giver.id },
      key(),
    );
    expect(back.status).toBe(409);
    // The card's old holder no longer has it.
    const wrongHolder = await a.admin.post('/api-member/userinfo/changeCardInfo', body, key());
    expect(wrongHolder.status).toBe(409);
    expect((await b.admin.post('/api-member/userinfo/changeCardInfo', body, key())).status).toBe(404);
    // Card numbers are the chain's own sequence: a chain of its own (no cards) finds nothing by this one.
    expect((await (await t.tenant()).admin.get('/api-member/userinfo/checkCardInfo', { cardno: card.cardNo })).status).toBe(404);
  });

  it('refuses transferring a card whose type does not allow it', async () => {
    const type = await makeCardType(t, a, { shops: [s1], transferable: false });
    const m = await makeMember(t, a, s1);
    const card = ok(await openCardFor(a, { memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 100 }));
    const res = await a.admin.get('/api-member/userinfo/checkCardInfo', { cardno: card.cardNo }, EN);
    expect(res.status).toBe(409);
    expect(res.body.resp_msg).toBe(`Card type "${type.name}" may not be transferred`);
    const clerk = await createLimitedUser(t, a, { perms: ['assets.card.view'] });
    expect((await clerk.client.get('/api-member/userinfo/checkCardInfo', { cardno: card.cardNo })).status).toBe(403);
    const other = await createLimitedUser(t, a, { perms: ['assets.card.transfer'], managerShops: [s2] });
    expect((await other.client.get('/api-member/userinfo/checkCardInfo', { cardno: card.cardNo })).status).toBe(404);
  });

  it('cancels a member only without assets (the message lists them), and restores', async () => {
    const type = await makeCardType(t, a, { shops: [s1] });
    const m = await makeMember(t, a, s1);
    const card = ok(await openCardFor(a, { memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 1234 }));
    ok(
      await a.admin.post(
        '/api-member/chainmember/updateCardmoney',
        { cardId: card.cardId, buckets: [{ shopId: s1, principal: 1234, gift: 66 }], reason: '赠送' },
        key(),
      ),
    );
    const refused = await a.admin.get('/api-member/chainmember/cancellMember', { memid: m.id });
    expect(refused.status).toBe(409);
    // The demo chain's 开卡 activity gave a coupon with the card: an asset too, until it is taken back.
    expect(refused.body.resp_msg).toBe('会员仍有资产：卡内本金 ¥12.34、赠送金 ¥0.66、优惠券/红包 1。请先在退款模块处理余额资产');
    for (const coupon of ok(await a.admin.get('/api-member/membercoupon/list', { memid: m.id })))
      ok(await a.admin.post('/api-member/membercoupon/withdraw', { id: coupon.id, reason: '注销' }, key()));
    ok(
      await a.admin.post(
        '/api-member/chainmember/updateCardmoney',
        { cardId: card.cardId, buckets: [{ shopId: s1, principal: 0, gift: 0 }], reason: '清零' },
        key(),
      ),
    );
    expect(ok(await a.admin.get('/api-member/chainmember/cancellMember', { memid: m.id }))).toEqual({ memid: m.id, status: 3 });
    const again = await a.admin.get('/api-member/chainmember/cancellMember', { memid: m.id });
    expect(again.status).toBe(409);
    const pay = await a.admin.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s1, amount: 100 }, key());
    expect(pay.status).toBe(409);
    expect(ok(await a.admin.get('/api-member/chainmember/restoreMember', { memid: m.id }))).toEqual({ memid: m.id, status: 1 });
    expect((await a.admin.get('/api-member/chainmember/restoreMember', { memid: m.id })).status).toBe(409);
    expect((await b.admin.get('/api-member/chainmember/cancellMember', { memid: m.id })).status).toBe(404);
    expect((await a.admin.get('/api-member/chainmember/cancellMember', { memid: 'x' })).status).toBe(400);
    const clerk = await createLimitedUser(t, a, { perms: ['assets.card.view'] });
    expect((await clerk.client.get('/api-member/chainmember/cancellMember', { memid: m.id })).status).toBe(403);
  });

  it('unbinds the physical card with a type and reason, binds it again after the SMS code', async () => {
    const type = await makeCardType(t, a, { shops: [s1] });
    const m = await makeMember(t, a, s1);
    const card = ok(
      await a.admin.post(
        '/api-member/membercard/open',
        { memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 0, cardNo: `P${m.id}` },
        key(),
      ),
    );
    const { memberCards } = await import('../src/db/schema.js');
    await inTenant(db, a.tenantId, (tx) =>
      tx
        .update(memberCards)
        .set({ physicalNo: `S${m.id}` })
        .where(eq(memberCards.id, card.cardId)),
    );
    expect(ok(await a.admin.get('/api-member/chainmember/findRelevance', { memid: m.id }))).toEqual([
      { cardId: card.cardId, cardno: card.cardNo, dcardno: card.cardNo, scardno: `S${m.id}`, status: 1 },
    ]);
    const badType = await a.admin.post('/api-member/chainmember/sureRelieve', { cardno: card.cardNo, type: '丢了', reason: 'x' });
    expect(badType.status).toBe(400);
    ok(await a.admin.post('/api-member/chainmember/sureRelieve', { cardno: card.cardNo, type: '挂失实体卡', reason: '顾客遗失' }));
    expect((await a.admin.post('/api-member/chainmember/sureRelieve', { cardno: card.cardNo, type: '其他', reason: 'x' })).status).toBe(
      409,
    );
    const noCode = await a.admin.post('/api-member/chainmember/recoverRelieve', { cardno: card.cardNo, reason: '找回' });
    expect(noCode.status).toBe(409);
    ok(await a.admin.post('/api-push/smsmsgctrl/sentAuthMsg', { mobile: m.mobile }));
    ok(await a.admin.post('/api-push/smsmsgctrl/authSmsCode', { mobile: m.mobile, code: await lastCode(m.mobile) }));
    expect(ok(await a.admin.post('/api-member/chainmember/recoverRelieve', { cardno: card.cardNo, reason: '找回' }))).toEqual({
      cardno: card.cardNo,
      scardno: `S${m.id}`,
    });
    const log = ok(await a.admin.get('/api-member/chainmember/findRelieveRelevance', { memid: m.id }));
    expect(log.map((x: any) => [x.action, x.type, x.reason])).toEqual([
      ['bind', null, '找回'],
      ['unbind', '挂失实体卡', '顾客遗失'],
    ]);
    expect((await b.admin.get('/api-member/chainmember/findRelevance', { memid: m.id })).status).toBe(404);
    const viewer = await createLimitedUser(t, a, { perms: ['assets.card.view'] });
    expect(
      (await viewer.client.post('/api-member/chainmember/sureRelieve', { cardno: card.cardNo, type: '其他', reason: 'x' })).status,
    ).toBe(403);
  });
});
