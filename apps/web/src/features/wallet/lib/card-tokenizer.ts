import type { CARD_BRANDS, CardTokenizerDto } from '@hatid/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveCard } from '../api/wallet-api';
import { tokenizeCard } from './sandbox-card-token';
import { xenditCardTokenizer } from './xendit-card-token';

/**
 * Saving a card so that card numbers and CVVs never reach our server (docs/decisions.md "Wallet and payments").
 * The server says which tokenizer to use (GET /payments/card-tokenizer): the sandbox's own, which turns the card
 * into a token in this page and saves the token (POST /card-tokens/card/new), or Xendit's cards-session.js, which
 * sends the card to Xendit under a payment session the server opened (POST /card-tokens/card/session); Xendit's
 * webhook then saves the card on the server.
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

export type CardProblem = { ok: false; field: CardField; message: string };

export type TokenizeResult = ({ ok: true } & CardToken) | CardProblem;

/** The card is saved (it is in GET /card-tokens now), or the problem to show on its field. */
export type SaveCardResult = { ok: true } | CardProblem;

export interface TokenizeHooks {
  /** The bank wants the payer to confirm the card (3-D Secure): show this page until the result comes. */
  onAuthentication?: (url: string) => void;
  /**
   * Aborted when the payer gives up (closes the 3-D Secure dialog), or with AUTHENTICATION_DECLINED as the reason
   * when the bank's page sent the payer to the failure address.
   */
  signal?: AbortSignal;
}

export interface CardTokenizer {
  readonly provider: CardTokenizerDto['provider'];
  /**
   * Saves the card as one of my cards. Resolves once it is saved, or with a problem to show; the server's refusals
   * are thrown (ApiError) as by any API call.
   */
  save(card: CardInput, hooks?: TokenizeHooks): Promise<SaveCardResult>;
}

/** The sandbox: a `tok_sbx_…` token made in this page, saved with POST /card-tokens/card/new. */
export const sandboxCardTokenizer: CardTokenizer = {
  provider: 'sandbox',
  save: async (card) => {
    const result = tokenizeCard(card);
    if (!result.ok) return result;
    const { ok: _ok, ...token } = result;
    await saveCard(token);
    return { ok: true };
  },
};

export function cardTokenizerFor(config: CardTokenizerDto): CardTokenizer {
  return config.provider === 'xendit' ? xenditCardTokenizer({ publishableKey: config.publishableKey, scriptUrl: config.scriptUrl }) : sandboxCardTokenizer;
}

/** The server's choice; it changes only with a restart of the server. */
export const cardTokenizerQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'card-tokenizer'] as const,
    queryFn: ({ signal }) => api.get<CardTokenizerDto>('/payments/card-tokenizer', { signal }),
    staleTime: Infinity,
  });
