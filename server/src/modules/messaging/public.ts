/** What other modules may use of messaging: everything else in this folder is private to it. */
export { smsBook } from './allowance.js';
export { sendShopSms } from './automatic.js';
