import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cancellationReasonText, findBox, schedulePickup, type DeliveryStatus, type PaymentStatus } from '@hatid/domain';
import type { Tx } from '../../db/client.js';
import { activityLogs, coveredProvinces, hubs, shipmentActivities, shipmentPackages, shipments, transactions } from '../../db/schema/index.js';
import { loadPricingConfig } from '../../modules/pricing/index.js';
import { quoteOrThrow } from '../../modules/pricing/index.js';
import { paymentStatusFor } from '../../modules/shipments/index.js';
import type { DemoCast } from './people.js';
import { journeyTo, walkJourney, type Step } from './journeys.js';
import { HOUR, type ShipmentSpec } from './plan.js';
import type { Rng } from './random.js';

/** A written demo shipment, for the parts that build on it (wallet, collections, billing, reviews, tickets). */
export interface SeededShipment {
  id: string;
  trackingNumber: string;
  spec: ShipmentSpec;
  totalInCents: number;
  status: 'Pending' | 'OnGoing' | 'Cancelled';
  deliveryStatus: DeliveryStatus;
  paymentStatus: PaymentStatus;
  deliveredAt: Date | null;
  /** When the last step happened (the booking for one that has not moved). */
  lastAt: Date;
}

type ShipmentInsert = typeof shipments.$inferInsert;
type ActivityInsert = typeof shipmentActivities.$inferInsert;
type LogInsert = typeof activityLogs.$inferInsert;
type PaymentInsert = typeof transactions.$inferInsert;

/** How long each kind of step takes after the one before it, in hours (min, max). */
const GAP: Partial<Record<string, [number, number]>> = {
  'On the way for pickup': [1, 3],
  'Package picked up': [0.3, 1],
  'At origin hub': [1, 3],
  'Loaded for shipping': [2, 6],
  'In-transit': [1, 3],
  'Arrived at destination port': [1, 3],
  'Arrived at destination hub': [2, 5],
  'Out for delivery': [8, 14],
  Delivered: [1, 4],
};
const SAME_DAY_SCALE = 0.25;

/** Step times after the booking; squeezed into the time until `now` when the plan would run past it. */
function stepTimes(rng: Rng, spec: ShipmentSpec, steps: Step[], now: Date): Date[] {
  const scale = spec.deliveryType === 'next_day' ? 1 : SAME_DAY_SCALE;
  const offsets: number[] = [];
  let at = 0;
  for (const step of steps) {
    const [min, max] = GAP[step.activity] ?? [1, 6];
    at += (min + rng.next() * (max - min)) * scale * HOUR;
    offsets.push(at);
  }
  const room = now.getTime() - 2 * 60_000 - spec.bookedAt.getTime();
  const squeeze = at > room ? room / at : 1;
  return offsets.map((offset) => new Date(spec.bookedAt.getTime() + Math.floor(offset * squeeze)));
}

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

async function insertAll<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (const chunk of chunks(rows, size)) await insert(chunk);
}

/**
 * Writes the planned shipments in bulk with what the booking and status services would have written for each:
 * the server's price (the domain's quotePrice on the stored pricing config and the receiver province's retrieval
 * fee), an S10 tracking number with its check digit, the pickup day, the package lines, one timeline activity per
 * move (checked against the move rules), the riders' and the hub's cash as payments with the payment status
 * derived from them, and the activity log's line for each move. Wallet payments are the ledger's (wallet.ts).
 */
export async function writeShipments(tx: Tx, rng: Rng, cast: DemoCast, specs: ShipmentSpec[], now: Date): Promise<SeededShipment[]> {
  const config = await loadPricingConfig(tx);
  const fees = new Map((await tx.select().from(coveredProvinces)).map((p) => [p.provinceCode, p.retrievalFeeInCents]));
  const hubOf = new Map<string, { id: string; name: string }>();
  for (const hub of await tx
    .select({ id: hubs.id, name: hubs.name, provinceCode: hubs.provinceCode })
    .from(hubs)
    .where(eq(hubs.isActive, true))
    .orderBy(hubs.name)) {
    if (!hubOf.has(hub.provinceCode)) hubOf.set(hub.provinceCode, hub);
  }
  const staffName = `${cast.staff.user.firstName} ${cast.staff.user.lastName}`;
  const consolidatorName = `${cast.consolidator.user.firstName} ${cast.consolidator.user.lastName}`;
  const rows: ShipmentInsert[] = [];
  const lines: (typeof shipmentPackages.$inferInsert)[] = [];
  const timeline: ActivityInsert[] = [];
  const logs: LogInsert[] = [];
  const payments: PaymentInsert[] = [];
  const seeded: SeededShipment[] = [];

  for (const spec of specs) {
    const id = randomUUID();
    const { trackingNumber } = spec;
    const hub = spec.serviceType === 'Drop Off' ? hubOf.get(spec.from.provinceCode) : undefined;
    if (spec.serviceType === 'Drop Off' && !hub) throw new Error(`No demo hub in ${spec.from.provinceName} for a Drop Off`);
    const quote = quoteOrThrow({ deliveryType: spec.deliveryType, packages: spec.packages, declaredInsuranceValue: spec.declaredValueInPesos }, config, {
      promo: null,
      userUses: 0,
      now: spec.bookedAt,
      retrievalFeeInCents: fees.get(spec.to.provinceCode) ?? 0,
    });

    const steps = journeyTo(spec.outcome, { deliveryType: spec.deliveryType, serviceType: spec.serviceType, hubName: hub?.name ?? '' }, rng.pick);
    const deliveryStatus = walkJourney(steps, spec.deliveryType);
    const times = stepTimes(rng, spec, steps, now);
    const who = (step: Step) => {
      const rider = step.actor === 'pickupRider' ? spec.pickupRider : step.actor === 'deliveryRider' ? spec.deliveryRider : null;
      if (rider) return { id: rider.id, name: rider.name };
      if (step.actor === 'consolidator') return { id: cast.consolidator.id, name: consolidatorName };
      return { id: cast.staff.id, name: staffName };
    };

    timeline.push({
      shipmentId: id,
      name: 'Order placed',
      deliveryStatus: 'Order placed',
      actorId: spec.bookedBy.id,
      actorName: spec.bookedBy.name,
      createdAt: spec.bookedAt,
    });
    let paidInCents = 0;
    let status: SeededShipment['status'] = 'Pending';
    let before: { deliveryStatus: DeliveryStatus; status: string } = { deliveryStatus: 'Order placed', status: 'Pending' };
    let deliveredAt: Date | null = null;
    steps.forEach((step, i) => {
      const at = times[i]!;
      const actor = who(step);
      const next = step.deliveryStatus!;
      const isReturn = step.activity === 'Return to sender delivered';
      timeline.push({
        shipmentId: id,
        name: step.activity,
        deliveryStatus: next,
        reason: step.reason ?? null,
        note: step.note ?? null,
        actorId: actor.id,
        actorName: actor.name,
        createdAt: at,
        receivedBy:
          step.activity === 'Delivered' && rng.chance(0.2)
            ? `${rng.pick(['Rosa', 'Ben', 'Aling Nena', 'Kuya Jun'])} (${rng.pick(['neighbour', 'security guard', 'family member'])})`
            : null,
      });
      status = 'OnGoing';
      const after = { deliveryStatus: next, status };
      logs.push({
        actorId: actor.id,
        actorName: actor.name,
        action: 'UPDATED',
        entity: 'Shipment',
        entityId: id,
        category: 'delivery_status',
        summary: `${trackingNumber}: ${step.activity}${step.reason ? ` (${step.reason})` : ''}${step.correction ? ' [correction]' : ''}`,
        before,
        after: { ...after, activity: step.activity },
        status: next,
        createdAt: at,
      });
      before = after;
      if (next === 'Delivered' && !deliveredAt) deliveredAt = at;
      // Cash changes hands where the payer meets us: the sender at pickup (or at the hub for a Drop Off), the
      // recipient on delivery.
      const senderPays =
        spec.paidBy === 'sender' &&
        spec.paymentMethod === 'cash' &&
        (step.activity === 'Package picked up' || (step.activity === 'At origin hub' && spec.serviceType === 'Drop Off'));
      const recipientPays = spec.paidBy === 'recipient' && step.activity === 'Delivered' && !isReturn;
      if ((senderPays || recipientPays) && quote.totalInCents > 0) {
        payments.push({
          shipmentId: id,
          method: 'cash',
          amountInCents: quote.totalInCents,
          paidBy: spec.paidBy,
          receivedById: actor.id,
          receivedAt: at,
          remarks: senderPays ? 'Cash upon pick up' : 'Cash on delivery',
          createdAt: at,
        });
        paidInCents += quote.totalInCents;
      }
    });
    let lastAt = times[times.length - 1] ?? spec.bookedAt;
    let cancelled: Partial<ShipmentInsert> = {};
    if (spec.cancellation) {
      const at = new Date(spec.bookedAt.getTime() + Math.min(rng.int(20, 180) * 60_000, Math.max(now.getTime() - spec.bookedAt.getTime() - 60_000, 1000)));
      const by = spec.cancellation.byOwner ? spec.owner : { id: cast.staff.id, name: staffName };
      cancelled = { cancellationReason: spec.cancellation.reason, cancelledAt: at, cancelledById: by.id };
      timeline.push({
        shipmentId: id,
        name: 'Order cancelled',
        note: cancellationReasonText(spec.cancellation.reason),
        actorId: by.id,
        actorName: by.name,
        createdAt: at,
      });
      logs.push({
        actorId: by.id,
        actorName: by.name,
        action: 'UPDATED',
        entity: 'Shipment',
        entityId: id,
        category: 'shipments',
        summary: `Cancelled ${trackingNumber}: ${spec.cancellation.reason}`,
        before,
        after: { status: 'Cancelled', cancellationReason: spec.cancellation.reason, refundedInCents: 0 },
        status: 'Cancelled',
        createdAt: at,
      });
      status = 'Cancelled';
      lastAt = at;
    }
    // Wallet bookings are paid in the booking's own transaction (wallet.ts writes the debit and the payment).
    const paymentStatus =
      spec.paymentMethod === 'wallet' ? paymentStatusFor(quote.totalInCents, quote.totalInCents) : paymentStatusFor(paidInCents, quote.totalInCents);
    const pickup = spec.serviceType === 'Pick Up' ? schedulePickup(spec.bookedAt, spec.deliveryType) : null;
    rows.push({
      id,
      trackingNumber,
      status,
      deliveryStatus,
      deliveryType: spec.deliveryType,
      shipmentType: spec.serviceType,
      deliveryCategory: spec.deliveryType === 'next_day' && !['Order placed', 'For pickup', 'Picked up', 'Orig. hub'].includes(deliveryStatus) ? 'air' : null,
      source: 'app',
      paymentMethod: spec.paymentMethod,
      paidBy: spec.paidBy,
      paymentStatus,
      senderName: spec.sender.name,
      senderMobileNumber: spec.sender.mobileNumber,
      senderProvinceCode: spec.from.provinceCode,
      senderCityCode: spec.from.cityCode,
      senderBarangayCode: rng.pick(spec.from.barangayCodes),
      senderStreetName: `${rng.int(3, 480)} ${rng.pick(spec.from.streets)}`,
      senderCityLabel: spec.from.cityLabel,
      receiverName: spec.receiver.name,
      receiverMobileNumber: spec.receiver.mobileNumber,
      receiverProvinceCode: spec.to.provinceCode,
      receiverCityCode: spec.to.cityCode,
      receiverBarangayCode: rng.pick(spec.to.barangayCodes),
      receiverStreetName: `${rng.int(3, 480)} ${rng.pick(spec.to.streets)}`,
      receiverCityLabel: spec.to.cityLabel,
      declaredValueInCents: spec.declaredValueInPesos * 100,
      packagesTotalInCents: quote.packagesTotalInCents,
      surchargeInCents: quote.surchargeInCents,
      subtotalInCents: quote.subtotalInCents,
      insuranceFeeInCents: quote.insuranceValueInCents,
      retrievalFeeInCents: quote.retrievalFeeInCents,
      discountInCents: quote.discountAmountInCents,
      totalInCents: quote.totalInCents,
      pricingDetails: quote as unknown as Record<string, unknown>,
      pickupDate: pickup?.date ?? null,
      dropOffHubId: hub?.id ?? null,
      pickupRiderId: spec.pickupRider?.id ?? null,
      dropOffRiderId:
        spec.deliveryRider &&
        !['placed', 'cancelled', 'on_hold', 'for_pickup', 'pickup_failed', 'picked_up', 'orig_hub', 'orig_port', 'in_transit', 'dest_port'].includes(
          spec.outcome,
        )
          ? spec.deliveryRider.id
          : null,
      ownerId: spec.owner.id,
      bookedById: spec.bookedBy.id,
      businessId: spec.businessId,
      notes: spec.notes ?? null,
      deliveredAt,
      createdAt: spec.bookedAt,
      updatedAt: lastAt,
      ...cancelled,
    });
    spec.packages.forEach((p, position) => {
      const priced = quote.packages[position]!;
      const box = findBox(p.boxName);
      lines.push({
        shipmentId: id,
        position,
        boxName: p.boxName,
        packagingCategory: priced.category,
        itemCategory: p.itemCategory,
        description: p.description,
        quantity: p.quantity,
        priceInCents: priced.lineTotalInCents + priced.surchargeInCents,
        basePriceInCents: priced.baseDeliveryFeeInCents,
        boxRateInCents: priced.boxRateInCents,
        imageUrl: box ? `/boxes/${box.id}.svg` : null,
        weightInGrams: p.weightInGrams,
        chargeableWeightInGrams: priced.chargeableWeightKg === null ? null : priced.chargeableWeightKg * 1000,
        createdAt: spec.bookedAt,
      });
    });
    seeded.push({ id, trackingNumber, spec, totalInCents: quote.totalInCents, status, deliveryStatus, paymentStatus, deliveredAt, lastAt });
  }

  await insertAll(rows, 100, (chunk) => tx.insert(shipments).values(chunk));
  await insertAll(lines, 300, (chunk) => tx.insert(shipmentPackages).values(chunk));
  await insertAll(timeline, 500, (chunk) => tx.insert(shipmentActivities).values(chunk));
  await insertAll(payments, 500, (chunk) => tx.insert(transactions).values(chunk));
  await insertAll(logs, 500, (chunk) => tx.insert(activityLogs).values(chunk));
  return seeded;
}
