import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOption } from './config.js';

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
  });

  it('requires the real providers’ keys only when they are chosen', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'semaphore' })).toThrow(/SEMAPHORE_API_KEY: required when SMS_PROVIDER=semaphore/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'xendit', XENDIT_SECRET_KEY: 'k' })).toThrow(/XENDIT_CALLBACK_TOKEN/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'xendit', XENDIT_SECRET_KEY: 'k', XENDIT_CALLBACK_TOKEN: 't' })).toThrow(
      /XENDIT_PUBLIC_KEY: required when PAYMENT_PROVIDER=xendit/,
    );
    const xendit = loadConfig({ PAYMENT_PROVIDER: 'xendit', XENDIT_SECRET_KEY: 'k', XENDIT_CALLBACK_TOKEN: 't', XENDIT_PUBLIC_KEY: 'xnd_public_development_abc' });
    expect(xendit.XENDIT_PUBLIC_KEY).toBe('xnd_public_development_abc');
    // The sandbox tokenizes in the browser itself: no key needed, and an empty one counts as unset.
    expect(loadConfig({ XENDIT_PUBLIC_KEY: '' }).XENDIT_PUBLIC_KEY).toBeUndefined();
    expect(loadConfig({ SMS_PROVIDER: 'semaphore', SEMAPHORE_API_KEY: 'k' }).SMS_PROVIDER).toBe('semaphore');
  });

  it('does not seed demo accounts in production unless asked', () => {
    expect(loadConfig({ APP_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ APP_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
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
