import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isVapidPrivateKey, isVapidPublicKey } from './platform/push/vapid-format.js';

/**
 * The whole configuration, read from the environment in one place. A bad value stops the start with a
 * message naming the variable (see `loadConfig`). Every variable is listed in the README.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** "a, b,c" → ["a", "b", "c"]; unset → []. */
const commaList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** Names @fastify/proxy-addr knows for address ranges: 127.0.0.1/8 and ::1; 169.254/16 and fe80::/10; private ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may say who the client is (X-Forwarded-For) and whether it used HTTPS (X-Forwarded-Proto):
 * `false` (none: the peer of the connection is the client), a hop count n ≥ 1 (n proxies stand in front and
 * the server cannot be reached around them: the client is the n-th address from the right of
 * X-Forwarded-For), or the proxies' addresses/CIDRs. Never "trust everything": the entries left of the ones
 * our proxies append are whatever the client wrote, so trusting them let anyone lift every per-IP limit.
 */
const trustProxySetting = z
  .string()
  .default('false')
  .transform((raw, ctx): false | number | string[] => {
    const value = raw.trim().toLowerCase();
    if (['false', '0', 'no'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) {
      ctx.addIssue({
        code: 'custom',
        message:
          '"true" would trust any X-Forwarded-For a client writes (a forged address lifts every per-IP limit); ' +
          'give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count must be between 1 and 10' });
      return z.NEVER;
    }
    const entries = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrCidr(e));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a hop count (e.g. 1) or proxy addresses/CIDRs (e.g. 10.0.0.0/8); not an address: ${bad.join(', ') || raw}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** TRUST_PROXY as Fastify's `trustProxy`: a hop count becomes a function (Fastify refuses bare numbers). */
export function trustProxyOption(trust: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The built web app to serve (index.html + assets); default: apps/web/dist of this checkout. */
  WEB_DIST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Connections each server process keeps to PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * Back-office list pages (shipments, users) computed at once per process; the rest wait their turn. Default:
   * twice the machine's cores (docs/decisions.md "List pages take turns").
   */
  LIST_READS_AT_ONCE: z.coerce.number().int().min(1).max(500).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  SMS_PROVIDER: z.enum(['console', 'semaphore']).default('console'),
  SEMAPHORE_API_KEY: z.string().min(1).optional(),
  SEMAPHORE_SENDER_NAME: z.string().min(1).max(11).default('HATID'),
  /** How emails (staff invitations) go out: `console` writes each one to the log as one JSON line. */
  EMAIL_PROVIDER: z.enum(['console']).default('console'),
  /** Where people open the web app; links in emails start with it. Default: http://localhost:PORT. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http:// or https:// address without a query')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'xendit']).default('sandbox'),
  /** The referrer's wallet reward when a referred customer's first shipment is delivered (DECISIONS: ₱50); 0 turns it off. */
  REFERRAL_REWARD_IN_CENTS: z.coerce.number().int('must be whole centavos').min(0, 'must be 0 or more').max(10_000_000, 'must be at most 10000000').default(5000),
  /** A sales agent's commission on its customers' delivered shipments, in basis points of the delivery fees (DECISIONS: 5%). */
  SALES_COMMISSION_BPS: z.coerce.number().int('must be whole basis points').min(0, 'must be 0 or more').max(10_000, 'must be at most 10000 (100%)').default(500),
  /** Social sign-in: `sandbox` (a consent page on this server) or `live` (Google with GOOGLE_CLIENT_*). Default: sandbox outside production unless Google is configured. */
  OAUTH_PROVIDER: z.enum(['sandbox', 'live']).optional(),
  /** A Google OAuth client (web application) whose redirect URI is PUBLIC_URL/api/users/callback. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  XENDIT_SECRET_KEY: z.string().min(1).optional(),
  XENDIT_CALLBACK_TOKEN: z.string().min(1).optional(),
  /** Xendit's publishable (public) key: the browser sends cards to Xendit with it in cards-session.js; never a secret. */
  XENDIT_PUBLIC_KEY: z.string().min(1).optional(),
  /** Xendit's API address; tests point it at a local fake server. */
  XENDIT_API_URL: z.string().regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL').default('https://api.xendit.co'),
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed one demo account per role on an empty database. Defaults to on unless APP_ENV=production. */
  SEED_DEMO: booleanish.optional(),
  /** First super admin on a production install (no demo data). */
  SUPER_ADMIN_EMAIL: z.email().optional(),
  SUPER_ADMIN_PASSWORD: z.string().min(12).optional(),
  /** Origins allowed to make state-changing calls besides the server's own (comma-separated). */
  ALLOWED_ORIGINS: commaList,
  /** Client IPs exempt from the general per-IP API limit (health checks, load tests); sign-in and code limits still apply. */
  RATE_LIMIT_ALLOWLIST: commaList,
  /** The proxies in front (hop count or addresses): client IPs from X-Forwarded-For, Secure cookies over HTTPS. */
  TRUST_PROXY: trustProxySetting,
  /** Key for HMACs (one-time codes). Set the same value on every instance; else one is generated in DATA_DIR/keys. */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Web Push (VAPID) key pair, base64url; set both (the same on every instance) or neither (generated in DATA_DIR/keys). */
  VAPID_PUBLIC_KEY: z.string().refine(isVapidPublicKey, 'must be a base64url P-256 public key (65 bytes)').optional(),
  VAPID_PRIVATE_KEY: z.string().refine(isVapidPrivateKey, 'must be a base64url P-256 private key (32 bytes)').optional(),
  /** Contact the push services may use: mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  /** Where uploaded files live: `local` (DATA_DIR/uploads) or `s3` (any S3-compatible store). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  /** For MinIO, R2, Spaces…; path-style addressing is used when set. */
  S3_ENDPOINT: z.string().regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, 'SEED_DEMO' | 'PUBLIC_URL' | 'OAUTH_PROVIDER'> & {
  SEED_DEMO: boolean;
  OAUTH_PROVIDER: 'sandbox' | 'live';
  PUBLIC_URL: string;
  dataDir: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as "not set", as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const requireWith = (cond: boolean, name: string, because: string) => {
    if (cond) throw new ConfigError(`Invalid configuration:\n  ${name}: required when ${because}`);
  };
  requireWith(c.SMS_PROVIDER === 'semaphore' && !c.SEMAPHORE_API_KEY, 'SEMAPHORE_API_KEY', 'SMS_PROVIDER=semaphore');
  requireWith(c.PAYMENT_PROVIDER === 'xendit' && !c.XENDIT_SECRET_KEY, 'XENDIT_SECRET_KEY', 'PAYMENT_PROVIDER=xendit');
  requireWith(
    c.PAYMENT_PROVIDER === 'xendit' && !c.XENDIT_CALLBACK_TOKEN,
    'XENDIT_CALLBACK_TOKEN',
    'PAYMENT_PROVIDER=xendit',
  );
  requireWith(c.PAYMENT_PROVIDER === 'xendit' && !c.XENDIT_PUBLIC_KEY, 'XENDIT_PUBLIC_KEY', 'PAYMENT_PROVIDER=xendit');
  requireWith(
    Boolean(c.SUPER_ADMIN_EMAIL) !== Boolean(c.SUPER_ADMIN_PASSWORD),
    c.SUPER_ADMIN_EMAIL ? 'SUPER_ADMIN_PASSWORD' : 'SUPER_ADMIN_EMAIL',
    'the other SUPER_ADMIN_* variable is set',
  );
  requireWith(
    Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY),
    c.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY',
    'the other VAPID_* key is set',
  );
  requireWith(Boolean(c.VAPID_PUBLIC_KEY) && !c.VAPID_SUBJECT, 'VAPID_SUBJECT', 'VAPID keys are set');
  requireWith(
    Boolean(c.GOOGLE_CLIENT_ID) !== Boolean(c.GOOGLE_CLIENT_SECRET),
    c.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID',
    'the other GOOGLE_CLIENT_* variable is set',
  );
  requireWith(c.STORAGE_DRIVER === 's3' && !c.S3_BUCKET, 'S3_BUCKET', 'STORAGE_DRIVER=s3');
  requireWith(c.STORAGE_DRIVER === 's3' && !c.S3_REGION, 'S3_REGION', 'STORAGE_DRIVER=s3');
  requireWith(
    Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY),
    c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
    'the other S3_* key is set',
  );
  return {
    ...c,
    SEED_DEMO: c.SEED_DEMO ?? c.APP_ENV !== 'production',
    // The sandbox lets anyone claim any email: never by default in production, nor once Google is set up.
    OAUTH_PROVIDER: c.OAUTH_PROVIDER ?? (c.APP_ENV === 'production' || c.GOOGLE_CLIENT_ID ? 'live' : 'sandbox'),
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    dataDir: path.resolve(c.DATA_DIR),
  };
}
