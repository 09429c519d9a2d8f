import type {
  AwardRow,
  awardBatchImport,
  awardBatchUpdate,
  awardListQuery,
  basePaySave,
  SalaryRow,
  salaryQuery,
} from '@headoffice/contract';
import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, inVisibleShops, visibleShops } from '../../platform/auth.js';
import { fieldError, forbidden, notFound } from '../../platform/errors.js';
import { keywordMatch } from '../../platform/paging.js';
import { checkRecords } from '../attendance/public.js';
import { employees, shops } from '../org/public.js';
import { awardAmounts, awardItems, basePays } from './schema.js';
import { monthRange, monthRows } from './statement.js';

type ListQ = z.output<typeof awardListQuery>;

/** The employees of a list, paged: of the shop asked (or the user's shops), by code or name. */
async function employeePage(tx: Db, auth: Auth, q: { shopId?: number; keyword?: string; page: number; pageSize: number }) {
  if (q.shopId !== undefined) assertShopVisible(auth, q.shopId);
  const where = and(
    q.shopId ? eq(employees.shopId, q.shopId) : undefined,
    inVisibleShops(auth, employees.shopId),
    q.keyword ? keywordMatch(q.keyword, employees.eecode, employees.name) : undefined,
  );
  const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(employees).where(where);
  const rows = await tx
    .select({ eeid: employees.id, eecode: employees.eecode, eename: employees.name, shopId: employees.shopId, shopName: shops.name })
    .from(employees)
    .leftJoin(shops, eq(shops.id, employees.shopId))
    .where(where)
    .orderBy(asc(employees.eecode), asc(employees.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { total, rows };
}

async function amountsOf(tx: Db, month: string, ids: number[]) {
  if (!ids.length) return [];
  return tx
    .select({ employeeId: awardAmounts.employeeId, itemId: awardAmounts.itemId, amount: awardAmounts.amount, padtype: awardItems.padtype })
    .from(awardAmounts)
    .innerJoin(awardItems, eq(awardItems.id, awardAmounts.itemId))
    .where(and(eq(awardAmounts.month, month), inArray(awardAmounts.employeeId, ids)));
}

/** `awarddesc/list`: the month's amounts per employee and item, with each employee's awards and penalties. */
export async function awardList(tx: Db, auth: Auth, q: ListQ) {
  const { total, rows } = await employeePage(tx, auth, q);
  const amounts = await amountsOf(
    tx,
    q.month,
    rows.map((r) => r.eeid),
  );
  const items = await tx.select().from(awardItems).where(eq(awardItems.status, 1)).orderBy(asc(awardItems.sort), asc(awardItems.code));
  const list = rows.map((r): AwardRow => {
    const mine = amounts.filter((a) => a.employeeId === r.eeid);
    return {
      ...r,
      amounts: Object.fromEntries(mine.map((a) => [String(a.itemId), a.amount])),
      zmoney: mine.filter((a) => a.padtype === 1).reduce((s, a) => s + a.amount, 0),
      fmoney: mine.filter((a) => a.padtype === 2).reduce((s, a) => s + a.amount, 0),
    };
  });
  return {
    items: items.map((i) => ({ id: i.id, code: i.code, name: i.name, padtype: i.padtype })),
    list,
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Employees of the tenant (404 otherwise) that the user may see (403). */
async function checkEmployees(tx: Db, auth: Auth, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await tx.select({ id: employees.id, shopId: employees.shopId }).from(employees).where(inArray(employees.id, unique));
  if (found.length !== unique.length) throw notFound();
  const visible = visibleShops(auth);
  if (visible && found.some((e) => e.shopId === null || !visible.includes(e.shopId))) throw forbidden('shopForbidden');
}

/** `awarddesc/batchUpate`: sets amounts (0 removes one). */
export async function awardBatchUpdateRun(tx: Db, auth: Auth, body: z.output<typeof awardBatchUpdate>) {
  await checkEmployees(
    tx,
    auth,
    body.rows.map((r) => r.employeeId),
  );
  const itemIds = [...new Set(body.rows.map((r) => r.itemId))];
  const items = await tx.select({ id: awardItems.id }).from(awardItems).where(inArray(awardItems.id, itemIds));
  if (items.length !== itemIds.length) throw fieldError('rows', 'missingReference', { field: '@awarditem' });
  for (const r of body.rows) {
    const key = and(eq(awardAmounts.month, body.month), eq(awardAmounts.employeeId, r.employeeId), eq(awardAmounts.itemId, r.itemId));
    if (r.amount === 0) await tx.delete(awardAmounts).where(key);
    else
      await tx
        .insert(awardAmounts)
        .values({ tenantId: auth.tenantId, month: body.month, employeeId: r.employeeId, itemId: r.itemId, amount: r.amount })
        .onConflictDoUpdate({
          target: [awardAmounts.tenantId, awardAmounts.month, awardAmounts.employeeId, awardAmounts.itemId],
          set: { amount: r.amount, updatedAt: new Date() },
        });
  }
  return { month: body.month, rows: body.rows.length };
}

/** `awarddesc/batchImport`: the same by employee code and item code (rows read from a workbook). */
export async function awardBatchImportRun(tx: Db, auth: Auth, body: z.output<typeof awardBatchImport>) {
  const es = await tx
    .select({ id: employees.id, eecode: employees.eecode })
    .from(employees)
    .where(
      inArray(
        employees.eecode,
        body.rows.map((r) => r.eecode),
      ),
    );
  const is = await tx
    .select({ id: awardItems.id, code: awardItems.code })
    .from(awardItems)
    .where(
      inArray(
        awardItems.code,
        body.rows.map((r) => r.padcode),
      ),
    );
  const employeeByCode = new Map(es.map((x) => [x.eecode, x]));
  const itemByCode = new Map(is.map((x) => [x.code, x]));
  const rows = body.rows.map((r, i) => {
    const e = employeeByCode.get(r.eecode);
    if (!e) throw fieldError(`rows.${i}.eecode`, 'awardUnknownCode', { row: i + 1, what: '@employee', code: r.eecode });
    const item = itemByCode.get(r.padcode);
    if (!item) throw fieldError(`rows.${i}.padcode`, 'awardUnknownCode', { row: i + 1, what: '@awarditem', code: r.padcode });
    return { employeeId: e.id, itemId: item.id, amount: r.amount };
  });
  return awardBatchUpdateRun(tx, auth, { month: body.month, rows });
}

/** `awarddesc/sum`: the month's awards and penalties in total (of the shop, or the user's shops). */
export async function awardSum(tx: Db, auth: Auth, q: { month: string; shopId?: number }) {
  if (q.shopId !== undefined) assertShopVisible(auth, q.shopId);
  const [row] = await tx
    .select({
      zmoney: sql<number>`coalesce(sum(${awardAmounts.amount}) filter (where ${awardItems.padtype} = 1), 0)::int`,
      fmoney: sql<number>`coalesce(sum(${awardAmounts.amount}) filter (where ${awardItems.padtype} = 2), 0)::int`,
      employees: sql<number>`count(distinct ${awardAmounts.employeeId})::int`,
    })
    .from(awardAmounts)
    .innerJoin(awardItems, eq(awardItems.id, awardAmounts.itemId))
    .innerJoin(employees, eq(employees.id, awardAmounts.employeeId))
    .where(
      and(eq(awardAmounts.month, q.month), q.shopId ? eq(employees.shopId, q.shopId) : undefined, inVisibleShops(auth, employees.shopId)),
    );
  return { month: q.month, ...row, net: row.zmoney - row.fmoney };
}

export async function saveBasePay(tx: Db, auth: Auth, body: z.output<typeof basePaySave>) {
  await checkEmployees(
    tx,
    auth,
    body.rows.map((r) => r.employeeId),
  );
  for (const r of body.rows)
    await tx
      .insert(basePays)
      .values({ tenantId: auth.tenantId, employeeId: r.employeeId, amount: r.amount })
      .onConflictDoUpdate({ target: [basePays.tenantId, basePays.employeeId], set: { amount: r.amount, updatedAt: new Date() } });
  return { rows: body.rows.length };
}

/** Working days a month's base pay is for when an employee has no schedule. */
export const STANDARD_DAYS = 26;

/**
 * Salary detail: base pay × days attended / days scheduled (26 without a schedule, never above the
 * full base) + commission + awards − penalties, per employee of the month.
 */
export async function salaryDetail(tx: Db, auth: Auth, q: z.output<typeof salaryQuery>) {
  const { total, rows } = await employeePage(tx, auth, q);
  const ids = rows.map((r) => r.eeid);
  const { first, last } = monthRange(q.month);
  const base = ids.length ? await tx.select().from(basePays).where(inArray(basePays.employeeId, ids)) : [];
  const days = ids.length
    ? await tx
        .select({
          employeeId: checkRecords.employeeId,
          scheduled: sql<number>`count(*) filter (where ${checkRecords.classId} is not null)::int`,
          attended: sql<number>`count(*) filter (where ${checkRecords.onWork} is not null)::int`,
        })
        .from(checkRecords)
        .where(
          and(
            inArray(checkRecords.employeeId, ids),
            gte(checkRecords.cdate, first),
            lte(checkRecords.cdate, last),
            isNotNull(checkRecords.employeeId),
          ),
        )
        .groupBy(checkRecords.employeeId)
    : [];
  const amounts = await amountsOf(tx, q.month, ids);
  const { rows: royalty } = ids.length ? await monthRows(tx, auth.tenantId, q.month, ids) : { rows: [] };
  const list = rows.map((r): SalaryRow => {
    const monthlyBase = base.find((b) => b.employeeId === r.eeid)?.amount ?? 0;
    const d = days.find((x) => x.employeeId === r.eeid);
    const scheduledDays = d?.scheduled ? d.scheduled : STANDARD_DAYS;
    const attendedDays = d?.attended ?? 0;
    const pay = Math.min(monthlyBase, Math.round((monthlyBase * attendedDays) / scheduledDays));
    const mine = royalty.filter((x) => x.eeid === r.eeid);
    const byType: Record<string, number> = {};
    for (const x of mine) {
      const k = x.royaltyTypeName ?? '-';
      byType[k] = (byType[k] ?? 0) + x.royalty;
    }
    const aw = amounts.filter((a) => a.employeeId === r.eeid);
    const zmoney = aw.filter((a) => a.padtype === 1).reduce((s, a) => s + a.amount, 0);
    const fmoney = aw.filter((a) => a.padtype === 2).reduce((s, a) => s + a.amount, 0);
    const commission = mine.reduce((s, x) => s + x.royalty, 0);
    return {
      ...r,
      monthlyBase,
      scheduledDays,
      attendedDays,
      base: pay,
      royalty: commission,
      royaltyByType: byType,
      performance: mine.reduce((s, x) => s + x.money, 0),
      zmoney,
      fmoney,
      totalMoney: pay + commission + zmoney - fmoney,
    };
  });
  return { list, total, page: q.page, pageSize: q.pageSize };
}
