import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { insertShipment } from './lists.fixtures.js';
import type { ShipmentRow } from './shipments.repository.js';

// Back-office list pages take turns (LIST_READS_AT_ONCE, app.listReads): these tests hold that a page waits for
// its turn and then answers, that every page of a crowd answers, and that other calls never wait behind lists.
let t: TestApp;
let staff: Session;
let shipments: ShipmentRow[];

beforeAll(async () => {
  t = await buildTestApp({ config: { LIST_READS_AT_ONCE: '1' } });
  staff = await signInAs(t, 'staff');
  const customer = await signUpCustomer(t);
  shipments = [];
  for (let i = 0; i < 12; i++) shipments.push(await insertShipment(t.database.db, { ownerId: customer.userId, receiverName: `Turn Taker ${i}` }));
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: staff.cookie } });

describe('list pages take turns', () => {
  it('a page waits while the only turn is taken, other calls do not, and it answers once the turn is free', async () => {
    let release!: () => void;
    const held = t.app.listReads(() => new Promise<void>((resolve) => (release = resolve)));
    let answered = false;
    const page = get('/api/shipments?limit=10&search=Turn%20Taker').then((response) => {
      answered = true;
      return response;
    });
    // Tracking a parcel is not a list: it answers while the list waits.
    const tracked = await get(`/api/shipments/track/${shipments[0]!.trackingNumber}`);
    expect(tracked.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await held;
    const response = await page;
    expect(response.statusCode).toBe(200);
    expect((response.json() as { total: number }).total).toBe(12);
  });

  it('twelve different pages asked at once with one turn all answer, each its own rows', async () => {
    const responses = await Promise.all(shipments.map((s) => get(`/api/shipments?limit=10&search=${s.trackingNumber}`)));
    responses.forEach((response, i) => {
      expect(response.statusCode).toBe(200);
      expect((response.json() as { data: { trackingNumber: string }[] }).data.map((d) => d.trackingNumber)).toEqual([shipments[i]!.trackingNumber]);
    });
    const users = await Promise.all([1, 2, 3].map((page) => get(`/api/users?page=${page}&limit=1&status=ALL`)));
    for (const response of users) expect(response.statusCode).toBe(200);
  });
});
