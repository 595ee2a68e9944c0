import { reasonOfMessage } from '@hatid/domain/errors';
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { useCoveredProvinces } from '../../../lib/api/places';
import { useSavedAddresses } from '../../../lib/api/saved-addresses';
import type { BookingDraft } from '../draft/booking-draft';
import type { DraftCheck, DraftErrors } from '../draft/check-draft';
import { fieldErrorMessage, isApiError } from '../../../lib/api-client';
import { translateReason } from '../../../i18n/server-messages';
import { useHubs } from '../api/get-hubs';
import { useLivePricing } from './use-live-pricing';

/** The checking functions of draft/check-draft.ts (the booking page loads them on first use). */
export type DraftChecker = Pick<typeof import('../draft/check-draft'), 'checkDraft' | 'draftKeyOf' | 'provinceOf'>;

const NO_ADDRESSES: never[] = [];
/** Before the checker has loaded: nothing to show, nothing to price, nothing to book. */
const NOT_CHECKED: DraftCheck = { errors: {}, pricing: null, booking: null };

/**
 * The draft checked against the domain rules, the saved addresses and the provinces we serve, plus its live
 * price. `errors` also carries what the server said about the priced packages (a box over its limit).
 * `ready` is false while the checker is still loading.
 */
export function useDraftCheck(draft: BookingDraft, signedIn: boolean, { checker, debounceMs }: { checker: DraftChecker | null; debounceMs?: number }) {
  // The checker's messages are said in the active language: a language switch checks the draft again.
  const { i18n } = useLingui();
  const language = i18n.locale;
  // Booking for a customer from the console: the booker's own address book is not the customer's.
  const ownAddressBook = signedIn && !draft.bookFor;
  const saved = useSavedAddresses(ownAddressBook);
  const provinces = useCoveredProvinces();
  const savedAddresses = ownAddressBook ? saved.data : NO_ADDRESSES;
  const senderProvince = checker?.provinceOf(draft.sender, savedAddresses);
  const hubs = useHubs(draft.shipmentType === 'Drop Off' ? senderProvince : undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies(language): the messages are made in the active language
  const check = useMemo(
    () => (checker ? checker.checkDraft(draft, { savedAddresses, provinces: provinces.data, hubs: hubs.data }) : NOT_CHECKED),
    [checker, draft, savedAddresses, provinces.data, hubs.data, language],
  );
  const pricing = useLivePricing(check.pricing, debounceMs);

  const errors = useMemo(() => {
    // A domain message the server also says (a mobile number, a name, an email) reads in the reader's language.
    const own = Object.fromEntries(Object.entries(check.errors).map(([key, message]) => [key, translateReason(reasonOfMessage(message), undefined, message)]));
    const error = pricing.query.error;
    if (!checker || !isApiError(error) || !error.details?.length || pricing.updating) return own;
    const fromServer: DraftErrors = {};
    for (const detail of error.details) fromServer[checker.draftKeyOf(detail.field, draft)] = fieldErrorMessage(detail);
    return { ...fromServer, ...own };
  }, [checker, check.errors, pricing.query.error, pricing.updating, draft]);

  return { check, errors, pricing, savedAddresses, saved, provinces, hubs, senderProvince, ready: checker !== null };
}
