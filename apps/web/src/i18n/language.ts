import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S, languageFromTags, type Language } from '@hatid/domain/i18n';

/** The language a visitor chose on this device (the cookie the server also reads for the landing pages' HTML). */
export function cookieLanguage(): Language | null {
  const value = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  return isLanguage(value) ? value : null;
}

/** Remembers a visitor's language on this device for a year (signed out too; the server picks the pages' language from it). */
export function rememberLanguage(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain, script-readable preference; cookieStore is missing on older phones.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/**
 * The language to start in: the one chosen on this device, else the browser's own (`fil`/`tl` → Filipino), else
 * English. The server chooses a static landing page's language the same way (cookie, then Accept-Language).
 */
export function initialLanguage(): Language {
  return cookieLanguage() ?? languageFromTags(navigator.languages ?? [navigator.language]) ?? 'en';
}
