import { formatMoney } from '@hatid/domain';
import { useRiderStats } from '../api/rider-shipments';

/** The rider's day at a glance (GET /shipments/rider-stats), with the cash they are holding for the hub. */
export function RiderStatsCard() {
  const stats = useRiderStats();
  if (!stats.data) return null;
  const s = stats.data;
  const cells = [
    ['Assigned today', String(s.assignedToday)],
    ['Picked up today', String(s.pickedUpToday)],
    ['Delivered today', String(s.deliveredToday)],
    ['Still to do', String(s.pending)],
    ['Cash on hand', formatMoney(s.cashOnHandInCents)],
    ['COD to collect', formatMoney(s.codToCollectInCents)],
    // A shortfall stays in view until the shipment is paid in full (issue 29, item 5).
    ...(s.cashShortInCents > 0 ? ([['Cash short', formatMoney(s.cashShortInCents)]] as const) : []),
  ] as const;
  return (
    <section aria-label="Your day" className="rounded-xl border-2 border-slate-900 bg-white p-3">
      <dl className="grid grid-cols-2 gap-3">
        {cells.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-medium text-slate-700">{label}</dt>
            <dd className="text-xl font-bold" data-testid={`stat-${label.toLowerCase().replaceAll(' ', '-')}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
