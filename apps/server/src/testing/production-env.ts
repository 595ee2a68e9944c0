/**
 * A production configuration naming every provider as production requires (config.ts PRODUCTION_PROVIDERS),
 * with fake keys: Xendit at an address nothing answers, SMTP on a port nothing listens on. Tests add or remove
 * variables from it to see one rule at a time.
 */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://hatid.example.ph',
  PAYMENT_PROVIDER: 'xendit',
  XENDIT_SECRET_KEY: 'xnd_development_fake',
  XENDIT_CALLBACK_TOKEN: 'fake-callback-token',
  XENDIT_PUBLIC_KEY: 'xnd_public_development_fake',
  XENDIT_API_URL: 'http://127.0.0.1:9',
  SMS_PROVIDER: 'semaphore',
  SEMAPHORE_API_KEY: 'fake-semaphore-key',
  EMAIL_PROVIDER: 'smtp',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '9',
  EMAIL_FROM: 'Hatid <no-reply@hatid.example.ph>',
  OAUTH_PROVIDER: 'live',
  GOOGLE_CLIENT_ID: 'fake-client.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'fake-google-secret',
  STORAGE_DRIVER: 'local',
};

/** PRODUCTION_ENV without the named variables. */
export function productionEnvWithout(...names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(PRODUCTION_ENV).filter(([name]) => !names.includes(name)));
}
