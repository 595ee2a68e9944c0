import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { authPlugin } from './plugins/auth.js';
import { csrfPlugin } from './plugins/csrf.js';
import { errorsPlugin, notFoundBody } from './plugins/errors.js';
import { swaggerPlugin } from './plugins/swagger.js';
import { genTraceId, traceIdPlugin } from './plugins/trace-id.js';
import { createSmsProvider, type SmsProvider } from './platform/sms/index.js';
import { loadAppSecret } from './platform/secret.js';
import { addressesRoutes } from './modules/addresses/addresses.routes.js';
import { smsRoutes } from './modules/auth/sms.routes.js';
import { boxesRoutes } from './modules/boxes/boxes.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    sms: SmsProvider;
    secret: Buffer;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Replaces the configured SMS provider (tests capture messages). */
  sms?: SmsProvider;
  redis?: Redis;
  logger?: FastifyServerOptions['logger'];
  /** Where a generated HMAC key is kept; null = a fresh in-memory key (tests). */
  secretDir?: string | null;
  /** Directory of the built web app; served at / when it exists. */
  webDist?: string | null;
}

const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      // Never write credentials to the log.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]'],
    },
    genReqId: genTraceId,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 10_485_760 * 1.4, // 10 MB files arrive base64-encoded in JSON (4/3 larger)
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('sms', options.sms ?? createSmsProvider(config, app.log));
  app.decorate('secret', loadAppSecret(config.APP_SECRET, options.secretDir === undefined ? config.dataDir : options.secretDir));

  await app.register(errorsPlugin);
  await app.register(traceIdPlugin);
  await app.register(helmet, {
    // The SPA loads its own bundles only; the docs page needs inline styles.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
      },
    },
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: true,
    max: 300,
    timeWindow: '1 minute',
    ...(options.redis ? { redis: options.redis, nameSpace: 'hatid-rl:' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(csrfPlugin, { allowedOrigins: config.ALLOWED_ORIGINS });
  await app.register(authPlugin);
  await app.register(swaggerPlugin);

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(boxesRoutes, { prefix: '/boxes' });
      await api.register(smsRoutes, { prefix: '/sms' });
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(addressesRoutes, { prefix: '/addresses' });
    },
    { prefix: '/api' },
  );

  const webDist = options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist;
  const serveWeb = Boolean(webDist && fs.existsSync(path.join(webDist, 'index.html')));
  if (serveWeb) {
    await app.register(fastifyStatic, { root: webDist as string, wildcard: false, index: ['index.html'] });
  }
  // Client-side routes (/login, /settings/addresses…) get the SPA shell; unknown /api paths stay JSON 404s.
  app.setNotFoundHandler((request, reply) => {
    if (serveWeb && request.method === 'GET' && !request.url.startsWith('/api')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(notFoundBody(request.method, request.url, request.id));
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
