import type { MemberCouponKind, usageRecordPage, usageRecordQuery } from '@headoffice/contract';
import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { fieldError } from '../../platform/errors.js';
import { keywordMatch, pageOf } from '../../platform/paging.js';
import { memberCoupons } from '../assets/public.js';
import { serviceBillPayments, serviceBills } from '../cashier/public.js';
import { coupons, redEnvelopes } from '../marketing/public.js';
import { shops } from '../org/public.js';

/** The shop that issued the item, beside the shop of the bill that used it. */
const issuingShop = alias(shops, 'issuing_shop');

/**
 * Where coupons or red envelopes were used: the till's payments that spent them, on settled bills not
 * revoked (a revoke gives the item back, and its use counts nowhere). Read from the payments and the
 * members' items themselves: nothing is copied. A red envelope spent over several bills has a row per bill.
 */
export async function listUsage(
  tx: Db,
  auth: Auth,
  kind: MemberCouponKind,
  q: z.output<typeof usageRecordQuery>,
): Promise<z.output<typeof usageRecordPage>> {
  if (q.dateFrom && q.dateTo && q.dateFrom > q.dateTo) throw fieldError('dateTo', 'serviceLogDateRange');
  assertShopVisible(auth, q.shopid);
  const where = and(
    eq(memberCoupons.kind, kind),
    eq(serviceBills.status, 4),
    eq(serviceBills.isHc, 0),
    eq(serviceBills.isDel, 0),
    inVisibleShops(auth, serviceBills.shopId),
    q.shopid ? eq(serviceBills.shopId, q.shopid) : undefined,
    q.dateFrom ? gte(serviceBills.businessDate, q.dateFrom) : undefined,
    q.dateTo ? lte(serviceBills.businessDate, q.dateTo) : undefined,
    q.keyword ? keywordMatch(q.keyword, serviceBills.memberName, serviceBills.mobile, memberCoupons.code, serviceBills.billNo) : undefined,
  ) as SQL;
  const definition = kind === 'coupon' ? coupons : redEnvelopes;
  const definitionKey = kind === 'coupon' ? memberCoupons.couponId : memberCoupons.redEnvelopeId;
  const rows = tx
    .select({
      id: serviceBillPayments.id,
      memberCouponId: memberCoupons.id,
      code: memberCoupons.code,
      definitionName: definition.name,
      memberId: memberCoupons.memberId,
      memberName: serviceBills.memberName,
      mobile: serviceBills.mobile,
      faceValue: memberCoupons.faceValue,
      amount: serviceBillPayments.amount,
      issuedShopName: issuingShop.name,
      issuedAt: memberCoupons.createdAt,
      billId: serviceBills.id,
      billNo: serviceBills.billNo,
      shopId: serviceBills.shopId,
      shopName: shops.name,
      businessDate: serviceBills.businessDate,
      usedAt: serviceBills.settledAt,
    })
    .from(serviceBillPayments)
    .innerJoin(serviceBills, eq(serviceBills.id, serviceBillPayments.billId))
    .innerJoin(memberCoupons, eq(memberCoupons.id, serviceBillPayments.memberCouponId))
    .innerJoin(shops, eq(shops.id, serviceBills.shopId))
    .innerJoin(issuingShop, eq(issuingShop.id, memberCoupons.shopId))
    .leftJoin(definition, eq(definition.id, definitionKey))
    .where(where)
    .orderBy(desc(serviceBills.businessDate), desc(serviceBillPayments.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const matching = () =>
    tx
      .select({ id: serviceBillPayments.id })
      .from(serviceBillPayments)
      .innerJoin(serviceBills, eq(serviceBills.id, serviceBillPayments.billId))
      .innerJoin(memberCoupons, eq(memberCoupons.id, serviceBillPayments.memberCouponId))
      .where(where)
      .$dynamic();
  const result = await pageOf(tx, q, rows, matching);
  const [sum] = await tx
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${serviceBillPayments.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(serviceBillPayments)
    .innerJoin(serviceBills, eq(serviceBills.id, serviceBillPayments.billId))
    .innerJoin(memberCoupons, eq(memberCoupons.id, serviceBillPayments.memberCouponId))
    .where(where);
  return {
    ...result,
    list: result.list.map((r) => ({
      ...r,
      faceValue: Number(r.faceValue),
      issuedAt: r.issuedAt.toISOString(),
      usedAt: r.usedAt?.toISOString() ?? null,
    })),
    sum,
  };
}
