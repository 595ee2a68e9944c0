import { getRouteApi } from '@tanstack/react-router';
import { WalletPage } from '../../features/wallet/routes/wallet-page';

const route = getRouteApi('/wallet');

/** The /wallet route: its search parameters are the providers' return parameters. */
export function WalletRoute() {
  return <WalletPage search={route.useSearch()} />;
}
