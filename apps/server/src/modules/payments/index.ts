/**
 * Payments: the payment provider's side: checkouts, payment links, top-ups, the webhook, and the saved payment
 * methods (the only writer of card_tokens: saved, linked, made default, removed, expired).
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardTokensRoutes } from './card-tokens.routes.js';
import { paymentsRoutes, shipmentPaymentLinkRoutes } from './payments.routes.js';
import { cardTokenizerRoutes } from './card-tokenizer.routes.js';
import { sandboxRoutes } from './sandbox.routes.js';
import { paymentMethodsRoutes } from './payment-methods.routes.js';

export { paymentsContext } from './context.js';
export { sweepPaymentRequests } from './expiry-sweep.js';
export { createPaymentLink } from './payment-links.service.js';
export { saveCard } from './payment-methods.service.js';
export type { CardTokenRow } from './payment-methods.service.js';
export { sendLinkToProvider, sendToProvider } from './provider-start.js';
export { startLink, startTopUp } from './top-ups.service.js';

/** Registers the module's routes (under /api). */
export const paymentsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(cardTokensRoutes, { prefix: '/card-tokens' });
  await app.register(paymentMethodsRoutes, { prefix: '/wallet' });
  await app.register(paymentsRoutes, { prefix: '/payments' });
  await app.register(cardTokenizerRoutes, { prefix: '/payments' });
  await app.register(shipmentPaymentLinkRoutes, { prefix: '/shipments' });
  // The sandbox's hosted pages exist only while the sandbox is the provider.
  if (app.payments.provider.name === 'sandbox') await app.register(sandboxRoutes, { prefix: '/payments/sandbox' });
};
