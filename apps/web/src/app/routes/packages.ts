import { msg } from '@lingui/core/macro';
import { withMessages } from '../../i18n/catalogues';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { parseAirWaybillSearch, parsePackagesSearch, parseTrackSearch } from '../../features/shipments/lib/list-filters';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';
import { i18n } from '@lingui/core';

// Shipments after booking: /packages, /packages/$trackingNumber, /track (public), /air-waybill.

/** My shipments, with search, status filter and paging kept in the address so a view can be shared or reloaded. */
const packagesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/packages',
  staticData: { title: msg`My packages` },
  beforeLoad: requireSignedIn,
  validateSearch: parsePackagesSearch,
  component: lazyRouteComponent(
    withMessages('shipments', () => import('../../features/shipments/routes/shipments-page')),
    'PackagesPage',
  ),
});

/** One shipment; a notification opens this page (product.md §2). */
const packageDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/packages/$trackingNumber',
  staticData: { title: ({ params }) => i18n._(msg`Shipment ${params.trackingNumber ?? ''}`) },
  beforeLoad: requireSignedIn,
  component: lazyRouteComponent(
    withMessages('shipments', () => import('../../features/shipments/routes/shipment-detail-page')),
    'PackageDetailPage',
  ),
});

/** Public tracking, signed in or not; /track?trackingNumber=… is linkable. */
const trackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/track',
  staticData: { title: msg`Track a parcel` },
  validateSearch: parseTrackSearch,
  // The page and its area's messages in the reader's language, together (src/i18n/catalogues.ts).
  component: lazyRouteComponent(
    withMessages('shipments', () => import('../../features/shipments/routes/track-page')),
    'TrackPage',
  ),
});

/**
 * The short link in a recipient's text message (issue 33): /t/{trackingNumber} opens public tracking. It carries
 * the tracking number only, never the recipient's name or number.
 */
const shortTrackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/t/$trackingNumber',
  // Never shown (it redirects at once); named like the page it opens, as every route with an address is.
  staticData: { title: 'Track a parcel' },
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/track', search: { trackingNumber: params.trackingNumber }, replace: true });
  },
});

const airWaybillRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/air-waybill',
  staticData: { title: msg`Air waybills` },
  beforeLoad: requireSignedIn,
  validateSearch: parseAirWaybillSearch,
  component: lazyRouteComponent(
    withMessages('shipments', () => import('../../features/shipments/routes/air-waybill-page')),
    'AirWaybillPage',
  ),
});

/** Bulk booking from a spreadsheet (issue 33), for business admins and members (the server refuses others). */
const bulkBookingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bulk-booking',
  staticData: { title: msg`Bulk booking` },
  beforeLoad: requireSignedIn,
  component: lazyRouteComponent(
    // `users`: the customer search a staff member books for.
    withMessages(['bulk-bookings', 'users'], () => import('../../features/bulk-bookings/routes/bulk-booking-page')),
    'BulkBookingPage',
  ),
});

export const packagesRoutes = [packagesRoute, packageDetailRoute, trackRoute, shortTrackRoute, airWaybillRoute, bulkBookingRoute];
