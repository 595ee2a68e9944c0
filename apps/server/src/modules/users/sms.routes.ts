import {
  createdApiKeyDto,
  dataOf,
  errorDto,
  forwardSmsBody,
  forwardSmsResult,
  sendOtpBody,
  sendOtpResult,
  shopifyOtpQuery,
  shopifyVerificationBody,
  verifyOtpBody,
  verifyOtpResult,
} from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorFrom } from '../../core/actor.js';
import { recordActivity } from '../../platform/activity-log.js';
import { issueShopifyKey } from '../api-keys/index.js';
import { findUserByMobile, loadUserWithRoles, toUserDto } from './users.repository.js';
import { checkOtp, issueRegistrationTicket, sendOtp } from '../auth/index.js';
import { secretCheckLimit } from '../../core/secret-check-limit.js';
import { requestLanguageOf } from '../../core/language.js';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';

export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, sms: app.sms, secret: app.secret, log: app.log, perIpPerHour: app.config.OTP_PER_IP_PER_HOUR });

  app.post(
    '/sendOtp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a 6-digit sign-in code by SMS',
        body: sendOtpBody,
        response: { 200: dataOf(sendOtpResult) },
      },
      config: { rateLimit: secretCheckLimit(10) },
    },
    async (request) => ({
      data: await sendOtp(deps(), request.body.mobileNumber, request.ip, 'customer_sign_in', { language: requestLanguageOf(request) }),
    }),
  );

  app.post(
    '/verifyOtp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check the code: signs a known number in, or returns a registration token for a new one',
        body: verifyOtpBody,
        response: { 200: dataOf(verifyOtpResult) },
      },
      config: { rateLimit: secretCheckLimit(20) },
    },
    async (request, reply) => {
      const { mobileNumber, otp } = request.body;
      await checkOtp(deps(), mobileNumber, otp, 'customer_sign_in');
      const user = await findUserByMobile(app.db, mobileNumber);
      if (!user) {
        return { data: { status: 'registration_required' as const, registrationToken: await issueRegistrationTicket(app.db, mobileNumber) } };
      }
      if (user.status !== 'ACTIVE') {
        throw new AppError('FORBIDDEN', 'This account is not active. Please contact support.');
      }
      await app.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      await reply.startSession(user.id);
      return { data: { status: 'signed_in' as const, user: toUserDto((await loadUserWithRoles(app.db, user.id))!) } };
    },
  );
  /** The shop owner: an active business admin with this number, or null. */
  async function shopOwner(mobileNumber: string) {
    const found = await findUserByMobile(app.db, mobileNumber);
    const owner = found && found.status === 'ACTIVE' ? await loadUserWithRoles(app.db, found.id) : null;
    return owner?.businessId && owner.roles.some((r) => r.name === 'business_admin') ? owner : null;
  }

  app.get(
    '/otp/shopify',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Connect a Shopify shop, step 1: send a code to the shop owner's mobile number (a Hatid business admin's); the answer is the same for any number",
        querystring: shopifyOtpQuery,
        response: { 200: dataOf(sendOtpResult) },
      },
      config: { rateLimit: secretCheckLimit(10) },
    },
    async (request) => {
      const { mobileNumber, shopDomain } = request.query;
      // Any number gets the same answer, counted against the same limits, in the same time (the SMS goes out
      // after the answer): only a business admin's phone gets a code, and nobody learns whose number is one.
      const owner = await shopOwner(mobileNumber);
      return {
        data: await sendOtp(deps(), mobileNumber, request.ip, 'store_connection', {
          subject: shopDomain ?? null,
          deliver: owner !== null,
          answerBeforeSms: true,
          language: requestLanguageOf(request),
        }),
      };
    },
  );

  app.post(
    '/otp/shopify/verification',
    {
      schema: {
        tags: ['auth'],
        summary: "Connect a Shopify shop, step 2: the right code gives an API key that books for the owner's business with source shopify (shown once)",
        body: shopifyVerificationBody,
        response: { 201: dataOf(createdApiKeyDto), 422: errorDto },
      },
      config: { rateLimit: secretCheckLimit(20) },
    },
    async (request, reply) => {
      const { mobileNumber, otp, shopDomain } = request.body;
      // The code first: a number that is not a business admin's holds only a code nobody was sent, so it
      // answers exactly like a wrong (or expired) code.
      await checkOtp(deps(), mobileNumber, otp, 'store_connection', shopDomain);
      const owner = await shopOwner(mobileNumber);
      // Only whoever had the right code gets here: the owner stopped being an active business admin since.
      if (!owner) throw fieldError('mobileNumber', "This number is no longer a Hatid business admin's", 'RULE_BROKEN');
      reply.code(201).header('cache-control', 'no-store');
      return { data: await issueShopifyKey(app.db, actorFrom(owner), shopDomain, request.ip) };
    },
  );
  app.post(
    '/forwardToSmsService',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Staff text a customer through the SMS gateway (logged, never the text itself)',
        body: forwardSmsBody,
        response: { 202: dataOf(forwardSmsResult), 403: errorDto },
      },
      // Each message costs money and reaches a person's phone: a few a minute per address is plenty.
      config: { rateLimit: secretCheckLimit(20) },
    },
    async (request, reply) => {
      const actor = request.requireActor();
      if (!actor.ability.can('manage', 'Shipment')) throw new AppError('FORBIDDEN', 'Only staff and admins send SMS to customers');
      const { mobileNumber, message, trackingNumber } = request.body;
      try {
        await app.sms.send(mobileNumber, message);
      } catch (error) {
        request.log.error({ err: error }, 'the SMS gateway refused a message');
        throw new AppError('PROVIDER_UNAVAILABLE', 'The SMS gateway did not take the message. Please try again in a moment.');
      }
      // GSM-7 holds 160 characters per SMS (153 each when split); one emoji or ñ makes it UCS-2: 70 (67).
      const unicode = /[^\n\r -~£¥èéùìòÇØøÅåÄÖÑÜ§¿äöñüà]/.test(message);
      const [single, part] = unicode ? [70, 67] : [160, 153];
      const segments = message.length <= single ? 1 : Math.ceil(message.length / part);
      await recordActivity(app.db, {
        actor,
        action: 'CREATED',
        entity: 'Sms',
        entityId: trackingNumber ?? null,
        category: 'shipments',
        summary: `SMS sent to ${mobileNumber.slice(0, -4)}••••${trackingNumber ? ` about ${trackingNumber}` : ''} (${segments} part${segments === 1 ? '' : 's'})`,
        ip: request.ip,
      });
      return reply.code(202).send({ data: { sent: true as const, to: mobileNumber, segments } });
    },
  );
};
