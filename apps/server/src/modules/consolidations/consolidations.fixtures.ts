import type { DbOrTx } from '../../db/client.js';
import { shipmentPackages } from '../../db/schema/index.js';
import { insertShipment, type FixtureInput } from '../shipments/lists.fixtures.js';
import type { ShipmentRow } from '../shipments/index.js';
import { place } from '../../testing/shipments.js';

export const MAKATI = () => place('Metro Manila', 'Makati City');
export const CEBU_CITY = () => place('Cebu', 'Cebu City');
export const DAVAO_CITY = () => place('Davao del Sur', 'Davao City');

/**
 * A shipment waiting at the origin hub (Makati → Cebu City unless told: MNL → CEB), with `pieces`
 * packages of 1.5 kg each, so manifests and totals have something to add up.
 */
export async function waitingAtHub(db: DbOrTx, input: FixtureInput & { pieces?: number }): Promise<ShipmentRow> {
  const { pieces = 2, ...rest } = input;
  const shipment = await insertShipment(db, { from: MAKATI(), to: CEBU_CITY(), deliveryStatus: 'Orig. hub', status: 'OnGoing', ...rest });
  await db.insert(shipmentPackages).values({
    shipmentId: shipment.id,
    boxName: 'Small Box',
    packagingCategory: 'Box',
    quantity: pieces,
    priceInCents: 23000,
    basePriceInCents: 11500,
    weightInGrams: 1500,
  });
  return shipment;
}
