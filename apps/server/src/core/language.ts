/**
 * Whose language a text is written in (issue 32, docs/decisions.md "Texts to people in their language"): a person's
 * own choice on their account (`users.language`) wherever we know who will read it; the language of the page that
 * asked when the reader has no account or has not chosen (one-time codes, the first confirmation email); English
 * when there is neither. Shared by the modules that text, push, email or print.
 */
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, requestLanguage, type Language } from '@hatid/domain';
import type { FastifyRequest } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { users } from '../db/schema/index.js';

const chosen = (value: unknown): Language | null => (isLanguage(value) ? value : null);

/** The language on a person's account; null when they never chose one (or there is no such person). */
export async function languageOfUser(db: DbOrTx, userId: string | null | undefined): Promise<Language | null> {
  if (!userId) return null;
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return chosen(row?.language);
}

/** The chosen languages of several people at once (people without one are left out). */
export async function languagesOfUsers(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, Language>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, ids));
  return new Map(rows.flatMap((row) => (isLanguage(row.language) ? [[row.id, row.language] as const] : [])));
}

/** The language of the Hatid account with this mobile number (E.164), or null when it has none or there is no account. */
export async function languageOfMobile(db: DbOrTx, mobileNumber: string): Promise<Language | null> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.mobileNumber, mobileNumber));
  return chosen(row?.language);
}

/**
 * The language of the account with this mobile number, else the language of this person's account (one round
 * trip for both): null when neither chose one.
 */
export async function languageOfMobileOrUser(db: DbOrTx, mobileNumber: string, userId: string | null | undefined): Promise<Language | null> {
  const byMobile = db.select({ language: users.language }).from(users).where(eq(users.mobileNumber, mobileNumber)).limit(1);
  const byId = db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId ?? sql`null`))
    .limit(1);
  const [row] = await db.select({ mobile: sql<string | null>`(${byMobile})`, user: sql<string | null>`(${byId})` }).from(sql`(select 1) as one`);
  return chosen(row?.mobile) ?? chosen(row?.user);
}

/** The language of the page that sent a request: the visitor's cookie, else the browser's Accept-Language, else English. */
export function requestLanguageOf(request: Pick<FastifyRequest, 'cookies' | 'headers'>): Language {
  return requestLanguage(request.cookies?.[LANGUAGE_COOKIE], request.headers['accept-language']);
}

/** A reader's language: their account's choice, else the asking page's, else English. */
export function readerLanguage(account: Language | string | null | undefined, request?: Pick<FastifyRequest, 'cookies' | 'headers'>): Language {
  return chosen(account) ?? (request ? requestLanguageOf(request) : DEFAULT_LANGUAGE);
}
