import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '../../../lib/format';
import { useMe } from '../../auth';
import { Card, CardTitle } from '../../../components/ui/card';
import { activateWallet, balanceQueryOptions, walletKey } from '../api/wallet-api';
import { ActivateWallet } from '../components/activate-wallet';
import { ReturnBanner } from '../components/return-banner';
import type { WalletSearch } from '../lib/wallet-search';
import { SavedMethods } from '../components/saved-methods';
import { TopUpPanel } from '../components/top-up-panel';
import { WalletHistory } from '../components/wallet-history';
import { useLiveWallet } from '../lib/use-live-wallet';

/** /wallet: balance (live), top-up, saved methods, history; also the providers' return page. */
export function WalletPage({ search }: { search: WalletSearch }) {
  const me = useMe();
  useLiveWallet(me.data?.id);
  const balance = useQuery(balanceQueryOptions());
  const queryClient = useQueryClient();

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold text-slate-900">
        <Trans>Wallet</Trans>
      </h1>
      <ReturnBanner search={search} />
      <Card>
        <CardTitle>
          <Trans>Balance</Trans>
        </CardTitle>
        <p className="text-3xl font-bold text-slate-900" data-testid="wallet-balance" aria-live="polite">
          {balance.data ? formatMoney(balance.data.balanceInCents) : '…'}
        </p>
        {balance.data && !balance.data.activated ? (
          <ActivateWallet onActivate={() => void activateWallet().then(() => queryClient.invalidateQueries({ queryKey: walletKey }))} />
        ) : null}
      </Card>
      <TopUpPanel />
      <SavedMethods />
      <WalletHistory />
    </div>
  );
}
