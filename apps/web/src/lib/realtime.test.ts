import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnection, type RealtimeEvent } from './realtime';

/** A stand-in for the browser's WebSocket that records what the page sends and lets the test answer. */
class FakeSocket extends EventTarget {
  static OPEN = 1;
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(message: object) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('RealtimeConnection', () => {
  it('subscribes once per channel when the socket opens', () => {
    const connection = new RealtimeConnection('ws://test/api/ws');
    connection.subscribe('user:1', () => {});
    connection.subscribe('user:1', () => {});
    connection.subscribe('shipment:ND123456785PH', () => {});
    const socket = FakeSocket.instances[0]!;
    socket.open();
    expect(socket.sent).toEqual([
      { action: 'subscribe', channel: 'user:1' },
      { action: 'subscribe', channel: 'shipment:ND123456785PH' },
    ]);
  });

  it('hands one event to the listeners of every channel it names, once each (the bell and the open shipment page)', () => {
    const connection = new RealtimeConnection('ws://test/api/ws');
    const bell: RealtimeEvent[] = [];
    const page: RealtimeEvent[] = [];
    const both = vi.fn();
    connection.subscribe('user:1', (e) => bell.push(e));
    connection.subscribe('shipment:ND123456785PH', (e) => page.push(e));
    connection.subscribe('user:1', both);
    connection.subscribe('shipment:ND123456785PH', both);
    const socket = FakeSocket.instances[0]!;
    socket.open();
    socket.receive({
      type: 'DELIVERY_STATUS_UPDATED',
      channel: 'user:1',
      channels: ['user:1', 'shipment:ND123456785PH'],
      payload: { trackingNumber: 'ND123456785PH' },
      at: '2026-11-23T00:00:00.000Z',
    });
    expect(bell).toHaveLength(1);
    expect(page).toHaveLength(1);
    expect(page[0]).toMatchObject({ type: 'DELIVERY_STATUS_UPDATED', payload: { trackingNumber: 'ND123456785PH' } });
    expect(both).toHaveBeenCalledTimes(1);
  });

  it('ignores acknowledgements and errors, and stops calling a listener after it unsubscribes', () => {
    const connection = new RealtimeConnection('ws://test/api/ws');
    const listener = vi.fn();
    const stop = connection.subscribe('user:1', listener);
    const socket = FakeSocket.instances[0]!;
    socket.open();
    socket.receive({ type: 'subscribed', channel: 'user:1' });
    socket.receive({ type: 'error', channel: 'admin', message: 'You are not allowed to listen to this channel' });
    expect(listener).not.toHaveBeenCalled();
    stop();
    socket.receive({ type: 'SHIPMENT_CREATED', channel: 'user:1', channels: ['user:1'], payload: {}, at: '' });
    expect(listener).not.toHaveBeenCalled();
    expect(socket.sent).toContainEqual({ action: 'unsubscribe', channel: 'user:1' });
  });

  it('asks the page to refetch when the server says events were missed, and after a reconnect, not on the first open', () => {
    vi.useFakeTimers();
    try {
      const connection = new RealtimeConnection('ws://test/api/ws');
      const refetch = vi.fn();
      connection.onResync(refetch);
      const listener = vi.fn();
      connection.subscribe('user:1', listener);
      const first = FakeSocket.instances[0]!;
      first.open();
      expect(refetch).not.toHaveBeenCalled();

      // The server's Redis was down and is back.
      first.receive({ type: 'resync', channel: null });
      expect(refetch).toHaveBeenCalledTimes(1);
      expect(listener).not.toHaveBeenCalled();

      // The connection drops (a server process died): the next socket subscribes again and the page refetches.
      first.readyState = 3;
      first.dispatchEvent(new CloseEvent('close', { code: 1006 }));
      vi.advanceTimersByTime(1000);
      const second = FakeSocket.instances[1]!;
      second.open();
      expect(second.sent).toEqual([{ action: 'subscribe', channel: 'user:1' }]);
      expect(refetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
