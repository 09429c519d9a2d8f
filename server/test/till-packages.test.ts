import { billPriceLine, priceBill } from '@headoffice/contract';
import { describe, expect, it } from 'vitest';
import { packageBalances, servicePackageItems, servicePackageShops, servicePackages } from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { bucketsOf } from './assets-support.js';
import { build } from './helpers.js';
import { expectPackagesConsistent, packageValueOf } from './member-packages-support.js';
import { expectTillConsistent, key, memberWithCard, ok, shopIds, stockAt, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';

describe('the till: packages sold and package counts used on a service bill', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const b = await t.sharedOtherTenant();
  const [shop, shop2] = await shopIds(t, a);
  const fx = await tillFixture(t, a, shop, { servicePrice: 8_800, productPrice: 2_500, stock: 50 });
  const setup = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: shop }));
  const cashId = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId;
  // A catalogue package: 10 uses of the service (share 30,000) and 2 of the product (share 4,000), price 34,000.
  const [pkg] = await inTenant(t.database.db, a.tenantId, async (tx) => {
    const rows = await tx
      .insert(servicePackages)
      .values({ tenantId: a.tenantId, code: `TC${Date.now() % 100000}`, name: '护理十次卡', price: 34_000 })
      .returning({ id: servicePackages.id });
    await tx.insert(servicePackageItems).values([
      { tenantId: a.tenantId, packageId: rows[0].id, serviceId: fx.service.id, quantity: 10, amount: 30_000, sort: 1 },
      { tenantId: a.tenantId, packageId: rows[0].id, productId: fx.product.id, quantity: 2, amount: 4_000, sort: 2 },
    ]);
    await tx.insert(servicePackageShops).values({ tenantId: a.tenantId, packageId: rows[0].id, shopId: shop });
    return rows;
  });
  const staffOn = [{ employeeId: fx.staff[0].id, station: 1, appointed: true }];

  const openFor = async (memberId: number, cardId?: number) =>
    ok(await a.admin.post(`${P}/checkout/open`, { shopId: shop, memberId, ...(cardId ? { cardId } : {}) }));
  const lines = async (bill: { id: number; version: number }, body: unknown[]) =>
    ok(await a.admin.post(`${P}/checkout/lines`, { id: bill.id, version: bill.version, lines: body }));
  const settle = (bill: { id: number; version: number }, payments: unknown[]) =>
    a.admin.post(`${P}/checkout/settle`, { id: bill.id, version: bill.version, payments }, key());
  const countsOf = async (memberPackageLineIds: number[]) => {
    const rows = await inTenant(t.database.db, a.tenantId, (tx) => tx.select().from(packageBalances));
    return memberPackageLineIds.map((id) => rows.find((r) => r.packageLineId === id)?.remaining ?? 0);
  };
  /** Sells the package on a bill paid in cash; answers the member package lines made. */
  const buy = async (memberId: number) => {
    const bill = await lines(await openFor(memberId), [{ kind: 'package', itemId: pkg.id, num: 1, staff: staffOn }]);
    expect(bill.lines[0]).toMatchObject({ kind: 'package', amount: 34_000, priceSource: 'package' });
    const settled = ok(await settle(bill, [{ payTypeId: cashId, amount: 34_000 }]));
    const packageBillId = settled.lines[0].packageBillId as number;
    expect(packageBillId).toBeGreaterThan(0);
    const found = ok(await a.admin.get('/api-member/packagedesc/memPackagedescList', { memid: memberId }));
    const list = (Array.isArray(found) ? found : found.list) as { id: number; servId: number | null; snum: number; singlePrice: number }[];
    return { settled, service: list.find((l) => l.servId === fx.service.id), product: list.find((l) => l.servId === null) };
  };

  it('sells a package on a bill: the member holds its counts; the line is paid and performs like any other', async () => {
    const { member } = await memberWithCard(t, a, shop, 10_000);
    const { settled, service, product } = await buy(member.id);
    expect(service).toMatchObject({ snum: 10, singlePrice: 3_000 });
    // The till offers the catalogue package and the member's usable lines.
    const offered = ok(await a.admin.get(`${P}/checkout/setup`, { shopid: shop }));
    expect(offered.packages.find((p: { id: number }) => p.id === pkg.id)).toMatchObject({ price: 34_000 });
    const usable = ok(await a.admin.get(`${P}/checkout/packages`, { memberId: member.id }));
    expect(usable.map((l: { kind: string; itemId: number; remaining: number }) => [l.kind, l.itemId, l.remaining])).toEqual([
      ['service', fx.service.id, 10],
      ['product', fx.product.id, 2],
    ]);
    // Another shop's cashier does not see this shop's member; another tenant neither.
    const elsewhere = await createLimitedUser(t, a, { perms: ['till.checkout.view'], loginShops: [shop2] });
    expect((await elsewhere.client.get(`${P}/checkout/packages`, { memberId: member.id })).status).toBe(404);
    expect((await b.admin.get(`${P}/checkout/packages`, { memberId: member.id })).status).toBe(404);
    expect(product).toMatchObject({ snum: 2, singlePrice: 2_000 });
    expect(settled.perf.reduce((s: number, r: { amount: number }) => s + r.amount, 0)).toBe(34_000);
    expect(await packageValueOf(t, a, member.id)).toBe(34_000);
    await expectPackagesConsistent(t, a);
    await expectTillConsistent(t, a);
  });

  it('pays service and product lines with package counts, money for the rest; revoke gives the counts and the card back exactly', async () => {
    const { member, cardId } = await memberWithCard(t, a, shop, 50_000);
    const { service, product } = await buy(member.id);
    if (!service || !product) throw new Error('package lines missing');
    const stock0 = await stockAt(t, a, shop, fx.product.id);
    const card0 = Object.values(await bucketsOf(t, a, cardId)).reduce((s, v) => s + v, 0);
    const value0 = await packageValueOf(t, a, member.id);
    const bill = await lines(await openFor(member.id, cardId), [
      { kind: 'service', itemId: fx.service.id, num: 3, packageLineId: service.id, staff: staffOn },
      { kind: 'product', itemId: fx.product.id, num: 1, packageLineId: product.id },
      { kind: 'service', itemId: fx.service.id, num: 1, staff: staffOn },
    ]);
    expect(bill.lines.map((l: { amount: number; priceSource: string }) => [l.amount, l.priceSource])).toEqual([
      [9_000, 'package'],
      [2_000, 'package'],
      [expect.any(Number), expect.any(String)],
    ]);
    const money = bill.lines[2].amount as number;
    // The money payments must add up to what packages do not pay.
    expect((await settle(bill, [{ payTypeId: cashId, amount: bill.amount }])).status).toBe(400);
    // The card pays 1,000 of the money line: only that part gets the card's price, cash pays the rest.
    const priced = priceBill(bill.lines.map(billPriceLine), { cardPriceRule: 'cardPays', rounding: 'none' }, 1_000);
    expect(priced.otherPays).toBeGreaterThan(money - 1_000);
    const settled = ok(
      await settle(bill, [
        { cardId, amount: 1_000 },
        { payTypeId: cashId, amount: priced.otherPays },
      ]),
    );
    const pkgPay = settled.payments.find((p: { payCode: string }) => p.payCode === '06');
    expect(pkgPay).toMatchObject({ amount: 11_000 });
    // Every line is paid exactly; the package pays only the lines it covers.
    for (const l of settled.lines) expect(l.paid).toBe(l.amount);
    expect(settled.lines[0].packageBillId).toBe(settled.lines[1].packageBillId);
    expect(await countsOf([service.id, product.id])).toEqual([7, 1]);
    expect(await stockAt(t, a, shop, fx.product.id)).toBe(stock0 - 1);
    expect(await packageValueOf(t, a, member.id)).toBe(value0 - 11_000);
    await expectPackagesConsistent(t, a);
    await expectTillConsistent(t, a);

    ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: bill.id, hcMemo: '撤套餐' }));
    expect(await countsOf([service.id, product.id])).toEqual([10, 2]);
    expect(await stockAt(t, a, shop, fx.product.id)).toBe(stock0);
    expect(await packageValueOf(t, a, member.id)).toBe(value0);
    expect(Object.values(await bucketsOf(t, a, cardId)).reduce((s, v) => s + v, 0)).toBe(card0);
    await expectPackagesConsistent(t, a);
    await expectTillConsistent(t, a);
  });

  it('a bill paid by packages alone settles with no money payment', async () => {
    const { member } = await memberWithCard(t, a, shop, 1_000);
    const { service } = await buy(member.id);
    const bill = await lines(await openFor(member.id), [
      { kind: 'service', itemId: fx.service.id, num: 10, packageLineId: service?.id, staff: staffOn },
    ]);
    const settled = ok(await settle(bill, []));
    expect(settled.payments).toHaveLength(1);
    expect(settled.perf.reduce((s: number, r: { amount: number }) => s + r.amount, 0)).toBe(30_000);
    expect(await countsOf([service?.id as number])).toEqual([0]);
    // No count is left: the next use is refused with what is left, and nothing is written.
    const again = await lines(await openFor(member.id), [{ kind: 'service', itemId: fx.service.id, num: 1, packageLineId: service?.id }]);
    const refused = await settle(again, []);
    expect(refused.status).toBe(409);
    expect(refused.body.resp_msg).toBeTruthy();
    expect(ok(await a.admin.get(`${P}/checkout/bill/${again.id}`)).status).toBe(1);
    await expectPackagesConsistent(t, a);
  });

  it('a bill is a package bill by the lines it settles with: a package line taken off before settling leaves it a service bill', async () => {
    const { member } = await memberWithCard(t, a, shop, 1_000);
    const { service } = await buy(member.id);
    const packageBills = async () =>
      ok(await a.admin.get(`${P}/packagerecords/admin/list`, { pageSize: 100 })).list.map((r: { id: number }) => r.id) as number[];
    const usesCounts = await lines(await openFor(member.id), [
      { kind: 'service', itemId: fx.service.id, num: 1, packageLineId: service?.id, staff: staffOn },
    ]);
    const changed = await lines(usesCounts, [{ kind: 'service', itemId: fx.service.id, num: 1, staff: staffOn }]);
    const plain = ok(await settle(changed, [{ payTypeId: cashId, amount: changed.amount }]));
    const counted = ok(
      await settle(
        await lines(await openFor(member.id), [
          { kind: 'service', itemId: fx.service.id, num: 1, packageLineId: service?.id, staff: staffOn },
        ]),
        [],
      ),
    );
    const listed = await packageBills();
    expect(listed).toContain(counted.id);
    expect(listed).not.toContain(plain.id);
    expect((await a.admin.get(`${P}/packagerecords/detail/${plain.id}`)).status).toBe(404);
    expect(await countsOf([service?.id as number])).toEqual([9]);
    await expectPackagesConsistent(t, a);
    await expectTillConsistent(t, a);
  });

  it('refuses a sold package that was used since from being revoked, with the reason', async () => {
    const { member } = await memberWithCard(t, a, shop, 1_000);
    const { settled, service } = await buy(member.id);
    const use = await lines(await openFor(member.id), [{ kind: 'service', itemId: fx.service.id, num: 1, packageLineId: service?.id }]);
    ok(await settle(use, []));
    const refused = await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: settled.id, hcMemo: '撤' });
    expect(refused.status).toBe(409);
    expect(refused.body.resp_msg).toBeTruthy();
    // Revoking the use first gives the count back; then the sale can go.
    ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: use.id, hcMemo: '撤' }));
    ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: settled.id, hcMemo: '撤' }));
    expect(await countsOf([service?.id as number])).toEqual([0]);
    expect(await packageValueOf(t, a, member.id)).toBe(0);
    await expectPackagesConsistent(t, a);
    await expectTillConsistent(t, a);
  });

  it('refuses a package line of another member, of another item, a walk-in package sale and a surcharge on package counts', async () => {
    const { member } = await memberWithCard(t, a, shop, 1_000);
    const other = await memberWithCard(t, a, shop, 1_000);
    const { service } = await buy(member.id);
    const bill = await openFor(other.member.id);
    const res = await a.admin.post(`${P}/checkout/lines`, {
      id: bill.id,
      version: bill.version,
      lines: [{ kind: 'service', itemId: fx.service.id, num: 1, packageLineId: service?.id }],
    });
    expect(res.status).toBe(409);
    const mine = await openFor(member.id);
    const wrongItem = await a.admin.post(`${P}/checkout/lines`, {
      id: mine.id,
      version: mine.version,
      lines: [{ kind: 'product', itemId: fx.product.id, num: 1, packageLineId: service?.id }],
    });
    expect(wrongItem.status).toBe(400);
    expect(wrongItem.body.resp_msg).toBeTruthy();
    const surcharge = await a.admin.post(`${P}/checkout/lines`, {
      id: mine.id,
      version: mine.version,
      lines: [{ kind: 'service', itemId: fx.service.id, num: 1, additional: 100, packageLineId: service?.id }],
    });
    expect(surcharge.status).toBe(400);
    const walkIn = ok(await a.admin.post(`${P}/checkout/open`, { shopId: shop }));
    const sale = await a.admin.post(`${P}/checkout/lines`, {
      id: walkIn.id,
      version: walkIn.version,
      lines: [{ kind: 'package', itemId: pkg.id, num: 1 }],
    });
    expect(sale.status).toBe(409);
    // A package not sold in the shop is refused there.
    const away = ok(await a.admin.post(`${P}/checkout/open`, { shopId: shop2, memberId: member.id }));
    const notHere = await a.admin.post(`${P}/checkout/lines`, {
      id: away.id,
      version: away.version,
      lines: [{ kind: 'package', itemId: pkg.id, num: 1 }],
    });
    expect(notHere.status).toBe(409);
    expect(notHere.body.resp_msg).toContain('护理十次卡');
    // Another tenant's package line is not found.
    const bShop = (await shopIds(t, b))[0];
    const bMember = await memberWithCard(t, b, bShop, 1_000);
    const theirs = ok(await b.admin.post(`${P}/checkout/open`, { shopId: bShop, memberId: bMember.member.id }));
    const foreign = await b.admin.post(`${P}/checkout/lines`, {
      id: theirs.id,
      version: theirs.version,
      lines: [{ kind: 'service', itemId: fx.service.id, num: 1, packageLineId: service?.id }],
    });
    expect(foreign.status).toBe(400);
  });

  it('16 concurrent bills using one package line with 10 counts: exactly 10 settle', async () => {
    const { member } = await memberWithCard(t, a, shop, 1_000);
    const { service } = await buy(member.id);
    const bills = [];
    for (let i = 0; i < 16; i++)
      bills.push(await lines(await openFor(member.id), [{ kind: 'service', itemId: fx.service.id, num: 1, packageLineId: service?.id }]));
    const answers = await Promise.all(bills.map((bill) => settle(bill, [])));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(6);
    expect(await countsOf([service?.id as number])).toEqual([0]);
    await expectPackagesConsistent(t, a);
  });

  it('head office: package bills and card bills with totals, performance, gifts, export, detail, revoke and revise', async () => {
    const { member, cardId } = await memberWithCard(t, a, shop, 20_000);
    const { service } = await buy(member.id);
    // A gift package line (赠送) held by the member, sold at head office.
    const gift = ok(
      await a.admin.post(
        '/api-member/memberpackage/sell',
        {
          memberId: member.id,
          shopId: shop,
          name: '赠送护理',
          isGift: true,
          lines: [{ itemType: 1, serviceId: fx.service.id, total: 3, unitPrice: 500 }],
        },
        key(),
      ),
    );
    const giftLineId = gift.rows[0].lineId as number;
    const used = await lines(await openFor(member.id, cardId), [
      { kind: 'service', itemId: fx.service.id, num: 1, packageLineId: service?.id, staff: staffOn },
      { kind: 'service', itemId: fx.service.id, num: 2, packageLineId: giftLineId, staff: staffOn },
      { kind: 'product', itemId: fx.product.id, num: 1 },
    ]);
    ok(await settle(used, [{ cardId, amount: used.lines[2].amount }]));
    const plain = await lines(await openFor(member.id), [{ kind: 'product', itemId: fx.product.id, num: 1 }]);
    ok(await settle(plain, [{ payTypeId: cashId, amount: plain.amount }]));

    const pk = ok(await a.admin.get(`${P}/packagerecords/admin/list`, { pageSize: 200 }));
    const pkIds = pk.list.map((r: { id: number }) => r.id);
    expect(pkIds).toContain(used.id);
    expect(pkIds).not.toContain(plain.id);
    // A revoked bill counts in no total: it is summed apart.
    const of = (state: string) => pk.list.filter((r: { state: string }) => r.state === state);
    const amountOf = (rows: { amount: number }[]) => rows.reduce((s, r) => s + r.amount, 0);
    expect(pk.sum).toMatchObject({ count: of('settled').length, amount: amountOf(of('settled')) });
    expect(pk.sum.apart.revoked).toMatchObject({ count: of('revoked').length, amount: amountOf(of('revoked')) });
    expect(ok(await a.admin.get(`${P}/packagerecords/list/sum`, {}))).toEqual(pk.sum);
    const cards = ok(await a.admin.get(`${P}/cardrecords/chain/admin/cardRecordsList`, { pageSize: 200 }));
    const cardIds = cards.list.map((r: { id: number }) => r.id);
    // Paid from a card is not a card bill (充值单: a bill that opens or recharges a card).
    expect(cardIds).not.toContain(used.id);
    expect(cardIds).not.toContain(plain.id);
    expect(ok(await a.admin.get(`${P}/cardrecords/cardRecordsListSum`, {})).count).toBe(cards.total);
    // Performance rows of the bill; a bill of the other kind is not found there.
    const yj = ok(await a.admin.get(`${P}/packagerecords/yj`, { id: used.id }));
    expect(yj.reduce((s: number, r: { amount: number }) => s + r.amount, 0)).toBe(3_000);
    expect((await a.admin.get(`${P}/packagerecords/yj`, { id: plain.id })).status).toBe(404);
    expect((await a.admin.get(`${P}/cardrecords/chain/cardrecordyj`, { id: used.id })).status).toBe(404);
    expect((await a.admin.get(`${P}/cardrecords/detail/${plain.id}`)).status).toBe(404);
    expect(ok(await a.admin.get(`${P}/packagerecords/detail/${used.id}`)).lines).toHaveLength(3);
    // zs: the line paid with gift counts.
    const zs = ok(await a.admin.get(`${P}/packagerecords/zs`, { pageSize: 200 }));
    const mine = zs.list.filter((r: { billId: number }) => r.billId === used.id);
    expect(mine.map((r: { num: number; packageLineId: number }) => [r.num, r.packageLineId])).toEqual([[2, giftLineId]]);
    // Exports.
    for (const path of [`${P}/packagerecords/pageAll`, `${P}/cardrecords/pageAll`]) {
      const file = await a.admin.get(path, {});
      expect(file.status).toBe(200);
      expect(file.raw.length).toBeGreaterThan(100);
    }
    // 改单 and 撤单 through the package list: counts, gift counts and card money come back.
    ok(
      await a.admin.post(`${P}/packagerecords/revise`, {
        id: used.id,
        eeyjList: [{ lineId: used.lines[0].id, employeeId: fx.staff[1].id, station: 1, appointed: false, yj: 500 }],
      }),
    );
    expect(
      ok(await a.admin.get(`${P}/packagerecords/yj`, { id: used.id })).reduce((s: number, r: { amount: number }) => s + r.amount, 0),
    ).toBe(500);
    expect(await countsOf([service?.id as number, giftLineId])).toEqual([9, 1]);
    expect((await a.admin.post(`${P}/packagerecords/chain/revoke`, { id: plain.id, hcMemo: '撤' })).status).toBe(404);
    expect((await a.admin.post(`${P}/cardrecords/chain/recall`, { id: used.id, hcMemo: '撤卡单' })).status).toBe(404);
    ok(await a.admin.post(`${P}/packagerecords/chain/revoke`, { id: used.id, hcMemo: '撤套餐单' }));
    expect(await countsOf([service?.id as number, giftLineId])).toEqual([10, 3]);
    expect((await a.admin.post(`${P}/packagerecords/chain/revoke`, { id: used.id, hcMemo: '撤套餐单' })).status).toBe(409);
    await expectPackagesConsistent(t, a);
    await expectTillConsistent(t, a);
  });

  it('records: 401, 403 without the right, 404 for another tenant, a shop user sees only their shop', async () => {
    const { member } = await memberWithCard(t, a, shop, 1_000);
    const { settled } = await buy(member.id);
    expect((await t.client('nope').get(`${P}/packagerecords/admin/list`, {})).status).toBe(401);
    const none = await createLimitedUser(t, a, { perms: ['cashier.servicerecord.view'], loginShops: [shop] });
    expect((await none.client.get(`${P}/packagerecords/admin/list`, {})).status).toBe(403);
    expect((await none.client.get(`${P}/cardrecords/chain/admin/cardRecordsList`, {})).status).toBe(403);
    const viewer = await createLimitedUser(t, a, { perms: ['cashier.packagerecord.view', 'cashier.cardrecord.view'], loginShops: [shop2] });
    expect((await viewer.client.post(`${P}/packagerecords/chain/revoke`, { id: settled.id, hcMemo: 'x' })).status).toBe(403);
    expect((await viewer.client.get(`${P}/packagerecords/detail/${settled.id}`)).status).toBe(404);
    const theirs = ok(await viewer.client.get(`${P}/packagerecords/admin/list`, { pageSize: 200 }));
    expect(theirs.list.every((r: { shopId: number }) => r.shopId === shop2)).toBe(true);
    const revoker = await createLimitedUser(t, a, {
      perms: ['cashier.packagerecord.view', 'cashier.packagerecord.revoke'],
      loginShops: [shop2],
    });
    expect((await revoker.client.post(`${P}/packagerecords/chain/revoke`, { id: settled.id, hcMemo: 'x' })).status).toBe(404);
    expect((await b.admin.get(`${P}/packagerecords/detail/${settled.id}`)).status).toBe(404);
    expect((await b.admin.post(`${P}/packagerecords/chain/revoke`, { id: settled.id, hcMemo: 'x' })).status).toBe(404);
    const empty = await a.admin.post(`${P}/packagerecords/chain/revoke`, { id: settled.id, hcMemo: '' });
    expect(empty.status).toBe(400);
  });
});
