import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../lib/format';
import { useRiderStats } from '../api/rider-shipments';

/** Each figure's test id (stable whatever the language: e2e reads `stat-cash-on-hand`) and its label. */
const LABELS = {
  'assigned-today': msg`Assigned today`,
  'picked-up-today': msg`Picked up today`,
  'delivered-today': msg`Delivered today`,
  'still-to-do': msg`Still to do`,
  'cash-on-hand': msg`Cash on hand`,
  'cod-to-collect': msg`COD to collect`,
  'cash-short': msg`Cash short`,
} satisfies Record<string, MessageDescriptor>;

/** The rider's day at a glance (GET /shipments/rider-stats), with the cash they are holding for the hub. */
export function RiderStatsCard() {
  const { t, i18n } = useLingui();
  const stats = useRiderStats();
  if (!stats.data) return null;
  const s = stats.data;
  const cells: [keyof typeof LABELS, string][] = [
    ['assigned-today', String(s.assignedToday)],
    ['picked-up-today', String(s.pickedUpToday)],
    ['delivered-today', String(s.deliveredToday)],
    ['still-to-do', String(s.pending)],
    ['cash-on-hand', formatMoney(s.cashOnHandInCents)],
    ['cod-to-collect', formatMoney(s.codToCollectInCents)],
    // A shortfall stays in view until the shipment is paid in full (issue 29, item 5).
    ...(s.cashShortInCents > 0 ? [['cash-short', formatMoney(s.cashShortInCents)] as [keyof typeof LABELS, string]] : []),
  ];
  return (
    <section aria-label={t`Your day`} className="rounded-xl border-2 border-slate-900 bg-white p-3">
      <dl className="grid grid-cols-2 gap-3">
        {cells.map(([key, value]) => (
          <div key={key} className="min-w-0">
            <dt className="text-sm font-medium text-slate-700">{i18n._(LABELS[key])}</dt>
            <dd className="text-xl font-bold break-words" data-testid={`stat-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
