/** What other modules may use of staff: everything else in this folder is private to it. */
export { onTransfer, type ShopMove } from './staff-transfers.js';
