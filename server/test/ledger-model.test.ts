import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { stockBook } from '../src/modules/stock/ledger.js';
import { AppError } from '../src/platform/errors.js';
import { defineLedger, type KeyValue, keyColumn, type Ledger, rowsOf } from '../src/platform/ledger.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';
import { makeProducts, shopIds } from './stock-support.js';

type Key = Record<string, KeyValue>;

/** A ledger under test: its definition, fresh keys for each run, and its rows read back. */
interface Subject<K extends Key> {
  title: string;
  ledger: Ledger<K>;
  /** Balances no earlier run touched (the tables outlive a run). */
  freshKeys: () => Promise<K[]>;
  /** The ledger rows of these keys: which key (index), amount, running balance, bill and reversed row. */
  rows: (tx: Db, keys: K[]) => Promise<LedgerRow[]>;
}

interface LedgerRow {
  id: number;
  key: number;
  delta: number;
  running: number;
  billId: number;
  reversesId: number | null;
}

const DOC = 'model.test';

describe('the ledger mechanism against a model', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [s1, s2] = await shopIds(t, a);
  const db = t.database.db;
  const inA = <T>(fn: (tx: Db) => Promise<T>) => inTenant(db, a.tenantId, fn);

  // Throwaway tables in a schema of their own (other suites list the public tables), shaped like the
  // next ledgers: card money per card × shop × principal/gift, package counts per shop × type (other column names).
  const schema = `ledger_model_${randomBytes(4).toString('hex')}`;
  const ddl = [
    `create schema ${schema}`,
    `create table ${schema}.card_balances (id bigint generated always as identity primary key, tenant_id bigint not null,
      card_id bigint not null, shop_id bigint, bucket text not null, amount bigint not null default 0,
      updated_at timestamptz not null default now())`,
    `create unique index card_balances_key on ${schema}.card_balances (tenant_id, card_id, coalesce(shop_id, 0), bucket)`,
    `create table ${schema}.card_ledger (id bigint generated always as identity primary key, tenant_id bigint not null,
      card_id bigint not null, shop_id bigint, bucket text not null, delta bigint not null, balance bigint not null,
      doc_type text not null, bill_id bigint not null, line_id bigint, reverses_id bigint, at timestamptz not null default now())`,
    `create index card_ledger_bill on ${schema}.card_ledger (tenant_id, doc_type, bill_id)`,
    `create table ${schema}.package_counts (id bigint generated always as identity primary key, tenant_id bigint not null,
      shop_id bigint not null, package_type text not null, remaining integer not null default 0)`,
    `create unique index package_counts_key on ${schema}.package_counts (tenant_id, shop_id, package_type)`,
    `create table ${schema}.package_moves (id bigint generated always as identity primary key, tenant_id bigint not null,
      shop_id bigint not null, package_type text not null, change integer not null, after integer not null,
      doc_type text not null, bill_id bigint not null, line_id bigint, reverses_id bigint)`,
    `grant usage on schema ${schema} to headoffice_app`,
    `grant select, insert, update, delete on all tables in schema ${schema} to headoffice_app`,
    `grant usage, select on all sequences in schema ${schema} to headoffice_app`,
    ...['card_balances', 'card_ledger', 'package_counts', 'package_moves'].flatMap((table) => [
      `alter table ${schema}.${table} enable row level security`,
      `create policy tenant_isolation on ${schema}.${table} using (tenant_id = app_current_tenant()) with check (tenant_id = app_current_tenant())`,
    ]),
  ];
  for (const statement of ddl) await db.execute(sql.raw(statement));
  afterAll(() => db.execute(sql.raw(`drop schema ${schema} cascade`)));

  const cardMoney = defineLedger({
    name: 'test.card',
    balanceTable: `${schema}.card_balances`,
    ledgerTable: `${schema}.card_ledger`,
    keys: { cardId: keyColumn.id('card_id'), shopId: keyColumn.optionalId('shop_id'), bucket: keyColumn.text('bucket') },
    amountColumn: 'amount',
    touchColumn: 'updated_at',
    register: false,
  });
  const packageCounts = defineLedger({
    name: 'test.package',
    balanceTable: `${schema}.package_counts`,
    ledgerTable: `${schema}.package_moves`,
    keys: { shopId: keyColumn.id('shop_id'), type: keyColumn.text('package_type') },
    amountColumn: 'remaining',
    deltaColumn: 'change',
    runningColumn: 'after',
    register: false,
  });

  let serial = Number.parseInt(randomBytes(3).toString('hex'), 16) * 1000;
  const next = () => ++serial;

  /** Reads ledger rows of a table whose key columns are `columns`, mapping each row to its key's index. */
  const rowsReader =
    <K extends Key>(table: string, names: string[], columns: string[], delta = 'delta', running = 'balance') =>
    async (tx: Db, keys: K[]): Promise<LedgerRow[]> => {
      const result = await tx.execute(
        sql.raw(`select id, ${columns.join(', ')}, ${delta} as delta, ${running} as running, bill_id, reverses_id
          from ${table} where tenant_id = app_current_tenant() and doc_type = '${DOC}' order by id`),
      );
      const same = (row: Record<string, unknown>, k: K) =>
        names.every((n, i) => {
          const v = row[columns[i]];
          const w = k[n];
          return (v === null ? null : typeof w === 'string' ? String(v) : Number(v)) === w;
        });
      return rowsOf<Record<string, unknown>>(result)
        .map((row) => ({ row, key: keys.findIndex((k) => same(row, k)) }))
        .filter((x) => x.key >= 0)
        .map(({ row, key }) => ({
          id: Number(row.id),
          key,
          delta: Number(row.delta),
          running: Number(row.running),
          billId: Number(row.bill_id),
          reversesId: row.reverses_id === null ? null : Number(row.reverses_id),
        }));
    };

  const subjects: Subject<Key>[] = [
    {
      title: 'stock (location × product, the warehouse a null location)',
      ledger: stockBook as unknown as Ledger<Key>,
      freshKeys: async () => {
        const [p, q] = await makeProducts(t, a, 2);
        return [
          { shopId: null, productId: p.id },
          { shopId: s1, productId: p.id },
          { shopId: s1, productId: q.id },
          { shopId: s2, productId: q.id },
        ];
      },
      rows: rowsReader('stock_ledger', ['shopId', 'productId'], ['shop_id', 'product_id'], 'delta', 'balance'),
    },
    {
      title: 'card money (card × shop × principal/gift)',
      ledger: cardMoney as unknown as Ledger<Key>,
      freshKeys: async () => {
        const [card, other] = [next(), next()];
        return [
          { cardId: card, shopId: null, bucket: 'principal' },
          { cardId: card, shopId: s1, bucket: 'principal' },
          { cardId: card, shopId: s1, bucket: 'gift' },
          { cardId: other, shopId: s1, bucket: 'gift' },
        ];
      },
      rows: rowsReader(`${schema}.card_ledger`, ['cardId', 'shopId', 'bucket'], ['card_id', 'shop_id', 'bucket']),
    },
    {
      title: 'package counts (shop × type, other column names)',
      ledger: packageCounts as unknown as Ledger<Key>,
      freshKeys: async () => {
        const [shop, other] = [next(), next()];
        return [
          { shopId: shop, type: 'facial' },
          { shopId: shop, type: 'massage' },
          { shopId: other, type: "o'neil" },
        ];
      },
      rows: rowsReader(`${schema}.package_moves`, ['shopId', 'type'], ['shop_id', 'package_type'], 'change', 'after'),
    },
  ];

  type CardKey = { cardId: number; shopId: number | null; bucket: string };
  const cardKeys = () => subjects[1].freshKeys() as Promise<CardKey[]>;

  const movementArb = fc.record({ key: fc.nat({ max: 3 }), delta: fc.integer({ min: -5, max: 7 }) });
  const opArb = (negatives: boolean) =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('post' as const),
          movements: fc.array(movementArb, { minLength: 1, maxLength: 5 }),
          allowNegative: negatives ? fc.boolean() : fc.constant(false),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('reverse' as const),
          pick: fc.nat(),
          allowNegative: negatives ? fc.boolean() : fc.constant(false),
        }),
      },
    );

  interface ModelRow {
    billId: number;
    key: number;
    delta: number;
    reverses: ModelRow | null;
    reversed: boolean;
  }

  /**
   * Drives a ledger through random posts and reversals, each in its own transaction as a request
   * would, and after every step compares it with an in-memory model.
   */
  async function drive(subject: Subject<Key>, negatives: boolean) {
    const outcomes = { posted: 0, refused: 0, reversed: 0, reversalRefused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(opArb(negatives), { minLength: 1, maxLength: 12 }), async (ops) => {
        const keys = await subject.freshKeys();
        const balances = keys.map(() => 0);
        const rows: ModelRow[] = [];
        const bills: number[] = [];
        /** Whether the model refuses movements: a decrease leaving its balance below zero, in the order given per balance. */
        const refuses = (movements: { key: number; delta: number }[], allowNegative: boolean) => {
          if (allowNegative) return false;
          const running = [...balances];
          for (const m of movements) {
            running[m.key] += m.delta;
            if (m.delta < 0 && running[m.key] < 0) return true;
          }
          return false;
        };
        const indexOf = (m: Key) => keys.findIndex((k) => Object.keys(k).every((n) => k[n] === m[n]));
        const attempt = async (fn: (tx: Db) => Promise<void>) => {
          try {
            await inA(fn);
            return true;
          } catch (error) {
            expect(error).toBeInstanceOf(AppError);
            expect((error as AppError).status).toBe(409);
            return false;
          }
        };
        for (const op of ops) {
          const before = await inA((tx) => subject.rows(tx, keys));
          let changed = false;
          if (op.kind === 'post') {
            const movements = op.movements.map((m) => ({ key: m.key % keys.length, delta: m.delta }));
            const billId = next();
            const expectRefused = refuses(
              movements.filter((m) => m.delta !== 0),
              op.allowNegative,
            );
            const ok = await attempt((tx) =>
              subject.ledger.post(
                tx,
                movements.map((m, i) => ({ ...keys[m.key], delta: m.delta, lineId: i + 1 })),
                { tenantId: a.tenantId, docType: DOC, billId, allowNegative: op.allowNegative },
              ),
            );
            expect(ok, JSON.stringify({ balances, movements, allowNegative: op.allowNegative })).toBe(!expectRefused);
            changed = ok && movements.some((m) => m.delta !== 0);
            if (ok) {
              outcomes.posted++;
              bills.push(billId);
              for (const m of movements.filter((x) => x.delta !== 0)) {
                balances[m.key] += m.delta;
                rows.push({ billId, key: m.key, delta: m.delta, reverses: null, reversed: false });
              }
            } else outcomes.refused++;
          } else {
            if (!bills.length) continue;
            const billId = bills[bills.length - 1 - (op.pick % bills.length)];
            const originals = rows.filter((r) => r.billId === billId && !r.reverses && !r.reversed);
            const reversal = originals.map((r) => ({ key: r.key, delta: -r.delta }));
            // A reversal that only brings balances up always posts.
            const expectRefused = refuses(reversal, op.allowNegative);
            if (reversal.every((m) => m.delta > 0)) expect(expectRefused).toBe(false);
            let found: Key[] = [];
            const ok = await attempt(async (tx) => {
              const movements = await subject.ledger.reversalOf(tx, DOC, billId);
              found = movements;
              await subject.ledger.post(tx, movements, { tenantId: a.tenantId, docType: DOC, billId, allowNegative: op.allowNegative });
            });
            // What the mechanism found to reverse: the bill's rows not reversed yet, negated (per balance in the order they were posted).
            const perKey = (list: { key: number; delta: number }[]) =>
              keys.map((_, i) => list.filter((m) => m.key === i).map((m) => m.delta));
            expect(perKey(found.map((m) => ({ key: indexOf(m), delta: Number(m.delta) })))).toEqual(perKey(reversal));
            expect(ok, JSON.stringify({ balances, reversal, allowNegative: op.allowNegative })).toBe(!expectRefused);
            changed = ok && originals.length > 0;
            if (ok) {
              if (originals.length) outcomes.reversed++;
              for (const r of originals) {
                balances[r.key] -= r.delta;
                r.reversed = true;
                rows.push({ billId, key: r.key, delta: -r.delta, reverses: r, reversed: false });
              }
            } else outcomes.reversalRefused++;
          }

          // After every step, the database agrees with the model.
          const [stored, mismatches, after] = await inA(async (tx) => [
            await subject.ledger.balances(tx, keys),
            await subject.ledger.mismatches(tx, keys),
            await subject.rows(tx, keys),
          ]);
          expect(mismatches).toEqual([]);
          expect(stored).toEqual(balances);
          if (!negatives) for (const b of stored) expect(b).toBeGreaterThanOrEqual(0);
          // The same rows as the model (within one post the mechanism writes them in key order).
          const canon = (list: [number, number, number, boolean][]) => list.map((x) => JSON.stringify(x)).sort();
          expect(canon(after.map((r) => [r.billId, r.key, r.delta, r.reversesId !== null]))).toEqual(
            canon(rows.map((r) => [r.billId, r.key, r.delta, r.reverses !== null])),
          );
          // A refused step (or a reversal with nothing left to reverse) leaves every row as it was; posted rows carry their running balance.
          if (!changed) expect(after).toEqual(before);
          else expect(after.length).toBeGreaterThan(before.length);
          const running = keys.map(() => 0);
          for (const r of after) {
            running[r.key] += r.delta;
            expect(r.running).toBe(running[r.key]);
          }
          // Every reversal row points at a row of its bill with the same key and the opposite amount; none is reversed twice.
          const byId = new Map(after.map((r) => [r.id, r]));
          const reversedIds = after.filter((r) => r.reversesId !== null).map((r) => r.reversesId);
          expect(new Set(reversedIds).size).toBe(reversedIds.length);
          for (const r of after.filter((x) => x.reversesId !== null)) {
            const original = byId.get(r.reversesId as number);
            expect(original).toMatchObject({ key: r.key, delta: -r.delta, billId: r.billId, reversesId: null });
          }
        }
        // Reversals restore: reversing every bill that is left brings each balance back to zero.
        if (!negatives) return;
        for (const billId of bills)
          await inA(async (tx) =>
            subject.ledger.post(tx, await subject.ledger.reversalOf(tx, DOC, billId), {
              tenantId: a.tenantId,
              docType: DOC,
              billId,
              allowNegative: true,
            }),
          );
        expect(await inA((tx) => subject.ledger.balances(tx, keys))).toEqual(keys.map(() => 0));
        expect(await inA((tx) => subject.ledger.mismatches(tx, keys))).toEqual([]);
      }),
      { numRuns: 20, endOnFailure: true },
    );
    return outcomes;
  }

  for (const subject of subjects) {
    describe(subject.title, () => {
      it('random posts and reversals without negative balances match the model; no balance goes below zero', async () => {
        const outcomes = await drive(subject, false);
        console.info(`${subject.ledger.name}, no negatives:`, outcomes);
        expect(outcomes.refused).toBeGreaterThan(0);
        expect(outcomes.posted).toBeGreaterThan(0);
      }, 120_000);

      it('random posts and reversals, negatives allowed or not per post, match the model; reversing everything restores zero', async () => {
        const outcomes = await drive(subject, true);
        console.info(`${subject.ledger.name}, negatives allowed now and then:`, outcomes);
        expect(outcomes.reversed).toBeGreaterThan(0);
      }, 120_000);
    });
  }

  it('a refusal names the balance through `describe` and says what is available', async () => {
    const [k] = await cardKeys();
    await inA((tx) =>
      cardMoney.post(tx, [{ ...k, delta: 5, lineId: null }], { tenantId: a.tenantId, docType: DOC, billId: next(), allowNegative: false }),
    );
    const error = await inA((tx) =>
      cardMoney.post(tx, [{ ...k, delta: -8, lineId: null }], {
        tenantId: a.tenantId,
        docType: DOC,
        billId: next(),
        allowNegative: false,
        describe: (key) => `卡 ${key.cardId} ${key.bucket}`,
      }),
    ).catch((e: AppError) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).key).toBe('insufficientBalance');
    expect((error as AppError).params).toEqual({ item: `卡 ${k.cardId} principal`, available: 5, needed: 8 });
  });

  it('the mismatch check finds a balance that disagrees with its ledger, and a wrong running balance', async () => {
    const keys = await cardKeys();
    await inA((tx) =>
      cardMoney.post(
        tx,
        keys.map((k, i) => ({ ...k, delta: i + 1, lineId: null })),
        { tenantId: a.tenantId, docType: DOC, billId: next(), allowNegative: false },
      ),
    );
    expect(await inA((tx) => cardMoney.mismatches(tx, keys))).toEqual([]);
    await inA((tx) =>
      tx.execute(sql.raw(`update ${schema}.card_balances set amount = amount + 100 where card_id = ${keys[0].cardId} and shop_id is null`)),
    );
    expect(await inA((tx) => cardMoney.mismatches(tx, keys))).toEqual([{ key: keys[0], balance: 101, ledgerSum: 1, badRowId: null }]);
    // Only the keys asked about are checked.
    expect(await inA((tx) => cardMoney.mismatches(tx, keys.slice(1)))).toEqual([]);
    await inA((tx) =>
      tx.execute(sql.raw(`update ${schema}.card_balances set amount = amount - 100 where card_id = ${keys[0].cardId} and shop_id is null`)),
    );
    const [row] = rowsOf<{ id: number }>(
      await inA((tx) =>
        tx.execute(
          sql.raw(`update ${schema}.card_ledger set balance = 7 where card_id = ${keys[1].cardId} and bucket = 'gift' returning id`),
        ),
      ),
    );
    expect(await inA((tx) => cardMoney.mismatches(tx, keys))).toEqual([
      { key: keys[2], balance: null, ledgerSum: 3, badRowId: Number(row.id) },
    ]);
  });

  it('concurrent posts over the same balances in opposite orders all commit: no deadlock', async () => {
    const keys = await cardKeys();
    const posts = Array.from({ length: 12 }, (_, i) => {
      const order = i % 2 ? [...keys].reverse() : keys;
      return inA((tx) =>
        cardMoney.post(
          tx,
          [...order, ...order].map((k) => ({ ...k, delta: 1, lineId: null })),
          { tenantId: a.tenantId, docType: DOC, billId: next(), allowNegative: false },
        ),
      );
    });
    await Promise.all(posts);
    expect(await inA((tx) => cardMoney.balances(tx, keys))).toEqual(keys.map(() => 24));
    expect(await inA((tx) => cardMoney.mismatches(tx, keys))).toEqual([]);
  });

  it('refuses a definition whose names are not plain SQL names', () => {
    expect(() =>
      defineLedger({
        name: 'test.bad',
        balanceTable: 'x; drop table users',
        ledgerTable: 'y',
        keys: { id: keyColumn.id('id') },
        amountColumn: 'amount',
        register: false,
      }),
    ).toThrow(/plain SQL name/);
  });
});
