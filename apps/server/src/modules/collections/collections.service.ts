import { aliasedTable, and, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  COLLECTION_MOVES,
  COLLECTION_SOURCE_LABELS,
  COLLECTION_STATUS_LABELS,
  formatMoney,
  type CollectionBulkResult,
  type CollectionDto,
  type CollectionListQuery,
  type CollectionStatus,
  type CreateCollectionInput,
  type OutstandingCashDto,
  type CreateCollectionBody as CreateInput,
} from '@hatid/domain';
import type { DbOrTx, Tx } from '../../db/client.js';
import { collectionShipments, collections, shipments, users } from '../../db/schema/index.js';
import { AppError, fieldError, notFound, type FieldError } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { findProvince } from '../../platform/psgc/index.js';
import { withinFilterDates } from '../../core/manila-time.js';
import { loadUserWithRoles } from '../users/index.js';
import { personName } from '../../core/names.js';
import { outstandingCash } from './outstanding-cash.js';
import { escapeLike, toPage } from '../../db/paging.js';

/**
 * Cash collections (DECISIONS "Collections"; docs/decisions.md "Cash collections"): hand-overs of the cash
 * riders and partners collected. Staff and admins (manage Collection) record and move them.
 */
const CATEGORY = 'collections';
type CollectionRow = typeof collections.$inferSelect;

export function assertMayWorkCollections(actor: Actor, action: 'view' | 'create' | 'update' = 'view'): void {
  const may =
    action === 'view' ? actor.ability.can('admin_view', 'Collection') || actor.ability.can('view', 'Collection') : actor.ability.can(action, 'Collection');
  if (!may) throw new AppError('FORBIDDEN', 'You are not allowed to work cash collections');
}

const collectedFrom = aliasedTable(users, 'collected_from');
const receivedBy = aliasedTable(users, 'received_by');
const createdBy = aliasedTable(users, 'created_by');

const rowColumns = {
  collection: collections,
  fromFirst: collectedFrom.firstName,
  fromLast: collectedFrom.lastName,
  receivedFirst: receivedBy.firstName,
  receivedLast: receivedBy.lastName,
  createdFirst: createdBy.firstName,
  createdLast: createdBy.lastName,
};

function selectRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(rowColumns)
    .from(collections)
    .leftJoin(collectedFrom, eq(collectedFrom.id, collections.collectedFromId))
    .leftJoin(receivedBy, eq(receivedBy.id, collections.receivedById))
    .leftJoin(createdBy, eq(createdBy.id, collections.createdById))
    .where(where)
    .orderBy(desc(collections.createdAt), desc(collections.id));
}
type JoinedRow = Awaited<ReturnType<typeof selectRows>>[number];

/** The rows as the API answers them, with their shipments (one query for the whole page). */
async function toDtos(db: DbOrTx, rows: JoinedRow[]): Promise<CollectionDto[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      collectionId: collectionShipments.collectionId,
      shipmentId: collectionShipments.shipmentId,
      trackingNumber: shipments.trackingNumber,
      amountInCents: collectionShipments.amountInCents,
    })
    .from(collectionShipments)
    .innerJoin(shipments, eq(shipments.id, collectionShipments.shipmentId))
    .where(
      inArray(
        collectionShipments.collectionId,
        rows.map((r) => r.collection.id),
      ),
    )
    .orderBy(shipments.trackingNumber);
  return rows.map(({ collection: c, ...names }) => ({
    id: c.id,
    collectedFromId: c.collectedFromId,
    collectedFromName: personName(names.fromFirst, names.fromLast) ?? '',
    receivedById: c.receivedById,
    receivedByName: personName(names.receivedFirst, names.receivedLast),
    source: c.source as CollectionDto['source'],
    status: c.status,
    amountInCents: c.amountInCents,
    location: c.location,
    locationName: c.location ? (findProvince(c.location)?.name ?? c.location) : null,
    remarks: c.remarks,
    shipments: lines.filter((l) => l.collectionId === c.id).map(({ collectionId: _, ...line }) => line),
    createdByName: personName(names.createdFirst, names.createdLast),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    completedAt: c.completedAt?.toISOString() ?? null,
    cancelledAt: c.cancelledAt?.toISOString() ?? null,
  }));
}

async function collectionDto(db: DbOrTx, id: string): Promise<CollectionDto> {
  const [dto] = await toDtos(db, await selectRows(db, eq(collections.id, id)).limit(1));
  if (!dto) throw notFound('Collection');
  return dto;
}

/** GET /collections: newest first, with the catalogue's filters. */
export async function listCollections(db: DbOrTx, actor: Actor, query: CollectionListQuery) {
  assertMayWorkCollections(actor);
  const search = query.search?.trim();
  const where = and(
    query.partner ? eq(collections.collectedFromId, query.partner) : undefined,
    query.status ? eq(collections.status, query.status) : undefined,
    query.collectionsSource ? eq(collections.source, query.collectionsSource) : undefined,
    query.location ? eq(collections.location, query.location) : undefined,
    withinFilterDates(collections.createdAt, query.startDate, query.endDate),
    search
      ? or(
          exists(
            db
              .select({ one: sql`1` })
              .from(collectionShipments)
              .innerJoin(shipments, eq(shipments.id, collectionShipments.shipmentId))
              .where(
                and(eq(collectionShipments.collectionId, collections.id), sql`${shipments.trackingNumber} like ${`${escapeLike(search.toUpperCase())}%`}`),
              ),
          ),
          ilike(sql`${collectedFrom.firstName} || ' ' || coalesce(${collectedFrom.lastName}, '')`, `%${escapeLike(search)}%`),
        )
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    selectRows(db, where)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(collections).leftJoin(collectedFrom, eq(collectedFrom.id, collections.collectedFromId)).where(where),
  ]);
  const total = totals?.n ?? 0;
  return toPage(await toDtos(db, rows), query, total);
}

/** GET /collections/outstanding: per rider or partner, and (for one person) their shipments. */
export async function outstandingSummary(
  db: DbOrTx,
  actor: Actor,
  query: { collectedFromId?: string | undefined; source?: CreateInput['source'] | undefined },
): Promise<OutstandingCashDto> {
  assertMayWorkCollections(actor);
  const lines = await outstandingCash(db, { userId: query.collectedFromId, source: query.source });
  const people = new Map<string, OutstandingCashDto['people'][number]>();
  const shipmentsOf = new Map<string, Set<string>>();
  for (const line of lines) {
    const person = people.get(line.userId) ?? { userId: line.userId, name: '', pickupInCents: 0, deliveryInCents: 0, shipments: 0 };
    if (line.source === 'pickup') person.pickupInCents += line.amountInCents;
    else person.deliveryInCents += line.amountInCents;
    // A shipment with cash of both legs counts once.
    const theirs = shipmentsOf.get(line.userId) ?? new Set<string>();
    theirs.add(line.shipmentId);
    shipmentsOf.set(line.userId, theirs);
    person.shipments = theirs.size;
    people.set(line.userId, person);
  }
  if (people.size > 0) {
    const names = await db
      .select({ id: users.id, first: users.firstName, last: users.lastName })
      .from(users)
      .where(inArray(users.id, [...people.keys()]));
    for (const n of names) people.get(n.id)!.name = personName(n.first, n.last) ?? '';
  }
  return {
    people: [...people.values()].sort((a, b) => b.pickupInCents + b.deliveryInCents - (a.pickupInCents + a.deliveryInCents) || a.name.localeCompare(b.name)),
    shipments: query.collectedFromId
      ? lines.map((l) => ({
          shipmentId: l.shipmentId,
          trackingNumber: l.trackingNumber,
          source: l.source,
          amountInCents: l.amountInCents,
          receivedAt: l.receivedAt.toISOString(),
          shortInCents: l.shortInCents,
          shortReason: l.shortReason,
        }))
      : [],
  };
}

/**
 * POST /collections: the person's outstanding cash of one source, for the shipments named (else all of it),
 * as one hand-over. The person's user row is locked first, so two hand-overs recorded at once for the same
 * person queue, and the second sees the first's shipments as handed over: no peso is counted twice.
 */
export async function createCollection(db: DbOrTx, actor: Actor, input: CreateInput | CreateCollectionInput, ip?: string): Promise<CollectionDto> {
  assertMayWorkCollections(actor, 'create');
  const id = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.collectedFromId)).for('update');
    const person = await loadUserWithRoles(tx, input.collectedFromId);
    if (!person?.roles.some((r) => r.name === 'rider' || r.name === 'service_partner')) {
      throw fieldError('collectedFromId', 'Choose a rider or partner who collected cash', 'RULE_BROKEN');
    }
    const name = personName(person.firstName, person.lastName) ?? 'This person';
    const lines = await outstandingCash(tx, { userId: person.id, source: input.source });
    let chosen = lines;
    if (input.trackingNumbers) {
      const byNumber = new Map(lines.map((l) => [l.trackingNumber, l]));
      const asked = input.trackingNumbers.map((n) => n.trim().toUpperCase());
      // The field names the position in the request as sent (repeats included).
      const missing: FieldError[] = asked
        .map((n, i) =>
          byNumber.has(n)
            ? null
            : { field: `trackingNumbers.${i}`, message: `${n} has no ${COLLECTION_SOURCE_LABELS[input.source].toLowerCase()} cash of ${name} to hand over` },
        )
        .filter((d): d is FieldError => d !== null);
      if (missing.length > 0) throw new AppError('RULE_BROKEN', missing[0]!.message, missing);
      chosen = [...new Set(asked)].map((n) => byNumber.get(n)!);
    }
    if (chosen.length === 0) {
      throw fieldError('collectedFromId', `${name} has no ${COLLECTION_SOURCE_LABELS[input.source].toLowerCase()} cash to hand over`, 'RULE_BROKEN');
    }
    const amountInCents = chosen.reduce((sum, l) => sum + l.amountInCents, 0);
    const [row] = await tx
      .insert(collections)
      .values({
        collectedFromId: person.id,
        source: input.source,
        amountInCents,
        location: input.location ?? null,
        remarks: input.remarks || null,
        createdById: actor.id,
      })
      .returning();
    await tx.insert(collectionShipments).values(chosen.map((l) => ({ collectionId: row!.id, shipmentId: l.shipmentId, amountInCents: l.amountInCents })));
    await recordActivity(tx, {
      actor,
      action: 'CREATED',
      entity: 'Collection',
      entityId: row!.id,
      category: CATEGORY,
      summary: `${formatMoney(amountInCents)} ${COLLECTION_SOURCE_LABELS[input.source].toLowerCase()} from ${name} (${chosen.length} shipment${chosen.length === 1 ? '' : 's'})`,
      after: { collectedFromId: person.id, source: input.source, amountInCents, trackingNumbers: chosen.map((l) => l.trackingNumber) },
      status: 'pending',
      ip: ip ?? null,
    });
    return row!.id;
  });
  return collectionDto(db, id);
}

/** One move in its own transaction, the row locked; refused moves are 409 with what the status allows. */
async function move(tx: Tx, actor: Actor, id: string, status: CollectionStatus, remarks: string | undefined, ip: string | undefined): Promise<void> {
  const [before] = await tx.select().from(collections).where(eq(collections.id, id)).for('update');
  if (!before) throw notFound('Collection');
  if (before.status === status) throw new AppError('CONFLICT', `This collection is already ${COLLECTION_STATUS_LABELS[status].toLowerCase()}`);
  const allowed = COLLECTION_MOVES[before.status];
  if (!allowed.includes(status)) {
    throw new AppError(
      'CONFLICT',
      allowed.length === 0
        ? `A ${COLLECTION_STATUS_LABELS[before.status].toLowerCase()} collection cannot change`
        : `A ${COLLECTION_STATUS_LABELS[before.status].toLowerCase()} collection can only be marked ${allowed.map((s) => COLLECTION_STATUS_LABELS[s].toLowerCase()).join(' or ')}`,
    );
  }
  const now = new Date();
  const change: Partial<CollectionRow> = {
    status,
    ...(status === 'completed' ? { completedAt: now, receivedById: actor.id } : {}),
    ...(status === 'cancelled' ? { cancelledAt: now } : {}),
    // A move's remarks (a reason to cancel, a count at the hub) follow what was written before, never replace it.
    ...(remarks ? { remarks: before.remarks ? `${before.remarks}\n${remarks}` : remarks } : {}),
  };
  await tx.update(collections).set(change).where(eq(collections.id, id));
  await recordActivity(tx, {
    actor,
    action: 'UPDATED',
    entity: 'Collection',
    entityId: id,
    category: CATEGORY,
    summary: `${formatMoney(before.amountInCents)} collection marked ${COLLECTION_STATUS_LABELS[status].toLowerCase()}`,
    before: { status: before.status },
    after: { status, ...(remarks ? { remarks } : {}) },
    status,
    ip: ip ?? null,
  });
}

/** PATCH /collections/status. */
export async function changeCollectionStatus(
  db: DbOrTx,
  actor: Actor,
  input: { id: string; status: CollectionStatus; remarks?: string | undefined },
  ip?: string,
): Promise<CollectionDto> {
  assertMayWorkCollections(actor, 'update');
  await db.transaction((tx) => move(tx, actor, input.id, input.status, input.remarks, ip));
  return collectionDto(db, input.id);
}

/** PATCH /collections/bulk-status: each collection on its own; one refused does not stop the others. */
export async function bulkCollectionStatus(
  db: DbOrTx,
  actor: Actor,
  input: { ids: string[]; status: CollectionStatus },
  ip?: string,
): Promise<CollectionBulkResult> {
  assertMayWorkCollections(actor, 'update');
  const result: CollectionBulkResult = { updated: [], failed: [] };
  for (const id of new Set(input.ids)) {
    try {
      await db.transaction((tx) => move(tx, actor, id, input.status, undefined, ip));
      result.updated.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.failed.push({ id, message: error.message });
    }
  }
  return result;
}
