/**
 * Display formatting: the domain's own formatters (money, dates in Asia/Manila, relative time), so the web
 * app and the server word things the same way, plus the few that only screens need. The ones with words in
 * them (month names, "3 minutes ago") speak the app's active language (src/i18n); pesos read ₱1,234.50 in both.
 * Call them while rendering a component that uses `useLingui()` or `<Trans>`, so a language switch re-renders it.
 */
import { centsToPesos } from '@hatid/domain';
import * as domain from '@hatid/domain/format';
import { i18n } from '@lingui/core';
import type { Language } from '@hatid/domain/i18n';

export { formatMobileNumber, toIsoDate } from '@hatid/domain/format';
export { centsToPesos, gramsToKg, pesosToCents } from '@hatid/domain';

/** The app's language (English until one is active). */
const language = (): Language => (i18n.locale === 'fil' ? 'fil' : 'en');

type DateInput = Parameters<typeof domain.formatDate>[0];

/** "₱1,234.50" from cents. */
export const formatMoney = (cents: number) => domain.formatMoney(cents, language());
/** "₱1,234.50" from pesos ("PHP 0.00" for a value that is not a number, as the spec asks). */
export const formatPesoAmount = (value: unknown) => domain.formatPesoAmount(value, language());
/** "November 05, 2026" / "Nobyembre 05, 2026" (Manila's day). */
export const formatDate = (date: DateInput) => domain.formatDate(date, language());
/** "November 05, 2026, 3:45 PM" / "Nobyembre 05, 2026, 3:45 PM" (Manila time). */
export const formatDateTime = (date: DateInput) => domain.formatDateTime(date, language());
/** "Just now", "3 minutes ago" / "Ngayon lang", "3 minuto ang nakalipas". */
export const relativeTime = (date: DateInput, now?: DateInput) => domain.relativeTime(date, now, language());

/** Centavos as a pesos box shows them, for editing: 12345 → "123.45" (no ₱, no thousands separator). */
export const pesosText = (cents: number) => centsToPesos(cents).toFixed(2);
