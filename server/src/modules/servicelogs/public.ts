/** What other modules may use of servicelogs: everything else in this folder is private to it. */
export { serviceLogs, serviceReviews } from './schema.js';
