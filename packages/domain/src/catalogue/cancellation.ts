import type { CancellationReason } from './enums.js';

/** The one reason in the spec's list that asks the person to type their own. */
export const OTHER_CANCELLATION_REASON = 'Other (please specify)' satisfies CancellationReason;

/**
 * The reason a person reads for a cancellation: their own words when they chose "Other (please specify)"
 * (the form's prompt is not a reason), otherwise the listed reason, with any note after it in brackets.
 * Null when there is nothing to say.
 */
export function cancellationReasonText(reason: string | null | undefined, note?: string | null): string | null {
  const typed = note?.trim() || null;
  if (!reason || reason === OTHER_CANCELLATION_REASON) return typed;
  return typed ? `${reason} (${typed})` : reason;
}
