import { describe, expect, it } from 'vitest';
import { periodLocks } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeCardType, makeMember } from './assets-support.js';
import { build } from './helpers.js';
import { expectTillConsistent, key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';
const A = `${P}/csadjrecords`;
const EN = { 'accept-language': 'en-US' };
const sum = (rows: { amount: number }[]) => rows.reduce((s, r) => s + r.amount, 0);
type Perf = { employeeId: number | null; amount: number; cause: string; causeBillNo: string | null; station: number };

describe('recharge performance adjustment bills (充值单业绩调整单)', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const other = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const fx = await tillFixture(t, a, s1);
  const [stylist, assistant] = fx.staff;
  const fx2 = await tillFixture(t, a, s2);
  const type = await makeCardType(t, a, { shops: [s1, s2] });
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: s1 }));
  const payId = (code: string) => setup.payTypes.find((p: { code: string }) => p.code === code).payTypeId as number;

  /** A card opened at the till for 600.00 (cash 400.00, WeChat 200.00), stylist 60% and assistant 40% at station 1. */
  async function cardBill(shopId = s1, staff = [stylist, assistant]) {
    const member = await makeMember(t, a, shopId);
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId, memberId: member.id }));
    const line = {
      kind: 'cardOpen',
      itemId: type.id,
      num: 1,
      amount: 60_000,
      staff: [
        { employeeId: staff[0].id, station: 1, appointed: true, share: 6_000 },
        { employeeId: staff[1].id, station: 1, appointed: false, share: 4_000 },
      ],
    };
    const priced = ok(await a.admin.post(`${P}/checkout/lines`, { id: opened.id, version: opened.version, lines: [line] }));
    const payments = [
      { payTypeId: payId('01'), amount: 40_000 },
      { payTypeId: payId('23'), amount: 20_000 },
    ];
    return ok(await a.admin.post(`${P}/checkout/settle`, { id: priced.id, version: priced.version, payments }, key()));
  }

  // Performance 598.80 (WeChat fee 1.20): the new split 300.00 stylist, 200.00 assistant, 98.80 公单.
  const split = [
    { station: 1, employeeId: stylist.id, appointed: true, yj: 30_000 },
    { station: 1, employeeId: assistant.id, yj: 20_000 },
    { station: 1, employeeId: null, yj: 9_880 },
  ];

  it('adjusts a card bill of two employees to three rows with a 公单, audited: the card bill shows the new split', async () => {
    const bill = await cardBill();
    expect(bill.perf.map((r: Perf) => [r.employeeId, r.amount])).toEqual([
      [stylist.id, 35_928],
      [assistant.id, 23_952],
    ]);
    const draft = ok(await a.admin.post(`${A}/save`, { refbillcode: bill.billNo, memo: '业绩归属调整', lines: split }));
    expect(draft).toMatchObject({ state: 'draft', shopId: s1, refBillId: bill.id, refbillcode: bill.billNo, editable: true });
    expect(draft.billNo).toMatch(/^CZTZ/);
    expect(draft.lines.map((l: { employeeName: string | null; yj: number }) => [l.employeeName, l.yj])).toEqual([
      [stylist.name, 30_000],
      [assistant.name, 20_000],
      [null, 9_880],
    ]);
    // The detail: the card bill (member, card, amount, payments) and the split before.
    expect(draft.card).toMatchObject({ billNo: bill.billNo, amount: 60_000, lines: [{ perf: 59_880 }] });
    expect(draft.card.cardNo).toBe(bill.cards[0].cardNo);
    expect(draft.card.payments.map((p: { payje: number }) => p.payje)).toEqual([40_000, 20_000]);
    expect(draft.before.map((r: Perf) => [r.employeeId, r.amount])).toEqual([
      [stylist.id, 35_928],
      [assistant.id, 23_952],
    ]);
    // Listed by the seed's list, filtered by the card bill's number; the detail by id.
    const list = ok(await a.admin.get(`${A}/list/listBypageForChain`, { refbillcode: bill.billNo }));
    expect(list.list.map((r: { id: number }) => r.id)).toEqual([draft.id]);
    expect(ok(await a.admin.get(`${A}/list/listBypageForChain`, { billcode: draft.billNo, state: 'audited' })).list).toEqual([]);
    // Made on: at most 31 days, both ends counted.
    expect((await a.admin.get(`${A}/list/listBypageForChain`, { dateFrom: '2026-01-01', dateTo: '2026-01-31' })).status).toBe(200);
    const long = await a.admin.get(`${A}/list/listBypageForChain`, { dateFrom: '2026-01-01', dateTo: '2026-02-01' });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ path: 'dateTo', message: '创建日期的范围不能超过 31 天' }]);
    const byId = ok(await a.admin.get(`${A}/getCsadjBillForSaas/${draft.id}`));
    expect(byId.billNo).toBe(draft.billNo);
    // The detail by the adjustment's number answers the same; an unknown number is 404, none 400.
    expect(ok(await a.admin.get(`${A}/getCsadjBillForSaas`, { billcode: draft.billNo }))).toEqual(byId);
    expect((await a.admin.get(`${A}/getCsadjBillForSaas`, { billcode: 'CZTZ00000000-0000' })).status).toBe(404);
    expect((await a.admin.get(`${A}/getCsadjBillForSaas`)).status).toBe(400);

    const audited = ok(await a.admin.post(`${A}/audit`, { id: draft.id, version: draft.version }));
    expect(audited).toMatchObject({ state: 'audited', editable: false, auditedBy: expect.any(Number) });
    // Before: the rows the audit replaced.
    expect(audited.before.map((r: Perf) => [r.employeeId, r.amount])).toEqual([
      [stylist.id, 35_928],
      [assistant.id, 23_952],
    ]);
    // The card bill's rows: settle, the two negated, the three new ones, all under the adjustment's number.
    const yj: Perf[] = ok(await a.admin.get(`${P}/cardrecords/chain/cardrecordyj`, { id: bill.id }));
    expect(yj.map((r) => [r.cause, r.causeBillNo, r.employeeId, r.amount])).toEqual([
      ['settle', null, stylist.id, 35_928],
      ['settle', null, assistant.id, 23_952],
      ['adjust', draft.billNo, stylist.id, -35_928],
      ['adjust', draft.billNo, assistant.id, -23_952],
      ['adjust', draft.billNo, stylist.id, 30_000],
      ['adjust', draft.billNo, assistant.id, 20_000],
      ['adjust', draft.billNo, null, 9_880],
    ]);
    expect(sum(yj)).toBe(59_880);
    // The service bill detail agrees; a 公单 row names no one.
    const detail = ok(await a.admin.get(`${P}/cardrecords/detail/${bill.id}`));
    expect(detail.perf.at(-1)).toMatchObject({ employeeId: null, employeeName: null, amount: 9_880 });
    // Commission: the 公单 row is no one's; the bill's statement rows add up to the employees' 500.00.
    const month = bill.businessDate.slice(0, 7);
    const st = ok(await a.admin.post('/api-pers/employeeroyalty/chain/list', { month, billNo: bill.billNo, pageSize: 500 }));
    const ofBill = (st.list as { billcode: string; eeid: number; money: number }[]).filter((r) => r.billcode === bill.billNo);
    expect(ofBill.every((r) => r.eeid === stylist.id || r.eeid === assistant.id)).toBe(true);
    expect(ofBill.reduce((s, r) => s + r.money, 0)).toBe(50_000);
    // An audited bill is read-only: no edit, no delete, no second audit.
    expect((await a.admin.post(`${A}/save`, { id: draft.id, refbillcode: bill.billNo, lines: split })).status).toBe(409);
    expect((await a.admin.post(`${A}/delete`, { id: draft.id })).status).toBe(409);
    expect((await a.admin.post(`${A}/audit`, { id: draft.id })).status).toBe(409);
    // A further adjustment after the audit is allowed and starts from the new split.
    const next = ok(
      await a.admin.post(`${A}/save`, {
        refbillcode: bill.billNo,
        lines: [{ station: 1, employeeId: stylist.id, yj: 59_880 }],
      }),
    );
    expect(next.before.map((r: Perf) => [r.employeeId, r.amount])).toEqual([
      [stylist.id, 30_000],
      [assistant.id, 20_000],
      [null, 9_880],
    ]);
    ok(await a.admin.post(`${A}/delete`, { id: next.id }));
    await expectTillConsistent(t, a);
  });

  it('400 when a station does not add up to the performance, with a bilingual message; unknown or other-shop employee', async () => {
    const bill = await cardBill();
    const short = await a.admin.post(`${A}/save`, { refbillcode: bill.billNo, lines: split.slice(0, 2) });
    expect(short.status).toBe(400);
    const messageOf = (res: { body: { errors?: { path: string; message: string }[] } }) =>
      res.body.errors?.find((e) => e.path === 'lines.1.yj')?.message;
    expect(messageOf(short)).toContain('业绩合计 ¥500.00，应等于该项目的业绩 ¥598.80');
    const en = await a.admin.post(`${A}/save`, { refbillcode: bill.billNo, lines: split.slice(0, 2) }, EN);
    expect(messageOf(en)).toContain("must be the line's performance, ¥598.80");
    const over = await a.admin.post(`${A}/save`, { refbillcode: bill.billNo, lines: [...split, { station: 1, yj: 1 }] });
    expect(over.status).toBe(400);
    // An employee of another shop is not this shop's.
    const elsewhere = await a.admin.post(`${A}/save`, {
      refbillcode: bill.billNo,
      lines: [
        { station: 1, employeeId: fx2.staff[0].id, yj: 30_000 },
        { station: 1, yj: 29_880 },
      ],
    });
    expect(elsewhere.status).toBe(400);
    const twice = await a.admin.post(`${A}/save`, {
      refbillcode: bill.billNo,
      lines: [
        { station: 1, employeeId: stylist.id, yj: 30_000 },
        { station: 1, employeeId: stylist.id, yj: 29_880 },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await a.admin.post(`${A}/save`, { refbillcode: bill.billNo, lines: [] })).status).toBe(400);
  });

  it('offers the employees of the shops the user sees, named with code and shop, to credit', async () => {
    const all = ok(await a.admin.get(`${A}/employees`)) as { id: number; label: string; shopId: number }[];
    expect(all.map((e) => e.id)).toEqual(expect.arrayContaining([stylist.id, fx2.staff[0].id]));
    expect(all.find((e) => e.id === stylist.id)?.label).toMatch(new RegExp(`^${stylist.name} \\S+（.+）$`));
    const shop2 = await createLimitedUser(t, a, { perms: ['cashier.csadj.view'], loginShops: [s2] });
    const theirs = ok(await shop2.client.get(`${A}/employees`)) as { shopId: number }[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((e) => e.shopId === s2)).toBe(true);
    const nobody = await createLimitedUser(t, a, { perms: [], loginShops: [s2] });
    expect((await nobody.client.get(`${A}/employees`)).status).toBe(403);
  });

  it('401 without a session, 403 without the right, audit only with the audit right', async () => {
    expect((await t.client().get(`${A}/list/listBypageForChain`)).status).toBe(401);
    expect((await t.client('nope').post(`${A}/save`, {})).status).toBe(401);
    const viewer = await createLimitedUser(t, a, { perms: ['cashier.csadj.view'], loginShops: [s1] });
    const editor = await createLimitedUser(t, a, { perms: ['cashier.csadj.view', 'cashier.csadj.edit'], loginShops: [s1] });
    const bill = await cardBill();
    expect((await viewer.client.post(`${A}/save`, { refbillcode: bill.billNo, lines: split })).status).toBe(403);
    const draft = ok(await editor.client.post(`${A}/save`, { refbillcode: bill.billNo, lines: split }));
    expect(draft.actions).toEqual([]);
    expect((await editor.client.post(`${A}/audit`, { id: draft.id })).status).toBe(403);
    expect((await viewer.client.post(`${A}/delete`, { id: draft.id })).status).toBe(403);
    ok(await editor.client.post(`${A}/delete`, { id: draft.id }));
    const nobody = await createLimitedUser(t, a, { perms: [], loginShops: [s1] });
    expect((await nobody.client.get(`${A}/list/listBypageForChain`)).status).toBe(403);
  });

  it("404 for another tenant's card bill and for a shop-limited user against another shop's bill", async () => {
    const bill = await cardBill();
    // Bill numbers are each chain's sequence: looked up by number in a chain of its own.
    const stranger = await t.tenant();
    expect((await stranger.admin.post(`${A}/save`, { refbillcode: bill.billNo, lines: split })).status).toBe(404);
    const draft = ok(await a.admin.post(`${A}/save`, { refbillcode: bill.billNo, lines: split }));
    expect((await other.admin.get(`${A}/getCsadjBillForSaas/${draft.id}`)).status).toBe(404);
    expect((await stranger.admin.get(`${A}/getCsadjBillForSaas`, { billcode: draft.billNo })).status).toBe(404);
    expect((await other.admin.post(`${A}/audit`, { id: draft.id })).status).toBe(404);
    const shop2 = await createLimitedUser(t, a, {
      perms: ['cashier.csadj.view', 'cashier.csadj.edit', 'cashier.csadj.audit'],
      loginShops: [s2],
    });
    // 404 before any 400: the other shop's card bill with a bad split.
    expect((await shop2.client.post(`${A}/save`, { refbillcode: bill.billNo, lines: split.slice(0, 1) })).status).toBe(404);
    expect((await shop2.client.get(`${A}/getCsadjBillForSaas/${draft.id}`)).status).toBe(404);
    expect((await shop2.client.get(`${A}/getCsadjBillForSaas`, { billcode: draft.billNo })).status).toBe(404);
    expect((await shop2.client.post(`${A}/audit`, { id: draft.id })).status).toBe(404);
    expect(ok(await shop2.client.get(`${A}/list/listBypageForChain`)).list.map((r: { id: number }) => r.id)).not.toContain(draft.id);
    expect((await shop2.client.get(`${A}/list/listBypageForChain`, { shopid: s1 })).status).toBe(403);
    // His own shop's card bill: made and audited.
    const own = await cardBill(s2, fx2.staff);
    const mine = ok(
      await shop2.client.post(`${A}/save`, {
        refbillcode: own.billNo,
        lines: [{ station: 1, employeeId: fx2.staff[0].id, yj: 59_880 }],
      }),
    );
    expect(ok(await shop2.client.post(`${A}/audit`, { id: mine.id })).state).toBe('audited');
    ok(await a.admin.post(`${A}/delete`, { id: draft.id }));
  });

  it('409: a second draft, a revoked card bill, a bill that is not a card bill, a locked period', async () => {
    const bill = await cardBill();
    const draft = ok(await a.admin.post(`${A}/save`, { refbillcode: bill.billNo, lines: split }));
    const second = await a.admin.post(`${A}/save`, { refbillcode: bill.billNo, lines: split });
    expect(second.status).toBe(409);
    expect(second.body.resp_msg).toContain(draft.billNo);
    // The card bill revoked after the draft: the audit is refused, the draft stays.
    ok(await a.admin.post(`${P}/cardrecords/chain/recall`, { id: bill.id, hcMemo: '开错卡' }));
    const revoked = await a.admin.post(`${A}/audit`, { id: draft.id });
    expect(revoked.status).toBe(409);
    expect(revoked.body.resp_msg).toBe(`充值单 ${bill.billNo} 已撤单，不能做业绩调整`);
    expect((await a.admin.post(`${A}/save`, { refbillcode: bill.billNo, lines: split })).status).toBe(409);
    expect(ok(await a.admin.get(`${A}/getCsadjBillForSaas/${draft.id}`)).state).toBe('draft');
    // A service bill is not a card bill.
    const opened = ok(await a.admin.post(`${P}/checkout/open`, { shopId: s1 }));
    const priced = ok(
      await a.admin.post(`${P}/checkout/lines`, {
        id: opened.id,
        version: opened.version,
        lines: [{ kind: 'service', itemId: fx.service.id, num: 1, staff: [{ employeeId: stylist.id, station: 1, appointed: false }] }],
      }),
    );
    const service = ok(
      await a.admin.post(
        `${P}/checkout/settle`,
        { id: priced.id, version: priced.version, payments: [{ payTypeId: payId('01'), amount: priced.amount }] },
        key(),
      ),
    );
    const notCard = await a.admin.post(`${A}/save`, { refbillcode: service.billNo, lines: split });
    expect(notCard.status).toBe(409);
    expect(notCard.body.resp_msg).toContain('不是充值单');
    // The card bill's period closed: neither a draft nor an audit.
    const later = await cardBill();
    const pending = ok(await a.admin.post(`${A}/save`, { refbillcode: later.billNo, lines: split }));
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.insert(periodLocks).values({ tenantId: a.tenantId, kind: 'day', period: later.businessDate, shopId: s1 }),
    );
    const locked = await a.admin.post(`${A}/audit`, { id: pending.id });
    expect(locked.status).toBe(409);
    expect(locked.body.resp_msg).toBe(`${later.businessDate} 已结账，不能新增、修改或审核该期间的单据`);
    const yj = ok(await a.admin.get(`${P}/cardrecords/chain/cardrecordyj`, { id: later.id }));
    expect(yj).toHaveLength(2);
  });
});
