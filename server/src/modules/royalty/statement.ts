import type { RoyaltyEmployeeSum, RoyaltyRow, RoyaltyStatement, royaltyStatementQuery } from '@headoffice/contract';
import { and, asc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of.js';
import type { Db } from '../../db/client.js';
import { type Auth, assertShopVisible, visibleShops } from '../../platform/auth.js';
import { conflict } from '../../platform/errors.js';
import { rowsOf } from '../../platform/ledger.js';
import { dayIn, tenantToday, tenantZone } from '../../platform/numbering.js';
import { payTypes, serviceBillLines, serviceBillPayments, serviceBillPerf, serviceBillShares, serviceBills } from '../cashier/public.js';
import { products, services } from '../catalog/public.js';
import { employeeStream, employees, positionLevels, positions, shops } from '../org/public.js';
import { computeRows, type Metrics, monthMetrics, type PerfSource, type PositionOn, type SchemeVersions } from './compute.js';
import { royaltyLockedRows, royaltyMonthLocks } from './schema.js';
import { allVersions } from './schemes.js';

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

/**
 * The month's performance rows of the given employees (all, when undefined), with their bills, lines
 * and pay types; `zone` is the company's (`tenantZone`), in which a correction's month is counted.
 */
export async function loadSources(tx: Db, zone: string, month: string, employeeIds: number[]): Promise<PerfSource[]> {
  const { first, last } = monthRange(month);
  if (!employeeIds.length) return [];
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
      employeeId: employees.id,
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
        anyOf(serviceBillPerf.employeeId, employeeIds),
      ),
    )
    .orderBy(asc(serviceBillPerf.businessDate), asc(serviceBillPerf.billId), asc(serviceBillPerf.id));
  const rows = found.flatMap((r) => countedIn(month, locks, zone, r));
  if (!rows.length) return [];
  const billIds = [...new Set(rows.map((r) => r.billId))];
  const shares = await tx
    .select({
      lineId: serviceBillShares.lineId,
      payTypeId: payTypes.id,
      payName: payTypes.name,
      amount: serviceBillShares.amount,
      fee: serviceBillShares.fee,
      perf: serviceBillShares.perf,
    })
    .from(serviceBillShares)
    .innerJoin(serviceBillPayments, eq(serviceBillPayments.id, serviceBillShares.paymentId))
    .innerJoin(payTypes, eq(payTypes.id, serviceBillPayments.payTypeId))
    .where(anyOf(serviceBillShares.billId, billIds));
  const byLine = new Map<number, ReturnType<typeof linePay>>();
  for (const s of shares) {
    const l = byLine.get(s.lineId) ?? linePay();
    addShare(l, s.payTypeId, s.payName, s);
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
      ...(l ?? linePay()),
    };
  });
}

/** A line's payments as commission reads them: performance in all and, per pay type, its name, amount, fee and performance. */
function linePay() {
  return {
    linePerf: 0,
    payPerf: new Map<number, number>(),
    payNames: new Map<number, string>(),
    payAmount: new Map<number, number>(),
    payFee: new Map<number, number>(),
  };
}

function addShare(l: ReturnType<typeof linePay>, payTypeId: number, name: string, share: { amount: number; fee: number; perf: number }) {
  const add = (m: Map<number, number>, v: number) => m.set(payTypeId, (m.get(payTypeId) ?? 0) + v);
  l.linePerf += share.perf;
  add(l.payPerf, share.perf);
  add(l.payAmount, share.amount);
  add(l.payFee, share.fee);
  l.payNames.set(payTypeId, name);
}

type Locks = Awaited<ReturnType<typeof lockedMonths>>;

/**
 * Whether a performance row counts in a month's statement, and as what: a row of the month unless the
 * month is locked; a correction written during the month of a month locked before it (`lateFrom`).
 */
function countedIn<R extends { businessDate: string; createdAt: Date }>(month: string, locks: Locks, zone: string, { createdAt, ...r }: R) {
  const bdMonth = r.businessDate.slice(0, 7);
  const lock = locks.get(bdMonth);
  if (bdMonth === month) return lock ? [] : [{ ...r, lateFrom: null as string | null }];
  if (!lock || createdAt <= lock.lockedAt || dayIn(zone, createdAt).slice(0, 7) !== month) return [];
  return [{ ...r, lateFrom: bdMonth }];
}

/** Rows read per fetch of the month's cursor. */
const FETCH_ROWS = 5_000;
const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The whole month's performance rows with all a statement needs, in one pass of one query (the
 * month's bills, lines and payment shares joined once, as a plain SQL aggregation would), read
 * through a cursor in employee order and handed on an employee at a time in groups: a big chain's
 * month never sits in memory whole, and no table is read again per group.
 */
async function* streamMonth(tx: Db, zone: string, month: string, locks: Locks): AsyncGenerator<PerfSource[]> {
  if (!MONTH_PATTERN.test(month)) throw new Error(`not a month: ${month}`);
  const { first, last } = monthRange(month);
  // Literals, not parameters: a cursor's query is declared as one utility statement. Joins name no
  // tenant: row-level security filters every table, and a two-column join key misleads the planner's row estimates.
  const inMonth = `p.business_date between date '${first}' and date '${last}'`;
  const corrections = [...locks.keys()].some((m) => m < month)
    ? ` or (p.business_date < date '${first}' and p.created_at >= timestamptz '${first} 00:00:00+08' - interval '1 day'
          and p.created_at < timestamptz '${last} 00:00:00+08' + interval '2 days')`
    : '';
  const where = `(${inMonth}${corrections})`;
  // The whole result is read: plan for all of it, not for a quick first row (a cursor's default).
  await tx.execute(sql.raw('set local cursor_tuple_fraction = 1'));
  await tx.execute(
    sql.raw(`declare royalty_month no scroll cursor for
      with month_perf as (select p.* from service_bill_perf p where ${where}),
      line_pay as (
        select sh.line_id, array_agg(pm.pay_type_id) as pay_types, array_agg(sh.perf) as perfs,
          array_agg(sh.amount) as amounts, array_agg(sh.fee) as fees
        from service_bill_shares sh
        join service_bill_payments pm on pm.id = sh.payment_id
        where sh.bill_id in (select bill_id from month_perf)
        group by sh.line_id)
      select p.id as perf_id, p.bill_id, b.bill_no, b.shop_id, s.name as shop_name, p.business_date::text as business_date,
        p.line_id, l.kind, l.item_id, l.name as line_name, l.num, p.employee_id, e.eecode, e.name as eename, p.station,
        p.appointed, p.amount, p.cause, p.reverses_id, p.created_at, lp.pay_types, lp.perfs, lp.amounts, lp.fees,
        case l.kind when 'service' then sv.service_type_id when 'product' then pr.category_id end as category_id
      from month_perf p
      join service_bills b on b.id = p.bill_id
      join service_bill_lines l on l.id = p.line_id
      join employees e on e.id = p.employee_id
      left join shops s on s.id = b.shop_id
      left join line_pay lp on lp.line_id = p.line_id
      left join services sv on l.kind = 'service' and sv.id = l.item_id
      left join products pr on l.kind = 'product' and pr.id = l.item_id
      order by p.employee_id, p.business_date, p.bill_id, p.id`),
  );
  try {
    const payNames = new Map((await tx.select({ id: payTypes.id, name: payTypes.name }).from(payTypes)).map((t) => [t.id, t.name]));
    let pending: PerfSource[] = [];
    for (;;) {
      const fetched = rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(`fetch forward ${FETCH_ROWS} from royalty_month`)));
      const sources = fetched.flatMap((r) => countedIn(month, locks, zone, sourceOf(r, payNames)));
      if (!fetched.length) {
        if (pending.length) yield pending;
        return;
      }
      pending = pending.concat(sources);
      // The last employee fetched may go on in the next fetch: hand on only the employees complete so far.
      const lastEmployee = Number(fetched[fetched.length - 1].employee_id);
      const cut = pending.findIndex((r) => r.employeeId === lastEmployee);
      if (cut > 0) {
        yield pending.slice(0, cut);
        pending = pending.slice(cut);
      }
    }
  } finally {
    await tx.execute(sql.raw('close royalty_month'));
  }
}

/** A row of the month's cursor as a performance source (the line's pay shares folded per pay type). */
function sourceOf(r: Record<string, unknown>, payNames: Map<number, string>): PerfSource & { createdAt: Date } {
  const l = linePay();
  const column = (name: string) => (r[name] as (number | string)[] | null) ?? [];
  const [amounts, fees, perfs] = [column('amounts'), column('fees'), column('perfs')];
  column('pay_types').forEach((t, i) => {
    const id = Number(t);
    addShare(l, id, payNames.get(id) ?? String(id), { amount: Number(amounts[i]), fee: Number(fees[i]), perf: Number(perfs[i]) });
  });
  return {
    perfId: Number(r.perf_id),
    billId: Number(r.bill_id),
    billNo: String(r.bill_no),
    shopId: Number(r.shop_id),
    shopName: r.shop_name === null ? null : String(r.shop_name),
    businessDate: String(r.business_date),
    lineId: Number(r.line_id),
    kind: String(r.kind),
    itemId: Number(r.item_id),
    categoryId: r.category_id === null ? null : Number(r.category_id),
    lineName: String(r.line_name),
    num: Number(r.num),
    employeeId: Number(r.employee_id),
    eecode: String(r.eecode),
    eename: String(r.eename),
    station: Number(r.station),
    appointed: Boolean(r.appointed),
    amount: Number(r.amount),
    cause: String(r.cause),
    reversesId: r.reverses_id === null ? null : Number(r.reverses_id),
    lateFrom: null,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
    ...l,
  };
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
export async function monthRows(tx: Db, tenantId: number, month: string, employeeIds: number[]): Promise<MonthPart> {
  const lock = (await lockedMonths(tx)).get(month);
  if (lock) return lockedRows(tx, month, employeeIds);
  return rowsOfSources(tx, await loadSources(tx, await tenantZone(tx, tenantId), month, employeeIds), await allVersions(tx));
}

type MonthPart = { rows: RoyaltyRow[]; metrics: Map<number, Metrics> };

/** A locked month's stored rows of some employees. */
async function lockedRows(tx: Db, month: string, employeeIds: number[]): Promise<MonthPart> {
  if (!employeeIds.length) return { rows: [], metrics: new Map() };
  const stored = await tx
    .select({ row: royaltyLockedRows.row })
    .from(royaltyLockedRows)
    .where(and(eq(royaltyLockedRows.month, month), anyOf(royaltyLockedRows.employeeId, employeeIds)))
    .orderBy(asc(royaltyLockedRows.perfId));
  const rows = stored.map((r) => r.row as RoyaltyRow);
  return { rows, metrics: metricsOfRows(rows) };
}

/** The commission rows of every performance row of some employees' month. */
async function rowsOfSources(tx: Db, sources: PerfSource[], versions: SchemeVersions[]): Promise<MonthPart> {
  const rows = computeRows(sources, versions, await positionsOf(tx, [...new Set(sources.map((s) => s.employeeId))]));
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

/** Employees read at once by their index (a shop's statement, a page of salaries). */
const EMPLOYEES_PER_BATCH = 500;

/** The employees with stored rows in a locked month, ascending. */
async function employeesOfLockedMonth(tx: Db, month: string): Promise<number[]> {
  const stored = await tx
    .selectDistinct({ id: royaltyLockedRows.employeeId })
    .from(royaltyLockedRows)
    .where(eq(royaltyLockedRows.month, month))
    .orderBy(asc(royaltyLockedRows.employeeId));
  return stored.map((r) => r.id);
}

/**
 * The month's rows of the employees (every employee of the month when undefined), a group of
 * employees at a time: some employees by their index, 500 at a time; the whole month in one pass.
 */
export async function forEachBatch(
  tx: Db,
  tenantId: number,
  month: string,
  employeeIds: number[] | undefined,
  fn: (part: MonthPart) => void | Promise<void>,
) {
  const locks = await lockedMonths(tx);
  if (employeeIds || locks.has(month)) {
    const ids = employeeIds ?? (await employeesOfLockedMonth(tx, month));
    for (let i = 0; i < ids.length; i += EMPLOYEES_PER_BATCH)
      await fn(await monthRows(tx, tenantId, month, ids.slice(i, i + EMPLOYEES_PER_BATCH)));
    return;
  }
  const versions = await allVersions(tx);
  let group: PerfSource[] = [];
  for await (const employeesRows of streamMonth(tx, await tenantZone(tx, tenantId), month, locks)) {
    group = group.concat(employeesRows);
    if (group.length >= ROWS_PER_GROUP) {
      await fn(await rowsOfSources(tx, group, versions));
      group = [];
    }
  }
  if (group.length) await fn(await rowsOfSources(tx, group, versions));
}

/** Rows computed at once in a whole month's pass (whole employees: their metrics need all their rows). */
const ROWS_PER_GROUP = 10_000;

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
  if (month >= (await tenantToday(tx, auth.tenantId)).slice(0, 7)) throw conflict('royaltyMonthNotOver', { month });
  let count = 0;
  let royalty = 0;
  await forEachBatch(tx, auth.tenantId, month, undefined, async ({ rows }) => {
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
    // 公单 rows (no employee) are no one's commission.
    employeeIds = es.flatMap((e) => (e.id === null ? [] : [e.id]));
  }
  const from = (q.page - 1) * q.pageSize;
  const list: RoyaltyRow[] = [];
  let total = 0;
  let sum = sumRows([]);
  const byEmployee = new Map<number, Omit<RoyaltyEmployeeSum, 'metrics'>>();
  const metrics = new Map<number, Metrics>();
  await forEachBatch(tx, auth.tenantId, q.month, employeeIds, ({ rows, metrics: batchMetrics }) => {
    const shown = rows
      .filter(
        (r) =>
          (!q.shopId || r.shopId === q.shopId) && (!visible || visible.includes(r.shopId)) && (!q.billNo || r.billcode.includes(q.billNo)),
      )
      .sort(byEmployeeAndDay);
    for (const r of shown) {
      if (total >= from && list.length < q.pageSize) list.push(r);
      total++;
      const e = byEmployee.get(r.eeid) ?? {
        eeid: r.eeid,
        eecode: r.eecode,
        eename: r.eename,
        rows: 0,
        money: 0,
        base: 0,
        cost: 0,
        royalty: 0,
      };
      e.rows++;
      e.money += r.money;
      e.base += r.base;
      e.cost += r.cost;
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
