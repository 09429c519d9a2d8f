import type { FastifyInstance } from 'fastify';
import { registerRecord } from '../../platform/records.js';
import { financeRecords } from './dictionaries.js';
import { registerFunds } from './funds-routes.js';
import { registerShopSettings } from './shop-settings.js';

/** Finance: its dictionaries, the landlords and the shops' finance settings (the bills of petty cash, reserves and rents build on them). */
export async function financeModule(app: FastifyInstance) {
  for (const record of financeRecords) registerRecord(app, record);
  registerShopSettings(app);
  registerFunds(app);
}
