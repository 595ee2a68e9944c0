import { msg } from '@lingui/core/macro';
import { withMessages } from '../../i18n/catalogues';
import { DELIVERY_TYPES, isValidTrackingNumber, normalizeTrackingNumber, type DeliveryType } from '@hatid/domain';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSelfBooking, requireSignedIn } from './guards';
import { rootRoute } from './root';

// Booking: / (home, the booking form), /add-own-box, /order-summary.

export interface HomeSearch {
  /** Opens the form on that delivery type, e.g. /?deliveryType=same_day. */
  deliveryType?: DeliveryType;
}

/**
 * Home: the booking form, open to everyone (prices are public); continuing asks a visitor to sign in.
 * Signed-in people who do not book for themselves are sent where they work (HomePage, so a first visit
 * does not wait for the session check before loading the page).
 */
export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { title: msg`Book a shipment` },
  validateSearch: (search: Record<string, unknown>): HomeSearch =>
    DELIVERY_TYPES.includes(search.deliveryType as DeliveryType) ? { deliveryType: search.deliveryType as DeliveryType } : {},
  // The booking form's first card (delivery type, service) is the booking area's; the greeting is the app's.
  component: lazyRouteComponent(
    withMessages('booking', () => import('../pages/home-page')),
    'HomePage',
  ),
});

export interface AddOwnBoxSearch {
  /** The Your Box line being edited; absent when adding one. */
  line?: string;
}

/** Your Box: size and weight of the customer's own box. Public like the rest of the pricing. */
const addOwnBoxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/add-own-box',
  staticData: { title: msg`Your own box` },
  beforeLoad: requireSelfBooking,
  validateSearch: (search: Record<string, unknown>): AddOwnBoxSearch => (typeof search.line === 'string' && search.line !== '' ? { line: search.line } : {}),
  component: lazyRouteComponent(
    withMessages('booking', () => import('../../features/booking/routes/add-own-box-page')),
    'AddOwnBoxPage',
  ),
});

export interface OrderSummarySearch {
  /** Set after booking: the tracking number to show. */
  booked?: string;
}

/** Review and place the order: needs a session (a visitor is sent to /login, the draft is kept). */
const orderSummaryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order-summary',
  staticData: { title: msg`Order summary` },
  beforeLoad: async ({ context }) => {
    const { user } = await requireSignedIn({ context });
    await requireSelfBooking({ context });
    return { user };
  },
  validateSearch: (search: Record<string, unknown>): OrderSummarySearch =>
    typeof search.booked === 'string' && isValidTrackingNumber(search.booked) ? { booked: normalizeTrackingNumber(search.booked) } : {},
  component: lazyRouteComponent(
    withMessages('booking', () => import('../../features/booking/routes/order-summary-page')),
    'OrderSummaryPage',
  ),
});

export const bookingRoutes = [homeRoute, addOwnBoxRoute, orderSummaryRoute];
