import type { ReviewRow, reviewPage, reviewQuery, reviewReplyBody, reviewSave } from '@headoffice/contract';
import { and, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { tenantZone, withinDays } from '../../platform/numbering.js';
import { keywordMatch, pageOf } from '../../platform/paging.js';
import { serviceBills } from '../cashier/public.js';
import { employees, shops } from '../org/public.js';
import { itemsSql, servedBy, staffSql, writableBill } from './bills.js';
import { serviceReviews } from './schema.js';

type Query = z.output<typeof reviewQuery>;

const columns = {
  id: serviceReviews.id,
  billId: serviceReviews.billId,
  billNo: serviceBills.billNo,
  settledAt: serviceBills.settledAt,
  memberName: serviceBills.memberName,
  mobile: serviceBills.mobile,
  shopId: serviceReviews.shopId,
  shopName: shops.name,
  items: itemsSql,
  staffNames: staffSql,
  employeeId: serviceReviews.employeeId,
  employeeName: employees.name,
  rate: serviceReviews.rate,
  comment: serviceReviews.comment,
  reviewedAt: serviceReviews.reviewedAt,
  replied: sql<boolean>`${isNotNull(serviceReviews.reply)}`,
  reply: serviceReviews.reply,
  repliedAt: serviceReviews.repliedAt,
};

type Raw = Omit<ReviewRow, 'settledAt' | 'reviewedAt' | 'repliedAt'> & { settledAt: Date | null; reviewedAt: Date; repliedAt: Date | null };

const toRow = (r: Raw): ReviewRow => ({
  ...r,
  replied: Boolean(r.replied),
  settledAt: r.settledAt?.toISOString() ?? null,
  reviewedAt: r.reviewedAt.toISOString(),
  repliedAt: r.repliedAt?.toISOString() ?? null,
});

const reviewSelect = (tx: Db) =>
  tx
    .select(columns)
    .from(serviceReviews)
    .innerJoin(serviceBills, eq(serviceBills.id, serviceReviews.billId))
    .innerJoin(shops, eq(shops.id, serviceReviews.shopId))
    .innerJoin(employees, eq(employees.id, serviceReviews.employeeId))
    .$dynamic();

/** The reviews of bills that count (a revoked bill's review counts nowhere), in the user's shops. */
const visible = (auth: Auth) => and(eq(serviceBills.isHc, 0), inVisibleShops(auth, serviceReviews.shopId));

/** 顾客评价记录: newest first. */
export async function listReviews(tx: Db, auth: Auth, q: Query): Promise<z.output<typeof reviewPage>> {
  if (q.dateFrom && q.dateTo && q.dateFrom > q.dateTo) throw fieldError('dateTo', 'serviceLogDateRange');
  assertShopVisible(auth, q.shopid);
  const zone = q.dateFrom || q.dateTo ? await tenantZone(tx, auth.tenantId) : '';
  const where = and(
    visible(auth),
    q.shopid ? eq(serviceReviews.shopId, q.shopid) : undefined,
    q.rate ? eq(serviceReviews.rate, q.rate) : undefined,
    q.keyword ? keywordMatch(q.keyword, serviceBills.memberName, serviceBills.mobile) : undefined,
    ...(q.dateFrom || q.dateTo ? withinDays(serviceReviews.reviewedAt, zone, q.dateFrom, q.dateTo) : []),
  ) as SQL;
  const rows = reviewSelect(tx)
    .where(where)
    .orderBy(desc(serviceReviews.reviewedAt), desc(serviceReviews.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const result = await pageOf(tx, q, rows, () =>
    tx
      .select({ id: serviceReviews.id })
      .from(serviceReviews)
      .innerJoin(serviceBills, eq(serviceBills.id, serviceReviews.billId))
      .where(where)
      .$dynamic(),
  );
  return { ...result, list: (result.list as unknown as Raw[]).map(toRow) };
}

/** The review of a bill, if there is one the user sees. */
export async function reviewOfBill(tx: Db, auth: Auth, billId: number): Promise<ReviewRow | null> {
  const [row] = await reviewSelect(tx).where(and(eq(serviceReviews.billId, billId), visible(auth)));
  return row ? toRow(row as unknown as Raw) : null;
}

async function reviewById(tx: Db, auth: Auth, id: number): Promise<ReviewRow> {
  const [row] = await reviewSelect(tx).where(and(eq(serviceReviews.id, id), visible(auth)));
  if (!row) throw notFound();
  return toRow(row as unknown as Raw);
}

/** Records the customer's review of a bill (one per bill), of one who served it. */
export async function saveReview(tx: Db, auth: Auth, body: z.output<typeof reviewSave>): Promise<ReviewRow> {
  const bill = await writableBill(tx, auth, body.billId);
  const [served] = await tx
    .select({ id: serviceBills.id })
    .from(serviceBills)
    .where(and(eq(serviceBills.id, bill.id), servedBy(body.employeeId)));
  if (!served) throw fieldError('employeeId', 'reviewEmployeeNotOnBill');
  const [existing] = await tx.select({ id: serviceReviews.id }).from(serviceReviews).where(eq(serviceReviews.billId, bill.id));
  if (existing) throw conflict('reviewExists', { billNo: bill.billNo });
  const [created] = await tx
    .insert(serviceReviews)
    .values({
      tenantId: auth.tenantId,
      billId: bill.id,
      shopId: bill.shopId,
      employeeId: body.employeeId,
      rate: body.rate,
      comment: body.comment ?? null,
      createdBy: auth.userId,
      createdByName: auth.name,
    })
    .returning({ id: serviceReviews.id });
  return reviewById(tx, auth, created.id);
}

/** The shop's reply to a review (是否已回复); a later reply replaces it. */
export async function replyReview(tx: Db, auth: Auth, body: z.output<typeof reviewReplyBody>): Promise<ReviewRow> {
  await reviewById(tx, auth, body.id);
  await tx
    .update(serviceReviews)
    .set({ reply: body.reply, repliedAt: new Date(), repliedBy: auth.userId, updatedAt: new Date() })
    .where(eq(serviceReviews.id, body.id));
  return reviewById(tx, auth, body.id);
}
