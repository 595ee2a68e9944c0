export * from './archive.js';
export * from './socket.js';
export * from './operations.js';
