import type { ShipmentDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { dropOffHubsOf } from '../hubs/hubs.service.js';
import { packagesOf, toShipmentDto, type ShipmentRow } from './shipments.repository.js';

/** Rows to DTOs with their packages (and drop-off hubs), in one extra query each for the whole page. */
export async function shipmentsToDtos(db: DbOrTx, rows: ShipmentRow[]): Promise<ShipmentDto[]> {
  const packages = await packagesOf(db, rows.map((r) => r.id));
  const hubs = await dropOffHubsOf(db, rows);
  return rows.map((row) => ({
    ...toShipmentDto(row, packages.get(row.id) ?? []),
    dropOffHub: row.dropOffHubId ? (hubs.get(row.dropOffHubId) ?? null) : null,
  }));
}

export async function shipmentToDto(db: DbOrTx, row: ShipmentRow): Promise<ShipmentDto> {
  return (await shipmentsToDtos(db, [row]))[0]!;
}
