import type {
  CardSessionDto,
  FlagDto,
  PaymentMethodDto,
  PaymentRequestDto,
  WalletBalanceDto,
  walletTransactionDto,
  WalletTransactionDto,
  WalletTransactionType,
} from '@hatid/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PageOf } from '../../../lib/api-query';

/**
 * The wallet's calls (catalogue: wallet, card-tokens, payments/requests). Every money-moving call sends an
 * Idempotency-Key made once per attempt, so a double click or a retried request starts one payment.
 */
export const walletKey = ['wallet'] as const;

export type WalletBalance = WalletBalanceDto;

export const balanceQueryOptions = () =>
  queryOptions({ queryKey: [...walletKey, 'balance'] as const, queryFn: ({ signal }) => api.get<WalletBalance>('/wallet/balance', { signal }) });

export type WalletPage = PageOf<typeof walletTransactionDto>;

export const WALLET_PAGE_SIZE = 10;

export const transactionsQueryOptions = (type: WalletTransactionType | null) =>
  infiniteQueryOptions({
    queryKey: [...walletKey, 'transactions', type ?? 'all'] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get<WalletPage>('/wallet/transactions', { query: { page: pageParam, limit: WALLET_PAGE_SIZE, type }, signal, responseType: 'body' }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasNextPage ? last.page + 1 : undefined),
  });

export const transactionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...walletKey, 'transaction', id] as const,
    queryFn: ({ signal }) => api.get<WalletTransactionDto>(`/wallet/transactions/${id}`, { signal }),
  });

export const methodsQueryOptions = () =>
  queryOptions({ queryKey: [...walletKey, 'methods'] as const, queryFn: ({ signal }) => api.get<PaymentMethodDto[]>('/wallet/methods', { signal }) });

/** The remote flags: which payment options show (a switched-off one is refused by the API too). */
export const flagsQueryOptions = () =>
  queryOptions({ queryKey: ['flags'] as const, queryFn: ({ signal }) => api.get<FlagDto[]>('/flags', { signal }), staleTime: 60_000 });

export const paymentRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...walletKey, 'request', id] as const,
    queryFn: ({ signal }) => api.get<PaymentRequestDto>(`/payments/requests/${id}`, { signal }),
  });

const once = () => ({ 'Idempotency-Key': `wallet-${crypto.randomUUID()}` });

export const activateWallet = () => api.post('/wallet/activate');
export const startEwalletTopUp = (body: { amountInCents: number; ewallet: 'GCash' | 'Maya' }) =>
  api.post<PaymentRequestDto>('/payments/requests/otp/ewallet', body, { headers: once() });
export const startQrTopUp = (body: { amountInCents: number }) => api.post<PaymentRequestDto>('/payments/requests/otp/qr', body, { headers: once() });
export const simulateQrScan = (paymentRequestId: string) => api.post('/payments/requests/xendit/test-qr', { paymentRequestId });
export const startCardTopUp = (body: { amountInCents: number; cardTokenId: string }) =>
  api.post<PaymentRequestDto>('/payments/requests/pay/card', body, { headers: once() });
export const startLinkedTopUp = (channel: 'bank' | 'ewallet', body: { amountInCents: number; paymentMethodId: string }) =>
  api.post<PaymentRequestDto>(`/payments/requests/pay/${channel}`, body, { headers: once() });
export const linkBank = (bank: string) => api.post<{ checkoutUrl: string }>('/payments/requests/link/bank', { bank }, { headers: once() });
export const linkEwallet = (ewallet: string) => api.post<{ checkoutUrl: string }>('/payments/requests/link/ewallet', { ewallet }, { headers: once() });
export const saveCard = (body: { token: string; cardBrand: string; last4: string; expiryMonth: number; expiryYear: number }) =>
  api.post<PaymentMethodDto[]>('/card-tokens/card/new', body);
/** Xendit: the session the page sends the card to Xendit under (only the brand, last four digits and expiry come here). */
export const startCardSession = (body: { cardBrand: string; last4: string; expiryMonth: number; expiryYear: number }, options: { signal?: AbortSignal } = {}) =>
  api.post<CardSessionDto>('/card-tokens/card/session', body, { headers: once(), signal: options.signal });
/** My active saved cards (a card being saved shows up here once the provider confirms it). */
export const listCards = (options: { signal?: AbortSignal } = {}) => api.get<PaymentMethodDto[]>('/card-tokens', { signal: options.signal });
export const removeMethod = (paymentMethodId: string) => api.post<PaymentMethodDto[]>('/wallet/methods/remove', { paymentMethodId });
export const makeDefaultMethod = (paymentMethodId: string) => api.post<PaymentMethodDto[]>('/wallet/methods/default', { paymentMethodId });
