import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatDateTime, formatMoney } from '../../../lib/format';

/**
 * The activity log's before → after summary: only the fields whose value changed, each with a readable
 * label ("retrievalFeeInCents" → "Retrieval fee") and value (centavos as ₱, instants in Manila time, yes or no in the
 * reader's language). The labels are spelled out from the record's field names, so they stay English.
 */
export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

const EMPTY = '—';

/** "deliveryStatus" → "Delivery status"; "retrievalFeeInCents" → "Retrieval fee". */
export function fieldLabel(field: string): string {
  const base = field.replace(/InCents$/, '').replace(/_/g, ' ');
  const words = base
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  const label = words.replace(/\bid\b/g, 'ID');
  return label ? label[0]!.toUpperCase() + label.slice(1) : field;
}

const isInstant = (value: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);

/** One value as the reader sees it. */
export function formatValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'number' && /InCents$/.test(field)) return formatMoney(value);
  if (typeof value === 'boolean') return i18n._(value ? msg`Yes` : msg`No`);
  if (typeof value === 'string') {
    if (isInstant(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    return value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? EMPTY : value.map((item) => (typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item))).join(', ');
  return JSON.stringify(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Bookkeeping every change moves on its own: not shown as a change of the record. */
const IGNORED = new Set(['updatedAt']);

/** The changed fields (the last-updated stamp aside), in the order they first appear (before's keys, then after's new ones). */
export function activityChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((key) => !IGNORED.has(key) && !same(before?.[key], after?.[key]))
    .map((key) => ({ field: key, label: fieldLabel(key), before: formatValue(key, before?.[key]), after: formatValue(key, after?.[key]) }));
}
