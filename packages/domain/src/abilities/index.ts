export * from './define.js';
export * from './flags.js';
