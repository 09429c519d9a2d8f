/** What other modules may use of cashier: everything else in this folder is private to it. */

export { openBookedBill } from './checkout.js';
export { memberSpendingBills } from './member-bills.js';
export { tillAppMenus } from './menus.js';
export { payClasses, payTypes, serviceBillLines, serviceBillPayments, serviceBillPerf, serviceBillShares, serviceBills } from './schema.js';
export { billStateSql } from './service-bills.js';
