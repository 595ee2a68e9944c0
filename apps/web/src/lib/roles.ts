import type { RoleName, UserDto } from '@hatid/domain';

/**
 * Who someone is, by role, for the decisions made before the ability rules are loaded (the header, the
 * home page). Role names only: the CASL rules (`lib/ability.ts`) load with the console, so a customer's
 * first visit never downloads them. What a person may do on a screen is always read from the abilities.
 */

type WithRoles = { roles: readonly Pick<UserDto['roles'][number], 'name'>[] };

/** Any role but customer makes a staff-side account: it gets the console. */
export function isStaffSide(user: WithRoles | null | undefined): boolean {
  return Boolean(user?.roles.some((role) => role.name !== 'customer'));
}

/**
 * The customer booking form (/, /add-own-box, /order-summary) is for people who book for themselves:
 * customers, and business admins and members for their business. Staff, ssp and partners book for a
 * customer from the console; riders, consolidators and sales agents do not book.
 */
const SELF_BOOKING_ROLES: ReadonlySet<RoleName> = new Set(['customer', 'business_admin', 'business_member']);

export function booksForSelf(user: WithRoles): boolean {
  return user.roles.some((role) => SELF_BOOKING_ROLES.has(role.name));
}

/** Staff, ssp, admins and service partners book in a customer's name from the console (POST /shipments). */
const BOOK_FOR_OTHERS_ROLES: ReadonlySet<RoleName> = new Set(['super_admin', 'admin', 'staff', 'ssp', 'service_partner']);

export function booksForOthers(user: WithRoles): boolean {
  return user.roles.some((role) => BOOK_FOR_OTHERS_ROLES.has(role.name));
}

/**
 * Whether the booking pages are open to this person now: for themselves, or for the customer they chose
 * in the console (`bookingFor`, the draft's customer).
 */
export function mayUseBookingForm(user: WithRoles, bookingFor: unknown): boolean {
  return booksForSelf(user) || (Boolean(bookingFor) && booksForOthers(user));
}
