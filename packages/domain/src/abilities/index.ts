export * from './define.js';
export * from './flags.js';
export * from './route-access.js';
