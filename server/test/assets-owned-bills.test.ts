import { TILL_PATHS } from '@headoffice/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cardBills,
  packageBills,
  serviceBillCards,
  serviceBillLines,
  serviceBillPayments,
  servicePackageItems,
  servicePackageShops,
  servicePackages,
} from '../src/db/schema.js';
import { inTenant } from '../src/platform/tenancy.js';
import { bucketsOf, makeCardType, makeMember } from './assets-support.js';
import { build } from './helpers.js';
import { expectTillConsistent, key, memberWithCard, ok, shopIds, tillFixture } from './till-support.js';

const EN = { 'accept-language': 'en-US' };

/**
 * A card or package movement another bill made (a till bill's card payment, a card it opened or
 * recharged, a gift 撤销活动 took back, package counts it sold or used) belongs to that bill: the
 * standalone revoke refuses it naming the bill, and only the bill's own 撤单 reverses it.
 */
describe('a movement of another bill is revoked only with that bill', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [s1] = await shopIds(t, a);
  const fx = await tillFixture(t, a, s1, { servicePrice: 10_000 });
  const db = t.database.db;
  const setup = ok(await a.admin.get(TILL_PATHS.setup, { shopid: s1 }));
  const cash = setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;

  /** A till bill of one line, settled with the payments `pay` gives for its amount. */
  async function settled(line: Record<string, unknown>, who: { memberId?: number; cardId?: number }, pay: (amount: number) => unknown[]) {
    const opened = ok(await a.admin.post(TILL_PATHS.open, { shopId: s1, ...who }));
    const bill = ok(await a.admin.post(TILL_PATHS.lines, { id: opened.id, version: opened.version, lines: [line] }));
    return ok(await a.admin.post(TILL_PATHS.settle, { id: bill.id, version: bill.version, payments: pay(bill.amount) }, key()));
  }
  const revokeTill = (id: number) => a.admin.post('/api-cashier/servicerecords/chain/revoke', { id, hcMemo: '整单撤销' });
  const cardBillNo = async (id: number) =>
    (await inTenant(db, a.tenantId, (tx) => tx.select({ billNo: cardBills.billNo }).from(cardBills).where(eq(cardBills.id, id))))[0].billNo;

  it("a till bill's card payment: the card's revoke refuses it naming the bill, which stays revocable and gives the money back", async () => {
    const { member, cardId } = await memberWithCard(t, a, s1, 20_000);
    const bill = await settled({ kind: 'service', itemId: fx.service.id, num: 1, staff: [] }, { memberId: member.id, cardId }, (amount) => [
      { cardId, amount },
    ]);
    const [payment] = await inTenant(db, a.tenantId, (tx) =>
      tx
        .selectDistinct({ cardBillId: serviceBillPayments.cardBillId })
        .from(serviceBillPayments)
        .where(and(eq(serviceBillPayments.billId, bill.id), isNotNull(serviceBillPayments.cardBillId))),
    );
    const paid = await bucketsOf(t, a, cardId);
    expect(paid[`${s1}:principal`]).toBe(20_000 - bill.amount);
    const no = await cardBillNo(payment.cardBillId as number);

    const alone = await a.admin.post('/api-member/membercard/revoke', { billId: payment.cardBillId, memo: '单独撤卡' }, key());
    expect(alone.status).toBe(409);
    expect(alone.body.resp_msg).toBe(`单据 ${no} 属于单据 ${bill.billNo}，只能随 ${bill.billNo} 一起撤单`);
    const inEnglish = await a.admin.post('/api-member/membercard/revoke', { billId: payment.cardBillId, memo: '单独撤卡' }, EN);
    expect(inEnglish.body.resp_msg).toBe(`Bill ${no} belongs to bill ${bill.billNo} and is revoked only with it`);
    expect(await bucketsOf(t, a, cardId)).toEqual(paid);

    const revoked = ok(await revokeTill(bill.id));
    expect(revoked.isHc).toBe(1);
    expect((await bucketsOf(t, a, cardId))[`${s1}:principal`]).toBe(20_000);
    await expectTillConsistent(t, a);
  });

  it('a card the till opened, and the gift 撤销活动 took back from it, are the till bill’s too', async () => {
    const type = await makeCardType(t, a, { shops: [s1], rules: [[3, 0, 1, 1_000]] });
    const member = await makeMember(t, a, s1);
    const bill = await settled(
      { kind: 'cardOpen', itemId: type.id, num: 1, amount: 30_000, staff: [] },
      { memberId: member.id },
      (amount) => [{ payTypeId: cash, amount }],
    );
    const [opened] = await inTenant(db, a.tenantId, (tx) => tx.select().from(serviceBillCards).where(eq(serviceBillCards.billId, bill.id)));
    const cardNo = bill.cards[0].cardNo as string;
    ok(await a.admin.post('/api-cashier/cardrecords/chain/revokeMktBill', { id: bill.id, cardno: cardNo, hcMemo: '活动撤销' }, key()));
    const [back] = await inTenant(db, a.tenantId, (tx) =>
      tx.select({ id: serviceBillCards.giftBackBillId }).from(serviceBillCards).where(eq(serviceBillCards.id, opened.id)),
    );
    const before = await bucketsOf(t, a, opened.cardId);
    for (const billId of [opened.cardBillId, back.id as number]) {
      const alone = await a.admin.post('/api-member/membercard/revoke', { billId, memo: '单独撤卡' });
      expect(alone.status).toBe(409);
      expect(alone.body.resp_msg).toBe(`单据 ${await cardBillNo(billId)} 属于单据 ${bill.billNo}，只能随 ${bill.billNo} 一起撤单`);
    }
    expect(await bucketsOf(t, a, opened.cardId)).toEqual(before);
    ok(await a.admin.post('/api-cashier/cardrecords/chain/recall', { id: bill.id, hcMemo: '整单撤销' }));
    expect(Object.values(await bucketsOf(t, a, opened.cardId)).every((v) => v === 0)).toBe(true);
    await expectTillConsistent(t, a);
  });

  it('package counts the till sold are the till bill’s: the package revoke refuses the sale naming the bill', async () => {
    const member = await makeMember(t, a, s1);
    const pkg = await inTenant(db, a.tenantId, async (tx) => {
      const [row] = await tx
        .insert(servicePackages)
        .values({ tenantId: a.tenantId, code: `TCOWN${Date.now() % 100_000}`, name: '护理五次', price: 20_000 })
        .returning({ id: servicePackages.id });
      await tx
        .insert(servicePackageItems)
        .values({ tenantId: a.tenantId, packageId: row.id, serviceId: fx.service.id, quantity: 5, amount: 20_000, sort: 1 });
      await tx.insert(servicePackageShops).values({ tenantId: a.tenantId, packageId: row.id, shopId: s1 });
      return row;
    });
    const bill = await settled({ kind: 'package', itemId: pkg.id, num: 1, staff: [] }, { memberId: member.id }, (amount) => [
      { payTypeId: cash, amount },
    ]);
    const [line] = await inTenant(db, a.tenantId, (tx) =>
      tx.select({ packageBillId: serviceBillLines.packageBillId }).from(serviceBillLines).where(eq(serviceBillLines.billId, bill.id)),
    );
    const [sale] = await inTenant(db, a.tenantId, (tx) =>
      tx
        .select()
        .from(packageBills)
        .where(eq(packageBills.id, line.packageBillId as number)),
    );
    const alone = await a.admin.post('/api-member/memberpackage/revoke', { billId: sale.id, memo: '单独撤套餐' }, key());
    expect(alone.status).toBe(409);
    expect(alone.body.resp_msg).toBe(`单据 ${sale.billNo} 属于单据 ${bill.billNo}，只能随 ${bill.billNo} 一起撤单`);
    const [still] = await inTenant(db, a.tenantId, (tx) => tx.select().from(packageBills).where(eq(packageBills.id, sale.id)));
    expect(still.revokedAt).toBeNull();
    ok(await a.admin.post('/api-cashier/packagerecords/chain/revoke', { id: bill.id, hcMemo: '整单撤销' }));
    const [gone] = await inTenant(db, a.tenantId, (tx) => tx.select().from(packageBills).where(eq(packageBills.id, sale.id)));
    expect(gone.revokedAt).not.toBeNull();
    await expectTillConsistent(t, a);
  });

  it("a card bill of its own (head office's recharge) is still revoked on its own", async () => {
    const { cardId } = await memberWithCard(t, a, s1, 5_000);
    const recharged = ok(await a.admin.post('/api-member/membercard/recharge', { cardId, shopId: s1, amount: 3_000 }, key()));
    ok(await a.admin.post('/api-member/membercard/revoke', { billId: recharged.billId, memo: '充错了' }, key()));
    expect((await bucketsOf(t, a, cardId))[`${s1}:principal`]).toBe(5_000);
  });
});
