import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOption } from './config.js';
import { PRODUCTION_ENV, productionEnvWithout } from './testing/production-env.js';

/** The lines of a refused configuration, without the heading. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const [heading, ...lines] = error.message.split('\n');
    expect(heading).toBe('Invalid configuration:');
    return lines.map((l) => l.trim());
  }
  throw new Error('the configuration was accepted');
}

describe('configuration from the environment', () => {
  it('has working defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data', SMS_PROVIDER: 'console', PAYMENT_PROVIDER: 'sandbox', APP_ENV: 'development', SEED_DEMO: true });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('stops on a bad value, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ LIST_READS_AT_ONCE: '0' })).toThrow(/LIST_READS_AT_ONCE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(problemsOf({ OTP_PER_IP_PER_HOUR: '0' })).toEqual(['OTP_PER_IP_PER_HOUR: must be at least 1']);
    expect(loadConfig({}).OTP_PER_IP_PER_HOUR).toBe(20);
  });

  it('requires the real providers’ keys only when they are chosen', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'semaphore' })).toThrow(/SEMAPHORE_API_KEY: required when SMS_PROVIDER=semaphore/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'xendit', XENDIT_SECRET_KEY: 'k' })).toThrow(/XENDIT_CALLBACK_TOKEN/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'xendit', XENDIT_SECRET_KEY: 'k', XENDIT_CALLBACK_TOKEN: 't' })).toThrow(
      /XENDIT_PUBLIC_KEY: required when PAYMENT_PROVIDER=xendit/,
    );
    const xendit = loadConfig({
      PAYMENT_PROVIDER: 'xendit',
      XENDIT_SECRET_KEY: 'k',
      XENDIT_CALLBACK_TOKEN: 't',
      XENDIT_PUBLIC_KEY: 'xnd_public_development_abc',
    });
    expect(xendit.XENDIT_PUBLIC_KEY).toBe('xnd_public_development_abc');
    // The sandbox tokenizes in the browser itself: no key needed, and an empty one counts as unset.
    expect(loadConfig({ XENDIT_PUBLIC_KEY: '' }).XENDIT_PUBLIC_KEY).toBeUndefined();
    expect(loadConfig({ SMS_PROVIDER: 'semaphore', SEMAPHORE_API_KEY: 'k' }).SMS_PROVIDER).toBe('semaphore');
  });

  it('does not seed demo accounts in production unless asked', () => {
    expect(loadConfig(PRODUCTION_ENV).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('seeds the living demo with the demo accounts, unless switched off, and never in production', () => {
    expect(loadConfig({}).SEED_DEMO_ACTIVITY).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO_ACTIVITY).toBe(false);
    expect(loadConfig({ SEED_DEMO_ACTIVITY: 'false' })).toMatchObject({ SEED_DEMO: true, SEED_DEMO_ACTIVITY: false });
    expect(loadConfig({ ...PRODUCTION_ENV, SEED_DEMO: 'true', SEED_DEMO_ACTIVITY: 'true' }).SEED_DEMO_ACTIVITY).toBe(false);
  });

  it('lists every problem at once, one line each', () => {
    expect(problemsOf({ SMS_PROVIDER: 'semaphore', PAYMENT_PROVIDER: 'xendit', SUPER_ADMIN_EMAIL: 'boss@hatid.ph' })).toEqual([
      'SEMAPHORE_API_KEY: required when SMS_PROVIDER=semaphore',
      'XENDIT_SECRET_KEY: required when PAYMENT_PROVIDER=xendit',
      'XENDIT_CALLBACK_TOKEN: required when PAYMENT_PROVIDER=xendit',
      'XENDIT_PUBLIC_KEY: required when PAYMENT_PROVIDER=xendit',
      'SUPER_ADMIN_PASSWORD: required when the other SUPER_ADMIN_* variable is set',
    ]);
  });

  describe('production names every provider that acts for a person', () => {
    it('starts with each one named', () => {
      const c = loadConfig(PRODUCTION_ENV);
      expect(c).toMatchObject({
        PAYMENT_PROVIDER: 'xendit',
        SMS_PROVIDER: 'semaphore',
        EMAIL_PROVIDER: 'smtp',
        OAUTH_PROVIDER: 'live',
        STORAGE_DRIVER: 'local',
      });
      // No social sign-in is a choice too, said out loud.
      expect(loadConfig({ ...productionEnvWithout('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'), OAUTH_PROVIDER: 'none' }).OAUTH_PROVIDER).toBe('none');
      expect(loadConfig({ ...PRODUCTION_ENV, STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_REGION: 'ap-southeast-1' }).STORAGE_DRIVER).toBe('s3');
    });

    it('stops when none is named, naming each missing variable on its own line (the sandbox was the silent default)', () => {
      expect(problemsOf({ APP_ENV: 'production' })).toEqual([
        'PAYMENT_PROVIDER: required in production: xendit',
        'SMS_PROVIDER: required in production: semaphore',
        'EMAIL_PROVIDER: required in production: smtp',
        'OAUTH_PROVIDER: required in production: live (Google, with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET) or none (no social sign-in)',
        'STORAGE_DRIVER: required in production: local (DATA_DIR/uploads, one machine) or s3',
        'PUBLIC_URL: required in production: the https:// address people open (links in emails, payment and sign-in returns start with it)',
      ]);
      for (const name of ['PAYMENT_PROVIDER', 'SMS_PROVIDER', 'EMAIL_PROVIDER', 'OAUTH_PROVIDER', 'STORAGE_DRIVER', 'PUBLIC_URL']) {
        expect(problemsOf(productionEnvWithout(name)), name).toEqual([expect.stringMatching(new RegExp(`^${name}: required in production`))]);
      }
    });

    it('refuses the stand-ins: the payment and sign-in sandboxes, codes and emails written to the log', () => {
      const standIns = { PAYMENT_PROVIDER: 'sandbox', OAUTH_PROVIDER: 'sandbox', SMS_PROVIDER: 'console', EMAIL_PROVIDER: 'console' };
      expect(problemsOf({ ...PRODUCTION_ENV, ...standIns })).toEqual([
        'PAYMENT_PROVIDER: sandbox is not allowed in production: the sandbox marks payments paid without taking money (anyone could top up a wallet for free); set xendit',
        'SMS_PROVIDER: console is not allowed in production: console writes messages and one-time codes to the log instead of sending them; set semaphore',
        'EMAIL_PROVIDER: console is not allowed in production: console writes emails and their invitation links to the log instead of sending them; set smtp',
        'OAUTH_PROVIDER: sandbox is not allowed in production: the sign-in sandbox lets anyone sign in as any customer email; set live (Google, with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET) or none (no social sign-in)',
      ]);
      for (const [name, value] of Object.entries(standIns)) {
        expect(problemsOf({ ...PRODUCTION_ENV, [name]: value }), name).toEqual([
          expect.stringMatching(new RegExp(`^${name}: ${value} is not allowed in production`)),
        ]);
      }
    });

    it('says the production lines beside the bad values, and the keys a named provider needs', () => {
      expect(problemsOf({ APP_ENV: 'production', PAYMENT_PROVIDER: 'paypal', PORT: 'abc' })).toEqual([
        expect.stringMatching(/^PORT: /),
        expect.stringMatching(/^PAYMENT_PROVIDER: /),
        'SMS_PROVIDER: required in production: semaphore',
        'EMAIL_PROVIDER: required in production: smtp',
        expect.stringMatching(/^OAUTH_PROVIDER: required in production/),
        expect.stringMatching(/^STORAGE_DRIVER: required in production/),
        expect.stringMatching(/^PUBLIC_URL: required in production/),
      ]);
      expect(problemsOf(productionEnvWithout('XENDIT_SECRET_KEY', 'SEMAPHORE_API_KEY', 'SMTP_HOST', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'))).toEqual([
        'SEMAPHORE_API_KEY: required when SMS_PROVIDER=semaphore',
        'XENDIT_SECRET_KEY: required when PAYMENT_PROVIDER=xendit',
        'SMTP_HOST: required when EMAIL_PROVIDER=smtp',
        'GOOGLE_CLIENT_ID: required when OAUTH_PROVIDER=live (or set OAUTH_PROVIDER=none for no social sign-in)',
      ]);
    });

    it('outside production the stand-ins stay the defaults', () => {
      expect(loadConfig({ APP_ENV: 'test' })).toMatchObject({
        PAYMENT_PROVIDER: 'sandbox',
        SMS_PROVIDER: 'console',
        EMAIL_PROVIDER: 'console',
        OAUTH_PROVIDER: 'sandbox',
        STORAGE_DRIVER: 'local',
      });
    });
  });

  it('EMAIL_PROVIDER=smtp: host and sender required, login both or neither, STARTTLS required by default', () => {
    expect(problemsOf({ EMAIL_PROVIDER: 'smtp', SMTP_USER: 'mailer' })).toEqual([
      'SMTP_HOST: required when EMAIL_PROVIDER=smtp',
      'EMAIL_FROM: required when EMAIL_PROVIDER=smtp',
      'SMTP_PASSWORD: required when the other of SMTP_USER and SMTP_PASSWORD is set',
    ]);
    const smtp = { EMAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.example.ph', EMAIL_FROM: 'no-reply@hatid.ph' };
    expect(loadConfig(smtp)).toMatchObject({ SMTP_PORT: 587, SMTP_SECURE: false, SMTP_REQUIRE_TLS: true });
    expect(loadConfig({ ...smtp, SMTP_SECURE: 'true' })).toMatchObject({ SMTP_PORT: 465, SMTP_SECURE: true });
    expect(loadConfig({ ...smtp, SMTP_PORT: '2525', SMTP_REQUIRE_TLS: 'false' })).toMatchObject({ SMTP_PORT: 2525, SMTP_REQUIRE_TLS: false });
    expect(loadConfig({ ...smtp, EMAIL_FROM: 'Hatid Couriers <no-reply@hatid.ph>' }).EMAIL_FROM).toBe('Hatid Couriers <no-reply@hatid.ph>');
    expect(problemsOf({ ...smtp, EMAIL_FROM: 'Hatid' })).toEqual([expect.stringMatching(/^EMAIL_FROM: must be an email address/)]);
    expect(problemsOf({ ...smtp, EMAIL_FROM: 'Hatid <no-reply@hatid.ph>\r\nBcc: x@y.ph' })).toEqual([expect.stringMatching(/^EMAIL_FROM: /)]);
    expect(problemsOf({ ...smtp, SMTP_PORT: '70000' })).toEqual(['SMTP_PORT: must be a port number']);
    expect(problemsOf({ ...smtp, SMTP_PORT: 'smtp' })).toEqual(['SMTP_PORT: must be a port number']);
    expect(problemsOf({ ...smtp, SMTP_SECURE: 'maybe' })).toEqual([expect.stringMatching(/^SMTP_SECURE: /)]);
    // The password is never part of any message.
    const refused = problemsOf({ ...smtp, SMTP_PASSWORD: 'hunter2-secret' }).join('\n');
    expect(refused).toContain('SMTP_USER: required when the other of SMTP_USER and SMTP_PASSWORD is set');
    expect(refused).not.toContain('hunter2-secret');
  });

  it('TRUST_PROXY takes false, a hop count or proxy addresses, and refuses "true"', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,::1, fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: "true" would trust any X-Forwarded-For .*number of proxies .*addresses\/CIDRs/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY: a hop count must be between 1 and 10/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: .*not an address: 10.0.0.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/not an address: proxy.internal/);
  });

  describe('the client address and protocol Fastify derives with each TRUST_PROXY', () => {
    async function seen(trust: string | undefined, request: { remoteAddress: string; forwardedFor?: string; forwardedProto?: string }) {
      const app = Fastify({ trustProxy: trustProxyOption(loadConfig(trust ? { TRUST_PROXY: trust } : {}).TRUST_PROXY) });
      app.get('/', async (req) => ({ ip: req.ip, protocol: req.protocol }));
      const headers: Record<string, string> = {};
      if (request.forwardedFor) headers['x-forwarded-for'] = request.forwardedFor;
      if (request.forwardedProto) headers['x-forwarded-proto'] = request.forwardedProto;
      const res = await app.inject({ method: 'GET', url: '/', remoteAddress: request.remoteAddress, headers });
      await app.close();
      return res.json() as { ip: string; protocol: string };
    }
    const forged = { forwardedFor: '6.6.6.6, 203.0.113.5, 10.0.0.2', forwardedProto: 'https' };

    it('false: the peer of the connection, whatever the headers say', async () => {
      expect(await seen(undefined, { remoteAddress: '10.0.0.1', ...forged })).toEqual({ ip: '10.0.0.1', protocol: 'http' });
    });

    it('a hop count: the n-th address from the right; what the client wrote further left is ignored', async () => {
      expect(await seen('1', { remoteAddress: '10.0.0.1', ...forged })).toEqual({ ip: '10.0.0.2', protocol: 'https' });
      expect(await seen('2', { remoteAddress: '10.0.0.1', ...forged })).toEqual({ ip: '203.0.113.5', protocol: 'https' });
    });

    it('addresses: only headers from the listed proxies count, and only their own hops are skipped', async () => {
      expect(await seen('10.0.0.0/8', { remoteAddress: '10.0.0.1', ...forged })).toEqual({ ip: '203.0.113.5', protocol: 'https' });
      // A client reaching the server around the proxy cannot claim another address or HTTPS.
      expect(await seen('10.0.0.0/8', { remoteAddress: '198.51.100.9', ...forged })).toEqual({ ip: '198.51.100.9', protocol: 'http' });
    });
  });
});
