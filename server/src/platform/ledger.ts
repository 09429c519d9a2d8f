import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { conflict } from './errors.js';
import { defineMessages } from './i18n.js';

defineMessages({
  insufficientStock: [
    '「{product}」库存不足：可用 {available}，需要 {needed}',
    'Not enough "{product}" in stock: {available} available, {needed} needed',
  ],
});

/** Sort key of a balance: the warehouse (null) first, then shops, then products. */
const byLocationProduct = (a: { shopId: number | null; productId: number }, b: { shopId: number | null; productId: number }) =>
  (a.shopId ?? 0) - (b.shopId ?? 0) || a.productId - b.productId;

/** One movement of a ledger: a signed quantity on one balance, traced to its bill line. */
export interface Movement {
  shopId: number | null;
  productId: number;
  delta: number;
  lineId: number | null;
  /** The ledger row this one reverses (revoke). */
  reversesId?: number | null;
}

export interface PostOptions {
  tenantId: number;
  docType: string;
  billId: number;
  allowNegative: boolean;
  /** Names the product in the "not enough stock" message. */
  describe: (productId: number) => Promise<string>;
}

const keyOf = (m: { shopId: number | null; productId: number }) => `${m.shopId ?? 0}:${m.productId}`;

/** Splits movements into rounds in which each balance appears once (one statement may touch a row once). */
function rounds(movements: Movement[]): Movement[][] {
  const out: Movement[][] = [];
  const seen = new Map<string, number>();
  for (const m of movements) {
    const n = seen.get(keyOf(m)) ?? 0;
    seen.set(keyOf(m), n + 1);
    if (!out[n]) out[n] = [];
    out[n].push(m);
  }
  return out;
}

/**
 * Posts movements to the stock ledger and balances in the caller's transaction. The balances are
 * updated by one multi-row upsert (which locks the rows in key order), so concurrent outs on one
 * balance queue up and each check sees the committed quantity, and two bills never wait on each
 * other's rows (no deadlock); the ledger rows follow in one insert, each with the balance after it.
 * A balance that a decrease takes below zero refuses the whole transaction unless negative stock
 * is allowed (the caller's transaction then rolls back).
 */
export async function postStock(tx: Db, movements: Movement[], options: PostOptions) {
  const sorted = movements.filter((m) => m.delta !== 0).sort(byLocationProduct);
  for (const round of rounds(sorted)) {
    const result = await tx.execute(sql`
      insert into stock_balances (tenant_id, shop_id, product_id, quantity)
      values ${sql.join(
        round.map((m) => sql`(${options.tenantId}, ${m.shopId}::bigint, ${m.productId}, ${m.delta})`),
        sql`, `,
      )}
      on conflict (tenant_id, coalesce(shop_id, 0), product_id)
      do update set quantity = stock_balances.quantity + excluded.quantity, updated_at = now()
      returning shop_id, product_id, quantity`);
    const after = new Map(
      rowsOf<{ shop_id: number | null; product_id: number; quantity: number }>(result).map((r) => [
        keyOf({ shopId: r.shop_id === null ? null : Number(r.shop_id), productId: Number(r.product_id) }),
        Number(r.quantity),
      ]),
    );
    const quantityOf = (m: Movement) => after.get(keyOf(m)) as number;
    // Only a decrease is refused: a reversal that brings a negative balance back up always posts.
    const short = options.allowNegative ? undefined : round.find((m) => m.delta < 0 && quantityOf(m) < 0);
    if (short) {
      throw conflict('insufficientStock', {
        product: await options.describe(short.productId),
        available: quantityOf(short) - short.delta,
        needed: -short.delta,
      });
    }
    await tx.execute(sql`
      insert into stock_ledger (tenant_id, shop_id, product_id, delta, balance, doc_type, bill_id, line_id, reverses_id)
      values ${sql.join(
        round.map(
          (m) =>
            sql`(${options.tenantId}, ${m.shopId}::bigint, ${m.productId}, ${m.delta}, ${quantityOf(m)}, ${options.docType}, ${options.billId}, ${m.lineId}::bigint, ${m.reversesId ?? null}::bigint)`,
        ),
        sql`, `,
      )}`);
  }
}

/**
 * Locks (creating at zero when missing) the balance rows of several postings in one fixed order.
 * A transaction that posts at two locations (a transfer: out here, entry there) calls it first, so
 * that two opposite transfers at the same moment queue up instead of deadlocking.
 */
export async function lockBalances(tx: Db, tenantId: number, keys: { shopId: number | null; productId: number }[]) {
  const unique = [...new Map(keys.map((k) => [keyOf(k), k])).values()].sort(byLocationProduct);
  if (!unique.length) return;
  await tx.execute(sql`
    insert into stock_balances (tenant_id, shop_id, product_id, quantity)
    values ${sql.join(
      unique.map((k) => sql`(${tenantId}, ${k.shopId}::bigint, ${k.productId}, 0)`),
      sql`, `,
    )}
    on conflict (tenant_id, coalesce(shop_id, 0), product_id) do update set quantity = stock_balances.quantity`);
}

/**
 * The ledger rows a bill posted and that are not reversed yet, negated: what a revoke posts. A
 * reversal is posted under the same bill, so both lookups use the (tenant, doc type, bill) index.
 */
export async function reversalOf(tx: Db, docType: string, billId: number): Promise<Movement[]> {
  const result = await tx.execute(sql`
    select l.id, l.shop_id, l.product_id, l.delta, l.line_id from stock_ledger l
    where l.tenant_id = app_current_tenant() and l.doc_type = ${docType} and l.bill_id = ${billId} and l.reverses_id is null
      and not exists (
        select 1 from stock_ledger r
        where r.tenant_id = l.tenant_id and r.doc_type = l.doc_type and r.bill_id = l.bill_id and r.reverses_id = l.id)
    order by l.id`);
  return rowsOf<{ id: number; shop_id: number | null; product_id: number; delta: number; line_id: number | null }>(result).map((r) => ({
    shopId: r.shop_id === null ? null : Number(r.shop_id),
    productId: Number(r.product_id),
    delta: -Number(r.delta),
    lineId: r.line_id === null ? null : Number(r.line_id),
    reversesId: Number(r.id),
  }));
}

export interface BalanceMismatch {
  shopId: number | null;
  productId: number;
  quantity: number | null;
  ledgerSum: number;
  /** The ledger row whose running `balance` column disagrees with the sum of deltas up to it. */
  badRowId: number | null;
}

/**
 * The ledger's invariant, checked for the current tenant: every balance equals the sum of its ledger
 * rows, every ledger row's `balance` is the running sum up to it, and no ledger rows lack a balance.
 * Answers the disagreements (none when the ledger is right). For tests and an administrator's check.
 */
export async function balanceMismatches(tx: Db): Promise<BalanceMismatch[]> {
  const result = await tx.execute(sql`
    with sums as (
      select coalesce(shop_id, 0) as loc, product_id, sum(delta)::int as total
      from stock_ledger where tenant_id = app_current_tenant() group by 1, 2),
    running as (
      select id, coalesce(shop_id, 0) as loc, product_id, balance,
        sum(delta) over (partition by coalesce(shop_id, 0), product_id order by id)::int as expected
      from stock_ledger where tenant_id = app_current_tenant())
    select nullif(coalesce(b.loc, s.loc), 0) as shop_id, coalesce(b.product_id, s.product_id) as product_id,
      b.quantity, coalesce(s.total, 0) as ledger_sum, null::bigint as bad_row_id
    from (select coalesce(shop_id, 0) as loc, product_id, quantity from stock_balances where tenant_id = app_current_tenant()) b
    full join sums s on s.loc = b.loc and s.product_id = b.product_id
    where b.quantity is distinct from coalesce(s.total, 0)
    union all
    select nullif(loc, 0), product_id, null, expected, id from running where balance <> expected`);
  return rowsOf<{ shop_id: number | null; product_id: number; quantity: number | null; ledger_sum: number; bad_row_id: number | null }>(
    result,
  ).map((r) => ({
    shopId: r.shop_id === null ? null : Number(r.shop_id),
    productId: Number(r.product_id),
    quantity: r.quantity === null ? null : Number(r.quantity),
    ledgerSum: Number(r.ledger_sum),
    badRowId: r.bad_row_id === null ? null : Number(r.bad_row_id),
  }));
}

/** `db.execute` answers `{ rows }` on both drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
