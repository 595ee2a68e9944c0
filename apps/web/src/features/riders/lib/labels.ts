import type { ActivityName, PaymentStatus } from '@hatid/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { FAILURE_REASON_LABELS } from '../../../i18n/shipment-labels';

/**
 * The rider's steps and payment states as a rider reads them (issue 32): the values stay English in the database,
 * the API and the outbox; only the screen says them in the rider's language, `activityLabel(i18n, activity)`.
 * Statuses and failure reasons are the app's one table (i18n/shipment-labels.ts, in the always-loaded `app`
 * catalogue); the rest stays in the rider app's own catalogue, so a rider's phone downloads no other area.
 */
/** The steps a rider records (RIDER_LEG_ACTIVITIES), as the buttons and the outbox name them. */
const ACTIVITY_LABELS: Partial<Record<ActivityName, MessageDescriptor>> = {
  'On the way for pickup': msg`On the way for pickup`,
  'Package picked up': msg`Package picked up`,
  'Pick up failed': msg`Pick up failed`,
  'At origin hub': msg`At origin hub`,
  'Out for delivery': msg`Out for delivery`,
  Delivered: msg`Delivered`,
  'Delivery failed': msg`Delivery failed`,
  'Rescheduled for delivery': msg`Rescheduled for delivery`,
  'Out for delivery reattempt': msg`Out for delivery reattempt`,
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, MessageDescriptor> = {
  Paid: msg`Paid`,
  'Partially Paid': msg`Partially paid`,
  Pending: msg`Not paid yet`,
};

/** An activity's label; a name outside the rider's steps (none today) as it is stored. */
export const activityLabel = (i18n: I18n, activity: string): string => {
  const label = ACTIVITY_LABELS[activity as ActivityName];
  return label ? i18n._(label) : activity;
};

/** A failure reason's label; a reason added to the spec's lists before its translation, as it is stored. */
export const reasonLabel = (i18n: I18n, reason: string): string => {
  const label = FAILURE_REASON_LABELS[reason as keyof typeof FAILURE_REASON_LABELS];
  return label ? i18n._(label) : reason;
};
