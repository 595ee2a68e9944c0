import { msg, t } from '@lingui/core/macro';
import { withMessages } from '../../i18n/catalogues';
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
  staticData: { title: msg`Profile` },
  component: lazyRouteComponent(
    withMessages('auth', () => import('../../features/auth/routes/profile-page')),
    'ProfilePage',
  ),
});

const addressesRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/addresses',
  staticData: { title: msg`Saved addresses` },
  beforeLoad: requireAddressBook,
  component: lazyRouteComponent(
    withMessages('addresses', () => import('../../features/addresses/routes/addresses-page')),
    'AddressesPage',
  ),
});

export interface AddressEditSearch {
  /** Present when editing that saved address; absent when adding one. */
  id?: string;
}

const addressEditRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/addresses/add',
  // Said when the title is set (t reads the active language), so it follows a language switch.
  staticData: { title: ({ search }) => (search.id ? t`Edit address` : t`Add address`) },
  beforeLoad: requireAddressBook,
  validateSearch: (search: Record<string, unknown>): AddressEditSearch => (typeof search.id === 'string' && search.id !== '' ? { id: search.id } : {}),
  component: lazyRouteComponent(
    withMessages('addresses', () => import('../../features/addresses/routes/address-edit-page')),
    'AddressEditPage',
  ),
});

/** /wallet, and the providers' return page (success, failure, success-link, failure-link, method, amount, wallet-success). */
const walletRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/wallet',
  staticData: { title: msg`Wallet` },
  beforeLoad: requireSignedIn,
  validateSearch: (search: Record<string, unknown>): WalletSearch => validateWalletSearch(search),
  component: lazyRouteComponent(
    withMessages('wallet', () => import('../pages/wallet-route')),
    'WalletRoute',
  ),
});

export const customerRoutes = [settingsRoute.addChildren([profileRoute, addressesRoute, addressEditRoute]), walletRoute];
