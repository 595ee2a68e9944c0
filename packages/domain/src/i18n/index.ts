/**
 * The languages Hatid speaks (DECISIONS.md "Languages") and how a visitor's is chosen, shared by the server (the
 * landing pages' HTML, SMS and push) and the web app, so both pick the same one for the same visitor.
 */
export const LANGUAGES = ['en', 'fil'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** A signed-out visitor's choice (a signed-in person's is on the account, `users.language`). A year; readable by the page. */
export const LANGUAGE_COOKIE = 'hatid_lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Each language's name in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fil: 'Filipino' };

/** The Intl locale of each language: Philippine English and Filipino (₱1,234.50 in both). */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-PH', fil: 'fil-PH' };

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The first language of a browser's list (navigator.languages, Accept-Language) that Hatid speaks: `fil` and
 * `tl` (Tagalog, which older phones send) are Filipino, any `en` English. null when none is (the caller's default).
 */
export function languageFromTags(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (primary === 'fil' || primary === 'tl') return 'fil';
    if (primary === 'en') return 'en';
  }
  return null;
}

/** The tags of an Accept-Language header, most wanted first ("fil-PH,fil;q=0.9,en;q=0.8"); q=0 ones left out. */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language of a page request: the visitor's cookie when it names one, else the browser's Accept-Language, else English. */
export function requestLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(cookie)) return cookie;
  return languageFromTags(acceptLanguageTags(acceptLanguage)) ?? DEFAULT_LANGUAGE;
}
