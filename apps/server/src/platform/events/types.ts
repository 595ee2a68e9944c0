/** Event kinds the browser listens for (product.md §4), plus NOTIFICATION_CREATED for the bell. */
export const APP_EVENT_TYPES = [
  'SHIPMENT_CREATED',
  'DELIVERY_STATUS_UPDATED',
  'SHIPMENT_CANCELLED',
  'QR_PAYMENT_COMPLETED',
  'NOTIFICATION_CREATED',
  /** A wallet's balance or history changed (top-up, payment, refund, adjustment): the owner's pages refetch. */
  'WALLET_UPDATED',
  /** A shipment's payments changed (a payment link paid or expired): its pages refetch the payment status. */
  'PAYMENT_UPDATED',
] as const;
export type AppEventType = (typeof APP_EVENT_TYPES)[number];

/**
 * A hint that something changed: clients refetch. The payload carries ids, tracking numbers and statuses
 * only, never personal data (names, phone numbers, addresses), because it crosses Redis and reaches every
 * socket subscribed to a channel.
 */
export interface AppEvent {
  type: AppEventType;
  /** `user:<userId>`, `shipment:<trackingNumber>`, `admin`. */
  channels: string[];
  payload: Record<string, unknown>;
  /** ISO time the event was published. */
  at: string;
}

export type EventHandler = (event: AppEvent) => void;

/**
 * - `in-process`: the memory bus (one process, nothing to lose);
 * - `shared`: Redis answers; every event reaches every process;
 * - `local-only`: Redis is unreachable; events still reach this process's subscribers, not the others'.
 */
export type BusState = 'in-process' | 'shared' | 'local-only';

export interface EventBus {
  readonly kind: 'memory' | 'redis';
  readonly state: BusState;
  /**
   * Delivers to every subscriber of every instance; while Redis is down, to this instance's subscribers only.
   * Never rejects and never waits for Redis: a lost hint is healed by the next refetch (see `onResync`).
   */
  publish(event: AppEvent): Promise<void>;
  /** Returns the unsubscribe function. Handlers must not throw (a throw is logged and ignored). */
  subscribe(handler: EventHandler): () => void;
  /**
   * Runs `handler` when events of other instances may have been missed: the bus lost Redis and is subscribed
   * again. Whoever shows data refetches it then (the WebSocket hub tells every browser `resync`). Returns the
   * unsubscribe function.
   */
  onResync(handler: () => void): () => void;
  close(): Promise<void>;
}

/** Channel names, built in one place. */
export const channels = {
  user: (userId: string) => `user:${userId}`,
  shipment: (trackingNumber: string) => `shipment:${trackingNumber}`,
  admin: 'admin',
} as const;

/** An event stamped with the current time: `events.publish(appEvent('SHIPMENT_CREATED', [...], {...}))`. */
export function appEvent(type: AppEventType, eventChannels: string[], payload: Record<string, unknown>): AppEvent {
  return { type, channels: [...new Set(eventChannels)], payload, at: new Date().toISOString() };
}

/** Shape check for events that arrive from outside the process (Redis). */
export function isAppEvent(value: unknown): value is AppEvent {
  if (!value || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.type === 'string' &&
    (APP_EVENT_TYPES as readonly string[]).includes(e.type) &&
    Array.isArray(e.channels) &&
    e.channels.every((c) => typeof c === 'string') &&
    typeof e.payload === 'object' &&
    e.payload !== null &&
    typeof e.at === 'string'
  );
}

/** What a bus may log with: the app's pino logger fits. */
export interface BusLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: BusLogger = { info: () => {}, warn: () => {}, error: () => {} };
