import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import pLimit from 'p-limit';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { installPlainErrorMessages } from '@hatid/domain';
import { trustProxyOption, type Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { authPlugin } from './plugins/auth.js';
import { csrfPlugin } from './plugins/csrf.js';
import { clientErrorHandler, errorsPlugin, frameworkErrors, notFoundBody } from './plugins/errors.js';
import { inputHygienePlugin } from './plugins/input-hygiene.js';
import { securityHeaders } from './plugins/security-headers.js';
import { swaggerPlugin } from './plugins/swagger.js';
import { LANDING_PAGES, landingFile, webStaticOptions } from './plugins/web-static.js';
import { SESSION_COOKIE } from './modules/auth/session.service.js';
import { genTraceId, traceIdPlugin } from './plugins/trace-id.js';
import { createSmsProvider, type SmsProvider } from './platform/sms/index.js';
import { createEmailProvider, type EmailProvider } from './platform/email/index.js';
import { loggerOptions } from './platform/logging.js';
import { loadAppSecret } from './platform/secret.js';
import { createStorage, type StorageDriver } from './platform/storage/index.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { proofImagesRoutes } from './modules/shipments/proof-images.routes.js';
import { documentsRoutes } from './modules/shipments/documents.routes.js';
import { shipmentMilesRoutes } from './modules/shipment-miles/shipment-miles.routes.js';
import { createMemoryEventBus, type EventBus } from './platform/events/index.js';
import { createOutboxWorker, type OutboxWorker } from './platform/outbox/index.js';
import { createWebPushSender, loadVapidKeys, type PushSender } from './platform/push/index.js';
import { realtimePlugin } from './plugins/realtime.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { addressesRoutes } from './modules/addresses/addresses.routes.js';
import { smsRoutes } from './modules/auth/sms.routes.js';
import { boxesRoutes } from './modules/boxes/boxes.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { usersAdminRoutes } from './modules/users/users-admin.routes.js';
import { shipmentsRoutes } from './modules/shipments/shipments.routes.js';
import { waybillsRoutes } from './modules/shipments/waybills.routes.js';
import { canSeeTrackingNumber } from './modules/shipments/shipments.scope.js';
import { shipmentListsRoutes } from './modules/shipments/lists.routes.js';
import { shipmentStatsRoutes } from './modules/shipments/stats.routes.js';
import { shipmentOperationsRoutes } from './modules/shipments/operations.routes.js';
import { pricingRoutes } from './modules/pricing/pricing.routes.js';
import { promoCodesRoutes } from './modules/promo-codes/promo-codes.routes.js';
import { ticketsRoutes } from './modules/tickets/tickets.routes.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { businessesRoutes } from './modules/businesses/businesses.routes.js';
import { activitiesRoutes } from './modules/activities/activities.routes.js';
import { partnersRoutes } from './modules/partners/partners.routes.js';
import { hubsRoutes } from './modules/hubs/hubs.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { couriersRoutes } from './modules/couriers/couriers.routes.js';
import { consolidateShipmentRoutes, consolidationsRoutes } from './modules/consolidations/consolidations.routes.js';
import { riderSignInRoutes } from './modules/riders/rider-sign-in.routes.js';
import { ridersRoutes } from './modules/riders/riders.routes.js';
import { transactionsRoutes } from './modules/transactions/transactions.routes.js';
import { collectionsRoutes } from './modules/collections/collections.routes.js';
import { billingsRoutes } from './modules/billings/billings.routes.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { openShipmentReadCache, type ReadCache } from './platform/read-cache.js';
import { createPayments, type PaymentProvider, type Payments } from './platform/payments/index.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { flagsRoutes } from './modules/flags/flags.routes.js';
import { cardTokensRoutes } from './modules/payments/card-tokens.routes.js';
import { cardTokenizerRoutes } from './modules/payments/card-tokenizer.routes.js';
import { paymentsRoutes, shipmentPaymentLinkRoutes } from './modules/payments/payments.routes.js';
import { sandboxRoutes } from './modules/payments/sandbox.routes.js';
import { createSocialLogin, type SocialLogin } from './platform/oauth/index.js';
import { socialLoginRoutes } from './modules/users/social-login.routes.js';
import { oauthSandboxRoutes } from './modules/users/oauth-sandbox.routes.js';

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
  app.decorate(
    'push',
    options.push ?? createWebPushSender(loadVapidKeys(config, options.secretDir === undefined ? config.dataDir : options.secretDir)),
  );
  // Not started here: main.ts starts it after listen; tests call app.outbox.runOnce().
  app.decorate('outbox', createOutboxWorker({ db: options.database.db, logger: app.log }));
  app.decorate(
    'payments',
    createPayments(app, config, options.secretDir === undefined ? config.dataDir : options.secretDir, options.paymentProvider),
  );
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
    await shipmentReads.close();
  });

  await app.register(errorsPlugin);
  await app.register(traceIdPlugin);
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
    ...(options.redis ? { redis: options.redis, nameSpace: 'hatid-rl:' } : {}),
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

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(boxesRoutes, { prefix: '/boxes' });
      await api.register(smsRoutes, { prefix: '/sms' });
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(usersAdminRoutes, { prefix: '/users' });
      await api.register(socialLoginRoutes, { prefix: '/users' });
      // The sign-in sandbox's consent page exists only while the sandbox stands in for the providers.
      if (app.socialLogin.sandbox) await api.register(oauthSandboxRoutes, { prefix: '/oauth/sandbox' });
      await api.register(addressesRoutes, { prefix: '/addresses' });
      await api.register(notificationsRoutes, { prefix: '/notifications' });
      await api.register(shipmentsRoutes, { prefix: '/shipments' });
      await api.register(waybillsRoutes, { prefix: '/shipments' });
      await api.register(shipmentListsRoutes, { prefix: '/shipments' });
      await api.register(shipmentStatsRoutes, { prefix: '/shipments' });
      await api.register(shipmentOperationsRoutes, { prefix: '/shipments' });
      await api.register(pricingRoutes, { prefix: '/shipments' });
      await api.register(promoCodesRoutes, { prefix: '/promo-codes' });
      await api.register(ticketsRoutes, { prefix: '/tickets' });
      await api.register(reviewsRoutes, { prefix: '/reviews' });
      await api.register(uploadsRoutes, { prefix: '/uploads' });
      await api.register(proofImagesRoutes, { prefix: '/shipments' });
      await api.register(documentsRoutes, { prefix: '/shipments' });
      await api.register(shipmentMilesRoutes, { prefix: '/shipment-miles' });
      await api.register(businessesRoutes, { prefix: '/businesses' });
      await api.register(activitiesRoutes, { prefix: '/activities' });
      await api.register(partnersRoutes, { prefix: '/partners' });
      await api.register(hubsRoutes, { prefix: '/hubs' });
      await api.register(reportsRoutes, { prefix: '/reports' });
      await api.register(walletRoutes, { prefix: '/wallet' });
      await api.register(flagsRoutes, { prefix: '/flags' });
      await api.register(cardTokensRoutes, { prefix: '/card-tokens' });
      await api.register(paymentsRoutes, { prefix: '/payments' });
      await api.register(cardTokenizerRoutes, { prefix: '/payments' });
      await api.register(shipmentPaymentLinkRoutes, { prefix: '/shipments' });
      // The sandbox's hosted pages exist only while the sandbox is the provider.
      if (app.payments.provider.name === 'sandbox') await api.register(sandboxRoutes, { prefix: '/payments/sandbox' });
      await api.register(couriersRoutes, { prefix: '/couriers' });
      await api.register(consolidationsRoutes, { prefix: '/consolidations' });
      await api.register(consolidateShipmentRoutes, { prefix: '/shipments' });
      // Riders and the cash they collect (issue 11 part B).
      await api.register(riderSignInRoutes, { prefix: '/sms' });
      await api.register(ridersRoutes, { prefix: '/users' });
      await api.register(transactionsRoutes, { prefix: '/transaction' });
      await api.register(collectionsRoutes, { prefix: '/collections' });
      await api.register(billingsRoutes, { prefix: '/billings' });
      await api.register(invoicesRoutes, { prefix: '/invoices' });
      await api.register(apiKeysRoutes, { prefix: '/api-keys' });
    },
    { prefix: '/api' },
  );

  const webDist = options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist;
  const serveWeb = Boolean(webDist && fs.existsSync(path.join(webDist, 'index.html')));
  if (serveWeb) {
    await app.register(fastifyStatic, webStaticOptions(webDist as string));
    for (const pathname of Object.keys(LANDING_PAGES)) {
      app.get(pathname, { schema: { hide: true } }, (request, reply) =>
        reply.type('text/html').sendFile(landingFile(webDist as string, pathname, Boolean(request.cookies[SESSION_COOKIE]))),
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
