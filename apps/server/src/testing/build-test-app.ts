import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App, type BuildAppOptions } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { openEmbeddedTestDatabase, openTestDatabase } from './database-template.js';
import type { Metrics } from '../platform/metrics/index.js';
import type { SmsProvider } from '../platform/sms/index.js';
import { MemoryEmail } from './email.js';
import { LocalDiskStorage, type StorageDriver } from '../platform/storage/index.js';
import type { EventBus } from '../platform/events/index.js';
import type { PushSender } from '../platform/push/index.js';

/** Keeps every SMS so tests can read the one-time code a person would have received. */
export class MemorySms implements SmsProvider {
  readonly name = 'memory';
  readonly sent: { to: string; text: string }[] = [];
  async send(to: string, text: string) {
    this.sent.push({ to, text });
  }
  lastCodeFor(to: string): string {
    const message = [...this.sent].reverse().find((m) => m.to === to);
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`No code was sent to ${to}`);
    return code;
  }
}

export interface TestApp {
  app: App;
  sms: MemorySms;
  /** Every email the app sent (invitation links). */
  email: MemoryEmail;
  database: Database;
  /** Where this app's files go (a temporary directory unless a storage was passed). */
  storage: StorageDriver;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite by default; with TEST_DB=pg, a new database on the
 * machine's PostgreSQL, created here and dropped on close. Either starts as a copy of the run's migrated
 * and seeded template (database-template.ts).
 */
export async function buildTestApp(
  options: {
    demo?: boolean;
    events?: EventBus;
    push?: PushSender;
    storage?: StorageDriver;
    webDist?: string;
    /** Settings on top of the test defaults, as environment variables (e.g. RATE_LIMIT_ALLOWLIST). */
    config?: Record<string, string>;
    onRoute?: BuildAppOptions['onRoute'];
    /** Log through the app's own logger (redaction, error serializer) into this stream; set LOG_LEVEL in `config`. */
    logStream?: BuildAppOptions['logStream'];
    /** Use the configured email provider (console: the log) instead of recording emails in `email`. */
    configuredEmail?: boolean;
    /** Replaces the sandbox (the Xendit provider against a local fake server). */
    paymentProvider?: BuildAppOptions['paymentProvider'];
    /** A database the caller opened, migrated and seeded (and closes): its own PostgreSQL, to stop it. */
    database?: Database;
    /** Rate limits in this Redis (platform/rate-limit-store.ts) instead of in memory. */
    redis?: BuildAppOptions['redis'];
    /** The embedded database in this directory (locked, as `npm start` keeps it) instead of the run's test database. */
    dataDir?: string;
    /** Count requests and sample the queues into these metrics (the operators' address). */
    metrics?: Metrics;
  } = {},
): Promise<TestApp> {
  const own = options.database
    ? { database: options.database, drop: null }
    : options.dataDir
      ? { database: await openEmbeddedTestDatabase(options.demo ?? true, options.dataDir), drop: async () => {} }
      : await openTestDatabase(options.demo ?? true);
  const { database } = own;
  const sms = new MemorySms();
  const email = new MemoryEmail();
  const config = loadConfig({ APP_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', ...options.config });
  const filesDir = options.storage ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'hatid-files-'));
  const storage = options.storage ?? new LocalDiskStorage(filesDir!);
  const app = await buildApp({
    config,
    database,
    sms,
    ...(options.configuredEmail ? {} : { email }),
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    webDist: options.webDist ?? null,
    secretDir: null,
    storage,
    ...(options.events ? { events: options.events } : {}),
    ...(options.push ? { push: options.push } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
    ...(options.redis ? { redis: options.redis } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  await app.ready();
  return {
    app,
    sms,
    email,
    database,
    storage,
    close: async () => {
      await app.close();
      if (own.drop) {
        await database.close();
        await own.drop();
      }
      if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
