import type { CARD_BRANDS, CardTokenizerDto } from '@hatid/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tokenizeCard } from './sandbox-card-token';
import { xenditCardTokenizer } from './xendit-card-token';

/**
 * Turning a card into the provider's token in the browser, so card numbers and CVVs never reach our server
 * (docs/decisions.md "Wallet and payments"). The server says which tokenizer to use
 * (GET /payments/card-tokenizer): the sandbox's own, or Xendit.js with the publishable key.
 */
export type CardBrand = (typeof CARD_BRANDS)[number];

/** What the payer typed: the number (spaces allowed), the expiry as MM/YY, the CVV. */
export interface CardInput {
  number: string;
  expiry: string;
  cvv: string;
}

/** The field a problem is about; `card` is the card as a whole (the bank declined it, the service is down). */
export type CardField = 'number' | 'expiry' | 'cvv' | 'card';

/** Exactly what POST /card-tokens/card/new takes (saveCard). */
export interface CardToken {
  token: string;
  cardBrand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

export type TokenizeResult = ({ ok: true } & CardToken) | { ok: false; field: CardField; message: string };

export interface TokenizeHooks {
  /** The bank wants the payer to confirm the card (3-D Secure): show this page until the result comes. */
  onAuthentication?: (url: string) => void;
  /** Aborted when the payer gives up (closes the 3-D Secure dialog). */
  signal?: AbortSignal;
}

export interface CardTokenizer {
  readonly provider: CardTokenizerDto['provider'];
  tokenize(card: CardInput, hooks?: TokenizeHooks): Promise<TokenizeResult>;
}

export const sandboxCardTokenizer: CardTokenizer = {
  provider: 'sandbox',
  tokenize: async (card) => tokenizeCard(card),
};

export function cardTokenizerFor(config: CardTokenizerDto): CardTokenizer {
  return config.provider === 'xendit'
    ? xenditCardTokenizer({ publishableKey: config.publishableKey, scriptUrl: config.scriptUrl })
    : sandboxCardTokenizer;
}

/** The server's choice; it changes only with a restart of the server. */
export const cardTokenizerQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'card-tokenizer'] as const,
    queryFn: ({ signal }) => api.get<CardTokenizerDto>('/payments/card-tokenizer', { signal }),
    staleTime: Infinity,
  });
