export * from './kinds.js';
export * from './describe.js';
export * from './api.js';
export * from './recipient-sms.js';
