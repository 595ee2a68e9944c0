import { and, count, getTableName, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';
import { executeRendered, renderQuery, rowsOf } from './rendered.js';

/** Up to this many matches a total is counted exactly; above it, PostgreSQL's estimate stands in. */
export const EXACT_COUNT_LIMIT = 1000;

export interface Counted {
  value: number;
  /** True when `value` is the planner's estimate (more than the exact limit matched). */
  estimated: boolean;
}

/** `select 1 from table where ...`: the question an estimate and a capped count are about. */
const matching = (table: PgTable, where: SQL | undefined) => (where ? sql`select 1 from ${table} where ${where}` : sql`select 1 from ${table}`);

/** The rows PostgreSQL expects a plan to return (EXPLAIN (format json): planning only, nothing read). */
function planRows(plan: unknown): number {
  const rows = rowsOf<Record<string, unknown>>(plan);
  const first = rows[0] ? Object.values(rows[0])[0] : undefined;
  const json = (typeof first === 'string' ? JSON.parse(first) : first) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Math.round(json?.[0]?.Plan['Plan Rows'] ?? 0);
}

const ESTIMATE_TTL_MS = 10_000;
/**
 * Staff paging through their filters ask a few thousand different questions in 10 s at most (20 of them at 300
 * pages/s): the estimates of the last 5,000 are kept (least recently used go first; ~2 MB of keys), where a
 * plain map emptied at 500 forgot a question between two of its pages.
 */
const estimates = new LRUCache<string, number>({ max: 5_000, ttl: ESTIMATE_TTL_MS });

/** Forgets every kept estimate: for tests that refresh the statistics (ANALYZE) and read estimates at once. */
export function forgetEstimates(): void {
  estimates.clear();
}

/**
 * The estimate, kept 10 s per query: paging through a big list asks the same question on every page, and
 * an estimate a few seconds old is no less true than a fresh one. A miss costs one EXPLAIN (~1 ms).
 * The statement is rendered once: its text and parameters are both the cache key and what is sent.
 */
export function cachedEstimate(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  return cachedEstimateOf(db, matching(table, where));
}

/** The rows PostgreSQL expects `query` to return, kept 10 s (see cachedEstimate). */
export async function cachedEstimateOf(db: DbOrTx, query: SQL): Promise<number> {
  const explain = renderQuery(db, sql`explain (format json) ${query}`);
  const key = `${explain.sql}|${JSON.stringify(explain.params)}`;
  const hit = estimates.get(key);
  if (hit !== undefined) return hit;
  const value = planRows(await executeRendered(db, explain));
  estimates.set(key, value);
  return value;
}

/**
 * One condition of an AND, named by a key that says what it asks and with which values (`deliveryType=["same_day"]`),
 * so that its estimate is found without rendering it: rendering each condition's EXPLAIN to make a key cost the
 * server more than the EXPLAINs it saved. Two conditions with the same key must be the same condition.
 */
export interface KeyedPart {
  key: string;
  condition: SQL;
}

/** Filters as keyed parts: each given filter (its condition defined) keyed by its name and value. */
export function keyedParts(filters: readonly (readonly [name: string, value: unknown, condition: SQL | undefined])[]): KeyedPart[] {
  return filters.flatMap(([name, value, condition]) => (condition ? [{ key: `${name}=${JSON.stringify(value)}`, condition }] : []));
}

/** The parts ANDed: the WHERE they were estimated for. */
export function allOf(parts: readonly KeyedPart[]): SQL | undefined {
  return and(...parts.map((part) => part.condition));
}

/** The rows PostgreSQL expects of `part` alone (or of the whole table), kept like any estimate. */
async function partEstimate(db: DbOrTx, table: PgTable, part: KeyedPart | null): Promise<number> {
  const key = `${getTableName(table)}\u0000${part?.key ?? ''}`;
  const hit = estimates.get(key);
  if (hit !== undefined) return hit;
  const value = planRows(await executeRendered(db, renderQuery(db, sql`explain (format json) ${matching(table, part?.condition)}`)));
  estimates.set(key, value);
  return value;
}

/**
 * The planner's estimate of the rows matching all of `parts` (ANDed), from its estimate of each part alone.
 * Without extended statistics PostgreSQL multiplies the selectivities of ANDed conditions on different columns,
 * so the product is what EXPLAIN of the whole would answer (at 1,000,000 shipments: 507 against 507.4, and
 * 10,544 against 10,544.1). Parts recur across questions far more than whole questions do (a tab, a province, a
 * delivery type), so their estimates, kept like any other, serve many lists: a new combination of known filters
 * costs no EXPLAIN at all, where each asked for one (planning the whole WHERE, ~0.3 ms of the database's CPU, and
 * a round trip). Two bounds of one range must be one part: the planner reads them together.
 */
export async function estimateOfParts(db: DbOrTx, table: PgTable, parts: readonly KeyedPart[]): Promise<number> {
  const everything = await partEstimate(db, table, null);
  if (parts.length === 0 || everything <= 0) return everything;
  let rows = everything;
  // One at a time: a page waits for its estimates either way, and they mostly come from memory.
  for (const part of parts) rows *= (await partEstimate(db, table, part)) / everything;
  // The planner never expects less than one row of a condition it cannot rule out (a `false` part: none).
  return rows === 0 ? 0 : Math.max(1, Math.round(rows));
}

/**
 * The number of rows matching `where`. Counting 200,000 matches reads 200,000 rows on every page view, so
 * (as PostgREST's "estimated" count does) a large result takes PostgreSQL's estimate instead, marked as
 * such; small results, which people page through to the end, are counted exactly — reading at most
 * `exactLimit + 1` rows even when the estimate was too low.
 */
export async function countOrEstimate(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  exactLimit = EXACT_COUNT_LIMIT,
  /** `where` as the parts it ANDs, when known: estimated part by part (estimateOfParts). */
  parts?: readonly KeyedPart[],
): Promise<Counted> {
  const estimate = parts ? await estimateOfParts(db, table, parts) : await cachedEstimate(db, table, where);
  if (estimate > exactLimit) return { value: estimate, estimated: true };
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(exactLimit + 1)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  const exact = Number(row?.n ?? 0);
  return exact > exactLimit ? { value: Math.max(exact, estimate), estimated: true } : { value: exact, estimated: false };
}
