import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { SESSION_COOKIE, findSessionUser } from '../modules/auth/index.js';
import { authorizeChannel, staffOnlyShipmentAccess, type ShipmentAccess } from '../platform/realtime/channels.js';
import { ChannelHub, send, type Client } from '../platform/realtime/hub.js';
import { actorFrom, type Actor } from '../core/actor.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * May this actor listen to `shipment:<trackingNumber>`? Replace it on the root instance (in app.ts,
     * `app.shipmentAccess = …`) with the shipments module's scope check; the socket reads it per subscribe.
     */
    shipmentAccess: ShipmentAccess;
  }
}

export const WS_PATH = '/api/ws';
/** Close codes: no (or an ended) session; a page of another site tried to connect. */
export const WS_CLOSE_UNAUTHENTICATED = 4401;
export const WS_CLOSE_FORBIDDEN = 4403;
/** The standard "going away" (RFC 6455): this process stops; connect again. */
export const WS_CLOSE_GOING_AWAY = 1001;
const MAX_CHANNELS_PER_SOCKET = 100;

export interface RealtimeOptions {
  heartbeatMs?: number;
  /** How often a socket's session is checked again (sign-out, deactivation end it). */
  sessionCheckMs?: number;
  allowedOrigins?: string[];
}

/**
 * GET /api/ws: the browser's real-time channel. The session cookie is read by the auth plugin's onRequest
 * hook, which runs for the upgrade request like for any other. Events from the app's bus (one subscription
 * per process) fan out in memory to the sockets subscribed to their channels.
 */
export const realtimePlugin = fp<RealtimeOptions>(async (app, options) => {
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const sessionCheckMs = options.sessionCheckMs ?? 300_000;
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // On close (a drain, plugins/drain.ts) say "going away": the browser reconnects, through the balancer to
    // another process. The plugin's own default closes without a code.
    preClose(done) {
      // Not waiting for the closing handshakes here: the HTTP server's close waits for the sockets to end.
      for (const client of this.websocketServer.clients) client.close(WS_CLOSE_GOING_AWAY, 'Server restarting');
      this.websocketServer.close();
      done();
    },
  });
  app.decorate('shipmentAccess', staffOnlyShipmentAccess);

  const hub = new ChannelHub();
  const sessions = new Map<Client, { token: string; actor: Actor }>();
  const stopListening = app.events.subscribe((event) => hub.deliver(event));
  // The bus was cut off from the other processes (Redis down) and is back: events published elsewhere
  // meanwhile never arrived, so every browser refetches what it shows ({"type":"resync"}).
  const stopResync = app.events.onResync(() => {
    for (const client of hub.clients) send(client, { type: 'resync', channel: null });
  });

  // One timer for every socket: a socket that missed the last ping is dead (half-open TCP) and is dropped.
  const heartbeat = setInterval(() => {
    for (const client of hub.clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  const sessionCheck = setInterval(() => void recheckSessions(), sessionCheckMs);
  sessionCheck.unref();
  async function recheckSessions() {
    for (const [client, session] of sessions) {
      try {
        const user = await findSessionUser(app.db, session.token);
        if (!user) {
          client.socket.close(WS_CLOSE_UNAUTHENTICATED, 'Session ended');
          continue;
        }
        session.actor = actorFrom(user);
        // Roles may have changed: keep only the channels still allowed.
        for (const channel of [...client.channels]) {
          const verdict = await authorizeChannel(session.actor, channel, app.shipmentAccess);
          if (!verdict.ok) {
            hub.leave(client, channel);
            send(client, { type: 'unsubscribed', channel });
          }
        }
      } catch (err) {
        app.log.warn({ err }, 'websocket session check failed');
      }
    }
  }

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    stopListening();
    stopResync();
  });

  app.get(WS_PATH, { websocket: true, schema: { hide: true } }, (socket: WebSocket, request: FastifyRequest) => {
    if (!originAllowed(request, options.allowedOrigins ?? app.config.ALLOWED_ORIGINS)) {
      socket.close(WS_CLOSE_FORBIDDEN, 'Cross-site connection refused');
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!request.actor || !token) {
      socket.close(WS_CLOSE_UNAUTHENTICATED, 'Please sign in to continue');
      return;
    }
    const client = hub.add(socket);
    const session = { token, actor: request.actor };
    sessions.set(client, session);

    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => {
      hub.remove(client);
      sessions.delete(client);
    });
    socket.on('message', (data: RawData, isBinary: boolean) => {
      void handleMessage(client, session, data, isBinary).catch((err: unknown) => {
        request.log.error({ err }, 'websocket message failed');
        send(client, { type: 'error', channel: null, message: 'Something went wrong on our side' });
      });
    });
  });

  async function handleMessage(client: Client, session: { actor: Actor }, data: RawData, isBinary: boolean) {
    const message = isBinary ? null : parseMessage(data);
    if (!message) {
      send(client, {
        type: 'error',
        channel: null,
        message: 'Send JSON: {"action":"subscribe"|"unsubscribe","channel":"…"}',
      });
      return;
    }
    const { action, channel } = message;
    if (action === 'unsubscribe') {
      hub.leave(client, channel);
      send(client, { type: 'unsubscribed', channel });
      return;
    }
    if (client.channels.has(channel)) {
      send(client, { type: 'subscribed', channel });
      return;
    }
    if (client.channels.size >= MAX_CHANNELS_PER_SOCKET) {
      send(client, { type: 'error', channel, message: `At most ${MAX_CHANNELS_PER_SOCKET} channels per connection` });
      return;
    }
    const verdict = await authorizeChannel(session.actor, channel, app.shipmentAccess);
    if (!verdict.ok) {
      send(client, { type: 'error', channel, message: verdict.message });
      return;
    }
    // The socket may have closed while the check ran.
    if (!hub.clients.has(client)) return;
    hub.join(client, channel);
    send(client, { type: 'subscribed', channel });
  }
});

function parseMessage(data: RawData): { action: 'subscribe' | 'unsubscribe'; channel: string } | null {
  let value: unknown;
  try {
    value = JSON.parse(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString());
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { action, channel } = value as Record<string, unknown>;
  if ((action !== 'subscribe' && action !== 'unsubscribe') || typeof channel !== 'string' || channel.length > 200) return null;
  return { action, channel };
}

/** Browsers always send Origin on a WebSocket handshake; cookies alone must not let another site listen in. */
function originAllowed(request: FastifyRequest, allowedOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser (server-side clients, tests)
  return origin === `${request.protocol}://${request.host}` || allowedOrigins.includes(origin);
}
