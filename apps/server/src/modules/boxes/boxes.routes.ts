import { boxDisplayDto, boxesInForce, dataListOf, toBoxDisplay } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadPricingConfig } from '../pricing/index.js';

export const boxesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The catalogue is public: anyone may see prices before signing in. Its prices and limits are the
  // pricing config in force, read like every calculation reads it (loadPricingConfig: a save is seen at
  // once by this instance, within its few seconds' cache by the others), so the boxes a customer is shown
  // cost what the booking charges.
  app.get(
    '/',
    { schema: { tags: ['boxes'], summary: 'The box catalogue, at the prices in force', response: { 200: dataListOf(boxDisplayDto) } } },
    async () => ({ data: boxesInForce(await loadPricingConfig(app.db)).map(toBoxDisplay) }),
  );
};
