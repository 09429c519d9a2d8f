import type { FastifyInstance } from 'fastify';
import { registerBill } from '../../platform/bills.js';
import { registerRecord } from '../../platform/records.js';
import { cardRefundType } from './card-refunds.js';
import { registerChainReport } from './chain-report.js';
import { coopType, registerCoopImport } from './cooperation.js';
import { registerDayClose } from './day-close.js';
import { registerDayReport } from './day-report.js';
import { financeRecords, registerReserveTypesOfItem } from './dictionaries.js';
import { expenseLimitType, registerExpenseLimitImport } from './expense-limits.js';
import { registerFundTravel } from './fund-travel.js';
import { registerFunds } from './funds-routes.js';
import { registerMonthSheets } from './month-sheets.js';
import { offlineRefundType } from './offline-refunds.js';
import { registerPeriodClose } from './period-close.js';
import { registerReconcile } from './reconcile.js';
import { registerRefundStats } from './refund-stats.js';
import { refundVisitType } from './refund-visits.js';
import { registerRentContracts } from './rent-contracts.js';
import { registerDormRates } from './rent-dorm-rates.js';
import { rentPaymentTypes } from './rent-payments.js';
import { reserveBillTypes } from './reserve.js';
import { registerReserveMoney } from './reserve-money.js';
import { registerShopSettings } from './shop-settings.js';
import { registerUnionpayAccounts } from './unionpay-accounts.js';
import { djType, registerDjImports } from './withholdings.js';
import { djMonthType, registerDjMonthImport } from './withholdings-month.js';

/** Finance: its dictionaries, the landlords and the shops' finance settings (the bills of petty cash, reserves and rents build on them), and closing the books. */
export async function financeModule(app: FastifyInstance) {
  for (const record of financeRecords) registerRecord(app, record);
  registerReserveTypesOfItem(app);
  registerShopSettings(app);
  registerFunds(app);
  registerPeriodClose(app);
  registerBill(app, expenseLimitType);
  registerExpenseLimitImport(app);
  registerFundTravel(app);
  // Reserve money and rents.
  for (const type of [...reserveBillTypes, ...rentPaymentTypes]) registerBill(app, type);
  registerReserveMoney(app);
  registerRentContracts(app, 'store');
  registerRentContracts(app, 'dorm');
  registerDormRates(app);
  // Card refunds through approval.
  registerBill(app, cardRefundType);
  // The daily report's dj items (代缴单) and the partner projects' bills.
  registerBill(app, djType);
  registerDjImports(app);
  registerBill(app, djMonthType);
  registerDjMonthImport(app);
  registerBill(app, coopType);
  registerCoopImport(app);
  registerBill(app, refundVisitType);
  registerRefundStats(app);
  registerBill(app, offlineRefundType);
  registerDayReport(app);
  registerChainReport(app);
  registerReconcile(app);
  registerUnionpayAccounts(app);
  registerDayClose(app);
  registerMonthSheets(app);
}
