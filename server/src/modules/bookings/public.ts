/** What other modules may use of bookings: everything else in this folder is private to it. */
export { bookings } from './schema.js';
