import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
  });

  it('requires the real providers’ keys only when they are chosen', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'semaphore' })).toThrow(/SEMAPHORE_API_KEY: required when SMS_PROVIDER=semaphore/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'xendit', XENDIT_SECRET_KEY: 'k' })).toThrow(/XENDIT_CALLBACK_TOKEN/);
    expect(loadConfig({ SMS_PROVIDER: 'semaphore', SEMAPHORE_API_KEY: 'k' }).SMS_PROVIDER).toBe('semaphore');
  });

  it('does not seed demo accounts in production unless asked', () => {
    expect(loadConfig({ APP_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ APP_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });
});
