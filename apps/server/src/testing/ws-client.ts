import WebSocket from 'ws';
import type { App } from '../app.js';

export interface WsMessage {
  type: string;
  channel?: string | null;
  channels?: string[];
  payload?: Record<string, unknown>;
  message?: string;
  at?: string;
}

export interface WsClient {
  socket: WebSocket;
  received: WsMessage[];
  send(value: unknown): void;
  /** The first message (already received or yet to come) that matches, or a timeout error naming what was awaited. */
  next(match: (m: WsMessage) => boolean, what: string, timeoutMs?: number): Promise<WsMessage>;
  subscribe(channel: string): Promise<WsMessage>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** The address of an app listening on a real port (app.listen({ port: 0 })). */
export function wsUrl(app: App): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app is not listening on a TCP port');
  return `ws://127.0.0.1:${address.port}/api/ws`;
}

/** A real WebSocket client (the `ws` package) that sends the session cookie like a browser would. */
export async function connectWs(url: string, cookie?: string, headers: Record<string, string> = {}): Promise<WsClient> {
  const socket = new WebSocket(url, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const received: WsMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    received.push(JSON.parse(data.toString()) as WsMessage);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  const next: WsClient['next'] = (match, what, timeoutMs = 5000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = received.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No WebSocket message "${what}" within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });

  return {
    socket,
    received,
    send: (value) => socket.send(typeof value === 'string' ? value : JSON.stringify(value)),
    next,
    subscribe(channel) {
      socket.send(JSON.stringify({ action: 'subscribe', channel }));
      return next((m) => m.channel === channel && (m.type === 'subscribed' || m.type === 'error'), `answer to subscribe ${channel}`);
    },
    closed,
    close: () => socket.close(),
  };
}
