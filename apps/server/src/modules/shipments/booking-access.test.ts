import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { CustomerBookingInput } from '@hatid/domain';
import { addresses, shipments } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { createCustomer, signInAs, type Session } from '../../testing/auth.js';
import { book, bookingInput, place, priceOf } from '../../testing/shipments.js';
import { insertShipment, servePartnerProvince } from './lists.fixtures.js';

/**
 * Booking in another person's name (POST /api/shipments and "book again"): who may book for whom
 * (docs/decisions.md "Booking for someone else"). Outside what a booker may book for is 404, as if the
 * person did not exist; nothing is inserted and no saved address is shown.
 */
let t: TestApp;
let partner: Session;
let ssp: Session;
let staff: Session;
let admin: Session;
let rider: Session;
/** The partner's customer: a saved address in Cebu, the province the partner serves. */
let cebuana: Session;
/** A customer the partner has nothing to do with: Metro Manila only. */
let manileno: Session;
/** A customer whose only link to the partner is an earlier shipment delivered into Cebu. */
let shipper: Session;
let cebuanaAddressId: string;
let cebuanaManilaAddressId: string;
let manilenoAddressId: string;
let adminAddressId: string;

const CEBU = () => place('Cebu', 'Cebu City');
const MAKATI = () => place('Metro Manila', 'Makati City');

async function saveAddress(userId: string, where: ReturnType<typeof place>, streetName: string) {
  const [row] = await t.database.db
    .insert(addresses)
    .values({ userId, name: 'Saved Person', mobileNumber: '+639171112222', streetName, ...where })
    .returning({ id: addresses.id });
  return row!.id;
}

async function shipmentsOwnedBy(userId: string) {
  const [row] = await t.database.db.select({ n: count() }).from(shipments).where(eq(shipments.ownerId, userId));
  return row!.n;
}

/** POST /api/shipments for `ownerId` as `session`, priced as the booking page would. */
async function bookFor(session: Session, ownerId: string, overrides: Partial<CustomerBookingInput> = {}) {
  const input = bookingInput({ sender: { name: 'Ana Cruz', mobileNumber: '09171234567', streetName: '12 Osmeña Blvd', ...CEBU() }, ...overrides });
  // Metro Manila and Cebu are our own hubs (no retrieval fee), so a saved receiver prices like a typed one.
  const expectedTotalInCents = await priceOf(t, input);
  return t.app.inject({
    method: 'POST',
    url: '/api/shipments',
    headers: { cookie: session.cookie },
    payload: { ...input, ownerId, expectedTotalInCents },
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  [partner, ssp, staff, admin, rider] = (await Promise.all(
    (['service_partner', 'ssp', 'staff', 'admin', 'rider'] as const).map((role) => signInAs(t, role)),
  )) as [Session, Session, Session, Session, Session];
  await servePartnerProvince(t.database.db, CEBU().provinceCode, partner.userId);
  cebuana = await createCustomer(t, 'Cebuana');
  manileno = await createCustomer(t, 'Manileno');
  shipper = await createCustomer(t, 'Shipper');
  cebuanaAddressId = await saveAddress(cebuana.userId, CEBU(), '7 Mango Ave');
  cebuanaManilaAddressId = await saveAddress(cebuana.userId, MAKATI(), '3 Ayala Ave');
  manilenoAddressId = await saveAddress(manileno.userId, MAKATI(), '99 Secret Lane Makati');
  adminAddressId = await saveAddress(admin.userId, CEBU(), '1 Admin Residence Cebu');
  await insertShipment(t.database.db, { ownerId: shipper.userId, from: MAKATI(), to: CEBU() });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a service partner books for its own customers, in its provinces', () => {
  it('books for a customer with a saved address in its province, from that address: 201', async () => {
    const res = await bookFor(partner, cebuana.userId, { sender: { addressId: cebuanaAddressId } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ senderAddress: { streetName: '7 Mango Ave', provinceName: 'Cebu' } });
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, res.json().data.id));
    expect(row).toMatchObject({ ownerId: cebuana.userId, bookedById: partner.userId });
  });

  it('books for a customer whose earlier shipment went through its province: 201', async () => {
    const res = await bookFor(partner, shipper.userId);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses to book for an admin: 404 as if nobody were there, nothing inserted, the address not shown', async () => {
    const before = await shipmentsOwnedBy(admin.userId);
    const typed = await bookFor(partner, admin.userId);
    expect(typed.statusCode).toBe(404);
    expect(typed.json().details).toEqual([{ field: 'ownerId', message: 'Customer not found' }]);
    const saved = await bookFor(partner, admin.userId, { sender: { addressId: adminAddressId } });
    expect(saved.statusCode).toBe(404);
    expect(saved.body).not.toContain('Admin Residence');
    expect(await shipmentsOwnedBy(admin.userId)).toBe(before);
  });

  it('refuses a customer it has nothing to do with, and that customer’s saved address never shows', async () => {
    const before = await shipmentsOwnedBy(manileno.userId);
    const res = await bookFor(partner, manileno.userId, { receiver: { addressId: manilenoAddressId } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Secret Lane');
    expect(await shipmentsOwnedBy(manileno.userId)).toBe(before);
  });

  it('refuses another user’s saved address in its own customer’s booking', async () => {
    const before = await shipmentsOwnedBy(cebuana.userId);
    const res = await bookFor(partner, cebuana.userId, { receiver: { addressId: manilenoAddressId } });
    expect(res.statusCode).toBe(404);
    expect(res.json().details).toEqual([{ field: 'receiver.addressId', message: 'This saved address was not found' }]);
    expect(res.body).not.toContain('Secret Lane');
    expect(await shipmentsOwnedBy(cebuana.userId)).toBe(before);
  });

  it('uses only saved addresses in its provinces: its customer’s Metro Manila address is not its to see', async () => {
    const res = await bookFor(partner, cebuana.userId, { receiver: { addressId: cebuanaManilaAddressId } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Ayala');
  });

  it('books only pickups in the provinces it serves', async () => {
    const res = await bookFor(partner, cebuana.userId, {
      sender: { name: 'Ana Cruz', mobileNumber: '09171234567', streetName: '12 Sampaguita St', ...MAKATI() },
      receiver: { name: 'Ben Reyes', mobileNumber: '09181234567', streetName: '5 Colon St', ...CEBU() },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual([{ field: 'sender.provinceCode', message: 'You can book pickups only in the provinces you serve' }]);
  });

  it('"book again" of an admin’s shipment in its province does not book in the admin’s name', async () => {
    const original = await book(t, admin, { sender: { name: 'Andres', mobileNumber: '09171234567', streetName: '2 Admin St', ...CEBU() } });
    const before = await shipmentsOwnedBy(admin.userId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shipments/duplicate',
      headers: { cookie: partner.cookie },
      payload: { trackingNumber: original.trackingNumber, expectedTotalInCents: original.totalInCents },
    });
    expect(res.statusCode).toBe(404);
    expect(await shipmentsOwnedBy(admin.userId)).toBe(before);
  });
});

describe('ssp and staff book for customer-side accounts only', () => {
  it('ssp: an admin is refused (404, nothing inserted); a customer is booked (201)', async () => {
    const before = await shipmentsOwnedBy(admin.userId);
    const refused = await bookFor(ssp, admin.userId, { sender: { addressId: adminAddressId } });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Admin Residence');
    expect(await shipmentsOwnedBy(admin.userId)).toBe(before);
    const ok = await bookFor(ssp, manileno.userId, { receiver: { addressId: manilenoAddressId } });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('staff: a customer is booked (201), with the customer’s saved address; a rider or an admin is refused', async () => {
    const ok = await bookFor(staff, manileno.userId, { receiver: { addressId: manilenoAddressId } });
    expect(ok.statusCode, ok.body).toBe(201);
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, ok.json().data.id));
    expect(row).toMatchObject({ ownerId: manileno.userId, bookedById: staff.userId, receiverStreetName: '99 Secret Lane Makati' });
    for (const other of [rider, admin]) {
      const before = await shipmentsOwnedBy(other.userId);
      const res = await bookFor(staff, other.userId);
      expect(res.statusCode).toBe(404);
      expect(await shipmentsOwnedBy(other.userId)).toBe(before);
    }
  });

  it('a customer may not book for anybody else: 403', async () => {
    const res = await bookFor(manileno, cebuana.userId);
    expect(res.statusCode).toBe(403);
  });
});
