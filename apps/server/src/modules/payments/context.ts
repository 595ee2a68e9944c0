import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../platform/payments/index.js';
import type { AppEnv } from '../flags/index.js';

/** What payment services need: the database, the configured provider, which flag set applies, where payers return. */
export interface PaymentsContext {
  db: Db;
  provider: PaymentProvider;
  env: AppEnv;
  /** Prefix of return addresses: '' for the sandbox (same server), PUBLIC_URL for a real provider. */
  returnBase: string;
}

export const paymentsContext = (app: FastifyInstance): PaymentsContext => ({
  db: app.db,
  provider: app.payments.provider,
  env: app.config.APP_ENV,
  returnBase: app.payments.returnBase,
});

/** The web app's return page with the spec's query parameters (success, failure, success-link, failure-link, method, amount). */
export function returnUrl(ctx: PaymentsContext, path: string | undefined, params: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return `${ctx.returnBase}${path ?? '/wallet'}?${query.toString()}`;
}
