import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { proofImages, shipmentActivities, shipmentDocuments, shipments } from '../../db/schema/index.js';
import type { Actor } from '../../core/actor.js';
import type { ShipmentRow } from './shipments.repository.js';
import { shipmentScope } from './shipments.scope.js';

/** The sender's side of a shipment: its owner, whoever booked it, and the owner's business. */
export function isOwnerSide(actor: Actor, shipment: Pick<ShipmentRow, 'ownerId' | 'bookedById' | 'businessId'>): boolean {
  if (shipment.ownerId === actor.id || shipment.bookedById === actor.id) return true;
  const business = actor.user.businessId;
  const member = actor.roles.includes('business_admin') || actor.roles.includes('business_member');
  return member && Boolean(business) && shipment.businessId === business;
}

/** People who run operations on shipments they can see: staff, ssp, admins, consolidators, assigned riders. */
export const isShipmentOps = (actor: Actor) => actor.ability.can('update', 'Shipment');

/** Shipment documents: operations and the sender's side read them (product brief "Documents"). */
export const mayReadDocuments = (actor: Actor, shipment: Pick<ShipmentRow, 'ownerId' | 'bookedById' | 'businessId'>) =>
  isShipmentOps(actor) || isOwnerSide(actor, shipment);

/**
 * Whether a stored file is a proof image, an activity proof or a readable document of a shipment the
 * actor can see; the uploads module asks this before it serves someone else's file.
 */
export async function mayReadShipmentAttachment(db: Db, actor: Actor, uploadId: string): Promise<boolean> {
  const scope = shipmentScope(actor);
  const [proof] = await db
    .select({ id: proofImages.id })
    .from(proofImages)
    .innerJoin(shipments, eq(shipments.id, proofImages.shipmentId))
    .where(and(eq(proofImages.uploadId, uploadId), scope))
    .limit(1);
  if (proof) return true;
  const [activity] = await db
    .select({ id: shipmentActivities.id })
    .from(shipmentActivities)
    .innerJoin(shipments, eq(shipments.id, shipmentActivities.shipmentId))
    .where(and(eq(shipmentActivities.proofUploadId, uploadId), scope))
    .limit(1);
  if (activity) return true;
  const documents = await db
    .select({ ownerId: shipments.ownerId, bookedById: shipments.bookedById, businessId: shipments.businessId })
    .from(shipmentDocuments)
    .innerJoin(shipments, eq(shipments.id, shipmentDocuments.shipmentId))
    .where(and(eq(shipmentDocuments.uploadId, uploadId), scope));
  return documents.some((shipment) => mayReadDocuments(actor, shipment));
}
