import { normalizeTrackingNumber } from '@hatid/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { SearchX } from 'lucide-react';
import { BackLink } from '../../../components/ui/back-link';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { myShipmentsQueryKey } from '../api/get-my-shipments';
import { useTrackingUpdates } from '../api/get-tracking-updates';
import { useLiveShipment } from '../api/use-live-shipment';
import { PackageLines } from '../components/package-lines';
import { PaymentSummary } from '../components/payment-summary';
import { PaymentLinkPanel } from '../components/payment-link-panel';
import { ProofImages } from '../components/proof-images';
import { ReviewCard } from '../components/review-card';
import { ShipmentParties } from '../components/shipment-parties';
import { ShipmentSummary } from '../components/shipment-summary';
import { StatusTimeline } from '../components/status-timeline';

const route = getRouteApi('/packages/$trackingNumber');

/** /packages/$trackingNumber: one of my shipments, kept current while it is open. */
export function PackageDetailPage() {
  const { t } = useLingui();
  const params = route.useParams();
  const { user } = route.useRouteContext();
  const trackingNumber = normalizeTrackingNumber(params.trackingNumber);
  // A status change or a cancellation pushed by the server also refreshes my list.
  const shipment = useLiveShipment(trackingNumber, myShipmentsQueryKey);

  const back = (
    <BackLink to="/packages">
      <Trans>My packages</Trans>
    </BackLink>
  );

  if (shipment.isPending) return <Spinner label={t`Loading shipment`} className="py-16" />;
  if (shipment.isError) {
    const notFound = isApiError(shipment.error) && shipment.error.statusCode === 404;
    return (
      <div className="flex flex-col gap-4">
        {back}
        {notFound ? (
          <Card role="alert" className="mx-auto flex max-w-md flex-col items-center gap-2 text-center">
            <SearchX className="h-8 w-8 text-slate-400" aria-hidden="true" />
            <CardTitle>
              <Trans>Shipment not found</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>There is no shipment {trackingNumber} in your account. Check the number, or track it publicly if someone else booked it.</Trans>
            </CardDescription>
            <div className="mt-3 flex flex-wrap justify-center gap-2">
              <Link to="/packages" className={buttonClasses('secondary', 'md')}>
                <Trans>My packages</Trans>
              </Link>
              <Link to="/track" search={{ trackingNumber }} className={buttonClasses('primary', 'md')}>
                <Trans>Track this number</Trans>
              </Link>
            </div>
          </Card>
        ) : (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
            {errorMessage(shipment.error)}
            <Button variant="secondary" size="sm" onClick={() => void shipment.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        )}
      </div>
    );
  }

  const s = shipment.data;
  return (
    <div className="flex flex-col gap-4">
      {back}
      <ShipmentSummary shipment={s} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-3">
          <TimelineCard trackingNumber={trackingNumber} />
          <PackageLines shipment={s} />
          <ProofImages trackingNumber={trackingNumber} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
          {s.deliveryStatus === 'Delivered' && s.status !== 'Cancelled' ? <ReviewCard userId={user.id} shipmentId={s.id} /> : null}
          <ShipmentParties shipment={s} />
          <PaymentSummary shipment={s} />
          <PaymentLinkPanel shipment={s} />
        </div>
      </div>
    </div>
  );
}

function TimelineCard({ trackingNumber }: { trackingNumber: string }) {
  const { t } = useLingui();
  const updates = useTrackingUpdates(trackingNumber);
  return (
    <Card aria-labelledby="timeline-title">
      <CardTitle id="timeline-title">
        <Trans>Tracking history</Trans>
      </CardTitle>
      <div className="mt-4">
        {updates.isPending ? (
          <Spinner label={t`Loading tracking history`} />
        ) : updates.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(updates.error)}
          </p>
        ) : (
          <StatusTimeline entries={updates.data} />
        )}
      </div>
    </Card>
  );
}
