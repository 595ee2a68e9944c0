import { DELIVERY_TYPE_LABELS } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CircleCheck, FileDown, PackageSearch } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription } from '../../../components/ui/card';
import { formatDate, formatMoney } from '../../../lib/format';
import { payerText } from '../lib/labels';
import { useBookedShipment } from '../api/get-booked-shipment';
import { CopyButton } from '../../../components/ui/copy-button';
import { HubDetails } from './service-type-field';

/** What was booked, in one line each; nothing while it loads (the tracking number is what matters). */
function BookedDetails({ trackingNumber }: { trackingNumber: string }) {
  const { i18n } = useLingui();
  const shipment = useBookedShipment(trackingNumber).data;
  if (!shipment) return <div className="min-h-16" aria-hidden="true" />;
  return (
    <dl className="grid min-h-16 w-full grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-sm" data-testid="booked-details">
      <dt className="text-slate-500">
        <Trans>Delivery</Trans>
      </dt>
      <dd className="text-slate-900">{DELIVERY_TYPE_LABELS[shipment.deliveryType]}</dd>
      {shipment.pickupDate ? (
        <>
          <dt className="text-slate-500">
            <Trans>Pickup</Trans>
          </dt>
          <dd className="text-slate-900">{formatDate(`${shipment.pickupDate}T12:00:00+08:00`)}</dd>
        </>
      ) : null}
      {shipment.shipmentType === 'Drop Off' && shipment.dropOffHub ? (
        <>
          <dt className="text-slate-500">
            <Trans>Drop off at</Trans>
          </dt>
          <dd data-testid="booked-drop-off-hub">
            <HubDetails hub={shipment.dropOffHub} />
          </dd>
        </>
      ) : null}
      <dt className="text-slate-500">
        <Trans>Total</Trans>
      </dt>
      <dd className="font-semibold text-slate-900">
        {formatMoney(shipment.totalInCents)} · {payerText(i18n, shipment)}
      </dd>
    </dl>
  );
}

/** After booking: the tracking number (copyable), the waybill to print and the package's page. */
export function BookingSuccess({ trackingNumber }: { trackingNumber: string }) {
  const { t } = useLingui();
  const encoded = encodeURIComponent(trackingNumber);
  const dropOff = useBookedShipment(trackingNumber).data?.shipmentType === 'Drop Off';
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 text-center">
      <CircleCheck className="h-12 w-12 text-teal-700" aria-hidden="true" />
      <h1 className="text-xl font-semibold text-slate-900">
        <Trans>Order placed</Trans>
      </h1>
      <CardDescription>
        {dropOff ? (
          <Trans>Bring your parcel to the hub below during its opening hours. Write the tracking number on the box or print the waybill.</Trans>
        ) : (
          <Trans>We will pick up your package on the pickup day. Write the tracking number on the box or print the waybill.</Trans>
        )}
      </CardDescription>
      <div className="flex w-full flex-col items-center gap-2 rounded-lg bg-slate-50 p-4">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          <Trans>Tracking number</Trans>
        </p>
        <div className="flex flex-wrap items-center justify-center gap-2">
          <p className="font-mono text-lg font-semibold break-all text-slate-900 sm:text-xl" data-testid="tracking-number">
            {trackingNumber}
          </p>
          <CopyButton value={trackingNumber} label={t`Copy tracking number`} />
        </div>
      </div>
      <BookedDetails trackingNumber={trackingNumber} />
      <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <a href={`/api/shipments/air-waybill/${encoded}`} className={buttonClasses('primary', 'md')} download={`waybill-${trackingNumber}.pdf`}>
          <FileDown className="h-4 w-4" aria-hidden="true" /> <Trans>Download waybill (PDF)</Trans>
        </a>
        <a href={`/packages/${encoded}`} className={buttonClasses('secondary', 'md')}>
          <PackageSearch className="h-4 w-4" aria-hidden="true" /> <Trans>Track this package</Trans>
        </a>
      </div>
      <Link to="/" className={buttonClasses('link', 'md')}>
        <Trans>Book another shipment</Trans>
      </Link>
    </Card>
  );
}
