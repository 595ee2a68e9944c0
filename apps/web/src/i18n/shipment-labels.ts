import type { DELIVERY_FAILURE_REASONS, DeliveryStatus, DeliveryType, PICKUP_FAILURE_REASONS } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The spec's stored values every part of the app shows (the customer's parcels, the rider app, the dashboard), as a
 * person reads them in their language (issue 32). One table, in the `app` catalogue every page has loaded, so the
 * words are the same everywhere; the values themselves stay the spec's English in the database and the API.
 * Say one with `i18n._(DELIVERY_STATUS_LABELS[status])`.
 */
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, MessageDescriptor> = {
  'Order placed': msg`Order placed`,
  'For pickup': msg`For pickup`,
  'Picked up': msg`Picked up`,
  'Orig. hub': msg`Orig. hub`,
  'Orig. port': msg`Orig. port`,
  'In-transit': msg`In-transit`,
  'Dest. port': msg`Dest. port`,
  'Dest. hub': msg`Dest. hub`,
  'For pickup dest.': msg`For pickup dest.`,
  'Out for delivery': msg`Out for delivery`,
  Delivered: msg`Delivered`,
};

export const CANCELLED_LABEL = msg`Cancelled`;

export const DELIVERY_TYPE_NAMES: Record<DeliveryType, MessageDescriptor> = {
  next_day: msg`Next Day`,
  same_day: msg`Same Day`,
  intra_city: msg`Intra-City`,
};

type PickupFailureReason = (typeof PICKUP_FAILURE_REASONS)[number];
type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];

/** Why a pick-up or a delivery did not happen (the rider's or staff's choice). */
export const FAILURE_REASON_LABELS: Record<PickupFailureReason | DeliveryFailureReason, MessageDescriptor> = {
  'Sender unavailable': msg`Sender unavailable`,
  'Address not found': msg`Address not found`,
  'Insufficient time': msg`Insufficient time`,
  'Weather or natural disaster': msg`Weather or natural disaster`,
  'Package not ready': msg`Package not ready`,
  'Recipient unavailable': msg`Recipient unavailable`,
  'Refused by recipient': msg`Refused by recipient`,
  Weather: msg`Weather`,
  Other: msg`Other`,
};
