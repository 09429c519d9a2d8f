/** What other modules may use of stock: everything else in this folder is private to it. */
export { STOCK } from './api';
