import type { pageOf } from '@hatid/domain';
import type { z } from 'zod';

/** One value a key: the api client writes no repeated keys (a list the server splits goes comma-separated). */
type OneValueEach<T> = { [K in keyof T]: Exclude<T[K], readonly unknown[]> };

/**
 * A request's query as the web sends it: the input of the API's query schema in @hatid/domain, so a
 * filter the server renames or retypes breaks the web's build instead of its requests.
 */
export type QueryOf<S extends z.ZodType> = OneValueEach<z.input<S>>;

/** A list's filters: the query without paging (the schema coerces paging from text, which types it `unknown` on the way in). */
export type QueryFilters<S extends z.ZodType> = Omit<QueryOf<S>, 'page' | 'limit'>;

/** A list request's query: the schema's filters and the page asked for. */
export type ListQuery<S extends z.ZodType> = QueryFilters<S> & { page: number; limit: number };

/** A page of a list answer (`pageOf` in @hatid/domain) whose rows are `S`. */
export type PageOf<S extends z.ZodType> = z.infer<ReturnType<typeof pageOf<S>>>;
