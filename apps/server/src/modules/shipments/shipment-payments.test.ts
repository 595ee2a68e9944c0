import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shipments, transactions } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.js';
import { signInAs, signUpCustomer, type Session } from '../../testing/auth.js';
import { insertShipment } from './lists.fixtures.js';
import { amountPaidInCents, paymentStatusFor, recordShipmentPayment, voidShipmentPayment } from './shipment-payments.js';

let t: TestApp;
let ana: Session;
let staff: Session;

beforeAll(async () => {
  t = await buildTestApp();
  [ana, staff] = await Promise.all([signUpCustomer(t), signInAs(t, 'staff')]);
});
afterAll(async () => {
  await t?.close();
});

const statusOf = async (id: string) => (await t.database.db.select({ s: shipments.paymentStatus }).from(shipments).where(eq(shipments.id, id)))[0]!.s;

describe('payment status derived from transactions', () => {
  it('names the three states from the sum and the total', () => {
    expect(paymentStatusFor(0, 23000)).toBe('Pending');
    expect(paymentStatusFor(1, 23000)).toBe('Partially Paid');
    expect(paymentStatusFor(23000, 23000)).toBe('Paid');
    expect(paymentStatusFor(30000, 23000)).toBe('Paid');
  });

  it('moves Pending → Partially Paid → Paid as money arrives, and back when a payment is voided', async () => {
    const s = await insertShipment(t.database.db, { ownerId: ana.userId, totalInCents: 23000 });
    expect(await statusOf(s.id)).toBe('Pending');
    const first = await t.database.db.transaction((tx) =>
      recordShipmentPayment(tx, { shipmentId: s.id, method: 'cash', amountInCents: 10000, paidBy: 'recipient', receivedById: staff.userId }),
    );
    expect(first.paymentStatus).toBe('Partially Paid');
    expect(await statusOf(s.id)).toBe('Partially Paid');
    await t.database.db.transaction((tx) => recordShipmentPayment(tx, { shipmentId: s.id, method: 'gcash', amountInCents: 13000 }));
    expect(await statusOf(s.id)).toBe('Paid');

    const voided = await t.database.db.transaction((tx) => voidShipmentPayment(tx, first.transaction.id, staff.userId, 'Counted twice'));
    expect(voided?.paymentStatus).toBe('Partially Paid');
    expect(voided?.transaction.voidReason).toBe('Counted twice');
    expect(await statusOf(s.id)).toBe('Partially Paid');
    // The voided row stays in the history.
    const rows = await t.database.db.select().from(transactions).where(eq(transactions.shipmentId, s.id));
    expect(rows).toHaveLength(2);
    expect(await t.database.db.transaction((tx) => amountPaidInCents(tx, s.id))).toBe(13000);
  });

  it('a payment whose caller fails leaves neither the row nor the status behind', async () => {
    const s = await insertShipment(t.database.db, { ownerId: ana.userId, totalInCents: 5000 });
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordShipmentPayment(tx, { shipmentId: s.id, method: 'cash', amountInCents: 5000 });
        throw new Error('the webhook mark failed');
      }),
    ).rejects.toThrow('the webhook mark failed');
    expect(await statusOf(s.id)).toBe('Pending');
    expect(await t.database.db.select().from(transactions).where(eq(transactions.shipmentId, s.id))).toHaveLength(0);
  });

  it('two halves recorded at the same moment both count (the shipment row is locked first)', async () => {
    const s = await insertShipment(t.database.db, { ownerId: ana.userId, totalInCents: 20000 });
    await Promise.all(
      [0, 1].map(() => t.database.db.transaction((tx) => recordShipmentPayment(tx, { shipmentId: s.id, method: 'cash', amountInCents: 10000 }))),
    );
    expect(await statusOf(s.id)).toBe('Paid');
  });
});
