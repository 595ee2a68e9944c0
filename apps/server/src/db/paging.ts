/**
 * What every list query shares: LIKE patterns built from what people type, and the spec's page answer.
 */

/** A search term as a LIKE/ILIKE literal: its `%`, `_` and `\` match themselves, not any text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The spec's pagination fields around one page of rows. */
export function toPage<T>(data: T[], query: { page: number; limit: number }, total: number) {
  const totalPages = Math.ceil(total / query.limit);
  return { data, page: query.page, limit: query.limit, total, totalPages, hasNextPage: query.page < totalPages };
}
