/** Pure price arithmetic of the price pages (all amounts integer cents). */

export type BatchMode = 'percent' | 'amount';

/**
 * A batch change of one price: `percent` adds that many percent (−10 lowers by 10 %), `amount` adds
 * that many cents. The result is rounded to the cent and never below zero.
 */
export function changedPrice(price: number, mode: BatchMode, value: number): number {
  const next = mode === 'percent' ? Math.round((price * (100 + value)) / 100) : Math.round(price + value);
  return Math.max(0, next);
}

export interface Bounds {
  minPrice: number | null;
  maxPrice: number | null;
}

/** 'low' under the minimum, 'high' over the maximum, null inside (or no bounds). */
export function outOfBounds(price: number, bounds: Bounds | null | undefined): 'low' | 'high' | null {
  if (!bounds) return null;
  if (bounds.minPrice !== null && price < bounds.minPrice) return 'low';
  if (bounds.maxPrice !== null && price > bounds.maxPrice) return 'high';
  return null;
}

/** Key of a grid cell. */
export const cellKey = (shopId: number, itemId: number) => `${shopId}:${itemId}`;
