import type { RowSelectionState } from '@tanstack/react-table';
import { useEffect, useState } from 'react';

/**
 * The ticked rows of a list with bulk changes, and the rows the last bulk change refused (marked red).
 * Another page, tab or filter (`resetKey`) clears both: they belonged to rows no longer shown.
 */
export function useBulkSelection(resetKey: string) {
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies(resetKey): a new key is what clears them
  useEffect(() => {
    setSelected({});
    setRefused(new Set());
  }, [resetKey]);
  /** After a bulk change: only the refused rows stay ticked and marked, ready for another try. */
  const keepRefused = (ids: readonly string[]) => {
    setRefused(new Set(ids));
    setSelected(Object.fromEntries(ids.map((id) => [id, true as const])));
  };
  const refusedRowClass = (id: string) => (refused.has(id) ? 'bg-red-50' : undefined);
  return { selected, setSelected, keepRefused, refusedRowClass };
}
