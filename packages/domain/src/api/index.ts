export * from './common.js';
export * from './users.js';
export * from './addresses.js';
export * from './pricing.js';
export * from './promo-codes.js';
export * from './shipments.js';
export * from './files.js';
export * from './shipment-miles.js';
