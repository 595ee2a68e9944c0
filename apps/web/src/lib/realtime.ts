import { useEffect, useRef } from 'react';

/**
 * The browser side of GET /api/ws: one WebSocket for the whole tab, shared by every component that listens.
 * Messages in: {"action":"subscribe"|"unsubscribe","channel":"user:<id>"|"shipment:<n>"|"admin"}.
 * Messages out: {type:"subscribed"|"unsubscribed"|"error", channel} and events
 * {type:"SHIPMENT_CREATED"|"DELIVERY_STATUS_UPDATED"|"SHIPMENT_CANCELLED"|…, channel, channels, payload, at}:
 * an event comes once per socket, and `channels` lists every channel of this socket it concerns.
 * Events are hints: listeners refetch what they show (ARCHITECTURE "events").
 * {type:"resync"} says events may have been missed (the server's Redis was down): `onResync` listeners
 * refetch everything shown. A socket that reconnects after a drop calls them too: while it was down, its
 * events went nowhere.
 */
export interface RealtimeEvent {
  type: string;
  channel: string;
  payload: Record<string, unknown>;
  at: string;
}

type Listener = (event: RealtimeEvent) => void;

/** Reconnect delays after a dropped connection; the last one repeats. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10000, 30000];
/** Close codes after which reconnecting is pointless until the person signs in again. */
const CLOSE_UNAUTHENTICATED = 4401;
const CLOSE_FORBIDDEN = 4403;

export class RealtimeConnection {
  private socket: WebSocket | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly resyncListeners = new Set<() => void>();
  /** A socket was open before: the next open is a reconnect, after which events may have been missed. */
  private wasOpen = false;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly url: string;

  constructor(url?: string) {
    this.url = url ?? realtimeUrl();
  }

  /** Listen to a channel; returns the function that stops listening. */
  subscribe(channel: string, listener: Listener): () => void {
    let set = this.listeners.get(channel);
    const isNewChannel = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    if (isNewChannel) this.sendAction('subscribe', channel);
    this.ensureOpen();
    return () => {
      const current = this.listeners.get(channel);
      if (!current) return;
      current.delete(listener);
      if (current.size > 0) return;
      this.listeners.delete(channel);
      this.sendAction('unsubscribe', channel);
      if (this.listeners.size === 0) this.close();
    };
  }

  /** Called when events may have been missed (a reconnect, or the server says `resync`); returns the unsubscribe. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => {
      this.resyncListeners.delete(listener);
    };
  }

  /** Drop the socket (sign-out); the next subscribe opens a new one with the new session's cookie. */
  close() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.wasOpen = false; // closed on purpose: the next socket starts fresh, nothing to catch up on
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000, 'Done');
  }

  private ensureOpen() {
    if (this.socket || this.reconnectTimer || typeof WebSocket === 'undefined') return;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.attempt = 0;
      for (const channel of this.listeners.keys()) socket.send(JSON.stringify({ action: 'subscribe', channel }));
      if (this.wasOpen) this.resync();
      this.wasOpen = true;
    });
    socket.addEventListener('message', (message) => this.dispatch(message.data));
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return; // closed on purpose, or replaced
      this.socket = null;
      if (event.code === CLOSE_UNAUTHENTICATED || event.code === CLOSE_FORBIDDEN) return;
      if (this.listeners.size > 0) this.scheduleReconnect();
    });
  }

  private scheduleReconnect() {
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.ensureOpen();
    }, delay);
  }

  private sendAction(action: 'subscribe' | 'unsubscribe', channel: string) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ action, channel }));
    // Not open yet: the open handler subscribes to every channel that still has listeners.
  }

  private resync() {
    for (const listener of this.resyncListeners) listener();
  }

  private dispatch(data: unknown) {
    if (typeof data !== 'string') return;
    let message: Partial<RealtimeEvent> & { channels?: unknown };
    try {
      message = JSON.parse(data) as Partial<RealtimeEvent> & { channels?: unknown };
    } catch {
      return;
    }
    if (message.type === 'resync') {
      this.resync();
      return;
    }
    if (!message.channel || !message.payload || typeof message.type !== 'string') return; // acks and errors
    const concerned = Array.isArray(message.channels) ? message.channels.filter((c): c is string => typeof c === 'string') : [message.channel];
    // One call per listener, even when it listens on several of the event's channels.
    const listeners = new Set(concerned.flatMap((channel) => [...(this.listeners.get(channel) ?? [])]));
    for (const listener of listeners) listener({ type: message.type, channel: message.channel, payload: message.payload, at: message.at ?? '' });
  }
}

function realtimeUrl(): string {
  if (typeof window === 'undefined') return 'ws://localhost/api/ws';
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/api/ws`;
}

let shared: RealtimeConnection | null = null;

/** The tab's one connection. */
export function realtime(): RealtimeConnection {
  shared ??= new RealtimeConnection();
  return shared;
}

/**
 * Calls `onEvent` for every event on `channel` while the component is mounted (and the channel is not
 * null: pass null until you know the id). The latest `onEvent` is used without re-subscribing.
 */
export function useRealtimeChannel(channel: string | null | undefined, onEvent: Listener) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!channel) return;
    return realtime().subscribe(channel, (event) => handler.current(event));
  }, [channel]);
}
