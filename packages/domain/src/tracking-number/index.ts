export * from './checks.js';
export * from './schema.js';
