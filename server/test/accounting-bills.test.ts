import {
  ACCOUNTING_PATHS,
  cardRefundBill,
  dormRentPaymentBill,
  fundRedepositBill,
  offlineRefundBill,
  reserveAdjustBill,
  reserveConvertBill,
  reserveSpendBill,
  storeRentPaymentBill,
} from '@headoffice/contract';
import { describe, expect, it } from 'vitest';
import { key, makeCardType, makeMember, ok, shopIds } from './assets-support.js';
import { type Answer, build, type Client } from './helpers.js';
import { createLimitedUser } from './users.js';

// The money bills outside the till: each type's step that makes the money final queues one row of the bill's
// amount, shop and day; its undoing queues the reversal; a refused step queues nothing.

type Row = {
  id: number;
  billId: number;
  billNo: string;
  reversesId: number | null;
  action: string;
  amount: number;
  shopId: number | null;
  businessDate: string;
  isHc: number;
};
type Def = { docType: string; basePath: string };

describe('money bills queued for the accounting system: reserve bills, rents, refunds, redeposits', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [s1, s2] = await shopIds(t, a);
  const F = '/api-finance';
  const reserveTypes = ok(await a.admin.get(`${F}/dicreserve/list/all`)) as { id: number; name: string }[];
  const typeId = (name: string) => reserveTypes.find((r) => r.name === name)?.id as number;
  const [other, takings, risk, deposit] = ['预留其他', '营业款', '风险金', '退卡保证金'].map(typeId);
  const spendItems = ok(await a.admin.get(`${F}/dicreserveioitem/list/all`)) as { id: number; name: string }[];
  const repair = spendItems.find((i) => i.name === '设备维修')?.id as number;

  const rowsOf = async (def: Def, billId: number): Promise<Row[]> =>
    (ok(await a.admin.get(ACCOUNTING_PATHS.sync, { btname: def.docType, pageSize: 200 })).list as Row[])
      .filter((r) => r.billId === billId)
      .reverse();
  const step = (client: Client, def: Def, path: string, body: object) => client.post(`${def.basePath}/${path}`, body);
  const balance = async (shopId: number, reserveTypeId: number) =>
    ok(await a.admin.get(`${F}/reservemoney/getReseveJe`, { shopid: shopId, reserveTypeId })).money as number;
  /** Takes a shop's reserve type down to zero (an audited adjustment). */
  const drain = async (shopId: number, reserveTypeId: number) => {
    const money = await balance(shopId, reserveTypeId);
    if (money > 0) await fund(shopId, reserveTypeId, -money);
  };
  /** Puts money into a shop's reserve type (an audited adjustment). */
  const fund = async (shopId: number, reserveTypeId: number, money: number) => {
    const bill = ok(await a.admin.post(`${F}/reservebillhead/saveBill`, { lines: [{ shopId, reserveTypeId, money }] }));
    ok(await a.admin.post(`${F}/reservebillhead/auditBill`, { id: bill.id }));
  };

  /**
   * The bill's push step queues one row (its amount, shop and day); its undoing, when it has one, the reversal
   * (isHc 1, the amount negated, pointing at the row). A refused step before them queues nothing.
   */
  async function expectQueued(
    def: Def,
    bill: { id: number; billDate: string },
    o: {
      push: () => Promise<Answer>;
      refused?: () => Promise<Answer>;
      undo?: () => Promise<Answer>;
      action: string;
      amount: number;
      shopId: number | null;
    },
  ) {
    if (o.refused) {
      expect((await o.refused()).status).toBeGreaterThanOrEqual(400);
      expect(await rowsOf(def, bill.id)).toEqual([]);
    }
    ok(await o.push());
    const [row, ...more] = await rowsOf(def, bill.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ action: o.action, amount: o.amount, shopId: o.shopId, businessDate: bill.billDate, isHc: 0 });
    if (!o.undo) return;
    ok(await o.undo());
    const rows = await rowsOf(def, bill.id);
    expect(rows.map((r) => [r.isHc, r.amount])).toEqual([
      [0, o.amount],
      [1, -o.amount],
    ]);
    expect(rows[1]).toMatchObject({ reversesId: row.id, shopId: o.shopId, businessDate: bill.billDate });
  }

  it('a reserve adjustment is queued by its audit, head office’s (no shop), with its signed total', async () => {
    const bill = ok(
      await step(a.admin, reserveAdjustBill, 'saveBill', {
        lines: [
          { shopId: s1, reserveTypeId: other, money: 300_000 },
          { shopId: s2, reserveTypeId: other, money: -((await balance(s2, other)) + 1) },
        ],
      }),
    );
    await expectQueued(reserveAdjustBill, bill, {
      // The decrease past s2's balance refuses the audit.
      refused: () => step(a.admin, reserveAdjustBill, 'auditBill', { id: bill.id }),
      push: async () => {
        ok(
          await step(a.admin, reserveAdjustBill, 'saveBill', {
            id: bill.id,
            lines: [{ shopId: s1, reserveTypeId: other, money: 300_000 }],
          }),
        );
        return step(a.admin, reserveAdjustBill, 'auditBill', { id: bill.id });
      },
      action: 'audit',
      amount: 300_000,
      shopId: null,
    });
  });

  it('a reserve spending: its approval pushed, the approval cancelled reversed, an approval past the balance nothing', async () => {
    const approver = await createLimitedUser(t, a, {
      perms: ['finance.reserve.spend.view', 'finance.reserve.spend.audit'],
      managerShops: [s1, s2],
    });
    await fund(s2, risk, 5_000);
    const saved = (money: number) =>
      step(a.admin, reserveSpendBill, 'saveBill', { shopId: s2, lines: [{ spendItemId: repair, reserveTypeId: risk, money }] }).then(ok);
    const big = await saved(1_000_000_000);
    ok(await step(a.admin, reserveSpendBill, 'submitBill', { id: big.id }));
    expect((await step(approver.client, reserveSpendBill, 'auditBillForChain', { id: big.id })).status).toBe(409);
    expect(await rowsOf(reserveSpendBill, big.id)).toEqual([]);
    const bill = await saved(4_000);
    ok(await step(a.admin, reserveSpendBill, 'submitBill', { id: bill.id }));
    await expectQueued(reserveSpendBill, bill, {
      push: () => step(approver.client, reserveSpendBill, 'auditBillForChain', { id: bill.id }),
      undo: () => step(approver.client, reserveSpendBill, 'cancelAuditBillForChain', { id: bill.id }),
      action: 'audit',
      amount: 4_000,
      shopId: s2,
    });
  });

  it('a reserve conversion is queued by its review (fh), not by its approval', async () => {
    await fund(s1, takings, 50_000);
    const checker = await createLimitedUser(t, a, {
      perms: ['finance.reserve.convert.view', 'finance.reserve.convert.sp', 'finance.reserve.convert.fh'],
      managerShops: [s1, s2],
    });
    const bill = ok(
      await step(a.admin, reserveConvertBill, 'saveBill', {
        shopId: s1,
        lines: [{ reserveTypeId: takings, toReserveTypeId: risk, money: 20_000 }],
      }),
    );
    ok(await step(a.admin, reserveConvertBill, 'submitBill', { id: bill.id }));
    ok(await step(checker.client, reserveConvertBill, 'auditBillsp', { id: bill.id }));
    await expectQueued(reserveConvertBill, bill, {
      refused: () => step(checker.client, reserveConvertBill, 'auditBillfh', { id: bill.id, version: 999 }),
      push: () => step(checker.client, reserveConvertBill, 'auditBillfh', { id: bill.id }),
      action: 'auditFh',
      amount: 20_000,
      shopId: s1,
    });
  });

  it('store and dormitory rents: the payment’s approval pushed, its cancellation reversed, a payment past the balance nothing', async () => {
    const landlords = ok(await a.admin.get(`${F}/landlordinfo/list/all`)) as { id: number }[];
    const code = () => `HTA${Date.now() % 100000}${Math.floor(Math.random() * 1000)}`;
    const terms = { startDate: '2026-01-01', endDate: '2026-12-31', cycle: 'quarter', totalMoney: 1_200_000 };
    const store = ok(
      await a.admin.post(`${F}/storerentcont/saveAction`, { ...terms, code: code(), shopId: s2, landlordId: landlords[0].id }),
    );
    const dorm = ok(await a.admin.post(`${F}/dormrentcont`, { ...terms, code: code(), shopId: s2, landlordName: '王阿姨' }));
    const approver = await createLimitedUser(t, a, {
      perms: [
        'finance.rent.store.view',
        'finance.rent.store.audit',
        'finance.rent.dorm.view',
        'finance.rent.dorm.audit',
        'finance.rentcont.dorm.view',
        'finance.rentcont.dorm.audit',
      ],
      managerShops: [s1, s2],
    });
    ok(await approver.client.post(`${F}/dormrentcont/auditBillForChain`, { id: dorm.id }));
    for (const [def, contract] of [
      [storeRentPaymentBill, store],
      [dormRentPaymentBill, dorm],
    ] as const) {
      const bill = ok(
        await step(a.admin, def, 'saveBill', { contractId: contract.id, periodTo: 1, lines: [{ reserveTypeId: other, money: 300_000 }] }),
      );
      ok(await step(a.admin, def, 'submitBill', { id: bill.id }));
      await drain(s2, other);
      await expectQueued(def, bill, {
        // The shop's reserve holds less than the rent: the approval is refused.
        refused: () => step(approver.client, def, 'auditBillForChain', { id: bill.id }),
        push: async () => {
          await fund(s2, other, 300_000);
          return step(approver.client, def, 'auditBillForChain', { id: bill.id });
        },
        undo: () => step(approver.client, def, 'cancelAuditBillForChain', { id: bill.id }),
        action: 'audit',
        amount: 300_000,
        shopId: s2,
      });
    }
  });

  it('a card refund is queued by finance’s review and reversed when the review is cancelled', async () => {
    await fund(s1, deposit, 50_000);
    const type = await makeCardType(t, a, { shops: [s1] });
    const m = await makeMember(t, a, s1);
    const card = ok(
      await a.admin.post('/api-member/membercard/open', { memberId: m.id, cardTypeId: type.id, shopId: s1, amount: 0 }, key()),
    );
    ok(
      await a.admin.post(
        '/api-member/chainmember/updateCardmoney',
        { cardId: card.cardId, buckets: [{ shopId: s1, principal: 10_000, gift: 0 }], reason: '期初' },
        key(),
      ),
    );
    const clerk = await createLimitedUser(t, a, { perms: ['finance.cardtk.view', 'finance.cardtk.edit'], loginShops: [s1] });
    const bill = ok(
      await step(clerk.client, cardRefundBill, 'saveBill', {
        shopId: s1,
        memberId: m.id,
        tkattr: 3,
        tkcontent: '顾客搬家',
        tkname: '张三',
        tkmobile: '13800138000',
        tktype: 2,
        reserveTypeId: deposit,
        payee: '张三',
        bank: '招商银行',
        bankno: '6225880112345678',
        lines: [{ kind: 'card', cardId: card.cardId, bucketShopId: s1, tkje: 6_000, tzje: 0 }],
      }),
    );
    ok(await step(clerk.client, cardRefundBill, 'submitBill', { id: bill.id }));
    ok(await step(a.admin, cardRefundBill, 'auditSpBill', { id: bill.id }));
    expect(await rowsOf(cardRefundBill, bill.id)).toEqual([]);
    await expectQueued(cardRefundBill, bill, {
      refused: () => step(a.admin, cardRefundBill, 'auditFhBill', { id: bill.id, version: 999 }),
      push: () => step(a.admin, cardRefundBill, 'auditFhBill', { id: bill.id }),
      undo: () => step(a.admin, cardRefundBill, 'cancelFhBill', { id: bill.id, memo: '复核有误' }),
      action: 'review',
      amount: 6_000,
      shopId: s1,
    });
  });

  it('an offline refund is queued by its review, reversed by cancelFhBill; a review past the reserve queues nothing', async () => {
    await fund(s1, risk, 3_000);
    const body = {
      shopId: s1,
      memType: 2,
      serveType: 'MF1',
      tkBillcode: 'MT0001',
      tkMoney: 2_500,
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
    const ready = async (money: number) => {
      const bill = ok(await step(a.admin, offlineRefundBill, 'saveBill', { ...body, tkMoney: money }));
      ok(await step(a.admin, offlineRefundBill, 'submitBill', { id: bill.id }));
      const approver = await createLimitedUser(t, a, { perms: ['finance.xxtk.view', 'finance.xxtk.sp'], loginShops: [s1] });
      ok(await step(approver.client, offlineRefundBill, 'auditBillsp', { id: bill.id }));
      return bill;
    };
    const big = await ready(1_000_000_000);
    expect((await step(a.admin, offlineRefundBill, 'auditBillfh', { id: big.id })).status).toBe(409);
    expect(await rowsOf(offlineRefundBill, big.id)).toEqual([]);
    const bill = await ready(2_500);
    await expectQueued(offlineRefundBill, bill, {
      push: () => step(a.admin, offlineRefundBill, 'auditBillfh', { id: bill.id }),
      undo: () => step(a.admin, offlineRefundBill, 'cancelFhBill', { id: bill.id }),
      action: 'review',
      amount: 2_500,
      shopId: s1,
    });
  });

  it('a petty-cash redeposit is queued by its review, not its audit, and reversed when the review is cancelled', async () => {
    const depositor = await createLimitedUser(t, a, { perms: ['finance.fundhc.view', 'finance.fundhc.edit'], loginShops: [s2] });
    const bill = ok(await step(depositor.client, fundRedepositBill, 'saveBill', { shopId: s2, amount: 5_000, reason: '多余备用金' }));
    ok(await step(a.admin, fundRedepositBill, 'auditBill', { id: bill.id }));
    expect(await rowsOf(fundRedepositBill, bill.id)).toEqual([]);
    await expectQueued(fundRedepositBill, bill, {
      refused: () => step(a.admin, fundRedepositBill, 'auditFhBill', { id: bill.id, version: 999 }),
      push: () => step(a.admin, fundRedepositBill, 'auditFhBill', { id: bill.id }),
      undo: () => step(a.admin, fundRedepositBill, 'cancelFhBill', { id: bill.id, memo: '复核有误' }),
      action: 'review',
      amount: 5_000,
      shopId: s2,
    });
  });

  it('a prepaid order is queued when taken, on its day, and reversed by its refund; a refused order queues nothing', async () => {
    const prepaid = { docType: 'cashier.prepaidOrder', basePath: '/api-cashier/prepaidorder' };
    const setup = ok(await a.admin.get('/api-cashier/checkout/setup', { shopid: s1 }));
    const cashLike = setup.payTypes.find((p: { code: string }) => p.code === '52').payTypeId as number;
    const card = setup.payTypes.find((p: { kind: string | null }) => p.kind === 'card')?.payTypeId as number;
    expect((await a.admin.post('/api-cashier/prepaidorder/payOrder', { shopId: s1, payTypeId: card, amount: 100 }, key())).status).toBe(
      400,
    );
    const order = ok(await a.admin.post('/api-cashier/prepaidorder/payOrder', { shopId: s1, payTypeId: cashLike, amount: 8_800 }, key()));
    const today = String(order.createdAt).slice(0, 10);
    const [row] = await rowsOf(prepaid, order.id);
    expect(row).toMatchObject({ action: 'create', amount: 8_800, shopId: s1, isHc: 0, billNo: order.orderNo });
    expect(row.businessDate.slice(0, 7)).toBe(today.slice(0, 7));
    ok(await a.admin.post('/api-cashier/prepaidorder/refound', { id: order.id, reason: '顾客取消' }));
    const rows = await rowsOf(prepaid, order.id);
    expect(rows.map((r) => [r.action, r.isHc, r.amount, r.businessDate])).toEqual([
      ['create', 0, 8_800, row.businessDate],
      ['refund', 1, -8_800, row.businessDate],
    ]);
    // Refunded twice: refused, nothing more queued.
    expect((await a.admin.post('/api-cashier/prepaidorder/refound', { id: order.id, reason: '再退' })).status).toBe(409);
    expect(await rowsOf(prepaid, order.id)).toHaveLength(2);
  });

  it('a verified platform voucher is queued with its value, its refund reversed; a code the platform refuses queues nothing', async () => {
    const vouchers = { docType: 'cashier.voucher', basePath: '/api-cashier/thirdorder' };
    const mapped = ok(await a.admin.get('/api-third/mtshops/list/all')) as { shopId: number }[];
    if (!mapped.some((m) => m.shopId === s2))
      ok(await a.admin.post('/api-third/mtshops/saveMtshop', { shopid: s2, openShopUuid: `uuid-${s2}-${Date.now()}` }));
    const before = (ok(await a.admin.get(ACCOUNTING_PATHS.sync, { btname: vouchers.docType, pageSize: 200 })).total as number) ?? 0;
    expect((await a.admin.post('/api-cashier/thirdorder/verify', { shopId: s2, code: `X66-${Date.now()}` }, key())).status).toBe(400);
    expect(ok(await a.admin.get(ACCOUNTING_PATHS.sync, { btname: vouchers.docType, pageSize: 200 })).total).toBe(before);
    const voucher = ok(await a.admin.post('/api-cashier/thirdorder/verify', { shopId: s2, code: `V66-${Date.now().toString(36)}` }, key()));
    const [row] = await rowsOf(vouchers, voucher.id);
    expect(row).toMatchObject({ action: 'verify', amount: 6_600, shopId: s2, isHc: 0, billNo: voucher.code });
    ok(await a.admin.post('/api-cashier/thirdorder/mt/tkbill', { id: voucher.id, reason: '顾客退订' }));
    expect((await rowsOf(vouchers, voucher.id)).map((r) => [r.action, r.isHc, r.amount, r.reversesId])).toEqual([
      ['verify', 0, 6_600, null],
      ['refund', 1, -6_600, row.id],
    ]);
    const types = (ok(await a.admin.get(ACCOUNTING_PATHS.sync, { pageSize: 1 })).types as { value: string; label: string }[]).map(
      (x) => x.label,
    );
    expect(types).toEqual(expect.arrayContaining(['预付订单', '团购券核销']));
  });

  it('the sync list offers every declared type in its filter', async () => {
    const types = (ok(await a.admin.get(ACCOUNTING_PATHS.sync, { pageSize: 1 })).types as { value: string }[]).map((x) => x.value);
    for (const def of [
      reserveAdjustBill,
      reserveSpendBill,
      reserveConvertBill,
      storeRentPaymentBill,
      dormRentPaymentBill,
      cardRefundBill,
      offlineRefundBill,
      fundRedepositBill,
    ])
      expect(types).toContain(def.docType);
  });
});
