export * from './config.js';
export * from './config-schema.js';
export * from './insurance.js';
export * from './weight.js';
export * from './schema.js';
export * from './result.js';
export * from './quote.js';
export * from './labels.js';
