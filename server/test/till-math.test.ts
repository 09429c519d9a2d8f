import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  allocateRestricted,
  allocateWithPackages,
  cellPerf,
  splitByWeights,
  splitStation,
} from '../src/modules/cashier/checkout-math.js';

/** Random bills: line amounts, and payments that add up to the bill (some lines may be zero). */
const bill = fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 8 }).chain((lines) => {
  const total = lines.reduce((s, l) => s + l, 0);
  return fc.array(fc.integer({ min: 0, max: total }), { minLength: 0, maxLength: 5 }).map((cuts) => {
    const points = [...new Set([0, ...cuts, total])].sort((a, b) => a - b);
    const payments = points.slice(1).map((p, i) => p - points[i]);
    return { lines, payments: payments.length ? payments : [0] };
  });
});

describe('settle arithmetic (DOMAIN-DETAIL §4.4)', () => {
  it('allocation: every payment adds up to itself, every line to itself, no cell negative or above its line', () => {
    fc.assert(
      fc.property(bill, ({ lines, payments }) => {
        const cells = allocate(payments, lines);
        payments.forEach((p, i) => {
          expect(cells[i].reduce((s, c) => s + c, 0)).toBe(p);
        });
        lines.forEach((l, j) => {
          expect(cells.reduce((s, row) => s + row[j], 0)).toBe(l);
        });
        for (const row of cells) for (const [j, c] of row.entries()) expect(c >= 0 && c <= lines[j]).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('allocation with package counts: the package row pays exactly its lines, money never touches them, every line and payment adds up', () => {
    const withPackages = fc
      .array(fc.record({ amount: fc.integer({ min: 0, max: 2_000_000 }), byPackage: fc.boolean() }), { minLength: 1, maxLength: 8 })
      .chain((lines) => {
        const money = lines.reduce((s, l) => s + (l.byPackage ? 0 : l.amount), 0);
        return fc.array(fc.integer({ min: 0, max: money }), { maxLength: 4 }).map((cuts) => {
          const points = [...new Set([0, ...cuts, money])].sort((x, y) => x - y);
          return { lines, payments: points.slice(1).map((p, i) => p - points[i]) };
        });
      });
    fc.assert(
      fc.property(withPackages, ({ lines, payments }) => {
        const cells = allocateWithPackages(payments, lines) ?? [];
        const byPackage = lines.reduce((s, l) => s + (l.byPackage ? l.amount : 0), 0);
        expect(cells).toHaveLength(payments.length + (byPackage > 0 ? 1 : 0));
        payments.forEach((p, i) => {
          expect(cells[i].reduce((s, c) => s + c, 0)).toBe(p);
          lines.forEach((l, j) => {
            if (l.byPackage) expect(cells[i][j]).toBe(0);
          });
        });
        if (byPackage > 0) expect(cells[payments.length].reduce((s, c) => s + c, 0)).toBe(byPackage);
        lines.forEach((l, j) => {
          expect(cells.reduce((s, row) => s + row[j], 0)).toBe(l.amount);
        });
        for (const row of cells) for (const c of row) expect(c).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('allocation with payments limited to some lines (coupons): masked cells stay empty, every line and payment adds up', () => {
    // A random allocation that respects the masks is drawn first; its row and column sums are the bill.
    const restricted = fc.integer({ min: 1, max: 6 }).chain((width) =>
      fc.array(
        fc.record({
          mask: fc.option(fc.array(fc.boolean(), { minLength: width, maxLength: width }), { nil: undefined }),
          cells: fc.array(fc.integer({ min: 0, max: 300_000 }), { minLength: width, maxLength: width }),
        }),
        { minLength: 1, maxLength: 5 },
      ),
    );
    let placed = 0;
    fc.assert(
      fc.property(restricted, (rows) => {
        const drawn = rows.map((r) => r.cells.map((c, j) => (r.mask && !r.mask[j] ? 0 : c)));
        const payments = drawn.map((row) => row.reduce((s, c) => s + c, 0));
        const lines = drawn[0].map((_, j) => drawn.reduce((s, row) => s + row[j], 0));
        const only = rows.map((r) => r.mask);
        const cells = allocateRestricted(payments, lines, only);
        if (only.filter(Boolean).length <= 1) expect(cells).not.toBeNull();
        if (!cells) return;
        placed += 1;
        payments.forEach((p, i) => {
          expect(cells[i].reduce((s, c) => s + c, 0)).toBe(p);
          cells[i].forEach((c, j) => {
            expect(c).toBeGreaterThanOrEqual(0);
            if (only[i] && !only[i]?.[j]) expect(c).toBe(0);
          });
        });
        lines.forEach((l, j) => {
          expect(cells.reduce((s, row) => s + row[j], 0)).toBe(l);
        });
      }),
      { numRuns: 500 },
    );
    expect(placed).toBeGreaterThan(400);
  });

  it('a coupon worth more than the lines it may pay cannot be placed', () => {
    expect(allocateRestricted([5_000, 5_000], [3_000, 7_000], [[true, false], undefined])).toBeNull();
    expect(allocateRestricted([3_000, 7_000], [3_000, 7_000], [[true, false], undefined])).toEqual([
      [3_000, 0],
      [0, 7_000],
    ]);
  });

  it('allocation is proportional: each cell is within a cent or two of its exact share for a single payment among several', () => {
    fc.assert(
      fc.property(bill, ({ lines, payments }) => {
        const total = lines.reduce((s, l) => s + l, 0);
        if (!total) return;
        const first = allocate(payments, lines)[0];
        lines.forEach((l, j) => {
          expect(Math.abs(first[j] - (payments[0] * l) / total)).toBeLessThan(1);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('largest remainder: parts add up, each within one cent of the exact share, zero weights get nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 10 }),
        (total, weights) => {
          const parts = splitByWeights(total, weights);
          expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
          const sum = weights.reduce((s, w) => s + w, 0);
          if (!sum) return;
          weights.forEach((w, i) => {
            expect(Math.abs(parts[i] - (total * w) / sum)).toBeLessThan(1);
            if (w === 0) expect(parts[i]).toBe(0);
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('performance: fee first, then the rate; a station split adds up to the line', () => {
    expect(cellPerf(10_000, 10_000, 60)).toEqual({ fee: 60, perf: 9_940 });
    expect(cellPerf(10_000, 0, 0)).toEqual({ fee: 0, perf: 0 });
    expect(cellPerf(3_333, 5_000, 0)).toEqual({ fee: 0, perf: 1_667 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 4 }),
        (perf, raw) => {
          const shares = splitByWeights(10_000, raw);
          expect(splitStation(perf, shares).reduce((s, p) => s + p, 0)).toBe(perf);
        },
      ),
    );
  });
});
