import { CARD_RECORD_PATHS, cardBill, PACKAGE_RECORD_PATHS, packageBill, SERVICE_DOC, serviceBill, TILL_PATHS } from '@headoffice/contract';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { billLogs, servicePackageItems, servicePackageShops, servicePackages } from '../src/db/schema.js';
import { periodLocks } from '../src/platform/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { makeCardType, makeMember } from './assets-support.js';
import { build, type TestApp, type TestTenant } from './helpers.js';
import { key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

/** One shop's line of a bill of the list's kind: `bigger` makes a bill of a larger amount. */
type LineOf = (shopId: number, bigger: boolean) => Record<string, unknown>;

interface Kind {
  def: typeof serviceBill;
  /** The seed's call of the sums alone, where the list has one. */
  sum?: string;
  /** 改单 and the performance rows of a bill, the list's own calls. */
  revise: string;
  perf: string;
  /** Whether its bills need a member (a package sold, a card opened). */
  member: boolean;
  /** What the kind's lines are at the two shops (its fixtures made in the kind's own tenant). */
  lines: (t: TestApp, a: TestTenant, shops: [number, number]) => Promise<LineOf>;
}

/** The totals a list gives of these bills: their count and each summed field. */
const totalsOf = (bills: { listTotal: number; discountTotal: number; amount: number }[]) => ({
  count: bills.length,
  listTotal: bills.reduce((s, b) => s + b.listTotal, 0),
  discountTotal: bills.reduce((s, b) => s + b.discountTotal, 0),
  amount: bills.reduce((s, b) => s + b.amount, 0),
});

/** A package of five services at `price`, sold in the shops. */
async function packageOf(t: TestApp, a: TestTenant, serviceId: number, price: number, shops: number[]) {
  return inTenant(t.database.db, a.tenantId, async (tx) => {
    const [pkg] = await tx
      .insert(servicePackages)
      .values({ tenantId: a.tenantId, code: `TC${price}${Date.now() % 10000}`, name: `护理卡${price / 100}`, price })
      .returning({ id: servicePackages.id });
    await tx
      .insert(servicePackageItems)
      .values({ tenantId: a.tenantId, packageId: pkg.id, serviceId, quantity: 5, amount: price, sort: 1 });
    await tx.insert(servicePackageShops).values(shops.map((shopId) => ({ tenantId: a.tenantId, packageId: pkg.id, shopId })));
    return pkg;
  });
}

const kinds: Kind[] = [
  {
    def: serviceBill,
    revise: TILL_PATHS.revise,
    perf: TILL_PATHS.perf,
    member: false,
    lines: async (t, a, [s1, s2]) => {
      const services = new Map([
        [s1, (await tillFixture(t, a, s1, { servicePrice: 10_000, productPrice: 3_000 })).service.id],
        [s2, (await tillFixture(t, a, s2, { servicePrice: 8_000 })).service.id],
      ]);
      return (shopId, bigger) => ({ kind: 'service', itemId: services.get(shopId), num: bigger ? 2 : 1, staff: [] });
    },
  },
  {
    def: packageBill,
    sum: PACKAGE_RECORD_PATHS.sum,
    revise: PACKAGE_RECORD_PATHS.revise,
    perf: PACKAGE_RECORD_PATHS.perf,
    member: true,
    lines: async (t, a, shops) => {
      const { service } = await tillFixture(t, a, shops[0]);
      const small = await packageOf(t, a, service.id, 20_000, shops);
      const big = await packageOf(t, a, service.id, 36_000, shops);
      return (_shopId, bigger) => ({ kind: 'package', itemId: (bigger ? big : small).id, num: 1, staff: [] });
    },
  },
  {
    def: cardBill,
    sum: '/api-cashier/cardrecords/cardRecordsListSum',
    revise: CARD_RECORD_PATHS.revise,
    perf: CARD_RECORD_PATHS.perf,
    member: true,
    lines: async (t, a, shops) => {
      const type = await makeCardType(t, a, { shops });
      return (_shopId, bigger) => ({ kind: 'cardOpen', itemId: type.id, num: 1, amount: bigger ? 50_000 : 30_000, staff: [] });
    },
  },
];

describe.each(kinds)("head office's $def.label.0, served from its point-of-sale definition", async ({ def, sum, member, lines }) => {
  const P = def.basePath;
  const { revise, perf } = kinds.find((k) => k.def === def) as Kind;
  const list = `${P}/${def.paths.list[0]}`;
  const exported = `${P}/${def.paths.export}`;
  const detail = (id: number) => `${P}/${def.paths.detail.replace(':id', String(id))}`;
  const revoke = `${P}/${def.actions?.revoke.path}`;
  const t = await build();
  const a = await t.tenant({ demo: true });
  const other = await t.tenant();
  const [s1, s2] = await shopIds(t, a);
  const lineOf = await lines(t, a, [s1, s2]);

  /** A bill of the kind at the shop (for a new member where it needs one), settled in cash by head office's admin. */
  async function settled(shopId: number, line: Record<string, unknown>) {
    const setup = ok(await a.admin.get(TILL_PATHS.setup, { shopid: shopId }));
    const cash = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;
    const memberId = member ? (await makeMember(t, a, shopId)).id : undefined;
    const opened = ok(await a.admin.post(TILL_PATHS.open, { shopId, memberId }));
    const bill = ok(await a.admin.post(TILL_PATHS.lines, { id: opened.id, version: opened.version, lines: [line] }));
    return ok(
      await a.admin.post(
        TILL_PATHS.settle,
        { id: bill.id, version: bill.version, payments: [{ payTypeId: cash, amount: bill.amount }] },
        key(),
      ),
    );
  }

  const first = await settled(s1, lineOf(s1, true));
  const second = await settled(s1, lineOf(s1, false));
  const theirs = await settled(s2, lineOf(s2, false));
  const open = ok(await a.admin.post(TILL_PATHS.open, { shopId: s1, memberId: (await makeMember(t, a, s1)).id }));
  // A bill of no package and no card: among the service bills only.
  const fx = await tillFixture(t, a, s1, { servicePrice: 5_000 });
  const plain = await settled(s1, { kind: 'service', itemId: fx.service.id, num: 1, staff: [] });
  const day = first.businessDate as string;
  const mine = def === serviceBill ? [plain.id, second.id, first.id] : [second.id, first.id];

  it('lists settled bills of its kind under the declared filters, with the sums of every matching bill, not only the page', async () => {
    const page = ok(await a.admin.get(list, { shopid: s1, dateFrom: day, dateTo: day, pageSize: 1 }));
    expect(page.total).toBe(mine.length);
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({ id: mine[0], state: 'settled', shopName: expect.any(String) });
    const bills = def === serviceBill ? [first, second, plain] : [first, second];
    expect(page.sum).toEqual({ ...totalsOf(bills), apart: { revoked: totalsOf([]) } });
    if (sum) expect(ok(await a.admin.get(sum, { shopid: s1, dateFrom: day, dateTo: day }))).toEqual(page.sum);
    // An open bill is no settled one; another shop's bill is not in shop 1's list; a plain bill only among the service bills.
    const ids = ok(await a.admin.get(list, { dateFrom: day, dateTo: day, pageSize: 200 })).list.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id, theirs.id]));
    expect(ids).not.toContain(open.id);
    if (def !== serviceBill) {
      expect(ids).not.toContain(plain.id);
      expect((await a.admin.get(detail(plain.id))).status).toBe(404);
      expect((await a.admin.get(detail(open.id))).status).toBe(404);
    }
    const byNumber = ok(await a.admin.get(list, { keyword: first.billNo }));
    expect(byNumber.list.map((r: { id: number }) => r.id)).toEqual([first.id]);
    const byTag = ok(await a.admin.get(list, { shopid: s1, dateFrom: day, dateTo: day, keyword: String(first.handTag) }));
    expect(byTag.list.map((r: { id: number }) => r.id)).toContain(first.id);
    const before = ok(await a.admin.get(list, { shopid: s1, dateTo: '2000-01-01' }));
    expect(before.sum).toEqual({ ...totalsOf([]), apart: { revoked: totalsOf([]) } });
    const sorted = ok(await a.admin.get(list, { shopid: s1, dateFrom: day, dateTo: day, sort: 'amount' }));
    expect(sorted.list.map((r: { id: number }) => r.id).filter((id: number) => id !== plain.id)).toEqual([second.id, first.id]);
    expect((await a.admin.get(list, { isHc: 2 })).status).toBe(400);
  });

  it('exports the list under its filters with the columns the definition lists', async () => {
    const res = await a.admin.get(exported, { shopid: s1, dateFrom: day, dateTo: day });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const columns = Object.values(def.headFields).filter((f) => f.column);
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(columns.map((f) => f.label[0]));
    const numbers = sheet.getColumn(1).values.slice(2);
    expect(numbers).toEqual(expect.arrayContaining([first.billNo, second.billNo]));
    expect(numbers).not.toContain(theirs.billNo);
    expect(numbers.length).toBe(mine.length);
  });

  it('a user of shop 2 sees only its bills: 403 for a filter naming shop 1, 404 for its bill; another tenant gets 404', async () => {
    const viewer = await createLimitedUser(t, a, { perms: [`${def.perm}.view`], loginShops: [s2] });
    const seen = ok(await viewer.client.get(list, { dateFrom: day, dateTo: day }));
    expect(seen.list.map((r: { id: number }) => r.id)).toEqual([theirs.id]);
    expect(seen.sum.count).toBe(1);
    expect((await viewer.client.get(list, { shopid: s1 })).status).toBe(403);
    expect((await viewer.client.get(exported, { shopid: s1 })).status).toBe(403);
    if (sum) expect((await viewer.client.get(sum, { shopid: s1 })).status).toBe(403);
    expect((await viewer.client.get(detail(first.id))).status).toBe(404);
    expect(ok(await viewer.client.get(detail(theirs.id))).actions).toEqual([]);
    expect((await viewer.client.post(revoke, { id: theirs.id, hcMemo: '无权' })).status).toBe(403);
    const revoker = await createLimitedUser(t, a, { perms: [`${def.perm}.view`, `${def.perm}.revoke`], loginShops: [s2] });
    expect((await revoker.client.post(revoke, { id: first.id, hcMemo: '别店' })).status).toBe(404);
    expect((await other.admin.get(detail(first.id))).status).toBe(404);
    expect((await other.admin.post(revoke, { id: first.id, hcMemo: '别家' })).status).toBe(404);
  });

  it("撤单 in a closed period of the bill's shop is refused by the platform's guard, naming the period", async () => {
    const period = day.slice(0, 7);
    const lock = () =>
      inTenant(t.database.db, a.tenantId, (tx) =>
        tx.insert(periodLocks).values({ tenantId: a.tenantId, lock: 'close', kind: 'month', period, shopId: s1 }),
      );
    const unlock = () =>
      inTenant(t.database.db, a.tenantId, (tx) =>
        tx.delete(periodLocks).where(and(eq(periodLocks.period, period), eq(periodLocks.shopId, s1))),
      );
    await lock();
    try {
      const refused = await a.admin.post(revoke, { id: first.id, hcMemo: '月已结' });
      expect(refused.status).toBe(409);
      expect(refused.body.resp_msg).toBe(`${period} 已结账，不能新增、修改或审核该期间的单据`);
      expect(ok(await a.admin.get(detail(first.id))).state).toBe('settled');
    } finally {
      await unlock();
    }
  });

  it('改单 in a closed period of the bill is refused as its 撤单 is, naming the period, and writes no performance row', async () => {
    const period = day.slice(0, 7);
    const { lines: billLines } = ok(await a.admin.get(detail(first.id)));
    const rows = ok(await a.admin.get(perf, { id: first.id }));
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.insert(periodLocks).values({ tenantId: a.tenantId, lock: 'close', kind: 'month', period, shopId: s1 }),
    );
    try {
      const eeyjList = [{ lineId: billLines[0].id, employeeId: fx.staff[0].id, station: 1, appointed: false, yj: 1 }];
      const refused = await a.admin.post(revise, { id: first.id, eeyjList }, key());
      expect(refused.status).toBe(409);
      expect(refused.body.resp_msg).toBe(`${period} 已结账，不能新增、修改或审核该期间的单据`);
      expect(ok(await a.admin.get(perf, { id: first.id }))).toEqual(rows);
    } finally {
      await inTenant(t.database.db, a.tenantId, (tx) =>
        tx.delete(periodLocks).where(and(eq(periodLocks.period, period), eq(periodLocks.shopId, s1))),
      );
    }
  });

  it('the detail has the lines, the bill log and 撤单 on offer; 撤单 needs its reason, is logged and leaves the bill revoked', async () => {
    const shown = ok(await a.admin.get(detail(second.id)));
    expect(shown).toMatchObject({ state: 'settled', actions: ['revoke'], editable: false });
    expect(shown.lines).toHaveLength(1);
    expect(shown.log.map((r: { action: string }) => r.action)).toEqual(['open', 'settle']);
    expect((await a.admin.post(revoke, { id: second.id })).status).toBe(400);
    const revoked = ok(await a.admin.post(revoke, { id: second.id, hcMemo: '顾客投诉' }));
    expect(revoked).toMatchObject({ state: 'revoked', isHc: 1, hcMemo: '顾客投诉', actions: [] });
    expect(revoked.log.at(-1)).toMatchObject({ action: 'revoke', fromState: 'settled', toState: 'revoked', memo: '顾客投诉' });
    const logged = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select()
        .from(billLogs)
        .where(and(eq(billLogs.docType, SERVICE_DOC), eq(billLogs.billId, second.id)))
        .orderBy(asc(billLogs.id)),
    );
    expect(logged.map((r) => [r.action, r.memo])).toEqual([
      ['open', null],
      ['settle', null],
      ['revoke', '顾客投诉'],
    ]);
    // The list keeps a revoked bill, named by its state; the revoke filter finds it.
    const onlyRevoked = ok(await a.admin.get(list, { shopid: s1, dateFrom: day, dateTo: day, isHc: 1 }));
    expect(onlyRevoked.list.map((r: { id: number; state: string }) => [r.id, r.state])).toEqual([[second.id, 'revoked']]);
    // A revoked bill counts in no total: the sums leave it out and give it apart, the seed's sums call as the list.
    const after = ok(await a.admin.get(list, { shopid: s1, dateFrom: day, dateTo: day }));
    expect(after.sum).toEqual({ ...totalsOf(def === serviceBill ? [first, plain] : [first]), apart: { revoked: totalsOf([second]) } });
    if (sum) expect(ok(await a.admin.get(sum, { shopid: s1, dateFrom: day, dateTo: day }))).toEqual(after.sum);
    expect(ok(await a.admin.get(list, { shopid: s1, dateFrom: day, dateTo: day, isHc: 1 })).sum).toEqual({
      ...totalsOf([]),
      apart: { revoked: totalsOf([second]) },
    });
    const again = await a.admin.post(revoke, { id: second.id, hcMemo: '再次' });
    expect(again.status).toBe(409);
  });
});
