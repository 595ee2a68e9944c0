import { canCancel, type ShipmentDto } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleHelp, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CancelShipmentDialog } from './cancel-shipment-dialog';
import { CopyButton } from '../../../components/ui/copy-button';
import { formatDate } from '../../../lib/format';
import { cancellationReasonLabel } from '../lib/reason-labels';
import { SERVICE_TYPE_NAMES } from '../lib/shipment-labels';
import { DELIVERY_TYPE_NAMES } from '../../../i18n/shipment-labels';
import { StatusBadge } from './status-badge';
import { TimelineHeadline } from './timeline-headline';
import { WaybillButton } from './waybill-button';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * The top of the detail page: number, where it stands, and what the customer can do now. The console
 * passes its own `actions` (edit, duplicate, cancel by its rules) in place of the customer's.
 */
export function ShipmentSummary({ shipment: s, actions }: { shipment: ShipmentDto; actions?: ReactNode }) {
  const { t, i18n } = useLingui();
  const [cancelOpen, setCancelOpen] = useState(false);
  const cancelled = s.status === 'Cancelled';
  // "Other (please specify)" is the form's prompt: the person's own words are the reason.
  const reasonText = cancellationReasonLabel(i18n, s.reasonForCancellation, s.cancellationNote);
  // Customers cancel until pickup (DECISIONS "Cancellation"); the server checks again.
  const mayCancel = !actions && canCancel(s.deliveryStatus, { isStaff: false, shipmentStatus: s.status }).ok;

  return (
    <Card aria-labelledby="shipment-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-1">
          <h1 id="shipment-title" className="min-w-0 text-lg font-semibold text-slate-900">
            <span className="sr-only">
              <Trans>Shipment</Trans>{' '}
            </span>
            <span className="font-mono tracking-wide break-all">{s.trackingNumber}</span>
          </h1>
          <CopyButton value={s.trackingNumber} label={t`Copy tracking number`} variant="ghost" />
        </div>
        <StatusBadge shipment={s} />
      </div>
      <TimelineHeadline shipment={s} />
      {cancelled ? (
        <div role="note" className="flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <p className="min-w-0 break-words">{reasonText ? t`Cancelled: ${reasonText}` : t`Cancelled`}</p>
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Fact label={t`Service`} value={i18n._(DELIVERY_TYPE_NAMES[s.deliveryType])} />
        <Fact label={t`Type`} value={i18n._(SERVICE_TYPE_NAMES[s.shipmentType])} />
        <Fact label={t`Booked`} value={formatDate(s.createdAt)} />
        {s.deliveredAt ? (
          <Fact label={t`Delivered`} value={formatDate(s.deliveredAt)} />
        ) : s.pickupDate && !cancelled ? (
          <Fact label={t`Pickup date`} value={formatDate(s.pickupDate)} />
        ) : null}
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        {/* A cancelled parcel must not travel: no label to stick on it. */}
        {cancelled ? null : <WaybillButton trackingNumber={s.trackingNumber} />}
        {actions}
        {mayCancel ? (
          <Button variant="secondary" className="text-red-700" onClick={() => setCancelOpen(true)}>
            <XCircle className="h-4 w-4" aria-hidden="true" />
            <Trans>Cancel shipment</Trans>
          </Button>
        ) : null}
        {/* Another feature owns /talk-to-us: a plain link, so this page does not depend on its route. */}
        {actions ? null : (
          <a href={`/talk-to-us?trackingNumber=${encodeURIComponent(s.trackingNumber)}`} className={buttonClasses('link', 'md', 'sm:ml-auto')}>
            <CircleHelp className="h-4 w-4" aria-hidden="true" />
            <Trans>Need help?</Trans>
          </a>
        )}
      </div>
      {mayCancel ? <CancelShipmentDialog shipment={s} open={cancelOpen} onOpenChange={setCancelOpen} /> : null}
    </Card>
  );
}
