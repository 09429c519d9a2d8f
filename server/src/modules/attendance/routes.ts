import type { FastifyInstance } from 'fastify';
import './messages.js';
import { registerRecordRoutes } from './records.js';
import { registerScheduleRoutes } from './schedules.js';
import { registerSettingsRoutes } from './settings.js';
import { registerStatisticsRoutes } from './statistics.js';

/** 考勤: shifts, shop settings and rules, schedules, sign-in, records and corrections, statistics. */
export async function attendanceModule(app: FastifyInstance) {
  registerSettingsRoutes(app);
  registerScheduleRoutes(app);
  registerRecordRoutes(app);
  registerStatisticsRoutes(app);
}
