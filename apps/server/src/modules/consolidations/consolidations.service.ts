import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  type LINE_HAUL_CATEGORIES,
  normalizeTrackingNumber,
  type ConsolidationDetailDto,
  type ConsolidationListQuery,
  type CreateConsolidationBody as CreateInput,
  type UpdateConsolidationBody as UpdateInput,
} from '@hatid/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { consolidationShipments, consolidations, shipments } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { requireActiveCourier } from '../couriers/index.js';
import { shipmentScope } from '../shipments/index.js';
import { assertMayRead, assertMayWork, assertVisible, seesAllConsolidations } from './access.js';
import { consolidationShipmentsOf, toConsolidationDtos, waitingShipments, type ConsolidationRow } from './consolidations.repository.js';
import { addToConsolidation } from './membership.service.js';
import { escapeLike, toPage } from '../../db/paging.js';

export const CATEGORY = 'consolidations';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const visibleTo = (actor: Actor): SQL | undefined => (seesAllConsolidations(actor) ? undefined : eq(consolidations.createdById, actor.id));

/** GET /consolidations (and /me with `mine`): newest first, with the spec's filters. */
export async function listConsolidations(db: DbOrTx, actor: Actor, query: ConsolidationListQuery, mine = false) {
  assertMayRead(actor);
  const search = query.search?.trim().toUpperCase();
  const where = and(
    mine ? eq(consolidations.createdById, actor.id) : visibleTo(actor),
    query.status ? eq(consolidations.status, query.status) : undefined,
    query.type ? eq(consolidations.type, query.type) : undefined,
    query.senderAirport ? eq(consolidations.senderAirport, query.senderAirport) : undefined,
    query.receiverAirport ? eq(consolidations.receiverAirport, query.receiverAirport) : undefined,
    search ? or(ilike(consolidations.tag, `%${escapeLike(search)}%`), ilike(consolidations.masterAwbNumber, `%${escapeLike(search)}%`)) : undefined,
  );
  const [totals] = await db.select({ n: count() }).from(consolidations).where(where);
  const rows = await db
    .select()
    .from(consolidations)
    .where(where)
    .orderBy(desc(consolidations.createdAt), desc(consolidations.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total = totals?.n ?? 0;
  return toPage(await toConsolidationDtos(db, rows), query, total);
}

/** A consolidation by id or by tag (the catalogue addresses it both ways). */
export async function findConsolidation(db: DbOrTx, idOrTag: string, lock = false): Promise<ConsolidationRow | null> {
  const key = UUID.test(idOrTag) ? eq(consolidations.id, idOrTag) : eq(consolidations.tag, idOrTag.trim().toUpperCase());
  const query = db.select().from(consolidations).where(key).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The one the actor may see, locked for the transaction when asked (lifecycle moves, adding shipments). */
export async function visibleConsolidation(db: DbOrTx, actor: Actor, idOrTag: string, lock = false): Promise<ConsolidationRow> {
  return assertVisible(actor, await findConsolidation(db, idOrTag, lock));
}

export async function consolidationDetail(db: DbOrTx, actor: Actor, row: ConsolidationRow): Promise<ConsolidationDetailDto> {
  const [summary] = await toConsolidationDtos(db, [row]);
  return {
    ...summary!,
    shipments: await consolidationShipmentsOf(db, row.id),
    waiting: row.status === 'pending' ? await waitingShipments(db, shipmentScope(actor), row.senderAirport, row.receiverAirport) : [],
  };
}

export async function getConsolidation(db: DbOrTx, actor: Actor, idOrTag: string): Promise<ConsolidationDetailDto> {
  assertMayRead(actor);
  return consolidationDetail(db, actor, await visibleConsolidation(db, actor, idOrTag));
}

/**
 * GET /consolidations/tracking-number/{trackingNumber}: the spec's consolidation tracking number is the
 * carrier's master air waybill number; a shipment's own tracking number (a scanned label at the
 * destination) finds the consolidation it flew in.
 */
export async function findByTrackingNumber(db: DbOrTx, actor: Actor, trackingNumber: string): Promise<ConsolidationDetailDto> {
  assertMayRead(actor);
  const number = trackingNumber.trim().toUpperCase();
  const [byAwb] = await db
    .select()
    .from(consolidations)
    .where(and(eq(consolidations.masterAwbNumber, number), visibleTo(actor)))
    .orderBy(desc(consolidations.createdAt))
    .limit(1);
  if (byAwb) return consolidationDetail(db, actor, byAwb);
  const [byShipment] = await db
    .select({ consolidation: consolidations })
    .from(consolidationShipments)
    .innerJoin(shipments, eq(shipments.id, consolidationShipments.shipmentId))
    .innerJoin(consolidations, eq(consolidations.id, consolidationShipments.consolidationId))
    .where(and(eq(shipments.trackingNumber, normalizeTrackingNumber(trackingNumber)), visibleTo(actor)))
    .limit(1);
  if (!byShipment) throw notFound('Consolidation');
  return consolidationDetail(db, actor, byShipment.consolidation);
}

/** "MNL-CEB-20261122-" for today in Manila. */
function tagPrefix(senderAirport: string, receiverAirport: string, now: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return `${senderAirport}-${receiverAirport}-${day.replaceAll('-', '')}-`;
}

const isTagClash = (error: unknown) => {
  const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
  return cause.code === '23505' && cause.constraint === 'consolidations_tag_uq';
};

/**
 * Inserts a consolidation with the next free tag of the day for its pair. Two made at the same moment may
 * pick the same number: the unique index refuses the second, which tries the next number in a savepoint.
 */
export async function insertConsolidation(tx: Tx, values: Omit<typeof consolidations.$inferInsert, 'tag'>): Promise<ConsolidationRow> {
  const prefix = tagPrefix(values.senderAirport, values.receiverAirport, new Date());
  for (let attempt = 0; attempt < 10; attempt++) {
    const [last] = await tx
      // The number is the tag's fourth part (AAA-BBB-yyyymmdd-NN); a bound `from` would be read as a regex.
      .select({ n: sql<number>`coalesce(max(split_part(${consolidations.tag}, '-', 4)::int), 0)` })
      .from(consolidations)
      .where(ilike(consolidations.tag, `${prefix}%`));
    const tag = `${prefix}${String(Number(last?.n ?? 0) + 1 + attempt).padStart(2, '0')}`;
    try {
      return await tx.transaction(
        async (savepoint) =>
          (
            await savepoint
              .insert(consolidations)
              .values({ ...values, tag })
              .returning()
          )[0]!,
      );
    } catch (error) {
      if (!isTagClash(error)) throw error;
    }
  }
  throw new AppError('CONFLICT', 'Too many consolidations are being created for this route right now: try again');
}

async function checkCourier(db: DbOrTx, courierId: string | null | undefined, type: string) {
  if (courierId) await requireActiveCourier(db, courierId, [type as (typeof LINE_HAUL_CATEGORIES)[number]], 'courierId');
}

/** POST /consolidations: a pending consolidation for an airport pair, with any shipments scanned so far. */
export async function createConsolidation(db: Db, actor: Actor, input: CreateInput, ip?: string): Promise<ConsolidationDetailDto> {
  assertMayWork(actor);
  if (!actor.ability.can('create', 'Consolidation')) throw new AppError('FORBIDDEN', 'You are not allowed to create consolidations');
  await checkCourier(db, input.courierId, input.type);
  const row = await db.transaction(async (tx) => {
    const created = await insertConsolidation(tx, {
      type: input.type,
      senderAirport: input.senderAirport,
      receiverAirport: input.receiverAirport,
      courierId: input.courierId ?? null,
      masterAwbNumber: input.masterAwbNumber ?? null,
      createdById: actor.id,
    });
    await recordActivity(tx, {
      actor,
      action: 'CREATED',
      entity: 'Consolidation',
      entityId: created.id,
      category: CATEGORY,
      summary: `Consolidation ${created.tag} opened`,
      after: { tag: created.tag, status: created.status, masterAwbNumber: created.masterAwbNumber },
      ip: ip ?? null,
    });
    if (input.trackingNumbers.length > 0) {
      const result = await addToConsolidation(tx, actor, created, input.trackingNumbers);
      if (result.refused.length > 0) {
        const first = result.refused[0]!;
        throw fieldError('trackingNumbers', `${first.trackingNumber}: ${first.reason}`, 'RULE_BROKEN');
      }
    }
    return created;
  });
  return consolidationDetail(db, actor, row);
}

/** PUT /consolidations/{id}: carrier and master air waybill number, until the consolidation is completed. */
export async function updateConsolidation(db: Db, actor: Actor, idOrTag: string, input: UpdateInput, ip?: string): Promise<ConsolidationDetailDto> {
  assertMayWork(actor);
  const row = await db.transaction(async (tx) => {
    const before = await visibleConsolidation(tx, actor, idOrTag, true);
    if (before.status === 'completed') throw new AppError('CONFLICT', `${before.tag} is completed and can no longer be changed`);
    if (input.courierId !== undefined && input.courierId !== before.courierId) await checkCourier(tx, input.courierId, before.type);
    const set: Partial<ConsolidationRow> = {};
    if (input.courierId !== undefined && input.courierId !== before.courierId) set.courierId = input.courierId;
    if (input.masterAwbNumber !== undefined && input.masterAwbNumber !== before.masterAwbNumber) set.masterAwbNumber = input.masterAwbNumber;
    if (Object.keys(set).length === 0) return before;
    const [after] = await tx.update(consolidations).set(set).where(eq(consolidations.id, before.id)).returning();
    await recordActivity(tx, {
      actor,
      action: 'UPDATED',
      entity: 'Consolidation',
      entityId: before.id,
      category: CATEGORY,
      summary: `Consolidation ${before.tag} changed`,
      before: Object.fromEntries(Object.keys(set).map((key) => [key, before[key as keyof ConsolidationRow]])),
      after: { ...set, status: before.status },
      ip: ip ?? null,
    });
    return after!;
  });
  return consolidationDetail(db, actor, row);
}

/** DELETE /consolidations/{id}: admins, a pending one only (its shipments go back to waiting). */
export async function deleteConsolidation(db: Db, actor: Actor, idOrTag: string, ip?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await visibleConsolidation(tx, actor, idOrTag, true);
    if (row.status !== 'pending') throw new AppError('CONFLICT', `${row.tag} is ${row.status}: only a pending consolidation can be deleted`);
    await tx.delete(consolidations).where(eq(consolidations.id, row.id));
    await recordActivity(tx, {
      actor,
      action: 'DELETED',
      entity: 'Consolidation',
      entityId: row.id,
      category: CATEGORY,
      summary: `Consolidation ${row.tag} deleted`,
      before: { tag: row.tag, status: row.status },
      ip: ip ?? null,
    });
  });
}
