import { describe, expect, it } from 'vitest';
import { cardRefundBills } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { bucketsOf, expectAssetsConsistent, key, makeCardType, makeMember, ok, shopIds } from './assets-support.js';
import { build, type TestTenant } from './helpers.js';
import { expectPackagesConsistent, makeItems } from './member-packages-support.js';
import { createLimitedUser } from './users.js';

const BASE = '/api-finance/cardtkhead';
const EN = { 'accept-language': 'en-US' };

describe('card refunds through approval (cardtkhead)', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const reserveTypes = ok(await a.admin.get('/api-finance/dicreserve/list/all')) as { id: number; name: string }[];
  const deposit = reserveTypes.find((r) => r.name === '退卡保证金')?.id as number;
  const risk = reserveTypes.find((r) => r.name === '风险金')?.id as number;

  /** Puts `money` into a shop's reserve type (an audited adjustment). */
  const fund = async (shopId: number, reserveTypeId: number, money: number) => {
    const bill = ok(await a.admin.post('/api-finance/reservebillhead/saveBill', { lines: [{ shopId, reserveTypeId, money }] }));
    ok(await a.admin.post('/api-finance/reservebillhead/auditBill', { id: bill.id }));
  };
  const reserveOf = async (shopId: number, reserveTypeId: number) =>
    ok(await a.admin.get('/api-finance/reservemoney/getReseveJe', { shopid: shopId, reserveTypeId })).money as number;

  // The shop's clerk makes and submits; head office (admin) approves and reviews.
  const clerk = await createLimitedUser(t, a, { perms: ['finance.cardtk.view', 'finance.cardtk.edit'], loginShops: [s1] });
  const otherClerk = await createLimitedUser(t, a, { perms: ['finance.cardtk.view', 'finance.cardtk.edit'], loginShops: [s2] });
  const viewer = await createLimitedUser(t, a, { perms: ['finance.cardtk.view'], managerShops: [s1, s2] });

  /** A member with one card holding principal and gift at two shops. */
  const memberWithMoney = async (tenant: TestTenant = a) => {
    const [x, y] = tenant === a ? [s1, s2] : await shopIds(t, tenant);
    const type = await makeCardType(t, tenant, { shops: [x, y] });
    const m = await makeMember(t, tenant, x);
    const card = ok(
      await tenant.admin.post('/api-member/membercard/open', { memberId: m.id, cardTypeId: type.id, shopId: x, amount: 0 }, key()),
    );
    ok(
      await tenant.admin.post(
        '/api-member/chainmember/updateCardmoney',
        {
          cardId: card.cardId,
          buckets: [
            { shopId: x, principal: 10_000, gift: 2000 },
            { shopId: y, principal: 5000, gift: 1000 },
          ],
          reason: '期初',
        },
        key(),
      ),
    );
    return { m, cardId: card.cardId as number };
  };

  const draft = (memberId: number, lines: object[], more: object = {}) => ({
    shopId: s1,
    memberId,
    tkattr: 3,
    tkcontent: '顾客搬家',
    tkname: '张三',
    tkmobile: '13800138000',
    tktype: 2,
    reserveTypeId: deposit,
    payee: '张三',
    bank: '招商银行',
    bankno: '6225880112345678',
    lines,
    ...more,
  });
  const cardLine = (cardId: number, tkje: number, tzje: number, bucketShopId = s1) => ({ kind: 'card', cardId, bucketShopId, tkje, tzje });

  /** Saved by the clerk, submitted and approved: ready for the review. */
  const approved = async (body: object) => {
    const bill = ok(await clerk.client.post(`${BASE}/saveBill`, body));
    ok(await clerk.client.post(`${BASE}/submitBill`, { id: bill.id }));
    return ok(await a.admin.post(`${BASE}/auditSpBill`, { id: bill.id }));
  };

  it('walks 未提交 → 已提交 → 客服已审批 → 财务已复核: nothing moves before the review, the review refunds and draws the reserve, cancelFhBill restores exactly', async () => {
    await fund(s1, deposit, 50_000);
    const { m, cardId } = await memberWithMoney();
    const reserveBefore = await reserveOf(s1, deposit);
    const bill = ok(await clerk.client.post(`${BASE}/saveBill`, draft(m.id, [cardLine(cardId, 8000, 2000)], { freeCard: 500 })));
    expect(bill).toMatchObject({ state: 'draft', cardMoney: 7500, giftMoney: 2000, totalMoney: 7500, shopName: expect.any(String) });
    expect(bill.lines[0]).toMatchObject({ kind: 'card', tkje: 8000, amount: 8000 });
    ok(await clerk.client.post(`${BASE}/submitBill`, { id: bill.id }));
    // The clerk who made it cannot approve it; customer service can, and may still change the payout (savesp).
    expect((await clerk.client.post(`${BASE}/auditSpBill`, { id: bill.id })).status).toBe(403);
    const edited = ok(
      await a.admin.post(`${BASE}/savesp`, { id: bill.id, tktype: 1, reserveTypeId: deposit, hstkattr: 3, hstkcontent: '核实：顾客搬家' }),
    );
    expect(edited).toMatchObject({ state: 'submitted', tktype: 1, hstkattr: 3 });
    const sp = ok(await a.admin.post(`${BASE}/auditSpBill`, { id: bill.id }));
    expect(sp).toMatchObject({ state: 'approved', auditedByName: expect.any(String) });
    // Approved: still nothing moved.
    expect(await bucketsOf(t, a, cardId)).toEqual({
      [`${s1}:principal`]: 10_000,
      [`${s1}:gift`]: 2000,
      [`${s2}:principal`]: 5000,
      [`${s2}:gift`]: 1000,
    });
    expect(await reserveOf(s1, deposit)).toBe(reserveBefore);

    const fh = ok(await a.admin.post(`${BASE}/auditFhBill`, { id: bill.id }));
    expect(fh).toMatchObject({ state: 'reviewed', totalMoney: 7500, refundId: expect.any(Number), reviewedByName: expect.any(String) });
    expect(await bucketsOf(t, a, cardId)).toEqual({ [`${s1}:principal`]: 2000, [`${s2}:principal`]: 5000, [`${s2}:gift`]: 1000 });
    expect(await reserveOf(s1, deposit)).toBe(reserveBefore - 7500);
    const refund = ok(await a.admin.get(`/api-member/tkhead/chain/getBill/${fh.refundId}`));
    expect(refund).toMatchObject({ cardJe: 7500, freeCard: 500, giftWrittenOff: 2000 });

    const undone = ok(await a.admin.post(`${BASE}/cancelFhBill`, { id: bill.id, memo: '复核有误' }));
    expect(undone).toMatchObject({ state: 'approved', refundId: null, reviewedByName: null });
    expect(await bucketsOf(t, a, cardId)).toEqual({
      [`${s1}:principal`]: 10_000,
      [`${s1}:gift`]: 2000,
      [`${s2}:principal`]: 5000,
      [`${s2}:gift`]: 1000,
    });
    expect(await reserveOf(s1, deposit)).toBe(reserveBefore);
    // Reviewed again after the cancel: it moves once more, as the first time.
    ok(await a.admin.post(`${BASE}/auditFhBill`, { id: bill.id }));
    expect(await reserveOf(s1, deposit)).toBe(reserveBefore - 7500);

    const log = ok(await a.admin.get('/api-finance/cardtkstatuslog/list/all', { billcode: bill.billNo })) as { action: string }[];
    expect(log.map((l) => l.action)).toEqual(['create', 'submit', 'savesp', 'approve', 'review', 'cancelReview', 'review']);
    // Bill numbers are each chain's sequence: looked up by number in a chain of its own.
    expect((await (await t.tenant()).admin.get('/api-finance/cardtkstatuslog/list/all', { billcode: bill.billNo })).status).toBe(404);
    await expectAssetsConsistent(t, a);
  });

  it('refunds at most the principal left in the bucket: at the save, and again at the approval when it was spent since', async () => {
    const { m, cardId } = await memberWithMoney();
    const over = await clerk.client.post(`${BASE}/saveBill`, draft(m.id, [cardLine(cardId, 10_001, 0)]), EN);
    expect(over.status).toBe(409);
    expect(over.body.resp_msg).toContain('¥100.00');
    // Another shop's bucket only when the cost is borne across shops (isKd).
    expect((await clerk.client.post(`${BASE}/saveBill`, draft(m.id, [cardLine(cardId, 100, 0, s2)]))).status).toBe(409);
    ok(await clerk.client.post(`${BASE}/saveBill`, draft(m.id, [cardLine(cardId, 100, 0, s2)], { isKd: true })));
    const bill = ok(await clerk.client.post(`${BASE}/saveBill`, draft(m.id, [cardLine(cardId, 9000, 0)])));
    ok(await clerk.client.post(`${BASE}/submitBill`, { id: bill.id }));
    // The card pays 2000 of its s1 principal meanwhile: 9000 is no longer there.
    ok(
      await a.admin.post(
        '/api-member/chainmember/updateCardmoney',
        { cardId, buckets: [{ shopId: s1, principal: 8000, gift: 2000 }], reason: '调整' },
        key(),
      ),
    );
    expect((await a.admin.post(`${BASE}/auditSpBill`, { id: bill.id })).status).toBe(409);
    expect(await bucketsOf(t, a, cardId)).toMatchObject({ [`${s1}:principal`]: 8000 });
  });

  it('refuses bad input with a message (400), no right (403), another tenant’s bill (404), a wrong state (409)', async () => {
    const { m, cardId } = await memberWithMoney();
    const noKind = await clerk.client.post(`${BASE}/saveBill`, draft(m.id, [{ kind: 'card', tkje: 100 }]), EN);
    expect(noKind.status).toBe(400);
    expect(noKind.body.errors?.map((f: { path: string }) => f.path)).toContain('lines.0.cardId');
    const noSource = await clerk.client.post(`${BASE}/saveBill`, draft(m.id, [cardLine(cardId, 100, 0)], { reserveTypeId: null }), EN);
    expect(noSource.status).toBe(400);
    expect(noSource.body.errors).toContainEqual(
      expect.objectContaining({ path: 'reserveTypeId', message: "Paid from is required when Payout is Customer's bank card" }),
    );
    expect((await clerk.client.post(`${BASE}/saveBill`, draft(m.id, [cardLine(cardId, 100, 0)], { tkmobile: '123' }))).status).toBe(400);
    const bill = ok(await clerk.client.post(`${BASE}/saveBill`, draft(m.id, [cardLine(cardId, 100, 0)])));
    expect((await t.client().post(`${BASE}/saveBill`, {})).status).toBe(401);
    expect((await viewer.client.post(`${BASE}/saveBill`, draft(m.id, [cardLine(cardId, 100, 0)]))).status).toBe(403);
    expect((await clerk.client.post(`${BASE}/auditFhBill`, { id: bill.id })).status).toBe(403);
    expect((await b.admin.get(`${BASE}/getDetail/${bill.id}`)).status).toBe(404);
    expect((await b.admin.post(`${BASE}/submitBill`, { id: bill.id })).status).toBe(404);
    const early = await a.admin.post(`${BASE}/auditFhBill`, { id: bill.id }, EN);
    expect(early.status).toBe(409);
    expect(early.body.resp_msg).toMatch(/Not submitted/);
    // Another tenant's member cannot be named.
    const other = await memberWithMoney(b);
    expect((await clerk.client.post(`${BASE}/saveBill`, draft(other.m.id, [cardLine(other.cardId, 100, 0)]))).status).toBe(404);
    // Voided from a draft; nothing further.
    ok(await clerk.client.post(`${BASE}/voidBill`, { id: bill.id }));
    expect((await clerk.client.post(`${BASE}/submitBill`, { id: bill.id })).status).toBe(409);
    // A reject needs its reason, and the maker edits and submits again.
    const again = ok(await clerk.client.post(`${BASE}/saveBill`, draft(m.id, [cardLine(cardId, 100, 0)])));
    ok(await clerk.client.post(`${BASE}/submitBill`, { id: again.id }));
    // Customer service turning the payout into card money must name the card (the action's fields, as the save's).
    const noCard = await a.admin.post(`${BASE}/savesp`, { id: again.id, tktype: 3, reserveTypeId: null });
    expect(noCard.status).toBe(400);
    expect(noCard.body.errors).toEqual([{ path: 'targetCardId', message: '「打款方式」为「退为卡金」时须填写「转入卡」' }]);
    expect((await a.admin.post(`${BASE}/rejectBill`, { id: again.id })).status).toBe(400);
    expect(ok(await a.admin.post(`${BASE}/rejectBill`, { id: again.id, memo: '资料不全' }))).toMatchObject({
      state: 'rejected',
      rejectMemo: '资料不全',
    });
    ok(await clerk.client.post(`${BASE}/saveBill`, { ...draft(m.id, [cardLine(cardId, 200, 0)]), id: again.id }));
    ok(await clerk.client.post(`${BASE}/submitBill`, { id: again.id }));
    ok(await a.admin.post(`${BASE}/auditSpBill`, { id: again.id }));
    expect(ok(await a.admin.post(`${BASE}/rejectBillFh`, { id: again.id, memo: '金额不符' }))).toMatchObject({ state: 'rejected' });
  });

  it('a one-shop user sees and saves their shop’s bills only', async () => {
    const { m, cardId } = await memberWithMoney();
    const mine = ok(await clerk.client.post(`${BASE}/saveBill`, draft(m.id, [cardLine(cardId, 100, 0)])));
    expect((await otherClerk.client.get(`${BASE}/getDetail/${mine.id}`)).status).toBe(404);
    expect((await otherClerk.client.post(`${BASE}/submitBill`, { id: mine.id })).status).toBe(404);
    expect((await otherClerk.client.post(`${BASE}/saveBill`, draft(m.id, [cardLine(cardId, 100, 0)]))).status).toBe(403);
    const listed = ok(await otherClerk.client.get(`${BASE}/findListWithProChain`, { pageSize: 100 }));
    expect(listed.list.every((r: { shopId: number }) => r.shopId === s2)).toBe(true);
    const ours = ok(await clerk.client.get(`${BASE}/findListWithProChain`, { pageSize: 100 }));
    expect(ours.list.map((r: { id: number }) => r.id)).toContain(mine.id);
  });

  it('approves and reviews every zero-amount bill the user sees at once, no other', async () => {
    const { m, cardId } = await memberWithMoney();
    // Gift written off only: nothing paid out.
    const zero = ok(await clerk.client.post(`${BASE}/saveBill`, draft(m.id, [cardLine(cardId, 0, 500)], { tkattr: 1 })));
    expect(zero.totalMoney).toBe(0);
    const paid = ok(await clerk.client.post(`${BASE}/saveBill`, draft(m.id, [cardLine(cardId, 100, 0)])));
    for (const id of [zero.id, paid.id]) ok(await clerk.client.post(`${BASE}/submitBill`, { id }));
    // A one-shop approver at the other shop sees none of them.
    const farApprover = await createLimitedUser(t, a, { perms: ['finance.cardtk.view', 'finance.cardtk.sp'], managerShops: [s2] });
    expect(ok(await farApprover.client.post(`${BASE}/auditBillZeor`, {})).done.map((d: { id: number }) => d.id)).not.toContain(zero.id);
    const sp = ok(await a.admin.post(`${BASE}/auditBillZeor`, {}));
    expect(sp.done.map((d: { id: number }) => d.id)).toContain(zero.id);
    expect(sp.done.map((d: { id: number }) => d.id)).not.toContain(paid.id);
    const fh = ok(await a.admin.post(`${BASE}/fhBillZeor`, {}));
    expect(fh.done.map((d: { id: number }) => d.id)).toContain(zero.id);
    expect(ok(await a.admin.get(`${BASE}/getDetail/${zero.id}`)).state).toBe('reviewed');
    expect(ok(await a.admin.get(`${BASE}/getDetail/${paid.id}`)).state).toBe('submitted');
    expect(await bucketsOf(t, a, cardId)).toMatchObject({ [`${s1}:gift`]: 1500 });
    expect((await clerk.client.post(`${BASE}/auditBillZeor`, {})).status).toBe(403);
  });

  /** The member's package of 10 × ¥3 services and deposit of 5 × ¥8 products, at s1. */
  async function packageAndDeposit(memberId: number) {
    const { s1: service, p1: product } = await makeItems(t, a);
    const sold = ok(
      await a.admin.post('/api-member/memberpackage/sell', {
        memberId,
        shopId: s1,
        name: '护理套餐',
        lines: [{ itemType: 1, serviceId: service.id, total: 10, unitPrice: 300 }],
      }),
    );
    const kept = ok(
      await a.admin.post('/api-member/deposit/save', {
        memberId,
        shopId: s1,
        productId: product.id,
        total: 5,
        price: 800,
        source: 'purchase',
      }),
    );
    return { sold, kept };
  }

  it('credits another card (退为卡金) and refunds packages and deposited products, all restored by cancelFhBill', async () => {
    const { m, cardId } = await memberWithMoney();
    const type = await makeCardType(t, a, { shops: [s1] });
    const target = ok(
      await a.admin.post('/api-member/membercard/open', { memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 0 }, key()),
    );
    const { sold, kept } = await packageAndDeposit(m.id);
    const body = draft(
      m.id,
      [
        cardLine(cardId, 1000, 0),
        { kind: 'package', packageLineId: sold.rows[0].lineId, num: 4 },
        { kind: 'product', depositId: kept.id, num: 2 },
      ],
      { tktype: 3, reserveTypeId: null, targetCardId: target.cardId, freePackage: 200 },
    );
    const bill = await approved(body);
    expect(bill).toMatchObject({ cardMoney: 1000, packageMoney: 1000, productMoney: 1600, totalMoney: 3600 });
    ok(await a.admin.post(`${BASE}/auditFhBill`, { id: bill.id }));
    expect(await bucketsOf(t, a, target.cardId)).toEqual({ [`${s1}:principal`]: 3600 });
    expect(ok(await a.admin.get('/api-member/deposit/list', { memid: m.id }))[0].checknum).toBe(3);
    ok(await a.admin.post(`${BASE}/cancelFhBill`, { id: bill.id }));
    expect(await bucketsOf(t, a, target.cardId)).toEqual({});
    expect(await bucketsOf(t, a, cardId)).toMatchObject({ [`${s1}:principal`]: 10_000 });
    expect(ok(await a.admin.get('/api-member/deposit/list', { memid: m.id }))[0].checknum).toBe(5);
    await expectAssetsConsistent(t, a);
    await expectPackagesConsistent(t, a);
  });

  it('serves the form the member’s refundable card buckets, package lines and deposits (api-member/financecardtk)', async () => {
    const { m, cardId } = await memberWithMoney();
    const { sold, kept } = await packageAndDeposit(m.id);
    const PICKS = '/api-member/financecardtk';
    const cards = ok(await clerk.client.get(`${PICKS}/queryCardRecords`, { memid: m.id }));
    expect(cards.map((c: { id: number; buckets: unknown[] }) => [c.id, c.buckets.length])).toEqual([[cardId, 2]]);
    const ofShop = ok(await a.admin.get(`${PICKS}/queryCardRecords`, { memid: m.id, shopid: s2 }));
    expect(ofShop[0].buckets).toEqual([expect.objectContaining({ shopId: s2, principal: 5000, gift: 1000 })]);
    const packages = ok(await clerk.client.get(`${PICKS}/queryMemPackageTk`, { memid: m.id }));
    expect(packages).toEqual([expect.objectContaining({ id: sold.rows[0].lineId, snum: 10, singlePrice: 300 })]);
    expect(ok(await a.admin.get(`${PICKS}/queryMemPackageTk`, { memid: m.id, shopid: s2 }))).toEqual([]);
    expect((await clerk.client.get(`${PICKS}/queryMemPackageTk`, { memid: m.id, shopid: s2 })).status).toBe(403);
    expect(ok(await clerk.client.get(`${PICKS}/queryMemProductTk`, { memid: m.id }))).toEqual([
      expect.objectContaining({ id: kept.id, checknum: 5, price: 800 }),
    ]);
    const bad = await clerk.client.get(`${PICKS}/queryMemProductTk`, { memid: 'x' }, EN);
    expect([bad.status, bad.body.errors?.[0]?.path]).toEqual([400, 'memid']);
    expect((await t.client().get(`${PICKS}/queryCardRecords`, { memid: m.id })).status).toBe(401);
    expect((await viewer.client.get(`${PICKS}/queryCardRecords`, { memid: m.id })).status).toBe(403);
    expect((await b.admin.get(`${PICKS}/queryMemPackageTk`, { memid: m.id })).status).toBe(404);
    expect((await otherClerk.client.get(`${PICKS}/queryMemProductTk`, { memid: m.id })).status).toBe(404);
  });

  it('never draws a reserve balance below zero under 20 concurrent reviews', { timeout: 240_000 }, async () => {
    await fund(s1, risk, 5_000);
    const before = await reserveOf(s1, risk);
    // One card pays all 20 refunds (400 each of its 10,000 at s1); the reserve covers some of them only.
    const { m, cardId } = await memberWithMoney();
    const bills = [];
    for (let i = 0; i < 20; i++) bills.push(await approved(draft(m.id, [cardLine(cardId, 400, 0)], { reserveTypeId: risk })));
    const answers = await Promise.all(bills.map((bill) => a.admin.post(`${BASE}/auditFhBill`, { id: bill.id })));
    const done = answers.filter((r) => r.status === 200).length;
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(done).toBe(Math.min(20, Math.floor(before / 400)));
    const after = await reserveOf(s1, risk);
    expect(after).toBe(before - done * 400);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(await bucketsOf(t, a, cardId)).toMatchObject({ [`${s1}:principal`]: 10_000 - done * 400 });
    await expectAssetsConsistent(t, a);
  });

  it('a chain that requires approval refuses the direct refund (409) and says to use the approval', async () => {
    const { m, cardId } = await memberWithMoney();
    expect(ok(await a.admin.get(`${BASE}/settings`))).toEqual({ requireApproval: false });
    expect((await clerk.client.post(`${BASE}/settings`, { requireApproval: true })).status).toBe(403);
    ok(await a.admin.post(`${BASE}/settings`, { requireApproval: true }));
    const direct = await a.admin.post(
      '/api-member/tkhead/saveRefund',
      { memid: m.id, cards: [{ cardid: cardId, shopId: s1, tkje: 100, tzje: 0 }] },
      { ...key(), ...EN },
    );
    expect(direct.status).toBe(409);
    expect(direct.body.resp_msg).toMatch(/approval/);
    ok(await a.admin.post(`${BASE}/settings`, { requireApproval: false }));
    ok(
      await a.admin.post(
        '/api-member/tkhead/saveRefund',
        { memid: m.id, cards: [{ cardid: cardId, shopId: s1, tkje: 100, tzje: 0 }] },
        key(),
      ),
    );
  });

  // ---- return visits (退卡回访, cardtkhfhead), refund statistics, offline refunds (线下退款, xxtkrecords) ----

  const VISITS = '/api-finance/cardtkhfhead';
  const OFFLINE = '/api-finance/xxtkrecords';
  const caller = await createLimitedUser(t, a, { perms: ['finance.cardtkhf.view', 'finance.cardtkhf.visit'], managerShops: [s1, s2] });
  const visitViewer = await createLimitedUser(t, a, { perms: ['finance.cardtkhf.view'], managerShops: [s1, s2] });
  const otherShopCaller = await createLimitedUser(t, a, { perms: ['finance.cardtkhf.view', 'finance.cardtkhf.visit'], loginShops: [s2] });
  /** A refund reviewed by finance, and the return visit its review opened. */
  const reviewed = async (more: object = {}) => {
    await fund(s1, deposit, 10_000);
    const { m, cardId } = await memberWithMoney();
    const bill = await approved(draft(m.id, [cardLine(cardId, 1000, 0)], more));
    const refund = ok(await a.admin.post(`${BASE}/auditFhBill`, { id: bill.id }));
    const [visit] = ok(await a.admin.get(`${VISITS}/billList`, { shopId: s1, pageSize: 100 })).list.filter(
      (v: { refundId: number }) => v.refundId === refund.id,
    );
    return { refund, visit, member: m };
  };

  it('the review opens the return visit; calls move it to 回访中, the confirm to 已回访; cancelling the review voids an open one', async () => {
    const { refund, visit, member } = await reviewed();
    expect(visit).toMatchObject({
      state: 'pending',
      shopId: s1,
      memberId: member.id,
      refundNo: refund.billNo,
      totalMoney: 1000,
      tkattr: 3,
    });
    expect(visit.mobile).toBe(member.mobile);
    // Confirmed only once a call is recorded (409, and not offered).
    expect(ok(await caller.client.get(`${VISITS}/getDetail/${visit.id}`)).actions).toEqual(['waive']);
    const early = await caller.client.post(`${VISITS}/auditBill`, { id: visit.id }, EN);
    expect([early.status, early.body.resp_msg]).toEqual([409, 'Record at least one call first']);
    const called = ok(
      await caller.client.post(VISITS, { id: visit.id, finding: 7, satisfaction: 4, note: '顾客搬家，服务满意', hstkattr: 3 }),
    );
    expect(called).toMatchObject({ state: 'visiting', hstkattr: 3, actions: ['visit', 'waive'] });
    expect(called.lines).toEqual([
      expect.objectContaining({ finding: 7, satisfaction: 4, memo: '顾客搬家，服务满意', hfBy: expect.stringContaining('测试用户') }),
    ]);
    ok(await caller.client.post(VISITS, { id: visit.id, version: called.version, finding: 1 }));
    const done = ok(await caller.client.post(`${VISITS}/auditBill`, { id: visit.id, memo: '回访完成' }));
    expect(done).toMatchObject({ state: 'visited', visitedByName: expect.stringContaining('测试用户'), visitedAt: expect.any(String) });
    expect(done.lines).toHaveLength(2);
    expect(done.log.map((l: { action: string }) => l.action)).toEqual(['create', 'record', 'record', 'visit']);
    expect((await caller.client.post(VISITS, { id: visit.id, finding: 1 })).status).toBe(409);
    // A visit done stays when the review is cancelled; an open one is voided, and a new review opens a new one.
    ok(await a.admin.post(`${BASE}/cancelFhBill`, { id: refund.id }));
    expect(ok(await caller.client.get(`${VISITS}/getDetail/${visit.id}`)).state).toBe('visited');
    const second = await reviewed();
    ok(await caller.client.post(VISITS, { id: second.visit.id, finding: 2 }));
    ok(await a.admin.post(`${BASE}/cancelFhBill`, { id: second.refund.id, memo: '复核有误' }));
    const voided = ok(await caller.client.get(`${VISITS}/getDetail/${second.visit.id}`));
    expect(voided).toMatchObject({ state: 'voided', actions: [] });
    ok(await a.admin.post(`${BASE}/auditFhBill`, { id: second.refund.id }));
    const reopened = ok(await a.admin.get(`${VISITS}/list/all`, { shopId: s1 })).filter(
      (v: { refundId: number; state: string }) => v.refundId === second.refund.id && v.state === 'pending',
    );
    expect(reopened).toHaveLength(1);
  });

  it('visits: 免回访 in a batch (censorforM), by hand for a reviewed refund, with 400, 401, 403, 404 and 409 as they apply', async () => {
    const [one, two] = [await reviewed(), await reviewed()];
    const waived = ok(await caller.client.post(`${VISITS}/censorforM`, { ids: [one.visit.id, two.visit.id], memo: '顾客拒绝回访' }));
    expect(waived.done.map((d: { state: string }) => d.state)).toEqual(['waived', 'waived']);
    const again = ok(await caller.client.post(`${VISITS}/censorforM`, { ids: [one.visit.id] }));
    expect(again.failed).toEqual([expect.objectContaining({ id: one.visit.id, code: 409 })]);
    // By hand: only a reviewed refund without a visit not voided.
    const dup = await a.admin.post(`${VISITS}/saveBill`, { refundId: one.refund.id }, EN);
    expect([dup.status, dup.body.resp_msg]).toEqual([409, `Refund ${one.refund.billNo} already has the return visit ${one.visit.billNo}`]);
    const { m, cardId } = await memberWithMoney();
    const notReviewed = await approved(draft(m.id, [cardLine(cardId, 100, 0)]));
    const refused = await a.admin.post(`${VISITS}/saveBill`, { refundId: notReviewed.id }, EN);
    expect([refused.status, refused.body.errors?.[0]?.path]).toEqual([400, 'refundId']);
    const badCall = await caller.client.post(VISITS, { id: two.visit.id, finding: 12 }, EN);
    expect([badCall.status, badCall.body.errors?.[0]?.path]).toEqual([400, 'finding']);
    // Rights, tenants and shops.
    const fresh = await reviewed();
    expect((await t.client().get(`${VISITS}/billList`)).status).toBe(401);
    expect((await visitViewer.client.post(VISITS, { id: fresh.visit.id, finding: 1 })).status).toBe(403);
    expect((await visitViewer.client.post(`${VISITS}/censorforM`, { ids: [fresh.visit.id] })).status).toBe(403);
    expect((await b.admin.get(`${VISITS}/getDetail/${fresh.visit.id}`)).status).toBe(404);
    expect((await b.admin.post(VISITS, { id: fresh.visit.id, finding: 1 })).status).toBe(404);
    expect((await otherShopCaller.client.post(VISITS, { id: fresh.visit.id, finding: 1 })).status).toBe(404);
    expect((await otherShopCaller.client.get(`${VISITS}/getDetail/${fresh.visit.id}`)).status).toBe(404);
    const seen = ok(await otherShopCaller.client.get(`${VISITS}/billList`, { pageSize: 100 })).list;
    expect(seen.every((v: { shopId: number }) => v.shopId === s2)).toBe(true);
  });

  it('the visit’s calls under the refunds (cardtkhead/auditBill, censorforM) name the visit by its refund’s id', async () => {
    const [one, two, three] = [await reviewed(), await reviewed(), await reviewed()];
    // 确认回访 by the refund's id: refused (409) until a call is recorded, then done on the refund's visit.
    const early = await caller.client.post(`${BASE}/auditBill`, { id: one.refund.id }, EN);
    expect([early.status, early.body.resp_msg]).toEqual([409, 'Record at least one call first']);
    ok(await caller.client.post(VISITS, { id: one.visit.id, finding: 5 }));
    const done = ok(await caller.client.post(`${BASE}/auditBill`, { id: one.refund.id, memo: '已回访' }));
    expect(done).toMatchObject({ id: one.visit.id, refundId: one.refund.id, state: 'visited' });
    // 免回访 of several refunds at once: each refund's visit, results by the visit.
    const waived = ok(await caller.client.post(`${BASE}/censorforM`, { ids: [two.refund.id, three.refund.id, one.refund.id] }));
    expect(waived.done.map((d: { id: number; state: string }) => [d.id, d.state]).sort()).toEqual(
      [
        [two.visit.id, 'waived'],
        [three.visit.id, 'waived'],
      ].sort(),
    );
    expect(waived.failed).toEqual([expect.objectContaining({ id: one.visit.id, code: 409 })]);
    // A refund reviewed again (its open visit voided, a new one opened) names its newest visit.
    const four = await reviewed();
    ok(await a.admin.post(`${BASE}/cancelFhBill`, { id: four.refund.id }));
    ok(await a.admin.post(`${BASE}/auditFhBill`, { id: four.refund.id }));
    const renewed = ok(await caller.client.post(`${BASE}/censorforM`, { ids: [four.refund.id] }));
    expect(renewed.done).toEqual([expect.objectContaining({ state: 'waived' })]);
    expect(renewed.done[0].id).toBeGreaterThan(four.visit.id);
    expect(ok(await caller.client.get(`${VISITS}/getDetail/${four.visit.id}`)).state).toBe('voided');
    // 400, 401, 403, 404 (a refund with no visit, another tenant's, another shop's for a one-shop user).
    const fresh = await reviewed();
    expect((await caller.client.post(`${BASE}/auditBill`, { id: 'x' }, EN)).body.errors?.[0]?.path).toBe('id');
    expect((await caller.client.post(`${BASE}/censorforM`, { ids: [] })).status).toBe(400);
    expect((await t.client().post(`${BASE}/censorforM`, { ids: [fresh.refund.id] })).status).toBe(401);
    expect((await visitViewer.client.post(`${BASE}/censorforM`, { ids: [fresh.refund.id] })).status).toBe(403);
    expect((await visitViewer.client.post(`${BASE}/auditBill`, { id: fresh.refund.id })).status).toBe(403);
    const { m, cardId } = await memberWithMoney();
    const notReviewed = await approved(draft(m.id, [cardLine(cardId, 100, 0)]));
    expect((await caller.client.post(`${BASE}/censorforM`, { ids: [notReviewed.id] })).status).toBe(404);
    expect((await b.admin.post(`${BASE}/auditBill`, { id: fresh.refund.id })).status).toBe(404);
    expect((await b.admin.post(`${BASE}/censorforM`, { ids: [fresh.refund.id] })).status).toBe(404);
    expect((await otherShopCaller.client.post(`${BASE}/censorforM`, { ids: [fresh.refund.id] })).status).toBe(404);
    expect(ok(await caller.client.get(`${VISITS}/getDetail/${fresh.visit.id}`)).state).toBe('pending');
  });

  it('refund statistics per shop (findListWithProtj, on both resources): counts and amounts by payout and reason, the user’s shops only', async () => {
    // Written as they stand, in a month of their own.
    const m = await makeMember(t, a, s1);
    const rows = [
      { shopId: s1, totalMoney: 1000, tktype: 2, tkattr: 7, hstkattr: null, state: 'reviewed' },
      { shopId: s1, totalMoney: 0, tktype: 1, tkattr: 1, hstkattr: null, state: 'reviewed' },
      { shopId: s1, totalMoney: 500, tktype: 3, tkattr: 3, hstkattr: 4, state: 'reviewed' },
      { shopId: s1, totalMoney: 900, tktype: 2, tkattr: 2, hstkattr: null, state: 'approved' },
      { shopId: s2, totalMoney: 300, tktype: 2, tkattr: 6, hstkattr: null, state: 'reviewed' },
    ];
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.insert(cardRefundBills).values(
        rows.map((r, i) => ({
          ...r,
          tenantId: a.tenantId,
          billNo: `TJ${Date.now()}${i}`,
          billDate: '2019-03-05',
          memberId: m.id,
          tkcontent: '统计',
          tkname: '张三',
          tkmobile: '13800138000',
        })),
      ),
    );
    const month = { dateFrom: '2019-03-01', dateTo: '2019-03-31' };
    const [first, second] = ok(await a.admin.get(`${BASE}/findListWithProtj`, month));
    expect(first).toMatchObject({ shopId: s1, tknum: 3, zeronum: 1, stnum: 1, cardnum: 1, totalmoney: 1500, cardmoney: 500 });
    // The reason is the verified one where customer service gave it (技术, not 个人).
    expect(first).toMatchObject({ closemoney: 1000, jishumoney: 500, gerenmoney: 0, qitamoney: 0, leavemoney: 0 });
    expect(second).toMatchObject({ shopId: s2, tknum: 1, fuwumoney: 300 });
    expect(ok(await a.admin.get(`${VISITS}/findListWithProtj`, { dateFrom: '2019-04-01', dateTo: '2019-04-30' }))).toEqual([]);
    expect(ok(await otherClerk.client.get(`${VISITS}/findListWithProtj`, month)).map((r: { shopId: number }) => r.shopId)).toEqual([s2]);
    expect((await otherClerk.client.get(`${BASE}/findListWithProtj`, { shopId: s1 })).status).toBe(403);
    const bad = await a.admin.get(`${BASE}/findListWithProtj`, { dateFrom: '2026-3-1' }, EN);
    expect([bad.status, bad.body.errors?.[0]?.path]).toEqual([400, 'dateFrom']);
    expect((await t.client().get(`${BASE}/findListWithProtj`)).status).toBe(401);
    expect((await visitViewer.client.get(`${BASE}/findListWithProtj`)).status).toBe(403);
  });

  it('an offline refund: saved and submitted by the shop, approved, reviewed (the reserve pays it), cancelFhBill puts it back', async () => {
    await fund(s1, risk, 3000);
    const before = await reserveOf(s1, risk);
    const body = {
      shopId: s1,
      memType: 2,
      serveType: 'MF1',
      tkBillcode: 'MT0001',
      tkMoney: 2500,
      tkName: '李四',
      tkMobile: '13900139000',
      tkAttr: 5,
      tkContent: '团购券未使用',
      reserveTypeId: risk,
      payType: 2,
      payee: '李四',
      bank: '招商银行',
      bankno: '6225880112345678',
    };
    const offlineClerk = await createLimitedUser(t, a, { perms: ['finance.xxtk.view', 'finance.xxtk.edit'], loginShops: [s1] });
    const bill = ok(await offlineClerk.client.post(`${OFFLINE}/saveBill`, body));
    expect(bill).toMatchObject({
      state: 'draft',
      tkMoney: 2500,
      shopName: expect.any(String),
      reserveTypeName: '风险金',
      memberName: null,
    });
    ok(await offlineClerk.client.post(`${OFFLINE}/submitBill`, { id: bill.id }));
    expect((await offlineClerk.client.post(`${OFFLINE}/auditBillsp`, { id: bill.id })).status).toBe(403);
    ok(await a.admin.post(`${OFFLINE}/auditBillsp`, { id: bill.id }));
    expect(await reserveOf(s1, risk)).toBe(before);
    ok(await a.admin.post(`${OFFLINE}/auditBillfh`, { id: bill.id }));
    expect(await reserveOf(s1, risk)).toBe(before - 2500);
    ok(await a.admin.post(`${OFFLINE}/cancelFhBill`, { id: bill.id }));
    expect(await reserveOf(s1, risk)).toBe(before);
    const log = ok(await a.admin.get('/api-finance/xxtkoperlog/list/all', { billcode: bill.billNo }));
    expect(log.map((l: { action: string }) => l.action)).toEqual(['create', 'submit', 'approve', 'review', 'cancelReview']);
    // More than the reserve holds: the review is refused and nothing moves.
    const big = ok(await offlineClerk.client.post(`${OFFLINE}/saveBill`, { ...body, tkMoney: before + 1 }));
    ok(await offlineClerk.client.post(`${OFFLINE}/submitBill`, { id: big.id }));
    ok(await a.admin.post(`${OFFLINE}/auditBillsp`, { id: big.id }));
    expect((await a.admin.post(`${OFFLINE}/auditBillfh`, { id: big.id })).status).toBe(409);
    expect(await reserveOf(s1, risk)).toBe(before);
    // A member's refund names the member, a walk-in's none; another shop is not the clerk's.
    const noMember = await offlineClerk.client.post(`${OFFLINE}/saveBill`, { ...body, memType: 1 }, EN);
    expect([noMember.status, noMember.body.errors?.[0]?.path]).toEqual([400, 'memberId']);
    const { m } = await memberWithMoney();
    const walkIn = await offlineClerk.client.post(`${OFFLINE}/saveBill`, { ...body, memberId: m.id }, EN);
    expect([walkIn.status, walkIn.body.errors?.[0]?.path]).toEqual([400, 'memberId']);
    ok(await offlineClerk.client.post(`${OFFLINE}/saveBill`, { ...body, memType: 1, memberId: m.id }));
    expect((await offlineClerk.client.post(`${OFFLINE}/saveBill`, { ...body, shopId: s2 })).status).toBe(403);
    expect((await b.admin.get(`${OFFLINE}/getDetail/${bill.id}`)).status).toBe(404);
    expect((await t.client().get(`${OFFLINE}/billListsp`)).status).toBe(401);
  });
});
