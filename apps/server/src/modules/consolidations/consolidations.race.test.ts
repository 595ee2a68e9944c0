import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consolidationShipments } from '../../db/schema/index.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { assignRoles } from '../users/index.js';
import { waitingAtHub } from './consolidations.fixtures.js';

/**
 * A shipment is in at most one consolidation, even when two consolidators scan it into two different
 * consolidations at the same moment. Meaningful on real PostgreSQL (TEST_DB=pg), where the requests run
 * in parallel transactions; on PGlite they queue and must agree all the same.
 */
let t: TestApp;
let first: Session;
let second: Session;

beforeAll(async () => {
  t = await buildTestApp();
  first = await signInAs(t, 'consolidator');
  // A second consolidator: a fresh account given the role (the demo has one of each).
  second = await createCustomer(t, 'Second');
  await assignRoles(t.database.db, second.userId, ['consolidator']);
});
afterAll(async () => {
  await t?.close();
});

const post = (session: Session, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: session.cookie }, payload: payload as object });

describe(`two consolidators adding the same shipments at once (${process.env.TEST_DB === 'pg' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('puts each shipment in exactly one consolidation; the other request reports it as taken', async () => {
    const owner = (await createCustomer(t, 'Racer')).userId;
    const waiting = [];
    for (let i = 0; i < 12; i++) waiting.push(await waitingAtHub(t.database.db, { ownerId: owner, pieces: 1 }));
    const numbers = waiting.map((s) => s.trackingNumber);
    const open = async (session: Session) =>
      (await post(session, '/api/consolidations', { senderAirport: 'MNL', receiverAirport: 'CEB' })).json().data.id as string;
    const [mine, theirs] = [await open(first), await open(second)];

    // Both scan every shipment, in opposite orders, all at the same moment (one request per shipment).
    const answers = await Promise.all([
      ...numbers.map((n) => post(first, '/api/shipments/consolidate', { consolidationId: mine, trackingNumbers: [n] })),
      ...[...numbers].reverse().map((n) => post(second, '/api/shipments/consolidate', { consolidationId: theirs, trackingNumbers: [n] })),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const results = answers.map((a) => a.json().data as { done: string[]; refused: { trackingNumber: string; reason: string }[] });
    const done = results.flatMap((r) => r.done);
    const refused = results.flatMap((r) => r.refused);
    expect(done.sort()).toEqual([...numbers].sort());
    expect(refused).toHaveLength(numbers.length);
    expect(new Set(refused.map((r) => r.reason))).toEqual(new Set(['This shipment is already in a consolidation']));

    const rows = await t.database.db
      .select({ shipmentId: consolidationShipments.shipmentId, n: count() })
      .from(consolidationShipments)
      .where(
        inArray(
          consolidationShipments.shipmentId,
          waiting.map((s) => s.id),
        ),
      )
      .groupBy(consolidationShipments.shipmentId);
    expect(rows).toHaveLength(numbers.length);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    const split = await t.database.db
      .select({ id: consolidationShipments.consolidationId, n: count() })
      .from(consolidationShipments)
      .where(inArray(consolidationShipments.consolidationId, [mine, theirs]))
      .groupBy(consolidationShipments.consolidationId);
    expect(split.reduce((sum, r) => sum + r.n, 0)).toBe(numbers.length);
  });
});
