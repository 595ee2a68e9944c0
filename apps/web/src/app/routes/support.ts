import { msg } from '@lingui/core/macro';
import { withMessages } from '../../i18n/catalogues';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseTalkToUsSearch } from '../../features/tickets';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';

// Support: /talk-to-us (tickets).

/** Signed-in customers write to support and follow their tickets; ?trackingNumber= preselects a shipment. */
const talkToUsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/talk-to-us',
  staticData: { title: msg`Talk to us` },
  beforeLoad: requireSignedIn,
  validateSearch: parseTalkToUsSearch,
  component: lazyRouteComponent(
    withMessages('tickets', () => import('../../features/tickets/routes/talk-to-us-page')),
    'TalkToUsPage',
  ),
});

export const supportRoutes = [talkToUsRoute];
