import type { FastifyInstance } from 'fastify';
import { registerBill } from '../../platform/bills.js';
import { registerFundLocks } from './fund-locks.js';
import { registerFundRecords } from './fund-records.js';
import { fundType } from './funds.js';
import { registerExpenseControl } from './funds-expense.js';
import { redepositType, registerRedepositImport } from './funds-redeposits.js';
import { registerShopFunds } from './funds-shop.js';

/** Petty-cash requests and the pages beside them: locks, expense control, the ledger, redeposits. */
export function registerFunds(app: FastifyInstance) {
  registerBill(app, fundType);
  registerFundLocks(app);
  registerExpenseControl(app);
  registerFundRecords(app);
  registerBill(app, redepositType);
  registerRedepositImport(app);
  registerShopFunds(app);
}
