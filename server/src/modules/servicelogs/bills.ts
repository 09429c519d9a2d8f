import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { conflict, notFound } from '../../platform/errors.js';
import { serviceBillLines, serviceBills } from '../cashier/public.js';
import { employees } from '../org/public.js';
import './messages.js';

/** The bill has a service line: only those take a service log or a review. */
export const hasServiceLine = sql`exists (select 1 from ${serviceBillLines} where ${serviceBillLines.tenantId} = ${serviceBills.tenantId} and ${serviceBillLines.billId} = ${serviceBills.id} and ${serviceBillLines.kind} = 'service')`;

/** Settled, not revoked, not deleted, with a service: the bills that count. Revoked bills count nowhere. */
export const countedBill: SQL = and(eq(serviceBills.status, 4), eq(serviceBills.isHc, 0), eq(serviceBills.isDel, 0), hasServiceLine) as SQL;

/** 项目: the bill's services in line order. */
export const itemsSql = sql<string>`coalesce((select string_agg(${serviceBillLines.name}, '、' order by ${serviceBillLines.lineNo}) from ${serviceBillLines} where ${serviceBillLines.tenantId} = ${serviceBills.tenantId} and ${serviceBillLines.billId} = ${serviceBills.id} and ${serviceBillLines.kind} = 'service'), '')`;

/** 服务人员: who served the bill's services. */
export const staffSql = sql<string>`coalesce((select string_agg(distinct ${employees.name}, '、') from ${serviceBillLines} cross join lateral jsonb_array_elements(${serviceBillLines.staff}) as s(person) join ${employees} on ${employees.tenantId} = ${serviceBillLines.tenantId} and ${employees.id} = (s.person->>'employeeId')::bigint where ${serviceBillLines.tenantId} = ${serviceBills.tenantId} and ${serviceBillLines.billId} = ${serviceBills.id} and ${serviceBillLines.kind} = 'service'), '')`;

/** The bill's service lines were served by this employee. */
export const servedBy = (employeeId: number) =>
  sql`exists (select 1 from ${serviceBillLines} where ${serviceBillLines.tenantId} = ${serviceBills.tenantId} and ${serviceBillLines.billId} = ${serviceBills.id} and ${serviceBillLines.kind} = 'service' and ${serviceBillLines.staff} @> ${JSON.stringify([{ employeeId }])}::jsonb)`;

/**
 * A bill a log or review is written on, locked: one of the user's shops (404 otherwise, as another
 * tenant's), settled and not revoked (409), with a service (409).
 */
export async function writableBill(tx: Db, auth: Auth, billId: number) {
  const [bill] = await tx
    .select({
      id: serviceBills.id,
      billNo: serviceBills.billNo,
      shopId: serviceBills.shopId,
      status: serviceBills.status,
      isHc: serviceBills.isHc,
      hasService: sql<boolean>`${hasServiceLine}`,
    })
    .from(serviceBills)
    .where(and(eq(serviceBills.id, billId), eq(serviceBills.isDel, 0), inVisibleShops(auth, serviceBills.shopId)))
    .for('update', { of: serviceBills });
  if (!bill) throw notFound();
  if (bill.status === 4 && bill.isHc !== 0) throw conflict('serviceLogBillRevoked', { billNo: bill.billNo });
  if (bill.status !== 4) throw conflict('serviceLogBillNotSettled', { billNo: bill.billNo });
  if (!bill.hasService) throw conflict('serviceLogNoService', { billNo: bill.billNo });
  return bill;
}
