/**
 * Counts in words with the language's plural rules ("1 ticket", "2 tickets", "0 shipments"). The one place
 * the app chooses a plural form, so the i18n library (ICU plurals) can replace it in one move.
 */
export interface PluralForms {
  one: string;
  other: string;
  /** Forms other languages need (Intl.PluralRules categories); English uses one and other. */
  zero?: string;
  two?: string;
  few?: string;
  many?: string;
}

const LOCALE = 'en-PH';
const rules = new Intl.PluralRules(LOCALE);
const numbers = new Intl.NumberFormat(LOCALE);

/** The noun alone for `count`: plural(2, …) without the number, for "Tickets (2)"-style labels. */
export function pluralNoun(count: number, forms: PluralForms): string {
  const category = rules.select(count) as keyof PluralForms;
  return forms[category] ?? forms.other;
}

/** "1 ticket", "1,204 tickets": the count, grouped, and the right form of the noun. */
export function plural(count: number, forms: PluralForms): string {
  return `${numbers.format(count)} ${pluralNoun(count, forms)}`;
}
