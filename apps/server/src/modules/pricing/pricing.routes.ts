import { calculationBody, calculationResultDto, dataOf, errorDto, pricingConfigPatchBody, pricingConfigSchema, pricingDetailsDto } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadPricingConfig, updatePricingConfig } from './pricing-config.service.js';
import { quoteShipment, withPackageLabels } from './pricing.service.js';

const tags = ['pricing'];
// Public (people price before signing in) and re-sent on every form change, so a per-IP budget; a POST
// that only reads, so it leaves the read cache alone.
const PRICING_CONFIG = { rateLimit: { max: 120, timeWindow: '1 minute' }, readsOnly: true };

/** Registered under /api/shipments next to the shipments module's own plugin; the paths do not overlap. */
export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/calculations',
    {
      config: PRICING_CONFIG,
      schema: {
        tags,
        summary: 'Price a shipment (signed in: per-user promo limits apply)',
        body: calculationBody,
        response: { 200: dataOf(calculationResultDto), 422: errorDto },
      },
    },
    async (request) => {
      const { receiverProvinceCode, ...pricing } = request.body;
      return { data: await quoteShipment(app.db, { request: pricing, userId: request.actor?.id ?? null, receiverProvinceCode }) };
    },
  );

  app.post(
    '/pricing-details',
    {
      config: PRICING_CONFIG,
      schema: {
        tags,
        summary: 'Price a shipment with each package line and its breakdown label',
        body: calculationBody,
        response: { 200: dataOf(pricingDetailsDto), 422: errorDto },
      },
    },
    async (request) => {
      const { receiverProvinceCode, ...pricing } = request.body;
      const result = await quoteShipment(app.db, { request: pricing, userId: request.actor?.id ?? null, receiverProvinceCode });
      return { data: withPackageLabels(result) };
    },
  );

  app.get(
    '/pricing/configs',
    { schema: { tags, summary: 'The pricing config in force (box prices, fees, insurance steps)', response: { 200: dataOf(pricingConfigSchema) } } },
    async () => ({ data: await loadPricingConfig(app.db) }),
  );

  app.put(
    '/pricing/configs',
    {
      schema: {
        tags,
        summary: 'Change the pricing config (any subset of fields; staff and admins)',
        body: pricingConfigPatchBody,
        response: { 200: dataOf(pricingConfigSchema) },
      },
    },
    async (request) => {
      const actor = request.authorize('update', 'PricingConfig');
      return { data: await updatePricingConfig(app.db, actor, request.body, { ip: request.ip }) };
    },
  );
};
