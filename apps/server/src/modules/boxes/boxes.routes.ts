import { z } from 'zod';
import { BOXES, boxDisplayDto, dataOf, toBoxDisplay } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const BOX_DISPLAY = BOXES.map(toBoxDisplay);

export const boxesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The catalogue is public: anyone may see prices before signing in.
  app.get(
    '/',
    { schema: { tags: ['boxes'], summary: 'The box catalogue', response: { 200: dataOf(z.array(boxDisplayDto)) } } },
    async () => ({ data: BOX_DISPLAY }),
  );
};
