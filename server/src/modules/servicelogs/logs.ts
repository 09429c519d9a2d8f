import type { memberServiceLogQuery, ServiceLogRow, serviceLogPage, serviceLogSave } from '@headoffice/contract';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { conflict, fieldError, notFound } from '../../platform/errors.js';
import { tenantZone, withinDays } from '../../platform/numbering.js';
import { keywordMatch, pageOf } from '../../platform/paging.js';
import { serviceBills } from '../cashier/public.js';
import { services } from '../catalog/public.js';
import { shops } from '../org/public.js';
import { countedBill, itemsSql, servedBy, staffSql, writableBill } from './bills.js';
import { serviceLogPhotos, serviceLogs } from './schema.js';

type LogQuery = z.output<typeof memberServiceLogQuery>;

const suggestedSql = sql<
  { id: number; name: string }[]
>`coalesce((select json_agg(json_build_object('id', ${services.id}, 'name', ${services.name}) order by x.ord) from jsonb_array_elements_text(${serviceLogs.suggestedServiceIds}) with ordinality as x(v, ord) join ${services} on ${services.tenantId} = ${serviceLogs.tenantId} and ${services.id} = x.v::bigint), '[]'::json)`;
const photosSql = sql<
  string[]
>`coalesce((select json_agg(${serviceLogPhotos.url} order by ${serviceLogPhotos.sort}, ${serviceLogPhotos.id}) from ${serviceLogPhotos} where ${serviceLogPhotos.tenantId} = ${serviceLogs.tenantId} and ${serviceLogPhotos.logId} = ${serviceLogs.id}), '[]'::json)`;

const columns = {
  billId: serviceBills.id,
  billNo: serviceBills.billNo,
  shopId: serviceBills.shopId,
  shopName: shops.name,
  memberId: serviceBills.memberId,
  memberName: serviceBills.memberName,
  mobile: serviceBills.mobile,
  sex: serviceBills.sex,
  businessDate: serviceBills.businessDate,
  settledAt: serviceBills.settledAt,
  items: itemsSql,
  staffNames: staffSql,
  logId: serviceLogs.id,
  content: serviceLogs.content,
  problem: serviceLogs.problem,
  suggested: suggestedSql,
  photos: photosSql,
  returnState: serviceLogs.returnState,
  returnAt: serviceLogs.returnAt,
  rebook: serviceLogs.rebook,
  editedAt: serviceLogs.updatedAt,
  editedByName: serviceLogs.updatedByName,
  version: serviceLogs.version,
};

type Raw = Omit<ServiceLogRow, 'settledAt' | 'returnAt' | 'editedAt' | 'logState'> & {
  settledAt: Date | null;
  returnAt: Date | null;
  editedAt: Date | null;
};

const toRow = (r: Raw): ServiceLogRow => ({
  ...r,
  logState: r.logId === null ? 1 : 2,
  settledAt: r.settledAt?.toISOString() ?? null,
  returnAt: r.returnAt?.toISOString() ?? null,
  editedAt: r.editedAt?.toISOString() ?? null,
});

function checkRange(from: string | undefined, to: string | undefined, path: string) {
  if (from && to && from > to) throw fieldError(path, 'serviceLogDateRange');
}

/** The filters of the lists of logs, within the shops the user sees. */
async function logWhere(tx: Db, auth: Auth, q: LogQuery): Promise<SQL> {
  checkRange(q.dateFrom, q.dateTo, 'dateTo');
  checkRange(q.editFrom, q.editTo, 'editTo');
  checkRange(q.visitFrom, q.visitTo, 'visitTo');
  assertShopVisible(auth, q.shopid);
  const zone = q.editFrom || q.editTo || q.visitFrom || q.visitTo ? await tenantZone(tx, auth.tenantId) : '';
  const conditions: (SQL | undefined)[] = [
    countedBill,
    inVisibleShops(auth, serviceBills.shopId),
    q.shopid ? eq(serviceBills.shopId, q.shopid) : undefined,
    q.memid ? eq(serviceBills.memberId, q.memid) : undefined,
    q.dateFrom ? gte(serviceBills.businessDate, q.dateFrom) : undefined,
    q.dateTo ? lte(serviceBills.businessDate, q.dateTo) : undefined,
    ...(q.editFrom || q.editTo ? withinDays(serviceLogs.updatedAt, zone, q.editFrom, q.editTo) : []),
    ...(q.visitFrom || q.visitTo ? withinDays(serviceLogs.returnAt, zone, q.visitFrom, q.visitTo) : []),
    q.employeeId ? servedBy(q.employeeId) : undefined,
    q.logState === 1 ? isNull(serviceLogs.id) : q.logState === 2 ? isNotNull(serviceLogs.id) : undefined,
    q.returnState ? eq(serviceLogs.returnState, q.returnState) : undefined,
    q.keyword ? keywordMatch(q.keyword, serviceBills.billNo, serviceBills.memberName, serviceBills.mobile) : undefined,
  ];
  return and(...conditions) as SQL;
}

const logSelect = (tx: Db) =>
  tx
    .select(columns)
    .from(serviceBills)
    .innerJoin(shops, eq(shops.id, serviceBills.shopId))
    .leftJoin(serviceLogs, eq(serviceLogs.billId, serviceBills.id))
    .$dynamic();

/** A page of settled service bills with their logs (未填写: none yet), newest first. */
export async function listLogs(tx: Db, auth: Auth, q: LogQuery): Promise<z.output<typeof serviceLogPage>> {
  const where = await logWhere(tx, auth, q);
  const rows = logSelect(tx)
    .where(where)
    .orderBy(desc(serviceBills.businessDate), desc(serviceBills.settledAt), desc(serviceBills.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const result = await pageOf(tx, q, rows, () =>
    tx
      .select({ id: serviceBills.id })
      .from(serviceBills)
      .leftJoin(serviceLogs, eq(serviceLogs.billId, serviceBills.id))
      .where(where)
      .$dynamic(),
  );
  return { ...result, list: (result.list as unknown as Raw[]).map(toRow) };
}

/** One bill's row (with its log when written), if the user sees it and it counts. */
export async function logOf(tx: Db, auth: Auth, billId: number): Promise<ServiceLogRow> {
  const [row] = await logSelect(tx).where(and(eq(serviceBills.id, billId), countedBill, inVisibleShops(auth, serviceBills.shopId)));
  if (!row) throw notFound();
  return toRow(row as unknown as Raw);
}

/** Writes the bill's log: the first save creates it, later ones change it (with the version read). */
export async function saveLog(tx: Db, auth: Auth, body: z.output<typeof serviceLogSave>): Promise<ServiceLogRow> {
  const bill = await writableBill(tx, auth, body.billId);
  const ids = [...new Set(body.suggestedServiceIds)];
  if (ids.length) {
    const found = await tx.select({ id: services.id }).from(services).where(inArray(services.id, ids));
    if (found.length !== ids.length) throw fieldError('suggestedServiceIds', 'serviceLogUnknownService');
  }
  const values = {
    content: body.content,
    problem: body.problem ?? null,
    suggestedServiceIds: ids,
    returnState: body.returnState ?? null,
    returnAt: body.returnAt ? new Date(body.returnAt) : null,
    rebook: body.rebook ?? null,
    updatedBy: auth.userId,
    updatedByName: auth.name,
  };
  const [existing] = await tx.select().from(serviceLogs).where(eq(serviceLogs.billId, bill.id)).for('update');
  let logId: number;
  if (existing) {
    if (body.version !== existing.version) throw conflict('staleVersion');
    await tx
      .update(serviceLogs)
      .set({ ...values, version: existing.version + 1, updatedAt: new Date() })
      .where(eq(serviceLogs.id, existing.id));
    await tx.delete(serviceLogPhotos).where(eq(serviceLogPhotos.logId, existing.id));
    logId = existing.id;
  } else {
    const [created] = await tx
      .insert(serviceLogs)
      .values({
        tenantId: auth.tenantId,
        billId: bill.id,
        shopId: bill.shopId,
        ...values,
        createdBy: auth.userId,
        createdByName: auth.name,
      })
      .returning({ id: serviceLogs.id });
    logId = created.id;
  }
  if (body.photos.length)
    await tx.insert(serviceLogPhotos).values(body.photos.map((url, sort) => ({ tenantId: auth.tenantId, logId, url, sort })));
  return logOf(tx, auth, bill.id);
}
