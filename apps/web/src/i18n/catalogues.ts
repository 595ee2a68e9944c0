import { i18n, type Messages } from '@lingui/core';
import type { Language } from '@hatid/domain/i18n';

/**
 * Every catalogue (src/locales/<language>/<area>.po), each imported on demand as a chunk of its own: a visitor
 * downloads only their language's messages, and only for the areas they open. @lingui/vite-plugin compiles a
 * .po file into its messages when it is imported (build and tests alike).
 */
const FILES = import.meta.glob<{ messages: Messages }>('../locales/*/*.po');

/** `app` (the shell, the landing pages, shared components) or a feature folder's name (`auth`, `shipments`…). */
export type CatalogueArea = string;

/** Areas whose messages the app has needed so far: a language switch loads each of them in the new language. */
const inUse = new Set<CatalogueArea>(['app']);
const loaded = new Map<string, Promise<void>>();

function loadArea(language: Language, area: CatalogueArea): Promise<void> {
  const key = `${language}/${area}`;
  let loading = loaded.get(key);
  if (!loading) {
    const file = FILES[`../locales/${key}.po`];
    if (!file) return Promise.reject(new Error(`There is no catalogue ${key}.po: run npm run i18n:extract (docs/i18n.md)`));
    loading = file().then(({ messages }) => i18n.load(language, messages));
    // A failed download (offline) may be tried again by the next page that needs it.
    loading.catch(() => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
}

/** The active language (English until one is activated). */
export function activeLanguage(): Language {
  return i18n.locale === 'fil' ? 'fil' : 'en';
}

/** Loads the messages of these areas in the active language (each once), and keeps them loaded across language switches. */
export function loadMessages(...areas: CatalogueArea[]): Promise<void> {
  for (const area of areas) inUse.add(area);
  return Promise.all(areas.map((area) => loadArea(activeLanguage(), area))).then(() => undefined);
}

/**
 * A lazy page together with its area's messages, for route definitions:
 * `lazyRouteComponent(withMessages('wallet', () => import('…/wallet-page')), 'WalletPage')`. The router waits for
 * both before it shows the page, so a page never flashes in the wrong language.
 */
export function withMessages<M>(areas: CatalogueArea | CatalogueArea[], importer: () => Promise<M>): () => Promise<M> {
  const list = Array.isArray(areas) ? areas : [areas];
  return () => Promise.all([importer(), loadMessages(...list)]).then(([module]) => module);
}

/**
 * Makes `language` the app's: loads every area in use in it first, then switches, so every <Trans> and `t`
 * re-renders at once in the new language; `<html lang>` follows (screen readers, hyphenation, the browser's
 * translate offer).
 */
export async function activateLanguage(language: Language): Promise<void> {
  await Promise.all([...inUse].map((area) => loadArea(language, area)));
  i18n.activate(language);
  document.documentElement.lang = language;
}
