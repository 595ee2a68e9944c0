import type { Language } from '../i18n/index.js';

/**
 * The server's texts to people (SMS, push and in-app notifications, emails, documents) in both languages, one
 * catalogue per kind (issue 32). A message is a plain string with named `{placeholders}`: no markup, no plurals
 * (the texts are short and their numbers fixed), so every language's wording is visible in one file and the
 * completeness test (texts.test.ts) can compare them. The English catalogue is written `as const`, which lets
 * TypeScript know each message's placeholders: `catalogue.t('fil', 'otp.customer_sign_in', { code })` does not
 * compile without `code`.
 */

/** The names of the `{placeholders}` of a message type, e.g. 'code' | 'store'. */
export type PlaceholdersOf<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | PlaceholdersOf<Rest> : never;

type Params<S extends string> = [PlaceholdersOf<S>] extends [never] ? [] : [params: Record<PlaceholdersOf<S>, string | number>];

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholder names in a message, in order ("{a} and {b}" → ['a', 'b']). */
export function placeholdersIn(message: string): string[] {
  return [...message.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** Fills `{name}` from params. A missing parameter is a programming error: it throws rather than text a stranger "{code}". */
export function fillMessage(message: string, params: Record<string, string | number> = {}): string {
  return message.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Message parameter {${name}} is missing`);
    return String(value);
  });
}

export interface TextCatalogue<E extends Record<string, string>> {
  /** The messages of each language, same keys (the completeness test reads these). */
  readonly messages: { readonly [L in Language]: { readonly [K in keyof E]: string } };
  /** A message in a language, its placeholders filled. */
  t<K extends keyof E & string>(language: Language, key: K, ...params: Params<E[K]>): string;
}

/** A catalogue from its English messages and their Filipino versions (the type makes the keys the same). */
export function textCatalogue<const E extends Record<string, string>>(en: E, fil: { readonly [K in keyof E]: string }): TextCatalogue<E> {
  const messages = { en, fil } as TextCatalogue<E>['messages'];
  return {
    messages,
    t(language, key, ...params) {
      return fillMessage(messages[language][key], params[0] as Record<string, string | number> | undefined);
    },
  };
}
