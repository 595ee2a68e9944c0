import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorDto, inboundSmsAnswer, inboundSmsBody, stopRecipientTextsBody, stopRecipientTextsDto, trackingNumberParams } from '@hatid/domain';
import { secretCheckLimit } from '../../core/secret-check-limit.js';
import { AppError } from '../../errors.js';
import { inboundSmsToken, inboundTokenMatches } from '../../platform/sms/index.js';
import { receiveReply, stopTextsFromTrackingPage } from './recipient-sms.service.js';

export const INBOUND_SMS_PATH = '/api/sms/inbound';
export const INBOUND_TOKEN_HEADER = 'x-sms-inbound-token';

/** POST /shipments/track/{trackingNumber}/stop-texts: public, like tracking; the last 4 digits are the proof. */
export const stopTextsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/track/:trackingNumber/stop-texts',
    {
      // Ten thousand possible answers: a few tries a minute per address (the 4 digits are a proof of being the
      // recipient, not a password; a wrong stop costs only texts about one parcel).
      config: { rateLimit: secretCheckLimit(5) },
      schema: {
        tags: ['shipments'],
        summary: 'The recipient stops the texts about this parcel (last 4 digits of their mobile number)',
        params: trackingNumberParams,
        body: stopRecipientTextsBody,
        response: { 200: stopRecipientTextsDto, 400: errorDto, 404: errorDto, 422: errorDto, 429: errorDto },
      },
    },
    async (request) => {
      await stopTextsFromTrackingPage(app.db, request.params.trackingNumber, request.body.mobileLast4);
      return { stopped: true as const };
    },
  );
};

/** The SMS provider's inbound webhook, and the console provider's way to simulate a reply. */
export const inboundSmsRoutes: FastifyPluginAsyncZod = async (app) => {
  const token = inboundSmsToken(app.config.SMS_INBOUND_TOKEN, app.secret);

  /**
   * A reply a person texted to our number, forwarded by the provider with the shared token (checked before the
   * body is used; wrong or missing: 401, nothing changes). Not rate limited: the provider's bursts are legitimate.
   */
  app.post(
    '/inbound',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['sms'],
        summary: 'SMS provider webhook: a reply (STOP, START) to our number (x-sms-inbound-token)',
        body: inboundSmsBody,
        response: { 200: inboundSmsAnswer, 400: errorDto, 401: errorDto },
      },
    },
    async (request) => {
      if (!inboundTokenMatches(token, request.headers[INBOUND_TOKEN_HEADER]))
        throw new AppError('UNAUTHENTICATED', 'The inbound SMS token is missing or wrong');
      return { received: true as const, outcome: await receiveReply(app.db, request.body) };
    },
  );

  // SMS_PROVIDER=console (never in production): a developer or tester "replies" from a phone number; the reply
  // goes through the very webhook a provider would call, with the token.
  if (app.config.SMS_PROVIDER === 'console') {
    app.post(
      '/sandbox/reply',
      {
        schema: {
          tags: ['sms'],
          summary: 'Console SMS provider: simulate a reply from a mobile number',
          body: inboundSmsBody,
          response: { 200: inboundSmsAnswer, 400: errorDto },
        },
      },
      async (request) => {
        const answer = await app.inject({
          method: 'POST',
          url: INBOUND_SMS_PATH,
          headers: { [INBOUND_TOKEN_HEADER]: token, 'content-type': 'application/json' },
          payload: JSON.stringify(request.body),
        });
        const body = answer.json();
        if (answer.statusCode !== 200) throw new AppError(body.code, body.message, body.details);
        return body as { received: true; outcome: 'stopped' | 'resumed' | 'ignored' };
      },
    );
  }
};

export const inboundSmsTokenOf = (app: { config: { SMS_INBOUND_TOKEN?: string | undefined }; secret: Buffer }) =>
  inboundSmsToken(app.config.SMS_INBOUND_TOKEN, app.secret);
