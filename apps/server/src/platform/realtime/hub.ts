import type { WebSocket } from 'ws';
import type { AppEvent } from '../events/index.js';

/** A socket stops receiving (and is dropped) when this much is queued for it: a stalled client. */
const MAX_BUFFERED_BYTES = 1_048_576;

export interface Client {
  socket: WebSocket;
  channels: Set<string>;
  alive: boolean;
}

/**
 * The sockets of this process by channel. The app subscribes to the bus once and hands each event here;
 * each socket gets an event once, naming the first of the event's channels it holds (`channel`) and all of
 * them (`channels`), so every listener in the tab hears it: the bell on `user:<id>` and an open shipment page
 * on `shipment:<n>` share one socket.
 */
export class ChannelHub {
  readonly clients = new Set<Client>();
  private readonly byChannel = new Map<string, Set<Client>>();

  add(socket: WebSocket): Client {
    const client: Client = { socket, channels: new Set(), alive: true };
    this.clients.add(client);
    return client;
  }

  remove(client: Client) {
    for (const channel of client.channels) this.leave(client, channel);
    this.clients.delete(client);
  }

  join(client: Client, channel: string) {
    client.channels.add(channel);
    let set = this.byChannel.get(channel);
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(client);
  }

  leave(client: Client, channel: string) {
    client.channels.delete(channel);
    const set = this.byChannel.get(channel);
    set?.delete(client);
    if (set?.size === 0) this.byChannel.delete(channel);
  }

  deliver(event: AppEvent) {
    const sent = new Set<Client>();
    for (const channel of event.channels) {
      for (const client of this.byChannel.get(channel) ?? []) {
        if (sent.has(client)) continue;
        sent.add(client);
        const held = event.channels.filter((c) => client.channels.has(c));
        send(client, { type: event.type, channel, channels: held, payload: event.payload, at: event.at });
      }
    }
  }

  subscriberCount(channel: string): number {
    return this.byChannel.get(channel)?.size ?? 0;
  }
}

export function send(client: Client, message: Record<string, unknown>) {
  const { socket } = client;
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(JSON.stringify(message));
}
