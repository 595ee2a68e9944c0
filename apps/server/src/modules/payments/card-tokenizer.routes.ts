import { cardTokenizerDto, dataOf, errorDto, XENDIT_CARDS_SESSION_JS_URL, type CardTokenizerDto } from '@hatid/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';

/**
 * Which card tokenizer the web app's "Add a card" form uses (not in the catalogue, like the push key): the
 * sandbox's own, or Xendit's cards-session.js with the publishable key (the card is sent to Xendit under a
 * payment session from POST /card-tokens/card/session). Public: the key is meant for browsers, and the answer
 * says nothing about anyone. Card numbers never come here either way (card-tokens.routes.ts).
 */
export function cardTokenizerOf(app: FastifyInstance): CardTokenizerDto {
  if (app.payments.provider.name === 'sandbox') return { provider: 'sandbox' };
  const publishableKey = app.config.XENDIT_PUBLIC_KEY;
  // config.ts requires the key with PAYMENT_PROVIDER=xendit; only a provider passed in by code can lack it.
  if (!publishableKey) throw new AppError('PROVIDER_UNAVAILABLE', 'Saving cards is not available right now. Please try again later.');
  return { provider: 'xendit', publishableKey, scriptUrl: XENDIT_CARDS_SESSION_JS_URL };
}

export const cardTokenizerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/card-tokenizer',
    {
      schema: {
        tags: ['payments'],
        summary: 'The card tokenizer the browser uses: the sandbox’s, or Xendit’s cards-session.js with the publishable key',
        response: { 200: dataOf(cardTokenizerDto), 503: errorDto },
      },
    },
    async () => ({ data: cardTokenizerOf(app) }),
  );
};
