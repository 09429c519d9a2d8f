import type { RoyaltyRow, RoyaltyStatement, royaltyStatementQuery } from '@headoffice/contract';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, visibleShops } from '../../platform/auth.js';
import { payTypes, serviceBillLines, serviceBillPayments, serviceBillPerf, serviceBillShares, serviceBills } from '../cashier/schema.js';
import { products, services } from '../catalog/schema.js';
import { employeeStream, employees, positionLevels, positions, shops } from '../org/schema.js';
import { computeRows, monthMetrics, type PerfSource, type PositionOn } from './compute.js';
import { allVersions } from './schemes.js';

export function monthRange(month: string) {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month's performance rows of the given employees (all, when undefined), with their bills, lines and pay types. */
export async function loadSources(tx: Db, month: string, employeeIds?: number[]): Promise<PerfSource[]> {
  const { first, last } = monthRange(month);
  if (employeeIds && !employeeIds.length) return [];
  const rows = await tx
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
    })
    .from(serviceBillPerf)
    .innerJoin(serviceBills, eq(serviceBills.id, serviceBillPerf.billId))
    .innerJoin(serviceBillLines, eq(serviceBillLines.id, serviceBillPerf.lineId))
    .innerJoin(employees, eq(employees.id, serviceBillPerf.employeeId))
    .leftJoin(shops, eq(shops.id, serviceBills.shopId))
    .where(
      and(
        gte(serviceBillPerf.businessDate, first),
        lte(serviceBillPerf.businessDate, last),
        employeeIds ? inArray(serviceBillPerf.employeeId, employeeIds) : undefined,
      ),
    )
    .orderBy(asc(serviceBillPerf.businessDate), asc(serviceBillPerf.billId), asc(serviceBillPerf.id));
  if (!rows.length) return [];
  const lineIds = [...new Set(rows.map((r) => r.lineId))];
  const billIds = [...new Set(rows.map((r) => r.billId))];
  const shares = await tx
    .select({ lineId: serviceBillShares.lineId, payTypeId: payTypes.id, payName: payTypes.name, perf: serviceBillShares.perf })
    .from(serviceBillShares)
    .innerJoin(serviceBillPayments, eq(serviceBillPayments.id, serviceBillShares.paymentId))
    .innerJoin(payTypes, eq(payTypes.id, serviceBillPayments.payTypeId))
    .where(and(inArray(serviceBillShares.billId, billIds), inArray(serviceBillShares.lineId, lineIds)));
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
    for (const s of await tx.select({ id: services.id, c: services.serviceTypeId }).from(services).where(inArray(services.id, serviceIds)))
      cats.set(`service:${s.id}`, s.c);
  if (productIds.length)
    for (const p of await tx.select({ id: products.id, c: products.categoryId }).from(products).where(inArray(products.id, productIds)))
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
    ? await tx.select({ id: employees.id, p: employees.positionId, l: employees.levelId }).from(employees).where(inArray(employees.id, ids))
    : [];
  const stream = ids.length
    ? await tx
        .select()
        .from(employeeStream)
        .where(inArray(employeeStream.employeeId, ids))
        .orderBy(asc(employeeStream.effectiveDate), asc(employeeStream.id))
    : [];
  const pn = new Map((await tx.select({ id: positions.id, name: positions.name }).from(positions)).map((r) => [r.id, r.name]));
  const ln = new Map(
    (await tx.select({ id: positionLevels.id, name: positionLevels.name }).from(positionLevels)).map((r) => [r.id, r.name]),
  );
  return (employeeId, day) => {
    const cur = now.find((e) => e.id === employeeId);
    let positionId = cur?.p ?? null;
    let levelId = cur?.l ?? null;
    const mine = stream.filter((s) => s.employeeId === employeeId && (s.toPositionId !== null || s.fromPositionId !== null));
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
export async function monthRows(tx: Db, month: string, employeeIds?: number[]) {
  const sources = await loadSources(tx, month, employeeIds);
  const rows = computeRows(sources, await allVersions(tx), await positionsOf(tx, [...new Set(sources.map((s) => s.employeeId))]));
  return { rows, metrics: monthMetrics(sources) };
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
  const { rows, metrics } = await monthRows(tx, q.month, employeeIds);
  const shown = rows.filter(
    (r) => (!q.shopId || r.shopId === q.shopId) && (!visible || visible.includes(r.shopId)) && (!q.billNo || r.billcode.includes(q.billNo)),
  );
  const byEmployee = new Map<number, { eeid: number; eename: string; royalty: number }>();
  for (const r of shown) {
    const e = byEmployee.get(r.eeid) ?? { eeid: r.eeid, eename: r.eename, royalty: 0 };
    e.royalty += r.royalty;
    byEmployee.set(r.eeid, e);
  }
  return {
    list: shown.slice((q.page - 1) * q.pageSize, q.page * q.pageSize),
    total: shown.length,
    page: q.page,
    pageSize: q.pageSize,
    sum: sumRows(shown),
    employees: [...byEmployee.values()].map((e) => ({
      ...e,
      metrics: metrics.get(e.eeid) ?? { yj: 0, fwyj: 0, cpyj: 0, ks: 0 },
    })),
  };
}
