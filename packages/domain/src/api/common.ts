import { z } from 'zod';

/** Every error answer has this shape (docs/api.md). */
export const errorDto = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  traceId: z.string().optional(),
});
export type ErrorDto = z.infer<typeof errorDto>;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** Wraps a single result: `{ data }`. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** Wraps a page of results with the spec's pagination fields. */
export const pageOf = <T extends z.ZodType>(schema: T) =>
  z.object({
    data: z.array(schema),
    page: z.number(),
    limit: z.number(),
    total: z.number(),
    totalPages: z.number(),
    hasNextPage: z.boolean(),
  });
