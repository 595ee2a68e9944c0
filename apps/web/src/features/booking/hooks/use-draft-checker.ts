import { useEffect, useRef, useState } from 'react';
import type { BookingDraft } from '../draft/booking-draft';
import type { DraftChecker } from './use-draft-check';

let loaded: DraftChecker | null = null;
let loading: Promise<DraftChecker> | null = null;

/** Loads the booking rules (the domain's schemas, and zod with them: ~27 KB gzip) once. */
export function loadDraftChecker(): Promise<DraftChecker> {
  loading ??= import('../draft/check-draft').then((module) => (loaded = module));
  return loading;
}

/**
 * The draft checker for the booking page, loaded once there is something to check: a draft with packages
 * (one kept from before) or the first change. The page's first paint does not wait for it, and nothing
 * can be shown wrong before anyone has typed.
 */
export function useDraftChecker(draft: BookingDraft): DraftChecker | null {
  const [checker, setChecker] = useState(loaded);
  const first = useRef(draft);
  const needed = draft.packages.length > 0 || draft !== first.current;
  useEffect(() => {
    if (checker || !needed) return;
    let live = true;
    void loadDraftChecker().then((module) => live && setChecker(module));
    return () => {
      live = false;
    };
  }, [checker, needed]);
  return checker;
}
