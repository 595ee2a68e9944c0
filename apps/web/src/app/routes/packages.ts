import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseAirWaybillSearch, parsePackagesSearch, parseTrackSearch } from '../../features/packages/lib/list-filters';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';

// Shipments after booking: /packages, /packages/$trackingNumber, /track (public), /air-waybill.

/** My shipments, with search, status filter and paging kept in the address so a view can be shared or reloaded. */
const packagesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/packages',
  staticData: { title: 'My packages' },
  beforeLoad: requireSignedIn,
  validateSearch: parsePackagesSearch,
  component: lazyRouteComponent(() => import('../../features/packages/routes/packages-page'), 'PackagesPage'),
});

/** One shipment; a notification opens this page (product.md §2). */
const packageDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/packages/$trackingNumber',
  staticData: { title: ({ params }) => `Shipment ${params.trackingNumber ?? ''}` },
  beforeLoad: requireSignedIn,
  component: lazyRouteComponent(() => import('../../features/packages/routes/package-detail-page'), 'PackageDetailPage'),
});

/** Public tracking, signed in or not; /track?trackingNumber=… is linkable. */
const trackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/track',
  staticData: { title: 'Track a parcel' },
  validateSearch: parseTrackSearch,
  component: lazyRouteComponent(() => import('../../features/packages/routes/track-page'), 'TrackPage'),
});

const airWaybillRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/air-waybill',
  staticData: { title: 'Air waybills' },
  beforeLoad: requireSignedIn,
  validateSearch: parseAirWaybillSearch,
  component: lazyRouteComponent(() => import('../../features/packages/routes/air-waybill-page'), 'AirWaybillPage'),
});

export const packagesRoutes = [packagesRoute, packageDetailRoute, trackRoute, airWaybillRoute];
