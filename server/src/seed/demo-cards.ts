import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { dispatchType } from '../modules/cards/dispatch.js';
import { cardDispatches, cardDispatchLines } from '../modules/cards/schema.js';
import { activities, coupons, redEnvelopes } from '../modules/marketing/schema.js';
import { cardRules, cardSystems, cardTypeShops, cardTypes } from '../modules/members/schema.js';
import { shops } from '../modules/org/schema.js';
import { logBill, nextBillNumber, transition } from '../platform/documents.js';
import { businessDate } from '../platform/numbering.js';
import { demoAdmin } from './demo-access.js';

/**
 * Demo cards and marketing: one card system holding the demo card types (two stored-value cards
 * with gift rules, one qualification card), enabled at every shop; a coupon, a red envelope, an
 * activity giving them on recharge, and an audited dispatch of physical card numbers.
 */
export async function seedDemoCards(tx: Db, tenantId: number) {
  const t = { tenantId };
  const [system] = await tx
    .insert(cardSystems)
    .values({ ...t, code: 'KT001', name: '通用会员卡体系', storedOtherShopMoney: ['principal', 'gift'], memo: '全连锁通用' })
    .returning({ id: cardSystems.id });
  const types = await tx.select({ id: cardTypes.id, kind: cardTypes.kind }).from(cardTypes).orderBy(asc(cardTypes.code));
  const [gold, silver, yearly] = types;
  if (!gold || !silver || !yearly) return;
  const storedValue = { cardSystemId: system.id, minRecharge: 50_000, reminderBalance: 10_000, notifyBalance: 1 };
  await tx
    .update(cardTypes)
    .set({ ...storedValue, openAmount: 300_000, openGift: 30_000, serviceDiscount: 8_000, productDiscount: 9_000 })
    .where(eq(cardTypes.id, gold.id));
  await tx
    .update(cardTypes)
    .set({ ...storedValue, openAmount: 100_000, serviceDiscount: 9_000, productDiscount: 9_500, paySplit: 'principalFirst' })
    .where(eq(cardTypes.id, silver.id));
  await tx
    .update(cardTypes)
    .set({ cardSystemId: system.id, fee: 36_800, periodMonths: 12, serviceDiscount: 8_800, renewals: [{ months: 12, amount: 29_800 }] })
    .where(eq(cardTypes.id, yearly.id));
  await tx.insert(cardRules).values([
    { ...t, cardTypeId: gold.id, kind: 1, threshold: 300_000, giftType: 1, giftValue: 30_000 },
    { ...t, cardTypeId: gold.id, kind: 2, threshold: 100_000, giftType: 2, giftValue: 1_000 },
    { ...t, cardTypeId: gold.id, kind: 2, threshold: 500_000, giftType: 2, giftValue: 1_500 },
    { ...t, cardTypeId: silver.id, kind: 3, threshold: 100_000, giftType: 1, giftValue: 5_000 },
  ]);
  const shopRows = await tx.select({ id: shops.id }).from(shops).orderBy(asc(shops.id));
  if (shopRows.length)
    await tx
      .insert(cardTypeShops)
      .values(types.flatMap((type) => shopRows.map((s) => ({ ...t, cardTypeId: type.id, shopId: s.id, status: 1 }))));

  const [coupon] = await tx
    .insert(coupons)
    .values({ ...t, code: 'YHQ001', name: '满200减30', couponType: 1, value: 3_000, minSpend: 20_000, timeType: 2, validDays: 30 })
    .returning({ id: coupons.id });
  await tx
    .insert(coupons)
    .values({ ...t, code: 'YHQ002', name: '护理8.5折券', couponType: 2, value: 8_500, usableOn: ['service'], timeType: 2, validDays: 60 });
  const [envelope] = await tx
    .insert(redEnvelopes)
    .values({ ...t, code: 'HB001', name: '充值红包', money: 5_000, manyTimes: 1, timeType: 2, validDays: 90 })
    .returning({ id: redEnvelopes.id });
  const today = businessDate();
  const year = today.slice(0, 4);
  await tx.insert(activities).values({
    ...t,
    code: 'MA0001',
    name: '年末充值送好礼',
    kind: 2,
    status: 2,
    startDate: `${year}-11-01`,
    endDate: `${year}-12-31`,
    shopIds: shopRows.map((s) => s.id),
    priority: 10,
    rules: [
      { condition: { type: 'recharge', amount: 200_000, cumulative: false }, gifts: [{ type: 'coupon', id: coupon.id, count: 2 }] },
      { condition: { type: 'firstCard' }, gifts: [{ type: 'redEnvelope', id: envelope.id, count: 1 }] },
    ],
  });

  if (shopRows.length < 2) return;
  const auth = await demoAdmin(tx, tenantId);
  const lines = [
    { shopId: shopRows[0].id, startNo: '88000001', endNo: '88000500', count: 500 },
    { shopId: shopRows[1].id, startNo: '88000501', endNo: '88000800', count: 300 },
  ];
  const [bill] = await tx
    .insert(cardDispatches)
    .values({
      ...t,
      billNo: await nextBillNumber(tx, dispatchType.doc, tenantId, today),
      billDate: today,
      totalCount: 800,
      memo: '首批实体卡',
      createdBy: auth.userId,
      createdByName: auth.name,
    })
    .returning({ id: cardDispatches.id });
  await tx.insert(cardDispatchLines).values(lines.map((l, i) => ({ ...t, ...l, dispatchId: bill.id, sort: (i + 1) * 10 })));
  await logBill(tx, dispatchType.doc, bill.id, 'create', null, 'draft', auth);
  await transition(tx, dispatchType.doc, { id: bill.id, action: 'audit', internal: true }, auth);
}
