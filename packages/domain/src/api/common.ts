import { z } from 'zod';

/** Every error answer has this shape (docs/api.md). */
export const errorDto = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  /** The message's stable code (errors/reasons.ts) and its parameters: the web app says it in the reader's language. */
  reason: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  details: z
    .array(
      z.object({
        field: z.string(),
        message: z.string(),
        reason: z.string().optional(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    )
    .optional(),
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

/** Wraps a list result: `{ data: [...] }`. */
export const dataListOf = <T extends z.ZodType>(schema: T) => dataOf(z.array(schema));

/** The body of a 204 answer. */
export const noContentDto = z.null();

/** Calls that move money or create records accept a client's `Idempotency-Key` (a retry answers the first result). */
export const idempotencyHeaders = z.object({ 'idempotency-key': z.string().optional() });

/** A delete that answers with the id of what it removed. */
export const deletedDto = z.object({ id: z.string() });

const WHOLE_DAY = /^\d{4}-\d{2}-\d{2}$/;
const MANILA_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * A date filter as the catalogue sends it ("dates are sent as ISO strings"): a whole Manila day (yyyy-MM-dd) or an
 * ISO 8601 instant with Z or an offset (2026-03-01T16:00:00.000Z), as the shipment lists take them.
 */
export const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Use a yyyy-MM-dd date or an ISO date-time (2026-03-01T16:00:00.000Z)',
});

/** The first millisecond a filter value covers: a day's Manila midnight, or the instant itself. */
export const firstMomentOf = (value: string): number => (WHOLE_DAY.test(value) ? Date.parse(`${value}T00:00:00+08:00`) : Date.parse(value));
/** The last millisecond a filter value covers: a day's last millisecond in Manila, or the instant itself. */
export const lastMomentOf = (value: string): number => (WHOLE_DAY.test(value) ? Date.parse(`${value}T00:00:00+08:00`) + DAY_MS - 1 : Date.parse(value));
/** The Manila day (yyyy-MM-dd) a filter value falls on: figures counted by day take an instant as its day. */
export const manilaDayOfFilter = (value: string): string =>
  WHOLE_DAY.test(value) ? value : new Date(Date.parse(value) + MANILA_MS).toISOString().slice(0, 10);

/** startDate/endDate given as days or instants: the end must not come before the start. */
export const endNotBeforeStart = (q: { startDate?: string | undefined; endDate?: string | undefined }): boolean =>
  !q.startDate || !q.endDate || firstMomentOf(q.startDate) <= lastMomentOf(q.endDate);
export const END_BEFORE_START = { path: ['endDate'], message: 'The end date must not be before the start date' };
