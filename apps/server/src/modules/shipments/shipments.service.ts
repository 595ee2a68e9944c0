import type { ShipmentDto } from '@hatid/domain';
import { inArray } from 'drizzle-orm';
import { shipments } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/client.js';
import { dropOffHubsOf } from '../hubs/index.js';
import { packagesOf, toShipmentDto, type PackageRow, type ShipmentRow } from './shipments.repository.js';

/**
 * Rows to DTOs with their packages (and drop-off hubs), in one extra query each for the whole page. `known`: the
 * package lines the caller already holds (a booking has just written them), by shipment id: not read again.
 */
export async function shipmentsToDtos(db: DbOrTx, rows: ShipmentRow[], known?: Map<string, PackageRow[]>): Promise<ShipmentDto[]> {
  const packages =
    known ??
    (await packagesOf(
      db,
      rows.map((r) => r.id),
    ));
  const hubs = await dropOffHubsOf(db, rows);
  return rows.map((row) => ({
    ...toShipmentDto(row, packages.get(row.id) ?? []),
    dropOffHub: row.dropOffHubId ? (hubs.get(row.dropOffHubId) ?? null) : null,
  }));
}

export async function shipmentToDto(db: DbOrTx, row: ShipmentRow, packages?: PackageRow[]): Promise<ShipmentDto> {
  return (await shipmentsToDtos(db, [row], packages ? new Map([[row.id, [...packages].sort((a, b) => a.position - b.position)]]) : undefined))[0]!;
}

/**
 * Shipments as GET /api/shipments/{id} shows them, by id, with the business each belongs to: what a business's
 * integration is sent (issue 33, webhooks). Three queries whatever the count.
 */
export async function shipmentViews(db: DbOrTx, ids: string[]): Promise<Map<string, { businessId: string | null; view: ShipmentDto }>> {
  const found = new Map<string, { businessId: string | null; view: ShipmentDto }>();
  if (ids.length === 0) return found;
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.id, [...new Set(ids)]));
  const views = await shipmentsToDtos(db, rows);
  for (const [i, row] of rows.entries()) found.set(row.id, { businessId: row.businessId, view: views[i]! });
  return found;
}
