import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardDispatches, cardDispatchLines, memberCards, members } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { bucketsOf, expectAssetsConsistent, makeCardType, makeMember } from './assets-support.js';
import { build } from './helpers.js';
import { expectTillConsistent, key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const EN = { 'accept-language': 'en-US' };
const sum = (rows: { amount: number }[]) => rows.reduce((s, r) => s + r.amount, 0);

describe('card bills: cards opened and recharged at the till, batch opening, physical numbers, activity gifts', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [s1, s2] = await shopIds(t, a);
  const fx = await tillFixture(t, a, s1);
  const [stylist, assistant] = fx.staff;
  // Opening: 10.00 of the type + 50.00 from 500.00 paid; recharge: 10% from 300.00.
  const type = await makeCardType(t, a, {
    shops: [s1, s2],
    openGift: 1_000,
    rules: [
      [1, 50_000, 1, 5_000],
      [2, 30_000, 2, 1_000],
    ],
  });
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payId = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId as number;

  const cardStatus = async (cardId: number) =>
    (await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(memberCards).where(eq(memberCards.id, cardId))))[0].status;
  const memberStatus = async (memberId: number) =>
    (await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(members).where(eq(members.id, memberId))))[0].status;

  /** A till bill for the member with one card line, settled with the payments given. */
  async function cardBill(memberId: number | undefined, line: Record<string, unknown>, payments: Record<string, unknown>[], k = key()) {
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1, memberId }));
    const priced = ok(await a.admin.post(`${P}/checkout/lines`, { id: opened.id, version: opened.version, lines: [line] }));
    const res = await a.admin.post(`${P}/checkout/settle`, { id: priced.id, version: priced.version, payments }, k);
    return { priced, res, k };
  }

  it('opens a card at the till with two employees and split payments: buckets, gift, performance exact; listed; idempotent', async () => {
    expect(setup.cardTypes.map((c: { id: number }) => c.id)).toContain(type.id);
    const member = await makeMember(t, a, s1);
    const line = {
      kind: 'cardOpen',
      itemId: type.id,
      num: 1,
      amount: 60_000,
      staff: [
        { employeeId: stylist.id, station: 1, appointed: true, share: 6_000 },
        { employeeId: assistant.id, station: 1, appointed: false, share: 4_000 },
      ],
    };
    const payments = [
      { payTypeId: payId('01'), amount: 40_000 },
      { payTypeId: payId('23'), amount: 20_000 },
    ];
    const { priced, res, k } = await cardBill(member.id, line, payments);
    const bill = ok(res);
    expect(bill.status).toBe(4);
    expect(bill.cards).toHaveLength(1);
    const [card] = bill.cards;
    expect(card).toMatchObject({ isOpen: 1, amount: 60_000, gift: 6_000, activityGift: 5_000, memberId: member.id });
    expect(await bucketsOf(t, a, card.cardId)).toEqual({ [`${s1}:principal`]: 60_000, [`${s1}:gift`]: 6_000 });
    // WeChat: fee round(20000 × 0.6%) = 120, performance 19 880; cash 40 000 → 59 880, split 60/40 at station 1.
    expect(bill.payments.map((p: { payCode: string; perf: number; fee: number }) => [p.payCode, p.perf, p.fee])).toEqual([
      ['01', 40_000, 0],
      ['23', 19_880, 120],
    ]);
    expect(bill.perf.map((r: { employeeId: number; amount: number }) => [r.employeeId, r.amount])).toEqual([
      [stylist.id, 35_928],
      [assistant.id, 23_952],
    ]);
    expect(sum(bill.perf)).toBe(sum(bill.payments.map((p: { perf: number }) => ({ amount: p.perf }))));
    // The same settle again with its key: the same bill, one card.
    const again = ok(await a.admin.post(`${P}/checkout/settle`, { id: priced.id, version: priced.version, payments }, k));
    expect(again.id).toBe(bill.id);
    const cards = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(memberCards).where(eq(memberCards.memberId, member.id)),
    );
    expect(cards).toHaveLength(1);
    // Head office's card bill list, totals, performance rows, detail.
    const list = ok(await a.admin.get(`${P}/cardrecords/chain/admin/cardRecordsList`, { keyword: bill.billNo }));
    expect(list.list.map((r: { id: number }) => r.id)).toEqual([bill.id]);
    expect(list.sum.amount).toBe(60_000);
    expect(sum(ok(await a.admin.get(`${P}/cardrecords/chain/cardrecordyj`, { id: bill.id })))).toBe(59_880);
    expect(ok(await a.admin.get(`${P}/cardrecords/detail/${bill.id}`)).cards[0].cardNo).toBe(card.cardNo);

    // 充值 at the till: 300.00 gives 10% (30.00).
    const re = ok(
      (
        await cardBill(member.id, { kind: 'cardRecharge', itemId: card.cardId, num: 1, amount: 30_000 }, [
          { payTypeId: payId('01'), amount: 30_000 },
        ])
      ).res,
    );
    expect(re.cards[0]).toMatchObject({ isOpen: 0, amount: 30_000, gift: 3_000, activityGift: 3_000 });
    expect(await bucketsOf(t, a, card.cardId)).toEqual({ [`${s1}:principal`]: 90_000, [`${s1}:gift`]: 9_000 });

    // 撤销活动 on the opening: the rule's 50.00 leaves the gift bucket; a second time is refused.
    const back = ok(await a.admin.post(`${P}/cardrecords/chain/revokeMktBill`, { id: bill.id, cardno: card.cardNo, hcMemo: '活动作废' }));
    expect(back.cards[0].giftBackMemo).toBe('活动作废');
    expect(await bucketsOf(t, a, card.cardId)).toEqual({ [`${s1}:principal`]: 90_000, [`${s1}:gift`]: 4_000 });
    const twice = await a.admin.post(`${P}/cardrecords/chain/revokeMktBill`, { id: bill.id, cardno: card.cardNo, hcMemo: 'x' });
    expect(twice.status).toBe(409);
    await expectAssetsConsistent(t, a);

    // 撤单 of the opening while the recharge's 300.00 + 30.00 is on the card: refused, the card would be closed holding money.
    const early = await a.admin.post(`${P}/cardrecords/chain/recall`, { id: bill.id, hcMemo: '撤开卡' });
    expect(early.status).toBe(409);
    expect(early.body.resp_msg).toContain('仍有余额 ¥330.00');
    expect(await bucketsOf(t, a, card.cardId)).toEqual({ [`${s1}:principal`]: 90_000, [`${s1}:gift`]: 4_000 });
    // 撤单 of the recharge: 90 000 − 30 000 and 4 000 − 3 000; the card stays open.
    ok(await a.admin.post(`${P}/cardrecords/chain/recall`, { id: re.id, hcMemo: '撤充值' }));
    expect(await bucketsOf(t, a, card.cardId)).toEqual({ [`${s1}:principal`]: 60_000, [`${s1}:gift`]: 1_000 });
    expect(await cardStatus(card.cardId)).toBe(1);
    // 撤单 of the opening: the gift taken back (50.00) is given back first (1 000 + 5 000 = 6 000), then
    // the opening reversed (60 000 and 6 000 out): nothing left, and the card is closed.
    ok(await a.admin.post(`${P}/cardrecords/chain/recall`, { id: bill.id, hcMemo: '撤开卡' }));
    expect(await bucketsOf(t, a, card.cardId)).toEqual({});
    expect(await cardStatus(card.cardId)).toBe(2);
    // A real member keeps their membership; the closed card neither pays nor takes a recharge.
    expect(await memberStatus(member.id)).toBe(1);
    const closedRecharge = await cardBill(member.id, { kind: 'cardRecharge', itemId: card.cardId, num: 1, amount: 30_000 }, [
      { payTypeId: payId('01'), amount: 30_000 },
    ]);
    expect(closedRecharge.res.status).toBe(409);
    expect((await a.admin.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s1, amount: 10_000 }, key())).status).toBe(
      409,
    );
    expect((await a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s1, amount: 1 }, key())).status).toBe(409);
    expect(sum(ok(await a.admin.get(`${P}/cardrecords/chain/cardrecordyj`, { id: bill.id })))).toBe(0);
    await expectTillConsistent(t, a);
    await expectAssetsConsistent(t, a);
  });

  it('refuses a card line without a member or amount, a card paying for a card, and a spent activity gift', async () => {
    const walkIn = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1 }));
    const noMember = await a.admin.post(
      `${P}/checkout/lines`,
      { id: walkIn.id, version: walkIn.version, lines: [{ kind: 'cardOpen', itemId: type.id, num: 1, amount: 100 }] },
      EN,
    );
    expect(noMember.status).toBe(409);
    expect(noMember.body.resp_msg).toContain('member');
    const member = await makeMember(t, a, s1);
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1, memberId: member.id }));
    const noAmount = await a.admin.post(`${P}/checkout/lines`, {
      id: opened.id,
      version: opened.version,
      lines: [{ kind: 'cardOpen', itemId: type.id, num: 1 }],
    });
    expect(noAmount.status).toBe(400);
    const { res } = await cardBill(member.id, { kind: 'cardOpen', itemId: type.id, num: 1, amount: 50_000 }, [
      { payTypeId: payId('01'), amount: 50_000 },
    ]);
    const bill = ok(res);
    const [card] = bill.cards;
    const byCard = await cardBill(member.id, { kind: 'cardRecharge', itemId: card.cardId, num: 1, amount: 1_000 }, [
      { cardId: card.cardId, amount: 1_000 },
    ]);
    expect(byCard.res.status).toBe(409);
    // Everything spent (proportional split takes the gift too): the activity gift cannot come back.
    ok(await a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s1, amount: 56_000 }, key()));
    const spent = await a.admin.post(`${P}/cardrecords/chain/revokeMktBill`, { id: bill.id, cardno: card.cardNo, hcMemo: 'x' });
    expect(spent.status).toBe(409);
    expect(spent.body.resp_msg).toContain('本店赠送余额 ¥0.00');
    expect((await a.admin.post(`${P}/cardrecords/chain/recall`, { id: bill.id, hcMemo: 'x' })).status).toBe(409);
    await expectTillConsistent(t, a);
  });

  it('批量开卡: N cards in one bill for placeholder members, all or nothing, idempotent; physical numbers linked once', async () => {
    const body = {
      shopId: s1,
      cardTypeId: type.id,
      money: 20_000,
      cardnum: 3,
      pays: [{ payTypeId: payId('01'), amount: 60_000 }],
      yjs: [{ employeeId: stylist.id, station: 1, appointed: false }],
    };
    const k = key();
    const bill = ok(await a.admin.post(`${P}/cardrecords/saveRecord`, body, k));
    expect(bill.cards).toHaveLength(3);
    expect(new Set(bill.cards.map((c: { memberId: number }) => c.memberId)).size).toBe(3);
    for (const c of bill.cards) {
      expect(c).toMatchObject({ isOpen: 1, amount: 20_000, gift: 1_000, activityGift: 0 });
      expect(await bucketsOf(t, a, c.cardId)).toEqual({ [`${s1}:principal`]: 20_000, [`${s1}:gift`]: 1_000 });
    }
    expect(sum(bill.perf)).toBe(60_000);
    const again = ok(await a.admin.post(`${P}/cardrecords/saveRecord`, body, k));
    expect(again.id).toBe(bill.id);
    const list = ok(await a.admin.get(`${P}/cardrecords/chain/admin/cardRecordsList`, { keyword: bill.billNo }));
    expect(list.total).toBe(1);
    // Refusals: too many cards, payments not adding up, no key, an unknown type.
    expect((await a.admin.post(`${P}/cardrecords/saveRecord`, { ...body, cardnum: 201 }, key())).status).toBe(400);
    const short = await a.admin.post(`${P}/cardrecords/saveRecord`, { ...body, cardnum: 4 }, key());
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('pays');
    expect((await a.admin.post(`${P}/cardrecords/saveRecord`, body)).status).toBe(400);
    expect((await a.admin.post(`${P}/cardrecords/saveRecord`, { ...body, cardTypeId: 999_999 }, key())).status).toBe(400);
    // A shop it does not sell in: nothing written.
    const notSold = await makeCardType(t, a, { shops: [s2] });
    expect((await a.admin.post(`${P}/cardrecords/saveRecord`, { ...body, cardTypeId: notSold.id }, key())).status).toBe(409);

    // Physical numbers: from a range dispatched to the shop by an audited bill, once in the tenant.
    await inTenant(t.database.db, a.tenantId, async (tx) => {
      const [d] = await tx
        .insert(cardDispatches)
        .values({ tenantId: a.tenantId, billNo: `FB${Date.now()}`, billDate: '2026-01-01', state: 'audited', totalCount: 10 })
        .returning({ id: cardDispatches.id });
      await tx
        .insert(cardDispatchLines)
        .values({ tenantId: a.tenantId, dispatchId: d.id, shopId: s1, startNo: '77000001', endNo: '77000010', count: 10 });
    });
    const [c1, c2] = bill.cards;
    const link = (cardno: string, cardcmcode: string, client = a.admin) =>
      client.post(`${P}/cardrecords/updateMemberCardCmcode`, { billcode: bill.billNo, cardno, cardcmcode });
    expect(ok(await link(c1.cardNo, '77000005'))).toEqual({ cardno: c1.cardNo, cardcmcode: '77000005' });
    expect((await link(c2.cardNo, '77000005')).status).toBe(409);
    expect((await link(c2.cardNo, '77000011')).status).toBe(409);
    expect((await link(c1.cardNo, '77000006')).status).toBe(409);
    expect((await link('NOPE', '77000006')).status).toBe(400);
    expect((await link(c2.cardNo, '88x')).status).toBe(400);
    ok(await link(c2.cardNo, '77000006'));
    const lookup = ok(await a.admin.get(`${P}/checkout/member`, { shopid: s1, q: '77000006' }));
    expect(lookup.map((m: { memberId: number }) => m.memberId)).toEqual([c2.memberId]);
    // 404: another tenant's bill number (a chain of its own: numbers are each chain's sequence); a shop user of another shop.
    const stranger = await t.tenant();
    expect(
      (await stranger.admin.post(`${P}/cardrecords/updateMemberCardCmcode`, { billcode: bill.billNo, cardno: c2.cardNo, cardcmcode: '1' }))
        .status,
    ).toBe(404);
    const elsewhere = await createLimitedUser(t, a, {
      perms: ['cashier.cardrecord.view', 'cashier.cardrecord.link', 'cashier.cardrecord.revokeMkt', 'cashier.batchcard.open'],
      loginShops: [s2],
    });
    expect((await link(bill.cards[2].cardNo, '77000007', elsewhere.client)).status).toBe(404);
    expect(
      (await elsewhere.client.post(`${P}/cardrecords/chain/revokeMktBill`, { id: bill.id, cardno: c1.cardNo, hcMemo: 'x' })).status,
    ).toBe(404);
    expect((await elsewhere.client.post(`${P}/cardrecords/saveRecord`, body, key())).status).toBe(403);
    // 撤单 of the batch: every card emptied (200.00 + 10.00 out of each) and closed; the placeholder
    // members 批量开卡 holding nothing else are cancelled.
    ok(await a.admin.post(`${P}/cardrecords/chain/recall`, { id: bill.id, hcMemo: '批量撤' }));
    for (const c of bill.cards) {
      expect(await bucketsOf(t, a, c.cardId)).toEqual({});
      expect(await cardStatus(c.cardId)).toBe(2);
      expect(await memberStatus(c.memberId)).toBe(3);
    }
    await expectTillConsistent(t, a);
    await expectAssetsConsistent(t, a);
  });

  it('401 without a session, 403 without the right', async () => {
    expect((await t.client('nope').post(`${P}/cardrecords/saveRecord`, {}, key())).status).toBe(401);
    const viewer = await createLimitedUser(t, a, { perms: ['cashier.cardrecord.view'], loginShops: [s1] });
    expect((await viewer.client.post(`${P}/cardrecords/saveRecord`, {}, key())).status).toBe(403);
    expect((await viewer.client.post(`${P}/cardrecords/chain/revokeMktBill`, { id: 1, cardno: 'x', hcMemo: 'x' })).status).toBe(403);
    expect(
      (await viewer.client.post(`${P}/cardrecords/updateMemberCardCmcode`, { billcode: 'x', cardno: 'x', cardcmcode: '1' })).status,
    ).toBe(403);
  });
});
