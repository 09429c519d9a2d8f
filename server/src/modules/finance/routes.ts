import type { FastifyInstance } from 'fastify';
import { registerBill } from '../../platform/bills.js';
import { registerGuard } from '../../platform/documents.js';
import { periodLock } from '../../platform/period-locks.js';
import { registerRecord } from '../../platform/records.js';
import { financeRecords } from './dictionaries.js';
import { closeWithMonthLock } from './fund-locks.js';
import { registerFunds } from './funds-routes.js';
import { registerRentContracts } from './rent-contracts.js';
import { registerDormRates } from './rent-dorm-rates.js';
import { rentPaymentTypes } from './rent-payments.js';
import { reserveBillTypes, reserveMonthLockDocTypes } from './reserve.js';
import { registerReserveMoney } from './reserve-money.js';
import { registerShopSettings } from './shop-settings.js';

// Reserve and rent bills are refused in closed periods like every bill (the month locks add theirs).
registerGuard(periodLock([...reserveBillTypes, ...rentPaymentTypes].map((t) => t.def.docType)));
// The reserve declaration lock (预留申报锁) closes a month's reserve bills.
for (const docType of reserveMonthLockDocTypes) closeWithMonthLock(2, docType);

/** Finance: its dictionaries, the landlords and the shops' finance settings (the bills of petty cash, reserves and rents build on them). */
export async function financeModule(app: FastifyInstance) {
  for (const record of financeRecords) registerRecord(app, record);
  registerShopSettings(app);
  registerFunds(app);
  // Reserve money and rents.
  for (const type of [...reserveBillTypes, ...rentPaymentTypes]) registerBill(app, type);
  registerReserveMoney(app);
  registerRentContracts(app, 'store');
  registerRentContracts(app, 'dorm');
  registerDormRates(app);
}
