import { makeTrackingNumber } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { coveredProvinces, shipments } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { findCityMunicipality } from '../../platform/psgc/index.js';
import { place } from '../../testing/shipments.js';
import type { ShipmentRow } from './shipments.repository.js';

/** Test data for the list, export, stats and operations tests: many shipments without the booking path. */

type NewShipment = typeof shipments.$inferInsert;

function party(prefix: 'sender' | 'receiver', where: ReturnType<typeof place>, name: string, mobile: string) {
  return {
    [`${prefix}Name`]: name,
    [`${prefix}MobileNumber`]: mobile,
    [`${prefix}ProvinceCode`]: where.provinceCode,
    [`${prefix}CityCode`]: where.cityCode,
    [`${prefix}BarangayCode`]: where.barangayCode,
    [`${prefix}StreetName`]: '1 Rizal St',
    [`${prefix}CityLabel`]: findCityMunicipality(where.cityCode)!.name,
  };
}

export const MAKATI = () => place('Metro Manila', 'Makati City');
export const CEBU_CITY = () => place('Cebu', 'Cebu City');
export const SAN_FERNANDO = () => place('Pampanga', 'San Fernando City');

export interface FixtureInput extends Partial<NewShipment> {
  ownerId: string;
  from?: ReturnType<typeof place>;
  to?: ReturnType<typeof place>;
  totalInCents?: number;
}

/**
 * One shipment row, priced simply (total = packages total) so the schema's sum checks hold. A random tracking
 * number can be one the table already holds (the benchmark's million rows, or two draws within a test): then
 * another is drawn. The clash is skipped with ON CONFLICT rather than caught, because a failed insert would
 * abort the transaction a caller may have opened around many inserts.
 */
export async function insertShipment(db: DbOrTx, input: FixtureInput): Promise<ShipmentRow> {
  const { ownerId, from = MAKATI(), to = CEBU_CITY(), totalInCents = 23000, ...rest } = input;
  const deliveryType = rest.deliveryType ?? 'next_day';
  for (let attempt = 1; ; attempt++) {
    const [row] = await db
      .insert(shipments)
      .values({
        trackingNumber: makeTrackingNumber(deliveryType),
        deliveryType,
        paymentMethod: 'cash',
        paidBy: 'recipient',
        ...(party('sender', from, 'Ana Cruz', '+639171234567') as object),
        ...(party('receiver', to, 'Ben Reyes', '+639181234567') as object),
        packagesTotalInCents: totalInCents,
        subtotalInCents: totalInCents,
        totalInCents,
        ownerId,
        bookedById: ownerId,
        ...rest,
      } as NewShipment)
      .onConflictDoNothing({ target: shipments.trackingNumber })
      .returning();
    if (row) return row;
    if (attempt >= 5 || 'trackingNumber' in rest) throw new Error(`tracking number ${String(rest.trackingNumber ?? '')} is taken`);
  }
}

export async function insertShipments(db: DbOrTx, n: number, input: FixtureInput): Promise<ShipmentRow[]> {
  const rows: ShipmentRow[] = [];
  for (let i = 0; i < n; i++) rows.push(await insertShipment(db, input));
  return rows;
}

/** Makes `partnerId` the service partner of a covered province. */
export async function servePartnerProvince(db: DbOrTx, provinceCode: string, partnerId: string) {
  await db.update(coveredProvinces).set({ partnerId, partnerStatus: 'partner' }).where(eq(coveredProvinces.provinceCode, provinceCode));
}
