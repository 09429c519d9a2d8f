import { SMS_PACKAGES } from '@headoffice/contract';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { defineLedger, keyColumn, type Movement } from '../../platform/ledger.js';
import { yuanAmount } from '../../platform/money.js';
import { nextNumber, tenantToday } from '../../platform/numbering.js';
import { paymentAdapter } from '../../platform/payments.js';
import { shops } from '../org/public.js';
import { smsAssigns, smsBalances, smsLedger, smsOrders } from './schema.js';

defineMessages({
  smsPoolShort: [
    '可分配短信不足：剩余 {available} 条，需要 {needed} 条',
    'Not enough messages to assign: {available} left, {needed} needed',
  ],
  smsShopShort: [
    '「{shop}」短信余量不足：剩余 {available} 条，需要 {needed} 条',
    '"{shop}" has too few messages left: {available} left, {needed} needed',
  ],
  smsNoPackage: ['没有 {count} 条的短信套餐，可选：{packages}', 'There is no package of {count} messages; choose one of {packages}'],
  smsPriceChanged: ['{count} 条短信的价格是 {price} 元，不是 {payje} 元', '{count} messages cost ¥{price}, not ¥{payje}'],
  smsPaymentFailed: ['支付未成功：{reason}', 'The payment did not go through: {reason}'],
  smsAssignZero: ['分配条数不能为 0', 'Assign a count other than 0'],
  smsShopUnknown: ['门店不存在', 'No such shop'],
});

export type SmsKey = { shopId: number | null };

/** The SMS allowance: the chain's pool (shop null) and each shop's count, in messages. */
export const smsBook = defineLedger({
  name: 'sms',
  balanceTable: 'sms_balances',
  ledgerTable: 'sms_ledger',
  keys: { shopId: keyColumn.optionalId('shop_id') },
  amountColumn: 'count',
  touchColumn: 'updated_at',
  periodLocked: false,
  refuse: (s) =>
    s.key.shopId === null
      ? conflict('smsPoolShort', { available: s.available, needed: s.needed })
      : conflict('smsShopShort', { shop: s.label, available: s.available, needed: s.needed }),
});

async function shopName(tx: Db, shopId: number | null) {
  if (shopId === null) return '';
  const [row] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId));
  return row?.name ?? String(shopId);
}

/** Posts movements of the allowance; a decrease past a balance is refused (409 naming it and what is left). */
export function postSms(tx: Db, tenantId: number, docType: string, billId: number, movements: Movement<SmsKey>[]) {
  return smsBook.post(tx, movements, { tenantId, docType, billId, allowNegative: false, describe: (key) => shopName(tx, key.shopId) });
}

/** The chain buys a package: paid through the payment adapter, then the pool grows by its count. */
export async function buySms(tx: Db, auth: Auth, body: { rechargenum: number; payje: number; ptype: 1 | 2 }) {
  const pack = SMS_PACKAGES.find((p) => p.count === body.rechargenum);
  if (!pack)
    throw fieldError('rechargenum', 'smsNoPackage', { count: body.rechargenum, packages: SMS_PACKAGES.map((p) => p.count).join(' / ') });
  if (pack.price !== body.payje)
    throw fieldError('payje', 'smsPriceChanged', { count: pack.count, price: yuanAmount(pack.price), payje: yuanAmount(body.payje) });
  const billNo = await nextNumber(tx, auth.tenantId, 'DX', await tenantToday(tx, auth.tenantId));
  const paid = await paymentAdapter().pay({ orderNo: billNo, amount: pack.price, payType: body.ptype, subject: `${pack.count} SMS` });
  if (!paid.ok) throw new AppError(409, 'smsPaymentFailed', { reason: paid.reason });
  const [order] = await tx
    .insert(smsOrders)
    .values({
      tenantId: auth.tenantId,
      billNo,
      count: pack.count,
      money: pack.price,
      payType: body.ptype,
      state: 'paid',
      tradeNo: paid.tradeNo,
      paidAt: sql`now()`,
      createdBy: auth.userId,
      createdByName: auth.name,
    })
    .returning();
  await postSms(tx, auth.tenantId, 'messaging.order', order.id, [{ shopId: null, delta: pack.count, lineId: null }]);
  return order;
}

/** Head office gives each shop `count` messages from the pool (a negative count takes them back). */
export async function assignSms(tx: Db, auth: Auth, shopIds: number[], count: number) {
  if (count === 0) throw fieldError('count', 'smsAssignZero');
  const unique = [...new Set(shopIds)];
  const found = await tx.select({ id: shops.id }).from(shops).where(inArray(shops.id, unique));
  if (found.length !== unique.length) throw notFound();
  // Pool and shops in one lock order, so two assignments at once queue instead of deadlocking.
  await smsBook.lock(tx, auth.tenantId, [{ shopId: null }, ...unique.map((shopId) => ({ shopId }))]);
  const rows = await tx
    .insert(smsAssigns)
    .values(unique.map((shopId) => ({ tenantId: auth.tenantId, shopId, count, createdBy: auth.userId, createdByName: auth.name })))
    .returning();
  for (const row of rows)
    await postSms(tx, auth.tenantId, 'messaging.assign', row.id, [
      { shopId: null, delta: -count, lineId: null },
      { shopId: row.shopId, delta: count, lineId: null },
    ]);
  return rows;
}

/** Each shop's allowance (of the shops the user sees): assigned, used net of returns, left. */
export async function shopAllowances(tx: Db, auth: Auth, shopId?: number) {
  const rows = await tx
    .select({
      shopId: shops.id,
      shopName: shops.name,
      assigned: sql<number>`coalesce(sum(${smsLedger.delta}) filter (where ${smsLedger.docType} = 'messaging.assign'), 0)::int`,
      used: sql<number>`coalesce(-sum(${smsLedger.delta}) filter (where ${smsLedger.docType} in ('messaging.send', 'messaging.release', 'messaging.refund', 'messaging.auto')), 0)::int`,
      remaining: sql<number>`coalesce(max(${smsBalances.count}), 0)::int`,
    })
    .from(shops)
    .leftJoin(smsBalances, eq(smsBalances.shopId, shops.id))
    .leftJoin(smsLedger, eq(smsLedger.shopId, shops.id))
    .where(and(inVisibleShops(auth, shops.id), shopId ? eq(shops.id, shopId) : undefined))
    .groupBy(shops.id, shops.name, shops.code)
    .orderBy(shops.code, shops.id);
  return rows.map((r) => ({ ...r, assigned: Number(r.assigned), used: Number(r.used), remaining: Number(r.remaining) }));
}

/** The chain's allowance: bought = assigned + pool, assigned − used = what the shops hold. */
export async function tenantAllowance(tx: Db) {
  const [row] = await tx
    .select({
      bought: sql<number>`coalesce(sum(delta) filter (where doc_type = 'messaging.order'), 0)::int`,
      assigned: sql<number>`coalesce(sum(delta) filter (where doc_type = 'messaging.assign' and shop_id is not null), 0)::int`,
      used: sql<number>`coalesce(-sum(delta) filter (where doc_type in ('messaging.send', 'messaging.release', 'messaging.refund', 'messaging.auto')), 0)::int`,
    })
    .from(smsLedger);
  const [pool] = await smsBook.balances(tx, [{ shopId: null }]);
  const [shopsLeft] = await tx
    .select({ total: sql<number>`coalesce(sum(${smsBalances.count}), 0)::int` })
    .from(smsBalances)
    .where(isNotNull(smsBalances.shopId));
  return {
    bought: Number(row.bought),
    assigned: Number(row.assigned),
    used: Number(row.used),
    pool,
    shopsRemaining: Number(shopsLeft.total),
  };
}
