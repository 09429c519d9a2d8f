/** What other modules may use of attendance: everything else in this folder is private to it. */
export { shopConfigOf } from './common.js';
export { type ScheduledDay, scheduledDay } from './day-schedule.js';
export { attendanceDay } from './judge.js';
export { signedInOrOut } from './records.js';
export { checkRecords } from './schema.js';
export { type SignedIn, signedInToday } from './signed-in.js';
