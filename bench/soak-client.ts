/**
 * The chaos soak's clients (bench/soak.ts): every HTTP answer recorded with its kind and time, writes retried the
 * way a client holding an Idempotency-Key may (same key, on a network error or a 5xx), and WebSocket subscribers
 * that record every event and, when their socket drops or the server says "resync", reconnect and refetch as the
 * web app does (apps/web/src/lib/realtime.ts).
 */
import { RETRY_DELAYS_MS } from '@hatid/domain';
import WebSocket from 'ws';

export interface Answer {
  kind: string;
  startedAt: number;
  endedAt: number;
  /** 0: no answer (the connection failed or was cut). */
  status: number;
}

export const answers: Answer[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Sent {
  status: number;
  body: unknown;
}

/** One request, recorded. Never throws: a network error is status 0. */
export async function send(url: string, kind: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Sent> {
  const startedAt = Date.now();
  let status = 0;
  let body: unknown = null;
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 20_000) });
    status = res.status;
    const text = await res.text();
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
  } catch {
    status = 0;
  }
  answers.push({ kind, startedAt, endedAt: Date.now(), status });
  return { status, body };
}

export const retryable = (status: number) => status === 0 || status >= 500;

/**
 * GETs as the web app's api client retries them (RETRY_DELAYS_MS); writes with an Idempotency-Key retried with
 * the same key, with longer waits at the end (a person pressing again), so a 20 s outage is outlasted.
 */
export const WRITE_RETRY_DELAYS_MS = [...RETRY_DELAYS_MS, 3000, 3000, 5000, 5000];

export async function sendWithRetries(url: string, kind: string, init: RequestInit, delays: readonly number[]): Promise<Sent & { attempts: number }> {
  for (let attempt = 0; ; attempt++) {
    const sent = await send(url, kind, init);
    const delay = delays[attempt];
    if (!retryable(sent.status) || delay === undefined) return { ...sent, attempts: attempt + 1 };
    await sleep(delay);
  }
}

export interface ReceivedEvent {
  type: string;
  trackingNumber?: string;
  activity?: string;
  receivedAt: number;
}

/** A time the subscriber could not hear events: from the drop (or resync) to its refetch after reconnecting. */
export interface Gap {
  from: number;
  /** When its refetch answered 200; null while it has not recovered. */
  refetchedAt: number | null;
  why: 'closed' | 'resync';
}

/**
 * A staff member's console open on the `admin` channel through the proxy. On close it reconnects (every
 * 500 ms until it is back); after a reconnect or a {"type":"resync"} it refetches the shipment list (GET,
 * retried like the web app's).
 */
export class Subscriber {
  readonly events: ReceivedEvent[] = [];
  readonly gaps: Gap[] = [];
  private socket: WebSocket | null = null;
  private stopped = false;
  connectedAt: number | null = null;

  constructor(
    readonly name: string,
    private readonly baseUrl: string,
    private readonly cookie: string,
  ) {}

  /** Resolves once subscribed. */
  start(): Promise<void> {
    return this.connect(false);
  }

  private connect(recovering: boolean): Promise<void> {
    return new Promise((resolve) => {
      const socket = new WebSocket(`${this.baseUrl.replace(/^http/, 'ws')}/api/ws`, { headers: { cookie: this.cookie } });
      this.socket = socket;
      let settled = false;
      const settle = () => {
        if (!settled) {
          settled = true;
          resolve();
        }
      };
      socket.on('open', () => socket.send(JSON.stringify({ action: 'subscribe', channel: 'admin' })));
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { type: string; channel: string | null; payload?: Record<string, unknown> };
        if (message.type === 'subscribed') {
          this.connectedAt = Date.now();
          if (recovering) void this.refetch();
          settle();
          return;
        }
        if (message.type === 'resync') {
          this.gaps.push({ from: Date.now(), refetchedAt: null, why: 'resync' });
          void this.refetch();
          return;
        }
        if (message.channel === 'admin') {
          this.events.push({
            type: message.type,
            trackingNumber: message.payload?.trackingNumber as string | undefined,
            activity: message.payload?.activity as string | undefined,
            receivedAt: Date.now(),
          });
        }
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        this.connectedAt = null;
        if (this.stopped) return settle();
        if (settled || recovering) {
          const open = this.gaps.at(-1);
          if (!open || open.refetchedAt !== null || open.why !== 'closed') this.gaps.push({ from: Date.now(), refetchedAt: null, why: 'closed' });
        }
        setTimeout(() => {
          if (!this.stopped) void this.connect(true).then(settle);
        }, 500);
      });
    });
  }

  private async refetch(): Promise<void> {
    const sent = await sendWithRetries(`${this.baseUrl}/api/shipments?limit=20`, 'staff refetch (ws)', { headers: { cookie: this.cookie } }, [
      ...RETRY_DELAYS_MS,
      3000,
      3000,
      5000,
    ]);
    if (sent.status === 200) for (const gap of this.gaps) if (gap.refetchedAt === null) gap.refetchedAt = Date.now();
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close();
  }
}
