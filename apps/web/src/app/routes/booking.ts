import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

// Booking: / (home, the booking form), /add-own-box, /order-summary.

/** Home: open to everyone (the box catalogue is public), with a greeting for a signed-in person. */
export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: lazyRouteComponent(() => import('../pages/home-page'), 'HomePage'),
});

export const bookingRoutes = [homeRoute];
