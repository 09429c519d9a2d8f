/** The item list of a package and its total check (amounts in integer cents). */

import type { PackageItemKind } from '../../platform/ItemPicker';

export interface PackageItemDraft {
  /** Stable key of the editor row. */
  key: string;
  kind: PackageItemKind;
  /** Service id or product id, per kind. */
  refId: number;
  name: string;
  code?: string | null;
  /** 次 for services, the product's unit for products. */
  unit?: string | null;
  /** Unit price of the service or product, for the split suggestion. */
  unitPrice: number;
  /** Times (services) or quantity (products). */
  quantity: number;
  /** This item's share of the package price. */
  amount: number;
}

export const itemsTotal = (items: Pick<PackageItemDraft, 'amount'>[]): number =>
  items.reduce((sum, i) => sum + (Number.isFinite(i.amount) ? Math.round(i.amount) : 0), 0);

export interface TotalCheck {
  total: number;
  price: number;
  /** price − total: what is left to split (negative: the items are worth more than the price). */
  diff: number;
  ok: boolean;
}

export function checkTotal(items: Pick<PackageItemDraft, 'amount'>[], price: number | null | undefined): TotalCheck {
  const total = itemsTotal(items);
  const p = price ?? 0;
  return { total, price: p, diff: p - total, ok: items.length > 0 && total === p };
}

/**
 * Split the price across items in proportion to their list value (unit price × quantity); the rounding
 * remainder goes to the last item so that the shares add up exactly to the price.
 */
export function splitPrice<T extends Pick<PackageItemDraft, 'unitPrice' | 'quantity' | 'amount'>>(items: T[], price: number): T[] {
  if (!items.length) return items;
  const weights = items.map((i) => Math.max(0, i.unitPrice) * Math.max(0, i.quantity));
  const sum = weights.reduce((a, b) => a + b, 0);
  let given = 0;
  return items.map((item, idx) => {
    if (idx === items.length - 1) return { ...item, amount: price - given };
    const share = sum > 0 ? Math.floor(((weights[idx] ?? 0) * price) / sum) : Math.floor(price / items.length);
    given += share;
    return { ...item, amount: share };
  });
}
