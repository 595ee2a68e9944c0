import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockLimit } from '../../db/locks.js';
import { otpCodes, registrationTickets } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { SmsProvider } from '../../platform/sms/index.js';
import { newOtpCode, newToken } from './tokens.js';

/** Limits of the one-time code (issue #2, "Security"). */
export const OTP_RULES = {
  ttlSeconds: 5 * 60,
  maxAttempts: 5,
  resendAfterSeconds: 30,
  perNumberPerHour: 5,
  perIpPerHour: 20,
  registrationTicketMinutes: 30,
} as const;

export interface OtpDeps {
  db: Db;
  sms: SmsProvider;
  secret: Buffer;
  now?: () => Date;
}

function hashCode(secret: Buffer, mobileNumber: string, code: string): string {
  return createHmac('sha256', secret).update(`${mobileNumber}:${code}`).digest('hex');
}

export async function sendOtp(deps: OtpDeps, mobileNumber: string, ip: string) {
  const { db } = deps;
  const code = newOtpCode();
  await db.transaction(async (tx) => {
    // Parallel requests for one number, or from one network, are checked one after the other (number
    // first, then network, always in that order), so each sees the codes the others stored: without
    // this, ten requests at once all passed the checks and ten SMS went out.
    await lockLimit(tx, 'otp-number', mobileNumber);
    await lockLimit(tx, 'otp-ip', ip);
    // Read the clock after waiting, so the wait below is counted from the code just stored before us.
    const now = deps.now?.() ?? new Date();
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const [latest] = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(eq(otpCodes.mobileNumber, mobileNumber))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    if (latest) {
      const wait = OTP_RULES.resendAfterSeconds - Math.floor((now.getTime() - latest.createdAt.getTime()) / 1000);
      if (wait > 0) throw new AppError('RATE_LIMITED', `Please wait ${wait} seconds before asking for a new code`);
    }
    const [perNumber] = await tx
      .select({ n: count() })
      .from(otpCodes)
      .where(and(eq(otpCodes.mobileNumber, mobileNumber), gt(otpCodes.createdAt, hourAgo)));
    if ((perNumber?.n ?? 0) >= OTP_RULES.perNumberPerHour) {
      throw new AppError('RATE_LIMITED', 'Too many codes requested for this number. Please try again in an hour.');
    }
    const [perIp] = await tx
      .select({ n: count() })
      .from(otpCodes)
      .where(and(eq(otpCodes.requestIp, ip), gt(otpCodes.createdAt, hourAgo)));
    if ((perIp?.n ?? 0) >= OTP_RULES.perIpPerHour) {
      throw new AppError('RATE_LIMITED', 'Too many codes requested from this network. Please try again later.');
    }

    // Only the newest code is valid: a resend retires the earlier one.
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.mobileNumber, mobileNumber), isNull(otpCodes.consumedAt)));
    await tx.insert(otpCodes).values({
      mobileNumber,
      codeHash: hashCode(deps.secret, mobileNumber, code),
      expiresAt: new Date(now.getTime() + OTP_RULES.ttlSeconds * 1000),
      requestIp: ip,
      createdAt: now,
    });
  });
  await deps.sms.send(mobileNumber, `Your Hatid code is ${code}. It expires in 5 minutes. Never share it with anyone.`);
  return { expiresInSeconds: OTP_RULES.ttlSeconds, resendAfterSeconds: OTP_RULES.resendAfterSeconds };
}

const TOO_MANY_WRONG = 'Too many wrong codes. Please request a new code.';
const EXPIRED_OR_USED = 'This code has expired or was already used. Please request a new one.';

/**
 * Checks and spends the code. Each guess first claims one of the code's 5 attempts in a single
 * `UPDATE … SET attempts = attempts + 1 WHERE attempts < 5 RETURNING`, and only a claimed attempt is
 * compared: however many guesses arrive at once, at most 5 are ever compared (reading the count first and
 * incrementing after the comparison let hundreds of parallel guesses all be compared). A right code on a
 * claimed attempt spends the code; the 5th wrong one leaves it dead.
 */
export async function checkOtp(deps: OtpDeps, mobileNumber: string, code: string): Promise<void> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const live = (id: string) => and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now));
  const [current] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(and(eq(otpCodes.mobileNumber, mobileNumber), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!current) throw fieldError('otp', EXPIRED_OR_USED);

  const [claimed] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(live(current.id), lt(otpCodes.attempts, OTP_RULES.maxAttempts)))
    .returning({ attempts: otpCodes.attempts, codeHash: otpCodes.codeHash });
  if (!claimed) {
    // No attempt left, or the code was spent (or replaced by a resend) since we read it.
    const [row] = await db.select({ attempts: otpCodes.attempts }).from(otpCodes).where(live(current.id));
    if (row && row.attempts >= OTP_RULES.maxAttempts) {
      throw new AppError('RATE_LIMITED', TOO_MANY_WRONG, [{ field: 'otp', message: TOO_MANY_WRONG }]);
    }
    throw fieldError('otp', EXPIRED_OR_USED);
  }

  const expected = Buffer.from(claimed.codeHash, 'hex');
  const given = Buffer.from(hashCode(deps.secret, mobileNumber, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const left = OTP_RULES.maxAttempts - claimed.attempts;
    if (left <= 0) throw new AppError('RATE_LIMITED', TOO_MANY_WRONG, [{ field: 'otp', message: TOO_MANY_WRONG }]);
    throw fieldError('otp', `The code is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  // Single use even when two right guesses race: only one update finds consumed_at still null.
  const spent = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.id, current.id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  if (spent.length === 0) throw fieldError('otp', EXPIRED_OR_USED);
}

export async function issueRegistrationTicket(db: Db, mobileNumber: string): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(registrationTickets).values({
    tokenHash: hash,
    mobileNumber,
    expiresAt: new Date(Date.now() + OTP_RULES.registrationTicketMinutes * 60_000),
  });
  return token;
}
