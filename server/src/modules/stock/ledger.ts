import type { Db } from '../../db/client.js';
import { conflict } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { defineLedger, keyColumn, type Movement as LedgerMovement } from '../../platform/ledger.js';

defineMessages({
  insufficientStock: [
    '「{product}」库存不足：可用 {available}，需要 {needed}',
    'Not enough "{product}" in stock: {available} available, {needed} needed',
  ],
});

/**
 * The stock ledger: a balance per location × product (`shopId` null is head office's warehouse, 0
 * in the unique index), the quantity on hand, and `stock_ledger` rows traced to bill lines.
 */
export const stockBook = defineLedger({
  name: 'stock',
  balanceTable: 'stock_balances',
  ledgerTable: 'stock_ledger',
  keys: { shopId: keyColumn.optionalId('shop_id'), productId: keyColumn.id('product_id') },
  amountColumn: 'quantity',
  touchColumn: 'updated_at',
  refuse: (s) => conflict('insufficientStock', { product: s.label, available: s.available, needed: s.needed }),
});

export type StockKey = { shopId: number | null; productId: number };
/** One movement of stock: a signed quantity of a product at a location, traced to its bill line. */
export type Movement = LedgerMovement<StockKey>;

export interface PostOptions {
  tenantId: number;
  docType: string;
  billId: number;
  allowNegative: boolean;
  /** Names the product in the "not enough stock" message. */
  describe: (productId: number) => Promise<string>;
}

/** Posts movements to the stock ledger and balances in the caller's transaction (see `Ledger.post`). */
export function postStock(tx: Db, movements: Movement[], options: PostOptions) {
  return stockBook.post(tx, movements, { ...options, describe: (key) => options.describe(key.productId) });
}

/** Locks the stock balances of several postings in one fixed order (see `Ledger.lock`). */
export function lockBalances(tx: Db, tenantId: number, keys: StockKey[]) {
  return stockBook.lock(tx, tenantId, keys);
}

/** The negated, not yet reversed stock movements of a bill: what its revoke posts. */
export function reversalOf(tx: Db, docType: string, billId: number): Promise<Movement[]> {
  return stockBook.reversalOf(tx, docType, billId);
}
