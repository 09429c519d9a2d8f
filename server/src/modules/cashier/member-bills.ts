import {
  type BillLineKind,
  MEMBER_BILLS_PATH,
  type MemberBillRow,
  memberBillsPage,
  memberBillsQuery,
  spendingLineKinds,
} from '@headoffice/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { offsetOf, pageOf } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { keepVisitFigures, members, type VisitFigures } from '../members/public.js';
import { employees, shops } from '../org/public.js';
import { serviceBillLines, serviceBillPayments, serviceBillPerf, serviceBills } from './schema.js';

/** A member's bills that count: settled, not revoked, not deleted (the partial index on the member's settled bills answers it). */
const countingBillsOf = (memberId: number): SQL =>
  and(eq(serviceBills.memberId, memberId), sql`${serviceBills.status} = 4`, eq(serviceBills.isHc, 0), eq(serviceBills.isDel, 0)) as SQL;

/** The spending of a till bill (the amount of its service and product lines; null: it has none, and counts nowhere), read by the bill's own lines index. */
const billSpending = () =>
  sql<number | null>`(select sum(l.amount) from service_bill_lines l
    where l.tenant_id = service_bills.tenant_id and l.bill_id = service_bills.id and l.kind in (${sql.join(
      spendingLineKinds.map((k) => sql`${k}`),
      sql`, `,
    )}))`;

/**
 * A member's spending, visits and last visit from their bills (docs/DECISIONS.md, "A member's visits and
 * spending"): over the settled, not revoked bills with a service or product line, the amounts of those
 * lines, the bills that count as a visit (`isCompute`) and the latest settlement.
 */
export async function memberFiguresOf(tx: Db, memberId: number): Promise<VisitFigures> {
  // Each bill's spending lines. The bill's columns are named with the table: drizzle leaves them bare in a
  // query of one table.
  const perBill = tx
    .select({
      isCompute: serviceBills.isCompute,
      settledAt: serviceBills.settledAt,
      amount: billSpending().as('amount'),
    })
    .from(serviceBills)
    .where(countingBillsOf(memberId))
    .as('per_bill');
  const [f] = await tx
    .select({
      spent: sql<number>`coalesce(sum(${perBill.amount}), 0)::bigint`.mapWith(Number),
      visits: sql<number>`count(*) filter (where ${perBill.isCompute} = 1)::int`.mapWith(Number),
      lastVisitAt: sql<string | null>`max(${perBill.settledAt})`,
    })
    .from(perBill)
    .where(sql`${perBill.amount} is not null`);
  return { spent: f.spent, visits: f.visits, lastVisitAt: f.lastVisitAt ? new Date(f.lastVisitAt) : null };
}

/**
 * Members' bills that count, as the figures kept on the member count them (settled, not revoked, not
 * deleted, with spending), each with its member, business day, visit flag and spending, for member reports
 * over a period: `where` narrows the bills (days, members). A subquery `member_spending`.
 */
export function memberSpendingBills(tx: Db, where: SQL | undefined) {
  const perBill = tx
    .select({
      memberId: sql<number>`${serviceBills.memberId}`.as('member_id'),
      businessDate: sql<string>`${serviceBills.businessDate}`.as('business_date'),
      isCompute: sql<number>`${serviceBills.isCompute}`.as('is_compute'),
      amount: billSpending().as('amount'),
    })
    .from(serviceBills)
    .where(
      and(
        sql`${serviceBills.status} = 4`,
        eq(serviceBills.isHc, 0),
        eq(serviceBills.isDel, 0),
        sql`${serviceBills.memberId} is not null`,
        where,
      ),
    )
    .as('per_bill');
  return tx
    .select({ memberId: perBill.memberId, businessDate: perBill.businessDate, isCompute: perBill.isCompute, amount: perBill.amount })
    .from(perBill)
    .where(sql`${perBill.amount} is not null`)
    .as('member_spending');
}

/** After a settle or a revoke of a member's bill, in its transaction: the member's figures as their bills now make them. */
export async function refreshMemberFigures(tx: Db, memberId: number | null) {
  if (memberId !== null) await keepVisitFigures(tx, memberId, (t) => memberFiguresOf(t, memberId));
}

/**
 * 消费记录: a member's settled bills, newest first, in the shops the user sees (another shop's bills of
 * the member stay out of sight), a revoked one marked. Each with its items, the staff credited with its
 * performance now (after any 改单; for a revoked bill, those the revoke took it from) and its payments.
 */
export async function memberBills(tx: Db, auth: Auth, q: z.output<typeof memberBillsQuery>) {
  const [member] = await tx.select({ id: members.id }).from(members).where(eq(members.id, q.memid));
  if (!member) throw notFound();
  const where = and(
    eq(serviceBills.memberId, q.memid),
    sql`${serviceBills.status} = 4`,
    eq(serviceBills.isDel, 0),
    inVisibleShops(auth, serviceBills.shopId),
  );
  const page = await pageOf(
    tx,
    q,
    tx
      .select({
        id: serviceBills.id,
        billNo: serviceBills.billNo,
        shopId: serviceBills.shopId,
        shopName: shops.name,
        businessDate: serviceBills.businessDate,
        settledAt: serviceBills.settledAt,
        isHc: serviceBills.isHc,
        amount: serviceBills.amount,
      })
      .from(serviceBills)
      .innerJoin(shops, eq(shops.id, serviceBills.shopId))
      .where(where)
      .orderBy(desc(serviceBills.settledAt), desc(serviceBills.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    () => tx.select({ id: serviceBills.id }).from(serviceBills).where(where).$dynamic(),
  );
  const ids = page.list.map((b) => b.id);
  if (!ids.length) return { ...page, list: [] };
  const lines = await tx
    .select({
      billId: serviceBillLines.billId,
      kind: serviceBillLines.kind,
      name: serviceBillLines.name,
      num: serviceBillLines.num,
      amount: serviceBillLines.amount,
    })
    .from(serviceBillLines)
    .where(inArray(serviceBillLines.billId, ids))
    .orderBy(asc(serviceBillLines.billId), asc(serviceBillLines.lineNo));
  // The rows a settle, 改单 or adjustment wrote that nothing but a revoke negated since: who the bill credits.
  const staff = await tx
    .selectDistinct({ billId: serviceBillPerf.billId, name: employees.name })
    .from(serviceBillPerf)
    .innerJoin(employees, eq(employees.id, serviceBillPerf.employeeId))
    .where(
      and(
        inArray(serviceBillPerf.billId, ids),
        sql`${serviceBillPerf.reversesId} is null`,
        sql`not exists (select 1 from service_bill_perf r where r.tenant_id = ${serviceBillPerf.tenantId} and r.reverses_id = ${serviceBillPerf.id} and r.cause <> 'revoke')`,
      ),
    )
    .orderBy(asc(serviceBillPerf.billId), asc(employees.name));
  const payments = await tx
    .select({
      billId: serviceBillPayments.billId,
      payName: serviceBillPayments.payName,
      amount: sql<number>`sum(${serviceBillPayments.amount})::bigint`.mapWith(Number),
    })
    .from(serviceBillPayments)
    .where(inArray(serviceBillPayments.billId, ids))
    .groupBy(serviceBillPayments.billId, serviceBillPayments.payName)
    .orderBy(asc(serviceBillPayments.billId), sql`min(${serviceBillPayments.id})`);
  const of = <R extends { billId: number }>(rows: R[], id: number) => rows.filter((r) => r.billId === id);
  return {
    ...page,
    list: page.list.map(
      (b): MemberBillRow => ({
        id: b.id,
        billNo: b.billNo,
        shopId: b.shopId,
        shopName: b.shopName,
        businessDate: b.businessDate,
        settledAt: b.settledAt?.toISOString() ?? null,
        state: b.isHc ? 'revoked' : 'settled',
        amount: b.amount,
        items: of(lines, b.id).map((l) => ({ kind: l.kind as BillLineKind, name: l.name, num: l.num, amount: l.amount })),
        staff: of(staff, b.id).map((s) => s.name),
        payments: of(payments, b.id).map((p) => ({ payName: p.payName, amount: p.amount })),
      }),
    ),
  };
}

export function registerMemberBillRoutes(app: FastifyInstance) {
  route(
    app,
    'GET',
    MEMBER_BILLS_PATH,
    {
      summary: "消费记录: a member's settled bills (memid), newest first, in the shops the user sees; a revoked one marked",
      description:
        'Items, the staff credited with the performance, the payments by pay type. A member of another tenant: 404. A user limited to some shops sees only their bills of the member.',
      perm: 'members.member.view',
      query: memberBillsQuery,
      response: memberBillsPage,
    },
    ({ tx, auth, query }) => memberBills(tx, auth, query),
  );
}
