import { describe, expect, it } from 'vitest';
import { changedPrice, outOfBounds } from './calc';

describe('changedPrice', () => {
  it('raises and lowers by a percentage, rounded to the cent', () => {
    expect(changedPrice(10000, 'percent', 10)).toBe(11000);
    expect(changedPrice(10000, 'percent', -15)).toBe(8500);
    expect(changedPrice(999, 'percent', 5)).toBe(1049);
  });
  it('adds an amount and never goes below zero', () => {
    expect(changedPrice(5000, 'amount', 1000)).toBe(6000);
    expect(changedPrice(5000, 'amount', -8000)).toBe(0);
    expect(changedPrice(5000, 'percent', -150)).toBe(0);
  });
});

describe('outOfBounds', () => {
  it('names the bound that is broken', () => {
    const b = { minPrice: 1000, maxPrice: 5000 };
    expect(outOfBounds(999, b)).toBe('low');
    expect(outOfBounds(5001, b)).toBe('high');
    expect(outOfBounds(1000, b)).toBeNull();
    expect(outOfBounds(5000, b)).toBeNull();
    expect(outOfBounds(1, { minPrice: null, maxPrice: null })).toBeNull();
    expect(outOfBounds(1, null)).toBeNull();
  });
});
