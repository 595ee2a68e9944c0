import { ALREADY_DONE } from '@hatid/domain';
import { api, errorMessage, isApiError } from '../../../lib/api-client';

/**
 * The rider's outbox: every status update, photo and cash record is queued here first (kept in IndexedDB,
 * so a reload or a dead battery loses nothing), then sent in the order the rider made them, each with its
 * own Idempotency-Key, so a send whose answer was lost is replayed by the server instead of done twice.
 * Each item keeps the phone's time of the action; the server keeps its own time of receipt beside it.
 */
export type OutboxKind = 'move' | 'photo' | 'cash';

export interface MoveAction {
  activity: string;
  reason?: string;
  note?: string;
  receivedBy?: string;
}

export interface OutboxItem {
  /** Also the Idempotency-Key of its request. */
  id: string;
  kind: OutboxKind;
  /** The shipment it belongs to: a photo is sent to this shipment and no other. */
  trackingNumber: string;
  /** When the rider did it, on the phone's clock (ISO). */
  at: string;
  move?: MoveAction;
  photo?: { type: 'pickup' | 'delivery'; blob: Blob };
  /** shortReason: why the cash is less than was due (the server requires it then). */
  cash?: { shipmentId: string; amountInCents: number; shortReason?: string };
  /** waiting: to be sent; refused: the server said no (shown until the rider dismisses it). */
  state: 'waiting' | 'refused';
  error?: string;
  attempts: number;
}

export interface OutboxStorage {
  load(): Promise<OutboxItem[]>;
  save(items: OutboxItem[]): Promise<void>;
}

export type Sender = (item: OutboxItem) => Promise<void>;

/** An answer that will not change by trying again (the server refused the action itself). */
function isRefusal(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const { statusCode, message } = error;
  if (statusCode === 0 || statusCode === 401 || statusCode === 408 || statusCode === 429 || statusCode >= 500) return false;
  // The first send with this key is still being processed: wait for it.
  if (statusCode === 409 && message.includes('Idempotency-Key')) return false;
  return true;
}

/**
 * A move the server answers 409 ALREADY_DONE: the shipment's last step is already this one (the rider tapped
 * twice, or staff recorded it while the phone had no signal). The move did happen, so the item is done, not
 * refused: the queue goes on and nothing is left for the rider to dismiss.
 */
function isAlreadyDone(item: OutboxItem, error: unknown): boolean {
  return item.kind === 'move' && isApiError(error) && error.statusCode === 409 && error.code === ALREADY_DONE;
}

const blobToDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(blob);
  });

/** The API call of each kind of item (the catalogue's calls; the key makes each count once). */
export const sendToServer: Sender = async (item) => {
  const headers = { 'Idempotency-Key': item.id };
  const path = encodeURIComponent(item.trackingNumber);
  if (item.kind === 'move' && item.move) {
    await api.post(`/shipments/${path}/deliveryStatus`, { ...item.move, occurredAt: item.at }, { headers });
  } else if (item.kind === 'photo' && item.photo) {
    const imageBase64 = await blobToDataUrl(item.photo.blob);
    await api.post(`/shipments/${path}/proof-image`, { type: item.photo.type, imageBase64, takenAt: item.at }, { headers });
  } else if (item.kind === 'cash' && item.cash) {
    await api.post('/transaction/add-payment', { ...item.cash, method: 'cash', receivedAt: item.at }, { headers });
  }
};

export class Outbox {
  private items: OutboxItem[] = [];
  private readonly listeners = new Set<() => void>();
  private loaded: Promise<void>;
  private running: Promise<void> | null = null;

  constructor(
    private readonly storage: OutboxStorage,
    private readonly send: Sender = sendToServer,
    private readonly isOnline: () => boolean = () => typeof navigator === 'undefined' || navigator.onLine,
    /** Told of each item the server accepted (the app refetches what it shows). */
    private readonly onSent: (item: OutboxItem) => void = () => {},
  ) {
    this.loaded = storage.load().then((items) => {
      this.items = items;
      this.emit();
    });
  }

  /** The queue as it stands (waiting and refused), oldest first. */
  snapshot(): readonly OutboxItem[] {
    return this.items;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  ready(): Promise<void> {
    return this.loaded;
  }

  /** Keeps the actions (saved before this resolves), then tries to send them. */
  async enqueue(items: Omit<OutboxItem, 'state' | 'attempts'>[]): Promise<void> {
    await this.loaded;
    this.items = [...this.items, ...items.map((item) => ({ ...item, state: 'waiting' as const, attempts: 0 }))];
    await this.persist();
    void this.flush();
  }

  /** Forget a refused item once the rider has read why. */
  async dismiss(id: string): Promise<void> {
    await this.loaded;
    this.items = this.items.filter((item) => item.id !== id || item.state !== 'refused');
    await this.persist();
  }

  /**
   * Sends waiting items one at a time, oldest first. A network failure (or a busy server) stops the run
   * and keeps the item for the next one; a refusal is kept, marked, and the run goes on; a move the server
   * already has (409 ALREADY_DONE) counts as sent.
   */
  flush(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<void> {
    await this.loaded;
    for (;;) {
      if (!this.isOnline()) return;
      const next = this.items.find((item) => item.state === 'waiting');
      if (!next) return;
      try {
        await this.send(next);
      } catch (error) {
        if (isAlreadyDone(next, error)) {
          await this.done(next);
          continue;
        }
        if (!isRefusal(error)) {
          this.update(next.id, { attempts: next.attempts + 1 });
          await this.persist();
          return;
        }
        // The server's reason said in the rider's language (src/i18n/server-messages.ts), as the refusal is kept to be read later.
        this.update(next.id, { state: 'refused', error: errorMessage(error), attempts: next.attempts + 1 });
        await this.persist();
        continue;
      }
      await this.done(next);
    }
  }

  /** The server has the item: forget it and tell the app (it refetches what it shows). */
  private async done(item: OutboxItem) {
    this.items = this.items.filter((other) => other.id !== item.id);
    await this.persist();
    this.onSent(item);
  }

  private update(id: string, patch: Partial<OutboxItem>) {
    this.items = this.items.map((item) => (item.id === id ? { ...item, ...patch } : item));
  }

  private async persist() {
    await this.storage.save(this.items);
    this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}
