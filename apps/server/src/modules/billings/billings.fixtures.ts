import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RoleName } from '@hatid/domain';
import { businessAddresses, businesses, users } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/index.js';
import type { Session } from '../../testing/auth.js';
import type { TestApp } from '../../testing/build-test-app.js';
import { SESSION_COOKIE, createSession } from '../auth/index.js';
import { insertShipment, MAKATI } from '../shipments/lists.fixtures.js';
import type { ShipmentRow } from '../shipments/index.js';
import { createUserWithRoles } from '../users/index.js';

/** Test data for the billing and invoice tests: clients on an invoice account and their shipments. */

/** A person with a live session made directly (signing in is rate limited per address, as it must be). */
export async function newPerson(t: TestApp, roles: RoleName[], values: Partial<typeof users.$inferInsert> = {}): Promise<Session> {
  const userId = await createUserWithRoles(t.database.db, {
    email: `billing-${randomUUID()}@hatid.test`,
    password: DEMO_PASSWORD,
    firstName: values.firstName ?? 'Bea',
    lastName: values.lastName ?? 'Lim',
    roles,
  });
  if (Object.keys(values).length > 0) await t.database.db.update(users).set(values).where(eq(users.id, userId));
  const { token } = await createSession(t.database.db, userId, { ttlDays: 1 });
  return { cookie: `${SESSION_COOKIE}=${token}`, userId };
}

export interface InvoiceClient {
  businessId: string;
  name: string;
  /** The business admin the billing is addressed to (its owner). */
  admin: Session;
}

let clients = 0;
/** A business on an invoice account (terms in days), owned by a business admin of its own, with a main address in Makati. */
export async function invoiceClient(t: TestApp, options: { termsInDays?: number; enabled?: boolean; withOwner?: boolean } = {}): Promise<InvoiceClient> {
  clients += 1;
  const name = `Sari-Sari Trading ${clients} ${randomUUID().slice(0, 6)}`;
  const db = t.database.db;
  const [business] = await db
    .insert(businesses)
    .values({ name, invoiceBillingEnabled: options.enabled ?? true, paymentTermsInDays: options.termsInDays ?? 30 })
    .returning({ id: businesses.id });
  const admin = await newPerson(t, ['business_admin'], { firstName: 'Maria', lastName: `Owner ${clients}`, businessId: business!.id, accountType: 'business' });
  if (options.withOwner ?? true) await db.update(businesses).set({ ownerId: admin.userId }).where(eq(businesses.id, business!.id));
  await db
    .insert(businessAddresses)
    .values({ businessId: business!.id, name: 'Warehouse', mobileNumber: '+639171234567', streetName: '1 Ayala Ave', ...MAKATI(), isDefault: true });
  return { businessId: business!.id, name, admin };
}

/** 10:00 Manila of a yyyy-MM-dd day. */
export const manilaMorning = (day: string) => new Date(`${day}T10:00:00+08:00`);

/** A shipment the business booked on account (payment method invoice) on `day`. */
export function bookedOnAccount(
  t: TestApp,
  client: InvoiceClient,
  day: string,
  values: Partial<Parameters<typeof insertShipment>[1]> = {},
): Promise<ShipmentRow> {
  return insertShipment(t.database.db, {
    ownerId: client.admin.userId,
    businessId: client.businessId,
    paymentMethod: 'invoice',
    paidBy: 'sender',
    createdAt: manilaMorning(day),
    ...values,
  });
}

/** A shipment whose shipping the recipient paid in cash on delivery, delivered on `day`. */
export function deliveredCod(t: TestApp, ownerId: string, day: string, values: Partial<Parameters<typeof insertShipment>[1]> = {}): Promise<ShipmentRow> {
  return insertShipment(t.database.db, {
    ownerId,
    paymentMethod: 'cash',
    paidBy: 'recipient',
    paymentStatus: 'Paid',
    status: 'OnGoing',
    deliveryStatus: 'Delivered',
    createdAt: manilaMorning(day),
    deliveredAt: manilaMorning(day),
    ...values,
  });
}
