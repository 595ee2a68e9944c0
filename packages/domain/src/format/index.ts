import { tz } from '@date-fns/tz';
import { differenceInMinutes, format } from 'date-fns';

const MANILA = tz('Asia/Manila');
const PESO = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });

/** "₱1,234.50" from cents. */
export function formatMoney(cents: number): string {
  return PESO.format(cents / 100);
}

/**
 * "₱1,234.50" from pesos, written like every other amount (formatMoney); only a value that is not a number
 * reads "PHP 0.00", as the spec's pricing result display asks (product.md §2).
 */
export function formatPesoAmount(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? PESO.format(value) : 'PHP 0.00';
}

type DateInput = Date | string | number;

/** "November 05, 2026", the day as it is in the Philippines whatever the viewer's clock says. */
export function formatDate(date: DateInput): string {
  return format(new Date(date), 'MMMM dd, yyyy', { in: MANILA });
}

/** "November 05, 2026, 3:45 PM" in Manila time: when something happened, e.g. on a status timeline. */
export function formatDateTime(date: DateInput): string {
  return format(new Date(date), 'MMMM dd, yyyy, h:mm a', { in: MANILA });
}

/** yyyy-MM-dd of the Manila calendar day. */
export function toIsoDate(date: DateInput): string {
  return format(new Date(date), 'yyyy-MM-dd', { in: MANILA });
}

const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** "Just now", then minutes, hours and days ago (product.md §8). A future time also reads "Just now". */
export function relativeTime(date: DateInput, now: DateInput = new Date()): string {
  const minutes = differenceInMinutes(new Date(now), new Date(date));
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return ago(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return ago(hours, 'hour');
  return ago(Math.floor(hours / 24), 'day');
}
