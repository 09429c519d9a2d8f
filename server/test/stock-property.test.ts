import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { stockBalances } from '../src/db/schema.js';
import { balanceMismatches } from '../src/platform/ledger.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';
import { ensureReasons, expectLedgerConsistent, makeProducts, shopIds } from './stock-support.js';

type Loc = number | null;
interface ModelLine {
  product: number;
  quantity: number;
}
interface ModelBill {
  id: number;
  type: '1' | '2';
  loc: Loc;
  state: 'draft' | 'audited' | 'rejected' | 'revoked';
  lines: ModelLine[];
  /** A transfer out's receiving location. */
  to?: Loc;
  /** The other bill of an audited transfer. */
  partner?: ModelBill;
}

const linesArb = fc.uniqueArray(fc.record({ product: fc.nat({ max: 2 }), quantity: fc.integer({ min: 1, max: 6 }) }), {
  minLength: 1,
  maxLength: 3,
  selector: (l) => l.product,
});
/** A new bill, then (usually) a transition on it straight away, so that sequences reach every state. */
const then = fc.constantFrom('none' as const, 'audit' as const, 'audit' as const, 'reject' as const);
const op = fc.oneof(
  fc.record({ kind: fc.constant('entry' as const), loc: fc.nat({ max: 2 }), lines: linesArb, then }),
  fc.record({ kind: fc.constant('out' as const), loc: fc.nat({ max: 2 }), lines: linesArb, then }),
  fc.record({ kind: fc.constant('transfer' as const), loc: fc.nat({ max: 2 }), to: fc.integer({ min: 1, max: 2 }), lines: linesArb, then }),
  fc.record({ kind: fc.constant('audit' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('audit' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('reject' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('revoke' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), lines: linesArb }),
);

describe('stock ledger property', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const r = await ensureReasons(t, a);
  const [s1, s2] = await shopIds(t, a);
  const locations: Loc[] = [null, s1, s2];

  afterEach(() => expectLedgerConsistent(t, [a]));

  it('random save / audit / reject / revoke sequences keep every balance equal to its ledger and to the audited bills', async () => {
    let runs = 0;
    let steps = 0;
    const outcomes = new Map<string, number>();
    const count = (what: string, status: number) => outcomes.set(`${what} ${status}`, (outcomes.get(`${what} ${status}`) ?? 0) + 1);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 10 }), async (ops) => {
        runs++;
        const products = (await makeProducts(t, a, 3)).map((p) => p.id);
        const bills: ModelBill[] = [];
        const key = (loc: Loc, product: number) => `${loc ?? 0}:${product}`;
        /** Balances the model expects: the lines of audited, not revoked bills. */
        const expected = () => {
          const m = new Map<string, number>();
          for (const b of bills)
            if (b.state === 'audited')
              for (const l of b.lines)
                m.set(key(b.loc, l.product), (m.get(key(b.loc, l.product)) ?? 0) + (b.type === '1' ? 1 : -1) * l.quantity);
          return m;
        };
        const has = (loc: Loc, lines: ModelLine[]) => lines.every((l) => (expected().get(key(loc, l.product)) ?? 0) >= l.quantity);
        const body = (lines: ModelLine[]) => lines.map((l) => ({ productId: products[l.product], quantity: l.quantity }));
        const describe = (b: ModelBill) => JSON.stringify({ ...b, partner: b.partner?.id, balances: [...expected()] });
        const base = (b: ModelBill) => (b.type === '1' ? '/api-stock/entry' : '/api-stock/out');

        // Opening stock of the first two products at every location, so that outs and transfers can succeed.
        for (const loc of locations) {
          const lines = [
            { product: 0, quantity: 6 },
            { product: 1, quantity: 4 },
          ];
          const saved = await a.admin.post('/api-stock/entry', { shopId: loc, reasonId: r.purchase, lines: body(lines) });
          expect((await a.admin.post('/api-stock/entry/audit', { id: saved.body.data.id })).status).toBe(200);
          bills.push({ id: saved.body.data.id, type: '1', loc, state: 'audited', lines });
        }
        type Op = (typeof ops)[number];
        type Step = Op | { kind: 'audit'; pick: 0 } | { kind: 'reject'; pick: 0 };
        const expanded: Step[] = ops.flatMap((o): Step[] =>
          'then' in o && o.then !== 'none' ? [o, o.then === 'audit' ? { kind: 'audit', pick: 0 } : { kind: 'reject', pick: 0 }] : [o],
        );
        for (const o of expanded) {
          steps++;
          if (o.kind === 'entry' || o.kind === 'out' || o.kind === 'transfer') {
            const loc = locations[o.loc];
            const to = o.kind === 'transfer' ? locations[(o.loc + o.to) % 3] : undefined;
            const res = await a.admin.post(o.kind === 'entry' ? '/api-stock/entry' : '/api-stock/out', {
              shopId: loc,
              reasonId: o.kind === 'entry' ? r.purchase : o.kind === 'out' ? r.loss : r.transferOut,
              ...(o.kind === 'transfer' ? { counterpartShopId: to } : {}),
              lines: body(o.lines),
            });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
            bills.push({ id: res.body.data.id, type: o.kind === 'entry' ? '1' : '2', loc, state: 'draft', lines: o.lines, to });
          } else if (bills.length) {
            // Small picks (fast-check's favourites) mean recent bills.
            const b = bills[bills.length - 1 - (o.pick % bills.length)];
            if (o.kind === 'audit') {
              const ok = b.state === 'draft' && (b.type === '1' || has(b.loc, b.lines));
              const res = await a.admin.post(`${base(b)}/audit`, { id: b.id });
              expect(res.status, `audit ${describe(b)}: ${JSON.stringify(res.body)}`).toBe(ok ? 200 : 409);
              count(b.to !== undefined ? 'audit transfer' : `audit ${b.type}`, res.status);
              if (ok) {
                b.state = 'audited';
                if (b.to !== undefined) {
                  const partner = res.body.data.partner;
                  const entry: ModelBill = { id: partner.id, type: '1', loc: b.to, state: 'audited', lines: b.lines, partner: b };
                  b.partner = entry;
                  bills.push(entry);
                }
              }
            } else if (o.kind === 'reject') {
              const ok = b.state === 'draft';
              const res = await a.admin.post(`${base(b)}/reject`, { id: b.id, memo: '不对' });
              expect(res.status).toBe(ok ? 200 : 409);
              count('reject', res.status);
              if (ok) b.state = 'rejected';
            } else if (o.kind === 'revoke') {
              // What leaves a location on revoke: an entry's lines (for a transfer, the receiving side's).
              const entrySide = b.partner ? (b.type === '1' ? b : b.partner) : b.type === '1' ? b : undefined;
              const ok = b.state === 'audited' && (!entrySide || has(entrySide.loc, entrySide.lines));
              const res = await a.admin.post(`${base(b)}/revoke`, { id: b.id });
              expect(res.status, `revoke ${describe(b)}: ${JSON.stringify(res.body)}`).toBe(ok ? 200 : 409);
              count(b.partner ? 'revoke transfer' : `revoke ${b.type}`, res.status);
              if (ok) {
                b.state = 'revoked';
                if (b.partner) b.partner.state = 'revoked';
              }
            } else {
              const ok = b.state === 'draft' || b.state === 'rejected';
              // Partner entries carry the system's transfer reason: edit them as their own kind.
              const reasonId = b.type === '1' ? r.purchase : b.to !== undefined ? r.transferOut : r.loss;
              const res = await a.admin.post(base(b), {
                id: b.id,
                shopId: b.loc,
                reasonId,
                ...(b.to !== undefined ? { counterpartShopId: b.to } : {}),
                lines: body(o.lines),
              });
              expect(res.status, JSON.stringify(res.body)).toBe(ok ? 200 : 409);
              count('edit', res.status);
              if (ok) {
                b.state = 'draft';
                b.lines = o.lines;
              }
            }
          }
          // After every step: the ledger invariant, and balances equal the audited bills' lines.
          expect(await inTenant(t.database.db, a.tenantId, (tx) => balanceMismatches(tx))).toEqual([]);
          const stored = await inTenant(t.database.db, a.tenantId, (tx) =>
            tx.select().from(stockBalances).where(inArray(stockBalances.productId, products)),
          );
          const want = expected();
          for (const row of stored) {
            expect(row.quantity).toBe(want.get(key(row.shopId, products.indexOf(row.productId))) ?? 0);
            expect(row.quantity).toBeGreaterThanOrEqual(0);
          }
          for (const [k, v] of want) if (v !== 0) expect(stored.some((s) => key(s.shopId, products.indexOf(s.productId)) === k)).toBe(true);
        }
      }),
      // No shrinking (each replay is dozens of API calls): a failure prints its seed and path to replay.
      { numRuns: 15, endOnFailure: true },
    );
    console.info(`property: ${runs} runs, ${steps} steps;`, Object.fromEntries([...outcomes].sort()));
    // A few seconds on an idle machine; the limit leaves room for a busy CI box.
  }, 180_000);
});
