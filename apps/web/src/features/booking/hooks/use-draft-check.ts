import { useMemo } from 'react';
import { useCoveredProvinces } from '../../../lib/api/places';
import { useSavedAddresses } from '../../../lib/api/saved-addresses';
import type { BookingDraft } from '../draft/booking-draft';
import { checkDraft, draftKeyOf, type DraftErrors } from '../draft/check-draft';
import { isApiError } from '../../../lib/api-client';
import { useLivePricing } from './use-live-pricing';

/**
 * The draft checked against the domain rules, the saved addresses and the provinces we serve, plus its live
 * price. `errors` also carries what the server said about the priced packages (a box over its limit).
 */
const NO_ADDRESSES: never[] = [];

export function useDraftCheck(draft: BookingDraft, signedIn: boolean, debounceMs?: number) {
  const saved = useSavedAddresses(signedIn);
  const provinces = useCoveredProvinces();
  const savedAddresses = signedIn ? saved.data : NO_ADDRESSES;
  const check = useMemo(
    () => checkDraft(draft, { savedAddresses, provinces: provinces.data }),
    [draft, savedAddresses, provinces.data],
  );
  const pricing = useLivePricing(check.pricing, debounceMs);

  const errors = useMemo(() => {
    const error = pricing.query.error;
    if (!isApiError(error) || !error.details?.length || pricing.updating) return check.errors;
    const fromServer: DraftErrors = {};
    for (const detail of error.details) fromServer[draftKeyOf(detail.field, draft)] = detail.message;
    return { ...fromServer, ...check.errors };
  }, [check.errors, pricing.query.error, pricing.updating, draft]);

  return { check, errors, pricing, savedAddresses, saved, provinces };
}
