import { hubMapUrl, type HubDto, type HubInput, type HubListQuery, type HubUpdate } from '@hatid/domain';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { coveredProvinces, hubs } from '../../db/schema/index.js';
import { fieldError, notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';

type HubRow = typeof hubs.$inferSelect;

const columns = {
  hub: hubs,
  provinceName: coveredProvinces.name,
};

function toHubDto({ hub, provinceName }: { hub: HubRow; provinceName: string }): HubDto {
  return {
    id: hub.id,
    name: hub.name,
    provinceCode: hub.provinceCode,
    provinceName,
    address: hub.address,
    openingHours: hub.openingHours,
    latitude: hub.latitude,
    longitude: hub.longitude,
    mapUrl: hubMapUrl(hub.latitude, hub.longitude),
    isActive: hub.isActive,
  };
}

async function selectHubs(db: DbOrTx, where: SQL | undefined): Promise<HubDto[]> {
  const rows = await db
    .select(columns)
    .from(hubs)
    .innerJoin(coveredProvinces, eq(coveredProvinces.provinceCode, hubs.provinceCode))
    .where(where)
    .orderBy(asc(coveredProvinces.name), asc(hubs.name));
  return rows.map(toHubDto);
}

/** The hubs of a province (or all); deactivated ones only for those who keep the list. */
export async function listHubs(db: DbOrTx, actor: Actor | null, query: HubListQuery): Promise<HubDto[]> {
  const withInactive = query.includeInactive === 'true' && actor?.ability.can('update', 'Hub') === true;
  return selectHubs(db, and(query.provinceCode ? eq(hubs.provinceCode, query.provinceCode) : undefined, withInactive ? undefined : eq(hubs.isActive, true)));
}

export async function findHub(db: DbOrTx, id: string): Promise<HubDto | null> {
  const [hub] = await selectHubs(db, eq(hubs.id, id));
  return hub ?? null;
}

async function checkProvince(db: DbOrTx, provinceCode: string) {
  const [province] = await db.select({ code: coveredProvinces.provinceCode }).from(coveredProvinces).where(eq(coveredProvinces.provinceCode, provinceCode));
  if (!province) throw fieldError('provinceCode', 'Choose a province we serve', 'RULE_BROKEN');
}

export async function createHub(db: DbOrTx, actor: Actor, input: HubInput, ip?: string): Promise<HubDto> {
  return db.transaction(async (tx) => {
    await checkProvince(tx, input.provinceCode);
    const [row] = await tx.insert(hubs).values(input).returning();
    await recordActivity(tx, {
      actor,
      action: 'CREATED',
      entity: 'Hub',
      entityId: row!.id,
      category: 'hubs',
      summary: `Drop-off hub ${row!.name} added`,
      after: { ...input },
      ip: ip ?? null,
    });
    return (await findHub(tx, row!.id))!;
  });
}

/** Changes a hub; `isActive: false` takes it off the customers' list (shipments booked for it keep it). */
export async function updateHub(db: DbOrTx, actor: Actor, id: string, patch: HubUpdate, ip?: string): Promise<HubDto> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(hubs).where(eq(hubs.id, id)).for('update');
    if (!before) throw notFound('Hub');
    if (patch.provinceCode && patch.provinceCode !== before.provinceCode) await checkProvince(tx, patch.provinceCode);
    const changed = Object.fromEntries(
      Object.entries(patch).filter(([key, value]) => value !== undefined && before[key as keyof HubRow] !== value),
    ) as Partial<HubUpdate>;
    if (Object.keys(changed).length > 0) {
      await tx.update(hubs).set(changed).where(eq(hubs.id, id));
      const action = changed.isActive === false ? 'DEACTIVATED' : changed.isActive === true ? 'ACTIVATED' : 'UPDATED';
      await recordActivity(tx, {
        actor,
        action,
        entity: 'Hub',
        entityId: id,
        category: 'hubs',
        summary: `Drop-off hub ${changed.name ?? before.name} ${action.toLowerCase()}`,
        before: Object.fromEntries(Object.keys(changed).map((key) => [key, before[key as keyof HubRow]])),
        after: changed,
        ip: ip ?? null,
      });
    }
    return (await findHub(tx, id))!;
  });
}

/** Where the sender hands a Drop Off shipment in, by hub id (the shipment DTO and the waybill show it). */
export interface DropOffHub {
  id: string;
  name: string;
  address: string;
  openingHours: string;
  mapUrl: string;
}

export async function dropOffHubsOf(db: DbOrTx, rows: readonly { dropOffHubId: string | null }[]): Promise<Map<string, DropOffHub>> {
  const ids = [...new Set(rows.map((r) => r.dropOffHubId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await selectHubs(db, inArray(hubs.id, ids));
  return new Map(found.map(({ id, name, address, openingHours, mapUrl }) => [id, { id, name, address, openingHours, mapUrl }]));
}

/** A Drop Off booking's hub: active, and in the sender's province (that is where the sender is). */
export async function checkDropOffHub(db: DbOrTx, hubId: string | undefined, senderProvinceCode: string): Promise<string> {
  const hub = hubId ? await findHub(db, hubId) : null;
  if (!hub?.isActive) throw fieldError('dropOffHubId', 'This hub does not take parcels: choose another one', 'RULE_BROKEN');
  if (hub.provinceCode !== senderProvinceCode) {
    throw fieldError('dropOffHubId', `Choose a hub in the sender's province: ${hub.name} is in ${hub.provinceName}`, 'RULE_BROKEN');
  }
  return hub.id;
}
