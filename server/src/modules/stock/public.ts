/** What other modules may use of stock: everything else in this folder is private to it. */
export { getStockConfig } from './common.js';
export { postStock, reversalOf } from './ledger.js';
export { stockBalances } from './schema.js';
