import { describe, expect, it } from 'vitest';
import { fitTitle } from './titleWidth';

describe('a column’s width', () => {
  it('holds its header’s longest word, with the sort arrows when it sorts', () => {
    const plain = fitTitle(60, 'Performance ratio') as number;
    expect(plain).toBeGreaterThan(60);
    expect(fitTitle(60, 'Performance ratio', true)).toBeGreaterThan(plain);
  });

  it('stays as asked when that is enough, or when the table sizes it', () => {
    expect(fitTitle(200, 'Performance ratio')).toBe(200);
    expect(fitTitle(undefined, 'Performance ratio')).toBeUndefined();
    // Chinese wraps between characters: any width holds it
    expect(fitTitle(40, '业绩比例')).toBe(40);
  });
});
