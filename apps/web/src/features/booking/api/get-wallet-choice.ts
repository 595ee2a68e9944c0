import type { WalletBalanceDto } from '@hatid/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * What the payer choice needs about the wallet: whether paying by wallet is switched on (remote flag
 * payments.wallet) and the signed-in person's balance. Kept to two small reads so the booking page's
 * first visit does not load the wallet feature.
 */
interface Flag {
  key: string;
  enabled: boolean;
}

export const walletFlagQueryOptions = () =>
  queryOptions({
    queryKey: ['flags'] as const,
    queryFn: ({ signal }) => api.get<Flag[]>('/flags', { signal }),
    staleTime: 60_000,
  });

export const walletBalanceQueryOptions = () =>
  queryOptions({
    queryKey: ['wallet', 'balance'] as const,
    queryFn: ({ signal }) => api.get<WalletBalanceDto>('/wallet/balance', { signal }),
  });

export interface WalletChoice {
  enabled: boolean;
  balanceInCents: number | null;
}

export function useWalletChoice(signedIn: boolean): WalletChoice {
  const flags = useQuery({ ...walletFlagQueryOptions(), enabled: signedIn });
  const on = flags.data?.find((f) => f.key === 'payments.wallet')?.enabled ?? false;
  const balance = useQuery({ ...walletBalanceQueryOptions(), enabled: signedIn && on });
  return { enabled: signedIn && on, balanceInCents: balance.data?.balanceInCents ?? null };
}
