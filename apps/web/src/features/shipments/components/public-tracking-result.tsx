import { lastStatusActivityOf, type PublicTrackingDto } from '@hatid/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '../../../lib/format';
import { DELIVERY_TYPE_NAMES } from '../../../i18n/shipment-labels';
import { ArrowRight } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { StatusBadge } from './status-badge';
import { StatusTimeline } from './status-timeline';
import { TimelineHeadline } from './timeline-headline';

/**
 * The pick-up as the tracker should read it: the day the rider took the parcel once that happened (a parcel
 * picked up today was shown its scheduled "Pickup date" of tomorrow); the planned day only while it still
 * waits at the sender; nothing for a parcel that left the sender another way (dropped off at a hub).
 */
function pickupFact(tracking: PublicTrackingDto): { label: MessageDescriptor; at: string } | null {
  const pickedUp = tracking.timeline
    .filter((entry) => entry.deliveryStatus === 'Picked up' && !entry.customStatusName)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
  if (pickedUp) return { label: msg`Picked up`, at: pickedUp.createdAt };
  const waiting = tracking.status !== 'Cancelled' && (tracking.deliveryStatus === 'Order placed' || tracking.deliveryStatus === 'For pickup');
  return waiting && tracking.pickupDate ? { label: msg`Pickup date`, at: tracking.pickupDate } : null;
}

/** What anyone with the number may see: statuses, times and cities (never names, phones or streets). */
export function PublicTrackingResult({ tracking }: { tracking: PublicTrackingDto }) {
  const { i18n, t } = useLingui();
  const entries = tracking.timeline.map((entry, index) => ({ ...entry, id: `${entry.createdAt}-${index}` }));
  const pickup = pickupFact(tracking);
  return (
    <Card aria-labelledby="tracking-result-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="tracking-result-title" className="font-mono text-base font-semibold tracking-wide break-all text-slate-900">
            {tracking.trackingNumber}
          </h2>
          <StatusBadge shipment={tracking} />
        </div>
        <TimelineHeadline shipment={tracking} lastActivity={lastStatusActivityOf(tracking.timeline)} />
      </div>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        <div className="sm:col-span-2">
          <dt className="text-slate-500">
            <Trans>Route</Trans>
          </dt>
          <dd className="flex flex-wrap items-center gap-1 font-medium text-slate-900">
            <span>
              {tracking.origin.cityLabel}, {tracking.origin.provinceName}
            </span>
            <ArrowRight className="h-4 w-4 text-slate-400" aria-hidden="true" />
            <span className="sr-only">
              <Trans>to</Trans>
            </span>
            <span>
              {tracking.destination.cityLabel}, {tracking.destination.provinceName}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">
            <Trans>Service</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{i18n._(DELIVERY_TYPE_NAMES[tracking.deliveryType])}</dd>
        </div>
        <div>
          <dt className="text-slate-500">
            <Trans>Booked</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{formatDate(tracking.createdAt)}</dd>
        </div>
        {pickup ? (
          <div>
            <dt className="text-slate-500">{i18n._(pickup.label)}</dt>
            <dd className="font-medium text-slate-900">{formatDate(pickup.at)}</dd>
          </div>
        ) : null}
        {tracking.deliveredAt ? (
          <div>
            <dt className="text-slate-500">
              <Trans>Delivered</Trans>
            </dt>
            <dd className="font-medium text-slate-900">{formatDate(tracking.deliveredAt)}</dd>
          </div>
        ) : null}
      </dl>
      <div>
        <h3 className="mb-3 text-sm font-semibold text-slate-900">
          <Trans>Tracking history</Trans>
        </h3>
        <StatusTimeline entries={entries} label={t`Tracking history`} />
      </div>
    </Card>
  );
}
