import { useEffect, useRef } from 'react';
import { lazyModule } from '../../../lib/lazy-module';
import type { BookingDraft } from '../draft/booking-draft';
import type { DraftChecker } from './use-draft-check';

/** The booking rules (the domain's schemas, and zod with them: ~27 KB gzip), loaded once. */
const draftChecker = lazyModule<DraftChecker>(() => import('../draft/check-draft'));

export const loadDraftChecker = () => draftChecker.load();

/**
 * The draft checker for the booking page, loaded once there is something to check: a draft with packages
 * (one kept from before) or the first change. The page's first paint does not wait for it, and nothing
 * can be shown wrong before anyone has typed.
 */
export function useDraftChecker(draft: BookingDraft): DraftChecker | null {
  const checker = draftChecker.use();
  const first = useRef(draft);
  const needed = draft.packages.length > 0 || draft !== first.current;
  useEffect(() => {
    if (!checker && needed) void draftChecker.load();
  }, [checker, needed]);
  return checker;
}
