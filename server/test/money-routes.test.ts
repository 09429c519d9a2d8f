import * as contract from '@headoffice/contract';
import { type BillDef, billPath, TILL_PATHS } from '@headoffice/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodLocks, servicePackageItems, servicePackageShops, servicePackages } from '../src/db/schema.js';
import { postStock } from '../src/modules/stock/ledger.js';
import { balanceMismatches } from '../src/platform/ledger.js';
import { type MovesSpec, watchMoves } from '../src/platform/moves.js';
import { businessDate } from '../src/platform/numbering.js';
import { lockedPeriod, lockedWrites } from '../src/platform/period-locks.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeCardType, makeMember, newMobile, openCardFor, uniq } from './assets-support.js';
import { type Answer, build } from './helpers.js';
import { key, ok, shopIds, tillFixture } from './till-support.js';

/**
 * Money has one door: every route that moves money or stock passes the one lock mechanism
 * (platform/period-locks.ts). Driven from the OpenAPI document, so a new route is judged the day it lands:
 *
 * - a route that declares what it moves (`moves` of its spec, `x-moves` in the document) is called
 *   below with the chain's close covering today: it answers 409 naming the period, and no balance,
 *   ledger row or bill changed; a declared route without such a call fails the test;
 * - the bill engine's writes (saves, transitions, actions of every bill definition) pass the guard of
 *   their type, whose definition names its lock kinds: each must name one;
 * - any other write whose path or summary speaks of moving money or stock fails the test unless it
 *   is listed below as moving nothing, with the reason;
 * - and behind all three, the platform itself: a ledger (card money, package counts, stock, reserve
 *   money) posted by a route that declares nothing, or before the lock was consulted, fails the
 *   request (platform/moves.ts), so every test that reaches such a route finds it.
 */

interface Operation {
  key: string;
  method: string;
  path: string;
  summary: string;
  moves?: MovesSpec;
}

function operationsOf(doc: { paths: Record<string, Record<string, { summary?: string; 'x-moves'?: MovesSpec }>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      summary: op.summary ?? '',
      moves: op['x-moves'],
    })),
  );
}

/** The bill definitions of the contract: the engine (and the point-of-sale registrar) serves their writes under their locks. */
const billDefs = (Object.values(contract) as unknown[]).filter(
  (v): v is BillDef => typeof v === 'object' && v !== null && 'docType' in v && 'basePath' in v && 'paths' in v && 'transitions' in v,
);

/** Every write of a definition (`METHOD path`): saves, transitions, after-approval changes, actions (and their batches), delete, lines, import. */
function writesOf(def: BillDef): string[] {
  const at = (relative: string) => billPath(def, relative);
  const steps = [def.transitions, def.after, def.actions].flatMap((group) =>
    Object.values((group ?? {}) as Record<string, { path: string; batchPath?: string; by?: { basePath: string } }>),
  );
  // A step also served under another resource (a return visit named by its refund) is the same engine write.
  const under = (s: { path: string; batchPath?: string; by?: { basePath: string } }) =>
    s.by ? [s.path, ...(s.batchPath ? [s.batchPath] : [])].map((p) => `${s.by?.basePath}/${p}`) : [];
  const paths = [
    ...def.paths.save.map(at),
    ...steps.flatMap((s) => [at(s.path), ...(s.batchPath ? [at(s.batchPath)] : []), ...under(s)]),
    ...[def.paths.replaceLines, def.paths.import].filter((p): p is string => !!p).map(at),
    ...(def.paths.lines ? [`${def.paths.lines.base}/${def.paths.lines.save}`, `${def.paths.lines.base}/${def.paths.lines.remove}`] : []),
  ];
  if (def.paths.remove && !def.paths.removeByGet) paths.push(at(def.paths.remove));
  const removeByGet = def.paths.remove && def.paths.removeByGet ? [`GET ${at(def.paths.remove)}/{id}`] : [];
  return [...paths.map((p) => `POST ${p.replace(/:(\w+)/g, '{$1}')}`), ...removeByGet];
}

/** What a write that moves money or stock is called or says (the last segment of its path, its summary). */
const SUSPECT_NAME =
  /^(open|recharge|consume|settle|pay\w*|refund\w*|refound|tkbill|revoke\w*|recall|revise|transfer|withdraw|issue|takeout|verify|sell|save(refund|record)|update\w*money|change\w*info|receive\w*|adjust\w*)$/i;
const SUSPECT_WORDS = /(money|balance|ledger|refund|paid|principal|stock of|quantit|撤单|充值|退款|结账|核销|改单)/i;

/** Writes that speak of money or stock but move none, each with the reason. */
const MOVES_NOTHING: Record<string, string> = {
  'POST /api-finance/cardtkhead/auditBillZeor':
    "runs the refund bill's approval on each zero-amount bill through the engine's transition: the type's guard, and an approval moves nothing",
  'POST /api-finance/cardtkhead/fhBillZeor':
    "runs the refund bill's review on each zero-amount bill through the engine's transition, under the type's guard (its close lock)",
  'POST /api-finance/cardtkhead/settings': 'a setting: whether refunds need the approval bill',
  'POST /api-public/booking/my/{token}/pay':
    "a customer pays a booking's deposit through the payment adapter: it stays on the booking (no till money, card, ledger or daily figure moves) for a slot to come",
  'POST /api-public/booking/my/{token}/cancel':
    'a customer cancels a booking: its deposit goes back or is kept on the booking only (no till money, card, ledger or daily figure moves)',
  'POST /api-chain/smsorder/create':
    'the chain buys messages: the SMS allowance grows on its own ledger, paid through the payment adapter; no till money, card or stock moves',
  'POST /api-member/chainmember/queryCardRecords': 'a read the seed makes by POST (the card ledger)',
  'POST /api-member/chainmember/queryPackageRecords': 'a read the seed makes by POST (the package ledger)',
  'POST /api-member/chainmember/memberImportTemplate': 'a read the seed makes by POST (the import workbook to fill in)',
  'POST /api-finance/ioaccount/getIoAccount': "a read the seed makes by POST (the account a shop's expenses are paid to)",
  'POST /api-finance/dormrentcont/auditBillForChain':
    'approves a dormitory contract: its rent is paid by rent payment bills, under their own guard',
  'POST /api-member/deposit/takeout': "a product the member paid for and left at the shop: neither the shop's money nor its stock",
  'POST /api-member/membercoupon/issue': 'coupons and red envelopes given by hand: they pay only within a till bill, under its settle',
  'POST /api-member/membercoupon/withdraw': 'an unused coupon or red envelope taken back',
  'DELETE /api-cashier/paytype/{id}': 'a pay type of the dictionary',
  'DELETE /api-cashier/paytemplate/{id}': 'a pay template (pay types per business type)',
  'POST /api-cashier/checkout/open': 'opens a till bill: nothing is paid or taken before its settle',
};

const P = '/api-cashier';
/** The tables of money, stock and commission, each compared whole before and after a refused request. */
const MONEY_TABLES = [
  'card_balances',
  'card_ledger',
  'card_bills',
  'member_cards',
  'members',
  'package_balances',
  'package_ledger',
  'package_bills',
  'member_packages',
  'member_package_lines',
  'stock_balances',
  'stock_ledger',
  'service_bills',
  'service_bill_lines',
  'service_bill_payments',
  'service_bill_perf',
  'service_bill_cards',
  'member_coupons',
  'prepaid_orders',
  'prepaid_adjustments',
  'third_orders',
  'refunds',
  'refund_lines',
  'fund_adjustments',
  'shop_io_bills',
  'reserve_balances',
  'reserve_ledger',
];

describe('every route that moves money or stock passes the one lock guard', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const db = t.database.db;
  const ops = operationsOf((await t.app.inject({ method: 'GET', url: '/openapi.json' })).json());
  const byKey = new Map(ops.map((o) => [o.key, o]));
  const engine = new Map(billDefs.flatMap((def) => writesOf(def).map((write) => [write, def] as const)));

  // ---- what is there before the close: a card with money, bills of every kind, an order, a voucher ----
  const [s1, s2] = await shopIds(t, a);
  const fx = await tillFixture(t, a, s1, { servicePrice: 10_000, productPrice: 3_000 });
  const type = await makeCardType(t, a, { shops: [s1, s2], transferable: true, rules: [[3, 0, 1, 1_000]] });
  const setup = ok(await a.admin.get(TILL_PATHS.setup, { shopid: s1 }));
  const cash = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;
  const holder = await makeMember(t, a, s1);
  const receiver = await makeMember(t, a, s1);
  const card = ok(await openCardFor(a, { memberId: holder.id, cardTypeId: type.id, shopId: s1, amount: 50_000 }));
  const recharged = ok(await a.admin.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s1, amount: 10_000 }, key()));
  ok(await a.admin.post('/api-push/smsmsgctrl/sentAuthMsg', { mobile: receiver.mobile }));
  const texted = ok(await a.admin.get('/api-push/smsmsgctrl/outbox', { mobile: receiver.mobile })).list[0].text as string;
  ok(await a.admin.post('/api-push/smsmsgctrl/authSmsCode', { mobile: receiver.mobile, code: /(\d{6})/.exec(texted)?.[1] }));
  const sold = ok(
    await a.admin.post(
      '/api-member/memberpackage/sell',
      {
        memberId: holder.id,
        shopId: s1,
        name: '护理五次',
        lines: [{ itemType: 1, serviceId: fx.service.id, total: 5, unitPrice: 2_000, isGift: false }],
      },
      key(),
    ),
  );
  const pkg = await inTenant(db, a.tenantId, async (tx) => {
    const [row] = await tx
      .insert(servicePackages)
      .values({ tenantId: a.tenantId, code: `TC${uniq()}`, name: '护理套餐', price: 20_000 })
      .returning({ id: servicePackages.id });
    await tx
      .insert(servicePackageItems)
      .values({ tenantId: a.tenantId, packageId: row.id, serviceId: fx.service.id, quantity: 5, amount: 20_000, sort: 1 });
    await tx.insert(servicePackageShops).values({ tenantId: a.tenantId, packageId: row.id, shopId: s1 });
    return row;
  });
  const staff = [{ employeeId: fx.staff[0].id, station: 1, appointed: false }];
  async function opened(line: Record<string, unknown>, memberId?: number) {
    const bill = ok(await a.admin.post(TILL_PATHS.open, { shopId: s1, memberId }));
    return ok(await a.admin.post(TILL_PATHS.lines, { id: bill.id, version: bill.version, lines: [line] }));
  }
  async function settled(line: Record<string, unknown>, memberId?: number) {
    const bill = await opened(line, memberId);
    return ok(
      await a.admin.post(
        TILL_PATHS.settle,
        { id: bill.id, version: bill.version, payments: [{ payTypeId: cash, amount: bill.amount }] },
        key(),
      ),
    );
  }
  const serviceTill = await settled({ kind: 'service', itemId: fx.service.id, num: 1, staff });
  const packageTill = await settled({ kind: 'package', itemId: pkg.id, num: 1, staff }, holder.id);
  const cardTill = await settled({ kind: 'cardOpen', itemId: type.id, num: 1, amount: 30_000, staff }, (await makeMember(t, a, s1)).id);
  const open = await opened({ kind: 'service', itemId: fx.service.id, num: 1, staff });
  const order = ok(await a.admin.post(`${P}/prepaidorder/payOrder`, { shopId: s1, payTypeId: cash, amount: 5_000 }, key()));
  ok(await a.admin.post('/api-third/mtshops/saveMtshop', { shopid: s1, openShopUuid: `uuid-${s1}-${uniq()}` }));
  const voucher = ok(await a.admin.post(`${P}/thirdorder/verify`, { shopId: s1, code: `V88-${uniq()}` }, key()));
  const entry = ok(await a.admin.post('/api-finance/fundrecords/save', { shopId: s1, amount: 2_000, reason: '补记' }, key()));
  const revised = (bill: { lines: { id: number }[]; id: number }) => ({
    id: bill.id,
    eeyjList: [{ lineId: bill.lines[0].id, employeeId: fx.staff[1].id, station: 1, appointed: false, yj: 1 }],
  });
  /** A member import of one card, in the columns of the import's own template. */
  const sheet = async () => {
    const template = new ExcelJS.Workbook();
    await template.xlsx.load(
      (await a.admin.get('/api-member/chainmember/memberImportTemplate', { type: 2 })).raw as unknown as ArrayBuffer,
    );
    const header = (template.worksheets[0].getRow(1).values as unknown[]).slice(1).map((h) => String(h).replace(/^\*/, ''));
    const values: Record<string, unknown> = {
      姓名: '导入会员',
      手机号: newMobile(),
      性别: '女',
      卡号: `IM${uniq()}`,
      卡类型: type.name,
      '本金余额(元)': '100.00',
      '赠送余额(元)': '0',
    };
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('会员');
    ws.addRow(header);
    ws.addRow(header.map((h) => values[h] ?? null));
    return Buffer.from(await wb.xlsx.writeBuffer());
  };

  /** For each route that moves money or stock: a request that would move some, made with today closed. */
  const CALLS: Record<string, () => Promise<Answer>> = {
    'POST /api-member/membercard/open': () => openCardFor(a, { memberId: holder.id, cardTypeId: type.id, shopId: s1, amount: 10_000 }),
    'POST /api-member/membercard/recharge': () =>
      a.admin.post('/api-member/membercard/recharge', { cardId: card.cardId, shopId: s1, amount: 10_000 }, key()),
    'POST /api-member/membercard/consume': () =>
      a.admin.post('/api-member/membercard/consume', { cardId: card.cardId, shopId: s1, amount: 100 }, key()),
    'POST /api-member/chainmember/updateCardmoney': () =>
      a.admin.post(
        '/api-member/chainmember/updateCardmoney',
        { cardId: card.cardId, buckets: [{ shopId: s1, principal: 1, gift: 0 }], reason: '月末调整' },
        key(),
      ),
    'POST /api-member/membercard/revoke': () =>
      a.admin.post('/api-member/membercard/revoke', { billId: recharged.billId, memo: '充错' }, key()),
    'POST /api-member/userinfo/changeCardInfo': () =>
      a.admin.post('/api-member/userinfo/changeCardInfo', { cardno: card.cardNo, omemid: holder.id, memid: receiver.id }, key()),
    'POST /api-member/tkhead/saveRefund': () =>
      a.admin.post(
        '/api-member/tkhead/saveRefund',
        { memid: holder.id, cards: [{ cardid: card.cardId, shopId: s1, tkje: 100, tzje: 0 }] },
        key(),
      ),
    'POST /api-member/memberpackage/sell': () =>
      a.admin.post('/api-member/memberpackage/sell', { memberId: holder.id, shopId: s1, packageId: pkg.id }, key()),
    'POST /api-member/memberpackage/consume': () =>
      a.admin.post('/api-member/memberpackage/consume', { shopId: s1, items: [{ lineId: sold.rows[0].lineId, count: 1 }] }, key()),
    'POST /api-member/memberpackage/revoke': () =>
      a.admin.post('/api-member/memberpackage/revoke', { billId: sold.billId, memo: '卖错' }, key()),
    'POST /api-member/chainmember/memberImport': async () =>
      a.admin.upload('/api-member/chainmember/memberImport', await sheet(), { query: { shopid: s1, type: 2 }, filename: '会员.xlsx' }),
    'POST /api-member/chainmember/saveMemberCard': () =>
      a.admin.post('/api-member/chainmember/saveMemberCard', {
        mobile: newMobile(),
        name: '新会员',
        shopId: s1,
        card: { cardTypeId: type.id, amount: 10_000 },
      }),
    [`POST ${TILL_PATHS.settle}`]: () =>
      a.admin.post(TILL_PATHS.settle, { id: open.id, version: open.version, payments: [{ payTypeId: cash, amount: open.amount }] }, key()),
    [`POST ${contract.CARD_RECORD_PATHS.batchOpen}`]: () =>
      a.admin.post(
        contract.CARD_RECORD_PATHS.batchOpen,
        { shopId: s1, cardTypeId: type.id, money: 10_000, cardnum: 1, pays: [{ payTypeId: cash, amount: 10_000 }] },
        key(),
      ),
    [`POST ${contract.CARD_RECORD_PATHS.revokeMkt}`]: () =>
      a.admin.post(contract.CARD_RECORD_PATHS.revokeMkt, { id: cardTill.id, cardno: cardTill.cards[0].cardNo, hcMemo: '活动撤销' }, key()),
    [`POST ${TILL_PATHS.revise}`]: () => a.admin.post(TILL_PATHS.revise, revised(serviceTill), key()),
    [`POST ${contract.PACKAGE_RECORD_PATHS.revise}`]: () => a.admin.post(contract.PACKAGE_RECORD_PATHS.revise, revised(packageTill), key()),
    [`POST ${contract.CARD_RECORD_PATHS.revise}`]: () => a.admin.post(contract.CARD_RECORD_PATHS.revise, revised(cardTill), key()),
    [`POST ${TILL_PATHS.revoke}`]: () => a.admin.post(TILL_PATHS.revoke, { id: serviceTill.id, hcMemo: '整单撤销' }),
    [`POST ${contract.PACKAGE_RECORD_PATHS.revoke}`]: () =>
      a.admin.post(contract.PACKAGE_RECORD_PATHS.revoke, { id: packageTill.id, hcMemo: '整单撤销' }),
    [`POST ${contract.CARD_RECORD_PATHS.revoke}`]: () =>
      a.admin.post(contract.CARD_RECORD_PATHS.revoke, { id: cardTill.id, hcMemo: '整单撤销' }),
    [`POST ${P}/prepaidorder/payOrder`]: () =>
      a.admin.post(`${P}/prepaidorder/payOrder`, { shopId: s1, payTypeId: cash, amount: 5_000 }, key()),
    [`POST ${P}/prepaidorder/refound`]: () => a.admin.post(`${P}/prepaidorder/refound`, { id: order.id, reason: '顾客取消' }, key()),
    [`POST ${P}/prepaidadj/save`]: () =>
      a.admin.post(`${P}/prepaidadj/save`, { orderId: order.id, adjShopId: s2, reason: '扫错码' }, key()),
    [`POST ${P}/thirdorder/verify`]: () => a.admin.post(`${P}/thirdorder/verify`, { shopId: s1, code: `V66-${uniq()}` }, key()),
    [`POST ${P}/thirdorder/mt/tkbill`]: () => a.admin.post(`${P}/thirdorder/mt/tkbill`, { id: voucher.id, reason: '顾客退券' }, key()),
    'POST /api-finance/fundrecords/save': () =>
      a.admin.post('/api-finance/fundrecords/save', { shopId: s1, amount: 1_000, reason: '盘点差额' }, key()),
    'POST /api-finance/fundrecords/revoke': () => a.admin.post('/api-finance/fundrecords/revoke', { id: entry.id, reason: '记错' }, key()),
  };

  it('knows the guard of every write that moves money or stock', () => {
    const declared = ops.filter((o) => o.moves);
    expect(declared.length).toBeGreaterThan(20);
    // A declared route is called below with today closed; every call is a route declared or served by the bill engine.
    expect(declared.filter((o) => !CALLS[o.key]).map((o) => o.key)).toEqual([]);
    expect(Object.keys(CALLS).filter((k) => !byKey.get(k)?.moves && !engine.has(k))).toEqual([]);
    // Each consults the general close (and may consult more kinds) and says on what.
    for (const o of declared)
      expect({ route: o.key, close: o.moves?.locks.includes('close'), on: !!o.moves?.on }).toEqual({ route: o.key, close: true, on: true });
    // The bill engine's writes pass the guard of their type: every definition names its lock kinds.
    const served = [...engine].filter(([k]) => byKey.has(k));
    expect(served.length).toBeGreaterThan(50);
    expect(served.filter(([, def]) => !def.locks?.includes('close')).map(([k]) => k)).toEqual([]);
    // Any other write that speaks of money or stock moves none, for a reason given here.
    const suspected = ops.filter((o) => {
      if (o.method === 'GET' || o.moves || engine.has(o.key)) return false;
      const last =
        o.path
          .split('/')
          .filter((s) => s && !s.startsWith('{'))
          .at(-1) ?? '';
      return SUSPECT_NAME.test(last) || SUSPECT_WORDS.test(o.summary);
    });
    expect(suspected.filter((o) => !MOVES_NOTHING[o.key]).map((o) => `${o.key} | ${o.summary}`)).toEqual([]);
    expect(Object.keys(MOVES_NOTHING).filter((k) => !suspected.some((o) => o.key === k))).toEqual([]);
    // The close page names the writes that are no bills among what a close stops.
    expect(lockedWrites('close').map((w) => w.key)).toEqual(
      expect.arrayContaining([
        'assets.cardMoney',
        'assets.packageCounts',
        'cashier.prepaidOrder',
        'cashier.voucher',
        'finance.fundAdjustment',
      ]),
    );
  });

  describe('with the chain closed today', () => {
    const period = businessDate().slice(0, 7);
    const refusal = `${period} 已结账，不能新增、修改或审核该期间的单据`;
    /** The money, stock and commission tables of the tenant, each as a count and a digest of its rows. */
    const tables = () =>
      inTenant(db, a.tenantId, async (tx) => {
        const out: Record<string, string> = {};
        for (const table of MONEY_TABLES) {
          const result = await tx.execute(
            sql.raw(`select count(*) || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`),
          );
          out[table] = (result as unknown as { rows: { digest: string }[] }).rows[0].digest;
        }
        return out;
      });
    beforeAll(() =>
      inTenant(db, a.tenantId, (tx) =>
        tx.insert(periodLocks).values({ tenantId: a.tenantId, lock: 'close', kind: 'month', period, shopId: null }),
      ),
    );
    afterAll(() =>
      inTenant(db, a.tenantId, (tx) => tx.update(periodLocks).set({ status: 0 }).where(sql`${periodLocks.period} = ${period}`)),
    );

    it.each(Object.keys(CALLS))('%s is refused naming the period, and nothing moves', async (route) => {
      const before = await tables();
      const res = await CALLS[route]();
      expect({ status: res.status, message: res.body?.resp_msg }).toEqual({ status: 409, message: refusal });
      expect(await tables()).toEqual(before);
    });

    it('every balance is the sum of its ledger rows, each row carrying the balance after it', async () => {
      expect(await inTenant(db, a.tenantId, (tx) => balanceMismatches(tx))).toEqual([]);
    });
  });
});

describe('a ledger moves only in a route that declares it and consulted the lock first', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [s1] = await shopIds(t, a);
  const { product } = await tillFixture(t, a, s1, { stock: 0 });
  const stocked = { what: ['stock'], locks: ['close'], on: 'today, the shop' } satisfies MovesSpec;
  const post = (moves: MovesSpec | undefined, consult: boolean) =>
    inTenant(t.database.db, a.tenantId, (tx) =>
      watchMoves('POST /test/stock', moves, async () => {
        if (consult) await lockedPeriod(tx, ['close'], s1, businessDate());
        await postStock(tx, [{ shopId: s1, productId: product.id, delta: 1, lineId: null }], {
          tenantId: a.tenantId,
          docType: 'test.moves',
          billId: 1,
          allowNegative: false,
          describe: async () => product.name,
        });
      }),
    );

  it('refuses a route that declares nothing, one that did not consult its lock kinds, and lets a declared and guarded one post', async () => {
    await expect(post(undefined, true)).rejects.toThrow('POST /test/stock moves the stock ledger but declares no `moves`');
    await expect(post(stocked, false)).rejects.toThrow('POST /test/stock moves the stock ledger before consulting the period locks close');
    await expect(post(stocked, true)).resolves.toBeUndefined();
    // Outside a request (a job, the demo chain) nothing is watched.
    await inTenant(t.database.db, a.tenantId, (tx) =>
      postStock(tx, [{ shopId: s1, productId: product.id, delta: 1, lineId: null }], {
        tenantId: a.tenantId,
        docType: 'test.moves',
        billId: 2,
        allowNegative: false,
        describe: async () => product.name,
      }),
    );
    expect(await inTenant(t.database.db, a.tenantId, (tx) => balanceMismatches(tx))).toEqual([]);
  });
});
