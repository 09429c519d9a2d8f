import type { FastifyInstance } from 'fastify';
import { registerRecord } from '../../platform/records.js';
import { financeRecords } from './dictionaries.js';

/** Finance: its dictionaries and the landlords (the bills of petty cash, reserves and rents build on them). */
export async function financeModule(app: FastifyInstance) {
  for (const record of financeRecords) registerRecord(app, record);
}
