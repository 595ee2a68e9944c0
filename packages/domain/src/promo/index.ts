export * from './check.js';
export * from './schema.js';
