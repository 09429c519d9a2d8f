import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { conflict } from './errors.js';
import { defineMessages } from './i18n.js';
import { ledgerPosting } from './moves.js';

defineMessages({
  insufficientBalance: [
    '「{item}」余额不足：可用 {available}，需要 {needed}',
    'Not enough in "{item}": {available} available, {needed} needed',
  ],
});

/**
 * One ledger mechanism for every balance the product keeps: stock per location × product, and the
 * next ones (card money per card × shop × principal/gift, package counts and reserve money per shop
 * × type). A ledger is a pair of tables:
 *
 * - the balance table: `tenant_id`, its key columns, the amount column (and optionally a column
 *   stamped at each change), with a unique index on `(tenant_id, key...)` where a nullable key is
 *   written `coalesce(column, nullAs)`, exactly as declared here;
 * - the ledger table, append-only: `id` (ascending with time), `tenant_id`, the same key columns,
 *   the signed amount (`delta`), the balance after the row (`balance`), and what the row traces
 *   to: `doc_type`, `bill_id`, `line_id`, and `reverses_id` (the row a reversal negates).
 *
 * `defineLedger` answers the operations on that pair; all run in the caller's transaction.
 */

export type KeyValue = number | string | null;
type SqlType = 'bigint' | 'integer' | 'smallint' | 'text';

/** One key column of a balance. */
export interface KeyColumn<T extends KeyValue = KeyValue> {
  column: string;
  type: SqlType;
  /** A nullable key: null stands for this value in the unique index (`coalesce(column, nullAs)`), so null and it are one balance. */
  nullAs?: number | string;
  /** Carries the key's TypeScript type; never set. */
  readonly value?: T;
}

/** Builders of key columns. */
export const keyColumn = {
  /** A record id, e.g. the product or the card. */
  id: (column: string): KeyColumn<number> => ({ column, type: 'bigint' }),
  /** A record id that may be null, e.g. the shop (null: head office's warehouse), written 0 in the unique index. */
  optionalId: (column: string): KeyColumn<number | null> => ({ column, type: 'bigint', nullAs: 0 }),
  /** A bucket or type named by text, e.g. `principal` | `gift`. */
  text: (column: string): KeyColumn<string> => ({ column, type: 'text' }),
};

type KeyColumns = Record<string, KeyColumn>;
/** The key of one balance, e.g. `{ shopId: number | null; productId: number }`. */
export type KeyOf<C extends KeyColumns> = { [k in keyof C]: C[k] extends KeyColumn<infer T> ? T : never };

/** One movement of a ledger: a signed amount on one balance, traced to its bill line. */
export type Movement<K> = K & {
  delta: number;
  lineId: number | null;
  /** The ledger row this one reverses (revoke). */
  reversesId?: number | null;
};

/** A decrease that would take a balance below zero. */
export interface Shortage<K> {
  key: K;
  /** What `describe` calls the balance (e.g. the product's name). */
  label: string;
  available: number;
  needed: number;
}

export interface LedgerDefinition<C extends KeyColumns> {
  /** Names the ledger in checks, e.g. `stock`. */
  name: string;
  /** Table names, optionally schema-qualified. */
  balanceTable: string;
  ledgerTable: string;
  /** The key columns, in lock order (the order of the unique index). */
  keys: C;
  /** The balance table's amount column (stock: `quantity`). */
  amountColumn: string;
  /** The ledger's signed amount and running balance columns; `delta` and `balance` by default. */
  deltaColumn?: string;
  runningColumn?: string;
  /** A balance column set to now() at every change (stock: `updated_at`). */
  touchColumn?: string;
  /** The error of a refused decrease; by default 409 `insufficientBalance` naming the balance. */
  refuse?: (shortage: Shortage<KeyOf<C>>) => Error;
  /** `false`: left out of `balanceMismatches` (a ledger a test defines over its own tables). */
  register?: boolean;
  /**
   * `false`: a count no period lock covers (the SMS allowance), so a route posting it declares no
   * `moves`; money and stock ledgers leave it out.
   */
  periodLocked?: false;
}

export interface PostOptions<K> {
  tenantId: number;
  docType: string;
  billId: number;
  /** Decreases may take a balance below zero (stock's "allow negative stock"). */
  allowNegative: boolean;
  /** Names a balance in the refusal message (e.g. the product). */
  describe?: (key: K) => Promise<string> | string;
}

export interface Mismatch<K> {
  key: K;
  /** The stored balance; null when the ledger has rows but there is no balance row. */
  balance: number | null;
  ledgerSum: number;
  /** The ledger row whose running balance disagrees with the sum of deltas up to it. */
  badRowId: number | null;
}

export interface Ledger<K> {
  name: string;
  /**
   * Posts movements: the balances by one multi-row upsert per round (each balance appears once per
   * round), locked in key order, then the ledger rows in one insert, each with the balance after
   * it. A decrease that takes a balance below zero throws (the caller's transaction then rolls
   * back) unless `allowNegative`; an increase always posts, so a reversal that brings a negative
   * balance back up is never refused.
   */
  post(tx: Db, movements: Movement<K>[], options: PostOptions<K>): Promise<void>;
  /**
   * Locks (creating at zero when missing) the balances of several postings in one fixed order. A
   * transaction that posts twice (a transfer: out here, entry there) calls it first, so that two
   * opposite ones at the same moment queue up instead of deadlocking.
   */
  lock(tx: Db, tenantId: number, keys: K[]): Promise<void>;
  /**
   * The rows a bill posted and that are not reversed yet, negated and pointing at their originals:
   * what a revoke posts (under the same bill, so both lookups use the (tenant, doc type, bill) index).
   */
  reversalOf(tx: Db, docType: string, billId: number): Promise<Movement<K>[]>;
  /** The current tenant's balances of these keys (0 where there is none), in the order asked. */
  balances(tx: Db, keys: K[]): Promise<number[]>;
  /**
   * The invariant, for the current tenant (of these keys, or all): every balance equals the sum of
   * its ledger rows, every row's running balance is the sum of deltas up to it, and no ledger rows
   * lack a balance. Answers the disagreements: none when the ledger is right.
   */
  mismatches(tx: Db, keys?: K[]): Promise<Mismatch<K>[]>;
}

const NAME = /^[a-z_][a-z0-9_]*$/;

/** A table or column name, optionally schema-qualified; refused unless plain lower-case. */
function ident(name: string): SQL {
  const parts = name.split('.');
  if (!parts.every((p) => NAME.test(p))) throw new Error(`not a plain SQL name: ${name}`);
  return sql.join(
    parts.map((p) => sql.identifier(p)),
    sql`.`,
  );
}

function literal(value: number | string): SQL {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
    return sql.raw(String(value));
  }
  return sql.raw(`'${value.replaceAll("'", "''")}'`);
}

const registry: Ledger<Record<string, KeyValue>>[] = [];

export function defineLedger<C extends KeyColumns>(def: LedgerDefinition<C>): Ledger<KeyOf<C>> {
  type K = KeyOf<C>;
  type M = Movement<K>;
  const names = Object.keys(def.keys) as (keyof C & string)[];
  if (!names.length) throw new Error(`${def.name}: a ledger needs at least one key`);
  const cols = names.map((n) => def.keys[n]);
  const balance = ident(def.balanceTable);
  const ledger = ident(def.ledgerTable);
  const amount = ident(def.amountColumn);
  const delta = ident(def.deltaColumn ?? 'delta');
  const running = ident(def.runningColumn ?? 'balance');
  const touch = def.touchColumn ? sql`, ${ident(def.touchColumn)} = now()` : sql``;
  const keyIdents = cols.map((c) => ident(c.column));
  const keyList = sql.join(keyIdents, sql`, `);
  const qualified = (alias: string) =>
    sql.join(
      keyIdents.map((k) => sql`${sql.raw(alias)}.${k}`),
      sql`, `,
    );
  /** The key as the unique index has it: `coalesce(column, nullAs)` for a nullable key. */
  const indexed = (alias?: string) =>
    cols.map((c, i) => {
      const column = alias ? sql`${sql.raw(alias)}.${keyIdents[i]}` : keyIdents[i];
      return c.nullAs === undefined ? column : sql`coalesce(${column}, ${literal(c.nullAs)})`;
    });
  const conflictTarget = sql.join([sql`tenant_id`, ...indexed()], sql`, `);
  const params = (k: K) =>
    sql.join(
      cols.map((c, i) => sql`${k[names[i]]}::${sql.raw(c.type)}`),
      sql`, `,
    );

  /** A key value as the index compares it (null → nullAs), from the caller or from the database. */
  const norm = (c: KeyColumn, v: unknown): number | string | null => {
    if (v === null || v === undefined) return c.nullAs ?? null;
    return c.type === 'text' ? String(v) : Number(v);
  };
  const identity = (k: Record<string, unknown>) => JSON.stringify(cols.map((c, i) => norm(c, k[names[i]])));
  /** Key order: every transaction locks balances in this one order, so none waits on another in a cycle. */
  const compare = (a: K, b: K) => {
    for (const [i, c] of cols.entries()) {
      const x = norm(c, a[names[i]]);
      const y = norm(c, b[names[i]]);
      if (x === y) continue;
      if (x === null) return -1;
      if (y === null) return 1;
      if (typeof x === 'number' && typeof y === 'number') return x - y;
      return String(x) < String(y) ? -1 : 1;
    }
    return 0;
  };
  /** A key from a database row; a nullable key's nullAs comes back as null. */
  const keyFrom = (row: Record<string, unknown>): K =>
    Object.fromEntries(
      cols.map((c, i) => {
        const v = norm(c, row[c.column]);
        return [names[i], c.nullAs !== undefined && v === c.nullAs ? null : v];
      }),
    ) as K;
  /** Splits movements into rounds in which each balance appears once (one statement may touch a row once). */
  const rounds = (movements: M[]): M[][] => {
    const out: M[][] = [];
    const seen = new Map<string, number>();
    for (const m of movements) {
      const n = seen.get(identity(m)) ?? 0;
      seen.set(identity(m), n + 1);
      if (!out[n]) out[n] = [];
      out[n].push(m);
    }
    return out;
  };
  const refuse =
    def.refuse ?? ((s: Shortage<K>) => conflict('insufficientBalance', { item: s.label, available: s.available, needed: s.needed }));
  const keyFilter = (keys: K[] | undefined, alias?: string) =>
    keys
      ? keys.length
        ? sql` and (${sql.join(indexed(alias), sql`, `)}) in (${sql.join(
            keys.map(
              (k) =>
                sql`(${sql.join(
                  cols.map((c, i) => sql`${norm(c, k[names[i]])}::${sql.raw(c.type)}`),
                  sql`, `,
                )})`,
            ),
            sql`, `,
          )})`
        : sql` and false`
      : sql``;

  const self: Ledger<K> = {
    name: def.name,

    async post(tx, movements, options) {
      const sorted = movements.filter((m) => m.delta !== 0).sort(compare);
      if (sorted.length && def.periodLocked !== false) ledgerPosting(def.name);
      for (const round of rounds(sorted)) {
        const result = await tx.execute(sql`
          insert into ${balance} as b (tenant_id, ${keyList}, ${amount})
          values ${sql.join(
            round.map((m) => sql`(${options.tenantId}, ${params(m)}, ${m.delta})`),
            sql`, `,
          )}
          on conflict (${conflictTarget})
          do update set ${amount} = b.${amount} + excluded.${amount}${touch}
          returning ${keyList}, ${amount} as amount`);
        const after = new Map(rowsOf<Record<string, unknown>>(result).map((r) => [identity(keyFrom(r)), Number(r.amount)]));
        const amountOf = (m: M) => after.get(identity(m)) as number;
        // Only a decrease is refused: a reversal that brings a negative balance back up always posts.
        const short = options.allowNegative ? undefined : round.find((m) => m.delta < 0 && amountOf(m) < 0);
        if (short) {
          const key = Object.fromEntries(names.map((n) => [n, short[n]])) as unknown as K;
          throw refuse({
            key,
            label: options.describe ? await options.describe(key) : identity(key),
            available: amountOf(short) - short.delta,
            needed: -short.delta,
          });
        }
        await tx.execute(sql`
          insert into ${ledger} (tenant_id, ${keyList}, ${delta}, ${running}, doc_type, bill_id, line_id, reverses_id)
          values ${sql.join(
            round.map(
              (m) =>
                sql`(${options.tenantId}, ${params(m)}, ${m.delta}, ${amountOf(m)}, ${options.docType}, ${options.billId}, ${m.lineId}::bigint, ${m.reversesId ?? null}::bigint)`,
            ),
            sql`, `,
          )}`);
      }
    },

    async lock(tx, tenantId, keys) {
      const unique = [...new Map(keys.map((k) => [identity(k), k])).values()].sort(compare);
      if (!unique.length) return;
      await tx.execute(sql`
        insert into ${balance} as b (tenant_id, ${keyList}, ${amount})
        values ${sql.join(
          unique.map((k) => sql`(${tenantId}, ${params(k)}, 0)`),
          sql`, `,
        )}
        on conflict (${conflictTarget}) do update set ${amount} = b.${amount}`);
    },

    async reversalOf(tx, docType, billId) {
      const result = await tx.execute(sql`
        select l.id, ${qualified('l')}, l.${delta} as delta, l.line_id from ${ledger} l
        where l.tenant_id = app_current_tenant() and l.doc_type = ${docType} and l.bill_id = ${billId} and l.reverses_id is null
          and not exists (
            select 1 from ${ledger} r
            where r.tenant_id = l.tenant_id and r.doc_type = l.doc_type and r.bill_id = l.bill_id and r.reverses_id = l.id)
        order by l.id`);
      return rowsOf<Record<string, unknown>>(result).map(
        (r) =>
          ({
            ...keyFrom(r),
            delta: -Number(r.delta),
            lineId: r.line_id === null ? null : Number(r.line_id),
            reversesId: Number(r.id),
          }) as M,
      );
    },

    async balances(tx, keys) {
      if (!keys.length) return [];
      const result = await tx.execute(sql`
        select ${keyList}, ${amount} as amount from ${balance} b
        where tenant_id = app_current_tenant()${keyFilter(keys)}`);
      const found = new Map(rowsOf<Record<string, unknown>>(result).map((r) => [identity(keyFrom(r)), Number(r.amount)]));
      return keys.map((k) => found.get(identity(k)) ?? 0);
    },

    async mismatches(tx, keys) {
      const k = cols.map((_, i) => sql.raw(`k${i}`));
      const keyed = (alias?: string) =>
        sql.join(
          indexed(alias).map((e, i) => sql`${e} as ${k[i]}`),
          sql`, `,
        );
      const kList = sql.join(k, sql`, `);
      const result = await tx.execute(sql`
        with sums as (
          select ${keyed()}, sum(${delta})::bigint as total
          from ${ledger} where tenant_id = app_current_tenant()${keyFilter(keys)} group by ${kList}),
        runs as (
          select id, ${keyed()}, ${running} as running,
            sum(${delta}) over (partition by ${sql.join(indexed(), sql`, `)} order by id)::bigint as expected
          from ${ledger} where tenant_id = app_current_tenant()${keyFilter(keys)}),
        bals as (
          select ${keyed()}, ${amount} as amount from ${balance} where tenant_id = app_current_tenant()${keyFilter(keys)})
        select ${sql.join(
          k.map((x) => sql`coalesce(b.${x}, s.${x}) as ${x}`),
          sql`, `,
        )}, b.amount, coalesce(s.total, 0) as ledger_sum, null::bigint as bad_row_id
        from bals b full join sums s on ${sql.join(
          k.map((x) => sql`s.${x} = b.${x}`),
          sql` and `,
        )}
        where b.amount is distinct from coalesce(s.total, 0)
        union all
        select ${kList}, null, expected, id from runs where running <> expected`);
      return rowsOf<Record<string, unknown>>(result).map((r) => ({
        key: keyFrom(Object.fromEntries(cols.map((c, i) => [c.column, r[`k${i}`]]))),
        balance: r.amount === null ? null : Number(r.amount),
        ledgerSum: Number(r.ledger_sum),
        badRowId: r.bad_row_id === null ? null : Number(r.bad_row_id),
      }));
    },
  };
  if (def.register !== false) {
    if (registry.some((l) => l.name === def.name)) throw new Error(`ledger ${def.name} is defined twice`);
    registry.push(self as unknown as Ledger<Record<string, KeyValue>>);
  }
  return self;
}

/** Every registered ledger's disagreements for the current tenant (none when all are right). For tests and an administrator's check. */
export async function balanceMismatches(tx: Db): Promise<(Mismatch<Record<string, KeyValue>> & { ledger: string })[]> {
  const out: (Mismatch<Record<string, KeyValue>> & { ledger: string })[] = [];
  for (const l of registry) for (const m of await l.mismatches(tx)) out.push({ ledger: l.name, ...m });
  return out;
}

/** `db.execute` answers `{ rows }` on both drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
