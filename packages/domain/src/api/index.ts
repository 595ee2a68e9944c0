export * from './common.js';
export * from './users.js';
export * from './addresses.js';
