import { type CancellationReason, OTHER_CANCELLATION_REASON } from '@hatid/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { FAILURE_REASON_LABELS } from '../../../i18n/shipment-labels';

/**
 * Cancellation and failure reasons in the reader's language (issue 32). The stored values stay the spec's English
 * (database, API, webhooks); a value this table does not know (an older or hand-typed one) is shown as stored.
 */
export const CANCELLATION_REASON_LABELS: Record<CancellationReason, MessageDescriptor> = {
  'Changed my mind': msg`Changed my mind`,
  'Chose another courier': msg`Chose another courier`,
  'Delivery time is too long': msg`Delivery time is too long`,
  'Found a better price elsewhere': msg`Found a better price elsewhere`,
  'Incorrect shipping details': msg`Incorrect shipping details`,
  'Other (please specify)': msg`Other (please specify)`,
};

const LABELS: Record<string, MessageDescriptor> = { ...FAILURE_REASON_LABELS, ...CANCELLATION_REASON_LABELS };

/** A stored reason in the reader's language; as stored when it is not one of the spec's. */
export function reasonLabel(i18n: I18n, reason: string): string {
  const label = LABELS[reason];
  return label ? i18n._(label) : reason;
}

/**
 * The cancellation reason a person reads, as the domain's cancellationReasonText words it, in their language:
 * their own words for "Other (please specify)", else the listed reason with any note after it in brackets.
 */
export function cancellationReasonLabel(i18n: I18n, reason: string | null | undefined, note?: string | null): string | null {
  const typed = note?.trim() || null;
  if (!reason || reason === OTHER_CANCELLATION_REASON) return typed;
  const said = reasonLabel(i18n, reason);
  return typed ? `${said} (${typed})` : said;
}
