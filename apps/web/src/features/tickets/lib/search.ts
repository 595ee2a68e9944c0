import { isValidTrackingNumber, normalizeTrackingNumber } from '@hatid/domain';

export interface TalkToUsSearch {
  /** Preselects the shipment the ticket is about, e.g. /talk-to-us?trackingNumber=ND123456785PH. */
  trackingNumber?: string;
}

/** Keeps only a well-formed tracking number; anything else is dropped rather than shown as an error. */
export function parseTalkToUsSearch(search: Record<string, unknown>): TalkToUsSearch {
  const raw = search.trackingNumber;
  if (typeof raw !== 'string' || !isValidTrackingNumber(raw)) return {};
  return { trackingNumber: normalizeTrackingNumber(raw) };
}
