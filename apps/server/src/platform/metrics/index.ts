export * from './registry.js';
export * from './http.js';
export * from './samplers.js';
export * from './server.js';
