import { and, count, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { EMAIL_PROOF_LINKS_PER_HOUR, EMAIL_PROOF_TTL_HOURS, EMAIL_TEXTS, type Language } from '@hatid/domain';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { emailProofs, users } from '../../db/schema/index.js';
import { AppError, fieldError } from '../../errors.js';
import type { EmailProvider } from '../../platform/email/index.js';
import { hashToken, newToken } from '../../core/tokens.js';
import { isUniqueViolation } from '../../db/errors.js';

/**
 * Proving an email (docs/decisions.md "Email proof"): an email becomes an account's only once its owner
 * opens a link sent to it. PUT /users/update/me and registration store the new email here, not on the
 * account; POST /users/email-verification with the link's token makes it the account's, proven. Social
 * sign-in joins an existing account only through a proven email (social-login.service.ts).
 */

/** The web page the link opens (apps/web: /verify-email), which posts the token back. */
export const EMAIL_PROOF_PATH = '/verify-email';
const HOUR_MS = 3_600_000;

export function emailProofLink(publicUrl: string, token: string): string {
  return `${publicUrl}${EMAIL_PROOF_PATH}?token=${encodeURIComponent(token)}`;
}

export interface IssuedProof {
  email: string;
  token: string;
}

/**
 * A new link for `email`, on the account locked here: at most EMAIL_PROOF_LINKS_PER_HOUR links an hour
 * (each is an email to an address someone typed: the limit keeps the account from mailing strangers),
 * and only the newest link works (earlier unspent ones end now), so the pending email is always the last asked for.
 */
export async function issueEmailProof(tx: Tx, userId: string, email: string, field: string, now = new Date()): Promise<IssuedProof> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [sent] = await tx
    .select({ n: count() })
    .from(emailProofs)
    .where(and(eq(emailProofs.userId, userId), gt(emailProofs.createdAt, new Date(now.getTime() - HOUR_MS))));
  if (Number(sent?.n ?? 0) >= EMAIL_PROOF_LINKS_PER_HOUR) {
    const message = `We have sent ${EMAIL_PROOF_LINKS_PER_HOUR} confirmation links in the last hour. Please wait an hour before asking for another.`;
    throw new AppError('RATE_LIMITED', message, [{ field, message }]);
  }
  await endLiveProofs(tx, userId, now);
  const { token, hash } = newToken();
  await tx.insert(emailProofs).values({
    userId,
    email,
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + EMAIL_PROOF_TTL_HOURS * HOUR_MS),
    createdAt: now,
  });
  return { email, token };
}

/** Unspent links of the account stop working (a newer one was sent, the email was removed or proven). */
export async function endLiveProofs(tx: DbOrTx, userId: string, now = new Date()): Promise<void> {
  await tx
    .update(emailProofs)
    .set({ expiresAt: now })
    .where(and(eq(emailProofs.userId, userId), isNull(emailProofs.consumedAt), gt(emailProofs.expiresAt, now)));
}

/** The email whose link is out and still works, when it is not already the account's email; else null. */
export async function pendingEmailOf(db: DbOrTx, user: { id: string; email: string | null }, now = new Date()): Promise<string | null> {
  const [live] = await db
    .select({ email: emailProofs.email })
    .from(emailProofs)
    .where(and(eq(emailProofs.userId, user.id), isNull(emailProofs.consumedAt), gt(emailProofs.expiresAt, now)))
    .orderBy(desc(emailProofs.createdAt))
    .limit(1);
  return live && live.email !== user.email ? live.email : null;
}

/** The email with the link, in `language`; a provider failure is the caller's to handle (the message names no secret). */
export async function sendEmailProof(email: EmailProvider, publicUrl: string, firstName: string, proof: IssuedProof, language: Language): Promise<void> {
  await email.send({
    to: proof.email,
    subject: EMAIL_TEXTS.t(language, 'email_proof.subject'),
    text: EMAIL_TEXTS.t(language, 'email_proof.body', {
      firstName,
      email: proof.email,
      link: emailProofLink(publicUrl, proof.token),
      hours: EMAIL_PROOF_TTL_HOURS,
    }),
  });
}

/** What sending a link needs: the provider, the site's address for the link, a log for failures. */
export interface ProofMailer {
  email: EmailProvider;
  publicUrl: string;
  /** The language of the email: the asking person's (their account's, else their page's); core/language.ts readerLanguage. */
  language: Language;
  log: { error(obj: object, msg: string): void };
}

/**
 * Sends the link inside the caller's transaction: when the provider fails, the caller's changes and the
 * link are rolled back and the person is told to try again (503), instead of waiting for an email that never comes.
 */
export async function deliverEmailProof(mailer: ProofMailer, userId: string, firstName: string, proof: IssuedProof, field: string): Promise<void> {
  try {
    await sendEmailProof(mailer.email, mailer.publicUrl, firstName, proof, mailer.language);
  } catch (error) {
    mailer.log.error({ err: error, userId }, 'email confirmation link could not be sent');
    const message = 'We could not send the confirmation email right now. Nothing was changed; please try again in a few minutes.';
    throw new AppError('PROVIDER_UNAVAILABLE', message, [{ field, message }]);
  }
}

const invalidLink = () =>
  fieldError('token', 'This confirmation link is invalid, was already used or has expired. Ask for a new one from your profile.', 'RULE_BROKEN');
const emailTaken = () =>
  fieldError('token', 'This email is now used by another Hatid account, so it cannot be added to yours. If it is yours, please contact support.', 'CONFLICT');

/**
 * POST /users/email-verification: the link's token makes its email the account's email, proven. Works
 * signed out (the link may be opened on another device): the token is the proof. Single use; refused when
 * another account holds that email by now (two accounts proving one email at once: the unique index on
 * users.email lets one win, the other gets the same 409).
 */
export async function confirmEmail(db: Db, token: string, now = new Date()): Promise<{ email: string }> {
  try {
    return await db.transaction(async (tx) => {
      // Locked, then re-read by PostgreSQL: the same link opened twice at once is spent once.
      const [proof] = await tx
        .select()
        .from(emailProofs)
        .where(and(eq(emailProofs.tokenHash, hashToken(token)), isNull(emailProofs.consumedAt), gt(emailProofs.expiresAt, now)))
        .for('update');
      if (!proof) throw invalidLink();
      const [owner] = await tx.select().from(users).where(eq(users.id, proof.userId)).for('update');
      if (owner?.status !== 'ACTIVE') throw invalidLink();
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, proof.email), ne(users.id, owner.id)))
        .limit(1);
      if (other) throw emailTaken();
      await tx.update(users).set({ email: proof.email, emailVerifiedAt: now }).where(eq(users.id, owner.id));
      await tx.update(emailProofs).set({ consumedAt: now }).where(eq(emailProofs.id, proof.id));
      await endLiveProofs(tx, owner.id, now);
      return { email: proof.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * POST /users/email-verification/resend: a new link for the pending email, else for the account's own
 * email while it is unproven (typed by staff, or from before proofs). Sent before the transaction ends:
 * when the provider fails, no link is counted or stored.
 */
export async function resendEmailProof(db: Db, userId: string, mailer: ProofMailer, now = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw invalidLink();
    const [latest] = await tx
      .select({ email: emailProofs.email })
      .from(emailProofs)
      .where(and(eq(emailProofs.userId, userId), isNull(emailProofs.consumedAt), gt(emailProofs.expiresAt, now)))
      .orderBy(desc(emailProofs.createdAt))
      .limit(1);
    const target = latest && latest.email !== user.email ? latest.email : user.email && !user.emailVerifiedAt ? user.email : null;
    if (!target) {
      throw new AppError('RULE_BROKEN', user.email ? 'Your email is already confirmed.' : 'Add an email to your profile first.');
    }
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, target), ne(users.id, userId)))
      .limit(1);
    if (other) throw new AppError('CONFLICT', 'This email is used by another Hatid account. Enter another email in your profile.');
    const proof = await issueEmailProof(tx, userId, target, 'email', now);
    await deliverEmailProof(mailer, userId, user.firstName, proof, 'email');
    return target;
  });
}
