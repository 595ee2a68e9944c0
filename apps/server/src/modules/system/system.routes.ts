import { warmupDto } from '@hatid/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  // Load balancers and the benchmarks' baseline call this: it proves the process and its database answer.
  app.get(
    '/_ah/warmup',
    {
      schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: warmupDto } },
      config: { rateLimit: false },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
};
