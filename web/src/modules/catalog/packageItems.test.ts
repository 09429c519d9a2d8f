import { describe, expect, it } from 'vitest';
import { checkTotal, itemsTotal, splitPrice } from './packageItems';

const item = (unitPrice: number, quantity: number, amount = 0) => ({ unitPrice, quantity, amount });

describe('package total check', () => {
  it('sums the item amounts and compares with the price', () => {
    expect(itemsTotal([item(0, 1, 100), item(0, 1, 250)])).toBe(350);
    expect(checkTotal([item(0, 1, 100), item(0, 1, 250)], 350)).toEqual({ total: 350, price: 350, diff: 0, ok: true });
    expect(checkTotal([item(0, 1, 100)], 350).ok).toBe(false);
    expect(checkTotal([item(0, 1, 100)], 350).diff).toBe(250);
    expect(checkTotal([], 0).ok).toBe(false);
  });

  it('splits the price by list value and keeps the exact total', () => {
    const split = splitPrice([item(10000, 3), item(5000, 1), item(3333, 1)], 29900);
    expect(itemsTotal(split)).toBe(29900);
    expect(split[0]?.amount).toBeGreaterThan(split[1]?.amount ?? 0);
    const even = splitPrice([item(0, 1), item(0, 1), item(0, 1)], 1000);
    expect(even.map((i) => i.amount)).toEqual([333, 333, 334]);
  });
});
