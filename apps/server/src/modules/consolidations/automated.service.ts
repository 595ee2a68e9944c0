import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AutomatedConsolidationBody as AutomatedInput, ConsolidationDetailDto } from '@hatid/domain';
import type { Db } from '../../db/client.js';
import { consolidationShipments, consolidations, shipments } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { shipmentScope } from '../shipments/index.js';
import { assertMayWork } from './access.js';
import type { ConsolidationRow } from './consolidations.repository.js';
import { CATEGORY, consolidationDetail, insertConsolidation, visibleTo } from './consolidations.service.js';
import { gatewayExpression, GATEWAY_AIRPORTS } from './gateways.js';
import { addToConsolidation } from './membership.service.js';

/**
 * POST /consolidations/automated: every shipment waiting at the origin hub(s) the actor may see, grouped by
 * airport pair; each pair's shipments go into its open automated consolidation (pending), or a new one.
 */
export async function consolidateAutomatically(db: Db, actor: Actor, input: AutomatedInput, ip?: string): Promise<ConsolidationDetailDto[]> {
  assertMayWork(actor);
  if (!actor.ability.can('create', 'Consolidation')) throw new AppError('FORBIDDEN', 'You are not allowed to create consolidations');
  const from = gatewayExpression(shipments.senderProvinceCode);
  const to = gatewayExpression(shipments.receiverProvinceCode);
  const covered = [...GATEWAY_AIRPORTS.keys()];
  const waiting = await db
    .select({ from: sql<string>`${from}`, to: sql<string>`${to}`, trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .leftJoin(consolidationShipments, eq(consolidationShipments.shipmentId, shipments.id))
    .where(
      and(
        shipmentScope(actor),
        eq(shipments.deliveryStatus, 'Orig. hub'),
        sql`${shipments.status} <> 'Cancelled'`,
        sql`${consolidationShipments.id} IS NULL`,
        inArray(shipments.senderProvinceCode, covered),
        inArray(shipments.receiverProvinceCode, covered),
        sql`${from} <> ${to}`,
        input.senderAirport ? sql`${from} = ${input.senderAirport}` : undefined,
      ),
    )
    .orderBy(shipments.createdAt, shipments.id)
    .limit(5000);
  const pairs = new Map<string, string[]>();
  for (const row of waiting) {
    const key = `${row.from}-${row.to}`;
    pairs.set(key, [...(pairs.get(key) ?? []), row.trackingNumber]);
  }
  const touched: ConsolidationRow[] = [];
  for (const [key, numbers] of [...pairs].sort(([a], [b]) => a.localeCompare(b))) {
    const [senderAirport, receiverAirport] = key.split('-') as [string, string];
    const row = await db.transaction(async (tx) => {
      const [open] = await tx
        .select()
        .from(consolidations)
        .where(
          and(
            eq(consolidations.status, 'pending'),
            eq(consolidations.isAutomated, true),
            eq(consolidations.type, input.type),
            eq(consolidations.senderAirport, senderAirport),
            eq(consolidations.receiverAirport, receiverAirport),
            visibleTo(actor),
          ),
        )
        .orderBy(desc(consolidations.createdAt))
        .limit(1)
        .for('update');
      const target = open ?? (await insertConsolidation(tx, { type: input.type, senderAirport, receiverAirport, isAutomated: true, createdById: actor.id }));
      if (!open) {
        await recordActivity(tx, {
          actor,
          action: 'CREATED',
          entity: 'Consolidation',
          entityId: target.id,
          category: CATEGORY,
          summary: `Consolidation ${target.tag} opened automatically`,
          after: { tag: target.tag, status: target.status },
          ip: ip ?? null,
        });
      }
      // Shipments taken by someone else meanwhile are simply left out (refused), not an error.
      await addToConsolidation(tx, actor, target, numbers);
      return target;
    });
    touched.push(row);
  }
  return Promise.all(touched.map((row) => consolidationDetail(db, actor, row)));
}
