import type { ShipmentDto } from '@hatid/domain';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Input } from '../../../components/ui/input';
import { StatusBadge } from './status-badge';

/**
 * The spec's multi-select over my shipments: a search box, "(Select All)" for what the search shows,
 * and "No results found." when nothing matches.
 */
export function ShipmentMultiSelect({
  shipments,
  selected,
  onChange,
}: {
  shipments: readonly ShipmentDto[];
  selected: readonly string[];
  onChange: (trackingNumbers: string[]) => void;
}) {
  const { t } = useLingui();
  const [filter, setFilter] = useState('');
  const searchId = useId();
  const shown = useMemo(() => {
    const term = filter.trim().toLowerCase();
    if (!term) return shipments;
    return shipments.filter((s) => [s.trackingNumber, s.receiverAddress.name, s.receiverAddress.cityLabel].some((field) => field.toLowerCase().includes(term)));
  }, [shipments, filter]);
  const chosen = new Set(selected);
  const allShownChosen = shown.length > 0 && shown.every((s) => chosen.has(s.trackingNumber));

  const toggle = (trackingNumber: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(trackingNumber);
    else next.delete(trackingNumber);
    onChange(shipments.map((s) => s.trackingNumber).filter((n) => next.has(n)));
  };
  const toggleAll = (on: boolean) => {
    const next = new Set(chosen);
    for (const s of shown) {
      if (on) next.add(s.trackingNumber);
      else next.delete(s.trackingNumber);
    }
    onChange(shipments.map((s) => s.trackingNumber).filter((n) => next.has(n)));
  };

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={searchId} className="sr-only">
        <Trans>Search my shipments</Trans>
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
        <Input
          id={searchId}
          type="search"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t`Search tracking number or receiver`}
          className="pl-9"
        />
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a scrolling box of checkboxes: ARIA's group reads as a <fieldset> does, without a fieldset's own box rules */}
      <div role="group" aria-label={t`My shipments`} className="max-h-80 overflow-y-auto rounded-md border border-slate-200 bg-white">
        {shown.length === 0 ? (
          <p className="px-3 py-4 text-center text-sm text-slate-500">
            <Trans>No results found.</Trans>
          </p>
        ) : (
          <>
            <label className="flex cursor-pointer items-center gap-3 border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-medium text-slate-800">
              <input type="checkbox" className="h-4 w-4 accent-teal-700" checked={allShownChosen} onChange={(e) => toggleAll(e.target.checked)} />
              <Trans>(Select All)</Trans>
            </label>
            <ul className="divide-y divide-slate-100">
              {shown.map((s) => (
                <li key={s.id}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                    <input
                      type="checkbox"
                      className="h-4 w-4 shrink-0 accent-teal-700"
                      checked={chosen.has(s.trackingNumber)}
                      onChange={(e) => toggle(s.trackingNumber, e.target.checked)}
                    />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="font-mono font-medium break-all text-slate-900">{s.trackingNumber}</span>
                      <span className="truncate text-xs text-slate-600">
                        <Trans>
                          To {s.receiverAddress.name}, {s.receiverAddress.cityLabel}
                        </Trans>
                      </span>
                    </span>
                    <StatusBadge shipment={s} className="hidden sm:inline-flex" />
                  </label>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <p className="text-xs text-slate-600" aria-live="polite">
        <Plural value={selected.length} one="# selected" other="# selected" />
      </p>
    </div>
  );
}
