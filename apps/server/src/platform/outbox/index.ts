export * from './worker.js';
export * from './enqueue-batcher.js';
export * from './after-commit.js';
export * from './backlog.js';
