import { silentLogger, type AppEvent, type BusLogger, type EventBus, type EventHandler } from './types.js';

/** One process: handlers are called in the same process, after the publisher's current tick. */
export function createMemoryEventBus(logger: BusLogger = silentLogger): EventBus {
  const handlers = new Set<EventHandler>();
  return {
    kind: 'memory',
    state: 'in-process',
    async publish(event: AppEvent) {
      // Delivered asynchronously, as Redis would: a publisher never runs subscriber code inside its transaction.
      await Promise.resolve();
      for (const handler of [...handlers]) {
        try {
          handler(event);
        } catch (err) {
          logger.error({ err, type: event.type }, 'event handler failed');
        }
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    // One process: nothing is ever missed.
    onResync() {
      return () => {};
    },
    async close() {
      handlers.clear();
    },
  };
}
