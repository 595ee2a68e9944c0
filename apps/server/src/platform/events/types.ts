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

export interface EventBus {
  readonly kind: 'memory' | 'redis';
  /** Delivers to every subscriber of every instance. Never rejects: a lost hint is healed by the next refetch. */
  publish(event: AppEvent): Promise<void>;
  /** Returns the unsubscribe function. Handlers must not throw (a throw is logged and ignored). */
  subscribe(handler: EventHandler): () => void;
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
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: BusLogger = { warn: () => {}, error: () => {} };
