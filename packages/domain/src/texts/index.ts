export * from './catalogue.js';
export * from './gsm7.js';
export * from './sms.js';
export * from './notifications.js';
export * from './emails.js';
export * from './documents.js';
