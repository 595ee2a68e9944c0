import { dataOf, sendOtpBody, sendOtpResult, verifyOtpBody, verifyOtpResult } from '@hatid/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findUserByMobile, loadUserWithRoles, toUserDto } from '../users/users.repository.js';
import { checkOtp, issueRegistrationTicket, sendOtp } from './otp.service.js';
import { secretCheckLimit } from './secret-check-limit.js';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, sms: app.sms, secret: app.secret });

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
    async (request) => ({ data: await sendOtp(deps(), request.body.mobileNumber, request.ip) }),
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
      await checkOtp(deps(), mobileNumber, otp);
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
};
