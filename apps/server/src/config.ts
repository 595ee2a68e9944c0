import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isVapidPrivateKey, isVapidPublicKey } from './platform/push/vapid-format.js';

/**
 * The whole configuration, read from the environment in one place. A bad value stops the start with a
 * message naming the variable (see `loadConfig`). Every variable is listed in the README.
 */
const booleanish = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

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

const emailAddress = z.email();

/** `a@b.ph` or `Name <a@b.ph>`: what an email's From header may hold (no line breaks: they would add headers). */
function isMailbox(value: string): boolean {
  const named = value.match(/^[^<>\r\n]*<([^<>\s]+)>$/);
  return emailAddress.safeParse(named ? named[1] : value).success;
}

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

/** Only this machine reaches these: 127.0.0.0/8, ::1, localhost. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || (isIP(h) === 4 && h.startsWith('127.'));
}

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
  /**
   * The operators' address for Prometheus (GET /metrics): its own port, off when unset. Never the public PORT:
   * metrics name routes, backlogs and memory, which are nobody else's business (docs/decisions.md "Metrics").
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where the metrics port listens: loopback unless METRICS_TOKEN is set (a Prometheus on this machine or a sidecar). */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** A bearer token every scrape must send; required to bind METRICS_HOST beyond loopback. */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /**
   * Diagnostics (bench/booking-profile.ts): a file to append one JSON line per PostgreSQL statement to (its
   * text without values, its round-trip ms, the connection). Unset in normal running, and then costs nothing.
   */
  DB_STATEMENT_TRACE: z.string().min(1).optional(),
  /** Connections each server process keeps to PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * Back-office list pages (shipments, users) computed at once per process; the rest wait their turn. Default:
   * twice the machine's cores (docs/decisions.md "List pages take turns").
   */
  LIST_READS_AT_ONCE: z.coerce.number().int().min(1).max(500).optional(),
  /**
   * SIGTERM drain (plugins/drain.ts): how long the process keeps answering on its open connections after it
   * stops accepting new ones, while its warmup answers 503, so a load balancer's health check takes it out first.
   */
  DRAIN_NOTICE_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** SIGTERM drain: the longest the process waits in all (notice included) for requests in flight before it exits. */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  SMS_PROVIDER: z.enum(['console', 'semaphore']).default('console'),
  SEMAPHORE_API_KEY: z.string().min(1).optional(),
  SEMAPHORE_SENDER_NAME: z.string().min(1).max(11).default('HATID'),
  /**
   * The shared secret the SMS provider sends in x-sms-inbound-token when it forwards a reply (POST
   * /api/sms/inbound: STOP and START). Default: derived from APP_SECRET, so every instance agrees.
   */
  SMS_INBOUND_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /**
   * How emails (staff invitations) go out: `console` writes each one to the log as one JSON line; `smtp` sends
   * through SMTP_HOST (platform/email/smtp.ts).
   */
  EMAIL_PROVIDER: z.enum(['console', 'smtp']).default('console'),
  SMTP_HOST: z.string().min(1).optional(),
  /** Default: 465 with SMTP_SECURE=true, else 587 (submission with STARTTLS). */
  SMTP_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(1, 'must be a port number')
    .max(65535, 'must be a port number')
    .optional(),
  /** true: TLS from the first byte (port 465). false (default): plain connection upgraded with STARTTLS. */
  SMTP_SECURE: booleanish.optional(),
  /**
   * With SMTP_SECURE=false: true (default) sends nothing, login included, unless the server upgrades the
   * connection with STARTTLS; false uses STARTTLS only when offered (a relay on the same machine).
   */
  SMTP_REQUIRE_TLS: booleanish.optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** The sender of every email: `no-reply@hatid.ph` or `Hatid <no-reply@hatid.ph>`. */
  EMAIL_FROM: z.string().refine(isMailbox, 'must be an email address, or a name and one in angle brackets (Hatid <no-reply@hatid.ph>)').optional(),
  /** Where people open the web app; links in emails start with it. Default: http://localhost:PORT. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http:// or https:// address without a query')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'xendit']).default('sandbox'),
  /** The referrer's wallet reward when a referred customer's first shipment is delivered (DECISIONS: ₱50); 0 turns it off. */
  REFERRAL_REWARD_IN_CENTS: z.coerce
    .number()
    .int('must be whole centavos')
    .min(0, 'must be 0 or more')
    .max(10_000_000, 'must be at most 10000000')
    .default(5000),
  /** A sales agent's commission on its customers' delivered shipments, in basis points of the delivery fees (DECISIONS: 5%). */
  SALES_COMMISSION_BPS: z.coerce
    .number()
    .int('must be whole basis points')
    .min(0, 'must be 0 or more')
    .max(10_000, 'must be at most 10000 (100%)')
    .default(500),
  /**
   * Social sign-in: `sandbox` (a consent page on this server), `live` (Google with GOOGLE_CLIENT_*) or `none`
   * (no social sign-in: "Continue with Google" answers that it is not set up). Default: sandbox outside
   * production unless Google is configured; production must name it.
   */
  OAUTH_PROVIDER: z.enum(['sandbox', 'live', 'none']).optional(),
  /** A Google OAuth client (web application) whose redirect URI is PUBLIC_URL/api/users/callback. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  XENDIT_SECRET_KEY: z.string().min(1).optional(),
  XENDIT_CALLBACK_TOKEN: z.string().min(1).optional(),
  /** Xendit's publishable (public) key: the browser sends cards to Xendit with it in cards-session.js; never a secret. */
  XENDIT_PUBLIC_KEY: z.string().min(1).optional(),
  /** Xendit's API address; tests point it at a local fake server. */
  XENDIT_API_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')
    .default('https://api.xendit.co'),
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed one demo account per role on an empty database. Defaults to on unless APP_ENV=production. */
  SEED_DEMO: booleanish.optional(),
  /**
   * The living demo (shipments, riders' jobs, wallet, billing, tickets…) on top of the demo accounts, once, on a
   * database without shipments. Defaults to SEED_DEMO; never in production, whatever it says.
   */
  SEED_DEMO_ACTIVITY: booleanish.optional(),
  /**
   * Let business webhooks reach loopback, private and link-local addresses (a receiver on this machine or the
   * office network, for development and tests). Off by default; never in production, whatever it says
   * (docs/decisions.md "Issue 33: webhooks").
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanish.optional(),
  /** First super admin on a production install (no demo data). */
  SUPER_ADMIN_EMAIL: z.email().optional(),
  SUPER_ADMIN_PASSWORD: z.string().min(12).optional(),
  /** Origins allowed to make state-changing calls besides the server's own (comma-separated). */
  ALLOWED_ORIGINS: commaList,
  /** Client IPs exempt from the general per-IP API limit (health checks, load tests); sign-in and code limits still apply. */
  RATE_LIMIT_ALLOWLIST: commaList,
  /** The proxies in front (hop count or addresses): client IPs from X-Forwarded-For, Secure cookies over HTTPS. */
  TRUST_PROXY: trustProxySetting,
  /**
   * One-time codes one network address may ask for in an hour (all purposes). Mobile networks put many phones
   * behind one address (carrier-grade NAT), so an operator may need to raise it; the browser tests, whose many
   * sign-ups all come from 127.0.0.1, do.
   */
  OTP_PER_IP_PER_HOUR: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(100_000, 'must be at most 100000').default(20),
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
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

export type Config = Omit<
  z.infer<typeof envSchema>,
  'SEED_DEMO' | 'SEED_DEMO_ACTIVITY' | 'PUBLIC_URL' | 'OAUTH_PROVIDER' | 'SMTP_PORT' | 'SMTP_SECURE' | 'SMTP_REQUIRE_TLS' | 'WEBHOOK_ALLOW_PRIVATE_TARGETS'
> & {
  SEED_DEMO: boolean;
  WEBHOOK_ALLOW_PRIVATE_TARGETS: boolean;
  SEED_DEMO_ACTIVITY: boolean;
  OAUTH_PROVIDER: 'sandbox' | 'live' | 'none';
  SMTP_PORT: number;
  SMTP_SECURE: boolean;
  SMTP_REQUIRE_TLS: boolean;
  PUBLIC_URL: string;
  dataDir: string;
};

export class ConfigError extends Error {}

/**
 * The providers that act for a person, as production must name them (DECISIONS "Production, codes and
 * ownership"): unset, or set to a stand-in that only writes to the log or lets anyone through, stops the start.
 * Each rule: the variable, what production accepts, and why each refused value is refused.
 */
const PRODUCTION_PROVIDERS: { name: string; accepts: string; refuses: Record<string, string> }[] = [
  {
    name: 'PAYMENT_PROVIDER',
    accepts: 'xendit',
    refuses: { sandbox: 'the sandbox marks payments paid without taking money (anyone could top up a wallet for free)' },
  },
  {
    name: 'SMS_PROVIDER',
    accepts: 'semaphore',
    refuses: { console: 'console writes messages and one-time codes to the log instead of sending them' },
  },
  {
    name: 'EMAIL_PROVIDER',
    accepts: 'smtp',
    refuses: { console: 'console writes emails and their invitation links to the log instead of sending them' },
  },
  {
    name: 'OAUTH_PROVIDER',
    accepts: 'live (Google, with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET) or none (no social sign-in)',
    refuses: { sandbox: 'the sign-in sandbox lets anyone sign in as any customer email' },
  },
  {
    name: 'STORAGE_DRIVER',
    accepts: 'local (DATA_DIR/uploads, one machine) or s3',
    refuses: {},
  },
  {
    name: 'PUBLIC_URL',
    accepts: 'the https:// address people open (links in emails, payment and sign-in returns start with it)',
    refuses: {},
  },
];

function productionProblems(env: Record<string, string | undefined>, alreadyNamed: Set<string>): string[] {
  const lines: string[] = [];
  for (const rule of PRODUCTION_PROVIDERS) {
    if (alreadyNamed.has(rule.name)) continue;
    const value = env[rule.name];
    if (value === undefined) lines.push(`${rule.name}: required in production: ${rule.accepts}`);
    else if (rule.refuses[value]) lines.push(`${rule.name}: ${value} is not allowed in production: ${rule.refuses[value]}; set ${rule.accepts}`);
  }
  return lines;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as "not set", as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;
  const parsed = envSchema.safeParse(cleaned);
  // Every problem at once, one line each: a start that stops once per missing variable wastes a deploy per line.
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  const fail = () => new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  if (cleaned.APP_ENV === 'production') {
    const named = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0])));
    problems.push(...productionProblems(cleaned, named));
  }
  if (!parsed.success) throw fail();
  const c = parsed.data;
  const requireWith = (cond: boolean, name: string, because: string) => {
    if (cond) problems.push(`${name}: required when ${because}`);
  };
  requireWith(c.SMS_PROVIDER === 'semaphore' && !c.SEMAPHORE_API_KEY, 'SEMAPHORE_API_KEY', 'SMS_PROVIDER=semaphore');
  requireWith(c.PAYMENT_PROVIDER === 'xendit' && !c.XENDIT_SECRET_KEY, 'XENDIT_SECRET_KEY', 'PAYMENT_PROVIDER=xendit');
  requireWith(c.PAYMENT_PROVIDER === 'xendit' && !c.XENDIT_CALLBACK_TOKEN, 'XENDIT_CALLBACK_TOKEN', 'PAYMENT_PROVIDER=xendit');
  requireWith(c.PAYMENT_PROVIDER === 'xendit' && !c.XENDIT_PUBLIC_KEY, 'XENDIT_PUBLIC_KEY', 'PAYMENT_PROVIDER=xendit');
  requireWith(c.EMAIL_PROVIDER === 'smtp' && !c.SMTP_HOST, 'SMTP_HOST', 'EMAIL_PROVIDER=smtp');
  requireWith(c.EMAIL_PROVIDER === 'smtp' && !c.EMAIL_FROM, 'EMAIL_FROM', 'EMAIL_PROVIDER=smtp');
  requireWith(
    Boolean(c.SMTP_USER) !== Boolean(c.SMTP_PASSWORD),
    c.SMTP_USER ? 'SMTP_PASSWORD' : 'SMTP_USER',
    'the other of SMTP_USER and SMTP_PASSWORD is set',
  );
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
  // Google is the only live provider: `live` without it would be social sign-in switched off by accident.
  requireWith(
    c.OAUTH_PROVIDER === 'live' && !c.GOOGLE_CLIENT_ID && !c.GOOGLE_CLIENT_SECRET,
    'GOOGLE_CLIENT_ID',
    'OAUTH_PROVIDER=live (or set OAUTH_PROVIDER=none for no social sign-in)',
  );
  requireWith(c.STORAGE_DRIVER === 's3' && !c.S3_BUCKET, 'S3_BUCKET', 'STORAGE_DRIVER=s3');
  requireWith(c.STORAGE_DRIVER === 's3' && !c.S3_REGION, 'S3_REGION', 'STORAGE_DRIVER=s3');
  requireWith(
    Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY),
    c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
    'the other S3_* key is set',
  );
  requireWith(
    c.METRICS_PORT !== undefined && !isLoopback(c.METRICS_HOST) && !c.METRICS_TOKEN,
    'METRICS_TOKEN',
    `METRICS_HOST (${c.METRICS_HOST}) is not a loopback address: anyone who reaches it would read the metrics`,
  );
  if (c.METRICS_PORT !== undefined && c.METRICS_PORT === c.PORT)
    problems.push('METRICS_PORT: must differ from PORT (the metrics are never on the public port)');
  if (problems.length > 0) throw fail();
  const smtpSecure = c.SMTP_SECURE ?? false;
  return {
    ...c,
    SEED_DEMO: c.SEED_DEMO ?? c.APP_ENV !== 'production',
    // Made-up shipments, money and people's messages have no place in a real install: production never gets
    // them, even with SEED_DEMO=true (docs/decisions.md "The living demo").
    SEED_DEMO_ACTIVITY: c.APP_ENV !== 'production' && (c.SEED_DEMO_ACTIVITY ?? c.SEED_DEMO ?? true),
    // A webhook aimed at our own network (server-side request forgery) is refused in production, always.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: c.APP_ENV !== 'production' && (c.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false),
    // The sandbox lets anyone claim any email: never in production (refused above), nor once Google is set up.
    OAUTH_PROVIDER: c.OAUTH_PROVIDER ?? (c.GOOGLE_CLIENT_ID ? 'live' : 'sandbox'),
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    SMTP_SECURE: smtpSecure,
    SMTP_PORT: c.SMTP_PORT ?? (smtpSecure ? 465 : 587),
    SMTP_REQUIRE_TLS: c.SMTP_REQUIRE_TLS ?? true,
    dataDir: path.resolve(c.DATA_DIR),
  };
}
