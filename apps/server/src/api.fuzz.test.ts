import { Writable } from 'node:stream';
import fc from 'fast-check';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from './testing/auth.js';
import { book, place } from './testing/shipments.js';
import { caseFor, describeCase, errorShapeProblem, routesOf, type FuzzCase, type FuzzRoute, type KnownValues, type Persona } from './testing/api-fuzz.js';
import { users } from './db/schema/index.js';
import { DEMO_PASSWORD, demoEmail } from './seed/index.js';
import { PNG_BASE64 } from './testing/files.js';
import { SESSION_COOKIE, createSession } from './modules/auth/index.js';

/**
 * Schema-driven fuzzing of the whole API (docs/decisions.md "Input hygiene"): no answer is a 5xx and every
 * error answer is the documented shape. A few thousand cases here; `npm run fuzz` runs many more.
 * Replay a failure with the seed (and path) it prints: FUZZ_SEED=… FUZZ_PATH=… FUZZ_RUNS=…
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
const PATH = process.env.FUZZ_PATH;
/** Sessions are made again this often: the fuzzer signs people out, and may deactivate them. */
const REFRESH_EVERY = 200;

let t: TestApp;
/** Warnings and errors the app logs: a database refusal means validation let something through. */
const logged: string[] = [];
const log = new Writable({
  write(chunk, _encoding, done) {
    logged.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
let routes: FuzzRoute[];
let known: KnownValues;
const userIds: Record<Exclude<Persona, 'anonymous'>, string> = { customer: '', staff: '' };
const cookies: Record<Persona, string | null> = { anonymous: null, customer: null, staff: null };

async function refreshSessions() {
  const ids = Object.values(userIds);
  await t.database.db.update(users).set({ status: 'ACTIVE' }).where(inArray(users.id, ids));
  for (const persona of ['customer', 'staff'] as const) {
    const { token } = await createSession(t.database.db, userIds[persona], { ttlDays: 1 });
    cookies[persona] = `${SESSION_COOKIE}=${token}`;
  }
}

beforeAll(async () => {
  // Thousands of calls a minute are the point here: the setup's address (127.0.0.1) is exempt from the general
  // per-IP limit, and each case comes from an address of its own (below).
  t = await buildTestApp({ demo: true, config: { RATE_LIMIT_ALLOWLIST: '127.0.0.1', LOG_LEVEL: 'warn' }, logStream: log });
  const customer: Session = await createCustomer(t, 'Fuzz');
  const staff = await signInAs(t, 'staff');
  userIds.customer = customer.userId;
  userIds.staff = staff.userId;
  const shipment = await book(t, customer);
  // A few records of each kind the id parameters name, so that some calls reach the services.
  const created = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie: customer.cookie }, payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data.id as string;
  };
  const makati = place('Metro Manila', 'Makati City');
  const addressId = await created('/api/addresses/new-address', { name: 'Ana Cruz', mobileNumber: '09171234567', streetName: '1 Ayala Ave', ...makati });
  const ticketId = await created('/api/tickets', { subject: 'Where is my parcel', description: 'Hello', trackingNumber: shipment.trackingNumber });
  const uploadId = await created('/api/uploads', { fileName: 'photo.png', content: PNG_BASE64 });
  known = {
    uuids: [shipment.id, customer.userId, staff.userId, addressId, ticketId, uploadId],
    trackingNumbers: [shipment.trackingNumber],
    places: [makati, place('Cebu', 'Cebu City')],
    emails: [demoEmail('staff'), demoEmail('customer')],
    password: DEMO_PASSWORD,
    imageBase64: PNG_BASE64,
  };
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  routes = routesOf(doc);
  await refreshSessions();
});
afterAll(async () => {
  await t?.close();
});

describe('the API under fuzzing', () => {
  it('covers every route of the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(80);
  });

  it(
    `answers ${RUNS} generated requests without a 5xx, every error in the documented shape`,
    async () => {
      console.info(`API fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}${PATH ? ` FUZZ_PATH=${PATH}` : ''}`);
      let ran = 0;
      // FUZZ_STATS=1 prints how the answers spread over statuses and routes (is the fuzzer getting past validation?).
      const stats = new Map<string, number>();
      const count = (key: string) => stats.set(key, (stats.get(key) ?? 0) + 1);
      const property = fc.asyncProperty(
        fc.integer({ min: 0, max: routes.length - 1 }).chain((i) => caseFor(routes[i]!, known)),
        async (c: FuzzCase) => {
          if (ran++ % REFRESH_EVERY === REFRESH_EVERY - 1) await refreshSessions();
          logged.length = 0;
          const cookie = cookies[c.persona];
          const res = await t.app.inject({
            method: c.method as 'GET',
            url: c.url,
            headers: { ...c.headers, ...(cookie ? { cookie } : {}) },
            ...(c.payload !== undefined ? { payload: c.payload } : {}),
            // Spread over many addresses, so the per-route limits of the sign-in calls are rarely what answers.
            remoteAddress: `10.0.${ran % 251}.${(ran >> 8) % 251}`,
          });
          count(`${res.statusCode}`);
          count(`${c.strategy.replace(/ x\d$/, '')} → ${res.statusCode}`);
          if (c.strategy === 'valid' && res.statusCode === 400)
            count(`valid 400 ${c.method} ${c.url.replace(/\?.*$/, '').slice(0, 50)} ${res.body.slice(0, 150)}`);
          count(`${res.statusCode < 300 ? '2xx' : 'other'} ${c.method} ${c.route}`);
          const where = `${describeCase(c)}\n→ ${res.statusCode} ${res.body.slice(0, 500)}`;
          if (res.statusCode >= 500) throw new Error(`5xx answer: ${where}\n${logged.join('\n').slice(0, 2000)}`);
          // The error handler turns a database refusal into a 4xx, but validation or the service should have
          // said no first (a clear message, a field): the fuzzer treats it as a bug too.
          const refusal = logged.find((l) => l.includes('database refused the request'));
          if (refusal) throw new Error(`the database, not validation, refused: ${where}\n${refusal.slice(0, 1500)}`);
          if (res.statusCode >= 400) {
            const problem = errorShapeProblem(res.statusCode, res.body);
            if (problem) throw new Error(`error not in the documented shape (${problem}): ${where}`);
          }
        },
      );
      // endOnFailure: the database changes as cases run, so shrinking would replay against another state.
      try {
        await fc.assert(property, { numRuns: RUNS, seed: SEED, ...(PATH ? { path: PATH } : {}), endOnFailure: true });
      } finally {
        if (process.env.FUZZ_STATS)
          console.info(
            [...stats]
              .sort((a, b) => b[1] - a[1])
              .map(([k, n]) => `${n}\t${k}`)
              .join('\n'),
          );
      }
    },
    Math.max(120_000, RUNS * 150),
  );
});
