import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberPackageLines, packageLedger, servicePackageItems, servicePackages } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { key, makeMember, ok, shopIds, uniq } from './assets-support.js';
import { build } from './helpers.js';
import { expectPackagesConsistent, makeItems, packageValueOf } from './member-packages-support.js';
import { createLimitedUser } from './users.js';

const SELL = '/api-member/memberpackage/sell';
const USE = '/api-member/memberpackage/consume';
const REVOKE = '/api-member/memberpackage/revoke';
const LINES = '/api-member/packagedesc/memPackagedescList';
const RECORDS = '/api-member/chainmember/queryPackageRecords';
const PAGE = '/api-member/chainmember/pagePackages';

describe('member packages', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [s1, s2] = await shopIds(t, a);
  const items = await makeItems(t, a);

  /** A package of 10 × service 1 at ¥30 and 2 × product at ¥50 sold to a new member of shop 1. */
  async function sold(extra: Record<string, unknown> = {}) {
    const m = await makeMember(t, a, s1);
    const bill = ok(
      await a.admin.post(
        SELL,
        {
          memberId: m.id,
          shopId: s1,
          name: '护理疗程',
          lines: [
            { itemType: 1, serviceId: items.s1.id, total: 10, unitPrice: 3000 },
            { itemType: 2, productId: items.p1.id, total: 2, unitPrice: 5000 },
          ],
          ...extra,
        },
        key(),
      ),
    );
    const lines = ok(await a.admin.get(LINES, { memid: m.id }));
    return { m, bill, lines, service: lines[0], product: lines[1] };
  }

  it('sells a package: lines with total, count left, unit price of the batch and value left; the ledger holds the counts', async () => {
    const { m, bill, lines } = await sold();
    expect(bill).toMatchObject({ kind: 'sell', memberId: m.id });
    expect(bill.billNo).toMatch(/^TC/);
    expect(bill.rows.map((r: { amount: number; balance: number; unitPrice: number }) => [r.amount, r.balance, r.unitPrice])).toEqual([
      [10, 10, 3000],
      [2, 2, 5000],
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      mpname: '护理疗程',
      stype: 1,
      servId: items.s1.id,
      scode: items.s1.code,
      servname: items.s1.name,
      total: 10,
      snum: 10,
      singlePrice: 3000,
      lessmoney: 30_000,
      isGift: false,
      expired: false,
      shopId: s1,
    });
    expect(lines[1]).toMatchObject({ stype: 2, productId: items.p1.id, snum: 2, lessmoney: 10_000 });
    expect(await packageValueOf(t, a, m.id)).toBe(40_000);
    // Filtered by a piece of the item's name.
    expect(ok(await a.admin.get(LINES, { memid: m.id, scodename: items.p1.name.slice(-4) })).map((l: { id: number }) => l.id)).toEqual([
      lines[1].id,
    ]);
    await expectPackagesConsistent(t, a);
  });

  it('uses counts (one bill for several lines), refuses past the count left, and the ledger reads each change with what is left', async () => {
    const { m, service, product } = await sold();
    const used = ok(
      await a.admin.post(
        USE,
        {
          shopId: s2,
          items: [
            { lineId: service.id, count: 3 },
            { lineId: product.id, count: 1 },
          ],
          memo: 'XF001',
        },
        key(),
      ),
    );
    expect(used.rows.map((r: { lineId: number; amount: number; balance: number }) => [r.lineId, r.amount, r.balance])).toEqual([
      [service.id, -3, 7],
      [product.id, -1, 1],
    ]);
    expect(await packageValueOf(t, a, m.id)).toBe(7 * 3000 + 5000);
    const over = await a.admin.post(USE, { shopId: s1, items: [{ lineId: service.id, count: 8 }] });
    expect(over.status).toBe(409);
    expect(over.body.resp_msg).toBe('套餐剩余次数不足：剩余 7，需要 8');
    const overEn = await a.admin.post(USE, { shopId: s1, items: [{ lineId: service.id, count: 8 }] }, { 'accept-language': 'en-US' });
    expect(overEn.body.resp_msg).toBe('Not enough left on the package: 7 left, 8 needed');
    const records = ok(await a.admin.post(RECORDS, { memberId: m.id }));
    expect(records.total).toBe(4);
    expect(
      records.list.map((r: { kind: string; saleNum: number; surplusNum: number; shopId: number }) => [
        r.kind,
        r.saleNum,
        r.surplusNum,
        r.shopId,
      ]),
    ).toEqual([
      ['consume', -1, 1, s2],
      ['consume', -3, 7, s2],
      ['sell', 2, 2, s1],
      ['sell', 10, 10, s1],
    ]);
    expect(records.list[0]).toMatchObject({ billNo: used.billNo, memo: 'XF001', mpname: '护理疗程' });
    await expectPackagesConsistent(t, a);
  });

  it('refuses an expired line, a frozen member and lines of two members in one use', async () => {
    const { m, service } = await sold();
    await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.update(memberPackageLines).set({ expiresOn: '2020-01-31' }).where(eq(memberPackageLines.id, service.id)),
    );
    const expired = await a.admin.post(USE, { shopId: s1, items: [{ lineId: service.id, count: 1 }] });
    expect(expired.status).toBe(409);
    expect(expired.body.resp_msg).toContain('已于 2020-01-31 到期');
    const other = await sold();
    ok(await a.admin.post('/api-member/chainmember/freezeMember', { memids: [other.m.id], freezeMemo: '挂失' }));
    const frozen = await a.admin.post(USE, { shopId: s1, items: [{ lineId: other.service.id, count: 1 }] });
    expect(frozen.status).toBe(409);
    expect(frozen.body.resp_msg).toBe('会员已冻结，不能使用套餐');
    const third = await sold();
    const two = await a.admin.post(USE, {
      shopId: s1,
      items: [
        { lineId: third.service.id, count: 1 },
        { lineId: other.product.id, count: 1 },
      ],
    });
    expect(two.status).toBe(409);
    expect(m.id).not.toBe(other.m.id);
    await expectPackagesConsistent(t, a);
  });

  it('revokes a use (counts back, once), and a sale only while nothing of it was used', async () => {
    const { m, bill, service } = await sold();
    const used = ok(await a.admin.post(USE, { shopId: s1, items: [{ lineId: service.id, count: 4 }] }));
    const revoked = ok(await a.admin.post(REVOKE, { billId: used.billId, memo: '顾客取消' }, key()));
    expect(revoked.rows).toEqual([{ lineId: service.id, itemName: service.servname, amount: 4, balance: 10, unitPrice: 3000 }]);
    const again = await a.admin.post(REVOKE, { billId: used.billId, memo: '再撤' });
    expect(again.status).toBe(409);
    expect(again.body.resp_msg).toBe(`单据 ${used.billNo} 已撤单`);
    ok(await a.admin.post(USE, { shopId: s1, items: [{ lineId: service.id, count: 1 }] }));
    const sale = await a.admin.post(REVOKE, { billId: bill.billId, memo: '退回' });
    expect(sale.status).toBe(409);
    expect(sale.body.resp_msg).toBe('套餐剩余次数不足：剩余 9，需要 10');
    const records = ok(await a.admin.post(RECORDS, { lineId: service.id }));
    expect(records.list.map((r: { kind: string; saleNum: number }) => [r.kind, r.saleNum])).toEqual([
      ['consume', -1],
      ['revoke', 4],
      ['consume', -4],
      ['sell', 10],
    ]);
    // A sale nothing was used of is taken back whole.
    const fresh = await sold();
    ok(await a.admin.post(REVOKE, { billId: fresh.bill.billId, memo: '录错' }));
    expect(ok(await a.admin.get(LINES, { memid: fresh.m.id })).map((l: { snum: number }) => l.snum)).toEqual([0, 0]);
    expect(await packageValueOf(t, a, fresh.m.id)).toBe(0);
    expect(await packageValueOf(t, a, m.id)).toBe(9 * 3000 + 2 * 5000);
    await expectPackagesConsistent(t, a);
  });

  it("sells the catalogue's package: its items, each item's share split over its count, its validity", async () => {
    const pkg = await inTenant(t.database.db, a.tenantId, async (tx) => {
      const [p] = await tx
        .insert(servicePackages)
        .values({ tenantId: a.tenantId, code: `TP${uniq()}`, name: '年卡疗程', price: 100_000, validityDays: 365 })
        .returning();
      await tx.insert(servicePackageItems).values([
        { tenantId: a.tenantId, packageId: p.id, serviceId: items.s1.id, quantity: 3, amount: 70_000, sort: 1 },
        { tenantId: a.tenantId, packageId: p.id, serviceId: items.s2.id, quantity: 6, amount: 30_000, sort: 2 },
      ]);
      return p;
    });
    const m = await makeMember(t, a, s1);
    ok(await a.admin.post(SELL, { memberId: m.id, shopId: s1, packageId: pkg.id }));
    const lines = ok(await a.admin.get(LINES, { memid: m.id }));
    // ¥700 over 3 uses: ¥233.33 each (rounded half up); ¥300 over 6: ¥50.
    expect(lines.map((l: { mpname: string; total: number; singlePrice: number }) => [l.mpname, l.total, l.singlePrice])).toEqual([
      ['年卡疗程', 3, 23_333],
      ['年卡疗程', 6, 5000],
    ]);
    expect(lines[0].expiryTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A gift package: value 0, counts as any other.
    const g = await makeMember(t, a, s1);
    ok(await a.admin.post(SELL, { memberId: g.id, shopId: s1, packageId: pkg.id, isGift: true }));
    expect(ok(await a.admin.get(LINES, { memid: g.id })).every((l: { isGift: boolean }) => l.isGift)).toBe(true);
    expect(await packageValueOf(t, a, g.id)).toBe(0);
    await expectPackagesConsistent(t, a);
  });

  it('pages the chain’s package lines by state, mobile and item', async () => {
    const { m, service } = await sold();
    const page = ok(await a.admin.post(PAGE, { mobile: m.mobile }));
    expect(page.total).toBe(2);
    ok(await a.admin.post(USE, { shopId: s1, items: [{ lineId: service.id, count: 10 }] }));
    expect(ok(await a.admin.post(PAGE, { mobile: m.mobile, state: 'usedUp' })).list.map((l: { id: number }) => l.id)).toEqual([service.id]);
    expect(ok(await a.admin.post(PAGE, { mobile: m.mobile, state: 'active' })).total).toBe(1);
    expect(ok(await a.admin.post('/api-member/chainmember/chain/pagePackages', { memberId: m.id, pageSize: 1 })).list).toHaveLength(1);
  });

  it('answers 400, 401, 403 without the right, 404 for another tenant and for members of shops the user does not see', async () => {
    const { m, service, bill } = await sold();
    const bad = await a.admin.post(SELL, { memberId: m.id, shopId: s1, lines: [{ itemType: 1, total: 0, unitPrice: 1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.path)).toEqual(expect.arrayContaining(['lines.0.total', 'lines.0.serviceId']));
    const nothing = await a.admin.post(SELL, { memberId: m.id, shopId: s1 });
    expect(nothing.status).toBe(400);
    expect(nothing.body.errors).toEqual([{ path: 'lines', message: '请选择套餐或填写明细' }]);
    expect((await a.admin.post(USE, { shopId: s1, items: [{ lineId: service.id, count: -1 }] })).status).toBe(400);
    expect((await t.client().get(LINES, { memid: m.id })).status).toBe(401);
    expect((await t.client().post(USE, { shopId: s1, items: [{ lineId: service.id, count: 1 }] })).status).toBe(401);
    const viewer = await createLimitedUser(t, a, { perms: ['assets.package.view'], managerShops: [s1] });
    expect((await viewer.client.get(LINES, { memid: m.id })).status).toBe(200);
    expect((await viewer.client.post(USE, { shopId: s1, items: [{ lineId: service.id, count: 1 }] })).status).toBe(403);
    expect((await viewer.client.post(REVOKE, { billId: bill.billId, memo: 'x' })).status).toBe(403);
    // Another tenant: its lines, bills and members are not there.
    const [bShop] = await shopIds(t, b);
    expect((await b.admin.post(USE, { shopId: bShop, items: [{ lineId: service.id, count: 1 }] })).status).toBe(404);
    expect((await b.admin.post(REVOKE, { billId: bill.billId, memo: 'x' })).status).toBe(404);
    expect((await b.admin.get(LINES, { memid: m.id })).status).toBe(404);
    // A clerk of shop 2 does not see shop 1's member.
    const clerk = await createLimitedUser(t, a, { perms: ['assets.package.view', 'assets.package.consume'], managerShops: [s2] });
    expect((await clerk.client.get(LINES, { memid: m.id })).status).toBe(404);
    expect((await clerk.client.post(USE, { shopId: s2, items: [{ lineId: service.id, count: 1 }] })).status).toBe(404);
    expect((await clerk.client.post(USE, { shopId: s1, items: [{ lineId: service.id, count: 1 }] })).status).toBe(403);
    expect(ok(await clerk.client.post(PAGE, { memberId: m.id })).total).toBe(0);
    expect(ok(await clerk.client.post(RECORDS, { lineId: service.id })).total).toBe(0);
    await expectPackagesConsistent(t, a);
  });

  it('20 concurrent uses of one count against a line with 10 left: exactly 10 succeed, never below zero', async () => {
    const { m, service } = await sold();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        a.admin.post(USE, { shopId: i % 2 ? s1 : s2, items: [{ lineId: service.id, count: 1 }] }, key()),
      ),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(10);
    const refused = answers.filter((x) => x.status === 409);
    expect(refused).toHaveLength(10);
    for (const x of refused) expect(x.body.resp_msg).toBe('套餐剩余次数不足：剩余 0，需要 1');
    const rows = await inTenant(t.database.db, a.tenantId, (tx) =>
      tx.select().from(packageLedger).where(eq(packageLedger.packageLineId, service.id)),
    );
    expect(rows.map((r) => r.balance).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await packageValueOf(t, a, m.id)).toBe(10_000);
    await expectPackagesConsistent(t, a);
  }, 120_000);

  it('the same use sent twice with one Idempotency-Key is done once', async () => {
    const { service } = await sold();
    const k = key();
    const first = ok(await a.admin.post(USE, { shopId: s1, items: [{ lineId: service.id, count: 2 }] }, k));
    const second = ok(await a.admin.post(USE, { shopId: s1, items: [{ lineId: service.id, count: 2 }] }, k));
    expect(second.billId).toBe(first.billId);
    expect(ok(await a.admin.post(RECORDS, { lineId: service.id })).total).toBe(2);
    expect(
      ok(
        await a.admin.get(LINES, {
          memid: (
            await inTenant(t.database.db, a.tenantId, (tx) =>
              tx.select().from(memberPackageLines).where(eq(memberPackageLines.id, service.id)),
            )
          )[0].memberId,
        }),
      )[0].snum,
    ).toBe(8);
  });
});
