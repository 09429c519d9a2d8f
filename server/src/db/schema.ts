/** Every table under one import, for tests and scripts; the app and the migrations find them through the modules. */
export * from '../modules/assets/schema.js';
export * from '../modules/attendance/schema.js';
export * from '../modules/bookings/schema.js';
export * from '../modules/cards/schema.js';
export * from '../modules/cashier/schema.js';
export * from '../modules/catalog/schema.js';
export * from '../modules/finance/schema.js';
export * from '../modules/identity/schema.js';
export * from '../modules/marketing/schema.js';
export * from '../modules/members/schema.js';
export * from '../modules/messaging/schema.js';
export * from '../modules/org/schema.js';
export * from '../modules/pricing/schema.js';
export * from '../modules/royalty/schema.js';
export * from '../modules/stock/schema.js';
export * from '../platform/schema.js';
export * from './tenants.js';
