export * from './types.js';
export { createMemoryEventBus } from './memory-bus.js';
export { createRedisEventBus, type RedisEventBusOptions } from './redis-bus.js';
