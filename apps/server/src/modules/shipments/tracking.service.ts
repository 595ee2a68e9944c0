import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { lastStatusActivityOf, normalizeTrackingNumber, timelineHeadline, type PublicTrackingDto } from '@hatid/domain';
import type { Db } from '../../db/client.js';
import { shipmentActivities, shipments } from '../../db/schema/index.js';
import { findProvince } from '../../platform/psgc/index.js';
import { notFound } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { activitiesOf } from './shipments.repository.js';
import { findVisibleShipment } from './status.service.js';

function preparePublicTracking(db: Db) {
  return db.query.shipments
    .findFirst({
      columns: {
        trackingNumber: true,
        status: true,
        deliveryStatus: true,
        deliveryType: true,
        senderCityLabel: true,
        senderProvinceCode: true,
        receiverCityLabel: true,
        receiverProvinceCode: true,
        pickupDate: true,
        createdAt: true,
        deliveredAt: true,
      },
      with: {
        activities: {
          columns: { name: true, customStatusName: true, deliveryStatus: true, reason: true, createdAt: true },
          where: eq(shipmentActivities.hideFromTimeline, false),
          orderBy: [desc(shipmentActivities.createdAt), desc(shipmentActivities.id)],
        },
      },
      where: and(eq(shipments.trackingNumber, sql.placeholder('trackingNumber')), isNull(shipments.deletedAt)),
    })
    .prepare('public_tracking');
}

// The busiest public call: one round trip, planned once per connection (a named prepared statement).
const prepared = new WeakMap<Db, ReturnType<typeof preparePublicTracking>>();

/**
 * Anyone with the number sees where a parcel is: statuses, times and cities only — no names, phone
 * numbers, streets, notes or who did what (a tracking number is printed on the box for all to read).
 */
export async function trackPublicly(db: Db, trackingNumber: string): Promise<PublicTrackingDto> {
  let query = prepared.get(db);
  if (!query) {
    query = preparePublicTracking(db);
    prepared.set(db, query);
  }
  const row = await query.execute({ trackingNumber: normalizeTrackingNumber(trackingNumber) });
  if (!row) throw notFound('Shipment');
  const place = (cityLabel: string, provinceCode: string) => ({ cityLabel, provinceName: findProvince(provinceCode)?.name ?? provinceCode });
  return {
    trackingNumber: row.trackingNumber,
    status: row.status,
    deliveryStatus: row.deliveryStatus,
    headline: timelineHeadline({
      shipmentStatus: row.status,
      deliveryStatus: row.deliveryStatus,
      deliveredAt: row.deliveredAt,
      lastActivity: lastStatusActivityOf(row.activities),
    }),
    deliveryType: row.deliveryType,
    origin: place(row.senderCityLabel, row.senderProvinceCode),
    destination: place(row.receiverCityLabel, row.receiverProvinceCode),
    pickupDate: row.pickupDate,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    timeline: row.activities.map((a) => ({ ...a, createdAt: toDate(a.createdAt).toISOString() })),
  };
}

/** Relational queries return nested timestamps as strings on some drivers. */
const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Hidden activities stay in the record; only people who run operations see them. */
export async function activitiesFor(db: Db, actor: Actor, trackingNumber: string, options: { timelineOnly: boolean }) {
  const shipment = await findVisibleShipment(db, actor, trackingNumber);
  const seesHidden = actor.ability.can('update_delivery_status', 'Shipment') || actor.ability.can('create', 'Activity');
  return activitiesOf(db, shipment.id, { includeHidden: seesHidden && !options.timelineOnly });
}

export async function setActivityHidden(db: Db, actor: Actor, trackingNumber: string, activityId: string, hidden: boolean) {
  const shipment = await findVisibleShipment(db, actor, trackingNumber);
  const [row] = await db
    .update(shipmentActivities)
    .set({ hideFromTimeline: hidden })
    .where(and(eq(shipmentActivities.id, activityId), eq(shipmentActivities.shipmentId, shipment.id)))
    .returning();
  if (!row) throw notFound('Activity');
  return row;
}
