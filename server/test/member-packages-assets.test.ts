import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberPackageLines } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { expectAssetsConsistent, key, makeCardType, makeMember, ok, openCardFor, shopIds } from './assets-support.js';
import { build } from './helpers.js';
import { expectPackagesConsistent, makeItems, packageValueOf } from './member-packages-support.js';
import { createLimitedUser } from './users.js';

const SELL = '/api-member/memberpackage/sell';
const LINES = '/api-member/packagedesc/memPackagedescList';
const EXT = '/api-chain/mempackageorder';
const DEPOSITS = '/api-member/deposit/list';
const DEPOSIT = '/api-member/deposit/save';
const TAKEOUT = '/api-member/deposit/takeout';
const REFUND = '/api-member/tkhead/saveRefund';

describe('package extensions, deposited products, refunds of packages and products, cancelling a member', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const items = await makeItems(t, a);

  async function withPackage(shopId = s1, extra: Record<string, unknown> = {}) {
    const m = await makeMember(t, a, shopId);
    ok(
      await a.admin.post(SELL, {
        memberId: m.id,
        shopId,
        name: '美容疗程',
        expiresOn: '2029-12-31',
        lines: [
          { itemType: 1, serviceId: items.s1.id, total: 10, unitPrice: 3000 },
          { itemType: 1, serviceId: items.s2.id, total: 4, unitPrice: 2000, isGift: true },
        ],
        ...extra,
      }),
    );
    const [bought, gift] = ok(await a.admin.get(LINES, { memid: m.id }));
    return { m, bought, gift };
  }

  async function deposit(memberId: number, shopId: number, total = 5, price = 8000) {
    return ok(
      await a.admin.post(DEPOSIT, { memberId, shopId, productId: items.p1.id, total, price, source: 'purchase', billcode: 'XS001' }, key()),
    );
  }

  it('the extension bill moves expiry dates when audited, and refuses a date not after the current one', async () => {
    const { m, bought, gift } = await withPackage();
    const saved = ok(
      await a.admin.post(`${EXT}/saveBill`, {
        memo: '顾客出差',
        lines: [
          { packageLineId: bought.id, nexpiryTime: '2030-06-30' },
          { packageLineId: gift.id, nexpiryTime: '2030-03-31' },
        ],
      }),
    );
    expect(saved).toMatchObject({ state: 'draft', lineCount: 2 });
    expect(
      saved.lines.map((l: { memname: string; servname: string; expiryTime: string }) => [l.memname, l.servname, l.expiryTime]),
    ).toEqual([
      [m.name, items.s1.name, '2029-12-31'],
      [m.name, items.s2.name, '2029-12-31'],
    ]);
    // Not moved before the audit.
    expect(ok(await a.admin.get(LINES, { memid: m.id }))[0].expiryTime).toBe('2029-12-31');
    const audited = ok(await a.admin.post(`${EXT}/auditBill`, { id: saved.id }));
    expect(audited.state).toBe('audited');
    expect(ok(await a.admin.get(LINES, { memid: m.id })).map((l: { expiryTime: string }) => l.expiryTime)).toEqual([
      '2030-06-30',
      '2030-03-31',
    ]);
    const earlier = await a.admin.post(`${EXT}/saveBill`, { lines: [{ packageLineId: bought.id, nexpiryTime: '2030-01-01' }] });
    expect(earlier.status).toBe(400);
    expect(earlier.body.errors?.[0]).toMatchObject({ path: 'lines.0.nexpiryTime' });
    expect(earlier.body.errors?.[0].message).toContain('2030-06-30');
    const twice = await a.admin.post(`${EXT}/saveBill`, {
      lines: [
        { packageLineId: bought.id, nexpiryTime: '2031-01-01' },
        { packageLineId: bought.id, nexpiryTime: '2031-02-01' },
      ],
    });
    expect(twice.status).toBe(400);
    // An expired line is used again after its extension.
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(memberPackageLines).set({ expiresOn: '2020-01-01' }).where(eq(memberPackageLines.id, bought.id)),
    );
    expect((await a.admin.post('/api-member/memberpackage/consume', { shopId: s1, items: [{ lineId: bought.id, count: 1 }] })).status).toBe(
      409,
    );
    const revive = ok(await a.admin.post(`${EXT}/saveBill`, { lines: [{ packageLineId: bought.id, nexpiryTime: '2031-01-01' }] }));
    ok(await a.admin.post(`${EXT}/auditBill`, { id: revive.id }));
    ok(await a.admin.post('/api-member/memberpackage/consume', { shopId: s1, items: [{ lineId: bought.id, count: 1 }] }));
    // The list filters by member; another tenant and a clerk of another shop do not see the lines.
    expect(ok(await a.admin.get(`${EXT}/queryBillByPage`, { memid: m.id })).total).toBe(2);
    expect((await b.admin.post(`${EXT}/saveBill`, { lines: [{ packageLineId: bought.id, nexpiryTime: '2032-01-01' }] })).status).toBe(404);
    const clerk = await createLimitedUser(t, a, {
      perms: ['assets.packageExtension.view', 'assets.packageExtension.edit'],
      managerShops: [s2],
    });
    expect((await clerk.client.post(`${EXT}/saveBill`, { lines: [{ packageLineId: bought.id, nexpiryTime: '2032-01-01' }] })).status).toBe(
      404,
    );
    expect(ok(await clerk.client.get(`${EXT}/queryBillByPage`, { memid: m.id })).total).toBe(0);
  });

  it('deposited products: recorded, taken out at the keeping shop, never more than is left', async () => {
    const m = await makeMember(t, a, s1);
    const d = await deposit(m.id, s1);
    expect(d).toMatchObject({
      pcode: items.p1.pcode,
      pname: items.p1.name,
      total: 5,
      checknum: 5,
      price: 8000,
      source: 'purchase',
      billcode: 'XS001',
    });
    const after = ok(await a.admin.post(TAKEOUT, { depositId: d.id, shopId: s1, num: 2 }, key()));
    expect(after.checknum).toBe(3);
    const other = await a.admin.post(TAKEOUT, { depositId: d.id, shopId: s2, num: 1 });
    expect(other.status).toBe(409);
    expect(other.body.resp_msg).toBe('寄存在其他门店的产品只能在寄存门店取出');
    const answers = await Promise.all(Array.from({ length: 6 }, () => a.admin.post(TAKEOUT, { depositId: d.id, shopId: s1, num: 1 })));
    expect(answers.filter((x) => x.status === 200)).toHaveLength(3);
    for (const x of answers.filter((y) => y.status !== 200)) expect(x.body.resp_msg).toBe('寄存剩余数量不足：剩余 0，需要 1');
    expect(ok(await a.admin.get(DEPOSITS, { memid: m.id }))[0].checknum).toBe(0);
    const moves = ok(await a.admin.get('/api-member/deposit/movements', { depositId: d.id }));
    expect(moves.map((x: { kind: string; num: number }) => [x.kind, x.num])).toEqual([
      ['takeout', 1],
      ['takeout', 1],
      ['takeout', 1],
      ['takeout', 2],
    ]);
    expect((await a.admin.post(DEPOSIT, { memberId: m.id, shopId: s1, total: 1, price: 1, source: 'gift' })).status).toBe(400);
    expect((await t.client().get(DEPOSITS, { memid: m.id })).status).toBe(401);
    const viewer = await createLimitedUser(t, a, { perms: ['assets.deposit.view'], managerShops: [s1] });
    expect((await viewer.client.post(TAKEOUT, { depositId: d.id, shopId: s1, num: 1 })).status).toBe(403);
    expect((await b.admin.get(DEPOSITS, { memid: m.id })).status).toBe(404);
    await expectPackagesConsistent(t, a);
  });

  it('refunds package counts at the batch unit price (gift lines 0) and deposited units at their price, each part with its fee', async () => {
    const { m, bought, gift } = await withPackage();
    const d = await deposit(m.id, s1, 3, 4500);
    const refund = ok(
      await a.admin.post(
        REFUND,
        {
          memid: m.id,
          packages: [
            { pdid: bought.id, tkNum: 4 },
            { pdid: gift.id, tkNum: 2 },
          ],
          products: [{ dbid: d.id, thNum: 2 }],
          freePackage: 1000,
          freeProduct: 500,
        },
        key(),
      ),
    );
    expect(refund).toMatchObject({ packageJe: 4 * 3000 - 1000, freePackage: 1000, productJe: 2 * 4500 - 500, freeProduct: 500, cardJe: 0 });
    expect(refund.totalJe).toBe(11_000 + 8500);
    expect(refund.packageLines).toEqual([
      { pdid: bought.id, mpname: '美容疗程', servname: items.s1.name, tkNum: 4, singlePrice: 3000, isGift: false, tkje: 12_000 },
      { pdid: gift.id, mpname: '美容疗程', servname: items.s2.name, tkNum: 2, singlePrice: 2000, isGift: true, tkje: 0 },
    ]);
    expect(refund.productLines).toEqual([{ dbid: d.id, pcode: items.p1.pcode, pname: items.p1.name, thNum: 2, price: 4500, tkje: 9000 }]);
    expect(ok(await a.admin.get(LINES, { memid: m.id })).map((l: { snum: number }) => l.snum)).toEqual([6, 2]);
    expect(ok(await a.admin.get(DEPOSITS, { memid: m.id }))[0].checknum).toBe(1);
    expect(await packageValueOf(t, a, m.id)).toBe(6 * 3000);
    const records = ok(await a.admin.post('/api-member/chainmember/queryPackageRecords', { lineId: bought.id }));
    expect(records.list[0]).toMatchObject({ kind: 'refund', saleNum: -4, surplusNum: 6, memo: refund.billNo });
    // Over the count left, over checknum, fees above the part: refused, nothing posted.
    const over = await a.admin.post(REFUND, { memid: m.id, packages: [{ pdid: bought.id, tkNum: 7 }] });
    expect(over.status).toBe(409);
    expect(over.body.resp_msg).toBe(`套餐项目「${items.s1.name}」剩余 6 次，不能退 7 次`);
    expect((await a.admin.post(REFUND, { memid: m.id, products: [{ dbid: d.id, thNum: 2 }] })).status).toBe(409);
    const fee = await a.admin.post(REFUND, { memid: m.id, packages: [{ pdid: gift.id, tkNum: 1 }], freePackage: 1 });
    expect(fee.status).toBe(400);
    expect(fee.body.resp_msg).toBe('套餐手续费应在 0 到 ¥0.00 之间');
    expect((await a.admin.post(REFUND, { memid: m.id })).status).toBe(400);
    // A shop refunds only the packages it sold and the products it keeps.
    const clerk = await createLimitedUser(t, a, { perms: ['assets.refund.view', 'assets.refund.edit'], managerShops: [s1, s2] });
    const elsewhere = await clerk.client.post(REFUND, { memid: m.id, shopId: s2, packages: [{ pdid: bought.id, tkNum: 1 }] });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.resp_msg).toBe('门店退款只能退本店售出的套餐');
    expect((await clerk.client.post(REFUND, { memid: m.id, shopId: s2, products: [{ dbid: d.id, thNum: 1 }] })).status).toBe(409);
    ok(await clerk.client.post(REFUND, { memid: m.id, shopId: s1, packages: [{ pdid: bought.id, tkNum: 1 }] }));
    // Another member's line.
    const other = await withPackage();
    expect((await a.admin.post(REFUND, { memid: m.id, packages: [{ pdid: other.bought.id, tkNum: 1 }] })).status).toBe(409);
    expect((await b.admin.post(REFUND, { memid: m.id, packages: [{ pdid: bought.id, tkNum: 1 }] })).status).toBe(404);
    const detail = ok(await a.admin.get(`/api-member/tkhead/chain/getBill/${refund.id}`));
    expect(detail.packageLines).toHaveLength(2);
    await expectPackagesConsistent(t, a);
  });

  it('a member is not cancelled while package counts (gift ones too) or deposited products remain; expired packages do not hold it', async () => {
    const { m, bought, gift } = await withPackage();
    const d = await deposit(m.id, s1, 1, 100);
    const refused = await a.admin.get('/api-member/chainmember/cancellMember', { memid: m.id });
    expect(refused.status).toBe(409);
    expect(refused.body.resp_msg).toBe('会员仍有资产：套餐 14 次（¥300.00）、寄存产品 1。请先在退款模块处理余额资产');
    ok(await a.admin.post(REFUND, { memid: m.id, packages: [{ pdid: bought.id, tkNum: 10 }], products: [{ dbid: d.id, thNum: 1 }] }));
    const giftLeft = await a.admin.get('/api-member/chainmember/cancellMember', { memid: m.id }, { 'accept-language': 'en-US' });
    expect(giftLeft.body.resp_msg).toBe('The member still has assets: packages 4 uses (¥0.00). Refund them first');
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(memberPackageLines).set({ expiresOn: '2020-01-01' }).where(eq(memberPackageLines.id, gift.id)),
    );
    expect(ok(await a.admin.get('/api-member/chainmember/cancellMember', { memid: m.id }))).toEqual({ memid: m.id, status: 3 });
  });

  it('packages linked to a card move with the card to its new holder (转卡), with their value', async () => {
    const type = await makeCardType(t, a, { shops: [s1] });
    const giver = await makeMember(t, a, s1);
    const taker = await makeMember(t, a, s1);
    const card = ok(await openCardFor(a, { memberId: giver.id, cardTypeId: type.id, shopId: s1, amount: 1000 }));
    ok(
      await a.admin.post(SELL, {
        memberId: giver.id,
        shopId: s1,
        cardId: card.cardId,
        name: '卡内套餐',
        lines: [{ itemType: 1, serviceId: items.s1.id, total: 5, unitPrice: 1000 }],
      }),
    );
    ok(await a.admin.post('/api-push/smsmsgctrl/sentAuthMsg', { mobile: taker.mobile }));
    const outbox = ok(await a.admin.get('/api-push/smsmsgctrl/outbox', { mobile: taker.mobile }));
    const code = /(\d{6})/.exec(outbox.list[0].text)?.[1];
    ok(await a.admin.post('/api-push/smsmsgctrl/authSmsCode', { mobile: taker.mobile, code }));
    ok(await a.admin.post('/api-member/userinfo/changeCardInfo', { cardno: card.cardNo, omemid: giver.id, memid: taker.id }));
    expect(ok(await a.admin.get(LINES, { memid: giver.id }))).toEqual([]);
    expect(ok(await a.admin.get(LINES, { memid: taker.id }))[0]).toMatchObject({ cardno: card.cardNo, snum: 5 });
    expect(await packageValueOf(t, a, giver.id)).toBe(0);
    expect(await packageValueOf(t, a, taker.id)).toBe(5000);
    await expectPackagesConsistent(t, a);
    await expectAssetsConsistent(t, a);
  });

  it("saveMemberCard opens a new member's first card (gift by the card type) in the same transaction, once", async () => {
    const type = await makeCardType(t, a, { shops: [s1], openGift: 500 });
    const mobile = `1360${String(Date.now()).slice(-7)}`;
    const saved = ok(
      await a.admin.post(
        '/api-member/chainmember/saveMemberCard',
        { mobile, name: '开卡会员', shopId: s1, card: { cardTypeId: type.id, amount: 20_000 } },
        key(),
      ),
    );
    expect(saved.card).toMatchObject({ kind: 'open', principalAfter: 20_000, giftAfter: 500 });
    const assets = ok(await a.admin.get('/api-member/membercard/assets', { memberId: saved.id }));
    expect(assets).toMatchObject({ principal: 20_000, gift: 500 });
    expect(assets.cards).toHaveLength(1);
    // Not with a change of a member; a card type not sold at the shop refuses the whole save.
    const change = await a.admin.post('/api-member/chainmember/saveMemberCard', {
      id: saved.id,
      mobile,
      name: '开卡会员',
      shopId: s1,
      card: { cardTypeId: type.id, amount: 1 },
    });
    expect(change.status).toBe(400);
    const notSoldMobile = `1361${String(Date.now()).slice(-7)}`;
    const notSold = await a.admin.post('/api-member/chainmember/saveMemberCard', {
      mobile: notSoldMobile,
      name: '未开卡',
      shopId: s2,
      card: { cardTypeId: type.id, amount: 1000 },
    });
    expect(notSold.status).toBe(409);
    // Nothing of it stays: the member was not created either.
    expect((await a.admin.get('/api-member/membercard/assets', { mobile: notSoldMobile })).status).toBe(404);
    // A user who may edit members but not open cards.
    const editor = await createLimitedUser(t, a, { perms: ['members.member.view', 'members.member.edit'], managerShops: [s1] });
    const denied = await editor.client.post('/api-member/chainmember/saveMemberCard', {
      mobile: `1362${String(Date.now()).slice(-7)}`,
      name: '无权开卡',
      shopId: s1,
      card: { cardTypeId: type.id, amount: 1000 },
    });
    expect(denied.status).toBe(403);
    await expectAssetsConsistent(t, a);
  });
});
