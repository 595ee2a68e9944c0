export * from './worker.js';
export * from './enqueue-batcher.js';
