import { type ActivityName, TIMELINE_HEADLINES, timelineHeadline, type HeadlineInput } from '@hatid/domain';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatDate } from '../../../lib/format';
import { reasonLabel } from './reason-labels';

/**
 * The activity statuses of a timeline (product.md §4) in the reader's language (issue 32). The stored names stay
 * the spec's English; a name this table does not know (a custom status staff typed) is shown as typed.
 */
export const ACTIVITY_NAME_LABELS: Record<ActivityName, MessageDescriptor> = {
  'Order placed': msg`Order placed`,
  'Order cancelled': msg`Order cancelled`,
  'On the way for pickup': msg`On the way for pickup`,
  'Package picked up': msg`Package picked up`,
  'Pick up failed': msg`Pick up failed`,
  'On hold - Requires documentation': msg`On hold - Requires documentation`,
  'At origin hub': msg`At origin hub`,
  'Loaded for shipping': msg`Loaded for shipping`,
  'Offloaded at the port': msg`Offloaded at the port`,
  'In-transit': msg`In-transit`,
  'Arrived at destination port': msg`Arrived at destination port`,
  'Arrived at destination hub': msg`Arrived at destination hub`,
  'Ready for pickup at destination hub': msg`Ready for pickup at destination hub`,
  'Out for delivery': msg`Out for delivery`,
  Delivered: msg`Delivered`,
  'Delivery failed': msg`Delivery failed`,
  'Rescheduled for delivery': msg`Rescheduled for delivery`,
  'Out for delivery reattempt': msg`Out for delivery reattempt`,
  'Return to sender initiated': msg`Return to sender initiated`,
  'Return to sender in transit': msg`Return to sender in transit`,
  'Return to sender delivered': msg`Return to sender delivered`,
};

const ACTIVITY_LABELS: Record<string, MessageDescriptor> = ACTIVITY_NAME_LABELS;

/** An activity's name in the reader's language; as stored when it is not one of the spec's. */
export function activityLabel(i18n: I18n, name: string): string {
  const label = ACTIVITY_LABELS[name];
  return label ? i18n._(label) : name;
}

/** A timeline entry's title as entryTitle words it (a custom status by its own name, a failure with its reason), translated. */
export function activityTitle(i18n: I18n, entry: { name: string; customStatusName: string | null; reason: string | null }): string {
  const title = entry.customStatusName ?? activityLabel(i18n, entry.name);
  return entry.reason ? `${title}: ${reasonLabel(i18n, entry.reason)}` : title;
}

const HEADLINES: Record<string, MessageDescriptor> = {
  [TIMELINE_HEADLINES.cancelled]: msg`Shipment order cancelled`,
  [TIMELINE_HEADLINES.placed]: msg`Shipment order placed`,
  [TIMELINE_HEADLINES.courierOnTheWay]: msg`Courier is on the way for pick up`,
  [TIMELINE_HEADLINES.onTheWay]: msg`Shipment is on the way`,
  [TIMELINE_HEADLINES.delivered]: msg`Delivered`,
  [TIMELINE_HEADLINES.returned]: msg`Returned to the sender`,
  [TIMELINE_HEADLINES.returning]: msg`Shipment is on its way back to the sender`,
  [TIMELINE_HEADLINES.readyAtHub]: msg`Ready for pick up at the destination hub`,
};

/**
 * The timeline headline (the domain's timelineHeadline decides which) in the reader's language: `key` is the
 * domain's English headline without a date, `text` what the reader sees ("Naihatid noong Nobyembre 05, 2026").
 */
export function headline(i18n: I18n, input: HeadlineInput): { key: string; text: string } {
  const key = timelineHeadline({ ...input, deliveredAt: null });
  const date = key === TIMELINE_HEADLINES.delivered || key === TIMELINE_HEADLINES.returned ? input.deliveredAt : null;
  if (date) {
    const on = formatDate(date);
    return { key, text: key === TIMELINE_HEADLINES.returned ? i18n._(msg`Returned to the sender on ${on}`) : i18n._(msg`Delivered on ${on}`) };
  }
  const label = HEADLINES[key];
  return { key, text: label ? i18n._(label) : key };
}
