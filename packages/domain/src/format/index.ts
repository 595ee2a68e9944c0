import { differenceInMinutes } from 'date-fns';
import { INTL_LOCALES, type Language } from '../i18n/index.js';

/**
 * Dates are formatted by the platform's Intl in Manila's time zone rather than date-fns' format: the same
 * strings, without its ~7 KB gzip of formatters and locale in the first visit of / (every page imports this).
 */
let MANILA_PARTS: Intl.DateTimeFormat | undefined;
// Made on first use, not when the module loads: a formatter with a time zone costs a slow phone tens of
// milliseconds of ICU set-up, and pages that only import this module (the rider's sign-in) format no date.
const manilaParts = () =>
  (MANILA_PARTS ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: 'long',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }));
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The Manila calendar day and clock of an instant, as the parts the formats below need. */
function manila(date: DateInput) {
  const parts: Record<string, string> = {};
  for (const { type, value } of manilaParts().formatToParts(new Date(date))) parts[type] = value;
  return {
    year: parts.year!,
    monthName: parts.month!,
    month: String(MONTHS.indexOf(parts.month!) + 1).padStart(2, '0'),
    day: parts.day!,
    // hour12 answers 12 for noon and midnight; the day period is AM or PM.
    time: `${parts.hour}:${parts.minute} ${parts.dayPeriod!.toUpperCase()}`,
  };
}
/**
 * Every formatter below takes the reader's language (default English): the same shapes in both ("₱1,234.50",
 * "November 05, 2026" / "Nobyembre 05, 2026"), only the words change. The web app passes the active language
 * (apps/web/src/lib/format.ts), the server the person's (`users.language`).
 */
const PESOS: Partial<Record<Language, Intl.NumberFormat>> = {};
const peso = (language: Language) => (PESOS[language] ??= new Intl.NumberFormat(INTL_LOCALES[language], { style: 'currency', currency: 'PHP' }));

/** The month names of a language, made once from Intl ("Enero"… in Filipino). */
const MONTH_NAMES: Partial<Record<Language, string[]>> = { en: MONTHS };
const monthNames = (language: Language) =>
  (MONTH_NAMES[language] ??= Array.from({ length: 12 }, (_, m) =>
    new Intl.DateTimeFormat(INTL_LOCALES[language], { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, m, 15)),
  ));

/** "₱1,234.50" from cents. */
export function formatMoney(cents: number, language: Language = 'en'): string {
  return peso(language).format(cents / 100);
}

/**
 * "₱1,234.50" from pesos, written like every other amount (formatMoney); only a value that is not a number
 * reads "PHP 0.00", as the spec's pricing result display asks (product.md §2).
 */
export function formatPesoAmount(value: unknown, language: Language = 'en'): string {
  return typeof value === 'number' && Number.isFinite(value) ? peso(language).format(value) : 'PHP 0.00';
}

type DateInput = Date | string | number;

/** "November 05, 2026" ("Nobyembre 05, 2026"), the day as it is in the Philippines whatever the viewer's clock says. */
export function formatDate(date: DateInput, language: Language = 'en'): string {
  const d = manila(date);
  return `${monthNames(language)[Number(d.month) - 1]} ${d.day}, ${d.year}`;
}

/** "November 05, 2026, 3:45 PM" in Manila time: when something happened, e.g. on a status timeline. */
export function formatDateTime(date: DateInput, language: Language = 'en'): string {
  const d = manila(date);
  return `${monthNames(language)[Number(d.month) - 1]} ${d.day}, ${d.year}, ${d.time}`;
}

/** yyyy-MM-dd of the Manila calendar day. */
export function toIsoDate(date: DateInput): string {
  const d = manila(date);
  return `${d.year}-${d.month}-${d.day}`;
}

const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** Filipino's "3 minuto ang nakalipas", from the platform's Intl. */
const filAgo = (n: number, unit: 'minute' | 'hour' | 'day') => new Intl.RelativeTimeFormat('fil', { numeric: 'always' }).format(-n, unit);

/** "Just now", then minutes, hours and days ago (product.md §8). A future time also reads "Just now". */
export function relativeTime(date: DateInput, now: DateInput = new Date(), language: Language = 'en'): string {
  const minutes = differenceInMinutes(new Date(now), new Date(date));
  const say = language === 'fil' ? filAgo : ago;
  if (minutes < 1) return language === 'fil' ? 'Ngayon lang' : 'Just now';
  if (minutes < 60) return say(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return say(hours, 'hour');
  return say(Math.floor(hours / 24), 'day');
}

/**
 * One way to show a Philippine mobile number everywhere a person reads one (screens, the waybill):
 * "+639171234567" → "+63 917 123 4567", the international grouping the network's own apps use. Numbers are
 * stored in E.164; anything else is shown as given.
 */
export function formatMobileNumber(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^\+63(\d{3})(\d{3})(\d{4})$/.exec(value);
  return match ? `+63 ${match[1]} ${match[2]} ${match[3]}` : value;
}
