/**
 * The back office's lists under load the way staff use them (issue 10): 20 people at once, each request a
 * different question — hundreds of filter combinations, pages up to 500 deep, searches by name, mobile
 * number and tracking-number prefix — so the server's read cache is missed (every path below is distinct
 * and none repeats within a load).
 */
import { COVERED_PROVINCES } from '../apps/server/src/seed/covered-provinces.js';
import { DELIVERY_STATUSES, DELIVERY_TYPES, USER_LIST_STATUSES } from '@hatid/domain';
import { load, type LoadResult } from './load.js';
import { BENCH_USERS, FIRST_NAMES, LAST_NAMES } from './seed.js';

export const STAFF_AT_ONCE = 20;
/** More distinct paths than any load sends (a load of 10 s at 2,000 req/s sends 20,000). */
const PATHS_PER_LOAD = 40_000;

/** A small deterministic generator (mulberry32), so two runs ask the same questions. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;

/**
 * `count` different paths from `make`: a repeated question could be answered from the read cache, and these
 * loads measure the questions themselves. Throws if `make` cannot produce that many.
 */
function distinctPaths(count: number, make: () => string): string[] {
  const paths = new Set<string>();
  for (let tries = 0; paths.size < count; tries++) {
    if (tries > count * 20) throw new Error(`only ${paths.size} different paths, ${count} wanted`);
    paths.add(make());
  }
  return [...paths];
}
const pick = <T>(rng: Rng, values: readonly T[]): T => values[Math.floor(rng() * values.length)]!;
const maybe = <T>(rng: Rng, p: number, value: () => T): T | undefined => (rng() < p ? value() : undefined);

/** Most people stay near the top; some page far down (up to page 500). */
function pageOf(rng: Rng): number {
  const r = rng();
  if (r < 0.6) return 1 + Math.floor(rng() * 5);
  if (r < 0.85) return 6 + Math.floor(rng() * 45);
  return 51 + Math.floor(rng() * 450);
}
const limitOf = (rng: Rng) => pick(rng, [10, 10, 10, 10, 20, 20, 50, 100]);

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) q.set(key, String(value));
  return q.toString();
}

/** A month-long window somewhere in the last year, as Manila days. */
function dateWindow(rng: Rng): { startDate: string; endDate: string } {
  const end = new Date(Date.now() - Math.floor(rng() * 330) * 86_400_000);
  const start = new Date(end.getTime() - 30 * 86_400_000);
  return { startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
}

const provinces = COVERED_PROVINCES.map((p) => p.provinceCode);
const tabs = [...DELIVERY_STATUSES.map((s) => ({ deliveryStatus: s, shipmentStatus: 'Pending,OnGoing' })), { shipmentStatus: 'Cancelled' }];

/** GET /shipments with the console's filters: a tab, delivery type, province, dates, sort, any page. */
export function shipmentPagePaths(seed = 1): string[] {
  const rng = random(seed);
  return distinctPaths(PATHS_PER_LOAD, () => {
    const tab = maybe(rng, 0.7, () => pick(rng, tabs));
    const place = maybe(rng, 0.5, () => ({ [pick(rng, ['senderProvince', 'receiverProvince', 'location'])]: pick(rng, provinces) }));
    return `/api/shipments?${query({
      page: pageOf(rng),
      limit: limitOf(rng),
      ...tab,
      deliveryTypes: maybe(rng, 0.4, () => pick(rng, DELIVERY_TYPES)),
      ...place,
      ...maybe(rng, 0.25, () => dateWindow(rng)),
      ...maybe(rng, 0.1, () => ({ sortBy: 'createdAt', sortOrder: pick(rng, ['asc', 'desc']) })),
    })}`;
  });
}

/** GET /shipments?search=: a full name, a surname, a mobile number or the start of a tracking number. */
export function shipmentSearchPaths(trackingNumbers: readonly string[], shipments: number, seed = 2): string[] {
  const rng = random(seed);
  return distinctPaths(PATHS_PER_LOAD, () => {
    const r = rng();
    let search: string;
    if (r < 0.35) search = `${pick(rng, FIRST_NAMES)} ${pick(rng, LAST_NAMES)}`;
    else if (r < 0.45) search = pick(rng, LAST_NAMES);
    else if (r < 0.7) search = `0918${String(1 + Math.floor(rng() * shipments)).padStart(7, '0')}`;
    else {
      const number = pick(rng, trackingNumbers);
      search = number.slice(0, 5 + Math.floor(rng() * 7));
    }
    return `/api/shipments?${query({
      search,
      page: rng() < 0.8 ? 1 : 2 + Math.floor(rng() * 4),
      limit: limitOf(rng),
      ...maybe(rng, 0.2, () => pick(rng, tabs)),
    })}`;
  });
}

/** GET /users with the console's tabs and filters, any page. */
export function userPagePaths(roleIds: readonly number[], seed = 3): string[] {
  const rng = random(seed);
  return distinctPaths(
    PATHS_PER_LOAD,
    () =>
      `/api/users?${query({
        page: pageOf(rng),
        limit: limitOf(rng),
        status: pick(rng, USER_LIST_STATUSES),
        clientType: maybe(rng, 0.3, () => pick(rng, ['individual', 'business'])),
        roleIds: maybe(rng, 0.3, () => pick(rng, roleIds)),
      })}`,
  );
}

/** GET /users?search=: a name, part of an email, or a mobile number typed the local way. */
export function userSearchPaths(seed = 4): string[] {
  const rng = random(seed);
  return distinctPaths(PATHS_PER_LOAD, () => {
    const r = rng();
    const n = 1 + Math.floor(rng() * BENCH_USERS);
    let search: string;
    if (r < 0.4) search = `${pick(rng, FIRST_NAMES)} ${pick(rng, LAST_NAMES)}`;
    else if (r < 0.5) search = pick(rng, LAST_NAMES);
    else if (r < 0.65) search = `${pick(rng, FIRST_NAMES).toLowerCase()}.${pick(rng, LAST_NAMES).toLowerCase().replace(' ', '')}`;
    else search = `0916${String(n).padStart(7, '0')}`;
    return `/api/users?${query({ search, page: 1, limit: limitOf(rng), status: pick(rng, USER_LIST_STATUSES) })}`;
  });
}

/** A list's load, with the mean size of its answers (a sample of its paths, one at a time). */
export interface ListLoad extends LoadResult {
  rowsPerAnswer: number;
}

export interface SearchResults {
  /** The warmup route before the lists. */
  baseline: LoadResult;
  /** The warmup route again after them: the lists are compared with the mean of the two (warmupRate). */
  baselineAfter: LoadResult;
  shipmentPages: ListLoad;
  shipmentSearches: ListLoad;
  userPages: ListLoad;
  userSearches: ListLoad;
}

/**
 * How many rows the first `sample` paths answer on average. The same question answers more rows at 1,000,000
 * shipments than at 10,000 (a full name two shipments carry at 10,000 is carried by 160), and rows, not the
 * lookup, are most of a search's cost there: the report shows both, so the comparison can be read.
 */
async function rowsPerAnswer(url: string, cookie: string, paths: readonly string[], sample = 200): Promise<number> {
  let rows = 0;
  for (const path of paths.slice(0, sample)) {
    const body = (await (await fetch(url + path, { headers: { cookie } })).json()) as { data?: unknown[] };
    rows += body.data?.length ?? 0;
  }
  return rows / Math.min(sample, paths.length);
}

export async function measureSearch(
  url: string,
  cookie: string,
  durationSeconds: number,
  data: { trackingNumbers: readonly string[]; shipments: number; roleIds: readonly number[] },
): Promise<SearchResults> {
  const base = { url, durationSeconds, connections: STAFF_AT_ONCE, headers: { cookie } };
  const list = async (name: string, paths: string[]): Promise<ListLoad> => {
    const rows = await rowsPerAnswer(url, cookie, paths);
    // The sample's paths were asked once already: the load starts after them, so the read cache stays missed.
    return { ...(await load({ ...base, name, paths: paths.slice(200) })), rowsPerAnswer: rows };
  };
  const baseline = await load({ ...base, name: 'GET /api/_ah/warmup (baseline before, 20 connections)', path: '/api/_ah/warmup' });
  const shipmentPages = await list('GET /api/shipments, distinct filtered pages', shipmentPagePaths());
  const shipmentSearches = await list('GET /api/shipments?search= (name, mobile, tracking prefix)', shipmentSearchPaths(data.trackingNumbers, data.shipments));
  const userPages = await list('GET /api/users, distinct filtered pages', userPagePaths(data.roleIds));
  const userSearches = await list('GET /api/users?search= (name, email, mobile)', userSearchPaths());
  const baselineAfter = await load({ ...base, name: 'GET /api/_ah/warmup (baseline after, 20 connections)', path: '/api/_ah/warmup' });
  return { baseline, baselineAfter, shipmentPages, shipmentSearches, userPages, userSearches };
}

/**
 * The warmup route's rate for the lists' ratios: the mean of its loads before and after them. The machine's
 * speed drifts over the minutes the lists take (one warmup load has read 26% off the next); one load at the
 * start stood for all four lists, so its own luck decided the ratios.
 */
export function warmupRate(s: Pick<SearchResults, 'baseline' | 'baselineAfter'>): number {
  return (s.baseline.requestsPerSecond + s.baselineAfter.requestsPerSecond) / 2;
}
