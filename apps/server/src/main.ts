import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { sweepPaymentRequests } from './modules/payments/index.js';
import { purgeProcessedOutbox } from './platform/outbox/index.js';
import { purgeOldOtpCodes } from './modules/auth/index.js';
import { startPeriodic } from './platform/periodic.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type Database, type StatementObserver } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { seedDatabase } from './seed/index.js';
import { seedDemoActivity } from './seed/demo-activity/index.js';
import { DataDirLockedError } from './platform/data-dir-lock.js';
import { createRedisEventBus, type BusLogger } from './platform/events/index.js';
import { createRateLimitRedis } from './platform/rate-limit-store.js';
import { drainAndClose } from './plugins/drain.js';
import { createMetrics, startMetricsServer } from './platform/metrics/index.js';
import { serveBackups } from './platform/backup/index.js';

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: Math.round(performance.now() - started) };
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function openConfiguredDatabase(): Promise<Database> {
  try {
    return await openDatabase(
      config.DATABASE_URL
        ? { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, ...statementTrace(config.DB_STATEMENT_TRACE) }
        : { dataDir: config.dataDir },
    );
  } catch (error) {
    // Another server runs on this DATA_DIR: say which, and do not touch its database.
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** DB_STATEMENT_TRACE: every statement appended to the file as a JSON line, for bench/booking-profile.ts. */
function statementTrace(file: string | undefined): { observeStatements?: StatementObserver } {
  if (!file) return {};
  const out = fs.createWriteStream(file, { flags: 'a' });
  return {
    observeStatements: ({ text, ms, connection, failed }) => {
      out.write(`${JSON.stringify({ at: Date.now(), ms: Math.round(ms * 1000) / 1000, connection, failed, text })}\n`);
    },
  };
}

const config = readConfig();
const database = await openConfiguredDatabase();
await migrateDatabase(database);
await seedDatabase(database.db, {
  demo: config.SEED_DEMO,
  ...(config.SUPER_ADMIN_EMAIL && config.SUPER_ADMIN_PASSWORD
    ? { superAdmin: { email: config.SUPER_ADMIN_EMAIL, password: config.SUPER_ADMIN_PASSWORD } }
    : {}),
});
// The living demo: once, on a database with the demo accounts and no shipments (the seed itself checks).
const demoActivity = config.SEED_DEMO_ACTIVITY ? await timed(() => seedDemoActivity(database.db)) : null;
// Several instances behind a load balancer all deliver every event through Redis pub/sub (else: in-process).
// Redis down, at start or later, degrades and recovers by itself (docs/decisions.md "While a dependency is down").
let busLog: BusLogger = { info: (o, m) => console.info(m, o), warn: (o, m) => console.warn(m, o), error: (o, m) => console.error(m, o) };
const logViaApp: BusLogger = { info: (o, m) => busLog.info(o, m), warn: (o, m) => busLog.warn(o, m), error: (o, m) => busLog.error(o, m) };
const redis = config.REDIS_URL ? createRateLimitRedis(config.REDIS_URL, logViaApp) : undefined;
const events = config.REDIS_URL ? await createRedisEventBus({ url: config.REDIS_URL, logger: logViaApp, startWithoutRedis: true }) : undefined;
const metrics = config.METRICS_PORT ? createMetrics() : undefined;
const app = await buildApp({
  config,
  database,
  ...(metrics ? { metrics } : {}),
  ...(config.WEB_DIST ? { webDist: path.resolve(config.WEB_DIST) } : {}),
  ...(events ? { events } : {}),
  ...(redis ? { redis } : {}),
});
busLog = app.log;

let stopPeriodic = () => {};
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, finish the ones in flight, then close the database (PGlite flushes to DATA_DIR).
  // SIGTERM (a supervisor, a rolling restart) first gives the load balancer DRAIN_NOTICE_MS to see warmup 503.
  stopPeriodic();
  const noticeMs = signal === 'SIGTERM' ? config.DRAIN_NOTICE_MS : 0;
  const drained = await drainAndClose(app, { noticeMs, timeoutMs: config.DRAIN_TIMEOUT_MS }); // also stops the outbox worker
  app.log.info({ signal, drained }, 'stopped serving');
  await events?.close();
  await database.close();
  redis?.disconnect();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// The operators' addresses, apart from the public port and closed with the app (docs/deployment.md):
// Prometheus metrics on METRICS_PORT, and backups of the embedded database through a socket in DATA_DIR.
const operators = await Promise.all([
  metrics
    ? startMetricsServer({
        metrics,
        port: config.METRICS_PORT!,
        host: config.METRICS_HOST,
        ...(config.METRICS_TOKEN ? { token: config.METRICS_TOKEN } : {}),
        logger: app.log,
      }).catch((error: Error) => {
        console.error(`Cannot serve metrics on ${config.METRICS_HOST}:${config.METRICS_PORT}: ${error.message}`);
        process.exit(1);
      })
    : null,
  database.dumpDataDir ? serveBackups({ dataDir: config.dataDir, dump: database.dumpDataDir, logger: app.log }) : null,
]);
app.addHook('onClose', async () => {
  await Promise.all(operators.map((o) => o?.close()));
});
await app.listen({ port: config.PORT, host: config.HOST });
app.outbox.start();
stopPeriodic = startPeriodic(
  [
    {
      name: 'payment expiry sweep',
      everyMs: 60_000,
      run: async () => {
        const closed = await sweepPaymentRequests(app.db);
        if (closed.expired || closed.failed || closed.linksFailed) app.log.info(closed, 'payment expiry sweep closed requests and links');
      },
    },
    { name: 'outbox purge', everyMs: 3_600_000, run: () => purgeProcessedOutbox(app.db) },
    { name: 'one-time code purge', everyMs: 3_600_000, run: () => purgeOldOtpCodes(app.db).then(() => {}) },
  ],
  app.log,
);
if (demoActivity?.result) {
  app.log.info(
    { shipments: demoActivity.result.shipments, ms: demoActivity.ms, tryOnTrack: demoActivity.result.tour },
    `Seeded the living demo: ${demoActivity.result.shipments} shipments in ${(demoActivity.ms / 1000).toFixed(1)} s (README "Tour")`,
  );
}
app.log.info(
  {
    database: database.kind === 'pg' ? 'postgresql' : `pglite (${config.dataDir})`,
    sms: app.sms.name,
    events: app.events.kind,
    ...(operators[0] ? { metrics: operators[0].url } : {}),
  },
  `Hatid is serving on http://localhost:${config.PORT}`,
);
