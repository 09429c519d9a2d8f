import { type BillDef, type BillFieldDef, billPath, billSettingsPath } from '@headoffice/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { billLogs, cardRefundBills, members, menus, periodLocks, services } from '../src/db/schema.js';
import { packageExtensionType } from '../src/modules/assets/packages-extension.js';
import { dispatchType } from '../src/modules/cards/dispatch.js';
import { csadjType } from '../src/modules/cashier/csadj.js';
import { cardRefundType } from '../src/modules/finance/card-refunds.js';
import { coopType } from '../src/modules/finance/cooperation.js';
import { expenseLimitType } from '../src/modules/finance/expense-limits.js';
import { fundType } from '../src/modules/finance/funds.js';
import { redepositType } from '../src/modules/finance/funds-redeposits.js';
import { offlineRefundType } from '../src/modules/finance/offline-refunds.js';
import { refundVisitType } from '../src/modules/finance/refund-visits.js';
import { rentPaymentTypes } from '../src/modules/finance/rent-payments.js';
import { reserveAdjustType, reserveConvertType, reserveSpendType } from '../src/modules/finance/reserve.js';
import { djType } from '../src/modules/finance/withholdings.js';
import { djMonthType } from '../src/modules/finance/withholdings-month.js';
import { entryBills, outBills } from '../src/modules/stock/bills.js';
import { orderBills } from '../src/modules/stock/orders.js';
import type { BillType } from '../src/platform/bills.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeCardType, makeMember, openCardFor } from './assets-support.js';
import { serveVouchers, voucherType } from './example-bill.js';
import { build, type Client, type TestApp, type TestTenant } from './helpers.js';
import { ensureReasons, expect400, expectOk, expectStatus, makeProducts, shopIds } from './stock-support.js';
import { createLimitedUser } from './users.js';

/**
 * One suite for every bill type, driven by its definition: a fixture says only how to make a valid
 * draft (and a bad one). Each type walks its main path, refuses every transition its state does not
 * allow, does a repeated or concurrent transition once, hides other tenants' bills, refuses users
 * without the right, bad input and closed periods, exports its list; and, where the definition has
 * them, batches, maker–checker, undo, conditions and after-approval fields.
 */

type Body = Record<string, unknown>;
interface Fixture {
  type: BillType;
  /** A valid draft's save body. */
  draft: () => Body;
  /** A save body refused with 400 on `path`. */
  bad: { body: Body; path: string };
  /** Rights besides the definition's (the warehouse). */
  extraPerms?: string[];
  /** Draft bodies for which each `when` transition's condition holds and fails. */
  conditions?: Record<string, { holds: Body; fails: Body }>;
  /** Values for the after-approval fields. */
  afterValues?: Body;
  /** A valid draft whose zero-batch field is 0. */
  zero?: () => Body;
  /** A value of the type's chain setting other than its initial one. */
  setting?: Body;
}

const t: TestApp = await build(serveVouchers);
const a = await t.tenant({ demo: true });
const b = await t.sharedOtherTenant();
const shopsOfA = await shopIds(t, a);
const reasons = await ensureReasons(t, a);
const [product] = await makeProducts(t, a, 1);
const line = { productId: product.id, quantity: 1 };
// Warehouse stock for every out and order of the suite.
const stocked = expectOk(
  await a.admin.post('/api-stock/entry', { shopId: null, reasonId: reasons.purchase, lines: [{ ...line, quantity: 10_000 }] }),
);
expectOk(await a.admin.post('/api-stock/entry/audit', { id: stocked.id }));

const [fundItem] = (expectOk(await a.admin.get('/api-finance/dicioitem/list/all')) as { id: number; type: number }[]).filter(
  (i) => i.type === 2,
);

// The dj bills' and partner project bills' dictionaries (the demo's).
const [djItemOfA] = expectOk(await a.admin.get('/api-finance/dicdjitem/list/all')) as { id: number }[];
const [withheldItemOfA] = expectOk(await a.admin.get('/api-finance/dicdjitem/list/all', { isBk: 0 })) as { id: number }[];
const [coopItemOfA] = expectOk(await a.admin.get('/api-finance/diccooperate/list/all')) as { id: number }[];

let cardNo = 7_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1_000;
const nextCardNo = () => {
  cardNo += 100;
  return String(cardNo);
};

// Reserve money and rents: the shop's reserve balances cover every spend, conversion and rent payment
// of the suite; each rent payment draft pays the first month of a contract of its own.
const reserveTypesOfA = expectOk(await a.admin.get('/api-finance/dicreserve/list/all')) as { id: number; name: string }[];
const reserveOf = (name: string) => reserveTypesOfA.find((r) => r.name === name)?.id as number;
const repairItem = (expectOk(await a.admin.get('/api-finance/dicreserveioitem/list/all')) as { id: number; name: string }[]).find(
  (i) => i.name === '设备维修',
)?.id as number;
const [otherReserve, riskReserve] = [reserveOf('预留其他'), reserveOf('风险金')];
const funding = expectOk(
  await a.admin.post('/api-finance/reservebillhead/saveBill', {
    lines: [otherReserve, riskReserve].map((reserveTypeId) => ({ shopId: shopsOfA[0], reserveTypeId, money: 100_000_000 })),
  }),
);
expectOk(await a.admin.post('/api-finance/reservebillhead/auditBill', { id: funding.id }));
const expenseItemOfA = (expectOk(await a.admin.get('/api-finance/dicioitem/list/all')) as { id: number }[])[0].id;
const landlordOfA = (expectOk(await a.admin.get('/api-finance/landlordinfo/list/all')) as { id: number }[])[0].id;
const rentContractsOfA: Record<string, number[]> = { store: [], dorm: [] };
// Dormitory contracts are paid once approved, by someone other than their maker.
const dormApprover = await createLimitedUser(t, a, {
  perms: ['finance.rentcont.dorm.view', 'finance.rentcont.dorm.audit'],
  managerShops: shopsOfA,
});
for (const kind of ['store', 'dorm'] as const)
  for (let i = 0; i < 40; i++) {
    const path = kind === 'store' ? '/api-finance/storerentcont/saveAction' : '/api-finance/dormrentcont';
    const contract = expectOk(
      await a.admin.post(path, {
        code: `CF${kind}${i}`,
        shopId: shopsOfA[0],
        ...(kind === 'store' ? { landlordId: landlordOfA } : { landlordName: '宿舍房东' }),
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        cycle: 'month',
        totalMoney: 120_000,
      }),
    );
    if (kind === 'dorm') expectOk(await dormApprover.client.post('/api-finance/dormrentcont/auditBillForChain', { id: contract.id }));
    rentContractsOfA[kind].push(contract.id);
  }
const rentDraft = (kind: 'store' | 'dorm') => () => ({
  contractId: rentContractsOfA[kind].shift(),
  periodTo: 1,
  lines: [{ reserveTypeId: otherReserve, money: 10_000 }],
});
// Package lines for the extension bills: each draft extends a line of its own, so that no bill's audit moves another's.
const packageLines: number[] = [];
for (let sale = 0; sale < 2; sale++) {
  const [service] = await inTenant(t.database.db, a.tenantId, (tx) =>
    tx
      .insert(services)
      .values({ tenantId: a.tenantId, code: `CF${sale}${Date.now()}`, name: '延期测试项目', basePrice: 100, line: 'mf' })
      .returning(),
  );
  const [member] = await inTenant(t.database.db, a.tenantId, (tx) =>
    tx
      .insert(members)
      .values({ tenantId: a.tenantId, code: `MCF${sale}`, name: '延期会员', mobile: `1370000000${sale}`, shopId: shopsOfA[0] })
      .returning(),
  );
  const sold = expectOk(
    await a.admin.post('/api-member/memberpackage/sell', {
      memberId: member.id,
      shopId: shopsOfA[0],
      name: '延期测试套餐',
      expiresOn: '2030-01-01',
      lines: Array.from({ length: 50 }, () => ({ itemType: 1, serviceId: service.id, total: 1, unitPrice: 100 })),
    }),
  );
  packageLines.push(...sold.rows.map((r: { lineId: number }) => r.lineId));
}

// Card bills for the recharge performance adjustments: each draft adjusts a card bill of its own (one draft per card bill).
const cardType = await makeCardType(t, a, { shops: [shopsOfA[0]] });
const tillSetup = expectOk(await a.admin.get('/api-cashier/checkout/setup', { shopid: shopsOfA[0] }));
const cash = tillSetup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;
const cardBills: { billNo: string; perf: number }[] = [];
for (let i = 0; i < 40; i++) {
  const member = await makeMember(t, a, shopsOfA[0]);
  const opened = expectOk(await a.admin.post('/api-cashier/checkout/open', { shopId: shopsOfA[0], memberId: member.id }));
  const priced = expectOk(
    await a.admin.post('/api-cashier/checkout/lines', {
      id: opened.id,
      version: opened.version,
      lines: [{ kind: 'cardOpen', itemId: cardType.id, num: 1, amount: 10_000 }],
    }),
  );
  const settled = expectOk(
    await a.admin.post(
      '/api-cashier/checkout/settle',
      { id: priced.id, version: priced.version, payments: [{ payTypeId: cash, amount: 10_000 }] },
      { 'idempotency-key': `conformance-card-${i}-${Date.now()}` },
    ),
  );
  cardBills.push({ billNo: settled.billNo, perf: settled.payments[0].perf });
}
const csadjDraft = () => {
  const card = cardBills.shift() as { billNo: string; perf: number };
  return { refbillcode: card.billNo, lines: [{ station: 1, yj: card.perf }] };
};

// Card refunds: each draft refunds a little of one card's principal, paid from the shop's other reserve.
const refundMember = await makeMember(t, a, shopsOfA[0]);
const refundCard = expectOk(
  await openCardFor(
    a,
    { memberId: refundMember.id, cardTypeId: cardType.id, shopId: shopsOfA[0], amount: 10_000_000 },
    { 'idempotency-key': `conformance-refund-card-${Date.now()}` },
  ),
);
const refundDraft = (tkattr = 3) => ({
  shopId: shopsOfA[0],
  memberId: refundMember.id,
  tkattr,
  tkcontent: '顾客搬家',
  tkname: '张三',
  tkmobile: '13800138000',
  tktype: 2,
  reserveTypeId: otherReserve,
  lines: [{ kind: 'card', cardId: refundCard.cardId, bucketShopId: shopsOfA[0], tkje: 100, tzje: 0 }],
});

// Return visits: each draft visits a reviewed refund of its own (written as reviewed: a review would open its visit itself).
const reviewedRefunds = await inTenant(t.database.db, a.tenantId, (tx) =>
  tx
    .insert(cardRefundBills)
    .values(
      Array.from({ length: 24 }, (_, i) => ({
        tenantId: a.tenantId,
        billNo: `TKCF${Date.now()}${i}`,
        shopId: shopsOfA[0],
        billDate: '2026-03-01',
        memberId: refundMember.id,
        tkattr: 3,
        tkcontent: '顾客搬家',
        tkname: '张三',
        tkmobile: '13800138000',
        tktype: 2,
        state: 'reviewed',
      })),
    )
    .returning({ id: cardRefundBills.id }),
);
const call = { hfTime: '2026-03-02', hfBy: '客服小王', finding: 7, satisfaction: 4 };
const visitDraft = (lines = [call]) => ({ refundId: (reviewedRefunds.shift() as { id: number }).id, lines });

const offlineDraft = (tkMoney: number) => ({
  shopId: shopsOfA[0],
  memType: 2,
  serveType: 'MF1',
  tkBillcode: 'MT2026030100001',
  tkMoney,
  tkName: '李四',
  tkMobile: '13900139000',
  tkAttr: 5,
  tkContent: '团购券未使用，顾客申请退款',
  reserveTypeId: otherReserve,
  payType: 2,
});

const fixtures: Fixture[] = [
  {
    type: entryBills,
    draft: () => ({ shopId: shopsOfA[0], reasonId: reasons.purchase, lines: [line] }),
    bad: { body: { shopId: shopsOfA[0], reasonId: reasons.purchase, lines: [{ ...line, quantity: 0 }] }, path: 'lines.0.quantity' },
    extraPerms: ['stock.warehouse'],
  },
  {
    type: outBills,
    draft: () => ({ shopId: null, reasonId: reasons.use, lines: [line] }),
    bad: { body: { shopId: null, reasonId: reasons.purchase, lines: [line] }, path: 'reasonId' },
    extraPerms: ['stock.warehouse'],
  },
  {
    type: orderBills,
    draft: () => ({ shopId: shopsOfA[1], lines: [line] }),
    bad: { body: { shopId: shopsOfA[1], lines: [{ ...line, quantity: -1 }] }, path: 'lines.0.quantity' },
  },
  {
    type: dispatchType,
    // Each draft its own range of card numbers: ranges of two bills may not overlap.
    draft: () => {
      const start = nextCardNo();
      return { lines: [{ shopId: shopsOfA[0], startNo: start, endNo: String(Number(start) + 9) }] };
    },
    bad: { body: { lines: [{ shopId: shopsOfA[0], startNo: '9000000100', endNo: '9000000001' }] }, path: 'lines.0.endNo' },
  },
  {
    type: fundType,
    // A shop whose large requests need no takings (the demo's first shop's do: finance-funds.test.ts).
    draft: () => ({ shopId: shopsOfA.at(-1) as number, type: 2, itemId: fundItem.id, amount: 50_000, reason: '门店空调维修' }),
    bad: { body: { shopId: shopsOfA.at(-1) as number, type: 2, itemId: fundItem.id, amount: -1, reason: '门店空调维修' }, path: 'amount' },
    afterValues: { gathertype: 2 },
  },
  {
    type: redepositType,
    draft: () => ({ shopId: shopsOfA[0], amount: 20_000, handler: '店长', reason: '月底回存' }),
    bad: { body: { shopId: shopsOfA[0], amount: -1 }, path: 'amount' },
  },
  {
    type: packageExtensionType,
    draft: () => ({ lines: [{ packageLineId: packageLines.shift() as number, nexpiryTime: '2031-06-30' }] }),
    bad: { body: { lines: [{ packageLineId: 1, nexpiryTime: '2031-6-30' }] }, path: 'lines.0.nexpiryTime' },
  },
  {
    type: cardRefundType,
    draft: () => refundDraft(),
    bad: { body: refundDraft(9), path: 'tkattr' },
    zero: () => ({ ...refundDraft(), freeCard: 100 }),
    setting: { requireApproval: true },
  },
  {
    type: refundVisitType,
    draft: () => visitDraft(),
    bad: { body: { refundId: 1, lines: [{ ...call, satisfaction: 6 }] }, path: 'lines.0.satisfaction' },
    conditions: { visit: { holds: visitDraft(), fails: visitDraft([]) } },
  },
  {
    type: offlineRefundType,
    draft: () => offlineDraft(100),
    bad: { body: offlineDraft(0), path: 'tkMoney' },
  },
  {
    type: csadjType,
    draft: csadjDraft,
    bad: { body: { refbillcode: 'CZ1', lines: [{ station: 1, yj: 0 }] }, path: 'lines.0.yj' },
  },
  {
    type: voucherType,
    draft: () => ({ shopId: shopsOfA[0], lines: [{ item: '差旅', amount: 12_000 }] }),
    bad: { body: { shopId: shopsOfA[0], lines: [{ item: '差旅', amount: -1 }] }, path: 'lines.0.amount' },
    conditions: {
      auditZero: { holds: { shopId: shopsOfA[0], lines: [] }, fails: { shopId: shopsOfA[0], lines: [{ item: '餐费', amount: 1 }] } },
    },
    afterValues: { payMethod: 'bank' },
    zero: () => ({ shopId: shopsOfA[0], lines: [] }),
    setting: { printAfterReview: true },
  },
  {
    type: reserveAdjustType,
    draft: () => ({ lines: [{ shopId: shopsOfA[0], reserveTypeId: otherReserve, money: 100 }] }),
    bad: { body: { lines: [{ shopId: shopsOfA[0], reserveTypeId: otherReserve, money: 0 }] }, path: 'lines.0.money' },
  },
  {
    type: reserveSpendType,
    draft: () => ({ shopId: shopsOfA[0], lines: [{ spendItemId: repairItem, reserveTypeId: otherReserve, money: 100 }] }),
    bad: {
      body: { shopId: shopsOfA[0], lines: [{ spendItemId: repairItem, reserveTypeId: otherReserve, money: -1 }] },
      path: 'lines.0.money',
    },
  },
  {
    type: reserveConvertType,
    draft: () => ({ shopId: shopsOfA[0], lines: [{ reserveTypeId: otherReserve, toReserveTypeId: riskReserve, money: 100 }] }),
    bad: {
      body: { shopId: shopsOfA[0], lines: [{ reserveTypeId: otherReserve, toReserveTypeId: otherReserve, money: 1 }] },
      path: 'lines.0.toReserveTypeId',
    },
  },
  {
    type: expenseLimitType,
    draft: () => ({ month: '2026-05', lines: [{ shopId: shopsOfA[0], itemId: expenseItemOfA, change: 10_000 }] }),
    bad: { body: { month: '2026-05', lines: [{ shopId: shopsOfA[0], itemId: expenseItemOfA, change: 0 }] }, path: 'lines.0.change' },
  },
  {
    type: djType,
    draft: () => ({ rq: '2026-05-10', lines: [{ shopId: shopsOfA[0], djItemId: djItemOfA.id, umoney: 10_000 }] }),
    bad: { body: { rq: '2026-05-10', lines: [{ shopId: shopsOfA[0], djItemId: djItemOfA.id, umoney: 1.5 }] }, path: 'lines.0.umoney' },
  },
  {
    type: djMonthType,
    draft: () => ({ yearmonth: '2026-05', lines: [{ shopId: shopsOfA[0], djItemId: withheldItemOfA.id, umoney: 10_000 }] }),
    bad: { body: { yearmonth: '2026-5', lines: [{ shopId: shopsOfA[0], djItemId: withheldItemOfA.id, umoney: 1 }] }, path: 'yearmonth' },
  },
  {
    type: coopType,
    draft: () => ({ lines: [{ rq: '2026-05-10', shopId: shopsOfA[0], coopItemId: coopItemOfA.id, money: 10_000 }] }),
    bad: { body: { lines: [{ rq: '2026-05-10', shopId: shopsOfA[0], coopItemId: coopItemOfA.id, money: 0 }] }, path: 'lines.0.money' },
  },
  ...rentPaymentTypes.map((type, i) => ({
    type,
    draft: rentDraft(i === 0 ? 'store' : 'dorm'),
    bad: { body: { contractId: 1, periodTo: 0, lines: [{ reserveTypeId: otherReserve, money: 1 }] }, path: 'periodTo' },
    afterValues: { sumType: 2 },
  })),
];

/** Every right a definition names. */
const permsOf = (def: BillDef) => [
  `${def.perm}.view`,
  `${def.perm}.edit`,
  ...Object.values(def.transitions).map((x) => x.perm),
  ...Object.values(def.after ?? {}).map((x) => x.perm),
];

/** Menu rows carrying the rights, so that test users can be granted them. */
async function grantable(tenant: TestTenant, perms: string[]) {
  await inTenant(t.database.db, tenant.tenantId, async (tx) => {
    for (const perm of new Set(perms))
      await tx
        .insert(menus)
        .values({ tenantId: tenant.tenantId, appId: 'admin', key: `conformance.${perm}`, type: 'action', name: perm, permKey: perm })
        .onConflictDoNothing();
  });
}

/** The transitions from the initial state to the end, skipping undos, rejections and conditional shortcuts. */
function mainPath(def: BillDef) {
  const path: string[] = [];
  const seen = new Set<string>([def.initial]);
  for (let state = def.initial; ; ) {
    const next = Object.entries(def.transitions).find(
      ([, x]) => x.from.includes(state) && !x.undoes && !x.memoRequired && !x.when && !seen.has(x.to),
    );
    if (!next) return path;
    path.push(next[0]);
    state = next[1].to;
    seen.add(state);
  }
}

describe.each(fixtures.map((f) => [f.type.def.docType, f] as const))('bill type %s', async (_name, fixture) => {
  const { def } = fixture.type;
  const at = (relative: string) => billPath(def, relative);
  const detailOf = (client: Client, id: number) => client.get(at(def.paths.detail.replace(':id', String(id))));
  const act = (client: Client, action: string, body: Body, headers?: Record<string, string>) =>
    client.post(at(def.transitions[action].path), { memo: '核对无误', ...body }, headers);
  const make = async (client: Client = maker.client, body: Body = fixture.draft()) =>
    expectOk(await client.post(at(def.paths.save[0]), body));
  const path = mainPath(def);
  /** A new draft taken along the main path until it is in `state`. */
  const billIn = async (state: string, client?: Client) => {
    const bill = await make(client);
    for (const action of path) {
      if (bill.state === state) break;
      Object.assign(bill, expectOk(await act(a.admin, action, { id: bill.id })));
    }
    expect(bill.state).toBe(state);
    return bill;
  };
  const logOf = (billId: number) =>
    inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select()
        .from(billLogs)
        .where(and(eq(billLogs.docType, def.docType), eq(billLogs.billId, billId))),
    );

  await grantable(a, [...permsOf(def), ...(fixture.extraPerms ?? [])]);
  const everyShop = { managerShops: shopsOfA };
  const maker = await createLimitedUser(t, a, { perms: [...permsOf(def), ...(fixture.extraPerms ?? [])], ...everyShop });
  const viewer = await createLimitedUser(t, a, { perms: [`${def.perm}.view`, ...(fixture.extraPerms ?? [])], ...everyShop });

  it('walks its main path; in every state each transition that state does not allow answers 409 naming it', async () => {
    const bill = await make();
    expect(bill).toMatchObject({ state: def.initial, editable: true });
    for (const action of [...path, undefined]) {
      for (const [other, x] of Object.entries(def.transitions))
        if (!x.from.includes(bill.state)) expectStatus(await act(a.admin, other, { id: bill.id }), 409);
      if (!action) break;
      const done = expectOk(await act(a.admin, action, { id: bill.id, version: bill.version }));
      expect(done).toMatchObject({ state: def.transitions[action].to, version: bill.version + 1 });
      expect(done.log.at(-1)).toMatchObject({ action, fromState: bill.state, toState: done.state, memo: '核对无误' });
      Object.assign(bill, done);
    }
    expect(bill.log.map((l: { action: string }) => l.action)).toEqual(['create', ...path]);
  });

  it('does a repeated or concurrent transition once', async () => {
    const [first] = path;
    const bill = await make();
    const answers = await Promise.all(Array.from({ length: 4 }, () => act(a.admin, first, { id: bill.id })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expectStatus(await act(a.admin, first, { id: bill.id }), 409);
    expect((await logOf(bill.id)).filter((l) => l.action === first)).toHaveLength(1);
  });

  it("answers 404 for another tenant's bill, 403 without the right, 400 for bad input", async () => {
    const bill = await make();
    expectStatus(await detailOf(b.admin, bill.id), 404);
    expectStatus(await act(b.admin, path[0], { id: bill.id }), 404);
    expectStatus(await b.admin.post(at(def.paths.save[0]), { ...fixture.draft(), id: bill.id }), 404);
    for (const action of Object.keys(def.transitions)) expectStatus(await act(viewer.client, action, { id: bill.id }), 403);
    expectStatus(await viewer.client.post(at(def.paths.save[0]), fixture.draft()), 403);
    expectOk(await detailOf(viewer.client, bill.id));
    expect400(await a.admin.post(at(def.paths.save[0]), fixture.bad.body), fixture.bad.path);
    expect400(await act(a.admin, path[0], { id: 'x' }), 'id');
    expectStatus(await t.client().get(at(def.paths.list[0])), 401);
  });

  it('refuses to save or move a bill of a closed period, naming the period', async () => {
    const field = fixture.type.impl.dateField;
    // A year of each type's own, so that one type's closed periods do not close another's bills.
    const year = 2020 - fixtures.indexOf(fixture);
    const lock = (kind: 'month' | 'day', period: string) =>
      inTenant(t.database.db, a.tenantId, (tx) => tx.insert(periodLocks).values({ tenantId: a.tenantId, kind, period }));
    // A type dated by a month (YYYY-MM) is held by month locks only.
    const monthly = String(fixture.draft()[field] ?? '').length === 7;
    const open = await make(maker.client, { ...fixture.draft(), [field]: monthly ? `${year}-02` : `${year}-02-10` });
    await lock('month', `${year}-01`);
    const refused = await a.admin.post(at(def.paths.save[0]), { ...fixture.draft(), [field]: monthly ? `${year}-01` : `${year}-01-15` });
    expectStatus(refused, 409);
    expect(refused.body.resp_msg).toBe(`${year}-01 已结账，不能新增、修改或审核该期间的单据`);
    const second = monthly ? `${year}-02` : `${year}-02-10`;
    await lock(monthly ? 'month' : 'day', second);
    const moved = await act(a.admin, path[0], { id: open.id }, { 'accept-language': 'en-US' });
    expectStatus(moved, 409);
    expect(moved.body.resp_msg).toBe(`The period ${second} is closed: its bills cannot be made, changed or approved`);
    expect(expectOk(await detailOf(a.admin, open.id)).state).toBe(def.initial);
  });

  it('exports its list with the columns of its definition', async () => {
    const bill = await make();
    const res = await a.admin.get(at(def.paths.export ?? 'export'));
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const columns = Object.values(def.headFields as Record<string, BillFieldDef>).filter((f) => f.column);
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(columns.map((f) => f.label[0]));
    const numbers = sheet.getColumn(1).values.slice(2);
    expect(numbers).toContain(bill.billNo);
  });

  it.runIf(def.paths.remove)('deletes a bill only while it may still be edited', async () => {
    const bill = await make();
    const moved = await billIn(def.transitions[path[0]].to);
    const remove = (client: Client, body: { id: number; version?: number }) =>
      def.paths.removeByGet
        ? client.get(`${at(def.paths.remove as string)}/${body.id}`)
        : client.post(at(def.paths.remove as string), body);
    expectStatus(await remove(a.admin, { id: moved.id }), 409);
    expectStatus(await remove(b.admin, { id: bill.id }), 404);
    expectOk(await remove(a.admin, { id: bill.id, version: bill.version }));
    expectStatus(await detailOf(a.admin, bill.id), 404);
  });

  const batched = Object.entries(def.transitions).filter(([, x]) => x.batchPath);
  it.runIf(batched.length)('a batch does each bill on its own: one that fails is listed with its reason, the others are done', async () => {
    for (const [action, x] of batched) {
      const good = await billIn(x.from[0], maker.client);
      const done = await billIn(x.from[0], maker.client);
      expectOk(await act(a.admin, action, { id: done.id }));
      const res = expectOk(await a.admin.post(at(x.batchPath as string), { ids: [good.id, done.id], memo: '批量' }));
      expect(res.done).toEqual([{ id: good.id, billNo: good.billNo, state: x.to }]);
      expect(res.failed).toMatchObject([{ id: done.id, code: 409, message: expect.stringContaining('不能') }]);
      expectStatus(await b.admin.post(at(x.batchPath as string), { ids: [good.id] }), 404);
    }
  });

  const checked = Object.entries(def.transitions).filter(([, x]) => x.notByMaker);
  it.runIf(checked.length)("maker–checker: the bill's maker may not do it, someone else may", async () => {
    for (const [action, x] of checked) {
      const bill = await billIn(x.from[0], maker.client);
      expect(expectOk(await detailOf(maker.client, bill.id)).actions).not.toContain(action);
      const waiting = async (client: Client) =>
        (expectOk(await client.get('/api-user/inbox')) as { docType: string; items: Body[] }[])
          .filter((g) => g.docType === def.docType)
          .flatMap((g) => g.items.map((i) => i.id));
      if (x.inbox)
        expect([await waiting(maker.client), await waiting(a.admin)]).toEqual([
          expect.not.arrayContaining([bill.id]),
          expect.arrayContaining([bill.id]),
        ]);
      const refused = await act(maker.client, action, { id: bill.id });
      expectStatus(refused, 403);
      expect(refused.body.resp_msg).toContain('制单人');
      expectOk(await act(a.admin, action, { id: bill.id }));
    }
  });

  const undos = Object.entries(def.transitions).filter(([, x]) => x.undoes);
  it.runIf(undos.length)('an undo goes back and reverses the effect of what it undoes', async () => {
    for (const [action, x] of undos) {
      const bill = await billIn(def.transitions[x.undoes as string].from[0]);
      const before = expectOk(await detailOf(a.admin, bill.id));
      const undone = expectOk(await act(a.admin, x.undoes as string, { id: bill.id }));
      const back = expectOk(await act(a.admin, action, { id: bill.id }));
      expect(back.state).toBe(x.to);
      const changed = Object.keys(undone).filter(
        (k) => !['state', 'version', 'updatedAt', 'log', 'actions', 'afterFields', 'editable'].includes(k),
      );
      for (const key of changed) expect(back[key], key).toEqual(before[key]);
    }
  });

  it.runIf(fixture.conditions)('a conditional transition is offered and done only when its condition holds', async () => {
    for (const [action, { holds, fails }] of Object.entries(fixture.conditions ?? {})) {
      const no = await make(a.admin, fails);
      expect(no.actions).not.toContain(action);
      expectStatus(await act(a.admin, action, { id: no.id }), 409);
      const yes = await make(a.admin, holds);
      expect(yes.actions).toContain(action);
      expect(expectOk(await act(a.admin, action, { id: yes.id })).state).toBe(def.transitions[action].to);
    }
  });

  const zeroBatches = Object.entries(def.transitions).filter(([, x]) => x.zeroBatch);
  it.runIf(zeroBatches.length)('a zero-amount batch moves on every such bill the user sees, and no other', async () => {
    for (const [action, x] of zeroBatches) {
      const walk = async (body: Body) => {
        const bill = await make(maker.client, body);
        for (const step of path.slice(0, path.indexOf(action))) Object.assign(bill, expectOk(await act(a.admin, step, { id: bill.id })));
        return bill;
      };
      const [zero, paid] = [await walk((fixture.zero as () => Body)()), await walk(fixture.draft())];
      const batchPath = at(x.zeroBatch?.path as string);
      expectStatus(await viewer.client.post(batchPath, {}), 403);
      expect(expectOk(await b.admin.post(batchPath, {})).done.map((d: Body) => d.id)).not.toContain(zero.id);
      const done = expectOk(await a.admin.post(batchPath, {})).done.map((d: Body) => d.id);
      expect(done).toContain(zero.id);
      expect(done).not.toContain(paid.id);
      expect(expectOk(await detailOf(a.admin, zero.id)).state).toBe(x.to);
    }
  });

  it.runIf(def.paths.logByNo)('serves a bill’s status log by its number, hidden from another tenant', async () => {
    const { path: logPath, key } = def.paths.logByNo as { path: string; key: string };
    const bill = await make();
    expectOk(await act(a.admin, path[0], { id: bill.id }));
    const log = expectOk(await viewer.client.get(logPath, { [key]: bill.billNo }));
    expect(log.map((l: Body) => l.action)).toEqual(['create', path[0]]);
    expectStatus(await b.admin.get(logPath, { [key]: bill.billNo }), 404);
    expectStatus(await a.admin.get(logPath, {}), 400);
    expectStatus(await t.client().get(logPath, { [key]: bill.billNo }), 401);
  });

  it.runIf(def.settings)('reads and saves the chain’s setting of the type with its own right', async () => {
    const settingsPath = billSettingsPath(def);
    const { initial } = def.settings as NonNullable<BillDef['settings']>;
    expect(expectOk(await viewer.client.get(settingsPath))).toEqual(initial);
    expectStatus(await viewer.client.post(settingsPath, fixture.setting), 403);
    expect400(await a.admin.post(settingsPath, {}), Object.keys(initial)[0]);
    expect(expectOk(await a.admin.post(settingsPath, fixture.setting))).toEqual(fixture.setting);
    expect([expectOk(await a.admin.get(settingsPath)), expectOk(await b.admin.get(settingsPath))]).toEqual([fixture.setting, initial]);
    expectOk(await a.admin.post(settingsPath, initial));
  });

  it.runIf(def.after)('after approval a field changes with its own right, logged with its old and new value', async () => {
    for (const [field, x] of Object.entries(def.after ?? {})) {
      const value = fixture.afterValues?.[field];
      const draft = await make();
      expectStatus(await a.admin.post(at(x.path), { id: draft.id, value }), 409);
      const bill = await billIn(x.states[0]);
      expectStatus(await viewer.client.post(at(x.path), { id: bill.id, value }), 403);
      expect400(await a.admin.post(at(x.path), { id: bill.id, value: 'nonsense' }), 'value');
      const changed = expectOk(await a.admin.post(at(x.path), { id: bill.id, version: bill.version, value }));
      expect(changed[field]).toBe(value);
      expect(changed.log.at(-1)).toMatchObject({ action: field, change: { field, from: bill[field] ?? null, to: value } });
      if (x.batchPath) {
        const res = expectOk(await a.admin.post(at(x.batchPath), { ids: [bill.id, draft.id], value }));
        expect([res.done.map((d: Body) => d.id), res.failed.map((d: Body) => d.id)]).toEqual([[bill.id], [draft.id]]);
      }
    }
  });
});
