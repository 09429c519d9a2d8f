/** What other modules may use of marketing: everything else in this folder is private to it. */
export { type ActivityIssue, activityItemIssuer, grantActivityGifts } from './activity-gifts.js';
export { type ActivityPrice, activityPrices } from './activity-prices.js';
export { activities, coupons, redEnvelopes } from './schema.js';
