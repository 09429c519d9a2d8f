export * from './org.js';
export * from './platform.js';
