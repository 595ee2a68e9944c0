import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { makeTrackingNumber } from '@hatid/domain';
import { shipmentActivities, shipments } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { book } from '../../testing/shipments.js';
import { appEvent, channels } from '../../platform/events/index.js';
import { SHIPMENTS_CHANGED_CHANNEL } from '../../platform/read-cache.js';
import { insertShipment } from './lists.fixtures.js';
import type { ShipmentRow } from './shipments.repository.js';

// Shipment pages and public tracking come from a read cache (platform/read-cache.ts): these tests hold that it never shows a
// change late or someone else's page.
let t: TestApp;
let ana: Session;
let ben: Session;
let staff: Session;
let anas: ShipmentRow;
let bens: ShipmentRow;

beforeAll(async () => {
  t = await buildTestApp();
  [ana, ben, staff] = await Promise.all([signUpCustomer(t), signUpCustomer(t), signInAs(t, 'staff')]);
  anas = await insertShipment(t.database.db, { ownerId: ana.userId, receiverName: 'Liza Soberano' });
  bens = await insertShipment(t.database.db, { ownerId: ben.userId, receiverName: 'Enrique Gil' });
});
afterAll(() => t.close());

const list = async (url: string, session: Session) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as { data: { trackingNumber: string; receiverAddress: { name: string } }[] };
};
const receivers = (page: { data: { receiverAddress: { name: string } }[] }) => page.data.map((s) => s.receiverAddress.name);

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Waits until every change committed so far has been heard: notifications arrive in commit order, so once our
 * own NOTIFY has emptied the cache, none of the setup's writes can empty it later and spoil a hit count.
 */
let markers = 0;
/**
 * Waits until every change committed so far has reached the cache: notifications arrive in commit order,
 * so once our own marker has emptied the cache, no earlier one (a previous test's write) is still on its way.
 */
async function quiet(): Promise<void> {
  const marker = `test-quiet-${++markers}`;
  await t.database.db.execute(sql`SELECT pg_notify(${SHIPMENTS_CHANGED_CHANNEL}, ${marker})`);
  await eventually(
    async () => t.app.shipmentReads.lastNotice,
    (notice) => notice === marker,
  );
  expect(t.app.shipmentReads.lastNotice).toBe(marker);
}

describe('cached shipment pages', () => {
  it('answers a repeated read from the cache with the same page', async () => {
    await quiet();
    const first = await list('/api/shipments?limit=10', staff);
    const hits = t.app.shipmentReads.hits;
    const second = await list('/api/shipments?limit=10', staff);
    expect(second).toEqual(first);
    expect(t.app.shipmentReads.hits).toBe(hits + 1);
  });

  it('shows a change written by someone else (another server, a job) once the database commits it', async () => {
    expect(receivers(await list('/api/shipments?limit=10', staff))).toContain('Liza Soberano');
    // Straight to the database, as another instance would: no API call of this app is involved.
    await t.database.db.update(shipments).set({ receiverName: 'Liza Soberano-Gil' }).where(eq(shipments.id, anas.id));
    const page = await eventually(
      () => list('/api/shipments?limit=10', staff),
      (p) => receivers(p).includes('Liza Soberano-Gil'),
    );
    expect(receivers(page)).toContain('Liza Soberano-Gil');
    expect(receivers(page)).not.toContain('Liza Soberano');
  });

  it('shows a change made through this server on the very next read', async () => {
    const before = await list('/api/shipments/me', ben);
    expect(before.data.map((s) => s.trackingNumber)).toEqual([bens.trackingNumber]);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/shipments/${bens.id}/cancel`,
      headers: { cookie: ben.cookie, 'content-type': 'application/json' },
      payload: { reasonForCancellation: 'Changed my mind' },
    });
    expect(cancel.statusCode).toBe(200);
    const after = (await list('/api/shipments/me', ben)) as unknown as { data: { status: string }[] };
    expect(after.data[0]!.status).toBe('Cancelled');
  });

  it('a browser that refetches on hearing an event gets the new page, even before the database notification arrives', async () => {
    expect(receivers(await list('/api/shipments/me', ben))).toEqual(['Enrique Gil']);
    // The notification trigger off stands for a NOTIFY still on its way; the event is what the browser hears.
    await t.database.db.execute(sql`ALTER TABLE shipments DISABLE TRIGGER shipments_changed`);
    try {
      await t.database.db.update(shipments).set({ receiverName: 'Enrique Gil Jr.' }).where(eq(shipments.id, bens.id));
      const refetched = new Promise<Awaited<ReturnType<typeof list>>>((resolve, reject) => {
        const stop = t.app.events.subscribe(() => {
          stop();
          list('/api/shipments/me', ben).then(resolve, reject);
        });
      });
      await t.app.events.publish(appEvent('DELIVERY_STATUS_UPDATED', [channels.user(ben.userId)], { trackingNumber: bens.trackingNumber }));
      expect(receivers(await refetched)).toEqual(['Enrique Gil Jr.']);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE shipments ENABLE TRIGGER shipments_changed`);
      await t.database.db.update(shipments).set({ receiverName: 'Enrique Gil' }).where(eq(shipments.id, bens.id));
    }
  });

  it('keeps serving from the cache across calls that only read, such as pricing a shipment', async () => {
    await quiet();
    await list('/api/shipments?limit=10', staff);
    const price = await t.app.inject({
      method: 'POST',
      url: '/api/shipments/calculations',
      headers: { 'content-type': 'application/json' },
      payload: { deliveryType: 'next_day', packages: [{ boxName: 'Small Box', quantity: 1, weightInGrams: 1000 }], declaredInsuranceValue: 0 },
    });
    expect(price.statusCode).toBe(200);
    const hits = t.app.shipmentReads.hits;
    await list('/api/shipments?limit=10', staff);
    expect(t.app.shipmentReads.hits).toBe(hits + 1);
  });

  it('never serves one person the page cached for another with the same query', async () => {
    const anaPage = await list('/api/shipments/me?limit=10', ana);
    const benPage = await list('/api/shipments/me?limit=10', ben);
    expect(anaPage.data.map((s) => s.trackingNumber)).toEqual([anas.trackingNumber]);
    expect(benPage.data.map((s) => s.trackingNumber)).toEqual([bens.trackingNumber]);
  });
});

describe('cached public tracking', () => {
  it('shows a timeline change written elsewhere once it is committed', async () => {
    const booked = await book(t, ana);
    const track = async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/shipments/track/${booked.trackingNumber}` });
      expect(response.statusCode).toBe(200);
      return response.json() as { data: { timeline: { name: string }[] } };
    };
    expect((await track()).data.timeline.map((a) => a.name)).toEqual(['Order placed']);
    expect((await track()).data.timeline).toHaveLength(1);
    await t.database.db.update(shipmentActivities).set({ hideFromTimeline: true }).where(eq(shipmentActivities.shipmentId, booked.id));
    const after = await eventually(track, (body) => body.data.timeline.length === 0);
    expect(after.data.timeline).toEqual([]);
  });

  it('does not remember a number that was not found', async () => {
    const number = makeTrackingNumber('next_day');
    const missing = await t.app.inject({ method: 'GET', url: `/api/shipments/track/${number}` });
    expect(missing.statusCode).toBe(404);
    // Booked afterwards under that number (as a racing booking would be): found at once.
    await insertShipment(t.database.db, { ownerId: ben.userId, trackingNumber: number });
    const found = await t.app.inject({ method: 'GET', url: `/api/shipments/track/${number}` });
    expect(found.statusCode).toBe(200);
  });
});
