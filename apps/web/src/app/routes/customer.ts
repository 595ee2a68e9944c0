import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireAddressBook, requireSignedIn } from './guards';
import { rootRoute } from './root';
import { validateWalletSearch, type WalletSearch } from '../../features/wallet/lib/wallet-search';

/** /settings and everything under it needs a session. */
const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  staticData: { title: 'Settings' },
  beforeLoad: requireSignedIn,
  component: lazyRouteComponent(() => import('../pages/settings-layout'), 'SettingsLayout'),
});

const profileRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/',
  staticData: { title: 'Profile' },
  component: lazyRouteComponent(() => import('../../features/auth/routes/profile-page'), 'ProfilePage'),
});

const addressesRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/addresses',
  staticData: { title: 'Saved addresses' },
  beforeLoad: requireAddressBook,
  component: lazyRouteComponent(() => import('../../features/addresses/routes/addresses-page'), 'AddressesPage'),
});

export interface AddressEditSearch {
  /** Present when editing that saved address; absent when adding one. */
  id?: string;
}

const addressEditRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/addresses/add',
  staticData: { title: ({ search }) => (search.id ? 'Edit address' : 'Add address') },
  beforeLoad: requireAddressBook,
  validateSearch: (search: Record<string, unknown>): AddressEditSearch =>
    typeof search.id === 'string' && search.id !== '' ? { id: search.id } : {},
  component: lazyRouteComponent(() => import('../../features/addresses/routes/address-edit-page'), 'AddressEditPage'),
});

/** /wallet, and the providers' return page (success, failure, success-link, failure-link, method, amount, wallet-success). */
const walletRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/wallet',
  staticData: { title: 'Wallet' },
  beforeLoad: requireSignedIn,
  validateSearch: (search: Record<string, unknown>): WalletSearch => validateWalletSearch(search),
  component: lazyRouteComponent(() => import('../pages/wallet-route'), 'WalletRoute'),
});

export const customerRoutes = [settingsRoute.addChildren([profileRoute, addressesRoute, addressEditRoute]), walletRoute];
