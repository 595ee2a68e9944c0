import { and, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { addresses, coveredProvinces, invitations, shipments, users } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { type Actor, type UserWithRoles, CUSTOMER_SIDE_ROLES } from '../../core/actor.js';
import { loadUserWithRoles } from '../users/index.js';
import { partnerScope } from '../partners/index.js';

/**
 * Who may book in whose name (docs/decisions.md "Booking for someone else"):
 * - anyone for themselves;
 * - staff, admins (the `book_for_other_user` ability) and ssp (who create and update clients) for any
 *   active customer-side account;
 * - a service partner for its own customers, with the pickup in a province it serves;
 * - nobody else (403). A person outside what the booker may book for answers 404 "Customer not found",
 *   exactly as if there were nobody, so booking cannot be used to learn who has an account.
 */

export type BookingReach = 'any_customer' | 'partner_customers';

/** How far the actor's booking for others reaches, or null when they book only for themselves. */
export function bookingReach(actor: Actor): BookingReach | null {
  if (actor.ability.can('book_for_other_user', 'Shipment') || actor.roles.includes('ssp')) return 'any_customer';
  if (actor.roles.includes('service_partner')) return 'partner_customers';
  return null;
}

export interface BookingOwner {
  owner: UserWithRoles;
  /** A partner booking for its customer: the provinces it serves (pickups and saved addresses stay in them). */
  servedProvinces: ReadonlySet<string> | null;
}

const customerNotFound = () => fieldError('ownerId', 'Customer not found', 'NOT_FOUND');

function isCustomerSide(user: UserWithRoles): boolean {
  return user.roles.length > 0 && user.roles.every((r) => CUSTOMER_SIDE_ROLES.includes(r.name));
}

/** The person a booking is for, once the actor may book for them; otherwise 403 or 404 (see above). */
export async function authorizeBookingOwner(db: DbOrTx, actor: Actor, ownerId: string): Promise<BookingOwner> {
  if (ownerId === actor.id) {
    // The actor was read with its roles as this request was signed in (session or API key, both refused unless
    // active): reading the same row again would only see the same person a few milliseconds later.
    const owner = actor.user.id === ownerId && actor.user.status === 'ACTIVE' ? actor.user : await loadUserWithRoles(db, ownerId);
    if (owner?.status !== 'ACTIVE') throw customerNotFound();
    return { owner, servedProvinces: null };
  }
  const reach = bookingReach(actor);
  if (!reach) throw new AppError('FORBIDDEN', 'You are not allowed to book for another customer');
  const owner = await loadUserWithRoles(db, ownerId);
  if (owner?.status !== 'ACTIVE' || !isCustomerSide(owner)) throw customerNotFound();
  if (reach === 'any_customer') return { owner, servedProvinces: null };

  const served = await db.select({ provinceCode: coveredProvinces.provinceCode }).from(coveredProvinces).where(eq(coveredProvinces.partnerId, actor.id));
  if (served.length === 0 || !(await isPartnerCustomer(db, actor.id, ownerId))) throw customerNotFound();
  return { owner, servedProvinces: new Set(served.map((p) => p.provinceCode)) };
}

/**
 * A partner's customers: people it invited, people with a saved address in a province it serves, and
 * people with a shipment it can see (sent from or to its provinces: `partnerScope`).
 */
async function isPartnerCustomer(db: DbOrTx, partnerId: string, ownerId: string): Promise<boolean> {
  const served = sql`(select ${coveredProvinces.provinceCode} from ${coveredProvinces} where ${coveredProvinces.partnerId} = ${partnerId})`;
  const [row] = await db
    .select({
      invited: exists(
        db
          .select({ one: sql`1` })
          .from(invitations)
          .where(and(eq(invitations.userId, ownerId), eq(invitations.invitedById, partnerId))),
      ),
      addressInArea: exists(
        db
          .select({ one: sql`1` })
          .from(addresses)
          .where(and(eq(addresses.userId, ownerId), inArray(addresses.provinceCode, served))),
      ),
      shippedInArea: exists(
        db
          .select({ one: sql`1` })
          .from(shipments)
          .where(and(eq(shipments.ownerId, ownerId), isNull(shipments.deletedAt), partnerScope(partnerId))),
      ),
    })
    .from(users)
    .where(eq(users.id, ownerId));
  return Boolean(row && (row.invited || row.addressInArea || row.shippedInArea));
}

/** Whether the booker may use this saved address of the owner (the owner's is already checked). */
export function mayUseSavedAddress(booking: BookingOwner, address: { provinceCode: string }): boolean {
  return booking.servedProvinces === null || booking.servedProvinces.has(address.provinceCode);
}

/** A partner books pickups in the provinces it serves only. */
export function checkPickupProvince(booking: BookingOwner, senderProvinceCode: string): void {
  if (booking.servedProvinces && !booking.servedProvinces.has(senderProvinceCode)) {
    throw fieldError('sender.provinceCode', 'You can book pickups only in the provinces you serve', 'RULE_BROKEN');
  }
}
