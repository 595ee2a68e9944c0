import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Test rows for promo code uses, which need a user and a shipment to point at. Written in SQL with only
 * the required columns, so columns the shipments module adds later (nullable or defaulted) do not break them.
 */
export async function insertTestUser(db: DbOrTx): Promise<string> {
  const id = randomUUID();
  await db.execute(sql`INSERT INTO users (id, first_name, last_name, email) VALUES (${id}, 'Test', 'Person', ${`${id}@promo.test`})`);
  return id;
}

export async function insertTestShipment(db: DbOrTx, ownerId: string): Promise<string> {
  const id = randomUUID();
  const trackingNumber = `ND${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}PH`;
  await db.execute(sql`
    INSERT INTO shipments (
      id, tracking_number, delivery_type, payment_method, paid_by,
      sender_name, sender_mobile_number, sender_province_code, sender_city_code, sender_barangay_code, sender_street_name, sender_city_label,
      receiver_name, receiver_mobile_number, receiver_province_code, receiver_city_code, receiver_barangay_code, receiver_street_name, receiver_city_label,
      owner_id, booked_by_id
    ) VALUES (
      ${id}, ${trackingNumber}, 'next_day', 'cash', 'sender',
      'Ana Cruz', '+639171234567', '1300000000', '1381300000', '1381300001', '1 Test St', 'Quezon City',
      'Ben Reyes', '+639181234567', '1300000000', '1381300000', '1381300001', '2 Test St', 'Quezon City',
      ${ownerId}, ${ownerId}
    )`);
  return id;
}
