import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { lockLimit } from '../../db/locks.js';
import { otpCodes, registrationTickets } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { SmsProvider } from '../../platform/sms/index.js';
import { newOtpCode, newToken } from '../../core/tokens.js';
import { languageOfMobile } from '../../core/language.js';
import { otpSmsText, type Language } from '@hatid/domain';

/** Limits of the one-time code (issue #2, "Security"). */
export const OTP_RULES = {
  ttlSeconds: 5 * 60,
  maxAttempts: 5,
  resendAfterSeconds: 30,
  perNumberPerHour: 5,
  perIpPerHour: 20,
  registrationTicketMinutes: 30,
} as const;

/**
 * What a code is for (issue 28): it is checked only for that purpose, so a code sent to connect a Shopify store
 * cannot sign anyone in and a sign-in code cannot make an API key. Stored in otp_codes.purpose (migration 0025).
 */
export const OTP_PURPOSES = ['customer_sign_in', 'rider_sign_in', 'store_connection'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/**
 * Connecting a store may be asked for any number and answers the same whether or not it is a business admin's,
 * so its asks have their own, tighter limits on top of the shared ones (counted for every ask, sent or not).
 */
export const STORE_CONNECTION_RULES = { perNumberPerHour: 3, perIpPerHour: 10 } as const;

/**
 * Each purpose's SMS says what the code does, in one GSM-7 part (texts/sms.ts in the domain holds both languages).
 * The code comes first so nothing in a shop's address can be mistaken for it.
 */
export function otpText(purpose: OtpPurpose, code: string, subject?: string | null, language: Language = 'en'): string {
  return otpSmsText(language, purpose, code, subject);
}

export interface OtpDeps {
  db: Db;
  sms: SmsProvider;
  secret: Buffer;
  now?: () => Date;
  /** Where an SMS sent after the answer reports a gateway failure. */
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** Codes one address may ask for in an hour (OTP_PER_IP_PER_HOUR); OTP_RULES.perIpPerHour when not given. */
  perIpPerHour?: number;
}

export interface SendOtpOptions {
  /** What the code acts on, named in the SMS and required again at the check (store connection: the shop domain). */
  subject?: string | null;
  /**
   * false: store the ask exactly like a sent code (every limit counts it, a check answers "incorrect") but send
   * nothing, under a hash no 6-digit code matches. For asks whose answer must not tell whether the number is
   * one we would text (store connection for a number that is not a business admin's).
   */
  deliver?: boolean;
  /**
   * true: answer without waiting for the SMS gateway (a failure is logged), so a real send and an ask that sends
   * nothing take the same time.
   */
  answerBeforeSms?: boolean;
  /**
   * The language of the page that asked (cookie, else Accept-Language). The SMS is written in the language of the
   * account with that number when it has chosen one (whoever asks, the phone's owner reads it), else in this one.
   */
  language?: Language;
}

function hashCode(secret: Buffer, mobileNumber: string, code: string): string {
  return createHmac('sha256', secret).update(`${mobileNumber}:${code}`).digest('hex');
}

export async function sendOtp(deps: OtpDeps, mobileNumber: string, ip: string, purpose: OtpPurpose, options: SendOtpOptions = {}) {
  const { db } = deps;
  const { subject = null, deliver = true, answerBeforeSms = false, language: pageLanguage = 'en' } = options;
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
    // The wait and the hourly limits count codes of every purpose: they protect the phone (and our SMS bill),
    // whatever the codes are for.
    const [latest] = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(eq(otpCodes.mobileNumber, mobileNumber))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    if (latest) {
      const wait = OTP_RULES.resendAfterSeconds - Math.floor((now.getTime() - latest.createdAt.getTime()) / 1000);
      if (wait > 0)
        throw new AppError('RATE_LIMITED', `Please wait ${wait} seconds before asking for a new code`, undefined, {
          reason: 'auth.code_wait',
          params: { seconds: wait },
        });
    }
    const tooManyForNumber = () => new AppError('RATE_LIMITED', 'Too many codes requested for this number. Please try again in an hour.');
    const tooManyFromIp = () => new AppError('RATE_LIMITED', 'Too many codes requested from this network. Please try again later.');
    const [perNumber] = await tx
      .select({ n: count() })
      .from(otpCodes)
      .where(and(eq(otpCodes.mobileNumber, mobileNumber), gt(otpCodes.createdAt, hourAgo)));
    if ((perNumber?.n ?? 0) >= OTP_RULES.perNumberPerHour) throw tooManyForNumber();
    const [perIp] = await tx
      .select({ n: count() })
      .from(otpCodes)
      .where(and(eq(otpCodes.requestIp, ip), gt(otpCodes.createdAt, hourAgo)));
    if ((perIp?.n ?? 0) >= (deps.perIpPerHour ?? OTP_RULES.perIpPerHour)) throw tooManyFromIp();
    if (purpose === 'store_connection') {
      const [storeAsks] = await tx
        .select({ n: count() })
        .from(otpCodes)
        .where(and(eq(otpCodes.mobileNumber, mobileNumber), eq(otpCodes.purpose, purpose), gt(otpCodes.createdAt, hourAgo)));
      if ((storeAsks?.n ?? 0) >= STORE_CONNECTION_RULES.perNumberPerHour) throw tooManyForNumber();
      const [storeAsksFromIp] = await tx
        .select({ n: count() })
        .from(otpCodes)
        .where(and(eq(otpCodes.requestIp, ip), eq(otpCodes.purpose, purpose), gt(otpCodes.createdAt, hourAgo)));
      if ((storeAsksFromIp?.n ?? 0) >= STORE_CONNECTION_RULES.perIpPerHour) throw tooManyFromIp();
    }

    // Only the newest code of a number and purpose is valid: a resend retires the earlier one of the same
    // purpose, and leaves a live code of another purpose alone (asking to sign in does not cancel a store
    // connection under way).
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.mobileNumber, mobileNumber), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)));
    await tx.insert(otpCodes).values({
      mobileNumber,
      purpose,
      subject,
      // A code that is not sent is stored under the hash of something no 6-digit guess can be.
      codeHash: hashCode(deps.secret, mobileNumber, deliver ? code : `not-sent:${newToken().token}`),
      expiresAt: new Date(now.getTime() + OTP_RULES.ttlSeconds * 1000),
      requestIp: ip,
      createdAt: now,
    });
  });
  // The account's language is looked up for every ask, sent or not, and before the answer: an ask that sends
  // nothing must take as long as one that sends, and the SMS is handed to the gateway before the answer goes.
  const language = (await languageOfMobile(db, mobileNumber)) ?? pageLanguage;
  if (deliver) {
    const sending = deps.sms.send(mobileNumber, otpText(purpose, code, subject, language));
    if (answerBeforeSms) {
      sending.catch((error: unknown) => deps.log?.error({ err: error }, 'the SMS gateway did not take a one-time code'));
    } else {
      await sending;
    }
  }
  return { expiresInSeconds: OTP_RULES.ttlSeconds, resendAfterSeconds: OTP_RULES.resendAfterSeconds };
}

const TOO_MANY_WRONG = 'Too many wrong codes. Please request a new code.';
const EXPIRED_OR_USED = 'This code has expired or was already used. Please request a new one.';

/**
 * Checks and spends the code of this purpose: only the newest live code the number was sent for `purpose` is
 * compared, so a code sent for anything else answers like an expired or wrong one. Each guess first claims one
 * of the code's 5 attempts in a single `UPDATE … SET attempts = attempts + 1 WHERE attempts < 5 RETURNING`, and
 * only a claimed attempt is compared: however many guesses arrive at once, at most 5 are ever compared (reading
 * the count first and incrementing after the comparison let hundreds of parallel guesses all be compared). A
 * right code on a claimed attempt spends the code; the 5th wrong one leaves it dead. A code sent for a subject
 * (a shop) works only for that subject.
 */
export async function checkOtp(deps: OtpDeps, mobileNumber: string, code: string, purpose: OtpPurpose, subject: string | null = null): Promise<void> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const live = (id: string) => and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now));
  const [current] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(and(eq(otpCodes.mobileNumber, mobileNumber), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!current) throw fieldError('otp', EXPIRED_OR_USED);

  const [claimed] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(live(current.id), lt(otpCodes.attempts, OTP_RULES.maxAttempts)))
    .returning({ attempts: otpCodes.attempts, codeHash: otpCodes.codeHash, subject: otpCodes.subject });
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
    throw fieldError('otp', `The code is incorrect. ${left} ${left === 1 ? 'try' : 'tries'} left.`, 'VALIDATION_FAILED', {
      reason: 'auth.code_wrong_tries_left',
      params: { left },
    });
  }
  // The right code for another store: only whoever holds the code learns this (the SMS named the store). The
  // attempt stays used and the code stays live for the store it was sent for.
  if (claimed.subject !== null && claimed.subject !== subject) {
    throw fieldError('shopDomain', 'This code was sent to connect another store. Ask for a new code for this one.');
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

/**
 * Forgets one-time codes and registration tickets a day after they were made. Every limit above looks back
 * an hour at most and a code lives 5 minutes, so older rows serve nothing, while each holds a mobile number
 * and an IP address (personal data kept no longer than it is used). Runs hourly (main.ts).
 */
export async function purgeOldOtpCodes(db: Db, options: { now?: Date } = {}): Promise<{ codes: number; tickets: number }> {
  const dayAgo = new Date((options.now ?? new Date()).getTime() - 86_400_000);
  const codes = await db.delete(otpCodes).where(lt(otpCodes.createdAt, dayAgo)).returning({ id: otpCodes.id });
  const tickets = await db.delete(registrationTickets).where(lt(registrationTickets.expiresAt, dayAgo)).returning({ id: registrationTickets.id });
  return { codes: codes.length, tickets: tickets.length };
}
