import { and, eq, gte, inArray } from 'drizzle-orm';
import { createPromoCodeBody } from '@hatid/domain';
import type { Db, Tx } from '../../db/client.js';
import { activityLogs, reviews, ticketReplies, tickets } from '../../db/schema/index.js';
import { loadUserWithRoles } from '../../modules/users/index.js';
import { actorFrom, type Actor } from '../../core/actor.js';
import { createPromoCode } from '../../modules/pricing/index.js';
import { changeTicket, createTicket, replyToTicket } from '../../modules/tickets/index.js';
import { createReview } from '../../modules/reviews/index.js';
import type { DemoCast } from './people.js';
import type { SeededShipment } from './shipments.js';
import type { Rng } from './random.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const COMMENTS: [rating: number, comment: string][] = [
  [5, 'Mabilis! Dumating kinabukasan, maayos ang packaging.'],
  [5, 'The rider called before arriving and was very polite. Salamat po!'],
  [4, 'Arrived on time. The tracking updates were clear.'],
  [5, 'Ang galing, same day talaga. Will book again.'],
  [3, 'Delivered, but a day later than expected.'],
  [4, 'Good service, the box was a bit dented but the items were fine.'],
  [5, 'Easy to book and pay from the wallet.'],
];

/**
 * Promo codes (one running, one over), support tickets with a thread from both sides, and customers' reviews of
 * delivered shipments, each through its service (limits, status stamps, the activity log, notifications), then
 * dated when it happened.
 */
export async function seedSupport(tx: Tx, rng: Rng, cast: DemoCast, seeded: SeededShipment[], now: Date): Promise<void> {
  const db = tx as unknown as Db;
  const startedAt = new Date();
  await seedPromoCodes(tx, cast.admin, now);

  const actorOf = async (id: string) => actorFrom((await loadUserWithRoles(tx, id))!);
  const juanShipments = seeded.filter((s) => s.spec.owner.id === cast.juan.id);
  const late = juanShipments.find((s) => s.spec.outcome === 'delivered_after_retry');
  const inTransit = juanShipments.find((s) => s.spec.outcome === 'in_transit');
  const staffReply = (ticketId: string, message: string, at: Date) => replyToTicket(db, cast.staff, ticketId, { message }, { now: at });

  // Juan asks about a delivery that failed the first time; support answers; he thanks them; resolved.
  if (late) {
    const opened = new Date(late.spec.bookedAt.getTime() + 1.2 * DAY);
    const ticket = await createTicket(db, cast.juan, {
      subject: 'Delivery failed while someone was home',
      description: `The app says ${late.trackingNumber} could not be delivered, but my sister was home all afternoon. Can the rider try again tomorrow?`,
    });
    await staffReply(
      ticket.id,
      'Pasensya na po, Juan. The rider rang at 3:40 PM and got no answer. We rescheduled it for tomorrow morning and asked the rider to call first.',
      new Date(opened.getTime() + 2 * HOUR),
    );
    await replyToTicket(db, cast.juan, ticket.id, { message: 'Received it today. Salamat po!' }, { now: new Date(opened.getTime() + 26 * HOUR) });
    await changeTicket(db, cast.staff, ticket.id, { status: 'resolved' }, { now: new Date(opened.getTime() + 27 * HOUR) });
    await dateTicket(tx, ticket.id, opened);
  }
  // Open and in progress: where is my parcel, answered by support.
  if (inTransit) {
    const opened = new Date(now.getTime() - 5 * HOUR);
    const ticket = await createTicket(db, cast.juan, {
      subject: 'When will my parcel reach Iloilo?',
      description: `${inTransit.trackingNumber} has been in transit since yesterday. Will it arrive before the weekend?`,
    });
    await staffReply(
      ticket.id,
      'It flew out of Manila last night and should reach our Iloilo hub today; delivery is tomorrow. We will message you when it is out for delivery.',
      new Date(now.getTime() - 3 * HOUR),
    );
    await dateTicket(tx, ticket.id, opened);
  }
  // A new ticket nobody has taken up yet, from another customer.
  const other = seeded.find(
    (s) => s.spec.owner.id !== cast.juan.id && !s.spec.businessId && s.deliveryStatus === 'Delivered' && s.spec.bookedBy.id === s.spec.owner.id,
  );
  if (other) {
    const person = await actorOf(other.spec.owner.id);
    const ticket = await createTicket(db, person, {
      subject: 'Box arrived dented',
      description: `The box of ${other.trackingNumber} arrived dented on one corner. The items are fine, just letting you know.`,
      shipmentId: other.id,
    });
    await dateTicket(tx, ticket.id, new Date(now.getTime() - 90 * 60_000));
  }

  // Reviews: Juan's delivered ones and a sample of others', a few hours after delivery.
  const delivered = seeded.filter(
    (s) => s.deliveryStatus === 'Delivered' && s.deliveredAt && !s.spec.businessId && s.spec.bookedBy.id === s.spec.owner.id && s.spec.outcome !== 'returned',
  );
  const reviewed = [
    ...delivered.filter((s) => s.spec.owner.id === cast.juan.id),
    ...delivered.filter((s) => s.spec.owner.id !== cast.juan.id && rng.chance(0.12)),
  ];
  for (const shipment of reviewed) {
    const person = shipment.spec.owner.id === cast.juan.id ? cast.juan : await actorOf(shipment.spec.owner.id);
    const [rating, comment] = rng.pick(COMMENTS);
    const review = await createReview(db, person, { shipmentId: shipment.id, rating, comment });
    const at = new Date(Math.min(shipment.deliveredAt!.getTime() + rng.int(1, 10) * HOUR, now.getTime() - 60_000));
    await tx.update(reviews).set({ createdAt: at, updatedAt: at }).where(eq(reviews.id, review.id));
  }
  // The services logged at the seed's own clock; a minute before the start keeps the log in the order things happened.
  await tx
    .update(activityLogs)
    .set({ createdAt: new Date(now.getTime() - 60_000) })
    .where(and(inArray(activityLogs.category, ['tickets', 'reviews', 'promo-codes']), gte(activityLogs.createdAt, startedAt)));
}

/** A ticket opened at `at`: its own row and its first thread entries (the replies carry their own times). */
async function dateTicket(tx: Tx, id: string, at: Date) {
  await tx.update(tickets).set({ createdAt: at }).where(eq(tickets.id, id));
  await tx
    .update(ticketReplies)
    .set({ createdAt: at })
    .where(and(eq(ticketReplies.ticketId, id), gte(ticketReplies.createdAt, new Date(Date.now() - 10 * 60_000))));
}

async function seedPromoCodes(tx: Tx, admin: Actor, now: Date) {
  const db = tx as unknown as Db;
  const day = (n: number) => new Date(now.getTime() + n * DAY);
  const codes = [
    { code: 'HATIDSAYA', type: 'percentage', percentOff: 10, startDate: day(-20), endDate: day(40), maxUsage: 500, maxUsagePerUser: 2 },
    {
      code: 'LIBRESHIP50',
      type: 'flat',
      amountInCents: 5000,
      startDate: day(-3),
      endDate: day(27),
      maxUsagePerUser: 1,
      applicableBoxTypes: ['Small Box', 'Large Pouch'],
    },
    { code: 'PAYDAY15', type: 'percentage', percentOff: 15, startDate: day(-50), endDate: day(-35), maxUsage: 200 },
  ];
  for (const code of codes) await createPromoCode(db, admin, createPromoCodeBody.parse(code));
}
