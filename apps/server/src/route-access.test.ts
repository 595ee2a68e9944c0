import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { expectedAnswer, ROLE_NAMES, ROUTE_ACCESS, ROUTE_CALLERS, type RouteAnswer, type RouteCaller } from '@hatid/domain';
import { buildTestApp, type TestApp } from './testing/build-test-app.js';
import { RouteAccessWorld, type Ask, type Recipe, type Target } from './testing/route-access.world.js';
import { connectWs, wsUrl } from './testing/ws-client.js';

/**
 * Role × route: every route the server registers, asked as each demo role and signed out, must answer
 * what packages/domain/src/abilities/route-access.ts says (ok 2xx, forbidden 403, hidden 404, auth 401).
 *
 * Permission checks sit in the handlers and services, after Fastify has validated the request, so an
 * invalid body would answer 400 whoever asks. Every request here is therefore valid and would succeed for
 * someone allowed: its recipe (testing/route-access.world.ts) sends a real body and real ids, and calls
 * that change or remove something get an object made for that one call. Each answer is also checked to
 * come from the intended route (a route-level hook names the route that answered).
 */

const TABLE = 'packages/domain/src/abilities/route-access.ts';
const RECIPES = 'apps/server/src/testing/route-access.world.ts';

let t: TestApp;
let world: RouteAccessWorld;
let recipes: Record<string, Recipe>;
/** "METHOD /path" of every route the server registered (HEAD left out: the GET handler answers it). */
const registered = new Set<string>();
/** Request tag → the route that answered it. */
const answeredBy = new Map<string, string>();
let requests = 0;

const routeKey = (method: string, url: string) => `${method} ${url.length > 1 ? url.replace(/\/$/, '') : url}`;

function collectRoute(route: RouteOptions) {
  const methods = [route.method].flat().filter((m) => m !== 'HEAD');
  for (const method of methods) registered.add(routeKey(method, route.url));
  const tag = async (request: { headers: Record<string, unknown>; method: string; routeOptions: { url?: string } }) => {
    const id = request.headers['x-route-access'];
    if (typeof id === 'string') answeredBy.set(id, routeKey(request.method, request.routeOptions.url ?? ''));
  };
  route.onRequest = [...[route.onRequest ?? []].flat(), tag] as RouteOptions['onRequest'];
}

beforeAll(async () => {
  // Some 1,500 calls from one address, past the general limit of 300 a minute per IP. Routes that check a
  // secret keep their own limit whatever the allowlist says: their recipes send each call from its own address.
  t = await buildTestApp({ config: { RATE_LIMIT_ALLOWLIST: '127.0.0.1' }, onRoute: collectRoute });
  // The WebSocket route is asked over a real socket (inject cannot upgrade through the rate limiter).
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  world = await RouteAccessWorld.create(t);
  recipes = world.recipes();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

interface Answer {
  answer: RouteAnswer | string;
  detail: string;
}

/** 2xx, or a redirect (the documentation pages): served. */
function classify(status: number): RouteAnswer | string {
  if (status >= 200 && status < 400) return 'ok';
  return ({ 401: 'auth', 403: 'forbidden', 404: 'hidden' } as Record<number, RouteAnswer>)[status] ?? `status ${status}`;
}

function defaultRecipe(route: string): Recipe {
  const [method, path] = route.split(' ') as [string, string];
  if (method !== 'GET' || /[:*]/.test(path)) {
    throw new Error(`${route} has no request recipe: add one to recipes() in ${RECIPES} (a valid body, real ids)`);
  }
  return async () => ({ inject: { method: 'GET', url: path } });
}

async function ask(route: string, caller: RouteCaller, target: Target): Promise<Answer> {
  const whose = target === 'stranger' || caller === 'signedOut' ? 'stranger' : caller;
  const request = await (recipes[route] ?? defaultRecipe(route))({ caller, target, whose } satisfies Ask);
  const session = caller === 'signedOut' ? null : world.people[caller].cookie;
  if ('ws' in request) return askWebSocket(session, world.people[whose].id);

  const cookie = request.cookie !== undefined ? request.cookie : session;
  const tag = String(++requests);
  const res = await t.app.inject({
    ...request.inject,
    headers: { ...request.inject.headers, ...(cookie ? { cookie } : {}), 'x-route-access': tag },
  });
  const url = String(request.inject.url ?? '').split('?')[0];
  let message = '';
  try {
    message = (res.json() as { message?: string }).message ?? '';
  } catch {
    /* not JSON: a file, a page */
  }
  const detail = `${res.statusCode} ${request.inject.method} ${url}${message ? ` "${message}"` : ''}`;
  const by = answeredBy.get(tag);
  if (by !== route) return { answer: `answered by ${by ?? 'no route'}`, detail };
  return { answer: classify(res.statusCode), detail };
}

/** ok: the socket opens and may follow the person's own channel; auth: it is closed with 4401. */
async function askWebSocket(cookie: string | null, userId: string): Promise<Answer> {
  const client = await connectWs(wsUrl(t.app), cookie ?? undefined);
  try {
    const closed = client.closed.then(({ code }) => ({
      answer: code === 4401 ? 'auth' : code === 4403 ? 'forbidden' : `closed ${code}`,
      detail: `WebSocket closed ${code}`,
    }));
    const subscribed = client.subscribe(`user:${userId}`).then((m) => ({
      answer: m.type === 'subscribed' ? 'ok' : `message ${m.type}`,
      detail: `WebSocket ${m.type} ${m.message ?? ''}`,
    }));
    return await Promise.race([closed, subscribed.catch((error: Error) => ({ answer: 'no answer', detail: error.message }))]);
  } finally {
    client.close();
  }
}

it('has a row in the table for every route the server registers, and a route for every row', () => {
  const missing = [...registered].filter((route) => !(route in ROUTE_ACCESS));
  const stale = Object.keys(ROUTE_ACCESS).filter((route) => !registered.has(route));
  expect(
    missing,
    `Routes without a row: add "${missing[0] ?? 'METHOD /path'}": { own: … } to ROUTE_ACCESS in ${TABLE}` +
      ` (and a request recipe in ${RECIPES} if it needs ids or a body)`,
  ).toEqual([]);
  expect(stale, `Rows of routes the server does not register: remove them from ROUTE_ACCESS in ${TABLE}`).toEqual([]);
});

describe.each(Object.keys(ROUTE_ACCESS))('%s', (route) => {
  it('answers every role as the table says', async () => {
    expect(registered.has(route), `${route} is not registered (see the first test)`).toBe(true);
    const access = ROUTE_ACCESS[route]!;
    const cells: { caller: RouteCaller; target: Target }[] = [
      ...ROUTE_CALLERS.map((caller) => ({ caller, target: 'own' as const })),
      ...(access.stranger ? ROLE_NAMES.map((caller) => ({ caller, target: 'stranger' as const })) : []),
    ];
    const wrong: string[] = [];
    for (const { caller, target } of cells) {
      const expected = expectedAnswer(access, caller, target);
      const got = await ask(route, caller, target);
      if (got.answer !== expected) {
        wrong.push(`${caller} (${target} object): expected ${expected}, got ${got.answer} — ${got.detail}`);
      }
    }
    expect(wrong, `${route}: answers that differ from ROUTE_ACCESS in ${TABLE}`).toEqual([]);
  });
});
