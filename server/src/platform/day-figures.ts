import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { installedModules } from './modules.js';

/**
 * The daily figures: per shop, business day (the company's calendar), pay type and kind, the money and the
 * count the records give, in table `day_figures`. Each module that writes such records owns the SQL of its
 * figures (a `DayFigureSource`, listed in its `ModuleDef`) and, in the transaction of every write that changes
 * them, adds that SQL's answer for the records it wrote (`addDayFiguresOf`), or rows it computed itself
 * (`addDayFigures`). `rebuildDayFigures` recomputes a range from every source: the two must agree.
 *
 * Kinds (what the money is):
 * - the till's settled bills, on their business day, by the payment's pay type, each payment's share of a
 *   line (分摊) by the line's kind: `service`, `product`, `package` (sold), `cardSale` (cards opened or
 *   recharged); a share paid by card is `cardUse` (耗卡) whatever the line;
 * - `bill` (count only): per pay type the bills paid with it, and pay type 0 every bill; `visit` (count
 *   only, pay type 0): the bills that count as a customer's visit;
 * - `cardSale` with pay type 0: cards opened or recharged outside the till (head office), on the day made;
 * - `refund`: money paid out by direct refunds (shop 0: head office's);
 * - `voucher`: platform vouchers verified on their day, taken off on the day they are refunded;
 * - `prepaid`: prepaid orders taken on their day, moved between shops and refunded on the day it happens.
 * Counts of different kinds or pay types do not add up (a bill is counted once in each row it is in).
 */
export const DAY_FIGURE_KINDS = [
  'service',
  'product',
  'package',
  'cardSale',
  'cardUse',
  'bill',
  'visit',
  'refund',
  'voucher',
  'prepaid',
] as const;
export type DayFigureKind = (typeof DAY_FIGURE_KINDS)[number];
/** The kinds of the money the till took on its bills (turnover, the home page's cash). */
export const TILL_MONEY_KINDS: DayFigureKind[] = ['service', 'product', 'package', 'cardSale', 'cardUse'];

export interface DayFigure {
  shopId: number;
  day: string;
  payTypeId: number;
  kind: DayFigureKind;
  amount: number;
  count: number;
}

/**
 * A module's figures as SQL: a select of `tenant_id, shop_id, day, pay_type_id, kind, amount, count` over its
 * records (several rows of one key may come out; they are added). Called with no condition for a rebuild.
 */
export interface DayFigureSource {
  name: string;
  query: () => SQL;
}

const columns = sql.raw('tenant_id, shop_id, day, pay_type_id, kind');

/** The upsert of summed rows, in key order (two writers lock the rows they share in the same order). */
const upsert = (rows: SQL) => sql`
  insert into day_figures (tenant_id, shop_id, day, pay_type_id, kind, amount, count)
  ${rows}
  on conflict (tenant_id, shop_id, day, pay_type_id, kind)
  do update set amount = day_figures.amount + excluded.amount, count = day_figures.count + excluded.count`;

/**
 * Adds a source's answer for the records just written (sign 1), or takes away what they counted (sign -1,
 * run before the write that makes them count no more): on the day they counted on.
 */
export async function addDayFiguresOf(tx: Db, query: SQL, sign: 1 | -1 = 1) {
  await tx.execute(
    upsert(sql`
      select ${columns}, (sum(amount) * ${sign}::int)::bigint, (sum(count) * ${sign}::int)::int
      from (${query}) figures
      group by ${columns}
      order by ${columns}`),
  );
}

/** Adds rows a module computed itself (negative amounts and counts take away), in the transaction's tenant. */
export async function addDayFigures(tx: Db, rows: DayFigure[]) {
  if (!rows.length) return;
  const values = sql.join(
    rows.map(
      (r) => sql`(${r.shopId}::bigint, ${r.day}::date, ${r.payTypeId}::bigint, ${r.kind}::text, ${r.amount}::bigint, ${r.count}::int)`,
    ),
    sql`, `,
  );
  await addDayFiguresOf(
    tx,
    sql`select app_current_tenant() as tenant_id, v.* from (values ${values}) v (shop_id, day, pay_type_id, kind, amount, count)`,
  );
}

export interface DayRange {
  from: string;
  to: string;
  /** Only these shops (none: every shop). */
  shopIds?: number[];
}

const shopsIn = (range: DayRange) =>
  range.shopIds?.length
    ? sql`and shop_id in (${sql.join(
        range.shopIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;

const sources = () => installedModules().flatMap((m) => m.dayFigures ?? []);

/** Every source's figures of the tenant over the range, summed per key; rows that come to nothing left out. */
function recomputed(tenantId: number, range: DayRange): SQL {
  const union = sql.join(
    sources().map((s) => sql`(${s.query()})`),
    sql` union all `,
  );
  return sql`
    select ${columns}, sum(amount)::bigint as amount, sum(count)::int as count
    from (${union}) figures
    where tenant_id = ${tenantId} and day between ${range.from}::date and ${range.to}::date ${shopsIn(range)}
    group by ${columns}
    having sum(amount) <> 0 or sum(count) <> 0`;
}

function kept(tenantId: number, range: DayRange): SQL {
  return sql`
    select ${columns}, amount, count from day_figures
    where tenant_id = ${tenantId} and day between ${range.from}::date and ${range.to}::date ${shopsIn(range)}
      and (amount <> 0 or count <> 0)`;
}

type Row = { shop_id: unknown; day: unknown; pay_type_id: unknown; kind: string; amount: unknown; count: unknown };

const rowOf = (r: Row): DayFigure => ({
  shopId: Number(r.shop_id),
  day: String(r.day).slice(0, 10),
  payTypeId: Number(r.pay_type_id),
  kind: r.kind as DayFigureKind,
  amount: Number(r.amount),
  count: Number(r.count),
});

async function rowsOf(tx: Db, query: SQL) {
  const result = (await tx.execute(query)) as unknown as { rows: Row[] };
  return result.rows.map(rowOf);
}

export interface DayFigureDifference {
  key: Omit<DayFigure, 'amount' | 'count'>;
  kept: { amount: number; count: number };
  recomputed: { amount: number; count: number };
}

/**
 * Recomputes the range from the records and compares it with the table: the differences, key by key. Unless
 * `dryRun`, the range's rows are then replaced by the recomputed ones, the table locked against writers
 * meanwhile (a write waits, then adds its own figures on top of the rebuilt rows).
 */
export async function rebuildDayFigures(tx: Db, tenantId: number, range: DayRange, options: { dryRun?: boolean } = {}) {
  if (!options.dryRun) await tx.execute(sql`lock table day_figures in exclusive mode`);
  const fresh = await rowsOf(tx, recomputed(tenantId, range));
  const old = await rowsOf(tx, kept(tenantId, range));
  const keyOf = (r: DayFigure) => `${r.shopId}|${r.day}|${r.payTypeId}|${r.kind}`;
  const before = new Map(old.map((r) => [keyOf(r), r]));
  const differences: DayFigureDifference[] = [];
  for (const r of fresh) {
    const k = before.get(keyOf(r));
    before.delete(keyOf(r));
    if (k && k.amount === r.amount && k.count === r.count) continue;
    differences.push({
      key: { shopId: r.shopId, day: r.day, payTypeId: r.payTypeId, kind: r.kind },
      kept: { amount: k?.amount ?? 0, count: k?.count ?? 0 },
      recomputed: { amount: r.amount, count: r.count },
    });
  }
  for (const k of before.values())
    differences.push({
      key: { shopId: k.shopId, day: k.day, payTypeId: k.payTypeId, kind: k.kind },
      kept: { amount: k.amount, count: k.count },
      recomputed: { amount: 0, count: 0 },
    });
  if (!options.dryRun) {
    await tx.execute(
      sql`delete from day_figures where tenant_id = ${tenantId} and day between ${range.from}::date and ${range.to}::date ${shopsIn(range)}`,
    );
    await tx.execute(
      sql`insert into day_figures (tenant_id, shop_id, day, pay_type_id, kind, amount, count) ${recomputed(tenantId, range)}`,
    );
  }
  return { rows: fresh.length, differences };
}

/**
 * Runs a write with its records' figures taken away before it and added after it (the records the source's
 * query picks): whatever the write changes, the table moves by the difference, on the days each counted on.
 */
export async function withDayFigures<T>(tx: Db, query: SQL, write: () => Promise<T>): Promise<T> {
  await addDayFiguresOf(tx, query, -1);
  const result = await write();
  await addDayFiguresOf(tx, query, 1);
  return result;
}
