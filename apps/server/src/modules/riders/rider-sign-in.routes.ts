import { dataOf, sendOtpBody, sendOtpResult, userDto, verifyRiderOtpQuery } from '@hatid/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import { checkOtp, sendOtp } from '../auth/index.js';
import { secretCheckLimit } from '../../core/secret-check-limit.js';
import { requestLanguageOf } from '../../core/language.js';
import { findUserByMobile, loadUserWithRoles, toUserDto } from '../users/index.js';

const NOT_A_RIDER = 'This number is not registered to a rider. Ask your hub to add you as a rider.';

/**
 * The rider account of a number, checked before any code is sent or spent: only accounts with the rider
 * role sign in here (docs/decisions.md "Riders"). An inactive rider is refused like any inactive account.
 */
async function riderByMobile(db: Db, mobileNumber: string) {
  const found = await findUserByMobile(db, mobileNumber);
  const user = found ? await loadUserWithRoles(db, found.id) : null;
  if (!user?.roles.some((r) => r.name === 'rider')) throw fieldError('mobileNumber', NOT_A_RIDER, 'RULE_BROKEN');
  if (user.status !== 'ACTIVE') throw new AppError('FORBIDDEN', 'This account is not active. Please contact your hub.');
  return user;
}

/**
 * Rider sign-in by one-time code (POST /sms/sendOtpRider, GET /sms/verifyOtp/rider); mounted under /sms. The
 * codes are the customer's (otp.service.ts: same table, same counters per number and network, same 5 tries)
 * with their own purpose, `rider_sign_in`: a customer sign-in code does not sign a rider in here, nor the other
 * way round. The routes keep the same per-IP limits as /sendOtp and /verifyOtp.
 */
export const riderSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, sms: app.sms, secret: app.secret, log: app.log, perIpPerHour: app.config.OTP_PER_IP_PER_HOUR });

  app.post(
    '/sendOtpRider',
    {
      schema: { tags: ['auth', 'riders'], summary: 'Send a sign-in code to a rider', body: sendOtpBody, response: { 200: dataOf(sendOtpResult) } },
      config: { rateLimit: secretCheckLimit(10) },
    },
    async (request) => {
      await riderByMobile(app.db, request.body.mobileNumber);
      return { data: await sendOtp(deps(), request.body.mobileNumber, request.ip, 'rider_sign_in', { language: requestLanguageOf(request) }) };
    },
  );

  app.get(
    '/verifyOtp/rider',
    {
      schema: {
        tags: ['auth', 'riders'],
        summary: "Check a rider's code and sign the rider in",
        querystring: verifyRiderOtpQuery,
        response: { 200: dataOf(userDto) },
      },
      config: { rateLimit: secretCheckLimit(20) },
    },
    async (request, reply) => {
      const { mobileNumber, otp } = request.query;
      const rider = await riderByMobile(app.db, mobileNumber);
      await checkOtp(deps(), mobileNumber, otp, 'rider_sign_in');
      await app.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, rider.id));
      await reply.startSession(rider.id);
      // The answer is personal and comes from a GET: never kept by a cache on the way.
      reply.header('cache-control', 'no-store');
      return { data: toUserDto((await loadUserWithRoles(app.db, rider.id))!) };
    },
  );
};
