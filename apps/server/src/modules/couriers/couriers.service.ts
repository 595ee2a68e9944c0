import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { CourierCategory, CourierDto, CourierListQuery, ParsedCourierInput as CreateInput, ParsedCourierUpdate as UpdateInput } from '@hatid/domain';
import type { DbOrTx } from '../../db/client.js';
import { consolidationShipments, consolidations, couriers, shipmentMiles } from '../../db/schema/index.js';
import { AppError, fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { escapeLike, toPage } from '../../db/paging.js';

type CourierRow = typeof couriers.$inferSelect;

const CATEGORY = 'couriers';

export function toCourierDto(row: CourierRow): CourierDto {
  return {
    id: row.id,
    name: row.name,
    type: row.type as CourierDto['type'],
    category: row.category,
    code: row.code,
    contactName: row.contactName,
    contactNumber: row.contactNumber,
    contactEmail: row.contactEmail,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /couriers: by name, with the spec's type and category filters and the console's status tabs. */
export async function listCouriers(db: DbOrTx, query: CourierListQuery) {
  const search = query.search?.trim();
  const where = and(
    query.type ? eq(couriers.type, query.type) : undefined,
    query.category ? eq(couriers.category, query.category) : undefined,
    query.status === 'all' ? undefined : eq(couriers.isActive, query.status === 'active'),
    search ? or(ilike(couriers.name, `%${escapeLike(search)}%`), ilike(couriers.code, `%${escapeLike(search)}%`)) : undefined,
  );
  const [totals] = await db.select({ n: count() }).from(couriers).where(where);
  const rows = await db
    .select()
    .from(couriers)
    .where(where)
    .orderBy(desc(couriers.isActive), asc(couriers.name), asc(couriers.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total = totals?.n ?? 0;
  return toPage(rows.map(toCourierDto), query, total);
}

/** The pickers' lists (transport details, hand-offs): active couriers only, by name. */
export async function listActiveCouriers(db: DbOrTx, category?: CourierCategory): Promise<CourierDto[]> {
  const rows = await db
    .select()
    .from(couriers)
    .where(and(eq(couriers.isActive, true), category ? eq(couriers.category, category) : undefined))
    .orderBy(asc(couriers.name));
  return rows.map(toCourierDto);
}

export async function findCourier(db: DbOrTx, id: string): Promise<CourierRow | null> {
  const [row] = await db.select().from(couriers).where(eq(couriers.id, id)).limit(1);
  return row ?? null;
}

export async function getCourier(db: DbOrTx, id: string): Promise<CourierDto> {
  const row = await findCourier(db, id);
  if (!row) throw notFound('Courier');
  return toCourierDto(row);
}

/**
 * An active courier of one of `categories`, for a field that points at one (a consolidation's carrier,
 * a shipment's transport details, a hand-off), or a 422 on that field.
 */
export async function requireActiveCourier(db: DbOrTx, id: string, categories: readonly CourierCategory[], field: string): Promise<CourierRow> {
  const row = await findCourier(db, id);
  if (!row?.isActive) throw fieldError(field, 'Choose an active courier from the list', 'RULE_BROKEN');
  if (!categories.includes(row.category)) {
    throw fieldError(field, `Choose a courier of category ${categories.join(' or ')}; ${row.name} is ${row.category}`, 'RULE_BROKEN');
  }
  return row;
}

/** The name is unique (any case): a second "Cebu Pacific Cargo" is always a mistake. */
function duplicateName(error: unknown): boolean {
  const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
  return cause.code === '23505' && cause.constraint === 'couriers_name_uq';
}

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (duplicateName(error)) throw fieldError('name', 'A courier with this name already exists', 'CONFLICT');
    throw error;
  }
}

export async function createCourier(db: DbOrTx, actor: Actor, input: CreateInput, ip?: string): Promise<CourierDto> {
  return saving(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(couriers).values(input).returning();
      await recordActivity(tx, {
        actor,
        action: 'CREATED',
        entity: 'Courier',
        entityId: row!.id,
        category: CATEGORY,
        summary: `Courier ${row!.name} added`,
        after: { ...input },
        ip: ip ?? null,
      });
      return toCourierDto(row!);
    }),
  );
}

/** PATCH /couriers/{id}, activate and deactivate: only what changed is written and logged. */
export async function changeCourier(db: DbOrTx, actor: Actor, id: string, patch: UpdateInput & { isActive?: boolean }, ip?: string): Promise<CourierDto> {
  return saving(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(couriers).where(eq(couriers.id, id)).for('update');
      if (!before) throw notFound('Courier');
      const changed = Object.fromEntries(
        Object.entries(patch).filter(([key, value]) => value !== undefined && before[key as keyof CourierRow] !== value),
      ) as Partial<CourierRow>;
      if (Object.keys(changed).length === 0) return toCourierDto(before);
      const [after] = await tx.update(couriers).set(changed).where(eq(couriers.id, id)).returning();
      const action = changed.isActive === false ? 'DEACTIVATED' : changed.isActive === true ? 'ACTIVATED' : 'UPDATED';
      await recordActivity(tx, {
        actor,
        action,
        entity: 'Courier',
        entityId: id,
        category: CATEGORY,
        summary: `Courier ${after!.name} ${action.toLowerCase()}`,
        before: Object.fromEntries(Object.keys(changed).map((key) => [key, before[key as keyof CourierRow]])),
        after: changed,
        status: after!.isActive ? 'active' : 'inactive',
        ip: ip ?? null,
      });
      return toCourierDto(after!);
    }),
  );
}

/**
 * DELETE /couriers/{id}: only a courier nothing points at (added by mistake). One that carried a
 * consolidation or a leg is history: 409, deactivate it instead.
 */
export async function deleteCourier(db: DbOrTx, actor: Actor, id: string, ip?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(couriers).where(eq(couriers.id, id)).for('update');
    if (!row) throw notFound('Courier');
    const [byConsolidation] = await tx.select({ n: count() }).from(consolidations).where(eq(consolidations.courierId, id));
    const [byLine] = await tx.select({ n: count() }).from(consolidationShipments).where(eq(consolidationShipments.carrierId, id));
    const [byMile] = await tx.select({ n: count() }).from(shipmentMiles).where(eq(shipmentMiles.courierId, id));
    if ((byConsolidation?.n ?? 0) + (byLine?.n ?? 0) + (byMile?.n ?? 0) > 0) {
      throw new AppError('CONFLICT', `${row.name} has carried shipments, so it stays on record: deactivate it instead`);
    }
    await tx.delete(couriers).where(eq(couriers.id, id));
    await recordActivity(tx, {
      actor,
      action: 'DELETED',
      entity: 'Courier',
      entityId: id,
      category: CATEGORY,
      summary: `Courier ${row.name} deleted`,
      before: { name: row.name, type: row.type, category: row.category },
      ip: ip ?? null,
    });
  });
}
