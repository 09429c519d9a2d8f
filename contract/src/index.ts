export * from './audit.js';
export * from './catalog.js';
export * from './identity.js';
export * from './org.js';
export * from './platform.js';
export * from './pricing.js';
export * from './staff.js';
export * from './stock.js';
