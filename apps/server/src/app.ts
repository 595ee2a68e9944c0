import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import pLimit from 'p-limit';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { installPlainErrorMessages, LANGUAGE_COOKIE, requestLanguage } from '@hatid/domain';
import { trustProxyOption, type Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { authPlugin } from './plugins/auth.js';
import { csrfPlugin } from './plugins/csrf.js';
import { drainPlugin } from './plugins/drain.js';
import { clientErrorHandler, errorsPlugin, frameworkErrors, notFoundBody } from './plugins/errors.js';
import { inputHygienePlugin } from './plugins/input-hygiene.js';
import { securityHeaders } from './plugins/security-headers.js';
import { swaggerPlugin } from './plugins/swagger.js';
import { LANDING_PAGES, landingFile, webStaticOptions } from './plugins/web-static.js';
import { genTraceId, traceIdPlugin } from './plugins/trace-id.js';
import { createSmsProvider, type SmsProvider } from './platform/sms/index.js';
import { createEmailProvider, type EmailProvider } from './platform/email/index.js';
import { loggerOptions } from './platform/logging.js';
import { loadAppSecret } from './platform/secret.js';
import { createStorage, type StorageDriver } from './platform/storage/index.js';
import { createMemoryEventBus, type EventBus } from './platform/events/index.js';
import { createOutboxWorker, runAfterCommitWork, type OutboxWorker } from './platform/outbox/index.js';
import { createWebPushSender, loadVapidKeys, type PushSender } from './platform/push/index.js';
import { realtimePlugin } from './plugins/realtime.js';
import { activitiesModule } from './modules/activities/index.js';
import { addressesModule } from './modules/addresses/index.js';
import { apiKeysModule } from './modules/api-keys/index.js';
import { recipientSmsModule } from './modules/recipient-sms/index.js';
import { billingsModule } from './modules/billings/index.js';
import { bulkBookingsModule } from './modules/bulk-bookings/index.js';
import { boxesModule } from './modules/boxes/index.js';
import { businessesModule } from './modules/businesses/index.js';
import { collectionsModule } from './modules/collections/index.js';
import { consolidationsModule } from './modules/consolidations/index.js';
import { couriersModule } from './modules/couriers/index.js';
import { flagsModule } from './modules/flags/index.js';
import { hubsModule } from './modules/hubs/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { partnersModule } from './modules/partners/index.js';
import { paymentsModule } from './modules/payments/index.js';
import { pricingModule } from './modules/pricing/index.js';
import { reportsModule } from './modules/reports/index.js';
import { reviewsModule } from './modules/reviews/index.js';
import { ridersModule } from './modules/riders/index.js';
import { shipmentMilesModule } from './modules/shipment-miles/index.js';
import { shipmentsModule } from './modules/shipments/index.js';
import { systemModule } from './modules/system/index.js';
import { ticketsModule } from './modules/tickets/index.js';
import { transactionsModule } from './modules/transactions/index.js';
import { uploadsModule } from './modules/uploads/index.js';
import { usersModule } from './modules/users/index.js';
import { walletModule } from './modules/wallet/index.js';
import { webhookQueueStats, webhooksModule } from './modules/webhooks/index.js';
import { SESSION_COOKIE } from './modules/auth/index.js';
import { canSeeTrackingNumber } from './modules/shipments/index.js';
import { openShipmentReadCache, type ReadCache } from './platform/read-cache.js';
import { resilientRateLimitStore } from './platform/rate-limit-store.js';
import { createPayments, type PaymentProvider, type Payments } from './platform/payments/index.js';
import { createSocialLogin, type SocialLogin } from './platform/oauth/index.js';
import { observeRequests, sampleConnections, sampleDatabase, sampleOutbox, type Metrics } from './platform/metrics/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    sms: SmsProvider;
    /** Outgoing email (staff invitations): console (the log) by default (platform/email). */
    email: EmailProvider;
    secret: Buffer;
    /** File bytes: local disk under DATA_DIR/uploads or S3 (platform/storage); metadata in the uploads table. */
    storage: StorageDriver;
    /** Real-time hints to browsers: `app.events.publish(appEvent(type, channels, payload))` (platform/events). */
    events: EventBus;
    push: PushSender;
    /** Background jobs written with enqueueOutbox; `app.outbox.handle(topic, fn)` registers a topic. */
    outbox: OutboxWorker;
    /** Serialized shipment pages, dropped on every committed change (platform/read-cache). */
    shipmentReads: ReadCache;
    /** Runs a back-office list page's database work in turn with the others (LIST_READS_AT_ONCE at a time). */
    listReads: <T>(work: () => Promise<T>) => Promise<T>;
    /** The payment provider (sandbox or xendit), the webhook's callback token (platform/payments). */
    payments: Payments;
    /** Social sign-in providers per connection type: the local sandbox or Google (platform/oauth). */
    socialLogin: SocialLogin;
  }
  interface FastifyContextConfig {
    /** A POST that only reads (pricing, promo checks, waybill downloads): answering it leaves cached reads valid. */
    readsOnly?: boolean;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Replaces the configured SMS provider (tests capture messages). */
  sms?: SmsProvider;
  /** Replaces the configured email provider (tests capture messages). */
  email?: EmailProvider;
  /** Rate limits counted once for every process (main.ts: createRateLimitRedis, which never queues a command). */
  redis?: Redis;
  logger?: FastifyServerOptions['logger'];
  /** Where the app's own logger writes (tests read the log); ignored when `logger` is given. */
  logStream?: Writable;
  /** Where a generated HMAC key is kept; null = a fresh in-memory key (tests). */
  secretDir?: string | null;
  /** Directory of the built web app; served at / when it exists. */
  webDist?: string | null;
  /** Replaces the configured file storage (tests use a temporary directory). */
  storage?: StorageDriver;
  /** The event bus (main.ts passes a Redis bus when REDIS_URL is set; its creator closes it). Default: in-process. */
  events?: EventBus;
  /** Replaces Web Push (tests record pushes). */
  push?: PushSender;
  /** Replaces the configured payment provider (tests use Xendit against a local fake server). */
  paymentProvider?: PaymentProvider;
  /** Told of every route as it is registered (the role × route test collects the true route list). */
  onRoute?: (route: RouteOptions) => void;
  /** Prometheus metrics to count requests into and sample on scrape (main.ts serves them on METRICS_PORT). */
  metrics?: Metrics;
}

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    // Credentials and personal data are redacted; errors are logged without query values (platform/logging).
    logger: options.logger ?? loggerOptions(config.LOG_LEVEL, options.logStream),
    genReqId: genTraceId,
    // The router's and the HTTP parser's refusals answer in the one error shape too (plugins/errors).
    frameworkErrors,
    clientErrorHandler,
    // Only the configured proxies' X-Forwarded-* headers count (config.ts): request.ip is never client-written.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 10_485_760 * 1.4, // 10 MB files arrive base64-encoded in JSON (4/3 larger)
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Validation answers say what to do ("Enter the contact name"), never zod's "expected string" (domain).
  installPlainErrorMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('sms', options.sms ?? createSmsProvider(config, app.log));
  app.decorate('email', options.email ?? createEmailProvider(config, app.log));
  app.decorate('storage', options.storage ?? createStorage(config));
  app.decorate('secret', loadAppSecret(config.APP_SECRET, options.secretDir === undefined ? config.dataDir : options.secretDir));
  const ownBus = options.events ? null : createMemoryEventBus(app.log);
  app.decorate('events', options.events ?? ownBus!);
  app.decorate('push', options.push ?? createWebPushSender(loadVapidKeys(config, options.secretDir === undefined ? config.dataDir : options.secretDir)));
  // Not started here: main.ts starts it after listen; tests call app.outbox.runOnce().
  app.decorate('outbox', createOutboxWorker({ db: options.database.db, logger: app.log }));
  // What a request's services enqueue for after their commit, the request runs before it answers (the worker is the backstop).
  runAfterCommitWork(app, app.outbox);
  app.decorate('payments', createPayments(app, config, options.secretDir === undefined ? config.dataDir : options.secretDir, options.paymentProvider));
  app.decorate('socialLogin', createSocialLogin(config, app.secret));
  const shipmentReads = await openShipmentReadCache(options.database);
  app.decorate('shipmentReads', shipmentReads.cache);
  // Twenty pages at once on two cores each take twenty times as long as one, and PostgreSQL spends part of the
  // cores switching between twenty busy processes: a few at a time answer more of them, and sooner. Only lists
  // (reads that hold no transaction) wait here, so a booking or a status move never queues behind them.
  const listReads = pLimit(config.LIST_READS_AT_ONCE ?? 2 * os.availableParallelism());
  app.decorate('listReads', <T>(work: () => Promise<T>) => listReads(work));
  // An event is published after its change commits, and a browser refetches when it hears it. The NOTIFY may
  // reach this instance after the event does, so forget cached reads on every event first: this handler is
  // subscribed before the WebSocket hub's, and the bus calls handlers in order.
  const stopForgettingOnEvents = app.events.subscribe(() => shipmentReads.cache.invalidate());
  // Likewise before browsers are told to refetch everything after the bus lost Redis (plugins/realtime).
  const stopForgettingOnResync = app.events.onResync(() => shipmentReads.cache.invalidate());
  // A write this instance answers is visible to its next read at once, without waiting for the NOTIFY.
  // Routes that only read say so (`config.readsOnly`): a price asked on every keystroke must not empty the cache.
  app.addHook('onSend', async (request, _reply, payload) => {
    const reads = request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config.readsOnly;
    if (!reads) shipmentReads.cache.invalidate();
    return payload;
  });
  app.addHook('onClose', async () => {
    await app.outbox.stop();
    await ownBus?.close();
    stopForgettingOnEvents();
    stopForgettingOnResync();
    await shipmentReads.close();
  });

  if (options.metrics) instrument(app, options.metrics, options);

  await app.register(errorsPlugin);
  await app.register(traceIdPlugin);
  // SIGTERM's drain (main.ts): warmup 503 and `Connection: close` before any other hook runs.
  await app.register(drainPlugin);
  // With Xendit the wallet page sends cards to Xendit with its cards-session.js: its script, its API, and the
  // 3-D Secure page it shows in a frame. The sandbox tokenizes in our own bundle and needs none of them.
  const xendit = app.payments.provider.name === 'xendit';
  const headers = securityHeaders({
    // The SPA loads its own bundles only; the docs page needs inline styles.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...(xendit ? ['https://js.xendit.co'] : [])],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(xendit ? ['https://api.xendit.co'] : [])],
        ...(xendit ? { frameSrc: ["'self'", 'https://*.xendit.co'] } : {}),
      },
    },
    // Not helmet's no-referrer: with it a browser sends `Origin: null` on a plain HTML form POST (the payment
    // sandbox's hosted pages), which the cross-site check must refuse. same-origin still tells other sites nothing.
    referrerPolicy: { policy: 'same-origin' },
  });
  // The same headers on every answer, errors and static files included (plugins/security-headers).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: true,
    max: 300,
    timeWindow: '1 minute',
    // Only the API is limited: a page load fetches many static files, and counting them made a few
    // reloads answer 429 for the app's own scripts.
    // RATE_LIMIT_ALLOWLIST lifts this general limit only: routes that check secrets override `allowList`
    // in their own limit (modules/auth/secret-check-limit.ts), since route options are merged over these.
    allowList: (request, key) => !request.url.startsWith('/api/') || config.RATE_LIMIT_ALLOWLIST.includes(key),
    // Counted in Redis, once for every process; what happens while Redis is down: platform/rate-limit-store.ts.
    ...(options.redis ? { store: resilientRateLimitStore(options.redis, app.log) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  // Control characters are refused for every input before the session lookup and validation.
  await app.register(inputHygienePlugin);
  await app.register(csrfPlugin, { allowedOrigins: config.ALLOWED_ORIGINS });
  await app.register(authPlugin);
  await app.register(realtimePlugin);
  // Browsers may follow a shipment's channel exactly when they may see the shipment.
  app.shipmentAccess = (actor, trackingNumber) => canSeeTrackingNumber(app.db, actor, trackingNumber);
  await app.register(swaggerPlugin);

  // The API: each module registers its own routes (and outbox handlers) under /api (docs/architecture.md).
  const modules = [
    systemModule,
    boxesModule,
    usersModule,
    addressesModule,
    notificationsModule,
    shipmentsModule,
    pricingModule,
    ticketsModule,
    reviewsModule,
    uploadsModule,
    shipmentMilesModule,
    businessesModule,
    activitiesModule,
    partnersModule,
    hubsModule,
    reportsModule,
    walletModule,
    flagsModule,
    paymentsModule,
    couriersModule,
    consolidationsModule,
    ridersModule,
    transactionsModule,
    collectionsModule,
    billingsModule,
    apiKeysModule,
    recipientSmsModule,
    webhooksModule,
    bulkBookingsModule,
  ];
  await app.register(
    async (api) => {
      for (const module of modules) await api.register(module);
    },
    { prefix: '/api' },
  );

  const webDist = options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist;
  const serveWeb = Boolean(webDist && fs.existsSync(path.join(webDist, 'index.html')));
  if (serveWeb) {
    await app.register(fastifyStatic, webStaticOptions(webDist as string));
    for (const pathname of Object.keys(LANDING_PAGES)) {
      app.get(pathname, { schema: { hide: true } }, (request, reply) =>
        reply
          // The same address answers in the visitor's language: caches must keep one copy per cookie and language.
          .header('vary', 'Accept-Language, Cookie')
          .type('text/html')
          .sendFile(
            landingFile(
              webDist as string,
              pathname,
              Boolean(request.cookies[SESSION_COOKIE]),
              requestLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']),
            ),
          ),
      );
    }
  }
  // Client-side routes (/login, /settings/addresses…) get the SPA shell; unknown /api paths stay JSON 404s,
  // and so do missing /assets/ files (a chunk of an older build must fail as a 404, not load HTML as script).
  // "/api" itself and below it, not every path starting with those letters: /api-keys is a console page.
  const isApiPath = (url: string) => /^\/api(\/|\?|$)/.test(url);
  app.setNotFoundHandler((request, reply) => {
    if (serveWeb && request.method === 'GET' && !isApiPath(request.url) && !request.url.startsWith('/assets/')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(notFoundBody(request.method, request.url, request.id));
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** The operators' numbers: requests as they finish; the database, queues and connections when Prometheus scrapes. */
function instrument(app: FastifyInstance, metrics: Metrics, options: BuildAppOptions) {
  observeRequests(app, metrics);
  sampleDatabase(metrics, options.database);
  sampleOutbox(metrics, options.database);
  sampleConnections(metrics, app.events, options.redis);
  // Whether a read was answered from memory: a load test that repeats its keys measures the cache, not the database.
  const lookups = metrics.gauge('hatid_read_cache_lookups', 'Reads asked of the shipment read cache since start, by result (hit: answered from memory)', [
    'result',
  ]);
  metrics.addSampler(
    'read_cache',
    async () => {
      lookups.set({ result: 'hit' }, app.shipmentReads.hits);
      lookups.set({ result: 'miss' }, app.shipmentReads.misses);
    },
    () => lookups.reset(),
  );
  const webhooks = {
    pending: metrics.gauge('hatid_webhook_deliveries_pending', 'Webhook deliveries still to succeed, to endpoints that are on'),
    oldest: metrics.gauge('hatid_webhook_oldest_pending_age_seconds', 'Seconds since the event of the oldest pending webhook delivery (0 when none)'),
    due: metrics.gauge('hatid_webhook_deliveries_due', 'Webhook deliveries that could be sent now and have not been'),
    lag: metrics.gauge('hatid_webhook_due_lag_seconds', 'How late the oldest sendable webhook delivery is, in seconds: the dispatcher is behind'),
  };
  metrics.addSampler(
    'webhooks',
    async () => {
      const stats = await webhookQueueStats(app.db);
      webhooks.pending.set(stats.pending);
      webhooks.oldest.set(stats.oldestPendingAgeSeconds);
      webhooks.due.set(stats.due);
      webhooks.lag.set(stats.dueLagSeconds);
    },
    () => {
      for (const gauge of Object.values(webhooks)) gauge.reset();
    },
  );
}
