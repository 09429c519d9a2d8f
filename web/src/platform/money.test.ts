import { describe, expect, it } from 'vitest';
import { centsToYuan, formatMoney, readMoney, yuanToCents } from './money';

describe('formatMoney', () => {
  it('shows cents as yuan with thousands separators', () => {
    expect(formatMoney(123450)).toBe('¥1,234.50');
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(5)).toBe('¥0.05');
    expect(formatMoney(100)).toBe('¥1.00');
    expect(formatMoney(123456789012)).toBe('¥1,234,567,890.12');
  });
  it('puts the sign before the symbol', () => {
    expect(formatMoney(-123450)).toBe('-¥1,234.50');
    expect(formatMoney(-5)).toBe('-¥0.05');
  });
  it('shows nothing for missing values', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});

describe('yuan ↔ cents', () => {
  it('converts without float drift', () => {
    expect(yuanToCents(0.29)).toBe(29);
    expect(yuanToCents(1.01)).toBe(101);
    expect(yuanToCents(19.99)).toBe(1999);
    expect(yuanToCents('12.3')).toBe(1230);
    expect(yuanToCents('')).toBeNull();
    expect(centsToYuan(1999)).toBe(19.99);
    expect(centsToYuan(null)).toBeNull();
  });
});

describe('readMoney', () => {
  it('reads a price in yuan as cents, zero included', () => {
    expect(readMoney(12.34)).toEqual({ kind: 'cents', cents: 1234 });
    expect(readMoney('8')).toEqual({ kind: 'cents', cents: 800 });
    expect(readMoney(0)).toEqual({ kind: 'cents', cents: 0 });
  });
  it('names an empty, a negative or an unreadable entry instead of turning it into ¥0.00', () => {
    expect(readMoney(null)).toEqual({ kind: 'empty' });
    expect(readMoney(undefined)).toEqual({ kind: 'empty' });
    expect(readMoney('  ')).toEqual({ kind: 'empty' });
    expect(readMoney(-0.01)).toEqual({ kind: 'negative' });
    expect(readMoney('-5')).toEqual({ kind: 'negative' });
    expect(readMoney('abc')).toEqual({ kind: 'invalid' });
  });
});
