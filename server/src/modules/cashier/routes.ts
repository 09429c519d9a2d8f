import type { FastifyInstance } from 'fastify';
import { registerBillRecordRoutes } from './bill-records-routes.js';
import { registerBillConfigRoutes } from './billconfig.js';
import { registerCsadjRoutes } from './csadj.js';
import { registerMemberBillRoutes } from './member-bills.js';
import './messages.js';
import { registerPayRoutes } from './pay.js';
import { registerPrepaidRoutes } from './prepaid.js';
import { registerPrepaidAdjustRoutes } from './prepaid-adjust.js';
import { registerServiceBillRoutes } from './service-bills-routes.js';
import { registerThirdRoutes } from './third.js';
import { registerTillDayRoutes } from './till-day.js';
import { registerTurnoverRoutes } from './turnover.js';
import { registerUnionpayRoutes } from './unionpay-reports.js';
import { registerVoucherRoutes } from './vouchers.js';
import { registerWheelRoutes } from './wheel.js';
import { registerWheelQueueRoutes } from './wheel-queue.js';

/** The till's settings: pay types and templates, stations, the wheel, bill settings, Meituan and Douyin accounts. */
export async function cashierModule(app: FastifyInstance) {
  registerPayRoutes(app);
  registerWheelRoutes(app);
  registerBillConfigRoutes(app);
  registerThirdRoutes(app);
  registerServiceBillRoutes(app);
  registerTillDayRoutes(app);
  registerBillRecordRoutes(app);
  registerMemberBillRoutes(app);
  registerCsadjRoutes(app);
  registerTurnoverRoutes(app);
  registerPrepaidRoutes(app);
  registerWheelQueueRoutes(app);
  registerVoucherRoutes(app);
  registerPrepaidAdjustRoutes(app);
  registerUnionpayRoutes(app);
}
