import { z } from 'zod';

/** GET /_ah/warmup: the process and its database answer (load balancers and the benchmarks' baseline). */
export const warmupDto = z.object({ status: z.literal('ok') });
export type WarmupDto = z.infer<typeof warmupDto>;
