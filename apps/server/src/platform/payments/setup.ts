import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { loadCallbackToken } from './callback-token.js';
import { SandboxPaymentProvider } from './sandbox.js';
import type { PaymentProvider } from './types.js';
import { XenditPaymentProvider } from './xendit.js';

export const WEBHOOK_PATH = '/api/payments/webhooks/xendit';

export interface Payments {
  provider: PaymentProvider;
  /** The x-callback-token every webhook delivery must carry. */
  callbackToken: string;
  /** Prefix of the addresses payers return to: '' (same server) for the sandbox, PUBLIC_URL for Xendit. */
  returnBase: string;
  /** Posts a webhook body to this server's own endpoint, as the provider would (the sandbox's deliveries). */
  deliver(body: unknown): Promise<void>;
}

/** PAYMENT_PROVIDER picks the provider; the sandbox needs no network and is the default. */
export function createPayments(app: FastifyInstance, config: Config, keysDir: string | null, provider?: PaymentProvider): Payments {
  const callbackToken = loadCallbackToken(config.XENDIT_CALLBACK_TOKEN, keysDir);
  const deliver = async (body: unknown) => {
    const answer = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'x-callback-token': callbackToken, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    if (answer.statusCode !== 200) throw new Error(`The sandbox's webhook delivery was refused: ${answer.statusCode} ${answer.body}`);
  };
  const chosen =
    provider ??
    (config.PAYMENT_PROVIDER === 'xendit'
      ? new XenditPaymentProvider(config.XENDIT_SECRET_KEY as string, config.XENDIT_API_URL)
      : new SandboxPaymentProvider('', deliver));
  return { provider: chosen, callbackToken, returnBase: chosen.name === 'sandbox' ? '' : config.PUBLIC_URL, deliver };
}
