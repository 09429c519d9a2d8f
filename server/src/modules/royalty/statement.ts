import type { RoyaltyRow, RoyaltyStatement, royaltyStatementQuery } from '@headoffice/contract';
import { and, asc, eq, gte, inArray, lt, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of.js';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, visibleShops } from '../../platform/auth.js';
import { conflict } from '../../platform/errors.js';
import { businessDate } from '../../platform/numbering.js';
import { payTypes, serviceBillLines, serviceBillPayments, serviceBillPerf, serviceBillShares, serviceBills } from '../cashier/schema.js';
import { products, services } from '../catalog/schema.js';
import { employeeStream, employees, positionLevels, positions, shops } from '../org/schema.js';
import { computeRows, type Metrics, monthMetrics, type PerfSource, type PositionOn } from './compute.js';
import { royaltyLockedRows, royaltyMonthLocks } from './schema.js';
import { allVersions } from './schemes.js';

const ZONE = 'Asia/Shanghai';

/** The locked months of the tenant. */
export async function lockedMonths(tx: Db) {
  const rows = await tx.select().from(royaltyMonthLocks);
  return new Map(rows.map((r) => [r.month, r]));
}

export function monthRange(month: string) {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month's performance rows of the given employees (all, when undefined), with their bills, lines and pay types. */
export async function loadSources(tx: Db, month: string, employeeIds?: number[]): Promise<PerfSource[]> {
  const { first, last } = monthRange(month);
  if (employeeIds && !employeeIds.length) return [];
  const locks = await lockedMonths(tx);
  const earlierLocked = [...locks.keys()].some((m) => m < month);
  const found = await tx
    .select({
      perfId: serviceBillPerf.id,
      billId: serviceBillPerf.billId,
      billNo: serviceBills.billNo,
      shopId: serviceBills.shopId,
      shopName: shops.name,
      businessDate: serviceBillPerf.businessDate,
      lineId: serviceBillPerf.lineId,
      kind: serviceBillLines.kind,
      itemId: serviceBillLines.itemId,
      lineName: serviceBillLines.name,
      num: serviceBillLines.num,
      employeeId: serviceBillPerf.employeeId,
      eecode: employees.eecode,
      eename: employees.name,
      station: serviceBillPerf.station,
      appointed: serviceBillPerf.appointed,
      amount: serviceBillPerf.amount,
      cause: serviceBillPerf.cause,
      reversesId: serviceBillPerf.reversesId,
      createdAt: serviceBillPerf.createdAt,
    })
    .from(serviceBillPerf)
    .innerJoin(serviceBills, eq(serviceBills.id, serviceBillPerf.billId))
    .innerJoin(serviceBillLines, eq(serviceBillLines.id, serviceBillPerf.lineId))
    .innerJoin(employees, eq(employees.id, serviceBillPerf.employeeId))
    .leftJoin(shops, eq(shops.id, serviceBills.shopId))
    .where(
      and(
        or(
          and(gte(serviceBillPerf.businessDate, first), lte(serviceBillPerf.businessDate, last)),
          // Corrections made this month of a month locked before them (only when a month before is locked).
          earlierLocked
            ? and(
                lt(serviceBillPerf.businessDate, first),
                gte(serviceBillPerf.createdAt, new Date(Date.parse(`${first}T00:00:00+08:00`) - 86_400_000)),
                lt(serviceBillPerf.createdAt, new Date(Date.parse(`${last}T00:00:00+08:00`) + 2 * 86_400_000)),
              )
            : undefined,
        ),
        employeeIds ? anyOf(serviceBillPerf.employeeId, employeeIds) : undefined,
      ),
    )
    .orderBy(asc(serviceBillPerf.businessDate), asc(serviceBillPerf.billId), asc(serviceBillPerf.id));
  const rows = found.flatMap(({ createdAt, ...r }) => {
    const bdMonth = r.businessDate.slice(0, 7);
    const lock = locks.get(bdMonth);
    if (bdMonth === month) return lock ? [] : [{ ...r, lateFrom: null as string | null }];
    if (!lock || createdAt <= lock.lockedAt || businessDate(ZONE, createdAt).slice(0, 7) !== month) return [];
    return [{ ...r, lateFrom: bdMonth }];
  });
  if (!rows.length) return [];
  const billIds = [...new Set(rows.map((r) => r.billId))];
  const shares = await tx
    .select({ lineId: serviceBillShares.lineId, payTypeId: payTypes.id, payName: payTypes.name, perf: serviceBillShares.perf })
    .from(serviceBillShares)
    .innerJoin(serviceBillPayments, eq(serviceBillPayments.id, serviceBillShares.paymentId))
    .innerJoin(payTypes, eq(payTypes.id, serviceBillPayments.payTypeId))
    .where(anyOf(serviceBillShares.billId, billIds));
  const byLine = new Map<number, { total: number; pay: Map<number, number>; names: Map<number, string> }>();
  for (const s of shares) {
    const l = byLine.get(s.lineId) ?? { total: 0, pay: new Map(), names: new Map() };
    l.total += s.perf;
    l.pay.set(s.payTypeId, (l.pay.get(s.payTypeId) ?? 0) + s.perf);
    l.names.set(s.payTypeId, s.payName);
    byLine.set(s.lineId, l);
  }
  const serviceIds = [...new Set(rows.filter((r) => r.kind === 'service').map((r) => r.itemId))];
  const productIds = [...new Set(rows.filter((r) => r.kind === 'product').map((r) => r.itemId))];
  const cats = new Map<string, number | null>();
  if (serviceIds.length)
    for (const s of await tx.select({ id: services.id, c: services.serviceTypeId }).from(services).where(anyOf(services.id, serviceIds)))
      cats.set(`service:${s.id}`, s.c);
  if (productIds.length)
    for (const p of await tx.select({ id: products.id, c: products.categoryId }).from(products).where(anyOf(products.id, productIds)))
      cats.set(`product:${p.id}`, p.c);
  return rows.map((r) => {
    const l = byLine.get(r.lineId);
    return {
      ...r,
      categoryId: cats.get(`${r.kind}:${r.itemId}`) ?? null,
      linePerf: l?.total ?? 0,
      payPerf: l?.pay ?? new Map(),
      payNames: l?.names ?? new Map(),
    };
  });
}

/** Position and level of employees on a day, from the employee stream (transfers), else as they are now. */
export async function positionsOf(tx: Db, employeeIds: number[]): Promise<PositionOn> {
  const ids = [...new Set(employeeIds)];
  const now = ids.length
    ? await tx.select({ id: employees.id, p: employees.positionId, l: employees.levelId }).from(employees).where(anyOf(employees.id, ids))
    : [];
  const stream = ids.length
    ? await tx
        .select()
        .from(employeeStream)
        .where(anyOf(employeeStream.employeeId, ids))
        .orderBy(asc(employeeStream.effectiveDate), asc(employeeStream.id))
    : [];
  const pn = new Map((await tx.select({ id: positions.id, name: positions.name }).from(positions)).map((r) => [r.id, r.name]));
  const ln = new Map(
    (await tx.select({ id: positionLevels.id, name: positionLevels.name }).from(positionLevels)).map((r) => [r.id, r.name]),
  );
  const current = new Map(now.map((e) => [e.id, e]));
  const moves = new Map<number, typeof stream>();
  for (const s of stream)
    if (s.toPositionId !== null || s.fromPositionId !== null) moves.set(s.employeeId, [...(moves.get(s.employeeId) ?? []), s]);
  return (employeeId, day) => {
    const cur = current.get(employeeId);
    let positionId = cur?.p ?? null;
    let levelId = cur?.l ?? null;
    const mine = moves.get(employeeId) ?? [];
    const before = mine.filter((s) => s.effectiveDate <= day).at(-1);
    const after = mine.find((s) => s.effectiveDate > day);
    if (before?.toPositionId) {
      positionId = before.toPositionId;
      levelId = before.toLevelId ?? levelId;
    } else if (after?.fromPositionId) {
      positionId = after.fromPositionId;
      levelId = after.fromLevelId ?? levelId;
    }
    return {
      positionId,
      levelId,
      psname: positionId ? (pn.get(positionId) ?? null) : null,
      pslname: levelId ? (ln.get(levelId) ?? null) : null,
    };
  };
}

/** The month's commission rows of some employees (metrics over all their rows of the month). */
export async function monthRows(
  tx: Db,
  month: string,
  employeeIds?: number[],
): Promise<{ rows: RoyaltyRow[]; metrics: Map<number, Metrics> }> {
  const lock = (await lockedMonths(tx)).get(month);
  if (lock) {
    if (employeeIds && !employeeIds.length) return { rows: [], metrics: new Map() };
    const stored = await tx
      .select({ row: royaltyLockedRows.row })
      .from(royaltyLockedRows)
      .where(and(eq(royaltyLockedRows.month, month), employeeIds ? anyOf(royaltyLockedRows.employeeId, employeeIds) : undefined))
      .orderBy(asc(royaltyLockedRows.perfId));
    const rows = stored.map((r) => r.row as RoyaltyRow);
    return { rows, metrics: metricsOfRows(rows) };
  }
  const sources = await loadSources(tx, month, employeeIds);
  const rows = computeRows(sources, await allVersions(tx), await positionsOf(tx, [...new Set(sources.map((s) => s.employeeId))]));
  // A reversal of a locked row takes back exactly what that row paid.
  const reversed = sources.filter((s) => s.lateFrom && s.reversesId).map((s) => s.reversesId as number);
  if (reversed.length) {
    const paid = new Map(
      (
        await tx
          .select({ perfId: royaltyLockedRows.perfId, row: royaltyLockedRows.row })
          .from(royaltyLockedRows)
          .where(anyOf(royaltyLockedRows.perfId, reversed))
      ).map((r) => [r.perfId, r.row as RoyaltyRow]),
    );
    sources.forEach((s, i) => {
      const orig = s.reversesId ? paid.get(s.reversesId) : undefined;
      if (!s.lateFrom || !orig) return;
      rows[i] = {
        ...rows[i],
        base: -orig.base,
        cost: -orig.cost,
        royaltyRate: orig.royaltyRate,
        normType: orig.normType,
        tier: orig.tier,
        prnname: orig.prnname,
        itemName: orig.itemName,
        schemeName: orig.schemeName,
        royaltyTypeName: orig.royaltyTypeName,
        royalty: -orig.royalty,
      };
    });
  }
  return { rows, metrics: monthMetrics(sources) };
}

/** Employees a month's statement reads at once: a big chain's month (a million rows) never sits in memory whole. */
const EMPLOYEES_PER_BATCH = 500;

/**
 * The employees with rows in a month, ascending: a locked month's stored rows; else the month's
 * performance rows and the corrections written during it (a superset: `monthRows` keeps what counts).
 */
async function employeesOfMonth(tx: Db, month: string): Promise<number[]> {
  if ((await lockedMonths(tx)).has(month)) {
    const stored = await tx
      .selectDistinct({ id: royaltyLockedRows.employeeId })
      .from(royaltyLockedRows)
      .where(eq(royaltyLockedRows.month, month))
      .orderBy(asc(royaltyLockedRows.employeeId));
    return stored.map((r) => r.id);
  }
  const { first, last } = monthRange(month);
  const found = await tx
    .selectDistinct({ id: serviceBillPerf.employeeId })
    .from(serviceBillPerf)
    .where(
      or(
        and(gte(serviceBillPerf.businessDate, first), lte(serviceBillPerf.businessDate, last)),
        and(
          gte(serviceBillPerf.createdAt, new Date(Date.parse(`${first}T00:00:00+08:00`) - 86_400_000)),
          lt(serviceBillPerf.createdAt, new Date(Date.parse(`${last}T00:00:00+08:00`) + 2 * 86_400_000)),
        ),
      ),
    )
    .orderBy(asc(serviceBillPerf.employeeId));
  return found.map((r) => r.id);
}

/** The month's rows of the employees (every employee of the month when undefined), batch by batch. */
export async function forEachBatch(
  tx: Db,
  month: string,
  employeeIds: number[] | undefined,
  fn: (part: Awaited<ReturnType<typeof monthRows>>) => void | Promise<void>,
) {
  const ids = employeeIds ?? (await employeesOfMonth(tx, month));
  for (let i = 0; i < ids.length; i += EMPLOYEES_PER_BATCH) await fn(await monthRows(tx, month, ids.slice(i, i + EMPLOYEES_PER_BATCH)));
}

/** A statement's order: by employee, then by day, bill and row. */
const byEmployeeAndDay = (a: RoyaltyRow, b: RoyaltyRow) =>
  a.eeid - b.eeid || a.billdate.localeCompare(b.billdate) || a.billId - b.billId || a.perfId - b.perfId;

/** A locked month's metrics, from its stored rows. */
function metricsOfRows(rows: RoyaltyRow[]): Map<number, Metrics> {
  const out = new Map<number, Metrics>();
  const bills = new Map<number, Map<number, number>>();
  for (const r of rows) {
    const m = out.get(r.eeid) ?? { yj: 0, fwyj: 0, cpyj: 0, ks: 0 };
    m.yj += r.money;
    if (r.btype === 'service') m.fwyj += r.money;
    if (r.btype === 'product') m.cpyj += r.money;
    out.set(r.eeid, m);
    const b = bills.get(r.eeid) ?? new Map<number, number>();
    b.set(r.billId, (b.get(r.billId) ?? 0) + r.money);
    bills.set(r.eeid, b);
  }
  for (const [e, b] of bills) (out.get(e) as Metrics).ks = [...b.values()].filter((v) => v > 0).length;
  return out;
}

/**
 * Locks a month that has ended: its rows as computed now are stored and final. The rows are computed
 * and stored batch by batch before the lock itself is written (a locked month reads its stored rows).
 */
export async function lockMonth(tx: Db, auth: Auth, month: string) {
  const locks = await lockedMonths(tx);
  if (locks.has(month)) throw conflict('royaltyMonthLocked', { month });
  if (month >= businessDate(ZONE).slice(0, 7)) throw conflict('royaltyMonthNotOver', { month });
  let count = 0;
  let royalty = 0;
  await forEachBatch(tx, month, undefined, async ({ rows }) => {
    for (let i = 0; i < rows.length; i += 1000)
      await tx.insert(royaltyLockedRows).values(
        rows.slice(i, i + 1000).map((r) => ({
          tenantId: auth.tenantId,
          month,
          perfId: r.perfId,
          employeeId: r.eeid,
          shopId: r.shopId,
          royalty: r.royalty,
          row: r,
        })),
      );
    count += rows.length;
    royalty += sumRows(rows).royalty;
  });
  const [lock] = await tx
    .insert(royaltyMonthLocks)
    .values({ tenantId: auth.tenantId, month, lockedBy: auth.userId, lockedByName: auth.name })
    .returning();
  return { month, lockedAt: lock.lockedAt.toISOString(), lockedByName: lock.lockedByName, rows: count, royalty };
}

export function sumRows(rows: RoyaltyRow[]) {
  return rows.reduce(
    (s, r) => ({ money: s.money + r.money, base: s.base + r.base, cost: s.cost + r.cost, royalty: s.royalty + r.royalty }),
    {
      money: 0,
      base: 0,
      cost: 0,
      royalty: 0,
    },
  );
}

/**
 * The statement (`employeeroyalty/chain/list`): one row per performance row of a bill line and an
 * employee; a shop-limited user sees the rows of their shops only.
 */
export async function statement(tx: Db, auth: Auth, q: z.output<typeof royaltyStatementQuery>, own = false): Promise<RoyaltyStatement> {
  if (q.shopId !== undefined && !own) assertShopVisible(auth, q.shopId);
  const visible = own ? undefined : visibleShops(auth);
  let employeeIds: number[] | undefined = q.employeeId ? [q.employeeId] : undefined;
  if (!employeeIds && (q.shopId || visible)) {
    const { first, last } = monthRange(q.month);
    const shopsWanted = q.shopId ? [q.shopId] : (visible as number[]);
    const es = shopsWanted.length
      ? await tx
          .selectDistinct({ id: serviceBillPerf.employeeId })
          .from(serviceBillPerf)
          .innerJoin(serviceBills, eq(serviceBills.id, serviceBillPerf.billId))
          .where(
            and(
              gte(serviceBillPerf.businessDate, first),
              lte(serviceBillPerf.businessDate, last),
              inArray(serviceBills.shopId, shopsWanted),
            ),
          )
      : [];
    employeeIds = es.map((e) => e.id);
  }
  const from = (q.page - 1) * q.pageSize;
  const list: RoyaltyRow[] = [];
  let total = 0;
  let sum = sumRows([]);
  const byEmployee = new Map<number, { eeid: number; eename: string; royalty: number }>();
  const metrics = new Map<number, Metrics>();
  await forEachBatch(tx, q.month, employeeIds, ({ rows, metrics: batchMetrics }) => {
    const shown = rows
      .filter(
        (r) =>
          (!q.shopId || r.shopId === q.shopId) && (!visible || visible.includes(r.shopId)) && (!q.billNo || r.billcode.includes(q.billNo)),
      )
      .sort(byEmployeeAndDay);
    for (const r of shown) {
      if (total >= from && list.length < q.pageSize) list.push(r);
      total++;
      const e = byEmployee.get(r.eeid) ?? { eeid: r.eeid, eename: r.eename, royalty: 0 };
      e.royalty += r.royalty;
      byEmployee.set(r.eeid, e);
      metrics.set(r.eeid, batchMetrics.get(r.eeid) ?? { yj: 0, fwyj: 0, cpyj: 0, ks: 0 });
    }
    const part = sumRows(shown);
    sum = { money: sum.money + part.money, base: sum.base + part.base, cost: sum.cost + part.cost, royalty: sum.royalty + part.royalty };
  });
  const lock = (await lockedMonths(tx)).get(q.month);
  return {
    locked: lock ? { lockedAt: lock.lockedAt.toISOString(), lockedByName: lock.lockedByName } : null,
    list,
    total,
    page: q.page,
    pageSize: q.pageSize,
    sum,
    employees: [...byEmployee.values()].map((e) => ({
      ...e,
      metrics: metrics.get(e.eeid) ?? { yj: 0, fwyj: 0, cpyj: 0, ks: 0 },
    })),
  };
}
