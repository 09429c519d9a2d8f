export * from './identity.js';
export * from './org.js';
export * from './platform.js';
export * from './staff.js';
