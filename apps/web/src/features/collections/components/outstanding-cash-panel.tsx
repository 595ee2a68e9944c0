import type { CollectionSource, OutstandingCashDto } from '@hatid/domain';
import { HandCoins } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useOutstandingCash } from '../api/collections';
import { shipmentCount } from '../lib/collection-actions';

type Person = OutstandingCashDto['people'][number];

/** How many people show before "Show all": the ones owing the most come first. */
const FIRST = 6;

const owed = (p: Person) => p.pickupInCents + p.deliveryInCents;

/** The leg to hand over first: cash on delivery when there is any, otherwise cash upon pick up. */
export const firstSource = (p: Pick<Person, 'pickupInCents' | 'deliveryInCents'>): CollectionSource =>
  p.deliveryInCents > 0 || p.pickupInCents === 0 ? 'delivery' : 'pickup';

/**
 * "Outstanding cash": each rider or partner holding cash they collected and have not handed over
 * (GET /collections/outstanding), with their pick-up and delivery cash and, for whoever records
 * collections, a "Record hand-over" button that opens the add collection modal for them.
 */
export function OutstandingCashPanel({ onRecord }: { onRecord: ((person: Person) => void) | null }) {
  const { t } = useLingui();
  const outstanding = useOutstandingCash();
  const [showAll, setShowAll] = useState(false);
  const titleId = useId();
  const people = [...(outstanding.data?.people ?? [])].sort((a, b) => owed(b) - owed(a) || a.name.localeCompare(b.name));
  const total = people.reduce((sum, p) => sum + owed(p), 0);
  const shown = showAll ? people : people.slice(0, FIRST);
  const everyone = people.length;

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          <Trans>Outstanding cash</Trans>
        </h2>
        {people.length > 0 ? (
          <p className="text-sm text-slate-700">
            <Trans>
              Total <span className="font-semibold text-slate-900 tabular-nums">{formatMoney(total)}</span>
            </Trans>
          </p>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        <Trans>Cash riders and partners collected and have not handed over yet.</Trans>
      </p>
      <div className="mt-3">
        {outstanding.isPending ? (
          <Spinner label={t`Loading outstanding cash`} className="py-6" />
        ) : outstanding.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-700">
            {errorMessage(outstanding.error)}
            <Button variant="secondary" size="sm" onClick={() => void outstanding.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : people.length === 0 ? (
          <p className="rounded-lg bg-slate-50 px-3 py-4 text-sm text-slate-700">
            <Trans>Nobody holds cash: every peso collected has been handed over.</Trans>
          </p>
        ) : (
          <>
            <ul aria-label={t`Outstanding cash by person`} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((person) => (
                <li key={person.userId} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{person.name}</p>
                    <p className="text-xs text-slate-500">{shipmentCount(person.shipments)}</p>
                  </div>
                  <dl className="grid grid-cols-2 gap-2 text-sm">
                    <div>
                      <dt className="text-xs text-slate-500">
                        <Trans>Pick-up cash</Trans>
                      </dt>
                      <dd className="font-medium text-slate-900 tabular-nums">{formatMoney(person.pickupInCents)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">
                        <Trans>Delivery cash</Trans>
                      </dt>
                      <dd className="font-medium text-slate-900 tabular-nums">{formatMoney(person.deliveryInCents)}</dd>
                    </div>
                  </dl>
                  {onRecord ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="self-start"
                      aria-label={t`Record hand-over from ${person.name}`}
                      onClick={() => onRecord(person)}
                    >
                      <HandCoins className="h-4 w-4" aria-hidden="true" />
                      <Trans>Record hand-over</Trans>
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
            {people.length > FIRST ? (
              <Button variant="link" size="sm" className="mt-2" aria-expanded={showAll} onClick={() => setShowAll((was) => !was)}>
                {showAll ? t`Show fewer` : t`Show all ${everyone} people`}
              </Button>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
