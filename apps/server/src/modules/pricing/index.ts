/**
 * Pricing: the rate card, quotes, and promo codes (a quote applies a promo; a promo's preview is a quote).
 *
 * This file is the module's face: other modules, plugins, app.ts and the tests import the module only from here
 * (.dependency-cruiser.cjs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pricingRoutes } from './pricing.routes.js';
import { promoCodesRoutes } from './promo-codes.routes.js';

export { loadPricingConfig } from './pricing-config.service.js';
export { quoteShipment } from './pricing.service.js';
export { createPromoCode, releasePromoUse, reservePromoUse } from './promo-codes.service.js';
export { quoteOrThrow } from './quote-price.js';

/** Registers the module's routes (under /api). */
export const pricingModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(pricingRoutes, { prefix: '/shipments' });
  await app.register(promoCodesRoutes, { prefix: '/promo-codes' });
};
