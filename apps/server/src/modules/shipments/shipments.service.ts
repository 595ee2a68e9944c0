import type { ShipmentDto } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { packagesOf, toShipmentDto, type ShipmentRow } from './shipments.repository.js';

/** Rows to DTOs with their packages, in one extra query for the whole page. */
export async function shipmentsToDtos(db: DbOrTx, rows: ShipmentRow[]): Promise<ShipmentDto[]> {
  const packages = await packagesOf(db, rows.map((r) => r.id));
  return rows.map((row) => toShipmentDto(row, packages.get(row.id) ?? []));
}

export async function shipmentToDto(db: DbOrTx, row: ShipmentRow): Promise<ShipmentDto> {
  return (await shipmentsToDtos(db, [row]))[0]!;
}
